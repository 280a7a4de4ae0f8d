/* html.c - the HTML report's index and source file pages, and the frame
 * every page shares (html.h). */
#include "html.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "output.h"
#include "svg.h"

/* The style of every page. */
static const char style[] =
	"body{font-family:sans-serif;font-size:14px;margin:1em 2em}"
	"table{border-collapse:collapse;margin:.5em 0}"
	"th,td{border:1px solid #ccc;padding:2px 6px;vertical-align:top}"
	"th{background:#eee}"
	"table.sortable th{cursor:pointer}"
	"th[aria-sort=ascending]::after{content:' \\25b2'}"
	"th[aria-sort=descending]::after{content:' \\25bc'}"
	"td.n{text-align:right}"
	".VIOL,.violation{background:#ffcdd2}"
	".unver,.unverified{background:#ffe0b2}"
	".ok{background:#c8e6c9}"
	"pre,.code td{font-family:monospace;font-size:13px}"
	".code td{white-space:pre}"
	"tr.diff td.gcc,tr.diff td.ssara{background:#fff9c4}"
	"tr.viol td{border-top:2px solid #e53935}"
	"div.ins{color:#1565c0}"
	"div.msg{white-space:normal;font-family:sans-serif;color:#b71c1c}"
	"div.why{white-space:normal;font-family:sans-serif;color:#e65100}"
	"tr.blk td{background:#f5f5f5;font-weight:bold}"
	".gone{color:#999}"
	"td.line{color:#999;text-align:right}"
		"p.nodump{background:#fff3e0;padding:.5em}";

/* The sorting script: a click on a header of a table of class
 * "sortable" sorts its body's rows by that column, ascending, then
 * descending on the next click (stable: rows with equal keys keep their
 * order).  A cell's key is its data-v attribute, else its text; keys
 * that are numbers compare as numbers and come before the others, which
 * compare as lower-case text.  The header gets aria-sort. */
static const char script[] =
	"<script>\n"
	"function ssaraKey(td){var v=td.getAttribute('data-v');"
	"if(v===null)v=td.textContent;var n=Number(v);"
	"return v!==''&&!isNaN(n)?n:v.toLowerCase();}\n"
	"function ssaraCmp(a,b,d){var na=typeof a==='number',"
	"nb=typeof b==='number';if(na!==nb)return na?-1:1;"
	"return (a<b?-1:a>b?1:0)*d;}\n"
	"function ssaraSort(th){var t=th.closest('table'),b=t.tBodies[0],"
	"i=th.cellIndex,d=th.getAttribute('aria-sort')==='ascending'?-1:1;"
	"for(var h of th.parentNode.cells)h.removeAttribute('aria-sort');"
	"th.setAttribute('aria-sort',d>0?'ascending':'descending');"
	"var rows=Array.from(b.rows);rows.sort(function(x,y){"
	"return ssaraCmp(ssaraKey(x.cells[i]),ssaraKey(y.cells[i]),d);});"
	"rows.forEach(function(r){b.appendChild(r);});}\n"
	"document.querySelectorAll('table.sortable th').forEach(function(th){"
	"th.addEventListener('click',function(){ssaraSort(th);});});\n"
	"</script>\n";

void html_text(FILE *f, const char *s)
{
	xml_text(f, s);
}

/* DIR/NAME into buf (n bytes). */
static void page_path(char *buf, size_t n, const char *dir, const char *name)
{
	snprintf(buf, n, "%s/%s", dir, name);
}

FILE *html_open(const char *dir, const char *name, const char *title)
{
	char path[4096];
	page_path(path, sizeof path, dir, name);
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "ssara-report: %s: %s\n", path, strerror(errno));
		return NULL;
	}
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
	      "<title>", f);
	html_text(f, title);
	fprintf(f, "</title><style>%s</style></head>\n<body>\n<h1>", style);
	html_text(f, title);
	fputs("</h1>\n", f);
	return f;
}

bool html_close(FILE *f, const char *dir, const char *name)
{
	fputs(script, f);
	fputs("</body></html>\n", f);
	bool bad = ferror(f) != 0;
	if (fclose(f) != 0 || bad) {
		char path[4096];
		page_path(path, sizeof path, dir, name);
		fprintf(stderr, "ssara-report: %s: cannot write\n", path);
		return false;
	}
	return true;
}

