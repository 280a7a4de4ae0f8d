// options: -O2 -ffixed-rbx -ffixed-rbp -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r13 -ffixed-r14 -ffixed-r15
/* Memory in another alternative (CAPTURE.md, `memalt`): `*adddi_1` is
 * captured in its first alternative, "=rm" "%0" "re": the def may be
 * memory, the second source may not.  Its second, "=r" "0" "BM", reads
 * the second source from memory with the rest as the first has it:
 * that read gets `memalt`; so does `*subsi_1`'s ("=rm" "0" "re" beside
 * "=r" "0" "rm").  With no callee-saved register left, b and c live
 * across the call in memory, and ssara's allocation reads each from
 * its slot at the add and the subtract (verified). */
__attribute__((noipa)) long g(long a) { return a * 3 + 1; }

long f(long a, long b)
{
	return g(a) + b;
}
//! f: ord "*adddi_1" =p? mem, p? ^~0, p? memalt clobber {flags} [comm 1]
//!ours f: verified

int h(int a, int c)
{
	return (int)g(a) - c;
}
//! h: ord "*subsi_1" =p? mem, p?[0,4] ^0, p? memalt clobber {flags}
//!ours h: verified
