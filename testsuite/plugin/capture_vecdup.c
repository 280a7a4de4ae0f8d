// options: -O3
/* A paradoxical subreg of a pseudo read by an insn of the other class
 * (CAPTURE.md "Constraints", operand_regs): *vec_dupv4hi reads
 * (truncate:HI (subreg:SI (reg:HI p) 0)) in an SSE register ("Yw"); no
 * SSE register holds HImode, but one holds the subreg's SImode.  The
 * short p is read through a cross-class copy into a 2-byte SSE pseudo.
 * Without this, "no alternative fits with pseudos in registers
 * (*vec_dupv4hi)" (pr97141.c g, 20071105-1.c init_full at -O3). */
short s;
typedef short v4hi __attribute__((vector_size(8)));

/* dup_or: movzwl s(%rip), %eax; movd %eax, %xmm2;
 * pshuflw $0, %xmm2, %xmm1; por %xmm1, %xmm0. */
v4hi dup_or(v4hi a)
{
	short c = s;
	return a | (v4hi){c, c, c, c};
}
//! dup_or: pseudo p? sse 2
//! dup_or: copy =p?, p?
//! dup_or: ord "*vec_dupv4hi" =p?, p? {xmm0-xmm15}
//!gcc dup_or: move =@xmm2:4, @ax:4
//!gcc dup_or: ord "*vec_dupv4hi" =p? @xmm1, p? {xmm0-xmm15} @xmm2
//!verdict dup_or: verified
//!ours dup_or: verified

/* dup_loop: the same from a short loaded through a pointer, the loop
 * vectorised into one 8-byte or. */
void dup_loop(short *p, short *q)
{
	short c = *q;
	for (int i = 0; i < 4; i++)
		p[i] = c | p[i];
}
//! dup_loop: ord "*vec_dupv4hi" =p?, p? {xmm0-xmm15}
//!verdict dup_loop: verified
//!ours dup_loop: verified
