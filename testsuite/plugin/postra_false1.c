// options: -O1
/* Unmodified GCC output at -O1 the checker once reported as violations
 * (docs/POSTRA.md "Recomputed values"); each must be verified. */

/* cprod (gcc.c-torture/compile/complex-3.c f): in t * i the products
 * t.re * i.re (uid 49) and t.im * i.re (uid 52) match any product of
 * two SSE registers alike; LRA deletes the second and emits it again
 * before the sum that reads it.  Taking the first match (uid 49) for it
 * was a false violation; the hints (the new insn's ORIGINAL_REGNO) name
 * the second. */
void cprod_g(_Complex float);
_Complex float cprod(int data, _Complex float x, _Complex float y)
{
	_Complex float i, t;
	if (data) {
		i = x + __imag__ y;
		cprod_g(i);
	} else
		i = 5;
	t = x + __imag__ y;
	cprod_g(t);
	return t * i;
}
//!verdict cprod: verified
