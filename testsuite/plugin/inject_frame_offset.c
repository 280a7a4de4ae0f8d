/* frame-offset: at -O0 f keeps a and b in its own frame memory (the
 * array x, and the argument copies); the first captured insn of f with
 * frame memory, the store of a into its home before IRA
 * (`[frame-N] = p`), is moved 8 bytes up after elimination, onto the
 * slot of another local: f then returns a wrong difference and main
 * aborts.  Elimination only renames the frame pointer (its offsets are
 * GCC's own, ix86_initial_elimination_offset), so the translation must
 * compare the eliminated address with the captured one and report the
 * insn (docs/POSTRA.md, "Frame addresses"); before that check, any
 * offset was accepted and f was reported verified.  Only f is looked at
 * (only=f). */
// options: -O0
// inject-options: -fplugin-arg-ssara-only=f
// inject: frame-offset:1 f
//!verdict f: verified
extern void abort(void);

__attribute__((noinline, noipa)) long f(long a, long b)
{
	long x[2];
	x[0] = a;
	x[1] = b;
	return x[0] - x[1];
}

int main(void)
{
	if (f(10, 4) != 6)
		abort();
	return 0;
}
