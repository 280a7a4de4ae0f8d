/* target.h - the x86-64 SysV register file as a table.
 *
 * The core numbers hard registers 0..TGT_NREGS-1 in the order below; each
 * entry carries GCC's hard register number so that the plugin can map back.
 * Register sets are 128-bit masks over core numbers (67 registers).
 */
#ifndef SSARA_TARGET_H
#define SSARA_TARGET_H

#include <stdbool.h>
#include <stdint.h>

typedef unsigned __int128 RegSet;

#define RS_BIT(r) ((RegSet)1 << (r))
#define RS_HAS(s, r) (((s) >> (r)) & 1)

/* Core register numbers. */
enum {
	R_AX, R_DX, R_CX, R_BX, R_SI, R_DI, R_BP, R_SP,
	R_R8, R_R9, R_R10, R_R11, R_R12, R_R13, R_R14, R_R15,
	R_XMM0, R_XMM1, R_XMM2, R_XMM3, R_XMM4, R_XMM5, R_XMM6, R_XMM7,
	R_XMM8, R_XMM9, R_XMM10, R_XMM11, R_XMM12, R_XMM13, R_XMM14, R_XMM15,
	/* x87 st0..st7 as flat registers, as IRA/LRA see them before
	 * reg-stack (GCC FIRST_STACK_REG..LAST_STACK_REG, 8..15). */
	R_ST0, R_ST1, R_ST2, R_ST3, R_ST4, R_ST5, R_ST6, R_ST7,
	R_FLAGS, /* condition codes: never allocated, tracked as a value */
	R_ARGP,  /* GCC's soft argument pointer, eliminated by reload */
	R_FRAME, /* GCC's soft frame pointer, eliminated by reload */
	/* AVX-512: xmm16..xmm31 (EVEX encoding only) and the mask registers
	 * k0..k7; they exist only in a function compiled for AVX-512F
	 * (Fn.avx512).  After the others so that the older numbers stay. */
	R_XMM16, R_XMM17, R_XMM18, R_XMM19, R_XMM20, R_XMM21, R_XMM22, R_XMM23,
	R_XMM24, R_XMM25, R_XMM26, R_XMM27, R_XMM28, R_XMM29, R_XMM30, R_XMM31,
	R_K0, R_K1, R_K2, R_K3, R_K4, R_K5, R_K6, R_K7,
	TGT_NREGS
};

/* Register classes: GPR, SSE, x87 and mask are allocatable. */
enum {
	RC_GPR,
	RC_SSE, /* xmm0..xmm31; one register holds a value of up to 64 bytes */
	RC_X87, /* st0..st7; XFmode values (10 significant bytes in 16) */
	RC_MASK, /* k0..k7 (AVX-512); values of up to 8 bytes */
	RC_NALLOC, /* number of allocatable classes */
	RC_OTHER = RC_NALLOC, /* flags, soft pointers */
	RC_NCLASS
};

typedef struct TargetReg {
	const char *name; /* GCC's reg_names spelling: "ax", "r8", "xmm0" */
	int gccno;        /* GCC 12 hard register number */
	int cls;          /* RC_* */
} TargetReg;

typedef struct Target {
	const char *name;
	TargetReg regs[TGT_NREGS];
	const char *class_name[RC_NCLASS];
	int class_bytes[RC_NALLOC]; /* bytes of one register of the class
				     * (SSE: an xmm register's 16; a wider
				     * vector still takes one register,
				     * target_nregs) */
	RegSet class_regs[RC_NCLASS];
	RegSet never_alloc;   /* sp, flags, soft pointers */
	RegSet callee_saved;  /* SysV: bx bp r12-r15; no SSE, x87 or mask
			       * register */
	RegSet call_clobbered;/* SysV: the rest of GPR, all SSE, x87 and
			       * mask registers, and flags */
	RegSet avx512;        /* xmm16..xmm31 and k0..k7: only with AVX-512F */
	int arg_gpr[6];
	int arg_sse[8];
	int ret_gpr[2];       /* ax, dx */
	int ret_sse[2];       /* xmm0, xmm1 */
	int ret_x87[2];       /* st0, st1 (long double; complex: both) */
} Target;

/* The x86-64 SysV table (a constant; never modified). */
const Target *target_x86_64(void);

/* Registers of class cls that an allocator may use; bp only when the
 * function does not need a frame pointer.  With the AVX-512 registers
 * (t->avx512): the caller removes them from a function without AVX-512F
 * (fn_allocatable). */
RegSet target_allocatable(const Target *t, int cls, bool frame_pointer);

/* The registers a non-local goto's edge loses (docs/IR.md "!abcall"):
 * all but sp and the soft pointers (the receiver restores sp and the
 * frame pointer only). */
RegSet target_goto_lost(void);

/* Core number of the register spelled name (GCC spelling, e.g. "ax",
 * "xmm3", "flags"), or -1. */
int target_reg_by_name(const Target *t, const char *name, int len);

/* Core number of GCC hard register gccno, or -1 if the core does not
 * model it (MMX, the x87 status word). */
int target_reg_by_gccno(const Target *t, int gccno);

/* Class number for a class name ("gpr", "sse", "x87", "mask"), or
 * -1. */
int target_class_by_name(const Target *t, const char *name, int len);

/* Number of registers of class cls that a value of size bytes occupies
 * (a 16-byte GPR value takes two registers). */
static inline int target_nregs(const Target *t, int cls, int size)
{
	if (cls < 0 || cls >= RC_NALLOC || size <= 0)
		return 1;
	int b = t->class_bytes[cls];
	/* An SSE register holds a vector of up to 64 bytes (zmm), a mask
	 * register up to 8. An x87 register holds one XFmode (or narrower
	 * float) value; a complex long double takes two. */
	if (cls == RC_SSE || cls == RC_MASK)
		return 1;
	return (size + b - 1) / b;
}

/* The members of the 64-bit word w, by halving sums (no libgcc call
 * where the target has no popcnt instruction). */
static inline int regset_word_count(uint64_t w)
{
	w = w - ((w >> 1) & UINT64_C(0x5555555555555555));
	w = (w & UINT64_C(0x3333333333333333)) +
	    ((w >> 2) & UINT64_C(0x3333333333333333));
	w = (w + (w >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
	return (int)((w * UINT64_C(0x0101010101010101)) >> 56);
}

/* The number of registers in s.  Inline: asked per operand and per
 * value by the colouring's and the spiller's walks. */
static inline int regset_count(RegSet s)
{
	return regset_word_count((uint64_t)s) +
	       regset_word_count((uint64_t)(s >> 64));
}

/* The lowest set bit of the 64-bit word w (not 0): one instruction
 * (bsf or tzcnt). */
static inline int regset_word_first(uint64_t w)
{
	return __builtin_ctzll(w);
}

/* The lowest register in s; s must not be empty.  Inline: asked for
 * every clobbered register by every walk. */
static inline int regset_first(RegSet s)
{
	uint64_t lo = (uint64_t)s;
	return lo ? regset_word_first(lo)
		  : 64 + regset_word_first((uint64_t)(s >> 64));
}

/* The most disjoint pairs of adjacent registers (r, r+1 in core order,
 * as colour.c's 16-byte general values take them) within s: greedy from
 * the lowest, optimal on a line. */
int regset_pair_count(RegSet s);

#endif
