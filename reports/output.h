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
 * unsupported reasons. */
void print_totals(FILE *f, const Totals *t);

/* {"functions": [...], "totals": {...}}; without "functions" if
 * totals_only. */
void print_json(FILE *f, const Report *r, const Totals *t, bool totals_only);

#endif
