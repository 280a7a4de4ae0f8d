/* ssara-report - the ssara records of a codebase, read back from the
 * .ssara sections of its objects, archives, shared objects and
 * executables (docs/REPORT.md).
 *
 *   arguments -> walk (files, directory trees) -> elfscan (objects,
 *   archive members, .ssara sections) -> report (records, duplicates,
 *   totals) -> output (table or JSON)
 *
 * Exit status: 0 success; 1 some input was bad (reported, the rest read);
 * 2 bad usage; 3 a function fails --fail-on (gate.h).
 */
#include <errno.h>
#include <libelf.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "elfscan.h"
#include "gate.h"
#include "html.h"
#include "output.h"
#include "report.h"
#include "svg.h"
#include "walk.h"

#ifndef SSARA_VERSION
#define SSARA_VERSION "unknown"
#endif

enum { EXIT_OK = 0, EXIT_BAD_INPUT = 1, EXIT_USAGE = 2, EXIT_GATE = 3 };

static const char usage[] =
	"usage: ssara-report [--totals] [--json] [--by opt] [--svg FILE] "
	"[--worst N]\n"
	"                    [--fail-on KIND[,KIND...]] [--html DIR [--dumps DIR]]\n"
	"                    FILE|DIR...\n"
	"\n"
	"Reads the ssara records (docs/RECORDS.md) from the .ssara sections of\n"
	"ELF object files, archives (every member), shared objects and\n"
	"executables.  Directories are searched recursively; symbolic links\n"
	"inside them are not followed and files that are not ELF are skipped.\n"
	"Prints one line per function, then the totals: functions, captured\n"
	"and unsupported (with the reasons, most frequent first), sums of the\n"
	"counts and of their frequency-weighted twins, the checkers' verdicts\n"
	"on GCC's and ssara's allocations (unverified reasons ranked by class),\n"
	"the times as shares of GCC's IRA+LRA time, and GCC's counts beside\n"
	"ssara's: spill code (spills + reloads + remats) and moves in the\n"
	"final code (inserted moves + swaps + copies kept), per function and\n"
	"in total, and in total the operands each allocation put in a stack\n"
	"slot and the spill code with them (the memory traffic).  A function\n"
	"whose record is read several times (same file, fn and opt) is\n"
	"counted once; the totals say how many duplicates there were.\n"
	"\n"
	"Options:\n"
	"  --totals    the totals only\n"
	"  --json      the same as one JSON object:\n"
	"              {\"functions\": [...], \"totals\": {...}}\n"
	"  --by opt    also the totals of each optimisation level (\"opt\"),\n"
	"              and a table with a column per level\n"
	"  --svg FILE  write an SVG picture of the verdicts and time shares\n"
	"              per level to FILE\n"
	"  --worst N   in place of the per-function table, the N functions\n"
	"              where ssara does worst against GCC: ranked by the\n"
	"              weighted spill code ssara - gcc, largest first, then\n"
	"              by the weighted moves in the final code ssara - gcc,\n"
	"              then in the order read; only functions both allocated\n"
	"              whose records carry copies_kept are ranked (with\n"
	"              --json: \"worst\" in place of \"functions\")\n"
	"  --fail-on KINDS  exit with status 3 when a function is one of the\n"
	"              KINDS, comma-separated: violation (a checker found\n"
	"              GCC's or ssara's allocation wrong), unverified (a\n"
	"              checker could not tell), unsupported (not captured);\n"
	"              each such function gets a line on stderr, \"ssara-\n"
	"              report: FILE: FN (OPT): WHAT\"; e.g. --fail-on violation\n"
	"              gates a CI job on wrong allocations\n"
	"  --html DIR  also write the report as HTML pages into DIR (made if\n"
	"              missing): DIR/index.html with sortable tables and\n"
	"              plots, a page per source file and per function\n"
	"  --dumps DIR with --html: the plugin's dump=DIR, from which the\n"
	"              function pages show the captured code and GCC's and\n"
	"              ssara's allocations side by side, checked\n"
	"  --help      this text\n"
	"  --version   the version\n"
	"\n"
	"Exit status: 0 success; 1 some input was bad (unreadable, not ELF,\n"
	"corrupt, a bad record, an unsupported spec version), reported as\n"
	"\"ssara-report: FILE[(MEMBER)]: error: WHAT\" while the rest is still\n"
	"read; 2 bad usage; 3 a function fails --fail-on (when the input\n"
	"was good).\n";

