/* dom.h - the dominator tree (Cooper, Harvey and Kennedy's iterative
 * algorithm over the reverse post-order).
 *
 * Block a dominates block b when every path from the entry to b passes
 * through a; every reachable block dominates itself.  Unreachable blocks
 * are not in the tree: they have no idom, no pre-order number, and neither
 * dominate nor are dominated by any block (not even themselves).
 */
#ifndef SSARA_DOM_H
#define SSARA_DOM_H

#include <stdbool.h>

#include "cfg.h"
#include "ir.h"

typedef struct DomTree {
	int nblk;
	int *idom;   /* per block: immediate dominator; -1 for the entry and
			unreachable blocks */
	int *pre;    /* per block: dominator-tree pre-order number, -1 if
			unreachable */
	int *last;   /* per block: largest pre number in its subtree, -1 if
			unreachable */
	int norder;  /* number of reachable blocks */
	int *order;  /* reachable blocks in dominator-tree pre-order, children
			visited in RPO order (order[pre[b]] == b) */
	int *nchild; /* per block: number of dominator-tree children */
	int *cstart; /* per block: its children are child[cstart[b] ..
			cstart[b] + nchild[b] - 1], in RPO order */
	int *child;
} DomTree;

/* Requires cfg = cfg_build(fn), still valid.  Computes immediate
 * dominators of the reachable blocks and the tree's numbering, in
 * fn->arena. */
DomTree *dom_build(Fn *fn, const Cfg *cfg);

/* Whether a dominates b, in O(1); a block dominates itself; false when a
 * or b is unreachable. */
bool dom_dominates(const DomTree *d, int a, int b);

/* Whether a dominates b and a != b. */
bool dom_sdominates(const DomTree *d, int a, int b);

/* Dominance frontiers of the reachable blocks in CSR form: DF(b) is
 * blk[start[b] .. start[b+1]) (start has nblk+1 entries).  An entry block
 * with predecessors counts as a join: the function's start enters it. */
typedef struct DomFrontier {
	int *start, *blk;
} DomFrontier;

/* Requires cfg and d built for fn and still valid.  The frontiers by
 * Cooper, Harvey and Kennedy's runner walk: from each reachable
 * predecessor of a join b up to idom(b), b joins the frontier of every
 * block passed; joins in reverse post-order.  Two passes, O(edges + sum
 * of |DF|), storage in a. */
void dom_frontiers(const Fn *fn, const Cfg *cfg, const DomTree *d, Arena *a,
		   DomFrontier *out);

#endif
