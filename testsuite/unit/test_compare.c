/* test_compare.c - the comparators (iterated register coalescing, the
 * ILP optimum) against the SSA-based allocator on IR cases whose optimal
 * spill code is worked out by hand in the files' comments
 * (testsuite/ir/compare/, testsuite/ir/call_clobber.ir, gcd.ir), every
 * allocation checked by verify_fn; the coalescing optimum of ssa's
 * colouring problem on cases worked out by hand; `ssara compare` on that directory;
 * what irc refuses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "allocators.h"
#include "check.h"
#include "coalopt.h"
#include "gen.h"
#include "irc.h"
#include "verify.h"

char *t_run_cmd(const char *cmd, int *status);
const char *t_ssara_bin(void);

/* One allocator's result on a case: verified, its weighted spill code
 * (spills, reloads, remats), the ILP's outcome. */
typedef struct Got {
	bool verified;
	int64_t spill_w;
	IlpResult ilp;
	Fn *fn; /* the allocation, kept when keep was asked */
} Got;

/* Allocates orig with allocator a and gpr general registers (0 = all),
 * checked by verify_fn. */
static Got run_alloc(const Fn *orig, int a, int gpr, bool keep)
{
	AllocOpts o = {0};
	o.nregs[RC_GPR] = gpr;
	AllocStats st;
	char err[512] = "";
	Got g = {0};
	Fn *fn = allocate_with(a, orig, &o, 20, &st, &g.ilp, err, sizeof err);
	if (!t_check(fn != NULL, __FILE__, __LINE__, "%s: %s: %s", orig->name,
		     allocator_name(a), err))
		return g;
	g.verified = t_verdict(orig, fn) == VERDICT_VERIFIED;
	t_check(g.verified, __FILE__, __LINE__, "%s: %s: not verified",
		orig->name, allocator_name(a));
	g.spill_w = st.spills.w + st.reloads.w + st.remats.w;
	if (keep)
		g.fn = fn;
	else
		fn_free(fn);
	return g;
}

/* The optimum of a case, and that the ILP reaches it exactly. */
static void check_ilp(const Fn *orig, int gpr, double optimum)
{
	Got g = run_alloc(orig, ALLOCATOR_ILP, gpr, false);
	CHECK_INT(g.ilp.status, ILP_OPTIMAL);
	CHECK(g.ilp.objective == optimum);
	CHECK(g.ilp.bound == optimum);
	CHECK(g.ilp.exact);
	CHECK_INT(g.spill_w, (int64_t)optimum);
}

/* The block label of the first inserted instruction of kind k in fn,
 * and the uid of the original instruction right after (reload) or
 * before (spill) it. */
static int inserted_at(const Fn *fn, int k, int *uid)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->kind == k) {
				const Ins *n = k == IK_RELOAD ? i->next : i->prev;
				*uid = n ? n->uid : -1;
				return fn->blk[b]->id;
			}
	return -1;
}

/* split.ir at 4 general registers: the optimum 1000 (p1 stored in b2,
 * its copy into ax at uid 14 reading the slot: the reload folded into
 * the copy); irc spills p2 everywhere, 11000 (store after uid 2 in b4,
 * reload before uid 10 in b5), as the file works out; ssa reaches the
 * optimum, the copy's source in the slot. */
