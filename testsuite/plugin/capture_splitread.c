// options: -O2
/* A split pseudo (CAPTURE.md "Pseudos in both classes") read and
 * written by one insn in the other class: r is a float (sse) that
 * *iorsi_1 also writes through its SImode subreg (general registers),
 * and `b == a ? b : a` becomes *movsfcc_1_387 (cmov, general registers
 * here) reading r and writing r.  The definition writes a new general
 * pseudo copied into r after the insn; the read gets a copy of its own
 * before it.  Sharing the definition's new pseudo,
 * `=p98, p98 mem`, would be a read of a value not yet defined, so that
 * the checker demanded nothing of the register GCC read r from (a
 * wrong register there was "verified"; testsuite/ir/verify/gcc/
 * splitread.*).  The expectations below cannot tell the two apart
 * (pseudo numbers are normalised): test_plugin.c case_split_read
 * checks the copies and the pseudos. */
float nb(float a, float b, unsigned s, int m)
{
	union { float f; unsigned u; } v;
	if (m > 7)
		return a + b;
	if (m == 0) {
		v.u = (s & 0x80000000u) | 1;
		a = v.f;
		b = a * a;
		if (b == a)
			return b;
		return a;
	}
	return a - b;
}
//! nb: ord "*movsfcc_1_387" =p?, p? mem, p? {ax,dx,cx,bx,si,di,bp,r8-r15} ^0, %flags [mirror 1]
//!gcc nb: ord "*movsfcc_1_387" =p? @ax, p? mem @dx, p? {ax,dx,cx,bx,si,di,bp,r8-r15} ^0 @ax, %flags
//!verdict nb: verified
//!ours nb: verified
