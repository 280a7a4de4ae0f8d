/* test_proctime.c - `ssara-bench --time` (tools/proctime.h): the exit
 * status of the command comes back, one line of three times is appended
 * per run, and a command that computes shows processor time no larger
 * than its wall time. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "proctime.h"

/* Runs proctime_main on "sh -c SCRIPT" appending to out; its result. */
static int time_sh(const char *out, const char *script)
{
	char *argv[] = {(char *)out, "sh", "-c", (char *)script, NULL};
	return proctime_main(4, argv);
}

/* Reads the lines of path as (wall ns, user us, sys us) into w, u, s
 * (up to max); returns how many lines, or -1 when one is not three
 * non-negative integers. */
static int read_times(const char *path, long long *w, long long *u,
		      long long *s, int max)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	char line[256];
	int n = 0;
	while (n < max && fgets(line, sizeof line, f)) {
		char rest[8];
		if (sscanf(line, "%lld %lld %lld %7s", &w[n], &u[n], &s[n],
			   rest) != 3 ||
		    w[n] < 0 || u[n] < 0 || s[n] < 0) {
			fclose(f);
			return -1;
		}
		n++;
	}
	fclose(f);
	return n;
}

/* Makes an empty temporary file, its name in path (size bytes); false
 * (a failed check) when it cannot. */
static bool empty_file(char *path, size_t size)
{
	t_tmpname(path, size, "proctime");
	int fd = mkstemp(path);
	if (!CHECK(fd >= 0))
		return false;
	close(fd);
	return true;
}

static void case_status_and_lines(void)
{
	char path[512];
	if (!empty_file(path, sizeof path))
		return;
	CHECK_INT(time_sh(path, "exit 0"), 0);
	CHECK_INT(time_sh(path, "exit 3"), 3);
	/* killed by a signal: 128 + its number, as a shell reports it */
	CHECK_INT(time_sh(path, "kill -TERM $$"), 128 + 15);
	long long w[8], u[8], s[8];
	CHECK_INT(read_times(path, w, u, s, 8), 3);
	unlink(path);
}

static void case_processor_time(void)
{
	char path[512];
	if (!empty_file(path, sizeof path))
		return;
	/* some 100,000 shell arithmetic steps: tens of milliseconds of
	 * processor time in the child, none of it waiting */
	CHECK_INT(time_sh(path, "i=0; while [ $i -lt 100000 ]; do "
				"i=$((i + 1)); done"),
		  0);
	long long w[2], u[2], s[2];
	int n = read_times(path, w, u, s, 2);
	CHECK_INT(n, 1);
	if (n == 1) {
		long long cpu_us = u[0] + s[0];
		t_check(cpu_us >= 1000, __FILE__, __LINE__,
			"a computing command took %lld us of processor "
			"time",
			cpu_us);
		/* one thread cannot run longer than the wall clock (1 ms
		 * for the clocks' different granularity) */
		t_check(cpu_us * 1000 <= w[0] + 1000000, __FILE__, __LINE__,
			"processor time %lld us above wall time %lld ns",
			cpu_us, w[0]);
	}
	unlink(path);
}

static void case_cannot_run(void)
{
	char path[512];
	if (!empty_file(path, sizeof path))
		return;
	char *argv[] = {path, "/nonexistent/ssara-no-such-command", NULL};
	CHECK_INT(proctime_main(2, argv), 127);
	char *bad[] = {path, NULL};
	CHECK_INT(proctime_main(1, bad), 2);
	unlink(path);
}

void suite_proctime(void)
{
	t_case("proctime: exit status and one line per run",
	       case_status_and_lines);
	t_case("proctime: processor time of a computing command",
	       case_processor_time);
	t_case("proctime: a command that cannot run", case_cannot_run);
}
