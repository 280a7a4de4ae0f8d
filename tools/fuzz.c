/* fuzz.c - generator-based fuzzing of the checker (fuzz.h). */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gen.h"
#include "interp.h"
#include "randalloc.h"
#include "spill_everywhere.h"
#include "verify.h"

static const char *const alloc_name[FZ_NALLOC] = {"spill-everywhere",
						  "random"};

/* The generator options of case seed: small to a few hundred
 * instructions, 2 to 41 variables, up to 15% calls, loops nested up to 4
 * deep, x87 values in one case in three, memory-only operands in one
 * case in three. */
static GenOpts case_opts(uint64_t seed)
{
	uint64_t x = seed * 0x9e3779b97f4a7c15ull + 0x632be59bd9b4e019ull;
	x ^= x >> 31;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 29;
	GenOpts o = gen_defaults(seed, 10 + (int)(x % 300));
	o.nvars = 2 + (int)((x >> 16) % 40);
	o.call_pct = (int)((x >> 24) % 16);
	o.max_depth = (int)((x >> 32) % 5);
	/* one case in three has x87 (long double) values */
	o.x87_pct = (x >> 40) % 3 == 0 ? 15 : 0;
	/* one case in three has memory-only operands (fild/fistp with
	 * x87 values, asm-like "m" operands) */
	o.memonly_pct = (x >> 44) % 3 == 0 ? 10 : 0;
	return o;
}

/* Whether alloc behaves as orig on `runs` seeds; *run: the first that
 * differs. */
static bool same_behaviour(Interp *io, const Fn *alloc, int runs, int *run)
{
	Interp *ia = interp_new(alloc);
	bool same = true;
	for (int k = 0; k < runs && same; k++) {
		Trace t = {0};
		InterpRun r = {.seed = (uint64_t)k, .salt = 1};
		interp_run(io, &r, &t);
		InterpRun ra = {.seed = (uint64_t)k, .salt = 2, .ref = &t};
		same = interp_run(ia, &ra, NULL);
		if (!same)
			*run = k;
		trace_free(&t);
	}
	interp_free(ia);
	return same;
}

static long count_ins(const Fn *fn)
{
	long n = 0;
	for (int b = 0; b < fn->nblk; b++)
		n += blk_nins(fn->blk[b]);
	return n;
}

/* Checks one allocation of fn; false on a false report or a
 * disagreement. */
static bool check_alloc(const Fn *fn, Interp *io, Fn *al, int which,
			uint64_t seed, int runs, FuzzStats *st, FILE *log)
{
	const GenOpts o = case_opts(seed);
	st->allocs[which]++;
	st->instructions += count_ins(al);
	VerifyResult r;
	verify_fn(fn, al, &r);
	bool ok = true;
	if (r.verdict != VERDICT_VERIFIED) {
		st->false_reports[which]++;
		ok = false;
		if (log)
			fprintf(log, "FALSE REPORT case %llu (%s allocation; "
				     "ssara gen --seed %llu --size %d --vars %d, "
				     "call_pct %d, max_depth %d): %s\n",
				(unsigned long long)seed, alloc_name[which],
				(unsigned long long)seed, o.ninstr, o.nvars,
				o.call_pct, o.max_depth,
				r.verdict == VERDICT_UNVERIFIED ? r.reason
								: r.viol[0].text);
	}
	verify_result_free(&r);
	int run = -1;
	if (!same_behaviour(io, al, runs, &run)) {
		st->disagree[which]++;
		ok = false;
		if (log)
			fprintf(log, "DISAGREE case %llu (%s allocation): the "
				     "interpreter finds another behaviour in "
				     "run %d\n",
				(unsigned long long)seed, alloc_name[which], run);
	}
	return ok;
}

bool fuzz_one(uint64_t seed, int runs, FuzzStats *st, FILE *log)
{
	GenOpts o = case_opts(seed);
	char name[32], err[256];
	snprintf(name, sizeof name, "fuzz%llu", (unsigned long long)seed);
	Fn *fn = gen_function(name, &o);
	Interp *io = interp_new(fn);
	st->functions++;
	bool ok = true;
	for (int which = 0; which < FZ_NALLOC; which++) {
		Fn *al = which == FZ_SPILL_EVERYWHERE
				 ? spill_everywhere(fn, err, sizeof err)
				 : rand_alloc(fn, seed, err, sizeof err);
		if (!al) {
			st->refused[which]++;
			continue;
		}
		ok &= check_alloc(fn, io, al, which, seed, runs, st, log);
		fn_free(al);
	}
	interp_free(io);
	fn_free(fn);
	return ok;
}

static bool num_arg(const char *s, long long *v)
{
	char *end;
	*v = strtoll(s, &end, 10);
	return *s && !*end && *v >= 0;
}

int fuzz_main(int argc, char **argv)
{
	long long count = 1000, seed = 1, runs = 4;
	for (int a = 0; a < argc; a++) {
		long long *dst = !strcmp(argv[a], "--count")  ? &count
				 : !strcmp(argv[a], "--seed") ? &seed
				 : !strcmp(argv[a], "--runs") ? &runs
							      : NULL;
		if (!dst || a + 1 >= argc || !num_arg(argv[++a], dst)) {
			fprintf(stderr, "usage: ssara fuzz [--count N] "
					"[--seed S] [--runs R]\n");
			return 2;
		}
	}
	FuzzStats st = {0};
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	long failed = 0;
	for (long long k = 0; k < count; k++)
		failed += !fuzz_one((uint64_t)(seed + k), (int)runs, &st, stdout);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (double)(t1.tv_sec - t0.tv_sec) +
		      (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	printf("fuzz: %ld functions (seeds %lld..%lld), %ld allocated "
	       "instructions checked, %.1f s\n",
	       st.functions, seed, seed + count - 1, st.instructions, secs);
	for (int w = 0; w < FZ_NALLOC; w++)
		printf("  %-16s %ld allocations verified of %ld, %ld refused by "
		       "the allocator, false reports %ld, interpreter "
		       "disagreements %ld\n",
		       alloc_name[w], st.allocs[w] - st.false_reports[w],
		       st.allocs[w], st.refused[w], st.false_reports[w],
		       st.disagree[w]);
	return failed ? 1 : 0;
}
