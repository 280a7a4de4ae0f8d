// options: -O2
/* An output reload of a frame address (docs/POSTRA.md, "Output computed
 * by a new insn"): with twenty arrays whose addresses are live across a
 * variadic call in the loop, IRA gives the address pseudos no register.
 * For each, LRA emits a new `leaq C(%rsp), %rax` and turns the captured
 * insn `(set (reg p) (plus (reg frame) (const_int -N)))` into
 * `(set (mem [sp+K]) (reg ax))`.  The captured instruction runs at the
 * lea (p at ax, the eliminated address compared as usual), the store is
 * a spill of ax.  Without this, "insn changed shape (set)".  The
 * mutation (the store moved to another slot) is inject_output.c. */
extern void take_all(int, ...);
long many_arrays(int n)
{
	long v0[16], v1[16], v2[16], v3[16], v4[16], v5[16], v6[16], v7[16], v8[16], v9[16], v10[16], v11[16], v12[16], v13[16], v14[16], v15[16], v16[16], v17[16], v18[16], v19[16];
	long s = 0;
	for (int i = 0; i < n; i++) {
		take_all(20, v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19);
		s += v0[1] + v1[1] + v2[1] + v3[1] + v4[1] + v5[1] + v6[1] + v7[1] + v8[1] + v9[1] + v10[1] + v11[1] + v12[1] + v13[1] + v14[1] + v15[1] + v16[1] + v17[1] + v18[1] + v19[1];
	}
	return s;
}
//!verdict many_arrays: verified
