/* alloc.c - the pipeline: SSA, constraints, spilling, colouring,
 * coalescing, SSA destruction (see alloc.h, docs/ALLOC.md). */
#include "alloc.h"
#include "err.h"
#include "hardweb.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cfg.h"
#include "coalesce.h"
#include "colour.h"
#include "constraints.h"
#include "liveness.h"
#include "spill.h"
#include "ssa.h"
#include "ssadestr.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int64_t bweight(const Blk *b)
{
	return b->freq > 0 ? b->freq : 1;
}

/* The registers of all that operand k of i (a pseudo of class cls)
 * may be in, 0 when it is not so constrained: its own set, narrowed to
 * the register of a hard-register def it is tied to (`=%r8, p87 ^0`:
 * the read is in r8, which alloc_regset must then keep even when the
 * limit would leave it out). */
static RegSet required_regs(const Fn *fn, const Ins *i, int k, int cls,
			    RegSet all)
{
	const Op *o = &i->ops[k];
	if (o->kind != OK_PSEUDO || op_class(fn, o) != cls)
		return 0;
	RegSet a = o->allowed ? o->allowed & all : 0;
	int t = constr_tie_partner(i, k);
	if (!(o->flags & OF_DEF) && t >= 0 && i->ops[t].kind == OK_HREG &&
	    (i->ops[t].flags & OF_DEF) && RS_HAS(all, i->ops[t].reg))
		a = RS_BIT(i->ops[t].reg);
	return a;
}

/* Whether fn has a value of class cls that takes two registers (a
 * 16-byte general value: two adjacent registers, colour.c `starts`). */
static bool has_wide(const Fn *fn, int cls)
{
	for (int p = 0; p < fn->npseudo; p++)
		if (fn->pseudo[p].cls == cls &&
		    target_nregs(fn->target, cls, fn->pseudo[p].size) > 1)
			return true;
	return false;
}

/* set plus whole pairs of adjacent registers of all (r and r+1 in core
 * order, both outside set), in core order, while the size stays at most
 * n.  With 8 general registers and 16-byte values the set is then
 * {ax dx cx bx si di r8 r9}, four pairs, rather than {... bp r8}, whose
 * bp and r8 pair with nothing left (only three pairs: the spiller,
 * counting a pair as two registers, would keep four 16-byte values live
 * that no colouring can place). */
static RegSet add_pairs(RegSet set, RegSet all, int n)
{
	for (int r = 0; r + 1 < TGT_NREGS; r++) {
		RegSet pr = RS_BIT(r) | RS_BIT(r + 1);
		if (regset_count(set) + 2 > n)
			break;
		if ((all & pr) == pr && !(set & pr)) {
			set |= pr;
			r++;
		}
	}
	return set;
}

RegSet alloc_regset(const Fn *fn, int cls, int n)
{
	const Target *t = fn->target;
	RegSet all = target_allocatable(t, cls, fn->frame_pointer);
	if (n <= 0 || n >= regset_count(all))
		return all;
	RegSet set = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int b = 0; b < fn->nblk; b++)
			for (const Ins *i = fn->blk[b]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++) {
					RegSet a = required_regs(fn, i, k, cls,
								 all);
					if (!a)
						continue;
					int na = regset_count(a);
					if (pass == 0 && na == 1)
						set |= a;
					else if (pass == 1 && na > 1 && !(a & set))
						set |= RS_BIT(regset_first(a));
				}
	if (has_wide(fn, cls))
		set = add_pairs(set, all, n);
	for (RegSet m = all & ~set; m && regset_count(set) < n; m &= m - 1)
		set |= RS_BIT(regset_first(m));
	return set;
}

/* Registers value v weighs in class cls within avail. */
static int vweight(const Fn *fn, const RegSet avail[RC_NALLOC], int v,
		   int cls)
{
	if (v < fn->npseudo)
		return fn->pseudo[v].cls == cls
			       ? target_nregs(fn->target, cls,
					      fn->pseudo[v].size)
			       : 0;
	return RS_HAS(avail[cls], v - fn->npseudo) ? 1 : 0;
}

static int lweight(const Fn *fn, const RegSet avail[RC_NALLOC],
		   const LiveSet *L, int cls)
{
	int w = 0;
	for (int k = 0; k < L->n; k++)
		w += vweight(fn, avail, L->dense[k], cls);
	return w;
}

/* "b3 uid 7" for messages. */
static void at_str(const Blk *b, const Ins *i, char *buf, size_t len)
{
	if (i && i->uid)
		snprintf(buf, len, "b%d uid %d", b->id, i->uid);
	else
		snprintf(buf, len, "b%d", b->id);
}

/* Whether the values of L of class cls (and, when i is not NULL, the
 * registers and values i defines) leave enough disjoint register pairs
 * of avail[cls] for their values two registers wide, the hard-register
 * values among them holding their own registers. */
static bool pairs_fit(const Fn *fn, const RegSet avail[RC_NALLOC],
		      const LiveSet *L, const Ins *i, int cls)
{
	int wide = 0;
	RegSet held = 0;
	for (int k = 0; k <= (i ? i->nops : 0); k++) {
		int n = k == 0 ? L->n : 1;
		for (int j = 0; j < n; j++) {
			int v = k == 0 ? L->dense[j]
				       : live_value(fn, &i->ops[k - 1]);
			if (k > 0 && (v < 0 || !(i->ops[k - 1].flags & OF_DEF) ||
				      lset_has(L, v)))
				continue;
			if (v >= fn->npseudo)
				held |= RS_BIT(v - fn->npseudo);
			else if (vweight(fn, avail, v, cls) == 2)
				wide++;
		}
	}
	return !wide || wide <= regset_pair_count(avail[cls] & ~held);
}

