/* philift.h - Pereira and Palsberg's phi lifting, for measuring its share
 * of the moves (`ssara alloc --phi-lift`; docs/ALLOC.md "Colouring").
 *
 * Before colouring, each phi a = phi(a1: B1, ..., am: Bm) of a register
 * value becomes a' = phi(v1: B1, ..., vm: Bm), with a copy vj = aj at the
 * end of Bj (before its branch) and a copy a = a' after the block's phis:
 * the phi's operands and its value no longer interfere with the other
 * values live there (Pereira's CSSA form), and the colouring's bias and
 * the recolouring are left to coalesce the copies.  Pereira lifts every
 * argument on a CFG without critical edges, where the pressure cannot
 * grow (his Theorem 1).  Here an argument is lifted only where it
 * cannot grow either: Bj has the phi's block as its only successor, the
 * edge is not abnormal, Bj's last instruction reads and writes no
 * register value, and aj dies at the end of Bj (not live into the phi's
 * block, no other phi source there from Bj); otherwise it stays.  The
 * copy a = a' is always made (a' dies where a is born).  Memory phis,
 * x87 values and hard-register operands are left alone.
 *
 * Requires SSA form (fn after constr_split) with ssa's origins; the new
 * pseudos are versions of the phi's, or its argument's, origin. */
#ifndef SSARA_PHILIFT_H
#define SSARA_PHILIFT_H

#include "ir.h"
#include "ssa.h"

/* Lifts fn's phis as above; returns the number of copies inserted. */
int phi_lift(Fn *fn, Ssa *ssa);

#endif
