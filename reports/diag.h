/* diag.h - the report's messages on standard error.
 *
 * Every message is "PROG: WHERE: error: WHAT" (WHERE is FILE or
 * FILE(MEMBER)); the count of errors decides the exit status.  Control
 * characters in WHERE and WHAT are shown as '?' so that a hostile file
 * name or record cannot forge lines.
 */
#ifndef SSARA_DIAG_H
#define SSARA_DIAG_H

#include <stdio.h>

typedef struct {
	const char *prog; /* "ssara-report" */
	FILE *out;
	int errors;       /* messages so far */
} Diag;

void diag_error(Diag *d, const char *where, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif
