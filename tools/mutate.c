/* mutate.c - mutation testing of the checker (mutate.h). */
#include "mutate.h"

#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "interp.h"
#include "irtext.h"
#include "randalloc.h"
#include "spill_everywhere.h"
#include "verify.h"

/* A salt per side: the original's garbage and the allocation's differ. */
enum { SALT_ORIG = 0x6f726967, SALT_ALLOC = 0x616c6c6f };

/* One single fault, named by positions so that it applies to any copy of
 * the allocation. */
typedef struct Mut {
	uint8_t kind;   /* MK_* */
	bool moves;     /* MK_CALLER_SAVED: by moves around the call */
	int blk, pos;   /* the instruction: block index, 0-based position */
	int op;         /* its operand (MK_WRONG_REG, MK_BREAK_TIE) */
	Loc from, to;   /* slot s -> t; crossing location L -> register R;
			 * the operand's new location */
} Mut;

typedef struct MutList {
	Mut *m;
	int n, cap;
} MutList;

static void push(MutList *l, Mut m)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->m = realloc(l->m, sizeof(Mut) * (size_t)l->cap);
		if (!l->m)
			abort();
	}
	l->m[l->n++] = m;
}

static const char *const kind_names[MK_NKIND] = {
	"drop reload",  "drop spill",   "wrong register", "swap moves",
	"slot reuse",   "caller-saved", "break tie"};
static const char *const why_names[MW_NWHY] = {
	"never ran", "equal word, other name", "path found with more seeds",
	"UNEXPLAINED"};

const char *mut_kind_name(int kind)
{
	return kind >= 0 && kind < MK_NKIND ? kind_names[kind] : "?";
}

const char *mut_why_name(int why)
{
	return why >= 0 && why < MW_NWHY ? why_names[why] : "?";
}

/* ---- Locations and instructions ---------------------------------------- */

static Loc reg_loc(int r)
{
	return (Loc){LOC_REG, r};
}

static bool loc_eq(Loc a, Loc b)
{
	return a.kind == b.kind && a.num == b.num && a.kind != LOC_NONE;
}

/* Where operand o is: its location, or the hard register it names. */
static Loc op_loc(const Op *o)
{
	if (o->kind == OK_HREG)
		return reg_loc(o->reg);
	if (o->kind == OK_PSEUDO)
		return o->loc;
	return (Loc){LOC_NONE, 0};
}

static int op_cls(const Fn *fn, const Op *o)
{
	return op_class(fn, o);
}

static int op_nregs(const Fn *fn, const Op *o)
{
	if (o->kind != OK_PSEUDO)
		return 1;
	int n = target_nregs(fn->target, fn->pseudo[o->reg].cls,
			     fn->pseudo[o->reg].size);
	return n < 1 ? 1 : n;
}

static bool reads(const Fn *fn, const Op *o)
{
	if (o->flags & OF_USE)
		return true;
	return (o->flags & OF_DEF) && o->kind == OK_PSEUDO && o->sub_size &&
	       fn->pseudo[o->reg].size > 8 &&
	       o->sub_size < fn->pseudo[o->reg].size;
}

static bool is_inserted(const Ins *i)
{
	return ins_kind_inserted(i->kind) ||
	       (i->uid == 0 && (i->kind == IK_COPY || i->kind == IK_PCOPY));
}

/* Inserted instructions that move values: the ones a sequentialized
 * parallel copy is made of. */
static bool is_transfer(const Ins *i)
{
	return is_inserted(i) && i->kind != IK_REMAT && i->kind != IK_PHI;
}

static Ins *ins_at(const Fn *fn, int blk, int pos)
{
	Ins *i = fn->blk[blk]->first;
	for (int k = 0; k < pos && i; k++)
		i = i->next;
	return i;
}

/* ---- Constraints, checked here on their own ----------------------------- */

/* Whether locations a (n registers) and b (m registers) overlap. */
static bool overlap(Loc a, int n, Loc b, int m)
{
	if (a.kind != b.kind || a.kind == LOC_NONE)
		return false;
	if (a.kind == LOC_SLOT)
		return a.num == b.num;
	return a.num < b.num + m && b.num < a.num + n;
}

/* Violations of operand k of original instruction i: register class and
 * constraint, slot without mem, tie, early clobber against a read. */
