/* gen.h - random valid IR functions: structured control flow (straight
 * code, diamonds, loops nested up to a depth), variables redefined on
 * several paths (not SSA, as GCC's pre-RA RTL), temporaries, ties, early
 * clobbers, fixed registers, calls with the SysV clobber set, SSE values.
 * Deterministic for a given seed. */
#ifndef SSARA_GEN_H
#define SSARA_GEN_H

#include <stdint.h>

#include "ir.h"

typedef struct GenOpts {
	uint64_t seed;
	int ninstr;    /* approximate number of instructions */
	int nvars;     /* long-lived variables (high pressure when large) */
	int max_depth; /* loop nesting limit */
	int call_pct;  /* percentage of instructions that are calls */
} GenOpts;

/* Default options for roughly ninstr instructions. */
GenOpts gen_defaults(uint64_t seed, int ninstr);

/* A new function named name, built as opts says. */
Fn *gen_function(const char *name, const GenOpts *opts);

#endif
