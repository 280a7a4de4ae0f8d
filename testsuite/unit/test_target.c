/* test_target.c - the x86-64 SysV table against the ABI document and
 * GCC 12's i386.h register numbering. */
#include "check.h"
#include "target.h"

static void case_gcc_numbers(void)
{
	const Target *t = target_x86_64();
	/* GCC 12 insn-constants.h: AX_REG 0 ... SP_REG 7, ARGP_REG 16,
	 * FLAGS_REG 17, FRAME_REG 19, XMM0_REG 20, R8_REG 36, XMM8_REG 44. */
	CHECK_INT(t->regs[R_AX].gccno, 0);
	CHECK_INT(t->regs[R_DX].gccno, 1);
	CHECK_INT(t->regs[R_CX].gccno, 2);
	CHECK_INT(t->regs[R_SP].gccno, 7);
	CHECK_INT(t->regs[R_ARGP].gccno, 16);
	CHECK_INT(t->regs[R_FLAGS].gccno, 17);
	CHECK_INT(t->regs[R_FRAME].gccno, 19);
	CHECK_INT(t->regs[R_XMM0].gccno, 20);
	CHECK_INT(t->regs[R_XMM7].gccno, 27);
	CHECK_INT(t->regs[R_R8].gccno, 36);
	CHECK_INT(t->regs[R_R15].gccno, 43);
	CHECK_INT(t->regs[R_XMM8].gccno, 44);
	CHECK_INT(t->regs[R_XMM15].gccno, 51);
	CHECK_INT(target_reg_by_gccno(t, 40), R_R12);
	/* GCC 12 i386.h: FIRST_STACK_REG 8 .. LAST_STACK_REG 15; FPSR_REG
	 * 18 (the x87 status word) is not modelled. */
	CHECK_INT(t->regs[R_ST0].gccno, 8);
	CHECK_INT(t->regs[R_ST7].gccno, 15);
	CHECK_INT(target_reg_by_gccno(t, 8), R_ST0);
	CHECK_INT(target_reg_by_gccno(t, 9), R_ST1);
	CHECK_INT(target_reg_by_gccno(t, 15), R_ST7);
	CHECK_INT(target_reg_by_gccno(t, 18), -1); /* fpsr */
	CHECK_INT(target_reg_by_gccno(t, 28), -1); /* mm0 */
	/* GCC 12 insn-constants.h: XMM16_REG 52 .. XMM31_REG 67 (EVEX),
	 * MASK0_REG 68 .. MASK7_REG 75 (AVX-512 k0..k7). */
	CHECK_INT(target_reg_by_gccno(t, 52), R_XMM16);
	CHECK_INT(target_reg_by_gccno(t, 67), R_XMM31);
	CHECK_INT(target_reg_by_gccno(t, 68), R_K0);
	CHECK_INT(target_reg_by_gccno(t, 75), R_K7);
	CHECK_INT(t->regs[R_XMM31].cls, RC_SSE);
	CHECK_INT(t->regs[R_K3].cls, RC_MASK);
	CHECK_INT(target_reg_by_gccno(t, 76), -1);
	CHECK_INT(TGT_NREGS, 67);
}

static void case_names(void)
{
	const Target *t = target_x86_64();
	CHECK_INT(target_reg_by_name(t, "r10", 3), R_R10);
	CHECK_INT(target_reg_by_name(t, "xmm1", 4), R_XMM1);
	CHECK_INT(target_reg_by_name(t, "xmm15", 5), R_XMM15);
	CHECK_INT(target_reg_by_name(t, "flags", 5), R_FLAGS);
	CHECK_INT(target_reg_by_name(t, "rax", 3), -1);
	CHECK_INT(target_reg_by_name(t, "xmm1", 3), -1); /* "xmm" */
	CHECK_INT(target_class_by_name(t, "sse", 3), RC_SSE);
	CHECK_INT(target_class_by_name(t, "gpr", 3), RC_GPR);
	CHECK_INT(target_class_by_name(t, "x87", 3), RC_X87);
	CHECK_INT(target_reg_by_name(t, "st0", 3), R_ST0);
	CHECK_INT(target_reg_by_name(t, "st7", 3), R_ST7);
	CHECK_INT(target_reg_by_name(t, "st8", 3), -1);
	CHECK_INT(t->regs[R_ST3].cls, RC_X87);
	CHECK_INT(target_class_by_name(t, "other", 5), -1);
	CHECK_INT(target_class_by_name(t, "mask", 4), RC_MASK);
	CHECK_INT(target_reg_by_name(t, "xmm16", 5), R_XMM16);
	CHECK_INT(target_reg_by_name(t, "xmm31", 5), R_XMM31);
	CHECK_INT(target_reg_by_name(t, "k0", 2), R_K0);
	CHECK_INT(target_reg_by_name(t, "k7", 2), R_K7);
	CHECK_INT(target_reg_by_name(t, "k8", 2), -1);
}

