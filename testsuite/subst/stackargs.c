// options: -O2
/* Arguments passed on the stack: their loads carry REG_EQUIV notes for
 * the pseudos they set; once the pseudos are hard registers IRA must
 * not see those notes (it crashed in ira_costs before the writer
 * dropped them).  Substituted with all registers. */
#include <stdio.h>

__attribute__((noinline)) int eight(int a, int b, int c, int d, int e,
				    int f, long long g, int h)
{
	if (a != 1 || b != 2 || c != 3 || d != 4 || e != 5 || f != 6)
		return -1;
	return (int)(g >> 3) + h;
}
//!subst eight

__attribute__((noinline)) double mixed(int a, double x, int b, int c, int d,
				       int e, int f, int g, double y, long h)
{
	return a * x + (b + c + d + e + f + g) * y - (double)h;
}
//!subst mixed

int main(void)
{
	printf("%d\n", eight(1, 2, 3, 4, 5, 6, 1000LL, 7));
	printf("%.2f\n", mixed(1, 2.5, 2, 3, 4, 5, 6, 7, 0.5, 9));
	return 0;
}
