// options: -O2
/* An asm whose output is in memory and tied to an input (docs/POSTRA.md,
 * "Split stores", the parallel form): before IRA the asm's first SET
 * writes x's stack slot, `(set (mem:SI frame-4) (asm_operands ... [p85]))`
 * with "=g" tied to "0" (x's address, p85).  LRA gives the output the
 * tied input's register: the asm becomes `(set (reg:SI ax)
 * (asm_operands ... [(reg:DI ax)]))` followed by a new `movl %eax,
 * 12(%rsp)`.  The captured asm runs at the first insn, its output at
 * the new store's address (frame addresses compared through the
 * elimination offsets), p85 at ax.  Without this, "insn changed shape
 * (parallel)" (stkalign.c `test`, `test2` at every level, pr65053-2.c
 * `main` at -O0).  The IR pair testsuite/ir/verify/gcc/asmsplit.* is
 * probe (ok: verified; p85 read from another register: a violation). */
extern unsigned peek(unsigned *);
unsigned probe(unsigned n)
{
	unsigned x;
	asm("" : "=g"(x) : "0"(&x));
	return peek(&x) + n;
}
//!verdict probe: verified
