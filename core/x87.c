/* x87.c - copies between x87 registers and other registers through
 * memory (see x87.h): before allocation on the original copies, after it
 * on the inserted moves.  Requires locations on operands (locations.h)
 * for the second part. */
#include "x87.h"

#include "err.h"
#include "locations.h"

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
	int a = loc_reg_class(fn, op_location(&i->ops[0]));
	int b = loc_reg_class(fn, op_location(&i->ops[1]));
	return a >= 0 && b >= 0 && a != b && (a == RC_X87 || b == RC_X87);
}

bool x87_moves_via_memory(Fn *fn, char *err, size_t errlen)
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
					"b%d: an exchange "
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


/* Whether registers of classes a and b have no register move between
 * them: one is x87 and the other not (docs/ALLOC.md "Copies between x87
 * and SSE registers"). */
static bool classes_need_memory(int a, int b)
{
	return a != b && (a == RC_X87 || b == RC_X87);
}

/* Whether copy operand o may be the memory side of an x87 copy: a whole
 * pseudo whose constraint admits memory (the capture's `mem`: GCC's move
 * pattern has an "m" alternative there).  Without OF_MEM the allocation
 * would put a slot where the original asks for a register. */
static bool memory_side_ok(const Op *o)
{
	return o->kind == OK_PSEUDO && !o->sub_size && (o->flags & OF_MEM);
}

/* The class of operand o of fn: its pseudo's or its hard register's. */
static int x87_op_class(const Fn *fn, const Op *o)
{
	if (o->kind == OK_PSEUDO)
		return fn->pseudo[o->reg].cls;
	return fn->target->regs[o->reg].cls;
}

/* Room in xm for one more mark (cap: its room so far). */
static void mark_room(Fn *fn, X87Marks *xm, int *cap)
{
	if (xm->n < *cap)
		return;
	int c = 2 * *cap + 4;
	xm->m = arena_grow_raw(fn->arena, xm->m,
			       sizeof(X87Mark) * (size_t)*cap,
			       sizeof(X87Mark) * (size_t)c);
	*cap = c;
}

bool x87_copies_via_memory(Fn *fn, X87Marks *xm, char *err, size_t errlen)
{
	/* one walk: the marks' room grows with them (most functions have
	 * none) */
	int cap = 0;
	xm->n = 0;
	xm->m = NULL;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind != IK_COPY || i->nops != 2)
				continue;
			Op *d = &i->ops[0], *s = &i->ops[1];
			if (!classes_need_memory(x87_op_class(fn, d),
						 x87_op_class(fn, s)))
				continue;
			int k = memory_side_ok(d) ? 0
				: memory_side_ok(s) ? 1
						    : -1;
			if (k < 0)
				return err_set(
					err, errlen,
					"uid %d: a copy "
					"between x87 and other registers "
					"with no pseudo that may be in "
					"memory",
					i->uid);
			Op *m = &i->ops[k];
			mark_room(fn, xm, &cap);
			xm->m[xm->n++] = (X87Mark){i, k, m->flags, m->allowed};
			m->flags |= OF_MEMONLY | OF_MEM;
			m->allowed = 0;
		}
	return true;
}

bool x87_phis_copy(const Fn *fn, char *err, size_t errlen)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
		     i = i->next) {
			const Op *d = &i->ops[0];
			if (d->kind != OK_PSEUDO || d->sub_size ||
			    fn->pseudo[d->reg].cls != RC_X87)
				continue;
			for (int k = 1; k < i->nops; k++) {
				const Op *s = &i->ops[k];
				if (s->kind == OK_PSEUDO && !s->sub_size &&
				    fn->pseudo[s->reg].cls == RC_X87 &&
				    fn->pseudo[s->reg].size !=
					    fn->pseudo[d->reg].size)
					return err_set(
						err, errlen,
						"b%d: phi uid %d: x87 source "
						"p%d of another size than "
						"p%d (a conversion, not a "
						"copy)",
						fn->blk[b]->id, i->uid, s->reg,
						d->reg);
			}
		}
	return true;
}

void x87_copies_restore(const X87Marks *xm)
{
	for (int j = 0; j < xm->n; j++) {
		Op *o = &xm->m[j].ins->ops[xm->m[j].k];
		o->flags = xm->m[j].flags;
		o->allowed = xm->m[j].allowed;
	}
}

