/* test_report.c - ssara-report on ELF files built here from the
 * hand-written record fixtures of testsuite/report/ (each states its
 * numbers, summed by hand, in its comments): plain objects, archives, an
 * executable, a shared object, a directory tree, bad input of every kind,
 * --json, --totals and duplicates.
 *
 * The fixtures are assembled with gcc, archived with ar and linked in a
 * fresh directory under /tmp; ssara-report runs there, so the files are
 * named by short relative paths in its messages.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

char *t_run_cmd(const char *cmd, int *status);

static char work[64];   /* the suite's directory */
static bool built;      /* the fixtures are assembled and linked */

/* Runs the shell command (printf-style) in the work directory; a failure
 * fails the case with the command's output. */
static bool sh(const char *fmt, ...)
{
	char cmd[2048], full[2200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	snprintf(full, sizeof full, "cd %s && %s", work, cmd);
	int st;
	char *out = t_run_cmd(full, &st);
	bool ok = t_check(st == 0, __FILE__, __LINE__, "%s: exit %d:\n%s", cmd,
			  st, out ? out : "");
	free(out);
	return ok;
}

/* Output (stdout and stderr) of "ssara-report ARGS" run in the work
 * directory; checks the exit status. */
static char *report(const char *args, int want_status)
{
	char cmd[2048];
	snprintf(cmd, sizeof cmd, "cd %s && %s/build/ssara-report %s", work,
		 t_srcdir(), args);
	int st;
	char *out = t_run_cmd(cmd, &st);
	t_check(st == want_status, __FILE__, __LINE__,
		"ssara-report %s: exit %d, expected %d; output:\n%s", args, st,
		want_status, out);
	return out;
}

/* s with runs of spaces made one and spaces at line ends removed, so that
 * lines of aligned columns can be matched as "label 7 34.5". */
static char *squeeze(const char *s)
{
	char *out = malloc(strlen(s) + 2), *o = out;
	*o++ = '\n';
	for (const char *p = s; *p; p++) {
		if (*p == ' ' && (o[-1] == ' ' || o[-1] == '\n'))
			continue;
		if (*p == '\n' && o[-1] == ' ')
			o--;
		*o++ = *p;
	}
	*o = 0;
	return out;
}

#define HAS(out, want)                                                   \
	t_check(strstr((out), (want)) != NULL, __FILE__, __LINE__,       \
		"expected '%s' in:\n%s", (want), (out))
#define HAS_NOT(out, bad)                                                \
	t_check(strstr((out), (bad)) == NULL, __FILE__, __LINE__,        \
		"unexpected '%s' in:\n%s", (bad), (out))

/* Checks every line of want (squeezed totals lines) against out. */
static void has_lines(const char *out, const char *const *want)
{
	char *sq = squeeze(out);
	for (; *want; want++) {
		char line[256];
		snprintf(line, sizeof line, "\n%s\n", *want);
		HAS(sq, line);
	}
	free(sq);
}

/* The totals of a.o + b.o, summed by hand (b.s). */
static const char *const totals_ab[] = {
	"functions 6",
	"captured 3",
	"unsupported 3",
	"duplicates 0",
	"duplicates differing 0",
	"sum weighted",
	"blocks 7",
	"insns 34",
	"pseudos 16",
	"maxlive gpr (max) 7",
	"maxlive sse (max) 2",
	"spills 7 34.5",
	"reloads 5 41.8",
	"moves 3 11.5",
	"copies deleted 6 5.5",
	"remats 3 12.0",
	"frame 48",
	"callee saved 5",
	"unsupported reasons\n2 asm goto\n1 computed goto",
	NULL,
};

static bool need_fixtures(void)
{
	if (!built)
		t_skip("the fixtures were not built");
	return built;
}

/* Assembles every fixture and builds the archives, the executable, the
 * shared object, the directory tree and the broken files. */
static void case_build(void)
{
	const char *src = t_srcdir();
	static const char *const fixture[] = {
		"a", "b", "bad", "v2", "a_rebuilt", "json_edge", "main",
		"verify", "verify_bad", "kept", "kept_bad", "slots", "slots_bad",
		"cxx", "subst"};
	bool ok = true;
	for (size_t i = 0; i < sizeof fixture / sizeof *fixture; i++)
		ok &= sh("gcc -c %s/testsuite/report/%s.s -o %s.o", src,
			 fixture[i], fixture[i]);
	if (!ok)
		return;
	built = sh("ar rc lib.a a.o b.o && ar rc libbad.a a.o bad.o") &&
		sh("gcc -o exe a.o b.o main.o") &&
		sh("gcc -shared -o libab.so a.o b.o") &&
		sh("gcc -r -o ab_r.o a.o b.o") &&
		sh("as --32 -o a32.o %s/testsuite/report/a.s", src) &&
		sh("echo 'not an object' > notes.txt") &&
		/* The first 100 bytes of a real object. */
		sh("head -c 100 a.o > trunc.o") &&
		/* lib.a cut 100 bytes into its last member, b.o. */
		sh("head -c $(($(stat -c %%s lib.a) - 100)) lib.a > trunc.a") &&
		/* e_shoff (bytes 40..47 of the ELF64 header) far past the end. */
		sh("cp a.o shoff.o && printf '\\377\\377\\377\\177' | "
		   "dd of=shoff.o bs=1 seek=44 conv=notrunc 2>/dev/null") &&
		sh("mkdir -p tree/x/deep tree/y && cp a.o tree/x/deep/ && "
		   "cp b.o notes.txt tree/y/ && ln -s .. tree/x/up && "
		   "ln -s x/deep/a.o tree/alink.o && mkfifo tree/fifo") &&
		sh("mkdir -p tree2 && cp a.o trunc.o notes.txt tree2/");
}

static void case_usage(void)
{
	char *out = report("--help", 0);
	HAS(out, "usage: ssara-report [--totals] [--json] [--by opt] [--svg FILE] "
		 "[--worst N]\n                    [--fail-on KIND[,KIND...]] "
		 "[--html DIR [--dumps DIR]]\n                    FILE|DIR...");
	HAS(out, "--worst N   in place of the per-function table, the N "
		 "functions\n");
	HAS(out, "Exit status: 0 success; 1 some input was bad");
	free(out);
	out = report("--version", 0);
	CHECK(strncmp(out, "ssara-report ", 13) == 0);
	HAS(out, "(records spec 1)");
	free(out);
	out = report("", 2);
	HAS(out, "ssara-report: no input files");
	free(out);
	out = report("--frob a.o", 2);
	HAS(out, "ssara-report: unknown option '--frob'");
	free(out);
	out = report("--dumps d a.o", 2);
	HAS(out, "ssara-report: --dumps needs --html");
	free(out);
}

/* One object: every column of the table, the totals. */
static void case_object(void)
{
	if (!need_fixtures())
		return;
	char *out = report("a.o", 0);
	char *sq = squeeze(out);
	HAS(sq, "\nmaxlive maxlive copies callee spill code final moves "
		"verify verify\n");
	HAS(sq, "\nfile function opt status blocks insns pseudos gpr sse "
		"spills reloads moves deleted remats frame saved gcc ssara "
		"w gcc w ssara gcc ssara w gcc w ssara gcc ssara reason\n");
	/* Spill code gcc: a_add 0 + 0 + 0 = 0; a_loop 3 + 4 + 1 = 8,
	 * weighted 30.5 + 40.3 + 10 = 80.8.  Final moves: "-", a.s's
	 * records lack copies_kept; ssara's: no ssara_ra. */
	HAS(sq, "\na.c a_add -O2 captured 1 4 2 2 0 0 0 1 2 0 0 0 "
		"0 - 0.0 - - - - - - -\n");
	HAS(sq, "\na.c a_loop -O2 captured 4 20 9 7 1 3 4 2 1 1 16 3 "
		"8 - 80.8 - - - - - - -\n");
	HAS(sq, "\na.c a_goto -O2 unsupported - - - - - - - - - - - - "
		"- - - - - - - - - - asm goto\n");
	static const char *const totals[] = {
		"objects read 1", "objects with records 1", "functions 3",
		"captured 2", "unsupported 1", "blocks 5", "insns 24",
		"pseudos 11", "maxlive gpr (max) 7", "maxlive sse (max) 1",
		"spills 3 30.5", "reloads 4 40.3", "moves 3 11.5",
		"copies deleted 3 2.5", "remats 1 10.0", "frame 16",
		"callee saved 3", "unsupported reasons\n1 asm goto", NULL,
	};
	has_lines(out, totals);
	free(sq);
	free(out);
}

/* b.o has NUL bytes between two records (and \u00e9 in a name). */
static void case_padding(void)
{
	if (!need_fixtures())
		return;
	char *out = report("b.o", 0);
	HAS_NOT(out, "error");
	HAS(out, "café");
	static const char *const totals[] = {"functions 3", "spills 4 4.0",
					     NULL};
	has_lines(out, totals);
	free(out);
}

/* The display column (UTF-8 sequences) at which needle starts in line,
 * or -1. */
static int column_of(const char *line, const char *needle)
{
	const char *hit = strstr(line, needle);
	if (!hit)
		return -1;
	int col = 0;
	for (const char *p = line; p < hit; p++)
		col += ((unsigned char)*p & 0xc0) != 0x80;
	return col;
}

/* The byte at display column col of line (its end if shorter). */
static const char *at_column(const char *line, int col)
{
	const char *p = line;
	for (; *p && *p != '\n'; p++)
		if (((unsigned char)*p & 0xc0) != 0x80 && col-- == 0)
			return p;
	return p;
}

/* Text columns start together and count columns end together, on every
 * line of the table, whatever the width of the names (café: 4 columns,
 * 5 bytes). */
static void case_aligned(void)
{
	if (!need_fixtures())
		return;
	char *out = report("a.o b.o", 0);
	char *lines = strdup(out);
	char *save, *head = NULL;
	int nrow = 0, status_col = -1, saved_end = -1;
	for (char *l = strtok_r(lines, "\n", &save); l && *l != 't';
	     l = strtok_r(NULL, "\n", &save)) {
		if (!head && strstr(l, "function")) {
			head = l;
			status_col = column_of(l, "status");
			saved_end = column_of(l, "saved") + 5;
			continue;
		}
		if (!head)
			continue;
		nrow++;
		const char *st = at_column(l, status_col);
		t_check(!strncmp(st, "captured", 8) ||
				!strncmp(st, "unsupported", 11),
			__FILE__, __LINE__, "status not at column %d: '%s'",
			status_col, l);
		const char *last = at_column(l, saved_end - 1);
		const char *next = at_column(l, saved_end);
		t_check((*last == '-' || (*last >= '0' && *last <= '9')) &&
				(*next == ' ' || *next == 0),
			__FILE__, __LINE__, "saved does not end at column %d: '%s'",
			saved_end, l);
	}
	CHECK(head != NULL);
	CHECK_INT(nrow, 6);
	free(lines);
	free(out);
}

static void case_archive(void)
{
	if (!need_fixtures())
		return;
	char *out = report("lib.a", 0);
	has_lines(out, totals_ab);
	static const char *const objects[] = {"objects read 2",
					      "objects with records 2", NULL};
	has_lines(out, objects);
	free(out);
	out = report("--json lib.a", 0);
	HAS(out, "{\"object\": \"lib.a(a.o)\", \"file\": \"a.c\", \"fn\": "
		 "\"a_add\"");
	HAS(out, "{\"object\": \"lib.a(b.o)\", \"file\": \"b.c\", \"fn\": "
		 "\"b_main\"");
	free(out);
	/* A bad record in a member: named FILE(MEMBER), the rest read. */
	out = report("libbad.a", 1);
	HAS(out, "ssara-report: libbad.a(bad.o): error: record 2 at offset ");
	static const char *const bad[] = {"functions 5", "spills 5 32.5",
					  "frame 32", NULL};
	has_lines(out, bad);
	free(out);
}

/* Splits the readelf -S -W line of section .ssara into its flags and
 * address; false if there is no such section. */
static bool ssara_section(const char *readelf, char *flags, char *addr)
{
	const char *l = strstr(readelf, " .ssara ");
	if (!l)
		return false;
	char line[512], *tok[12], *save;
	size_t n = strcspn(l, "\n");
	snprintf(line, sizeof line, "%.*s", (int)n, l);
	int k = 0;
	for (char *t = strtok_r(line, " ", &save); t && k < 12;
	     t = strtok_r(NULL, " ", &save))
		tok[k++] = t;
	/* name type address offset size es [flags] link info align */
	if (k != 9 && k != 10)
		return false;
	strcpy(flags, k == 10 ? tok[6] : "");
	strcpy(addr, tok[2]);
	return true;
}

/* The section survives linking, not allocated, padding and all. */
static void case_executable(void)
{
	if (!need_fixtures())
		return;
	char *out = report("exe", 0);
	HAS_NOT(out, "error");
	has_lines(out, totals_ab);
	free(out);
	static const char *const file[] = {"a.o", "exe"};
	for (int i = 0; i < 2; i++) {
		char cmd[1024], flags[64], addr[64];
		snprintf(cmd, sizeof cmd, "readelf -S -W %s/%s", work, file[i]);
		int st;
		out = t_run_cmd(cmd, &st);
		CHECK_INT(st, 0);
		if (t_check(ssara_section(out, flags, addr), __FILE__, __LINE__,
			    "%s: no .ssara section in:\n%s", file[i], out)) {
			t_check(strchr(flags, 'A') == NULL, __FILE__, __LINE__,
				"%s: .ssara is allocated (flags %s)", file[i],
				flags);
			CHECK(strspn(addr, "0") == strlen(addr));
		}
		free(out);
	}
}

static void case_shared(void)
{
	if (!need_fixtures())
		return;
	char *out = report("libab.so", 0);
	HAS_NOT(out, "error");
	has_lines(out, totals_ab);
	free(out);
}

/* ELFCLASS32, and a relocatable link (ld -r) of two objects. */
static void case_other_objects(void)
{
	if (!need_fixtures())
		return;
	char *out = report("a32.o", 0);
	static const char *const a[] = {"functions 3", "spills 3 30.5",
					"frame 16", NULL};
	has_lines(out, a);
	free(out);
	out = report("ab_r.o", 0);
	HAS_NOT(out, "error");
	has_lines(out, totals_ab);
	free(out);
}

/* tree/x/deep/a.o, tree/y/b.o, tree/y/notes.txt (skipped silently), a
 * symbolic link loop tree/x/up -> .., a link to a.o (not followed: no
 * duplicate) and a FIFO (not opened). */
static void case_directory(void)
{
	if (!need_fixtures())
		return;
	char *out = report("tree", 0);
	HAS_NOT(out, "error");
	HAS_NOT(out, "notes.txt");
	has_lines(out, totals_ab);
	static const char *const objects[] = {"objects read 2", NULL};
	has_lines(out, objects);
	free(out);
	out = report("--json tree", 0);
	HAS(out, "\"object\": \"tree/x/deep/a.o\"");
	HAS(out, "\"object\": \"tree/y/b.o\"");
	free(out);
	/* A broken ELF file met in a walk is an error, the rest is read. */
	out = report("tree2/", 1);
	HAS(out, "ssara-report: tree2/trunc.o: error: truncated or corrupt");
	HAS_NOT(out, "notes.txt");
	static const char *const one[] = {"functions 3", NULL};
	has_lines(out, one);
	free(out);
}

static void case_bad_json(void)
{
	if (!need_fixtures())
		return;
	char *out = report("a.o bad.o", 1);
	HAS(out, "ssara-report: bad.o: error: record 2 at offset 369: invalid "
		 "JSON: unexpected '\"', ':' expected at column 19\n");
	static const char *const totals[] = {"functions 5", "spills 5 32.5",
					     "frame 32", NULL};
	has_lines(out, totals);
	free(out);
}

static void case_version(void)
{
	if (!need_fixtures())
		return;
	char *out = report("v2.o a.o", 1);
	HAS(out, "ssara-report: v2.o: error: record 1 at offset 0: "
		 "unsupported spec version 2 (supported: 1)\n");
	HAS(out, "v2_ok");
	HAS_NOT(out, "v2_new");
	static const char *const totals[] = {"functions 4", "frame 20", NULL};
	has_lines(out, totals);
	free(out);
}

static void case_truncated(void)
{
	if (!need_fixtures())
		return;
	char *out = report("trunc.o b.o", 1);
	HAS(out, "ssara-report: trunc.o: error: truncated or corrupt: the "
		 "section table does not fit in the file's 100 bytes\n");
	static const char *const totals[] = {"objects read 1", "functions 3",
					     NULL};
	has_lines(out, totals);
	free(out);
	/* lib.a cut inside b.o: a.o is still read. */
	out = report("trunc.a", 1);
	HAS(out, "ssara-report: trunc.a(b.o): error: truncated: ");
	static const char *const ar[] = {"functions 3", "spills 3 30.5", NULL};
	has_lines(out, ar);
	free(out);
}

static void case_corrupt_table(void)
{
	if (!need_fixtures())
		return;
	char *out = report("shoff.o b.o", 1);
	HAS(out, "ssara-report: shoff.o: error: truncated or corrupt: the "
		 "section table does not fit in the file's ");
	static const char *const totals[] = {"functions 3", NULL};
	has_lines(out, totals);
	free(out);
}

static void case_not_elf(void)
{
	if (!need_fixtures())
		return;
	char *out = report("notes.txt nosuch.o a.o", 1);
	HAS(out, "ssara-report: notes.txt: error: not an ELF file or archive\n");
	HAS(out, "ssara-report: nosuch.o: error: No such file or directory\n");
	static const char *const totals[] = {"functions 3", NULL};
	has_lines(out, totals);
	free(out);
}

static void case_json(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--json a.o b.o", 0);
	CHECK(out[0] == '{');
	HAS(out, "\"functions\": [\n");
	HAS(out, "\"totals\": {\n");
	HAS(out, "{\"object\": \"a.o\", \"file\": \"a.c\", \"fn\": \"a_loop\", "
		 "\"opt\": \"-O2\", \"status\": \"captured\", \"reason\": null, "
		 "\"blocks\": 4, \"insns\": 20, \"pseudos\": 9, \"maxlive\": "
		 "{\"gpr\": 7, \"sse\": 1}, \"gcc_ra\": {\"spills\": 3, "
		 "\"w_spills\": 30.5, \"reloads\": 4, \"w_reloads\": 40.3, "
		 "\"moves\": 2, \"w_moves\": 10.5, \"copies_deleted\": 1, "
		 "\"w_copies_deleted\": 0.5, \"remats\": 1, \"w_remats\": 10, "
		 "\"frame\": 16, \"callee_saved\": 3, \"copies_kept\": null, "
		 "\"w_copies_kept\": null, \"slot_operands\": null, "
		 "\"w_slot_operands\": null}, \"verify\": null, "
		 "\"ssara_ra\": null, \"time_us\": null, \"spill_code\": "
		 "{\"gcc\": 8, \"ssara\": null, \"w_gcc\": 80.8, \"w_ssara\": "
		 "null}, \"final_moves\": {\"gcc\": null, \"ssara\": null, "
		 "\"w_gcc\": null, \"w_ssara\": null}}");
	HAS(out, "\"fn\": \"caf\xc3\xa9\", \"opt\": \"-O2\", \"status\": "
		 "\"unsupported\", \"reason\": \"computed goto\", \"blocks\": "
		 "null");
	HAS(out, "\"objects\": 2,\n");
	HAS(out, "\"functions\": 6,\n");
	HAS(out, "\"captured\": 3,\n");
	HAS(out, "\"unsupported\": 3,\n");
	HAS(out, "\"duplicates\": 0,\n");
	HAS(out, "\"reasons\": [{\"reason\": \"asm goto\", \"count\": 2}, "
		 "{\"reason\": \"computed goto\", \"count\": 1}]");
	HAS(out, "\"sums\": {\"blocks\": 7, \"insns\": 34, \"pseudos\": 16, "
		 "\"spills\": 7, \"reloads\": 5, \"moves\": 3, "
		 "\"copies_deleted\": 6, \"remats\": 3, \"frame\": 48, "
		 "\"callee_saved\": 5}");
	HAS(out, "\"weighted\": {\"spills\": 34.5, \"reloads\": 41.8, "
		 "\"moves\": 11.5, \"copies_deleted\": 5.5, \"remats\": 12.0}");
	HAS(out, "\"maxlive\": {\"gpr\": 7, \"sse\": 2},\n");
	free(out);
	/* Escapes on the way out; a JSON parser agrees, where there is one. */
	out = report("--json json_edge.o 2>/dev/null", 1);
	HAS(out, "\"fn\": \"e_A\xf0\x9f\x98\x80\\t\\\"q\\\"\\\\/\"");
	HAS(out, "\"reason\": \"say \\\"no\\\"\"");
	free(out);
	int st;
	out = t_run_cmd("command -v python3", &st);
	free(out);
	if (st != 0)
		return;
	char cmd[1024];
	snprintf(cmd, sizeof cmd,
		 "cd %s && (%s/build/ssara-report --json a.o b.o json_edge.o "
		 "2>/dev/null) | python3 -c 'import json,sys; d=json.load("
		 "sys.stdin); print(len(d[\"functions\"]), "
		 "d[\"totals\"][\"sums\"][\"spills\"], d[\"functions\"][6][\"fn\"]"
		 ".encode(\"unicode_escape\").decode())'",
		 work, t_srcdir());
	out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 0);
	CHECK_STR(out, "9 15 e_A\\U0001f600\\t\"q\"\\\\/\n");
	free(out);
}

