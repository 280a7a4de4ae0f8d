/* pressure.h - register pressure (Maxlive) per allocatable class.
 *
 * Weight of a value in class c: a pseudo of class c weighs
 * target_nregs(c, size) (a 16-byte GPR pseudo: 2); a hard register of
 * class c weighs 1 unless it is never allocatable (sp; flags and the soft
 * pointers are of no allocatable class); bp weighs 1 even in a function
 * with a frame pointer: it is a register.  Other values weigh 0 in c.
 *
 * Points of a block B, in order:
 *   - the phi group, when B has phis: weight(live_in(B) + phi defs of B);
 *   - the block entry, when B has no instructions at all:
 *     weight(live_in(B));
 *   - each non-phi instruction i:
 *     max(weight(live_before(i) + early-clobber defs of i),
 *         weight(live_after(i) + defs of i)).
 * Registers an instruction clobbers without naming them as operands do not
 * count.  (A block with instructions but no phis has no entry point: its
 * first instruction's pressure already covers live_in.)
 *
 * Unreachable blocks are dead code and do not count.  Phis must be at the
 * start of their blocks (as the parser requires).
 */
#ifndef SSARA_PRESSURE_H
#define SSARA_PRESSURE_H

#include "ir.h"
#include "liveness.h"

typedef struct Pressure {
	int maxlive[RC_NALLOC];       /* 0 when no block is reachable */
	int at_blk[RC_NALLOC];        /* block index of the first point
					 reaching maxlive, -1 if none */
	const Ins *at_ins[RC_NALLOC]; /* its instruction; NULL = the phi
					 group / block entry */
} Pressure;

/* Weight of value v in class cls (see above). */
int pressure_weight(const Fn *fn, int v, int cls);
/* The class of value v (-1 if it weighs nothing in every class) into
 * *cls and its weight there: pressure_weight of every class at once. */
int pressure_class_weight(const Fn *fn, int v, int *cls);

/* Requires lv = live_compute(fn, cfg) still valid.  Maxlive per class over
 * the points of the reachable blocks; ties go to the first point in
 * fn->blk order, then instruction order. */
void pressure_compute(const Fn *fn, const Live *lv, Pressure *out);

/* pressure_compute for an allocation limited to the registers regs[c] of
 * each class: a hard-register value outside regs[c] holds a register the
 * allocation does not use and weighs nothing; everything else as above. */
void pressure_compute_within(const Fn *fn, const Live *lv,
			     const RegSet regs[RC_NALLOC], Pressure *out);

/* Requires lv valid, scratch a LiveSet initialised for lv->nval (its
 * contents are clobbered), i an instruction of block blk, or NULL.  The
 * pressure in class cls at i; for i NULL or a phi, at the block's entry
 * point: weight(live_in(blk) + phi defs of blk).  O(block length). */
int pressure_at(const Fn *fn, const Live *lv, LiveSet *scratch, int blk,
		const Ins *i, int cls);

#endif
