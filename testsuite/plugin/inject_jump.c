/* invert-jump: a captured conditional jump's comparison is reversed
 * after reload while its label and fall-through stay, so the jump goes
 * the other way (plugin/inject.cc).  The translation compares each
 * conditional jump as a function of its condition, in capture blocks
 * (docs/POSTRA.md, "Conditional jumps").
 *
 * either: at -O2 GCC lays the else-arm (the tail call of conv) out as
 * the fall-through after reload, inverting the captured jump
 * (`je .Lelse` before IRA, `jne .Lthen` after): accepted as the same
 * jump (verified without injection; not "insn changed shape
 * (set)").  Reversing the condition again gives the captured
 * comparison with the exchanged targets: a violation, not the captured
 * jump.
 * side: its jump keeps the captured label; reversed, the same label
 * under the opposite condition: a violation (not "insn
 * changed shape"). */
// options: -O2
// inject: invert-jump:1 either
// inject: invert-jump:2 side
// inject: invert-jump:3 main
// inject: invert-jump:9 -
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
