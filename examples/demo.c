/* demo.c - a small, realistic C file for `make demo`: hashing, sorting,
 * run-length coding and statistics, with the register needs real code has
 * (calls, division, variable shifts, floating point, loops). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* FNV-1a over a byte string. */
uint64_t hash_bytes(const unsigned char *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 1099511628211ull;
	}
	return h;
}

/* Rotate left by a variable amount: the count must be in cl. */
uint32_t rotl(uint32_t x, unsigned r)
{
	r &= 31;
	return (x << r) | (x >> ((32 - r) & 31));
}

/* Greatest common divisor: the division wants ax/dx. */
long gcd(long a, long b)
{
	while (b) {
		long t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* Insertion sort of ints. */
void sort_ints(int *a, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		int v = a[i];
		size_t j = i;
		while (j > 0 && a[j - 1] > v) {
			a[j] = a[j - 1];
			j--;
		}
		a[j] = v;
	}
}

/* Run-length encoding: (count, byte) pairs; returns the output length,
 * or 0 when out is too small. */
size_t rle_encode(const unsigned char *in, size_t n, unsigned char *out,
		  size_t cap)
{
	size_t o = 0;
	for (size_t i = 0; i < n;) {
		size_t run = 1;
		while (i + run < n && in[i + run] == in[i] && run < 255)
			run++;
		if (o + 2 > cap)
			return 0;
		out[o++] = (unsigned char)run;
		out[o++] = in[i];
		i += run;
	}
	return o;
}

/* Mean and variance of a sample (Welford). */
void mean_var(const double *x, size_t n, double *mean, double *var)
{
	double m = 0, s = 0;
	for (size_t i = 0; i < n; i++) {
		double d = x[i] - m;
		m += d / (double)(i + 1);
		s += d * (x[i] - m);
	}
	*mean = m;
	*var = n > 1 ? s / (double)(n - 1) : 0;
}

/* A value used across calls: it must survive in a callee-saved register
 * or in memory. */
uint64_t mix_strings(const char **s, size_t n)
{
	uint64_t acc = 0;
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(s[i]);
		acc = rotl((uint32_t)acc, (unsigned)len) ^
		      hash_bytes((const unsigned char *)s[i], len);
	}
	return acc + gcd((long)n + 12, 18);
}
