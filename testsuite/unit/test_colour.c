/* test_colour.c - colouring (core/colour.c) and constraints
 * (core/constraints.c): Pereira's figure 1 coloured with two registers as
 * the paper does it, Maxlive registers always sufficing, fixed registers,
 * registers preserved across calls, precoloured argument registers, the
 * error for a pressure above k, a 100,000-block function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "analysis_util.h"
#include "check.h"
#include "colour.h"
#include "constraints.h"
#include "gen.h"
#include "spill.h"
#include "ssa.h"
#include "verify.h"


/* The register of operand k of the instruction with uid (-1 if none). */
static int reg_at(const Fn *fn, int uid, int k)
{
	const Ins *i = t_ins(fn, uid, NULL);
	if (!i || k >= i->nops || i->ops[k].loc.kind != LOC_REG)
		return -1;
	return i->ops[k].loc.num;
}

/* Pereira's figure 1 (testsuite/ir/alloc/pereira.ir, reconstructed from
 * the text): with two registers, colouring alone, in dominator-tree
 * pre-order: A ax, B dx; block 2: C1 ax (A dies), E1 dx; block 3: E2 ax
 * (B still in dx), C2 dx; the phis of block 4 take C1's and E1's
 * registers, so the edge from block 3 exchanges ax and dx: one swap (the
 * paper's three xors), nothing else moves. */
static void case_pereira(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/pereira.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 2, false, &st);
	if (fn) {
		CHECK_INT(st.k[RC_GPR], 2);
		CHECK_INT(st.maxlive[RC_GPR], 2);
		CHECK_INT(reg_at(fn, 1, 0), R_AX);  /* A */
		CHECK_INT(reg_at(fn, 2, 0), R_DX);  /* B */
		CHECK_INT(reg_at(fn, 5, 0), R_AX);  /* C1 */
		CHECK_INT(reg_at(fn, 6, 0), R_DX);  /* E1 */
		CHECK_INT(reg_at(fn, 7, 0), R_AX);  /* E2 */
		CHECK_INT(reg_at(fn, 8, 0), R_DX);  /* C2 */
		CHECK_INT(reg_at(fn, 9, 1), R_AX);  /* C = phi(C1, C2) */
		CHECK_INT(reg_at(fn, 9, 2), R_DX);  /* E = phi(E1, E2) */
		CHECK_INT(st.swaps.n, 1);
		CHECK_INT(st.moves.n, 0);
		CHECK_INT(st.spills.n + st.reloads.n, 0);
		const Ins *sw = fn->blk[t_blk(fn, 3)]->last;
		CHECK(sw && sw->kind == IK_SWAP);
		fn_free(fn);
	}
	fn_free(orig);
}

/* Colouring never needs more registers than the pressure: every IR case
 * and generated functions without calls allocated with exactly as many
 * general registers as their Maxlive, without spilling (colour_fn fails
 * loudly if it ever needs more). */
static void case_maxlive_suffices(void)
{
	static const char *const files[] = {
		"testsuite/ir/gcd.ir", "testsuite/ir/loop_diamond.ir",
		"testsuite/ir/irreducible.ir", "testsuite/ir/lost_copy.ir",
		"testsuite/ir/swap.ir", "testsuite/ir/alloc/nested.ir",
		"testsuite/ir/alloc/diamond.ir", "testsuite/ir/alloc/pereira.ir",
		"testsuite/ir/alloc/rotate3.ir",
	};
	int ncases = 0;
	for (int f = 0; f < (int)(sizeof files / sizeof files[0]) + 60; f++) {
		Fn *orig;
		if (f < (int)(sizeof files / sizeof files[0])) {
			orig = t_load_fn(files[f]);
		} else {
			GenOpts o = gen_defaults((uint64_t)f, 150);
			o.nvars = 5;
			o.call_pct = 0;
			orig = gen_function("g", &o);
		}
		if (!orig)
			return;
		AllocStats full, st;
		Fn *fn = t_alloc_verified(orig, 0, true, &full);
		fn_free(fn);
		int k = full.maxlive[RC_GPR];
		fn = k > 0 && !full.spilled ? t_alloc_verified(orig, k, true, &st)
					    : NULL;
		if (fn) {
			ncases++;
			t_check(!st.spilled && st.maxlive[RC_GPR] <= st.k[RC_GPR],
				__FILE__, __LINE__,
				"%s: %d registers, maxlive %d, spilled %d",
				orig->name, st.k[RC_GPR], st.maxlive[RC_GPR],
				st.spilled);
			fn_free(fn);
		}
		fn_free(orig);
	}
	CHECK(ncases >= 50);
}

/* gcd.ir: the division wants the dividend in ax (tied to the quotient)
 * and writes the remainder to dx early; the divisor goes elsewhere. */
