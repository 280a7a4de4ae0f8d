/* compare.c - `ssara compare DIR` (compare.h): every *.ir file under DIR
 * but GCC's allocations (*.gcc.ir), every function not yet allocated,
 * through each allocator chosen, each result checked by verify_fn, and
 * GCC's recorded allocation beside it (F.gcc.ir) checked the same way;
 * then per allocator and for GCC the functions allocated and verified,
 * the weighted spill code, the moves left, the time, and the gap to the
 * ILP's optimum on the functions it solved. */
#include "compare.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "allocators.h"
#include "coalopt.h"
#include "irtext.h"
#include "verify.h"

/* One allocator's outcome on one function. */
typedef struct Outcome {
	bool allocated, verified;
	int64_t spill_w;  /* spills + reloads + remats, frequency-weighted */
	int64_t moves;    /* register moves in the final code */
	double seconds;
} Outcome;

/* Per function: the outcome of each allocator, the ILP's status. */
typedef struct Row {
	Outcome o[ALLOCATOR_N];
	int ilp_status;
	double ilp_obj, ilp_bound;
	bool ilp_exact;
	CoalOptResult co; /* the coalescing optimum of ssa's problem */
	Outcome gcc;      /* GCC's recorded allocation (not timed) */
} Row;

typedef struct Cmp {
	AllocOpts ao;
	double ilp_time;
	int repeat;       /* runs of each ssa and irc allocation, >= 1 */
	bool use[ALLOCATOR_N];
	bool coalopt;     /* the coalescing optimum (ilp and ssa chosen) */
	char **files;
	int nfiles, capfiles;
	Row *rows;
	int nrows, caprows;
} Cmp;

static const char usage[] =
	"usage: ssara compare [--regs GPR[,SSE]] [--ilp-time SEC]\n"
	"                     [--allocators ssa,irc,ilp] [--coalopt | --no-coalopt]\n"
	"                     [--repeat N] DIR\n";

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool ends_with(const char *s, const char *suf)
{
	size_t n = strlen(s), m = strlen(suf);
	return n >= m && !strcmp(s + n - m, suf);
}

/* Adds the *.ir files under dir (recursively, GCC's *.gcc.ir excepted)
 * to c->files; false when dir cannot be read. */
static bool collect(Cmp *c, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return false;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		size_t n = strlen(dir) + strlen(e->d_name) + 2;
		char *path = malloc(n);
		if (!path)
			abort();
		snprintf(path, n, "%s/%s", dir, e->d_name);
		struct stat sb;
		if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
			collect(c, path);
			free(path);
			continue;
		}
		if (!ends_with(path, ".ir") || ends_with(path, ".gcc.ir")) {
			free(path);
			continue;
		}
		if (c->nfiles == c->capfiles) {
			c->capfiles = c->capfiles ? 2 * c->capfiles : 64;
			c->files = realloc(c->files,
					   sizeof(char *) * (size_t)c->capfiles);
			if (!c->files)
				abort();
		}
		c->files[c->nfiles++] = path;
	}
	closedir(d);
	return true;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The verdict's name, for the progress lines. */
static const char *verdict_name(int v)
{
	return v == VERDICT_VIOLATION ? "violation" : "unverified";
}

/* Checks allocation fn of orig into *out (verified, weighted spill
 * code, moves); a line on stderr naming who, the function and the
 * verdict when it is not verified. */
static void count_one(const char *who, const Fn *orig, const Fn *fn,
		      const AllocStats *st, Outcome *out)
{
	out->allocated = true;
	VerifyResult r;
	verify_fn(orig, fn, &r);
	out->verified = r.verdict == VERDICT_VERIFIED;
	if (!out->verified)
		fprintf(stderr, "compare: %s: %s: %s%s%s\n", orig->name, who,
			verdict_name(r.verdict), r.reason ? ": " : "",
			r.reason ? r.reason : "");
	verify_result_free(&r);
	out->spill_w = st->spills.w + st->reloads.w + st->remats.w;
	out->moves = st->moves.n + st->swaps.n + st->copies_kept.n;
}

