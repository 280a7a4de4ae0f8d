/* diag.c - the report's messages (diag.h). */
#include "diag.h"

#include <stdarg.h>

/* Writes s with control characters as '?'. */
static void put_clean(FILE *f, const char *s)
{
	for (; *s; s++)
		putc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f);
}

void diag_error(Diag *d, const char *where, const char *fmt, ...)
{
	char what[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(what, sizeof what, fmt, ap);
	va_end(ap);
	fprintf(d->out, "%s: ", d->prog);
	put_clean(d->out, where);
	fputs(": error: ", d->out);
	put_clean(d->out, what);
	putc('\n', d->out);
	d->errors++;
}
