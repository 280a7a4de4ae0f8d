/* locations.c - from colours to locations: where every pseudo and
 * operand is, and the phis and moves that then move nothing removed
 * (see locations.h).  Requires a coloured function (colour.h). */
#include "locations.h"

#include <string.h>

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


/* The registers operand o of fn occupies where it is located in a
 * register: r, and r + 1 too for a general value wider than a word (a
 * pair) or a hard register (its width unknown here: both, to be safe);
 * 0 when not in a register. */
static inline int op_regs(const Fn *fn, const Op *o, int *r)
{
	Loc l = op_location(o);
	if (l.kind != LOC_REG)
		return 0;
	*r = l.num;
	if (o->kind == OK_PSEUDO && o->reg < fn->npseudo &&
	    !(fn->pseudo[o->reg].cls == RC_GPR && fn->pseudo[o->reg].size > 8))
		return 1;
	return 2;
}

/* Whether operands a and b name one pseudo. */
static bool same_pseudo(const Op *a, const Op *b)
{
	return a->kind == OK_PSEUDO && b->kind == OK_PSEUDO && a->reg == b->reg;
}

/* Whether move i moves one whole single-register pseudo between two
 * registers: *d and *s. */
static bool plain_move(const Fn *fn, const Ins *i, int *d, int *s)
{
	if (i->kind != IK_MOVE || i->nops != 2 || i->ops[0].sub_size ||
	    i->ops[1].sub_size || !same_pseudo(&i->ops[0], &i->ops[1]))
		return false;
	return op_regs(fn, &i->ops[0], d) == 1 && op_regs(fn, &i->ops[1], s) == 1;
}

/* Whether i writes operand k: a definition (a partial one too); the
 * first operand of what an allocator inserts (moves, reloads, remats,
 * whose operands need not carry OF_DEF); both of a swap. */
static bool writes_op(const Ins *i, int k)
{
	if (i->ops[k].flags & OF_DEF)
		return true;
	switch (i->kind) {
	case IK_MOVE: case IK_RELOAD: case IK_REMAT: case IK_SPILL:
		return k == 0;
	case IK_SWAP:
		return true;
	default:
		return false;
	}
}

/* Forgets what the registers i writes hold (writes_op) and its
 * clobbers. */
static void forget_writes(const Fn *fn, const Ins *i, unsigned *val)
{
	for (int k = 0; k < i->nops; k++) {
		int r, n = writes_op(i, k) ? op_regs(fn, &i->ops[k], &r) : 0;
		for (int j = 0; j < n && r + j < TGT_NREGS; j++)
			val[r + j] = 0;
	}
	/* a 64-bit word at a time: a call clobbers dozens */
	uint64_t lo = (uint64_t)i->clobbers, hi = (uint64_t)(i->clobbers >> 64);
	for (; lo; lo &= lo - 1)
		val[regset_word_first(lo)] = 0;
	for (; hi; hi &= hi - 1)
		val[64 + regset_word_first(hi)] = 0;
}

/* The effect of copy or parallel copy i on the values held: each pair
 * of one pseudo between single registers gives the destination the
 * source's value (all read before any is written); any other pair's
 * destination holds a new value or is forgotten.  Two pseudos are two
 * values even when a copy makes their bits equal, as for the checker
 * (docs/VERIFY.md).  *next numbers new values; a value at most base
 * is one of an earlier block, unknown here. */
static void copy_values(const Fn *fn, const Ins *i, unsigned *val,
			unsigned *next, unsigned base)
{
	unsigned got[i->nops / 2 + 1];
	int n = 0;
	for (int k = 0; k + 1 < i->nops; k += 2) {
		int d, s;
		unsigned v = 0;
		if (op_regs(fn, &i->ops[k], &d) == 1 &&
		    op_regs(fn, &i->ops[k + 1], &s) == 1 &&
		    !i->ops[k].sub_size && !i->ops[k + 1].sub_size &&
		    same_pseudo(&i->ops[k], &i->ops[k + 1])) {
			if (val[s] <= base)
				val[s] = ++*next;
			v = val[s];
		}
		got[n++] = v;
	}
	n = 0;
	for (int k = 0; k + 1 < i->nops; k += 2) {
		int d, w = op_regs(fn, &i->ops[k], &d);
		unsigned v = got[n++];
		for (int j = 0; j < w && d + j < TGT_NREGS; j++)
			val[d + j] = j == 0 ? v : 0;
	}
	for (RegSet c = i->clobbers; c; c &= c - 1)
		val[regset_first(c)] = 0;
}

/* Whether block b has a move (the instructions drop_redundant_moves
 * may drop). */
static bool has_move(const Blk *b)
{
	for (const Ins *i = b->first; i; i = i->next)
		if (i->kind == IK_MOVE)
			return true;
	return false;
}

void drop_redundant_moves(Fn *fn)
{
	/* val[r]: the value register r holds, numbered from 1 by next;
	 * those of the blocks before (at most base) count as unknown, so
	 * that no block clears the table */
	unsigned val[TGT_NREGS], next = 0;
	memset(val, 0, sizeof val);
	for (int b = 0; b < fn->nblk; b++) {
		/* a block without a move drops nothing: what its registers
		 * hold is not followed */
		if (!has_move(fn->blk[b]))
			continue;
		unsigned base = next;
		for (Ins *i = fn->blk[b]->first, *nx; i; i = nx) {
			nx = i->next;
			int d, s;
			if (plain_move(fn, i, &d, &s)) {
				if (val[s] > base && val[d] == val[s]) {
					ins_remove(fn->blk[b], i);
					continue;
				}
				if (val[s] <= base)
					val[s] = ++next;
				val[d] = val[s];
			} else if (i->kind == IK_SWAP && i->nops == 2 &&
				   op_regs(fn, &i->ops[0], &d) == 1 &&
				   op_regs(fn, &i->ops[1], &s) == 1) {
				unsigned t = val[d];
				val[d] = val[s];
				val[s] = t;
			} else if (i->kind == IK_COPY || i->kind == IK_PCOPY) {
				copy_values(fn, i, val, &next, base);
			} else {
				forget_writes(fn, i, val);
			}
		}
	}
}
