/* test_subst.c - programs built with ssara's allocation substituted
 * (-fplugin-arg-ssara-substitute, docs/SUBST.md) and run.
 *
 * For each testsuite/subst/NAME.c: built by plain gcc and with the plugin
 * substituting (with `// options: ` for both and `// plugin: KEY=VALUE
 * ...` for the plugin), both run; the substituted program must print the
 * same and exit the same, the compile must not crash, and the check of
 * the emitted code after reload must find no violation (-Werror makes
 * its warning fatal).  Expectations in the file:
 *   //!subst FN          FN's record says "substituted":true
 *   //!kept FN: TEXT     "substituted":false, the reason contains TEXT
 *   //!lacks FN: TEXT    FN's assembly in the substituted build (-S)
 *                        does not contain TEXT (a register -ffixed- took
 *                        away, e.g. %rbx)
 *   //!has FN: REGEX     a line of FN's assembly in the substituted
 *                        build matches the POSIX extended REGEX
 *   //!shape FN: KIND    ssara's allocation of FN (`ssara alloc` on the
 *                        dumped capture, same regs=) has an inserted
 *                        instruction of KIND (move, swap, spill, reload,
 *                        remat), or for KIND edge a block added on an
 *                        edge
 */
#include <stdarg.h>
#include <stdio.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"

char *t_run_cmd(const char *cmd, int *status);

static char tmp[256];         /* the suite's scratch directory */
static char cur[256];         /* the case's file name */

/* A malloc'ed formatted string. */
static char *fmt(const char *f, ...)
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

/* Runs cmd in the scratch directory; its output; *st its status. */
static char *run(const char *cmd, int *st)
{
	char *c = fmt("cd %s && LC_ALL=C %s", tmp, cmd);
	char *out = t_run_cmd(c, st);
	free(c);
	return out;
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	b[fread(b, 1, (size_t)n, f)] = 0;
	fclose(f);
	return b;
}

/* The rest of the line after the first `key` in text, copied into out
 * (empty when absent). */
static void line_after(const char *text, const char *key, char *out,
		       size_t cap)
{
	out[0] = 0;
	const char *p = strstr(text, key);
	if (!p)
		return;
	p += strlen(key);
	size_t n = strcspn(p, "\n");
	if (n >= cap)
		n = cap - 1;
	memcpy(out, p, n);
	out[n] = 0;
}

/* The record line of function fn in the JSON lines recs, or NULL. */
static const char *record_of(const char *recs, const char *fn, char *buf,
			     size_t cap)
{
	char key[300];
	snprintf(key, sizeof key, "\"fn\":\"%s\",", fn);
	const char *p = strstr(recs, key);
	if (!p)
		return NULL;
	while (p > recs && p[-1] != '\n')
		p--;
	size_t n = strcspn(p, "\n");
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, p, n);
	buf[n] = 0;
	return buf;
}

/* The number of general registers in the plugin arguments (regs=N), or
 * 0 (all). */
static int regs_of(const char *pargs)
{
	const char *r = strstr(pargs, "regs=");
	return r ? atoi(r + 5) : 0;
}

/* //!shape FN: KIND against `ssara alloc` of the dumped capture. */
static void check_shape(const char *fn, const char *kind, int regs)
{
	/* the dump of FN (whatever the plugin puts before ".FN.ir") */
	char *find = fmt("cd %s && ls dump/*.%s.ir", tmp, fn);
	int fst;
	char *found_ir = t_run_cmd(find, &fst);
	found_ir[strcspn(found_ir, "\n")] = 0;
	char *ir = fmt("%s/%s", tmp, found_ir);
	free(found_ir);
	free(find);
	char *cmd = regs ? fmt("%s/build/ssara alloc --regs %d %s",
			       t_srcdir(), regs, ir)
			 : fmt("%s/build/ssara alloc %s", t_srcdir(), ir);
	int st;
	char *out = t_run_cmd(cmd, &st);
	char *orig = slurp(ir);
	t_check(st == 0 && orig, __FILE__, __LINE__, "%s: ssara alloc %s: %s",
		cur, ir, out);
	if (st == 0 && orig) {
		bool found = false;
		if (!strcmp(kind, "edge")) {
			int a = 0, o = 0;
			for (const char *p = out; (p = strstr(p, "\nb")); p++)
				a++;
			for (const char *p = orig; (p = strstr(p, "\nb")); p++)
				o++;
			found = a > o;
		} else {
			char *pat = fmt("\n  %s ", kind);
			found = strstr(out, pat) != NULL;
			free(pat);
		}
		t_check(found, __FILE__, __LINE__,
			"%s: ssara's allocation of %s has no %s", cur, fn, kind);
	}
	free(orig);
	free(out);
	free(cmd);
	free(ir);
}

