/* test_alloc.c - the whole allocator (core/alloc.c): every IR case of the
 * test suite with all, 8, 6 and 4 general registers and 200 generated
 * functions with all and 4, each allocation checked by verify_fn; the
 * choice of the limited register sets; errors; the command line. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "analysis_util.h"
#include "check.h"
#include "gen.h"
#include "interp.h"
#include "irtext.h"
#include "locations.h"
#include "spill_everywhere.h"
#include "verify.h"

char *t_run_cmd(const char *cmd, int *status);
const char *t_ssara_bin(void);

/* Outcome counts of a batch of allocations. */
typedef struct Tally {
	int verified;
	int refused;  /* the spiller's known limit (see refused_by_spiller) */
	int failed;
	char first[600];
} Tally;

/* Whether err is the spiller refusing a function because it counts hard
 * registers outside the limited set as taking registers of it (e.g. six
 * argument registers with four general registers): a limit of
 * core/spill.c, not of the allocation. */
static bool refused_by_spiller(const char *err)
{
	return strncmp(err, "spilling: ", 10) == 0 &&
	       strstr(err, "precoloured") != NULL;
}

/* Allocates orig with nregs general registers and verifies the result. */
static void run_one(const Fn *orig, int nregs, const char *what, Tally *t)
{
	if (orig->unsupported)
		return;
	AllocOpts o = {.nregs = {nregs, 0}};
	char err[512] = "";
	Fn *fn = ssa_alloc(orig, &o, NULL, err, sizeof err);
	if (!fn) {
		if (refused_by_spiller(err)) {
			t->refused++;
			return;
		}
		if (!t->failed++)
			snprintf(t->first, sizeof t->first, "%s (%s), %d regs: %s",
				 what, orig->name, nregs, err);
		return;
	}
	VerifyResult r;
	verify_fn(orig, fn, &r);
	if (r.verdict == VERDICT_VERIFIED)
		t->verified++;
	else if (!t->failed++)
		snprintf(t->first, sizeof t->first, "%s (%s), %d regs: %s", what,
			 orig->name, nregs,
			 r.reason ? r.reason
			 : r.nviol ? r.viol[0].text
				   : "?");
	verify_result_free(&r);
	fn_free(fn);
}

/* Reports a tally: failures fail the case; refusals by the spiller mark
 * it skipped (with the count) when nothing failed. */
static void report(const Tally *t, int min_verified)
{
	t_check(t->failed == 0, __FILE__, __LINE__, "%d failed; first: %s",
		t->failed, t->first);
	CHECK(t->verified + t->refused >= min_verified);
	if (!t->failed && t->refused) {
		char why[200];
		snprintf(why, sizeof why,
			 "%d verified, %d refused by the spiller (it counts "
			 "hard registers outside the limited set)",
			 t->verified, t->refused);
		t_skip(why);
	}
}

/* Every function of the .ir files of directory dir (relative to the
 * source tree) whose name contains part, with nregs registers. */
static void run_dir(const char *dir, const char *part, int nregs, Tally *t)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", t_srcdir(), dir);
	DIR *d = opendir(path);
	if (!t_check(d != NULL, __FILE__, __LINE__, "no directory %s", path))
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 4 || strcmp(e->d_name + n - 3, ".ir") ||
		    !strstr(e->d_name, part))
			continue;
		char file[1400];
		snprintf(file, sizeof file, "%s/%s", path, e->d_name);
		IrFile f;
		IrError err;
		if (!t_check(ir_parse_file(file, target_x86_64(), &f, &err),
			     __FILE__, __LINE__, "%s", err.msg))
			continue;
		for (int i = 0; i < f.nfn; i++)
			run_one(f.fn[i], nregs, e->d_name, t);
		irfile_free(&f);
	}
	closedir(d);
}

static void ir_cases(int nregs)
{
	Tally t = {0};
	run_dir("testsuite/ir", "", nregs, &t);
	run_dir("testsuite/ir/alloc", "", nregs, &t);
	run_dir("testsuite/ir/alloc/spill", "", nregs, &t);
	run_dir("testsuite/ir/verify", ".orig", nregs, &t);
	run_dir("testsuite/ir/verify/twice", ".orig", nregs, &t);
	report(&t, 37);
}

static void case_ir_all(void)
{
	ir_cases(0);
}

static void case_ir_8(void)
{
	ir_cases(8);
}

static void case_ir_6(void)
{
	ir_cases(6);
}

static void case_ir_4(void)
{
	ir_cases(4);
}

/* 200 generated functions (loops, diamonds, calls, divisions, shifts,
 * SSE values; 12 long-lived variables, so pressure above 4). */
static void generated(int nregs)
{
	Tally t = {0};
	for (uint64_t seed = 1; seed <= 200; seed++) {
		GenOpts o = gen_defaults(seed, 40 + (int)(seed * 37 % 360));
		Fn *fn = gen_function("g", &o);
		char what[32];
		snprintf(what, sizeof what, "seed %llu",
			 (unsigned long long)seed);
		run_one(fn, nregs, what, &t);
		fn_free(fn);
	}
	report(&t, 200);
}

static void case_gen_all(void)
{
	generated(0);
}

static void case_gen_4(void)
{
	generated(4);
}

/* With n registers: those required alone first ({cx} of a shift, {ax}
 * and {dx} of a division), then the others in core order. */
static void case_regset(void)
{
	IrFile f;
	Fn *fn = t_fn("func s\n"
		      "  pseudo p1 gpr 8\n"
		      "  pseudo p2 gpr 8\n"
		      "  pseudo p3 gpr 8\n"
		      "b2:\n"
		      "  1: copy =p1, %di\n"
		      "  2: copy =p2, %si\n"
		      "  3: ord \"*ashldi3_1\" =p3, p1 ^0, p2[0,1] {cx} "
		      "clobber {flags}\n"
		      "  4: copy =%ax, p3\n"
		      "  5: ret %ax\n"
		      "end\n",
		      &f);
	if (!fn)
		return;
	const Target *t = fn->target;
	CHECK(alloc_regset(fn, RC_GPR, 0) ==
	      target_allocatable(t, RC_GPR, false));
	CHECK(alloc_regset(fn, RC_GPR, 2) == (RS_BIT(R_CX) | RS_BIT(R_AX)));
	CHECK(alloc_regset(fn, RC_GPR, 4) ==
	      (RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_CX) | RS_BIT(R_BX)));
	CHECK(alloc_regset(fn, RC_GPR, 1) == RS_BIT(R_CX));
	CHECK(alloc_regset(fn, RC_SSE, 2) == (RS_BIT(R_XMM0) | RS_BIT(R_XMM1)));
	Tally ty = {0};
	run_one(fn, 2, "shift", &ty);
	CHECK_INT(ty.verified, 1);
	irfile_free(&f);
	/* gcd's division needs ax and dx; with 3 registers, cx is the third */
	fn = t_load_fn("testsuite/ir/gcd.ir");
	if (!fn)
		return;
	CHECK(alloc_regset(fn, RC_GPR, 3) ==
	      (RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_CX)));
	fn_free(fn);
}

/* Allocates fn at regs[k] general registers (0 = all) for k < n, each
 * allocation verified, and checks that it spills and reloads exactly
 * spills[k] times. */
static void check_spills_at(const Fn *fn, const int *regs,
			    const int *spills, int n)
{
	for (int k = 0; k < n; k++) {
		AllocStats st;
		Fn *al = t_alloc_verified(fn, regs[k], true, &st);
		if (!al)
			continue;
		t_check(st.spills.n == spills[k] && st.reloads.n == spills[k],
			__FILE__, __LINE__,
			"%s at %d: %d spills, %d reloads, expected %d of each",
			fn->name, regs[k], st.spills.n, st.reloads.n,
			spills[k]);
		fn_free(al);
	}
}

/* Checks the general sets alloc_regset gives fn: at 8 {ax dx cx bx si
 * di r8 r9}, at 6 the first six, and when with4 at 4 {ax dx cx bx}. */
static void check_gpr_sets(const Fn *fn, bool with4)
{
	RegSet four = RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_CX) |
		      RS_BIT(R_BX);
	RegSet six = four | RS_BIT(R_SI) | RS_BIT(R_DI);
	CHECK(alloc_regset(fn, RC_GPR, 8) ==
	      (six | RS_BIT(R_R8) | RS_BIT(R_R9)));
	CHECK(alloc_regset(fn, RC_GPR, 6) == six);
	if (with4)
		CHECK(alloc_regset(fn, RC_GPR, 4) == four);
}

/* The limited register sets (testsuite/ir/alloc/tie_hreg_outside.ir
 * and wide_pairs.ir, by hand in their comments): a read tied to a def of
 * r8 needs r8 in the set, taken first like `{cx}`; a function with
 * 16-byte general values gets whole pairs (r8:r9 instead of bp and r8
 * at 8), so four such values live at once need no spill at 8, one at 6
 * (three pairs) and two at 4 (two pairs). */
