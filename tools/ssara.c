/* ssara - the command-line tool on IR text files.
 *
 * Exit status: 0 success; 1 the command ran and found a problem (reserved
 * for verify); 2 bad usage or bad input (a parse error names FILE:LINE:COL).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "colour.h"
#include "allocators.h"
#include "cfg.h"
#include "dom.h"
#include "fuzz.h"
#include "compare.h"
#include "gen.h"
#include "ir.h"
#include "irtext.h"
#include "liveness.h"
#include "loops.h"
#include "memkeep.h"
#include "mutate.h"
#include "pressure.h"
#include "spill_everywhere.h"
#include "verify.h"

#ifndef SSARA_VERSION
#define SSARA_VERSION "unknown"
#endif

enum { EXIT_OK = 0, EXIT_FOUND = 1, EXIT_BAD = 2 };

static const char usage[] =
	"usage: ssara COMMAND [ARGS]\n"
	"\n"
	"Commands:\n"
	"  stats FILE.ir...   per function: blocks, instructions, pseudos,\n"
	"                     loops, critical edges, Maxlive per register\n"
	"                     class and the first point where it occurs\n"
	"  print FILE.ir...   the functions in canonical text form\n"
	"  verify ORIG.ir ALLOC.ir\n"
	"                     check each allocated function against the original\n"
	"                     of the same name: verified, violation (N) with one\n"
	"                     line per violation, or unverified: REASON; exit 1\n"
	"                     if any function is not verified (docs/VERIFY.md)\n"
	"  alloc [--allocator ssa|irc|ilp] [--ilp-time SEC] [--regs GPR[,SSE[,X87]]]\n"
	"        [--verify] [--stats] [--no-coalesce] [--no-bias]\n"
	"        [--bias weighted|none|pereira|classes] [--phi-lift] [--brute]\n"
	"        [--hardweb retry|never|always] [--check-live] FILE.ir...\n"
	"                     allocate: the allocated functions (--allocator:\n"
	"                     the SSA-based allocator, default; irc, iterated\n"
	"                     register coalescing; ilp, optimal spill code by\n"
	"                     GLPK within --ilp-time seconds per function,\n"
	"                     default 20, docs/COMPARE.md; --stats: statistics\n"
	"                     as # comments, with the spill-everywhere\n"
	"                     baseline; --verify: the checker, exit 1 on a\n"
	"                     violation or a failed allocation; --regs:\n"
	"                     registers per class; --no-coalesce, --no-bias\n"
	"                     (ssa): without the recolouring, without the\n"
	"                     colouring's affinity bias (= --bias none);\n"
	"                     --bias (ssa): the colouring's choices, by\n"
	"                     affinity weights (default), Pereira's\n"
	"                     preference lists or pre-coalesced classes;\n"
	"                     --phi-lift (ssa): Pereira's phi lifting first;\n"
	"                     --brute (irc): the SSA book's brute-force\n"
	"                     coalescing where Briggs's test fails;\n"
	"                     --hardweb (ssa): hard-\n"
	"                     register webs made values when allocation fails\n"
	"                     (retry, default), never or always; --check-live\n"
	"                     (ssa, a test): every liveness a step hands on\n"
	"                     compared with a recomputed one, the counts as a\n"
	"                     last # comment, exit 1 on a difference;\n"
	"                     docs/ALLOC.md)\n"
	"  compare [--regs GPR[,SSE]] [--ilp-time SEC] [--allocators LIST]\n"
	"          [--coalopt | --no-coalopt] [--repeat N] DIR\n"
	"                     every function of DIR's *.ir dumps through the\n"
	"                     allocators of LIST (default ssa,irc,ilp), each\n"
	"                     checked: allocated, verified, weighted spill\n"
	"                     code, moves, time, gap to the ILP's optimum;\n"
	"                     with ilp or --coalopt, ssa's coalescer against\n"
	"                     the coalescing optimum of its colouring problem\n"
	"                     (not with --no-coalopt);\n"
	"                     --repeat: ssa and irc N times per function, in\n"
	"                     turn, the least time counted\n"
	"  gen [--seed N] [--size N] [--vars N] [--count N] [--x87 PCT]\n"
	"      [--memonly PCT]\n"
	"                     random valid functions (loops, diamonds, calls,\n"
	"                     constraints) of about N instructions (--x87:\n"
	"                     PCT% of ordinary instructions on long doubles;\n"
	"                     --memonly: PCT% with a memory-only operand)\n"
	"  fuzz [--count N]   generated functions through two reference\n"
	"                     allocators, the checker and the interpreter\n"
	"  mutate ORIG.ir ALLOC.ir\n"
	"                     mutation testing of the checker on a correct\n"
	"                     allocation (ssara mutate --help for more)\n"
	"\n"
	"Options:\n"
	"  --help             this text\n"
	"  --version          the version\n"
	"\n"
	"FILE may be - for standard input.  The IR text format is described in\n"
	"docs/IR.md.\n"
	"\n"
	"Exit status: 0 success, 1 a problem was found in the input (verify),\n"
	"2 bad usage or malformed input (reported as FILE:LINE:COL: error:).\n";

/* Describes the point p of a Pressure result for class c. */
static void print_point(const Fn *fn, const Pressure *p, int c)
{
	const Blk *b = fn->blk[p->at_blk[c]];
	const Ins *at = p->at_ins[c];
	printf(" at b%d", b->id);
	if (!at) {
		printf(" entry");
		return;
	}
	if (at->uid) {
		printf(" uid %d", at->uid);
		return;
	}
	int n = 1;
	for (const Ins *i = b->first; i && i != at; i = i->next)
		n++;
	printf(" ins #%d", n);
}