/* FN's code in subst.s, the substituted build's assembly: the lines
 * from "FN:" to the function's .cfi_endproc (callers free); NULL, and a
 * failure, if there is none. */
static char *asm_body(const char *fn)
{
	char *path = fmt("%s/subst.s", tmp);
	char *as = slurp(path);
	char *label = fmt("\n%s:\n", fn);
	const char *b = as ? strstr(as, label) : NULL;
	const char *e = b ? strstr(b, ".cfi_endproc") : NULL;
	t_check(b && e, __FILE__, __LINE__, "%s: no function %s in %s", cur,
		fn, path);
	char *body = NULL;
	if (b && e) {
		size_t n = (size_t)(e - b);
		body = malloc(n + 1);
		memcpy(body, b, n);
		body[n] = 0;
	}
	free(label);
	free(as);
	free(path);
	return body;
}

/* //!lacks FN: TEXT against FN's substituted code. */
static void check_lacks(const char *fn, const char *text)
{
	char *body = asm_body(fn);
	if (body)
		t_check(!strstr(body, text), __FILE__, __LINE__,
			"%s: %s's substituted code uses %s", cur, fn, text);
	free(body);
}

/* //!has FN: REGEX against the lines of FN's substituted code. */
static void check_has(const char *fn, const char *re)
{
	regex_t rx;
	if (!t_check(regcomp(&rx, re, REG_EXTENDED | REG_NOSUB | REG_NEWLINE) ==
			     0,
		     __FILE__, __LINE__, "%s: bad regex '%s'", cur, re))
		return;
	char *body = asm_body(fn);
	if (body)
		t_check(regexec(&rx, body, 0, NULL, 0) == 0, __FILE__,
			__LINE__, "%s: no line of %s's substituted code "
			"matches '%s':\n%s", cur, fn, re, body);
	free(body);
	regfree(&rx);
}

/* Checks the //! expectations of text against the records. */
static void check_expectations(const char *text, const char *recs, int regs)
{
	int n = 0;
	for (const char *l = text; (l = strstr(l, "\n//!")); l++) {
		char line[512], fn[256], rest[256], rec[65536];
		size_t len = strcspn(l + 1, "\n");
		if (len >= sizeof line)
			len = sizeof line - 1;
		memcpy(line, l + 1, len);
		line[len] = 0;
		rest[0] = 0;
		n++;
		if (sscanf(line, "//!subst %255s", fn) == 1) {
			const char *r = record_of(recs, fn, rec, sizeof rec);
			t_check(r && strstr(r, "\"substituted\":true"), __FILE__,
				__LINE__, "%s: %s not substituted: %s", cur, fn,
				r ? r : "(no record)");
		} else if (sscanf(line, "//!kept %255[^:]: %255[^\n]", fn,
				  rest) == 2) {
			const char *r = record_of(recs, fn, rec, sizeof rec);
			t_check(r && strstr(r, "\"substituted\":false") &&
					strstr(r, rest),
				__FILE__, __LINE__,
				"%s: %s not kept for '%s': %s", cur, fn, rest,
				r ? r : "(no record)");
		} else if (sscanf(line, "//!shape %255[^:]: %255s", fn, rest) ==
			   2) {
			check_shape(fn, rest, regs);
		} else if (sscanf(line, "//!lacks %255[^:]: %255s", fn, rest) ==
			   2) {
			check_lacks(fn, rest);
		} else if (sscanf(line, "//!has %255[^:]: %255[^\n]", fn,
				  rest) == 2) {
			check_has(fn, rest);
		} else {
			t_check(false, __FILE__, __LINE__,
				"%s: unknown expectation '%s'", cur, line);
		}
	}
	t_check(n > 0, __FILE__, __LINE__, "%s has no //! expectations", cur);
}

/* Runs cmd in the scratch directory and frees it; its output (callers
 * free), *st its status. */
static char *run_free(char *cmd, int *st)
{
	char *out = run(cmd, st);
	free(cmd);
	return out;
}

