/* widemove.c - moves of their own for the pairs of inserted parallel
 * copies that move values of several registers or between classes (see
 * widemove.h).  Requires located operands (locations.h) on the SSA
 * function, before SSA destruction sequentializes the copies. */
#include "widemove.h"

#include "err.h"

/* The registers pseudo p takes. */
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
		       XSlots *xs, bool *split, char *err, size_t errlen)
{
	for (int j = 0; j < i->nops / 2; j++)
		if (wide_reg_pair(fn, &i->ops[2 * j], &i->ops[2 * j + 1], loc) &&
		    !own_move_ok(fn, i, j, loc)) {
			split_wide_pairs(fn, ssa, i, loc);
			*split = true;
			break;
		}
	int n = i->nops / 2, keep = 0;
	bool moved = false; /* some pair moves on its own */
	for (int j = 0; j < n; j++) {
		Op *d = &i->ops[2 * j], *s = &i->ops[2 * j + 1];
		if (!own_move(fn, d, s))
			continue;
		moved = true;
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
	if (!moved && n > 0)
		return true; /* every pair stays */
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

bool widemove_lower(Fn *fn, Ssa *ssa, const Loc *loc, char *err, size_t errlen)
{
	bool split;
	return widemove_lower_split(fn, ssa, loc, &split, err, errlen);
}

bool widemove_lower_split(Fn *fn, Ssa *ssa, const Loc *loc, bool *split,
			  char *err, size_t errlen)
{
	XSlots xs = {NULL, -1, -1, {LOC_NONE, 0}};
	*split = false;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first, *next; i; i = next) {
			next = i->next;
			if (i->kind == IK_PCOPY && i->uid == 0 &&
			    !wide_pairs(fn, ssa, fn->blk[b], i, loc, &xs,
					split, err, errlen))
				return false;
		}
	return true;
}

