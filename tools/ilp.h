/* ilp.h - the spill-everywhere optimum by integer linear programming
 * (GLPK), realised by iterated register coalescing (docs/COMPARE.md).
 *
 * On irc_prepare's function: a binary x_v per pseudo of the original
 * (1: v lives in its stack slot, reloaded before each instruction that
 * reads it, spilled after each that writes it), minimising the
 * frequency-weighted reloads and spills, with at every instruction and
 * class at most k values in registers before it, at most k after it,
 * and across an instruction that clobbers registers (a call) no more
 * values than the registers it preserves.  The pseudos chosen are then
 * spilled and the rest coloured by irc_alloc; when colouring must spill
 * more, the result is not the optimum and says so (exact false).
 */
#ifndef SSARA_ILP_H
#define SSARA_ILP_H

#include <stdbool.h>
#include <stddef.h>

#include "alloc.h"
#include "irc.h"

enum IlpStatus {
	ILP_OPTIMAL,  /* proven optimal */
	ILP_FEASIBLE, /* an integer solution, optimality not proven in time */
	ILP_UNSOLVED, /* no integer solution in time, or infeasible */
};

typedef struct IlpOpts {
	int nregs[RC_NALLOC]; /* registers per class (0 = all) */
	double time_limit;    /* seconds for the solver */
} IlpOpts;

typedef struct IlpResult {
	int status;        /* ILP_* */
	double objective;  /* the solution's weighted spill code */
	double bound;      /* the solver's lower bound (objective if optimal) */
	double seconds;    /* model, solve and realisation */
	int nvars, nrows;  /* the model's size */
	bool exact;        /* the allocation's spills and reloads weigh the
			    * objective: colouring spilled nothing more */
	IrcStats irc;      /* the realisation's rounds */
} IlpResult;

const char *ilp_status_name(int status);

/* Solves orig's model and realises the solution.  NULL with a reason in
 * err when the model is not solved in time (r->status ILP_UNSOLVED) or
 * irc_alloc refuses orig or the solution; r is always filled. */
Fn *ilp_alloc(const Fn *orig, const IlpOpts *o, AllocStats *st,
	      IlpResult *r, char *err, size_t errlen);

#endif
