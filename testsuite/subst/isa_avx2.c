// options: -O2 -mavx2
// needs: avx2
/* Eighteen 32-byte vectors (ymm) live across a loop without AVX-512:
 * only xmm0-xmm15 exist (docs/IR.md "avx512"), so ssara spills and
 * never names ymm16-ymm31, which this ISA cannot encode. */
#include <stdio.h>

typedef int v8si __attribute__((vector_size(32)));

__attribute__((noinline)) v8si pressure(v8si *p, int n)
{
	v8si a = p[0], b = p[1], c = p[2], d = p[3], e = p[4], f = p[5],
	     g = p[6], h = p[7], i2 = p[8], j = p[9], k = p[10], l = p[11],
	     m = p[12], o = p[13], q = p[14], r = p[15], s = p[16], t = p[17];
	for (int i = 0; i < n; i++) {
		a += b * c; b += c * d; c += d * e; d += e * f; e += f * g;
		f += g * h; g += h * i2; h += i2 * j; i2 += j * k; j += k * l;
		k += l * m; l += m * o; m += o * q; o += q * r; q += r * s;
		r += s * t; s += t * a; t += a * b;
	}
	return a + b + c + d + e + f + g + h + i2 + j + k + l + m + o + q + r +
	       s + t;
}

int main(void)
{
	static v8si p[18];
	for (int i = 0; i < 18; i++)
		for (int k = 0; k < 8; k++)
			p[i][k] = i * 8 + k - 70;
	v8si s = pressure(p, 5);
	for (int k = 0; k < 8; k++)
		printf("%d ", s[k]);
	printf("\n");
	return 0;
}
//!subst pressure
//!lacks pressure: %ymm16
//!lacks pressure: %ymm31
