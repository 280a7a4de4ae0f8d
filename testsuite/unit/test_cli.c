/* test_cli.c - the ssara command line: help, version, exit codes, error
 * messages for bad input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

char *t_run_cmd(const char *cmd, int *status);
const char *t_ssara_bin(void);

/* Runs "ssara ARGS"; checks the exit status; returns the output. */
static char *run(const char *args, int want_status)
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "%s %s", t_ssara_bin(), args);
	int st;
	char *out = t_run_cmd(cmd, &st);
	t_check(st == want_status, __FILE__, __LINE__,
		"ssara %s: exit %d, expected %d; output:\n%s", args, st,
		want_status, out);
	return out;
}

static void case_help(void)
{
	char *out = run("--help", 0);
	CHECK(strstr(out, "usage: ssara COMMAND") != NULL);
	CHECK(strstr(out, "stats FILE.ir") != NULL);
	CHECK(strstr(out, "Exit status") != NULL);
	free(out);
}

static void case_version(void)
{
	char *out = run("--version", 0);
	CHECK(strncmp(out, "ssara ", 6) == 0);
	CHECK(strchr(out, '.') != NULL);
	free(out);
}

static void case_bad_usage(void)
{
	free(run("", 2));
	char *out = run("frobnicate", 2);
	CHECK(strstr(out, "unknown command 'frobnicate'") != NULL);
	free(out);
	out = run("stats", 2);
	CHECK(strstr(out, "no input files") != NULL);
	free(out);
	/* an unknown choice rule or hard-register web mode; the same file
	 * with known ones is allocated */
	char args[1024];
	snprintf(args, sizeof args,
		 "alloc --bias classes --hardweb never %s/testsuite/ir/gcd.ir",
		 t_srcdir());
	free(run(args, 0));
	snprintf(args, sizeof args, "alloc --bias lowest %s/testsuite/ir/gcd.ir",
		 t_srcdir());
	free(run(args, 2));
	snprintf(args, sizeof args,
		 "alloc --hardweb sometimes %s/testsuite/ir/gcd.ir", t_srcdir());
	free(run(args, 2));
	free(run("alloc --bias", 2));
}

static void case_missing_file(void)
{
	char *out = run("stats /nonexistent/x.ir", 2);
	CHECK(strstr(out, "/nonexistent/x.ir") != NULL);
	CHECK(strstr(out, "error") != NULL);
	free(out);
}

/* A malformed file: the message is FILE:LINE:COL: error:, status 2, and
 * the good file given after it is still processed. */
static void case_parse_error(void)
{
	char bad[256];
	t_tmpname(bad, sizeof bad, "ssara-cli");
	int fd = mkstemp(bad);
	if (!CHECK(fd >= 0))
		return;
	const char text[] = "func f\n"
			    "  pseudo p1 gpr 4\n"
			    "b2: freq=1 depth=0\n"
			    "  1: frob =p1, $1\n"
			    "end\n";
	CHECK(write(fd, text, sizeof text - 1) == (ssize_t)(sizeof text - 1));
	close(fd);
	char args[1024], want[1024];
	snprintf(args, sizeof args, "stats %s %s/testsuite/ir/gcd.ir", bad,
		 t_srcdir());
	char *out = run(args, 2);
	snprintf(want, sizeof want, "%s:4:6: error:", bad);
	t_check(strstr(out, want) != NULL, __FILE__, __LINE__,
		"expected '%s' in:\n%s", want, out);
	CHECK(strstr(out, "gcd: blocks 3") != NULL);
	free(out);
	unlink(bad);
}

static void case_print(void)
{
	char args[1024];
	snprintf(args, sizeof args, "print %s/testsuite/ir/lost_copy.ir",
		 t_srcdir());
	char *out = run(args, 0);
	CHECK(strstr(out, "func lost_copy\n") != NULL);
	CHECK(strstr(out, "  2: phi =p2, p1 from b1, p3 from b2\n") != NULL);
	CHECK(strstr(out, "b2: freq=10000 depth=1 -> b2 b3\n") != NULL);
	free(out);
}

void suite_cli(void)
{
	t_case("cli: --help", case_help);
	t_case("cli: --version", case_version);
	t_case("cli: bad usage exits 2", case_bad_usage);
	t_case("cli: missing file", case_missing_file);
	t_case("cli: parse error position and exit status", case_parse_error);
	t_case("cli: print", case_print);
}
