/* spill_everywhere.h - the baseline allocator.
 *
 * Every pseudo lives in its own stack slot for its whole life.  Each
 * instruction reloads the pseudos it reads into registers that satisfy its
 * constraints, and spills the pseudos it writes right after it; a
 * memory-only operand (`{} mem`) is read or written at the slot itself, and
 * so is an operand already at a numbered slot (an input the spiller left
 * in memory: a folded reload, an in-memory read-modify-write).  Phis
 * become copies through temporary slots on their (split) edges.  The
 * result is trivially correct, which makes it the reference allocation for
 * fuzzing the checker, and the baseline against which the SSA allocator's
 * spill code is counted.
 */
#ifndef SSARA_SPILL_EVERYWHERE_H
#define SSARA_SPILL_EVERYWHERE_H

#include <stddef.h>

#include "ir.h"

/* An allocated copy of orig (orig is not modified), or NULL with a reason
 * in err when the baseline cannot handle it: an unsupported function,
 * 16-byte general-register values, constraints that cannot be met with
 * the registers free at an instruction, a definition on a branch, a phi on
 * an abnormal critical edge. */
Fn *spill_everywhere(const Fn *orig, char *err, size_t errlen);

#endif
