// options: -O2
/* Conditional jumps whose label is not the captured one after reload
 * (docs/POSTRA.md, "Conditional jumps"): the jump is compared as a
 * function of its condition, where control goes when the comparison
 * holds and when it does not, in capture blocks.  Without this, both
 * functions are "insn changed shape (set)".  The mutation (the
 * comparison reversed, the targets kept) is inject_jump.c. */

/* either: before IRA `if (b == 0) goto else; then...`; after reload
 * GCC lays the else-arm (the tail call) out as the fall-through and
 * inverts the jump: `testl %esi, %esi; jne .Lthen`.  The reversed
 * comparison (ne for eq, CCZ) with the exchanged targets is the same
 * jump. */
extern int gw;
extern int take(int, int);
extern void give(int, int);
extern float tofl(int);
float either(int a, int b)
{
	if (b) {
		int c = take(a, gw);
		give(a, c);
		return 0.5f;
	}
	return tofl(b);
}
//!verdict either: verified

/* find: the loop's exit test jumps before IRA to a block that holds
 * nothing after reload (removed: an edge); after reload the jump goes
 * straight to the return block behind it, under the same condition. */
char **find(char **p, const char *s, unsigned n)
{
	for (; *p; p++)
		if (__builtin_strncmp(*p, s, n) && n == __builtin_strlen(*p))
			break;
	return p;
}
//!verdict find: verified
