/* target.c - the x86-64 SysV register table. */
#include "target.h"

#include <string.h>

#define GPR_ALL ((RegSet)0xffff)
#define SSE_LOW ((RegSet)0xffff0000)
#define X87_ALL ((RegSet)0xff00000000ull)
#define SSE_EVEX ((RegSet)0xffff << R_XMM16)
#define MASK_ALL ((RegSet)0xff << R_K0)
#define SSE_ALL (SSE_LOW | SSE_EVEX)

static const Target x86_64 = {
	.name = "x86_64-sysv",
	.regs = {
		[R_AX] = {"ax", 0, RC_GPR},     [R_DX] = {"dx", 1, RC_GPR},
		[R_CX] = {"cx", 2, RC_GPR},     [R_BX] = {"bx", 3, RC_GPR},
		[R_SI] = {"si", 4, RC_GPR},     [R_DI] = {"di", 5, RC_GPR},
		[R_BP] = {"bp", 6, RC_GPR},     [R_SP] = {"sp", 7, RC_GPR},
		[R_R8] = {"r8", 36, RC_GPR},    [R_R9] = {"r9", 37, RC_GPR},
		[R_R10] = {"r10", 38, RC_GPR},  [R_R11] = {"r11", 39, RC_GPR},
		[R_R12] = {"r12", 40, RC_GPR},  [R_R13] = {"r13", 41, RC_GPR},
		[R_R14] = {"r14", 42, RC_GPR},  [R_R15] = {"r15", 43, RC_GPR},
		[R_XMM0] = {"xmm0", 20, RC_SSE},   [R_XMM1] = {"xmm1", 21, RC_SSE},
		[R_XMM2] = {"xmm2", 22, RC_SSE},   [R_XMM3] = {"xmm3", 23, RC_SSE},
		[R_XMM4] = {"xmm4", 24, RC_SSE},   [R_XMM5] = {"xmm5", 25, RC_SSE},
		[R_XMM6] = {"xmm6", 26, RC_SSE},   [R_XMM7] = {"xmm7", 27, RC_SSE},
		[R_XMM8] = {"xmm8", 44, RC_SSE},   [R_XMM9] = {"xmm9", 45, RC_SSE},
		[R_XMM10] = {"xmm10", 46, RC_SSE}, [R_XMM11] = {"xmm11", 47, RC_SSE},
		[R_XMM12] = {"xmm12", 48, RC_SSE}, [R_XMM13] = {"xmm13", 49, RC_SSE},
		[R_XMM14] = {"xmm14", 50, RC_SSE}, [R_XMM15] = {"xmm15", 51, RC_SSE},
		[R_ST0] = {"st0", 8, RC_X87},   [R_ST1] = {"st1", 9, RC_X87},
		[R_ST2] = {"st2", 10, RC_X87},  [R_ST3] = {"st3", 11, RC_X87},
		[R_ST4] = {"st4", 12, RC_X87},  [R_ST5] = {"st5", 13, RC_X87},
		[R_ST6] = {"st6", 14, RC_X87},  [R_ST7] = {"st7", 15, RC_X87},
		[R_FLAGS] = {"flags", 17, RC_OTHER},
		[R_ARGP] = {"argp", 16, RC_OTHER},
		[R_FRAME] = {"frame", 19, RC_OTHER},
		[R_XMM16] = {"xmm16", 52, RC_SSE}, [R_XMM17] = {"xmm17", 53, RC_SSE},
		[R_XMM18] = {"xmm18", 54, RC_SSE}, [R_XMM19] = {"xmm19", 55, RC_SSE},
		[R_XMM20] = {"xmm20", 56, RC_SSE}, [R_XMM21] = {"xmm21", 57, RC_SSE},
		[R_XMM22] = {"xmm22", 58, RC_SSE}, [R_XMM23] = {"xmm23", 59, RC_SSE},
		[R_XMM24] = {"xmm24", 60, RC_SSE}, [R_XMM25] = {"xmm25", 61, RC_SSE},
		[R_XMM26] = {"xmm26", 62, RC_SSE}, [R_XMM27] = {"xmm27", 63, RC_SSE},
		[R_XMM28] = {"xmm28", 64, RC_SSE}, [R_XMM29] = {"xmm29", 65, RC_SSE},
		[R_XMM30] = {"xmm30", 66, RC_SSE}, [R_XMM31] = {"xmm31", 67, RC_SSE},
		[R_K0] = {"k0", 68, RC_MASK}, [R_K1] = {"k1", 69, RC_MASK},
		[R_K2] = {"k2", 70, RC_MASK}, [R_K3] = {"k3", 71, RC_MASK},
		[R_K4] = {"k4", 72, RC_MASK}, [R_K5] = {"k5", 73, RC_MASK},
		[R_K6] = {"k6", 74, RC_MASK}, [R_K7] = {"k7", 75, RC_MASK},
	},
	.class_name = {[RC_GPR] = "gpr", [RC_SSE] = "sse", [RC_X87] = "x87",
		       [RC_MASK] = "mask", [RC_OTHER] = "other"},
	.class_bytes = {[RC_GPR] = 8, [RC_SSE] = 16, [RC_X87] = 16,
			[RC_MASK] = 8},
	.class_regs = {
		[RC_GPR] = GPR_ALL,
		[RC_SSE] = SSE_ALL,
		[RC_X87] = X87_ALL,
		[RC_MASK] = MASK_ALL,
		[RC_OTHER] = RS_BIT(R_FLAGS) | RS_BIT(R_ARGP) | RS_BIT(R_FRAME),
	},
	.never_alloc = RS_BIT(R_SP) | RS_BIT(R_FLAGS) | RS_BIT(R_ARGP) |
		       RS_BIT(R_FRAME),
	.callee_saved = RS_BIT(R_BX) | RS_BIT(R_BP) | RS_BIT(R_R12) |
			RS_BIT(R_R13) | RS_BIT(R_R14) | RS_BIT(R_R15),
	.call_clobbered = RS_BIT(R_AX) | RS_BIT(R_DX) | RS_BIT(R_CX) |
			  RS_BIT(R_SI) | RS_BIT(R_DI) | RS_BIT(R_R8) |
			  RS_BIT(R_R9) | RS_BIT(R_R10) | RS_BIT(R_R11) |
			  SSE_ALL | X87_ALL | MASK_ALL | RS_BIT(R_FLAGS),
	.avx512 = SSE_EVEX | MASK_ALL,
	.arg_gpr = {R_DI, R_SI, R_DX, R_CX, R_R8, R_R9},
	.arg_sse = {R_XMM0, R_XMM1, R_XMM2, R_XMM3, R_XMM4, R_XMM5, R_XMM6,
		    R_XMM7},
	.ret_gpr = {R_AX, R_DX},
	.ret_sse = {R_XMM0, R_XMM1},
	.ret_x87 = {R_ST0, R_ST1},
};

