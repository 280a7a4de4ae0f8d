/* regset.h - whether a function in SSA form fits the registers an
 * allocation uses without spilling (alloc_regset, in alloc.h, chooses
 * those registers; both live in regset.c). */
#ifndef SSARA_REGSET_H
#define SSARA_REGSET_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"
#include "liveness.h"

/* alloc_regset (alloc.h) of every class c with n[c] registers, into
 * out[c], in one walk of fn. */
void alloc_regsets(const Fn *fn, const int n[RC_NALLOC],
		   RegSet out[RC_NALLOC]);

/* Whether fn (SSA form, prepared by constr_prepare) needs no spilling
 * with the registers avail: pressure at most k everywhere, and at every
 * call (and every instruction clobbering registers of avail) no more
 * values live across it than registers it preserves that hold no
 * hard-register value there (its arguments).  Raises maxlive[c] to the
 * pressure met; else false with the first excess in err. */
bool alloc_fits(Fn *fn, const RegSet avail[RC_NALLOC], int *maxlive,
		char *err, size_t errlen);

/* alloc_fits with fn's liveness: *lvp when not NULL (computed on fn as
 * it is), else computed and left in *lvp (for a spiller that runs next
 * on the unchanged fn). */
bool alloc_fits_live(Fn *fn, Live **lvp, const RegSet avail[RC_NALLOC],
		     int *maxlive, char *err, size_t errlen);

#endif
