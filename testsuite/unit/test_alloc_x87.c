/* test_alloc_x87.c - the allocator on x87 (long double) values, class
 * x87 (st0..st7, flat registers as before reg-stack): the hand-written
 * cases testsuite/ir/alloc/x87_*.ir, whose counts are derived in their
 * comments, generated functions with x87 values, and corrupted versions
 * of a correct allocation that the checker must reject.  Every
 * allocation is checked with verify_fn. */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "gen.h"
#include "irtext.h"
#include "verify.h"

/* ssa_alloc of orig with ngpr general and nx87 x87 registers (0 = all),
 * checked with verify_fn: the allocated function (caller frees), or NULL
 * and a failed check. */
static Fn *alloc_verified(const Fn *orig, int ngpr, int nx87, AllocStats *st)
{
	AllocOpts o = {0};
	o.nregs[RC_GPR] = ngpr;
	o.nregs[RC_X87] = nx87;
	return t_alloc_opts_verified(orig, &o, st);
}

/* Whether operand k of the instruction with uid is in register r. */
static bool op_in(const Fn *fn, int uid, int k, int r)
{
	const Ins *i = t_by_uid(fn, uid, NULL);
	return i && k < i->nops && i->ops[k].loc.kind == LOC_REG &&
	       i->ops[k].loc.num == r;
}

/* Whether every register location of a value of class cls in fn (pseudo
 * operands, and hard-register operands of inserted instructions) is in
 * set. */
static bool class_within(const Fn *fn, int cls, RegSet set)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				int r = -1;
				if (o->kind == OK_PSEUDO &&
				    fn->pseudo[o->reg].cls == cls &&
				    o->loc.kind == LOC_REG)
					r = o->loc.num;
				else if (o->kind == OK_HREG && i->uid == 0 &&
					 fn->target->regs[o->reg].cls == cls)
					r = o->reg;
				if (r >= 0 && !RS_HAS(set, r))
					return false;
			}
	return true;
}

/* x87_swap.ir: the back edge exchanges two x87 registers: three moves
 * (no exchange instruction for x87), all on the back edge (the header's
 * 10,000 less the 1,000 entering from b1: 9,000), no swap, nothing
 * spilled. */
static void case_swap(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_swap.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = alloc_verified(orig, 0, 0, &st);
	if (fn) {
		CHECK_INT(st.moves.n, 3);
		CHECK_INT(st.moves.w, 27000);
		CHECK_INT(st.swaps.n, 0);
		CHECK_INT(st.spills.n, 0);
		CHECK_INT(st.k[RC_X87], 8);
	}
	fn_free(fn);
	fn_free(orig);
}

/* x87_pressure.ir: ten long doubles live at once.  With the eight x87
 * registers two are stored and loaded once each (two 16-byte slots:
 * both are in memory between the tenth load and the seventh addition);
 * with four, six (each of a3..a8 once). */
static void case_pressure(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_pressure.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = alloc_verified(orig, 0, 0, &st);
	if (fn) {
		CHECK_INT(st.spills.n, 2);
		CHECK_INT(st.reloads.n, 2);
		CHECK_INT(st.remats.n, 0);
		CHECK_INT(st.slots, 2);
		CHECK_INT(st.slot_bytes, 32);
		CHECK_INT(st.maxlive[RC_X87], 8);
	}
	fn_free(fn);
	fn = alloc_verified(orig, 0, 4, &st);
	if (fn) {
		CHECK_INT(st.spills.n, 6);
		CHECK_INT(st.reloads.n, 6);
		CHECK_INT(st.k[RC_X87], 4);
		CHECK(class_within(fn, RC_X87, st.regs[RC_X87]));
	}
	fn_free(fn);
	fn_free(orig);
}

/* x87_call.ir: a long double live across a call that clobbers every x87
 * register: one store before the call, one load after, a 16-byte slot;
 * at the call the value is nowhere in a register.  The same at 4 general
 * registers (the pointer dies before the call). */
static void case_call(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_call.ir");
	if (!orig)
		return;
	for (int n = 0; n <= 4; n += 4) {
		AllocStats st;
		Fn *fn = alloc_verified(orig, n, 0, &st);
		if (!fn)
			continue;
		CHECK_INT(st.spills.n, 1);
		CHECK_INT(st.reloads.n, 1);
		CHECK_INT(st.slot_bytes, 16);
		const Ins *call = t_by_uid(fn, 3, NULL);
		CHECK(call && call->prev && call->prev->kind == IK_SPILL &&
		      call->next && call->next->kind == IK_RELOAD);
		fn_free(fn);
	}
	fn_free(orig);
}