/* Prints the statistics block of one function. */
static void stats_fn(Fn *fn)
{
	if (fn->unsupported) {
		printf("%s: unsupported: %s\n", fn->name, fn->unsupported);
		return;
	}
	int nins = 0, npseudo = 0;
	for (int i = 0; i < fn->nblk; i++)
		nins += blk_nins(fn->blk[i]);
	for (int p = 0; p < fn->npseudo; p++)
		npseudo += fn->pseudo[p].cls >= 0;
	Cfg *cfg = cfg_build(fn);
	DomTree *dom = dom_build(fn, cfg);
	Loops *loops = loops_find(fn, cfg, dom);
	Live *lv = live_compute(fn, cfg);
	Pressure pr;
	pressure_compute(fn, lv, &pr);
	printf("%s: blocks %d, instructions %d, pseudos %d, loops %d, "
	       "critical edges %d\n",
	       fn->name, fn->nblk, nins, npseudo, loops->nloop,
	       cfg_count_critical(fn));
	for (int c = 0; c < RC_NALLOC; c++) {
		printf("  maxlive %s %d", fn->target->class_name[c],
		       pr.maxlive[c]);
		if (pr.maxlive[c] > 0)
			print_point(fn, &pr, c);
		printf("\n");
	}
}

/* Parses every file, applies fn to each function; returns an exit code. */
static int each_function(int argc, char **argv, void (*fn)(Fn *))
{
	if (argc == 0) {
		fprintf(stderr, "ssara: no input files\n%s", usage);
		return EXIT_BAD;
	}
	int rc = EXIT_OK;
	for (int a = 0; a < argc; a++) {
		IrFile f;
		IrError err;
		if (!ir_parse_file(argv[a], target_x86_64(), &f, &err)) {
			fprintf(stderr, "%s\n", err.msg);
			rc = EXIT_BAD;
			continue;
		}
		for (int i = 0; i < f.nfn; i++)
			fn(f.fn[i]);
		irfile_free(&f);
	}
	return rc;
}

static void print_fn(Fn *fn)
{
	ir_print(stdout, fn);
}