static int op_faults(const Fn *fn, const Ins *i, int k)
{
	const Op *o = &i->ops[k];
	if (o->kind != OK_PSEUDO)
		return 0;
	int faults = 0, n = op_nregs(fn, o);
	if (o->loc.kind == LOC_REG) {
		RegSet ok = target_allocatable(fn->target, op_cls(fn, o),
					       fn->frame_pointer) &
			    fn_isa_regs(fn);
		if (!RS_HAS(ok, o->loc.num) ||
		    (o->allowed && !RS_HAS(o->allowed, o->loc.num)))
			faults++;
		for (int r = 1; r < n; r++)
			if (o->loc.num + r >= TGT_NREGS ||
			    !RS_HAS(ok, o->loc.num + r))
				faults++;
	} else if (o->loc.kind == LOC_SLOT) {
		faults += !(o->flags & OF_MEM);
	} else {
		faults++;
	}
	if (o->tie >= 0 && o->tie < i->nops &&
	    !loc_eq(op_loc(&i->ops[o->tie]), o->loc))
		faults++;
	if ((o->flags & OF_DEF) && (o->flags & OF_EARLY))
		for (int m = 0; m < i->nops; m++) {
			const Op *u = &i->ops[m];
			if (m == k || !reads(fn, u) || o->tie == m ||
			    u->tie == k)
				continue;
			if (overlap(o->loc, n, op_loc(u), op_nregs(fn, u)))
				faults++;
		}
	return faults;
}

/* Violations of an inserted instruction's shape: a spill stores a
 * register into a slot, a reload the other way, a move is between
 * registers, nothing else goes from slot to slot. */
static int shape_faults(const Ins *i)
{
	if (i->kind == IK_REMAT || i->nops < 2)
		return 0;
	Loc d = op_loc(&i->ops[0]), s = op_loc(&i->ops[1]);
	switch (i->kind) {
	case IK_SPILL:
		return !(d.kind == LOC_SLOT && s.kind == LOC_REG);
	case IK_RELOAD:
		return !(d.kind == LOC_REG && s.kind == LOC_SLOT);
	case IK_MOVE:
		return !(d.kind == LOC_REG && s.kind == LOC_REG);
	default: {
		int f = 0;
		for (int k = 0; k + 1 < i->nops; k += 2)
			f += op_loc(&i->ops[k]).kind == LOC_SLOT &&
			     op_loc(&i->ops[k + 1]).kind == LOC_SLOT;
		return f;
	}
	}
}

/* Number of constraint violations in an allocated function. */
static int constraint_faults(const Fn *fn)
{
	int faults = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind == IK_PHI)
				continue;
			if (is_inserted(i)) {
				faults += shape_faults(i);
				continue;
			}
			for (int k = 0; k < i->nops; k++)
				faults += op_faults(fn, i, k);
		}
	return faults;
}

/* ---- Caller-saved: the plan of one fault ------------------------------- */

/* Operands to rewrite from the crossing location L to R: from its last
 * writer D before the call to the last read before L is written again
 * after it, all in the call's block. */
typedef struct CsPlan {
	bool clean;    /* a rewrite is possible; else moves around the call */
	int reg;       /* R */
	int cls;       /* the class of the value */
	int pseudo;    /* the name of the value (for inserted moves) */
	int n;
	Ins *ins[64];
	int op[64];
} CsPlan;

/* Whether i reads resp. writes location l through one of its operands. */
static bool ins_reads_loc(const Fn *fn, const Ins *i, Loc l)
{
	if (i->kind == IK_SWAP)
		return loc_eq(op_loc(&i->ops[0]), l) ||
		       loc_eq(op_loc(&i->ops[1]), l);
	for (int k = 0; k < i->nops; k++)
		if (reads(fn, &i->ops[k]) && loc_eq(op_loc(&i->ops[k]), l))
			return true;
	return false;
}

static bool ins_writes_loc(const Ins *i, Loc l)
{
	if (l.kind == LOC_REG && RS_HAS(i->clobbers, l.num))
		return true;
	for (int k = 0; k < i->nops; k++)
		if ((i->ops[k].flags & OF_DEF) && loc_eq(op_loc(&i->ops[k]), l))
			return true;
	return false;
}

/* Whether register r appears in i: a location, a hard operand, a clobber. */
static bool ins_mentions_reg(const Ins *i, int r)
{
	if (RS_HAS(i->clobbers, r))
		return true;
	for (int k = 0; k < i->nops; k++)
		if (loc_eq(op_loc(&i->ops[k]), reg_loc(r)))
			return true;
	return false;
}

/* Adds the operands of i at L to the plan; false if one cannot move to a
 * register (a tie, an early clobber, a constraint without R). */
static bool plan_ops(const Fn *fn, CsPlan *p, Ins *i, Loc l, bool want_def)
{
	for (int k = 0; k < i->nops; k++) {
		Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || !loc_eq(o->loc, l))
			continue;
		bool def = (o->flags & OF_DEF) != 0, rd = reads(fn, o);
		if (want_def ? !def : !rd)
			continue;
		if (def && rd)
			return false; /* read-modify-write at L */
		bool tied = o->tie >= 0;
		for (int m = 0; m < i->nops; m++)
			tied |= i->ops[m].tie == k;
		if (tied || (o->flags & OF_EARLY) || i->kind == IK_SWAP ||
		    p->n == 64)
			return false;
		if (!is_inserted(i) && o->allowed &&
		    !RS_HAS(o->allowed, p->reg))
			return false;
		p->ins[p->n] = i;
		p->op[p->n++] = k;
	}
	return true;
}

