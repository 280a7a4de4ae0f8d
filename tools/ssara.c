/* ssara - the command-line tool on IR text files.
 *
 * Exit status: 0 success; 1 the command ran and found a problem (reserved
 * for verify); 2 bad usage or bad input (a parse error names FILE:LINE:COL).
 */
#include <stdio.h>
#include <string.h>

#include "cfg.h"
#include "dom.h"
#include "ir.h"
#include "irtext.h"
#include "liveness.h"
#include "loops.h"
#include "pressure.h"

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
	if (!strcmp(cmd, "print"))
		return each_function(argc - 2, argv + 2, print_fn);
	fprintf(stderr, "ssara: unknown command '%s'\n%s", cmd, usage);
	return EXIT_BAD;
}
