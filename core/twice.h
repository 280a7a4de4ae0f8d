/* twice.h - the values live after a call that returns twice (setjmp,
 * vfork) kept in memory, everything else allocated by the pipeline
 * (docs/ALLOC.md "Calls that return twice").
 *
 * A longjmp back to the call restores the registers the call saw, so a
 * value read after the call must be in memory, its latest definition
 * stored, wherever a longjmp may leave from.  As GCC does, only the
 * pseudos live after such a call (its "twice values") are memory
 * resident: each gets one slot; twice_to_memory gives every occurrence
 * of one a short-lived temporary, read from a placeholder right before
 * the instruction (a load) and stored to one right after it (a store);
 * the pipeline allocates the temporaries and every other pseudo as
 * usual; twice_finish turns the placeholders into reloads from and
 * spills to the pseudo's slot and names the temporaries by the pseudo
 * again. */
#ifndef SSARA_TWICE_H
#define SSARA_TWICE_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"

/* What twice_to_memory did, for twice_finish (arrays in fn's arena). */
typedef struct TwiceMem {
	int npseudo0; /* fn->npseudo before the rewrite */
	int nvalues;  /* twice values rewritten */
	int uid0;     /* placeholders have uids uid0 .. uid0 + nplace - 1 */
	int nplace;
	int *place_p;      /* per placeholder: its twice value */
	bool *place_store; /* per placeholder: a store (else a load) */
	int ntotal;        /* fn->npseudo after the rewrite */
	int *orig;         /* per pseudo below ntotal: the twice value a
			    * temporary stands for, else -1 */
} TwiceMem;

/* Whether fn has a call flagged [twice]. */
bool twice_has(const Fn *fn);

/* Requires fn not allocated.  Rewrites fn (a copy of the original): each
 * instruction that reads a twice value p reads a fresh temporary of p's
 * class and size instead, defined by a load placeholder (`ord
 * "twice-load" =T`) right before it; each that writes p writes a fresh
 * temporary, read by a store placeholder (`ord "twice-store" T`) right
 * after it (a read-modify-write or partial def reads and writes one
 * temporary, loaded before and stored after).  False, fn unchanged, with
 * the reason in err, when a twice value is a phi operand, a memory-only
 * operand, or written by an instruction that ends a block with several
 * successors or an exceptional edge, or a branch; true with
 * tm->nvalues == 0 when no pseudo is live after such a call. */
bool twice_to_memory(Fn *fn, TwiceMem *tm, char *err, size_t errlen);

/* Requires fn allocated by the pipeline from twice_to_memory's result.
 * Gives each twice value a slot of its size; replaces each load
 * placeholder `=T @R` by `reload =p @R, p @S` and each store placeholder
 * `T @R` by `spill =p @S, p @R` (S p's slot); every operand naming a
 * temporary names its twice value again, and the temporaries are no
 * longer declared when no operand names a pseudo above the original
 * ones.  False (err) when a placeholder's operand is not in
 * a register (an internal error). */
bool twice_finish(Fn *fn, const TwiceMem *tm, char *err, size_t errlen);

#endif