/* Parses a non-negative integer option value; false if malformed. */
static bool parse_count(const char *s, long long max, long long *out)
{
	char *end;
	long long v = strtoll(s, &end, 10);
	if (*s == 0 || *end != 0 || v < 0 || v > max)
		return false;
	*out = v;
	return true;
}

/* ssara gen: prints count generated functions. */
static int cmd_gen(int argc, char **argv)
{
	long long seed = 1, size = 100, vars = 12, count = 1, x87 = 0,
		  memonly = 0;
	for (int a = 0; a < argc; a++) {
		long long *dst = !strcmp(argv[a], "--seed")    ? &seed
				 : !strcmp(argv[a], "--size")  ? &size
				 : !strcmp(argv[a], "--vars")  ? &vars
				 : !strcmp(argv[a], "--count") ? &count
				 : !strcmp(argv[a], "--x87")   ? &x87
				 : !strcmp(argv[a], "--memonly") ? &memonly
							       : NULL;
		if (!dst || a + 1 >= argc ||
		    !parse_count(argv[a + 1], 100000000, dst) ||
		    (dst == &x87 && x87 > 100) ||
		    (dst == &memonly && memonly > 100)) {
			fprintf(stderr, "ssara gen: bad option '%s'\n%s",
				argv[a], usage);
			return EXIT_BAD;
		}
		a++;
	}
	for (long long k = 0; k < count; k++) {
		GenOpts o = gen_defaults((uint64_t)(seed + k), (int)size);
		o.nvars = (int)vars;
		o.x87_pct = (int)x87;
		o.memonly_pct = (int)memonly;
		char name[64];
		snprintf(name, sizeof name, "gen%lld", seed + k);
		Fn *fn = gen_function(name, &o);
		ir_print(stdout, fn);
		fn_free(fn);
	}
	return EXIT_OK;
}

/* ssara verify ORIG.ir ALLOC.ir: each function of ALLOC.ir checked
 * against the function of the same name in ORIG.ir.  Exit status 0 when
 * every function is verified, 1 when one has violations or is unverified,
 * 2 on bad input (a parse error, a function in one file only). */
static int cmd_verify(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "ssara verify: expected ORIG.ir ALLOC.ir\n%s",
			usage);
		return EXIT_BAD;
	}
	IrFile f[2];
	IrError err;
	for (int k = 0; k < 2; k++)
		if (!ir_parse_file(argv[k], target_x86_64(), &f[k], &err)) {
			fprintf(stderr, "%s\n", err.msg);
			if (k)
				irfile_free(&f[0]);
			return EXIT_BAD;
		}
	int rc = EXIT_OK;
	/* names: each at most once per file, and in both files */
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < f[k].nfn; i++) {
			const char *name = f[k].fn[i]->name;
			int twice = 0, other = 0;
			for (int j = 0; j < f[k].nfn; j++)
				twice += strcmp(f[k].fn[j]->name, name) == 0;
			for (int j = 0; j < f[1 - k].nfn; j++)
				other += strcmp(f[1 - k].fn[j]->name, name) == 0;
			if (twice > 1)
				fprintf(stderr, "%s: error: function '%s' "
						"appears %d times\n",
					argv[k], name, twice);
			if (!other)
				fprintf(stderr, "%s: error: function '%s' is "
						"not in %s\n",
					argv[k], name, argv[1 - k]);
			if (twice > 1 || !other)
				rc = EXIT_BAD;
		}
	VerifyCtx *ctx = verify_ctx_new(); /* the checker's tables, reused */
	for (int i = 0; i < f[1].nfn; i++) {
		const Fn *alloc = f[1].fn[i], *orig = NULL;
		for (int j = 0; j < f[0].nfn && !orig; j++)
			if (!strcmp(f[0].fn[j]->name, alloc->name))
				orig = f[0].fn[j];
		if (!orig)
			continue;
		VerifyResult r;
		verify_fn_in(ctx, orig, alloc, &r);
		verify_print(stdout, argv[1], alloc->name, &r);
		if (r.verdict != VERDICT_VERIFIED && rc == EXIT_OK)
			rc = EXIT_FOUND;
		verify_result_free(&r);
	}
	verify_ctx_free(ctx);
	irfile_free(&f[0]);
	irfile_free(&f[1]);
	return rc;
}

