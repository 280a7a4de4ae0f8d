// options: -O2
/* A call to a const or pure function between a global's load and its
 * reuse (docs/IR.md "[pure]", docs/VERIFY.md "Memory").  Fourteen
 * products keep every register busy across the call of k: LRA gives
 * x = ga no register and reads it from its memory equivalence [$ga]
 * after the call.  k is const (RTL_CONST_OR_PURE_CALL_P): the capture
 * flags the call [pure], which writes no memory of the caller's, so
 * [$ga] keeps the loaded value: proved.  (Before: every call wrote any
 * global: "p97 at cx loaded from memory, not proven equal"; csmith -O1
 * seed 197 `func_53`, across a call of its static safe_add_..., which
 * IPA found const.) */
long ga;
long *gp;
long a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13;
extern int k(int) __attribute__((const));
int pure(int z)
{
	long x = ga;
	long b0 = a0, b1 = a1, b2 = a2, b3 = a3, b4 = a4, b5 = a5, b6 = a6,
	     b7 = a7, b8 = a8, b9 = a9, b10 = a10, b11 = a11, b12 = a12,
	     b13 = a13;
	int y = k(z);
	a0 = b1 * b2; a1 = b2 * b3; a2 = b3 * b4; a3 = b4 * b5;
	a4 = b5 * b6; a5 = b6 * b7; a6 = b7 * b8; a7 = b8 * b9;
	a8 = b9 * b10; a9 = b10 * b11; a10 = b11 * b12; a11 = b12 * b13;
	a12 = b13 * b0; a13 = b0 * b1;
	*gp = x;
	return y;
}
//! pure: call "k" =%ax, $k, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags} [pure]
//!gcc pure: remat =@cx:8, @[$ga]:8
//!verdict pure: verified

/* A call of an ordinary function is not [pure]. */
extern int h(int);
int impure(int z) { return h(z) + 1; }
//! impure: call "h" =%ax, $h, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
//!verdict impure: verified
