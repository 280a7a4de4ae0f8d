/* test_alloc_live.c - the livenesses the allocator's steps hand on
 * (docs/ALLOC.md "Liveness between the steps"): with
 * AllocOpts.check_live, before each step of the pipeline every liveness
 * an earlier step handed on is compared with live_compute's on the
 * function as it is then.  No comparison may differ, on real code (C
 * files compiled with the plugin's dump option: the plugin test cases,
 * examples/demo.c and some of ssara's own sources), on the IR test files
 * and on generated functions, at 4, 8 and all general registers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "alloc.h"
#include "check.h"
#include "gen.h"
#include "irtext.h"

char *t_run_cmd(const char *cmd, int *status);

/* The general register counts every input is allocated with (0: all). */
static const int nregs[] = {4, 8, 0};
enum { NREGS = sizeof nregs / sizeof nregs[0], MAXFILES = 4096 };

/* Allocates fn at each count of nregs with the comparison on, counting
 * into c; a function that is not allocated is fine (the comparisons made
 * before the step that failed count).  The number of allocations. */
static int alloc_checked(const Fn *fn, AllocLiveCheck *c)
{
	int n = 0;
	for (int r = 0; r < NREGS; r++) {
		AllocOpts o = {.check_live = c};
		o.nregs[RC_GPR] = nregs[r];
		char err[512];
		Fn *a = ssa_alloc(fn, &o, NULL, err, sizeof err);
		n += a != NULL;
		fn_free(a);
	}
	return n;
}

/* alloc_checked on every function of dir's files ending in suffix
 * (but *.gcc.ir, GCC's allocations); the number of functions into
 * *nfn, of allocations into *nalloc. */
static void alloc_dir(const char *dir, const char *suffix,
		      AllocLiveCheck *c, int *nfn, int *nalloc)
{
	char **names = malloc(sizeof *names * MAXFILES);
	int n = t_list_dir(dir, "", suffix, ".gcc.ir", names, MAXFILES);
	t_check(n >= 0, __FILE__, __LINE__, "cannot read %s", dir);
	for (int k = 0; k < n; k++) {
		char *path = t_fmt("%s/%s", dir, names[k]);
		IrFile f;
		IrError perr;
		if (t_check(ir_parse_file(path, target_x86_64(), &f, &perr),
			    __FILE__, __LINE__, "%s", perr.msg)) {
			for (int i = 0; i < f.nfn; i++) {
				if (f.fn[i]->unsupported)
					continue;
				++*nfn;
				*nalloc += alloc_checked(f.fn[i], c);
			}
			irfile_free(&f);
		}
		free(path);
		free(names[k]);
	}
	free(names);
}

/* Fails the case with the first difference c recorded. */
static void check_no_diff(const AllocLiveCheck *c)
{
	t_check(c->diffs == 0, __FILE__, __LINE__,
		"%ld of %ld comparisons differ; the first: %s", c->diffs,
		c->checks, c->first);
}

/* The compiler's dumps of real code in a work directory: the plugin's
 * C test cases at -O2 and -O0, examples/demo.c and five of ssara's core
 * sources at -O2 (a file GCC cannot compile here is left out). */
static void case_compiled(void)
{
	const char *src = t_srcdir();
	char *plugin = t_fmt("%s/build/ssara.so", src);
	struct stat st;
	if (stat(plugin, &st) != 0) {
		free(plugin);
		t_skip("build/ssara.so not built");
		return;
	}
	char dir[256];
	if (!t_workdir(dir, sizeof dir, "alloc_live")) {
		free(plugin);
		return;
	}
	char *cmd = t_fmt(
		"mkdir O2 O0 && for f in %s/testsuite/plugin/*.c "
		"%s/examples/demo.c; do for o in O2 O0; do LC_ALL=C gcc -$o "
		"-w -c $f -o /dev/null -fplugin=%s "
		"-fplugin-arg-ssara-dump=$PWD/$o >/dev/null 2>&1; done; done; "
		"for f in constraints colour spill ssa coalesce; do LC_ALL=C "
		"gcc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -I%s/core -w -c "
		"%s/core/$f.c -o /dev/null -fplugin=%s "
		"-fplugin-arg-ssara-dump=$PWD/O2 >/dev/null 2>&1; done; true",
		src, src, plugin, src, src, plugin);
	int status;
	free(t_run_in(dir, cmd, &status));
	free(cmd);
	free(plugin);
	AllocLiveCheck c = {0};
	int nfn = 0, nalloc = 0;
	static const char *const levels[] = {"O2", "O0"};
	for (int l = 0; l < 2; l++) {
		char *d = t_fmt("%s/%s", dir, levels[l]);
		alloc_dir(d, ".ir", &c, &nfn, &nalloc);
		free(d);
	}
	check_no_diff(&c);
	/* about 550 functions, nearly all allocated at each count, each
	 * allocation comparing several handed-on livenesses */
	t_check(nfn >= 400 && nalloc >= 3 * nfn - 60 && c.checks >= 4 * nalloc,
		__FILE__, __LINE__,
		"%d functions, %d allocations, %ld comparisons", nfn, nalloc,
		c.checks);
	char *rm = t_fmt("rm -rf %s", dir);
	free(t_run_cmd(rm, &status));
	free(rm);
}

/* The IR test files of testsuite/ir and testsuite/ir/alloc (unreachable
 * blocks, irreducible loops, hand-made SSA, fixed registers, ...). */
static void case_ir_files(void)
{
	AllocLiveCheck c = {0};
	int nfn = 0, nalloc = 0;
	static const char *const dirs[] = {"testsuite/ir",
					   "testsuite/ir/alloc"};
	for (int k = 0; k < 2; k++) {
		char *d = t_fmt("%s/%s", t_srcdir(), dirs[k]);
		alloc_dir(d, ".ir", &c, &nfn, &nalloc);
		free(d);
	}
	check_no_diff(&c);
	t_check(nfn >= 60 && c.checks >= 2 * nalloc, __FILE__, __LINE__,
		"%d functions, %d allocations, %ld comparisons", nfn, nalloc,
		c.checks);
}

/* Generated functions: 60 seeds, some with x87 values or memory-only
 * operands. */
static void case_generated(void)
{
	AllocLiveCheck c = {0};
	int nalloc = 0;
	for (uint64_t seed = 1; seed <= 60; seed++) {
		GenOpts g = gen_defaults(seed, 200);
		g.x87_pct = seed % 3 == 1 ? 10 : 0;
		g.memonly_pct = seed % 3 == 2 ? 10 : 0;
		Fn *fn = gen_function("g", &g);
		nalloc += alloc_checked(fn, &c);
		fn_free(fn);
	}
	check_no_diff(&c);
	t_check(nalloc >= 150 && c.checks >= 4 * nalloc, __FILE__, __LINE__,
		"%d allocations, %ld comparisons", nalloc, c.checks);
}

void suite_alloc_live(void)
{
	t_case("alloc live: handed-on liveness equals live_compute's on "
	       "compiled C at 4, 8, all registers", case_compiled);
	t_case("alloc live: the same on the IR test files", case_ir_files);
	t_case("alloc live: the same on 60 generated functions",
	       case_generated);
}
