/* output.c - the report as an aligned table, totals, or JSON (output.h). */
#include "output.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Table columns: four names, the counts in Field order, the reason. */
enum { C_FILE, C_FN, C_OPT, C_STATUS, C_COUNT, C_REASON = C_COUNT + F_N, C_N };

static const struct {
	const char *top, *bottom;
} heading[C_N] = {
	[C_FILE] = {"", "file"},
	[C_FN] = {"", "function"},
	[C_OPT] = {"", "opt"},
	[C_STATUS] = {"", "status"},
	[C_COUNT + F_BLOCKS] = {"", "blocks"},
	[C_COUNT + F_INSNS] = {"", "insns"},
	[C_COUNT + F_PSEUDOS] = {"", "pseudos"},
	[C_COUNT + F_MAXLIVE_GPR] = {"maxlive", "gpr"},
	[C_COUNT + F_MAXLIVE_SSE] = {"maxlive", "sse"},
	[C_COUNT + F_SPILLS] = {"", "spills"},
	[C_COUNT + F_RELOADS] = {"", "reloads"},
	[C_COUNT + F_MOVES] = {"", "moves"},
	[C_COUNT + F_COPIES_DELETED] = {"copies", "deleted"},
	[C_COUNT + F_REMATS] = {"", "remats"},
	[C_COUNT + F_FRAME] = {"", "frame"},
	[C_COUNT + F_CALLEE_SAVED] = {"callee", "saved"},
	[C_REASON] = {"", "reason"},
};

/* Labels of the counts in the totals. */
static const char *const total_label[F_N] = {
	[F_BLOCKS] = "blocks",
	[F_INSNS] = "insns",
	[F_PSEUDOS] = "pseudos",
	[F_MAXLIVE_GPR] = "maxlive gpr (max)",
	[F_MAXLIVE_SSE] = "maxlive sse (max)",
	[F_SPILLS] = "spills",
	[F_RELOADS] = "reloads",
	[F_MOVES] = "moves",
	[F_COPIES_DELETED] = "copies deleted",
	[F_REMATS] = "remats",
	[F_FRAME] = "frame",
	[F_CALLEE_SAVED] = "callee saved",
};

typedef struct {
	const char *cell[C_N];
	char num[F_N][24];
} Row;

/* Columns a string takes on a terminal: one per UTF-8 sequence. */
static size_t text_width(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Writes s with control characters as '?' (one line per row). */
static void put_text(FILE *f, const char *s)
{
	for (; *s; s++)
		putc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f);
}

static void spaces(FILE *f, size_t n)
{
	while (n--)
		putc(' ', f);
}

static bool right_aligned(int c)
{
	return c >= C_COUNT && c < C_COUNT + F_N;
}

/* The cells of e's table line (numbers formatted into row). */
static void row_of(const Entry *e, Row *row)
{
	const Record *rec = &e->rec;
	row->cell[C_FILE] = rec->file;
	row->cell[C_FN] = rec->fn;
	row->cell[C_OPT] = rec->opt;
	row->cell[C_STATUS] = rec->captured ? "captured" : "unsupported";
	for (int f = 0; f < F_N; f++) {
		if (rec->has[f])
			snprintf(row->num[f], sizeof row->num[f], "%lld",
				 rec->val[f]);
		else
			strcpy(row->num[f], "-");
		row->cell[C_COUNT + f] = row->num[f];
	}
	row->cell[C_REASON] = rec->reason ? rec->reason : "";
}

/* Prints one line: cells separated by two spaces, padded to width w,
 * nothing after the last non-empty cell. */
static void print_row(FILE *f, const char *const cell[C_N],
		      const size_t w[C_N])
{
	int last = C_N - 1;
	while (last > 0 && !*cell[last])
		last--;
	for (int c = 0; c <= last; c++) {
		size_t pad = w[c] - text_width(cell[c]);
		if (c)
			spaces(f, 2);
		if (right_aligned(c))
			spaces(f, pad);
		put_text(f, cell[c]);
		if (!right_aligned(c) && c < last)
			spaces(f, pad);
	}
	putc('\n', f);
}