/* Whether def operand k of i is tied to an operand reading a register
 * value: after constr_prepare that value dies at i, so the def (even an
 * early clobber) takes its register and adds no pressure before i. */
static bool tied_to_read(const Fn *fn, const Ins *i, int k)
{
	int t = constr_tie_partner(i, k);
	return t >= 0 && live_value(fn, &i->ops[t]) >= 0 &&
	       op_reads(fn, &i->ops[t]);
}

/* Whether fn (SSA form, prepared) needs no spilling with the registers
 * avail: pressure at most k everywhere, and at every call (and every
 * instruction clobbering registers of avail) no more values live across
 * it than registers it preserves that hold no hard-register value there
 * (its arguments).  Else the first excess in err. */
static bool fits(Fn *fn, const RegSet avail[RC_NALLOC], int *maxlive,
		 char *err, size_t errlen)
{
	const Target *t = fn->target;
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	LiveSet L;
	lset_init(&L, fn->arena, lv->nval);
	RegSet all_avail = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		all_avail |= avail[c];
	for (int b = 0; b < fn->nblk; b++) {
		if (!cfg_reachable(cfg, b))
			continue;
		const Blk *bb = fn->blk[b];
		live_set_out(lv, b, &L);
		for (const Ins *i = bb->last; i; i = i->prev) {
			int after[RC_NALLOC], across[RC_NALLOC] = {0};
			RegSet written = i->clobbers;
			for (int c = 0; c < RC_NALLOC; c++) {
				after[c] = lweight(fn, avail, &L, c);
				if (!pairs_fit(fn, avail, &L, i, c)) {
					char at[48];
					at_str(bb, i, at, sizeof at);
					return err_set(
						err, errlen,
						"%s: too few %s "
						"register pairs after it",
						at, t->class_name[c]);
				}
			}
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				int v = live_value(fn, o);
				if (v < 0 || !(o->flags & OF_DEF))
					continue;
				if (v >= fn->npseudo)
					written |= RS_BIT(v - fn->npseudo);
				if (!lset_has(&L, v))
					for (int c = 0; c < RC_NALLOC; c++)
						after[c] += vweight(fn, avail, v, c);
			}
			/* a call, or any instruction clobbering registers of
			 * the set (`clobber {st0,st1}`): the values living
			 * through it need registers it keeps */
			bool kills = i->kind == IK_CALL ||
				     (i->clobbers & all_avail);
			if (kills)
				for (int k = 0; k < L.n; k++) {
					int v = L.dense[k];
					bool def = false;
					for (int m = 0; m < i->nops; m++)
						def |= live_value(fn, &i->ops[m]) == v &&
						       (i->ops[m].flags & OF_DEF);
					if (v < fn->npseudo && !def)
						across[fn->pseudo[v].cls] +=
							vweight(fn, avail, v,
								fn->pseudo[v].cls);
				}
			live_step_back(fn, i, &L);
			/* the registers of hard-register values live before the
			 * call (its arguments, values living through it) hold
			 * them at the call: no value living across it can use
			 * them, preserved or not */
			RegSet held = 0;
			if (kills)
				for (int r = 0; r < TGT_NREGS; r++)
					if (lset_has(&L, fn->npseudo + r))
						held |= RS_BIT(r);
			for (int c = 0; c < RC_NALLOC; c++) {
				int before = lweight(fn, avail, &L, c);
				if (!pairs_fit(fn, avail, &L, NULL, c)) {
					char at[48];
					at_str(bb, i, at, sizeof at);
					return err_set(
						err, errlen,
						"%s: too few %s "
						"register pairs before it",
						at, t->class_name[c]);
				}
				for (int k = 0; k < i->nops; k++) {
					const Op *o = &i->ops[k];
					int v = live_value(fn, o);
					if (v >= 0 && (o->flags & OF_EARLY) &&
					    !lset_has(&L, v) && !tied_to_read(fn, i, k))
						before += vweight(fn, avail, v, c);
				}
				int p = before > after[c] ? before : after[c];
				if (p > maxlive[c])
					maxlive[c] = p;
				int k = regset_count(avail[c]);
				char at[48];
				at_str(bb, i, at, sizeof at);
				if (p > k)
					return err_set(
						err, errlen,
						"%s: %d %s registers needed, %d "
						"available",
						at, p, t->class_name[c], k);
				int keep = regset_count(avail[c] & ~written & ~held);
				if (across[c] > keep)
					return err_set(
						err, errlen,
						"%s: %d %s values live across the "
						"call, %d free registers it preserves",
						at, across[c], t->class_name[c],
						keep);
			}
		}
	}
	return true;
}

/* Lowers register pressure to |avail[c]| per class (spill.h) when the
 * function does not fit as it is; *slot_of gets the slot of every value
 * kept in memory (NULL when nothing was spilled). */
/* Whether remat instructions a and b compute the same thing (the def
 * aside): kind, name, constants. */
