// options: -O2
/* Parts of a pseudo that no register of its class names (docs/CAPTURE.md
 * "Parts no register names"): with the pseudo in a register,
 * GCC's simplify_subreg_regno fails for the part, so LRA reloads the
 * pseudo through memory; the capture makes such an operand memory-only
 * (`{} mem`) instead of giving it a register set. */

/* spread: the 16-byte struct argument (rsi:rdx) is assembled into a
 * V4SI pseudo by two *movdi_internal, `(set (subreg:DI (reg:V4SI p) 0)
 * (reg:DI si))` and `... 8) (reg:DI dx))`, then stored with movups.
 * Bytes 0..7 are the lowpart of an xmm register (movq %rsi, %xmm0 is an
 * instruction): a register operand.  Bytes 8..15 of an xmm register are
 * no DI register: memory only.  GCC: movq %rsi, -24(%rsp); movq %rdx,
 * -16(%rsp); movdqa -24(%rsp), %xmm0; movups %xmm0, (%rdi).  GCC's
 * clobber of the vector became a clobber of its slot (unverified, as
 * narrowmem.c udiv). */
struct in2 { int a, b; };
struct outer { int h; struct in2 c; int t; };
void spread(int *o, struct outer s)
{
	o[0] = s.h;
	o[1] = s.c.a;
	o[2] = s.c.b;
	o[3] = s.t;
}
//! spread: ord "*movdi_internal" +p?[0,8], p? memalt
//! spread: ord "*movdi_internal" +p?[8,8] {} mem, p?
//!verdict spread: unverified: pseudo replaced by memory (uid 16)
//!ours spread: verified

/* mant: the low 8 bytes of a long double product (an x87 pseudo) read
 * as an integer: an x87 register changes no mode
 * (ix86_can_change_mode_class), so `(subreg:DI (reg:XF p) 0)` is memory
 * only (GCC: fstpt to a slot, movq from it).  Before, the read was
 * given the general and SSE registers of *movdi_internal, the pseudo was
 * wanted in another class, and the function was unsupported ("no
 * alternative fits with pseudos in registers (*fop_xf_comm_i387)"). */
unsigned long long mant(long double x)
{
	union { long double d; unsigned long long m[2]; } u;
	u.d = x * 3.0L;
	return u.m[0];
}
//! mant: ord "*movdi_internal" =p?, p?[0,8] {} mem
//!verdict mant: verified
//!ours mant: verified
