/* test_html.c - ssara-report --html (docs/REPORT.md, "HTML"): the pages
 * loaded in headless Chromium (`chromium --headless --dump-dom`), and
 * what they show checked against answers known without the report:
 *   - every function of examples/demo.c (nm's list of its functions)
 *     is named and linked on the index;
 *   - a fault injected into GCC's allocation of demo.c (the plugin's
 *     inject=redirect-use:1, which names the function and the uid it
 *     changed on stderr) is shown at that instruction's row of that
 *     function's page, and a function without one shows none;
 *   - a click on a column's header sorts the functions table by that
 *     column (the order worked out here from ssara-report's text table),
 *     a second click the other way;
 *   - without the dumps a function page says what the code needs;
 *   - HTML's special characters in a file name and in the source are
 *     text, not markup.
 * Chromium comes from `sh tools/deps.sh check` (`make check` runs it);
 * without it every case is skipped with that reason.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

char *t_run_cmd(const char *cmd, int *status);

static char work[256]; /* this suite's scratch directory */
static bool built;     /* demo.o, its dumps and its pages are there */
static char inj_fn[128];
static int inj_uid;    /* the injected fault: function and uid */

/* Runs a shell command in the scratch directory; the output (stdout and
 * stderr), the status in *st. */
static char *sh_out(const char *inner, int *st)
{
	return t_run_in(work, inner, st);
}

/* The same, failing the case when the status is not 0. */
static bool sh(const char *inner)
{
	int st;
	char *out = sh_out(inner, &st);
	t_check(st == 0, __FILE__, __LINE__, "'%s' failed (%d):\n%s", inner, st,
		out);
	free(out);
	return st == 0;
}

/* sh of a command formatted as printf's. */
static bool shf(const char *f, ...) __attribute__((format(printf, 1, 2)));
static bool shf(const char *f, ...)
{
	va_list ap;
	va_start(ap, f);
	char *cmd = t_vfmt(f, ap);
	va_end(ap);
	bool ok = sh(cmd);
	free(cmd);
	return ok;
}

/* Whether chromium is there; skips the case with the reason if not. */
static bool have_chromium(void)
{
	int st;
	free(t_run_cmd("command -v chromium", &st));
	if (st == 0)
		return true;
	t_skip("chromium is not installed (`sh tools/deps.sh check` "
	       "installs it)");
	return false;
}

/* The DOM of page (relative to the scratch directory) after its scripts
 * ran, as headless Chromium serializes it; NULL (and the case fails)
 * when Chromium fails. */
static char *dom(const char *page)
{
	char *cmd = t_fmt("timeout 120 chromium --headless --disable-gpu "
			"--no-sandbox --user-data-dir=%s/profile "
			"--dump-dom file://%s/%s 2>/dev/null",
			work, work, page);
	int st;
	char *out = sh_out(cmd, &st);
	free(cmd);
	if (!t_check(st == 0 && strstr(out, "</html>"), __FILE__, __LINE__,
		     "chromium on %s failed (%d):\n%.2000s", page, st, out)) {
		free(out);
		return NULL;
	}
	return out;
}

/* The text of DOM d from the element whose opening tag contains open up
 * to the first `close` after it (malloc'ed), or NULL. */
static char *element(const char *d, const char *open, const char *close)
{
	const char *a = d ? strstr(d, open) : NULL;
	const char *b = a ? strstr(a, close) : NULL;
	return b ? t_fmt("%.*s", (int)(b - a + strlen(close)), a) : NULL;
}

/* ---------------------------------------------------------------- */

/* Compiles examples/demo.c with the plugin (dumps, both allocations
 * checked, times, a fault injected into GCC's allocation) and writes
 * the pages. */
