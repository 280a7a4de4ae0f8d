/* record.h - one ssara record (docs/RECORDS.md, spec version 1).
 *
 * The counts a record may carry are numbered by Field so that the report
 * can sum, print and name them with one loop; the weighted twins of
 * F_SPILLS..F_REMATS are numbered by W_OF(field).
 */
#ifndef SSARA_RECORD_H
#define SSARA_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"

enum { RECORD_VERSION = 1 };

/* Counts are integers in 0..RECORD_INT_MAX (2^48 - 1): frame sizes can
 * exceed 2^32 (GCC's torture suite has a 1 TiB stack array), and sums of
 * up to 2^15 maximal records, or any number of ordinary ones, stay exact
 * in a long long. */
#define RECORD_INT_MAX 281474976710655LL

typedef enum {
	F_BLOCKS,
	F_INSNS,
	F_PSEUDOS,
	F_MAXLIVE_GPR,
	F_MAXLIVE_SSE,
	F_SPILLS,
	F_RELOADS,
	F_MOVES,
	F_COPIES_DELETED,
	F_REMATS,
	F_FRAME,
	F_CALLEE_SAVED,
	F_N
} Field;

enum { W_N = F_REMATS - F_SPILLS + 1 };
#define HAS_W(f) ((f) >= F_SPILLS && (f) <= F_REMATS)
#define W_OF(f) ((f) - F_SPILLS)

/* Where field f lives in a record: group (NULL for the top level, else
 * "maxlive" or "gcc_ra") and member name. */
const char *field_group(Field f);
const char *field_member(Field f);

/* A checker verdict ("verify"."gcc" or "verify"."ssara"). */
typedef enum {
	V_NONE,       /* not checked: null, or no "verify" */
	V_VERIFIED,
	V_VIOLATION,
	V_UNVERIFIED,
	V_N
} VerdictKind;

typedef struct {
	VerdictKind kind;
	const char *reason;   /* V_UNVERIFIED: why; else NULL */
	const char *first;    /* text of the first violation, or NULL */
	long long violations;
	long long us;         /* translation + checking, microseconds */
	long long first_line; /* source line of the first violation, 0
				 when absent */
} Check;

/* ssara's allocation ("ssara_ra"): its counts with weighted twins, in
 * this order. */
typedef enum {
	S_SPILLS,
	S_RELOADS,
	S_REMATS,
	S_MOVES,
	S_SWAPS,
	S_COPIES,
	S_N
} SsaraCount;

typedef enum {
	SRA_NONE,  /* null or absent: ssara's allocator did not run */
	SRA_ERROR, /* it refused: error */
	SRA_DONE
} SsaraState;

typedef struct {
	SsaraState state;
	const char *error;     /* SRA_ERROR: why */
	long long n[S_N];      /* SRA_DONE */
	double w[S_N];
	long long slots, slot_bytes, aff_total, aff_final;
	long long us;          /* allocation time, microseconds (both states) */
	bool has_kept;         /* SRA_DONE with "copies_kept" (records
				  written before it was added lack it) */
	long long kept;        /* "copies_kept" */
	double w_kept;         /* "w_copies_kept" */
	bool has_slots;        /* SRA_DONE with "slot_reads" and
				  "slot_writes" */
	long long slot_ops;    /* slot_reads + slot_writes */
	double w_slot_ops;     /* their weighted twins' sum */
} SsaraRa;

/* "time_us": microseconds spent on the function in one compile. */
typedef struct {
	bool has;
	long long capture, ira_lra, audit;
} Times;

/* Member name of ssara_ra count c ("spills", ...). */
const char *ssara_count_name(SsaraCount c);

typedef struct {
	const char *file, *fn, *opt; /* never NULL */
	const char *dir;             /* the compilation directory ("dir");
					"" when the record has none */
	const char *src;             /* the function's source file ("src"),
					NULL when absent */
	long long line;              /* its line ("line"), 0 when absent */
	const char *dump;            /* the stem of its dump files
					("dump", docs/RECORDS.md), NULL
					when absent */
	const char *name;            /* fn for people: demangled when it is
					a C++ name (the report sets it;
					never NULL there) */
	bool captured;               /* else unsupported */
	const char *reason;          /* unsupported: why; else NULL */
	bool has[F_N];               /* which counts the record carries */
	long long val[F_N];
	bool has_w;                  /* gcc_ra present: w[] is set */
	double w[W_N];
	bool has_kept;               /* gcc_ra with "copies_kept" (records
					written before it was added lack it) */
	long long kept;              /* gcc_ra.copies_kept */
	double w_kept;               /* gcc_ra.w_copies_kept */
	bool has_slots;              /* gcc_ra with "slot_reads" and
					"slot_writes" (not null: GCC's
					allocation was translated) */
	long long slot_ops;          /* slot_reads + slot_writes */
	double w_slot_ops;           /* their weighted twins' sum */
	Check vgcc, vssara;          /* "verify" (V_NONE when null) */
	SsaraRa sra;                 /* "ssara_ra" */
	int substituted;             /* "substituted": 1 true, 0 false, -1
					absent (substitution not asked) */
	const char *subst_reason;    /* "substitute_reason" when false */
	Times time;                  /* "time_us" */
} Record;

/* One allocator's code in the end, from its counts: spill code (spills +
 * reloads + remats) and the register moves of the final code (inserted
 * moves + swaps + copies kept), each with its weighted twin.  has_spill:
 * the allocation's counts are there; has_moves: copies_kept too. */
typedef struct {
	bool has_spill, has_moves;
	long long spill, moves;
	double w_spill, w_moves;
} FinalCode;

/* GCC's final code (gcc_ra) and ssara's (ssara_ra when it allocated). */
void final_gcc(const Record *r, FinalCode *fc);
void final_ssara(const Record *r, FinalCode *fc);

/* Parses one record, text[0..len) without its newline, into *r (strings
 * allocated in a).  A captured record must carry every count; an
 * unsupported one carries a reason and may omit the size members,
 * "maxlive" and "gcc_ra" (or give them as null).  "verify", "ssara_ra"
 * and "time_us" are optional (absent or null: not checked, not run, not
 * timed); when present they must have the spec's shape.  "copies_kept"
 * and "w_copies_kept" are optional in "gcc_ra" and "ssara_ra" (both or
 * neither), as are "slot_reads", "w_slot_reads", "slot_writes" and
 * "w_slot_writes" (all or none).  Members not in the spec are ignored.  On failure returns false with a message in err
 * ("invalid JSON: ...", "unsupported spec version 2 (supported: 1)",
 * "member \"blocks\": ...", ...). */
bool record_parse(const char *text, size_t len, Arena *a, Record *r,
		  char *err, size_t errlen);

#endif