static void case_split(void)
{
	Fn *orig = t_load_fn("testsuite/ir/compare/split.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 1000);
	Got irc = run_alloc(orig, ALLOCATOR_IRC, 4, true);
	CHECK_INT(irc.spill_w, 11000);
	if (irc.fn) {
		int uid = 0;
		CHECK_INT(inserted_at(irc.fn, IK_SPILL, &uid), 4);
		CHECK_INT(uid, 2);
		CHECK_INT(inserted_at(irc.fn, IK_RELOAD, &uid), 5);
		CHECK_INT(uid, 10);
		fn_free(irc.fn);
	}
	Got ssa = run_alloc(orig, ALLOCATOR_SSA, 4, true);
	CHECK_INT(ssa.spill_w, 1000);
	if (ssa.fn) {
		const Ins *cp = t_by_uid(ssa.fn, 14, NULL);
		CHECK(cp && cp->ops[1].loc.kind == LOC_SLOT);
		fn_free(ssa.fn);
	}
	/* with all registers nothing is spilled by anyone */
	for (int a = 0; a < ALLOCATOR_N; a++)
		CHECK_INT(run_alloc(orig, a, 0, false).spill_w, 0);
	fn_free(orig);
}

/* sse_call.ir: a double across a call costs a store, and the copy into
 * xmm0 after the call reads its slot (the reload folded into the copy):
 * the optimum 1000 at 4 and at all general registers (the file's
 * reasoning), which ssa reaches; irc reloads into a register: 2000. */
static void case_sse_call(void)
{
	Fn *orig = t_load_fn("testsuite/ir/compare/sse_call.ir");
	if (!orig)
		return;
	for (int gpr = 0; gpr <= 4; gpr += 4) {
		check_ilp(orig, gpr, 1000);
		CHECK_INT(run_alloc(orig, ALLOCATOR_IRC, gpr, false).spill_w, 2000);
		CHECK_INT(run_alloc(orig, ALLOCATOR_SSA, gpr, false).spill_w, 1000);
	}
	fn_free(orig);
}

/* The number of inserted instructions of kind k in fn. */
static int count_kind(const Fn *fn, int k)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			n += i->kind == k && i->uid == 0;
	return n;
}

/* remat.ir at 4 general registers: a remat of p1 after the call, 1000,
 * is the optimum (the file's reasoning); the ILP and ssa recompute p1
 * (one remat, no spill, no reload); irc spills p1 everywhere, 2000.
 * With all registers nothing is spilled by anyone. */
