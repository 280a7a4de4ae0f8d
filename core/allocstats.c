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

/* Pairs of original copy i whose two sides are in different places. */
static int real_copies(const Ins *i)
{
	int n = 0;
	for (int k = 0; k + 1 < i->nops; k += 2) {
		Loc d = op_location(&i->ops[k]), s = op_location(&i->ops[k + 1]);
		n += d.kind != s.kind || d.num != s.num;
	}
	return n;
}

void alloc_count(const Fn *fn, AllocStats *st)
{
	st->spills = st->reloads = st->remats = st->moves = st->swaps =
		st->copies = (AllocCount){0};
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
					int n = real_copies(i);
					st->copies.n += n;
					st->copies.w += n * w;
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