static void case_regset_levels(void)
{
	Fn *fn = t_load_fn("testsuite/ir/alloc/tie_hreg_outside.ir");
	if (!fn)
		return;
	RegSet r8 = RS_BIT(R_R8);
	CHECK(alloc_regset(fn, RC_GPR, 4) ==
	      (r8 | RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_CX)));
	CHECK(alloc_regset(fn, RC_GPR, 6) ==
	      (r8 | RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_CX) |
	       RS_BIT(R_BX) | RS_BIT(R_SI)));
	for (int n = 4; n <= 6; n += 2) {
		Fn *al = t_alloc_verified(fn, n, true, NULL);
		if (al)
			fn_free(al);
	}
	fn_free(fn);
	fn = t_load_fn("testsuite/ir/alloc/wide_pairs.ir");
	if (!fn)
		return;
	check_gpr_sets(fn, false);
	static const int regs[] = {8, 6, 4}, spills[] = {0, 1, 2};
	check_spills_at(fn, regs, spills, 3);
	fn_free(fn);
}

/* Register pairs counted as pairs, not as two registers (testsuite/ir/
 * alloc/pairs_split.ir, by hand in its comments): with 8 registers and
 * dx and si held by incoming arguments, two pairs are left for three
 * 16-byte values live at once: one spill and one reload.  With 6
 * ({ax dx cx bx si di}) and 4 ({ax dx cx bx}) only cx:bx is left, so
 * p1 and p2 are both in memory when p3 is live: two of each.  None with
 * every register. */
static void case_pairs_split(void)
{
	Fn *fn = t_load_fn("testsuite/ir/alloc/pairs_split.ir");
	if (!fn)
		return;
	check_gpr_sets(fn, true);
	static const int regs[] = {0, 8, 6, 4}, spills[] = {0, 1, 2, 2};
	check_spills_at(fn, regs, spills, 4);
	fn_free(fn);
}

/* x87 values are allocated and verified: a long double taken from st0
 * and returned in st0 (p1's two copies coalesce with st0: no move), a
 * call returning st0, and a general value across a call that clobbers
 * st0-st7 (nothing of class x87 live there: no spill; p1 needs a
 * callee-saved register, so its copies from di and into ax both stay:
 * 2 copies). */
static void case_x87_allocated(void)
{
	static const char *const texts[] = {
		"func a\n  pseudo p1 x87 16\nb2:\n"
		"  1: copy =p1, %st0\n  2: copy =%st0, p1\n  3: ret %st0\nend\n",
		"func b\nb2:\n  1: call \"f\" =%st0 clobber {st0-st7}\n"
		"  2: ret %st0\nend\n",
		"func c\n  pseudo p1 gpr 8\nb2:\n  1: copy =p1, %di\n"
		"  2: call \"f\" clobber {ax,dx,cx,si,di,r8-r11,"
		"xmm0-xmm15,st0-st7,flags}\n  3: copy =%ax, p1\n"
		"  4: ret %ax\nend\n",
	};
	static const int copies[] = {0, 0, 2};
	for (int k = 0; k < 3; k++) {
		IrFile f;
		Fn *fn = t_fn(texts[k], &f);
		if (!fn)
			continue;
		AllocStats st;
		Fn *al = t_alloc_verified(fn, 0, true, &st);
		if (al) {
			CHECK_INT(st.moves.n + st.spills.n + st.reloads.n, 0);
			CHECK_INT(st.copies.n, copies[k]);
		}
		fn_free(al);
		irfile_free(&f);
	}
}

/* copies_kept: of the original copies whose two sides end in different
 * places (copies), the ones whose sides are both registers.  By hand
 * (the cross-class copies as in testsuite/ir/alloc/x87_df_asm.ir: no
 * register move exists between SSE and x87 registers, so they go through
 * p2's slot):
 *   1: p1 <- xmm0        p1 takes xmm0 (nothing else there): gone
 *   2: p2 mem <- p1 mem  a store of xmm0 into p2's slot: copies 1, kept 0
 *   3: si <- di          two different registers: copies 1, kept 1
 *   4: dx <- dx          the same register: neither
 *   5: xmm0 <- p2 mem    a load of p2's slot: copies 1, kept 0
 * One block of frequency 10: copies 3 (w 30), kept 1 (w 10); nothing
 * inserted (p2 never needs a register). */
static void case_copies_kept(void)
{
	IrFile f;
	Fn *fn = t_fn("func k\n  pseudo p1 sse 8\n  pseudo p2 x87 8\n"
		      "b2: freq=10 depth=0\n"
		      "  1: copy =p1, %xmm0\n"
		      "  2: copy =p2 mem, p1 mem\n"
		      "  3: copy =%si, %di\n"
		      "  4: copy =%dx, %dx\n"
		      "  5: copy =%xmm0, p2 mem\n"
		      "  6: ret %xmm0, %si, %dx\nend\n", &f);
	if (!fn)
		return;
	AllocStats st;
	Fn *al = t_alloc_verified(fn, 0, true, &st);
	if (al) {
		CHECK_INT(st.copies.n, 3);
		CHECK_INT(st.copies.w, 30);
		CHECK_INT(st.copies_kept.n, 1);
		CHECK_INT(st.copies_kept.w, 10);
		/* 2 stores into p2's slot, 5 loads from it */
		CHECK_INT(st.slot_writes.n, 1);
		CHECK_INT(st.slot_reads.n, 1);
		CHECK_INT(st.slot_reads.w, 10);
		CHECK_INT(st.moves.n + st.swaps.n + st.spills.n +
				  st.reloads.n + st.remats.n,
			  0);
	}
	fn_free(al);
	irfile_free(&f);
}

/* Inputs no allocation can satisfy are refused with a precise reason. */
static void case_errors(void)
{
	IrFile f;
	char err[512];
	/* with 4 general registers {ax,dx,cx,bx}, three hold hard-register
	 * values living across uid 5 (register variables, asmgoto-5.c
	 * foo's shape): uid 5 needs p1's copy (tied, p1 read again at 6)
	 * and p2 in registers at once, 2 > 1; the refusal names them */
	Fn *hv = t_fn("func h\n"
		      "  pseudo p1 gpr 4\n"
		      "  pseudo p2 gpr 4\n"
		      "  pseudo p3 gpr 4\n"
		      "b2:\n"
		      "  1: copy =p1, %di\n"
		      "  2: copy =p2, %si\n"
		      "  3: ord \"d\" =%ax\n"
		      "  4: ord \"d\" =%bx\n"
		      "  7: ord \"d\" =%cx\n"
		      "  5: ord \"*xorsi_1\" =p3, p1 ^0, p2 clobber {flags}\n"
		      "  6: ord \"u\" p1, p3, %ax, %bx, %cx\n"
		      "  8: ret\n"
		      "end\n",
		      &f);
	if (hv) {
		AllocOpts o = {.nregs = {4, 0}};
		CHECK(ssa_alloc(hv, &o, NULL, err, sizeof err) == NULL);
		t_check(strstr(err, "b2 uid 5: its operands and the precoloured "
				    "values around it need more than 4 gpr "
				    "registers at once (hard-register values: "
				    "%ax %cx %bx; values that cannot leave their "
				    "registers: 0; its operands: 2)") != NULL,
			__FILE__, __LINE__, "message: %s", err);
		irfile_free(&f);
	}
	Fn *fn = t_fn("func u unsupported \"asm goto\"\nend\n", &f);
	if (fn) {
		CHECK(ssa_alloc(fn, NULL, NULL, err, sizeof err) == NULL);
		CHECK(strstr(err, "asm goto") != NULL);
		irfile_free(&f);
	}
	/* two reads tied to one location (a capture GCC's torture suite
	 * produced three times) */
	fn = t_fn("func t\n"
		  "  pseudo p1 gpr 8\n"
		  "  pseudo p2 gpr 8\n"
		  "b2:\n"
		  "  1: copy =p1, %di\n"
		  "  2: copy =p2, %si\n"
		  "  3: ord \"*adddi_1\" p1, p2, p1 ^0, p2 ^0, $-1 clobber "
		  "{flags}\n"
		  "  4: copy =%ax, p1\n"
		  "  5: ret %ax\n"
		  "end\n",
		  &f);
	if (fn) {
		CHECK(ssa_alloc(fn, NULL, NULL, err, sizeof err) == NULL);
		t_check(strstr(err, "uid 3: operand 0 (p1) is tied to two "
				    "values, p1 and p2") != NULL,
			__FILE__, __LINE__, "message: %s", err);
		irfile_free(&f);
	}
	/* a general value tied to an SSE def */
	fn = t_fn("func x\n"
		  "  pseudo p1 gpr 8\n"
		  "  pseudo p2 sse 16\n"
		  "b2:\n"
		  "  1: copy =p1, %di\n"
		  "  2: ord \"*vec_dupv4si\" =p2, p1[0,4] ^0\n"
		  "  3: copy =%xmm0, p2\n"
		  "  4: ret %xmm0\n"
		  "end\n",
		  &f);
	if (fn) {
		CHECK(ssa_alloc(fn, NULL, NULL, err, sizeof err) == NULL);
		t_check(strstr(err, "(p1, gpr) is tied to operand 0 (p2, sse)") !=
				NULL,
			__FILE__, __LINE__, "message: %s", err);
		irfile_free(&f);
	}
}

