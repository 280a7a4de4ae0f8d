/* check.c - the unit test runner: counts cases, prints failures. */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

#include "alloc.h"
#include "irtext.h"
#include "verify.h"

static int npass, nfail, nskip;
static bool cur_failed, cur_skipped;
static const char *cur_name;

/* Whether case name is selected by $SSARA_TEST_CASE: unset or empty
 * selects every case, else '|'-separated substrings of case names
 * ("scratch|dump": the cases naming either; for running a few cases
 * while working on them). */
static bool selected(const char *name)
{
	const char *sel = getenv("SSARA_TEST_CASE");
	if (!sel || !*sel)
		return true;
	for (const char *p = sel; *p;) {
		size_t n = strcspn(p, "|");
		for (const char *q = name; n && *q; q++)
			if (strncmp(q, p, n) == 0)
				return true;
		p += n + (p[n] == '|');
	}
	return false;
}

void t_case(const char *name, CaseFn fn)
{
	if (!selected(name))
		return;
	cur_name = name;
	cur_failed = cur_skipped = false;
	fn();
	if (cur_failed) {
		nfail++;
		printf("FAIL %s\n", name);
	} else if (cur_skipped) {
		nskip++;
	} else {
		npass++;
		if (getenv("SSARA_TEST_VERBOSE"))
			printf("ok   %s\n", name);
	}
	fflush(stdout);
}

void t_skip(const char *reason)
{
	cur_skipped = true;
	printf("SKIP %s: %s\n", cur_name, reason);
}

bool t_check(bool cond, const char *file, int line, const char *fmt, ...)
{
	if (cond)
		return true;
	cur_failed = true;
	printf("  %s:%d: %s: ", file, line, cur_name);
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	return false;
}

bool t_check_str(const char *got, const char *want, const char *file,
		 int line, const char *expr)
{
	if (got && want && strcmp(got, want) == 0)
		return true;
	return t_check(false, file, line, "%s:\n--- got:\n%s\n--- expected:\n%s",
		       expr, got ? got : "(null)", want ? want : "(null)");
}

const char *t_srcdir(void)
{
	const char *s = getenv("SSARA_SRCDIR");
	return s ? s : ".";
}

const char *t_tmpdir(void)
{
	const char *s = getenv("TMPDIR");
	return s && *s ? s : "/tmp";
}

char *t_tmpname(char *buf, size_t size, const char *stem)
{
	snprintf(buf, size, "%s/%s-XXXXXX", t_tmpdir(), stem);
	return buf;
}

char *t_vfmt(const char *f, va_list ap)
{
	va_list again;
	va_copy(again, ap);
	int n = vsnprintf(NULL, 0, f, ap);
	char *s = malloc((size_t)n + 1);
	vsnprintf(s, (size_t)n + 1, f, again);
	va_end(again);
	return s;
}

char *t_fmt(const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	char *s = t_vfmt(f, ap);
	va_end(ap);
	return s;
}

char *t_run_cmd(const char *cmd, int *status); /* test_irfiles.c */

char *t_run_in(const char *dir, const char *cmd, int *status)
{
	char *full = t_fmt("cd %s && { %s ; }", dir, cmd);
	char *out = t_run_cmd(full, status);
	free(full);
	return out;
}

static const char *workdir_stem;

static void case_no_workdir(void)
{
	t_check(false, __FILE__, __LINE__, "mkdtemp for %s failed",
		workdir_stem);
}

bool t_workdir(char *buf, size_t size, const char *stem)
{
	t_tmpname(buf, size, stem);
	if (mkdtemp(buf))
		return true;
	workdir_stem = stem;
	char name[128];
	snprintf(name, sizeof name, "%s: make a work directory", stem);
	t_case(name, case_no_workdir);
	return false;
}

