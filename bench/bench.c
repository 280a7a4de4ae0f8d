/* bench.c - time per instruction of the analyses, the printer and the
 * parser on generated functions from 1,000 to 100,000 instructions.  A
 * flat column means linear time.  Best of several runs, wall clock.
 * B/instr: arena bytes the analyses (cfg to pressure) allocate per
 * instruction.  verify: the checker on the spill-everywhere allocation of
 * the function, per allocated instruction (alloc: their number).
 *
 * Then the SSA allocator (ssa_alloc): ns per instruction of each phase,
 * with all and with 6 general registers.
 *
 * usage: bench [SIZE...]   (default 10 100 1000 10000 100000)
 *        bench --alloc [SIZE...]    the allocator's table only
 *        bench --verify-once SIZE   one allocation and one verify_fn,
 *                                   for instruction counts (callgrind)
 *        bench --time OUT CMD...    runs CMD, appends its wall and
 *                                   processor times to OUT (proctime.h)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "alloc.h"
#include "cfg.h"
#include "dom.h"
#include "gen.h"
#include "ir.h"
#include "irtext.h"
#include "liveness.h"
#include "loops.h"
#include "memkeep.h"
#include "pressure.h"
#include "proctime.h"
#include "spill_everywhere.h"
#include "verify.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

enum { S_CFG, S_DOM, S_LOOPS, S_LIVE, S_PRESSURE, S_PRINT, S_PARSE, NSTAGE };
static const char *const stage_name[NSTAGE] = {
	"cfg", "dom", "loops", "liveness", "pressure", "print", "parse"};

/* Runs every stage once on a fresh copy of fn; adds each stage's time to
 * best[] when it is lower. */
static void run_once(const Fn *orig, double best[NSTAGE], size_t *bytes)
{
	Fn *fn = fn_copy(orig);
	size_t before = arena_used(fn->arena);
	double t[NSTAGE + 1];
	t[0] = now();
	Cfg *cfg = cfg_build(fn);
	t[1] = now();
	DomTree *dom = dom_build(fn, cfg);
	t[2] = now();
	Loops *loops = loops_find(fn, cfg, dom);
	t[3] = now();
	Live *lv = live_compute(fn, cfg);
	t[4] = now();
	Pressure pr;
	pressure_compute(fn, lv, &pr);
	t[5] = now();
	*bytes = arena_used(fn->arena) - before;
	char *text = ir_print_str(fn);
	t[6] = now();
	IrFile f;
	IrError err;
	if (!ir_parse("<bench>", text, strlen(text), fn->target, &f, &err)) {
		fprintf(stderr, "bench: reparse failed: %s\n", err.msg);
		exit(1);
	}
	t[7] = now();
	(void)loops;
	for (int s = 0; s < NSTAGE; s++)
		if (t[s + 1] - t[s] < best[s])
			best[s] = t[s + 1] - t[s];
	irfile_free(&f);
	free(text);
	fn_free(fn);
}

/* Best time of verify_fn on the spill-everywhere allocation of fn, in ns
 * per allocated instruction; *nalloc gets their number. */
static double bench_verify(const Fn *fn, int reps, int *nalloc)
{
	char err[256];
	Fn *al = spill_everywhere(fn, err, sizeof err);
	if (!al) {
		fprintf(stderr, "bench: no allocation: %s\n", err);
		exit(1);
	}
	*nalloc = 0;
	for (int b = 0; b < al->nblk; b++)
		*nalloc += blk_nins(al->blk[b]);
	double best = 1e30;
	for (int r = 0; r < reps; r++) {
		VerifyResult res;
		double t0 = now();
		verify_fn(fn, al, &res);
		double t = now() - t0;
		if (res.verdict != VERDICT_VERIFIED) {
			fprintf(stderr, "bench: allocation not verified\n");
			exit(1);
		}
		verify_result_free(&res);
		if (t < best)
			best = t;
	}
	fn_free(al);
	return best * 1e9 / *nalloc;
}

/* Best time of fn_copy on fn in reps runs, in ns per instruction: a
 * plain pass that reads every operand of fn and writes a new IR, the
 * floor the memory hierarchy sets for a pass at this size. */
static double bench_copy(const Fn *fn, int reps, int nins)
{
	double best = 1e30;
	for (int r = 0; r < reps; r++) {
		double t0 = now();
		Fn *c = fn_copy(fn);
		double t = now() - t0;
		fn_free(c);
		if (t < best)
			best = t;
	}
	return best * 1e9 / nins;
}

/* The SSA allocator (ssa_alloc) on fn with nregs general registers (0:
 * all), best of reps runs per phase, in ns per instruction of fn, then
 * the total and fn_copy's time (bench_copy); exits when the allocation
 * fails. */
