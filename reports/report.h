/* report.h - the records of a whole codebase: one entry per function,
 * repeated records counted once, and the totals.
 *
 * A function is identified by (file, fn, opt).  When the same identity
 * is read again (an object linked into an executable that is also read,
 * an object in two archives, ...) the first record read is kept and the
 * repeat is counted in "duplicates"; "duplicates_differing" counts the
 * repeats whose text is not byte-for-byte that of the kept record.
 */
#ifndef SSARA_REPORT_H
#define SSARA_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "diag.h"
#include "record.h"

typedef struct {
	Record rec;         /* strings in the report's arena */
	const char *object; /* where it was read first: FILE or FILE(MEMBER) */
	const char *text;   /* the record line (for differing duplicates) */
	size_t textlen;
} Entry;

typedef struct {
	Arena *a;
	Entry *ent;           /* in the order first read */
	int n, cap;
	int *slot;            /* hash of identities: entry index + 1, 0 free */
	size_t nslot;
	long objects;         /* ELF objects read (archive members count) */
	long objects_with_records;
	long lto_without_records; /* ELF objects with GCC's LTO sections
				     (.gnu.lto_*) and no record: slim -flto
				     objects */
	long duplicates, duplicates_differing;
} Report;

typedef struct {
	const char *reason;
	long count;
} ReasonCount;

/* One checker's verdicts over the functions totalled. */
typedef struct {
	long n[V_N];          /* functions per verdict; V_NONE: not checked */
	long long violations; /* sum of "violations" */
	long long us;         /* sum of "us" (translation + checking) */
	ReasonCount *reason;  /* unverified reasons by class (reason_class),
				 most frequent first, ties by name */
	int nreason;
} CheckTotals;

typedef struct {
	const char *opt;      /* the level totalled, NULL for all */
	long objects, objects_with_records;
	long functions, captured, unsupported;
	long duplicates, duplicates_differing;
	/* Over the functions whose record carries the count: the sum, but
	 * for F_MAXLIVE_GPR and F_MAXLIVE_SSE the maximum. */
	long long sum[F_N];
	double wsum[W_N];      /* weighted twins of F_SPILLS..F_REMATS */
	ReasonCount *reason;   /* unsupported reasons, most frequent first,
				  ties by name */
	int nreason;
	CheckTotals cgcc, cssara;  /* "verify"."gcc", "verify"."ssara" */
	long ssara_done, ssara_refused;  /* ssara_ra with counts / error */
	ReasonCount *refusal;      /* ssara_ra errors by class, ranked */
	int nrefusal;
	/* Substitution (records with "substituted"): functions written
	 * with ssara's allocation, and kept with GCC's, with the reasons
	 * by class, ranked. */
	long subst_yes, subst_no;
	ReasonCount *subst_reason;
	int nsubst_reason;
	/* Sums over the functions carrying them, microseconds: time_us
	 * members and ssara_ra.us (done or refused). */
	long timed;                /* functions with "time_us" */
	long long t_capture, t_ira_lra, t_audit, t_ssara;
	/* Over the functions with both gcc_ra and a done ssara_ra: GCC's
	 * counts (F_SPILLS..F_REMATS, weighted w) beside ssara's. */
	long both;
	long long both_gcc[F_N];
	double both_gcc_w[W_N];
	long long both_ssara[S_N];
	double both_ssara_w[S_N];
	/* Of those, the functions whose gcc_ra and whose ssara_ra carry
	 * copies_kept, and the functions where both do (kept): over these
	 * only, copies kept and the register moves of the final code
	 * (FinalCode.moves) of each allocator. */
	long both_gcc_has_kept, both_ssara_has_kept, both_kept;
	/* Of the same, the functions whose records both carry the slot
	 * operands (both_slots): over these only, the slot operands and
	 * the memory traffic (spill code + slot operands). */
	long both_slots;
	long long slots_gcc, slots_ssara, mem_gcc, mem_ssara;
	double w_slots_gcc, w_slots_ssara, w_mem_gcc, w_mem_ssara;
	long long kept_gcc, kept_ssara, fmoves_gcc, fmoves_ssara;
	double w_kept_gcc, w_kept_ssara, w_fmoves_gcc, w_fmoves_ssara;
} Totals;

Report *report_new(void);
void report_free(Report *r);

/* Notes one ELF object read, whether it held any record, and whether it
 * has GCC's LTO sections. */
void report_object(Report *r, bool has_records, bool lto);

/* Reads the records of one .ssara section, data[0..n), of the object
 * `where`: records end with '\n'; NUL bytes before a record are padding.
 * A bad record is reported to d as "record K at offset N: WHAT" and
 * skipped; the rest are still read.  Returns the number of records
 * (good and bad). */
int report_section(Report *r, const char *where, const char *data, size_t n,
		   Diag *d);

/* The totals of everything read so far (t->reason lives in r's arena);
 * only of the functions whose "opt" is opt, unless opt is NULL. */
void report_totals(const Report *r, const char *opt, Totals *t);

/* The functions ssara's allocation compares worst with GCC's: those with
 * both allocations' final code known (FinalCode has_spill and has_moves
 * for both: ssara allocated and both records carry copies_kept), sorted
 * by the weighted spill code ssara - gcc, largest first, then by the
 * weighted register moves of the final code ssara - gcc, then in the
 * order read.  Stores the entry indexes (in r's arena) in *out and
 * returns how many; *unranked gets the number of functions both
 * allocated that lack copies_kept. */
int report_worst(const Report *r, int **out, int *unranked);

/* The distinct "opt" values read, sorted by name, into *out (in r's
 * arena); returns how many. */
int report_opts(const Report *r, const char ***out);

/* The class of a checker's reason, for counting.  A number word is a
 * word (letters, digits, '_') made of at most three letters followed by
 * digits: "12", "b3", "p45", but not "V4SI" or "iordi_1"; or a
 * hexadecimal number "0xf048".  Parenthesized groups that contain a
 * number word are dropped ("moved by IRA (uid 12)" -> "moved by IRA"),
 * then the digits of every other number word become N ("uid 12 in b3" ->
 * "uid N in bN", "0xf048" -> "N"), spaces are collapsed and trimmed, and
 * a space-separated word equal to the one before it is dropped ("pN:N
 * pN:N" -> "pN:N").  Writes at most n bytes
 * (truncating) into out. */
void reason_class(const char *in, char *out, size_t n);

#endif
