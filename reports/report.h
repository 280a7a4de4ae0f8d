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
	long duplicates, duplicates_differing;
} Report;

typedef struct {
	const char *reason;
	long count;
} ReasonCount;

typedef struct {
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
} Totals;

Report *report_new(void);
void report_free(Report *r);

/* Notes one ELF object read, and whether it held any record. */
void report_object(Report *r, bool has_records);

/* Reads the records of one .ssara section, data[0..n), of the object
 * `where`: records end with '\n'; NUL bytes before a record are padding.
 * A bad record is reported to d as "record K at offset N: WHAT" and
 * skipped; the rest are still read.  Returns the number of records
 * (good and bad). */
int report_section(Report *r, const char *where, const char *data, size_t n,
		   Diag *d);

/* The totals of everything read so far (t->reason lives in r's arena). */
void report_totals(const Report *r, Totals *t);

#endif
