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

typedef struct {
	const char *file, *fn, *opt; /* never NULL */
	bool captured;               /* else unsupported */
	const char *reason;          /* unsupported: why; else NULL */
	bool has[F_N];               /* which counts the record carries */
	long long val[F_N];
	bool has_w;                  /* gcc_ra present: w[] is set */
	double w[W_N];
} Record;

/* Parses one record, text[0..len) without its newline, into *r (strings
 * allocated in a).  A captured record must carry every count; an
 * unsupported one carries a reason and may omit the size members,
 * "maxlive" and "gcc_ra" (or give them as null).  Members not in the spec
 * are ignored.  On failure returns false with a message in err
 * ("invalid JSON: ...", "unsupported spec version 2 (supported: 1)",
 * "member \"blocks\": ...", ...). */
bool record_parse(const char *text, size_t len, Arena *a, Record *r,
		  char *err, size_t errlen);

#endif
