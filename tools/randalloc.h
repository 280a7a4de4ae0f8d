/* randalloc.h - a random allocator that is correct by construction: the
 * second reference allocation for fuzzing the checker.
 *
 * Where spill_everywhere reloads before every use and spills after every
 * definition, this one keeps values in registers, choosing at random
 * (from a seed) among the choices that keep an exact model of what every
 * register holds:
 * - a few values (chosen at random among those whose live ranges do not
 *   meet) live in a register of their own for the whole function, a
 *   register that no instruction names or clobbers (callee-saved ones
 *   across calls);
 * - every other value has a home slot; inside a block a cache maps
 *   registers to the values they hold, marked dirty when the home slot is
 *   stale.  A use finds its value in a register that holds it, or gets it
 *   by a move, a reload or a remat; a register about to be overwritten
 *   (by a load, a definition, a clobber, a call) has its dirty value
 *   written home first; random extra moves and exchanges shuffle the
 *   cache; operands that accept memory sometimes use the home slot;
 * - at the end of a block every dirty value is written home, so that
 *   blocks meet with every value home (or in its own register);
 * - phis become copies on their (split) edges: all sources loaded into
 *   free registers, sometimes shuffled by exchanges or an inserted
 *   parallel copy, then stored; or through temporary slots.
 * Every inserted instruction follows from the model, so the result is
 * correct whatever the random choices: the checker must verify it and the
 * interpreter find the original's behaviour.
 */
#ifndef SSARA_RANDALLOC_H
#define SSARA_RANDALLOC_H

#include <stddef.h>
#include <stdint.h>

#include "ir.h"

/* An allocated copy of orig, or NULL with a reason in err when it cannot
 * be done (as spill_everywhere: unsupported functions, 16-byte general
 * values, constraints no free register meets, a definition on a branch,
 * a phi on an abnormal critical edge or with a constant source). */
Fn *rand_alloc(const Fn *orig, uint64_t seed, char *err, size_t errlen);

#endif