static void case_build(void)
{
	if (!have_chromium())
		return;
	const char *s = t_srcdir();
	bool ok = shf("mkdir -p dumps && LC_ALL=C gcc -O2 -c "
		      "%s/examples/demo.c -o demo.o -fplugin=%s/build/ssara.so "
		      "-fplugin-arg-ssara-dump=dumps "
		      "-fplugin-arg-ssara-verify=both -fplugin-arg-ssara-times "
		      "-fplugin-arg-ssara-inject=redirect-use:1 2>inject.txt",
		      s, s) &&
		  shf("%s/build/ssara-report --html html --dumps dumps demo.o "
		      ">table.txt && %s/build/ssara-report --html html-nodumps "
		      "demo.o >/dev/null",
		      s, s);
	int st;
	char *inj = sh_out("grep '^ssara-inject: ' inject.txt", &st);
	char kind[64];
	ok = ok && t_check(sscanf(inj, "ssara-inject: %*s %127s %63s %*d %d",
				  inj_fn, kind, &inj_uid) == 3 &&
				   strcmp(kind, "redirect-use") == 0,
			   __FILE__, __LINE__, "no injection line:\n%s", inj);
	free(inj);
	built = ok;
}

static bool need_built(void)
{
	if (!have_chromium())
		return false;
	if (!built)
		t_skip("the demo's pages were not built (see the first case)");
	return built;
}

/* Every function nm lists in demo.o is a linked row of the index's
 * functions table, and there are no others. */
static void case_index_functions(void)
{
	if (!need_built())
		return;
	char *d = dom("html/index.html");
	char *tab = element(d, "<table class=\"sortable\" id=\"functions\"",
			    "</table>");
	int st;
	char *nm = sh_out("nm --defined-only demo.o | awk '$2 == \"T\" "
			  "{ print $3 }'", &st);
	int n = 0;
	char *save = NULL;
	for (char *fn = strtok_r(nm, "\n", &save); fn;
	     fn = strtok_r(NULL, "\n", &save), n++) {
		char *link = t_fmt(".html\">%s</a></td>", fn);
		t_check(tab && strstr(tab, link), __FILE__, __LINE__,
			"%s is not on the index", fn);
		free(link);
	}
	CHECK(n == 7); /* examples/demo.c defines seven functions */
	int rows = 0;
	for (const char *p = tab; p && (p = strstr(p, "<tr id=\"fn-")); p++)
		rows++;
	CHECK_INT(rows, n);
	/* the plots are inline: SVG bars of the verdicts */
	CHECK(d && strstr(d, "<svg") && strstr(d, "<rect class=\"verified\""));
	free(nm);
	free(tab);
	free(d);
}

/* The page (fn-I.html) the index links fn to, into buf; false if none. */
static bool page_of(const char *index_dom, const char *fn, char *buf,
		    size_t n)
{
	char *key = t_fmt(".html\">%s</a></td>", fn);
	const char *k = index_dom ? strstr(index_dom, key) : NULL;
	free(key);
	if (!k)
		return false;
	const char *h = k;
	while (h > index_dom && strncmp(h, "href=\"", 6) != 0)
		h--;
	snprintf(buf, n, "html/%.*s", (int)(k + 5 - (h + 6)), h + 6);
	return true;
}

/* The injected function's page: the row of the changed uid is marked
 * as a violation and carries the checker's text naming that uid; the
 * summary links to it.  rotl (no fault) has no violation row. */
static void case_violation_at_insn(void)
{
	if (!need_built())
		return;
	char *idx = dom("html/index.html");
	char page[256];
	if (!t_check(page_of(idx, inj_fn, page, sizeof page), __FILE__,
		     __LINE__, "no page for %s", inj_fn)) {
		free(idx);
		return;
	}
	char *d = dom(page);
	char *open = t_fmt("<tr id=\"uid-%d\" class=\"", inj_uid);
	char *row = element(d, open, "</tr>");
	t_check(row && strstr(row, " viol\"") &&
			strstr(row, "<td class=\"gcc\">"),
		__FILE__, __LINE__, "row of uid %d not marked:\n%s", inj_uid,
		row ? row : "(no row)");
	char *text = t_fmt("violation: %s: b", inj_fn);
	char *uid = t_fmt(": uid %d: operand", inj_uid);
	const char *gcc = row ? strstr(row, "<td class=\"gcc\">") : NULL;
	const char *ssara = row ? strstr(row, "<td class=\"ssara\">") : NULL;
	t_check(gcc && ssara && strstr(gcc, text) && strstr(gcc, text) < ssara &&
			strstr(gcc, uid),
		__FILE__, __LINE__, "no violation in GCC's cell:\n%s",
		row ? row : "");
	char *link = t_fmt("<a href=\"#uid-%d\">%s: b", inj_uid, inj_fn);
	t_check(d && strstr(d, link), __FILE__, __LINE__,
		"the summary does not link to uid %d", inj_uid);
	/* exactly one row is marked */
	int marked = 0;
	for (const char *p = d; p && (p = strstr(p, " viol\"")); p++)
		marked++;
	CHECK_INT(marked, 1);
	free(link);
	free(uid);
	free(text);
	free(row);
	free(open);
	free(d);
	if (strcmp(inj_fn, "rotl") != 0 && page_of(idx, "rotl", page,
						   sizeof page)) {
		d = dom(page);
		CHECK(d && strstr(d, "<tr id=\"uid-") != NULL);
		CHECK(d && strstr(d, " viol\"") == NULL);
		CHECK(d && strstr(d, "<li id=\"check-gcc\">GCC's allocation: "
				     "<span class=\"ok\">verified</span>"));
		free(d);
	}
	free(idx);
}

