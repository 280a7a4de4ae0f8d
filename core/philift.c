/* philift.c - Pereira and Palsberg's phi lifting (see philift.h). */
#include "philift.h"

#include "cfg.h"
#include "liveness.h"

/* Whether phi i's value is a register value phi_lift treats: a whole
 * pseudo of the general or SSE class, not in memory. */
static bool liftable_phi(const Fn *fn, const Ins *i)
{
	const Op *d = &i->ops[0];
	return d->kind == OK_PSEUDO && d->loc.kind != LOC_SLOT &&
	       !d->sub_size && d->reg < fn->npseudo &&
	       (fn->pseudo[d->reg].cls == RC_GPR ||
		fn->pseudo[d->reg].cls == RC_SSE);
}

/* Whether block p's last instruction lets a copy go before it: no
 * instruction, or one reading and writing no register value. */
static bool end_free(const Fn *fn, const Blk *p)
{
	const Ins *l = p->last;
	if (!l || l->kind != IK_BRANCH)
		return true;
	for (int k = 0; k < l->nops; k++)
		if (l->ops[k].kind == OK_PSEUDO || live_value(fn, &l->ops[k]) >= 0)
			return false;
	return true;
}

/* Whether operand k (from predecessor p) of phi i of block b may be
 * lifted: p's one successor is b, on a normal edge, its end free, and
 * the argument dies at p's end (lv: fn's liveness before any lifting;
 * no other phi of b reads it from p). */
static bool liftable_arg(const Fn *fn, const Live *lv, const Blk *b,
			 const Ins *i, int k)
{
	const Op *o = &i->ops[k];
	if (o->kind != OK_PSEUDO || o->sub_size || o->reg >= lv->npseudo ||
	    o->loc.kind == LOC_SLOT || o->from < 0)
		return false;
	const Blk *p = fn->blk[o->from];
	if (p->nsucc != 1 || (p->succ[0].flags & EF_ABNORMAL) ||
	    !end_free(fn, p) || live_in_has(lv, b->idx, o->reg))
		return false;
	for (const Ins *j = b->first; j && j->kind == IK_PHI; j = j->next)
		for (int m = 1; m < j->nops; m++)
			if ((j != i || m != k) && j->ops[m].from == o->from &&
			    j->ops[m].kind == OK_PSEUDO &&
			    j->ops[m].reg == o->reg)
				return false;
	return true;
}

/* A copy `=d, s` of two whole pseudos (uid 0: an inserted move). */
static Ins *new_copy(Fn *fn, int d, int s)
{
	return ins_transfer(fn, IK_COPY, d, (Loc){0}, s, (Loc){0});
}

/* Lifts phi i of block b (liftable_phi): its arguments where
 * liftable_arg, and its value; returns the copies made. */
static int lift_one(Fn *fn, Ssa *ssa, const Live *lv, Blk *b, Ins *i,
		    Ins *after)
{
	int n = 0;
	for (int k = 1; k < i->nops; k++) {
		if (!liftable_arg(fn, lv, b, i, k))
			continue;
		Op *o = &i->ops[k];
		Blk *p = fn->blk[o->from];
		int v = ssa_new_version(fn, ssa, o->reg);
		Ins *c = new_copy(fn, v, o->reg);
		ins_insert_before(p, p->last && p->last->kind == IK_BRANCH
					     ? p->last
					     : NULL,
				  c);
		o->reg = v;
		n++;
	}
	int a = i->ops[0].reg, a2 = ssa_new_version(fn, ssa, a);
	i->ops[0].reg = a2;
	ins_insert_after(b, after, new_copy(fn, a, a2));
	return n + 1;
}

int phi_lift(Fn *fn, Ssa *ssa)
{
	Cfg *cfg = cfg_build(fn);
	const Live *lv = live_compute(fn, cfg);
	int n = 0;
	for (int bi = 0; bi < fn->nblk; bi++) {
		Blk *b = fn->blk[bi];
		if (!cfg_reachable(cfg, bi))
			continue;
		Ins *last = NULL; /* the block's last phi */
		for (Ins *i = b->first; i && i->kind == IK_PHI; i = i->next)
			last = i;
		Ins *after = last;
		for (Ins *i = b->first; i && i->kind == IK_PHI; i = i->next)
			if (liftable_phi(fn, i)) {
				n += lift_one(fn, ssa, lv, b, i, after);
				after = after->next;
			}
	}
	return n;
}
