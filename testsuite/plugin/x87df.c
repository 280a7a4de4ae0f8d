// options: -O2
/* Doubles and floats in x87 registers for an asm (CAPTURE.md "Floats in
 * x87 registers"; gcc.c-torture/compile/pr34966.c atan and f are not
 * captured without this: "constraint the IR cannot represent
 * (asm)").  An asm operand "t", "u" or "f" of a double or float puts its
 * pseudo in class x87 (with its own size: 8 or 4 bytes, as IRA and LRA
 * put it in FLOAT_REGS); the copies between it and the SSE values
 * (argument, return value) carry `mem` on their pseudo sides, since x86
 * has no register move between x87 and SSE registers: GCC goes through a
 * stack slot (LRA's secondary memory), and so does ssara. */

/* pr34966.c atan: movsd %xmm0, -8(%rsp); fldl; fstpl; movsd -8(%rsp), %xmm0 */
double dt(double x)
{
	register double r;
	__asm__ volatile("" : "=t"(r) : "0"(x));
	return r;
}
//! dt: copy =p?, %xmm0
//! dt: copy =p? mem, p? mem
//! dt: ord "asm" =p? {st0}, p? ^0 clobber {flags} [wr *]
//! dt: copy =%xmm0, p? mem
//!gcc dt: copy =p? mem @s0, p? mem @xmm0
//!gcc dt: reload =@st0:8, @s0:8
//!gcc dt: copy =p? @s0, p? mem @st0
//!gcc dt: reload =@xmm0:8, @s0:8
//!verdict dt: verified
//!ours dt: verified

/* The same with a float: 4-byte slot accesses (movss, flds, fstps). */
float ft(float x)
{
	register float r;
	__asm__ volatile("" : "=t"(r) : "0"(x));
	return r;
}
//!gcc ft: reload =@st0:4, @s0:4
//!gcc ft: reload =@xmm0:4, @s0:4
//!verdict ft: verified
//!ours ft: verified

/* A second input in st1 ("u"), popped by the insn (clobber st(1)). */
double du(double x, double y)
{
	double r;
	__asm__("fyl2xp1" : "=t"(r) : "0"(x), "u"(y) : "st(1)");
	return r;
}
//! du: ord "asm" =p? {st0}, p? ^0, p? {st1} clobber {st1,flags}
//!verdict du: verified
//!ours du: verified

/* A second input in any x87 register ("f"), and the result read by an
 * SSE insn (r * 2 as r + r: the tied read in an SSE register, the other
 * read from the slot). */
double dsum(double x, double y)
{
	double r;
	__asm__("fadd %2, %0" : "=t"(r) : "0"(x), "f"(y));
	return r * 2;
}
//!verdict dsum: verified
//!ours dsum: verified

/* In a loop: each element loaded into an SSE register, through memory
 * into st0, and back into the SSE sum. */
double dloop(const double *a, int n)
{
	double s = 0;
	for (int i = 0; i < n; i++) {
		double t;
		__asm__("" : "=t"(t) : "0"(a[i]));
		s += t;
	}
	return s;
}
//!verdict dloop: verified
//!ours dloop: verified

/* An output only (fldpi): the double is born in st0, stored for the
 * return in xmm0 (the copy into the hard register through a slot). */
double pi(void)
{
	double r;
	__asm__("fldpi" : "=t"(r));
	return r;
}
//! pi: ord "asm" =p? {st0} clobber {flags}
//!verdict pi: verified
//!ours pi: verified

/* An input only: x copied from xmm0 into st0 through a slot. */
void st(double x, double *p)
{
	__asm__ volatile("fstl %0" : "=m"(*p) : "t"(x));
}
//!verdict st: verified
//!ours st: verified

/* A double from st0 added to a long double (an x87 addition reading the
 * double in an x87 register or from memory). */
long double mix(double x, long double y)
{
	double r;
	__asm__("" : "=t"(r) : "0"(x));
	return r + y;
}
//!verdict mix: verified
//!ours mix: verified