static void case_program(void)
{
	char *path = fmt("%s/testsuite/subst/%s", t_srcdir(), cur);
	char *text = slurp(path);
	if (!text) {
		t_check(false, __FILE__, __LINE__, "cannot read %s", path);
		free(path);
		return;
	}
	char opts[256], pargs[256], pl[1024] = "";
	line_after(text, "// options: ", opts, sizeof opts);
	line_after(text, "// plugin: ", pargs, sizeof pargs);
	char *words = strdup(pargs);
	for (char *w = strtok(words, " "); w; w = strtok(NULL, " ")) {
		size_t k = strlen(pl);
		snprintf(pl + k, sizeof pl - k, " -fplugin-arg-ssara-%s", w);
	}
	free(words);
	int st, st_plain, st_subst;
	free(run_free(fmt("rm -rf dump plain subst recs.json && mkdir dump"),
		      &st));
	char *out = run_free(fmt("gcc %s %s -o plain -lm", opts, path), &st);
	t_check(st == 0, __FILE__, __LINE__, "%s: plain build failed:\n%s",
		cur, out);
	free(out);
	out = run_free(fmt("gcc %s -Werror -fplugin=%s/build/ssara.so "
			   "-fplugin-arg-ssara-substitute "
			   "-fplugin-arg-ssara-json=recs.json "
			   "-fplugin-arg-ssara-dump=dump%s %s -o subst -lm",
			   opts, t_srcdir(), pl, path),
		       &st);
	t_check(st == 0, __FILE__, __LINE__,
		"%s: substituted build failed (a crash, or the check of the "
		"emitted code found a violation):\n%s",
		cur, out);
	free(out);
	if (strstr(text, "\n//!lacks ") || strstr(text, "\n//!has ")) {
		out = run_free(fmt("gcc %s -S -fplugin=%s/build/ssara.so "
				   "-fplugin-arg-ssara-substitute%s %s -o "
				   "subst.s",
				   opts, t_srcdir(), pl, path),
			       &st);
		t_check(st == 0, __FILE__, __LINE__, "%s: -S failed:\n%s",
			cur, out);
		free(out);
	}
	/* "// needs: FEATURE..." (GCC's __builtin_cpu_supports names):
	 * the builds and their checks above need no CPU support, the runs
	 * below do */
	char needs[256];
	line_after(text, "// needs: ", needs, sizeof needs);
	for (char *w = strtok(needs, " "); w && st == 0;
	     w = strtok(NULL, " ")) {
		bool has = strcmp(w, "avx512f") == 0   ? __builtin_cpu_supports("avx512f")
			   : strcmp(w, "avx512bw") == 0 ? __builtin_cpu_supports("avx512bw")
			   : strcmp(w, "avx2") == 0     ? __builtin_cpu_supports("avx2")
							: false;
		if (!has) {
			char *why = fmt("%s: built and checked; not run: this "
					"CPU lacks %s",
					cur, w);
			t_skip(why);
			free(why);
			free(text);
			free(path);
			return;
		}
	}
	if (st == 0) {
		char *a = run_free(fmt("./plain"), &st_plain);
		char *b = run_free(fmt("./subst"), &st_subst);
		t_check(st_plain == st_subst && !strcmp(a, b), __FILE__,
			__LINE__,
			"%s: plain exits %d printing\n%s\nsubstituted exits %d "
			"printing\n%s",
			cur, st_plain, a, st_subst, b);
		free(a);
		free(b);
		char *rp = fmt("%s/recs.json", tmp);
		char *recs = slurp(rp);
		t_check(recs != NULL, __FILE__, __LINE__, "%s: no records",
			cur);
		if (recs)
			check_expectations(text, recs, regs_of(pargs));
		free(recs);
		free(rp);
	}
	free(text);
	free(path);
}

static void case_no_plugin(void)
{
	t_skip("build/ssara.so not built, or no scratch directory");
}

void suite_subst(void)
{
	struct stat sb;
	char so[1024];
	snprintf(so, sizeof so, "%s/build/ssara.so", t_srcdir());
	t_tmpname(tmp, sizeof tmp, "ssara-subst");
	if (stat(so, &sb) != 0 || !mkdtemp(tmp)) {
		t_case("subst: plugin and scratch directory", case_no_plugin);
		return;
	}
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/testsuite/subst", t_srcdir());
	char *names[64];
	int n = t_list_dir(dir, "", ".c", NULL, names, 64);
	for (int i = 0; i < n; i++) {
		char name[300];
		snprintf(cur, sizeof cur, "%s", names[i]);
		snprintf(name, sizeof name,
			 "subst: %s built with ssara's allocation, run",
			 names[i]);
		t_case(name, case_program);
		free(names[i]);
	}
	char rm[600];
	snprintf(rm, sizeof rm, "rm -rf %s", tmp);
	free(t_run_cmd(rm, &(int){0}));
}
