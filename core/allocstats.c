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

void alloc_count(const Fn *fn, AllocStats *st)
{
	st->spills = st->reloads = st->remats = st->moves = st->swaps =
		st->copies = st->copies_kept = (AllocCount){0};
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

