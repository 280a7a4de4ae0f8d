// options: -O2
/* A split store whose value is read-only memory (docs/POSTRA.md, "Split
 * stores of read-only memory").  The two char stores become one V2QI
 * store of the constant "ab", loaded into a pseudo from the constant
 * pool before the loop (a [remat] load with a REG_EQUIV note).  With
 * eight values live across the call the pseudo gets no register: LRA
 * deletes the load and rewrites the store's insn into `movzwl .LC0(%rip),
 * %eax`, followed by a new `movw %ax, (%r13)`.  The captured store runs
 * there, its value at the pool entry, which the checker proves to be
 * the pseudo (the deleted remat).  Without this, "insn changed shape
 * (set)".  The IR pair testsuite/ir/verify/gcc/rostore.* is this
 * function (ok: verified; the store through the wrong register: a
 * violation). */
extern void step(char *, long, long, long, long);
extern long more(void);
long mark_pairs(char *p, int n)
{
	long a = more(), b = more(), c = more(), d = more(), e = more(),
	     f = more(), g = more(), h = more();
	for (int i = 0; i < n; i++) {
		step(p, a, b, c, d);
		p[0] = 'a';
		p[1] = 'b';
		p += 2;
		a += e; b += f; c += g; d += h;
	}
	return a + b + c + d + e + f + g + h;
}
//!verdict mark_pairs: verified
