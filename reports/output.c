/* output.c - the report as an aligned table, totals, or JSON (output.h). */
#include "output.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Table columns: four names, the counts in Field order, both
 * allocators' final code (FinalCode: spill code, moves in the final code,
 * each weighted too), the two verdicts, the reason. */
enum {
	C_FILE,
	C_FN,
	C_OPT,
	C_STATUS,
	C_COUNT,
	C_FINAL = C_COUNT + F_N,
	C_SPILL_GCC = C_FINAL,
	C_SPILL_SSARA,
	C_WSPILL_GCC,
	C_WSPILL_SSARA,
	C_MOVES_GCC,
	C_MOVES_SSARA,
	C_WMOVES_GCC,
	C_WMOVES_SSARA,
	C_FINAL_END,
	C_VGCC = C_FINAL_END,
	C_VSSARA,
	C_REASON,
	C_N
};

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
	[C_SPILL_GCC] = {"spill code", "gcc"},
	[C_SPILL_SSARA] = {"", "ssara"},
	[C_WSPILL_GCC] = {"", "w gcc"},
	[C_WSPILL_SSARA] = {"", "w ssara"},
	[C_MOVES_GCC] = {"final moves", "gcc"},
	[C_MOVES_SSARA] = {"", "ssara"},
	[C_WMOVES_GCC] = {"", "w gcc"},
	[C_WMOVES_SSARA] = {"", "w ssara"},
	[C_VGCC] = {"verify", "gcc"},
	[C_VSSARA] = {"verify", "ssara"},
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
	char fin[C_FINAL_END - C_FINAL][32];
	char reason[1024];
} Row;

/* A count of the final code into buf: "-" when not known. */
static void fmt_count(char *buf, size_t n, bool has, long long v)
{
	if (has)
		snprintf(buf, n, "%lld", v);
	else
		snprintf(buf, n, "-");
}

/* A weighted count with one decimal, "-" when not known. */
static void fmt_weight(char *buf, size_t n, bool has, double v)
{
	if (has)
		snprintf(buf, n, "%.1f", v);
	else
		snprintf(buf, n, "-");
}

/* The eight final-code cells of rec into row. */
static void final_cells(const Record *rec, Row *row)
{
	FinalCode fc[2];
	final_gcc(rec, &fc[0]);
	final_ssara(rec, &fc[1]);
	for (int a = 0; a < 2; a++) {
		char(*f)[32] = row->fin;
		fmt_count(f[C_SPILL_GCC - C_FINAL + a], 32, fc[a].has_spill,
			  fc[a].spill);
		fmt_weight(f[C_WSPILL_GCC - C_FINAL + a], 32, fc[a].has_spill,
			   fc[a].w_spill);
		fmt_count(f[C_MOVES_GCC - C_FINAL + a], 32, fc[a].has_moves,
			  fc[a].moves);
		fmt_weight(f[C_WMOVES_GCC - C_FINAL + a], 32, fc[a].has_moves,
			   fc[a].w_moves);
	}
	for (int c = C_FINAL; c < C_FINAL_END; c++)
		row->cell[c] = row->fin[c - C_FINAL];
}

/* A verdict in the table: ok, VIOL, unver, or "-" (not checked); an
 * allocator that refused is "refused". */
const char *verdict_cell(const Check *c, bool refused)
{
	static const char *const cell[V_N] = {
		[V_NONE] = "-", [V_VERIFIED] = "ok", [V_VIOLATION] = "VIOL",
		[V_UNVERIFIED] = "unver",
	};
	return refused ? "refused" : cell[c->kind];
}

/* Appends "WHO WHAT: TEXT" to buf (n bytes), "; " between parts. */
static void add_part(char *buf, size_t n, const char *who, const char *what,
		     const char *text)
{
	size_t k = strlen(buf);
	if (text)
		snprintf(buf + k, n - k, "%s%s %s: %s", k ? "; " : "", who,
			 what, text);
}

/* The reason column of rec: why unsupported, else the checkers'
 * unverified reasons, first violations and ssara's refusal. */
void reason_cell(const Record *rec, char *buf, size_t n)
{
	buf[0] = 0;
	if (rec->reason) {
		snprintf(buf, n, "%s", rec->reason);
		return;
	}
	const Check *c[2] = {&rec->vgcc, &rec->vssara};
	const char *who[2] = {"gcc", "ssara"};
	for (int i = 0; i < 2; i++) {
		if (c[i]->kind == V_UNVERIFIED)
			add_part(buf, n, who[i], "unverified", c[i]->reason);
		if (c[i]->kind == V_VIOLATION)
			add_part(buf, n, who[i], "violation",
				 c[i]->first ? c[i]->first : "?");
	}
	if (rec->sra.state == SRA_ERROR)
		add_part(buf, n, "ssara", "refused", rec->sra.error);
}

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
	return c >= C_COUNT && c < C_FINAL_END;
}

