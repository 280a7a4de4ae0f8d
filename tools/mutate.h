/* mutate.h - mutation testing of the allocation checker.
 *
 * Given an original function and a correct allocation of it (the checker
 * verifies it and the interpreter, interp.h, agrees with the original on
 * every run), mutate_fn enumerates single faults of the allocation, and
 * for each mutant asks two independent questions: does its behaviour
 * change (the interpreter's trace differs from the original's for one of
 * `runs` seeds), and does the checker report it (any verdict but
 * verified).  A mutant that changes behaviour must be reported; so must
 * one that violates a register constraint (checked here on its own, not by
 * the checker), whatever its behaviour.  A mutant with the original's
 * behaviour and no constraint violation is equivalent: the checker may
 * accept it (it is harmless) or report it, and then the report is
 * explained: the instruction it names never ran, the location held an
 * equal word under another name (a copy, the same constant), or a path
 * that the runs did not take (found with more seeds).
 */
#ifndef SSARA_MUTATE_H
#define SSARA_MUTATE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "ir.h"

enum MutKind {
	MK_DROP_RELOAD,  /* an inserted reload removed */
	MK_DROP_SPILL,   /* an inserted spill removed */
	MK_WRONG_REG,    /* a use of an original instruction in another
			  * register of its class */
	MK_SWAP_MOVES,   /* two adjacent inserted moves, spills, reloads,
			  * swaps or copies exchanged */
	MK_SLOT_REUSE,   /* every access to one slot sent to another */
	MK_CALLER_SAVED, /* a value kept in a callee-saved register or a slot
			  * across a call put in a caller-saved register */
	MK_BREAK_TIE,    /* one operand of a tied pair in another register */
	MK_NKIND
};

/* Why the checker reports an equivalent mutant. */
enum MutWhy {
	MW_NOT_RUN,   /* the instruction it names never ran */
	MW_EQUAL,     /* the location held an equal word under another name */
	MW_PATH,      /* a path the runs did not take: more seeds find it */
	MW_UNEXPLAINED,
	MW_NWHY
};

typedef struct MutCount {
	long mutants;
	long changed, changed_reported;       /* behaviour changes */
	long constraint, constraint_reported; /* same behaviour, but a
					       * constraint is violated */
	long equiv_silent, equiv_reported;    /* neither */
	long why[MW_NWHY];                    /* of equiv_reported */
} MutCount;

typedef struct MutStats {
	MutCount kind[MK_NKIND];
	int functions; /* inputs mutated */
	int skipped;   /* inputs refused (not verified, or the interpreter
			* disagrees with the original) */
} MutStats;

typedef struct MutOpts {
	int runs;          /* seeds per mutant; 0 = 32 */
	int max_per_kind;  /* per function: a deterministic sample when a
			    * kind has more candidates; 0 = all */
	int extra_runs;    /* seeds tried to explain an equivalent mutant
			    * the checker reports; 0 = 512 */
	FILE *notes;       /* one line per reported equivalent mutant and
			    * per miss; NULL = none */
	bool verbose;      /* also a line per mutant */
	const char *label; /* names the input in notes (a file); NULL =
			    * the function's name only */
} MutOpts;

const char *mut_kind_name(int kind);
const char *mut_why_name(int why);

/* Mutation-tests alloc against orig and adds the counts to *st.  Returns
 * false, with the reason in err, when the input is refused (the checker
 * does not verify alloc, or the interpreter finds its behaviour different
 * from orig's): a mutant of an incorrect allocation proves nothing. */
bool mutate_fn(const Fn *orig, const Fn *alloc, const MutOpts *o,
	       MutStats *st, char *err, size_t errlen);

/* The table: per kind mutants, behaviour-changing and reported (kill
 * rate), constraint violations and reported, equivalent ones silent and
 * reported (by explanation); a total line. */
void mutate_print(FILE *f, const MutStats *st);

/* Whether every behaviour-changing and every constraint-violating mutant
 * was reported and every reported equivalent one explained. */
bool mutate_all_killed(const MutStats *st);

/* `ssara mutate ...` (argv without the command name); returns the exit
 * status. */
int mutate_main(int argc, char **argv);

#endif
