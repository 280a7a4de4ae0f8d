/* drop-reload and reuse-slot: f keeps more values across the call to
 * trash() than there are callee-saved registers, so GCC spills some
 * before the call and reloads them after it; trash() really overwrites
 * every call-clobbered general register.  Only f is looked at
 * (only=f), so the sites are f's. */
// options: -O2
// inject-options: -fplugin-arg-ssara-only=f
// inject: drop-reload:1 f
// inject: reuse-slot:1 f
//! f: call "trash" =%ax, $trash, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
extern void abort(void);

/* Returns x ^ 1 and overwrites the call-clobbered general registers. */
__attribute__((noipa)) long trash(long x)
{
	__asm__ volatile("mov $-1, %%rcx\n\tmov $-1, %%rdx\n\t"
			 "mov $-1, %%rsi\n\tmov $-1, %%rdi\n\t"
			 "mov $-1, %%r8\n\tmov $-1, %%r9\n\t"
			 "mov $-1, %%r10\n\tmov $-1, %%r11"
			 ::: "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",
			   "r11");
	return x ^ 1;
}

/* Nine values live across the call in the loop. */
__attribute__((noinline, noipa)) long f(const long *p, int n)
{
	long a = p[0], b = p[1], c = p[2], d = p[3], e = p[4], g = p[5],
	     i = p[6], j = p[7], k = p[8];
	for (int t = 0; t < n; t++) {
		a += trash(b);
		b += c * 3;
		c += d;
		d += e;
		e += g;
		g += i;
		i += j;
		j += k;
		k += a;
	}
	return a + b + c + d + e + g + i + j + k;
}

int main(void)
{
	long v[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
	/* Three rounds from 1..9 (a b c d e g i j k, in statement order):
	 *   4 11  7  9 11 13 15 17 13
	 *  14 32 16 20 24 28 32 30 27
	 *  47 80 36 44 52 60 62 57 74, sum 512. */
	if (f(v, 3) != 512)
		abort();
	return 0;
}