/* x87_fixed.ir: operands fixed to st0 ("t") and st1 ("u"); between the
 * two constrained instructions st0 and st1 trade their values: three
 * moves through a free x87 register with all eight; with only st0 and
 * st1 (the two fixed ones) no register is free, so the cycle goes
 * through a 16-byte scratch slot: one store, one move, one load. */
static void case_fixed(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_fixed.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = alloc_verified(orig, 0, 0, &st);
	if (fn) {
		CHECK_INT(st.moves.n, 3);
		CHECK_INT(st.swaps.n, 0);
		CHECK_INT(st.spills.n + st.reloads.n, 0);
		CHECK(op_in(fn, 4, 2, R_ST1));
		CHECK(op_in(fn, 5, 1, R_ST0));
		CHECK(op_in(fn, 5, 2, R_ST1));
	}
	fn_free(fn);
	fn = alloc_verified(orig, 0, 2, &st);
	if (fn) {
		CHECK_INT(st.k[RC_X87], 2);
		CHECK_INT(st.moves.n, 1);
		CHECK_INT(st.spills.n, 1);
		CHECK_INT(st.reloads.n, 1);
		CHECK_INT(st.slot_bytes, 16);
		CHECK(class_within(fn, RC_X87, RS_BIT(R_ST0) | RS_BIT(R_ST1)));
	}
	fn_free(fn);
	fn_free(orig);
}

/* x87_clobber.ir: two long doubles across an instruction clobbering
 * st0 and st1 (not a call): with st0, st1 only both are stored and
 * loaded (2 + 2), with st0..st2 one (1 + 1), with all eight none. */
