/* allocators.c - one call for the three allocators (allocators.h). */
#include "allocators.h"

#include <stdlib.h>
#include <string.h>

#include "irc.h"

static const char *const names[ALLOCATOR_N] = {"ssa", "irc", "ilp"};

int allocator_by_name(const char *s)
{
	for (int a = 0; a < ALLOCATOR_N; a++)
		if (!strcmp(s, names[a]))
			return a;
	return -1;
}

const char *allocator_name(int a)
{
	return a >= 0 && a < ALLOCATOR_N ? names[a] : "?";
}

bool parse_regs(const char *s, int nregs[RC_NALLOC])
{
	char *end;
	for (int c = 0; c < RC_NALLOC && *s; c++) {
		long n = strtol(s, &end, 10);
		if (end == s || n < 1 || n > 16 || (*end && *end != ','))
			return false;
		nregs[c] = (int)n;
		s = *end ? end + 1 : end;
	}
	return *s == 0;
}

bool parse_seconds(const char *s, double *out)
{
	char *end;
	double v = strtod(s, &end);
	if (*s == 0 || *end != 0 || !(v > 0) || v > 1e6)
		return false;
	*out = v;
	return true;
}

Fn *allocate_with(int a, const Fn *orig, const AllocOpts *o, double ilp_time,
		  AllocStats *st, IlpResult *ilp, char *err, size_t errlen)
{
	if (a == ALLOCATOR_IRC) {
		IrcOpts io = {.no_coalesce = o->no_coalesce,
			      .brute = o->brute};
		memcpy(io.nregs, o->nregs, sizeof io.nregs);
		if (ilp)
			*ilp = (IlpResult){.status = ILP_UNSOLVED};
		return irc_alloc(orig, &io, st, ilp ? &ilp->irc : NULL, err,
				 errlen);
	}
	if (a == ALLOCATOR_ILP) {
		IlpOpts lo = {.time_limit = ilp_time};
		memcpy(lo.nregs, o->nregs, sizeof lo.nregs);
		IlpResult r;
		Fn *fn = ilp_alloc(orig, &lo, st, ilp ? ilp : &r, err, errlen);
		return fn;
	}
	return ssa_alloc(orig, o, st, err, errlen);
}
