/* ssara - the command-line tool on IR text files.
 *
 * Exit status: 0 success; 1 the command ran and found a problem (reserved
 * for verify); 2 bad usage or bad input (a parse error names FILE:LINE:COL).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "dom.h"
#include "gen.h"
#include "ir.h"
#include "irtext.h"
#include "liveness.h"
#include "loops.h"
#include "pressure.h"
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
	"  gen [--seed N] [--size N] [--vars N] [--count N]\n"
	"                     random valid functions (loops, diamonds, calls,\n"
	"                     constraints) of about N instructions\n"
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
	long long seed = 1, size = 100, vars = 12, count = 1;
	for (int a = 0; a < argc; a++) {
		long long *dst = !strcmp(argv[a], "--seed")    ? &seed
				 : !strcmp(argv[a], "--size")  ? &size
				 : !strcmp(argv[a], "--vars")  ? &vars
				 : !strcmp(argv[a], "--count") ? &count
							       : NULL;
		if (!dst || a + 1 >= argc ||
		    !parse_count(argv[a + 1], 100000000, dst)) {
			fprintf(stderr, "ssara gen: bad option '%s'\n%s",
				argv[a], usage);
			return EXIT_BAD;
		}
		a++;
	}
	for (long long k = 0; k < count; k++) {
		GenOpts o = gen_defaults((uint64_t)(seed + k), (int)size);
		o.nvars = (int)vars;
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
	for (int i = 0; i < f[1].nfn; i++) {
		const Fn *alloc = f[1].fn[i], *orig = NULL;
		for (int j = 0; j < f[0].nfn && !orig; j++)
			if (!strcmp(f[0].fn[j]->name, alloc->name))
				orig = f[0].fn[j];
		if (!orig)
			continue;
		VerifyResult r;
		verify_fn(orig, alloc, &r);
		verify_print(stdout, argv[1], alloc->name, &r);
		if (r.verdict != VERDICT_VERIFIED && rc == EXIT_OK)
			rc = EXIT_FOUND;
		verify_result_free(&r);
	}
	irfile_free(&f[0]);
	irfile_free(&f[1]);
	return rc;
}

int main(int argc, char **argv)
{
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
	if (!strcmp(cmd, "verify"))
		return cmd_verify(argc - 2, argv + 2);
	if (!strcmp(cmd, "print"))
		return each_function(argc - 2, argv + 2, print_fn);
	fprintf(stderr, "ssara: unknown command '%s'\n%s", cmd, usage);
	return EXIT_BAD;
}