/* ---------------------------------------------------------------- */
/* Source files: the functions grouped by the file that defines them. */

/* The source files of a report: per entry the index of its file. */
typedef struct {
	int n;
	int *of_entry;      /* per entry: its file */
	int *first;         /* per file: its first entry */
} Files;

/* The source file an entry's function is in, as the record names it:
 * "src" (the function's own file), else "file" (the unit's). */
static const char *src_of(const Record *rec)
{
	return rec->src ? rec->src : rec->file;
}

/* Whether entries x and y are in one source file: same directory, same
 * source name. */
static bool same_file(const Record *x, const Record *y)
{
	return strcmp(x->dir, y->dir) == 0 &&
	       strcmp(src_of(x), src_of(y)) == 0;
}

/* Groups r's entries by source file, files in order of first
 * appearance.  Fills fs (free with files_free). */
static void files_of(const Report *r, Files *fs)
{
	fs->n = 0;
	fs->of_entry = calloc((size_t)r->n + 1, sizeof *fs->of_entry);
	fs->first = calloc((size_t)r->n + 1, sizeof *fs->first);
	for (int i = 0; i < r->n; i++) {
		int k = 0;
		while (k < fs->n &&
		       !same_file(&r->ent[fs->first[k]].rec, &r->ent[i].rec))
			k++;
		if (k == fs->n)
			fs->first[fs->n++] = i;
		fs->of_entry[i] = k;
	}
}

static void files_free(Files *fs)
{
	free(fs->of_entry);
	free(fs->first);
}

/* ---------------------------------------------------------------- */
/* Cells.                                                            */

/* A count cell, right-aligned; "-" (sorting after the numbers) when
 * has is false. */
static void count_td(FILE *f, bool has, long long v)
{
	if (has)
		fprintf(f, "<td class=\"n\">%lld</td>", v);
	else
		fputs("<td class=\"n\">-</td>", f);
}

/* A weighted count cell with one decimal (data-v the full value). */
static void weight_td(FILE *f, bool has, double v)
{
	if (has)
		fprintf(f, "<td class=\"n\" data-v=\"%.17g\">%.1f</td>", v, v);
	else
		fputs("<td class=\"n\">-</td>", f);
}

/* A text cell. */
static void text_td(FILE *f, const char *s)
{
	fputs("<td>", f);
	html_text(f, s ? s : "");
	fputs("</td>", f);
}

/* A verdict cell of class its word (ok, VIOL, unver, -, refused). */
static void verdict_td(FILE *f, const Check *c, bool refused)
{
	const char *w = verdict_cell(c, refused);
	fprintf(f, "<td class=\"%s\">%s</td>", *w == '-' ? "none" : w, w);
}

/* ---------------------------------------------------------------- */
/* The functions table (index and file pages).                       */

static const char *const fn_heads[] = {
	"function", "file", "opt", "status", "insns", "verify gcc",
	"verify ssara", "spill code gcc", "spill code ssara",
	"w spill code gcc", "w spill code ssara", "final moves gcc",
	"final moves ssara", "IRA+LRA us", "reason",
};

/* The header row of a sortable table with heads h[0..n); each th has
 * data-key, its text with spaces as '-'. */
static void table_head(FILE *f, const char *id, const char *const *h, int n)
{
	fprintf(f, "<table class=\"sortable\" id=\"%s\"><thead><tr>", id);
	for (int i = 0; i < n; i++) {
		fputs("<th data-key=\"", f);
		for (const char *p = h[i]; *p; p++)
			putc(*p == ' ' ? '-' : *p, f);
		fprintf(f, "\">%s</th>", h[i]);
	}
	fputs("</tr></thead><tbody>\n", f);
}

/* One function's row: its name linking to its page, its file linking to
 * the file page, the verdicts, both allocators' final code, the time. */
