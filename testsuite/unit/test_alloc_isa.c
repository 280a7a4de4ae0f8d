/* test_alloc_isa.c - the allocator on the AVX-512 register files:
 * xmm16..xmm31 exist only in a function marked `avx512`, mask values
 * (class mask) live in k0..k7 or memory.  The cases are
 * testsuite/ir/alloc/isa_*.ir, whose lower bounds are derived in their
 * comments; every allocation is checked with verify_fn, and corrupted
 * copies of a correct one must be rejected. */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "verify.h"

/* Whether every register location of fn (pseudo operands, hard-register
 * operands of inserted instructions) is outside set. */
static bool avoids(const Fn *fn, RegSet set)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				int r = -1;
				if (o->kind == OK_PSEUDO && o->loc.kind == LOC_REG)
					r = o->loc.num;
				else if (o->kind == OK_HREG && i->uid == 0)
					r = o->reg;
				if (r >= 0 && RS_HAS(set, r))
					return false;
			}
	return true;
}

/* Whether every register location of a pseudo of class cls in fn is a
 * register of that class. */
static bool class_kept(const Fn *fn, int cls)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind == OK_PSEUDO &&
				    fn->pseudo[o->reg].cls == cls &&
				    o->loc.kind == LOC_REG &&
				    !RS_HAS(fn->target->class_regs[cls],
					    o->loc.num))
					return false;
			}
	return true;
}

/* wide16: 40 zmm values live at once without AVX-512: xmm0-xmm15 only,
 * at least 24 spilled; wide32, the same with `avx512`: at least 8, and
 * xmm16-xmm31 used (fewer than 24 spills need them). */
static void case_wide(void)
{
	const Target *t = target_x86_64();
	Fn *o16 = t_load_fn("testsuite/ir/alloc/isa_wide16.ir");
	Fn *o32 = t_load_fn("testsuite/ir/alloc/isa_wide32.ir");
	if (!o16 || !o32) {
		fn_free(o16);
		fn_free(o32);
		return;
	}
	CHECK(!o16->avx512 && o32->avx512);
	CHECK_INT(regset_count(fn_allocatable(o16, RC_SSE)), 16);
	CHECK_INT(regset_count(fn_allocatable(o32, RC_SSE)), 32);
	CHECK_INT(fn_allocatable(o16, RC_MASK), 0);
	AllocOpts opts = {0};
	AllocStats s16, s32;
	Fn *a16 = t_alloc_opts_verified(o16, &opts, &s16);
	Fn *a32 = t_alloc_opts_verified(o32, &opts, &s32);
	if (a16) {
		CHECK(avoids(a16, t->avx512));
		CHECK(s16.spills.n >= 24);
		CHECK_INT(s16.maxlive[RC_SSE], 16);
	}
	if (a32) {
		CHECK(!avoids(a32, t->class_regs[RC_SSE] & t->avx512));
		CHECK(s32.spills.n >= 8 && s32.spills.n < 24);
		CHECK_INT(s32.maxlive[RC_SSE], 32);
		/* a 64-byte value's slot holds 64 bytes */
		CHECK_INT(s32.slot_bytes, 64 * s32.slots);
	}
	/* the allocation of wide32 moved into a function without AVX-512:
	 * its xmm16.. locations do not exist there, a violation */
	if (a32) {
		a32->avx512 = false;
		Fn *orig = o32;
		orig->avx512 = false;
		CHECK_INT(t_verdict(orig, a32), VERDICT_VIOLATION);
	}
	fn_free(a16);
	fn_free(a32);
	fn_free(o16);
	fn_free(o32);
}

/* masks: ten mask values live with k0..k7: at least 2 in memory, every
 * mask value in a mask register or a slot (never a general register: no
 * `kand` reads one). */
static void case_masks(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/isa_masks.ir");
	if (!orig)
		return;
	AllocOpts opts = {0};
	AllocStats st;
	Fn *fn = t_alloc_opts_verified(orig, &opts, &st);
	if (fn) {
		CHECK(st.spills.n >= 2);
		CHECK_INT(st.maxlive[RC_MASK], 8);
		CHECK_INT(st.k[RC_MASK], 8);
		CHECK(class_kept(fn, RC_MASK));
		/* a mask value moved into a general register where `kand`
		 * reads it: a violation (not an allocatable mask register) */
		bool done = false;
		for (int b = 0; b < fn->nblk && !done; b++)
			for (Ins *i = fn->blk[b]->first; i && !done;
			     i = i->next)
				if (i->uid > 0 && i->name &&
				    strcmp(i->name, "kandhi") == 0 &&
				    i->ops[1].loc.kind == LOC_REG) {
					i->ops[1].loc.num = R_CX;
					done = true;
				}
		CHECK(done);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

void suite_alloc_isa(void)
{
	t_case("alloc_isa: zmm values with 16 and 32 SSE registers",
	       case_wide);
	t_case("alloc_isa: mask values in k0-k7", case_masks);
}
