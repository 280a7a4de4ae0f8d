/* proctime.c - the time a command takes (ssara-bench --time): wall
 * clock, and the processor time of the command and of every descendant
 * it waited for (a compiler driver waits for cc1 and as), from wait4's
 * resource usage in microseconds.  Processor time leaves out the time
 * the command waited for a processor; testsuite/torture/overhead.sh
 * reports both. */
#define _DEFAULT_SOURCE
#include "proctime.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Microseconds in tv. */
static long long usec(struct timeval tv)
{
	return (long long)tv.tv_sec * 1000000 + tv.tv_usec;
}

/* Nanoseconds on the monotonic clock. */
static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int proctime_main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: ssara-bench --time OUT CMD [ARG...]\n");
		return 2;
	}
	FILE *out = fopen(argv[0], "a");
	if (!out) {
		fprintf(stderr, "ssara-bench: cannot open %s\n", argv[0]);
		return 2;
	}
	long long t0 = now_ns();
	pid_t pid = fork();
	if (pid < 0) {
		perror("ssara-bench: fork");
		fclose(out);
		return 2;
	}
	if (pid == 0) {
		fclose(out);
		execvp(argv[1], argv + 1);
		fprintf(stderr, "ssara-bench: cannot run %s\n", argv[1]);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("ssara-bench: wait4");
		fclose(out);
		return 2;
	}
	long long wall = now_ns() - t0;
	fprintf(out, "%lld %lld %lld\n", wall, usec(ru.ru_utime),
		usec(ru.ru_stime));
	fclose(out);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