static void case_totals_only(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals a.o b.o", 0);
	HAS_NOT(out, "status");
	HAS_NOT(out, "a_add");
	CHECK(strncmp(out, "totals\n", 7) == 0);
	has_lines(out, totals_ab);
	free(out);
	/* Options may follow the files; after "--" all are files. */
	out = report("a.o --totals", 0);
	CHECK(strncmp(out, "totals\n", 7) == 0);
	free(out);
	out = report("a.o -- --totals", 1);
	HAS(out, "ssara-report: --totals: error: No such file or directory\n");
	free(out);
	out = report("--json --totals a.o b.o", 0);
	HAS_NOT(out, "\"functions\": [");
	HAS(out, "{\n  \"totals\": {\n");
	HAS(out, "\"functions\": 6,\n");
	free(out);
}

/* The same function read again is counted once; the totals say so. */
static void case_duplicates(void)
{
	if (!need_fixtures())
		return;
	/* exe holds a.o's records: all three are duplicates. */
	char *out = report("a.o exe", 0);
	static const char *const dup[] = {"functions 6", "duplicates 3",
					  "duplicates differing 0", "spills 7 34.5",
					  "frame 48", NULL};
	has_lines(out, dup);
	free(out);
	out = report("--json a.o a.o lib.a", 0);
	HAS(out, "\"functions\": 6,\n");
	HAS(out, "\"duplicates\": 6,\n");
	free(out);
	/* Same file and fn, another opt: another function; same opt but
	 * other counts: a duplicate that differs, the first read is kept. */
	out = report("a.o a_rebuilt.o", 0);
	static const char *const rebuilt[] = {"functions 4", "duplicates 1",
					      "duplicates differing 1",
					      "frame 16", NULL};
	has_lines(out, rebuilt);
	char *sq = squeeze(out);
	HAS(sq, "\na.c a_add -Os captured 1 3 2 2 0 0 0 0 2 0 0 0 "
		"0 - 0.0 - - - - - - -\n");
	free(sq);
	free(out);
}

/* One error line per bad record of json_edge.s, in order, each naming
 * the record; the three good records are read. */
static void case_strict_json(void)
{
	if (!need_fixtures())
		return;
	static const struct {
		int rec;
		const char *what;
	} bad[] = {
		{3, "invalid JSON: trailing comma at column 12"},
		{4, "invalid JSON: leading zero in number at column 22"},
		{5, "invalid JSON: control character in string at column 19"},
		{6, "invalid JSON: high surrogate without low surrogate"},
		{7, "invalid JSON: lone low surrogate"},
		{8, "invalid JSON: unknown escape at column 18"},
		{9, "invalid JSON: invalid UTF-8 in string at column 18"},
		{10, "invalid JSON: duplicate member \"fn\""},
		{11, "missing member \"gcc_ra\""},
		{12, "member \"blocks\" is not an integer from 0 to 281474976710655"},
		{13, "member \"blocks\" is not an integer from 0 to 281474976710655"},
		{14, "member \"status\" is \"maybe\", neither \"captured\" nor "
		     "\"unsupported\""},
		{15, "not a JSON object"},
		{16, "member \"ssara\" is not an integer version number"},
		{17, "invalid JSON: unexpected 'h', a value expected at column 1"},
		{18, "invalid JSON: unexpected ''', member name expected"},
		{19, "invalid JSON: unexpected '1', end of record expected"},
		{20, "invalid JSON: nesting deeper than 64 levels"},
		{21, "missing member \"reason\""},
		{22, "invalid JSON: \\u needs four hex digits"},
		{23, "invalid JSON: number out of range"},
		{24, "invalid JSON: digit expected in number"},
		{25, "invalid JSON: unexpected 't', a value expected"},
		{27, "invalid JSON: unexpected end of record, a value expected"},
		{28, "not terminated by a newline"},
	};
	char *out = report("json_edge.o", 1);
	const char *pos = out;
	int nerr = 0;
	for (const char *p = out; (p = strstr(p, ": error: ")); p++)
		nerr++;
	CHECK_INT(nerr, (int)(sizeof bad / sizeof *bad));
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char head[128];
		snprintf(head, sizeof head,
			 "ssara-report: json_edge.o: error: record %d at offset ",
			 bad[i].rec);
		const char *hit = strstr(pos, head);
		if (!t_check(hit != NULL, __FILE__, __LINE__,
			     "no error for record %d in order in:\n%s",
			     bad[i].rec, out))
			break;
		const char *what = strchr(hit + strlen(head), ' ');
		t_check(what && !strncmp(what + 1, bad[i].what,
					 strlen(bad[i].what)),
			__FILE__, __LINE__, "record %d: expected '%s' at '%.120s'",
			bad[i].rec, bad[i].what, hit);
		pos = hit + 1;
	}
	static const char *const totals[] = {
		"functions 3", "captured 2", "unsupported 1", "spills 8 2.6",
		"reloads 9 2.7", "moves 10 1.3", "copies deleted 10 0.4",
		"remats 11 0.5", "frame 12", "callee saved 13", NULL,
	};
	has_lines(out, totals);
	/* A tab in a name is shown as '?' in the table. */
	HAS(out, "e_A\xf0\x9f\x98\x80?\"q\"\\/ ");
	free(out);
}