void print_table(FILE *f, const Report *r)
{
	const char *top[C_N], *bottom[C_N];
	size_t w[C_N];
	for (int c = 0; c < C_N; c++) {
		top[c] = heading[c].top;
		bottom[c] = heading[c].bottom;
		w[c] = text_width(top[c]);
		if (text_width(bottom[c]) > w[c])
			w[c] = text_width(bottom[c]);
	}
	Row row;
	for (int e = 0; e < r->n; e++) {
		row_of(&r->ent[e], &row);
		for (int c = 0; c < C_N; c++)
			if (text_width(row.cell[c]) > w[c])
				w[c] = text_width(row.cell[c]);
	}
	print_row(f, top, w);
	print_row(f, bottom, w);
	for (int e = 0; e < r->n; e++) {
		row_of(&r->ent[e], &row);
		print_row(f, row.cell, w);
	}
}

/* Decimal digits of v >= 0. */
static size_t ndigits(long long v)
{
	size_t n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

void print_totals(FILE *f, const Totals *t)
{
	const struct {
		const char *label;
		long v;
	} count[] = {
		{"objects read", t->objects},
		{"objects with records", t->objects_with_records},
		{"functions", t->functions},
		{"captured", t->captured},
		{"unsupported", t->unsupported},
		{"duplicates", t->duplicates},
		{"duplicates differing", t->duplicates_differing},
	};
	enum { NCOUNT = sizeof count / sizeof count[0] };
	size_t lw = 0, nw = strlen("sum"), ww = strlen("weighted");
	char wtext[W_N][32];
	for (int i = 0; i < NCOUNT; i++) {
		lw = strlen(count[i].label) > lw ? strlen(count[i].label) : lw;
		nw = ndigits(count[i].v) > nw ? ndigits(count[i].v) : nw;
	}
	for (int i = 0; i < F_N; i++) {
		lw = strlen(total_label[i]) > lw ? strlen(total_label[i]) : lw;
		nw = ndigits(t->sum[i]) > nw ? ndigits(t->sum[i]) : nw;
	}
	for (int i = 0; i < W_N; i++) {
		snprintf(wtext[i], sizeof wtext[i], "%.1f", t->wsum[i]);
		ww = strlen(wtext[i]) > ww ? strlen(wtext[i]) : ww;
	}
	fprintf(f, "totals\n");
	for (int i = 0; i < NCOUNT; i++)
		fprintf(f, "  %-*s  %*ld\n", (int)lw, count[i].label, (int)nw,
			count[i].v);
	fprintf(f, "\n  %*s  %*s  %*s\n", (int)lw, "", (int)nw, "sum",
		(int)ww, "weighted");
	for (int i = 0; i < F_N; i++) {
		fprintf(f, "  %-*s  %*lld", (int)lw, total_label[i], (int)nw,
			t->sum[i]);
		if (HAS_W(i))
			fprintf(f, "  %*s", (int)ww, wtext[W_OF(i)]);
		putc('\n', f);
	}
	if (t->nreason == 0)
		return;
	fprintf(f, "\nunsupported reasons\n");
	size_t cw = ndigits(t->reason[0].count);
	for (int i = 0; i < t->nreason; i++) {
		fprintf(f, "  %*ld  ", (int)cw, t->reason[i].count);
		put_text(f, t->reason[i].reason);
		putc('\n', f);
	}
}

/* s as a JSON string. */
static void json_string(FILE *f, const char *s)
{
	putc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			putc(c, f);
	}
	putc('"', f);
}

/* x >= 0 as the shortest decimal that reads back as x. */
static void json_double(FILE *f, double x)
{
	char buf[40];
	if (x < 1e15 && x == (double)(long long)x) {
		fprintf(f, "%lld", (long long)x);
		return;
	}
	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof buf, "%.*g", prec, x);
		if (strtod(buf, NULL) == x)
			break;
	}
	fputs(buf, f);
}

/* "name": count, or null if absent. */
static void json_count(FILE *f, const Record *rec, Field fl)
{
	fprintf(f, ", ");
	json_string(f, field_member(fl));
	if (rec->has[fl])
		fprintf(f, ": %lld", rec->val[fl]);
	else
		fprintf(f, ": null");
}

/* One element of "functions": the table's columns, where the record was
 * read, and the weighted twins. */
