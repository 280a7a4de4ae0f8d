/* redirect-use on a memory operand LRA loaded into a register
 * (docs/POSTRA.md "Loaded memory operands"; own code, the shape of
 * gcc.c-torture/execute/20010910-1.c main, whose redirect-use:3 at -O2
 * this reproduces).  check's uid 10 compares p[i] with
 * w[i]; LRA loads w[i] into dx and compares with edx.  Injected:
 * redirect-use:1 makes uid 10 read cx (whatever it held at check's
 * entry) instead of dx: the comparison fails and the program aborts.  Before: "insn changed shape (set, *cmpsi_1)" (the register
 * was not the load's); now the translation takes the memory operand
 * as read from cx ([mem @cx:4]) with the address of the load into dx,
 * and the checker finds cx without the loaded memory: a violation.
 * (Sites 2 and 3 read dx, the loaded memory, for the index p84 in
 * later blocks: the program crashes or aborts; the checker leaves them
 * unverified, "value last written by an unmodelled inserted insn", not
 * a detection: see docs/POSTRA.md.) */
// options: -O2
// inject-options: -fplugin-arg-ssara-only=check
// inject: redirect-use:1 check
//!verdict check: verified
extern void abort(void);
static const int want[5] = {12, 14, 16, 18, 10};
int got[5];

__attribute__((noipa)) void fill(int *p)
{
	for (int i = 0; i < 5; i++)
		p[i] = 10 + (i + 1) * 2;
	p[4] = 10;
}

__attribute__((noipa)) void check(int *p, const int *w)
{
	for (int i = 0; i < 5; i++)
		if (p[i] != w[i])
			abort();
}

int main(void)
{
	fill(got);
	check(got, want);
	return 0;
}