static void case_remat(void)
{
	Fn *orig = t_load_fn("testsuite/ir/compare/remat.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 1000);
	for (int a = 0; a < ALLOCATOR_N; a++) {
		Got g = run_alloc(orig, a, 4, true);
		CHECK_INT(g.spill_w, a == ALLOCATOR_IRC ? 2000 : 1000);
		if (g.fn) {
			CHECK_INT(count_kind(g.fn, IK_REMAT),
				  a == ALLOCATOR_IRC ? 0 : 1);
			CHECK_INT(count_kind(g.fn, IK_RELOAD),
				  a == ALLOCATOR_IRC ? 1 : 0);
			fn_free(g.fn);
		}
		CHECK_INT(run_alloc(orig, a, 0, false).spill_w, 0);
	}
	fn_free(orig);
}

/* fold.ir at 4 general registers: p2 stored after its definition and
 * read from its slot by the memory operand at uid 4, 1000, is the
 * optimum (the file's reasoning); the ILP and ssa do that (uid 4's p2
 * in a slot, no reload); irc spills p1 everywhere, 2000. */
static void case_fold(void)
{
	Fn *orig = t_load_fn("testsuite/ir/compare/fold.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 1000);
	for (int a = 0; a < ALLOCATOR_N; a++) {
		Got g = run_alloc(orig, a, 4, true);
		CHECK_INT(g.spill_w, a == ALLOCATOR_IRC ? 2000 : 1000);
		if (g.fn && a != ALLOCATOR_IRC) {
			const Ins *op = t_by_uid(g.fn, 4, NULL);
			CHECK(op && op->ops[2].loc.kind == LOC_SLOT);
			CHECK_INT(count_kind(g.fn, IK_RELOAD), 0);
		}
		if (g.fn)
			fn_free(g.fn);
		CHECK_INT(run_alloc(orig, a, 0, false).spill_w, 0);
	}
	fn_free(orig);
}

/* fold_memalt.ir at 4 general registers: p1 and p2 both in memory
 * across the call; at uid 4 one of them (p1 the captured alternative's
 * memory operand, p2 another alternative's) is read from its slot, the
 * other reloaded: the optimum 3000 and the ILP's allocation verified
 * (folding both was a violation). */
static void case_fold_memalt(void)
{
	Fn *orig = t_load_fn("testsuite/ir/compare/fold_memalt.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 3000);
	Got g = run_alloc(orig, ALLOCATOR_ILP, 4, true);
	if (g.fn) {
		const Ins *op = t_by_uid(g.fn, 4, NULL);
		CHECK(op && (op->ops[1].loc.kind == LOC_SLOT) +
				    (op->ops[2].loc.kind == LOC_SLOT) ==
			    1);
		fn_free(g.fn);
	}
	fn_free(orig);
}

/* fold_memalt_one.ir at 4 general registers: p2 in memory across the
 * call, read at uid 4 by a `memalt` operand, its only operand that may
 * be in memory: from its slot, no reload, the optimum 1000 (the store);
 * ssa reaches it, irc reloads p2 (2000). */
static void case_fold_memalt_one(void)
{
	Fn *orig = t_load_fn("testsuite/ir/compare/fold_memalt_one.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 1000);
	Got g = run_alloc(orig, ALLOCATOR_ILP, 4, true);
	if (g.fn) {
		const Ins *op = t_by_uid(g.fn, 4, NULL);
		CHECK(op && op->ops[2].loc.kind == LOC_SLOT);
		CHECK_INT(count_kind(g.fn, IK_RELOAD), 0);
		fn_free(g.fn);
	}
	CHECK_INT(run_alloc(orig, ALLOCATOR_SSA, 4, false).spill_w, 1000);
	CHECK_INT(run_alloc(orig, ALLOCATOR_IRC, 4, false).spill_w, 2000);
	fn_free(orig);
}

/* call_clobber.ir at 4 general registers (ax dx cx bx): p1 and p2 are
 * live across the call, and bx is the only register of the four that
 * it preserves, so one of them is in memory across it: a store after
 * its definition and a reload after the call, all in one block of
 * frequency 1000: the optimum is 2000 (p2: store after uid 2, reload
 * before uid 7).  irc: p1 and p2 interfere with the clobbered ax dx cx
 * and with each other; p2 costs 2000 (two occurrences) against p1's
 * 3000, so p2 is spilled everywhere: 2000 too.  ssa reaches it. */
static void case_call_clobber(void)
{
	Fn *orig = t_load_fn("testsuite/ir/call_clobber.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 2000);
	CHECK_INT(run_alloc(orig, ALLOCATOR_IRC, 4, false).spill_w, 2000);
	CHECK_INT(run_alloc(orig, ALLOCATOR_SSA, 4, false).spill_w, 2000);
	fn_free(orig);
}

/* call_cut.ir at 4 general registers: the optimum 0, reached by ssa
 * and exactly by the ILP's realisation (p1's segment cut by a move at
 * the call); irc spills p1 everywhere, 2000 (the file's reasoning). */
static void case_call_cut(void)
{
	Fn *orig = t_load_fn("testsuite/ir/compare/call_cut.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 0);
	CHECK_INT(run_alloc(orig, ALLOCATOR_IRC, 4, false).spill_w, 2000);
	CHECK_INT(run_alloc(orig, ALLOCATOR_SSA, 4, false).spill_w, 0);
	fn_free(orig);
}

/* gcd.ir at 4 general registers: at most 3 values live anywhere and no
 * call: nothing needs memory, the optimum is 0; the division's fixed ax
 * and dx (p90, the early-clobber p84) and the tie of p82 to p90 are met
 * by irc (verified) without spill code. */
static void case_gcd(void)
{
	Fn *orig = t_load_fn("testsuite/ir/gcd.ir");
	if (!orig)
		return;
	check_ilp(orig, 4, 0);
	Got irc = run_alloc(orig, ALLOCATOR_IRC, 4, true);
	CHECK_INT(irc.spill_w, 0);
	if (irc.fn) {
		const Ins *div = t_by_uid(irc.fn, 7, NULL);
		if (CHECK(div != NULL)) {
			CHECK_INT(div->ops[0].loc.num, R_AX);
			CHECK_INT(div->ops[1].loc.num, R_DX);
			CHECK_INT(div->ops[2].loc.num, R_AX);
		}
		fn_free(irc.fn);
	}
	CHECK_INT(run_alloc(orig, ALLOCATOR_SSA, 4, false).spill_w, 0);
	fn_free(orig);
}

/* Generated functions (loops, calls, ties, fixed registers) at 3
 * general registers: irc (with and without the brute-force rule) and
 * the ILP (1 s each) allocate every one, and the checker verifies each
 * allocation (a dead def tied to a read of its own pseudo once broke
 * the ILP's segments).  The brute-force rule changes which moves are
 * coalesced and so every later choice of irc's: its allocations must
 * verify as well. */
static void case_generated(void)
{
	int solved = 0;
	for (int seed = 1; seed <= 40; seed++) {
		GenOpts go = gen_defaults((uint64_t)seed, 60);
		Fn *orig = gen_function("g", &go);
		AllocOpts o = {0};
		o.nregs[RC_GPR] = 3;
		static const struct {
			int a;
			bool brute;
		} run[3] = {{ALLOCATOR_IRC, false},
			    {ALLOCATOR_IRC, true},
			    {ALLOCATOR_ILP, false}};
		for (int j = 0; j < 3; j++) {
			int a = run[j].a;
			o.brute = run[j].brute;
			AllocStats st;
			IlpResult r;
			char err[512] = "";
			Fn *fn = allocate_with(a, orig, &o, 1, &st, &r, err,
					       sizeof err);
			if (a == ALLOCATOR_ILP && !fn && r.status == ILP_UNSOLVED)
				continue; /* not solved within 1 s: allowed */
			if (!t_check(fn != NULL, __FILE__, __LINE__,
				     "seed %d: %s%s: %s", seed, allocator_name(a),
				     o.brute ? " --brute" : "", err))
				continue;
			t_check(t_verdict(orig, fn) == VERDICT_VERIFIED, __FILE__,
				__LINE__, "seed %d: %s: not verified", seed,
				allocator_name(a));
			solved += a == ALLOCATOR_ILP;
			fn_free(fn);
		}
		fn_free(orig);
	}
	CHECK(solved > 0);
}

/* The coalescing optimum of ssa's colouring problem on a case whose
 * optimum is worked out in its file: with all registers, affinity
 * weight 8000, optimum 1000 unmet (proven optimal, the bound equal),
 * ssa's coalescer no better than it, its allocation verified; at 4
 * general registers (no di, si) no affinity at all. */
static void check_coalopt(const char *path)
{
	Fn *orig = t_load_fn(path);
	if (!orig)
		return;
	for (int gpr = 0; gpr <= 4; gpr += 4) {
		AllocOpts o = {0};
		o.nregs[RC_GPR] = gpr;
		AllocStats st;
		CoalOptResult r;
		char err[512] = "";
		Fn *fn = coalopt_ssa(orig, &o, 20, &st, &r, err, sizeof err);
		if (!t_check(fn != NULL, __FILE__, __LINE__, "%s: %s", path, err))
			continue;
		CHECK(t_verdict(orig, fn) == VERDICT_VERIFIED);
		CHECK(r.captured);
		CHECK_INT(r.status, ILP_OPTIMAL);
		CHECK(r.total == (gpr ? 0 : 8000));
		CHECK(r.objective == (gpr ? 0 : 1000));
		CHECK(r.bound == r.objective);
		CHECK(r.unmet_ssa >= r.objective);
		CHECK(r.unmet_ssa == (double)(st.aff_total - st.aff_final));
		fn_free(fn);
	}
	fn_free(orig);
}

/* coal_choice.ir: one value, two hard-register affinities in two
 * blocks; coal_interfere.ir: two interfering values, one register. */
static void case_coalopt(void)
{
	check_coalopt("testsuite/ir/compare/coal_choice.ir");
	check_coalopt("testsuite/ir/compare/coal_interfere.ir");
}

/* irc refuses what it does not handle, with the reason: x87 values. */
static void case_refuse(void)
{
	Fn *orig = t_parse_fn("func f\n"
			      "  pseudo p1 x87 16\n"
			      "b2: freq=1000 depth=0\n"
			      "  1: ord \"def\" =p1, $0\n"
			      "  2: copy =%st0, p1\n"
			      "  3: ret %st0\n"
			      "end\n");
	if (!orig)
		return;
	char err[256] = "";
	IrcOpts o = {0};
	Fn *fn = irc_alloc(orig, &o, NULL, NULL, err, sizeof err);
	CHECK(fn == NULL);
	CHECK(strstr(err, "x87") != NULL);
	fn_free(fn);
	fn_free(orig);
}

/* Runs "ssara ARGS" with %s in ARGS standing for the source root;
 * checks its exit status; returns its output (stdout and stderr). */
static char *cli(const char *args, int want)
{
	char a[2048], cmd[4096];
	snprintf(a, sizeof a, args, t_srcdir());
	snprintf(cmd, sizeof cmd, "%s %s 2>&1", t_ssara_bin(), a);
	int st;
	char *out = t_run_cmd(cmd, &st);
	t_check(st == want, __FILE__, __LINE__, "ssara %s: exit %d, expected %d",
		a, st, want);
	return out;
}

/* ssara compare on testsuite/ir/compare at 4 general registers: every
 * function solved optimally, optimum 1000 each for split, sse_call,
 * remat, fold and fold_memalt_one, 3000 for fold_memalt (the others
 * spill nothing): 8000, which ssa reaches; irc 11000 + 2000 + 2000
 * (call_cut) + 2000 + 2000 + 4000 (fold_memalt: two stores, two
 * reloads) + 2000 (fold_memalt_one) = 25000 (3.125x),
 * every allocation verified; with all registers the coalescing optimum
 * is 1000 + 1000 (the coalescing cases) + 1000 (call_cut: p1 lives
 * across the call, which clobbers ax, so of p1 -> p1' (the parallel
 * copy before uid 5) -> ax one is not met; split, sse_call, remat, the
 * folds: every affinity met, their copies into ax and xmm0 by values
 * that may be there); --repeat 3 counts the same allocations once; bad
 * options exit 2; GCC's allocations (*.gcc.ir)
 * and allocated functions skipped. */
static void case_cli(void)
{
	char *out = cli("compare --regs 4 %s/testsuite/ir/compare", 0);
	CHECK(strstr(out, "9 functions in 9 files") != NULL);
	CHECK(strstr(out, "ilp: optimal 9, feasible 0") != NULL);
	CHECK(strstr(out, "verified by all (realised exactly: 9): optimum 8000") != NULL);
	CHECK(strstr(out, "ssa              8000  1.000x") != NULL);
	CHECK(strstr(out, "irc             25000  3.125x") != NULL);
	CHECK(strstr(out, "ilp              8000  1.000x") != NULL);
	free(out);
	out = cli("compare --allocators ssa --coalopt %s/testsuite/ir/compare", 0);
	CHECK(strstr(out, "optimal 9, feasible 0 (mean gap 0.0%), not solved 0, of 9") != NULL);
	CHECK(strstr(out, "optimum 3000 (ssa optimal on 9)") != NULL);
	free(out);
	free(cli("compare --ilp-time 0 %s/testsuite/ir/compare", 2));
	/* --repeat: each ssa and irc allocation run 3 times, the same
	 * allocations counted once */
	out = cli("compare --regs 4 --repeat 3 --allocators ssa,irc "
		  "%s/testsuite/ir/compare", 0);
	CHECK(strstr(out, "ssa           9         9         9             8000") != NULL);
	CHECK(strstr(out, "irc           9         9         9            25000") != NULL);
	free(out);
	free(cli("compare --repeat 0 %s/testsuite/ir/compare", 2));
	free(cli("compare --repeat x %s/testsuite/ir/compare", 2));
	/* a.ir counts; a.gcc.ir is skipped by name, b.ir as allocated */
	char dir[512], cmd[4096];
	t_tmpname(dir, sizeof dir, "compare");
	if (!CHECK(mkdtemp(dir) != NULL))
		return;
	snprintf(cmd, sizeof cmd,
		 "cp %s/testsuite/ir/gcd.ir %s/a.ir && cp %s/testsuite/ir/gcd.ir "
		 "%s/a.gcc.ir && %s alloc %s/testsuite/ir/gcd.ir > %s/b.ir",
		 t_srcdir(), dir, t_srcdir(), dir, t_ssara_bin(), t_srcdir(), dir);
	int st;
	free(t_run_cmd(cmd, &st));
	CHECK_INT(st, 0);
	snprintf(cmd, sizeof cmd, "compare %s", dir);
	out = cli(cmd, 0);
	CHECK(strstr(out, "1 functions in 2 files") != NULL);
	free(out);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	free(t_run_cmd(cmd, &st));
	free(cli("alloc --allocator gcc %s/testsuite/ir/gcd.ir", 2));
}

/* GCC's recorded allocation beside each capture (F.gcc.ir): a.gcc.ir
 * is testsuite/ir/verify/gcd.ok.ir (verified; by hand no spill code and
 * 4 register moves: the copies of uids 2, 3, 8 and 9, uid 15's two sides
 * both ax), b.gcc.ir gcd.stale.ir (a violation, named on stderr, not
 * summed), c.ir has none: gcc's line counts 2 allocated, 1 verified,
 * spill 0 and moves 4 over the functions it verified. */
static void case_gcc(void)
{
	char dir[512], cmd[4096];
	t_tmpname(dir, sizeof dir, "compare");
	if (!CHECK(mkdtemp(dir) != NULL))
		return;
	const char *v = "testsuite/ir/verify";
	snprintf(cmd, sizeof cmd,
		 "for f in a b c; do cp %s/%s/gcd.orig.ir %s/$f.ir; done && "
		 "cp %s/%s/gcd.ok.ir %s/a.gcc.ir && "
		 "cp %s/%s/gcd.stale.ir %s/b.gcc.ir",
		 t_srcdir(), v, dir, t_srcdir(), v, dir, t_srcdir(), v, dir);
	int st;
	free(t_run_cmd(cmd, &st));
	CHECK_INT(st, 0);
	snprintf(cmd, sizeof cmd, "compare --allocators ssa %s", dir);
	char *out = cli(cmd, 0);
	CHECK(strstr(out, "3 functions in 3 files") != NULL);
	CHECK(strstr(out, "gcc           3         2         1                0         4         -") != NULL);
	CHECK(strstr(out, "compare: gcd: gcc: violation") != NULL);
	CHECK(strstr(out, "over the 1 of them it verified") != NULL);
	free(out);
	snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
	free(t_run_cmd(cmd, &st));
}

void suite_compare(void)
{
	t_case("split", case_split);
	t_case("sse_call", case_sse_call);
	t_case("call_clobber", case_call_clobber);
	t_case("call_cut", case_call_cut);
	t_case("remat", case_remat);
	t_case("fold", case_fold);
	t_case("fold_memalt", case_fold_memalt);
	t_case("fold_memalt_one", case_fold_memalt_one);
	t_case("gcd", case_gcd);
	t_case("generated", case_generated);
	t_case("coalopt", case_coalopt);
	t_case("refuse", case_refuse);
	t_case("cli", case_cli);
	t_case("gcc", case_gcc);
}