static void json_function(FILE *f, const Entry *e)
{
	const Record *rec = &e->rec;
	fprintf(f, "{\"object\": ");
	json_string(f, e->object);
	fprintf(f, ", \"file\": ");
	json_string(f, rec->file);
	fprintf(f, ", \"fn\": ");
	json_string(f, rec->fn);
	fprintf(f, ", \"opt\": ");
	json_string(f, rec->opt);
	fprintf(f, ", \"status\": \"%s\", \"reason\": ",
		rec->captured ? "captured" : "unsupported");
	if (rec->reason)
		json_string(f, rec->reason);
	else
		fprintf(f, "null");
	for (int fl = F_BLOCKS; fl <= F_PSEUDOS; fl++)
		json_count(f, rec, (Field)fl);
	if (rec->has[F_MAXLIVE_GPR])
		fprintf(f, ", \"maxlive\": {\"gpr\": %lld, \"sse\": %lld}",
			rec->val[F_MAXLIVE_GPR], rec->val[F_MAXLIVE_SSE]);
	else
		fprintf(f, ", \"maxlive\": null");
	if (!rec->has_w) {
		fprintf(f, ", \"gcc_ra\": null}");
		return;
	}
	fprintf(f, ", \"gcc_ra\": {");
	for (int fl = F_SPILLS; fl <= F_CALLEE_SAVED; fl++) {
		fprintf(f, "%s\"%s\": %lld", fl == F_SPILLS ? "" : ", ",
			field_member((Field)fl), rec->val[fl]);
		if (HAS_W(fl)) {
			fprintf(f, ", \"w_%s\": ", field_member((Field)fl));
			json_double(f, rec->w[W_OF(fl)]);
		}
	}
	fprintf(f, "}}");
}

/* The "totals" member, the same numbers as print_totals. */
static void json_totals(FILE *f, const Totals *t)
{
	fprintf(f,
		"  \"totals\": {\n"
		"    \"objects\": %ld,\n"
		"    \"objects_with_records\": %ld,\n"
		"    \"functions\": %ld,\n"
		"    \"captured\": %ld,\n"
		"    \"unsupported\": %ld,\n"
		"    \"duplicates\": %ld,\n"
		"    \"duplicates_differing\": %ld,\n"
		"    \"reasons\": [",
		t->objects, t->objects_with_records, t->functions, t->captured,
		t->unsupported, t->duplicates, t->duplicates_differing);
	for (int i = 0; i < t->nreason; i++) {
		fprintf(f, "%s{\"reason\": ", i ? ", " : "");
		json_string(f, t->reason[i].reason);
		fprintf(f, ", \"count\": %ld}", t->reason[i].count);
	}
	fprintf(f, "],\n    \"sums\": {");
	const char *sep = "";
	for (int i = 0; i < F_N; i++) {
		if (i == F_MAXLIVE_GPR || i == F_MAXLIVE_SSE)
			continue;
		fprintf(f, "%s\"%s\": %lld", sep, field_member((Field)i),
			t->sum[i]);
		sep = ", ";
	}
	fprintf(f, "},\n    \"weighted\": {");
	for (int i = F_SPILLS; i <= F_REMATS; i++) {
		double w = t->wsum[W_OF(i)];
		fprintf(f, "%s\"%s\": ", i == F_SPILLS ? "" : ", ",
			field_member((Field)i));
		/* Finite weights can still add up to infinity. */
		if (isfinite(w))
			fprintf(f, "%.1f", w);
		else
			fprintf(f, "null");
	}
	fprintf(f,
		"},\n    \"maxlive\": {\"gpr\": %lld, \"sse\": %lld}\n"
		"  }\n",
		t->sum[F_MAXLIVE_GPR], t->sum[F_MAXLIVE_SSE]);
}

void print_json(FILE *f, const Report *r, const Totals *t, bool totals_only)
{
	fprintf(f, "{\n");
	if (!totals_only) {
		fprintf(f, "  \"functions\": [");
		for (int e = 0; e < r->n; e++) {
			fprintf(f, "%s\n    ", e ? "," : "");
			json_function(f, &r->ent[e]);
		}
		fprintf(f, "%s],\n", r->n ? "\n  " : "");
	}
	json_totals(f, t);
	fprintf(f, "}\n");
}
