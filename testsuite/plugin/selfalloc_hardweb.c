// options: -O2
/* A register variable kept in its register across an instruction that
 * needs that register (docs/ALLOC.md "Hard-register webs"): v lives in
 * dx (`register ... asm ("rdx")`, a hard register in GCC's RTL) from
 * the first asm to the last, and the division between writes its
 * remainder to dx.  GCC's LRA stores rdx around the idivl (`movq %rdx,
 * -8(%rsp)` ... `movq -8(%rsp), %rdx`).  Our allocator's first attempt,
 * with dx pinned, finds no register for the remainder; the retry makes
 * v's web (dx written by 7 and the first asm, read by the last asm) a
 * value constrained to dx at those instructions only: moved out of dx
 * before the division and back before the last asm, verified. */
int f(int a, int b)
{
	register int v asm("rdx") = a + 1;
	asm volatile("" : "+r"(v));
	int q = a / b;
	asm volatile("" : "+r"(q));
	asm volatile("" : : "r"(v));
	return q;
}
//! f: ord "asm" =%dx, %dx ^0 clobber {flags} [wr *]
//! f: ord "*divmodsi4" =p? {ax}, =&p? {dx}, p? ^0, p? mem clobber {flags}
//! f: ord "asm" %dx clobber {flags} [wr *]
//!verdict f: verified
//!ours f: verified
