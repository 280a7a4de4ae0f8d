/* frame-offset on an output reload (docs/POSTRA.md, "Output computed
 * by a new insn"): at -O2 IRA leaves the addresses of many_arrays'
 * arrays in memory; LRA computes each (`leaq 656(%rsp), %rax`, a new
 * insn) and turns the captured insn `p = frame - C` into the store of ax
 * into p's slot.  The translation runs the captured instruction at the
 * new lea (p at ax) and the store as a spill (verified, not "insn changed
 * shape (set)", postra_output.c).  Injected: the first
 * captured insn with frame memory is that store, moved 8 bytes up onto
 * another array's slot: the loop then passes a wrong array, and the
 * checker finds the slot holding another pseudo (a violation). */
// options: -O2
// inject-options: -fplugin-arg-ssara-only=many_arrays
// inject: frame-offset:1 many_arrays
//!verdict many_arrays: verified
#include <stdarg.h>
extern void abort(void);

/* Stores k * (round + 1) into element 1 of each of its n arrays. */
__attribute__((noipa)) void take_all(int n, ...)
{
	static long round;
	va_list ap;
	va_start(ap, n);
	round++;
	for (int k = 0; k < n; k++)
		va_arg(ap, long *)[1] = k * round;
	va_end(ap);
}

__attribute__((noipa)) long many_arrays(int n)
{
	long v0[16], v1[16], v2[16], v3[16], v4[16], v5[16], v6[16], v7[16], v8[16], v9[16], v10[16], v11[16], v12[16], v13[16], v14[16], v15[16], v16[16], v17[16], v18[16], v19[16];
	long s = 0;
	for (int i = 0; i < n; i++) {
		take_all(20, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19);
		s += v0[1] + v1[1] + v2[1] + v3[1] + v4[1] + v5[1] + v6[1] + v7[1] + v8[1] + v9[1] + v10[1] + v11[1] + v12[1] + v13[1] + v14[1] + v15[1] + v16[1] + v17[1] + v18[1] + v19[1];
	}
	return s;
}

int main(void)
{
	/* rounds 1..3: (0 + 1 + ... + 19) * (1 + 2 + 3) = 190 * 6 */
	if (many_arrays(3) != 1140)
		abort();
	return 0;
}
