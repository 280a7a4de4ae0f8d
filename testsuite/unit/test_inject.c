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

static char *xfmt(const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	int n = vsnprintf(NULL, 0, f, ap);
	va_end(ap);
	char *s = malloc((size_t)n + 1);
	va_start(ap, f);
	vsnprintf(s, (size_t)n + 1, f, ap);
	va_end(ap);
	return s;
}

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
	int n = vsnprintf(NULL, 0, f, ap);
	va_end(ap);
	char *inner = malloc((size_t)n + 1);
	va_start(ap, f);
	vsnprintf(inner, (size_t)n + 1, f, ap);
	va_end(ap);
	char *cmd = xfmt("cd %s && LC_ALL=C %s", tmp, inner);
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
	char *want = xfmt("ssara-inject: %s %s %s %s ", src, fn, kind, n);
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
	char *warn = xfmt("ssara: GCC's allocation of '%s' is wrong", fn);
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
	char *src = xfmt("%s/testsuite/plugin/%s", t_srcdir(), cur_file);
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
		char *v = xfmt("GCC's allocation of '%s' verified", fn);
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
		char *want = xfmt("error: ssara: 'inject=%s': %s", bad[i].val,
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
	snprintf(tmp, sizeof tmp, "/tmp/ssara-inject-XXXXXX");
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
	char rm[600];
	snprintf(rm, sizeof rm, "rm -rf %s", tmp);
	free(t_run_cmd(rm, &(int){0}));
}