/* GCC's allocation of orig, the function of orig's name in F.gcc.ir
 * beside path F.ir, into row->gcc (left unallocated
 * when there is none). */
static void gcc_one(const char *path, const Fn *orig, Row *row)
{
	size_t n = strlen(path);
	char *g = malloc(n + 5);
	if (!g)
		abort();
	snprintf(g, n + 5, "%.*s.gcc.ir", (int)(n - 3), path);
	IrFile file;
	IrError perr;
	bool ok = ir_parse_file(g, target_x86_64(), &file, &perr);
	free(g);
	if (!ok)
		return;
	for (int i = 0; i < file.nfn; i++) {
		if (strcmp(file.fn[i]->name, orig->name))
			continue;
		AllocStats st;
		alloc_count(file.fn[i], &st);
		count_one("gcc", orig, file.fn[i], &st, &row->gcc);
		break;
	}
	irfile_free(&file);
}

/* One run of allocator a on orig, timed: out->seconds becomes the least
 * of its runs (first says this is the first); the allocation is
 * returned (NULL on failure), the ILP's outcome recorded in row. */
static Fn *run_once(const Cmp *c, int a, const Fn *orig, Row *row,
		    AllocStats *st, bool first)
{
	Outcome *out = &row->o[a];
	IlpResult ir;
	char err[512];
	double t0 = now();
	Fn *fn = allocate_with(a, orig, &c->ao, c->ilp_time, st, &ir, err,
			       sizeof err);
	double t = now() - t0;
	if (first || t < out->seconds)
		out->seconds = t;
	if (a == ALLOCATOR_ILP) {
		row->ilp_status = ir.status;
		row->ilp_obj = ir.objective;
		row->ilp_bound = ir.bound;
		row->ilp_exact = ir.exact;
	}
	return fn;
}

/* Every chosen allocator on orig, into row.  ssa and irc run c->repeat
 * times each, their runs taken in turn (ssa, irc, ssa, irc, ...) so that
 * a change in the machine's speed while they run reaches both alike;
 * the time is the least of an allocator's runs, its last run's
 * allocation is counted (every run allocates alike).  The ILP runs
 * once, after them. */
static void run_allocators(const Cmp *c, const Fn *orig, Row *row)
{
	Fn *fn[ALLOCATOR_N] = {0};
	AllocStats st[ALLOCATOR_N];
	for (int k = 0; k < c->repeat; k++)
		for (int a = 0; a < ALLOCATOR_N; a++)
			if (c->use[a] && a != ALLOCATOR_ILP) {
				fn_free(fn[a]);
				fn[a] = run_once(c, a, orig, row, &st[a], k == 0);
			}
	if (c->use[ALLOCATOR_ILP])
		fn[ALLOCATOR_ILP] = run_once(c, ALLOCATOR_ILP, orig, row,
					     &st[ALLOCATOR_ILP], true);
	for (int a = 0; a < ALLOCATOR_N; a++)
		if (fn[a]) {
			count_one(allocator_name(a), orig, fn[a], &st[a],
				  &row->o[a]);
			fn_free(fn[a]);
		}
}

/* The coalescing optimum of ssa's colouring problem on orig, by a
 * second run of ssa (not timed as ssa's). */
static void run_coalopt(const Cmp *c, const Fn *orig, Row *row)
{
	AllocStats st;
	char err[512];
	Fn *fn = coalopt_ssa(orig, &c->ao, c->ilp_time, &st, &row->co, err,
			     sizeof err);
	fn_free(fn);
}

/* A new row for one function. */
static Row *new_row(Cmp *c)
{
	if (c->nrows == c->caprows) {
		c->caprows = c->caprows ? 2 * c->caprows : 256;
		c->rows = realloc(c->rows, sizeof(Row) * (size_t)c->caprows);
		if (!c->rows)
			abort();
	}
	Row *r = &c->rows[c->nrows++];
	*r = (Row){.ilp_status = ILP_UNSOLVED};
	return r;
}

