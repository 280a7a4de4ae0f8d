// options: -O2
/* A store of a constant split by LRA (docs/POSTRA.md "Split stores"):
 * `gq = &gx` is `leaq gx(%rip), %r15; movq %r15, gq(%rip)` in
 * position-independent code.  The first insn only loads the constant:
 * it is translated as `remat =@r15:8, @$gx:8`, which writes no memory,
 * not as an opaque (which may write any memory).  So [$ga], loaded
 * before, still holds x where LRA reloads it from there at the end:
 * proved.  (Before: "p97 at dx loaded from memory, not proven equal";
 * csmith -O1 seed 118 `func_10`.) */
long ga;
long gx;
long *gq;
long *gp;
long a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13;
void addr(void)
{
	long x = ga;
	long b0 = a0, b1 = a1, b2 = a2, b3 = a3, b4 = a4, b5 = a5, b6 = a6,
	     b7 = a7, b8 = a8, b9 = a9, b10 = a10, b11 = a11, b12 = a12,
	     b13 = a13;
	gq = &gx;
	a0 = b1 * b2; a1 = b2 * b3; a2 = b3 * b4; a3 = b4 * b5;
	a4 = b5 * b6; a5 = b6 * b7; a6 = b7 * b8; a7 = b8 * b9;
	a8 = b9 * b10; a9 = b10 * b11; a10 = b11 * b12; a11 = b12 * b13;
	a12 = b13 * b0; a13 = b0 * b1;
	*gp = x;
}
//! addr: ord "*movdi_internal" $gx [wr $gq:8]
//!gcc addr: remat =@r15:8, @$gx:8
//!gcc addr: remat =@dx:8, @[$ga]:8
//!verdict addr: verified
