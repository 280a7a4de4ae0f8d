/* redirect-use: in f, GCC leaves a in di and b in si (the argument
 * registers, coalesced with their pseudos) and computes ax = a; ax -= b,
 * the copy being LRA's (a new insn).  The first captured insn of f that
 * reads a register allocated to a pseudo is the subtraction; its use of
 * b (si) is redirected to the next general register after si that keeps
 * the insn valid, di, which holds a: f returns a - a = 0.  Only f is
 * looked at (only=f). */
// options: -O2
// inject-options: -fplugin-arg-ssara-only=f
// inject: redirect-use:1 f
//! f: ord "*subdi_1" =p? mem, p? ^0, p? memalt clobber {flags}
extern void abort(void);

__attribute__((noinline, noipa)) long f(long a, long b)
{
	return a - b;
}

int main(void)
{
	if (f(10, 4) != 6)
		abort();
	return 0;
}