/* One row of ssara-report's text table: function and insns. */
typedef struct {
	char fn[128];
	long insns;
	int order; /* in the table */
} Row;

/* The rows of table.txt (the text report of demo.o): file, function,
 * opt, status, blocks, insns, ...; returns how many (at most max). */
static int table_rows(Row *row, int max)
{
	char *path = t_fmt("%s/table.txt", work);
	FILE *f = fopen(path, "r");
	free(path);
	int n = 0;
	char line[4096];
	while (f && n < max && fgets(line, sizeof line, f)) {
		char file[1024], st[32];
		if (sscanf(line, "%1023s %127s %*s %31s %*d %ld", file, row[n].fn,
			   st, &row[n].insns) == 4 &&
		    strcmp(st, "captured") == 0) {
			row[n].order = n;
			n++;
		}
	}
	if (f)
		fclose(f);
	return n;
}

static int by_insns_up(const void *x, const void *y)
{
	const Row *a = x, *b = y;
	if (a->insns != b->insns)
		return a->insns < b->insns ? -1 : 1;
	return a->order - b->order;
}

static int by_insns_down(const void *x, const void *y)
{
	const Row *a = x, *b = y;
	if (a->insns != b->insns)
		return a->insns > b->insns ? -1 : 1;
	return a->order - b->order;
}

/* The function names of the functions table of DOM d, in row order,
 * joined by spaces, into buf. */
static void dom_order(const char *d, char *buf, size_t n)
{
	buf[0] = 0;
	char *tab = element(d, "id=\"functions\"", "</table>");
	for (const char *p = tab; p && (p = strstr(p, "<tr id=\"fn-")); p++) {
		const char *a = strstr(p, "\">");
		a = a ? strstr(a + 2, "\">") : NULL;
		const char *b = a ? strchr(a, '<') : NULL;
		if (!b)
			break;
		size_t k = strlen(buf);
		snprintf(buf + k, n - k, "%s%.*s", k ? " " : "",
			 (int)(b - a - 2), a + 2);
	}
	free(tab);
}

/* rows as names joined by spaces. */
static void row_order(const Row *row, int n, char *buf, size_t cap)
{
	buf[0] = 0;
	for (int i = 0; i < n; i++) {
		size_t k = strlen(buf), m = strlen(row[i].fn);
		if (k + m + 2 > cap)
			break;
		if (k)
			buf[k++] = ' ';
		memcpy(buf + k, row[i].fn, m + 1);
	}
}

/* The index with `clicks` clicks on the insns header (a script added at
 * the end of a copy of the page dispatches them), its DOM. */
static char *clicked(int clicks)
{
	bool ok = shf("sed 's|</body>|<script>for (var i = 0; i < %d; i++) "
		      "document.querySelector(\"#functions "
		      "th[data-key=insns]\").click();</script></body>|' "
		      "html/index.html > html/clicked.html",
		      clicks);
	return ok ? dom("html/clicked.html") : NULL;
}

/* The functions table after `clicks` clicks on "insns" is in the order
 * of row sorted by cmp (row as read when cmp is NULL), and the header
 * says aria-sort="sort" (nothing to check when sort is NULL). */
