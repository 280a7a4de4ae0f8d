// options: -O2
/* Insns that are not strictly valid with every pseudo in its register:
 * a compare of two memory operands, a double constant stored to memory,
 * a zero extension written to memory.  The writer loads one input into a
 * register free around the insn (core/loclive.h), or writes the output
 * there and stores it after, as LRA would, and the function is
 * substituted; without the reloads all three were kept ("does not meet
 * its constraints strictly"). */
#include <stdio.h>

__attribute__((noinline)) int same(const int *a, const int *b, int n)
{
	int c = 0;
	for (int i = 0; i < n; i++)
		if (a[i] == b[i])
			c++;
	return c;
}
//!subst same

__attribute__((noinline)) void setm(double *p) { *p = -1.5; }
//!subst setm

struct acc { unsigned a, b; long start; unsigned look; };
__attribute__((noinline)) void advance(struct acc *s, int n)
{
	for (int i = 0; i < n; i++) {
		s->a += s->look;
		s->start = (long)s->a;
		s->look = (unsigned)i;
	}
}
//!subst advance

int main(void)
{
	int a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, 3, 0, 5, 0};
	double d;
	setm(&d);
	struct acc s = {4000000000u, 0, 0, 7};
	advance(&s, 5);
	printf("%d %.1f %ld %u\n", same(a, b, 6), d, s.start, s.a);
	return 0;
}