static bool same_remat(const Ins *a, const Ins *b)
{
	if (a->kind != b->kind || a->nops != b->nops ||
	    (a->name == NULL) != (b->name == NULL) ||
	    (a->name && strcmp(a->name, b->name)))
		return false;
	for (int k = 0; k < a->nops; k++) {
		const Op *x = &a->ops[k], *y = &b->ops[k];
		if (x->flags & OF_DEF)
			continue;
		if (x->kind != y->kind || x->imm != y->imm ||
		    ((x->kind == OK_SYM || x->kind == OK_MEMSYM) &&
		     strcmp(x->sym, y->sym)))
			return false;
	}
	return true;
}

/* Clears the [remat] flag of the definitions of versions whose original
 * pseudo also has other definitions (a remat names the original pseudo,
 * and the checker accepts it only when every definition of it is that
 * remat); returns the instructions changed, NULL-terminated, for
 * restore_remat. */
static Ins **hide_remat(Fn *fn, const Ssa *ssa)
{
	int np = fn->npseudo, n = 0;
	Ins **first = ARENA_NEW(fn->arena, Ins *, ssa->npseudo_orig + 1);
	bool *bad = ARENA_NEW(fn->arena, bool, ssa->npseudo_orig + 1);
	for (int pass = 0; pass < 2; pass++)
		for (int b = 0; b < fn->nblk; b++)
			for (Ins *i = fn->blk[b]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++) {
					const Op *o = &i->ops[k];
					if (o->kind != OK_PSEUDO ||
					    !(o->flags & OF_DEF) || o->reg >= np)
						continue;
					int org = ssa->origin[o->reg];
					if (org < 0)
						continue;
					if (pass == 0) {
						if (!(i->flags & INS_REMAT))
							bad[org] = true;
						else if (!first[org])
							first[org] = i;
						else if (!same_remat(first[org], i))
							bad[org] = true;
					} else if (bad[org] && (i->flags & INS_REMAT)) {
						n++;
					}
				}
	Ins **out = ARENA_NEW(fn->arena, Ins *, n + 1);
	n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (!(i->flags & INS_REMAT))
				continue;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind == OK_PSEUDO && (o->flags & OF_DEF) &&
				    o->reg < np && ssa->origin[o->reg] >= 0 &&
				    bad[ssa->origin[o->reg]]) {
					i->flags &= (uint8_t)~INS_REMAT;
					out[n++] = i;
					break;
				}
			}
		}
	out[n] = NULL;
	return out;
}

static void restore_remat(Ins **hidden)
{
	for (; *hidden; hidden++)
		(*hidden)->flags |= INS_REMAT;
}

/* Records the spiller's new pseudos as versions of the originals they
 * carry, for the renaming after SSA destruction. */
static bool adopt_versions(Fn *fn, Ssa *ssa, const SpillResult *res,
			   char *err, size_t errlen)
{
	int n = fn->npseudo;
	if (n > ssa->origin_cap) {
		ssa->origin = arena_grow(fn->arena, ssa->origin,
					 sizeof(int) * (size_t)ssa->origin_cap,
					 sizeof(int) * (size_t)n);
		ssa->origin_cap = n;
	}
	for (int p = ssa->norigin; p < n; p++) {
		int c = p < res->npseudo ? res->copy_of[p] : -1;
		if (fn->pseudo[p].cls < 0) {
			ssa->origin[p] = -1;
			continue;
		}
		if (c < 0 || c >= ssa->norigin || ssa->origin[c] < 0)
			return err_set(err, errlen,
				       "spilling: p%d carries no "
				       "known value",
				       p);
		ssa->origin[p] = ssa->origin[c];
	}
	ssa->norigin = n;
	return true;
}

static bool spill_step(Fn *fn, Ssa *ssa, const RegSet avail[RC_NALLOC],
		       bool memonly, AllocStats *st, int **slot_of, char *err,
		       size_t errlen)
{
	*slot_of = NULL;
	char why[200];
	int maxlive[RC_NALLOC] = {0};
	if (!memonly && fits(fn, avail, maxlive, why, sizeof why))
		return true;
	SpillOpts so;
	for (int c = 0; c < RC_NALLOC; c++)
		so.regs[c] = avail[c];
	SpillResult res;
	Ins **hidden = hide_remat(fn, ssa);
	bool ok = spill_fn(fn, &so, &res, why, sizeof why);
	restore_remat(hidden);
	if (!ok)
		return err_set(err, errlen, "spilling: %s", why);
	*slot_of = res.slot_of;
	st->spilled = true;
	return adopt_versions(fn, ssa, &res, err, errlen);
}

/* Where every pseudo of the coloured SSA function lives: its register,
 * else its spill slot, else (named by no register operand, not in
 * memory) anywhere valid. */
static Loc *locations(const Fn *fn, const Colour *c, const int *slot_of)
{
	Loc *loc = ARENA_NEW(fn->arena, Loc, fn->npseudo + 1);
	for (int p = 0; p < fn->npseudo; p++) {
		int cl = fn->pseudo[p].cls;
		if (p < c->np && c->reg[p] >= 0)
			loc[p] = (Loc){LOC_REG, c->reg[p]};
		else if (slot_of && slot_of[p] >= 0)
			loc[p] = (Loc){LOC_SLOT, slot_of[p]};
		else if (cl >= 0 && cl < RC_NALLOC)
			loc[p] = (Loc){LOC_REG, regset_first(
				c->avail[cl] ? c->avail[cl]
					     : fn->target->class_regs[cl])};
	}
	return loc;
}

