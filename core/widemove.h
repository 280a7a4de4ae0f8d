/* widemove.h - the pairs of the inserted parallel copies that move a
 * value of several registers or between classes, which the parallel-copy
 * sequentializer (pcopy.h) cannot, made moves of their own. */
#ifndef SSARA_WIDEMOVE_H
#define SSARA_WIDEMOVE_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"
#include "ssa.h"

/* In every inserted parallel copy (uid 0) of fn, coloured and located
 * (loc: locations.h), each pair copying a value of several registers or
 * between classes becomes a move of its own ahead of the copy (through a
 * new slot when the two sides take different numbers of registers:
 * an SSE register into a general pair); when that cannot be (a cycle
 * through a register pair), the copy's wide pairs are split into
 * register parts (new pseudos of ssa).  Afterwards every pair left moves
 * a single register of one class.  False with err set when a pair can be
 * neither. */
bool widemove_lower(Fn *fn, Ssa *ssa, const Loc *loc, char *err,
		    size_t errlen);

/* widemove_lower; *split tells whether it split wide pairs into parts
 * (which changes what is live where).  Its other rewrites put a copy's
 * pairs right before it, in its block (liveness at block boundaries
 * stays). */
bool widemove_lower_split(Fn *fn, Ssa *ssa, const Loc *loc, bool *split,
			  char *err, size_t errlen);

#endif
