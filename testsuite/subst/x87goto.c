// options: -O2
/* The x87 fall-back: a long double live across the abnormal edges of a
 * computed goto.  reg-stack cannot put code on such an edge and the
 * allocator does not keep x87 values off it, so GCC's allocation is
 * kept; the function without the goto is substituted. */
#include <stdio.h>

__attribute__((noinline)) long double interp(const int *ops, int n,
					     long double x)
{
	static void *const labels[] = {&&add, &&mul, &&half};
	long double acc = x;
	int i = 0;
	if (n <= 0)
		return acc;
	goto *labels[ops[0]];
add:
	acc += 1.25L;
	goto next;
mul:
	acc *= x;
	goto next;
half:
	acc /= 2;
next:
	if (++i < n)
		goto *labels[ops[i]];
	return acc;
}
//!kept interp: x87 values and an abnormal edge

__attribute__((noinline)) long double poly(long double x, int n)
{
	long double s = 0;
	for (int i = 0; i < n; i++)
		s = s * x + (long double)i;
	return s;
}
//!subst poly

int main(void)
{
	int ops[] = {0, 1, 2, 0, 1, 1, 2};
	printf("%.6Lf\n", interp(ops, 7, 1.5L));
	printf("%.6Lf\n", poly(0.75L, 9));
	return 0;
}