typedef struct {
	bool json, totals_only, by_opt;
	int worst;        /* --worst N, else -1 */
	int fail_on;      /* --fail-on: FAIL_* bits, 0 without */
	const char *svg;  /* --svg FILE, or NULL */
	const char *html; /* --html DIR, or NULL */
	const char *dumps;/* --dumps DIR, or NULL */
	char **files; /* the operands, in order (kept in argv's storage) */
	int nfiles;
} Options;

/* Parses the command line into *o: options anywhere until "--", the
 * rest are files.  Returns -1 to go on, else the exit status (after
 * --help, --version or a usage error). */
static int parse_args(int argc, char **argv, Options *o)
{
	memset(o, 0, sizeof *o);
	o->worst = -1;
	o->files = argv + 1;
	bool options = true;
	for (int a = 1; a < argc; a++) {
		const char *opt = argv[a];
		if (!options || strncmp(opt, "--", 2) != 0) {
			/* Operands move down over the options before them. */
			o->files[o->nfiles++] = argv[a];
		} else if (strcmp(opt, "--") == 0) {
			options = false;
		} else if (strcmp(opt, "--help") == 0) {
			fputs(usage, stdout);
			return EXIT_OK;
		} else if (strcmp(opt, "--version") == 0) {
			printf("ssara-report %s (records spec %d)\n",
			       SSARA_VERSION, RECORD_VERSION);
			return EXIT_OK;
		} else if (strcmp(opt, "--json") == 0) {
			o->json = true;
		} else if (strcmp(opt, "--totals") == 0) {
			o->totals_only = true;
		} else if (strcmp(opt, "--by") == 0 || strcmp(opt, "--svg") == 0 ||
			   strcmp(opt, "--worst") == 0 ||
			   strcmp(opt, "--fail-on") == 0 ||
			   strcmp(opt, "--html") == 0 ||
			   strcmp(opt, "--dumps") == 0) {
			if (a + 1 >= argc) {
				fprintf(stderr, "ssara-report: %s needs an "
					"argument\n%s", opt, usage);
				return EXIT_USAGE;
			}
			const char *arg = argv[++a];
			if (opt[2] == 'h') {
				o->html = arg;
			} else if (opt[2] == 'd') {
				o->dumps = arg;
			} else if (opt[2] == 'f') {
				if (!gate_parse(arg, &o->fail_on)) {
					fprintf(stderr, "ssara-report: --fail-on "
						"'%s': expected violation, "
						"unverified, unsupported, "
						"comma-separated\n%s", arg, usage);
					return EXIT_USAGE;
				}
			} else if (opt[2] == 'w') {
				char *end;
				errno = 0;
				long n = strtol(arg, &end, 10);
				if (errno || end == arg || *end || n < 1 ||
				    n > 1000000000) {
					fprintf(stderr, "ssara-report: --worst "
						"'%s': not a number from 1 to "
						"1000000000\n%s", arg, usage);
					return EXIT_USAGE;
				}
				o->worst = (int)n;
			} else if (opt[2] == 's') {
				o->svg = arg;
			} else if (strcmp(arg, "opt") == 0) {
				o->by_opt = true;
			} else {
				fprintf(stderr, "ssara-report: --by '%s': only "
					"'opt' is known\n%s", arg, usage);
				return EXIT_USAGE;
			}
		} else {
			fprintf(stderr, "ssara-report: unknown option '%s'\n%s",
				opt, usage);
			return EXIT_USAGE;
		}
	}
	if (o->dumps && !o->html) {
		fprintf(stderr, "ssara-report: --dumps needs --html\n%s", usage);
		return EXIT_USAGE;
	}
	if (o->nfiles == 0) {
		fprintf(stderr, "ssara-report: no input files\n%s", usage);
		return EXIT_USAGE;
	}
	return -1;
}

