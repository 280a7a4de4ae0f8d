// options: -Os
/* A long double compared with a float constant: IRA/LRA at -Os
 * rematerialise the extension `(float_extend:XF (mem:SF .LC))` (captured
 * `*extendsfxf2_i387 =p`, the pool load not an operand) before the
 * insn that computed it, ahead of that insn's (deleted) position.  The
 * checker cannot prove such an early recomputation ("p may have changed
 * since uid N ran"), and what it wrote is read later: that read is not
 * provably wrong, so the verdict is unverified, not a violation (a false
 * violation would be reported for 20010605-2.c baz -Os). */
extern void fail(void) __attribute__((noreturn));
void check_pair(__complex__ long double z)
{
	if (__real__ z != 7.0L || __imag__ z != 9.0L)
		fail();
}
//!verdict check_pair: unverified: value last written by an unmodelled inserted insn
