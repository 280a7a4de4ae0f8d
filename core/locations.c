/* locations.c - from colours to locations: where every pseudo and
 * operand is, and the phis and moves that then move nothing removed
 * (see locations.h).  Requires a coloured function (colour.h). */
#include "locations.h"

Loc *locations(const Fn *fn, const Colour *c, const int *slot_of)
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

void drop_memory_phis(Fn *fn)
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

Loc op_location(const Op *o)
{
	if (o->kind == OK_HREG)
		return (Loc){LOC_REG, o->reg};
	return o->loc;
}

void drop_null_moves(Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first, *next; i; i = next) {
			next = i->next;
			if (i->kind != IK_MOVE)
				continue;
			Loc d = op_location(&i->ops[0]), s = op_location(&i->ops[1]);
			if (d.kind == s.kind && d.num == s.num)
				ins_remove(fn->blk[b], i);
		}
}

