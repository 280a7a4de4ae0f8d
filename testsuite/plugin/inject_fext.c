/* drop-reload in a function where IRA replaced a pseudo by the
 * float_extend of a constant-pool float (O[9] = i * G[0] - 0.5L: fsubs
 * .LC0(%rip); docs/POSTRA.md "float_extend of a pool constant",
 * postra_fext.c).  Nine long double values are live at once, more than
 * the eight x87 registers, so LRA spills and reloads; without the
 * float_extend rule the function is unverified ("pseudo replaced by
 * float_extend") and a dropped reload goes unnoticed, as regstack-1.c
 * main's drop-reload site 1 at -O2.  Verified without the fault: at
 * site 1 (a reload into st7) st7 keeps another value, the program
 * aborts, the checker reports a violation.  Site 2 leaves the program
 * unchanged (not used here); there is no third. */
// options: -O2
// inject: drop-reload:1 nine
// inject: drop-reload:3 -
//!verdict nine: verified
extern void abort(void);
long double G[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
long double O[10];
__attribute__((noipa)) void nine(void)
{
	long double a = G[0] * G[1], b = G[1] * G[2], c = G[2] * G[3];
	long double d = G[3] * G[4], e = G[4] * G[5], f = G[5] * G[6];
	long double g = G[6] * G[7], h = G[7] * G[8], i = G[8] * G[9];
	O[9] = i * G[0] - 0.5L;
	O[0] = a + i; O[1] = b + h; O[2] = c + g; O[3] = d + f;
	O[4] = e + a; O[5] = f + b; O[6] = g + c; O[7] = h + d; O[8] = i + e;
}

int main(void)
{
	nine();
	/* a..i = 2, 6, 12, 20, 30, 42, 56, 72, 90 */
	if (O[9] != 89.5L || O[0] != 92.0L || O[8] != 120.0L ||
	    O[4] != 32.0L)
		abort();
	return 0;
}
