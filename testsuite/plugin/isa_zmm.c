// options: -O2 -mavx512f
/* 512-bit values (zmm) with AVX-512F: xmm16-xmm31 exist (EVEX), each
 * SSE register holds a 64-byte value (docs/CAPTURE.md "Pseudos").
 *
 * big: forty __m512i live across a loop, more than the 32 registers:
 * GCC spills some and uses xmm16-xmm31 (`gcc -O2 -mavx512f -S`:
 * %zmm16..%zmm31 appear).  The vector adds compute V16SI values that
 * sse.md's movv8di_internal copies into the V8DI variables; LRA deletes
 * those copies when both ends got one register, which the checker takes
 * as copies of the whole 64 bytes (docs/VERIFY.md "Deleted original
 * instructions").  Before, those deletions were not copies and the
 * loop's values were lost at the back edge: 22 false violations. */
#include <immintrin.h>

__m512i big(const __m512i *p, int n) {
  __m512i a0=p[0],a1=p[1],a2=p[2],a3=p[3],a4=p[4],a5=p[5],a6=p[6],a7=p[7],a8=p[8],a9=p[9];
  __m512i b0=p[10],b1=p[11],b2=p[12],b3=p[13],b4=p[14],b5=p[15],b6=p[16],b7=p[17],b8=p[18],b9=p[19];
  __m512i c0=p[20],c1=p[21],c2=p[22],c3=p[23],c4=p[24],c5=p[25],c6=p[26],c7=p[27],c8=p[28],c9=p[29];
  __m512i d0=p[30],d1=p[31],d2=p[32],d3=p[33],d4=p[34],d5=p[35],d6=p[36],d7=p[37],d8=p[38],d9=p[39];
  for (int i = 0; i < n; i++) {
    
    a0 = _mm512_add_epi32(a1, b1); a1 = _mm512_add_epi32(a1, c1); a2 = _mm512_mullo_epi32(a2, d2);
    a3 = _mm512_xor_si512(a3, a4); a4 = _mm512_add_epi32(a4, a5); a5 = _mm512_sub_epi32(a5, a6);
    a6 = _mm512_add_epi32(a6, a7); a7 = _mm512_add_epi32(a7, a8); a8 = _mm512_add_epi32(a8, a9); a9 = _mm512_add_epi32(a9, a0);
    b0 = _mm512_add_epi32(b0, c0); b1 = _mm512_add_epi32(b1, c1); b2 = _mm512_add_epi32(b2, c2); b3 = _mm512_add_epi32(b3, c3);
    b4 = _mm512_add_epi32(b4, c4); b5 = _mm512_add_epi32(b5, c5); b6 = _mm512_add_epi32(b6, c6); b7 = _mm512_add_epi32(b7, c7);
    b8 = _mm512_add_epi32(b8, c8); b9 = _mm512_add_epi32(b9, c9);
    c0 = _mm512_add_epi32(c0, d0); c1 = _mm512_add_epi32(c1, d1); c2 = _mm512_add_epi32(c2, d2); c3 = _mm512_add_epi32(c3, d3);
    c4 = _mm512_add_epi32(c4, d4); c5 = _mm512_add_epi32(c5, d5); c6 = _mm512_add_epi32(c6, d6); c7 = _mm512_add_epi32(c7, d7);
    c8 = _mm512_add_epi32(c8, d8); c9 = _mm512_add_epi32(c9, d9);
    d0 = _mm512_add_epi32(d0, a0); d1 = _mm512_add_epi32(d1, a1); d2 = _mm512_add_epi32(d2, a2); d3 = _mm512_add_epi32(d3, a3);
    d4 = _mm512_add_epi32(d4, a4); d5 = _mm512_add_epi32(d5, a5); d6 = _mm512_add_epi32(d6, a6); d7 = _mm512_add_epi32(d7, a7);
    d8 = _mm512_add_epi32(a8, b8); d9 = _mm512_add_epi32(d9, a9);
  }
  __m512i s = _mm512_add_epi32(a0,a1);
  s=_mm512_add_epi32(s,a2);s=_mm512_add_epi32(s,a3);s=_mm512_add_epi32(s,a4);s=_mm512_add_epi32(s,a5);s=_mm512_add_epi32(s,a6);s=_mm512_add_epi32(s,a7);s=_mm512_add_epi32(s,a8);s=_mm512_add_epi32(s,a9);
  s=_mm512_add_epi32(s,b0);s=_mm512_add_epi32(s,b1);s=_mm512_add_epi32(s,b2);s=_mm512_add_epi32(s,b3);s=_mm512_add_epi32(s,b4);s=_mm512_add_epi32(s,b5);s=_mm512_add_epi32(s,b6);s=_mm512_add_epi32(s,b7);s=_mm512_add_epi32(s,b8);s=_mm512_add_epi32(s,b9);
  s=_mm512_add_epi32(s,c0);s=_mm512_add_epi32(s,c1);s=_mm512_add_epi32(s,c2);s=_mm512_add_epi32(s,c3);s=_mm512_add_epi32(s,c4);s=_mm512_add_epi32(s,c5);s=_mm512_add_epi32(s,c6);s=_mm512_add_epi32(s,c7);s=_mm512_add_epi32(s,c8);s=_mm512_add_epi32(s,c9);
  s=_mm512_add_epi32(s,d0);s=_mm512_add_epi32(s,d1);s=_mm512_add_epi32(s,d2);s=_mm512_add_epi32(s,d3);s=_mm512_add_epi32(s,d4);s=_mm512_add_epi32(s,d5);s=_mm512_add_epi32(s,d6);s=_mm512_add_epi32(s,d7);s=_mm512_add_epi32(s,d8);s=_mm512_add_epi32(s,d9);
  return s;
}
//! big: pseudo p? sse 64
//!verdict big: verified
//!ours big: verified

/* A 32-byte struct copied through an OImode pseudo (an integer mode
 * wider than 16 bytes, in a ymm register with AVX: class sse, size 32;
 * before, "unsupported: integer pseudo wider than 16 bytes"). */
struct S32 { long a[4]; };
void copy32(struct S32 *d, const struct S32 *s, int n)
{
	for (int i = 0; i < n; i++)
		d[i] = s[i];
}
//! copy32: pseudo p? sse 32
//!verdict copy32: verified
//!ours copy32: verified
