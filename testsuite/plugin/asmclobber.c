// options: -O2
/* An asm's memory clobber, (clobber (mem:BLK (scratch))), has no
 * register: after reload it is the same scratch, matched as such (not
 * "scratch left without a register", which is for a scratch operand
 * LRA should have given a register).  In f the asm also reads n in a
 * register (a pseudo operand); g's asm has no operand at all. */
int f(int *p, int n)
{
	int a = *p;
	__asm__ volatile("# %0" : : "r"(n) : "memory");
	return a + *p;
}

void g(void)
{
	__asm__ volatile("" ::: "memory");
}
//!verdict f: verified
//!verdict g: verified
