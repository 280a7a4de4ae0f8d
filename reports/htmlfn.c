/* htmlfn.c - the HTML report's function pages (html.h): the record, and
 * with the plugin's dumps the captured code beside GCC's allocation and
 * ssara's (allocated here again by the core library), both checked here,
 * differences and violations marked at their instructions. */
#include "html.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "dumpname.h"
#include "irtext.h"
#include "output.h"
#include "target.h"
#include "verify.h"

/* One function's printed IR, its lines arranged by the captured
 * function's instructions: each original instruction (a uid) with the
 * inserted instructions printed before it since the previous original,
 * and the lines after the last original as the tail. */
typedef struct {
	Fn *fn;          /* NULL: absent (why says why) */
	char why[4200];
	char *text;      /* printed IR (malloc), split in place */
	char **ln;       /* its lines */
	int n;
	int *blk, *pos;  /* per line: block label and 1-based position in
			    it (0: not an instruction) */
	int *uid;        /* per line: its instruction's uid (0: none) */
	int maxuid;
	int *first, *own;/* per uid: first line of its group, its own line
			    (-1: no such instruction) */
	int tail;        /* first line after the last original (n: none) */
	VerifyResult vr; /* this allocation checked against the capture */
	bool checked;
} Side;

/* Whether line s is a block header ("b12: freq=..."). */
static int block_label(const char *s)
{
	if (s[0] != 'b' || s[1] < '0' || s[1] > '9')
		return -1;
	return atoi(s + 1);
}

/* The uid of instruction line s ("  12: ord ..."), 0 for an inserted
 * one. */
static int line_uid(const char *s)
{
	const char *p = s + 2;
	int u = 0;
	while (*p >= '0' && *p <= '9')
		u = u * 10 + (*p++ - '0');
	return p > s + 2 && *p == ':' ? u : 0;
}

/* Splits sd->text into lines and notes each line's block, position and
 * uid (instruction lines are the indented lines after the first block
 * header; the others are declarations). */
static void split_lines(Side *sd)
{
	int cap = 64;
	sd->ln = malloc(sizeof *sd->ln * (size_t)cap);
	sd->n = 0;
	for (char *p = sd->text; *p;) {
		if (sd->n == cap)
			sd->ln = realloc(sd->ln, sizeof *sd->ln * (size_t)(cap *= 2));
		sd->ln[sd->n++] = p;
		char *e = strchr(p, '\n');
		if (!e)
			break;
		*e = 0;
		p = e + 1;
	}
	sd->blk = calloc((size_t)sd->n + 1, sizeof *sd->blk);
	sd->pos = calloc((size_t)sd->n + 1, sizeof *sd->pos);
	sd->uid = calloc((size_t)sd->n + 1, sizeof *sd->uid);
	int b = -1, pos = 0;
	for (int i = 0; i < sd->n; i++) {
		const char *s = sd->ln[i];
		int lb = block_label(s);
		if (lb >= 0) {
			b = lb;
			pos = 0;
		} else if (b >= 0 && s[0] == ' ' && s[1] == ' ') {
			sd->blk[i] = b;
			sd->pos[i] = ++pos;
			sd->uid[i] = line_uid(s);
			if (sd->uid[i] > sd->maxuid)
				sd->maxuid = sd->uid[i];
		}
	}
}

/* Arranges sd's lines by uid (first, own, tail); maxuid the largest uid
 * of the capture (rows exist up to it). */
static void group_lines(Side *sd, int maxuid)
{
	int m = maxuid > sd->maxuid ? maxuid : sd->maxuid;
	sd->first = malloc(sizeof *sd->first * (size_t)(m + 1));
	sd->own = malloc(sizeof *sd->own * (size_t)(m + 1));
	for (int u = 0; u <= m; u++)
		sd->first[u] = sd->own[u] = -1;
	int start = -1;
	for (int i = 0; i < sd->n; i++) {
		if (!sd->pos[i])
			continue;
		if (start < 0)
			start = i;
		if (sd->uid[i] && sd->own[sd->uid[i]] < 0) {
			sd->first[sd->uid[i]] = start;
			sd->own[sd->uid[i]] = i;
			start = -1;
		}
	}
	sd->tail = start < 0 ? sd->n : start;
	sd->maxuid = m;
}

