/* redirect-use on a soft pointer computed into a register: at -O0,
 * va_start stores the register save area's address, a frame address
 * (before IRA `[frame-56] = frame`); LRA computes it into a register by
 * a new insn (`ax = bp - 176`) and stores that register.  The second
 * site of f is that store: it then reads dx, which holds no frame
 * address, and va_arg reads through garbage.  The translation must
 * locate the use at dx (where the frame pointer's value is not), not
 * keep it as the frame pointer itself (docs/POSTRA.md, the soundness gap
 * found with pr44575.c).  Only f is looked at (only=f). */
// options: -O0
// inject-options: -fplugin-arg-ssara-only=f
// inject: redirect-use:2 f
//!verdict f: verified
#include <stdarg.h>
extern void abort(void);

__attribute__((noinline, noipa)) int f(int n, ...)
{
	va_list ap;
	int s = 0;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

int main(void)
{
	if (f(3, 1, 2, 3) != 6)
		abort();
	return 0;
}
