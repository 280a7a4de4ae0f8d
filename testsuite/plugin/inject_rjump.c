/* redirect-jump: a captured jump, conditional or simple, goes to the
 * label of another block after reload while the CFG's edges stay
 * (plugin/inject.cc).  The translation compares where each jump goes
 * in capture blocks (docs/POSTRA.md, "Conditional jumps" and "Simple
 * jumps"): a conditional jump whose taken arm leads elsewhere is "uid
 * N: conditional jump goes to other blocks after reload", a simple jump
 * "uid N: jump goes to another block after reload" (until session 6 no
 * fault reached this branch).
 *
 * -fno-reorder-blocks: the block reordering pass rebuilds the jumps
 * from the CFG's edges, which the fault leaves as they were, and so
 * undoes a redirected simple jump (seen at -O1 and -O2: the program
 * then works); without it the redirected jumps reach the assembly.
 * Sites in order: either's `if (b)` (1) and its jump over the else-arm
 * (2); side's `if (x > 10)` (3) and its jump over the else-arm (4).
 * Each makes the program abort. */
// options: -O1 -fno-reorder-blocks
// inject: redirect-jump:1 either
// inject: redirect-jump:2 either
// inject: redirect-jump:3 side
// inject: redirect-jump:4 side
// inject: redirect-jump:9 -
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