/* Removes the memory phis (every operand in one slot: they move
 * nothing) so that SSA destruction sees register phis only. */
static void drop_memory_phis(Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		for (Ins *i = bb->first, *next; i && i->kind == IK_PHI; i = next) {
			next = i->next;
			if (i->ops[0].loc.kind == LOC_SLOT)
				ins_remove(bb, i);
		}
	}
}

static int width(const Fn *fn, int p)
{
	return target_nregs(fn->target, fn->pseudo[p].cls, fn->pseudo[p].size);
}

/* The registers of pseudo p at loc (none for a slot). */
static RegSet loc_span(const Fn *fn, int p, Loc loc)
{
	if (loc.kind != LOC_REG)
		return 0;
	RegSet s = 0;
	for (int k = 0; k < width(fn, p); k++)
		s |= RS_BIT(loc.num + k);
	return s;
}

/* Whether the pair =d, s of an inserted parallel copy becomes a move of
 * its own: a value of several registers, or a copy into another class
 * (constr_prepare's copy of a read tied to a def of the other class);
 * pcopy.h moves single registers of one class. */
static bool own_move(const Fn *fn, const Op *d, const Op *s)
{
	return d->kind == OK_PSEUDO && s->kind == OK_PSEUDO &&
	       (width(fn, d->reg) > 1 ||
		fn->pseudo[d->reg].cls != fn->pseudo[s->reg].cls);
}

/* Where pseudo operand o of an inserted parallel copy is: its own
 * location (a register part's), else its pseudo's. */
static Loc op_where(const Op *o, const Loc *loc)
{
	return o->loc.kind != LOC_NONE ? o->loc : loc[o->reg];
}

/* Whether pair j of the inserted parallel copy i can become a move of
 * its own ahead of i: no register it writes is read by another pair
 * (what it reads may be overwritten afterwards: it has been read) and
 * its two spans are equal or apart. */
static bool own_move_ok(const Fn *fn, const Ins *i, int j, const Loc *loc)
{
	const Op *d = &i->ops[2 * j], *s = &i->ops[2 * j + 1];
	RegSet ds = loc_span(fn, d->reg, op_where(d, loc));
	RegSet ss = loc_span(fn, s->reg, op_where(s, loc));
	RegSet os = 0; /* what the other pairs read */
	for (int m = 0; m < i->nops / 2; m++) {
		const Op *sm = &i->ops[2 * m + 1];
		if (m != j && sm->kind == OK_PSEUDO)
			os |= loc_span(fn, sm->reg, op_where(sm, loc));
	}
	return ds && ss && (ds == ss || (!(ds & ss) && !(ds & os)));
}

/* Whether pair =d, s moves a value of several registers of one class
 * between registers (a pair it may split into register parts). */
static bool wide_reg_pair(const Fn *fn, const Op *d, const Op *s,
			  const Loc *loc)
{
	return own_move(fn, d, s) &&
	       fn->pseudo[d->reg].cls == fn->pseudo[s->reg].cls &&
	       loc[d->reg].kind == LOC_REG && loc[s->reg].kind == LOC_REG;
}

/* Splits every pair of the inserted parallel copy i that moves a value
 * of several general registers (wide_reg_pair) into one pair per
 * register: `=q, q` for a fresh register part q (ssa_new_part), its
 * destination at the k-th register of the def's span, its source at the
 * k-th of the source's; the sequentializer then orders them with the
 * other pairs, cycles through a register pair included (broken with
 * swaps), and the parts become hard-register operands (`move =%dx,
 * %bx`), which the checker moves register by register. */
static void split_wide_pairs(Fn *fn, Ssa *ssa, Ins *i, const Loc *loc)
{
	int n = i->nops / 2, m = 0;
	for (int j = 0; j < n; j++)
		m += wide_reg_pair(fn, &i->ops[2 * j], &i->ops[2 * j + 1], loc)
			     ? width(fn, i->ops[2 * j].reg)
			     : 1;
	Op *ops = ARENA_NEW(fn->arena, Op, 2 * m);
	m = 0;
	for (int j = 0; j < n; j++) {
		const Op *d = &i->ops[2 * j], *s = &i->ops[2 * j + 1];
		if (!wide_reg_pair(fn, d, s, loc)) {
			ops[2 * m] = *d;
			ops[2 * m++ + 1] = *s;
			continue;
		}
		int cls = fn->pseudo[d->reg].cls;
		for (int k = 0; k < width(fn, d->reg); k++) {
			int q = ssa_new_part(fn, ssa, cls);
			ops[2 * m] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF,
					  .reg = q, .tie = -1, .from = -1,
					  .loc = {LOC_REG,
						  loc[d->reg].num + k}};
			ops[2 * m++ + 1] = (Op){.kind = OK_PSEUDO,
						.flags = OF_USE, .reg = q,
						.tie = -1, .from = -1,
						.loc = {LOC_REG,
							loc[s->reg].num + k}};
		}
	}
	i->ops = ops;
	i->nops = 2 * m;
}

/* The last spill through_slot made, for the next to reuse. */
typedef struct XSlots {
	Ins *last;  /* the last such spill, NULL */
	int blk;    /* its block's id */
	int slot;   /* its slot */
	Loc from;   /* the register it stored */
} XSlots;

