// options: -O2
/* A whole program: the records must survive linking. */
#include <stdio.h>
static int sq(int x) { return x * x; }
int sum(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += sq(i);
	return s;
}
int main(void)
{
	printf("%d\n", sum(10));
	return 0;
}
//! sum: ret %ax