/* Options of ssara alloc. */
typedef struct AllocCli {
	AllocOpts o;
	bool verify, stats;
	int allocator;   /* ALLOCATOR_* */
	double ilp_time; /* seconds per function */
} AllocCli;

/* Allocates orig with the allocator cli names (the ILP's outcome as a
 * comment line); NULL with a reason. */
static Fn *alloc_with(const Fn *orig, const AllocCli *cli, AllocStats *st,
		      char *err, size_t errlen)
{
	IlpResult r;
	Fn *fn = allocate_with(cli->allocator, orig, &cli->o, cli->ilp_time, st,
			       &r, err, errlen);
	const IrcStats *is = &r.irc;
	if (fn && cli->stats && cli->allocator != ALLOCATOR_SSA)
		printf("# %s: irc rounds %d, actual spills %d, temporaries %d; "
		       "moves coalesced %d, frozen %d, constrained %d\n",
		       orig->name, is->rounds, is->actual, is->temps,
		       is->coalesced, is->frozen, is->constrained);
	if (cli->allocator != ALLOCATOR_ILP)
		return fn;
	printf("# %s: ilp %s", orig->name, ilp_status_name(r.status));
	if (r.status != ILP_UNSOLVED)
		printf(", objective %.0f, bound %.0f", r.objective, r.bound);
	if (r.status == ILP_FEASIBLE && r.objective > 0)
		printf(", gap %.1f%%", 100 * (r.objective - r.bound) / r.objective);
	if (r.status != ILP_UNSOLVED && !r.exact)
		printf(", colouring spilled more");
	printf(", %.2f s\n", r.seconds);
	return fn;
}

/* Prints the statistics of one allocated function as comment lines. */
static void alloc_stats_print(const Fn *orig, const AllocStats *st)
{
	const char *n = orig->name;
	const Target *t = orig->target;
	printf("# %s: registers", n);
	for (int c = 0; c < RC_NALLOC; c++)
		printf(" %s %d", t->class_name[c], st->k[c]);
	printf(", maxlive");
	for (int c = 0; c < RC_NALLOC; c++)
		printf(" %s %d", t->class_name[c], st->maxlive[c]);
	printf(", instructions %d\n", st->nins);
	printf("# %s: spills %d reloads %d remats %d moves %d swaps %d "
	       "copies %d; weighted by frequency %lld %lld %lld %lld %lld "
	       "%lld\n",
	       n, st->spills.n, st->reloads.n, st->remats.n, st->moves.n,
	       st->swaps.n, st->copies.n, (long long)st->spills.w,
	       (long long)st->reloads.w, (long long)st->remats.w,
	       (long long)st->moves.w, (long long)st->swaps.w,
	       (long long)st->copies.w);
	printf("# %s: slot operands: reads %d writes %d; weighted by "
	       "frequency %lld %lld\n",
	       n, st->slot_reads.n, st->slot_writes.n,
	       (long long)st->slot_reads.w, (long long)st->slot_writes.w);
	double tot = st->aff_total ? (double)st->aff_total : 1.0;
	printf("# %s: slots %d (%d bytes); affinity weight %lld, satisfied "
	       "%.1f%% (colouring alone %.1f%%)\n",
	       n, st->slots, st->slot_bytes, (long long)st->aff_total,
	       100.0 * (double)st->aff_final / tot,
	       100.0 * (double)st->aff_colour / tot);
	printf("# %s: milliseconds: ssa %.2f spill %.2f constraints %.2f "
	       "colour %.2f coalesce %.2f destruct %.2f\n",
	       n, 1e3 * st->t_ssa, 1e3 * st->t_spill, 1e3 * st->t_constr,
	       1e3 * st->t_colour, 1e3 * st->t_coalesce, 1e3 * st->t_destruct);
	if (st->hardwebs)
		printf("# %s: hard-register webs made values: %d\n", n,
		       st->hardwebs);
	if (st->twice_values)
		printf("# %s: a call returns twice: %d values live after it "
		       "in memory\n",
		       n, st->twice_values);
	if (st->everywhere)
		printf("# %s: a call returns twice: allocated everywhere "
		       "(every pseudo in its own slot)\n",
		       n);
	char err[256];
	Fn *base = spill_everywhere(orig, err, sizeof err);
	if (base) {
		AllocStats bs;
		alloc_count(base, &bs);
		printf("# %s: baseline spill_everywhere: spills %d reloads %d "
		       "(weighted %lld %lld)\n",
		       n, bs.spills.n, bs.reloads.n, (long long)bs.spills.w,
		       (long long)bs.reloads.w);
		fn_free(base);
	} else {
		printf("# %s: baseline spill_everywhere: %s\n", n, err);
	}
}