/* Plans moving location l (a callee-saved register or a slot read after
 * the call c in block b) into a caller-saved register.  False when l is
 * not a crossing location worth a mutant. */
static bool cs_plan(const Fn *fn, const Blk *b, Ins *c, Loc l, CsPlan *p)
{
	const Target *t = fn->target;
	memset(p, 0, sizeof *p);
	if (l.kind == LOC_REG &&
	    (!RS_HAS(t->callee_saved, l.num) || RS_HAS(c->clobbers, l.num)))
		return false;
	Ins *last = NULL;
	const Op *use = NULL;
	for (Ins *i = c->next; i; i = i->next) {
		for (int k = 0; k < i->nops && !use; k++)
			if (i->ops[k].kind == OK_PSEUDO &&
			    reads(fn, &i->ops[k]) && loc_eq(i->ops[k].loc, l))
				use = &i->ops[k];
		if (ins_reads_loc(fn, i, l))
			last = i;
		if (ins_writes_loc(i, l))
			break;
	}
	if (!use || !last)
		return false;
	p->pseudo = use->reg;
	p->cls = fn->pseudo[use->reg].cls;
	if (op_nregs(fn, use) != 1)
		return false;
	Ins *d = c->prev;
	while (d && !ins_writes_loc(d, l))
		d = d->prev;
	/* R: caller-saved, clobbered by the call, not read by it; for a
	 * rewrite also unmentioned from d to the last read */
	RegSet cand = target_allocatable(t, p->cls, fn->frame_pointer) &
		      fn_isa_regs(fn) &
		      c->clobbers & ~t->callee_saved;
	for (int k = 0; k < c->nops; k++)
		if (op_loc(&c->ops[k]).kind == LOC_REG)
			cand &= ~RS_BIT(op_loc(&c->ops[k]).num);
	RegSet quiet = cand;
	for (Ins *i = d ? d : b->first; i && i != last->next; i = i->next)
		for (int r = 0; r < TGT_NREGS; r++)
			if (RS_HAS(quiet, r) && i != c && ins_mentions_reg(i, r))
				quiet &= ~RS_BIT(r);
	if (!cand)
		return false;
	p->clean = quiet != 0 && d != NULL && d->kind != IK_SWAP;
	RegSet pickset = p->clean ? quiet : cand;
	for (p->reg = 0; !RS_HAS(pickset, p->reg); p->reg++)
		;
	if (!p->clean)
		return true;
	p->clean = plan_ops(fn, p, d, l, true) && p->n > 0;
	for (Ins *i = d->next; p->clean && i != last->next; i = i->next)
		p->clean = plan_ops(fn, p, i, l, false);
	return true;
}

/* A transfer `kind =p @dst, p @src` to insert. */
static Ins *transfer(Fn *fn, int kind, int p, Loc dst, Loc src)
{
	return ins_transfer(fn, kind, p, dst, p, src);
}

/* The kind a transfer has once its slot operand became a register. */
static void fix_kind(Ins *i)
{
	if ((i->kind == IK_SPILL || i->kind == IK_RELOAD) &&
	    op_loc(&i->ops[0]).kind == LOC_REG &&
	    op_loc(&i->ops[1]).kind == LOC_REG)
		i->kind = IK_MOVE;
}

static void apply_caller_saved(Fn *fn, const Mut *m)
{
	Blk *b = fn->blk[m->blk];
	Ins *c = ins_at(fn, m->blk, m->pos);
	CsPlan p;
	if (!cs_plan(fn, b, c, m->from, &p))
		return;
	Loc r = reg_loc(m->to.num);
	if (m->moves) {
		bool slot = m->from.kind == LOC_SLOT;
		ins_insert_before(b, c, transfer(fn, slot ? IK_RELOAD : IK_MOVE,
						 p.pseudo, r, m->from));
		ins_insert_after(b, c, transfer(fn, slot ? IK_SPILL : IK_MOVE,
						p.pseudo, m->from, r));
		return;
	}
	for (int k = 0; k < p.n; k++) {
		p.ins[k]->ops[p.op[k]].loc = r;
		fix_kind(p.ins[k]);
	}
}

/* ---- Enumeration -------------------------------------------------------- */

