/* memonly.h - memory-only operands (OF_MEMONLY, `{} mem`): which ones
 * the allocator places, and their uses marked as slot reads for the
 * passes after SSA construction. */
#ifndef SSARA_MEMONLY_H
#define SSARA_MEMONLY_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"

/* Whether fn has a memory-only operand (OF_MEMONLY). */
bool memonly_has(const Fn *fn);

/* Whether every memory-only operand of fn is one the allocator places:
 * tied to no operand; a read of a part (`p[OFF,SIZE] {} mem`: those
 * bytes of p's slot) and a partial read-modify-write def
 * (`+p[OFF,SIZE] {} mem`: it writes those bytes of p's slot and keeps
 * the rest, so the old and the new version of p share one slot,
 * memonly_mark_uses) included; a whole one both read and written is
 * refused.  Else false with the first other one named in err (not
 * allocated). */
bool memonly_supported(const Fn *fn, char *err, size_t errlen);

/* Gives every memory-only use of the SSA function a slot location
 * without a slot yet (LOC_SLOT, -1): from here on it is no register
 * use (liveness, constraints, colouring skip it); the spiller stores its
 * value and numbers the slot (spill.h).  The old version read by a
 * partial memory-only def (SSA's appended use tied to it, ssa.h) is such
 * a use too: the def rewrites part of that slot in place, so the spiller
 * gives both versions one slot (spill_insert.c, sp_assign_slots). */
void memonly_mark_uses(Fn *fn);

#endif
