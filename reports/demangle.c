/* demangle.c - function names for people (demangle.h). */
#include "demangle.h"

#include <stdlib.h>
#include <string.h>

#include <libiberty/demangle.h>

const char *demangle_name(Arena *a, const char *fn)
{
	if (strncmp(fn, "_Z", 2) != 0)
		return fn;
	char *d = cplus_demangle(fn, DMGL_PARAMS | DMGL_ANSI);
	if (!d)
		return fn;
	size_t n = strlen(d) + 1;
	char *copy = arena_alloc(a, n);
	memcpy(copy, d, n);
	free(d);
	return copy;
}