typedef struct {
	Report *r;
	Diag *d;
} Visit;

/* A file from the walk: read it; a non-ELF file is an error only when
 * it was named. */
static void visit(void *ctx, const char *path, bool named)
{
	Visit *v = ctx;
	if (scan_file(path, v->r, v->d) == SCAN_NOT_ELF && named)
		diag_error(v->d, path, "not an ELF file or archive");
}

/* Reads the file or directory tree path; when it was read without
 * error and held no record, says why that may be on stderr (a note: the
 * exit status does not change). */
static void read_operand(const char *path, Visit *v)
{
	const Report *r = v->r;
	long recs = r->n + r->duplicates, lto = r->lto_without_records;
	long objects = r->objects;
	int errors = v->d->errors;
	walk_path(path, visit, v, v->d);
	if (v->d->errors != errors || r->n + r->duplicates != recs ||
	    r->objects == objects)
		return;
	if (r->lto_without_records != lto)
		fprintf(stderr, "ssara-report: %s: no ssara records (a slim "
			"-flto object: GCC compiles its functions, and the "
			"plugin records them, when the program is linked; "
			"link with -flto -fplugin=ssara and read the program, "
			"or compile with -ffat-lto-objects)\n", path);
	else
		fprintf(stderr, "ssara-report: %s: no ssara records (built "
			"without the plugin, or its functions left out by "
			"-fplugin-arg-ssara-only)\n", path);
}

/* Writes the SVG picture of the levels lv[0..n) to path; returns the
 * exit status (EXIT_BAD_INPUT with a message if it cannot be written). */
static int save_svg(const char *path, const Totals *lv, int n)
{
	FILE *f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "ssara-report: %s: %s\n", path, strerror(errno));
		return EXIT_BAD_INPUT;
	}
	write_svg(f, lv, n);
	if (ferror(f) | (fclose(f) != 0)) {
		fprintf(stderr, "ssara-report: %s: cannot write\n", path);
		return EXIT_BAD_INPUT;
	}
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	Options o;
	int rc = parse_args(argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (elf_version(EV_CURRENT) == EV_NONE) {
		fprintf(stderr, "ssara-report: libelf: %s\n", elf_errmsg(-1));
		return EXIT_BAD_INPUT;
	}
	Diag d = {"ssara-report", stderr, 0};
	Report *r = report_new();
	Visit v = {r, &d};
	for (int i = 0; i < o.nfiles; i++)
		read_operand(o.files[i], &v);
	Totals t;
	report_totals(r, NULL, &t);
	const char **opts;
	int nlv = report_opts(r, &opts);
	Totals *lv = calloc((size_t)nlv + 1, sizeof *lv);
	for (int i = 0; i < nlv; i++)
		report_totals(r, opts[i], &lv[i]);
	if (o.json) {
		print_json(stdout, r, &t, o.by_opt ? lv : NULL, nlv,
			   o.totals_only, o.worst);
	} else {
		if (o.worst >= 0) {
			print_worst(stdout, r, o.worst);
			putchar('\n');
		} else if (!o.totals_only) {
			print_table(stdout, r);
			putchar('\n');
		}
		print_totals(stdout, &t);
		if (o.by_opt)
			print_by_opt(stdout, lv, nlv);
	}
	int status = o.svg ? save_svg(o.svg, lv, nlv) : EXIT_OK;
	if (o.html && !write_html(o.html, o.dumps, r, &t, lv, nlv))
		status = EXIT_BAD_INPUT;
	long failed = o.fail_on ? gate_check(stderr, r, o.fail_on) : 0;
	if (failed)
		fprintf(stderr, "ssara-report: %ld function%s fail --fail-on\n",
			failed, failed == 1 ? "" : "s");
	free(lv);
	report_free(r);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "ssara-report: cannot write the output\n");
		return EXIT_BAD_INPUT;
	}
	if (d.errors || status != EXIT_OK)
		return EXIT_BAD_INPUT;
	return failed ? EXIT_GATE : EXIT_OK;
}
