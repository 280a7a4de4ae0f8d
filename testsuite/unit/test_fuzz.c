/* test_fuzz.c - generator-based fuzzing of the checker (tools/fuzz.h) on
 * a bounded number of cases (`make fuzz` runs many more), the random
 * reference allocator on the IR cases with phis, and the inputs the
 * libFuzzer target (testsuite/fuzz/fuzz_verify.c) found. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fuzz.h"
#include "interp.h"
#include "ir.h"
#include "irtext.h"
#include "randalloc.h"
#include "verify.h"

/* 2,000 generated functions, each allocated twice: no false report, no
 * disagreement of the interpreter, and (the generator keeps constraints
 * satisfiable) no allocation refused. */
static void case_generated(void)
{
	char *log = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&log, &len);
	FuzzStats st = {0};
	long failed = 0;
	for (uint64_t seed = 1; seed <= 2000; seed++)
		failed += !fuzz_one(seed, 2, &st, f);
	fclose(f);
	t_check(failed == 0, __FILE__, __LINE__, "%ld cases failed:\n%s",
		failed, log);
	CHECK_INT(st.functions, 2000);
	for (int w = 0; w < FZ_NALLOC; w++) {
		CHECK_INT(st.false_reports[w], 0);
		CHECK_INT(st.disagree[w], 0);
		CHECK_INT(st.allocs[w] + st.refused[w], 2000);
		CHECK_INT(st.refused[w], 0);
	}
	free(log);
}

/* Counts of inserted kinds over several allocations. */
typedef struct Kinds {
	long n[IK_NKIND];
} Kinds;

static void count_kinds(const Fn *fn, Kinds *k)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid == 0)
				k->n[i->kind]++;
}

/* Whether orig and alloc behave alike on 16 seeds. */
static bool agree(const Fn *orig, const Fn *alloc)
{
	Interp *io = interp_new(orig), *ia = interp_new(alloc);
	bool same = true;
	for (uint64_t s = 0; s < 16 && same; s++) {
		Trace t = {0};
		InterpRun r = {.seed = s, .salt = 1};
		interp_run(io, &r, &t);
		InterpRun ra = {.seed = s, .salt = 2, .ref = &t};
		same = interp_run(ia, &ra, NULL);
		trace_free(&t);
	}
	interp_free(io);
	interp_free(ia);
	return same;
}

/* The random allocator on the hand-written originals (phis with swaps
 * and cycles, calls, divisions, remats): 40 seeds each, every allocation
 * verified and alike in behaviour, and over all of them every inserted
 * kind appears (so the checker sees each). */
static void case_random_on_ir(void)
{
	char dir[PATH_MAX + 32];
	snprintf(dir, sizeof dir, "%s/testsuite/ir/verify", t_srcdir());
	DIR *d = opendir(dir);
	if (!t_check(d != NULL, __FILE__, __LINE__, "cannot open %s", dir))
		return;
	Kinds k = {{0}};
	int nfn = 0;
	for (struct dirent *e; (e = readdir(d));) {
		size_t l = strlen(e->d_name);
		if (l < 8 || strcmp(e->d_name + l - 8, ".orig.ir"))
			continue;
		char path[PATH_MAX + 300];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		IrFile f;
		IrError err;
		if (!t_check(ir_parse_file(path, target_x86_64(), &f, &err),
			     __FILE__, __LINE__, "%s", err.msg))
			continue;
		nfn++;
		for (uint64_t seed = 1; seed <= 40; seed++) {
			char why[256];
			Fn *al = rand_alloc(f.fn[0], seed, why, sizeof why);
			if (!t_check(al != NULL, __FILE__, __LINE__, "%s: %s",
				     e->d_name, why))
				break;
			VerifyResult r;
			verify_fn(f.fn[0], al, &r);
			t_check(r.verdict == VERDICT_VERIFIED, __FILE__,
				__LINE__, "%s seed %d: %s%s", e->d_name,
				(int)seed, r.reason ? r.reason : "",
				r.nviol ? r.viol[0].text : "");
			verify_result_free(&r);
			t_check(agree(f.fn[0], al), __FILE__, __LINE__,
				"%s seed %d: behaviour differs", e->d_name,
				(int)seed);
			count_kinds(al, &k);
			fn_free(al);
		}
		irfile_free(&f);
	}
	closedir(d);
	CHECK(nfn >= 10);
	static const int kinds[] = {IK_MOVE, IK_SPILL, IK_RELOAD, IK_SWAP,
				    IK_REMAT, IK_PCOPY};
	for (size_t j = 0; j < sizeof kinds / sizeof *kinds; j++)
		t_check(k.n[kinds[j]] > 0, __FILE__, __LINE__,
			"no inserted %s", ins_kind_name(kinds[j]));
}

/* Reads a file whole. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0, r;
	char *buf = malloc(cap);
	while ((r = fread(buf + n, 1, cap - n, f)) > 0)
		if ((n += r) == cap)
			buf = realloc(buf, cap *= 2);
	fclose(f);
	*len = n;
	return buf;
}

/* What the libFuzzer target found: two phis of a block defining one
 * value made the data flow oscillate until its guard (100,000 sweeps;
 * 0.5 s here, 11 s under the sanitizers).  It is now refused at once. */
static void case_found_by_libfuzzer(void)
{
	char path[PATH_MAX + 64];
	snprintf(path, sizeof path,
		 "%s/testsuite/fuzz/corpus_verify/regress-twophis",
		 t_srcdir());
	size_t len = 0;
	char *text = slurp(path, &len);
	if (!t_check(text != NULL, __FILE__, __LINE__, "cannot read %s", path))
		return;
	char *sep = strstr(text, "%%");
	IrFile o, a;
	IrError err;
	if (CHECK(sep != NULL) &&
	    CHECK(ir_parse("o", text, (size_t)(sep - text), target_x86_64(),
			   &o, &err))) {
		if (CHECK(ir_parse("a", sep + 2, len - (size_t)(sep + 2 - text),
				   target_x86_64(), &a, &err))) {
			VerifyResult r;
			verify_fn(o.fn[0], a.fn[0], &r);
			CHECK_INT(r.verdict, VERDICT_UNVERIFIED);
			CHECK_STR(r.reason, "two phis of b2 define one value");
			verify_result_free(&r);
			irfile_free(&a);
		}
		irfile_free(&o);
	}
	free(text);
}

void suite_fuzz(void)
{
	t_case("fuzz: 2000 generated functions, two reference allocators",
	       case_generated);
	t_case("fuzz: random allocations of the hand-written originals",
	       case_random_on_ir);
	t_case("fuzz: inputs found by libFuzzer", case_found_by_libfuzzer);
}
