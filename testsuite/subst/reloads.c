// options: -O2
/* Insns that are not strictly valid with every pseudo in its register:
 * a compare of two memory operands and a double constant stored to
 * memory.  The writer loads one operand into a register free around the
 * insn (core/loclive.h), as LRA would, and the function is substituted;
 * without the reload both were kept ("does not meet its constraints
 * strictly"). */
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

int main(void)
{
	int a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {1, 0, 3, 0, 5, 0};
	double d;
	setm(&d);
	printf("%d %.1f\n", same(a, b, 6), d);
	return 0;
}
