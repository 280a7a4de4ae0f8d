/* test_alloc_hardweb.c - hard-register webs made values (core/hardweb.c,
 * docs/ALLOC.md "Hard-register webs"): which webs are eligible in
 * testsuite/ir/alloc/hardweb.ir (worked out in its comments), the hand
 * counts of the allocations that need a hard-register value moved or
 * spilled between its definition and its read (each verified), and
 * corrupted versions of such an allocation that are violations. */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "hardweb.h"
#include "irtext.h"
#include "verify.h"

/* Function name of testsuite/ir/alloc/hardweb.ir (caller frees), or
 * NULL and a failed check. */
static Fn *load(const char *name)
{
	return t_load_named("testsuite/ir/alloc/hardweb.ir", name);
}

/* Every allocatable register of each class. */
static void all_regs(const Fn *fn, RegSet avail[RC_NALLOC])
{
	for (int c = 0; c < RC_NALLOC; c++)
		avail[c] = target_allocatable(fn->target, c, fn->frame_pointer);
}

/* Whether operand k of uid is still hard register r. */
static bool is_hreg(const Fn *fn, int uid, int k, int r)
{
	Ins *i = t_by_uid(fn, uid, NULL);
	return i && k < i->nops && i->ops[k].kind == OK_HREG &&
	       i->ops[k].reg == r;
}

/* Whether operand k of uid is pseudo p constrained to {r}. */
static bool is_web(const Fn *fn, int uid, int k, int p, int r)
{
	Ins *i = t_by_uid(fn, uid, NULL);
	return i && k < i->nops && i->ops[k].kind == OK_PSEUDO &&
	       i->ops[k].reg == p && i->ops[k].allowed == RS_BIT(r);
}

/* hw_webs: only bx's web (defs 3 and 5, read 7) becomes a value, an
 * 8-byte general pseudo; cx (clobbered by the call), si (incoming on one
 * path), r9 (dead), r12 (read-modify-write), ax (read by ret) and di
 * (no def) stay hard registers. */
static void case_eligible(void)
{
	Fn *fn = load("hw_webs");
	if (!fn)
		return;
	RegSet avail[RC_NALLOC];
	all_regs(fn, avail);
	int before = fn->npseudo;
	HardWebs hw;
	CHECK_INT(hardweb_convert(fn, avail, &hw), 1);
	CHECK_INT(hw.nop, 3);
	int p = before;
	CHECK_INT(fn->npseudo, before + 1);
	CHECK_INT(fn->pseudo[p].cls, RC_GPR);
	CHECK_INT(fn->pseudo[p].size, 8);
	CHECK(is_web(fn, 3, 0, p, R_BX));
	CHECK(is_web(fn, 5, 0, p, R_BX));
	CHECK(is_web(fn, 7, 1, p, R_BX));
	CHECK(is_hreg(fn, 2, 0, R_CX));
	CHECK(is_hreg(fn, 9, 1, R_CX));
	CHECK(is_hreg(fn, 6, 0, R_SI));
	CHECK(is_hreg(fn, 11, 1, R_SI));
	CHECK(is_hreg(fn, 12, 0, R_R9));
	CHECK(is_hreg(fn, 21, 0, R_BX));
	CHECK(is_hreg(fn, 13, 0, R_R12));
	CHECK(is_hreg(fn, 14, 0, R_R12));
	CHECK(is_hreg(fn, 17, 1, R_R12));
	CHECK(is_hreg(fn, 15, 0, R_AX));
	CHECK(is_hreg(fn, 16, 0, R_AX));
	CHECK(is_hreg(fn, 1, 1, R_DI));
	fn_free(fn);
}

/* An abnormal successor edge reached by the def keeps bx a hard
 * register; the same function with a normal edge converts it. */