static void fn_row(FILE *f, const Report *r, int i, int file)
{
	const Record *rec = &r->ent[i].rec;
	FinalCode g, s;
	final_gcc(rec, &g);
	final_ssara(rec, &s);
	fprintf(f, "<tr id=\"fn-%d\"><td><a href=\"fn-%d.html\">", i, i);
	html_text(f, rec->name);
	fprintf(f, "</a></td><td><a href=\"file-%d.html\">", file);
	html_text(f, src_of(rec));
	fputs("</a></td>", f);
	text_td(f, rec->opt);
	text_td(f, rec->captured ? "captured" : "unsupported");
	count_td(f, rec->has[F_INSNS], rec->val[F_INSNS]);
	verdict_td(f, &rec->vgcc, false);
	verdict_td(f, &rec->vssara, rec->sra.state == SRA_ERROR);
	count_td(f, g.has_spill, g.spill);
	count_td(f, s.has_spill, s.spill);
	weight_td(f, g.has_spill, g.w_spill);
	weight_td(f, s.has_spill, s.w_spill);
	count_td(f, g.has_moves, g.moves);
	count_td(f, s.has_moves, s.moves);
	count_td(f, rec->time.has, rec->time.ira_lra);
	char reason[1024];
	reason_cell(rec, reason, sizeof reason);
	text_td(f, reason);
	fputs("</tr>\n", f);
}

/* The functions table of the entries whose file is file (all when file
 * is -1). */
static void fn_table(FILE *f, const Report *r, const Files *fs, int file)
{
	table_head(f, "functions", fn_heads,
		   (int)(sizeof fn_heads / sizeof *fn_heads));
	for (int i = 0; i < r->n; i++)
		if (file < 0 || fs->of_entry[i] == file)
			fn_row(f, r, i, fs->of_entry[i]);
	fputs("</tbody></table>\n", f);
}

/* ---------------------------------------------------------------- */
/* The index.                                                        */

/* A row "label | a | b" of counts (b left empty when negative). */
static void pair_row(FILE *f, const char *label, long long a, long long b)
{
	fputs("<tr><th>", f);
	html_text(f, label);
	fprintf(f, "</th><td class=\"n\">%lld</td>", a);
	if (b >= 0)
		fprintf(f, "<td class=\"n\">%lld</td>", b);
	else
		fputs("<td></td>", f);
	fputs("</tr>\n", f);
}

/* The verdicts of both checkers over t. */
static void verdict_table(FILE *f, const Totals *t)
{
	static const struct {
		VerdictKind k;
		const char *label;
	} v[] = {{V_VERIFIED, "verified"},
		 {V_VIOLATION, "violation"},
		 {V_UNVERIFIED, "unverified"},
		 {V_NONE, "not checked"}};
	fputs("<h2>Verdicts per allocation</h2>\n<table id=\"verdicts\">"
	      "<tr><th></th><th>gcc</th><th>ssara</th></tr>\n", f);
	for (size_t i = 0; i < sizeof v / sizeof *v; i++)
		pair_row(f, v[i].label, t->cgcc.n[v[i].k], t->cssara.n[v[i].k]);
	pair_row(f, "violations (sum)", t->cgcc.violations,
		 t->cssara.violations);
	pair_row(f, "ssara allocated", t->ssara_done, -1);
	pair_row(f, "ssara refused", t->ssara_refused, -1);
	fputs("</table>\n", f);
}

/* GCC's code against ssara's over the functions both allocated. */
static void both_table(FILE *f, const Totals *t)
{
	long long sg, ss;
	double wg, ws;
	spill_code_sums(t, &sg, &ss, &wg, &ws);
	fprintf(f, "<h2>GCC against ssara</h2>\n<p>Over the %ld functions "
		"both allocated.</p>\n<table id=\"both\"><tr><th></th>"
		"<th>gcc</th><th>ssara</th><th>gcc weighted</th>"
		"<th>ssara weighted</th></tr>\n", t->both);
	fprintf(f, "<tr><th>spill code</th><td class=\"n\">%lld</td>"
		"<td class=\"n\">%lld</td><td class=\"n\">%.1f</td>"
		"<td class=\"n\">%.1f</td></tr>\n", sg, ss, wg, ws);
	fprintf(f, "<tr><th>moves in the final code (%ld functions with "
		"copies kept)</th><td class=\"n\">%lld</td><td class=\"n\">"
		"%lld</td><td class=\"n\">%.1f</td><td class=\"n\">%.1f</td>"
		"</tr>\n", t->both_kept, t->fmoves_gcc, t->fmoves_ssara,
		t->w_fmoves_gcc, t->w_fmoves_ssara);
	fputs("</table>\n", f);
}

