// options: -O2
/* Memory operands LRA loads into a register (docs/POSTRA.md "Loaded
 * memory operands", docs/VERIFY.md "Memory operands loaded into a
 * register"); own code, the shape of gcc.c-torture/execute/20010910-1.c.
 *
 * check: uid 10 (*cmpsi_1) compares two memory operands, p[i] and w[i]
 * (before IRA both are MEMs, (plus p i*4) with i scaled as a byte
 * offset); x86 compares at most one memory operand, so LRA loads w[i]
 * into dx (`movl (%rsi,%rax), %edx`) and compares p[i] with edx.  The
 * translation ties the load to uid 10 (`[of 10]`, with the address
 * pseudos where the load reads them) and marks uid 10 `[mem @dx:4]`;
 * the checker proves si and ax hold the address values at the load, and
 * dx the loaded memory at uid 10 (nothing between them).
 * bytes: the same with 1-byte elements (`movzbl`, then `cmpb`).
 * shorts: with 2-byte elements. */
extern void abort(void);

__attribute__((noipa)) void check(int *p, const int *w)
{
	for (int i = 0; i < 5; i++)
		if (p[i] != w[i])
			abort();
}

__attribute__((noipa)) int bytes(const unsigned char *p,
				 const unsigned char *w, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i] != w[i])
			return i;
	return -1;
}

__attribute__((noipa)) int shorts(const short *p, const short *w, int n)
{
	for (int i = 0; i < n; i++)
		if (p[i] != w[i])
			return i;
	return -1;
}
//!gcc check: opaque =@dx:4, p? @si, p? @ax [of 10]
//!gcc check: ord "*cmpsi_1" =%flags, p? @di, p? @ax, p? @si, p? @ax [mem @dx:4]
//!verdict check: verified
//!gcc bytes: opaque =@cx:1, p? @si, p? @ax [of 19]
//!gcc bytes: ord "*cmpqi_1" =%flags, p? @di, p? @ax, p? @si, p? @ax [mem @cx:1]
//!verdict bytes: verified
//!gcc shorts: ord "*cmphi_1" =%flags, p? @ax, p? @di, p? @ax, p? @si [mem @cx:2]
//!verdict shorts: verified
