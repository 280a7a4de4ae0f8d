// options: -Os -mavx512f -mavx512bw
/* AVX-512 mask registers (docs/CAPTURE.md "Pseudos", docs/IR.md "Core
 * register order"): a __mmask value is a general-mode pseudo (DImode,
 * HImode) that the compare writes in "k" and the masked add reads in
 * "Yk" (GCC 12 constraints.md: ALL_MASK_REGS k0-k7, MASK_REGS k1-k7, k0
 * meaning "no mask" as a predicate).  No general register fits those
 * operands, so the pseudo is of class mask.  Before, the compare made
 * the function "unsupported: no alternative fits with pseudos in
 * registers (avx512bw_cmpv64qi3)".  The registers GCC chose are those
 * of `gcc -Os -mavx512f -mavx512bw -S` (vpcmpb ... %k1; vpaddb ...
 * {%k1}; kmovw %k0, %eax) and of -fdump-rtl-reload (a in xmm3). */
#include <immintrin.h>

__m512i mask_add(__m512i a, __m512i b, __m512i c)
{
	__mmask64 m = _mm512_cmpeq_epi8_mask(a, b);
	return _mm512_mask_add_epi8(c, m, a, b);
}
//! mask_add: pseudo p? mask 8
//! mask_add: pseudo p? sse 64
//! mask_add: ord "avx512bw_cmpv64qi3" =p?, p?, p? mem, $0
//! mask_add: ord "*addv64qi3_mask" =p?, p?, p? mem, p? ^0, p? {k1-k7} [comm 1]
//!gcc mask_add: ord "avx512bw_cmpv64qi3" =p? @k1, p? @xmm3, p? mem @xmm1, $0
//!verdict mask_add: verified
//!ours mask_add: verified

/* Two 16-bit masks combined by kandw and korw, the result moved to a
 * general register (kmovw, 2 bytes) for the shift and the or. */
__mmask16 mask_and(__m512i a, __m512i b, __m512i c, __m512i d)
{
	__mmask16 m = _mm512_cmpgt_epi32_mask(a, b);
	__mmask16 n = _mm512_cmplt_epi32_mask(c, d);
	return _kand_mask16(m, n) | (_kor_mask16(m, n) << 1);
}
//! mask_and: pseudo p? mask 2
//! mask_and: ord "kandhi" =p?, p?, p?
//!gcc mask_and: ord "kandhi" =p? @k2, p? @k0, p? @k1 [comm 1]
//!gcc mask_and: move =@ax:2, @k0:2
//!verdict mask_and: verified
//!ours mask_and: verified
