/* redirect-jump: a captured jump, conditional or simple, goes to the
 * label of another block after reload while the CFG's edges stay
 * (plugin/inject.cc).  The translation compares where each jump goes
 * in capture blocks (docs/POSTRA.md, "Conditional jumps" and "Simple
 * jumps"): a conditional jump whose taken arm leads elsewhere is "uid
 * N: conditional jump goes to other blocks after reload", a simple jump
 * "uid N: jump goes to another block after reload" (this test's sites
 * reach both branches).
 *
 * After the check the plugin moves the CFG edge to the new block
 * (inject_after_check), so that the passes after reload keep the
 * redirected jump (without it block reordering rebuilt the simple jump
 * from the old edge, and other files failed assertions in cfgrtl and
 * dwarf2cfi).  Sites at -O2, in order: side's `if (x > 10)` (1) and its
 * jump over the else-arm (2), main's first `if` (3: a jump to abort
 * never taken, redirected elsewhere: the program still works, not
 * listed).  Sites 1 and 2 make the program abort. */
// options: -O2
// inject: redirect-jump:1 side
// inject: redirect-jump:2 side
// inject: redirect-jump:4 -
//!verdict either: verified
//!verdict side: verified
extern void abort(void);
int gv;
__attribute__((noipa)) int take2(int a, int b) { return a + b; }
__attribute__((noipa)) void give2(int a, int c) { gv = a * c; }
__attribute__((noipa)) int conv(int b) { return b - 7; }

__attribute__((noipa)) int either(int a, int b)
{
	if (b) {
		int c = take2(a, gv);
		give2(a, c);
		return 1;
	}
	return conv(b);
}

__attribute__((noipa)) int side(int x)
{
	if (x > 10)
		return take2(x, 1) * 5;
	return conv(x) + gv;
}

int main(void)
{
	gv = 2;
	if (either(3, 1) != 1 || gv != 15)
		abort();
	if (either(3, 0) != -7)
		abort();
	if (side(11) != 60 || side(7) != 15)
		abort();
	return 0;
}