static void enum_drops(const Fn *fn, MutList *l)
{
	for (int b = 0; b < fn->nblk; b++) {
		int pos = 0;
		for (const Ins *i = fn->blk[b]->first; i; i = i->next, pos++) {
			if (i->kind == IK_RELOAD)
				push(l, (Mut){.kind = MK_DROP_RELOAD, .blk = b,
					      .pos = pos});
			if (i->kind == IK_SPILL)
				push(l, (Mut){.kind = MK_DROP_SPILL, .blk = b,
					      .pos = pos});
			if (i->next && is_transfer(i) && is_transfer(i->next))
				push(l, (Mut){.kind = MK_SWAP_MOVES, .blk = b,
					      .pos = pos});
		}
	}
}

/* Every use of an original instruction in a register: every other
 * allocatable register of its class.  Every operand of a tied pair in a
 * register: likewise (MK_BREAK_TIE). */
static void enum_registers(const Fn *fn, MutList *l)
{
	for (int b = 0; b < fn->nblk; b++) {
		int pos = 0;
		for (const Ins *i = fn->blk[b]->first; i; i = i->next, pos++) {
			if (is_inserted(i) || i->kind == IK_PHI)
				continue;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO ||
				    o->loc.kind != LOC_REG ||
				    op_nregs(fn, o) != 1)
					continue;
				bool tied = o->tie >= 0;
				for (int m = 0; m < i->nops; m++)
					tied |= i->ops[m].tie == k;
				RegSet all = target_allocatable(
						     fn->target, op_cls(fn, o),
						     fn->frame_pointer) &
					     fn_isa_regs(fn);
				for (int r = 0; r < TGT_NREGS; r++) {
					if (!RS_HAS(all, r) || r == o->loc.num)
						continue;
					Mut m = {.blk = b, .pos = pos, .op = k,
						 .to = reg_loc(r)};
					if (reads(fn, o)) {
						m.kind = MK_WRONG_REG;
						push(l, m);
					}
					if (tied) {
						m.kind = MK_BREAK_TIE;
						push(l, m);
					}
				}
			}
		}
	}
}

/* Every slot that some operand uses, sent to every other slot. */
static void enum_slots(const Fn *fn, MutList *l)
{
	bool *used = calloc((size_t)fn->nslot + 1, 1);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].kind == OK_PSEUDO &&
				    i->ops[k].loc.kind == LOC_SLOT)
					used[i->ops[k].loc.num] = true;
	for (int s = 0; s < fn->nslot; s++)
		for (int t = 0; t < fn->nslot && used[s]; t++)
			if (t != s && fn->slot[t].size)
				push(l, (Mut){.kind = MK_SLOT_REUSE,
					      .from = {LOC_SLOT, s},
					      .to = {LOC_SLOT, t}});
	free(used);
}

/* Every call, and every callee-saved register or slot read after it
 * before being written (in its block). */
static void enum_calls(const Fn *fn, MutList *l)
{
	for (int b = 0; b < fn->nblk; b++) {
		int pos = 0;
		for (Ins *c = fn->blk[b]->first; c; c = c->next, pos++) {
			if (c->kind != IK_CALL)
				continue;
			for (int r = 0; r < TGT_NREGS + fn->nslot; r++) {
				Loc x = r < TGT_NREGS
						? reg_loc(r)
						: (Loc){LOC_SLOT, r - TGT_NREGS};
				CsPlan p;
				if (!cs_plan(fn, fn->blk[b], c, x, &p))
					continue;
				push(l, (Mut){.kind = MK_CALLER_SAVED,
					      .moves = !p.clean, .blk = b,
					      .pos = pos, .from = x,
					      .to = reg_loc(p.reg)});
			}
		}
	}
}

/* ---- Applying a mutation ------------------------------------------------ */

/* A copy of alloc with mutation m applied. */
static Fn *apply(const Fn *alloc, const Mut *m)
{
	Fn *fn = fn_copy(alloc);
	Blk *b = m->kind == MK_SLOT_REUSE ? NULL : fn->blk[m->blk];
	Ins *i = b ? ins_at(fn, m->blk, m->pos) : NULL;
	switch (m->kind) {
	case MK_DROP_RELOAD:
	case MK_DROP_SPILL:
		ins_remove(b, i);
		break;
	case MK_WRONG_REG:
	case MK_BREAK_TIE:
		i->ops[m->op].loc = m->to;
		break;
	case MK_SWAP_MOVES: {
		Ins *j = i->next;
		ins_remove(b, j);
		ins_insert_before(b, i, j);
		break;
	}
	case MK_SLOT_REUSE:
		for (int k = 0; k < fn->nblk; k++)
			for (Ins *x = fn->blk[k]->first; x; x = x->next)
				for (int o = 0; o < x->nops; o++)
					if (x->ops[o].kind == OK_PSEUDO &&
					    loc_eq(x->ops[o].loc, m->from))
						x->ops[o].loc = m->to;
		break;
	case MK_CALLER_SAVED:
		apply_caller_saved(fn, m);
		break;
	}
	return fn;
}

