/* output.h - the report as text or JSON (formats in docs/REPORT.md). */
#ifndef SSARA_OUTPUT_H
#define SSARA_OUTPUT_H

#include <stdbool.h>
#include <stdio.h>

#include "report.h"

/* One line per function, in the order first read, columns aligned under
 * a two-line heading; counts a record does not carry are "-". */
void print_table(FILE *f, const Report *r);

/* The totals: counts, sums with weighted sums (1 decimal), ranked
 * unsupported reasons, verdicts of both checkers with their ranked
 * reasons, times and their shares of IRA+LRA, GCC's counts beside
 * ssara's.  A level's totals (t->opt set) are headed "totals for opt
 * OPT" and leave out the counts of the whole input (objects,
 * duplicates). */
void print_totals(FILE *f, const Totals *t);

/* After the totals with --by opt: each level's totals (lv[0..n), from
 * report_totals with their opt), then one table with a column per
 * level: functions, verdicts, IRA+LRA time and the shares of the audit
 * and of ssara's allocation. */
void print_by_opt(FILE *f, const Totals *lv, int n);

/* {"functions": [...], "totals": {...}, "by_opt": [...]}; without
 * "functions" if totals_only, without "by_opt" if lv is NULL; with worst
 * >= 0, "worst" (the first worst functions of report_worst) in place of
 * "functions". */
void print_json(FILE *f, const Report *r, const Totals *t, const Totals *lv,
		int nlv, bool totals_only, int worst);

/* --worst N: the first n functions of report_worst, both allocators'
 * spill code and moves in the final code (each weighted too) and the
 * weighted differences ssara - gcc, under a heading that says how many
 * were ranked; then how many were not ranked for lack of copies_kept. */
void print_worst(FILE *f, const Report *r, int n);

/* A verdict as the table shows it: ok, VIOL, unver, or "-" (not
 * checked); "refused" when the allocator refused the function. */
const char *verdict_cell(const Check *c, bool refused);

/* The table's reason column of rec into buf (n bytes): why unsupported,
 * else the checkers' unverified reasons, first violations and ssara's
 * refusal, "WHO WHAT: TEXT" joined by "; " ("" when none). */
void reason_cell(const Record *rec, char *buf, size_t n);

/* Spill code (spills + reloads + remats) of both allocators over the
 * functions both allocated (t->both): GCC's and ssara's, unweighted and
 * weighted. */
void spill_code_sums(const Totals *t, long long *sg, long long *ss,
		     double *wg, double *ws);

#endif
