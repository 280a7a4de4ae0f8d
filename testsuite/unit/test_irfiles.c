/* test_irfiles.c - every IR file under testsuite/ir/: round trip through
 * the printer and parser, and `ssara stats` against the hand-computed
 * lines the file carries as "#! " comments. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "check.h"
#include "ir.h"
#include "irtext.h"

/* Whole contents of path, malloc'ed, or NULL. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	size_t r;
	while ((r = fread(buf + n, 1, cap - n - 1, f)) > 0) {
		n += r;
		if (cap - n - 1 == 0)
			buf = realloc(buf, cap *= 2);
	}
	fclose(f);
	buf[n] = 0;
	*len = n;
	return buf;
}

/* Output of cmd (stdout and stderr), malloc'ed; *status = exit code. */
char *t_run_cmd(const char *cmd, int *status)
{
	char full[4096];
	snprintf(full, sizeof full, "%s 2>&1", cmd);
	FILE *p = popen(full, "r");
	if (!p)
		return NULL;
	size_t cap = 4096, n = 0;
	char *buf = malloc(cap);
	size_t r;
	while ((r = fread(buf + n, 1, cap - n - 1, p)) > 0) {
		n += r;
		if (cap - n - 1 == 0)
			buf = realloc(buf, cap *= 2);
	}
	buf[n] = 0;
	int st = pclose(p);
	*status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	return buf;
}

const char *t_ssara_bin(void)
{
	const char *s = getenv("SSARA_BIN");
	return s ? s : "build/ssara";
}

static char cur_path[2048];

/* parse -> print -> parse: structurally equal, printed texts identical. */
static void case_roundtrip(void)
{
	size_t len;
	char *text = slurp(cur_path, &len);
	if (!CHECK(text != NULL))
		return;
	IrFile a, b;
	IrError err;
	if (!t_check(ir_parse(cur_path, text, len, target_x86_64(), &a, &err),
		     __FILE__, __LINE__, "%s", err.msg)) {
		free(text);
		return;
	}
	CHECK(a.nfn > 0);
	for (int i = 0; i < a.nfn; i++) {
		char *p1 = ir_print_str(a.fn[i]);
		if (!t_check(ir_parse("<printed>", p1, strlen(p1),
				      target_x86_64(), &b, &err),
			     __FILE__, __LINE__, "%s", err.msg)) {
			free(p1);
			continue;
		}
		char why[256] = "";
		CHECK_INT(b.nfn, 1);
		t_check(fn_equal(a.fn[i], b.fn[0], why, sizeof why), __FILE__,
			__LINE__, "%s", why);
		char *p2 = ir_print_str(b.fn[0]);
		CHECK_STR(p2, p1);
		free(p1);
		free(p2);
		irfile_free(&b);
	}
	irfile_free(&a);
	free(text);
}

/* Every "#! LINE" of the file appears, in order, in `ssara stats FILE`. */
static void case_stats(void)
{
	size_t len;
	char *text = slurp(cur_path, &len);
	if (!CHECK(text != NULL))
		return;
	char cmd[4200];
	snprintf(cmd, sizeof cmd, "%s stats %s", t_ssara_bin(), cur_path);
	int st;
	char *out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 0);
	int nexpect = 0;
	const char *pos = out;
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (strncmp(line, "#! ", 3) != 0)
			continue;
		nexpect++;
		char want[512];
		snprintf(want, sizeof want, "%s\n", line + 3);
		const char *hit = strstr(pos, want);
		if (!t_check(hit != NULL, __FILE__, __LINE__,
			     "%s: expected line '%s' not found (in order) in:\n%s",
			     cur_path, line + 3, out))
			break;
		pos = hit + strlen(want);
	}
	t_check(nexpect > 0, __FILE__, __LINE__,
		"%s has no '#! ' expectations", cur_path);
	free(out);
	free(text);
}

static void case_no_dir(void)
{
	t_check(false, __FILE__, __LINE__, "cannot open %s/testsuite/ir",
		t_srcdir());
}

void suite_irfiles(void)
{
	char dir[1024];
	snprintf(dir, sizeof dir, "%s/testsuite/ir", t_srcdir());
	char *names[512];
	int n = t_list_dir(dir, "", ".ir", NULL, names, 512);
	if (n < 0) {
		t_case("irfiles: open testsuite/ir", case_no_dir);
		return;
	}
	for (int i = 0; i < n; i++) {
		char name[1400];
		snprintf(cur_path, sizeof cur_path, "%s/%s", dir, names[i]);
		snprintf(name, sizeof name, "irfiles: round trip %s", names[i]);
		t_case(name, case_roundtrip);
		snprintf(name, sizeof name, "irfiles: stats %s", names[i]);
		t_case(name, case_stats);
		free(names[i]);
	}
}