/* Prints fn into sd and arranges its lines. */
static void side_set(Side *sd, Fn *fn, int maxuid)
{
	sd->fn = fn;
	sd->text = ir_print_str(fn);
	split_lines(sd);
	group_lines(sd, maxuid);
}

static void side_free(Side *sd)
{
	if (sd->fn)
		fn_free(sd->fn);
	if (sd->checked)
		verify_result_free(&sd->vr);
	free(sd->text);
	free(sd->ln);
	free(sd->blk);
	free(sd->pos);
	free(sd->uid);
	free(sd->first);
	free(sd->own);
}

/* Whether a name can be part of a dump's file name: not empty, no '/'
 * (a record must not send the report out of the dump directory). */
static bool file_name_ok(const char *s)
{
	return s && *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

/* Parses DUMPS/STEM.FN SUFFIX into *out (the first function); false with
 * the reason in why (n bytes). */
static bool load_dump(const char *dumps, const Record *rec,
		      const char *suffix, Fn **out, char *why, size_t n)
{
	char path[4096];
	dump_path(path, sizeof path, dumps, rec->dump, rec->fn, suffix);
	IrFile irf;
	IrError err;
	if (!ir_parse_file(path, target_x86_64(), &irf, &err)) {
		snprintf(why, n, "%s", err.msg);
		return false;
	}
	if (irf.nfn < 1) {
		snprintf(why, n, "%s: no function", path);
		irfile_free(&irf);
		return false;
	}
	*out = irf.fn[0];
	for (int i = 1; i < irf.nfn; i++)
		fn_free(irf.fn[i]);
	free(irf.fn);
	return true;
}

/* The three sides of entry rec: the capture, GCC's allocation (dumped)
 * and ssara's (allocated here); each allocation checked against the
 * capture.  False (with cap->why set) when the capture cannot be shown
 * at all. */
static bool load_sides(const char *dumps, const Record *rec, Side *cap,
		       Side *gcc, Side *ssa)
{
	Fn *c = NULL, *g = NULL;
	if (!load_dump(dumps, rec, ".ir", &c, cap->why, sizeof cap->why))
		return false;
	if (c->unsupported) {
		snprintf(cap->why, sizeof cap->why, "the capture is unsupported: "
			 "%s", c->unsupported);
		fn_free(c);
		return false;
	}
	side_set(cap, c, 0);
	if (load_dump(dumps, rec, ".gcc.ir", &g, gcc->why, sizeof gcc->why)) {
		side_set(gcc, g, cap->maxuid);
		verify_fn(c, g, &gcc->vr);
		gcc->checked = true;
	}
	AllocOpts o = {0};
	char err[512];
	Fn *s = ssa_alloc(c, &o, NULL, err, sizeof err);
	if (s) {
		side_set(ssa, s, cap->maxuid);
		verify_fn(c, s, &ssa->vr);
		ssa->checked = true;
	} else {
		snprintf(ssa->why, sizeof ssa->why, "ssara's allocator refused: "
			 "%s", err);
	}
	return true;
}

/* ---------------------------------------------------------------- */
/* Marks.                                                            */

/* Whether the unverified reason of sd names uid u ("uid 12"). */
static bool reason_names(const Side *sd, int u)
{
	if (!sd->checked || sd->vr.verdict != VERDICT_UNVERIFIED ||
	    !sd->vr.reason)
		return false;
	for (const char *p = sd->vr.reason; (p = strstr(p, "uid "));) {
		p += 4;
		if (atoi(p) == u && *p >= '0' && *p <= '9')
			return true;
	}
	return false;
}

/* The row (a uid, or 0 for the tail) violation v of sd is shown at: its
 * instruction's uid, or for an inserted instruction the original it is
 * printed before. */
static int viol_row(const Side *sd, const Violation *v)
{
	if (v->uid > 0)
		return v->uid;
	for (int i = 0; i < sd->n; i++) {
		if (sd->blk[i] != v->blk || sd->pos[i] != v->pos)
			continue;
		for (int k = i; k < sd->n; k++)
			if (sd->uid[k] && sd->own[sd->uid[k]] == k)
				return sd->uid[k];
		return 0;
	}
	return 0;
}

/* Whether sd has a violation shown at row u. */
static bool has_viol(const Side *sd, int u)
{
	for (int i = 0; sd->checked && i < sd->vr.nviol; i++)
		if (viol_row(sd, &sd->vr.viol[i]) == u)
			return true;
	return false;
}

/* Writes the violations of sd shown at row u, and its unverified reason
 * when it names u. */
static void marks(FILE *f, const Side *sd, int u)
{
	for (int i = 0; sd->checked && i < sd->vr.nviol; i++) {
		if (viol_row(sd, &sd->vr.viol[i]) != u)
			continue;
		fputs("<div class=\"msg violation\">violation: ", f);
		html_text(f, sd->vr.viol[i].text);
		fputs("</div>", f);
	}
	if (u > 0 && reason_names(sd, u)) {
		fputs("<div class=\"why\">unverified: ", f);
		html_text(f, sd->vr.reason);
		fputs("</div>", f);
	}
}

/* Lines [a, b] of sd, the inserted ones marked. */
static void lines_div(FILE *f, const Side *sd, int a, int b)
{
	for (int i = a; i >= 0 && i <= b && i < sd->n; i++) {
		if (!sd->pos[i] && block_label(sd->ln[i]) < 0)
			continue;
		fputs(sd->uid[i] ? "<div>" : "<div class=\"ins\">", f);
		html_text(f, sd->ln[i] + (sd->pos[i] ? 2 : 0));
		fputs("</div>", f);
	}
}

/* The cell of sd at row u (0: the tail). */
static void side_td(FILE *f, const Side *sd, const char *cls, int u)
{
	fprintf(f, "<td class=\"%s\">", cls);
	if (!sd->fn) {
		fputs("</td>", f);
		return;
	}
	if (u == 0)
		lines_div(f, sd, sd->tail, sd->n - 1);
	else if (sd->own[u] < 0)
		fputs("<div class=\"gone\">(not in this allocation)</div>", f);
	else
		lines_div(f, sd, sd->first[u], sd->own[u]);
	marks(f, sd, u);
	fputs("</td>", f);
}

/* The text of sd's group at row u, for comparing two allocations
 * (a malloc'ed string; "" when absent). */
static char *group_text(const Side *sd, int u)
{
	size_t len = 1;
	int a = u ? sd->first[u] : sd->tail, b = u ? sd->own[u] : sd->n - 1;
	if (!sd->fn || (u && b < 0))
		return calloc(1, 1);
	for (int i = a; i <= b; i++)
		len += strlen(sd->ln[i]) + 1;
	char *s = malloc(len), *p = s;
	for (int i = a; i <= b; i++)
		p += sprintf(p, "%s\n", sd->ln[i]);
	*p = 0;
	return s;
}

/* Whether GCC's and ssara's code differ at row u. */
static bool differs(const Side *g, const Side *s, int u)
{
	if (!g->fn || !s->fn)
		return false;
	char *a = group_text(g, u), *b = group_text(s, u);
	bool d = strcmp(a, b) != 0;
	free(a);
	free(b);
	return d;
}

/* ---------------------------------------------------------------- */
/* The code table.                                                   */

/* One row per captured instruction (and a row per block header), the
 * three sides beside each other. */
static void code_rows(FILE *f, const Side *cap, const Side *g,
		      const Side *s)
{
	for (int i = 0; i < cap->n; i++) {
		const char *l = cap->ln[i];
		if (block_label(l) >= 0) {
			fputs("<tr class=\"blk\"><td></td><td colspan=\"3\">",
			      f);
			html_text(f, l);
			fputs("</td></tr>\n", f);
			continue;
		}
		int u = cap->uid[i];
		if (!cap->pos[i] || !u)
			continue;
		bool v = has_viol(g, u) || has_viol(s, u);
		fprintf(f, "<tr id=\"uid-%d\" class=\"%s%s\"><td>%d</td><td>",
			u, differs(g, s, u) ? "diff" : "same", v ? " viol" : "",
			u);
		html_text(f, l + 2);
		fputs("</td>", f);
		side_td(f, g, "gcc", u);
		side_td(f, s, "ssara", u);
		fputs("</tr>\n", f);
	}
	if (g->tail < g->n || s->tail < s->n || has_viol(g, 0) ||
	    has_viol(s, 0)) {
		fputs("<tr id=\"tail\" class=\"tail\"><td></td><td>(after the "
		      "last original instruction)</td>", f);
		side_td(f, g, "gcc", 0);
		side_td(f, s, "ssara", 0);
		fputs("</tr>\n", f);
	}
}

/* What checking sd here found: the verdict, with the violations linked
 * to their rows, or why there is no such allocation. */
static void side_summary(FILE *f, const Side *sd, const char *who,
			 const char *id)
{
	fprintf(f, "<li id=\"%s\">%s: ", id, who);
	if (!sd->fn) {
		html_text(f, sd->why);
	} else if (sd->vr.verdict == VERDICT_VERIFIED) {
		fputs("<span class=\"ok\">verified</span>", f);
	} else if (sd->vr.verdict == VERDICT_UNVERIFIED) {
		fputs("<span class=\"unver\">unverified</span>: ", f);
		html_text(f, sd->vr.reason ? sd->vr.reason : "");
	} else {
		fprintf(f, "<span class=\"VIOL\">violation</span> (%d):<ul>",
			sd->vr.nviol);
		for (int i = 0; i < sd->vr.nviol; i++) {
			int u = viol_row(sd, &sd->vr.viol[i]);
			if (u)
				fprintf(f, "<li><a href=\"#uid-%d\">", u);
			else
				fputs("<li><a href=\"#tail\">", f);
			html_text(f, sd->vr.viol[i].text);
			fputs("</a></li>", f);
		}
		fputs("</ul>", f);
	}
	fputs("</li>\n", f);
}

/* The code section: from the dumps, or a note saying what it needs. */
static void code_section(FILE *f, const char *dumps, const Record *rec)
{
	fputs("<h2>Code</h2>\n", f);
	if (!rec->dump || !dumps) {
		fprintf(f, "<p class=\"nodump\" id=\"nodump\">The captured code "
			"and the allocations need the plugin's dumps: %s</p>\n",
			!rec->dump ? "this record names none (compile with "
				     "<code>-fplugin-arg-ssara-dump=DIR</code>)"
				   : "give <code>ssara-report --html OUT "
				     "--dumps DIR</code>");
		return;
	}
	if (!file_name_ok(rec->dump) || !file_name_ok(rec->fn)) {
		fputs("<p class=\"nodump\" id=\"nodump\">The record's dump "
		      "name is not a file name.</p>\n", f);
		return;
	}
	Side cap = {0}, g = {0}, s = {0};
	if (load_sides(dumps, rec, &cap, &g, &s)) {
		fputs("<p>Checked again here from the dumps (ssara's allocation "
		      "made here with every allocatable register):</p><ul>", f);
		side_summary(f, &g, "GCC's allocation", "check-gcc");
		side_summary(f, &s, "ssara's allocation", "check-ssara");
		fputs("</ul>\n<table class=\"code\" id=\"code\"><thead><tr>"
		      "<th>uid</th><th>captured before IRA</th><th>GCC "
		      "(IRA+LRA)</th><th>ssara</th></tr></thead><tbody>\n", f);
		code_rows(f, &cap, &g, &s);
		fputs("</tbody></table>\n<p>Inserted instructions (blue) are "
		      "shown before the original instruction that follows "
		      "them; rows where the two allocations differ are "
		      "yellow.</p>\n", f);
	} else {
		fputs("<p class=\"nodump\" id=\"nodump\">", f);
		html_text(f, cap.why);
		fputs("</p>\n", f);
	}
	side_free(&cap);
	side_free(&g);
	side_free(&s);
}

/* ---------------------------------------------------------------- */
/* The record.                                                       */

/* A row "label | text". */
static void kv(FILE *f, const char *label, const char *text)
{
	fprintf(f, "<tr><th>%s</th><td>", label);
	html_text(f, text ? text : "");
	fputs("</td></tr>\n", f);
}

/* A row "label | verdict: reason or first violation (line)". */
static void check_kv(FILE *f, const char *label, const Check *c,
		     bool refused)
{
	const char *w = verdict_cell(c, refused);
	fprintf(f, "<tr><th>%s</th><td class=\"%s\">%s", label,
		*w == '-' ? "none" : w, w);
	const char *t = c->kind == V_UNVERIFIED ? c->reason : c->first;
	if (t) {
		fputs(": ", f);
		html_text(f, t);
	}
	if (c->kind == V_VIOLATION && c->first_line)
		fprintf(f, " (line %lld)", c->first_line);
	fputs("</td></tr>\n", f);
}

/* A row of one allocator's final code. */
static void final_kv(FILE *f, const char *label, const FinalCode *fc)
{
	fprintf(f, "<tr><th>%s</th><td>", label);
	if (fc->has_spill)
		fprintf(f, "spill code %lld (weighted %.1f)", fc->spill,
			fc->w_spill);
	else
		fputs("spill code -", f);
	if (fc->has_moves)
		fprintf(f, "; moves in the final code %lld (weighted %.1f)",
			fc->moves, fc->w_moves);
	fputs("</td></tr>\n", f);
}

/* The record's members that matter to a reader. */
static void record_table(FILE *f, const Entry *e)
{
	const Record *rec = &e->rec;
	char buf[64];
	fputs("<h2>Record</h2>\n<table id=\"record\">\n", f);
	kv(f, "function", rec->fn);
	kv(f, "file", rec->file);
	kv(f, "directory", rec->dir);
	if (rec->src) {
		snprintf(buf, sizeof buf, "%lld", rec->line);
		fprintf(f, "<tr><th>source</th><td>");
		html_text(f, rec->src);
		fprintf(f, ":%s</td></tr>\n", buf);
	}
	kv(f, "opt", rec->opt);
	kv(f, "object", e->object);
	kv(f, "status", rec->captured ? "captured" : "unsupported");
	if (rec->reason)
		kv(f, "reason", rec->reason);
	check_kv(f, "GCC's allocation", &rec->vgcc, false);
	check_kv(f, "ssara's allocation", &rec->vssara,
		 rec->sra.state == SRA_ERROR);
	if (rec->sra.state == SRA_ERROR)
		kv(f, "ssara refused", rec->sra.error);
	FinalCode g, s;
	final_gcc(rec, &g);
	final_ssara(rec, &s);
	final_kv(f, "GCC's code", &g);
	final_kv(f, "ssara's code", &s);
	if (rec->time.has)
		fprintf(f, "<tr><th>time (us)</th><td>IRA+LRA %lld, capture "
			"%lld, audit %lld</td></tr>\n", rec->time.ira_lra,
			rec->time.capture, rec->time.audit);
	fputs("</table>\n", f);
}

bool html_function_page(const char *dir, const char *dumps, const Report *r,
			int idx, const char *file_page)
{
	const Entry *e = &r->ent[idx];
	char name[64];
	snprintf(name, sizeof name, "fn-%d.html", idx);
	FILE *f = html_open(dir, name, e->rec.name);
	if (!f)
		return false;
	fprintf(f, "<p><a href=\"index.html\">index</a>; <a href=\"%s\">",
		file_page);
	html_text(f, e->rec.src ? e->rec.src : e->rec.file);
	fputs("</a></p>\n", f);
	record_table(f, e);
	code_section(f, dumps, &e->rec);
	return html_close(f, dir, name);
}
