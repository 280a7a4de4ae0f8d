// options: -O2
/* Pseudos needed in both register classes (docs/CAPTURE.md "Pseudos in
 * both classes", docs/POSTRA.md "Cross-class copies").
 *
 * shl_all: the loop is vectorised; the shift count n is sign-extended
 * once into a DImode pseudo by an integer insn (*extendsidi2_rex64,
 * general registers only) and read by the vector shift (ashlv4si3,
 * count in an SSE register only).  The capture keeps the pseudo in the
 * class of its definition and reads it in the shift through a
 * cross-class copy of its own (a UID above GCC's, no counterpart in
 * GCC's code).  GCC 12.2 (`gcc -O2 -S`): movslq %edi, %rsi; movq %rsi,
 * %xmm1 before the loop; pslld %xmm1, %xmm0 in it.  In GCC's
 * allocation the copy is deleted, before its reader, and the shift
 * reads the copy's value where LRA's move put the extended count. */
int dst[256], src[256];
void shl_all(int n)
{
	for (int i = 0; i < 256; i++)
		dst[i] = src[i] << n;
}
//! shl_all: ord "*extendsidi2_rex64" =p?, p? mem
//! shl_all: copy =p?, p?
//! shl_all: ord "ashlv4si3" =p?, p? ^0, p?
//!gcc shl_all: ord "*extendsidi2_rex64" =p? @si, p? mem @di
//!gcc shl_all: move =@xmm1:8, @si:8
//!gcc shl_all: copy =p?, p? [deleted]
//!gcc shl_all: ord "ashlv4si3" =p? @xmm0, p? ^0 @xmm0, p? @xmm1
//!verdict shl_all: verified
//!ours shl_all: verified
