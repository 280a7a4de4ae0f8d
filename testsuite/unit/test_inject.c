/* test_inject.c - fault injection into GCC's allocation
 * (-fplugin-arg-ssara-inject=KIND[:N], plugin/inject.cc), on the
 * hand-written programs testsuite/plugin/inject_*.c.  Each file states
 *   // options: GCC OPTIONS
 *   // inject-options: PLUGIN ARGUMENTS (optional)
 *   // inject: KIND:N FN      (FN "-": the unit has fewer than N sites)
 * and for each inject line the test checks that:
 *   - the program built with the plugin and no injection exits 0;
 *   - with inject=KIND:N the plugin prints "ssara-inject: FILE FN KIND N
 *     UID" for the function named (and nothing for "-"), the compile
 *     succeeds (the RTL stayed valid) and the program misbehaves (exits
 *     non-zero; for "-" it still exits 0);
 *   - when the plugin verifies GCC's allocation (a verdict note for FN in
 *     verbose mode without injection), -Werror turns the checker's
 *     warning "ssara: GCC's allocation of 'FN' is wrong" into a failed
 *     compile, and the compile without injection passes -Werror.
 * Also: the values inject= refuses, and a subset of the torture driver
 * (testsuite/torture/inject.sh --strict) once the plugin checks GCC's
 * allocation.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"

char *t_run_cmd(const char *cmd, int *status);

static char tmp[256]; /* this suite's scratch directory */


static const char *plugin(void)
{
	static char p[1024];
	snprintf(p, sizeof p, "%s/build/ssara.so", t_srcdir());
	return p;
}

static bool have_plugin(void)
{
	struct stat st;
	if (stat(plugin(), &st) == 0)
		return true;
	t_skip("build/ssara.so not built");
	return false;
}

/* Runs a shell command in the scratch directory with the C locale;
 * returns its output (stdout and stderr). */
