// options: -O0
/* A pseudo needed in both classes at -O0 (see classes.c), the copy
 * going the other way: div_neg divides 7 by each element of a negated
 * two-element vector.  The second element is extracted into an SSE
 * register (*vec_extractv2si_1, SSE only, so its pseudo is moved to the
 * SSE class) and divided in general registers (*udivmodsi4): the
 * capture reads it in the division through a cross-class copy.  GCC
 * 12.2 (`gcc -O0 -S`): pshufd into xmm2, movd %xmm2, %edi, divl %edi.
 *
 * The quotient is moved by an SImode move that the capture has in the
 * SSE class (*vec_concatv2si reads it there), a copy between two
 * classes flagged [xcopy] (postra_xcopy.c); IRA gives both of its
 * pseudos ax, LRA deletes the move as a no-op and moves ax into xmm3
 * for the concatenation, while a move of the same modes from si into
 * xmm0 comes first (the other element, for the concatenation's tie).
 * The deleted move stays executed in ax (a move within one register),
 * it is not taken as re-emitted by that other move (which gave a false
 * violation). */
typedef unsigned V2 __attribute__((vector_size(8)));
void div_neg(V2 *v, V2 *w)
{
	*w = 7 / -*v;
}
//! div_neg: ord "*vec_extractv2si_1" =p?, p? memalt
//! div_neg: copy =p?, p?
//! div_neg: ord "*udivmodsi4" =p? {ax}, =&p? {dx}, p? ^0, p? mem clobber {flags}
//!gcc div_neg: move =@di:4, @xmm2:4
//!gcc div_neg: copy =p?, p? [deleted]
//!gcc div_neg: ord "*udivmodsi4" =p? {ax} @ax, =&p? {dx} @dx, p? ^0 @ax, p? mem @di clobber {flags}
//!gcc div_neg: ord "*movsi_internal" =p? @ax, p? memalt @ax [xcopy]
//!gcc div_neg: move =@xmm0:4, @si:4
//!verdict div_neg: verified
//!ours div_neg: verified
