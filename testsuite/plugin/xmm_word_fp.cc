// options: -O0
/* A word of a 16-byte SSE value read by a general-register instruction
 * tied to its def, in a function with a frame pointer (g++.dg/eh
 * seh-xmm-unwind.C main, reduced): `x != 6` xors x's low word in a
 * general register whose constraint is every general register but bp.
 * With a frame pointer that is every allocatable one: ssara copies x
 * into a general register pair for the read (docs/ALLOC.md
 * "Constraints") where it once refused the function ("a part of a value
 * read in the other class").  GCC's allocation reloads x's 16-byte
 * register copy in another shape (unverified). */
extern "C" void abort(void);
void f(void)
{
	register __int128 x asm("xmm6") = 6;
	__asm__ __volatile__("" : "+x"(x));
	if (x != 6)
		abort();
}
//!verdict _Z1fv: unverified: insn changed shape (set, *movti_internal) (uid 5)
//!ours _Z1fv: verified
