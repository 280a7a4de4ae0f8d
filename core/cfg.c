/* cfg.c - reverse post-order and critical-edge splitting. */
#include "cfg.h"

#include <string.h>

/* Requires fn->entry valid.  Fills rpo/rpo_num by an iterative DFS that
 * follows successors in order (the recursive DFS's post-order). */
static void number_rpo(const Fn *fn, Cfg *c)
{
	int n = fn->nblk;
	int *stk = ARENA_NEW(fn->arena, int, n);  /* blocks on the DFS path */
	int *next = ARENA_NEW(fn->arena, int, n); /* next successor to try */
	bool *seen = ARENA_NEW(fn->arena, bool, n);
	int sp = 0, post = n; /* post-order filled from the back of rpo */
	c->nrpo = 0;
	if (n == 0)
		return;
	stk[sp++] = fn->entry;
	seen[fn->entry] = true;
	while (sp > 0) {
		int b = stk[sp - 1];
		const Blk *bb = fn->blk[b];
		if (next[b] < bb->nsucc) {
			int s = bb->succ[next[b]++].blk;
			if (!seen[s]) {
				seen[s] = true;
				stk[sp++] = s;
			}
			continue;
		}
		sp--;
		c->rpo[--post] = b;
	}
	/* rpo[post..n-1] holds the reachable blocks; move them to the front. */
	c->nrpo = n - post;
	memmove(c->rpo, c->rpo + post, sizeof(int) * (size_t)c->nrpo);
	for (int i = 0; i < c->nrpo; i++)
		c->rpo_num[c->rpo[i]] = i;
}

Cfg *cfg_build(Fn *fn)
{
	fn_preds(fn);
	Cfg *c = ARENA_NEW(fn->arena, Cfg, 1);
	c->nblk = fn->nblk;
	c->rpo = ARENA_NEW(fn->arena, int, fn->nblk + 1);
	c->rpo_num = ARENA_NEW(fn->arena, int, fn->nblk + 1);
	for (int b = 0; b < fn->nblk; b++)
		c->rpo_num[b] = -1;
	number_rpo(fn, c);
	return c;
}

bool cfg_edge_is_critical(const Fn *fn, int from, int k)
{
	const Blk *b = fn->blk[from];
	return b->nsucc > 1 && fn->blk[b->succ[k].blk]->npred > 1;
}

int cfg_count_critical(const Fn *fn)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (int k = 0; k < fn->blk[b]->nsucc; k++)
			n += cfg_edge_is_critical(fn, b, k);
	return n;
}

/* 1 + the highest block id (0 for an empty function). */
static int next_block_id(const Fn *fn)
{
	int id = -1;
	for (int b = 0; b < fn->nblk; b++)
		if (fn->blk[b]->id > id)
			id = fn->blk[b]->id;
	return id + 1;
}

/* How many of src's successors before the k-th also go to the k-th's
 * target: the edge's rank among the parallel edges src -> target, which is
 * also its rank among src's entries in the target's canonical preds. */
static int edge_rank(const Blk *src, int k)
{
	int j = 0;
	for (int m = 0; m < k; m++)
		j += src->succ[m].blk == src->succ[k].blk;
	return j;
}

/* Requires canonical phi order in to.  Makes the j-th phi source coming
 * from `from` in each phi of to come from nb instead (order unchanged). */
static void retarget_phis(Blk *to, int from, int j, int nb)
{
	for (Ins *i = to->first; i && i->kind == IK_PHI; i = i->next) {
		int seen = 0;
		for (int o = 0; o < i->nops; o++) {
			Op *op = &i->ops[o];
			if (op->from == from && seen++ == j) {
				op->from = nb;
				break;
			}
		}
	}
}

/* The frequency of the edge from src to its k-th successor dst, as far
 * as the blocks' frequencies tell it (the IR has no edge frequencies):
 * a block with one predecessor takes all of it, one with one successor
 * gives all of its own; otherwise at most what src has left after its
 * other successors of one predecessor, and what dst has left after its
 * other predecessors of one successor (flow conservation), and never
 * more than either block.  Exact when one end has one edge, or every
 * other edge of one end is so known; an end whose other edges would
 * leave less than 0 gives no bound.  A block split onto an edge counts
 * as unknown (its frequency is an estimate), and so does a stale entry
 * of dst's predecessor array (split_one). */
static int edge_freq(const Fn *fn, const Blk *src, int k, const Blk *dst)
{
	int f = src->freq < dst->freq ? src->freq : dst->freq;
	if (src->nsucc == 1 || dst->npred == 1 || f <= 0)
		return f > 0 ? f : 0;
	long out = src->freq, in = dst->freq;
	for (int m = 0; m < src->nsucc; m++) {
		const Blk *s = fn->blk[src->succ[m].blk];
		if (m == k)
			continue;
		if (s == dst)
			return f; /* two edges to dst: not told apart */
		if (s->npred == 1 && !s->split)
			out -= s->freq;
	}
	for (int m = 0; dst->pred && m < dst->npred; m++) {
		if (dst->pred[m] < 0 || dst->pred[m] >= fn->nblk)
			continue;
		const Blk *p = fn->blk[dst->pred[m]];
		if (p != src && p->nsucc == 1 && !p->split)
			in -= p->freq;
	}
	/* below 0 the blocks' frequencies contradict each other (hand-made
	 * input): no bound from that end */
	if (out >= 0 && out < f)
		f = (int)out;
	if (in >= 0 && in < f)
		f = (int)in;
	return f;
}

