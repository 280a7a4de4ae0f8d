/* loclive.h - liveness of the registers of an allocated function.
 *
 * In an allocated function (every pseudo operand located, the
 * allocator's instructions inserted) a core register is live at a point
 * when some path from there reads it before writing it: an operand
 * located in it that reads its value (a use, a partial definition), a
 * hard-register operand read.  Definitions located in a register and the
 * instructions' clobbers write it.  A value of several registers (a
 * 16-byte general value) covers its first register and the next ones
 * (target_nregs).  Exception edges carry liveness like other edges.
 *
 * Used by the substitution (plugin/subst.cc) to find a register free
 * around an instruction for a reload.
 */
#ifndef SSARA_LOCLIVE_H
#define SSARA_LOCLIVE_H

#include "ir.h"

typedef struct LocLive {
	const Fn *fn;
	RegSet *out; /* per block index: live at its end */
} LocLive;

/* Requires fn allocated with predecessors computed.  The registers live
 * at each block's end, to a fixpoint; allocated in fn's arena. */
LocLive *loclive_build(const Fn *fn);

/* The registers live just before and just after instruction at of block
 * index b (at must be in that block). */
void loclive_at(const LocLive *l, int b, const Ins *at, RegSet *before,
		RegSet *after);

#endif
