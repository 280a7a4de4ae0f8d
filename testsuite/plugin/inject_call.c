/* call-clobbered: a value live across a call in a callee-saved register
 * (bx) is moved into a call-clobbered one; trash() really overwrites
 * every call-clobbered general register, so the program sees it.
 * f1 and f2 each keep exactly one value (y) across exactly one call, so
 * each has one site: the first is in f1, the second in f2, there is no
 * third. */
// options: -O2
// inject: call-clobbered:1 f1
// inject: call-clobbered:2 f2
// inject: call-clobbered:3 -
//! f1: call "trash" =%ax, $trash, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
//! f2: call "trash" =%ax, $trash, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
extern void abort(void);

/* Returns x + 1 and overwrites the call-clobbered general registers. */
__attribute__((noipa)) long trash(long x)
{
	__asm__ volatile("mov $-1, %%rcx\n\tmov $-1, %%rdx\n\t"
			 "mov $-1, %%rsi\n\tmov $-1, %%rdi\n\t"
			 "mov $-1, %%r8\n\tmov $-1, %%r9\n\t"
			 "mov $-1, %%r10\n\tmov $-1, %%r11"
			 ::: "rcx", "rdx", "rsi", "rdi", "r8", "r9", "r10",
			   "r11");
	return x + 1;
}

__attribute__((noinline, noipa)) long f1(long a)
{
	long y = a * 7;
	long r = trash(a);
	return r + y;
}

__attribute__((noinline, noipa)) long f2(long a, long b)
{
	long y = a - b;
	long r = trash(b);
	return r * y;
}

int main(void)
{
	if (f1(3) != 4 + 21)
		abort();
	if (f2(10, 4) != 5 * 6)
		abort();
	return 0;
}
