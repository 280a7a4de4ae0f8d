/* dumpname.c - the name of a function's dump file (dumpname.h). */
#include "dumpname.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The 32-bit FNV-1a hash of s (without its NUL). */
static uint32_t fnv1a(const char *s)
{
	uint32_t h = 2166136261u;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		h = (h ^ *p) * 16777619u;
	return h;
}

void dump_path(char *out, size_t n, const char *dir, const char *stem,
	       const char *fn, const char *suffix)
{
	/* the longest suffix, so that both files of a function shorten
	 * alike */
	size_t fixed = strlen(stem) + 1 + strlen(".gcc.ir");
	size_t len = strlen(fn);
	if (fixed + len <= DUMP_NAME_MAX) {
		snprintf(out, n, "%s/%s.%s%s", dir, stem, fn, suffix);
		return;
	}
	size_t keep = fixed + 9 < DUMP_NAME_MAX ? DUMP_NAME_MAX - fixed - 9
						: 0;
	snprintf(out, n, "%s/%s.%.*s.%08x%s", dir, stem, (int)keep, fn,
		 (unsigned)fnv1a(fn), suffix);
}
