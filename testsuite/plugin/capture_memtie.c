// options: -O3
/* A memory operand matched to a register def (CAPTURE.md "Constraints",
 * register_shaped): at -O3 the vectorised loop below has
 * `*vec_interleave_lowv2df` with operand 1 a memory (v[k]'s 16 bytes,
 * address p_base + p_index) where every enabled alternative wants "0"
 * (tied to the def's register), so the non-strict alternative search
 * leaves the load to the allocator.  The address registers are read
 * where they are: they are not tied to the def and get no SSE register
 * set.  Tying both to operand 0 with {xmm0-xmm15} would make the
 * allocator refuse the function: "operand 0 is
 * tied to two values" (compile/20070603-1.c f and 20180309-1.c foo at
 * -O3). */
void sum_re(_Complex double *v, unsigned n)
{
	for (unsigned k = 0; k < n; k++)
		v[k] = __real__ v[k + 1] + __real__ v[k];
}
//! sum_re: ord "*vec_interleave_lowv2df" =p?, p?, p?, p?
//!ours sum_re: verified