/* verify.s: the verdict columns and the reason column of captured
 * functions. */
static void case_verify_table(void)
{
	if (!need_fixtures())
		return;
	char *out = report("verify.o", 0);
	char *sq = squeeze(out);
	/* Spill code (verify.s): v1 gcc 2 + 1 + 0 = 3 (w 3 + 1 + 0 = 4.0),
	 * ssara 1 + 2 + 0 = 3 (w 2 + 4 + 0 = 6.0); v4 gcc 1 + 2 + 1 = 4
	 * (4.0), ssara 0 + 1 + 2 = 3 (3.0); the others gcc 0, ssara "-"
	 * (refused or not run).  Final moves "-": no copies_kept. */
	HAS(sq, "\nv.c v1 -O2 captured 2 10 4 3 0 2 1 1 4 0 8 1 "
		"3 3 4.0 6.0 - - - - ok ok\n");
	HAS(sq, "\nv.c v2 -O2 captured 2 10 4 3 0 0 0 0 0 0 0 0 "
		"0 - 0.0 - - - - - unver refused "
		"gcc unverified: insn moved by IRA (uid 12); ssara refused: too "
		"many fixed registers in b3\n");
	HAS(sq, "\nv.c v3 -O2 captured 2 10 4 3 0 0 0 0 0 0 0 0 "
		"0 - 0.0 - - - - - unver - gcc "
		"unverified: insn moved by IRA (uid 7)\n");
	HAS(sq, "\nv.c v4 -O2 captured 2 10 4 3 0 1 2 0 1 1 0 0 "
		"4 3 4.0 3.0 - - - - VIOL VIOL gcc "
		"violation: uid 9 (b2): r1 does not hold p5; ssara violation: "
		"uid 3: x\n");
	HAS(sq, "\nv.c v5 -O0 captured 2 10 4 3 0 0 0 0 0 0 0 0 "
		"0 - 0.0 - - - - - ok -\n");
	HAS(sq, "\nv.c v7 -O0 unsupported - - - - - - - - - - - - "
		"- - - - - - - - - - asm goto\n");
	HAS(sq, "\nv.c v8 -O0 captured 2 10 4 3 0 0 0 0 0 0 0 0 "
		"0 - 0.0 - - - - - - -\n");
	free(sq);
	free(out);
}

/* subst.s: functions substituted and kept, the reasons ranked by class,
 * in the table and in --json (worked out by hand in subst.s). */
