/* test_spill.c - the spiller (core/spill.c), next-use distances
 * (core/nextuse.c) and slot sharing (core/slots.c).
 *
 * Hand cases: the IR files of testsuite/ir/alloc/spill/, whose comments
 * work out which values are spilled, where, and how many slots; the
 * expectations below are those counts and places.  Every spilled function
 * is also checked for the spiller's guarantees: pressure at most k in each
 * class (pressure.h's Maxlive), SSA form, values living through a call fit
 * the registers it preserves, and - the real proof - a trivial allocation
 * of the spilled function (spill_everywhere, plus a register for each of
 * the spiller's own instructions) passes `verify` against the input.
 * Property tests do the same for generated functions put through SSA
 * construction, with k in {4, 6, 8, all}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../../core/alloc.h"
#include "../../core/cfg.h"
#include "../../core/dom.h"
#include "../../core/ir.h"
#include "../../core/irtext.h"
#include "../../core/liveness.h"
#include "../../core/loops.h"
#include "../../core/nextuse.h"
#include "../../core/pressure.h"
#include "../../core/slots.h"
#include "../../core/spill.h"
#include "../../core/spill_everywhere.h"
#include "../../core/ssa.h"
#include "../../tools/gen.h"
#include "../../verify/verify.h"

/* ---- helpers: input ---- */

static Ins *find_uid(const Fn *fn, int uid, int *blk)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid == uid) {
				if (blk)
					*blk = b;
				return i;
			}
	return NULL;
}

static int count_kind_in(const Fn *fn, int b, int kind)
{
	int n = 0;
	for (const Ins *i = fn->blk[b]->first; i; i = i->next)
		n += i->kind == kind;
	return n;
}

static int blk_of(const Fn *fn, int id)
{
	return fn_block_by_id(fn, id);
}

/* ---- helpers: the guarantees ---- */

/* Whether fn is in SSA form: each pseudo defined at most once by an
 * operand in a register, every read in a register dominated by its
 * definition (phi sources: at the end of their predecessor). */
static bool is_ssa(Fn *fn, char *why, size_t n)
{
	Cfg *cfg = cfg_build(fn);
	DomTree *dom = dom_build(fn, cfg);
	int *defb = calloc((size_t)fn->npseudo + 1, sizeof(int));
	Ins **defi = calloc((size_t)fn->npseudo + 1, sizeof(Ins *));
	bool ok = true;
	for (int b = 0; b < fn->nblk && ok; b++)
		for (Ins *i = fn->blk[b]->first; i && ok; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO || !(o->flags & OF_DEF) ||
				    o->loc.kind == LOC_SLOT)
					continue;
				if (defi[o->reg]) {
					snprintf(why, n, "p%d defined twice", o->reg);
					ok = false;
				}
				defi[o->reg] = i;
				defb[o->reg] = b;
			}
	for (int b = 0; b < fn->nblk && ok; b++) {
		if (!cfg_reachable(cfg, b))
			continue;
		for (Ins *i = fn->blk[b]->first; i && ok; i = i->next)
			for (int k = 0; k < i->nops && ok; k++) {
				Op *o = &i->ops[k];
				int p = o->reg;
				if (o->kind != OK_PSEUDO || (o->flags & OF_DEF) ||
				    o->loc.kind == LOC_SLOT || !defi[p])
					continue; /* no definition: undefined value */
				if (i->kind == IK_PHI) {
					if (cfg_reachable(cfg, o->from) &&
					    !dom_dominates(dom, defb[p], o->from)) {
						snprintf(why, n, "b%d: phi source p%d "
							 "not dominated",
							 fn->blk[b]->id, p);
						ok = false;
					}
					continue;
				}
				if (defb[p] != b) {
					if (!dom_dominates(dom, defb[p], b)) {
						snprintf(why, n, "b%d uid %d: p%d not "
							 "dominated",
							 fn->blk[b]->id, i->uid, p);
						ok = false;
					}
					continue;
				}
				bool before = false;
				for (Ins *j = fn->blk[b]->first; j != i; j = j->next)
					before |= j == defi[p];
				if (!before) {
					snprintf(why, n, "b%d uid %d: p%d read before "
						 "its definition",
						 fn->blk[b]->id, i->uid, p);
					ok = false;
				}
			}
	}
	free(defb);
	free(defi);
	return ok;
}

static void maxlive(Fn *fn, Pressure *pr)
{
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	pressure_compute(fn, lv, pr);
}

/* Maxlive counting only the registers of o (pressure_compute_within). */
static void maxlive_within(Fn *fn, const SpillOpts *o, Pressure *pr)
{
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	pressure_compute_within(fn, lv, o->regs, pr);
}

/* Whether, at every instruction clobbering registers of class c, the
 * values of c live after it that it does not define fit the registers
 * of opts->regs[c] it preserves. */
static bool calls_ok(Fn *fn, const SpillOpts *o, char *why, size_t n)
{
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	LiveSet s;
	lset_init(&s, fn->arena, lv->nval);
	for (int b = 0; b < fn->nblk; b++) {
		if (!cfg_reachable(cfg, b))
			continue;
		live_set_out(lv, b, &s);
		for (Ins *i = fn->blk[b]->last; i; i = i->prev) {
			for (int c = 0; c < RC_NALLOC && i->clobbers; c++) {
				if (!(i->clobbers & o->regs[c]))
					continue;
				int through = 0;
				for (int k = 0; k < s.n; k++) {
					int v = s.dense[k];
					bool def = false;
					for (int q = 0; q < i->nops; q++)
						def |= (i->ops[q].flags & OF_DEF) &&
						       live_value(fn, &i->ops[q]) == v;
					if (!def)
						through += pressure_weight(fn, v, c);
				}
				int cap = regset_count(o->regs[c] & ~i->clobbers);
				if (through > cap) {
					snprintf(why, n, "uid %d: %d %s values live "
						 "through, %d registers", i->uid,
						 through, c ? "sse" : "gpr", cap);
					return false;
				}
			}
			live_step_back(fn, i, &s);
		}
	}
	return true;
}

/* The input pseudo whose value p carries. */
static int root_of(const SpillResult *r, int p)
{
	while (p < r->npseudo && r->copy_of[p] >= 0)
		p = r->copy_of[p];
	return p;
}

static Op loc_op(int p, int flags, Loc loc)
{
	return (Op){.kind = OK_PSEUDO, .flags = (uint8_t)flags, .reg = p,
		    .tie = -1, .from = -1, .loc = loc};
}

/* In a spill_everywhere allocation of a spilled function, gives each of
 * the spiller's own instructions (left without a register) the lowest
 * register of its class that holds no live precoloured value, loaded from
 * (spill) or stored to (reload, remat) the baseline's slot home[p]. */
static void locate_inserted(Fn *a, const int *home)
{
	Cfg *cfg = cfg_build(a);
	Live *lv = live_compute(a, cfg);
	LiveSet s;
	lset_init(&s, a->arena, lv->nval);
	for (int b = 0; b < a->nblk; b++) {
		Blk *bb = a->blk[b];
		live_set_out(lv, b, &s);
		for (Ins *i = bb->last, *prev; i; i = prev) {
			prev = i->prev;
			bool st = i->kind == IK_SPILL &&
				  i->ops[1].loc.kind == LOC_NONE;
			bool ld = (i->kind == IK_RELOAD || i->kind == IK_REMAT) &&
				  i->ops[0].loc.kind == LOC_NONE;
			if (st || ld) {
				int p = st ? i->ops[1].reg : i->ops[0].reg;
				RegSet busy = 0;
				for (int k = 0; k < s.n; k++)
					if (s.dense[k] >= a->npseudo)
						busy |= RS_BIT(s.dense[k] - a->npseudo);
				Loc rl = {LOC_REG,
					  regset_first(target_allocatable(
							       a->target, a->pseudo[p].cls,
							       a->frame_pointer) &
						       ~busy)};
				Loc hl = {LOC_SLOT, home[p]};
				Ins *x = ins_new(a, st ? IK_RELOAD : IK_SPILL, 2);
				x->ops[0] = loc_op(p, OF_DEF, st ? rl : hl);
				x->ops[1] = loc_op(p, OF_USE, st ? hl : rl);
				if (st) {
					i->ops[1].loc = rl;
					ins_insert_before(bb, i, x);
				} else {
					i->ops[0].loc = rl;
					ins_insert_after(bb, i, x);
				}
			}
			live_step_back(a, i, &s);
		}
	}
}

/* Allocates the spilled function trivially and verifies it against orig
 * (the spiller's input), names mapped back through copy_of.  1: verified;
 * 0: not (msg says why); -1: the baseline refuses the function. */