/* Every function of every file through the chosen allocators. */
static void run_all(Cmp *c)
{
	for (int f = 0; f < c->nfiles; f++) {
		fprintf(stderr, "compare: [%d/%d] %s\n", f + 1, c->nfiles,
			c->files[f]);
		IrFile file;
		IrError perr;
		if (!ir_parse_file(c->files[f], target_x86_64(), &file, &perr)) {
			fprintf(stderr, "%s\n", perr.msg);
			continue;
		}
		for (int i = 0; i < file.nfn; i++) {
			if (file.fn[i]->allocated)
				continue;
			Row *row = new_row(c);
			run_allocators(c, file.fn[i], row);
			if (c->coalopt)
				run_coalopt(c, file.fn[i], row);
			gcc_one(c->files[f], file.fn[i], row);
		}
		irfile_free(&file);
	}
}

/* Whether every chosen allocator verified row. */
static bool all_verified(const Cmp *c, const Row *row)
{
	for (int a = 0; a < ALLOCATOR_N; a++)
		if (c->use[a] && !row->o[a].verified)
			return false;
	return true;
}

/* Whether GCC's allocation is in the table: some function has one. */
static bool any_gcc(const Cmp *c)
{
	for (int r = 0; r < c->nrows; r++)
		if (c->rows[r].gcc.allocated)
			return true;
	return false;
}

/* One line of the table: outcome k of every row (k < ALLOCATOR_N an
 * allocator, else GCC's), spill and moves summed over the rows every
 * chosen allocator verified (and GCC's verified, for GCC's line). */
static void print_total(const Cmp *c, int k)
{
	int nal = 0, nver = 0;
	int64_t sw = 0, mv = 0;
	double t = 0;
	for (int r = 0; r < c->nrows; r++) {
		const Row *row = &c->rows[r];
		const Outcome *o = k < ALLOCATOR_N ? &row->o[k] : &row->gcc;
		nal += o->allocated;
		nver += o->verified;
		t += o->seconds;
		if (all_verified(c, row) && o->verified) {
			sw += o->spill_w;
			mv += o->moves;
		}
	}
	printf("%-5s %9d %9d %9d %16lld %9lld ",
	       k < ALLOCATOR_N ? allocator_name(k) : "gcc", c->nrows, nal,
	       nver, (long long)sw, (long long)mv);
	if (k < ALLOCATOR_N)
		printf("%9.4f\n", t);
	else
		printf("%9s\n", "-");
}

/* The table per allocator: over all functions, then over those all
 * chosen allocators verified; GCC's line (not timed) over those it
 * verified too, with the allocators' spill code there. */
static void print_totals(const Cmp *c)
{
	printf("%-5s %9s %9s %9s %16s %9s %9s\n", "alloc", "functions",
	       "allocated", "verified", "spill(weighted)", "moves", "seconds");
	for (int a = 0; a < ALLOCATOR_N; a++)
		if (c->use[a])
			print_total(c, a);
	bool gcc = any_gcc(c);
	if (gcc)
		print_total(c, ALLOCATOR_N);
	int common = 0, both = 0;
	int64_t sw[ALLOCATOR_N] = {0};
	for (int r = 0; r < c->nrows; r++) {
		const Row *row = &c->rows[r];
		if (!all_verified(c, row))
			continue;
		common++;
		if (!row->gcc.verified)
			continue;
		both++;
		for (int a = 0; a < ALLOCATOR_N; a++)
			sw[a] += row->o[a].spill_w;
	}
	printf("(spill and moves summed over the %d functions every "
	       "allocator verified)\n",
	       common);
	if (!gcc)
		return;
	printf("(gcc: GCC's recorded allocation, all registers; over the %d "
	       "of them it verified; spill there:",
	       both);
	for (int a = 0; a < ALLOCATOR_N; a++)
		if (c->use[a])
			printf(" %s %lld", allocator_name(a), (long long)sw[a]);
	printf(")\n");
}