/* Allocates one function; prints it (and stats, verdict); returns the
 * exit status it implies. */
static int alloc_one(const char *path, const Fn *orig, const AllocCli *cli)
{
	if (orig->unsupported) {
		printf("# %s: unsupported: %s\n", orig->name, orig->unsupported);
		return EXIT_OK;
	}
	AllocStats st;
	char err[512];
	Fn *fn = alloc_with(orig, cli, &st, err, sizeof err);
	if (!fn) {
		fprintf(stderr, "ssara alloc: %s: %s: %s\n", path, orig->name,
			err);
		printf("# %s: not allocated: %s\n", orig->name, err);
		return EXIT_FOUND;
	}
	int rc = EXIT_OK;
	if (cli->stats)
		alloc_stats_print(orig, &st);

	if (cli->verify) {
		VerifyResult r;
		verify_fn(orig, fn, &r);
		if (r.verdict != VERDICT_VERIFIED) {
			verify_print(stderr, path, orig->name, &r);
			rc = EXIT_FOUND;
		}
		printf("# %s: %s\n", orig->name,
		       r.verdict == VERDICT_VERIFIED     ? "verified"
		       : r.verdict == VERDICT_VIOLATION ? "violation"
							 : "unverified");
		verify_result_free(&r);
	}
	ir_print(stdout, fn);
	fn_free(fn);
	return rc;
}

/* The index of m among the n names, -1 if none. */
static int choice(const char *m, const char *const *names, int n)
{
	for (int k = 0; k < n; k++)
		if (!strcmp(m, names[k]))
			return k;
	return -1;
}

/* ssara alloc [--regs GPR[,SSE[,X87]]] [--verify] [--stats] [--no-coalesce]
 * [--no-bias] [--bias RULE] [--phi-lift] [--brute] [--hardweb MODE]
 * [--check-live] FILE.ir...: exit 0 when every function is allocated
 * (and verified), 1 when one is not, 2 on bad usage or input. */
