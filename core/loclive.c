/* loclive.c - liveness of the registers of an allocated function
 * (loclive.h): a backward data-flow over core registers. */
#include "loclive.h"

#include <string.h>

/* The registers operand o of fn's instruction occupies: a hard
 * register, or the location of a located pseudo (its first register
 * and, for a value of several, the next ones), or a bare location's;
 * none for constants and stack slots. */
static RegSet op_regs(const Fn *fn, const Op *o)
{
	const Target *t = fn->target;
	if (o->kind == OK_HREG)
		return o->reg >= 0 && o->reg < TGT_NREGS ? RS_BIT(o->reg) : 0;
	if ((o->kind != OK_PSEUDO && o->kind != OK_LOC) ||
	    o->loc.kind != LOC_REG || o->loc.num < 0 ||
	    o->loc.num >= TGT_NREGS)
		return 0;
	int r = o->loc.num, cls = t->regs[r].cls, n = 1;
	if (o->kind == OK_PSEUDO && o->reg >= 0 && o->reg < fn->npseudo &&
	    !o->sub_size && !(o->flags & OF_WORD))
		n = target_nregs(t, cls, fn->pseudo[o->reg].size);
	RegSet s = 0;
	for (int k = 0; k < n && r + k < TGT_NREGS; k++)
		s |= RS_BIT(r + k);
	return s;
}

/* The registers i reads (*use) and writes whole (*def: definitions
 * that do not read, clobbers). */
static void effects(const Fn *fn, const Ins *i, RegSet *use, RegSet *def)
{
	*use = 0;
	*def = i->clobbers;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		RegSet r = op_regs(fn, o);
		if (op_reads(fn, o) || !(o->flags & OF_DEF))
			*use |= r;
		else
			*def |= r;
	}
}

/* Live before i, from live after it. */
static RegSet step(const Fn *fn, const Ins *i, RegSet after)
{
	RegSet use, def;
	effects(fn, i, &use, &def);
	return (after & ~def) | use;
}

/* Live at the start of block b, from l->out[b]. */
static RegSet block_in(const LocLive *l, int b)
{
	RegSet live = l->out[b];
	for (const Ins *i = l->fn->blk[b]->last; i; i = i->prev)
		live = step(l->fn, i, live);
	return live;
}

LocLive *loclive_build(const Fn *fn)
{
	LocLive *l = ARENA_NEW(fn->arena, LocLive, 1);
	l->fn = fn;
	l->out = ARENA_NEW(fn->arena, RegSet, fn->nblk + 1);
	RegSet *in = ARENA_NEW(fn->arena, RegSet, fn->nblk + 1);
	for (bool changed = true; changed;) {
		changed = false;
		for (int b = fn->nblk - 1; b >= 0; b--) {
			const Blk *k = fn->blk[b];
			RegSet out = 0;
			for (int s = 0; s < k->nsucc; s++)
				out |= in[k->succ[s].blk];
			l->out[b] = out;
			RegSet nin = block_in(l, b);
			if (nin != in[b]) {
				in[b] = nin;
				changed = true;
			}
		}
	}
	return l;
}

void loclive_at(const LocLive *l, int b, const Ins *at, RegSet *before,
		RegSet *after)
{
	RegSet live = l->out[b];
	for (const Ins *i = l->fn->blk[b]->last; i; i = i->prev) {
		if (i == at) {
			*after = live;
			*before = step(l->fn, i, live);
			return;
		}
		live = step(l->fn, i, live);
	}
	*before = *after = live;
}
