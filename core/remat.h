/* remat.h - [remat] marks the spiller must not use: those the checker
 * would refuse, hidden while the spiller runs and put back after. */
#ifndef SSARA_REMAT_H
#define SSARA_REMAT_H

#include "ir.h"
#include "ssa.h"

/* Clears the [remat] flag of the definitions of versions whose original
 * pseudo also has other definitions (a remat names the original pseudo,
 * and the checker accepts it only when every definition of it is that
 * remat, computing the same thing); fn is in SSA form, ssa its origins.
 * Returns the instructions changed, NULL-terminated, in fn's arena, for
 * remat_restore. */
Ins **remat_hide(Fn *fn, const Ssa *ssa);

/* Sets the [remat] flag again on every instruction of hidden (a list
 * remat_hide returned). */
void remat_restore(Ins **hidden);

/* `remat =pP, CONSTS` (not inserted): pseudo p recomputed from the
 * constants of d, a [remat] definition, as the spiller's reloads and
 * the ILP's realisation make them. */
Ins *remat_make(Fn *fn, const Ins *d, int p);

#endif