static void case_subst_totals(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals subst.o", 0);
	static const char *const want[] = {
		"substitution\nsubstituted 1 of 4 (25.00%)",
		"GCC's allocation kept\n2 insn uid N (*cmpsi_1) does not meet "
		"its constraints strictly\n1 the function calls setjmp (values "
		"across it must be in memory)",
		NULL,
	};
	has_lines(out, want);
	free(out);
	out = report("--json subst.o", 0);
	HAS(out, "\"substitution\": {\"substituted\": 1, \"kept\": 3, "
		 "\"reasons\": [{\"reason\": \"insn uid N (*cmpsi_1) does "
		 "not meet its constraints strictly\", \"count\": 2}");
	free(out);
}

/* verify.s: the verdicts, reason classes, times and the side-by-side
 * counts over all nine functions, summed by hand in verify.s. */
static void case_verify_totals(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals verify.o", 0);
	static const char *const want[] = {
		"functions 9", "captured 8", "unsupported 1",
		"verification\ngcc ssara\nverified 2 1\nviolation 1 1\n"
		"unverified 4 0\nnot checked 2 7\nviolations (sum) 2 1\n"
		"ssara allocated 2\nssara refused 1",
		"gcc unverified reasons\n2 insn moved by IRA\n1 block bN of the "
		"original is missing from the allocation\n1 uid N differs from "
		"the original instruction",
		"ssara refusals\n1 too many fixed registers in bN",
		"times\nms % of IRA+LRA\nIRA+LRA 0.670 100.0\ncapture 0.050 7.5\n"
		"audit (gcc check) 0.130 19.4\nssara alloc 0.140 20.9\n"
		"ssara check 0.011 1.6\nfunctions timed 8",
		"gcc vs ssara over 2 functions both allocated",
		"gcc ssara gcc weighted ssara weighted\nspills 3 1 4.0 2.0\n"
		"reloads 3 3 3.0 5.0\nremats 1 2 1.0 2.0\nmoves 1 4 1.5 7.0\n"
		"swaps - 1 - 1.0\ncopies kept - - - -\ncopies left - 2 - 2.5\n"
		"copies deleted 5 - 5.0 -\n"
		/* gcc 3 + 3 + 1, w 4 + 3 + 1; ssara 1 + 3 + 2, w 2 + 5 + 2 */
		"spill code 7 6 8.0 9.0\n"
		/* verify.s's records lack copies_kept: not 0 but unknown */
		"moves in final code - - - -\nwith copies kept 0 0\n"
		"copies kept, moves in final code: over the 0 of them whose "
		"records both carry copies_kept",
		NULL,
	};
	has_lines(out, want);
	HAS_NOT(out, "ssara unverified reasons");
	HAS_NOT(out, "totals for opt");
	free(out);
}

/* Reasons are counted by class; malformed new members are errors. */
static void case_reason_classes(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals verify_bad.o", 1);
	static const char *const err[] = {
		"record 1 at offset 0: member \"verify.gcc.verdict\" is \"maybe\", "
		"not verified, violation or unverified",
		"missing member \"verify.gcc.reason\"",
		"missing member \"ssara_ra.w_swaps\"",
		"member \"time_us.capture\" is not an integer from 0 to "
		"281474976710655",
		"member \"verify.gcc\" is not an object",
	};
	for (size_t i = 0; i < sizeof err / sizeof *err; i++) {
		char line[256];
		snprintf(line, sizeof line, "record %d at offset ", (int)i + 1);
		HAS(out, line);
		HAS(out, err[i]);
	}
	static const char *const want[] = {
		"functions 6",
		"gcc unverified reasons\n2 bN uid N: the gpr operands cannot all "
		"get registers pN:N\n2 operand N of instruction N in bN has "
		"no location\n1 SSE registers cannot hold V4SI\n1 no alternative "
		"fits (*iordi_1) for uidN in rN",
		NULL,
	};
	has_lines(out, want);
	free(out);
}

/* --by opt: a totals block per level and the table of levels. */
static void case_by_opt(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals --by opt verify.o", 0);
	static const char *const want[] = {
		"totals for opt -O0\nfunctions 4\ncaptured 3\nunsupported 1",
		"totals for opt -O2\nfunctions 4\ncaptured 4\nunsupported 0",
		"totals for opt -Os\nfunctions 1\ncaptured 1\nunsupported 0",
		"gcc unverified reasons\n1 uid N differs from the original "
		"instruction\n\ntimes\nms % of IRA+LRA\nIRA+LRA 0.130 100.0",
		"by opt\n-O0 -O2 -Os\nfunctions 4 4 1\ncaptured 3 4 1\n"
		"unsupported 1 0 0\ngcc verified 1 1 0\ngcc violation 0 1 0\n"
		"gcc unverified 1 2 1\ngcc not checked 2 0 0\n"
		"ssara verified 0 1 0\nssara violation 0 1 0\n"
		"ssara unverified 0 0 0\nssara not checked 4 2 1\n"
		"IRA+LRA ms 0.130 0.500 0.040\naudit % of IRA+LRA 9.2 22.0 20.0\n"
		"ssara alloc % of IRA+LRA 0.0 28.0 0.0",
		NULL,
	};
	has_lines(out, want);
	free(out);
	out = report("--by frob verify.o", 2);
	HAS(out, "ssara-report: --by 'frob': only 'opt' is known");
	free(out);
	out = report("verify.o --svg", 2);
	HAS(out, "ssara-report: --svg needs an argument");
	free(out);
}