static void bench_alloc(const Fn *fn, int nregs, int reps, int nins)
{
	double best[7];
	for (int k = 0; k < 7; k++)
		best[k] = 1e30;
	AllocStats st;
	for (int r = 0; r < reps; r++) {
		AllocOpts o = {.nregs = {nregs, 0}};
		char err[512];
		double t0 = now();
		Fn *al = ssa_alloc(fn, &o, &st, err, sizeof err);
		double t = now() - t0;
		if (!al) {
			fprintf(stderr, "bench: ssa_alloc: %s\n", err);
			exit(1);
		}
		fn_free(al);
		double ph[7] = {st.t_ssa, st.t_spill, st.t_constr, st.t_colour,
				st.t_coalesce, st.t_destruct, t};
		for (int k = 0; k < 7; k++)
			if (ph[k] < best[k])
				best[k] = ph[k];
	}
	double copy = bench_copy(fn, reps, nins);
	printf("%8d %5d", nins, st.k[RC_GPR]);
	for (int k = 0; k < 7; k++)
		printf(" %9.0f", best[k] * 1e9 / nins);
	printf(" %7.0f %7d %7d %7d\n", copy, st.spills.n + st.reloads.n,
	       st.moves.n, st.swaps.n);
	fflush(stdout);
}

/* The allocator's table: generated functions of each size, all and 6
 * general registers. */
static void alloc_table(const int *sizes, int nsizes)
{
	printf("\nssa_alloc, ns per instruction, best of several runs "
	       "(generated functions, seed 1)\n");
	printf("%8s %5s %9s %9s %9s %9s %9s %9s %9s %7s %7s %7s %7s\n",
	       "instrs", "gprs", "ssa", "spill", "constr", "colour",
	       "coalesce", "destruct", "total", "copy", "spillc", "moves",
	       "swaps");
	for (int k = 0; k < nsizes; k++) {
		GenOpts o = gen_defaults(1, sizes[k]);
		o.nvars = 24;
		Fn *fn = gen_function("bench", &o);
		int nins = 0;
		for (int b = 0; b < fn->nblk; b++)
			nins += blk_nins(fn->blk[b]);
		int reps = 1000000 / (sizes[k] + 1);
		reps = reps < 3 ? 3 : reps > 20 ? 20 : reps;
		bench_alloc(fn, 0, reps, nins);
		bench_alloc(fn, 6, reps, nins);
		fn_free(fn);
	}
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--time"))
		return proctime_main(argc - 2, argv + 2);
	/* one run's memory, some hundred MiB at 100,000 instructions, kept
	 * for the next run */
	keep_freed_memory((size_t)1 << 30);
	int sizes[16] = {10, 100, 1000, 10000, 100000}, nsizes = 5;
	if (argc == 3 && !strcmp(argv[1], "--verify-once")) {
		GenOpts o = gen_defaults(1, atoi(argv[2]));
		o.nvars = 24;
		Fn *fn = gen_function("bench", &o);
		int nalloc = 0;
		double v = bench_verify(fn, 1, &nalloc);
		printf("%.1f ns per allocated instruction, %d instructions\n",
		       v, nalloc);
		fn_free(fn);
		return 0;
	}
	bool only_alloc = argc > 1 && !strcmp(argv[1], "--alloc");
	if (argc > 1 + only_alloc) {
		nsizes = 0;
		for (int a = 1 + only_alloc; a < argc && nsizes < 16; a++)
			sizes[nsizes++] = atoi(argv[a]);
	}
	if (only_alloc) {
		alloc_table(sizes, nsizes);
		return 0;
	}
	printf("ns per instruction, best of several runs (generated functions,"
	       " seed 1)\n");
	printf("%8s %7s %7s", "instrs", "blocks", "pseudos");
	for (int s = 0; s < NSTAGE; s++)
		printf(" %9s", stage_name[s]);
	printf(" %9s %9s %9s %9s\n", "B/instr", "maxlive", "alloc",
	       "verify");
	for (int k = 0; k < nsizes; k++) {
		GenOpts o = gen_defaults(1, sizes[k]);
		o.nvars = 24;
		Fn *fn = gen_function("bench", &o);
		int nins = 0;
		for (int b = 0; b < fn->nblk; b++)
			nins += blk_nins(fn->blk[b]);
		double best[NSTAGE];
		for (int s = 0; s < NSTAGE; s++)
			best[s] = 1e30;
		int reps = 2000000 / (sizes[k] + 1);
		reps = reps < 3 ? 3 : reps > 50 ? 50 : reps;
		size_t bytes = 0;
		for (int r = 0; r < reps; r++)
			run_once(fn, best, &bytes);
		Cfg *cfg = cfg_build(fn);
		Live *lv = live_compute(fn, cfg);
		Pressure pr;
		pressure_compute(fn, lv, &pr);
		printf("%8d %7d %7d", nins, fn->nblk, fn->npseudo);
		for (int s = 0; s < NSTAGE; s++)
			printf(" %9.1f", best[s] * 1e9 / nins);
		int nalloc = 0;
		double v = bench_verify(fn, reps, &nalloc);
		printf(" %9.0f %6d/%d %9d %9.1f\n", (double)bytes / nins,
		       pr.maxlive[RC_GPR], pr.maxlive[RC_SSE], nalloc, v);
		fflush(stdout);
		fn_free(fn);
	}
	alloc_table(sizes, nsizes);
	return 0;
}