static void case_abnormal(void)
{
	static const char *names[] = {"hw_abnormal", "hw_normal"};
	for (int n = 0; n < 2; n++) {
		Fn *fn = load(names[n]);
		if (!fn)
			return;
		RegSet avail[RC_NALLOC];
		all_regs(fn, avail);
		HardWebs hw;
		CHECK_INT(hardweb_convert(fn, avail, &hw), n);
		CHECK_INT(hw.nop, 2 * n);
		CHECK(n ? !is_hreg(fn, 1, 0, R_BX) : is_hreg(fn, 1, 0, R_BX));
		fn_free(fn);
	}
}

/* hw_call: a def reaching a call that preserves its register stays. */
static void case_call(void)
{
	Fn *fn = load("hw_call");
	if (!fn)
		return;
	RegSet avail[RC_NALLOC];
	all_regs(fn, avail);
	HardWebs hw;
	CHECK_INT(hardweb_convert(fn, avail, &hw), 0);
	CHECK(is_hreg(fn, 1, 0, R_BX));
	CHECK(is_hreg(fn, 3, 1, R_BX));
	fn_free(fn);
}

/* A register outside the allocation set is never converted: hw_spill
 * with the general set {ax, cx} leaves dx's web alone. */
static void case_outside(void)
{
	Fn *fn = load("hw_spill");
	if (!fn)
		return;
	RegSet avail[RC_NALLOC];
	all_regs(fn, avail);
	avail[RC_GPR] = RS_BIT(R_AX) | RS_BIT(R_CX);
	HardWebs hw;
	CHECK_INT(hardweb_convert(fn, avail, &hw), 0);
	CHECK(is_hreg(fn, 3, 0, R_DX));
	avail[RC_GPR] |= RS_BIT(R_DX);
	CHECK_INT(hardweb_convert(fn, avail, &hw), 1);
	CHECK(!is_hreg(fn, 3, 0, R_DX));
	fn_free(fn);
}

/* ssa_alloc of orig at ngpr registers (0 = all) with a hardweb mode. */
static Fn *alloc_mode(const Fn *orig, int ngpr, int mode, AllocStats *st)
{
	AllocOpts o = {0};
	o.nregs[RC_GPR] = ngpr;
	o.hardweb = mode;
	char err[300];
	return ssa_alloc(orig, &o, st, err, sizeof err);
}

/* hw_spill (counts in hardweb.ir): with dx pinned, not allocated at 2
 * registers; as a value, 2 spills, 2 reloads, no move, verified, the
 * original operands back as %dx.  With all registers the first attempt
 * fits: no web converted, no spill. */
static void case_spill(void)
{
	Fn *orig = load("hw_spill");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = alloc_mode(orig, 2, HARDWEB_NEVER, &st);
	CHECK(fn == NULL);
	fn_free(fn);
	fn = t_alloc_verified(orig, 2, true, &st);
	if (fn) {
		CHECK_INT(st.hardwebs, 1);
		CHECK_INT(st.spills.n, 2);
		CHECK_INT(st.reloads.n, 2);
		CHECK_INT(st.moves.n, 0);
		CHECK_INT(st.swaps.n, 0);
		CHECK(is_hreg(fn, 3, 0, R_DX));
		CHECK(is_hreg(fn, 6, 1, R_DX));
		Ins *u = t_by_uid(fn, 6, NULL);
		CHECK(u && u->prev && u->prev->kind == IK_RELOAD &&
		      u->prev->ops[0].loc.kind == LOC_REG &&
		      u->prev->ops[0].loc.num == R_DX);
	}
	fn_free(fn);
	fn = t_alloc_verified(orig, 0, true, &st);
	if (fn) {
		CHECK_INT(st.hardwebs, 0);
		CHECK_INT(st.spills.n, 0);
	}
	fn_free(fn);
	fn_free(orig);
}

/* hw_move: not allocated with dx pinned; as a value 2 moves and 1 swap,
 * no spill (hardweb.ir), at all registers and at 4. */
