/* irc.h - iterated register coalescing (George and Appel), the
 * comparator of the SSA-based allocator on the same IR (docs/COMPARE.md).
 *
 * Per function, both allocatable classes (GPR, SSE) at once:
 *   copy -> prepare: a temporary pseudo and copies around every tied or
 *   constrained operand (the temporary carries the operand's register
 *   set as interference with the precoloured registers outside it)
 *   -> rounds of: build (interference graph over pseudos and the
 *   precoloured registers, move list), simplify, coalesce (Briggs for
 *   two pseudos, George for a pseudo and a register), freeze, potential
 *   spill, select; nodes select cannot colour are actually spilled (a
 *   reload into a new short-lived pseudo before each use, a spill after
 *   each definition, spill_everywhere's code) and the round starts again
 *   -> every operand located, the copies that coalescing joined removed,
 *   every operand named by the original pseudo whose value it carries.
 * The result is an allocated function like ssa_alloc's, for verify_fn.
 *
 * Refused (NULL and a reason, never a wrong allocation): unsupported or
 * already allocated functions, x87 values, memory-only operands, phis,
 * values of two general registers, a definition that would need code
 * after a block's branch, constraints no register meets, and functions
 * still uncoloured after IRC_MAX_ROUNDS rounds.
 */
#ifndef SSARA_IRC_H
#define SSARA_IRC_H

#include <stdbool.h>
#include <stddef.h>

#include "alloc.h"
#include "ir.h"

enum { IRC_MAX_ROUNDS = 40 };

typedef struct IrcOpts {
	int nregs[RC_NALLOC]; /* registers per class, as AllocOpts (0 = all) */
	/* per pseudo of the original (npseudo entries), or NULL: the pseudos
	 * spilled everywhere before the first round (the ILP's choice) */
	const bool *spill;
} IrcOpts;

typedef struct IrcStats {
	int rounds;       /* build-to-select rounds */
	int actual;       /* pseudos actually spilled by select */
	int temps;        /* temporaries of prepare */
	int coalesced;    /* moves coalesced in the last round */
	int frozen;       /* moves frozen in the last round */
	int constrained;  /* moves constrained in the last round */
} IrcStats;

/* The function irc_alloc colours: a copy of orig with prepare's
 * temporaries and copies.  NULL with a reason when irc_alloc refuses
 * orig.  The caller frees it with fn_free.  *norig receives orig's
 * npseudo; pseudos from there on are temporaries (never spilled). */
Fn *irc_prepare(const Fn *orig, int *norig, char *err, size_t errlen);

/* Allocates a copy of orig (not modified) by iterated register
 * coalescing.  st (may be NULL) gets the register sets, the counts of
 * alloc_count and t_colour, the whole time; is (may be NULL) the rounds.
 * NULL with a reason in err when refused. */
Fn *irc_alloc(const Fn *orig, const IrcOpts *o, AllocStats *st, IrcStats *is,
	      char *err, size_t errlen);

#endif