static bool ends_with(const char *s, size_t len, const char *end)
{
	size_t e = strlen(end);
	return len >= e && strcmp(s + len - e, end) == 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int t_list_dir(const char *dir, const char *prefix, const char *suffix,
	       const char *except, char **names, int max)
{
	DIR *d = opendir(dir);
	if (!d)
		return -1;
	int n = 0;
	for (struct dirent *e; n < max && (e = readdir(d));) {
		size_t len = strlen(e->d_name);
		if (strncmp(e->d_name, prefix, strlen(prefix)) == 0 &&
		    len > strlen(suffix) && ends_with(e->d_name, len, suffix) &&
		    !(except && ends_with(e->d_name, len, except)))
			names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, cmp_name);
	return n;
}

bool t_parse(const char *text, struct IrFile *out)
{
	IrError err;
	if (ir_parse("<test>", text, strlen(text), target_x86_64(), out,
		     &err))
		return true;
	t_check(false, __FILE__, __LINE__, "parse error: %s", err.msg);
	return false;
}

/* Keeps f's first function, frees the rest and the array. */
static Fn *first_fn(IrFile *f)
{
	Fn *fn = f->fn[0];
	for (int i = 1; i < f->nfn; i++)
		fn_free(f->fn[i]);
	free(f->fn);
	return fn;
}

Fn *t_parse_fn(const char *text)
{
	IrFile f;
	return t_parse(text, &f) ? first_fn(&f) : NULL;
}

/* Parses the IR file at relpath (relative to the source root) into f;
 * false (and the case fails) on a parse error. */
static bool parse_rel(const char *relpath, IrFile *f)
{
	char full[2048];
	snprintf(full, sizeof full, "%s/%s", t_srcdir(), relpath);
	IrError err;
	return t_check(ir_parse_file(full, target_x86_64(), f, &err), __FILE__,
		       __LINE__, "%s", err.msg);
}

Fn *t_load_fn(const char *relpath)
{
	IrFile f;
	return parse_rel(relpath, &f) ? first_fn(&f) : NULL;
}

Fn *t_load_named(const char *relpath, const char *name)
{
	IrFile f;
	if (!parse_rel(relpath, &f))
		return NULL;
	Fn *fn = NULL;
	for (int i = 0; i < f.nfn; i++)
		if (!fn && !strcmp(f.fn[i]->name, name))
			fn = fn_copy(f.fn[i]);
	irfile_free(&f);
	t_check(fn != NULL, __FILE__, __LINE__, "no function %s", name);
	return fn;
}

Ins *t_by_uid(const Fn *fn, int uid, Blk **in)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid == uid) {
				if (in)
					*in = fn->blk[b];
				return i;
			}
	return NULL;
}

int t_verdict(const Fn *orig, const Fn *fn)
{
	VerifyResult r;
	verify_fn(orig, fn, &r);
	int v = r.verdict;
	verify_result_free(&r);
	return v;
}

Ins *t_spill_copy_after(Fn *fn, Blk *b, Ins *sp, int k, int kind, int num)
{
	Ins *c = ins_new(fn, IK_SPILL, 2);
	c->ops[0] = sp->ops[0];
	c->ops[1] = sp->ops[1];
	c->ops[k].loc = (Loc){kind, num};
	ins_insert_after(b, sp, c);
	return c;
}

Fn *t_alloc_verified(const Fn *orig, int nregs, bool coalesce,
		     AllocStats *st)
{
	AllocOpts o = {.nregs = {nregs, 0}, .no_coalesce = !coalesce};
	return t_alloc_opts_verified(orig, &o, st);
}

Fn *t_alloc_opts_verified(const Fn *orig, const AllocOpts *o,
			  AllocStats *st)
{
	char err[512] = "";
	Fn *fn = ssa_alloc(orig, o, st, err, sizeof err);
	if (!t_check(fn != NULL, __FILE__, __LINE__, "%s: %s", orig->name,
		     err))
		return NULL;
	VerifyResult r;
	verify_fn(orig, fn, &r);
	bool ok = t_check(r.verdict == VERDICT_VERIFIED, __FILE__, __LINE__,
			  "%s: %s", orig->name,
			  r.reason ? r.reason
			  : r.nviol ? r.viol[0].text
				    : "?");
	verify_result_free(&r);
	if (!ok) {
		fn_free(fn);
		return NULL;
	}
	return fn;
}

/* Suites, one per module (testsuite/unit/test_<module>.c). */
#define SUITE(name) void suite_##name(void);
#include "suites.def"
#undef SUITE

int main(int argc, char **argv)
{
	const char *only = argc > 1 ? argv[1] : NULL;
#define SUITE(name)                                      \
	if (!only || strcmp(only, #name) == 0)           \
		suite_##name();
#include "suites.def"
#undef SUITE
	printf("%d passed, %d failed", npass, nfail);
	if (nskip)
		printf(", %d skipped", nskip);
	printf("\n");
	return nfail ? 1 : 0;
}

/* The function of relpath is refused by ssa_alloc with all registers
 * and with 4 general registers, with exactly the reason want. */
void t_check_refused(const char *relpath, const char *want)
{
	Fn *orig = t_load_fn(relpath);
	if (!orig)
		return;
	for (int n = 0; n <= 4; n += 4) {
		AllocOpts o = {0};
		o.nregs[RC_GPR] = n;
		char err[256] = "";
		Fn *fn = ssa_alloc(orig, &o, NULL, err, sizeof err);
		CHECK(fn == NULL);
		CHECK_STR(err, want);
		fn_free(fn);
	}
	fn_free(orig);
}
