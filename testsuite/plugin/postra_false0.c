// options: -O0
/* Unmodified GCC output at -O0 the checker once reported as violations
 * (docs/POSTRA.md "Re-emitted register moves"); each must be verified. */

/* noopmv (gcc.c-torture/compile/pr99647.c): each (int)f is a DImode
 * load of f's address and an SImode move of its low half.  IRA gives
 * the last load and its low half the same register (ax): GCC deletes
 * that move as a no-op.  LRA then loads the vector's elements into SSE
 * registers with new SImode moves (si -> xmm1, ax -> xmm2); the first
 * of them has the deleted move's modes but reloads another value, and
 * was taken for the deleted move emitted again (a false violation in
 * 10 functions of the torture suite at -O0 and -O1). */
typedef int __attribute__((vector_size(16))) noopmv_v;
extern void noopmv_g(void);
noopmv_v noopmv(void)
{
	return (noopmv_v){ (int)(long)noopmv_g, (int)(long)noopmv_g,
			   (int)(long)noopmv_g, (int)(long)noopmv_g };
}
//!verdict noopmv: verified

/* lowhalf (gcc.c-torture/execute/20020614-1.c): j = (signed char)(i <<
 * 1) / 2 at -O0, the char's low byte moved out of the shifted int. */
int lowhalf(void)
{
	int i = 127;
	signed char j = ((signed char)(i << 1)) / 2;
	return j;
}
//!verdict lowhalf: verified