/* With few registers the allocator's spill code (spills and reloads,
 * remats not counted) stays below the spill-everywhere baseline's. */
static void case_baseline(void)
{
	long ours = 0, base = 0;
	int n = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		GenOpts o = gen_defaults(seed, 300);
		Fn *fn = gen_function("g", &o);
		AllocOpts ao = {.nregs = {6, 0}};
		AllocStats st, bs;
		char err[512];
		Fn *al = ssa_alloc(fn, &ao, &st, err, sizeof err);
		Fn *be = spill_everywhere(fn, err, sizeof err);
		if (al && be) {
			alloc_count(be, &bs);
			ours += st.spills.n + st.reloads.n;
			base += bs.spills.n + bs.reloads.n;
			n++;
		}
		fn_free(al);
		fn_free(be);
		fn_free(fn);
	}
	CHECK(n >= 30);
	t_check(ours * 3 < base, __FILE__, __LINE__,
		"spill code %ld, baseline %ld", ours, base);
}

/* ssara alloc: the allocated functions as IR text (parseable), stats and
 * verdicts as comments; exit 1 when a function is not allocated; 2 on a
 * bad option. */
static void case_cli(void)
{
	char cmd[2048];
	int st;
	snprintf(cmd, sizeof cmd,
		 "%s alloc --verify --stats --regs 6 %s/testsuite/ir/gcd.ir "
		 "%s/testsuite/ir/swap.ir",
		 t_ssara_bin(), t_srcdir(), t_srcdir());
	char *out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 0);
	CHECK(strstr(out, "# gcd: verified") != NULL);
	CHECK(strstr(out, "# swap: verified") != NULL);
	CHECK(strstr(out, "# gcd: registers gpr 6 sse 16") != NULL);
	CHECK(strstr(out, "baseline spill_everywhere: spills") != NULL);
	CHECK(strstr(out, "func gcd allocated") != NULL);
	IrFile f;
	if (t_parse(out, &f)) {
		CHECK_INT(f.nfn, 2);
		CHECK(f.nfn == 2 && f.fn[0]->allocated);
		irfile_free(&f);
	}
	free(out);
	snprintf(cmd, sizeof cmd, "%s alloc --regs 0 %s/testsuite/ir/gcd.ir",
		 t_ssara_bin(), t_srcdir());
	out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 2);
	free(out);
	snprintf(cmd, sizeof cmd, "%s alloc --regs 1 %s/testsuite/ir/gcd.ir",
		 t_ssara_bin(), t_srcdir());
	out = t_run_cmd(cmd, &st);
	CHECK_INT(st, 1);
	CHECK(strstr(out, "# gcd: not allocated") != NULL);
	free(out);
}

/* The spill code of file (relative to the source root) allocated with
 * nregs general registers and verified, or -1 (the case fails) when it
 * is not. */
static int spills_at(const char *file, int nregs, int *reloads)
{
	Fn *orig = t_load_fn(file);
	if (!orig)
		return -1;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, nregs, true, &st);
	fn_free(orig);
	if (!fn)
		return -1;
	fn_free(fn);
	*reloads = (int)st.reloads.n;
	return (int)st.spills.n;
}

/* Parses file (a path below the source tree) into f; false, with a
 * failed check naming the parse error, when it does not parse. */
static bool load_ir(const char *file, IrFile *f)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", t_srcdir(), file);
	IrError e;
	return t_check(ir_parse_file(path, target_x86_64(), f, &e), __FILE__,
		       __LINE__, "%s", e.msg);
}

/* The moves of every function of file allocated with nregs general
 * registers and verified (a failure fails the case), in out[]. */
static void moves_of(const char *file, int nregs, int *out, int max)
{
	IrFile f;
	if (!load_ir(file, &f))
		return;
	for (int k = 0; k < f.nfn && k < max; k++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(f.fn[k], nregs, true, &st);
		out[k] = fn ? (int)(st.moves.n + st.spills.n + st.reloads.n) : -1;
		fn_free(fn);
	}
	irfile_free(&f);
}

/* A read tied to a def of the other class whose constraint admits that
 * class: one move into the other class, at every register count, also
 * for the low 4 bytes of an integer read in an SSE register (dupw; with
 * the move's destination changed to another SSE register, a violation);
 * without the constraint no allocation can pass the checker, refused,
 * and so is a part at another offset. */
static void case_cross_class_tie(void)
{
	int nregs[] = {0, 8, 6, 4};
	for (int r = 0; r < 4; r++) {
		int m[3] = {-1, -1, -1};
		moves_of("testsuite/ir/alloc/cross_class_tie.ir", nregs[r], m,
			 3);
		CHECK(m[0] == 1);
		CHECK(m[1] == 1);
		CHECK(m[2] == 1);
	}
	IrFile g;
	if (load_ir("testsuite/ir/alloc/cross_class_tie.ir", &g)) {
		Fn *fn = g.nfn == 3 ? t_alloc_verified(g.fn[2], 0, true, NULL)
				    : NULL;
		Ins *mv = NULL;
		for (Ins *i = fn ? fn->blk[0]->first : NULL; i; i = i->next)
			if (i->kind == IK_MOVE)
				mv = i;
		if (CHECK(mv != NULL && mv->ops[0].loc.kind == LOC_REG)) {
			/* into another SSE register than the one read */
			mv->ops[0].loc.num = mv->ops[0].loc.num == R_XMM0 + 1
						     ? R_XMM0 + 2
						     : R_XMM0 + 1;
			CHECK(t_verdict(g.fn[2], fn) == VERDICT_VIOLATION);
		}
		fn_free(fn);
		irfile_free(&g);
	}
	IrFile h;
	Fn *hf = t_fn("func t\n"
		      "  pseudo p6 gpr 8\n"
		      "  pseudo p7 sse 16\n"
		      "b2:\n"
		      "  1: copy =p6, %di\n"
		      "  2: ord \"*vec_dupv4si\" =p7, p6[4,4] {xmm0-xmm15} ^0\n"
		      "  3: copy =%xmm0, p7\n"
		      "  4: ret %xmm0\n"
		      "end\n",
		      &h);
	if (hf) {
		char err[512] = "";
		CHECK(ssa_alloc(hf, NULL, NULL, err, sizeof err) == NULL);
		CHECK(strstr(err, "a part of a value read in the other class") !=
		      NULL);
		irfile_free(&h);
	}
	IrFile f;
	Fn *fn = t_fn("func t\n"
		      "  pseudo p2 gpr 8\n"
		      "  pseudo p3 sse 16\n"
		      "b2:\n"
		      "  1: copy =p2, %di\n"
		      "  2: ord \"*vec_dupv2di\" =p3, p2 ^0\n"
		      "  3: copy =%xmm0, p3\n"
		      "  4: ret %xmm0\n"
		      "end\n",
		      &f);
	if (fn) {
		char err[512] = "";
		CHECK(ssa_alloc(fn, NULL, NULL, err, sizeof err) == NULL);
		CHECK(strstr(err, "admits no sse register") != NULL);
		irfile_free(&f);
	}
}

/* Former refusals, each at the register counts where it was refused,
 * allocated and verified with the spill code the files' comments
 * derive. */
static void case_former_refusals(void)
{
	int r = -1;
	/* si preserved by the call but holding its argument: with 6
	 * registers one register (bx) for two values across the call */
	CHECK(spills_at("testsuite/ir/alloc/call_arg_preserved.ir", 6, &r) ==
	      1);
	CHECK(r == 1);
	/* with 8, bx and bp: nothing to spill */
	CHECK(spills_at("testsuite/ir/alloc/call_arg_preserved.ir", 8, &r) ==
	      0);
	CHECK(r == 0);
	/* an early clobber tied to a dying read adds no pressure */
	CHECK(spills_at("testsuite/ir/alloc/early_tied_pair.ir", 4, &r) == 0);
	CHECK(r == 0);
}

/* A part of an SSE value that is not one of its words (`p87[4,4]`) read
 * by a general-register instruction tied to its def: no general
 * register pair holding p87 has those bytes at the start of a register;
 * refused with that reason.  (The words themselves are allocated:
 * case_cross_word, and their low bytes: case_cross_word_low.) */
