/* test_coalesce.c - copy coalescing (core/coalesce.c, affinity chunks
 * recoloured): the copy and swap counts of the papers' examples worked
 * out by hand, the affinity weight satisfied never lower than colouring
 * alone, and colourings that stay valid. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "analysis_util.h"
#include "check.h"
#include "coalesce.h"
#include "colour.h"
#include "constraints.h"
#include "gen.h"
#include "liveness.h"
#include "philift.h"
#include "pressure.h"
#include "spill.h"
#include "ssa.h"
#include "verify.h"


/* Allocates and verifies; fills st; false (case failed) on error. */
static bool alloc_stats(const Fn *orig, int nregs, bool coalesce,
			AllocStats *st)
{
	Fn *fn = t_alloc_verified(orig, nregs, coalesce, st);
	bool ok = fn != NULL;
	fn_free(fn);
	return ok;
}

/* Expected counts of one example: inserted moves and swaps, original
 * copies left with different registers on both sides. */
typedef struct Want {
	const char *path;
	int nregs;
	bool coalesce;
	int moves, swaps, copies;
} Want;

static void expect(const Want *w)
{
	Fn *orig = t_load_fn(w->path);
	if (!orig)
		return;
	AllocStats st;
	if (alloc_stats(orig, w->nregs, w->coalesce, &st))
		t_check(st.moves.n == w->moves && st.swaps.n == w->swaps &&
				st.copies.n == w->copies &&
				st.spills.n + st.reloads.n == 0,
			__FILE__, __LINE__,
			"%s, %d registers%s: moves %d swaps %d copies %d "
			"spill code %d, expected %d %d %d 0",
			w->path, w->nregs, w->coalesce ? "" : ", no coalescing",
			st.moves.n, st.swaps.n, st.copies.n,
			st.spills.n + st.reloads.n, w->moves, w->swaps,
			w->copies);
	fn_free(orig);
}

/* Pereira's figure 1 (pereira.ir's comment): with two registers the
 * exchange on one edge into block 4 is inevitable, coalescing or not;
 * with three, every phi copy coalesces away (the non-SSA program needs
 * three colours, the SSA one colours the rest around it).  Only the two
 * argument copies remain (di and si are outside the three registers
 * {ax,dx,cx}); with all registers they vanish too. */
static void case_pereira(void)
{
	static const Want w[] = {
		{"testsuite/ir/alloc/pereira.ir", 2, false, 0, 1, 2},
		{"testsuite/ir/alloc/pereira.ir", 2, true, 0, 1, 2},
		{"testsuite/ir/alloc/pereira.ir", 3, true, 0, 0, 2},
		{"testsuite/ir/alloc/pereira.ir", 0, true, 0, 0, 0},
	};
	for (int k = 0; k < 4; k++)
		expect(&w[k]);
}

/* The colouring's bias alone (no recolouring), pereira.ir with all
 * registers: the argument copies `copy =p, %di` and `%si` put their
 * defs in di and si (an affinity with each hard register), so no copy
 * is left; without the bias every choice is the lowest free register
 * (ax, dx, ...) and both copies stay moves.  The exchange on the edge
 * into block 4 stays either way (one swap). */
static void case_bias(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/pereira.ir");
	if (!orig)
		return;
	for (int bias = 0; bias <= 1; bias++) {
		AllocOpts o = {.no_coalesce = true,
			       .bias = bias ? COL_BIAS_WEIGHTED : COL_BIAS_NONE};
		AllocStats st;
		Fn *fn = t_alloc_opts_verified(orig, &o, &st);
		if (fn) {
			CHECK_INT(st.copies.n, bias ? 0 : 2);
			CHECK_INT(st.swaps.n, 1);
			CHECK_INT(st.moves.n, 0);
			fn_free(fn);
		}
	}
	fn_free(orig);
}

/* bias_modes.ir, colouring alone: the four choice rules give 2, 2, 1
 * and 0 moves, weighted 10, 10, 90 and 0 (the file's comment). */
