/* gen.h - random valid IR functions: structured control flow (straight
 * code, diamonds, loops nested up to a depth), variables redefined on
 * several paths (not SSA, as GCC's pre-RA RTL), temporaries, ties, early
 * clobbers, fixed registers, calls with the SysV clobber set, SSE values,
 * optionally x87 values (GenOpts.x87_pct) and memory-only operands
 * (GenOpts.memonly_pct).
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
	int x87_pct;   /* percentage of ordinary instructions on x87 (long
			* double) values; with 0 (the default) the
			* functions have none and are those of earlier
			* versions, seed for seed */
	int memonly_pct; /* percentage of ordinary instructions with a
			  * memory-only operand (`{} mem`: fild/fistp with
			  * x87 values, asm-like "m" reads and writes);
			  * 0 (the default) keeps the functions as before */
} GenOpts;

/* Default options for roughly ninstr instructions. */
GenOpts gen_defaults(uint64_t seed, int ninstr);

/* A new function named name, built as opts says. */
Fn *gen_function(const char *name, const GenOpts *opts);

#endif
