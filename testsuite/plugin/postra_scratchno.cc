// options: -O2
/* The capture numbers an insn's SCRATCH operands as pseudos from
 * max_reg_num () on, and IRA and LRA number their new pseudos from
 * there too (docs/POSTRA.md "Re-emitted insns").  Here p214 is the
 * capture's scratch of `*iordi_3` (uid 111) and LRA's reload register
 * of p138's memory equivalence is `xmm3 [214]` (ORIGINAL_REGNO 214):
 * LRA loads [in1 + i] into xmm3 at uid 17 and stores xmm3 to the
 * frame.  That number is no captured pseudo, so it does not forbid
 * taking the store for the captured store uid 17 re-emitted.  (Before:
 * "uid 17 (movv4si_internal) deleted: its effect is not modelled";
 * g++.dg/torture/vshuf-v4si.C `main` at -O2, of which this is a
 * rewrite.) */
typedef unsigned int V __attribute__((vector_size(16)));
extern "C" void abort(void);
constexpr V in1[] = {{1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4},
		     {1, 2, 3, 4}, {5, 6, 7, 8}, {5, 6, 7, 8}, {5, 6, 7, 8}};
constexpr V mask1[] = {{0, 1, 2, 3}, {4, 9, 14, 19}, {3, 2, 1, 0},
		       {0, 3, 2, 1}, {0, 2, 1, 3}, {3, 1, 2, 0}, {0, 0, 0, 0},
		       {1, 2, 1, 2}};
constexpr V out1[] = {{1, 2, 3, 4}, {1, 2, 3, 4}, {4, 3, 2, 1}, {1, 4, 3, 2},
		      {1, 3, 2, 4}, {8, 6, 7, 5}, {5, 5, 5, 5}, {6, 7, 6, 7}};
constexpr V in2[] = {{1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4}, {1, 2, 3, 4},
		     {1, 2, 3, 4}, {1, 2, 3, 4}};
constexpr V in3 = {5, 6, 7, 8};
constexpr V mask2[] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 4, 1, 5}, {0, 7, 4, 3},
		       {0, 0, 0, 0}, {7, 7, 7, 7}};
constexpr V out2[] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {1, 5, 2, 6}, {1, 8, 5, 4},
		      {1, 1, 1, 1}, {8, 8, 8, 8}};
int shuf()
{
	int i;
	for (i = 0; i < 8; ++i) {
		V r = __builtin_shuffle(in1[i], mask1[i]);
		if (__builtin_memcmp(&r, &out1[i], sizeof(V)) != 0)
			abort();
	}
	for (i = 0; i < 6; ++i) {
		V r = __builtin_shuffle(in2[i], in3, mask2[i]);
		if (__builtin_memcmp(&r, &out2[i], sizeof(V)) != 0)
			abort();
	}
	return 0;
}
//!gcc _Z4shufv: ord "movv4si_internal" %frame, p? @xmm3
//!verdict _Z4shufv: verified