static int verify_spilled(const Fn *orig, const Fn *spilled,
			  const SpillResult *r, char *msg, size_t n)
{
	char err[256];
	Fn *a = spill_everywhere(spilled, err, sizeof err);
	if (!a) {
		snprintf(msg, n, "baseline: %s", err);
		return -1;
	}
	/* spill_everywhere numbers its slots after the existing ones, one
	 * per declared pseudo in order */
	int *home = calloc((size_t)spilled->npseudo + 1, sizeof(int));
	for (int p = 0, s = spilled->nslot; p < spilled->npseudo; p++)
		if (spilled->pseudo[p].cls >= 0)
			home[p] = s++;
	locate_inserted(a, home);
	for (int b = 0; b < a->nblk; b++)
		for (Ins *i = a->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].kind == OK_PSEUDO)
					i->ops[k].reg = root_of(r, i->ops[k].reg);
	VerifyResult vr;
	verify_fn(orig, a, &vr);
	int ok = vr.verdict == VERDICT_VERIFIED;
	if (vr.verdict == VERDICT_UNVERIFIED)
		snprintf(msg, n, "unverified: %s", vr.reason);
	else if (!ok)
		snprintf(msg, n, "%d violations, first: %s", vr.nviol,
			 vr.viol[0].text);
	verify_result_free(&vr);
	free(home);
	fn_free(a);
	return ok;
}

/* Checks every guarantee of a spilled function (see the top). */
static void check_guarantees(const Fn *orig, Fn *fn, const SpillOpts *o,
			     const SpillResult *r, const char *what)
{
	Pressure pr;
	maxlive_within(fn, o, &pr);
	for (int c = 0; c < RC_NALLOC; c++)
		t_check(pr.maxlive[c] <= regset_count(o->regs[c]), __FILE__,
			__LINE__, "%s: maxlive %s %d > k %d", what,
			c ? "sse" : "gpr", pr.maxlive[c],
			regset_count(o->regs[c]));
	char why[256] = "";
	t_check(is_ssa(fn, why, sizeof why), __FILE__, __LINE__,
		"%s: not SSA: %s", what, why);
	t_check(calls_ok(fn, o, why, sizeof why), __FILE__, __LINE__, "%s: %s",
		what, why);
	char msg[1024] = "";
	int v = verify_spilled(orig, fn, r, msg, sizeof msg);
	t_check(v == 1, __FILE__, __LINE__, "%s: %s", what, msg);
}

/* Spills a copy of orig with the first nregs registers of each class
 * (all when nregs <= 0), checks the guarantees; NULL (failed check) if
 * the spiller refuses. */
static Fn *spill_copy(const Fn *orig, int nregs, SpillOpts *o,
		      SpillResult *r)
{
	Fn *fn = fn_copy(orig);
	spill_opts_init(o, fn, nregs);
	char err[256] = "";
	if (!t_check(spill_fn(fn, o, r, err, sizeof err), __FILE__, __LINE__,
		     "%s: %s", orig->name, err)) {
		fn_free(fn);
		return NULL;
	}
	check_guarantees(orig, fn, o, r, orig->name);
	return fn;
}

/* The instruction before i, which must be a spill or reload of value v
 * (by copy_of), or NULL. */
static bool is_transfer_of(const Ins *i, int kind, int v, const SpillResult *r)
{
	if (!i || i->kind != kind)
		return false;
	const Op *o = kind == IK_SPILL ? &i->ops[1] : &i->ops[0];
	return root_of(r, o->reg) == v;
}

/* ---- next-use distances ---- */

/* A counting loop: header b3 (len 2), body b4 (len 1), exit b5 (len 2).
 * p1 is read only after the loop (b5, time 0).  By hand, with M = the
 * loop-exit penalty:
 *   in(b5, p1) = 0; out(b3, p1) = min(in(b4, p1), in(b5, p1) + M);
 *   in(b3, p1) = 2 + out(b3, p1); in(b4, p1) = 1 + in(b3, p1): the least
 *   fixed point is out(b3, p1) = M, in(b3, p1) = M + 2, in(b4, p1) =
 *   M + 3, out(b4, p1) = M + 2, out(b2, p1) = M + 2.
 *   p3 (the phi) is read in b4 at time 0: out(b3, p3) = 0.  p2 and p4
 *   are phi sources: out(b2, p2) = out(b4, p4) = 0. */
static const char NU_LOOP[] =
	"func nuloop\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"b2: -> b3\n"
	"  1: ord \"d\" =p1\n"
	"  2: ord \"d\" =p2\n"
	"b3: -> b4 b5\n"
	"  3: phi =p3, p2 from b2, p4 from b4\n"
	"  4: ord \"cmp\" =%flags, p3, $0\n"
	"  5: branch \"jcc\" %flags\n"
	"b4: -> b3\n"
	"  6: ord \"inc\" =p4, p3\n"
	"b5:\n"
	"  7: ord \"u\" p1\n"
	"  8: ret\n"
	"end\n";

static void case_nextuse_loop(void)
{
	Fn *fn = t_parse_fn(NU_LOOP);
	if (!fn)
		return;
	Cfg *cfg = cfg_build(fn);
	DomTree *dom = dom_build(fn, cfg);
	Loops *lp = loops_find(fn, cfg, dom);
	Live *lv = live_compute(fn, cfg);
	NextUse *nu = nextuse_compute(fn, cfg, lv, lp, fn->arena);
	const NuDist M = NU_LOOP_EXIT;
	int b2 = blk_of(fn, 2), b3 = blk_of(fn, 3), b4 = blk_of(fn, 4),
	    b5 = blk_of(fn, 5);
	CHECK_INT(nu->len[b3], 2);
	CHECK_INT(nu->len[b4], 1);
	CHECK_INT(nextuse_in(nu, b5, 1), 0);
	CHECK_INT(nextuse_out(nu, b3, 1), M);
	CHECK_INT(nextuse_in(nu, b3, 1), M + 2);
	CHECK_INT(nextuse_in(nu, b4, 1), M + 3);
	CHECK_INT(nextuse_out(nu, b4, 1), M + 2);
	CHECK_INT(nextuse_out(nu, b2, 1), M + 2);
	CHECK_INT(nextuse_out(nu, b3, 3), 0);
	CHECK_INT(nextuse_in(nu, b4, 3), 0);
	CHECK_INT(nextuse_out(nu, b2, 2), 0);
	CHECK_INT(nextuse_out(nu, b4, 4), 0);
	CHECK_INT(nextuse_in(nu, b3, 3), NU_INF); /* a phi def: not live in */
	CHECK(nu->sweeps >= 2);
	/* The scan of b3: uid 4's operands are =%flags, p3, $0: p3 is not
	 * read again in b3, live out: len + out = 2 + 0.  Seen from the
	 * entry, p3 is first read at time 0 and p1 at 2 + M. */
	NuScan sc;
	nuscan_init(&sc, fn, fn->arena);
	NuDist nxt[8];
	CHECK_INT(nu_block_nops(fn->blk[b3]), 4);
	nuscan_block(fn, nu, b3, &sc, nxt);
	CHECK_INT(nxt[1], 2);
	CHECK_INT(nxt[2], NU_INF);
	CHECK_INT(nuscan_time(&sc, 3), 0);
	CHECK_INT(nuscan_time(&sc, 1), M + 2);
	fn_free(fn);
}

/* Straight line: the scan gives each read the time of the next read of
 * the same value; a definition ends the search. */
static void case_nextuse_scan(void)
{
	Fn *fn = t_parse_fn("func s\n"
			    "  pseudo p1 gpr 8\n"
			    "  pseudo p2 gpr 8\n"
			    "b2:\n"
			    "  1: ord \"d\" =p1\n"
			    "  2: ord \"u\" =p2, p1\n"
			    "  3: ord \"u\" p2, p1\n"
			    "  4: ord \"u\" p2\n"
			    "  5: ret\n"
			    "end\n");
	if (!fn)
		return;
	Cfg *cfg = cfg_build(fn);
	DomTree *dom = dom_build(fn, cfg);
	NextUse *nu = nextuse_compute(fn, cfg, live_compute(fn, cfg),
				      loops_find(fn, cfg, dom), fn->arena);
	NuScan sc;
	nuscan_init(&sc, fn, fn->arena);
	NuDist nxt[8];
	nuscan_block(fn, nu, 0, &sc, nxt);
	/* operands: [0] =p1 (uid 1), [1] =p2 [2] p1 (uid 2), [3] p2 [4] p1
	 * (uid 3), [5] p2 (uid 4) */
	CHECK_INT(nxt[0], 1);      /* p1 defined at 0, read at 1 */
	CHECK_INT(nxt[1], 2);      /* p2 defined at 1, read at 2 */
	CHECK_INT(nxt[2], 2);      /* p1 read at 1, next at 2 */
	CHECK_INT(nxt[3], 3);      /* p2 read at 2, next at 3 */
	CHECK_INT(nxt[4], NU_INF); /* p1's last read */
	CHECK_INT(nxt[5], NU_INF);
	fn_free(fn);
}