static void case_bias_modes(void)
{
	static const int mode[4] = {COL_BIAS_NONE, COL_BIAS_WEIGHTED,
				    COL_BIAS_PEREIRA, COL_BIAS_CLASSES};
	static const int n[4] = {2, 2, 1, 0};
	static const double w[4] = {10, 10, 90, 0};
	Fn *orig = t_load_fn("testsuite/ir/alloc/bias_modes.ir");
	if (!orig)
		return;
	for (int k = 0; k < 4; k++) {
		AllocOpts o = {.no_coalesce = true, .bias = mode[k]};
		AllocStats st;
		Fn *fn = t_alloc_opts_verified(orig, &o, &st);
		if (fn) {
			CHECK_INT(st.moves.n + st.copies.n + st.swaps.n, n[k]);
			CHECK(st.moves.w + st.copies.w + st.swaps.w == w[k]);
			fn_free(fn);
		}
	}
	fn_free(orig);
}

/* fn's general-register Maxlive. */
static int gpr_maxlive(Fn *fn)
{
	Pressure p;
	pressure_compute(fn, live_compute(fn, cfg_build(fn)), &p);
	return p.maxlive[RC_GPR];
}

/* phi_lift.ir (its comment): the argument from b3 lifted, not those
 * from b4 (live on) or b6 (a critical edge), and the phi's value: two
 * copies, Maxlive unchanged. */
static void case_phi_lift(void)
{
	Fn *fn = t_load_fn("testsuite/ir/alloc/phi_lift.ir");
	Ssa ssa;
	char err[256] = "";
	if (!fn || !t_check(ssa_construct(fn, &ssa, err, sizeof err),
			    __FILE__, __LINE__, "%s", err)) {
		fn_free(fn);
		return;
	}
	int before = gpr_maxlive(fn);
	CHECK_INT(phi_lift(fn, &ssa), 2);
	CHECK_INT(gpr_maxlive(fn), before);
	Blk *b3, *b5;
	t_by_uid(fn, 5, &b3); /* b3's jump */
	t_by_uid(fn, 10, &b5); /* b5's phi */
	const Ins *phi = b5->first, *c = b3->last->prev, *h = phi->next;
	CHECK(phi->kind == IK_PHI && c->kind == IK_COPY && c->uid == 0);
	CHECK_INT(c->ops[1].reg, t_by_uid(fn, 4, NULL)->ops[0].reg);
	for (int k = 1; k < phi->nops; k++) {
		int from = fn->blk[phi->ops[k].from]->id;
		int want = from == 3   ? c->ops[0].reg
			   : from == 4 ? t_by_uid(fn, 8, NULL)->ops[0].reg
				       : t_by_uid(fn, 1, NULL)->ops[0].reg;
		CHECK_INT(phi->ops[k].reg, want);
	}
	CHECK(h->kind == IK_COPY && h->uid == 0);
	CHECK_INT(h->ops[1].reg, phi->ops[0].reg);
	CHECK_INT(t_by_uid(fn, 11, NULL)->ops[0].reg, h->ops[0].reg);
	fn_free(fn);
}

/* The swap problem (swap.ir): a and b exchange on every iteration; the
 * back edge needs one swap (xchg), nothing else; the loop counter's phi
 * and the arguments coalesce.  The result copy `copy =%ax, p8` is the one
 * copy left: p8 is tied to a2, which also takes di from the entry, so
 * either that copy or the argument's moves.  rotate3.ir: a rotation of
 * three values: two swaps.  The lost copy (lost_copy.ir): x2 is used
 * after the loop while x3 feeds the phi: one move on the back edge. */
static void case_swap_lost(void)
{
	static const Want w[] = {
		{"testsuite/ir/swap.ir", 0, true, 0, 1, 1},
		{"testsuite/ir/alloc/rotate3.ir", 0, true, 0, 2, 1},
		{"testsuite/ir/lost_copy.ir", 0, true, 1, 0, 0},
	};
	for (int k = 0; k < 3; k++)
		expect(&w[k]);
}

/* gcd.ir: the dividend must be in ax and the remainder comes in dx; in
 * the loop a <- b and b <- t rotate them, so GCC's two copies stay real
 * moves (as in GCC's own allocation), plus the argument copy di -> ax;
 * no parallel copy moves anything. */
