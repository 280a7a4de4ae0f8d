// options: -O2
/* Copies of the soft frame pointer (docs/IR.md "[ptrcopy]",
 * docs/VERIFY.md "Copies of the soft pointers"): the capture flags
 * (set (reg p) (reg frame)); when GCC deletes it and computes the frame
 * address again where p is read (lea N(%rsp), %rax), the checker proves
 * that register holds p.  Without this: "unverified: pseudo
 * replaced by an address equivalence" (execute/stdarg-4.c's f1, f2,
 * stdarg-3.c's f8, pr38151.c). */
#include <stdarg.h>

long y;

/* va_arg of int: the va_list's register save area is read through a
 * copy of the frame pointer (the save area is in the frame). */
void first_int(int i, ...)
{
	va_list ap;
	va_start(ap, i);
	y = va_arg(ap, int);
	y += va_arg(ap, long);
	va_end(ap);
}
//! first_int: ord "*movdi_internal" =p?, %frame [ptrcopy]
//!verdict first_int: verified