/* ---- slots ---- */

/* Virtual slots s0, s1 (declared for the parser: slots_assign adds the
 * real slots after them). */
static void case_slots_disjoint(void)
{
	/* s0 holds p1 from uid 1 to uid 3; s1 holds p2 from uid 4 to uid 6:
	 * no point where both are live: one slot. */
	Fn *fn = t_parse_fn("func d\n"
			    "  pseudo p1 gpr 8\n"
			    "  pseudo p2 gpr 8\n"
			    "  pseudo p3 gpr 8\n"
			    "  pseudo p4 gpr 8\n"
			    "  slot s0 8\n"
			    "  slot s1 8\n"
			    "b2:\n"
			    "  1: ord \"d\" =p1\n"
			    "  spill =p1 @s0, p1\n"
			    "  reload =p3, p1 @s0\n"
			    "  2: ord \"d\" =p2\n"
			    "  spill =p2 @s1, p2\n"
			    "  reload =p4, p2 @s1\n"
			    "  3: ret\n"
			    "end\n");
	if (!fn)
		return;
	Cfg *cfg = cfg_build(fn);
	DomTree *dom = dom_build(fn, cfg);
	int vsize[2] = {8, 8};
	SlotAssign sa;
	slots_assign(fn, cfg, dom, 2, vsize, &sa);
	CHECK_INT(sa.nslot, 1);
	CHECK_INT(sa.bytes, 8);
	CHECK_INT(sa.slot_of[0], 2);
	CHECK_INT(sa.slot_of[1], 2);
	CHECK_INT(find_uid(fn, 1, NULL)->next->ops[0].loc.num, 2);
	fn_free(fn);
}

/* s1 is written (uid 2's spill) while s0 is live (read after it): two
 * slots; sizes 8 and 16 stay apart, the largest gives the slot size. */
static void case_slots_overlap(void)
{
	Fn *fn = t_parse_fn("func o\n"
			    "  pseudo p1 gpr 8\n"
			    "  pseudo p2 sse 16\n"
			    "  pseudo p3 gpr 8\n"
			    "  pseudo p4 sse 16\n"
			    "  slot s0 8\n"
			    "  slot s1 16\n"
			    "b2:\n"
			    "  1: ord \"d\" =p1\n"
			    "  spill =p1 @s0, p1\n"
			    "  2: ord \"d\" =p2\n"
			    "  spill =p2 @s1, p2\n"
			    "  reload =p3, p1 @s0\n"
			    "  reload =p4, p2 @s1\n"
			    "  3: ret\n"
			    "end\n");
	if (!fn)
		return;
	Cfg *cfg = cfg_build(fn);
	DomTree *dom = dom_build(fn, cfg);
	int vsize[2] = {8, 16};
	SlotAssign sa;
	slots_assign(fn, cfg, dom, 2, vsize, &sa);
	CHECK_INT(sa.nslot, 2);
	CHECK_INT(sa.bytes, 24);
	CHECK(sa.slot_of[0] != sa.slot_of[1]);
	CHECK(sa.nedge >= 1);
	fn_free(fn);
}

/* A memory phi reads its sources' slot at the ends of the predecessors
 * and writes at its block's entry: s0 (the phi's) is live from b3's and
 * b4's spills to b5's reload; s1, written in b5 before that reload, must
 * not share it; s2, written after the reload, may. */
static void case_slots_phi(void)
{
	Fn *fn = t_parse_fn("func m\n"
			    "  pseudo p1 gpr 8\n"
			    "  pseudo p2 gpr 8\n"
			    "  pseudo p3 gpr 8\n"
			    "  pseudo p4 gpr 8\n"
			    "  pseudo p5 gpr 8\n"
			    "  pseudo p6 gpr 8\n"
			    "  pseudo p7 gpr 8\n"
			    "  slot s0 8\n"
			    "  slot s1 8\n"
			    "  slot s2 8\n"
			    "b2: -> b3 b4\n"
			    "  1: ord \"d\" =p1\n"
			    "  2: branch \"jcc\" p1\n"
			    "b3: -> b5\n"
			    "  3: ord \"d\" =p2\n"
			    "  spill =p2 @s0, p2\n"
			    "b4: -> b5\n"
			    "  4: ord \"d\" =p3\n"
			    "  spill =p3 @s0, p3\n"
			    "b5:\n"
			    "  5: phi =p4 @s0, p2 from b3 @s0, p3 from b4 @s0\n"
			    "  6: ord \"d\" =p5\n"
			    "  spill =p5 @s1, p5\n"
			    "  reload =p6, p4 @s0\n"
			    "  spill =p6 @s2, p6\n"
			    "  reload =p7, p5 @s1\n"
			    "  reload =p7, p6 @s2\n"
			    "  7: ret\n"
			    "end\n");
	if (!fn)
		return;
	Cfg *cfg = cfg_build(fn);
	DomTree *dom = dom_build(fn, cfg);
	int vsize[3] = {8, 8, 8};
	SlotAssign sa;
	slots_assign(fn, cfg, dom, 3, vsize, &sa);
	CHECK(sa.slot_of[0] != sa.slot_of[1]);
	CHECK(sa.slot_of[1] != sa.slot_of[2]);
	CHECK_INT(sa.slot_of[2], sa.slot_of[0]);
	CHECK_INT(sa.nslot, 2);
	Ins *phi = find_uid(fn, 5, NULL);
	CHECK_INT(phi->ops[0].loc.num, sa.slot_of[0]);
	CHECK_INT(phi->ops[2].loc.num, sa.slot_of[0]);
	fn_free(fn);
}

/* ---- the spiller on hand cases ---- */

static void case_opts(void)
{
	Fn *fn = fn_new("o", target_x86_64());
	SpillOpts o;
	spill_opts_init(&o, fn, 4);
	CHECK(o.regs[RC_GPR] == (RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_CX) |
				 RS_BIT(R_BX)));
	CHECK(o.regs[RC_SSE] == (RS_BIT(R_XMM0) | RS_BIT(R_XMM1) |
				 RS_BIT(R_XMM2) | RS_BIT(R_XMM3)));
	spill_opts_init(&o, fn, 8);
	CHECK(RS_HAS(o.regs[RC_GPR], R_BP) && RS_HAS(o.regs[RC_GPR], R_R8));
	fn->frame_pointer = true;
	spill_opts_init(&o, fn, 8);
	CHECK(!RS_HAS(o.regs[RC_GPR], R_BP) && RS_HAS(o.regs[RC_GPR], R_R9));
	spill_opts_init(&o, fn, 0);
	CHECK_INT(regset_count(o.regs[RC_GPR]), 14);
	CHECK_INT(regset_count(o.regs[RC_SSE]), 16);
	fn_free(fn);
}

/* belady.ir, k = 2: p1 (farthest next use) is spilled after uid 1 and
 * reloaded before uid 5; nothing else. */
static void case_belady(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/belady.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.slots, 1);
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		Ins *u5 = find_uid(fn, 5, NULL);
		CHECK(is_transfer_of(u5->prev, IK_RELOAD, 1, &r));
		CHECK(u5->ops[0].reg != 1 && root_of(&r, u5->ops[0].reg) == 1);
		CHECK_INT(r.copy_of[u5->ops[0].reg], 1);
		CHECK_INT(r.slot_of[1], r.slot_of[u5->ops[0].reg]);
		CHECK_INT(r.slot_of[2], -1);
		CHECK_INT(r.copy_of[1], -1);
		/* unweighted: no frequencies, so each counts 1 */
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 1.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* invariant.ir, k = 2: p1 spilled in b2, reloaded in b5 only. */
static void case_invariant(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/invariant.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 8, NULL)->prev, IK_RELOAD, 1, &r));
		for (int id = 3; id <= 4; id++) {
			int b = blk_of(fn, id);
			CHECK_INT(count_kind_in(fn, b, IK_SPILL) +
					  count_kind_in(fn, b, IK_RELOAD),
				  0);
		}
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 1.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* hot_loop.ir, k = 3: p2 spilled after uid 2 (outside the loop), one
 * reload in the loop on the split back edge, one after it, one phi. */