static void case_gcd(void)
{
	static const Want w = {"testsuite/ir/gcd.ir", 0, true, 0, 0, 3};
	expect(&w);
}

/* Coalescing never loses affinity weight that colouring alone satisfied,
 * over the IR cases and generated functions, and satisfies more in
 * total on the generated ones. */
static void case_monotonic(void)
{
	static const char *const files[] = {
		"testsuite/ir/gcd.ir", "testsuite/ir/loop_diamond.ir",
		"testsuite/ir/irreducible.ir", "testsuite/ir/lost_copy.ir",
		"testsuite/ir/swap.ir", "testsuite/ir/call_clobber.ir",
		"testsuite/ir/alloc/nested.ir", "testsuite/ir/alloc/diamond.ir",
		"testsuite/ir/alloc/pereira.ir", "testsuite/ir/alloc/rmw.ir",
	};
	int nf = (int)(sizeof files / sizeof files[0]);
	int64_t before = 0, after = 0;
	for (int f = 0; f < nf + 60; f++) {
		Fn *orig;
		if (f < nf) {
			orig = t_load_fn(files[f]);
		} else {
			GenOpts o = gen_defaults((uint64_t)f, 200);
			o.nvars = 8;
			orig = gen_function("g", &o);
		}
		if (!orig)
			return;
		AllocStats st;
		bool ok = alloc_stats(orig, 0, true, &st);
		if (ok) {
			t_check(st.aff_final >= st.aff_colour, __FILE__, __LINE__,
				"%s: affinity %lld after coalescing, %lld "
				"before",
				orig->name, (long long)st.aff_final,
				(long long)st.aff_colour);
			if (f >= nf) {
				before += st.aff_colour;
				after += st.aff_final;
			}
		}
		fn_free(orig);
		if (!ok)
			return;
	}
	t_check(after > before, __FILE__, __LINE__,
		"generated functions: %lld before, %lld after", (long long)before,
		(long long)after);
}

/* Recolouring keeps every value in an admissible register and never puts
 * interfering values together (colour_valid checks the graph). */
static void case_valid(void)
{
	for (uint64_t seed = 100; seed < 160; seed++) {
		GenOpts o = gen_defaults(seed, 300);
		o.nvars = 7;
		Fn *fn = gen_function("g", &o);
		Ssa ssa;
		Colour col;
		char err[512] = "";
		RegSet all[RC_NALLOC] = {
			target_allocatable(fn->target, RC_GPR, false),
			target_allocatable(fn->target, RC_SSE, false)};
		SpillOpts so = {{all[RC_GPR], all[RC_SSE]}};
		SpillResult sr;
		bool ok = ssa_construct(fn, &ssa, err, sizeof err) &&
			  constr_prepare(fn, &ssa, NULL, err, sizeof err) &&
			  spill_fn(fn, &so, &sr, err, sizeof err) &&
			  constr_split(fn, &ssa, all, NULL, err, sizeof err) &&
			  colour_fn(fn, all, &col, err, sizeof err);
		if (ok) {
			CoalesceStats cs;
			coalesce(fn, &col, &cs);
			ok = colour_valid(fn, &col, err, sizeof err);
			CHECK(cs.aff_after >= cs.aff_before);
		}
		t_check(ok, __FILE__, __LINE__, "seed %llu: %s",
			(unsigned long long)seed, err);
		fn_free(fn);
		if (!ok)
			return;
	}
}

void suite_coalesce(void)
{
	t_case("coalesce: Pereira's figure 1 with 2, 3 and all registers",
	       case_pereira);
	t_case("coalesce: the swap problem, a rotation, the lost copy",
	       case_swap_lost);
	t_case("coalesce: gcd's copies", case_gcd);
	t_case("coalesce: the colouring's four choice rules",
	       case_bias_modes);
	t_case("coalesce: Pereira's phi lifting", case_phi_lift);
	t_case("coalesce: the colouring's bias alone, Pereira's figure 1",
	       case_bias);
	t_case("coalesce: never below colouring alone (IR cases, 60 "
	       "generated)",
	       case_monotonic);
	t_case("coalesce: recolouring keeps colourings valid", case_valid);
}
