// options: -O2
/* Our allocation of functions with memory-only operands (x87
 * conversions, docs/ALLOC.md "Memory-only operands"), checked inside the
 * compiler (-fplugin-arg-ssara-verify=both): the allocator places the
 * `{} mem` operand at the value's slot (a store after its definition for
 * fild's integer; fistp's result born in its slot, reloaded for a
 * register use) and the checker verifies it.  Nothing is substituted:
 * GCC's allocation is what the compiler emits (docs/ALLOC.md
 * "Substituting"), so a slot operand of ours can never reach RTL. */

/* fild of an argument. */
long double fl(long x) { return x; }
//! fl: ord "floatdixf2" =p?, p? {} mem
//!verdict fl: verified
//!ours fl: verified

/* fistp, then the result returned in ax. */
long tl(long double x) { return x; }
//! tl: ord "fix_truncdi_i387" =p? {} mem, =&p?, p?, %frame, %frame
//!verdict tl: verified
//!ours tl: verified

/* A float (SSE class) read by fld from memory only. */
long double ef(float x) { return x; }
//! ef: ord "*extendsfxf2_i387" =%st0, p? {} mem
//!verdict ef: verified
//!ours ef: verified

/* fst of a truncation to double: written to memory only, reloaded into
 * xmm0. */
double td(long double x) { return x; }
//! td: ord "truncxfdf2" =p? {} mem, p?
//!verdict td: verified
//!ours td: verified

/* Both conversions in a loop, and a value live across a call read in
 * memory only after it. */
extern void g(void);
long loop(const long *a, long n)
{
	long s = 0;
	for (long i = 0; i < n; i++)
		s += (long)((long double)a[i] * 3);
	return s;
}
//!verdict loop: verified
//!ours loop: verified

long double across(long x)
{
	g();
	return x;
}
//!verdict across: verified
//!ours across: verified
