/* dom.c - Cooper-Harvey-Kennedy dominators, tree numbering. */
#include "dom.h"

/* Requires idom set (as a block index) for a and b and all their
 * dominators, the entry being its own idom.  The nearest common dominator
 * of a and b, walking up by RPO number. */
static int intersect(const int *idom, const int *rpo_num, int a, int b)
{
	while (a != b) {
		while (rpo_num[a] > rpo_num[b])
			a = idom[a];
		while (rpo_num[b] > rpo_num[a])
			b = idom[b];
	}
	return a;
}

/* Requires cfg valid, idom[] = -1 everywhere.  Iterates to the fixed point
 * over the RPO; the entry is its own idom on return.  When the first
 * pass passes over no reachable predecessor (no edge goes back in the
 * RPO), each idom came from those of blocks before it, final then: a
 * second pass would change nothing and is not made. */
static void compute_idoms(const Fn *fn, const Cfg *cfg, int *idom)
{
	idom[cfg->rpo[0]] = cfg->rpo[0];
	bool back = false; /* a reachable predecessor not yet seen */
	for (bool changed = true; changed;) {
		changed = false;
		for (int i = 1; i < cfg->nrpo; i++) {
			const Blk *b = fn->blk[cfg->rpo[i]];
			int nd = -1;
			for (int p = 0; p < b->npred; p++) {
				int q = b->pred[p];
				if (idom[q] < 0) { /* unreachable or not yet seen */
					back |= cfg_reachable(cfg, q);
					continue;
				}
				nd = nd < 0 ? q
					    : intersect(idom, cfg->rpo_num, q,
							nd);
			}
			if (idom[b->idx] != nd) {
				idom[b->idx] = nd;
				changed = true;
			}
		}
		changed &= back;
	}
}

/* Requires idom final (entry: -1).  Builds the children lists in CSR form,
 * each in RPO order. */
static void build_children(const Fn *fn, const Cfg *cfg, DomTree *d)
{
	int n = fn->nblk;
	d->nchild = ARENA_NEW(fn->arena, int, n + 1);
	d->cstart = ARENA_NEW(fn->arena, int, n + 1);
	d->child = ARENA_NEW(fn->arena, int, cfg->nrpo + 1);
	for (int b = 0; b < n; b++)
		if (d->idom[b] >= 0)
			d->nchild[d->idom[b]]++;
	for (int b = 0, off = 0; b < n; b++) {
		d->cstart[b] = off;
		off += d->nchild[b];
	}
	int *fill = ARENA_NEW(fn->arena, int, n + 1);
	for (int i = 0; i < cfg->nrpo; i++) {
		int b = cfg->rpo[i], p = d->idom[b];
		if (p >= 0)
			d->child[d->cstart[p] + fill[p]++] = b;
	}
}

/* Requires the children lists.  Numbers the tree in pre-order (explicit
 * stack) and sets last[b] = pre[b] + subtree size - 1. */
static void number_tree(const Fn *fn, const Cfg *cfg, DomTree *d)
{
	int *stk = ARENA_NEW(fn->arena, int, cfg->nrpo + 1);
	int sp = 0, k = 0;
	stk[sp++] = cfg->rpo[0];
	while (sp > 0) {
		int b = stk[--sp];
		d->pre[b] = k;
		d->order[k++] = b;
		for (int c = d->nchild[b] - 1; c >= 0; c--)
			stk[sp++] = d->child[d->cstart[b] + c];
	}
	/* Children come after their parent in pre-order: sum sizes backwards. */
	int *size = ARENA_NEW(fn->arena, int, fn->nblk + 1);
	for (int i = k - 1; i >= 0; i--) {
		int b = d->order[i];
		size[b] += 1;
		if (d->idom[b] >= 0)
			size[d->idom[b]] += size[b];
		d->last[b] = d->pre[b] + size[b] - 1;
	}
}

DomTree *dom_build(Fn *fn, const Cfg *cfg)
{
	int n = fn->nblk;
	DomTree *d = ARENA_NEW(fn->arena, DomTree, 1);
	d->nblk = n;
	d->idom = ARENA_NEW(fn->arena, int, n + 1);
	d->pre = ARENA_NEW(fn->arena, int, n + 1);
	d->last = ARENA_NEW(fn->arena, int, n + 1);
	d->order = ARENA_NEW(fn->arena, int, cfg->nrpo + 1);
	d->norder = cfg->nrpo;
	for (int b = 0; b < n; b++)
		d->idom[b] = d->pre[b] = d->last[b] = -1;
	if (cfg->nrpo == 0) {
		build_children(fn, cfg, d);
		return d;
	}
	compute_idoms(fn, cfg, d->idom);
	d->idom[cfg->rpo[0]] = -1;
	build_children(fn, cfg, d);
	number_tree(fn, cfg, d);
	return d;
}

bool dom_dominates(const DomTree *d, int a, int b)
{
	if (d->pre[a] < 0 || d->pre[b] < 0)
		return false;
	return d->pre[a] <= d->pre[b] && d->pre[b] <= d->last[a];
}

bool dom_sdominates(const DomTree *d, int a, int b)
{
	return a != b && dom_dominates(d, a, b);
}

/* Whether b is a join: two predecessors, or the entry with one. */
static bool is_join(const Fn *fn, int b)
{
	const Blk *bb = fn->blk[b];
	return bb->npred >= 2 || (b == fn->entry && bb->npred >= 1);
}

void dom_frontiers(const Fn *fn, const Cfg *cfg, const DomTree *d, Arena *a,
		   DomFrontier *out)
{
	int nb = fn->nblk;
	int *count = ARENA_NEW(a, int, nb + 1);
	int *lastb = ARENA_NEW(a, int, nb + 1);
	out->start = ARENA_NEW(a, int, nb + 1);
	out->blk = NULL;
	for (int pass = 0; pass < 2; pass++) {
		for (int b = 0; b < nb; b++)
			lastb[b] = -1;
		for (int r = 0; r < cfg->nrpo; r++) {
			int b = cfg->rpo[r];
			if (!is_join(fn, b))
				continue;
			const Blk *bb = fn->blk[b];
			for (int k = 0; k < bb->npred; k++) {
				int run = bb->pred[k];
				if (!cfg_reachable(cfg, run))
					continue;
				while (run != d->idom[b] && run >= 0 &&
				       lastb[run] != b) {
					lastb[run] = b;
					if (pass == 0)
						count[run]++;
					else
						out->blk[out->start[run] +
							 count[run]++] = b;
					run = d->idom[run];
				}
			}
		}
		if (pass == 0) {
			int total = 0;
			for (int b = 0; b < nb; b++) {
				out->start[b] = total;
				total += count[b];
				count[b] = 0;
			}
			out->start[nb] = total;
			out->blk = ARENA_NEW(a, int, total + 1);
		}
	}
}
