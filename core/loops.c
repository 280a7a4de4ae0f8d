/* loops.c - natural loop forest, Havlak-style.
 *
 * Headers are processed in decreasing dominator-tree pre-order, so every
 * loop nested in a loop is found before it.  A found loop is collapsed into
 * its header with a union-find; the walk backwards from the latches of an
 * outer loop then steps over an inner loop in one find, and every block's
 * predecessors are scanned once in all.
 */
#include "loops.h"

/* The representative of x: the header of the outermost loop found so far
 * that contains x, or x itself.  Iterative, with path compression. */
static int uf_find(int *uf, int x)
{
	int r = x;
	while (uf[r] != r)
		r = uf[r];
	while (uf[x] != r) {
		int nx = uf[x];
		uf[x] = r;
		x = nx;
	}
	return r;
}

/* Requires cfg, dom valid.  Counts back edges per header into nback and
 * returns the number of retreating edges that are not back edges. */
static int classify_edges(const Fn *fn, const Cfg *cfg, const DomTree *dom,
			  int *nback)
{
	int nirr = 0;
	for (int i = 0; i < cfg->nrpo; i++) {
		const Blk *u = fn->blk[cfg->rpo[i]];
		for (int k = 0; k < u->nsucc; k++) {
			int v = u->succ[k].blk;
			if (cfg->rpo_num[v] > i)
				continue;
			if (dom_dominates(dom, v, u->idx))
				nback[v]++;
			else
				nirr++;
		}
	}
	return nirr;
}

/* Scratch state of the backward walks. */
typedef struct Walk {
	int *uf;   /* union-find parent per block */
	int *mark; /* per block: last loop whose walk reached it */
	int *stk;
	int sp;
} Walk;

/* Requires y reachable.  Queues y's representative for loop l unless the
 * walk of l has already reached it (the header is pre-marked). */
static void reach(Walk *w, int l, int y)
{
	y = uf_find(w->uf, y);
	if (w->mark[y] == l)
		return;
	w->mark[y] = l;
	w->stk[w->sp++] = y;
}

/* Requires every loop nested in l already found and collapsed.  Walks
 * backwards from l's latches, records l's direct members (blocks and inner
 * loops) and collapses them into the header. */
static void find_loop(const Fn *fn, const Cfg *cfg, const DomTree *dom,
		      Loops *lp, Walk *w, int l)
{
	int h = lp->header[l];
	const Blk *hb = fn->blk[h];
	w->mark[h] = l;
	lp->innermost[h] = l;
	w->sp = 0;
	for (int p = 0; p < hb->npred; p++) {
		int u = hb->pred[p];
		if (cfg_reachable(cfg, u) && dom_dominates(dom, h, u))
			reach(w, l, u);
	}
	while (w->sp > 0) {
		int x = w->stk[--w->sp];
		if (x == h)
			continue;
		if (lp->loop_of[x] >= 0)
			lp->parent[lp->loop_of[x]] = l;
		else
			lp->innermost[x] = l;
		w->uf[x] = h;
		const Blk *xb = fn->blk[x];
		for (int p = 0; p < xb->npred; p++)
			if (cfg_reachable(cfg, xb->pred[p]))
				reach(w, l, xb->pred[p]);
	}
}

/* Requires header/parent/innermost final.  Fills ldepth and the per-block
 * depth. */
static void compute_depths(const Fn *fn, Loops *lp)
{
	for (int l = 0; l < lp->nloop; l++)
		lp->ldepth[l] =
			lp->parent[l] < 0 ? 1 : lp->ldepth[lp->parent[l]] + 1;
	for (int b = 0; b < fn->nblk; b++)
		lp->depth[b] =
			lp->innermost[b] < 0 ? 0 : lp->ldepth[lp->innermost[b]];
}

Loops *loops_find(Fn *fn, const Cfg *cfg, const DomTree *dom)
{
	int n = fn->nblk;
	Arena *a = fn->arena;
	Loops *lp = ARENA_NEW(a, Loops, 1);
	int *nback = ARENA_NEW(a, int, n + 1);
	lp->depth = ARENA_NEW(a, int, n + 1);
	lp->innermost = ARENA_NEW(a, int, n + 1);
	lp->loop_of = ARENA_NEW(a, int, n + 1);
	lp->nirreducible = classify_edges(fn, cfg, dom, nback);
	for (int b = 0; b < n; b++)
		lp->innermost[b] = lp->loop_of[b] = -1;
	for (int i = 0; i < dom->norder; i++)
		lp->nloop += nback[dom->order[i]] > 0;
	lp->header = ARENA_NEW(a, int, lp->nloop + 1);
	lp->parent = ARENA_NEW(a, int, lp->nloop + 1);
	lp->ldepth = ARENA_NEW(a, int, lp->nloop + 1);
	lp->nlatch = ARENA_NEW(a, int, lp->nloop + 1);
	for (int i = 0, l = 0; i < dom->norder; i++) {
		int b = dom->order[i];
		if (nback[b] == 0)
			continue;
		lp->header[l] = b;
		lp->parent[l] = -1;
		lp->nlatch[l] = nback[b];
		lp->loop_of[b] = l++;
	}
	Walk w = {ARENA_NEW(a, int, n + 1), ARENA_NEW(a, int, n + 1),
		  ARENA_NEW(a, int, n + 1), 0};
	for (int b = 0; b < n; b++) {
		w.uf[b] = b;
		w.mark[b] = -1;
	}
	for (int l = lp->nloop - 1; l >= 0; l--)
		find_loop(fn, cfg, dom, lp, &w, l);
	compute_depths(fn, lp);
	return lp;
}

bool loops_contains(const Loops *lp, int l, int b)
{
	for (int m = lp->innermost[b]; m >= 0; m = lp->parent[m])
		if (m == l)
			return true;
	return false;
}
