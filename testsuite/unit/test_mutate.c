/* test_mutate.c - mutation testing of the checker (tools/mutate.h): on
 * the verified allocations of testsuite/ir/verify/, spill-everywhere
 * allocations of the testsuite/ir/ cases and two reference allocations of
 * generated functions, every mutant that changes behaviour and every one
 * that violates a constraint is reported (100% per kind), and the
 * checker's reports of equivalent mutants are all explained.  Mutant
 * counts of one small allocation are checked against a count by hand. */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gen.h"
#include "ir.h"
#include "irtext.h"
#include "mutate.h"
#include "randalloc.h"
#include "spill_everywhere.h"

char *t_run_cmd(const char *cmd, int *status);
const char *t_ssara_bin(void);

/* Every kind killed: behaviour changes and constraint violations all
 * reported, reported equivalents all explained; each kind listed in
 * need[] has behaviour-changing mutants. */
static void check_killed(const MutStats *st, const bool need[MK_NKIND],
			 const char *notes)
{
	for (int k = 0; k < MK_NKIND; k++) {
		const MutCount *c = &st->kind[k];
		t_check(c->changed_reported == c->changed, __FILE__, __LINE__,
			"%s: %ld of %ld behaviour changes reported\n%s",
			mut_kind_name(k), c->changed_reported, c->changed,
			notes);
		t_check(c->constraint_reported == c->constraint, __FILE__,
			__LINE__, "%s: %ld of %ld constraint faults reported",
			mut_kind_name(k), c->constraint_reported,
			c->constraint);
		t_check(c->why[MW_UNEXPLAINED] == 0, __FILE__, __LINE__,
			"%s: %ld reported equivalents unexplained\n%s",
			mut_kind_name(k), c->why[MW_UNEXPLAINED], notes);
		if (need && need[k])
			t_check(c->changed > 0, __FILE__, __LINE__,
				"%s: no behaviour-changing mutant",
				mut_kind_name(k));
	}
}

static bool parse_path(const char *path, IrFile *f)
{
	IrError err;
	return t_check(ir_parse_file(path, target_x86_64(), f, &err),
		       __FILE__, __LINE__, "%s", err.msg);
}

/* Mutates testsuite/ir/verify/NAME.orig.ir against NAME.VARIANT.ir. */
static bool mutate_files(const char *orig, const char *alloc,
			 const MutOpts *o, MutStats *st)
{
	char po[PATH_MAX + 64], pa[PATH_MAX + 64];
	snprintf(po, sizeof po, "%s/testsuite/ir/verify/%s", t_srcdir(), orig);
	snprintf(pa, sizeof pa, "%s/testsuite/ir/verify/%s", t_srcdir(), alloc);
	IrFile fo, fa;
	if (!parse_path(po, &fo))
		return false;
	if (!parse_path(pa, &fa)) {
		irfile_free(&fo);
		return false;
	}
	char err[512] = "";
	bool ok = mutate_fn(fo.fn[0], fa.fn[0], o, st, err, sizeof err);
	irfile_free(&fo);
	irfile_free(&fa);
	return ok;
}

/* Every allocation of testsuite/ir/verify/ that expects "verified". */
static void case_verify_files(void)
{
	char dir[PATH_MAX + 32];
	snprintf(dir, sizeof dir, "%s/testsuite/ir/verify", t_srcdir());
	DIR *d = opendir(dir);
	if (!t_check(d != NULL, __FILE__, __LINE__, "cannot open %s", dir))
		return;
	char *notes = NULL;
	size_t len = 0;
	MutOpts o = {.notes = open_memstream(&notes, &len)};
	MutStats st = {0};
	int pairs = 0;
	for (struct dirent *e; (e = readdir(d));) {
		const char *n = e->d_name, *dot = strchr(n, '.');
		size_t l = strlen(n);
		if (!dot || l < 4 || strcmp(n + l - 3, ".ir") ||
		    !strcmp(dot, ".orig.ir"))
			continue;
		char path[PATH_MAX + 300], orig[300];
		snprintf(path, sizeof path, "%s/%s", dir, n);
		FILE *f = fopen(path, "r");
		char line[256];
		bool ok = false;
		while (f && fgets(line, sizeof line, f))
			ok |= !strncmp(line, "#? exit 0", 9);
		if (f)
			fclose(f);
		if (!ok)
			continue;
		snprintf(orig, sizeof orig, "%.*s.orig.ir", (int)(dot - n), n);
		pairs++;
		t_check(mutate_files(orig, n, &o, &st), __FILE__, __LINE__,
			"%s refused", n);
	}
	closedir(d);
	fclose(o.notes);
	CHECK(pairs >= 16);
	CHECK_INT(st.functions, pairs);
	bool need[MK_NKIND];
	for (int k = 0; k < MK_NKIND; k++)
		need[k] = true;
	check_killed(&st, need, notes);
	free(notes);
}

/* call.spilled.ir counted by hand: one reload (of a in r8, which the call
 * clobbered: dropping it reads garbage), one spill (dropping it leaves
 * s0 unwritten), no two inserted instructions side by side; two values
 * cross the call in places it keeps (a in s0, b in r12), each moved to a
 * caller-saved register; six uses in registers (uids 3, 6 twice, 7
 * twice, 8), each sent to the 14 other general registers; two tied pairs
 * (uids 6 and 7), each operand sent to 14 registers. */
