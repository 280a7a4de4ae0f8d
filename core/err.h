/* err.h - the one way core reports a failure: a message formatted into
 * the caller's error buffer, and false to return.  Needs nothing else of
 * core. */
#ifndef SSARA_ERR_H
#define SSARA_ERR_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Formats fmt with the arguments into err (errlen bytes, truncated and
 * NUL-terminated as vsnprintf does; nothing formatted when errlen is
 * 0, so that a caller that needs no reason passes NULL, 0) and returns
 * false, so that a failing step can `return err_set(...)`. */
bool err_set(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* err_set with the arguments in ap (for wrappers that add a prefix). */
bool err_vset(char *err, size_t errlen, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

#endif