/* "b3 #4 (reload)" or "b3 uid 7 operand 2 (p5) cx -> bx" and the like. */
static void describe(const Fn *fn, const Mut *m, char *buf, size_t len)
{
	const Target *t = fn->target;
	if (m->kind == MK_SLOT_REUSE) {
		snprintf(buf, len, "s%d -> s%d", m->from.num, m->to.num);
		return;
	}
	const Blk *b = fn->blk[m->blk];
	const Ins *i = ins_at(fn, m->blk, m->pos);
	int n = snprintf(buf, len, "b%d #%d (%s", b->id, m->pos + 1,
			 ins_kind_name(i->kind));
	if (i->uid)
		n += snprintf(buf + n, len - (size_t)n, " uid %d", i->uid);
	n += snprintf(buf + n, len - (size_t)n, ")");
	if (m->kind == MK_SWAP_MOVES)
		snprintf(buf + n, len - (size_t)n, " with the next (%s)",
			 ins_kind_name(i->next->kind));
	if (m->kind == MK_WRONG_REG || m->kind == MK_BREAK_TIE)
		snprintf(buf + n, len - (size_t)n, " operand %d (p%d) %s -> %s",
			 m->op, i->ops[m->op].reg,
			 t->regs[i->ops[m->op].loc.num].name,
			 t->regs[m->to.num].name);
	if (m->kind == MK_CALLER_SAVED) {
		char l[16];
		if (m->from.kind == LOC_SLOT)
			snprintf(l, sizeof l, "s%d", m->from.num);
		else
			snprintf(l, sizeof l, "%s", t->regs[m->from.num].name);
		snprintf(buf + n, len - (size_t)n, " %s -> %s%s", l,
			 t->regs[m->to.num].name,
			 m->moves ? " by moves" : "");
	}
}

/* ---- Evaluation ----------------------------------------------------------- */

/* The function under test: the original, its traces, the allocation. */
typedef struct Subject {
	const Fn *orig, *alloc;
	const MutOpts *o;
	int runs;
	Trace *tr;     /* the original's trace per seed 0..runs-1 */
	Interp *iorig;
	int maxuid;
} Subject;

/* Whether mutant fn behaves like the original in runs [from, to): on the
 * first difference, *run gets the seed. */
static bool same_behaviour(Subject *s, const Fn *fn, int from, int to,
			   int *run)
{
	Interp *in = interp_new(fn);
	bool same = true;
	for (int k = from; k < to && same; k++) {
		Trace extra = {0};
		const Trace *ref = &extra;
		if (k < s->runs) {
			ref = &s->tr[k];
		} else {
			InterpRun r = {.seed = (uint64_t)k, .salt = SALT_ORIG};
			interp_run(s->iorig, &r, &extra);
		}
		InterpRun r = {.seed = (uint64_t)k, .salt = SALT_ALLOC,
			       .ref = ref};
		if (!interp_run(in, &r, NULL)) {
			same = false;
			*run = k;
		}
		trace_free(&extra);
	}
	interp_free(in);
	return same;
}

/* Whether no violation of res names an instruction that ran. */
static bool violations_not_run(Subject *s, const Fn *fn,
			       const VerifyResult *res)
{
	uint8_t *seen = calloc((size_t)s->maxuid + 1, 1);
	Interp *in = interp_new(fn);
	for (int k = 0; k < s->runs; k++) {
		Trace t = {0};
		InterpRun r = {.seed = (uint64_t)k, .salt = SALT_ALLOC,
			       .seen = seen, .nseen = s->maxuid + 1};
		interp_run(in, &r, &t);
		trace_free(&t);
	}
	interp_free(in);
	bool none = res->nviol > 0;
	for (int v = 0; v < res->nviol; v++) {
		int uid = res->viol[v].uid;
		if (uid <= 0 || uid > s->maxuid || seen[uid])
			none = false;
	}
	free(seen);
	return none;
}

/* Whether fn and the allocation differ when copies make new words. */
static bool differs_distinct(Subject *s, const Fn *fn)
{
	Interp *a = interp_new(s->alloc), *m = interp_new(fn);
	bool differ = false;
	for (int k = 0; k < s->runs && !differ; k++) {
		Trace t = {0};
		InterpRun r = {.seed = (uint64_t)k, .salt = SALT_ALLOC,
			       .distinct = true};
		interp_run(a, &r, &t);
		r.ref = &t;
		differ = !interp_run(m, &r, NULL);
		trace_free(&t);
	}
	interp_free(a);
	interp_free(m);
	return differ;
}

/* Why the checker reports equivalent mutant fn. */
static int explain(Subject *s, const Fn *fn, const VerifyResult *res,
		   int *run)
{
	if (violations_not_run(s, fn, res))
		return MW_NOT_RUN;
	if (differs_distinct(s, fn))
		return MW_EQUAL;
	int extra = s->o->extra_runs > 0 ? s->o->extra_runs : 512;
	if (!same_behaviour(s, fn, s->runs, s->runs + extra, run))
		return MW_PATH;
	return MW_UNEXPLAINED;
}