static void case_abi_sets(void)
{
	const Target *t = target_x86_64();
	/* SysV psABI 3.2.1: rbx, rbp, r12-r15 are preserved; no xmm is. */
	CHECK_INT(regset_count(t->callee_saved), 6);
	CHECK(RS_HAS(t->callee_saved, R_BX) && RS_HAS(t->callee_saved, R_BP));
	CHECK(!RS_HAS(t->callee_saved, R_XMM6));
	CHECK(!RS_HAS(t->callee_saved, R_ST0));
	/* 9 GPR + 32 SSE + 8 x87 + 8 mask + flags clobbered by a call
	 * (psABI 3.2.1: st0-st7 are scratch, the x87 stack is empty at a
	 * call; the AVX-512 supplement: xmm16-31 and k0-k7 are scratch). */
	CHECK_INT(regset_count(t->call_clobbered), 58);
	CHECK(RS_HAS(t->call_clobbered, R_ST7));
	CHECK(RS_HAS(t->call_clobbered, R_XMM31));
	CHECK(RS_HAS(t->call_clobbered, R_K0));
	CHECK(!RS_HAS(t->callee_saved, R_XMM16));
	/* psABI 3.2.3: long double is returned in st0, complex long double
	 * in st0 (real) and st1 (imaginary). */
	CHECK_INT(t->ret_x87[0], R_ST0);
	CHECK_INT(t->ret_x87[1], R_ST1);
	CHECK_INT(t->callee_saved & t->call_clobbered, 0);
	CHECK_INT(t->arg_gpr[0], R_DI);
	CHECK_INT(t->arg_gpr[3], R_CX);
	CHECK_INT(t->arg_gpr[5], R_R9);
	CHECK_INT(t->ret_gpr[1], R_DX);
}

static void case_allocatable(void)
{
	const Target *t = target_x86_64();
	RegSet g = target_allocatable(t, RC_GPR, false);
	CHECK_INT(regset_count(g), 15); /* all but sp */
	CHECK(!RS_HAS(g, R_SP));
	CHECK(RS_HAS(g, R_BP));
	RegSet gfp = target_allocatable(t, RC_GPR, true);
	CHECK_INT(regset_count(gfp), 14);
	CHECK(!RS_HAS(gfp, R_BP));
	/* xmm0-31, k0-k7: the AVX-512 ones only in an avx512 function
	 * (fn_allocatable, case_isa) */
	CHECK_INT(regset_count(target_allocatable(t, RC_SSE, true)), 32);
	CHECK_INT(regset_count(target_allocatable(t, RC_MASK, true)), 8);
	CHECK_INT(regset_count(t->avx512), 24);
	CHECK_INT(target_nregs(t, RC_SSE, 64), 1); /* a zmm register */
	CHECK_INT(target_nregs(t, RC_MASK, 8), 1);
	CHECK_INT(target_allocatable(t, RC_OTHER, false), 0);
	CHECK_INT(target_nregs(t, RC_GPR, 4), 1);
	CHECK_INT(target_nregs(t, RC_GPR, 8), 1);
	CHECK_INT(target_nregs(t, RC_GPR, 16), 2);
	CHECK_INT(target_nregs(t, RC_SSE, 16), 1);
	CHECK_INT(target_nregs(t, RC_SSE, 32), 1);
	CHECK_INT(regset_count(target_allocatable(t, RC_X87, true)), 8);
	CHECK_INT(target_allocatable(t, RC_X87, false) & t->class_regs[RC_SSE],
		  0);
	CHECK_INT(t->class_bytes[RC_X87], 16); /* XFmode in memory */
	CHECK_INT(target_nregs(t, RC_X87, 16), 1);
	CHECK_INT(target_nregs(t, RC_X87, 32), 2); /* complex long double */
}

static void case_pair_count(void)
{
	/* Disjoint adjacent pairs, counted by hand: none in {} or {0, 2};
	 * one in {0, 1, 2} and {1, 2, 3} (3 or 0 left alone); two in
	 * {0..3} and in {0, 1, 3, 4}; one in ax, dx, cx (core 0..2). */
	CHECK_INT(regset_pair_count(0), 0);
	CHECK_INT(regset_pair_count(RS_BIT(0) | RS_BIT(2)), 0);
	CHECK_INT(regset_pair_count(0x7), 1);
	CHECK_INT(regset_pair_count(0xe), 1);
	CHECK_INT(regset_pair_count(0xf), 2);
	CHECK_INT(regset_pair_count(0x1b), 2);
	CHECK_INT(regset_pair_count(RS_BIT(R_AX) | RS_BIT(R_DX) |
				    RS_BIT(R_CX)), 1);
}

/* regset_first: the lowest member, for each single bit and with every
 * higher bit set too (the answer is the bit's position, by definition). */
static void case_first(void)
{
	int wrong = 0;
	for (int i = 0; i < 64; i++) {
		RegSet bit = (RegSet)1 << i;
		if (regset_first(bit) != i || regset_first(~(bit - 1)) != i)
			wrong++;
	}
	CHECK_INT(wrong, 0);
	CHECK_INT(regset_first(((RegSet)1 << 63) | ((RegSet)1 << 17)), 17);
	/* above bit 63 (xmm21 up to k7, core 64..66, and beyond) */
	for (int i = 64; i < 128; i++) {
		RegSet bit = (RegSet)1 << i;
		if (regset_first(bit) != i || regset_first(~(bit - 1)) != i)
			wrong++;
	}
	CHECK_INT(wrong, 0);
	CHECK_INT(regset_count(~(RegSet)0), 128);
}

void suite_target(void)
{
	t_case("target: regset_first, the lowest register of a set",
	       case_first);
	t_case("target: GCC hard register numbers", case_gcc_numbers);
	t_case("target: register and class names", case_names);
	t_case("target: SysV callee-saved and argument registers",
	       case_abi_sets);
	t_case("target: allocatable sets", case_allocatable);
	t_case("target: disjoint adjacent register pairs", case_pair_count);
}
