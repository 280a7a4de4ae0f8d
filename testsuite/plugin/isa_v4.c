// options: -O2 -march=x86-64-v4
/* -march=x86-64-v4 (AVX-512 F, BW, CD, DQ, VL): false alarms found on
 * hand-written AVX-512 code, each a verdict GCC's correct code must get.
 *
 * big: forty __m512i and two masked adds in a loop.  LRA reloads a
 * spilled value (`xmm0 = [sp+1608]`, p177) where the deleted copy
 * `p183 = p182` was; the translation took the reload for that copy
 * re-emitted (docs/POSTRA.md "Re-emitted insns": the reload's register
 * was substituted for p177, which the match binds nowhere): 5 false
 * violations before.
 *
 * many: twelve __mmask16 live across a loop and updated by kxorw with a
 * general register's value moved in by kmovw (2 bytes) and copied by
 * the capture's cross-class copy into a 4-byte mask pseudo read as its
 * low two bytes; the deleted copy now carries the part fact
 * (docs/VERIFY.md "Deleted original instructions"): a false violation
 * at k6 before. */
#include <immintrin.h>

__m512i big(const __m512i *p, int n) {
  __m512i a0=p[0],a1=p[1],a2=p[2],a3=p[3],a4=p[4],a5=p[5],a6=p[6],a7=p[7],a8=p[8],a9=p[9];
  __m512i b0=p[10],b1=p[11],b2=p[12],b3=p[13],b4=p[14],b5=p[15],b6=p[16],b7=p[17],b8=p[18],b9=p[19];
  __m512i c0=p[20],c1=p[21],c2=p[22],c3=p[23],c4=p[24],c5=p[25],c6=p[26],c7=p[27],c8=p[28],c9=p[29];
  __m512i d0=p[30],d1=p[31],d2=p[32],d3=p[33],d4=p[34],d5=p[35],d6=p[36],d7=p[37],d8=p[38],d9=p[39];
  for (int i = 0; i < n; i++) {
    __mmask16 m = _mm512_cmpgt_epi32_mask(a0, b0);
    a0 = _mm512_mask_add_epi32(a0, m, a1, b1); a1 = _mm512_add_epi32(a1, c1); a2 = _mm512_mullo_epi32(a2, d2);
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
    d8 = _mm512_mask_add_epi32(d8, m, a8, b8); d9 = _mm512_add_epi32(d9, a9);
  }
  __m512i s = _mm512_add_epi32(a0,a1);
  s=_mm512_add_epi32(s,a2);s=_mm512_add_epi32(s,a3);s=_mm512_add_epi32(s,a4);s=_mm512_add_epi32(s,a5);s=_mm512_add_epi32(s,a6);s=_mm512_add_epi32(s,a7);s=_mm512_add_epi32(s,a8);s=_mm512_add_epi32(s,a9);
  s=_mm512_add_epi32(s,b0);s=_mm512_add_epi32(s,b1);s=_mm512_add_epi32(s,b2);s=_mm512_add_epi32(s,b3);s=_mm512_add_epi32(s,b4);s=_mm512_add_epi32(s,b5);s=_mm512_add_epi32(s,b6);s=_mm512_add_epi32(s,b7);s=_mm512_add_epi32(s,b8);s=_mm512_add_epi32(s,b9);
  s=_mm512_add_epi32(s,c0);s=_mm512_add_epi32(s,c1);s=_mm512_add_epi32(s,c2);s=_mm512_add_epi32(s,c3);s=_mm512_add_epi32(s,c4);s=_mm512_add_epi32(s,c5);s=_mm512_add_epi32(s,c6);s=_mm512_add_epi32(s,c7);s=_mm512_add_epi32(s,c8);s=_mm512_add_epi32(s,c9);
  s=_mm512_add_epi32(s,d0);s=_mm512_add_epi32(s,d1);s=_mm512_add_epi32(s,d2);s=_mm512_add_epi32(s,d3);s=_mm512_add_epi32(s,d4);s=_mm512_add_epi32(s,d5);s=_mm512_add_epi32(s,d6);s=_mm512_add_epi32(s,d7);s=_mm512_add_epi32(s,d8);s=_mm512_add_epi32(s,d9);
  return s;
}
//! big: pseudo p? mask 2
//!verdict big: verified
//!ours big: verified

int many(const int *p, int n) {
  __m512i v[12]; __mmask16 m[12];
  for (int j = 0; j < 12; j++) v[j] = _mm512_loadu_si512(p + 16*j);
  for (int j = 0; j < 12; j++) m[j] = _mm512_cmpgt_epi32_mask(v[j], v[(j+1)%12]);
  int r = 0;
  for (int i = 0; i < n; i++) {
    __m512i x = _mm512_loadu_si512(p + (i % 8) * 16);
    r += _mm512_mask_reduce_add_epi32(m[0], x) ^ _mm512_mask_reduce_add_epi32(m[1], x) ^ _mm512_mask_reduce_add_epi32(m[2], x)
       ^ _mm512_mask_reduce_add_epi32(m[3], x) ^ _mm512_mask_reduce_add_epi32(m[4], x) ^ _mm512_mask_reduce_add_epi32(m[5], x)
       ^ _mm512_mask_reduce_add_epi32(m[6], x) ^ _mm512_mask_reduce_add_epi32(m[7], x) ^ _mm512_mask_reduce_add_epi32(m[8], x)
       ^ _mm512_mask_reduce_add_epi32(m[9], x) ^ _mm512_mask_reduce_add_epi32(m[10], x) ^ _mm512_mask_reduce_add_epi32(m[11], x);
    for (int j = 0; j < 12; j++) m[j] = _kxor_mask16(m[j], _cvtu32_mask16(i * 2654435761u >> (j+3)));
  }
  return r;
}
//! many: pseudo p? mask 4
//!verdict many: verified
//!ours many: verified
