// options: -O2
// plugin: regs=4
/* Each function makes ssara's allocation take one rewrite shape when it
 * has 4 general registers (regs=4); substituted, the program must print
 * what plain GCC's build prints.  The shapes are checked on ssara's
 * allocation of the dumped capture (`ssara alloc --regs 4`). */
#include <stdio.h>
#include <string.h>

/* spill and reload: eight values live across the loop; code on the
 * edges out of the loop, in blocks the writer splits in */
__attribute__((noinline)) long pressure(const long *p, int n)
{
	long a = p[0], b = p[1], c = p[2], d = p[3], e = p[4], f = p[5],
	     g = p[6], h = p[7];
	for (int i = 0; i < n; i++) {
		a += b * i; b ^= c; c += d; d -= e; e += f * 3; f ^= g;
		g += h; h += a;
	}
	return a + b + c + d + e + f + g + h;
}
//!subst pressure
//!shape pressure: spill
//!shape pressure: reload
//!shape pressure: edge

/* swap: three values rotated in a loop, a cycle in the phi copies with
 * no register free for it: two exchanges (xchg) */
__attribute__((noinline)) unsigned rot(unsigned a, unsigned b, unsigned c,
				       int n)
{
	while (n--) {
		unsigned t = a;
		a = b;
		b = c;
		c = t;
	}
	return a * 100 + b * 10 + c;
}
//!subst rot
//!shape rot: swap

/* a move: a value copied while its old register is still needed */
__attribute__((noinline)) unsigned swapper(unsigned x, unsigned y, int n)
{
	for (int i = 0; i < n; i++) {
		unsigned t = x;
		x = y + (unsigned)i;
		y = t;
	}
	return x * 3 + y;
}
//!subst swapper
//!shape swapper: move

/* values across calls: callee-saved registers or memory */
__attribute__((noinline)) int inc(int x) { return x + 1; }
__attribute__((noinline)) int across(int a, int b, int c)
{
	int x = inc(a), y = inc(b), z = inc(c);
	return x * y + z + inc(x + y + z) + a * b * c;
}
//!subst across
//!subst inc

/* fixed registers: a variable shift count in cx, a division in ax:dx */
__attribute__((noinline)) long fixedregs(long a, long b, int s)
{
	return (a << s) + a / b + (a % b) * (b >> (s & 7));
}
//!subst fixedregs

/* subreg parts: bytes and halves of wider values, 128-bit pairs */
__attribute__((noinline)) unsigned __int128 parts(unsigned __int128 x,
						 unsigned long y, short z)
{
	unsigned char lo = (unsigned char)y;
	return x * y + (x >> 64) + lo + (unsigned short)z;
}
//!subst parts

/* a remat: 64-bit constants (no immediate holds them) needed in a
 * register again where pressure forced them out */
__attribute__((noinline)) long constants(const long *p, int n)
{
	long s = 0, t = 0, u = 0, v = 0;
	for (int i = 0; i < n; i++) {
		s += p[i] * 0x123456789abL;
		t ^= p[i] + 0x5555555555L;
		u += (s ^ t) * 0x123456789abL;
		v += u * 0x5555555555L;
	}
	return s + t + u + v;
}
//!subst constants
//!shape constants: remat

/* a memory operand: an asm that reads its operand from memory */
__attribute__((noinline)) int memop(int x)
{
	int y;
	__asm__("movl %1, %0" : "=r"(y) : "m"(x));
	return y * 2;
}
//!subst memop

/* a diamond whose one arm rotates four values: exchanges in the arm */
__attribute__((noinline)) long diamond(long a, long b, long c, long d, int k)
{
	for (int i = 0; i < k; i++) {
		if (i & 1) {
			long t = a; a = b; b = c; c = d; d = t;
		} else {
			a += d; c ^= b;
		}
	}
	return a * 1000 + b * 100 + c * 10 + d;
}
//!subst diamond
//!shape diamond: swap

/* a part of a register written alone: bytes computed into a word, each
 * byte's sum into the low byte of the word's register, the rest kept
 * (a strict_low_part move) */
union word { unsigned char c[4]; unsigned v; };
__attribute__((noinline)) unsigned bytes(const union word *x,
					 const union word *y)
{
	union word z;
	unsigned char k = x->c[3];
	for (int i = 0; i < 3; i++)
		z.c[i] = (unsigned char)(((x->c[i] + 1) * k) >> 8) +
			 (unsigned char)(((y->c[i] + 1) * (255 - k)) >> 8);
	z.c[3] = 0;
	return z.v;
}
//!subst bytes

/* x87 values (no abnormal edge: substituted) */
__attribute__((noinline)) long double ld(long double x, long double y)
{
	return x * y + 1.0L;
}
//!subst ld

int main(void)
{
	long v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
	printf("%ld\n", pressure(v, 20));
	printf("%u\n", swapper(3, 5, 11));
	printf("%u\n", rot(1, 2, 3, 7));
	printf("%d\n", across(2, 3, 4));
	printf("%ld\n", fixedregs(1000003, 17, 5));
	unsigned __int128 r = parts((unsigned __int128)7 << 70 | 99, 12345, -3);
	printf("%llu %llu\n", (unsigned long long)(r >> 64),
	       (unsigned long long)r);
	printf("%ld\n", constants(v, 8));
	printf("%d\n", memop(21));
	printf("%ld\n", diamond(1, 2, 3, 4, 13));
	union word a = {{255, 255, 255, 0}}, b = {{255, 255, 255, 255}};
	a.c[3] = (unsigned char)v[0];
	printf("%x\n", bytes(&a, &b));
	printf("%.3Lf\n", ld(1.5L, 2.0L));
	return 0;
}
