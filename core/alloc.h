/* alloc.h - the SSA-based register allocator, pipeline driver
 * (docs/ALLOC.md).
 *
 * Per function, all register classes at once:
 *   copy -> ssa_construct (ssa.h) -> constr_prepare (constraints.h)
 *   -> spilling to k registers per class -> constr_split
 *   -> colour_fn (colour.h) -> coalesce (coalesce.h)
 *   -> ssa_destruct with the location of every pseudo (ssadestr.h)
 *   -> the constraint parallel copies become moves and swaps (pcopy.h)
 * The result is an allocated function of the core IR whose original
 * instructions keep their uids, for verify_fn against the original.
 *
 * The allocatable registers of a class are all of it (target_allocatable)
 * or, with nregs[c] = N, N of them chosen by alloc_regset.
 */
#ifndef SSARA_ALLOC_H
#define SSARA_ALLOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir.h"

enum { HARDWEB_RETRY, HARDWEB_NEVER, HARDWEB_ALWAYS };

struct Colour;

/* An observer of the colouring (tools/coalopt.c, the optimal coalescing
 * comparator): called with the function and its colouring right before
 * coalescing (after false) and right after it (after true), on every
 * attempt that gets there.  It must not modify them. */
typedef void AllocProbe(const Fn *fn, const struct Colour *c, bool after,
			void *arg);

typedef struct AllocOpts {
	int nregs[RC_NALLOC]; /* registers per class; 0 = all allocatable */
	bool no_coalesce;     /* colouring alone, for comparison */
	int bias;             /* colouring's choices (ColBias, colour.h):
			       * COL_BIAS_WEIGHTED (0) or another, for
			       * comparison */
	bool brute;           /* irc: the brute-force coalescing rule
			       * (IrcOpts.brute), for comparison */
	bool phi_lift;        /* Pereira's phi lifting before colouring
			       * (philift.h), for comparison */
	int hardweb;          /* hard-register webs made values (hardweb.h):
			       * HARDWEB_RETRY when the first attempt
			       * fails, HARDWEB_NEVER, HARDWEB_ALWAYS */
	AllocProbe *probe;    /* NULL, or called around coalescing */
	void *probe_arg;
	struct AllocLiveCheck *check_live; /* NULL, or a test: see below */
} AllocOpts;

/* AllocOpts.check_live, a test of the livenesses the pipeline's steps
 * hand on (docs/ALLOC.md "Liveness between the steps"): before each
 * step of every attempt, each liveness an earlier step handed on is
 * compared with live_compute's on the function as it is.  A difference
 * fails the attempt as an internal error naming the step, the block and
 * the set, and is also counted here, where no retry can hide it. */
typedef struct AllocLiveCheck {
	long checks;      /* comparisons made */
	long diffs;       /* of them, differences */
	char first[320];  /* the first difference, with the function */
} AllocLiveCheck;

/* Inserted instructions of one kind in the result: how many, and the sum
 * of their blocks' frequencies. */
typedef struct AllocCount {
	int n;
	int64_t w;
} AllocCount;

typedef struct AllocStats {
	RegSet regs[RC_NALLOC]; /* the allocatable sets used */
	int k[RC_NALLOC];       /* their sizes */
	int maxlive[RC_NALLOC]; /* pressure colouring met (within regs) */
	int nins;               /* instructions of the original */
	int nphi;               /* phis of SSA construction */
	int prep_copies;        /* copies for ties and conflicting fixed uses */
	int perms, perm_values; /* parallel copies before constrained
				   instructions, values they copy */
	int recon_phis;         /* phis of the SSA reconstruction */
	AllocCount spills, reloads, remats, moves, swaps;
	AllocCount copies;      /* original copies (and pcopy pairs) whose
				   source and destination differ: moves
				   too, that coalescing did not remove */
	AllocCount copies_kept; /* of copies, the pairs whose two sides are
				   registers: register moves in the final
				   code (a pair with a slot side is a load
				   or a store) */
	AllocCount slot_reads;  /* operands of the original's instructions
				   that read a stack slot: reads of spilled
				   values folded into an instruction, the
				   copies that became loads */
	AllocCount slot_writes; /* the same for writes: copies that became
				   stores, definitions kept in memory */
	int slots, slot_bytes;  /* stack slots of the result */
	int64_t aff_total;      /* affinity weight (copies, phis) */
	int64_t aff_colour;     /* of it satisfied by colouring alone */
	int64_t aff_final;      /* satisfied after coalescing */
	int recoloured;         /* values coalescing moved */
	int split_edges;        /* edges SSA destruction split */
	bool spilled;           /* the spiller ran (pressure exceeded k) */
	int hardwebs;           /* hard-register webs made values
				   (hardweb.h); 0: none, or not tried */
	bool everywhere;        /* a call returns twice and the values
				   live after it could not be put in
				   memory alone: every pseudo in its own
				   slot (spill_everywhere.h) */
	int twice_values;       /* a call returns twice: the pseudos live
				   after it, each in a slot of its own
				   (twice.h); the rest allocated as usual */
	double t_ssa, t_spill, t_constr, t_colour, t_coalesce, t_destruct;
} AllocStats;

/* The registers of class cls to allocate with when only n may be used
 * (n <= 0 or at least all: every allocatable register): the registers
 * some operand of fn requires alone (a single-register constraint such
 * as {cx}), one of each other constraint set that would otherwise be
 * empty, then the allocatable registers in core order, until there are
 * n.  More than n when fn requires more fixed registers than n. */
RegSet alloc_regset(const Fn *fn, int cls, int n);

/* Allocates a copy of orig (orig is not modified).  Returns the allocated
 * function, or NULL with a reason in err: an unsupported or already
 * allocated function, pressure above k with no spiller, a constraint that
 * cannot be met, an internal inconsistency (reported, never papered
 * over).  With o->hardweb == HARDWEB_RETRY (the default) a failed
 * attempt is retried with orig's eligible hard-register webs made values
 * (hardweb.h); the first attempt's reason is reported if that fails too.
 * st may be NULL. */
Fn *ssa_alloc(const Fn *orig, const AllocOpts *o, AllocStats *st, char *err,
	      size_t errlen);

/* Counts the inserted instructions of an allocated function by kind
 * (weighted by block frequency) and its slots into st. */
void alloc_count(const Fn *fn, AllocStats *st);

#endif