/* Adds a block on edge from -> (k-th successor) with label id, redirecting
 * the edge and the matching phi sources; leaves the predecessor arrays of
 * the target stale (npred still right).  Returns the new block. */
static Blk *split_one(Fn *fn, int from, int k, int id)
{
	Blk *src = fn->blk[from];
	int to = src->succ[k].blk;
	Blk *dst = fn->blk[to];
	int f = edge_freq(fn, src, k, dst);
	Blk *n = fn_add_block(fn, id);
	src = fn->blk[from];
	dst = fn->blk[to];
	n->freq = f;
	n->split = true;
	n->depth = src->depth < dst->depth ? src->depth : dst->depth;
	blk_add_succ(fn, n, to, 0);
	n->npred = 1;
	n->pred = ARENA_NEW(fn->arena, int, 1);
	n->pred[0] = from;
	retarget_phis(dst, from, edge_rank(src, k), n->idx);
	src->succ[k].blk = n->idx;
	return n;
}

/* Stable partition of a[0..n-1]: entries < nold first, the others (new
 * block indices, already increasing) last.  Uses tmp[0..n-1]. */
static void partition_ints(int *a, int n, int nold, int *tmp)
{
	int w = 0, t = 0;
	for (int i = 0; i < n; i++) {
		if (a[i] < nold)
			a[w++] = a[i];
		else
			tmp[t++] = a[i];
	}
	memcpy(a + w, tmp, sizeof(int) * (size_t)t);
}

/* Requires each phi of b to have been in canonical predecessor order before
 * its sources from split edges were retargeted to new blocks (indices >=
 * nold, created in edge order).  Restores canonical order: sources from old
 * blocks keep their order, those from new blocks go last, in index order. */
static void reorder_phis(Fn *fn, Blk *b, int nold)
{
	for (Ins *i = b->first; i && i->kind == IK_PHI; i = i->next) {
		Op *tmp = ARENA_NEW(fn->arena, Op, i->nops);
		int w = 0, t = 0;
		for (int o = 0; o < i->nops; o++) {
			if (i->ops[o].from >= nold)
				tmp[t++] = i->ops[o];
			else
				i->ops[w++] = i->ops[o];
		}
		memcpy(i->ops + w, tmp, sizeof(Op) * (size_t)t);
	}
}

Blk *cfg_split_edge(Fn *fn, int from, int k)
{
	int nold = fn->nblk;
	Blk *src = fn->blk[from];
	Blk *dst = fn->blk[src->succ[k].blk];
	int j = edge_rank(src, k);
	Blk *n = split_one(fn, from, k, next_block_id(fn));
	/* The j-th entry `from` of dst's preds becomes n, which goes last. */
	for (int p = 0, seen = 0; p < dst->npred; p++)
		if (dst->pred[p] == from && seen++ == j) {
			dst->pred[p] = n->idx;
			break;
		}
	int *tmp = ARENA_NEW(fn->arena, int, dst->npred);
	partition_ints(dst->pred, dst->npred, nold, tmp);
	reorder_phis(fn, dst, nold);
	return n;
}

void cfg_split_edges(Fn *fn, const int *from, const int *k, int n,
		     Blk **out)
{
	if (n == 0)
		return;
	int nold = fn->nblk, id = next_block_id(fn);
	bool *touched = ARENA_NEW(fn->arena, bool, nold + 1);
	for (int j = 0; j < n; j++) {
		touched[fn->blk[from[j]]->succ[k[j]].blk] = true;
		Blk *nb = split_one(fn, from[j], k[j], id++);
		if (out)
			out[j] = nb;
	}
	/* In (source, successor) order the new blocks of each target come in
	 * the order of the predecessors they replace, so the stable
	 * partitions below match the recomputed predecessor arrays. */
	fn_preds(fn);
	for (int b = 0; b < nold; b++)
		if (touched[b])
			reorder_phis(fn, fn->blk[b], nold);
}

int cfg_split_critical_edges(Fn *fn)
{
	int nold = fn->nblk, id = next_block_id(fn), nsplit = 0;
	bool *touched = ARENA_NEW(fn->arena, bool, nold + 1);
	for (int b = 0; b < nold; b++) {
		Blk *src = fn->blk[b];
		for (int k = 0; k < src->nsucc; k++) {
			if (!cfg_edge_is_critical(fn, b, k) ||
			    (src->succ[k].flags & EF_ABNORMAL))
				continue;
			touched[src->succ[k].blk] = true;
			split_one(fn, b, k, id++);
			nsplit++;
		}
	}
	if (nsplit == 0)
		return 0;
	fn_preds(fn);
	for (int b = 0; b < nold; b++)
		if (touched[b])
			reorder_phis(fn, fn->blk[b], nold);
	return nsplit;
}