static void case_hot_loop(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/hot_loop.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 3, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 2);
		CHECK_INT(r.stats.splits, 1);
		CHECK_INT(r.stats.newphis, 1);
		CHECK(is_transfer_of(find_uid(fn, 2, NULL)->next, IK_SPILL, 2, &r));
		CHECK(is_transfer_of(find_uid(fn, 9, NULL)->prev, IK_RELOAD, 2, &r));
		int nb = blk_of(fn, 5); /* the split back edge */
		if (CHECK(nb >= 0)) {
			CHECK_INT(fn->blk[nb]->freq, 900);
			CHECK_INT(count_kind_in(fn, nb, IK_RELOAD), 1);
			CHECK_INT(fn->blk[nb]->succ[0].blk, blk_of(fn, 3));
		}
		CHECK_INT(count_kind_in(fn, blk_of(fn, 3), IK_SPILL) +
				  count_kind_in(fn, blk_of(fn, 3), IK_RELOAD),
			  0);
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 10.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* testsuite/ir/alloc/spill/NAME.ir spilled at k registers per class
 * and checked (spill_copy): the spilled copy, or NULL; *orig is the
 * loaded original (NULL if it did not load), the caller frees both. */
static Fn *spill_file(const char *name, int k, Fn **orig, SpillResult *r)
{
	char path[256];
	snprintf(path, sizeof path, "testsuite/ir/alloc/spill/%s.ir", name);
	*orig = t_load_fn(path);
	if (!*orig)
		return NULL;
	SpillOpts o;
	return spill_copy(*orig, k, &o, r);
}

/* merge_hot.ir, k = 3: p1 stays out of b5's entry set (the edge that
 * lacks it costs 90, the one that has it 10): spilled after uid 1,
 * reloaded only before its read in b6, nothing at the end of b3. */
static void case_merge_hot(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("merge_hot", 3, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 11, NULL)->prev, IK_RELOAD, 1,
				     &r));
		CHECK_INT(count_kind_in(fn, blk_of(fn, 3), IK_RELOAD), 0);
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 0.05);
		fn_free(fn);
	}
	fn_free(orig);
}

/* merge_phi.ir, k = 3: the phi p6 at b5 stays out of its entry set (a
 * memory phi: the edge lacking its source in registers costs 90, the
 * one having it 10): p1 spilled where b3's path needs it in memory
 * (the start of b3), p5 after uid 8, p6 reloaded only before its read
 * in b6, nothing at the end of b3. */
static void case_merge_phi(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("merge_phi", 3, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 2);
		CHECK_INT(r.stats.reloads, 1);
		CHECK(is_transfer_of(find_uid(fn, 5, NULL)->prev, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 8, NULL)->next, IK_SPILL, 5, &r));
		CHECK(is_transfer_of(find_uid(fn, 12, NULL)->prev, IK_RELOAD, 6,
				     &r));
		CHECK_INT(count_kind_in(fn, blk_of(fn, 3), IK_RELOAD), 0);
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 0.05);
		fn_free(fn);
	}
	fn_free(orig);
}

/* loop_call.ir, k = 4: the call in the loop leaves one register to the
 * three values living through it, so p1 and p2 (unread in the loop)
 * stay out of the header's entry set: spilled after uids 1 and 2,
 * reloaded before uid 12, nothing in the loop. */
static void case_loop_call(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("loop_call", 4, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 2);
		CHECK_INT(r.stats.reloads, 2);
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 2, NULL)->next, IK_SPILL, 2, &r));
		for (int b = 3; b <= 6; b++)
			CHECK_INT(count_kind_in(fn, blk_of(fn, b), IK_RELOAD), 0);
		CHECK(r.stats.w_spills == 2.0 && r.stats.w_reloads == 2.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* back_reload.ir, k = 4: v (p1), evicted in the loop on every path back
 * to the header, stays out of the header's entry set: reloaded before
 * its read (uid 6) and after the loop (uid 15), nothing on the back
 * edge; weighted reloads 91.0 (100.0 with the reload on the back edge). */
static void case_back_reload(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("back_reload", 4, &orig, &r);
	if (fn) {
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 6, NULL)->prev, IK_RELOAD, 1,
				     &r));
		CHECK(is_transfer_of(find_uid(fn, 15, NULL)->prev, IK_RELOAD, 1,
				     &r));
		CHECK_INT(r.stats.reloads, 2);
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 91.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* back_reload_phi.ir, k = 4: the header's phi p4, whose source the
 * latch does not have in a register, is a memory phi: p4 reloaded
 * before uid 7, nothing on the back edge; weighted spills 181.0 and
 * reloads 180.0 (280.0 and 189.0 with p4 in a register). */
