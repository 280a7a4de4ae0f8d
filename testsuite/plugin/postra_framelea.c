// options: -O0
/* At -O0 with a frame pointer, `p = frame + r` (the address of a local
 * array's row) becomes, once the frame pointer is eliminated to bp at
 * a nonzero offset (here -16: rbx, a local register variable, is saved
 * below bp), `R = r - 16` (a new `lea`) and `p = R + bp` (the captured
 * insn, reading R's tracked sum: docs/POSTRA.md "Sums computed step by
 * step").  The new `lea` adds a register and a constant like the
 * captured `p91 = p90 + p85` after it; read as its recomputation, with
 * p85 at the constant -16 (p85 is `j`, no constant), it was a false
 * violation (csmith programs at -O0).  docs/POSTRA.md "Recomputed
 * values": a recomputation reads a pseudo at a constant only when a
 * captured definition of the pseudo loads that constant. */
void fl_use(char *, long);

/* fl_rows: R is cx, another register than r's (dx): the captured add
 * reads p89 at dx through cx's sum; the lea is opaque.  Before: "inserted
 * remat #6: remat of p91 (uid 24): operand 1 (p90) at dx holds {p89}
 * instead". */
void fl_rows(int n, int m)
{
	register long keep asm("rbx") = n;
	char a[3][2];
	int i, j;
	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++)
			a[i][j] = -112;
	fl_use(&a[0][0], keep);
}
//!gcc fl_rows: opaque =@cx:8
//!gcc fl_rows: ord "*adddi_1" =p? mem @dx, %frame ^0, p? memalt @dx clobber {flags}
//!verdict fl_rows: verified
//!ours fl_rows: verified

/* fl_inplace: R is r's own register (`leaq -16(%rax), %rax; addq %rbp,
 * %rax`): the lea overwrites the term the captured add reads.  It is
 * folded into that add, the next insn, which overwrites R and reads it
 * once, through the lea's sum (docs/POSTRA.md "Sums computed step by
 * step"): p89 at ax as before the lea, the lea left out.  Before: the
 * lea read as a (malformed) recomputation of `p89 = p89 + p87`, and the
 * add matched only with the frame address compared loosely, a false
 * "uid 25: frame memory at argp-32 before IRA is at argp-16 after
 * elimination". */
void fl_inplace(int n, int m)
{
	register long keep asm("rbx") = n;
	char a[4][3];
	int i, j;
	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++)
			a[i][j] = -112;
	fl_use(&a[0][0], keep);
}
//!gcc fl_inplace: ord "*adddi_1" =p? mem @ax, %frame ^0, p? memalt @ax clobber {flags}
//!verdict fl_inplace: verified
//!ours fl_inplace: verified

/* fl_aligned: a 64-byte vector local realigns the stack, the frame
 * pointer is eliminated to sp: `leaq 192(%rax), %rax; addq %rsp, %rax`,
 * folded the same way (sp as the argument pointer plus its offset).
 * Before: "frame memory at argp-64 before IRA is at argp-256 after
 * elimination". */
typedef double fl_v8 __attribute__((vector_size(64)));
void fl_aligned(int n, int m, fl_v8 *q)
{
	register long keep asm("rbx") = n;
	fl_v8 big = *q;
	char a[4][3];
	int i, j;
	for (i = 0; i < n; i++)
		for (j = 0; j < m; j++)
			a[i][j] = -112;
	*q = big;
	fl_use(&a[0][0], keep);
}
//!gcc fl_aligned: ord "*adddi_1" =p? mem @ax, %frame ^0, p? memalt @ax clobber {flags}
//!verdict fl_aligned: verified
//!ours fl_aligned: verified
