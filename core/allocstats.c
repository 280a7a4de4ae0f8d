/* allocstats.c - the statistics of an allocated function: inserted
 * instructions by kind, weighted by block frequency, copies left, slots
 * (alloc_count, see alloc.h).  Requires located operands. */
#include "alloc.h"
#include "allocstats.h"

#include "locations.h"

/* The weight of block b: its frequency, at least 1. */
static int64_t bweight(const Blk *b)
{
	return b->freq > 0 ? b->freq : 1;
}

/* Pairs of original copy i whose two sides are in different places
 * (into *moved), and of those the ones whose sides are both registers
 * (into *kept): a register-to-register move in the final code. */
static void real_copies(const Ins *i, int *moved, int *kept)
{
	*moved = *kept = 0;
	for (int k = 0; k + 1 < i->nops; k += 2) {
		Loc d = op_location(&i->ops[k]), s = op_location(&i->ops[k + 1]);
		if (d.kind == s.kind && d.num == s.num)
			continue;
		++*moved;
		*kept += d.kind == LOC_REG && s.kind == LOC_REG;
	}
}

/* Whether i is an instruction of the original program: a kind the
 * capture writes (not one an allocator inserts) with its uid. */
static bool original_ins(const Ins *i)
{
	if (i->uid == 0)
		return false;
	switch (i->kind) {
	case IK_ORD: case IK_COPY: case IK_PCOPY: case IK_CALL:
	case IK_BRANCH: case IK_RET:
		return true;
	default:
		return false;
	}
}

/* Adds weight w to *reads and *writes for each operand of original
 * instruction i located in a stack slot: a read (a use, or the use half
 * of an in-place update) and a write (a definition). */
static void slot_operands(const Ins *i, int64_t w, AllocCount *reads,
			  AllocCount *writes)
{
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (o->loc.kind != LOC_SLOT)
			continue;
		if (o->flags & OF_USE) {
			reads->n++;
			reads->w += w;
		}
		if (o->flags & OF_DEF) {
			writes->n++;
			writes->w += w;
		}
	}
}

void alloc_count(const Fn *fn, AllocStats *st)
{
	st->spills = st->reloads = st->remats = st->moves = st->swaps =
		st->copies = st->copies_kept = st->slot_reads =
			st->slot_writes = (AllocCount){0};
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
					int n, kept;
					real_copies(i, &n, &kept);
					st->copies.n += n;
					st->copies.w += n * w;
					st->copies_kept.n += kept;
					st->copies_kept.w += kept * w;
				}
				break;
			default: break;
			}
			if (c) {
				c->n++;
				c->w += w;
			}
			if (original_ins(i))
				slot_operands(i, w, &st->slot_reads,
					      &st->slot_writes);
		}
	}
	st->slots = st->slot_bytes = 0;
	for (int s = 0; s < fn->nslot; s++)
		if (fn->slot[s].size > 0) {
			st->slots++;
			st->slot_bytes += fn->slot[s].size;
		}
}

int count_ins(const Fn *fn)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		n += blk_nins(fn->blk[b]);
	return n;
}