static void case_back_reload_phi(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("back_reload_phi", 4, &orig, &r);
	if (fn) {
		CHECK(find_uid(fn, 4, NULL)->ops[0].loc.kind == LOC_SLOT);
		CHECK(is_transfer_of(find_uid(fn, 7, NULL)->prev, IK_RELOAD, 4,
				     &r));
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK_INT(r.stats.spills, 3);
		CHECK_INT(r.stats.reloads, 2);
		CHECK(r.stats.w_spills == 181.0 && r.stats.w_reloads == 180.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* The whole allocator on testsuite/ir/alloc/spill/NAME.ir (loaded into
 * *orig, freed by the caller) with k registers of class cls: the
 * verified allocation (NULL on a failure, reported), its counts in st. */
static Fn *alloc_spill_file(const char *name, int cls, int k, Fn **orig,
			    AllocStats *st)
{
	char path[256];
	snprintf(path, sizeof path, "testsuite/ir/alloc/spill/%s.ir", name);
	*orig = t_load_fn(path);
	if (!*orig)
		return NULL;
	AllocOpts o = {0};
	o.nregs[cls] = k;
	return t_alloc_opts_verified(*orig, &o, st);
}

/* comm_fold.ir, 2 SSE registers (the whole allocator): the reload of
 * a into the commutative pair's tied read goes, the pair exchanged:
 * 1 spill, 0 reloads, 1 slot read, uid 6 reading x tied and a from
 * a slot; verified. */
static void case_comm_fold(void)
{
	Fn *orig;
	AllocStats st;
	Fn *fn = alloc_spill_file("comm_fold", RC_SSE, 2, &orig, &st);
	if (fn) {
		CHECK_INT(st.spills.n, 1);
		CHECK_INT(st.reloads.n, 0);
		CHECK_INT(st.slot_reads.n, 1);
		const Ins *i = find_uid(fn, 6, NULL);
		CHECK(i->ops[1].reg == 4 && i->ops[1].loc.kind == LOC_REG);
		CHECK(i->ops[2].reg == 1 && i->ops[2].loc.kind == LOC_SLOT);
		fn_free(fn);
	}
	fn_free(orig);
}

/* memalt_fold.ir, 2 general registers (the whole allocator): a, spilled
 * after uid 1, is read at uid 5 from its slot by the operand another
 * alternative takes from memory: 1 spill, 0 reloads, 1 slot read;
 * verified.  Without `memalt` the same function needs the reload. */
static void case_memalt_fold(void)
{
	Fn *orig;
	AllocStats st;
	Fn *fn = alloc_spill_file("memalt_fold", RC_GPR, 2, &orig, &st);
	if (fn) {
		CHECK_INT(st.spills.n, 1);
		CHECK_INT(st.reloads.n, 0);
		CHECK_INT(st.slot_reads.n, 1);
		const Ins *i = find_uid(fn, 5, NULL);
		CHECK(i->ops[2].reg == 1 && i->ops[2].loc.kind == LOC_SLOT);
		CHECK(i->ops[0].loc.kind == LOC_REG &&
		      i->ops[1].loc.kind == LOC_REG);
		fn_free(fn);
	}
	if (!orig)
		return;
	for (Blk **b = orig->blk; b < orig->blk + orig->nblk; b++)
		for (Ins *i = (*b)->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				i->ops[k].flags &= (uint8_t)~OF_MEMALT;
	AllocOpts o = {0};
	o.nregs[RC_GPR] = 2;
	fn = t_alloc_opts_verified(orig, &o, &st);
	if (fn) {
		CHECK_INT(st.reloads.n, 1);
		CHECK_INT(st.slot_reads.n, 0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* memread_loop.ir, 3 general registers (the whole allocator): a, read
 * in the loop only by a `memalt` operand, goes to memory before the
 * loop (spilled after uid 1, weight 1) and uid 5 reads its slot
 * (weight 100); c stays in its register: no reload; verified. */
static void case_memread_loop(void)
{
	Fn *orig;
	AllocStats st;
	Fn *fn = alloc_spill_file("memread_loop", RC_GPR, 3, &orig, &st);
	if (fn) {
		CHECK_INT(st.spills.n, 1);
		CHECK(st.spills.w == 1);
		CHECK_INT(st.reloads.n, 0);
		CHECK_INT(st.slot_reads.n, 1);
		CHECK(st.slot_reads.w == 100);
		const Ins *s1 = find_uid(fn, 1, NULL)->next;
		CHECK(s1->kind == IK_SPILL && s1->ops[1].reg == 1);
		CHECK(find_uid(fn, 5, NULL)->ops[2].loc.kind == LOC_SLOT);
		fn_free(fn);
	}
	fn_free(orig);
}

/* slot_arg.ir, k = 4: v, evicted by the call, read in the header only
 * by an argument copy that may read its slot: out of the header's entry
 * set, the copy reads the slot; one reload, after the loop. */
static void case_slot_arg(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("slot_arg", 4, &orig, &r);
	if (fn) {
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 11, NULL)->prev, IK_RELOAD, 1,
				     &r));
		CHECK(find_uid(fn, 4, NULL)->ops[1].loc.kind == LOC_SLOT);
		CHECK_INT(r.stats.reloads, 1);
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 1.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* carried.ir, k = 3: r, only carried around the loop by its phis,
 * is not read in it: a memory phi; nothing spilled or reloaded in the
 * loop's hot blocks b3 and b5; p3 spilled after uid 3, p8 reloaded
 * before uid 15. */
static void case_carried(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("carried", 3, &orig, &r);
	if (fn) {
		CHECK(is_transfer_of(find_uid(fn, 3, NULL)->next, IK_SPILL, 3, &r));
		CHECK(is_transfer_of(find_uid(fn, 15, NULL)->prev, IK_RELOAD, 8,
				     &r));
		for (int b = 3; b <= 5; b += 2)
			CHECK_INT(count_kind_in(fn, blk_of(fn, b), IK_RELOAD) +
					  count_kind_in(fn, blk_of(fn, b), IK_SPILL),
				  0);
		CHECK(r.stats.w_spills == 21.0 && r.stats.w_reloads == 11.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* unread_forward.ir, k = 2: the edge b4 -> b5's reload of p1 reaches
 * b6 unread and goes with its phi; the reload before uid 11 remains. */
static void case_unread_forward(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("unread_forward", 2, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.unread, 1);
		CHECK_INT(r.stats.newphis, 0);
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 11, NULL)->prev, IK_RELOAD, 1,
				     &r));
		CHECK_INT(count_kind_in(fn, blk_of(fn, 5), IK_PHI), 0);
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 1.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* unread_reload.ir, k = 2: p1, evicted in the loop, is banned from the
 * header's entry set: no reload on the back edge (none unread either);
 * reloads before uids 7 and 12. */
static void case_unread_reload(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("unread_reload", 2, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 2);
		CHECK_INT(r.stats.unread, 0);
		CHECK_INT(r.stats.newphis, 0);
		CHECK(is_transfer_of(find_uid(fn, 7, NULL)->prev, IK_RELOAD, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 12, NULL)->prev, IK_RELOAD, 1,
				     &r));
		CHECK_INT(count_kind_in(fn, blk_of(fn, 3), IK_PHI), 1);
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 11.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* dead_spill.ir, k = 2: the store on the edge b4 -> b5 is never read
 * (p1 dies in b5): dropped; the one spill is in b3, not after uid 1. */
static void case_dead_spill(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("dead_spill", 2, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.deadspills, 1);
		CHECK_INT(count_kind_in(fn, blk_of(fn, 3), IK_SPILL), 1);
		CHECK(is_transfer_of(find_uid(fn, 8, NULL)->prev, IK_RELOAD, 1, &r));
		CHECK(r.stats.w_spills == 0.1 && r.stats.w_reloads == 0.1);
		fn_free(fn);
	}
	fn_free(orig);
}

/* rmw_acc.ir, k = 2: the sum's update (uid 7) works on the memory
 * phi's slot: no spill or reload in the loop b3, both operands of the
 * tie in one slot; p1 stored in b2, p6 reloaded before uid 10. */
static void case_rmw_acc(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("rmw_acc", 2, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.rmw, 1);
		int b3 = blk_of(fn, 3);
		CHECK_INT(count_kind_in(fn, b3, IK_SPILL) +
				  count_kind_in(fn, b3, IK_RELOAD),
			  0);
		const Ins *i = find_uid(fn, 7, NULL);
		if (CHECK(i != NULL)) {
			CHECK_INT(i->ops[0].loc.kind, LOC_SLOT);
			CHECK_INT(i->ops[1].loc.kind, LOC_SLOT);
			CHECK_INT(i->ops[0].loc.num, i->ops[1].loc.num);
			CHECK_INT(i->ops[2].loc.kind, LOC_NONE);
		}
		CHECK(is_transfer_of(find_uid(fn, 10, NULL)->prev, IK_RELOAD, 6,
				     &r));
		CHECK(r.stats.w_spills == 1.0 && r.stats.w_reloads == 1.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* copy_load.ir, k = 2: the copy into di reads p1's slot; no reload. */
static void case_copy_load(void)
{
	Fn *orig;
	SpillResult r;
	Fn *fn = spill_file("copy_load", 2, &orig, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 0);
		CHECK_INT(r.stats.folded, 1);
		const Ins *i = find_uid(fn, 5, NULL);
		if (CHECK(i != NULL)) {
			CHECK_INT(i->ops[1].loc.kind, LOC_SLOT);
			CHECK_INT(i->ops[1].reg, 1);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* hoist.ir, k = 2: the reload of p1 at the end of b2, none in b3. */
static void case_hoist(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/hoist.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK(is_transfer_of(fn->blk[blk_of(fn, 2)]->last, IK_RELOAD, 1,
				     &r));
		CHECK_INT(count_kind_in(fn, blk_of(fn, 3), IK_RELOAD), 0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* call.ir: with 4 registers per class p2 and p3 are spilled around the
 * call (after their definitions), reloaded before uid 7; 2 slots.  With
 * all registers only p3 (SSE). */
static void case_call(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/call.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 4, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 2);
		CHECK_INT(r.stats.reloads, 2);
		CHECK_INT(r.stats.slots, 2);
		CHECK_INT(r.stats.bytes, 16);
		CHECK(is_transfer_of(find_uid(fn, 2, NULL)->next, IK_SPILL, 2, &r));
		CHECK(is_transfer_of(find_uid(fn, 3, NULL)->next, IK_SPILL, 3, &r));
		CHECK_INT(r.slot_of[1], -1);
		fn_free(fn);
	}
	fn = spill_copy(orig, 0, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK(is_transfer_of(find_uid(fn, 3, NULL)->next, IK_SPILL, 3, &r));
		fn_free(fn);
	}
	fn_free(orig);
}

/* remat.ir, k = 2: two remats of $7 (before uids 5 and 9), nothing
 * stored. */
static void case_remat(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/remat.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.remats, 2);
		CHECK_INT(r.stats.spills, 0);
		CHECK_INT(r.stats.reloads, 0);
		CHECK_INT(r.stats.slots, 0);
		for (int uid = 5; uid <= 9; uid += 4) {
			Ins *m = find_uid(fn, uid, NULL)->prev;
			if (CHECK(is_transfer_of(m, IK_REMAT, 1, &r))) {
				CHECK_INT(m->nops, 2);
				CHECK(m->ops[1].kind == OK_IMM && m->ops[1].imm == 7);
				CHECK(m->clobbers == 0);
			}
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* The phi's operands all in one slot. */
static void check_memphi(const Fn *fn, int uid)
{
	Ins *phi = find_uid(fn, uid, NULL);
	if (!CHECK(phi != NULL))
		return;
	for (int k = 0; k < phi->nops; k++) {
		CHECK_INT(phi->ops[k].loc.kind, LOC_SLOT);
		CHECK_INT(phi->ops[k].loc.num, phi->ops[0].loc.num);
	}
}

/* memphi.ir, k = 2: phi uid 6 in memory with its sources, one slot. */
static void case_memphi(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/memphi.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 2);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.slots, 1);
		CHECK_INT(r.stats.memphis, 1);
		check_memphi(fn, 6);
		CHECK(is_transfer_of(find_uid(fn, 4, NULL)->next, IK_SPILL, 2, &r));
		CHECK(is_transfer_of(find_uid(fn, 5, NULL)->next, IK_SPILL, 3, &r));
		CHECK(is_transfer_of(find_uid(fn, 10, NULL)->prev, IK_RELOAD, 4, &r));
		CHECK_INT(r.slot_of[2], r.slot_of[4]);
		CHECK_INT(r.slot_of[3], r.slot_of[4]);
		fn_free(fn);
	}
	fn_free(orig);
}

/* loop_memphi.ir, k = 2: the header phi uid 3 in memory; p1 and p3
 * spilled after their definitions, p2 reloaded in b3; one slot. */
static void case_loop_memphi(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/loop_memphi.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 2);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.slots, 1);
		CHECK_INT(r.stats.memphis, 1);
		CHECK_INT(r.stats.splits, 0);
		check_memphi(fn, 3);
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 7, NULL)->next, IK_SPILL, 3, &r));
		CHECK(is_transfer_of(find_uid(fn, 10, NULL)->prev, IK_RELOAD, 2, &r));
		CHECK(r.stats.w_spills == 10.0 && r.stats.w_reloads == 1.0);
		fn_free(fn);
	}
	fn_free(orig);
}

/* forced_phi.ir, k = 2: phi uid 3 stays in registers (its web cannot
 * share a slot); spilled after b2's phis, reloaded in b3. */
static void case_forced_phi(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/forced_phi.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.memphis, 0);
		Ins *phi = find_uid(fn, 4, NULL);
		CHECK_INT(phi->ops[0].loc.kind, LOC_NONE);
		CHECK_INT(find_uid(fn, 3, NULL)->ops[0].loc.kind, LOC_NONE);
		CHECK(is_transfer_of(phi->next, IK_SPILL, 2, &r));
		CHECK(is_transfer_of(find_uid(fn, 9, NULL)->prev, IK_RELOAD, 2, &r));
		fn_free(fn);
	}
	fn_free(orig);
}

