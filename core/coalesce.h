/* coalesce.h - copy coalescing by recolouring affinity chunks (Hack and
 * Grund; libFirm's becopyheur4 is the reference).
 *
 * Works on a valid colouring (colour.h) and keeps it valid: every value
 * stays in an admissible register and interfering values never share, so
 * no spill is ever added.  The nodes are the tie units of the colouring;
 * the affinities are those colouring collected (copies, parallel-copy
 * pairs, phi operands, copies to and from hard registers), weighted by
 * block frequency.
 *
 * 1. Chunks: affinity edges by decreasing weight; the chunks of the two
 *    ends are merged unless some member of one interferes with some
 *    member of the other.  A chunk is a set of non-interfering values
 *    that would like one register.
 * 2. Chunks by decreasing weight (internal affinity weight plus the
 *    weight of register preferences).  For each register r in order of
 *    preference whose bound (the weight among the members that may take
 *    r) beats the best found, every member is brought to r if possible: a
 *    member's register changes when each interfering neighbour on r can
 *    move away,
 *    recursively (depth at most 7, a work budget per attempt); values of
 *    chunks already done are fixed and never move.  The register whose
 *    best affinity-connected group of members on r weighs most wins; that
 *    group is coloured r and fixed; the other members form new chunks.
 *
 * Time: the recolouring attempts are bounded per node and in total
 * (proportional to the number of values), so coalescing stays linear in
 * the size of the interference graph; when the total budget runs out the
 * remaining chunks keep their colours.
 */
#ifndef SSARA_COALESCE_H
#define SSARA_COALESCE_H

#include <stdint.h>

#include "colour.h"
#include "ir.h"

typedef struct CoalesceStats {
	int64_t aff_total;  /* sum of all affinity weights */
	int64_t aff_before; /* satisfied by the colouring alone */
	int64_t aff_after;  /* satisfied after coalescing */
	int nchunks;        /* chunks processed (fragments included) */
	int nrecolour;      /* values whose register changed */
	int budget_out;     /* 1 when the total work budget ran out */
} CoalesceStats;

/* Recolours c (see above).  fn is the function c colours (for classes
 * and the arena). */
void coalesce(const Fn *fn, Colour *c, CoalesceStats *st);

#endif