/* The first line the checker gives for res. */
static const char *first_report(const VerifyResult *res)
{
	if (res->verdict == VERDICT_UNVERIFIED)
		return res->reason;
	return res->nviol ? res->viol[0].text : "";
}

/* Runs one mutant: behaviour, constraints, checker; counts it. */
static void evaluate(Subject *s, const Mut *m, MutCount *c)
{
	const MutOpts *o = s->o;
	Fn *fn = apply(s->alloc, m);
	char what[256];
	describe(s->alloc, m, what, sizeof what);
	int run = -1;
	bool changed = !same_behaviour(s, fn, 0, s->runs, &run);
	bool constraint = constraint_faults(fn) > 0;
	VerifyResult res;
	verify_fn(s->orig, fn, &res);
	bool reported = res.verdict != VERDICT_VERIFIED;
	c->mutants++;
	char name[300];
	snprintf(name, sizeof name, "%s%s%s", o->label ? o->label : "",
		 o->label ? ": " : "", s->alloc->name);
	const char *kind = mut_kind_name(m->kind);
	if (changed) {
		c->changed++;
		c->changed_reported += reported;
		if (!reported && o->notes)
			fprintf(o->notes, "MISSED %s: %s: %s: behaviour differs "
					  "in run %d, checker verified it\n",
				name, kind, what, run);
	} else if (constraint) {
		c->constraint++;
		c->constraint_reported += reported;
		if (!reported && o->notes)
			fprintf(o->notes, "MISSED %s: %s: %s: violates a "
					  "constraint, checker verified it\n",
				name, kind, what);
	} else if (!reported) {
		c->equiv_silent++;
	} else {
		c->equiv_reported++;
		int why = explain(s, fn, &res, &run);
		c->why[why]++;
		if (o->notes) {
			fprintf(o->notes, "equivalent, reported: %s: %s: %s: %s",
				name, kind, what, mut_why_name(why));
			if (why == MW_PATH)
				fprintf(o->notes, " (differs in run %d)", run);
			fprintf(o->notes, "\n    %s\n", first_report(&res));
		}
	}
	if (o->verbose && o->notes)
		fprintf(o->notes, "mutant %s: %s: %s: %s%s%s\n", name, kind,
			what, changed ? "changes behaviour" : "same behaviour",
			constraint ? ", constraint" : "",
			reported ? ", reported" : ", verified");
	verify_result_free(&res);
	fn_free(fn);
}

/* A deterministic sample of at most max of the mutants of one kind. */
static void sample(Mut *m, int *n, int max, uint64_t seed)
{
	if (max <= 0 || *n <= max)
		return;
	uint64_t x = seed | 1;
	for (int k = 0; k < max; k++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		int j = k + (int)(x % (uint64_t)(*n - k));
		Mut tmp = m[k];
		m[k] = m[j];
		m[j] = tmp;
	}
	*n = max;
}

static uint64_t name_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* The precondition: verified, and the same behaviour on every run.  Fills
 * s's traces. */
static bool prepare(Subject *s, char *err, size_t errlen)
{
	VerifyResult res;
	verify_fn(s->orig, s->alloc, &res);
	bool ok = res.verdict == VERDICT_VERIFIED;
	if (!ok)
		snprintf(err, errlen, "%s: the allocation is not verified: %s",
			 s->alloc->name, first_report(&res));
	verify_result_free(&res);
	if (!ok)
		return false;
	s->iorig = interp_new(s->orig);
	s->tr = calloc((size_t)s->runs, sizeof(Trace));
	for (int k = 0; k < s->runs; k++) {
		InterpRun r = {.seed = (uint64_t)k, .salt = SALT_ORIG};
		interp_run(s->iorig, &r, &s->tr[k]);
	}
	int run = -1;
	if (!same_behaviour(s, s->alloc, 0, s->runs, &run)) {
		snprintf(err, errlen, "%s: the interpreter finds the allocation's "
				      "behaviour different from the original's "
				      "(run %d)",
			 s->alloc->name, run);
		return false;
	}
	return true;
}

static void release(Subject *s)
{
	for (int k = 0; s->tr && k < s->runs; k++)
		trace_free(&s->tr[k]);
	free(s->tr);
	interp_free(s->iorig);
}