static void case_fixed(void)
{
	Fn *orig = t_load_fn("testsuite/ir/gcd.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		CHECK_INT(reg_at(fn, 7, 0), R_AX);
		CHECK_INT(reg_at(fn, 7, 1), R_DX);
		CHECK_INT(reg_at(fn, 7, 2), R_AX);
		int d = reg_at(fn, 7, 3);
		CHECK(d >= 0 && d != R_AX && d != R_DX);
		fn_free(fn);
	}
	fn_free(orig);
}

/* call_clobber.ir: a and b live across the call: callee-saved registers
 * there (bx bp r12-r15); with 4 general registers only bx survives a
 * call, so one of them is spilled (or rematerialized). */
static void case_call(void)
{
	Fn *orig = t_load_fn("testsuite/ir/call_clobber.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		const Target *t = fn->target;
		for (int k = 1; k <= 2; k++) {
			int r = reg_at(fn, 5 + k, 2);
			t_check(r >= 0 && RS_HAS(t->callee_saved, r), __FILE__,
				__LINE__, "uid %d operand 2 in %s", 5 + k,
				r >= 0 ? t->regs[r].name : "-");
		}
		CHECK_INT(st.spills.n, 0);
		fn_free(fn);
	}
	fn = t_alloc_verified(orig, 4, true, &st);
	if (fn) {
		CHECK(st.spilled);
		CHECK(st.spills.n + st.remats.n >= 1);
		fn_free(fn);
	}
	fn_free(orig);
}

/* Hard registers live over a stretch (arguments being set up for a
 * call) are precoloured values: a pseudo live at the same time never
 * takes their register, even when its affinities would like it. */
static void case_precoloured(void)
{
	IrFile f;
	Fn *orig = t_fn("func pre\n"
			"  pseudo p1 gpr 8\n"
			"  pseudo p2 gpr 8\n"
			"  pseudo p3 gpr 8\n"
			"  pseudo p4 gpr 8\n"
			"  pseudo p5 gpr 8\n"
			"b2:\n"
			"  1: copy =p1, %di\n"
			"  2: copy =p2, %si\n"
			"  3: ord \"add\" =p3, p1 ^0, p2 clobber {flags}\n"
			"  4: copy =%di, p2\n"
			"  5: copy =%si, p1\n"
			"  6: call \"f\" =%ax, %di, %si clobber "
			"{ax,dx,cx,si,di,r8-r11,xmm0-xmm15,flags}\n"
			"  7: copy =p4, %ax\n"
			"  8: ord \"add\" =p5, p4 ^0, p3 clobber {flags}\n"
			"  9: copy =%ax, p5\n"
			"  10: ret %ax\n"
			"end\n",
			&f);
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		/* p3 lives from uid 3 across the call */
		int r = reg_at(fn, 8, 2);
		CHECK(r >= 0 && RS_HAS(fn->target->callee_saved, r));
		int r3 = reg_at(fn, 3, 0);
		CHECK(r3 != R_DI && r3 != R_SI);
		fn_free(fn);
	}
	irfile_free(&f);
}

/* Runs the pipeline up to colouring with the registers avail (spilling
 * when spill is set); returns colour_fn's verdict and message. */
static bool colour_only(const Fn *orig, const RegSet avail[RC_NALLOC],
			bool spill, char *err, size_t errlen)
{
	Fn *fn = fn_copy(orig);
	Ssa ssa;
	Colour col;
	SpillOpts so = {{avail[RC_GPR], avail[RC_SSE]}};
	SpillResult sr;
	bool ok = ssa_construct(fn, &ssa, err, errlen) &&
		  constr_prepare(fn, &ssa, NULL, err, errlen) &&
		  (!spill || spill_fn(fn, &so, &sr, err, errlen)) &&
		  constr_split(fn, &ssa, avail, NULL, err, errlen) &&
		  colour_fn(fn, avail, &col, err, errlen);
	if (ok)
		ok = colour_valid(fn, &col, err, errlen);
	fn_free(fn);
	return ok;
}

/* Without spilling, more live values than registers is reported with the
 * point, never worked around; two values wanting one fixed register at
 * once is reported with the instruction. */