static void case_move(void)
{
	Fn *orig = load("hw_move");
	if (!orig)
		return;
	static const int regs[] = {0, 4};
	for (int r = 0; r < 2; r++) {
		AllocStats st;
		Fn *fn = alloc_mode(orig, regs[r], HARDWEB_NEVER, &st);
		CHECK(fn == NULL);
		fn_free(fn);
		fn = t_alloc_verified(orig, regs[r], true, &st);
		if (fn) {
			CHECK_INT(st.hardwebs, 1);
			CHECK_INT(st.spills.n, 0);
			CHECK_INT(st.moves.n, 2);
			CHECK_INT(st.swaps.n, 1);
			CHECK(is_hreg(fn, 5, 1, R_DX));
		}
		fn_free(fn);
	}
	fn_free(orig);
}

/* hw_move at 2 registers with the divisor p1 in a register (its `mem`
 * taken away: from its slot the division fits in ax and dx):
 * impossible either way (the division needs ax and dx and p1 a third
 * register); the reason reported is the first attempt's (dx pinned:
 * "need more than 2"), not the retry's. */
static void case_both_fail(void)
{
	Fn *orig = load("hw_move");
	if (!orig)
		return;
	Ins *div = t_by_uid(orig, 4, NULL);
	if (!CHECK(div != NULL && div->nops == 4)) {
		fn_free(orig);
		return;
	}
	div->ops[3].flags &= (uint8_t)~OF_MEM;
	AllocOpts o = {0};
	o.nregs[RC_GPR] = 2;
	char err[300] = "";
	Fn *fn = ssa_alloc(orig, &o, NULL, err, sizeof err);
	CHECK(fn == NULL);
	t_check(strstr(err, "uid 4: its operands and the precoloured values "
			    "around it need more than 2 gpr registers") &&
		strstr(err, "hard-register values: %dx"),
		__FILE__, __LINE__, "%s", err);
	fn_free(fn);
	fn_free(orig);
}

/* hw_spill at 2 registers, corrupted: W reloaded into ax instead of dx
 * before uid 6; W's slot overwritten (from ax, holding p1) between its
 * store and its reload; W's store dropped.  Each is a violation; the
 * allocation itself is verified. */
