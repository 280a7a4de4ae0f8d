/* err.c - failure messages into the caller's error buffer (see err.h). */
#include "err.h"

#include <stdio.h>

bool err_vset(char *err, size_t errlen, const char *fmt, va_list ap)
{
	if (errlen)
		vsnprintf(err, errlen, fmt, ap);
	return false;
}

bool err_set(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	err_vset(err, errlen, fmt, ap);
	va_end(ap);
	return false;
}