static void case_counted_by_hand(void)
{
	char *notes = NULL;
	size_t len = 0;
	MutOpts o = {.notes = open_memstream(&notes, &len)};
	MutStats st = {0};
	CHECK(mutate_files("call.orig.ir", "call.spilled.ir", &o, &st));
	fclose(o.notes);
	const MutCount *c = st.kind;
	CHECK_INT(c[MK_DROP_RELOAD].mutants, 1);
	CHECK_INT(c[MK_DROP_RELOAD].changed, 1);
	CHECK_INT(c[MK_DROP_SPILL].mutants, 1);
	CHECK_INT(c[MK_DROP_SPILL].changed, 1);
	CHECK_INT(c[MK_SWAP_MOVES].mutants, 0);
	CHECK_INT(c[MK_SLOT_REUSE].mutants, 0);
	CHECK_INT(c[MK_CALLER_SAVED].mutants, 2);
	CHECK_INT(c[MK_CALLER_SAVED].changed, 2);
	CHECK_INT(c[MK_WRONG_REG].mutants, 6 * 14);
	CHECK_INT(c[MK_BREAK_TIE].mutants, 4 * 14);
	/* moving a tied operand alone always breaks the tie */
	CHECK_INT(c[MK_BREAK_TIE].changed + c[MK_BREAK_TIE].constraint,
		  c[MK_BREAK_TIE].mutants);
	check_killed(&st, NULL, notes);
	free(notes);
}

/* A wrong allocation is refused: its mutants would prove nothing. */
static void case_refuses_wrong(void)
{
	MutOpts o = {0};
	MutStats st = {0};
	CHECK(!mutate_files("swap.orig.ir", "swap.moves.ir", &o, &st));
	CHECK_INT(st.skipped, 1);
	CHECK_INT(st.functions, 0);
}

/* Spill-everywhere allocations of the IR cases of testsuite/ir/. */
static void case_ir_files(void)
{
	static const char *const files[] = {"gcd", "swap", "call_clobber",
					    "loop_diamond", "irreducible",
					    "lost_copy"};
	char *notes = NULL;
	size_t len = 0;
	MutOpts o = {.notes = open_memstream(&notes, &len)};
	MutStats st = {0};
	for (size_t k = 0; k < sizeof files / sizeof *files; k++) {
		char path[PATH_MAX + 64], err[256];
		snprintf(path, sizeof path, "%s/testsuite/ir/%s.ir", t_srcdir(),
			 files[k]);
		IrFile f;
		if (!parse_path(path, &f))
			continue;
		for (int i = 0; i < f.nfn; i++) {
			Fn *al = spill_everywhere(f.fn[i], err, sizeof err);
			if (t_check(al != NULL, __FILE__, __LINE__, "%s: %s",
				    files[k], err))
				mutate_fn(f.fn[i], al, &o, &st, err, sizeof err);
			fn_free(al);
		}
		irfile_free(&f);
	}
	fclose(o.notes);
	CHECK_INT(st.functions, 6);
	bool need[MK_NKIND] = {[MK_DROP_RELOAD] = true, [MK_DROP_SPILL] = true,
			       [MK_WRONG_REG] = true, [MK_SWAP_MOVES] = true,
			       [MK_SLOT_REUSE] = true};
	check_killed(&st, need, notes);
	free(notes);
}

/* Generated functions (calls, divisions, shifts, loops), allocated by
 * spill_everywhere and by the random allocator: a sample of 40 mutants
 * per kind and function. */
static void case_generated(void)
{
	char *notes = NULL;
	size_t len = 0;
	MutOpts o = {.notes = open_memstream(&notes, &len), .max_per_kind = 40};
	MutStats st = {0};
	for (int seed = 1; seed <= 4; seed++) {
		GenOpts g = gen_defaults((uint64_t)seed, 80);
		g.nvars = 6 + 2 * seed;
		g.call_pct = 8;
		char name[32], err[256];
		snprintf(name, sizeof name, "gen%d", seed);
		Fn *fn = gen_function(name, &g);
		Fn *al[2] = {spill_everywhere(fn, err, sizeof err),
			     rand_alloc(fn, (uint64_t)seed, err, sizeof err)};
		for (int k = 0; k < 2; k++) {
			if (t_check(al[k] != NULL, __FILE__, __LINE__,
				    "seed %d: %s", seed, err))
				t_check(mutate_fn(fn, al[k], &o, &st, err,
						  sizeof err),
					__FILE__, __LINE__, "%s", err);
			fn_free(al[k]);
		}
		fn_free(fn);
	}
	fclose(o.notes);
	CHECK_INT(st.functions, 8);
	bool need[MK_NKIND];
	for (int k = 0; k < MK_NKIND; k++)
		need[k] = true;
	check_killed(&st, need, notes);
	free(notes);
}

/* `ssara mutate ORIG ALLOC`: the table, exit 0. */
static void case_cli(void)
{
	char cmd[2 * PATH_MAX + 256];
	snprintf(cmd, sizeof cmd,
		 "%s mutate %s/testsuite/ir/verify/pcopy4.orig.ir "
		 "%s/testsuite/ir/verify/pcopy4.seq.ir",
		 t_ssara_bin(), t_srcdir(), t_srcdir());
	int st;
	char *out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 0);
	CHECK(strstr(out, "mutation testing: 1 functions (0 refused)") != NULL);
	CHECK(strstr(out, "swap moves") != NULL);
	free(out);
	snprintf(cmd, sizeof cmd, "%s mutate --bogus", t_ssara_bin());
	out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 2);
	free(out);
}

void suite_mutate(void)
{
	t_case("mutate: verified allocations of testsuite/ir/verify",
	       case_verify_files);
	t_case("mutate: call.spilled.ir counted by hand", case_counted_by_hand);
	t_case("mutate: a wrong allocation is refused", case_refuses_wrong);
	t_case("mutate: spill-everywhere of testsuite/ir", case_ir_files);
	t_case("mutate: generated functions, two allocators", case_generated);
	t_case("mutate: ssara mutate", case_cli);
}