static void case_corrupt(void)
{
	Fn *orig = load("hw_spill");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = t_alloc_verified(orig, 2, true, &st);
	Blk *b = NULL;
	Ins *def = fn ? t_by_uid(fn, 3, &b) : NULL;
	Ins *use = fn ? t_by_uid(fn, 6, NULL) : NULL;
	Ins *sp = def ? def->next : NULL;
	Ins *rl = use ? use->prev : NULL;
	if (CHECK(sp && rl && sp->kind == IK_SPILL &&
		  rl->kind == IK_RELOAD && sp->ops[0].loc.kind == LOC_SLOT &&
		  rl->ops[1].loc.kind == LOC_SLOT &&
		  sp->ops[0].loc.num == rl->ops[1].loc.num)) {
		CHECK_INT(t_verdict(orig, fn), VERDICT_VERIFIED);
		rl->ops[0].loc = (Loc){LOC_REG, R_AX};
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
		rl->ops[0].loc = (Loc){LOC_REG, R_DX};
		CHECK_INT(t_verdict(orig, fn), VERDICT_VERIFIED);
		Ins *bad = t_spill_copy_after(fn, b, sp, 1, LOC_REG, R_AX);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
		ins_remove(b, bad);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VERIFIED);
		ins_remove(b, sp);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

/* Entry contents as defs (hardweb_convert_entry): in hw_webs the webs
 * of si (incoming on b2 -> b4, def 6 on b3, read 11: operands 6 and 11)
 * and di (incoming, read 1) join bx's, in core order bx, si, di, with
 * an entry copy each; in hw_entry dx and cx have no def: no web without
 * entry contents, one each with them (the two reads at 7). */
static void case_entry_convert(void)
{
	Fn *fn = load("hw_webs");
	if (!fn)
		return;
	RegSet avail[RC_NALLOC];
	all_regs(fn, avail);
	int p = fn->npseudo;
	HardWebs hw;
	CHECK_INT(hardweb_convert_entry(fn, avail, &hw), 3);
	CHECK_INT(hw.nop, 6);
	CHECK_INT(hw.nentry, 2);
	CHECK(is_web(fn, 7, 1, p, R_BX));
	CHECK(is_web(fn, 6, 0, p + 1, R_SI));
	CHECK(is_web(fn, 11, 1, p + 1, R_SI));
	CHECK(is_web(fn, 1, 1, p + 2, R_DI));
	CHECK(is_hreg(fn, 9, 1, R_CX));
	const Ins *c = fn->blk[fn->entry]->first;
	CHECK(c && c->kind == IK_COPY && c->uid == 0 &&
	      c->ops[1].kind == OK_HREG);
	fn_free(fn);
	fn = load("hw_entry");
	if (!fn)
		return;
	all_regs(fn, avail);
	CHECK_INT(hardweb_convert(fn, avail, &hw), 0);
	CHECK_INT(hardweb_convert_entry(fn, avail, &hw), 2);
	CHECK_INT(hw.nop, 2);
	CHECK_INT(hw.nentry, 2);
	fn_free(fn);
}

/* hw_entry at 4 registers (hardweb.ir): not allocated with dx and cx
 * pinned; with their entry webs, verified, two transfers (dx's or cx's
 * value out of the pair p1 takes and back), the operands of 7 back as
 * %dx, %cx.  Corrupted: the transfer back before 7 into ax instead, or
 * the transfer out at the entry dropped, is a violation. */
static void case_entry_alloc(void)
{
	Fn *orig = load("hw_entry");
	if (!orig)
		return;
	AllocStats st;
	Fn *fn = alloc_mode(orig, 4, HARDWEB_NEVER, &st);
	CHECK(fn == NULL);
	fn_free(fn);
	fn = t_alloc_verified(orig, 4, true, &st);
	if (!fn) {
		fn_free(orig);
		return;
	}
	CHECK_INT(st.hardwebs, 2);
	CHECK_INT(st.moves.n + st.spills.n + st.reloads.n, 2);
	CHECK(is_hreg(fn, 7, 0, R_DX));
	CHECK(is_hreg(fn, 7, 1, R_CX));
	Blk *b = NULL;
	Ins *use = t_by_uid(fn, 7, &b);
	Ins *back = use ? use->prev : NULL;
	Ins *out = b ? b->first : NULL;
	if (CHECK(back && out && back->uid == 0 && out->uid == 0 &&
		  back->ops[0].loc.kind == LOC_REG)) {
		Loc keep = back->ops[0].loc;
		back->ops[0].loc = (Loc){LOC_REG, R_AX};
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
		back->ops[0].loc = keep;
		CHECK_INT(t_verdict(orig, fn), VERDICT_VERIFIED);
		ins_remove(b, out);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

void suite_alloc_hardweb(void)
{
	t_case("alloc hardweb: only bx's web of hw_webs is eligible",
	       case_eligible);
	t_case("alloc hardweb: no web live across an abnormal edge",
	       case_abnormal);
	t_case("alloc hardweb: no web reaching a call that preserves it",
	       case_call);
	t_case("alloc hardweb: registers outside the set stay",
	       case_outside);
	t_case("alloc hardweb: dx's value spilled at 2 registers, 2 spills "
	       "2 reloads", case_spill);
	t_case("alloc hardweb: dx's value moved around a division, 2 moves "
	       "1 swap", case_move);
	t_case("alloc hardweb: both attempts fail: the first reason",
	       case_both_fail);
	t_case("alloc hardweb: entry contents as defs make incoming "
	       "arguments' webs", case_entry_convert);
	t_case("alloc hardweb: hw_entry at 4 via entry webs, corrupted "
	       "versions are violations", case_entry_alloc);
	t_case("alloc hardweb: wrong reload register, clobbered slot, "
	       "dropped store are violations", case_corrupt);
}
