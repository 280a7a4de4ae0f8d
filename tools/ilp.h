/* ilp.h - optimal spill code by integer linear programming (GLPK),
 * realised by iterated register coalescing (docs/COMPARE.md).
 *
 * On irc_prepare's function, per program point (before each instruction
 * and at each block's end) and per original pseudo live there, binary
 * r (in a register there) and l (reloaded, or recomputed, there), and
 * per pseudo s (stored after each of its definitions).  Minimise the
 * frequency-weighted stores, reloads and remats subject to: an
 * operand's value is in a register at its instruction, or in its slot
 * where the operand may read memory (the spiller's folded reloads); a
 * value is in a register at a point only if it was at the point before
 * (all predecessors' ends at a block's start) or is reloaded there; a
 * reload needs the stores, a remat (of a value whose only definition
 * is flagged [remat]) none; at most k
 * values of a class in registers at every point (the temporaries, hard
 * registers and dead definitions there counted); across an instruction
 * that clobbers registers (a call) at most as many values kept in
 * registers as it preserves.  Classes whose pressure never exceeds their
 * registers get no variables.  The solution becomes spill code and one
 * pseudo per segment of a value kept in a register; irc_finish colours
 * them.  When colouring must spill more, the allocation is not the
 * optimum and says so (exact false).
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
	bool exact;        /* the allocation's spills, reloads and remats
			    * weigh the objective: colouring spilled
			    * nothing more */
	IrcStats irc;      /* the realisation's rounds */
} IlpResult;

const char *ilp_status_name(int status);

/* Solves orig's model and realises the solution.  NULL with a reason in
 * err when the model is not solved in time (r->status ILP_UNSOLVED) or
 * irc_alloc refuses orig or the solution; r is always filled. */
Fn *ilp_alloc(const Fn *orig, const IlpOpts *o, AllocStats *st,
	      IlpResult *r, char *err, size_t errlen);

#endif
