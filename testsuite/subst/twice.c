// options: -O2
/* setjmp and non-local gotos, substituted (docs/SUBST.md): ssara's
 * allocation of a function that calls setjmp keeps every pseudo in
 * memory, and a non-local goto's receiver finds its values in slots
 * (docs/ALLOC.md "Calls that return twice", "Exception edges").  The
 * values read after the second return are unchanged since setjmp or
 * volatile, so the program's output is defined, and the longjmp and the
 * goto each leave from deep in a loop of calls. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf jb;
static volatile int depth;

__attribute__((noinline)) void step(int i, long v)
{
	depth++;
	if (i == 7 && v > 100)
		longjmp(jb, i);
}

__attribute__((noinline)) long sj(int n, const long *a, long k)
{
	long base = k * 3 + n; /* unchanged after setjmp */
	volatile long acc = 0;
	int r = setjmp(jb);
	if (r)
		return base * 1000 + acc * 10 + r;
	for (int i = 0; i < n; i++) {
		acc += a[i] * k;
		step(i, acc);
	}
	return -acc;
}
//!subst sj

__attribute__((noinline)) void run(void (*f)(int), int n)
{
	for (int i = 0; i < n; i++)
		f(i);
}

__attribute__((noinline)) long nl(int n, long k)
{
	__label__ out;
	long s = k * 7, t = k + n;
	volatile long hits = 0;
	void visit(int i)
	{
		hits += i;
		if (i * k > 40)
			goto out;
	}
	run(visit, n);
	return -(s + t);
out:
	return s * 100 + t * 10 + hits;
}
//!subst nl

int main(void)
{
	long a[10] = {3, 9, 4, 12, 8, 20, 7, 30, 2, 5};
	long x = sj(10, a, 2), y = sj(5, a, 1);
	printf("%ld %ld %d\n", x, y, depth);
	printf("%ld %ld\n", nl(20, 3), nl(3, 1));
	return 0;
}
