/* fuzz.h - generator-based fuzzing of the checker (`ssara fuzz`).
 *
 * Each case is a generated function (tools/gen.h, options drawn from the
 * case's seed: size, number of long-lived variables up to high pressure,
 * share of calls, loop depth) allocated by two allocators that are
 * correct by construction: spill_everywhere (core/) and rand_alloc
 * (tools/randalloc.h).  Each allocation must be verified by the checker
 * (anything else is a false report), and the interpreter (tools/interp.h)
 * must find the original's behaviour in it (anything else is a bug in an
 * allocator or the interpreter, which would make the first check
 * meaningless).
 */
#ifndef SSARA_FUZZ_H
#define SSARA_FUZZ_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum { FZ_SPILL_EVERYWHERE, FZ_RANDOM, FZ_NALLOC };

typedef struct FuzzStats {
	long functions;
	long instructions;           /* of the allocations checked */
	long allocs[FZ_NALLOC];      /* allocations checked */
	long refused[FZ_NALLOC];     /* the allocator could not (constraints) */
	long false_reports[FZ_NALLOC];
	long disagree[FZ_NALLOC];    /* interpreter: behaviour differs */
} FuzzStats;

/* Runs case seed with `runs` interpreter seeds per allocation; adds to
 * *st.  A failure is described on log (when not NULL) with the generator
 * options that reproduce it.  Returns whether the case passed. */
bool fuzz_one(uint64_t seed, int runs, FuzzStats *st, FILE *log);

/* `ssara fuzz [--count N] [--seed S] [--runs R]`; returns the exit
 * status (0 when every case passed). */
int fuzz_main(int argc, char **argv);

#endif
