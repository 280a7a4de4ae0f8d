/* coalopt.h - optimal coalescing of the SSA-based allocator's colouring
 * problem by integer linear programming (GLPK; Grund and Hack's
 * formulation, as in Hack's report), the yardstick of its coalescer
 * (docs/COMPARE.md, "Optimal coalescing").
 *
 * The problem is ssa_alloc's own: its spilled, split SSA function as
 * colouring left it right before coalescing (AllocOpts.probe): the tie
 * units of the colouring as nodes, each with its admissible registers
 * and width, the interference graph, the affinities (value to value,
 * value to register) weighted by block frequency.  Binary x[u,r] (unit
 * u in register r, r admissible), one register per unit; per clique of
 * interfering units (greedy cover of the edges) and register t, at most
 * one unit occupies t; per value-to-value affinity of units a, b, y[a,b]
 * >= x[a,r] - x[b,r] for every r admissible to a (y = 1 when the two are
 * apart); a value-to-register affinity costs w (1 - x[a,R]).  Minimise
 * the weight of the affinities not met.  ssa's coalesced colouring is
 * given to the solver as its first solution.
 */
#ifndef SSARA_COALOPT_H
#define SSARA_COALOPT_H

#include <stdbool.h>
#include <stddef.h>

#include "alloc.h"

typedef struct CoalOptResult {
	bool captured;      /* ssa_alloc reached coalescing */
	int status;         /* ILP_OPTIMAL, ILP_FEASIBLE, ILP_UNSOLVED */
	double objective;   /* unmet affinity weight of the best colouring */
	double bound;       /* the solver's lower bound (objective if optimal) */
	double total;       /* the weight of all affinities */
	double unmet_colour; /* unmet by ssa's colouring before coalescing */
	double unmet_ssa;   /* unmet by ssa's coalesced colouring */
	int units, nvars, nrows;
	double seconds;     /* model and solve (not ssa_alloc) */
	char why[160];      /* why not solved, when not */
} CoalOptResult;

/* Runs ssa_alloc on orig with o's options (its probe replaced) and
 * solves the coalescing problem of its last attempt within seconds.
 * Returns ssa_alloc's result (st, err as ssa_alloc's); r is always
 * filled (captured false when ssa_alloc failed before coalescing). */
Fn *coalopt_ssa(const Fn *orig, const AllocOpts *o, double seconds,
		AllocStats *st, CoalOptResult *r, char *err, size_t errlen);

#endif