/* One time row: milliseconds and the share of IRA+LRA. */
static void time_row(FILE *f, const char *label, long long us,
		     long long whole)
{
	fputs("<tr><th>", f);
	html_text(f, label);
	fprintf(f, "</th><td class=\"n\">%.3f</td>", (double)us / 1000);
	if (whole > 0)
		fprintf(f, "<td class=\"n\">%.1f</td>",
			100.0 * (double)us / (double)whole);
	else
		fputs("<td class=\"n\">-</td>", f);
	fputs("</tr>\n", f);
}

/* The times and their shares of GCC's IRA+LRA time. */
static void time_table(FILE *f, const Totals *t)
{
	fprintf(f, "<h2>Time</h2>\n<p>%ld functions timed (records written "
		"with <code>-fplugin-arg-ssara-times</code>).</p>\n"
		"<table id=\"times\"><tr><th></th><th>ms</th>"
		"<th>%% of IRA+LRA</th></tr>\n", t->timed);
	time_row(f, "IRA+LRA", t->t_ira_lra, t->t_ira_lra);
	time_row(f, "capture", t->t_capture, t->t_ira_lra);
	time_row(f, "audit (gcc check)", t->cgcc.us + t->t_audit,
		 t->t_ira_lra);
	time_row(f, "ssara alloc", t->t_ssara, t->t_ira_lra);
	time_row(f, "ssara check", t->cssara.us, t->t_ira_lra);
	fputs("</table>\n", f);
}

/* The source files table: per file its functions and verdict counts. */
static void files_table(FILE *f, const Report *r, const Files *fs)
{
	static const char *const h[] = {"source file", "directory",
					"functions", "gcc violations",
					"gcc unverified", "ssara violations"};
	fputs("<h2>Source files</h2>\n", f);
	table_head(f, "files", h, 6);
	for (int k = 0; k < fs->n; k++) {
		long n = 0, gv = 0, gu = 0, sv = 0;
		for (int i = 0; i < r->n; i++) {
			const Record *rec = &r->ent[i].rec;
			if (fs->of_entry[i] != k)
				continue;
			n++;
			gv += rec->vgcc.kind == V_VIOLATION;
			gu += rec->vgcc.kind == V_UNVERIFIED;
			sv += rec->vssara.kind == V_VIOLATION;
		}
		const Record *rec = &r->ent[fs->first[k]].rec;
		fprintf(f, "<tr><td><a href=\"file-%d.html\">", k);
		html_text(f, src_of(rec));
		fputs("</a></td>", f);
		text_td(f, rec->dir);
		fprintf(f, "<td class=\"n\">%ld</td><td class=\"n\">%ld</td>"
			"<td class=\"n\">%ld</td><td class=\"n\">%ld</td></tr>\n",
			n, gv, gu, sv);
	}
	fputs("</tbody></table>\n", f);
}

/* index.html. */
static bool index_page(const char *dir, const Report *r, const Files *fs,
		       const Totals *t, const Totals *lv, int nlv)
{
	FILE *f = html_open(dir, "index.html", "ssara report");
	if (!f)
		return false;
	fprintf(f, "<p id=\"summary\">%ld objects read (%ld with records), "
		"%ld functions: %ld captured, %ld unsupported; %ld duplicate "
		"records (%ld differing).</p>\n", t->objects,
		t->objects_with_records, t->functions, t->captured,
		t->unsupported, t->duplicates, t->duplicates_differing);
	verdict_table(f, t);
	both_table(f, t);
	time_table(f, t);
	fputs("<h2>Per optimisation level</h2>\n<div id=\"plots\">\n", f);
	write_svg_element(f, lv, nlv);
	fputs("</div>\n<h2>Functions</h2>\n<p>Click a column's header to "
	      "sort by it.</p>\n", f);
	fn_table(f, r, fs, -1);
	files_table(f, r, fs);
	return html_close(f, dir, "index.html");
}

/* ---------------------------------------------------------------- */
/* File pages.                                                       */

/* The path of entry rec's source file as this machine may read it: src
 * (or file) when absolute, else under the record's directory. */
