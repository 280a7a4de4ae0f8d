// options: -O2 -ffixed-rbx -ffixed-rbp -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r13 -ffixed-r14 -ffixed-r15
/* Memory in another alternative (docs/CAPTURE.md "Memory in another
 * alternative", `memalt`): with no callee-saved register left, b lives
 * across the call in its slot, and the add after the call reads that
 * slot itself (`add r, r/m`, the second alternative of *adddi_1, whose
 * first one the capture took), where a reload and an add of registers
 * would take two instructions.  Likewise c in h, read by a subtract. */
#include <stdio.h>

__attribute__((noipa)) long g(long a) { return a * 3 + 1; }

__attribute__((noinline)) long f(long a, long b)
{
	return g(a) + b;
}
//!subst f
//!has f: add[lq]?[[:space:]]+-?[0-9]*\(%rsp\), %r

__attribute__((noinline)) int h(int a, int c)
{
	return (int)g(a) - c;
}
//!subst h
//!has h: sub[lq]?[[:space:]]+-?[0-9]*\(%rsp\), %e

int main(void)
{
	printf("%ld %d\n", f(5, 7), h(9, 40));
	return 0;
}