/* Whether an instruction from a up to (not including) i may write a
 * register of the span rs: a def located there (a pseudo's own location
 * or, on an inserted parallel copy, its pseudo's, unless that pair's
 * source is in the same place), a hard-register def or a clobber; true
 * also when i does not follow a in its block. */
static bool writes_between(const Fn *fn, const Ins *a, const Ins *i,
			   RegSet rs, const Loc *loc)
{
	for (const Ins *x = a; x; x = x->next) {
		if (x == i)
			return false;
		if (x->clobbers & rs)
			return true;
		for (int k = 0; k < x->nops; k++) {
			const Op *o = &x->ops[k];
			if (!(o->flags & OF_DEF))
				continue;
			if (o->kind == OK_HREG && RS_HAS(rs, o->reg))
				return true;
			if (o->kind != OK_PSEUDO ||
			    !(loc_span(fn, o->reg, op_where(o, loc)) & rs))
				continue;
			/* a pair of an inserted parallel copy that leaves
			 * its value where it is writes the same bits */
			const Op *src = k + 1 < x->nops ? &x->ops[k + 1] : NULL;
			Loc ld = op_where(o, loc), ls;
			if (x->kind == IK_PCOPY && x->uid == 0 && src &&
			    src->kind == OK_PSEUDO && !(src->flags & OF_DEF) &&
			    (ls = op_where(src, loc)).kind == ld.kind &&
			    ls.num == ld.num && width(fn, o->reg) ==
			    width(fn, src->reg))
				continue;
			return true;
		}
	}
	return true; /* i not reached after a: not known */
}

/* Before i in b, the pair =d, s of an inserted parallel copy that moves
 * a value between classes into another number of registers (an SSE
 * register into a general register pair: constr_cross_words' copy), as
 * x86-64 without SSE4.1 does it: `spill =s @S, s @xmm` into a new slot S
 * of the value's size, then `reload =d @pair, s @S` (the checker gives
 * the k-th register of the pair the value's k-th word).  A value
 * already spilled so earlier in b is reloaded from that slot (SSA: s is
 * not redefined, and S is written by nothing else). */
static void through_slot(Fn *fn, Blk *b, Ins *i, const Op *d, const Op *s,
			 const Loc *loc, XSlots *xs)
{
	Loc from = loc[s->reg];
	RegSet rs = loc_span(fn, s->reg, from);
	int S = -1;
	if (xs->last && xs->blk == b->id &&
	    xs->from.kind == from.kind && xs->from.num == from.num &&
	    fn->slot[xs->slot].size == fn->pseudo[s->reg].size &&
	    !writes_between(fn, xs->last, i, rs, loc))
		S = xs->slot;
	if (S < 0) {
		S = fn_new_slot(fn, fn->pseudo[s->reg].size);
		Ins *sp = ins_new(fn, IK_SPILL, 2);
		sp->ops[0] = *s;
		sp->ops[0].flags = OF_DEF;
		sp->ops[0].loc = (Loc){LOC_SLOT, S};
		sp->ops[1] = *s;
		sp->ops[1].loc = loc[s->reg];
		ins_insert_before(b, i, sp);
		*xs = (XSlots){sp, b->id, S, from};
	}
	Ins *rl = ins_new(fn, IK_RELOAD, 2);
	rl->ops[0] = *d;
	rl->ops[0].loc = loc[d->reg];
	rl->ops[1] = *s;
	rl->ops[1].loc = (Loc){LOC_SLOT, S};
	ins_insert_before(b, i, rl);
}

/* The pairs of the inserted parallel copy i that copy a value of several
 * registers or between classes (see own_move) become moves of their own
 * ahead of it, with their locations, when own_move_ok; when a value of
 * several registers cannot (a cycle through a register pair: cx:bx ->
 * ax:dx while dx -> cx), the copy's wide pairs are split into register
 * parts first (split_wide_pairs). */
static bool wide_pairs(Fn *fn, Ssa *ssa, Blk *b, Ins *i, const Loc *loc,
		       XSlots *xs, char *err, size_t errlen)
{
	for (int j = 0; j < i->nops / 2; j++)
		if (wide_reg_pair(fn, &i->ops[2 * j], &i->ops[2 * j + 1], loc) &&
		    !own_move_ok(fn, i, j, loc)) {
			split_wide_pairs(fn, ssa, i, loc);
			break;
		}
	int n = i->nops / 2, keep = 0;
	for (int j = 0; j < n; j++) {
		Op *d = &i->ops[2 * j], *s = &i->ops[2 * j + 1];
		if (!own_move(fn, d, s))
			continue;
		if (!own_move_ok(fn, i, j, loc))
			return err_set(err, errlen,
				       "b%d: a value of several "
				       "registers or of another class "
				       "(p%d) cannot move in this "
				       "parallel copy",
				       b->id, d->reg);
		if (width(fn, d->reg) != width(fn, s->reg)) {
			through_slot(fn, b, i, d, s, loc, xs);
			continue;
		}
		Ins *mv = ins_new(fn, IK_MOVE, 2);
		mv->ops[0] = *d;
		mv->ops[1] = *s;
		mv->ops[0].loc = loc[d->reg];
		mv->ops[1].loc = loc[s->reg];
		ins_insert_before(b, i, mv);
	}
	for (int j = 0; j < n; j++) {
		if (own_move(fn, &i->ops[2 * j], &i->ops[2 * j + 1]))
			continue;
		i->ops[2 * keep] = i->ops[2 * j];
		i->ops[2 * keep++ + 1] = i->ops[2 * j + 1];
	}
	i->nops = 2 * keep;
	if (!keep)
		ins_remove(b, i);
	return true;
}