bool mutate_fn(const Fn *orig, const Fn *alloc, const MutOpts *o,
	       MutStats *st, char *err, size_t errlen)
{
	Subject s = {.orig = orig, .alloc = alloc, .o = o,
		     .runs = o->runs > 0 ? o->runs : 32};
	for (int b = 0; b < orig->nblk; b++)
		for (const Ins *i = orig->blk[b]->first; i; i = i->next)
			if (i->uid > s.maxuid)
				s.maxuid = i->uid;
	if (!prepare(&s, err, errlen)) {
		release(&s);
		st->skipped++;
		return false;
	}
	MutList l = {0};
	enum_drops(alloc, &l);
	enum_registers(alloc, &l);
	enum_slots(alloc, &l);
	enum_calls(alloc, &l);
	/* group by kind, sample each kind */
	Mut *byk = malloc(sizeof(Mut) * (size_t)(l.n + 1));
	for (int k = 0; k < MK_NKIND; k++) {
		int n = 0;
		for (int j = 0; j < l.n; j++)
			if (l.m[j].kind == k)
				byk[n++] = l.m[j];
		sample(byk, &n, o->max_per_kind,
		       name_hash(alloc->name) + (uint64_t)k);
		for (int j = 0; j < n; j++)
			evaluate(&s, &byk[j], &st->kind[k]);
	}
	free(byk);
	free(l.m);
	release(&s);
	st->functions++;
	return true;
}

/* ---- Reports -------------------------------------------------------------- */

static void print_row(FILE *f, const char *name, const MutCount *c)
{
	char kill[16];
	if (c->changed)
		snprintf(kill, sizeof kill, "%.1f%%",
			 100.0 * (double)c->changed_reported /
				 (double)c->changed);
	else
		snprintf(kill, sizeof kill, "-");
	fprintf(f, "%-14s %8ld %8ld %8ld %7s %10ld %8ld %8ld %8ld", name,
		c->mutants, c->changed, c->changed_reported, kill,
		c->constraint, c->constraint_reported, c->equiv_silent,
		c->equiv_reported);
	if (c->equiv_reported)
		fprintf(f, "  (not run %ld, equal %ld, path %ld, "
			   "unexplained %ld)",
			c->why[MW_NOT_RUN], c->why[MW_EQUAL], c->why[MW_PATH],
			c->why[MW_UNEXPLAINED]);
	fprintf(f, "\n");
}

void mutate_print(FILE *f, const MutStats *st)
{
	fprintf(f, "mutation testing: %d functions (%d refused)\n",
		st->functions, st->skipped);
	fprintf(f, "%-14s %8s %8s %8s %7s %10s %8s %8s %8s\n", "kind",
		"mutants", "changed", "reported", "kill", "constraint",
		"reported", "eq-silent", "eq-rep");
	MutCount tot = {0};
	for (int k = 0; k < MK_NKIND; k++) {
		const MutCount *c = &st->kind[k];
		print_row(f, mut_kind_name(k), c);
		tot.mutants += c->mutants;
		tot.changed += c->changed;
		tot.changed_reported += c->changed_reported;
		tot.constraint += c->constraint;
		tot.constraint_reported += c->constraint_reported;
		tot.equiv_silent += c->equiv_silent;
		tot.equiv_reported += c->equiv_reported;
		for (int w = 0; w < MW_NWHY; w++)
			tot.why[w] += c->why[w];
	}
	print_row(f, "total", &tot);
}

bool mutate_all_killed(const MutStats *st)
{
	for (int k = 0; k < MK_NKIND; k++) {
		const MutCount *c = &st->kind[k];
		if (c->changed_reported != c->changed ||
		    c->constraint_reported != c->constraint ||
		    c->why[MW_UNEXPLAINED])
			return false;
	}
	return true;
}

/* ---- The command line ---------------------------------------------------- */

static const char mutate_usage[] =
	"usage: ssara mutate [OPTIONS] [ORIG.ir ALLOC.ir]... [--se ORIG.ir]...\n"
	"                    [--gen COUNT [--seed N] [--size N] [--vars N]]\n"
	"  ORIG.ir ALLOC.ir  mutate each allocated function of ALLOC.ir,\n"
	"                    checked against the function of the same name\n"
	"  --se ORIG.ir      mutate the spill-everywhere allocation of each\n"
	"                    function of ORIG.ir\n"
	"  --gen COUNT       mutate the spill-everywhere allocations of COUNT\n"
	"                    generated functions (seeds N.., about --size\n"
	"                    instructions, --vars long-lived variables)\n"
	"  --rand N          with --se and --gen, also N random allocations\n"
	"                    (tools/randalloc.h) of each function (before\n"
	"                    --se on the command line)\n"
	"  --runs N          interpreter runs (seeds) per mutant (32)\n"
	"  --max N           at most N mutants per kind and function (all)\n"
	"  -v                one line per mutant\n"
	"Exit status 0 when every behaviour-changing and every\n"
	"constraint-violating mutant is reported, 1 otherwise, 2 on bad\n"
	"input.\n";