/* --json: the new members of a function and of the totals, by level. */
static void case_verify_json(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--json --by opt verify.o", 0);
	HAS(out, "\"fn\": \"v1\"");
	HAS(out, "\"verify\": {\"gcc\": {\"verdict\": \"verified\", "
		 "\"violations\": 0, \"us\": 10}, \"ssara\": {\"verdict\": "
		 "\"verified\", \"violations\": 0, \"us\": 5}}, \"ssara_ra\": "
		 "{\"spills\": 1, \"w_spills\": 2, \"reloads\": 2, \"w_reloads\": "
		 "4, \"remats\": 0, \"w_remats\": 0, \"moves\": 3, \"w_moves\": 6, "
		 "\"swaps\": 1, \"w_swaps\": 1, \"copies\": 2, \"w_copies\": 2.5, "
		 "\"copies_kept\": null, \"w_copies_kept\": null, "
		 "\"slot_operands\": null, \"w_slot_operands\": null, \"slots\": 1, \"slot_bytes\": 8, \"aff_total\": 100, "
		 "\"aff_final\": 80, \"us\": 40}, \"time_us\": {\"capture\": 20, "
		 "\"ira_lra\": 100, \"audit\": 3}, \"spill_code\": {\"gcc\": 3, "
		 "\"ssara\": 3, \"w_gcc\": 4, \"w_ssara\": 6}, \"final_moves\": "
		 "{\"gcc\": null, \"ssara\": null, \"w_gcc\": null, \"w_ssara\": "
		 "null}}");
	HAS(out, "\"ssara_ra\": {\"error\": \"too many fixed registers in b3\", "
		 "\"us\": 10}");
	HAS(out, "{\"verdict\": \"violation\", \"violations\": 2, \"first\": "
		 "\"uid 9 (b2): r1 does not hold p5\", \"us\": 40}");
	HAS(out, "\"fn\": \"v8\"");
	HAS(out, "\"verify\": null, \"ssara_ra\": null, \"time_us\": null, "
		 "\"spill_code\": {\"gcc\": 0, \"ssara\": null, \"w_gcc\": 0, "
		 "\"w_ssara\": null}");
	HAS(out, "\"verify\": {\"gcc\": {\"verified\": 2, \"violation\": 1, "
		 "\"unverified\": 4, \"not_checked\": 2, \"violations\": 2, "
		 "\"us\": 117, \"reasons\": [{\"reason\": \"insn moved by IRA\", "
		 "\"count\": 2}, {\"reason\": \"block bN of the original is "
		 "missing from the allocation\", \"count\": 1}, {\"reason\": "
		 "\"uid N differs from the original instruction\", \"count\": "
		 "1}]}, \"ssara\": {\"verified\": 1, \"violation\": 1, "
		 "\"unverified\": 0, \"not_checked\": 7, \"violations\": 1, "
		 "\"us\": 11, \"reasons\": []}}");
	HAS(out, "\"ssara_ra\": {\"done\": 2, \"refused\": 1, \"refusals\": "
		 "[{\"reason\": \"too many fixed registers in bN\", \"count\": "
		 "1}]}");
	HAS(out, "\"time_us\": {\"functions\": 8, \"ira_lra\": 670, "
		 "\"capture\": 50, \"audit\": 130, \"audit_pass\": 13, "
		 "\"ssara_alloc\": 140, \"ssara_check\": 11}");
	HAS(out, "\"both\": {\"functions\": 2, \"gcc\": {\"spills\": 3, "
		 "\"reloads\": 3, \"moves\": 1, \"copies_deleted\": 5, "
		 "\"remats\": 1}, \"gcc_weighted\": {\"spills\": 4.0, "
		 "\"reloads\": 3.0, \"moves\": 1.5, \"copies_deleted\": 5.0, "
		 "\"remats\": 1.0}, \"ssara\": {\"spills\": 1, \"reloads\": 3, "
		 "\"remats\": 2, \"moves\": 4, \"swaps\": 1, \"copies\": 2}, "
		 "\"ssara_weighted\": {\"spills\": 2.0, \"reloads\": 5.0, "
		 "\"remats\": 2.0, \"moves\": 7.0, \"swaps\": 1.0, \"copies\": "
		 "2.5}, \"spill_code\": {\"gcc\": 7, \"ssara\": 6, \"w_gcc\": 8.0, "
		 "\"w_ssara\": 9.0}, \"with_copies_kept\": {\"gcc\": 0, "
		 "\"ssara\": 0, \"both\": 0}, \"copies_kept\": null, "
		 "\"final_moves\": null, \"with_slots\": 0, "
		 "\"slot_operands\": null, \"spill_and_slots\": null}");
	HAS(out, "\"by_opt\": [\n    {\n      \"opt\": \"-O0\",\n"
		 "      \"functions\": 4,\n");
	HAS(out, "      \"opt\": \"-Os\",\n      \"functions\": 1,\n");
	free(out);
	int st;
	out = t_run_cmd("command -v python3", &st);
	free(out);
	if (st != 0)
		return;
	char cmd[1024];
	snprintf(cmd, sizeof cmd,
		 "cd %s && %s/build/ssara-report --json --by opt verify.o | "
		 "python3 -c 'import json,sys; d=json.load(sys.stdin); "
		 "print([(l[\"opt\"], l[\"verify\"][\"gcc\"][\"unverified\"], "
		 "l[\"time_us\"][\"ira_lra\"]) for l in d[\"by_opt\"]])'",
		 work, t_srcdir());
	out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 0);
	CHECK_STR(out, "[('-O0', 1, 130), ('-O2', 2, 500), ('-Os', 1, 40)]\n");
	free(out);
}

/* The <rect class="cls" data-opt="opt" ...> of svg: its y and height. */
static bool svg_rect(const char *svg, const char *cls, const char *opt,
		     double *y, double *h)
{
	char key[128];
	snprintf(key, sizeof key, "<rect class=\"%s\" data-opt=\"%s\"", cls,
		 opt);
	const char *p = strstr(svg, key);
	double x, w;
	return p && sscanf(p + strlen(key),
			   " x=\"%lf\" y=\"%lf\" width=\"%lf\" height=\"%lf\"",
			   &x, y, &w, h) == 4;
}

/* slots.s: the operands each allocation put in a stack slot, and the
 * spill code with them, over the functions whose records both carry
 * them (numbers by hand in slots.s); a half-present pair is an error
 * (slots_bad.s). */
static void case_slot_operands(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals slots.o", 0);
	static const char *const want[] = {
		"gcc vs ssara over 4 functions both allocated",
		"spill code 3 2 5.0 4.0",
		"with copies kept 4 4\nslot operands 3 5 4.0 9.0\n"
		"spill code + slot operands 6 7 9.0 13.0",
		"slot operands, spill code + slot operands: over the 2 of "
		"them whose records both carry slot_reads",
		NULL,
	};
	has_lines(out, want);
	free(out);
	out = report("--json slots.o", 0);
	HAS(out, "\"with_slots\": 2");
	/* s1 per function: GCC's 2 + 1 reads and writes, weighted 3 + 1 */
	HAS(out, "\"copies_kept\": 0, \"w_copies_kept\": 0, "
		 "\"slot_operands\": 3, \"w_slot_operands\": 4}");
	HAS(out, "\"slot_operands\": {\"gcc\": 3, \"ssara\": 5, "
		 "\"w_gcc\": 4.0, \"w_ssara\": 9.0}, \"spill_and_slots\": "
		 "{\"gcc\": 6, \"ssara\": 7, \"w_gcc\": 9.0, "
		 "\"w_ssara\": 13.0}");
	free(out);
	out = report("slots_bad.o", 1);
	HAS(out, "slots_bad.o: error: record 1 at offset 0: missing member "
		 "\"gcc_ra.slot_writes\"\n");
	char *sq = squeeze(out);
	HAS(sq, "\nfunctions 1\n");
	free(sq);
	free(out);
}

/* kept.s: both allocators' spill code and moves in the final code per
 * function, and their totals; records without copies_kept show "-" and
 * are left out of the sums of copies kept (numbers by hand in kept.s). */
