/* hardweb.h - hard-register webs as constrained values (docs/ALLOC.md
 * "Hard-register webs").
 *
 * A web of hard register R is a set of full definitions and reads of R
 * connected by reaching definitions (every read with all the definitions
 * that reach it, transitively).  hardweb_convert turns each eligible web
 * into one fresh pseudo of R's class whose operands are all constrained
 * to {R}: the value must be in R at every instruction that names it and
 * is an ordinary value in between (the spiller may store and reload it,
 * constraint handling may move it).  hardweb_restore puts the original
 * hard-register operands back into the allocated function.
 *
 * Eligible (everything else stays a precoloured hard register):
 *  - R is a general register of the allocation set `avail` (never sp,
 *    bp with a frame pointer, flags, the soft pointers; no SSE or x87
 *    register: their webs are arguments and results of calls anyway);
 *  - every occurrence is a whole-register operand (no subreg, no
 *    read-modify-write `+%r`, no early clobber) of an `ord` or `copy`
 *    instruction that does not also clobber R: never a call (arguments,
 *    results), ret (return values), branch (an asm goto's outputs), phi
 *    or pcopy;
 *  - no read of the web is reached by R's content at the entry
 *    (incoming arguments, callee-saved values) or by a clobber or a
 *    non-eligible write of R (a call's clobbers, a partial def): on
 *    every path each read sees one of the web's definitions;
 *  - no definition of the web reaches the end of a block with an
 *    abnormal successor edge (no web lives across an abnormal edge),
 *    nor a call that preserves R (callee-saved, or IPA-RA): a global
 *    register variable, which the IR does not mark, would be read by
 *    the callee (conservative: reaching, not live);
 *  - the web has a read (a dead definition stays as it is).
 */
#ifndef SSARA_HARDWEB_H
#define SSARA_HARDWEB_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"

/* One converted operand: original instruction uid, operand index, the
 * hard register it named and the pseudo that replaced it. */
typedef struct HardWebOp {
	int uid, k, reg, pseudo;
	RegSet allowed; /* the original operand's constraint */
} HardWebOp;

typedef struct HardWebs {
	int nweb;       /* webs converted */
	int nop;
	HardWebOp *op;  /* in fn's arena */
	int nentry;     /* webs reading R's content at the entry */
	struct Ins **entry; /* their copies `=p, %R` at the entry's start */
} HardWebs;

/* Converts every eligible web of fn (not in SSA, not allocated) whose
 * register is in avail[RC_GPR] into a fresh pseudo of 8 bytes with each
 * operand constrained to {R}; records the operands in hw.  Returns the
 * number of webs converted (0: fn unchanged). */
int hardweb_convert(Fn *fn, const RegSet avail[RC_NALLOC], HardWebs *hw);

/* hardweb_convert with R's content at the entry (an incoming argument)
 * one more def of R, when the entry block has no predecessor: a web whose
 * reads see it is eligible too (the other rules unchanged), its pseudo
 * defined by `copy =p, %R` (uid 0) at the entry block's start, recorded
 * in hw->entry; hardweb_restore turns that copy into the allocation's
 * move (none when p is in R there). */
int hardweb_convert_entry(Fn *fn, const RegSet avail[RC_NALLOC],
			  HardWebs *hw);

/* In fn, the allocation of a function hardweb_convert converted, turns
 * every recorded operand back into its hard register.  Each must be
 * located in that register (its constraint); otherwise false with the
 * reason in err (an internal inconsistency). */
bool hardweb_restore(Fn *fn, const HardWebs *hw, char *err, size_t errlen);

#endif
