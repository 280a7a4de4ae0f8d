// options: -O2
/* Frame addresses beyond 32 bits, computed by LRA step by step
 * (docs/POSTRA.md, "Sums computed step by step").  With a local array
 * of 2^34 bytes, elimination turns `frame + p` (p a pseudo holding a
 * constant -2^34 + ...) into `sp + 2^34 + p`, which no insn takes: LRA
 * loads 2^34 into a register R with a new insn, adds p's register or
 * sp to it with another (`leaq (%rdx,%rax), %rdx`), and the captured
 * insn reads R (`addq %rdx, %rsp`-like, or the address `(%rcx,%rax)`).
 * The translation replaces R by the sum the new insns left in it (the
 * constant, sp as argp plus its offset, the registers they read, none
 * written since) and matches the captured sum by value, the pseudo at
 * the register the chain read.  Compile-only: such a frame cannot run. */
extern void fill(char *, long);

/* huge_two: a = `frame + p89` (p89 the constant -2^35, in bp) becomes
 * `ax = 2^35; ax = ax + sp` (new) then `bp = bp + ax` (uid 8): p89 at
 * bp, ax replaced by 2^35 plus sp; the same for b.  Before: "pseudo
 * rematerialized from a computation (uid 8)". */
int huge_two(long i, long j)
{
	char a[1L << 34];
	char b[1L << 34];
	a[i] = 2;
	b[j] = 3;
	fill(a, 0);
	fill(b, 0);
	return a[j] + b[i];
}
//!verdict huge_two: verified

/* huge_base: the array's address (a pseudo `frame + p`, p the constant
 * -2^36) kept in a callee-saved register across two calls; its first
 * and last byte stored through chains of two new insns each. */
long huge_base(void)
{
	char s[1L << 36];
	s[0] = 'x';
	s[(1L << 36) - 1] = 'y';
	fill(s, 1);
	fill(s, 2);
	return 0;
}
//!verdict huge_base: verified

/* huge_mid: at main (00f389bc) a false violation, "uid 7: frame memory
 * at argp-32 before IRA is at argp-68719476768 after elimination": the
 * loose frame comparison bound p89 at cx, which a chain of new insns
 * had set to 2^36 + p89, and took the difference for a moved frame.  A
 * loose comparison is not made any more when a term is a register with
 * a tracked sum; the sum itself matches exactly.  What is left: LRA's
 * `cx = cx + ax` is taken for a recomputation of uid 12 (p94 = p90 +
 * p93: both are sums of two registers) whose operands the checker
 * cannot prove: unverified, never a violation. */
long huge_mid(long k)
{
	char buf[1L << 36];
	buf[0] = 1;
	buf[(1L << 35) + 3] = 7;
	fill(buf, k);
	fill(buf + 16, k);
	return buf[(1L << 35) + 3] + buf[k];
}
//!verdict huge_mid: unverified: remat of p94 (uid 12) in b2: p90 at cx not proven equal
