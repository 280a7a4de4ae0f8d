/* remat.c - hiding the [remat] marks the checker would refuse from the
 * spiller (see remat.h): a remat names the original pseudo, so every
 * definition of that pseudo must be the same remat.  Requires SSA form
 * and its origins (ssa.h). */
#include "remat.h"

#include <stdlib.h>
#include <string.h>

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

/* Whether operand o of fn (np pseudos) defines a version whose
 * original pseudo remat_hide found bad. */
static bool defines_bad(const Op *o, int np, const Ssa *ssa, const bool *bad)
{
	return o->kind == OK_PSEUDO && (o->flags & OF_DEF) && o->reg < np &&
	       ssa->origin[o->reg] >= 0 && bad[ssa->origin[o->reg]];
}

/* One walk over the definitions finds the bad original pseudos and the
 * [remat] instructions (kept in order in a scratch list); the
 * instructions to change are then among those only. */
Ins **remat_hide(Fn *fn, const Ssa *ssa)
{
	int np = fn->npseudo, n = 0, nr = 0, cap = 0;
	Ins **first = ARENA_NEW(fn->arena, Ins *, ssa->npseudo_orig + 1);
	bool *bad = ARENA_NEW(fn->arena, bool, ssa->npseudo_orig + 1);
	Ins **rem = NULL;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->flags & INS_REMAT) {
				if (nr == cap) {
					cap = cap ? 2 * cap : 16;
					rem = realloc(rem, sizeof *rem * (size_t)cap);
					if (!rem)
						abort();
				}
				rem[nr++] = i;
			}
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO ||
				    !(o->flags & OF_DEF) || o->reg >= np)
					continue;
				int org = ssa->origin[o->reg];
				if (org < 0)
					continue;
				if (!(i->flags & INS_REMAT))
					bad[org] = true;
				else if (!first[org])
					first[org] = i;
				else if (!same_remat(first[org], i))
					bad[org] = true;
			}
		}
	/* as many entries as such definition operands, as before */
	for (int j = 0; j < nr; j++)
		for (int k = 0; k < rem[j]->nops; k++)
			n += defines_bad(&rem[j]->ops[k], np, ssa, bad);
	Ins **out = ARENA_NEW(fn->arena, Ins *, n + 1);
	n = 0;
	for (int j = 0; j < nr; j++) {
		Ins *i = rem[j];
		for (int k = 0; k < i->nops; k++)
			if (defines_bad(&i->ops[k], np, ssa, bad)) {
				i->flags &= (uint16_t)~INS_REMAT;
				out[n++] = i;
				break;
			}
	}
	free(rem);
	out[n] = NULL;
	return out;
}

void remat_restore(Ins **hidden)
{
	for (; *hidden; hidden++)
		(*hidden)->flags |= INS_REMAT;
}

Ins *remat_make(Fn *fn, const Ins *d, int p)
{
	int nc = 0;
	for (int k = 0; k < d->nops; k++)
		nc += op_is_const(&d->ops[k]);
	Ins *i = ins_new(fn, IK_REMAT, 1 + nc);
	i->name = d->name;
	i->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = p,
			 .tie = -1, .from = -1};
	nc = 1;
	for (int k = 0; k < d->nops; k++)
		if (op_is_const(&d->ops[k])) {
			Op o = d->ops[k];
			o.flags = OF_USE;
			o.tie = -1;
			o.allowed = 0;
			o.sub_off = o.sub_size = 0;
			i->ops[nc++] = o;
		}
	return i;
}