static void case_cross_class_part(void)
{
	IrFile f;
	Fn *fn = t_fn("func t\n"
		      "  pseudo p87 sse 16\n"
		      "  pseudo p91 gpr 4\n"
		      "  pseudo p99 gpr 8\n"
		      "  pseudo p100 gpr 8\n"
		      "b2:\n"
		      "  31: copy =p99, %si\n"
		      "  32: copy =p100, %dx\n"
		      "  27: ord \"clobber\" =p87\n"
		      "  28: ord \"*movdi_internal\" +p87[0,8], p99\n"
		      "  29: ord \"*movdi_internal\" +p87[8,8], p100\n"
		      "  11: ord \"*lshrsi3_1\" =p91 mem, p87[4,4] "
		      "{ax,dx,cx,bx,si,di,bp,r8-r15} ^0, $32 clobber {flags}\n"
		      "  22: copy =%ax, p91\n"
		      "  23: ret %ax\n"
		      "end\n",
		      &f);
	if (fn) {
		char err[512] = "";
		CHECK(ssa_alloc(fn, NULL, NULL, err, sizeof err) == NULL);
		CHECK(strstr(err, "a part of a value read in the other class") !=
		      NULL);
		irfile_free(&f);
	}
}

static Ins *uid_ins(Fn *fn, int uid);
static bool same_behaviour(const Fn *orig, const Fn *alloc);

/* Whether some violation of v has text containing what. */
static bool viol_says(const VerifyResult *v, const char *what)
{
	for (int k = 0; k < v->nviol; k++)
		if (v->viol[k].text && strstr(v->viol[k].text, what))
			return true;
	return false;
}

/* Both words of an SSE value read by general-register instructions tied
 * to their defs (testsuite/ir/alloc/cross_word.ir, dilayout.c foo; the
 * counts derived there): at every register count verified, 1 spill and
 * 2 reloads, and the interpreter sees the same behaviour.  Mutations of
 * the allocation with all registers: the def of 13 (the second word's)
 * and its later reads put in the pair's first register (the low word)
 * is a violation; the reload before 11 and its read at r15 (a pair r15
 * and xmm0, outside the general registers) violate the read's
 * constraint. */
/* A word of an SSE value read by a general-register instruction tied to
 * its def whose constraint is every general register but bp, in a
 * function with a frame pointer (testsuite/ir/alloc/cross_word_fp.ir,
 * seh-xmm-unwind.C main): allocated and verified at every register
 * count, the read of uid 28 in a general register other than bp. */
static void case_cross_word_fp(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/cross_word_fp.ir", &f))
		return;
	for (int r = 0; r < 4; r++) {
		Fn *fn = t_alloc_verified(f.fn[0], nregs[r], true, NULL);
		Ins *i = fn ? uid_ins(fn, 28) : NULL;
		if (CHECK(i != NULL))
			CHECK(i->ops[1].loc.kind == LOC_REG &&
			      i->ops[1].loc.num <= R_R15 &&
			      i->ops[1].loc.num != R_BP &&
			      i->ops[1].loc.num != R_SP);
		fn_free(fn);
	}
	irfile_free(&f);
}

/* Spill code an abnormal critical edge needs, put before the call that
 * ends its source (testsuite/ir/alloc/abnormal_spill.ir, registers1.C
 * foo): allocated and verified at every register count; with 8, 6 and 4
 * registers b4 stores p103 before the call uid 69 (with all of them a
 * callee-saved register is left for p103 across the call, which the
 * unwinder restores on the EH edge: no spill code). */
static void case_abnormal_spill(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/abnormal_spill.ir", &f))
		return;
	for (int r = 0; r < 4; r++) {
		Fn *fn = t_alloc_verified(f.fn[0], nregs[r], true, NULL);
		Ins *call = NULL;
		for (int b = 0; fn && b < fn->nblk; b++)
			for (Ins *i = fn->blk[b]->first; i; i = i->next)
				if (i->uid == 69)
					call = i;
		bool stored = false;
		for (Ins *i = call ? call->prev : NULL; i; i = i->prev)
			if (i->kind == IK_SPILL && i->ops[1].reg == 103)
				stored = true;
		CHECK(call != NULL && (r == 0 || stored));
		fn_free(fn);
	}
	irfile_free(&f);
}

static void case_cross_word(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/cross_word.ir", &f))
		return;
	for (int r = 0; r < 4; r++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(f.fn[0], nregs[r], true, &st);
		if (!CHECK(fn != NULL))
			continue;
		CHECK(st.spills.n == 1 && st.reloads.n == 2);
		CHECK(same_behaviour(f.fn[0], fn));
		fn_free(fn);
	}
	for (int m = 0; m < 2; m++) {
		Fn *fn = t_alloc_verified(f.fn[0], 0, true, NULL);
		Ins *i = fn ? uid_ins(fn, m == 0 ? 13 : 11) : NULL;
		if (!CHECK(i != NULL && i->ops[0].loc.kind == LOC_REG &&
			   i->ops[1].loc.kind == LOC_REG)) {
			fn_free(fn);
			continue;
		}
		if (m == 0) {
			/* the second word's def in the first word's register */
			int p = i->ops[0].reg, from = i->ops[0].loc.num,
			    to = i->ops[1].loc.num;
			for (Ins *x = i; x; x = x->next)
				for (int k = 0; k < x->nops; k++)
					if (x->ops[k].kind == OK_PSEUDO &&
					    x->ops[k].reg == p &&
					    x->ops[k].loc.kind == LOC_REG &&
					    x->ops[k].loc.num == from)
						x->ops[k].loc.num = to;
		} else if (CHECK(i->prev && i->prev->kind == IK_RELOAD)) {
			/* the pair reloaded into r15 and xmm0, read there */
			i->prev->ops[0].loc.num = R_R15;
			i->ops[1].loc.num = R_R15;
		}
		VerifyResult v;
		verify_fn(f.fn[0], fn, &v);
		CHECK(v.verdict == VERDICT_VIOLATION);
		if (m == 1)
			CHECK(viol_says(&v, "at r15: outside its constraint"));
		verify_result_free(&v);
		fn_free(fn);
	}
	irfile_free(&f);
}

/* The low 4 bytes of each word of an SSE value read by general-register
 * instructions tied to their defs (testsuite/ir/alloc/cross_word_low.ir,
 * pr70355.c foo reduced; counts derived there): at every register count
 * verified, 1 spill and 2 reloads, each read from a general register
 * pair (the read's location one general register, the pair's first),
 * the def of 11 in that register and the def of 13 in the one after it,
 * and the interpreter sees the same behaviour.  Mutation: the def of 13
 * and its later reads put in the pair's first register (the low word's
 * bytes, not the second word's) is a violation. */
static void case_cross_word_low(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/cross_word_low.ir", &f))
		return;
	for (int r = 0; r < 4; r++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(f.fn[0], nregs[r], true, &st);
		if (!CHECK(fn != NULL))
			continue;
		CHECK(st.spills.n == 1 && st.reloads.n == 2);
		Ins *lo = uid_ins(fn, 11), *hi = uid_ins(fn, 13);
		if (CHECK(lo && hi && lo->ops[1].loc.kind == LOC_REG &&
			  hi->ops[1].loc.kind == LOC_REG)) {
			CHECK(lo->ops[1].loc.num <= R_R15 &&
			      hi->ops[1].loc.num <= R_R15);
			CHECK(lo->ops[0].loc.num == lo->ops[1].loc.num);
			CHECK(hi->ops[0].loc.num == hi->ops[1].loc.num + 1);
		}
		CHECK(same_behaviour(f.fn[0], fn));
		fn_free(fn);
	}
	Fn *fn = t_alloc_verified(f.fn[0], 0, true, NULL);
	Ins *i = fn ? uid_ins(fn, 13) : NULL;
	if (CHECK(i != NULL && i->ops[0].loc.kind == LOC_REG &&
		  i->ops[1].loc.kind == LOC_REG)) {
		int p = i->ops[0].reg, from = i->ops[0].loc.num,
		    to = i->ops[1].loc.num;
		for (Ins *x = i; x; x = x->next)
			for (int k = 0; k < x->nops; k++)
				if (x->ops[k].kind == OK_PSEUDO &&
				    x->ops[k].reg == p &&
				    x->ops[k].loc.kind == LOC_REG &&
				    x->ops[k].loc.num == from)
					x->ops[k].loc.num = to;
		VerifyResult v;
		verify_fn(f.fn[0], fn, &v);
		CHECK(v.verdict == VERDICT_VIOLATION);
		verify_result_free(&v);
	}
	fn_free(fn);
	irfile_free(&f);
}

/* The uid-th original instruction of fn's first block, or NULL. */
static Ins *uid_ins(Fn *fn, int uid)
{
	for (Ins *i = fn->blk[0]->first; i; i = i->next)
		if (i->uid == uid)
			return i;
	return NULL;
}

/* A tie through the second word of a 16-byte general value
 * (testsuite/ir/alloc/word_tie.ir, counts derived there; pr93335.c f1
 * reduced: `=p7, p5[8,8] ^0`): allocated and verified at every register
 * count, p7 defined in the register of p5's second word (p5's location
 * plus one), no inserted move, no copy left except the 2 of the
 * arguments with 4 registers.  (It was once allocated with p7 in p5's
 * first register, which the checker called verified when it compared
 * ties at the value's first register: tieword.first.ir.)  With p7's
 * def put at p5's first register the result is a violation. */
