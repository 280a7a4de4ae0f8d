/* gate.h - ssara-report --fail-on: an exit status for CI (docs/REPORT.md
 * "Failing a build"). */
#ifndef SSARA_GATE_H
#define SSARA_GATE_H

#include <stdbool.h>
#include <stdio.h>

#include "report.h"

/* What --fail-on asks for: each a reason to fail. */
enum {
	FAIL_VIOLATION = 1,   /* a checker found an allocation wrong */
	FAIL_UNVERIFIED = 2,  /* a checker could not verify an allocation */
	FAIL_UNSUPPORTED = 4, /* a function was not captured */
};

/* Parses "violation,unverified,..." (each once at most, any order) into
 * *mask; false on anything else. */
bool gate_parse(const char *arg, int *mask);

/* Prints to f one line per function of r that mask fails on, in the
 * order read: "ssara-report: FILE: FN (OPT): WHAT" with the checker's
 * first violation or its reason; returns how many functions failed. */
long gate_check(FILE *f, const Report *r, int mask);

#endif