/* share.ir, k = 2: p1 and p4 spilled, disjoint in memory: one slot. */
static void case_share(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/share.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 2);
		CHECK_INT(r.stats.reloads, 2);
		CHECK_INT(r.stats.slots, 1);
		CHECK_INT(r.stats.bytes, 8);
		CHECK_INT(r.slot_of[1], r.slot_of[4]);
		CHECK(is_transfer_of(find_uid(fn, 10, NULL)->prev, IK_RELOAD, 4, &r));
		fn_free(fn);
	}
	fn_free(orig);
}

/* abnormal.ir, k = 2 (derived there): p1 spilled after uid 1 and
 * reloaded before uid 3, nothing on the abnormal edge b4 -> b3 (no code
 * can go there), no block split.  Before p1 was banned from b3's entry
 * set the spiller refused ("spill code needed on an abnormal critical
 * edge").  Then a phi that must stay in registers (its web interferes:
 * no shared slot) whose source is in memory at the end of the jump's
 * block: still a refusal, with that reason. */
static void case_abnormal(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/abnormal.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 2, &o, &r);
	if (fn) {
		CHECK_INT(r.stats.spills, 1);
		CHECK_INT(r.stats.reloads, 1);
		CHECK_INT(r.stats.splits, 0);
		CHECK_INT(fn->nblk, orig->nblk);
		CHECK(is_transfer_of(find_uid(fn, 1, NULL)->next, IK_SPILL, 1, &r));
		CHECK(is_transfer_of(find_uid(fn, 3, NULL)->prev, IK_RELOAD, 1, &r));
		for (int id = 4; id <= 5; id++) {
			int b = blk_of(fn, id);
			CHECK_INT(count_kind_in(fn, b, IK_SPILL) +
					  count_kind_in(fn, b, IK_RELOAD),
				  0);
		}
		fn_free(fn);
	}
	fn_free(orig);
	/* p4 (phi) is read at uid 11, after p5's definition at uid 7: the
	 * two interfere, so the phi cannot be a memory phi; with k = 3, p5
	 * is in memory at b4's end (b6 and b4 keep p2 and p4 and the jump
	 * target), so the edge b4 -> b3 needs a reload of p5. */
	fn = t_parse_fn("func abnphi\n"
			"  pseudo p1 gpr 8\n"
			"  pseudo p2 gpr 8\n"
			"  pseudo p3 gpr 8\n"
			"  pseudo p4 gpr 8\n"
			"  pseudo p5 gpr 8\n"
			"b2: freq=1 -> b3\n"
			"  1: ord \"d\" =p1\n"
			"  2: ord \"d\" =p2\n"
			"b3: freq=10 -> b6\n"
			"  4: phi =p4, p1 from b2, p5 from b4\n"
			"  5: ord \"u\" p2\n"
			"b6: freq=1000 -> b6 b4\n"
			"  7: ord \"d\" =p5\n"
			"  8: ord \"cmp\" =%flags, p5\n"
			"  9: branch \"jcc\" %flags\n"
			"b4: freq=10 -> b3!abnormal b5!abnormal\n"
			"  10: ord \"d\" =p3\n"
			"  11: ord \"u\" p4\n"
			"  12: branch \"ijmp\" p3\n"
			"b5: freq=1\n"
			"  13: ord \"u\" p5\n"
			"  14: ret\n"
			"end\n");
	if (fn) {
		char err[256] = "";
		spill_opts_init(&o, fn, 3);
		CHECK(!spill_fn(fn, &o, &r, err, sizeof err));
		CHECK_STR(err, "b4 -> b3: spill code needed on an abnormal "
			       "critical edge");
		fn_free(fn);
	}
}

/* With registers to spare nothing changes. */
static void case_no_pressure(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/spill/hot_loop.ir");
	if (!orig)
		return;
	SpillOpts o;
	SpillResult r;
	Fn *fn = spill_copy(orig, 4, &o, &r);
	if (fn) {
		char why[256];
		CHECK_INT(r.stats.spills + r.stats.reloads + r.stats.remats, 0);
		CHECK_INT(r.npseudo, orig->npseudo);
		CHECK(fn_equal(orig, fn, why, sizeof why));
		fn_free(fn);
	}
	fn_free(orig);
}

/* What cannot be done is refused with a reason. */
static void case_refusals(void)
{
	char err[256];
	SpillOpts o;
	SpillResult r;
	/* gcd's division reads p82, p83 and writes p84 early: 3 at once */
	Fn *fn = t_load_fn("testsuite/ir/gcd.ir");
	if (fn) {
		Ssa ssa;
		CHECK(ssa_construct(fn, &ssa, err, sizeof err));
		spill_opts_init(&o, fn, 2);
		CHECK(!spill_fn(fn, &o, &r, err, sizeof err));
		CHECK(strstr(err, "uid 7") != NULL);
		fn_free(fn);
	}
	/* not SSA */
	fn = t_load_fn("testsuite/ir/call_clobber.ir");
	if (fn) {
		spill_opts_init(&o, fn, 0);
		CHECK(!spill_fn(fn, &o, &r, err, sizeof err));
		CHECK(strstr(err, "SSA") != NULL);
		fn_free(fn);
	}
	/* a phi whose source is of another class */
	fn = t_parse_fn("func m\n"
			"  pseudo p1 gpr 8\n"
			"  pseudo p2 sse 8\n"
			"b2: -> b3\n"
			"  1: ord \"d\" =p2\n"
			"b3:\n"
			"  2: phi =p1, p2 from b2\n"
			"  3: ret\n"
			"end\n");
	if (fn) {
		spill_opts_init(&o, fn, 0);
		CHECK(!spill_fn(fn, &o, &r, err, sizeof err));
		CHECK(strstr(err, "phi uid 2") != NULL);
		fn_free(fn);
	}
	/* a call reading 3 values with k = 2 */
	fn = t_parse_fn("func c\n"
			"  pseudo p1 gpr 8\n"
			"  pseudo p2 gpr 8\n"
			"  pseudo p3 gpr 8\n"
			"b2:\n"
			"  1: ord \"d\" =p1\n"
			"  2: ord \"d\" =p2\n"
			"  3: ord \"d\" =p3\n"
			"  4: call \"f\" p1, p2, p3 clobber {ax,dx,cx,flags}\n"
			"  5: ret\n"
			"end\n");
	if (fn) {
		spill_opts_init(&o, fn, 2);
		CHECK(!spill_fn(fn, &o, &r, err, sizeof err));
		CHECK(strstr(err, "uid 4") != NULL);
		fn_free(fn);
	}
}

/* A register clobbered by a call and read again without being set (the
 * read gets whatever the call left; liveness keeps %di live after uid 4):
 * it takes a register after the call.  k = 3, no register survives the
 * call: p1 and p2 are spilled; after it %di and p4 are live, and uid 6
 * reloads p1 and p2: 4 > 3, so p4 (not read at uid 6) leaves: spilled
 * after uid 5, reloaded before uid 7.  (The input itself reads garbage,
 * so `verify` objects to any allocation of it; pressure and SSA are
 * checked.) */
