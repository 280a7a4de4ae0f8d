// options: -O2
/* Constants wider than 64 bits are named by all their bits (capture.cc
 * capture_const_bits): before, a 128-bit integer was named by its low
 * word and every vector constant by 0, so the checker took (1<<64)|5 for
 * 5 and an all-ones vector for a zero one.  A value of at most 64 bits
 * keeps its bits; an all-zero constant is 0; any other is
 * const_name(words): h = mix(0, n), then h = mix(h, w) per word, mix
 * being splitmix64's finaliser over h ^ (w + 0x9e3779b97f4a7c15).  The
 * names below were computed apart from the plugin, by a Python
 * transcription of that recipe: words [5, 1] for the __int128 and four
 * words of -1 (0xffffffffffffffff) for the vector. */
typedef int v4si __attribute__((vector_size(16)));
__int128 big(void) { return ((__int128)1 << 64) | 5; }
//! big: ord "*movti_internal" =p?, $192388063825629258 [remat]
//!verdict big: verified
__int128 small(void) { return 5; }
//!gcc small: ord "*movti_internal" =%ax, =%dx, $5
//!verdict small: verified
v4si ones(void) { return (v4si){-1, -1, -1, -1}; }
//! ones: ord "movv4si_internal" =p?, $1346660226547620443 [remat]
//!verdict ones: verified
v4si zeros(void) { return (v4si){0, 0, 0, 0}; }
//!gcc zeros: ord "movv4si_internal" =%xmm0, $0
//!verdict zeros: verified
