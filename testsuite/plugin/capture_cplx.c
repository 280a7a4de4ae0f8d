// options: -O2
/* Complex float pseudos (CAPTURE.md "Pseudos"): general registers hold
 * SCmode (8 bytes, one register) and DCmode (16 bytes, a pair), SSE
 * registers neither (i386.h: VALID_FP_MODE_P has them, VALID_SSE_REG_MODE
 * and VALID_SSE2_REG_MODE do not), so they are class gpr.  Without this,
 * every function with one is unsupported ("complex float pseudo"). */

/* cf_bits: the asm reads the SCmode value c in a general register ("r");
 * GCC builds it in ax from the two halves of xmm0 stored to the stack:
 * movq %xmm0, -8(%rsp); movl -4(%rsp), %edx; movl -8(%rsp), %eax;
 * salq $32, %rdx; orq %rdx, %rax; (asm) ; ret. */
long long cf_bits(_Complex float c)
{
	long long r;
	__asm__("" : "=r"(r) : "r"(c));
	return r;
}
//! cf_bits: ord "clobber" =p?
//! cf_bits: ord "asm" =p?, p? clobber {flags}
//!gcc cf_bits: ord "asm" =p? @ax, p? @ax clobber {flags}
//!verdict cf_bits: verified
//!ours cf_bits: verified

/* cd_pass: a DCmode value (16 bytes) tied in and out of an asm "r": a
 * pair of general registers, filled from xmm0/xmm1 and copied back
 * (movq %xmm0, %rsi; movq %xmm1, %rdi; movq %rsi, %rax; movq %rdi, %rdx;
 * movq %rdx, %xmm1; movq %rax, %xmm0). */
_Complex double cd_pass(_Complex double a)
{
	_Complex double c;
	__asm__("" : "=r"(c) : "0"(a));
	return c;
}
//! cd_pass: pseudo p? gpr 16
//! cd_pass: ord "asm" =p?, p? ^0 clobber {flags}
//!gcc cd_pass: ord "asm" =p? @ax, p? ^0 @ax clobber {flags}
//!gcc cd_pass: ord "*movdf_internal" =p? @xmm0, p?[0,8] @ax
//!gcc cd_pass: ord "*movdf_internal" =p? @xmm1, p?[8,8] @ax
//!verdict cd_pass: verified
//!ours cd_pass: verified
