/* verify.h - the symbolic allocation checker (docs/VERIFY.md).
 *
 * verify_fn replays an allocated function on symbolic contents: for every
 * location (hard register, stack slot) the set of values it certainly
 * holds, joined by intersection over a work-list to a fixed point.  At
 * every original instruction each use must find its value where the
 * allocation put the operand, and each operand must sit where its
 * constraint allows.  Values are named by the original function; nothing
 * the allocator says about values (pseudo names on its operands, its
 * liveness) is trusted, except the pseudo named by a remat, which is
 * checked against the original definitions.
 *
 * pcopy_check simulates a sequence of moves and swaps that claims to
 * implement one parallel copy (pcopy_check.c).
 */
#ifndef SSARA_VERIFY_H
#define SSARA_VERIFY_H

#include <stdbool.h>
#include <stdio.h>

#include "ir.h"

enum Verdict {
	VERDICT_VERIFIED,   /* no violation */
	VERDICT_VIOLATION,  /* nviol > 0 violations */
	VERDICT_UNVERIFIED, /* the two functions cannot be compared: reason */
};

enum ViolKind {
	VK_WRONG_VALUE,   /* a use's location does not hold its value */
	VK_CONSTRAINT,    /* a register outside the operand's constraint */
	VK_NOT_MEM,       /* a stack slot for an operand without mem */
	VK_TIE,           /* tied operands in different locations */
	VK_EARLY_CLOBBER, /* an early-clobber def overlaps a use */
	VK_STACK_TO_STACK,/* an inserted move, copy or swap between slots */
	VK_MOVE_KIND,     /* spill, reload or move between wrong kinds */
	VK_REMAT,         /* remat of a value that is not rematerializable */
	VK_MISSING,       /* an original instruction missing from its block */
	VK_ORDER,         /* original instructions of a block reordered */
	VK_NKIND
};

/* A pseudo a location holds: the whole value (low 0), or only its low
 * `low` bytes (a part fact, docs/VERIFY.md "Widths"). */
typedef struct HeldFact {
	int pseudo;
	int low;
} HeldFact;

typedef struct Violation {
	int kind;      /* VK_* */
	int blk;       /* label of the allocated block (VK_MISSING: the
			* original block the instruction belongs to) */
	int uid;       /* the instruction's uid; 0 for an inserted one */
	int pos;       /* 1-based position in its block; 0 for VK_MISSING */
	int op;        /* operand index, or -1 for the whole instruction */
	Loc loc;       /* the operand's location (LOC_NONE if none) */
	int exp_pseudo;/* VK_WRONG_VALUE: the value wanted, a pseudo ... */
	int exp_hreg;  /* ... or a hard register's value; the other is -1 */
	/* VK_WRONG_VALUE: an inserted opaque instruction (GCC's allocation)
	 * is among the writers the text names, i.e. it last wrote the
	 * location on some path to the use; else false */
	bool by_opaque;
	/* VK_WRONG_VALUE: what the location held instead, pseudos only, in
	 * the set's order (the text's "holds {...}" without hard registers,
	 * word facts and the rest-of-register part facts) */
	HeldFact *held;
	int nheld;
	char *text;    /* "FN: bB: uid U: operand K (p82) at ax holds ..." */
} Violation;

typedef struct VerifyResult {
	int verdict;   /* VERDICT_* */
	char *reason;  /* VERDICT_UNVERIFIED: why; else NULL */
	int nviol;
	Violation *viol; /* in block order, then instruction order */
	int nnote;
	char **note;   /* remarks that change no verdict ("b9 is not
			* reachable from the entry; not checked") */
} VerifyResult;

/* Checks alloc (flag allocated, every pseudo operand located) against
 * orig, the function it was allocated from, as docs/VERIFY.md specifies.
 * Neither function is modified.  Never fails: whatever is wrong with the
 * input is the verdict.  Free the result with verify_result_free. */
void verify_fn(const Fn *orig, const Fn *alloc, VerifyResult *res);

/* The checker's reusable tables (its per-id and per-location stamp
 * tables), owned by the caller and kept from one function to the next,
 * so that a function's check does not allocate and clear them again.
 * The checker keeps no state of its own between calls: a caller that
 * checks many functions (the plugin, `ssara verify`) creates one
 * context, passes it to every verify_fn_in, and frees it at the end.
 * A context is used by one check at a time. */
typedef struct VerifyCtx VerifyCtx;
VerifyCtx *verify_ctx_new(void);
void verify_ctx_free(VerifyCtx *x);
/* verify_fn with the tables of x (same verdicts, violations, notes). */
void verify_fn_in(VerifyCtx *x, const Fn *orig, const Fn *alloc,
		  VerifyResult *res);

/* Whether original instructions a and b of orig may run in either order
 * with the same effect (docs/VERIFY.md "Moved instructions": orig lists
 * its memory effects, neither writes memory, neither reads or writes
 * what the other writes).  The rule verify_fn applies to GCC's
 * allocations; the plugin's translation uses it to choose. */
bool verify_commute(const Fn *orig, const Ins *a, const Ins *b);

void verify_result_free(VerifyResult *res);

/* Prints "FN: verified", "FN: violation (N)" or "FN: unverified: REASON",
 * then one line "  PATH: TEXT" per violation and "  PATH: FN: note: ..."
 * per note. */
void verify_print(FILE *f, const char *path, const char *fname,
		  const VerifyResult *res);

/* Parallel copies alone (pcopy_check.c).  A parallel copy is a set of
 * pairs (dst <- src) with distinct destinations, all read before any is
 * written.  A sequence of steps claims to implement it: a move writes a
 * with the content of b; a swap exchanges a and b.  Scratch locations
 * (free registers) may serve as temporaries: their final content does not
 * matter unless they are destinations. */
typedef struct PcPair {
	Loc dst, src;
} PcPair;

enum { PC_MOVE, PC_SWAP };

typedef struct PcStep {
	int kind; /* PC_MOVE (a := b) or PC_SWAP (a <-> b) */
	Loc a, b;
} PcStep;

/* A location whose content after the sequence is wrong. */
typedef struct PcWrong {
	Loc loc;
	bool is_dst; /* a destination; else a location that had to keep its
		      * own content (neither a destination nor scratch) */
	Loc want;    /* the location whose initial content it should hold */
	Loc got;     /* the location whose initial content it holds */
} PcWrong;

typedef struct PcResult {
	int nwrong;
	PcWrong *wrong; /* destinations in pair order, then the others in
			 * order of first appearance in the sequence */
} PcResult;

/* Simulates seq with every location starting with its own initial
 * content.  Returns false, with a message in err, when the input itself
 * is malformed (two pairs with one destination, a location of LOC_NONE,
 * a step of unknown kind).  Otherwise fills res (free with
 * pcopy_result_free): nwrong == 0 means seq implements the parallel copy
 * and leaves every location that is neither a destination nor scratch as
 * it was. */
bool pcopy_check(const PcPair *pc, int npc, const PcStep *seq, int nseq,
		 const Loc *scratch, int nscratch, PcResult *res, char *err,
		 size_t errlen);

void pcopy_result_free(PcResult *res);

/* "bx holds the initial content of cx instead of ax's" and the like. */
void pcopy_describe(const Target *t, const PcWrong *w, char *buf,
		    size_t len);

#endif