const Target *target_x86_64(void)
{
	return &x86_64;
}

RegSet target_allocatable(const Target *t, int cls, bool frame_pointer)
{
	if (cls < 0 || cls >= RC_NALLOC)
		return 0;
	RegSet s = t->class_regs[cls] & ~t->never_alloc;
	if (frame_pointer)
		s &= ~RS_BIT(R_BP);
	return s;
}

RegSet target_goto_lost(void)
{
	RegSet keep = RS_BIT(R_SP) | RS_BIT(R_ARGP) | RS_BIT(R_FRAME);
	return (((RegSet)1 << TGT_NREGS) - 1) & ~keep;
}

int target_reg_by_name(const Target *t, const char *name, int len)
{
	for (int r = 0; r < TGT_NREGS; r++)
		if ((int)strlen(t->regs[r].name) == len &&
		    memcmp(t->regs[r].name, name, (size_t)len) == 0)
			return r;
	return -1;
}

int target_reg_by_gccno(const Target *t, int gccno)
{
	for (int r = 0; r < TGT_NREGS; r++)
		if (t->regs[r].gccno == gccno)
			return r;
	return -1;
}

int target_class_by_name(const Target *t, const char *name, int len)
{
	for (int c = 0; c < RC_NALLOC; c++)
		if ((int)strlen(t->class_name[c]) == len &&
		    memcmp(t->class_name[c], name, (size_t)len) == 0)
			return c;
	return -1;
}

int regset_pair_count(RegSet s)
{
	/* the members from the lowest: a member r and r + 1 make a pair
	 * (both leave the set), a member without r + 1 leaves alone */
	int n = 0;
	while (s) {
		int r = regset_first(s);
		if (r + 1 < TGT_NREGS && RS_HAS(s, r + 1)) {
			n++;
			s &= ~RS_BIT(r + 1);
		}
		s &= ~RS_BIT(r);
	}
	return n;
}