static bool lower_wide_pairs(Fn *fn, Ssa *ssa, const Loc *loc, char *err,
			     size_t errlen)
{
	XSlots xs = {NULL, -1, -1, {LOC_NONE, 0}};
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first, *next; i; i = next) {
			next = i->next;
			if (i->kind == IK_PCOPY && i->uid == 0 &&
			    !wide_pairs(fn, ssa, fn->blk[b], i, loc, &xs,
					err, errlen))
				return false;
		}
	return true;
}

/* Where operand o of an allocated function is. */
static Loc where_op(const Op *o)
{
	if (o->kind == OK_HREG)
		return (Loc){LOC_REG, o->reg};
	return o->loc;
}

/* Moves that move nothing (source and destination in one place) go. */
static void drop_null_moves(Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first, *next; i; i = next) {
			next = i->next;
			if (i->kind != IK_MOVE)
				continue;
			Loc d = where_op(&i->ops[0]), s = where_op(&i->ops[1]);
			if (d.kind == s.kind && d.num == s.num)
				ins_remove(fn->blk[b], i);
		}
}

/* The class of register location l, or -1 for any other location. */
static int loc_reg_class(const Fn *fn, Loc l)
{
	return l.kind == LOC_REG ? fn->target->regs[l.num].cls : -1;
}

/* Whether an inserted move or swap i transfers between an x87 register
 * and a register of another class (no such register move on x86). */
static bool x87_cross_move(const Fn *fn, const Ins *i)
{
	if ((i->kind != IK_MOVE && i->kind != IK_SWAP) || i->uid ||
	    i->nops != 2)
		return false;
	int a = loc_reg_class(fn, where_op(&i->ops[0]));
	int b = loc_reg_class(fn, where_op(&i->ops[1]));
	return a >= 0 && b >= 0 && a != b && (a == RC_X87 || b == RC_X87);
}

/* Every inserted move between an x87 register and a register of another
 * class (a value read by an x87 insn in an x87 register, moved there from
 * its SSE register by a constraint's copy) becomes a store of the source
 * into a new slot of the value's size and a load from it, as GCC's
 * secondary memory does (docs/ALLOC.md "Copies between x87 and SSE
 * registers").  False with err set for such a swap (not allocated). */
static bool x87_moves_via_memory(Fn *fn, char *err, size_t errlen)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first, *next; i; i = next) {
			next = i->next;
			if (!x87_cross_move(fn, i))
				continue;
			if (i->kind == IK_SWAP ||
			    i->ops[1].kind != OK_PSEUDO)
				return err_set(
					err, errlen,
					"not allocated: b%d: an exchange "
					"between x87 and other registers",
					fn->blk[b]->id);
			int S = fn_new_slot(fn,
					    fn->pseudo[i->ops[1].reg].size);
			Ins *sp = ins_new(fn, IK_SPILL, 2);
			sp->ops[0] = i->ops[1];
			sp->ops[0].flags = OF_DEF;
			sp->ops[0].loc = (Loc){LOC_SLOT, S};
			sp->ops[1] = i->ops[1];
			Ins *rl = ins_new(fn, IK_RELOAD, 2);
			rl->ops[0] = i->ops[0];
			rl->ops[1] = i->ops[1];
			rl->ops[1].loc = (Loc){LOC_SLOT, S};
			ins_insert_before(fn->blk[b], i, sp);
			ins_insert_before(fn->blk[b], i, rl);
			ins_remove(fn->blk[b], i);
		}
	return true;
}

/* Pairs of original copy i whose two sides are in different places. */
static int real_copies(const Ins *i)
{
	int n = 0;
	for (int k = 0; k + 1 < i->nops; k += 2) {
		Loc d = where_op(&i->ops[k]), s = where_op(&i->ops[k + 1]);
		n += d.kind != s.kind || d.num != s.num;
	}
	return n;
}

void alloc_count(const Fn *fn, AllocStats *st)
{
	st->spills = st->reloads = st->remats = st->moves = st->swaps =
		st->copies = (AllocCount){0};
	for (int b = 0; b < fn->nblk; b++) {
		int64_t w = bweight(fn->blk[b]);
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			AllocCount *c = NULL;
			switch (i->kind) {
			case IK_SPILL: c = &st->spills; break;
			case IK_RELOAD: c = &st->reloads; break;
			case IK_REMAT: c = &st->remats; break;
			case IK_MOVE: c = &st->moves; break;
			case IK_SWAP: c = &st->swaps; break;
			case IK_COPY:
			case IK_PCOPY:
				if (i->uid == 0) {
					c = &st->moves;
				} else {
					int n = real_copies(i);
					st->copies.n += n;
					st->copies.w += n * w;
				}
				break;
			default: break;
			}
			if (c) {
				c->n++;
				c->w += w;
			}
		}
	}
	st->slots = st->slot_bytes = 0;
	for (int s = 0; s < fn->nslot; s++)
		if (fn->slot[s].size > 0) {
			st->slots++;
			st->slot_bytes += fn->slot[s].size;
		}
}

static int count_ins(const Fn *fn)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		n += blk_nins(fn->blk[b]);
	return n;
}