static int cmd_alloc(int argc, char **argv)
{
	AllocCli cli = {.ilp_time = 20};
	AllocLiveCheck lc = {0};
	int a = 0;
	for (; a < argc && argv[a][0] == '-' && argv[a][1]; a++) {
		if (!strcmp(argv[a], "--allocator") && a + 1 < argc) {
			cli.allocator = allocator_by_name(argv[++a]);
			if (cli.allocator < 0)
				goto bad;
		} else if (!strcmp(argv[a], "--ilp-time") && a + 1 < argc) {
			if (!parse_seconds(argv[++a], &cli.ilp_time))
				goto bad;
		} else if (!strcmp(argv[a], "--verify")) {
			cli.verify = true;
		} else if (!strcmp(argv[a], "--stats")) {
			cli.stats = true;
		} else if (!strcmp(argv[a], "--no-coalesce")) {
			cli.o.no_coalesce = true;
		} else if (!strcmp(argv[a], "--no-bias")) {
			cli.o.bias = COL_BIAS_NONE;
		} else if (!strcmp(argv[a], "--brute")) {
			cli.o.brute = true;
		} else if (!strcmp(argv[a], "--phi-lift")) {
			cli.o.phi_lift = true;
		} else if (!strcmp(argv[a], "--check-live")) {
			cli.o.check_live = &lc;
		} else if (!strcmp(argv[a], "--bias") && a + 1 < argc) {
			/* in ColBias order */
			static const char *const b[] = {"weighted", "none",
							"pereira", "classes"};
			if ((cli.o.bias = choice(argv[++a], b, 4)) < 0)
				goto bad;
		} else if (!strcmp(argv[a], "--hardweb") && a + 1 < argc) {
			/* in HARDWEB_* order */
			static const char *const h[] = {"retry", "never",
							"always"};
			if ((cli.o.hardweb = choice(argv[++a], h, 3)) < 0)
				goto bad;
		} else if (!strcmp(argv[a], "--regs") && a + 1 < argc) {
			if (!parse_regs(argv[++a], cli.o.nregs))
				goto bad;
		} else {
			goto bad;
		}
	}
	if (a == argc) {
		fprintf(stderr, "ssara alloc: no input files\n%s", usage);
		return EXIT_BAD;
	}
	int rc = EXIT_OK;
	for (; a < argc; a++) {
		IrFile f;
		IrError perr;
		if (!ir_parse_file(argv[a], target_x86_64(), &f, &perr)) {
			fprintf(stderr, "%s\n", perr.msg);
			rc = EXIT_BAD;
			continue;
		}
		for (int i = 0; i < f.nfn; i++) {
			int r = alloc_one(argv[a], f.fn[i], &cli);
			if (r > rc)
				rc = r;
		}
		irfile_free(&f);
	}
	if (cli.o.check_live) {
		printf("# liveness handed on: %ld compared, %ld different\n",
		       lc.checks, lc.diffs);
		if (lc.diffs) {
			fprintf(stderr, "ssara alloc: liveness handed on: %s\n",
				lc.first);
			rc = EXIT_FOUND;
		}
	}
	return rc;
bad:
	fprintf(stderr, "ssara alloc: bad option '%s'\n%s", argv[a], usage);
	return EXIT_BAD;
}

int main(int argc, char **argv)
{
	/* a function's memory, at most 256 MiB, kept for the next */
	keep_freed_memory((size_t)256 << 20);
	if (argc < 2) {
		fputs(usage, stderr);
		return EXIT_BAD;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
	    !strcmp(cmd, "help")) {
		fputs(usage, stdout);
		return EXIT_OK;
	}
	if (!strcmp(cmd, "--version")) {
		printf("ssara %s\n", SSARA_VERSION);
		return EXIT_OK;
	}
	if (!strcmp(cmd, "stats"))
		return each_function(argc - 2, argv + 2, stats_fn);
	if (!strcmp(cmd, "gen"))
		return cmd_gen(argc - 2, argv + 2);
	if (!strcmp(cmd, "alloc"))
		return cmd_alloc(argc - 2, argv + 2);
	if (!strcmp(cmd, "verify"))
		return cmd_verify(argc - 2, argv + 2);
	if (!strcmp(cmd, "compare"))
		return compare_main(argc - 2, argv + 2);
	if (!strcmp(cmd, "fuzz"))
		return fuzz_main(argc - 2, argv + 2);
	if (!strcmp(cmd, "mutate"))
		return mutate_main(argc - 2, argv + 2);
	if (!strcmp(cmd, "print"))
		return each_function(argc - 2, argv + 2, print_fn);
	fprintf(stderr, "ssara: unknown command '%s'\n%s", cmd, usage);
	return EXIT_BAD;
}