/* Mutation-tests one pair; a refused input is noted. */
static void run_pair(const Fn *orig, const Fn *alloc, const MutOpts *o,
		     MutStats *st)
{
	char err[512];
	if (!mutate_fn(orig, alloc, o, st, err, sizeof err) && o->notes)
		fprintf(o->notes, "refused %s\n", err);
}

/* Mutates the spill-everywhere allocation of fn, and nrand random
 * allocations of it (seeds 1..nrand). */
static void run_se(const Fn *fn, int nrand, const MutOpts *o, MutStats *st)
{
	char err[256];
	for (int k = 0; k <= nrand; k++) {
		Fn *al = k ? rand_alloc(fn, (uint64_t)k, err, sizeof err)
			   : spill_everywhere(fn, err, sizeof err);
		if (!al) {
			if (o->notes)
				fprintf(o->notes, "no allocation of %s: %s\n",
					fn->name, err);
			continue;
		}
		run_pair(fn, al, o, st);
		fn_free(al);
	}
}

static bool parse_files(const char *po, const char *pa, int nrand,
			MutOpts *o, MutStats *st)
{
	o->label = pa ? pa : po;
	IrFile f[2];
	IrError err;
	const char *path[2] = {po, pa};
	for (int k = 0; k < (pa ? 2 : 1); k++)
		if (!ir_parse_file(path[k], target_x86_64(), &f[k], &err)) {
			fprintf(stderr, "%s\n", err.msg);
			if (k)
				irfile_free(&f[0]);
			return false;
		}
	if (!pa) {
		for (int i = 0; i < f[0].nfn; i++)
			run_se(f[0].fn[i], nrand, o, st);
		irfile_free(&f[0]);
		return true;
	}
	bool ok = true;
	for (int i = 0; i < f[1].nfn; i++) {
		const Fn *orig = NULL;
		for (int j = 0; j < f[0].nfn && !orig; j++)
			if (!strcmp(f[0].fn[j]->name, f[1].fn[i]->name))
				orig = f[0].fn[j];
		if (!orig) {
			fprintf(stderr, "%s: error: function '%s' is not in "
					"%s\n",
				pa, f[1].fn[i]->name, po);
			ok = false;
			continue;
		}
		run_pair(orig, f[1].fn[i], o, st);
	}
	irfile_free(&f[0]);
	irfile_free(&f[1]);
	return ok;
}

static bool int_arg(const char *s, long *v)
{
	char *end;
	*v = strtol(s, &end, 10);
	return *s && !*end && *v >= 0;
}

int mutate_main(int argc, char **argv)
{
	char *notes = NULL;
	size_t nlen = 0;
	MutOpts o = {.notes = open_memstream(&notes, &nlen)};
	MutStats st = {0};
	long gen = 0, seed = 1, size = 150, vars = 8, nrand = 0, v;
	bool bad = false;
	const char *pend = NULL;
	for (int a = 0; a < argc && !bad; a++) {
		const char *s = argv[a];
		bool has = a + 1 < argc;
		if (!strcmp(s, "-v")) {
			o.verbose = true;
		} else if (!strcmp(s, "--se") && has) {
			bad = !parse_files(argv[++a], NULL, (int)nrand, &o,
					   &st);
		} else if (s[0] == '-' && s[1] == '-' && has &&
			   int_arg(argv[a + 1], &v)) {
			a++;
			if (!strcmp(s, "--runs"))
				o.runs = (int)v;
			else if (!strcmp(s, "--max"))
				o.max_per_kind = (int)v;
			else if (!strcmp(s, "--gen"))
				gen = v;
			else if (!strcmp(s, "--seed"))
				seed = v;
			else if (!strcmp(s, "--size"))
				size = v;
			else if (!strcmp(s, "--vars"))
				vars = v;
			else if (!strcmp(s, "--rand"))
				nrand = v;
			else
				bad = true;
		} else if (s[0] == '-' && s[1]) {
			bad = true;
		} else if (!pend) {
			pend = s;
		} else {
			bad = !parse_files(pend, s, 0, &o, &st);
			pend = NULL;
		}
	}
	if (bad || pend || (argc == 0)) {
		fclose(o.notes);
		free(notes);
		fprintf(stderr, "%s", mutate_usage);
		return 2;
	}
	for (long k = 0; k < gen; k++) {
		GenOpts g = gen_defaults((uint64_t)(seed + k), (int)size);
		g.nvars = (int)vars;
		char name[64];
		snprintf(name, sizeof name, "gen%ld", seed + k);
		Fn *fn = gen_function(name, &g);
		run_se(fn, (int)nrand, &o, &st);
		fn_free(fn);
	}
	fclose(o.notes);
	mutate_print(stdout, &st);
	fputs(notes, stdout);
	free(notes);
	return mutate_all_killed(&st) ? 0 : 1;
}