/* Whether fn has a memory-only operand (OF_MEMONLY). */
static bool has_memonly(const Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].flags & OF_MEMONLY)
					return true;
	return false;
}

/* The memory-only operands the allocator places: tied to no operand;
 * a read of a part (`p[OFF,SIZE] {} mem`: those bytes of p's slot) and a
 * partial read-modify-write def (`+p[OFF,SIZE] {} mem`: it writes those
 * bytes of p's slot and keeps the rest, so the old and the new version
 * of p share one slot, memonly_mark_uses) included; a whole one both read
 * and written is refused.  Returns false with the first other one named
 * in err (not allocated). */
static bool memonly_supported(const Fn *fn, char *err, size_t errlen)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (!(o->flags & OF_MEMONLY))
					continue;
				const char *why = NULL;
				if (constr_tie_partner(i, k) >= 0)
					why = "tied to another operand";
				else if ((o->flags & (OF_USE | OF_DEF)) ==
					 (OF_USE | OF_DEF) && !o->sub_size)
					why = "both read and written";
				if (why)
					return err_set(
						err, errlen,
						"not allocated: uid %d: a "
						"memory-only operand %s "
						"(p%d)",
						i->uid, why, o->reg);
			}
	return true;
}

/* Gives every memory-only use of the SSA function a slot location
 * without a slot yet (LOC_SLOT, -1): from here on it is no register
 * use (liveness, constraints, colouring skip it); the spiller stores its
 * value and numbers the slot (spill.h).  The old version read by a
 * partial memory-only def (SSA's appended use tied to it, ssa.h) is such
 * a use too: the def rewrites part of that slot in place, so the spiller
 * gives both versions one slot (spill.c, assign_slots). */
static void memonly_mark_uses(Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->kind == OK_PSEUDO && !(o->flags & OF_DEF) &&
				    o->tie >= 0 && o->tie < i->nops &&
				    (i->ops[o->tie].flags & OF_MEMONLY))
					o->flags |= OF_MEMONLY;
				if ((o->flags & OF_MEMONLY) && !(o->flags & OF_DEF))
					o->loc = (Loc){LOC_SLOT, -1};
			}
}

/* The copy operands x87_copies_via_memory made memory only (copy, operand
 * index, original flags and register set), to restore. */
typedef struct X87Mark {
	Ins *ins;
	int k;
	uint8_t flags;
	RegSet allowed;
} X87Mark;
typedef struct X87Marks {
	int n;
	X87Mark *m; /* in fn's arena */
} X87Marks;

/* Whether registers of classes a and b have no register move between
 * them: one is x87 and the other not (docs/ALLOC.md "Copies between x87
 * and SSE registers"). */
static bool classes_need_memory(int a, int b)
{
	return a != b && (a == RC_X87 || b == RC_X87);
}

/* The class of operand o of fn: its pseudo's or its hard register's. */
static int x87_op_class(const Fn *fn, const Op *o)
{
	if (o->kind == OK_PSEUDO)
		return fn->pseudo[o->reg].cls;
	return fn->target->regs[o->reg].cls;
}

/* Every original copy of fn between an x87 value and a value of another
 * class, which x86 can only do through memory, gets one side memory
 * only (OF_MEMONLY): the destination when it is a pseudo, else the
 * source (an fld or fst of the slot then does the copy, and the other
 * side is a register).  False with err set when neither side is a whole
 * pseudo (not allocated). */
static bool x87_copies_via_memory(Fn *fn, X87Marks *xm, char *err,
				  size_t errlen)
{
	int cap = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			cap += i->kind == IK_COPY;
	xm->n = 0;
	xm->m = ARENA_NEW(fn->arena, X87Mark, cap ? cap : 1);
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind != IK_COPY || i->nops != 2)
				continue;
			Op *d = &i->ops[0], *s = &i->ops[1];
			if (!classes_need_memory(x87_op_class(fn, d),
						 x87_op_class(fn, s)))
				continue;
			int k = d->kind == OK_PSEUDO && !d->sub_size ? 0
				: s->kind == OK_PSEUDO && !s->sub_size ? 1
								       : -1;
			if (k < 0)
				return err_set(
					err, errlen,
					"not allocated: uid %d: a copy "
					"between x87 and other registers "
					"with no pseudo to keep in memory",
					i->uid);
			Op *m = &i->ops[k];
			xm->m[xm->n++] = (X87Mark){i, k, m->flags, m->allowed};
			m->flags |= OF_MEMONLY | OF_MEM;
			m->allowed = 0;
		}
	return true;
}

/* Undoes x87_copies_via_memory on the allocation: each marked operand
 * gets back its flags and register set (the allocation keeps the
 * original's shape; the memory side keeps its slot location). */
static void x87_copies_restore(const X87Marks *xm)
{
	for (int j = 0; j < xm->n; j++) {
		Op *o = &xm->m[j].ins->ops[xm->m[j].k];
		o->flags = xm->m[j].flags;
		o->allowed = xm->m[j].allowed;
	}
}