static void case_errors(void)
{
	Fn *orig = t_load_fn("testsuite/ir/gcd.ir");
	if (!orig)
		return;
	char err[512] = "";
	RegSet two[RC_NALLOC] = {RS_BIT(R_AX) | RS_BIT(R_DX),
				 target_allocatable(orig->target, RC_SSE,
						    false)};
	CHECK(!colour_only(orig, two, false, err, sizeof err));
	t_check(strstr(err, "3 gpr values live") != NULL &&
			strstr(err, "uid 7") != NULL,
		__FILE__, __LINE__, "message: %s", err);
	RegSet all[RC_NALLOC] = {
		target_allocatable(orig->target, RC_GPR, false),
		target_allocatable(orig->target, RC_SSE, false)};
	CHECK(colour_only(orig, all, false, err, sizeof err));
	fn_free(orig);
	IrFile f;
	orig = t_fn("func two\n"
		    "  pseudo p1 gpr 8\n"
		    "  pseudo p2 gpr 8\n"
		    "  pseudo p3 gpr 8\n"
		    "b2:\n"
		    "  1: copy =p1, %di\n"
		    "  2: copy =p2, %si\n"
		    "  3: ord \"x\" =p3, p1 {cx}, p2 {cx}\n"
		    "  4: copy =%ax, p3\n"
		    "  5: ret %ax\n"
		    "end\n",
		    &f);
	if (!orig)
		return;
	CHECK(!colour_only(orig, all, false, err, sizeof err));
	t_check(strstr(err, "b2 uid 3") != NULL, __FILE__, __LINE__,
		"message: %s", err);
	irfile_free(&f);
}

/* Every value of generated functions gets a register admissible for it,
 * interfering values never share (colour_valid), and the result is
 * verified. */
static void case_generated(void)
{
	for (uint64_t seed = 1; seed <= 60; seed++) {
		GenOpts o = gen_defaults(seed, 50 + (int)(seed * 13 % 300));
		o.nvars = 6;
		Fn *orig = gen_function("g", &o);
		char err[512] = "";
		RegSet all[RC_NALLOC] = {
			target_allocatable(orig->target, RC_GPR, false),
			target_allocatable(orig->target, RC_SSE, false)};
		bool ok = t_check(colour_only(orig, all, true, err, sizeof err),
				  __FILE__, __LINE__, "seed %llu: %s",
				  (unsigned long long)seed, err);
		AllocStats st;
		Fn *fn = ok ? t_alloc_verified(orig, 0, false, &st) : NULL;
		fn_free(fn);
		fn_free(orig);
		if (!ok)
			return;
	}
}

/* A chain of 25,000 diamonds (100,000 blocks) with a value live through
 * all of it: no recursion, and allocated and verified. */
static void case_big(void)
{
	Fn *fn = fn_new("big", target_x86_64());
	fn_declare_pseudo(fn, 1, RC_GPR, 8);
	fn_declare_pseudo(fn, 2, RC_GPR, 8);
	int uid = 1, n = 25000;
	for (int k = 0; k < 4 * n; k++)
		fn_add_block(fn, 2 + k);
	Ins *c = ins_new(fn, IK_COPY, 2);
	c->uid = uid++;
	c->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = 2,
			 .tie = -1, .from = -1};
	c->ops[1] = (Op){.kind = OK_HREG, .flags = OF_USE, .reg = R_DI,
			 .tie = -1, .from = -1};
	ins_append(fn->blk[0], c);
	for (int k = 0; k < n; k++) {
		Blk *h = fn->blk[4 * k], *t = fn->blk[4 * k + 1],
		    *e = fn->blk[4 * k + 2], *j = fn->blk[4 * k + 3];
		blk_add_succ(fn, h, t->idx, 0);
		blk_add_succ(fn, h, e->idx, 0);
		blk_add_succ(fn, t, j->idx, 0);
		blk_add_succ(fn, e, j->idx, 0);
		if (k + 1 < n)
			blk_add_succ(fn, j, fn->blk[4 * k + 4]->idx, 0);
		Ins *i = ins_new(fn, IK_ORD, 3);
		i->uid = uid++;
		i->name = "add";
		i->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = 1,
				 .tie = -1, .from = -1};
		i->ops[1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = 2,
				 .tie = -1, .from = -1};
		i->ops[2] = (Op){.kind = OK_IMM, .flags = OF_USE, .imm = k,
				 .tie = -1, .from = -1};
		ins_append(t, i);
		i = ins_new(fn, IK_ORD, 2);
		i->uid = uid++;
		i->name = "use";
		i->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = 1,
				 .tie = -1, .from = -1};
		i->ops[1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = 2,
				 .tie = -1, .from = -1};
		ins_append(j, i);
	}
	fn_preds(fn);
	AllocStats st;
	Fn *al = t_alloc_verified(fn, 0, true, &st);
	fn_free(al);
	fn_free(fn);
}

void suite_colour(void)
{
	t_case("colour: Pereira's figure 1 with two registers, one swap",
	       case_pereira);
	t_case("colour: Maxlive registers suffice (IR cases, 60 generated)",
	       case_maxlive_suffices);
	t_case("colour: fixed registers of a division", case_fixed);
	t_case("colour: values across a call in callee-saved registers",
	       case_call);
	t_case("colour: precoloured argument registers avoided",
	       case_precoloured);
	t_case("colour: pressure above k and impossible constraints are "
	       "errors",
	       case_errors);
	t_case("colour: 60 generated functions, valid colourings",
	       case_generated);
	t_case("colour: 100,000 blocks", case_big);
}
