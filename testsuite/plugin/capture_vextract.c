// options: -O3
/* A pseudo defined in general registers and by an SSE-only instruction
 * (CAPTURE.md "Pseudos in both classes"): the vectoriser
 * computes the loop's last s in an SSE register and extracts it with
 * *vec_extractv2di_1 (movhlps/psrldq: SSE registers only, the "=r"
 * alternative needs its vector in memory) into the DImode pseudo that
 * the scalar epilogue's *movdicc_noc (cmov: general registers only)
 * also defines.  The pseudo stays in general registers; the extract
 * writes a new SSE pseudo and a cross-class copy after it gives the
 * value to the pseudo.  A whole-register definition qualifies for that
 * copy too (count_occurrences with count_dest 0 skips a SET_DEST that is
 * the register itself, so it is not used for this); otherwise the
 * function is unsupported, "pseudo needed in both general and SSE registers
 * (*vec_extractv2di_1)" (20150108.c fn1, zlib inffast.c inflate_fast at
 * -O3). */
long long s, t;
int e, f, g, h, x;
int ve(void)
{
	for (; x; x++)
		if (x & 1)
			s = h | g;
		else
			s = f | e;
	t = f | e;
	return e;
}
//! ve: ord "*vec_extractv2di_1" =p?, p? ^~0
//!gcc ve: copy =p?, p? [deleted]
//!gcc ve: move =@si:8, @xmm7:8
//!verdict ve: verified
//!ours ve: verified