static void case_final_code(void)
{
	if (!need_fixtures())
		return;
	char *out = report("kept.o", 0);
	char *sq = squeeze(out);
	/* spill gcc ssara, w gcc w ssara, final moves gcc ssara, w gcc
	 * w ssara, the verdicts (not checked) */
	HAS(sq, "\nk.c k1 -O2 captured 1 4 2 2 0 1 1 1 0 0 0 0 "
		"2 5 4.0 9.0 3 4 4.5 3.5 - -\n");
	HAS(sq, "\nk.c k3 -O2 captured 1 4 2 2 0 3 2 2 0 1 0 0 "
		"6 2 11.0 2.0 6 4 10.0 6.0 - -\n");
	HAS(sq, "\nk.c k4 -O2 captured 1 4 2 2 0 0 1 0 0 0 0 0 "
		"1 1 1.0 1.0 0 2 0.0 5.0 - -\n");
	/* k5: GCC's record lacks copies_kept */
	HAS(sq, "\nk.c k5 -O2 captured 1 4 2 2 0 1 0 0 0 0 0 0 "
		"1 0 1.0 0.0 - 1 - 1.0 - -\n");
	/* k6: ssara did not run */
	HAS(sq, "\nk.c k6 -O2 captured 1 4 2 2 0 0 0 0 0 0 0 0 "
		"0 - 0.0 - 1 - 1.0 - - -\n");
	static const char *const want[] = {
		"gcc vs ssara over 6 functions both allocated",
		"copies kept 8 8 13.0 11.0",
		"spill code 10 8 17.0 12.0\nmoves in final code 11 16 16.5 20.5\n"
		"with copies kept 5 6\ncopies kept, moves in final code: over "
		"the 5 of them whose records both carry copies_kept",
		NULL,
	};
	has_lines(out, want);
	free(sq);
	free(out);
	out = report("--json kept.o", 0);
	HAS(out, "\"fn\": \"k5\"");
	HAS(out, "\"callee_saved\": 0, \"copies_kept\": null, "
		 "\"w_copies_kept\": null, \"slot_operands\": null, "
		 "\"w_slot_operands\": null}");
	HAS(out, "\"spill_code\": {\"gcc\": 1, \"ssara\": 0, \"w_gcc\": 1, "
		 "\"w_ssara\": 0}, \"final_moves\": {\"gcc\": null, \"ssara\": 1, "
		 "\"w_gcc\": null, \"w_ssara\": 1}}");
	HAS(out, "\"copies\": 3, \"w_copies\": 3, \"copies_kept\": 2, "
		 "\"w_copies_kept\": 2, \"slot_operands\": null, "
		 "\"w_slot_operands\": null, \"slots\"");
	HAS(out, "\"spill_code\": {\"gcc\": 10, \"ssara\": 8, \"w_gcc\": 17.0, "
		 "\"w_ssara\": 12.0}, \"with_copies_kept\": {\"gcc\": 5, "
		 "\"ssara\": 6, \"both\": 5}, \"copies_kept\": {\"gcc\": 8, "
		 "\"ssara\": 8, \"w_gcc\": 13.0, \"w_ssara\": 11.0}, "
		 "\"final_moves\": {\"gcc\": 11, \"ssara\": 16, \"w_gcc\": 16.5, "
		 "\"w_ssara\": 20.5}, \"with_slots\": 0, \"slot_operands\": "
		 "null, \"spill_and_slots\": null}");
	free(out);
	/* Malformed pairs are errors; both null is as absent. */
	out = report("kept_bad.o", 1);
	HAS(out, "kept_bad.o: error: record 1 at offset 0: missing member "
		 "\"gcc_ra.w_copies_kept\"\n");
	HAS(out, "error: record 2 at offset ");
	HAS(out, ": member \"ssara_ra.copies_kept\" is not an integer from 0 "
		 "to 281474976710655\n");
	HAS(out, ": member \"gcc_ra.w_copies_kept\" is not a number >= 0\n");
	sq = squeeze(out);
	HAS(sq, "\nkb.c kb4 -O2 captured 1 4 2 2 0 0 0 0 0 0 0 0 "
		"0 - 0.0 - - - - - - -\n");
	HAS(sq, "\nfunctions 1\n");
	free(sq);
	free(out);
}

/* --worst N: kept.s's ranking, worked out by hand there. */
static void case_worst(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--worst 10 kept.o", 0);
	char *sq = squeeze(out);
	HAS(sq, "\nworst 5 of 5 functions ranked: ssara - gcc in weighted "
		"spill code, then in weighted moves in final code\n"
		"spill code final moves\n"
		"rank file function opt gcc ssara w gcc w ssara w diff gcc ssara "
		"w gcc w ssara w diff\n"
		"1 k.c k1 -O2 2 5 4.0 9.0 +5.0 3 4 4.5 3.5 -1.0\n"
		"2 k.c k4 -O2 1 1 1.0 1.0 +0.0 0 2 0.0 5.0 +5.0\n"
		"3 k.c k2 -O2 0 0 0.0 0.0 +0.0 1 3 1.0 3.0 +2.0\n"
		"4 k.c k7 -O2 0 0 0.0 0.0 +0.0 1 3 1.0 3.0 +2.0\n"
		"5 k.c k3 -O2 6 2 11.0 2.0 -9.0 6 4 10.0 6.0 -4.0\n"
		"not ranked: 1 function both allocated whose records lack "
		"copies_kept\n\ntotals\n");
	/* the ranking replaces the per-function table */
	HAS_NOT(sq, "status");
	free(sq);
	free(out);
	out = report("--worst 2 kept.o", 0);
	sq = squeeze(out);
	HAS(sq, "\nworst 2 of 5 functions ranked");
	HAS(sq, "\n2 k.c k4 -O2 ");
	HAS_NOT(sq, "k.c k2");
	free(sq);
	free(out);
	out = report("--json --worst 1 kept.o", 0);
	HAS(out, "{\n  \"worst\": {\"ranked\": 5, \"unranked\": 1, "
		 "\"functions\": [\n    {\"rank\": 1, \"object\": \"kept.o\", "
		 "\"file\": \"k.c\", \"fn\": \"k1\", \"opt\": \"-O2\", "
		 "\"spill_code\": {\"gcc\": 2, \"ssara\": 5, \"w_gcc\": 4, "
		 "\"w_ssara\": 9}, \"final_moves\": {\"gcc\": 3, \"ssara\": 4, "
		 "\"w_gcc\": 4.5, \"w_ssara\": 3.5}, \"w_spill_diff\": 5, "
		 "\"w_moves_diff\": -1}\n  ]},\n  \"totals\": {\n");
	HAS_NOT(out, "\"functions\": [\n    {\"object\"");
	free(out);
	/* verify.s's records lack copies_kept: nothing ranked */
	out = report("--worst 3 verify.o", 0);
	sq = squeeze(out);
	HAS(sq, "\nworst 0 of 0 functions ranked");
	HAS(sq, "\nnot ranked: 2 functions both allocated whose records lack "
		"copies_kept\n");
	free(sq);
	free(out);
	out = report("--worst 0 kept.o", 2);
	HAS(out, "ssara-report: --worst '0': not a number from 1 to "
		 "1000000000\n");
	free(out);
	out = report("--worst 3x kept.o", 2);
	HAS(out, "ssara-report: --worst '3x': not a number");
	free(out);
	out = report("kept.o --worst", 2);
	HAS(out, "ssara-report: --worst needs an argument");
	free(out);
}

/* --svg: bar heights proportional to verify.s's counts and shares. */
/* --fail-on on verify.s, whose verdicts are listed by hand at its top:
 * GCC's and ssara's allocation of v4 wrong (one function, two lines),
 * v2 v3 v6 v9 unverified (GCC's), v7 unsupported; a.o has no verdict
 * at all (exit 0); unknown or repeated kinds are usage errors. */
static void case_fail_on(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals --fail-on violation verify.o", 3);
	HAS(out, "ssara-report: v.c: v4 (-O2): GCC's allocation is wrong: "
		 "uid 9 (b2): r1 does not hold p5\n");
	HAS(out, "ssara-report: v.c: v4 (-O2): ssara's allocation is wrong: "
		 "uid 3: x\n");
	HAS(out, "ssara-report: 1 function fail --fail-on\n");
	HAS_NOT(out, "unverified: insn");
	free(out);
	out = report("--totals --fail-on unverified verify.o", 3);
	HAS(out, "ssara-report: v.c: v2 (-O2): GCC's allocation is "
		 "unverified: insn moved by IRA (uid 12)\n");
	HAS(out, "ssara-report: v.c: v3 (-O2): GCC's allocation is "
		 "unverified: insn moved by IRA (uid 7)\n");
	HAS(out, "ssara-report: 4 functions fail --fail-on\n");
	free(out);
	out = report("--totals --fail-on unsupported verify.o", 3);
	HAS(out, "ssara-report: v.c: v7 (-O0): unsupported: asm goto\n");
	HAS(out, "ssara-report: 1 function fail --fail-on\n");
	free(out);
	out = report("--totals --fail-on unsupported,violation,unverified "
		     "verify.o", 3);
	HAS(out, "ssara-report: 6 functions fail --fail-on\n");
	free(out);
	out = report("--totals --fail-on violation,unverified a.o", 0);
	HAS_NOT(out, "fail --fail-on");
	free(out);
	out = report("--fail-on nope a.o", 2);
	HAS(out, "ssara-report: --fail-on 'nope': expected violation");
	free(out);
	out = report("--fail-on violation,violation a.o", 2);
	HAS(out, "ssara-report: --fail-on 'violation,violation'");
	free(out);
}