static void case_clobbered_read(void)
{
	Fn *orig = t_parse_fn("func clobread\n"
			      "  pseudo p1 gpr 8\n"
			      "  pseudo p2 gpr 8\n"
			      "  pseudo p4 gpr 8\n"
			      "b2: -> b3\n"
			      "  1: ord \"d\" =p1\n"
			      "  2: ord \"d\" =p2\n"
			      "b3: -> b3 b4\n"
			      "  3: ord \"use\" %di\n"
			      "  4: call \"f\" clobber "
			      "{ax,dx,cx,si,di,r8-r11,xmm0-xmm15,flags}\n"
			      "  5: ord \"d\" =p4\n"
			      "  6: ord \"u\" p1, p2\n"
			      "  7: ord \"u\" p4\n"
			      "  8: ord \"cmp\" =%flags, p4, $0\n"
			      "  9: branch \"jcc\" %flags\n"
			      "b4:\n"
			      "  10: ret\n"
			      "end\n");
	if (!orig)
		return;
	Fn *fn = fn_copy(orig);
	SpillOpts o;
	SpillResult r;
	char err[256] = "";
	/* three registers, di among them: di is live around the loop (read
	 * at uid 3 after the call clobbered it) and takes one of the three */
	spill_opts_init(&o, fn, 3);
	o.regs[RC_GPR] = RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_DI);
	if (t_check(spill_fn(fn, &o, &r, err, sizeof err), __FILE__, __LINE__,
		    "%s", err)) {
		Pressure pr;
		maxlive_within(fn, &o, &pr);
		CHECK(pr.maxlive[RC_GPR] <= 3);
		char why[256] = "";
		t_check(is_ssa(fn, why, sizeof why), __FILE__, __LINE__, "%s", why);
		CHECK(is_transfer_of(find_uid(fn, 5, NULL)->next, IK_SPILL, 4, &r));
		CHECK(is_transfer_of(find_uid(fn, 7, NULL)->prev, IK_RELOAD, 4, &r));
	}
	fn_free(fn);
	fn_free(orig);
}

/* ---- the IR files of testsuite/ir, through SSA construction ---- */

static void case_irfiles(void)
{
	static const char *const files[] = {
		"call_clobber", "gcd", "irreducible", "loop_diamond",
		"lost_copy", "swap",
	};
	static const int ks[] = {3, 4, 6, 0};
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		char path[256];
		snprintf(path, sizeof path, "testsuite/ir/%s.ir", files[f]);
		Fn *orig = t_load_fn(path);
		if (!orig)
			continue;
		Ssa ssa;
		char err[256];
		if (!t_check(ssa_construct(orig, &ssa, err, sizeof err), __FILE__,
			     __LINE__, "%s", err)) {
			fn_free(orig);
			continue;
		}
		for (size_t k = 0; k < sizeof ks / sizeof *ks; k++) {
			SpillOpts o;
			SpillResult r;
			Fn *fn = spill_copy(orig, ks[k], &o, &r);
			fn_free(fn);
		}
		fn_free(orig);
	}
}

/* ---- property tests on generated functions ---- */

typedef struct PropTotals {
	long runs, spills, reloads, remats;
} PropTotals;

/* One generated function (seed, size), through SSA construction, spilled
 * with nregs registers per class: every guarantee; and when no call
 * forces memory and k >= Maxlive, no spill code at all. */
static void prop_one(uint64_t seed, int size, int nregs, int call_pct,
		     PropTotals *tot)
{
	GenOpts go = gen_defaults(seed, size);
	go.call_pct = call_pct;
	if (nregs == 4)
		go.nvars = 4; /* three argument registers live at the entry */
	Fn *orig = gen_function("prop", &go);
	Ssa ssa;
	char err[256];
	if (!t_check(ssa_construct(orig, &ssa, err, sizeof err), __FILE__,
		     __LINE__, "seed %d: %s", (int)seed, err)) {
		fn_free(orig);
		return;
	}
	Fn *fn = fn_copy(orig);
	SpillOpts o;
	spill_opts_init(&o, fn, nregs);
	SpillResult r;
	if (!t_check(spill_fn(fn, &o, &r, err, sizeof err), __FILE__, __LINE__,
		     "seed %d size %d regs %d: %s", (int)seed, size, nregs,
		     err)) {
		fn_free(fn);
		fn_free(orig);
		return;
	}
	char what[96];
	snprintf(what, sizeof what, "seed %d size %d regs %d", (int)seed, size,
		 nregs);
	check_guarantees(orig, fn, &o, &r, what);
	Pressure pr;
	maxlive(orig, &pr);
	if (call_pct == 0 && pr.maxlive[RC_GPR] <= regset_count(o.regs[RC_GPR]) &&
	    pr.maxlive[RC_SSE] <= regset_count(o.regs[RC_SSE]))
		t_check(r.stats.spills + r.stats.reloads + r.stats.remats == 0,
			__FILE__, __LINE__, "%s: spill code without pressure",
			what);
	tot->runs++;
	tot->spills += r.stats.spills;
	tot->reloads += r.stats.reloads;
	tot->remats += r.stats.remats;
	fn_free(fn);
	fn_free(orig);
}

static void case_property(void)
{
	static const int nregs[] = {4, 6, 8, 0};
	static const int sizes[] = {40, 250, 1200};
	PropTotals tot = {0};
	for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
		int nseed = sizes[z] > 500 ? 6 : 40;
		for (int seed = 1; seed <= nseed; seed++)
			for (size_t k = 0; k < sizeof nregs / sizeof *nregs; k++)
				prop_one((uint64_t)seed, sizes[z], nregs[k], 3,
					 &tot);
	}
	/* the runs did spill: the test is not vacuous */
	CHECK(tot.runs > 0 && tot.spills > 0 && tot.reloads > 0 &&
	      tot.remats > 0);
}

/* Without calls, and with many calls. */
static void case_property_calls(void)
{
	PropTotals tot = {0};
	for (int seed = 100; seed < 120; seed++) {
		prop_one((uint64_t)seed, 300, 6, 0, &tot);
		prop_one((uint64_t)seed, 300, 0, 0, &tot);
		prop_one((uint64_t)seed, 300, 8, 20, &tot);
	}
	CHECK(tot.runs == 60);
}

/* ---- property tests on random control flow ---- */

typedef struct RRand {
	uint64_t s;
} RRand;

static int rr(RRand *r, int n)
{
	r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((r->s >> 33) % (uint64_t)n);
}

static Op rop(int kind, int flags, int reg)
{
	return (Op){.kind = (uint8_t)kind, .flags = (uint8_t)flags, .reg = reg,
		    .tie = -1, .from = -1};
}

/* Appends instruction i (uid from *uid) to b. */
static void radd(Blk *b, Ins *i, int *uid, const char *name)
{
	i->uid = (*uid)++;
	i->name = name;
	ins_append(b, i);
}

/* One random instruction (or a short sequence) of pseudos 1..5 (gpr 8),
 * 6, 7 (sse 8), 8 (sse 16): constants [remat], calls through di/ax,
 * divisions (fixed registers, early clobber, tie), read-modify-writes,
 * compares, copies through si, plain operations. */
