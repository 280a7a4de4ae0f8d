// options: -O2
/* A non-local goto (docs/VERIFY.md "Exception edges"): the nested
 * function inner jumps to out, whose receiver every call of f reaches
 * by an abnormal call edge.  The receiver restores sp and the frame
 * pointer and nothing else, so s and t, live across call into it, must
 * be in memory there: GCC's IRA keeps every pseudo crossing a call of
 * such a function out of registers, and ssara's allocator loses every
 * register on the edge (docs/ALLOC.md "Exception edges").  In
 * callee-saved registers, as ssara's allocator put them before the edge
 * was modelled, the receiver would read what the callees left there. */
void call(void (*)(int), int);
int f(int n)
{
	__label__ out;
	int s = n * 7, t = n + 1;
	void inner(int x)
	{
		if (x > 20)
			goto out;
	}
	for (int i = 0; i < n; i++) {
		s += i;
		call(inner, s);
	}
	return s * t;
out:
	return s + t;
}
//! f: ord "use" %bp
//! f: b4: freq=9450 depth=0 -> b5 b7!abcall
//!verdict f: verified
//!ours f: verified