static void case_clobber(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_clobber.ir");
	if (!orig)
		return;
	static const int nx87[] = {2, 3, 0}, want[] = {2, 1, 0};
	for (int k = 0; k < 3; k++) {
		AllocStats st;
		Fn *fn = alloc_verified(orig, 0, nx87[k], &st);
		if (fn) {
			CHECK_INT(st.spills.n, want[k]);
			CHECK_INT(st.reloads.n, want[k]);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* Generated functions with x87 values (20% of the ordinary
 * instructions: loads of constants, fpatan-like instructions fixed to
 * st0/st1, additions) with all, 3 and 2 x87 registers and 4 general
 * ones: every one allocated and verified, its x87 values only in the
 * allowed registers. */
static void case_generated(void)
{
	static const int nx87[] = {0, 3, 2};
	int ok = 0;
	for (int s = 1; s <= 40; s++) {
		GenOpts g = gen_defaults((uint64_t)s, 150);
		g.x87_pct = 20;
		Fn *orig = gen_function("genx87", &g);
		for (int r = 0; r < 3; r++) {
			AllocStats st;
			Fn *fn = alloc_verified(orig, r ? 4 : 0, nx87[r], &st);
			if (fn && CHECK(class_within(fn, RC_X87,
						     st.regs[RC_X87])))
				ok++;
			fn_free(fn);
		}
		fn_free(orig);
	}
	CHECK_INT(ok, 120);
}

/* A word of an x87 value read by a general-register instruction tied to
 * its def: the first word (bytes 0..7, the significand, all significant
 * in memory) goes through a 16-byte slot into a general pair: one store,
 * one load; the second word is refused, since an x87 store writes 10
 * bytes and bytes 10..15 of the slot would be stale. */
static void case_words(void)
{
	static const char *const text =
		"func xw\n  pseudo p1 x87 16\n  pseudo p2 gpr 8\n"
		"  pseudo p9 gpr 8\nb2:\n  1: copy =p9, %di\n"
		"  2: ord \"*movxf_internal\" =p1, p9\n"
		"  3: ord \"*anddi_1\" =p2, p1[OFF,8] "
		"{ax,dx,cx,bx,si,di,bp,r8-r15} ^0, $7 clobber {flags}\n"
		"  4: copy =%ax, p2\n  5: ret %ax\nend\n";
	for (int w = 0; w < 2; w++) {
		char buf[600];
		const char *at = strstr(text, "OFF");
		snprintf(buf, sizeof buf, "%.*s%d%s", (int)(at - text), text,
			 8 * w, at + 3);
		Fn *orig = t_parse_fn(buf);
		if (!orig)
			continue;
		if (w == 0) {
			AllocStats st;
			Fn *fn = alloc_verified(orig, 0, 0, &st);
			if (fn) {
				CHECK_INT(st.spills.n, 1);
				CHECK_INT(st.reloads.n, 1);
				CHECK_INT(st.slot_bytes, 16);
			}
			fn_free(fn);
		} else {
			char err[512] = "";
			Fn *fn = ssa_alloc(orig, NULL, NULL, err, sizeof err);
			CHECK(fn == NULL);
			t_check(strstr(err, "a part of a value read in the other "
					    "class") != NULL,
				__FILE__, __LINE__, "reason: %s", err);
			fn_free(fn);
		}
		fn_free(orig);
	}
}

/* The first inserted move of fn, or NULL. */
static Ins *first_move(Fn *fn, Blk **where)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->kind == IK_MOVE) {
				*where = fn->blk[b];
				return i;
			}
	return NULL;
}

/* Corrupted versions of the correct allocation of x87_swap.ir are
 * violations: without the move that saves the first value of the
 * exchange (that value is lost), and with that move reading the other
 * register of the pair (both registers then hold the same value). */
static void case_corrupt(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_swap.ir");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = alloc_verified(orig, 0, 0, &st);
	Blk *b = NULL;
	Ins *mv = fn ? first_move(fn, &b) : NULL;
	if (CHECK(mv != NULL)) {
		Loc src = mv->ops[1].loc;
		Ins *second = mv->next;
		if (CHECK(second && second->kind == IK_MOVE)) {
			/* the second move writes the register the first read */
			mv->ops[1].loc = second->ops[1].loc;
			CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
			mv->ops[1].loc = src;
			CHECK_INT(t_verdict(orig, fn), VERDICT_VERIFIED);
		}
		ins_remove(b, mv);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

/* Whether the allocation fn has no inserted move and every register
 * operand of the copy with uid is in a register of its own value's class
 * or in a slot, one side in a slot (x86 has no register move between x87
 * and SSE registers). */
static bool copy_through_memory(const Fn *fn, int uid)
{
	const Ins *i = t_by_uid(fn, uid, NULL);
	if (!i || i->nops != 2)
		return false;
	int slots = 0;
	for (int k = 0; k < 2; k++)
		slots += i->ops[k].kind == OK_PSEUDO &&
			 i->ops[k].loc.kind == LOC_SLOT;
	return slots >= 1;
}

/* Allocates orig at ngpr general registers (0 = all) and every x87
 * register, verified, and checks 1 spill, 1 reload, 0 moves and
 * slot_bytes bytes of slots; the allocation (caller frees) or NULL. */
static Fn *alloc_one_spill(const Fn *orig, int ngpr, int slot_bytes)
{
	AllocStats st;
	Fn *fn = alloc_verified(orig, ngpr, 0, &st);
	if (!fn)
		return NULL;
	t_check(st.spills.n == 1 && st.reloads.n == 1 && st.moves.n == 0 &&
			st.slot_bytes == slot_bytes,
		__FILE__, __LINE__,
		"%s at %d: %d spills, %d reloads, %d moves, %d slot bytes; "
		"expected 1, 1, 0, %d",
		orig->name, ngpr, st.spills.n, st.reloads.n, st.moves.n,
		(int)st.slot_bytes, slot_bytes);
	return fn;
}

/* x87_df_asm.ir (pr34966.c atan): a double in st0 for an asm, copied
 * from and to xmm0 through memory.  By hand (the file's comment): 1
 * spill, 1 reload, 0 moves, one 8-byte slot, at all, 8, 6 and 4 general
 * registers; the asm's operands in st0; each cross-class copy with one
 * side in the slot. */
static void case_df_asm(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_df_asm.ir");
	if (!orig)
		return;
	static const int ngpr[] = {0, 8, 6, 4};
	for (int n = 0; n < 4; n++) {
		Fn *fn = alloc_one_spill(orig, ngpr[n], 8);
		if (!fn)
			continue;
		CHECK(op_in(fn, 3, 0, R_ST0) && op_in(fn, 3, 1, R_ST0));
		CHECK(copy_through_memory(fn, 2));
		CHECK(copy_through_memory(fn, 4));
		fn_free(fn);
	}
	fn_free(orig);
}

/* x87_sse_tie.ir: a float (class sse, in xmm0) read by an x87 insn in
 * the x87 register of its result: by hand 1 spill of xmm0 into a 4-byte
 * slot and 1 reload into that register, 0 moves (moving xmm0 into an
 * x87 register directly is wrong, and the checker must not accept it). */
static void case_sse_tie(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_sse_tie.ir");
	if (!orig)
		return;
	static const int ngpr[] = {0, 4};
	for (int n = 0; n < 2; n++) {
		Fn *fn = alloc_one_spill(orig, ngpr[n], 4);
		if (!fn)
			continue;
		const Ins *u = t_by_uid(fn, 4, NULL);
		CHECK(u && u->prev && u->prev->kind == IK_RELOAD &&
		      u->prev->ops[0].loc.kind == LOC_REG &&
		      u->prev->ops[0].loc.num == u->ops[0].loc.num);
		fn_free(fn);
	}
	fn_free(orig);
}

/* The checker on x87_df_asm.ir's allocation with the copy from xmm0
 * made a register move into st0 (the slot side replaced by st0, the
 * reload dropped): a violation. */
static void case_df_regmove(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/x87_df_asm.ir");
	if (!orig)
		return;
	Fn *fn = ssa_alloc(orig, NULL, NULL, NULL, 0);
	CHECK(fn != NULL);
	if (fn) {
		Ins *c = NULL;
		for (Ins *i = fn->blk[0]->first; i; i = i->next)
			if (i->uid == 2)
				c = i;
		CHECK(c && c->next && c->next->kind == IK_RELOAD);
		if (c && c->next && c->next->kind == IK_RELOAD) {
			c->ops[0].loc = (Loc){LOC_REG, R_ST0};
			ins_remove(fn->blk[0], c->next);
			VerifyResult r;
			verify_fn(orig, fn, &r);
			CHECK_INT(r.verdict, VERDICT_VIOLATION);
			CHECK(r.nviol >= 1 &&
			      r.viol[0].kind == VK_MOVE_KIND &&
			      strstr(r.viol[0].text, "no register move"));
			verify_result_free(&r);
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* x87_copy_nomem.ir: a copy from an x87 pseudo into a general hard
 * register, neither side admitting memory: refused with its reason, at
 * all registers and at 4. */
static void case_copy_nomem(void)
{
	t_check_refused("testsuite/ir/refuse/x87_copy_nomem.ir",
		      "uid 3: a copy between x87 and other registers with no "
		      "pseudo that may be in memory");
}

/* x87_phi_size.ir: a phi from a 16-byte into an 8-byte x87 value is a
 * conversion: refused with its reason, at all registers and at 4. */
static void case_phi_size(void)
{
	t_check_refused("testsuite/ir/refuse/x87_phi_size.ir",
		      "b2: phi uid 6: x87 source p2 of another size than p8 "
		      "(a conversion, not a copy)");
}

void suite_alloc_x87(void)
{
	t_case("alloc x87: a phi between x87 values of two sizes: refused",
	       case_phi_size);
	t_case("alloc x87: a copy from x87 into a general register, no "
	       "memory side: refused",
	       case_copy_nomem);
	t_case("alloc x87: a double in st0 for an asm (pr34966.c atan): "
	       "1 spill, 1 reload at all, 8, 6, 4 registers",
	       case_df_asm);
	t_case("alloc x87: a float tied to an x87 result: through a 4-byte "
	       "slot, no move",
	       case_sse_tie);
	t_case("alloc x87: a register copy from xmm0 into st0 is a "
	       "violation",
	       case_df_regmove);
	t_case("alloc x87: swap of two long doubles, 3 moves", case_swap);
	t_case("alloc x87: ten long doubles, 2 spills at 8, 6 at 4",
	       case_pressure);
	t_case("alloc x87: a long double across a call is spilled",
	       case_call);
	t_case("alloc x87: st0/st1 operands, a cycle by moves or a slot",
	       case_fixed);
	t_case("alloc x87: values across a clobber of st0, st1", case_clobber);
	t_case("alloc x87: generated functions at 8, 3, 2 x87 registers",
	       case_generated);
	t_case("alloc x87: corrupted allocations are violations",
	       case_corrupt);
	t_case("alloc x87: a word read in a general register: the first "
	       "through a slot, the second refused",
	       case_words);
}
