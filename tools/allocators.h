/* allocators.h - the three allocators of `ssara alloc --allocator` and
 * `ssara compare` behind one call, and their shared options
 * (docs/COMPARE.md). */
#ifndef SSARA_ALLOCATORS_H
#define SSARA_ALLOCATORS_H

#include <stdbool.h>
#include <stddef.h>

#include "alloc.h"
#include "ilp.h"

enum { ALLOCATOR_SSA, ALLOCATOR_IRC, ALLOCATOR_ILP, ALLOCATOR_N };

/* The allocator named s ("ssa", "irc", "ilp"), or -1. */
int allocator_by_name(const char *s);
const char *allocator_name(int a);

/* Parses "GPR[,SSE[,X87]]" (each 1..16) into nregs (the rest left as
 * they are); false if malformed. */
bool parse_regs(const char *s, int nregs[RC_NALLOC]);

/* Parses a positive number of seconds (at most 1e6); false if
 * malformed. */
bool parse_seconds(const char *s, double *out);

/* Allocates orig with allocator a (ALLOCATOR_*), o's registers and
 * options, the ILP within ilp_time seconds.  When ilp is not NULL: the
 * ILP's outcome (ALLOCATOR_ILP), and irc's rounds in ilp->irc
 * (ALLOCATOR_IRC, ALLOCATOR_ILP).  NULL with a reason. */
Fn *allocate_with(int a, const Fn *orig, const AllocOpts *o, double ilp_time,
		  AllocStats *st, IlpResult *ilp, char *err, size_t errlen);

#endif