/* The cells of e's table line (numbers formatted into row). */
static void row_of(const Entry *e, Row *row)
{
	const Record *rec = &e->rec;
	row->cell[C_FILE] = rec->file;
	row->cell[C_FN] = rec->name;
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
	final_cells(rec, row);
	row->cell[C_VGCC] = verdict_cell(&rec->vgcc, false);
	row->cell[C_VSSARA] =
		verdict_cell(&rec->vssara, rec->sra.state == SRA_ERROR);
	reason_cell(rec, row->reason, sizeof row->reason);
	row->cell[C_REASON] = row->reason;
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

/* A small table of text cells: row 0 is the heading, column 0 the
 * labels (left-aligned), the rest right-aligned. */
enum { G_ROWS = 48, G_COLS = 16, G_CELL = 48 };
typedef struct {
	int nrow, ncol;
	char cell[G_ROWS][G_COLS][G_CELL];
} Grid;

/* Starts row r of g (a new one if r == g->nrow) with label; cells "". */
static int grid_row(Grid *g, const char *label)
{
	int r = g->nrow < G_ROWS ? g->nrow++ : G_ROWS - 1;
	for (int c = 0; c < G_COLS; c++)
		g->cell[r][c][0] = 0;
	snprintf(g->cell[r][0], G_CELL, "%s", label);
	return r;
}

static void grid_set(Grid *g, int r, int c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(g->cell[r][c], G_CELL, fmt, ap);
	va_end(ap);
	if (c >= g->ncol)
		g->ncol = c + 1;
}

/* Prints g indented by two spaces, columns two spaces apart. */
static void grid_print(FILE *f, const Grid *g)
{
	size_t w[G_COLS] = {0};
	for (int r = 0; r < g->nrow; r++)
		for (int c = 0; c < g->ncol; c++)
			if (text_width(g->cell[r][c]) > w[c])
				w[c] = text_width(g->cell[r][c]);
	for (int r = 0; r < g->nrow; r++) {
		int last = g->ncol - 1;
		while (last > 0 && !g->cell[r][last][0])
			last--;
		fprintf(f, "  ");
		put_text(f, g->cell[r][0]);
		for (int c = 1; c <= last; c++) {
			spaces(f, (c == 1 ? w[0] - text_width(g->cell[r][0])
					  : 0) + 2 + w[c] -
					 text_width(g->cell[r][c]));
			put_text(f, g->cell[r][c]);
		}
		putc('\n', f);
	}
}

/* Prints a ranked list of reasons under title; nothing if empty. */
static void print_ranked(FILE *f, const char *title, const ReasonCount *rc,
			 int n)
{
	if (n == 0)
		return;
	fprintf(f, "\n%s\n", title);
	size_t cw = ndigits(rc[0].count);
	for (int i = 0; i < n; i++) {
		fprintf(f, "  %*ld  ", (int)cw, rc[i].count);
		put_text(f, rc[i].reason);
		putc('\n', f);
	}
}

/* Microseconds as milliseconds with three decimals. */
static void set_ms(Grid *g, int r, int c, long long us)
{
	grid_set(g, r, c, "%lld.%03lld", us / 1000, us % 1000);
}

/* part as a percentage of whole (one decimal), "-" if whole is 0. */
static void set_share(Grid *g, int r, int c, long long part, long long whole)
{
	if (whole > 0)
		grid_set(g, r, c, "%.1f", 100.0 * (double)part / (double)whole);
	else
		grid_set(g, r, c, "-");
}

/* The verdict counts of both checkers. */
static void print_verdicts(FILE *f, const Totals *t)
{
	static const char *const label[V_N] = {
		[V_VERIFIED] = "verified", [V_VIOLATION] = "violation",
		[V_UNVERIFIED] = "unverified", [V_NONE] = "not checked",
	};
	static const VerdictKind order[V_N] = {V_VERIFIED, V_VIOLATION,
					       V_UNVERIFIED, V_NONE};
	Grid g = {0};
	int r = grid_row(&g, "");
	grid_set(&g, r, 1, "gcc");
	grid_set(&g, r, 2, "ssara");
	for (int i = 0; i < V_N; i++) {
		r = grid_row(&g, label[order[i]]);
		grid_set(&g, r, 1, "%ld", t->cgcc.n[order[i]]);
		grid_set(&g, r, 2, "%ld", t->cssara.n[order[i]]);
	}
	r = grid_row(&g, "violations (sum)");
	grid_set(&g, r, 1, "%lld", t->cgcc.violations);
	grid_set(&g, r, 2, "%lld", t->cssara.violations);
	r = grid_row(&g, "ssara allocated");
	grid_set(&g, r, 2, "%ld", t->ssara_done);
	r = grid_row(&g, "ssara refused");
	grid_set(&g, r, 2, "%ld", t->ssara_refused);
	fprintf(f, "\nverification\n");
	grid_print(f, &g);
	print_ranked(f, "gcc unverified reasons", t->cgcc.reason,
		     t->cgcc.nreason);
	print_ranked(f, "ssara unverified reasons", t->cssara.reason,
		     t->cssara.nreason);
	print_ranked(f, "ssara refusals", t->refusal, t->nrefusal);
	if (t->subst_yes + t->subst_no == 0)
		return;
	fprintf(f, "\nsubstitution\n  substituted %ld of %ld (%.2f%%)\n",
		t->subst_yes, t->subst_yes + t->subst_no,
		100.0 * (double)t->subst_yes /
			(double)(t->subst_yes + t->subst_no));
	print_ranked(f, "GCC's allocation kept", t->subst_reason,
		     t->nsubst_reason);
}

/* The times, as sums and as shares of IRA+LRA. */
static void print_times(FILE *f, const Totals *t)
{
	const struct {
		const char *label;
		long long us;
	} row[] = {
		{"IRA+LRA", t->t_ira_lra},
		{"capture", t->t_capture},
		{"audit (gcc check)", t->cgcc.us + t->t_audit},
		{"ssara alloc", t->t_ssara},
		{"ssara check", t->cssara.us},
	};
	Grid g = {0};
	int r = grid_row(&g, "");
	grid_set(&g, r, 1, "ms");
	grid_set(&g, r, 2, "%s", "% of IRA+LRA");
	for (size_t i = 0; i < sizeof row / sizeof *row; i++) {
		r = grid_row(&g, row[i].label);
		set_ms(&g, r, 1, row[i].us);
		set_share(&g, r, 2, row[i].us, t->t_ira_lra);
	}
	r = grid_row(&g, "functions timed");
	grid_set(&g, r, 1, "%ld", t->timed);
	fprintf(f, "\ntimes\n");
	grid_print(f, &g);
}

void spill_code_sums(const Totals *t, long long *sg, long long *ss,
			    double *wg, double *ws)
{
	*sg = t->both_gcc[F_SPILLS] + t->both_gcc[F_RELOADS] +
	      t->both_gcc[F_REMATS];
	*ss = t->both_ssara[S_SPILLS] + t->both_ssara[S_RELOADS] +
	      t->both_ssara[S_REMATS];
	*wg = t->both_gcc_w[W_OF(F_SPILLS)] + t->both_gcc_w[W_OF(F_RELOADS)] +
	      t->both_gcc_w[W_OF(F_REMATS)];
	*ws = t->both_ssara_w[S_SPILLS] + t->both_ssara_w[S_RELOADS] +
	      t->both_ssara_w[S_REMATS];
}

/* A row of print_both's grid: label, GCC's and ssara's counts and
 * weighted sums, or "-" where has is false. */
static void both_row(Grid *g, const char *label, bool has, long long ng,
		     long long ns, double wg, double ws)
{
	int r = grid_row(g, label);
	fmt_count(g->cell[r][1], G_CELL, has, ng);
	fmt_count(g->cell[r][2], G_CELL, has, ns);
	fmt_weight(g->cell[r][3], G_CELL, has, wg);
	fmt_weight(g->cell[r][4], G_CELL, has, ws);
}

/* GCC's counts beside ssara's over the functions both allocated. */
static void print_both(FILE *f, const Totals *t)
{
	const struct {
		const char *label;
		int gcc, ssara; /* Field, SsaraCount; -1: none */
	} row[] = {
		{"spills", F_SPILLS, S_SPILLS},
		{"reloads", F_RELOADS, S_RELOADS},
		{"remats", F_REMATS, S_REMATS},
		{"moves", F_MOVES, S_MOVES},
		{"swaps", -1, S_SWAPS},
		{"copies left", -1, S_COPIES},
		{"copies deleted", F_COPIES_DELETED, -1},
	};
	Grid g = {0};
	int r = grid_row(&g, "");
	grid_set(&g, r, 1, "gcc");
	grid_set(&g, r, 2, "ssara");
	grid_set(&g, r, 3, "gcc weighted");
	grid_set(&g, r, 4, "ssara weighted");
	/* Over the functions whose records both carry copies_kept. */
	bool k = t->both_kept > 0;
	for (size_t i = 0; i < sizeof row / sizeof *row; i++) {
		if (row[i].ssara == S_COPIES) {
			both_row(&g, "copies kept", k, t->kept_gcc,
				 t->kept_ssara, t->w_kept_gcc, t->w_kept_ssara);
		}
		r = grid_row(&g, row[i].label);
		int gc = row[i].gcc, sc = row[i].ssara;
		if (gc >= 0) {
			grid_set(&g, r, 1, "%lld", t->both_gcc[gc]);
			grid_set(&g, r, 3, "%.1f", t->both_gcc_w[W_OF(gc)]);
		} else {
			grid_set(&g, r, 1, "-");
			grid_set(&g, r, 3, "-");
		}
		if (sc >= 0) {
			grid_set(&g, r, 2, "%lld", t->both_ssara[sc]);
			grid_set(&g, r, 4, "%.1f", t->both_ssara_w[sc]);
		} else {
			grid_set(&g, r, 2, "-");
			grid_set(&g, r, 4, "-");
		}
	}
	long long sg, ss;
	double wg, ws;
	spill_code_sums(t, &sg, &ss, &wg, &ws);
	r = grid_row(&g, "spill code");
	grid_set(&g, r, 1, "%lld", sg);
	grid_set(&g, r, 2, "%lld", ss);
	grid_set(&g, r, 3, "%.1f", wg);
	grid_set(&g, r, 4, "%.1f", ws);
	both_row(&g, "moves in final code", k, t->fmoves_gcc, t->fmoves_ssara,
		 t->w_fmoves_gcc, t->w_fmoves_ssara);
	r = grid_row(&g, "with copies kept");
	grid_set(&g, r, 1, "%ld", t->both_gcc_has_kept);
	grid_set(&g, r, 2, "%ld", t->both_ssara_has_kept);
	/* Only when some record carries them (older ones do not). */
	bool m = t->both_slots > 0;
	if (m) {
		both_row(&g, "slot operands", m, t->slots_gcc, t->slots_ssara,
			 t->w_slots_gcc, t->w_slots_ssara);
		both_row(&g, "spill code + slot operands", m, t->mem_gcc,
			 t->mem_ssara, t->w_mem_gcc, t->w_mem_ssara);
	}
	fprintf(f, "\ngcc vs ssara over %ld functions both allocated\n",
		t->both);
	grid_print(f, &g);
	if (t->both_kept < t->both)
		fprintf(f, "  copies kept, moves in final code: over the %ld of "
			"them whose records both carry copies_kept\n",
			t->both_kept);
	if (m && t->both_slots < t->both)
		fprintf(f, "  slot operands, spill code + slot operands: over "
			"the %ld of them whose records both carry slot_reads\n",
			t->both_slots);
}

void print_totals(FILE *f, const Totals *t)
{
	const struct {
		const char *label;
		long v;
		bool input; /* of the whole input: not in a level's totals */
	} count[] = {
		{"objects read", t->objects, true},
		{"objects with records", t->objects_with_records, true},
		{"functions", t->functions, false},
		{"captured", t->captured, false},
		{"unsupported", t->unsupported, false},
		{"duplicates", t->duplicates, true},
		{"duplicates differing", t->duplicates_differing, true},
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
	if (t->opt) {
		fprintf(f, "totals for opt ");
		put_text(f, t->opt);
		putc('\n', f);
	} else {
		fprintf(f, "totals\n");
	}
	for (int i = 0; i < NCOUNT; i++)
		if (!t->opt || !count[i].input)
			fprintf(f, "  %-*s  %*ld\n", (int)lw, count[i].label,
				(int)nw, count[i].v);
	fprintf(f, "\n  %*s  %*s  %*s\n", (int)lw, "", (int)nw, "sum",
		(int)ww, "weighted");
	for (int i = 0; i < F_N; i++) {
		fprintf(f, "  %-*s  %*lld", (int)lw, total_label[i], (int)nw,
			t->sum[i]);
		if (HAS_W(i))
			fprintf(f, "  %*s", (int)ww, wtext[W_OF(i)]);
		putc('\n', f);
	}
	print_ranked(f, "unsupported reasons", t->reason, t->nreason);
	print_verdicts(f, t);
	print_times(f, t);
	print_both(f, t);
}

void print_by_opt(FILE *f, const Totals *lv, int n)
{
	for (int i = 0; i < n; i++) {
		putc('\n', f);
		print_totals(f, &lv[i]);
	}
	Grid g = {0};
	int r = grid_row(&g, "");
	for (int i = 0; i < n && i + 1 < G_COLS; i++)
		grid_set(&g, r, i + 1, "%s", lv[i].opt);
	const char *label[] = {
		"functions", "captured", "unsupported", "gcc verified",
		"gcc violation", "gcc unverified", "gcc not checked",
		"ssara verified", "ssara violation", "ssara unverified",
		"ssara not checked", "IRA+LRA ms", "audit % of IRA+LRA",
		"ssara alloc % of IRA+LRA",
	};
	for (size_t k = 0; k < sizeof label / sizeof *label; k++) {
		r = grid_row(&g, label[k]);
		for (int i = 0; i < n && i + 1 < G_COLS; i++) {
			const Totals *t = &lv[i];
			const CheckTotals *c = k < 7 ? &t->cgcc : &t->cssara;
			static const VerdictKind vk[4] = {
				V_VERIFIED, V_VIOLATION, V_UNVERIFIED, V_NONE};
			if (k == 0)
				grid_set(&g, r, i + 1, "%ld", t->functions);
			else if (k == 1)
				grid_set(&g, r, i + 1, "%ld", t->captured);
			else if (k == 2)
				grid_set(&g, r, i + 1, "%ld", t->unsupported);
			else if (k < 11)
				grid_set(&g, r, i + 1, "%ld",
					 c->n[vk[(k - 3) % 4]]);
			else if (k == 11)
				set_ms(&g, r, i + 1, t->t_ira_lra);
			else if (k == 12)
				set_share(&g, r, i + 1,
					  t->cgcc.us + t->t_audit, t->t_ira_lra);
			else
				set_share(&g, r, i + 1, t->t_ssara,
					  t->t_ira_lra);
		}
	}
	fprintf(f, "\nby opt\n");
	grid_print(f, &g);
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

/* , "NAME": N, "w_NAME": W, both null when absent (has false). */
static void json_pair(FILE *f, const char *name, bool has, long long n,
		      double w)
{
	if (!has) {
		fprintf(f, ", \"%s\": null, \"w_%s\": null", name, name);
		return;
	}
	fprintf(f, ", \"%s\": %lld, \"w_%s\": ", name, n, name);
	json_double(f, w);
}

/* , "copies_kept": N, "w_copies_kept": W, both null when absent. */
static void json_kept(FILE *f, bool has, long long n, double w)
{
	json_pair(f, "copies_kept", has, n, w);
}
/* x, negative or not, as json_double writes it. */
static void json_signed(FILE *f, double x)
{
	if (x < 0) {
		putc('-', f);
		x = -x;
	}
	json_double(f, x);
}

/* {"gcc": N, "ssara": N, "w_gcc": W, "w_ssara": W}, null when unknown:
 * the spill code (moves false) or the moves in the final code of both
 * allocators. */
static void json_final_pair(FILE *f, const FinalCode *g, const FinalCode *s,
			    bool moves)
{
	const FinalCode *fc[2] = {g, s};
	const char *name[2] = {"gcc", "ssara"};
	putc('{', f);
	for (int w = 0; w < 2; w++)
		for (int a = 0; a < 2; a++) {
			bool has = moves ? fc[a]->has_moves : fc[a]->has_spill;
			fprintf(f, "%s\"%s%s\": ", w || a ? ", " : "",
				w ? "w_" : "", name[a]);
			if (!has)
				fprintf(f, "null");
			else if (w)
				json_double(f, moves ? fc[a]->w_moves
						     : fc[a]->w_spill);
			else
				fprintf(f, "%lld",
					moves ? fc[a]->moves : fc[a]->spill);
		}
	putc('}', f);
}

/* , "spill_code": {...}, "final_moves": {...} of rec. */
static void json_final(FILE *f, const Record *rec)
{
	FinalCode g, s;
	final_gcc(rec, &g);
	final_ssara(rec, &s);
	fprintf(f, ", \"spill_code\": ");
	json_final_pair(f, &g, &s, false);
	fprintf(f, ", \"final_moves\": ");
	json_final_pair(f, &g, &s, true);
}

/* One checker's verdict as in the record, or null. */
static void json_check(FILE *f, const Check *c)
{
	static const char *const name[V_N] = {
		[V_VERIFIED] = "verified", [V_VIOLATION] = "violation",
		[V_UNVERIFIED] = "unverified",
	};
	if (c->kind == V_NONE) {
		fprintf(f, "null");
		return;
	}
	fprintf(f, "{\"verdict\": \"%s\"", name[c->kind]);
	if (c->reason) {
		fprintf(f, ", \"reason\": ");
		json_string(f, c->reason);
	}
	fprintf(f, ", \"violations\": %lld", c->violations);
	if (c->first) {
		fprintf(f, ", \"first\": ");
		json_string(f, c->first);
	}
	fprintf(f, ", \"us\": %lld}", c->us);
}

/* The "verify", "ssara_ra" and "time_us" members of a function, as in
 * its record (null when absent). */
static void json_verify_ra_times(FILE *f, const Record *rec)
{
	const SsaraRa *s = &rec->sra;
	if (rec->vgcc.kind == V_NONE && rec->vssara.kind == V_NONE) {
		fprintf(f, ", \"verify\": null");
	} else {
		fprintf(f, ", \"verify\": {\"gcc\": ");
		json_check(f, &rec->vgcc);
		fprintf(f, ", \"ssara\": ");
		json_check(f, &rec->vssara);
		putc('}', f);
	}
	if (s->state == SRA_NONE) {
		fprintf(f, ", \"ssara_ra\": null");
	} else if (s->state == SRA_ERROR) {
		fprintf(f, ", \"ssara_ra\": {\"error\": ");
		json_string(f, s->error);
		fprintf(f, ", \"us\": %lld}", s->us);
	} else {
		fprintf(f, ", \"ssara_ra\": {");
		for (int c = 0; c < S_N; c++) {
			const char *m = ssara_count_name((SsaraCount)c);
			fprintf(f, "%s\"%s\": %lld, \"w_%s\": ", c ? ", " : "", m,
				s->n[c], m);
			json_double(f, s->w[c]);
		}
		json_kept(f, s->has_kept, s->kept, s->w_kept);
		json_pair(f, "slot_operands", s->has_slots, s->slot_ops,
			  s->w_slot_ops);
		fprintf(f, ", \"slots\": %lld, \"slot_bytes\": %lld, "
			"\"aff_total\": %lld, \"aff_final\": %lld, \"us\": %lld}",
			s->slots, s->slot_bytes, s->aff_total, s->aff_final,
			s->us);
	}
	if (rec->time.has)
		fprintf(f, ", \"time_us\": {\"capture\": %lld, \"ira_lra\": "
			"%lld, \"audit\": %lld}",
			rec->time.capture, rec->time.ira_lra, rec->time.audit);
	else
		fprintf(f, ", \"time_us\": null");
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
	if (*rec->dir) {
		fprintf(f, ", \"dir\": ");
		json_string(f, rec->dir);
	}
	fprintf(f, ", \"fn\": ");
	json_string(f, rec->fn);
	if (strcmp(rec->name, rec->fn) != 0) {
		fprintf(f, ", \"demangled\": ");
		json_string(f, rec->name);
	}
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
		fprintf(f, ", \"gcc_ra\": null");
	} else {
		fprintf(f, ", \"gcc_ra\": {");
		for (int fl = F_SPILLS; fl <= F_CALLEE_SAVED; fl++) {
			fprintf(f, "%s\"%s\": %lld", fl == F_SPILLS ? "" : ", ",
				field_member((Field)fl), rec->val[fl]);
			if (HAS_W(fl)) {
				fprintf(f, ", \"w_%s\": ",
					field_member((Field)fl));
				json_double(f, rec->w[W_OF(fl)]);
			}
		}
		json_kept(f, rec->has_kept, rec->kept, rec->w_kept);
		json_pair(f, "slot_operands", rec->has_slots, rec->slot_ops,
			  rec->w_slot_ops);
		putc('}', f);
	}
	json_verify_ra_times(f, rec);
	json_final(f, rec);
	putc('}', f);
}

/* x with one decimal, or null if a sum of finite numbers overflowed. */
static void json_sum(FILE *f, double x)
{
	if (isfinite(x))
		fprintf(f, "%.1f", x);
	else
		fprintf(f, "null");
}

/* A ranked list as [{"reason": ..., "count": N}, ...]. */
static void json_ranked(FILE *f, const ReasonCount *rc, int n)
{
	putc('[', f);
	for (int i = 0; i < n; i++) {
		fprintf(f, "%s{\"reason\": ", i ? ", " : "");
		json_string(f, rc[i].reason);
		fprintf(f, ", \"count\": %ld}", rc[i].count);
	}
	putc(']', f);
}

/* One checker's totals as an object. */
static void json_check_totals(FILE *f, const CheckTotals *c)
{
	fprintf(f,
		"{\"verified\": %ld, \"violation\": %ld, \"unverified\": %ld, "
		"\"not_checked\": %ld, \"violations\": %lld, \"us\": %lld, "
		"\"reasons\": ",
		c->n[V_VERIFIED], c->n[V_VIOLATION], c->n[V_UNVERIFIED],
		c->n[V_NONE], c->violations, c->us);
	json_ranked(f, c->reason, c->nreason);
	putc('}', f);
}

/* "both": GCC's and ssara's counts over the functions both allocated. */
static void json_both(FILE *f, const Totals *t)
{
	fprintf(f, "{\"functions\": %ld, \"gcc\": {", t->both);
	for (int i = F_SPILLS; i <= F_REMATS; i++)
		fprintf(f, "%s\"%s\": %lld", i == F_SPILLS ? "" : ", ",
			field_member((Field)i), t->both_gcc[i]);
	fprintf(f, "}, \"gcc_weighted\": {");
	for (int i = F_SPILLS; i <= F_REMATS; i++) {
		fprintf(f, "%s\"%s\": ", i == F_SPILLS ? "" : ", ",
			field_member((Field)i));
		json_sum(f, t->both_gcc_w[W_OF(i)]);
	}
	fprintf(f, "}, \"ssara\": {");
	for (int c = 0; c < S_N; c++)
		fprintf(f, "%s\"%s\": %lld", c ? ", " : "",
			ssara_count_name((SsaraCount)c), t->both_ssara[c]);
	fprintf(f, "}, \"ssara_weighted\": {");
	for (int c = 0; c < S_N; c++) {
		fprintf(f, "%s\"%s\": ", c ? ", " : "",
			ssara_count_name((SsaraCount)c));
		json_sum(f, t->both_ssara_w[c]);
	}
	/* Spill code over all of them; copies kept and moves in the final
	 * code over the functions whose records both carry copies_kept. */
	long long sg, ss;
	double wg, ws;
	spill_code_sums(t, &sg, &ss, &wg, &ws);
	fprintf(f, "}, \"spill_code\": {\"gcc\": %lld, \"ssara\": %lld, "
		"\"w_gcc\": ", sg, ss);
	json_sum(f, wg);
	fprintf(f, ", \"w_ssara\": ");
	json_sum(f, ws);
	fprintf(f, "}, \"with_copies_kept\": {\"gcc\": %ld, \"ssara\": %ld, "
		"\"both\": %ld}", t->both_gcc_has_kept, t->both_ssara_has_kept,
		t->both_kept);
	const char *name[4] = {"copies_kept", "final_moves", "slot_operands",
			       "spill_and_slots"};
	long long n[4][2] = {{t->kept_gcc, t->kept_ssara},
			     {t->fmoves_gcc, t->fmoves_ssara},
			     {t->slots_gcc, t->slots_ssara},
			     {t->mem_gcc, t->mem_ssara}};
	double w[4][2] = {{t->w_kept_gcc, t->w_kept_ssara},
			  {t->w_fmoves_gcc, t->w_fmoves_ssara},
			  {t->w_slots_gcc, t->w_slots_ssara},
			  {t->w_mem_gcc, t->w_mem_ssara}};
	for (int i = 0; i < 4; i++) {
		if (i == 2)
			fprintf(f, ", \"with_slots\": %ld", t->both_slots);
		fprintf(f, ", \"%s\": ", name[i]);
		if ((i < 2 ? t->both_kept : t->both_slots) == 0) {
			fprintf(f, "null");
			continue;
		}
		fprintf(f, "{\"gcc\": %lld, \"ssara\": %lld, \"w_gcc\": ",
			n[i][0], n[i][1]);
		json_sum(f, w[i][0]);
		fprintf(f, ", \"w_ssara\": ");
		json_sum(f, w[i][1]);
		putc('}', f);
	}
	putc('}', f);
}

/* The members of a totals object, one per line indented by ind, the
 * same numbers as print_totals (a level's totals: "opt" first, without
 * the counts of the whole input). */
static void json_totals_body(FILE *f, const Totals *t, const char *ind)
{
	if (t->opt) {
		fprintf(f, "%s\"opt\": ", ind);
		json_string(f, t->opt);
		fprintf(f, ",\n");
	} else {
		fprintf(f,
			"%s\"objects\": %ld,\n%s\"objects_with_records\": %ld,\n",
			ind, t->objects, ind, t->objects_with_records);
	}
	fprintf(f, "%s\"functions\": %ld,\n%s\"captured\": %ld,\n"
		"%s\"unsupported\": %ld,\n",
		ind, t->functions, ind, t->captured, ind, t->unsupported);
	if (!t->opt)
		fprintf(f, "%s\"duplicates\": %ld,\n"
			"%s\"duplicates_differing\": %ld,\n",
			ind, t->duplicates, ind, t->duplicates_differing);
	fprintf(f, "%s\"reasons\": ", ind);
	json_ranked(f, t->reason, t->nreason);
	fprintf(f, ",\n%s\"sums\": {", ind);
	const char *sep = "";
	for (int i = 0; i < F_N; i++) {
		if (i == F_MAXLIVE_GPR || i == F_MAXLIVE_SSE)
			continue;
		fprintf(f, "%s\"%s\": %lld", sep, field_member((Field)i),
			t->sum[i]);
		sep = ", ";
	}
	fprintf(f, "},\n%s\"weighted\": {", ind);
	for (int i = F_SPILLS; i <= F_REMATS; i++) {
		fprintf(f, "%s\"%s\": ", i == F_SPILLS ? "" : ", ",
			field_member((Field)i));
		json_sum(f, t->wsum[W_OF(i)]);
	}
	fprintf(f, "},\n%s\"maxlive\": {\"gpr\": %lld, \"sse\": %lld},\n",
		ind, t->sum[F_MAXLIVE_GPR], t->sum[F_MAXLIVE_SSE]);
	fprintf(f, "%s\"verify\": {\"gcc\": ", ind);
	json_check_totals(f, &t->cgcc);
	fprintf(f, ", \"ssara\": ");
	json_check_totals(f, &t->cssara);
	fprintf(f, "},\n%s\"ssara_ra\": {\"done\": %ld, \"refused\": %ld, "
		"\"refusals\": ", ind, t->ssara_done, t->ssara_refused);
	json_ranked(f, t->refusal, t->nrefusal);
	fprintf(f, "},\n%s\"substitution\": {\"substituted\": %ld, "
		"\"kept\": %ld, \"reasons\": ", ind, t->subst_yes, t->subst_no);
	json_ranked(f, t->subst_reason, t->nsubst_reason);
	fprintf(f, "},\n%s\"time_us\": {\"functions\": %ld, \"ira_lra\": %lld, "
		"\"capture\": %lld, \"audit\": %lld, \"audit_pass\": %lld, "
		"\"ssara_alloc\": %lld, \"ssara_check\": %lld},\n",
		ind, t->timed, t->t_ira_lra, t->t_capture,
		t->cgcc.us + t->t_audit, t->t_audit, t->t_ssara, t->cssara.us);
	fprintf(f, "%s\"both\": ", ind);
	json_both(f, t);
	putc('\n', f);
}

/* "worst": the first n of the ranking (report_worst), and how many were
 * ranked and left out. */
static void json_worst(FILE *f, const Report *r, int n)
{
	int *idx, unranked;
	int nr = report_worst(r, &idx, &unranked);
	fprintf(f, "  \"worst\": {\"ranked\": %d, \"unranked\": %d, "
		"\"functions\": [", nr, unranked);
	for (int i = 0; i < n && i < nr; i++) {
		const Entry *e = &r->ent[idx[i]];
		FinalCode g, s;
		final_gcc(&e->rec, &g);
		final_ssara(&e->rec, &s);
		fprintf(f, "%s\n    {\"rank\": %d, \"object\": ", i ? "," : "",
			i + 1);
		json_string(f, e->object);
		fprintf(f, ", \"file\": ");
		json_string(f, e->rec.file);
		fprintf(f, ", \"fn\": ");
		json_string(f, e->rec.fn);
		if (strcmp(e->rec.name, e->rec.fn) != 0) {
			fprintf(f, ", \"demangled\": ");
			json_string(f, e->rec.name);
		}
		fprintf(f, ", \"opt\": ");
		json_string(f, e->rec.opt);
		fprintf(f, ", \"spill_code\": ");
		json_final_pair(f, &g, &s, false);
		fprintf(f, ", \"final_moves\": ");
		json_final_pair(f, &g, &s, true);
		fprintf(f, ", \"w_spill_diff\": ");
		json_signed(f, s.w_spill - g.w_spill);
		fprintf(f, ", \"w_moves_diff\": ");
		json_signed(f, s.w_moves - g.w_moves);
		putc('}', f);
	}
	fprintf(f, "%s]},\n", n > 0 && nr > 0 ? "\n  " : "");
}

void print_json(FILE *f, const Report *r, const Totals *t,
		const Totals *lv, int nlv, bool totals_only, int worst)
{
	fprintf(f, "{\n");
	if (worst >= 0)
		json_worst(f, r, worst);
	else if (!totals_only) {
		fprintf(f, "  \"functions\": [");
		for (int e = 0; e < r->n; e++) {
			fprintf(f, "%s\n    ", e ? "," : "");
			json_function(f, &r->ent[e]);
		}
		fprintf(f, "%s],\n", r->n ? "\n  " : "");
	}
	fprintf(f, "  \"totals\": {\n");
	json_totals_body(f, t, "    ");
	fprintf(f, "  }%s\n", lv ? "," : "");
	if (lv) {
		fprintf(f, "  \"by_opt\": [");
		for (int i = 0; i < nlv; i++) {
			fprintf(f, "%s\n    {\n", i ? "," : "");
			json_totals_body(f, &lv[i], "      ");
			fprintf(f, "    }");
		}
		fprintf(f, "%s]\n", nlv ? "\n  " : "");
	}
	fprintf(f, "}\n");
}

/* The ranking's rows: 14 cells each, room for long file names. */
enum { WK_COLS = 14, WK_CELL = 512 };
typedef char WorstRow[WK_COLS][WK_CELL];

/* Prints rows (the first two the heading) indented by two spaces,
 * columns two spaces apart: columns 1 to nleft - 1 left-aligned, the
 * others right-aligned; nothing after a row's last non-empty cell.  Row 0
 * holds group titles, each written from the start of its column over
 * the columns after it (not widening them). */
static void print_cells(FILE *f, WorstRow *cell, int nrow, int nleft)
{
	size_t w[WK_COLS] = {0};
	for (int r = 1; r < nrow; r++)
		for (int c = 0; c < WK_COLS; c++)
			if (text_width(cell[r][c]) > w[c])
				w[c] = text_width(cell[r][c]);
	size_t at = 2, col = 0; /* printed so far; start of column c */
	fprintf(f, "  ");
	for (int c = 0; c < WK_COLS; c++) {
		if (cell[0][c][0]) {
			spaces(f, col > at ? col - at : (at > 2 ? 1 : 0));
			put_text(f, cell[0][c]);
			at = (col > at ? col : at + 1) + text_width(cell[0][c]);
		}
		col = (c ? col : 2) + w[c] + 2;
	}
	putc('\n', f);
	for (int r = 1; r < nrow; r++) {
		int last = WK_COLS - 1;
		while (last > 0 && !cell[r][last][0])
			last--;
		fprintf(f, "  ");
		for (int c = 0; c <= last; c++) {
			size_t pad = w[c] - text_width(cell[r][c]);
			if (c)
				spaces(f, 2);
			bool left = c > 0 && c < nleft; /* 0: the rank */
			if (!left)
				spaces(f, pad);
			put_text(f, cell[r][c]);
			if (left && c < last)
				spaces(f, pad);
		}
		putc('\n', f);
	}
}

void print_worst(FILE *f, const Report *r, int n)
{
	int *idx, unranked;
	int nr = report_worst(r, &idx, &unranked);
	int shown = n < nr ? n : nr;
	WorstRow *cell = calloc((size_t)shown + 2, sizeof *cell);
	static const char *const top[WK_COLS] = {
		"", "", "", "", "spill code", "", "", "", "",
		"final moves", "", "", "", "",
	};
	static const char *const head[WK_COLS] = {
		"rank", "file", "function", "opt", "gcc", "ssara", "w gcc",
		"w ssara", "w diff", "gcc", "ssara", "w gcc", "w ssara",
		"w diff",
	};
	for (int c = 0; c < WK_COLS; c++) {
		snprintf(cell[0][c], WK_CELL, "%s", top[c]);
		snprintf(cell[1][c], WK_CELL, "%s", head[c]);
	}
	for (int i = 0; i < shown; i++) {
		const Entry *e = &r->ent[idx[i]];
		char(*row)[WK_CELL] = cell[i + 2];
		FinalCode g, s;
		final_gcc(&e->rec, &g);
		final_ssara(&e->rec, &s);
		snprintf(row[0], WK_CELL, "%d", i + 1);
		snprintf(row[1], WK_CELL, "%s", e->rec.file);
		snprintf(row[2], WK_CELL, "%s", e->rec.name);
		snprintf(row[3], WK_CELL, "%s", e->rec.opt);
		snprintf(row[4], WK_CELL, "%lld", g.spill);
		snprintf(row[5], WK_CELL, "%lld", s.spill);
		snprintf(row[6], WK_CELL, "%.1f", g.w_spill);
		snprintf(row[7], WK_CELL, "%.1f", s.w_spill);
		snprintf(row[8], WK_CELL, "%+.1f", s.w_spill - g.w_spill);
		snprintf(row[9], WK_CELL, "%lld", g.moves);
		snprintf(row[10], WK_CELL, "%lld", s.moves);
		snprintf(row[11], WK_CELL, "%.1f", g.w_moves);
		snprintf(row[12], WK_CELL, "%.1f", s.w_moves);
		snprintf(row[13], WK_CELL, "%+.1f", s.w_moves - g.w_moves);
	}
	fprintf(f, "worst %d of %d functions ranked: ssara - gcc in weighted "
		"spill code, then in weighted moves in final code\n", shown, nr);
	print_cells(f, cell, shown + 2, 4);
	if (unranked)
		fprintf(f, "  not ranked: %d %s both allocated whose "
			"records lack copies_kept\n", unranked,
			unranked == 1 ? "function" : "functions");
	free(cell);
}