static void source_path(const Record *rec, char *buf, size_t n)
{
	const char *s = src_of(rec);
	if (s[0] == '/' || !rec->dir[0])
		snprintf(buf, n, "%s", s);
	else
		snprintf(buf, n, "%s/%s", rec->dir, s);
}

/* The notes of source line ln of file k: the functions declared there
 * (linked) and the first violations found there, as a table cell's
 * contents. */
static void line_notes(FILE *f, const Report *r, const Files *fs, int k,
		       long long ln)
{
	for (int i = 0; i < r->n; i++) {
		const Record *rec = &r->ent[i].rec;
		if (fs->of_entry[i] != k)
			continue;
		if (rec->line == ln) {
			fprintf(f, "<div><a href=\"fn-%d.html\">", i);
			html_text(f, rec->name);
			fprintf(f, "</a> (%s): gcc %s, ssara %s</div>",
				rec->opt, verdict_cell(&rec->vgcc, false),
				verdict_cell(&rec->vssara,
					     rec->sra.state == SRA_ERROR));
		}
		const Check *c[2] = {&rec->vgcc, &rec->vssara};
		for (int w = 0; w < 2; w++) {
			if (c[w]->kind != V_VIOLATION ||
			    c[w]->first_line != ln)
				continue;
			fprintf(f, "<div class=\"msg\">%s's allocation is "
				"wrong here: ", w ? "ssara" : "GCC");
			html_text(f, c[w]->first ? c[w]->first : "");
			fputs("</div>", f);
		}
	}
}

/* The text of file k with its lines numbered and annotated, or a note
 * that it cannot be read here. */
static void source_listing(FILE *f, const Report *r, const Files *fs, int k)
{
	char path[4096];
	source_path(&r->ent[fs->first[k]].rec, path, sizeof path);
	FILE *src = fopen(path, "r");
	fputs("<h2>Source</h2>\n", f);
	if (!src) {
		fputs("<p class=\"nodump\">The source is not readable here: ",
		      f);
		html_text(f, path);
		fprintf(f, ": %s.</p>\n", strerror(errno));
		return;
	}
	fputs("<table class=\"code\" id=\"source\">\n", f);
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	for (long long ln = 1; (len = getline(&line, &cap, src)) >= 0; ln++) {
		if (len > 0 && line[len - 1] == '\n')
			line[len - 1] = 0;
		fprintf(f, "<tr id=\"L%lld\"><td class=\"line\">%lld</td><td>",
			ln, ln);
		html_text(f, line);
		fputs("</td><td>", f);
		line_notes(f, r, fs, k, ln);
		fputs("</td></tr>\n", f);
	}
	free(line);
	fclose(src);
	fputs("</table>\n", f);
}

/* file-K.html: the functions of file k and its annotated source. */
static bool file_page(const char *dir, const Report *r, const Files *fs,
		      int k)
{
	char name[64];
	snprintf(name, sizeof name, "file-%d.html", k);
	const Record *rec = &r->ent[fs->first[k]].rec;
	FILE *f = html_open(dir, name, src_of(rec));
	if (!f)
		return false;
	fputs("<p><a href=\"index.html\">index</a>; directory ", f);
	html_text(f, rec->dir[0] ? rec->dir : "(not recorded)");
	fputs("</p>\n<h2>Functions</h2>\n", f);
	fn_table(f, r, fs, k);
	source_listing(f, r, fs, k);
	return html_close(f, dir, name);
}

bool write_html(const char *dir, const char *dumps, const Report *r,
		const Totals *t, const Totals *lv, int nlv)
{
	if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "ssara-report: %s: %s\n", dir, strerror(errno));
		return false;
	}
	Files fs;
	files_of(r, &fs);
	bool ok = index_page(dir, r, &fs, t, lv, nlv);
	for (int k = 0; ok && k < fs.n; k++)
		ok = file_page(dir, r, &fs, k);
	for (int i = 0; ok && i < r->n; i++) {
		char fp[64];
		snprintf(fp, sizeof fp, "file-%d.html", fs.of_entry[i]);
		ok = html_function_page(dir, dumps, r, i, fp);
	}
	files_free(&fs);
	return ok;
}