/* The ILP's statuses and each allocator's gap to its optimum on the
 * functions it solved optimally and every allocator verified. */
static void print_gaps(const Cmp *c)
{
	int nst[3] = {0}, exact = 0, n = 0, ng = 0;
	double opt = 0, sum[ALLOCATOR_N] = {0}, gapsum = 0, gopt = 0, gsum = 0;
	for (int r = 0; r < c->nrows; r++) {
		const Row *row = &c->rows[r];
		nst[row->ilp_status]++;
		if (row->ilp_status == ILP_FEASIBLE && row->ilp_obj > 0)
			gapsum += (row->ilp_obj - row->ilp_bound) / row->ilp_obj;
		if (row->ilp_status != ILP_OPTIMAL || !all_verified(c, row))
			continue;
		n++;
		exact += row->ilp_exact;
		opt += row->ilp_obj;
		for (int a = 0; a < ALLOCATOR_N; a++)
			sum[a] += (double)row->o[a].spill_w;
		if (row->gcc.verified) {
			ng++;
			gopt += row->ilp_obj;
			gsum += (double)row->gcc.spill_w;
		}
	}
	printf("ilp: optimal %d, feasible %d (mean gap %.1f%%), not solved "
	       "%d, of %d\n",
	       nst[ILP_OPTIMAL], nst[ILP_FEASIBLE],
	       nst[ILP_FEASIBLE] ? 100 * gapsum / nst[ILP_FEASIBLE] : 0.0,
	       nst[ILP_UNSOLVED], c->nrows);
	printf("on the %d functions solved optimally and verified by all "
	       "(realised exactly: %d): optimum %.0f\n",
	       n, exact, opt);
	for (int a = 0; a < ALLOCATOR_N; a++)
		if (c->use[a])
			printf("  %-4s %16.0f  %s%.3fx\n", allocator_name(a),
			       sum[a], opt > 0 ? "" : "(optimum 0) ",
			       opt > 0 ? sum[a] / opt : 0.0);
	if (any_gcc(c))
		printf("  %-4s %16.0f  %s%.3fx (on the %d of them GCC's "
		       "allocation verified, optimum %.0f)\n",
		       "gcc", gsum, gopt > 0 ? "" : "(optimum 0) ",
		       gopt > 0 ? gsum / gopt : 0.0, ng, gopt);
}

/* The coalescing optimum's statuses, and ssa's unmet affinity weight
 * (by colouring alone, after its coalescer) against it on the functions
 * it solved optimally and ssa verified. */
static void print_coalopt(const Cmp *c)
{
	int nst[3] = {0}, n = 0, same = 0;
	double gapsum = 0, total = 0, col = 0, ssa = 0, opt = 0, secs = 0;
	for (int r = 0; r < c->nrows; r++) {
		const CoalOptResult *o = &c->rows[r].co;
		if (!o->captured)
			continue;
		nst[o->status]++;
		secs += o->seconds;
		if (o->status == ILP_FEASIBLE && o->objective > 0)
			gapsum += (o->objective - o->bound) / o->objective;
		if (o->status != ILP_OPTIMAL ||
		    !c->rows[r].o[ALLOCATOR_SSA].verified)
			continue;
		n++;
		total += o->total;
		col += o->unmet_colour;
		ssa += o->unmet_ssa;
		opt += o->objective;
		same += o->unmet_ssa <= o->objective;
	}
	printf("coalescing optimum (ssa's colouring problem): optimal %d, "
	       "feasible %d (mean gap %.1f%%), not solved %d, of %d; %.2f s\n",
	       nst[ILP_OPTIMAL], nst[ILP_FEASIBLE],
	       nst[ILP_FEASIBLE] ? 100 * gapsum / nst[ILP_FEASIBLE] : 0.0,
	       nst[ILP_UNSOLVED], nst[0] + nst[1] + nst[2], secs);
	printf("on the %d solved optimally, affinity weight %.0f, unmet: "
	       "colouring %.0f, ssa %.0f, optimum %.0f (ssa optimal on %d)\n",
	       n, total, col, ssa, opt, same);
}

