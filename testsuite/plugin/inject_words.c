/* swap-moves on words reloaded alone (docs/POSTRA.md "Words reloaded
 * alone"): at -O0 keep_high computes each word of its 128-bit result in
 * ax, moving the other words in and out of ax around each step.  Two
 * of those moves swapped put the wrong word in ax (site 1: the second
 * word where the first is read; site 2: the first word's result where
 * the second is read).  Before 'alone' keep_high was unverified ("word
 * of a pseudo reloaded alone") and both faults went undetected. */
// options: -O0
// inject-options: -fplugin-arg-ssara-only=keep_high
// inject: swap-moves:1 keep_high
// inject: swap-moves:2 keep_high
//! keep_high: ord "*iordi_1" +p?[0,8] mem, p?[0,8] ^0, $0 clobber {flags}
//! keep_high: ord "*iordi_1" +p?[8,8] mem, p?[8,8] ^0, $-1 clobber {flags}
extern void abort(void);

__attribute__((noinline, noipa)) int keep_high(__int128 x, long m)
{
	__int128 v = x;
	v &= ~(__int128)0 << 64 | (unsigned long)m;
	return v != 0;
}

int main(void)
{
	if (keep_high((__int128)1 << 70, 0) != 1 || keep_high(6, 1) != 0 ||
	    keep_high(7, 1) != 1)
		abort();
	return 0;
}
