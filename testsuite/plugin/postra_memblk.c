// options: -Os
/* A block copy through registers (docs/CAPTURE.md "Memory effects"):
 * `gd = gs` at -Os is `rep movsl` with di = &gd, si = &gs, cx = 12.
 * The capture lists its write as [wr p?:48] (the destination pseudo,
 * MEM_SIZE 48 bytes), and the checker places it at gd, where the
 * [remat] of &gd put that pseudo: [$ga] and the a[i] globals keep the
 * values loaded before it, which LRA reloads from there after it:
 * proved.  (Before: [wr *], "p110 replaced by [$a12], not proven
 * equal"; csmith -O1 seed 220 `func_1`.) */
struct S { int a[12]; };
struct S gd, gs;
long ga;
long *gp;
long a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13;
void blk(void)
{
	long x = ga;
	long b0 = a0, b1 = a1, b2 = a2, b3 = a3, b4 = a4, b5 = a5, b6 = a6,
	     b7 = a7, b8 = a8, b9 = a9, b10 = a10, b11 = a11, b12 = a12,
	     b13 = a13;
	gd = gs;
	a0 = b1 * b2; a1 = b2 * b3; a2 = b3 * b4; a3 = b4 * b5;
	a4 = b5 * b6; a5 = b6 * b7; a6 = b7 * b8; a7 = b8 * b9;
	a8 = b9 * b10; a9 = b10 * b11; a10 = b11 * b12; a11 = b12 * b13;
	a12 = b13 * b0; a13 = b0 * b1;
	*gp = x;
}
//! blk: ord "*rep_movsi" =p? {di}, =p? {si}, =p? {cx}, p? ^0, p? ^1, p? ^2 [wr p?:48]
//!gcc blk: remat =@dx:8, @[$ga]:8
//!verdict blk: verified
