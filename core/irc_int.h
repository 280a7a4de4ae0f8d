/* irc_int.h - what irc.c (prepare, actual spill, the driver) and
 * irc_graph.c (one round of build, simplify, coalesce, freeze, spill,
 * select) share.  Not for other users: irc.h is the interface. */
#ifndef SSARA_IRC_INT_H
#define SSARA_IRC_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "irc.h"

/* The allocator's state on one function across rounds. */
typedef struct IrcFn {
	Fn *fn;                     /* the working copy; becomes the result */
	RegSet avail[RC_NALLOC];    /* registers per class (alloc_regset) */
	int norig;                  /* pseudos below are the original's */
	int cap;                    /* entries of the per-pseudo arrays */
	bool *temp;                 /* per pseudo: never spilled (prepare's
				     * and the spill code's temporaries) */
	RegSet *only;               /* per pseudo: its registers (0 = any of
				     * avail), prepare's constraints */
	int *slot;                  /* per pseudo: its slot once spilled, -1 */
	int *root;                  /* per pseudo: the original pseudo whose
				     * value it carries, -1 for several (a
				     * tied temporary: the use's, then the
				     * def's) */
} IrcFn;

/* The outcome of one round: a register per pseudo, or the pseudos to
 * spill. */
typedef struct IrcRound {
	int *colour;   /* per pseudo (fn->npseudo): core register or -1 */
	int *spill;    /* pseudos select could not colour (not temporaries:
			* the members of a failed node that may be spilled) */
	int nspill;
	bool temp_failed; /* a node of temporaries alone found no colour */
	int coalesced, frozen, constrained; /* moves, by final state */
} IrcRound;

/* One round on f->fn (every register operand unlocated or in a slot,
 * slot operands no register occurrence): the interference graph, the
 * worklist algorithm, select.  Fills r (arrays in f->fn's arena); with
 * coalesce false no move is coalesced (the retry after a temporary
 * failed); with brute, two pseudos Briggs's test refuses are coalesced
 * when the SSA book's brute-force rule accepts them (irc_graph.c
 * brute_ok, at most IRC_BRUTE_BUDGET edges visited per round).  Never
 * fails: a node without colour is reported in r. */
void irc_round(const IrcFn *f, bool coalesce, bool brute, IrcRound *r);

#endif