static void case_tie_second_word(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/word_tie.ir", &f))
		return;
	for (int r = 0; r < 4; r++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(f.fn[0], nregs[r], true, &st);
		if (!fn)
			continue;
		CHECK(st.moves.n == 0 && st.swaps.n == 0 && st.spills.n == 0);
		CHECK(st.copies.n == (nregs[r] == 4 ? 2 : 0));
		Ins *i = uid_ins(fn, 6), *c = uid_ins(fn, 7);
		if (CHECK(i != NULL && c != NULL)) {
			CHECK(i->ops[0].loc.kind == LOC_REG &&
			      i->ops[1].loc.kind == LOC_REG &&
			      i->ops[0].loc.num == i->ops[1].loc.num + 1);
			CHECK(i->ops[1].sub_off == 8 && i->ops[1].sub_size == 8);
			/* the wrong word: p7 in p5's first register */
			i->ops[0].loc.num = i->ops[1].loc.num;
			c->ops[1].loc.num = i->ops[1].loc.num;
			CHECK(t_verdict(f.fn[0], fn) == VERDICT_VIOLATION);
		}
		fn_free(fn);
	}
	irfile_free(&f);
}

/* The extract of a tie through a second word moves nothing when its def
 * can take that word's register (testsuite/ir/alloc/word_tie_extract.ir,
 * counts derived there): 1 move (the 16-byte tie copy) at every
 * register count, 1 copy left with 4 registers; p4 defined at uid 6 in
 * the register after the pair's first.  With p4's def put at the pair's
 * first register, a violation. */
static void case_word_extract(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/word_tie_extract.ir", &f))
		return;
	for (int r = 0; r < 4; r++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(f.fn[0], nregs[r], true, &st);
		if (!CHECK(fn != NULL))
			continue;
		CHECK(st.moves.n == 1 && st.swaps.n == 0 && st.spills.n == 0);
		CHECK(st.copies.n == (nregs[r] == 4 ? 1 : 0));
		Ins *i = uid_ins(fn, 6);
		if (CHECK(i != NULL && i->ops[0].loc.kind == LOC_REG &&
			  i->ops[2].loc.kind == LOC_REG &&
			  i->ops[0].loc.num == i->ops[2].loc.num + 1)) {
			i->ops[0].loc.num = i->ops[2].loc.num;
			CHECK(t_verdict(f.fn[0], fn) == VERDICT_VIOLATION);
		}
		fn_free(fn);
	}
	irfile_free(&f);
}

/* Registers written by the inserted moves of fn (a pseudo's width, one
 * for a hard register). */
static int moved_regs(const Fn *fn)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind != IK_MOVE)
				continue;
			const Op *d = &i->ops[0];
			n += d->kind == OK_PSEUDO
				     ? target_nregs(fn->target,
						    fn->pseudo[d->reg].cls,
						    fn->pseudo[d->reg].size)
				     : 1;
		}
	return n;
}

/* Whether orig and its allocation alloc behave alike (tools/interp.h:
 * the same trace of words read by the original instructions) for 32
 * seeds: an independent check that no word is misplaced. */
static bool same_behaviour(const Fn *orig, const Fn *alloc)
{
	Interp *io = interp_new(orig), *ia = interp_new(alloc);
	bool same = true;
	for (uint64_t seed = 0; seed < 32 && same; seed++) {
		Trace t = {0};
		InterpRun r = {.seed = seed, .salt = 1};
		interp_run(io, &r, &t);
		InterpRun ra = {.seed = seed, .salt = 2, .ref = &t};
		same = interp_run(ia, &ra, NULL);
		trace_free(&t);
	}
	interp_free(io);
	interp_free(ia);
	return same;
}

/* The allocation of wide_room.ir at 4 registers moves p5's words one
 * register at a time (`move =%bx, %cx`, `move =%cx, %dx`: cx:bx gets
 * dx:cx in order).  With the two moves' sources exchanged the words land
 * swapped: the interpreter sees another behaviour, and the checker's
 * word facts (docs/VERIFY.md "Words of a wide value") must call it a
 * violation; the allocation as made stays verified. */
static void swapped_words(const Fn *orig, Fn *fn)
{
	Ins *m[2];
	int n = 0;
	for (Ins *i = fn->blk[0]->first; i; i = i->next)
		if (i->kind == IK_MOVE && i->ops[0].kind == OK_HREG && n < 2)
			m[n++] = i;
	if (!CHECK(n == 2))
		return;
	CHECK(m[0]->ops[1].kind == OK_HREG && m[1]->ops[1].kind == OK_HREG);
	Op t = m[0]->ops[1];
	m[0]->ops[1] = m[1]->ops[1];
	m[1]->ops[1] = t;
	CHECK(!same_behaviour(orig, fn));
	CHECK(t_verdict(orig, fn) == VERDICT_VIOLATION);
	t = m[0]->ops[1];
	m[0]->ops[1] = m[1]->ops[1];
	m[1]->ops[1] = t;
	CHECK(t_verdict(orig, fn) == VERDICT_VERIFIED);
}

/* An inserted 16-byte copy that needs room (testsuite/ir/alloc/
 * wide_room.ir, counts derived there): verified at every register
 * count; the inserted moves write 2 registers with 8 or more, and 6,
 * and 4 at 4 registers (where it was refused: the two free registers
 * were not adjacent).  Without the first inserted move the result is a
 * violation, and at 4 registers so is the register-by-register move
 * with its sources exchanged (swapped_words). */
static void case_wide_room(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/wide_room.ir", &f))
		return;
	for (int r = 0; r < 4; r++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(f.fn[0], nregs[r], true, &st);
		if (!fn)
			continue;
		CHECK(st.spills.n == 0 && st.swaps.n == 0);
		CHECK_INT(moved_regs(fn), nregs[r] == 4 ? 4 : 2);
		/* the words moved register by register land right */
		CHECK(same_behaviour(f.fn[0], fn));
		if (nregs[r] == 4)
			swapped_words(f.fn[0], fn);
		Ins *mv = fn->blk[0]->first;
		while (mv && mv->kind != IK_MOVE)
			mv = mv->next;
		if (CHECK(mv != NULL)) {
			ins_remove(fn->blk[0], mv);
			CHECK(t_verdict(f.fn[0], fn) == VERDICT_VIOLATION);
		}
		fn_free(fn);
	}
	irfile_free(&f);
}

/* A 16-byte value moved in a cycle through a register pair
 * (testsuite/ir/alloc/pair_cycle.ir, the copy derived there): split
 * into register parts, one cycle of four registers, 3 swaps and no move
 * at every register count; the swaps name hard registers for the parts
 * (`swap +%ax, ...`).  Without the second swap the result is a
 * violation (p1's part in dx and p3 in bx are not where uid 4 reads
 * them). */