/* cxx.s: C++ names shown demangled (worked out by hand in cxx.s) in the
 * table, the --fail-on lines and, beside the assembler name, in JSON; a
 * C name stays as it is, without a "demangled" member.  The --fail-on
 * lines name the source line cxx.s gives. */
static void case_demangle(void)
{
	if (!need_fixtures())
		return;
	char *out = report("cxx.o", 0);
	char *sq = squeeze(out);
	HAS(sq, "\nc.cc ns::sum(int const*, int) -O2 captured ");
	HAS(sq, "\nc.cc g() [clone .cold] -O0 captured ");
	HAS(sq, "\nc.cc A::A() -O0 captured ");
	HAS(sq, "\nc.cc plain -O0 captured ");
	free(sq);
	free(out);
	out = report("--json cxx.o", 0);
	HAS(out, "\"fn\": \"_ZN2ns3sumEPKii\", \"demangled\": "
		 "\"ns::sum(int const*, int)\"");
	HAS(out, "\"fn\": \"_ZN1AC2Ev\", \"demangled\": \"A::A()\"");
	HAS(out, "\"fn\": \"plain\", \"opt\"");
	free(out);
	out = report("--totals --fail-on violation cxx.o", 3);
	/* the source line: GCC's first violation's, else the function's */
	HAS(out, "ssara-report: c.cc:14: ns::sum(int const*, int) (-O2): "
		 "GCC's allocation is wrong: uid 9 (b2): r1 does not hold "
		 "p5\n");
	HAS(out, "ssara-report: c.cc:12: ns::sum(int const*, int) (-O2): "
		 "ssara's allocation is wrong: uid 3: x\n");
	free(out);
}

static void case_svg(void)
{
	if (!need_fixtures())
		return;
	char *out = report("--totals --svg pic.svg verify.o", 0);
	free(out);
	char cmd[256];
	snprintf(cmd, sizeof cmd, "cat %s/pic.svg", work);
	int st;
	char *svg = t_run_cmd(cmd, &st);
	CHECK_INT(st, 0);
	CHECK(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"") != NULL);
	/* 200 px per level's functions, stacked from the bottom. */
	static const struct {
		const char *cls, *opt;
		double h;
	} bar[] = {
		{"verified", "-O0", 50},     {"unverified", "-O0", 50},
		{"violation", "-O0", 0},     {"not-checked", "-O0", 100},
		{"verified", "-O2", 50},     {"unverified", "-O2", 100},
		{"violation", "-O2", 50},    {"not-checked", "-O2", 0},
		{"verified", "-Os", 0},      {"unverified", "-Os", 200},
		{"violation", "-Os", 0},     {"not-checked", "-Os", 0},
		/* ssara's verdicts, at -O2 only */
		{"ssara-verified", "-O2", 50},  {"ssara-unverified", "-O2", 0},
		{"ssara-violation", "-O2", 50}, {"ssara-not-checked", "-O2", 100},
		/* shares of IRA+LRA on a 50% scale */
		{"audit", "-O0", 36.92},     {"ssara-alloc", "-O0", 0},
		{"audit", "-O2", 88},        {"ssara-alloc", "-O2", 112},
		{"audit", "-Os", 80},        {"ssara-alloc", "-Os", 0},
	};
	double top = 0;
	for (size_t i = 0; i < sizeof bar / sizeof *bar; i++) {
		double y, h;
		if (!t_check(svg_rect(svg, bar[i].cls, bar[i].opt, &y, &h),
			     __FILE__, __LINE__, "no bar %s %s in:\n%s",
			     bar[i].cls, bar[i].opt, svg))
			continue;
		t_check(h > bar[i].h - 0.006 && h < bar[i].h + 0.006, __FILE__,
			__LINE__, "bar %s %s: height %.2f, expected %.2f",
			bar[i].cls, bar[i].opt, h, bar[i].h);
		/* Each verdict segment starts where the one below ends. */
		if (i < 16 && i % 4)
			t_check(y + h > top - 0.006 && y + h < top + 0.006,
				__FILE__, __LINE__, "bar %s %s not stacked",
				bar[i].cls, bar[i].opt);
		top = y;
	}
	CHECK(strstr(svg, "class=\"ssara-verified\" data-opt=\"-O0\"") == NULL);
	CHECK(strstr(svg, "class=\"ssara-verified\" data-opt=\"-Os\"") == NULL);
	free(svg);
	out = report("--totals --svg /nonexistent/dir/x.svg verify.o", 1);
	HAS(out, "ssara-report: /nonexistent/dir/x.svg: No such file or "
		 "directory");
	free(out);
}

void suite_report(void)
{
	built = false;
	if (!t_workdir(work, sizeof work, "ssara-report"))
		return;
	t_case("report: assemble, archive and link the fixtures", case_build);
	t_case("report: --help, --version, bad usage", case_usage);
	t_case("report: --fail-on, an exit status for CI", case_fail_on);
	t_case("report: C++ names demangled", case_demangle);
	t_case("report: object file, every column", case_object);
	t_case("report: NUL padding between records", case_padding);
	t_case("report: columns aligned", case_aligned);
	t_case("report: archive, every member", case_archive);
	t_case("report: executable, .ssara kept and not allocated",
	       case_executable);
	t_case("report: shared object", case_shared);
	t_case("report: 32-bit object, relocatable link", case_other_objects);
	t_case("report: directory walk", case_directory);
	t_case("report: record not valid JSON", case_bad_json);
	t_case("report: unsupported spec version", case_version);
	t_case("report: truncated ELF file and archive", case_truncated);
	t_case("report: corrupt section table", case_corrupt_table);
	t_case("report: non-ELF and missing files", case_not_elf);
	t_case("report: --json", case_json);
	t_case("report: --totals", case_totals_only);
	t_case("report: duplicates counted once", case_duplicates);
	t_case("report: strict JSON reader", case_strict_json);
	t_case("report: verdict columns", case_verify_table);
	t_case("report: verdicts, times, gcc vs ssara totals",
	       case_verify_totals);
	t_case("report: substitution counted, reasons ranked",
	       case_subst_totals);
	t_case("report: reason classes, malformed new members",
	       case_reason_classes);
	t_case("report: --by opt", case_by_opt);
	t_case("report: --json verdicts and levels", case_verify_json);
	t_case("report: --svg bar heights", case_svg);
	t_case("report: spill code and moves in the final code",
	       case_final_code);
	t_case("report: slot operands, spill code with them",
	       case_slot_operands);
	t_case("report: --worst ranking", case_worst);
	char cmd[128];
	int st;
	snprintf(cmd, sizeof cmd, "rm -rf %s", work);
	free(t_run_cmd(cmd, &st));
}