/* The pipeline on fn, a copy of the original; the result is fn. */
static bool run(Fn *fn, const AllocOpts *o, AllocStats *st, char *err,
		size_t errlen)
{
	const RegSet *avail = st->regs; /* alloc_regset's, of the original */
	double t0 = now();
	X87Marks xm;
	if (!x87_copies_via_memory(fn, &xm, err, errlen))
		return false;
	Ssa ssa;
	if (!ssa_construct(fn, &ssa, err, errlen))
		return false;
	bool memonly = has_memonly(fn);
	if (memonly)
		memonly_mark_uses(fn);
	st->nphi = ssa.nphi;
	ConstrStats cs = {0};
	ConstrParts parts;
	constr_partial(fn, &ssa, &parts);
	constr_cross_words(fn, &ssa);
	ConstrWords words;
	constr_words(fn, &ssa, &words);
	if (!constr_prepare(fn, &ssa, &cs, err, errlen))
		return false;
	double t1 = now();
	int *slot_of;
	if (!spill_step(fn, &ssa, avail, memonly, st, &slot_of, err, errlen))
		return false;
	double t2 = now();
	if (!constr_split(fn, &ssa, avail, &cs, err, errlen))
		return false;
	st->prep_copies = cs.ncopy;
	st->perms = cs.nperm;
	st->perm_values = cs.npairs;
	st->recon_phis = cs.nphi;
	double t3 = now();
	Colour col;
	if (!colour_fn(fn, avail, &col, err, errlen))
		return false;
	for (int c = 0; c < RC_NALLOC; c++)
		st->maxlive[c] = col.maxlive[c];
	double t4 = now();
	CoalesceStats co = {0};
	if (o->no_coalesce)
		co.aff_before = co.aff_after = colour_aff_satisfied(&col,
								    &co.aff_total);
	else
		coalesce(fn, &col, &co);
	st->aff_total = co.aff_total;
	st->aff_colour = co.aff_before;
	st->aff_final = co.aff_after;
	st->recoloured = co.nrecolour;
	char why[200];
	if (!colour_valid(fn, &col, why, sizeof why))
		return err_set(err, errlen, "internal: invalid colouring: %s",
			       why);
	double t5 = now();
	Loc *loc = locations(fn, &col, slot_of);
	drop_memory_phis(fn);
	if (!lower_wide_pairs(fn, &ssa, loc, err, errlen))
		return false;
	SsaDestrStats ds;
	if (!ssa_destruct_within(fn, &ssa, loc, avail, &ds, err, errlen))
		return false;
	st->split_edges = ds.nsplit;
	if (!constr_partial_finish(&parts, err, errlen) ||
	    !constr_words_finish(&words, err, errlen))
		return false;
	drop_null_moves(fn);
	if (!x87_moves_via_memory(fn, err, errlen))
		return false;
	double t6 = now();
	st->t_ssa = t1 - t0;
	st->t_spill = t2 - t1;
	st->t_constr = t3 - t2;
	st->t_colour = t4 - t3;
	st->t_coalesce = t5 - t4;
	st->t_destruct = t6 - t5;
	x87_copies_restore(&xm);
	alloc_count(fn, st);
	return true;
}

/* The pipeline on a copy of orig whose eligible hard-register webs are
 * constrained values (hardweb.h), the original hard-register operands
 * restored in the result.  NULL when orig has no such web (nothing in
 * err) or on failure (the reason in err).  st holds the register sets;
 * it is filled only on success. */
static Fn *alloc_hardwebs(const Fn *orig, const AllocOpts *o, AllocStats *st,
			  char *err, size_t errlen, bool entry)
{
	Fn *fn = fn_copy(orig);
	HardWebs hw;
	if (!(entry ? hardweb_convert_entry(fn, st->regs, &hw)
		    : hardweb_convert(fn, st->regs, &hw))) {
		fn_free(fn);
		return NULL;
	}
	AllocStats again = *st;
	if (!run(fn, o, &again, err, errlen) ||
	    !hardweb_restore(fn, &hw, err, errlen)) {
		fn_free(fn);
		return NULL;
	}
	*st = again;
	st->hardwebs = hw.nweb;
	return fn;
}

Fn *ssa_alloc(const Fn *orig, const AllocOpts *o, AllocStats *st, char *err,
	      size_t errlen)
{
	AllocOpts dflt = {0};
	AllocStats local;
	if (!o)
		o = &dflt;
	if (!st)
		st = &local;
	*st = (AllocStats){0};
	if (orig->unsupported) {
		err_set(err, errlen, "unsupported: %s", orig->unsupported);
		return NULL;
	}
	if (orig->allocated) {
		err_set(err, errlen, "already allocated");
		return NULL;
	}
	if (!memonly_supported(orig, err, errlen))
		return NULL;
	st->nins = count_ins(orig);
	for (int c = 0; c < RC_NALLOC; c++) {
		st->regs[c] = alloc_regset(orig, c, o->nregs[c]);
		st->k[c] = regset_count(st->regs[c]);
	}
	/* the register sets before run's partial statistics; alloc_hardwebs
	 * writes it only on success */
	AllocStats first = *st;
	char err2[512];
	Fn *fn;
	if (o->hardweb == HARDWEB_ALWAYS &&
	    (fn = alloc_hardwebs(orig, o, st, err2, sizeof err2, false)))
		return fn;
	fn = fn_copy(orig);
	if (run(fn, o, st, err, errlen))
		return fn;
	fn_free(fn);
	/* The retries' own failures are not reported: the first reason is.
	 * The second retry takes the incoming arguments' webs too. */
	for (int entry = 0; o->hardweb == HARDWEB_RETRY && entry < 2; entry++)
		if ((fn = alloc_hardwebs(orig, o, &first, err2, sizeof err2,
					 entry))) {
			*st = first;
			return fn;
		}
	return NULL;
}
