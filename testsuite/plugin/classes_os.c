// options: -Os
/* A pseudo defined in both classes (docs/CAPTURE.md "Pseudos in both
 * classes"): spin's union is kept in a DFmode pseudo across the inner
 * loops; the outer loop writes its DImode subreg with an integer or
 * (*iordi_1, general registers only) and the second inner loop adds 1.0
 * to it (*fop_df_comm, SSE only, read-modify-write).  The capture keeps
 * the pseudo in the SSE class of the addition; the or writes a new
 * general pseudo, copied into it right after by a cross-class copy of
 * the capture's own.  GCC 12.2 (`gcc -Os -S`): orq %rdx, %rax; movq
 * %rax, %xmm0.  In GCC's allocation the copy is deleted right after the
 * or, before LRA's move into xmm0. */
union hl { struct { unsigned h, l; } i; double d; };
void spin(union hl x)
{
	while (x.i.h++) {
		while (x.i.l-- > 0)
			;
		while (x.d++ > 0)
			;
	}
}
//! spin: ord "*iordi_1" =p? mem, p? ^0, p? memalt clobber {flags} [comm 1]
//! spin: ord "*fop_df_comm" =p?, p? ^0, p? mem [comm 1]
//!gcc spin: ord "*iordi_1" =p? mem @ax, p? ^0 @ax, p? memalt @dx clobber {flags} [comm 1]
//!gcc spin: copy =p?, p? [deleted]
//!gcc spin: move =@xmm0:8, @ax:8
//!gcc spin: ord "*fop_df_comm" =p? @xmm0, p? ^0 @xmm0, p? mem @xmm1 [comm 1]
//!verdict spin: verified
//!ours spin: verified