static char *run(int *status, const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	char *inner = t_vfmt(f, ap);
	va_end(ap);
	char *cmd = t_fmt("cd %s && LC_ALL=C %s", tmp, inner);
	char *out = t_run_cmd(cmd, status);
	free(cmd);
	free(inner);
	return out;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0, r;
	char *buf = malloc(cap);
	while ((r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += r;
		if (cap - n - 1 == 0)
			buf = realloc(buf, cap *= 2);
	}
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* The rest of the line after "// KEY: " in text, copied into out ("" if
 * absent). */
static void header(const char *text, const char *key, char *out, size_t cap)
{
	char pat[64];
	snprintf(pat, sizeof pat, "// %s: ", key);
	const char *o = strstr(text, pat);
	out[0] = 0;
	if (!o)
		return;
	o += strlen(pat);
	snprintf(out, cap, "%.*s", (int)strcspn(o, "\n"), o);
}

/* ---------------------------------------------------------------- */

static char cur_file[256];

/* One "// inject: KIND:N FN" line of cur_file. */
static void one_injection(const char *src, const char *opts,
			  const char *iopts, const char *spec, const char *fn,
			  bool verifier)
{
	bool none = strcmp(fn, "-") == 0;
	int st;
	char *out = run(&st,
			"gcc %s %s -o inj.exe -fplugin=%s %s "
			"-fplugin-arg-ssara-inject=%s",
			opts, src, plugin(), iopts, spec);
	t_check(st == 0, __FILE__, __LINE__,
		"%s inject=%s: compile failed (%d):\n%s", cur_file, spec, st,
		out);
	/* "ssara-inject: FILE FN KIND N UID" */
	char kind[64];
	snprintf(kind, sizeof kind, "%s", spec);
	char *colon = strchr(kind, ':');
	const char *n = colon ? colon + 1 : "1";
	if (colon)
		*colon = 0;
	char *want = t_fmt("ssara-inject: %s %s %s %s ", src, fn, kind, n);
	if (none)
		t_check(strstr(out, "ssara-inject:") == NULL, __FILE__,
			__LINE__, "%s inject=%s: expected no injection:\n%s",
			cur_file, spec, out);
	else
		t_check(strstr(out, want) != NULL, __FILE__, __LINE__,
			"%s inject=%s: expected '%s...' in:\n%s", cur_file,
			spec, want, out);
	free(want);
	free(out);
	if (st == 0) {
		out = run(&st, "timeout 10 ./inj.exe");
		if (none)
			t_check(st == 0, __FILE__, __LINE__,
				"%s inject=%s: nothing injected, but the "
				"program failed (%d)", cur_file, spec, st);
		else
			t_check(st != 0, __FILE__, __LINE__,
				"%s inject=%s: the program still works",
				cur_file, spec);
		free(out);
	}
	if (!verifier || none)
		return;
	out = run(&st,
		  "gcc %s -Werror -c %s -o inj.o -fplugin=%s %s "
		  "-fplugin-arg-ssara-inject=%s",
		  opts, src, plugin(), iopts, spec);
	char *warn = t_fmt("ssara: GCC's allocation of '%s' is wrong", fn);
	t_check(st != 0 && strstr(out, warn) && strstr(out, "all warnings being treated as errors"),
		__FILE__, __LINE__,
		"%s inject=%s: expected -Werror to fail with '%s':\n%s",
		cur_file, spec, warn, out);
	free(warn);
	free(out);
}

static void case_file(void)
{
	if (!have_plugin())
		return;
	char *src = t_fmt("%s/testsuite/plugin/%s", t_srcdir(), cur_file);
	char *text = slurp(src);
	if (!CHECK(text != NULL)) {
		free(src);
		return;
	}
	char opts[256], iopts[256];
	header(text, "options", opts, sizeof opts);
	header(text, "inject-options", iopts, sizeof iopts);
	/* Without injection: the program works, and whether GCC's
	 * allocation gets a verdict (the checker of GCC's allocation is
	 * there). */
	int st;
	char *out = run(&st,
			"gcc %s %s -o clean.exe -fplugin=%s %s "
			"-fplugin-arg-ssara-verbose -Werror",
			opts, src, plugin(), iopts);
	t_check(st == 0, __FILE__, __LINE__,
		"%s: compile without injection failed:\n%s", cur_file, out);
	int rst;
	free(run(&rst, "timeout 10 ./clean.exe"));
	t_check(rst == 0, __FILE__, __LINE__,
		"%s: the program fails without injection (%d)", cur_file, rst);
	int n = 0;
	for (const char *l = text; (l = strstr(l, "// inject: ")); n++) {
		l += strlen("// inject: ");
		char spec[64], fn[64];
		if (!t_check(sscanf(l, "%63s %63s", spec, fn) == 2, __FILE__,
			     __LINE__, "%s: malformed inject line", cur_file))
			break;
		char *v = t_fmt("GCC's allocation of '%s' verified", fn);
		bool verifier = strstr(out, v) != NULL;
		free(v);
		one_injection(src, opts, iopts, spec, fn, verifier);
	}
	t_check(n > 0, __FILE__, __LINE__, "%s has no '// inject: ' lines",
		cur_file);
	free(out);
	free(text);
	free(src);
}

/* Whether the plugin checks GCC's allocation (gives a verdict on a
 * function in verbose mode). */
static bool have_verifier(void)
{
	int st;
	char *out = run(&st,
			"gcc -O2 -c %s/testsuite/plugin/inject_use.c -o v.o "
			"-fplugin=%s -fplugin-arg-ssara-verbose",
			t_srcdir(), plugin());
	bool yes = strstr(out, "GCC's allocation of 'f' verified") != NULL;
	free(out);
	return yes;
}

/* A subset of the torture driver (testsuite/torture/inject.sh): 10
 * execute programs at -O2, two kinds, the first two sites of each: no
 * compile broken by an injection, and every behaviour-changing fault in
 * a function the checker verifies without injection detected. */
static void case_torture_subset(void)
{
	if (!have_plugin())
		return;
	if (!have_verifier()) {
		t_skip("the plugin does not check GCC's allocation yet");
		return;
	}
	int st;
	char *out = run(&st,
			"SSARA_SRCDIR=%s sh %s/testsuite/torture/inject.sh "
			"--files 10 --levels -O2 --max 2 "
			"--kinds 'redirect-use drop-reload' --strict "
			"--out %s/torture 2>&1",
			t_srcdir(), t_srcdir(), tmp);
	t_check(st == 0, __FILE__, __LINE__,
		"inject.sh subset failed (%d):\n%s", st, out);
	t_check(strstr(out, "inject: summary: injected=") != NULL, __FILE__,
		__LINE__, "no summary:\n%s", out);
	/* Sites exist in these programs: at least one injection. */
	t_check(strstr(out, "inject: summary: injected=0 ") == NULL,
		__FILE__, __LINE__, "nothing injected:\n%s", out);
	free(out);
}

/* The driver's table and miss classes (inject.sh --summary) on a
 * hand-written run: I lines (injections: KIND LEVEL N FILE FN UID
 * CHANGED DETECTED VERDICT CLEAN-VERDICT), S (sites), B (a broken
 * compile) and R (re-checks: the injected build twice and the plugin
 * build without the fault, same/diff against the plain build).  The
 * expected rows and classes are worked out by hand from the
 * definitions in inject.sh's header:
 *   redirect-use: 1 detected; 2 missed in a function verified without
 *     the fault, unverified with it: (b'); 3 unchanged.
 *   frame-offset: 1 missed, verified with the fault: (a); 2 missed, not
 *     captured: (c); 3 missed, but an injected re-run behaved as the
 *     plain build: (d).
 *   drop-reload: 1 a violation already without the fault: (v), not a
 *     detection; 2 missed, unverified without the fault: (b); 3 broke
 *     the compile. */
static void case_summary(void)
{
	char *d = t_fmt("%s/summary", tmp);
	char *mk = t_fmt("mkdir -p %s && touch %s/ssara.so", d, d);
	free(t_run_cmd(mk, &(int){0}));
	free(mk);
	char *rpath = t_fmt("%s/results", d);
	FILE *f = fopen(rpath, "w");
	if (!CHECK(f != NULL)) {
		free(rpath);
		free(d);
		return;
	}
	fputs("I redirect-use -O2 1 /x/a.c f 10 1 1 violation verified\n"
	      "I redirect-use -O2 2 /x/a.c f 11 1 0 unverified:shape verified\n"
	      "I redirect-use -O2 3 /x/a.c f 12 0 0 verified verified\n"
	      "S redirect-use -O2 40 /x/a.c\n"
	      "I frame-offset -O2 1 /x/b.c g 5 1 0 verified verified\n"
	      "I frame-offset -O2 2 /x/b.c g 6 1 0 unchecked:x87 unchecked:x87\n"
	      "I frame-offset -O2 3 /x/b.c h 7 1 0 unverified:w unverified:w\n"
	      "S frame-offset -O2 7 /x/b.c\n"
	      "I drop-reload -O2 1 /x/c.c k 3 1 0 violation violation\n"
	      "I drop-reload -O2 2 /x/c.c k 4 1 0 unverified:u unverified:u\n"
	      "B drop-reload -O2 3 /x/c.c\n"
	      "R redirect-use -O2 2 /x/a.c diff diff same\n"
	      "R frame-offset -O2 1 /x/b.c diff diff same\n"
	      "R frame-offset -O2 2 /x/b.c diff diff same\n"
	      "R frame-offset -O2 3 /x/b.c same diff same\n"
	      "R drop-reload -O2 1 /x/c.c diff diff same\n"
	      "R drop-reload -O2 2 /x/c.c diff diff same\n",
	      f);
	fclose(f);
	free(rpath);
	int st;
	char *out = run(&st, "sh %s/testsuite/torture/inject.sh --summary %s "
			     "--jobs 1 2>&1",
			t_srcdir(), d);
	CHECK_INT(st, 0);
	static const char *rows[] = {
		/* kind, sites, injected, changed, detected, among changed,
		 * among changed verified-without, among unchanged,
		 * unverified, unchecked, wrong already, a b b' c v d,
		 * broken */
		"| redirect-use | 40 | 3 | 2 | 1 | 1/2 (50%) | 1/2 (50%) | 0/1 (0%) | 1 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 | 0 |",
		"| frame-offset | 7 | 3 | 3 | 0 | 0/3 (0%) | 0/1 (0%) | 0/0 (-) | 1 | 1 | 0 | 1 | 0 | 0 | 1 | 0 | 1 | 0 |",
		"| drop-reload | 0 | 2 | 2 | 0 | 0/2 (0%) | 0/0 (-) | 0/0 (-) | 1 | 0 | 1 | 0 | 1 | 0 | 0 | 1 | 0 | 1 |",
	};
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		t_check(strstr(out, rows[i]) != NULL, __FILE__, __LINE__,
			"expected row\n%s\nin:\n%s", rows[i], out);
	free(out);
	char *mpath = t_fmt("%s/misses.list", d);
	char *m = slurp(mpath);
	free(mpath);
	static const char *lines[] = {
		"redirect-use -O2 2 a.c f b' verified unverified:shape\n",
		"frame-offset -O2 1 b.c g a verified verified\n",
		"frame-offset -O2 2 b.c g c unchecked:x87 unchecked:x87\n",
		"frame-offset -O2 3 b.c h d unverified:w unverified:w\n",
		"drop-reload -O2 1 c.c k v violation violation\n",
		"drop-reload -O2 2 c.c k b unverified:u unverified:u\n",
	};
	if (CHECK(m != NULL)) {
		int nl = 0;
		for (const char *c = m; *c; c++)
			nl += *c == '\n';
		CHECK_INT(nl, 6);
		for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
			t_check(strstr(m, lines[i]) != NULL, __FILE__,
				__LINE__, "expected miss '%s' in:\n%s",
				lines[i], m);
	}
	free(m);
	free(d);
}

/* Values of inject= that are refused, with the message. */
static void case_bad_values(void)
{
	if (!have_plugin())
		return;
	static const struct {
		const char *val, *msg;
	} bad[] = {
		{"bogus", "unknown kind"},
		{"drop-reload:0", "N must be a positive integer"},
		{"drop-reload:", "N must be a positive integer"},
		{"drop-reload:x", "N must be a positive integer"},
		{"swap-moves:2x", "N must be a positive integer"},
		{"redirect-use:-1", "N must be a positive integer"},
		{"call-clobbered-x", "unknown kind"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		int st;
		char *out = run(&st,
				"gcc -O2 -c %s/testsuite/plugin/inject_use.c "
				"-o bad.o -fplugin=%s "
				"-fplugin-arg-ssara-inject=%s",
				t_srcdir(), plugin(), bad[i].val);
		char *want = t_fmt("error: ssara: 'inject=%s': %s", bad[i].val,
				  bad[i].msg);
		t_check(st != 0 && strstr(out, want), __FILE__, __LINE__,
			"inject=%s: expected '%s':\n%s", bad[i].val, want,
			out);
		free(want);
		free(out);
	}
}

void suite_inject(void)
{
	t_tmpname(tmp, sizeof tmp, "ssara-inject");
	if (!mkdtemp(tmp)) {
		t_case("inject: scratch directory", case_bad_values);
		return;
	}
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/testsuite/plugin", t_srcdir());
	char *names[64];
	int n = t_list_dir(dir, "inject_", ".c", NULL, names, 64);
	for (int i = 0; i < n; i++) {
		char name[300];
		snprintf(cur_file, sizeof cur_file, "%s", names[i]);
		snprintf(name, sizeof name, "inject: %s", names[i]);
		t_case(name, case_file);
		free(names[i]);
	}
	t_case("inject: refused values", case_bad_values);
	t_case("inject: torture subset (inject.sh)", case_torture_subset);
	t_case("inject: summary table and miss classes (inject.sh)",
	       case_summary);
	char rm[600];
	snprintf(rm, sizeof rm, "rm -rf %s", tmp);
	free(t_run_cmd(rm, &(int){0}));
}