static void rand_ins(Fn *fn, Blk *b, RRand *r, int *uid)
{
	int shape = rr(r, 10), sse = rr(r, 4) == 0;
	int lo = sse ? 6 : 1, span = sse ? 3 : 5;
	Ins *i;
	switch (shape) {
	case 0:
		i = ins_new(fn, IK_ORD, 2);
		i->ops[0] = rop(OK_PSEUDO, OF_DEF, lo + rr(r, span));
		i->ops[1] = rop(OK_IMM, OF_USE, 0);
		i->ops[1].imm = rr(r, 100);
		i->flags = INS_REMAT;
		radd(b, i, uid, "*movdi_internal");
		return;
	case 1:
		i = ins_new(fn, IK_COPY, 2);
		i->ops[0] = rop(OK_HREG, OF_DEF, R_DI);
		i->ops[1] = rop(OK_PSEUDO, OF_USE, 1 + rr(r, 5));
		radd(b, i, uid, NULL);
		i = ins_new(fn, IK_CALL, 2);
		i->ops[0] = rop(OK_HREG, OF_DEF, R_AX);
		i->ops[1] = rop(OK_HREG, OF_USE, R_DI);
		i->clobbers = fn->target->call_clobbered;
		radd(b, i, uid, "f");
		i = ins_new(fn, IK_COPY, 2);
		i->ops[0] = rop(OK_PSEUDO, OF_DEF, 1 + rr(r, 5));
		i->ops[1] = rop(OK_HREG, OF_USE, R_AX);
		radd(b, i, uid, NULL);
		return;
	case 2:
		i = ins_new(fn, IK_ORD, 4);
		i->ops[0] = rop(OK_PSEUDO, OF_DEF, 1 + rr(r, 5));
		i->ops[0].allowed = RS_BIT(R_AX);
		i->ops[1] = rop(OK_PSEUDO, OF_DEF | OF_EARLY,
				1 + i->ops[0].reg % 5);
		i->ops[1].allowed = RS_BIT(R_DX);
		i->ops[2] = rop(OK_PSEUDO, OF_USE, 1 + rr(r, 5));
		i->ops[2].tie = 0;
		i->ops[3] = rop(OK_PSEUDO, OF_USE | OF_MEM, 1 + rr(r, 5));
		i->clobbers = RS_BIT(R_FLAGS);
		radd(b, i, uid, "*divmoddi4");
		return;
	case 3:
		i = ins_new(fn, IK_ORD, 2);
		i->ops[0] = rop(OK_PSEUDO, OF_USE | OF_DEF, lo + rr(r, span));
		i->ops[1] = rop(OK_PSEUDO, OF_USE, lo + rr(r, span));
		radd(b, i, uid, "rmw");
		return;
	case 4:
		i = ins_new(fn, IK_COPY, 2);
		i->ops[0] = rop(OK_HREG, OF_DEF, R_SI);
		i->ops[1] = rop(OK_PSEUDO, OF_USE, 1 + rr(r, 5));
		radd(b, i, uid, NULL);
		i = ins_new(fn, IK_ORD, 2);
		i->ops[0] = rop(OK_PSEUDO, OF_DEF, 1 + rr(r, 5));
		i->ops[1] = rop(OK_PSEUDO, OF_USE, 1 + rr(r, 5));
		radd(b, i, uid, "op");
		i = ins_new(fn, IK_COPY, 2);
		i->ops[0] = rop(OK_PSEUDO, OF_DEF, 1 + rr(r, 5));
		i->ops[1] = rop(OK_HREG, OF_USE, R_SI);
		radd(b, i, uid, NULL);
		return;
	default: {
		int n = 2 + rr(r, 2);
		i = ins_new(fn, IK_ORD, n);
		i->ops[0] = rop(OK_PSEUDO, rr(r, 5) ? OF_DEF : OF_DEF | OF_EARLY,
				lo + rr(r, span));
		for (int k = 1; k < n; k++)
			i->ops[k] = rop(OK_PSEUDO, OF_USE, lo + rr(r, span));
		if (rr(r, 3) == 0) {
			i->ops[0].flags = OF_DEF;
			i->ops[1].tie = 0;
		}
		radd(b, i, uid, "op");
		return;
	}
	}
}

/* A random function, not in SSA form, over random control flow: blocks
 * with 0-2 successors (the first usually the next block), so irreducible
 * cycles, self loops, parallel edges, unreachable blocks, and sometimes
 * an entry block with predecessors; reads of undefined values. */
static Fn *rand_cfg_fn(uint64_t seed, int nblk)
{
	RRand r = {seed * 7919 + 13};
	Fn *fn = fn_new("rcfg", target_x86_64());
	for (int p = 1; p < 9; p++)
		fn_declare_pseudo(fn, p, p >= 6 ? RC_SSE : RC_GPR, p == 8 ? 16 : 8);
	for (int b = 0; b < nblk; b++)
		fn_add_block(fn, 2 + b);
	if (rr(&r, 4) == 0 && nblk > 1)
		fn->entry = 1;
	int uid = 1;
	for (int b = 0; b < nblk; b++) {
		Blk *bb = fn->blk[b];
		bb->freq = 1 + rr(&r, 1000);
		for (int n = rr(&r, 6); n > 0; n--)
			rand_ins(fn, bb, &r, &uid);
		int ns = rr(&r, 8) == 0 ? 0 : 1 + rr(&r, 2);
		for (int k = 0; k < ns; k++)
			blk_add_succ(fn, bb,
				     k == 0 && rr(&r, 3) ? (b + 1) % nblk
							 : rr(&r, nblk),
				     0);
		if (ns == 1)
			continue; /* falls through to its successor */
		Ins *i = ins_new(fn, ns > 1 ? IK_ORD : IK_COPY, ns > 1 ? 3 : 2);
		if (ns > 1) {
			i->ops[0] = rop(OK_HREG, OF_DEF, R_FLAGS);
			i->ops[1] = rop(OK_PSEUDO, OF_USE, 1 + rr(&r, 5));
			i->ops[2] = rop(OK_IMM, OF_USE, 0);
			radd(bb, i, &uid, "cmp");
			i = ins_new(fn, IK_BRANCH, 1);
			i->ops[0] = rop(OK_HREG, OF_USE, R_FLAGS);
			radd(bb, i, &uid, "jcc");
		} else {
			i->ops[0] = rop(OK_HREG, OF_DEF, R_AX);
			i->ops[1] = rop(OK_PSEUDO, OF_USE, 1 + rr(&r, 5));
			radd(bb, i, &uid, NULL);
			i = ins_new(fn, IK_RET, 1);
			i->ops[0] = rop(OK_HREG, OF_USE, R_AX);
			radd(bb, i, &uid, NULL);
		}
	}
	fn_preds(fn);
	return fn;
}

static void case_property_cfg(void)
{
	static const int nregs[] = {3, 4, 6, 0};
	long runs = 0, spills = 0;
	for (int seed = 1; seed <= 150; seed++) {
		Fn *orig = rand_cfg_fn((uint64_t)seed, 1 + seed % 30);
		Ssa ssa;
		char err[256];
		if (!t_check(ssa_construct(orig, &ssa, err, sizeof err), __FILE__,
			     __LINE__, "seed %d: %s", seed, err)) {
			fn_free(orig);
			continue;
		}
		for (size_t k = 0; k < sizeof nregs / sizeof *nregs; k++) {
			SpillOpts o;
			SpillResult r;
			Fn *fn = spill_copy(orig, nregs[k], &o, &r);
			if (fn) {
				runs++;
				spills += r.stats.spills;
			}
			fn_free(fn);
		}
		fn_free(orig);
	}
	CHECK(runs == 600 && spills > 0);
}

void suite_spill(void)
{
	t_case("spill: next use, loop exit penalty", case_nextuse_loop);
	t_case("spill: next use, block scan", case_nextuse_scan);
	t_case("spill: slots, disjoint share", case_slots_disjoint);
	t_case("spill: slots, overlapping apart", case_slots_overlap);
	t_case("spill: slots, memory phi", case_slots_phi);
	t_case("spill: register limits", case_opts);
	t_case("spill: Belady, straight line", case_belady);
	t_case("spill: loop invariant not reloaded in the loop", case_invariant);
	t_case("spill: pressure only inside the loop", case_hot_loop);
	t_case("spill: a merge after a hot path that lost a value", case_merge_hot);
	t_case("spill: a phi after a hot path that lost its source",
	       case_merge_phi);
	t_case("spill: a call in a loop leaves no room for unread values",
	       case_loop_call);
	t_case("spill: a value the loop only carries is not read in it",
	       case_carried);
	t_case("spill: a value the loop evicts is no header entry",
	       case_back_reload);
	t_case("spill: a phi the loop evicts is a memory phi",
	       case_back_reload_phi);
	t_case("spill: a reload into a commutative tie read from memory",
	       case_comm_fold);
	t_case("spill: a reload folds into another alternative's memory",
	      case_memalt_fold);
	t_case("spill: a slot-readable loop invariant goes to memory",
	      case_memread_loop);
	t_case("spill: an argument copy in a loop header reads the slot",
	       case_slot_arg);
	t_case("spill: a loop's back edge reloads nothing unread",
	       case_unread_reload);
	t_case("spill: a reload on a forward edge nothing reads goes",
	       case_unread_forward);
	t_case("spill: a store nothing reads goes", case_dead_spill);
	t_case("spill: an accumulator updated in its slot", case_rmw_acc);
	t_case("spill: a copy loads from the slot", case_copy_load);
	t_case("spill: reload hoisted out of the loop", case_hoist);
	t_case("spill: values across a call", case_call);
	t_case("spill: remat of a constant", case_remat);
	t_case("spill: memory phi after a diamond", case_memphi);
	t_case("spill: memory phi at a loop header", case_loop_memphi);
	t_case("spill: phi that cannot live in memory", case_forced_phi);
	t_case("spill: slot sharing", case_share);
	t_case("spill: no pressure, no change", case_no_pressure);
	t_case("spill: refusals", case_refusals);
	t_case("spill: abnormal edge, value banned from the entry set",
	       case_abnormal);
	t_case("spill: clobbered register read again", case_clobbered_read);
	t_case("spill: testsuite/ir files", case_irfiles);
	t_case("spill: property, generated functions", case_property);
	t_case("spill: property, calls", case_property_calls);
	t_case("spill: property, random control flow", case_property_cfg);
}