static void case_pair_cycle(void)
{
	int nregs[] = {0, 8, 6, 4};
	Fn *orig = t_load_fn("testsuite/ir/alloc/pair_cycle.ir");
	if (!orig)
		return;
	for (int r = 0; r < 4; r++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(orig, nregs[r], true, &st);
		if (!fn)
			continue;
		CHECK(st.swaps.n == 3);
		CHECK(st.moves.n == 0);
		int hreg = 0, nswap = 0;
		Blk *b = fn->blk[0];
		Ins *second = NULL;
		for (Ins *i = b->first; i; i = i->next)
			if (i->kind == IK_SWAP) {
				if (++nswap == 2)
					second = i;
				hreg += i->ops[0].kind == OK_HREG ||
					i->ops[1].kind == OK_HREG;
			}
		CHECK(hreg >= 1);
		if (second) {
			ins_remove(b, second);
			CHECK(t_verdict(orig, fn) == VERDICT_VIOLATION);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* Partial defs whose part is read in place from another value
 * (testsuite/ir/alloc/partial_def.ir, counts derived there): 1 inserted
 * move each at every register count, for slp a partial move of 2 bytes
 * (`move =p3[0,2] ...`), for word a move of one register into the first
 * register of p5's pair (`move =%R, p4 ...`), for word2 into the second
 * (p5's location at uid 5 plus one).  Without that move the result is a
 * violation; for word2, with the move into p5's first register too. */
static void case_partial_def(void)
{
	int nregs[] = {0, 8, 6, 4};
	IrFile f;
	if (!load_ir("testsuite/ir/alloc/partial_def.ir", &f))
		return;
	CHECK(f.nfn == 3);
	for (int k = 0; k < f.nfn && k < 3; k++)
		for (int r = 0; r < 4; r++) {
			AllocStats st;
			Fn *fn = t_alloc_verified(f.fn[k], nregs[r], true, &st);
			if (!fn)
				continue;
			CHECK(st.moves.n == 1);
			CHECK(st.spills.n == 0 && st.swaps.n == 0);
			Blk *b = fn->blk[0];
			Ins *mv = NULL;
			for (Ins *i = b->first; i; i = i->next)
				if (i->kind == IK_MOVE)
					mv = i;
			if (CHECK(mv != NULL)) {
				if (k == 0)
					CHECK(mv->ops[0].kind == OK_PSEUDO &&
					      mv->ops[0].sub_off == 0 &&
					      mv->ops[0].sub_size == 2);
				else
					CHECK(mv->ops[0].kind == OK_HREG);
				Ins *pd = uid_ins(fn, 5);
				if (k == 2 && CHECK(pd != NULL)) {
					int base = pd->ops[0].loc.num;
					CHECK(mv->ops[0].reg == base + 1);
					CHECK(pd->ops[1].loc.num == base + 1);
					/* the wrong word: into the first register */
					mv->ops[0].reg = base;
					pd->ops[1].loc.num = base;
					CHECK(t_verdict(f.fn[k], fn) == VERDICT_VIOLATION);
				}
				ins_remove(b, mv);
				CHECK(t_verdict(f.fn[k], fn) == VERDICT_VIOLATION);
			}
			fn_free(fn);
		}
	irfile_free(&f);
}

/* A word of a pair rewritten in place from a word of another pair
 * (testsuite/ir/alloc/partial_pair_word.ir, counts derived there): 1
 * inserted move at every register count, of one register, from the
 * register of p2's second word (p2's location at uid 5 plus one) into
 * the def's register at uid 8, which reads p2[8,8] there alone.  The
 * move from p2's first register (the wrong word), or no move, is a
 * violation. */
static void case_partial_pair_word(void)
{
	int nregs[] = {0, 8, 6, 4};
	Fn *orig = t_load_fn("testsuite/ir/alloc/partial_pair_word.ir");
	if (!orig)
		return;
	for (int r = 0; r < 4; r++) {
		AllocStats st;
		Fn *fn = t_alloc_verified(orig, nregs[r], true, &st);
		if (!fn)
			continue;
		CHECK(st.moves.n == 1);
		CHECK(st.spills.n == 0 && st.reloads.n == 0 &&
		      st.swaps.n == 0);
		Blk *b = fn->blk[0];
		Ins *mv = NULL, *p5 = uid_ins(fn, 5), *pd = uid_ins(fn, 8);
		for (Ins *i = b->first; i; i = i->next)
			if (i->kind == IK_MOVE)
				mv = i;
		if (CHECK(mv != NULL && p5 != NULL && pd != NULL)) {
			int q = p5->ops[0].loc.num, d = pd->ops[0].loc.num;
			CHECK(mv->ops[0].kind == OK_HREG &&
			      mv->ops[0].reg == d);
			CHECK(mv->ops[1].kind == OK_HREG &&
			      mv->ops[1].reg == q + 1);
			CHECK(pd->ops[1].loc.num == d &&
			      (pd->ops[1].flags & OF_WORD));
			mv->ops[1].reg = q; /* the wrong word */
			CHECK(t_verdict(orig, fn) == VERDICT_VIOLATION);
			ins_remove(b, mv);
			CHECK(t_verdict(orig, fn) == VERDICT_VIOLATION);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* A 16-byte def tied to an 8-byte read, a value living through it
 * (testsuite/ir/alloc/wide_tie_through.ir, pr54471.c foo's shape): at
 * every register count verified, p2 read at 4 outside ax and dx (the
 * product's pair from ax).  Every p2 location (and p6's, tied to it)
 * put in dx, where p2 arrives, is a violation: dx then holds the
 * product's high word at 4. */
static void case_wide_tie_through(void)
{
	int nregs[] = {0, 8, 6, 4};
	Fn *orig = t_load_fn("testsuite/ir/alloc/wide_tie_through.ir");
	if (!orig)
		return;
	for (int r = 0; r < 4; r++) {
		Fn *fn = t_alloc_verified(orig, nregs[r], true, NULL);
		if (!fn)
			continue;
		Ins *i4 = uid_ins(fn, 4), *i5 = uid_ins(fn, 5);
		if (CHECK(i4 != NULL && i5 != NULL)) {
			int l = i4->ops[1].loc.num;
			CHECK(i4->ops[1].loc.kind == LOC_REG && l != R_AX &&
			      l != R_DX);
			for (Ins *i = fn->blk[0]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++)
					if (i->ops[k].kind == OK_PSEUDO &&
					    i->ops[k].reg == 2)
						i->ops[k].loc.num = R_DX;
			i4->ops[0].loc.num = R_DX;
			i5->ops[1].loc.num = R_DX;
			CHECK(t_verdict(orig, fn) == VERDICT_VIOLATION);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* An IR case whose mark on instruction uid saves moves: allocated (all
 * registers, verified) with no move, the result checked by check(uid's
 * allocated instruction); then with unmark(uid's original instruction)
 * applied, exactly `without` moves. */
static void mark_saves_moves(const char *path, int uid,
			     void (*check)(const Ins *), void (*unmark)(Ins *),
			     int without)
{
	Fn *orig = t_load_fn(path);
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		CHECK_INT(st.moves.n, 0);
		const Ins *i = t_by_uid(fn, uid, NULL);
		if (CHECK(i != NULL))
			check(i);
		fn_free(fn);
	}
	Ins *o = t_by_uid(orig, uid, NULL);
	if (CHECK(o != NULL)) {
		unmark(o);
		fn = t_alloc_verified(orig, 0, true, &st);
		if (fn) {
			CHECK_INT(st.moves.n, without);
			fn_free(fn);
		}
	}
	fn_free(orig);
}

/* soft_tie.ir's uid 2: p1 and p2 in two registers. */
static void soft_apart(const Ins *i)
{
	CHECK_INT(i->ops[0].loc.kind, LOC_REG);
	CHECK_INT(i->ops[1].loc.kind, LOC_REG);
	CHECK(i->ops[0].loc.num != i->ops[1].loc.num);
}

static void soft_unmark(Ins *i)
{
	i->ops[1].flags &= (uint8_t)~OF_SOFT;
}

/* soft_tie.ir (all registers): uid 2's soft tie is dropped instead of
 * a move of p1, which lives on; a hard tie needs the move. */
static void case_soft_tie(void)
{
	mark_saves_moves("testsuite/ir/alloc/soft_tie.ir", 2, soft_apart,
			 soft_unmark, 1);
}

/* comm_swap.ir's uid 3 and mirror.ir's uid 6: p2 read tied, in the
 * def's register, p1 the other read. */
static void p2_tied(const Ins *i)
{
	CHECK_INT(i->ops[1].reg, 2);
	CHECK_INT(i->ops[2].reg, 1);
	CHECK(i->ops[0].loc.kind == LOC_REG &&
	      i->ops[0].loc.num == i->ops[1].loc.num);
}

static void comm_unmark(Ins *i)
{
	i->flags &= (uint16_t)~INS_COMM;
}

/* comm_swap.ir (all registers): uid 3 reads its commutative pair
 * exchanged, p2 tied, instead of a move of p1, which lives on; without
 * the mark [comm 1] the move is there. */
static void case_comm_swap(void)
{
	mark_saves_moves("testsuite/ir/alloc/comm_swap.ir", 3, p2_tied,
			 comm_unmark, 1);
}

/* comm_part.ir (all registers): the same with the pair's low words,
 * p2[0,4] tied instead of a move of p1. */
static void case_comm_part(void)
{
	mark_saves_moves("testsuite/ir/alloc/comm_part.ir", 3, p2_tied,
			 comm_unmark, 1);
}

/* comm_low.ir (all registers): a whole 4-byte value and another's low
 * word, exchanged with their parts: p2[0,4] tied instead of a move of
 * p1. */
static void case_comm_low(void)
{
	mark_saves_moves("testsuite/ir/alloc/comm_low.ir", 3, p2_tied,
			 comm_unmark, 1);
	Fn *orig = t_load_fn("testsuite/ir/alloc/comm_low.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		const Ins *i = t_by_uid(fn, 3, NULL);
		if (CHECK(i != NULL)) {
			CHECK_INT(i->ops[1].sub_size, 4);
			CHECK_INT(i->ops[2].sub_size, 0);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* comm_acc.ir's uid 4: p1 (the accumulator) read tied, in the def's
 * register, p2 the other read. */
static void comm_acc_tied(const Ins *i)
{
	CHECK_INT(i->ops[1].reg, 1);
	CHECK_INT(i->ops[2].reg, 2);
	CHECK(i->ops[0].loc.kind == LOC_REG &&
	      i->ops[0].loc.num == i->ops[1].loc.num);
}

/* comm_acc.ir (all registers): the accumulator `x = y + x`, y tied,
 * both reads dying, is read exchanged (x tied, although only y's
 * position accepts memory): no move on the back edge; without the mark
 * [comm 1], one.  The checker holds each position to its own
 * constraints: the exchanged reads with the accumulator in the other
 * value's register are a violation. */
static void case_comm_acc(void)
{
	mark_saves_moves("testsuite/ir/alloc/comm_acc.ir", 4, comm_acc_tied,
			 comm_unmark, 1);
	Fn *orig = t_load_fn("testsuite/ir/alloc/comm_acc.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		Ins *i = (Ins *)t_by_uid(fn, 4, NULL);
		if (CHECK(i != NULL)) {
			Loc x = i->ops[1].loc;
			i->ops[1].loc = i->ops[2].loc;
			i->ops[0].loc = i->ops[2].loc;
			CHECK(t_verdict(orig, fn) == VERDICT_VIOLATION);
			i->ops[0].loc = x;
			i->ops[1].loc = x;
			CHECK(t_verdict(orig, fn) == VERDICT_VERIFIED);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

static void mirror_unmark(Ins *i)
{
	i->flags &= (uint16_t)~INS_MIRROR;
}

/* mirror.ir (all registers): the conditional move whose tied source
 * lives on takes the other alternative [mirror 1], the dying source
 * tied: no move; without the mark, two (p1's copy, p2's back edge).
 * The checker accepts either alternative's ties and no def where
 * neither puts it: the def moved to p1's register (which p1 still
 * needs) is a violation. */
static void case_mirror(void)
{
	mark_saves_moves("testsuite/ir/alloc/mirror.ir", 6, p2_tied,
			 mirror_unmark, 2);
	Fn *orig = t_load_fn("testsuite/ir/alloc/mirror.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		Ins *i = (Ins *)t_by_uid(fn, 6, NULL);
		if (CHECK(i != NULL)) {
			Loc d = i->ops[0].loc;
			i->ops[0].loc = i->ops[2].loc;
			CHECK(t_verdict(orig, fn) == VERDICT_VIOLATION);
			i->ops[0].loc = d;
			CHECK(t_verdict(orig, fn) == VERDICT_VERIFIED);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* tie_split.ir (all registers, full pressure): p170, shifted by a count
 * in cx while it lives on, is moved once, by its tie's copy; the other
 * moves (p101 between ax and dx around the division, p99 into ax) do
 * not involve it.  Verified. */
static void case_tie_split(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/tie_split.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		int n = 0;
		for (int b = 0; b < fn->nblk; b++)
			for (const Ins *i = fn->blk[b]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++)
					n += (i->kind == IK_MOVE ||
					      i->kind == IK_SWAP) &&
					     i->ops[k].kind == OK_PSEUDO &&
					     i->ops[k].reg == 170 &&
					     (i->ops[k].flags & OF_DEF);
		CHECK_INT(n, 1);
		fn_free(fn);
	}
	fn_free(orig);
}

/* Values loaded from the constant pool across a call (no callee-saved
 * SSE register): 3 remats (p1 and p2 in b3, p2 on the edge to b4), each
 * naming its own pool entry, and no spill or reload
 * (testsuite/ir/alloc/remat_pool.ir). */
static void case_remat_pool(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/remat_pool.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	fn_free(orig);
	if (!fn)
		return;
	CHECK(st.remats.n == 3);
	CHECK(st.spills.n == 0 && st.reloads.n == 0);
	int lc0 = 0, lc1 = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind != IK_REMAT)
				continue;
			CHECK(i->nops == 2 && i->ops[1].kind == OK_MEMSYM);
			if (i->nops != 2 || i->ops[1].kind != OK_MEMSYM)
				continue;
			int p = i->ops[0].reg;
			const char *want = p == 1 ? ".LC0" : ".LC1";
			CHECK(strcmp(i->ops[1].sym, want) == 0);
			lc0 += p == 1;
			lc1 += p == 2;
		}
	CHECK(lc0 == 1 && lc1 == 2);
	fn_free(fn);
}

/* fixed_regs.ir (counts derived there): with bx, bp, r12-r15 fixed, 3
 * spills and 3 reloads and no location in a fixed register; with the
 * same function unfixed, no spill code, and that allocation (twelve
 * values in twelve registers, so some in the fixed ones) is a violation
 * of the fixed function. */
static void case_fixed_regs(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/fixed_regs.ir");
	if (!orig)
		return;
	RegSet fixed = orig->fixed;
	CHECK(fixed == (RS_BIT(R_BX) | RS_BIT(R_BP) | RS_BIT(R_R12) |
			RS_BIT(R_R13) | RS_BIT(R_R14) | RS_BIT(R_R15)));
	AllocOpts o = {0};
	AllocStats st;
	Fn *fn = t_alloc_opts_verified(orig, &o, &st);
	if (fn) {
		CHECK_INT(st.spills.n, 3);
		CHECK_INT(st.reloads.n, 3);
		int in_fixed = 0;
		for (int b = 0; b < fn->nblk; b++)
			for (Ins *i = fn->blk[b]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++)
					in_fixed += i->ops[k].loc.kind == LOC_REG &&
						    RS_HAS(fixed,
							   i->ops[k].loc.num);
		CHECK_INT(in_fixed, 0);
		fn_free(fn);
	}
	Fn *free_fn = fn_copy(orig);
	free_fn->fixed = 0;
	fn = t_alloc_opts_verified(free_fn, &o, &st);
	if (fn) {
		CHECK_INT(st.spills.n + st.reloads.n, 0);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
		fn_free(fn);
	}
	fn_free(free_fn);
	fn_free(orig);
}

/* eh_def_into_pad.ir: a landing pad reads p2, which the throwing load
 * overwrites and which had a value before it: refused with its reason,
 * at all registers and at 4. */
static void case_eh_def_into_pad(void)
{
	t_check_refused("testsuite/ir/refuse/eh_def_into_pad.ir",
			"b2 uid 3: p2 is written by a throwing instruction and "
			"read in its landing pad (where the write did not "
			"happen)");
}

/* tie_fixed.ir: a read tied to a def of bx, which -ffixed-rbx keeps from
 * every allocation: refused with its reason (it used to be allocated in
 * another register, a violation). */
static void case_tie_fixed(void)
{
	t_check_refused("testsuite/ir/refuse/tie_fixed.ir",
			"b2 uid 3: operand 1 (p2) is tied to %bx, which is "
			"not allocatable");
}

/* ---- Sparse pseudo numbers (core/ir.h "Dense pseudo numbers") -------- */

static const char sparse_orig[] =
	"func big\n  pseudo p1 gpr 8\n  pseudo p16777215 gpr 8\n"
	"b2: freq=1000 depth=0\n"
	"  1: copy =p1, %di\n  2: copy =p16777215, %si\n"
	"  3: ord \"*adddi_1\" =p1, p1 ^0, p16777215 clobber {flags}\n"
	"  4: copy =%ax, p1\n  5: ret %ax\nend\n";

/* p16777215 read at uid 3 from cx, which holds its entry value. */
static const char sparse_wrong[] =
	"func big allocated\n  pseudo p1 gpr 8\n  pseudo p16777215 gpr 8\n"
	"b2: freq=1000 depth=0\n"
	"  1: copy =p1 @ax, %di\n  2: copy =p16777215 @dx, %si\n"
	"  3: ord \"*adddi_1\" =p1 @ax, p1 ^0 @ax, p16777215 @cx "
	"clobber {flags}\n"
	"  4: copy =%ax, p1 @ax\n  5: ret %ax\nend\n";

static Fn *parse_one(const char *text, IrFile *f)
{
	IrError err;
	if (!t_check(ir_parse("<sparse>", text, strlen(text), target_x86_64(),
			      f, &err),
		     __FILE__, __LINE__, "%s", err.msg))
		return NULL;
	return f->fn[0];
}

/* slot_reads and slot_writes: the operands of the original's
 * instructions located in a stack slot, each weighted by its block's
 * frequency; an inserted reload is a reload, not a slot operand.  By
 * hand:
 *   b2 (freq 10): 1 and 2 store di and si (writes 2); 3 adds ax into
 *                 p2's slot in place (a read and a write)
 *   b3 (freq 20): 4 compares the slot with 0, 5 loads it into ax (reads
 *                 2)
 * reads 3 (w 10 + 20 + 20 = 50), writes 3 (w 30), reloads 1 (w 10). */
static void case_slot_operands(void)
{
	IrFile f;
	Fn *fn = parse_one(
		"func so allocated\n  pseudo p1 gpr 8\n  pseudo p2 gpr 8\n"
		"  slot s0 8\n  slot s1 8\n"
		"b2: freq=10 depth=0 -> b3\n"
		"  1: copy =p1 @s0, %di\n"
		"  2: copy =p2 @s1, %si\n"
		"  reload =p1 @ax, p1 @s0\n"
		"  3: ord \"*adddi_1\" =p2 mem @s1, p2 ^0 @s1, p1 @ax "
		"clobber {flags}\n"
		"b3: freq=20 depth=0\n"
		"  4: ord \"*cmpdi_1\" =%flags, p2 mem @s1, $0\n"
		"  5: copy =%ax, p2 @s1\n"
		"  6: ret %ax\nend\n",
		&f);
	if (!fn)
		return;
	AllocStats st;
	alloc_count(fn, &st);
	CHECK_INT(st.slot_reads.n, 3);
	CHECK_INT(st.slot_reads.w, 50);
	CHECK_INT(st.slot_writes.n, 3);
	CHECK_INT(st.slot_writes.w, 30);
	CHECK_INT(st.reloads.n, 1);
	CHECK_INT(st.reloads.w, 10);
	irfile_free(&f);
}

/* drop_redundant_moves: a move into a register that holds its value
 * already goes; every other stays.  By hand, one block:
 *   move p1 dx <- bp     dx gets bp's value: stays
 *   1: reads p1[0,1] in dx
 *   move p1 bp <- dx     bp still holds it: goes
 *   move p2 cx <- ax     stays
 *   2: p2's part in cx written (partial def): cx holds a new value
 *   move p2 ax <- cx     stays (ax holds the old one)
 *   move p3 si <- di     stays
 *   3: call clobbering si
 *   move p3 di <- si     stays (si clobbered)
 *   4: copy p4 r8 <- p3 di: another pseudo, another value
 *   move p3 r8 <- di     stays (r8 holds p4, for the checker another
 *                        value)
 * 7 moves before, 6 after. */
static void case_redundant_moves(void)
{
	IrFile f;
	Fn *fn = parse_one(
		"func rm allocated\n  pseudo p1 gpr 8\n  pseudo p2 gpr 8\n"
		"  pseudo p3 gpr 8\n  pseudo p4 gpr 8\n"
		"b2: freq=10 depth=0\n"
		"  move =p1 @dx, p1 @bp\n"
		"  1: ord \"u\" p1[0,1] @dx\n"
		"  move =p1 @bp, p1 @dx\n"
		"  move =p2 @cx, p2 @ax\n"
		"  2: ord \"w\" =p2[0,1] @cx\n"
		"  move =p2 @ax, p2 @cx\n"
		"  move =p3 @si, p3 @di\n"
		"  3: call \"f\" clobber {si}\n"
		"  move =p3 @di, p3 @si\n"
		"  4: copy =p4 @r8, p3 @di\n"
		"  move =p3 @r8, p3 @di\n"
		"  5: ret\nend\n",
		&f);
	if (!fn)
		return;
	drop_redundant_moves(fn);
	int n = 0;
	const Ins *gone = NULL;
	for (const Ins *i = fn->blk[0]->first; i; i = i->next)
		if (i->kind == IK_MOVE)
			n++;
	CHECK_INT(n, 6);
	/* the one removed is the move back after uid 1 */
	gone = t_by_uid(fn, 1, NULL);
	if (CHECK(gone != NULL))
		CHECK(gone->next && gone->next->kind == IK_MOVE &&
		      gone->next->ops[0].loc.num == R_CX);
	irfile_free(&f);
}

/* A function naming p16777215 is allocated and checked on densely
 * renamed copies (in well under a gigabyte, bench/RESULTS.md "Hostile
 * input"), and the results name the pseudos as the input did. */
static void case_sparse(void)
{
	IrFile f, g;
	Fn *orig = parse_one(sparse_orig, &f);
	if (!orig)
		return;
	CHECK(fn_sparse(orig));
	AllocOpts o = {.nregs = {2, 0}};
	char err[256] = "";
	Fn *a = ssa_alloc(orig, &o, NULL, err, sizeof err);
	if (t_check(a != NULL, __FILE__, __LINE__, "refused: %s", err)) {
		bool named = false;
		for (const Ins *i = a->blk[0]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				named |= i->ops[k].kind == OK_PSEUDO &&
					 i->ops[k].reg == 16777215;
		CHECK(named);
		CHECK_INT(a->npseudo, 16777216);
		CHECK_INT(t_verdict(orig, a), VERDICT_VERIFIED);
		fn_free(a);
	}
	Fn *w = parse_one(sparse_wrong, &g);
	if (w) {
		VerifyResult r;
		verify_fn(orig, w, &r);
		CHECK_INT(r.verdict, VERDICT_VIOLATION);
		if (r.nviol == 1) {
			CHECK_INT(r.viol[0].exp_pseudo, 16777215);
			CHECK(strstr(r.viol[0].text,
				     "operand 2 (p16777215) at cx holds {%cx}") !=
			      NULL);
		}
		CHECK_INT(r.nviol, 1);
		verify_result_free(&r);
		irfile_free(&g);
	}
	irfile_free(&f);
}

/* pmap_text renames "pN" names, not "pN" inside other words. */
static void case_pmap_text(void)
{
	PseudoMap m = {.nnew = 2, .to_old = (int[]){7, 16777215}};
	char *t = pmap_text(&m, "p1 (p0) at ax; $p1, xp0, p_1, p2, p0x, p1:w1");
	CHECK_STR(t, "p16777215 (p7) at ax; $p1, xp0, p_1, p2, p0x, "
		     "p16777215:w1");
	free(t);
}

void suite_alloc(void)
{
	t_case("alloc: a landing pad reading what the throwing instruction "
	       "overwrote is refused",
	       case_eh_def_into_pad);
	t_case("alloc: a read tied to a fixed register is refused",
	       case_tie_fixed);
	t_case("alloc: registers the user fixed are never allocated",
	       case_fixed_regs);
	t_case("alloc: a part of a value tied across classes is refused",
	       case_cross_class_part);
	t_case("alloc: both words of an SSE value read by tied integer "
	       "instructions, through memory", case_cross_word);
	t_case("alloc: the low 4 bytes of each word of an SSE value read by "
	       "tied integer instructions", case_cross_word_low);
	t_case("alloc: a word of an SSE value read by a tied integer "
	       "instruction with a frame pointer", case_cross_word_fp);
	t_case("alloc: spill code of an abnormal critical edge before the "
	       "call", case_abnormal_spill);
	t_case("alloc: a tie through a second word, in that word's register",
	       case_tie_second_word);
	t_case("alloc: a second word's extract coloured in the word's "
	       "register (no move)", case_word_extract);
	t_case("alloc: a 16-byte value in a cycle through a register pair",
	       case_pair_cycle);
	t_case("alloc: an inserted 16-byte copy makes room for its pair",
	       case_wide_room);
	t_case("alloc: partial defs read in place from another value",
	       case_partial_def);
	t_case("alloc: a word of a pair rewritten from a word of another "
	       "pair", case_partial_pair_word);
	t_case("alloc: a value living through a 16-byte def tied to an "
	       "8-byte read", case_wide_tie_through);
	t_case("alloc: constant-pool values rematerialized across a call",
	       case_remat_pool);
	t_case("alloc: a commutative pair exchanged instead of a move",
	       case_comm_swap);
	t_case("alloc: a commutative pair of low words exchanged",
	       case_comm_part);
	t_case("alloc: a whole value and a low word exchanged",
	       case_comm_low);
	t_case("alloc: an accumulator's commutative reads exchanged",
	       case_comm_acc);
	t_case("alloc: a tie's copy leaves the value's register alone",
	       case_tie_split);
	t_case("alloc: a conditional move takes its mirrored alternative",
	       case_mirror);
	t_case("alloc: a soft tie dropped instead of a move", case_soft_tie);
	t_case("alloc: IR cases, all registers, verified", case_ir_all);
	t_case("alloc: IR cases, 8 general registers, verified", case_ir_8);
	t_case("alloc: IR cases, 6 general registers, verified", case_ir_6);
	t_case("alloc: IR cases, 4 general registers, verified", case_ir_4);
	t_case("alloc: 200 generated functions, all registers, verified",
	       case_gen_all);
	t_case("alloc: 200 generated functions, 4 general registers, verified",
	       case_gen_4);
	t_case("alloc: limited register sets keep fixed registers",
	       case_regset);
	t_case("alloc: limited sets keep a tied hard register and whole "
	       "pairs", case_regset_levels);
	t_case("alloc: register pairs broken by incoming arguments",
	       case_pairs_split);
	t_case("alloc: impossible inputs refused with the reason", case_errors);
	t_case("alloc: x87 values are allocated", case_x87_allocated);
	t_case("alloc: copies kept are register-to-register", case_copies_kept);
	t_case("alloc: operands in stack slots counted", case_slot_operands);
	t_case("alloc: a move into a register holding its value goes",
	       case_redundant_moves);
	t_case("alloc: spill code below the spill-everywhere baseline",
	       case_baseline);
	t_case("alloc: ssara alloc", case_cli);
	t_case("alloc: huge pseudo numbers renamed densely", case_sparse);
	t_case("alloc: pseudo names in messages renamed back",
	       case_pmap_text);
	t_case("alloc: former refusals allocated (call arguments in "
	       "preserved registers, tied early clobbers)",
	       case_former_refusals);
	t_case("alloc: a read tied to a def of the other class is copied "
	       "into that class", case_cross_class_tie);
}

