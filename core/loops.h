/* loops.h - natural loops (the loop nesting forest of reducible cycles).
 *
 * A back edge is an edge u -> h whose target h dominates its source u.
 * The natural loop of a back edge is h plus every block that reaches u
 * without passing through h; a loop is the union of the natural loops of
 * all back edges into one header h.  Two loops are disjoint or nested.
 *
 * Cycles that are not natural loops do not form loops: an irreducible
 * region (a cycle entered at more than one block, closed by a retreating
 * edge whose target does not dominate its source) contributes nothing to
 * the loop depth of its blocks, exactly as GCC's flow_loops_find treats
 * it.  Such retreating edges are counted in nirreducible.  (A retreating
 * edge is one that goes backwards in the Cfg's RPO, u -> v with
 * rpo_num[v] <= rpo_num[u]; back edges are the retreating edges whose
 * target dominates the source.)  Unreachable blocks are in no loop.
 */
#ifndef SSARA_LOOPS_H
#define SSARA_LOOPS_H

#include "cfg.h"
#include "dom.h"
#include "ir.h"

typedef struct Loops {
	int nloop;
	int *header;    /* per loop: header block */
	int *parent;    /* per loop: enclosing loop, or -1; parent[l] < l */
	int *ldepth;    /* per loop: nesting depth, 1 for an outermost loop */
	int *nlatch;    /* per loop: number of back edges into its header */
	int *depth;     /* per block: number of loops containing it */
	int *innermost; /* per block: innermost loop containing it, or -1 */
	int *loop_of;   /* per block: the loop it heads, or -1 */
	int nirreducible; /* retreating edges that are not back edges */
} Loops;

/* Requires cfg and dom built for fn's current edges.  Loops are numbered
 * by increasing dominator-tree pre-order of their headers (so an enclosing
 * loop has a smaller number).  Near-linear: Havlak-style union-find. */
Loops *loops_find(Fn *fn, const Cfg *cfg, const DomTree *dom);

/* Whether loop l contains block b (O(loop depth of b)). */
bool loops_contains(const Loops *lp, int l, int b);

#endif
