/* cfg.h - control-flow graph order and critical edges.
 *
 * A block is reachable when a path of successor edges leads to it from
 * fn->entry.  The reverse post-order (RPO) is that of one depth-first
 * search from the entry that follows each block's successors in order; in
 * it every edge goes forward except the retreating edges (u -> v with
 * rpo_num[v] <= rpo_num[u]), which close the cycles.
 *
 * Predecessor arrays are canonical: what fn_preds computes (block order,
 * then successor order).  Edge splitting keeps them canonical and keeps
 * every phi's sources in predecessor order (ir.h: the predecessor order
 * defines the phi argument order).
 */
#ifndef SSARA_CFG_H
#define SSARA_CFG_H

#include <stdbool.h>

#include "ir.h"

typedef struct Cfg {
	int nblk;     /* fn->nblk when built */
	int nrpo;     /* number of reachable blocks */
	int *rpo;     /* reachable block indices in reverse post-order */
	int *rpo_num; /* per block: position in rpo, -1 if unreachable */
} Cfg;

/* Requires fn->entry to be a block index (when fn->nblk > 0).  Recomputes
 * the predecessor arrays (fn_preds) and numbers the reachable blocks in
 * RPO.  The result lives in fn->arena; any edit of the edges or the block
 * list invalidates it. */
Cfg *cfg_build(Fn *fn);

/* Whether block b is reachable from the entry. */
static inline bool cfg_reachable(const Cfg *cfg, int b)
{
	return b >= 0 && b < cfg->nblk && cfg->rpo_num[b] >= 0;
}

/* Requires valid predecessor counts.  Whether the edge from -> (from's
 * k-th successor) is critical: from has more than one successor and the
 * target more than one predecessor.  Abnormal edges included. */
bool cfg_edge_is_critical(const Fn *fn, int from, int k);

/* Requires valid predecessor counts.  Number of critical edges, abnormal
 * ones included. */
int cfg_count_critical(const Fn *fn);

/* Requires canonical predecessor arrays.  Inserts a new empty block N on
 * the edge from -> to (from's k-th successor): N gets id 1 + the highest
 * block id and goes last in fn->blk, freq and depth the minimum of those of
 * from and to; the edge from -> N keeps the old edge's flags, N -> to has
 * none.  Predecessor arrays stay canonical (N becomes to's last
 * predecessor) and the phi sources of `to` follow: the source that came
 * from this edge now comes from N and moves last.  Invalidates any Cfg. */
Blk *cfg_split_edge(Fn *fn, int from, int k);

/* Requires canonical predecessor arrays and the n edges from[j] ->
 * (from[j]'s k[j]-th successor) distinct and sorted by source block, then
 * successor index.  Splits them all with the result of cfg_split_edge on
 * each in that order (new blocks appended in that order, ids counting up
 * from 1 + the highest id), in O(blocks + n + the phi operands of the
 * targets) overall.  out[j], when out is not NULL, receives the block
 * made for the j-th edge.  Invalidates any Cfg. */
void cfg_split_edges(Fn *fn, const int *from, const int *k, int n,
		     Blk **out);

/* Requires canonical predecessor arrays.  Splits every critical edge that
 * is not abnormal (abnormal edges cannot be split: afterwards
 * cfg_count_critical(fn) counts exactly those left).  New blocks are
 * appended in the order of their edges (source block order, then successor
 * order).  Returns the number of edges split.  Invalidates any Cfg. */
int cfg_split_critical_edges(Fn *fn);

#endif
