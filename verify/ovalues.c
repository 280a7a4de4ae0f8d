/* ovalues.c - setup, what the original says of its values: the widths
 * of hard-register values, the rematerializable pseudos, and the values
 * only uninterpreted computations name (which needs the liveness of
 * vlive.c). */
#include "vstate.h"

#include <string.h>

/* ---- Widths of hard-register values ------------------------------------ */

/* The width of hard register operand k of original instruction i: in a
 * copy (a pair of whole values) the size of the pseudo paired with it;
 * otherwise 0 (unknown). */
static int hard_op_width(const Chk *c, const Ins *i, int k)
{
	if (!copy_like(i))
		return 0;
	const Op *other = &i->ops[k % 2 ? k - 1 : k + 1];
	return other->kind == OK_PSEUDO && other->reg < c->npseudo
		       ? c->o->pseudo[other->reg].size
		       : 0;
}

void setup_hard_widths(Chk *c)
{
	const Fn *o = c->o;
	int full[TGT_NREGS];
	for (int r = 0; r < TGT_NREGS; r++) {
		int cls = c->t->regs[r].cls;
		full[r] = cls >= 0 && cls < RC_NALLOC ? c->t->class_bytes[cls]
						      : 8;
		c->hw[r] = 0;
	}
	for (int b = 0; b < o->nblk; b++) {
		RegSet defd = 0; /* defined earlier in this block */
		for (const Ins *i = o->blk[b]->first; i; i = i->next) {
			for (int k = 0; k < i->nops; k++) {
				const Op *op = &i->ops[k];
				int r = op->reg;
				if (op->kind != OK_HREG || r < 0 || r >= TGT_NREGS)
					continue;
				int w = hard_op_width(c, i, k);
				bool def = op->flags & OF_DEF;
				if (!def && RS_HAS(defd, r))
					continue;
				if (!w || op->sub_size)
					w = full[r];
				if (w > c->hw[r])
					c->hw[r] = w;
			}
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].kind == OK_HREG &&
				    (i->ops[k].flags & OF_DEF) &&
				    i->ops[k].reg >= 0 &&
				    i->ops[k].reg < TGT_NREGS)
					defd |= RS_BIT(i->ops[k].reg);
		}
	}
}

/* ---- Rematerializable pseudos ------------------------------------------ */

static bool str_same(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

/* Whether two definitions of one pseudo compute the same thing. */
static bool same_def(const Ins *x, const Ins *y)
{
	if (!same_shape(x, y) || !str_same(x->name, y->name) ||
	    x->flags != y->flags)
		return false;
	for (int k = 0; k < x->nops; k++)
		if (op_is_value(&x->ops[k]) &&
		    (x->ops[k].kind != y->ops[k].kind ||
		     x->ops[k].reg != y->ops[k].reg))
			return false;
	return true;
}

void setup_remat(Chk *c)
{
	const Fn *o = c->o;
	bool *bad = ARENA_NEW(c->a, bool, c->npseudo + 1);
	for (int b = 0; b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next) {
			int ndef = 0;
			bool consts = true;
			for (int k = 0; k < i->nops; k++) {
				if (i->ops[k].flags & OF_DEF)
					ndef++;
				else if (op_is_value(&i->ops[k]))
					consts = false;
			}
			for (int k = 0; k < i->nops; k++) {
				const Op *op = &i->ops[k];
				if (!(op->flags & OF_DEF) ||
				    op->kind != OK_PSEUDO)
					continue;
				int p = op->reg;
				bool ok = (i->flags & INS_REMAT) && ndef == 1 &&
					  consts && i->kind != IK_PHI &&
					  !op->sub_size &&
					  !(op->flags & OF_USE);
				if (!ok)
					bad[p] = true;
				else if (!c->remat_def[p])
					c->remat_def[p] = i;
				else if (!same_def(c->remat_def[p], i))
					bad[p] = true;
			}
		}
	for (int p = 0; p < c->npseudo; p++)
		if (bad[p])
			c->remat_def[p] = NULL;
}

/* ---- Unnamed values ---------------------------------------------------- */

/* Whether original instruction i's definition of value v keeps v
 * unnamed (setup_unnamed): an `ord` that is no [remat] (an
 * uninterpreted computation, which GCC may know to be a constant: a
 * constant-pool load into a subreg, an equivalence the capture does not
 * show), or a copy or phi whose source at that position is unnamed. */
static bool unnamed_def(const Chk *c, const Ins *i, int k)
{
	if (i->kind == IK_ORD)
		return !(i->flags & INS_REMAT);
	if ((i->kind == IK_COPY || i->kind == IK_PCOPY) && k % 2 == 0 &&
	    k + 1 < i->nops && op_is_value(&i->ops[k + 1]) &&
	    !i->ops[k + 1].sub_size)
		return c->unnamed[value_of(c, &i->ops[k + 1])];
	if (i->kind == IK_PHI && k == 0) {
		for (int j = 1; j < i->nops; j++)
			if (!op_is_value(&i->ops[j]) ||
			    !c->unnamed[value_of(c, &i->ops[j])])
				return false;
		return true;
	}
	return false;
}

void setup_unnamed(Chk *c)
{
	const Fn *o = c->o;
	c->unnamed = ARENA_NEW(c->a, bool, c->nval + 1);
	for (int b = 0; b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if ((i->ops[k].flags & OF_DEF) &&
				    op_is_value(&i->ops[k]))
					c->unnamed[value_of(c, &i->ops[k])] =
						true;
	/* a value live at the entry (an incoming argument register, an
	 * uninitialized pseudo) may be read there: named */
	for (int v = 0; v < c->nval; v++)
		if (c->unnamed[v] && live_at(c, c->f->entry, v))
			c->unnamed[v] = false;
	for (bool changed = true; changed;) {
		changed = false;
		for (int b = 0; b < o->nblk; b++)
			for (const Ins *i = o->blk[b]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++) {
					const Op *op = &i->ops[k];
					if (!(op->flags & OF_DEF) ||
					    !op_is_value(op))
						continue;
					int v = value_of(c, op);
					if (c->unnamed[v] &&
					    !unnamed_def(c, i, k)) {
						c->unnamed[v] = false;
						changed = true;
					}
				}
	}
}
