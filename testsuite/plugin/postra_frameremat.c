// options: -O2 -mtune=znver3
/* Frame addresses recomputed (docs/POSTRA.md "Recomputed values"):
 * gcc.c-torture/compile/20080812-1.c with -march=native on a znver3.
 * IRA moves the computations of &b and &a (p107 = frame - 128, p109 =
 * frame - 256, REG_EQUIV frame addresses) to their uses after the loop
 * and LRA emits them there in their pseudos' register, `leaq 128(%rsp),
 * %rdi` and `movq %rsp, %rdi`, the copies into di deleted.  Read as
 * opaque writes of di they made the calls' argument a false violation
 * ("operand 2 (%di) at di holds {} instead"); the new insns are now
 * recomputations of the captured `lea`s their ORIGINAL_REGNO names, the
 * eliminated address equal to the captured one. */
void bar(signed char *);

void foo(int x, int y)
{
	int i;
	signed char a[123], b[123], c;
	for (i = 0; i < 123; i++) {
		int e = y - x;
		int d = e < 0 ? -e : e;
		c = d < 75;
		a[y] = c;
		b[y] = c;
		y--;
	}
	bar(b);
	bar(a);
}
//!gcc foo: remat "*leadi" =p? @di, %frame [of 44]
//!gcc foo: remat "*leadi" =p? @di, %frame [of 43]
//!verdict foo: verified
//!ours foo: verified
