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
 * irc_prepare and irc_finish split irc_alloc in two for the ILP
 * (tools/ilp.c), which inserts its own spill code in between.
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
/* The brute-force rule's work per round, in edges visited. */
#define IRC_BRUTE_BUDGET 50000000L

typedef struct IrcOpts {
	int nregs[RC_NALLOC]; /* registers per class, as AllocOpts (0 = all) */
	bool no_coalesce;     /* colouring alone: no move coalesced */
	bool brute;           /* and the SSA book's brute-force rule where
			       * Briggs's test fails (irc_round) */
} IrcOpts;

typedef struct IrcStats {
	int rounds;       /* build-to-select rounds */
	int actual;       /* pseudos actually spilled by select */
	int temps;        /* pseudos added before the first round: prepare's
			   * temporaries and a caller's segments */
	int coalesced;    /* moves coalesced in the last round */
	int frozen;       /* moves frozen in the last round */
	int constrained;  /* moves constrained in the last round */
} IrcStats;

/* A function being allocated: irc_prepare's copy of orig with the
 * temporaries and copies of tied and constrained operands, which a
 * caller may rewrite (the ILP's spill code) before irc_finish colours it.
 * Pseudos below irc_norig are orig's; from there on, temporaries (never
 * spilled) and the caller's segments (irc_segment). */
typedef struct IrcFn IrcPrep;

/* NULL with a reason when irc_alloc refuses orig (see above). */
IrcPrep *irc_prepare(const Fn *orig, char *err, size_t errlen);
Fn *irc_fn(IrcPrep *p);
int irc_norig(const IrcPrep *p);
/* Whether pseudo q is a temporary of prepare's or of spill code. */
bool irc_is_temp(const IrcPrep *p, int q);
/* A new pseudo carrying original pseudo v's value (a part of its live
 * range): coloured, and spilled again when colouring must. */
int irc_segment(IrcPrep *p, int v);
/* The slot of original pseudo v (made on first use), for an operand
 * that reads v from memory. */
Loc irc_slot(IrcPrep *p, int v);
/* Inserts `reload =q, v @slot(v)` before at (NULL: at the end of b), or
 * `spill =v @slot(v), q` after at; q carries v.  The spill is refused
 * (false, the reason in err) after a branch. */
void irc_insert_reload(IrcPrep *p, Blk *b, Ins *at, int q, int v);
bool irc_insert_spill(IrcPrep *p, Blk *b, Ins *at, int q, int v, char *err,
		      size_t errlen);
/* Inserts `move =dst, src` before at (NULL: at the end of b); dst and
 * src carry one original pseudo's value (segments of it). */
void irc_insert_move(IrcPrep *p, Blk *b, Ins *at, int dst, int src);
/* Colours p's function (then freed with p) into the allocation of
 * orig; as irc_alloc. */
Fn *irc_finish(IrcPrep *p, const Fn *orig, const IrcOpts *o, AllocStats *st,
	       IrcStats *is, char *err, size_t errlen);
/* Frees p (when irc_finish is not called). */
void irc_prep_free(IrcPrep *p);

/* Allocates a copy of orig (not modified) by iterated register
 * coalescing.  st (may be NULL) gets the register sets, the counts of
 * alloc_count and t_colour, the whole time; is (may be NULL) the rounds.
 * NULL with a reason in err when refused. */
Fn *irc_alloc(const Fn *orig, const IrcOpts *o, AllocStats *st, IrcStats *is,
	      char *err, size_t errlen);

#endif
