/* memonly.c - memory-only operands (see memonly.h): the check that the
 * allocator places them all, and their uses marked as slot reads on the
 * SSA function.  Requires the tie facts of constraints.h. */
#include "memonly.h"

#include "constraints.h"
#include "err.h"

bool memonly_has(const Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].flags & OF_MEMONLY)
					return true;
	return false;
}

bool memonly_supported(const Fn *fn, char *err, size_t errlen)
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
						"uid %d: a "
						"memory-only operand %s "
						"(p%d)",
						i->uid, why, o->reg);
			}
	return true;
}

void memonly_mark_uses(Fn *fn)
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

