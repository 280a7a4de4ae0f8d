// options: -O2
/* A call that returns twice (docs/VERIFY.md "Calls that return twice"):
 * s is set before setjmp and again in the loop, whose call g may longjmp
 * back; t is set before and never again.  GCC keeps both in memory
 * across the setjmp (IRA gives pseudos live across it no register);
 * so does ssara, each in a slot of its own, stored after each def and
 * reloaded before each use, the loop's other values in registers
 * (docs/ALLOC.md "Calls that return twice").  Both verify under
 * the model of the second return; kept in a callee-saved register as
 * ssara's SSA allocator did, s would be the value before the loop after
 * a longjmp. */
#include <setjmp.h>
jmp_buf jb;
void g(int);
int sj(int n, int *a)
{
	int s = 0, t = n * 3;
	if (setjmp(jb))
		return s + t;
	for (int i = 0; i < n; i++) {
		s += a[i];
		g(s);
	}
	return s * t;
}
//! sj: call "_setjmp" =%ax, $_setjmp, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags} [twice]
//!verdict sj: verified
//!ours sj: verified