static void check_order(Row *row, int n, int clicks,
			int (*cmp)(const void *, const void *),
			const char *sort)
{
	char want[2048], got[2048];
	if (cmp)
		qsort(row, (size_t)n, sizeof *row, cmp);
	row_order(row, n, want, sizeof want);
	char *d = clicks ? clicked(clicks) : dom("html/index.html");
	dom_order(d, got, sizeof got);
	CHECK_STR(got, want);
	char *aria = sort ? t_fmt("data-key=\"insns\" aria-sort=\"%s\"", sort)
			  : NULL;
	CHECK(!aria || (d && strstr(d, aria)));
	free(aria);
	free(d);
}

/* One click on "insns" sorts the functions by their insns, ascending
 * (ties in the table's order); a second click, descending.  Without a
 * click the rows are in the text table's order. */
static void case_sort_click(void)
{
	if (!need_built())
		return;
	Row row[64];
	int n = table_rows(row, 64);
	CHECK_INT(n, 7);
	check_order(row, n, 0, NULL, NULL);
	check_order(row, n, 1, by_insns_up, "ascending");
	check_order(row, n, 2, by_insns_down, "descending");
}

/* Without --dumps the function page shows the record and says how to
 * get the code; a record compiled without dump= says that. */
static void case_no_dumps(void)
{
	if (!need_built())
		return;
	char *d = dom("html-nodumps/fn-0.html");
	char *p = element(d, "<p class=\"nodump\" id=\"nodump\">", "</p>");
	t_check(p && strstr(p, "--dumps DIR"), __FILE__, __LINE__,
		"no note:\n%s", p ? p : "(none)");
	CHECK(d && strstr(d, "<table id=\"record\">") &&
	      !strstr(d, "id=\"code\""));
	free(p);
	free(d);
	const char *s = t_srcdir();
	if (!shf("LC_ALL=C gcc -O2 -c %s/examples/demo.c -o plain.o "
		 "-fplugin=%s/build/ssara.so && %s/build/ssara-report --html "
		 "html-plain --dumps dumps plain.o >/dev/null",
		 s, s, s))
		return;
	d = dom("html-plain/fn-0.html");
	p = element(d, "<p class=\"nodump\" id=\"nodump\">", "</p>");
	t_check(p && strstr(p, "-fplugin-arg-ssara-dump=DIR"), __FILE__,
		__LINE__, "no note:\n%s", p ? p : "(none)");
	free(p);
	free(d);
}

/* A source file named q&<x>.c holding `a < b && b > 0`: the name and
 * the text are text in the pages (Chromium serializes them escaped), no
 * element <x> appears. */
static void case_escaping(void)
{
	if (!have_chromium())
		return;
	if (!shf("printf 'int lt(int a, int b) { return a < b && b > 0; }\\n' "
		 "> 'q&<x>.c' && LC_ALL=C gcc -O2 -c 'q&<x>.c' -o q.o "
		 "-fplugin=%s/build/ssara.so && %s/build/ssara-report --html "
		 "html-q q.o >/dev/null",
		 t_srcdir(), t_srcdir()))
		return;
	char *d = dom("html-q/index.html");
	CHECK(d && strstr(d, ">q&amp;&lt;x&gt;.c</a>"));
	CHECK(d && !strstr(d, "<x>"));
	free(d);
	d = dom("html-q/file-0.html");
	CHECK(d && strstr(d, "return a &lt; b &amp;&amp; b &gt; 0;"));
	CHECK(d && strstr(d, "<title>q&amp;&lt;x&gt;.c</title>"));
	/* the function is noted at its line, linked to its page */
	CHECK(d && strstr(d, "<tr id=\"L1\">") &&
	      strstr(d, "<a href=\"fn-0.html\">lt</a> (-O2): gcc ok"));
	free(d);
}

void suite_html(void)
{
	built = false;
	if (!t_workdir(work, sizeof work, "ssara-html"))
		return;
	t_case("html: the demo compiled with a fault, its pages written",
	       case_build);
	t_case("html: every function of the demo on the index",
	       case_index_functions);
	t_case("html: the injected violation at its instruction",
	       case_violation_at_insn);
	t_case("html: a click on a column's header sorts", case_sort_click);
	t_case("html: without dumps, the function page says what it needs",
	       case_no_dumps);
	t_case("html: special characters are text", case_escaping);
	char *rm = t_fmt("rm -rf %s", work);
	int st;
	free(t_run_cmd(rm, &st));
	free(rm);
}