/* ssa against irc function by function, where both verified. */
static void print_versus(const Cmp *c)
{
	int better = 0, equal = 0, worse = 0;
	for (int r = 0; r < c->nrows; r++) {
		const Outcome *s = &c->rows[r].o[ALLOCATOR_SSA],
			      *i = &c->rows[r].o[ALLOCATOR_IRC];
		if (!s->verified || !i->verified)
			continue;
		better += s->spill_w < i->spill_w;
		equal += s->spill_w == i->spill_w;
		worse += s->spill_w > i->spill_w;
	}
	printf("ssa against irc, weighted spill per function: less %d, same "
	       "%d, more %d\n",
	       better, equal, worse);
}

/* Parses the options into c; the directory's index in *dir; false on
 * bad usage. */
static bool options(Cmp *c, int argc, char **argv, int *dir)
{
	c->ilp_time = 20;
	c->repeat = 1;
	for (int a = 0; a < ALLOCATOR_N; a++)
		c->use[a] = true;
	int a = 0;
	bool coalopt = false, no_coalopt = false;
	for (; a + 1 < argc; a++) {
		if (!strcmp(argv[a], "--coalopt")) {
			coalopt = true;
		} else if (!strcmp(argv[a], "--no-coalopt")) {
			no_coalopt = true;
		} else if (!strcmp(argv[a], "--regs")) {
			if (!parse_regs(argv[++a], c->ao.nregs))
				return false;
		} else if (!strcmp(argv[a], "--ilp-time")) {
			if (!parse_seconds(argv[++a], &c->ilp_time))
				return false;
		} else if (!strcmp(argv[a], "--repeat")) {
			char *end;
			long n = strtol(argv[++a], &end, 10);
			if (end == argv[a] || *end || n < 1 || n > 10000)
				return false;
			c->repeat = (int)n;
		} else if (!strcmp(argv[a], "--allocators")) {
			char buf[64], *save = NULL;
			snprintf(buf, sizeof buf, "%s", argv[++a]);
			memset(c->use, 0, sizeof c->use);
			for (char *t = strtok_r(buf, ",", &save); t;
			     t = strtok_r(NULL, ",", &save)) {
				int k = allocator_by_name(t);
				if (k < 0)
					return false;
				c->use[k] = true;
			}
		} else {
			return false;
		}
	}
	*dir = a;
	c->coalopt = c->use[ALLOCATOR_SSA] && !no_coalopt &&
		     (coalopt || c->use[ALLOCATOR_ILP]);
	return a + 1 == argc && argv[a][0] != '-';
}

int compare_main(int argc, char **argv)
{
	Cmp c = {0};
	int dir;
	if (!options(&c, argc, argv, &dir)) {
		fputs(usage, stderr);
		return 2;
	}
	if (!collect(&c, argv[dir])) {
		fprintf(stderr, "ssara compare: cannot read %s\n", argv[dir]);
		return 2;
	}
	qsort(c.files, (size_t)c.nfiles, sizeof *c.files, cmp_str);
	run_all(&c);
	printf("compare %s: %d functions in %d files; registers gpr %d sse "
	       "%d (0 = all); ilp time %.0f s\n",
	       argv[dir], c.nrows, c.nfiles, c.ao.nregs[RC_GPR],
	       c.ao.nregs[RC_SSE], c.ilp_time);
	print_totals(&c);
	if (c.use[ALLOCATOR_ILP])
		print_gaps(&c);
	if (c.coalopt)
		print_coalopt(&c);
	if (c.use[ALLOCATOR_SSA] && c.use[ALLOCATOR_IRC])
		print_versus(&c);
	for (int f = 0; f < c.nfiles; f++)
		free(c.files[f]);
	free(c.files);
	free(c.rows);
	return 0;
}
