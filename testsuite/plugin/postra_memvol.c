// options: -O2
/* A volatile read between a global's load and its reuse (docs/CAPTURE.md
 * "Memory effects", docs/VERIFY.md "Memory").  Fourteen products keep
 * every register busy: LRA gives p? (x = ga, uid 5) and p? (b13 = a13,
 * uid 19) no register and reads them from their memory equivalences,
 * [$ga] and [$a13], after the volatile read of v (uid 20).  A volatile
 * read touches only v's 4 bytes: the capture lists it as [wr $v:4], so
 * [$ga] and [$a13] keep their loaded values: proved.  (Before: the read
 * was [wr *], which may write any global: "p111 replaced by [$a13], not
 * proven equal" and "loaded from memory, not proven equal".  csmith
 * programs at -O1 with seeds 10, 178, 194, 197, 229, 249, 270: the same
 * reuse across volatile reads of globals.) */
long ga;
volatile int v;
long *gp;
long a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13;
int vol(void)
{
	long x = ga;
	long b0 = a0, b1 = a1, b2 = a2, b3 = a3, b4 = a4, b5 = a5, b6 = a6,
	     b7 = a7, b8 = a8, b9 = a9, b10 = a10, b11 = a11, b12 = a12,
	     b13 = a13;
	int y = v;
	a0 = b1 * b2; a1 = b2 * b3; a2 = b3 * b4; a3 = b4 * b5;
	a4 = b5 * b6; a5 = b6 * b7; a6 = b7 * b8; a7 = b8 * b9;
	a8 = b9 * b10; a9 = b10 * b11; a10 = b11 * b12; a11 = b12 * b13;
	a12 = b13 * b0; a13 = b0 * b1;
	*gp = x;
	return y;
}
//! vol: ord "*movdi_internal" =p? [ld $ga:8]
//! vol: ord "*movdi_internal" =p? [ld $a13:8]
//! vol: ord "*movsi_internal" =p? [wr $v:4]
//!gcc vol: remat =@dx:8, @[$ga]:8
//!verdict vol: verified

/* The same through a pointer: `int y = *vp` with `volatile int *vp` is
 * [rd *], a volatile read at an unknown address, which writes no memory
 * (docs/IR.md): [$ga] and [$a13] keep their values again.  (Before:
 * [wr *], "p112 replaced by [$a13], not proven equal"; csmith -O1 seeds
 * 178 `main` and 246 `func_34`.) */
volatile int *vp;
int volp(void)
{
	long x = ga;
	long b0 = a0, b1 = a1, b2 = a2, b3 = a3, b4 = a4, b5 = a5, b6 = a6,
	     b7 = a7, b8 = a8, b9 = a9, b10 = a10, b11 = a11, b12 = a12,
	     b13 = a13;
	int y = *vp;
	a0 = b1 * b2; a1 = b2 * b3; a2 = b3 * b4; a3 = b4 * b5;
	a4 = b5 * b6; a5 = b6 * b7; a6 = b7 * b8; a7 = b8 * b9;
	a8 = b9 * b10; a9 = b10 * b11; a10 = b11 * b12; a11 = b12 * b13;
	a12 = b13 * b0; a13 = b0 * b1;
	*gp = x;
	return y;
}
//! volp: ord "*movdi_internal" =p? [ld $vp:8]
//! volp: ord "*movsi_internal" =p?, p? [rd *]
//!gcc volp: remat =@dx:8, @[$ga]:8
//!verdict volp: verified

/* A volatile store through a pointer writes at the pointer: [wr p?:4]
 * (docs/IR.md), no [rd *]. */
void volpst(int y) { *vp = y; }
//! volpst: ord "*movsi_internal" p?, p? [wr p?:4]
//!verdict volpst: verified

/* A volatile store of a global is its own bytes too: [wr $v:4] once
 * (the write of the SET's destination; no [wr *]). */
void volst(int y) { v = y; }
//! volst: ord "*movsi_internal" p? [wr $v:4]
//!verdict volst: verified
