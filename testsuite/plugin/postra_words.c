// options: -O0
/* Words of a TImode value reloaded alone (docs/POSTRA.md "Words
 * reloaded alone"): at -O0 the 128-bit masks are computed word by word,
 * each word of the result in ax (LRA's reload register for the tied
 * operand), then moved to r8 / r9, where the whole value is stored.
 * The translation locates each word operand at ax with 'alone'; the
 * checker proves ax holds that word of the value there and that the
 * pair r8:r9 ends up with word 0 then word 1.  Before this both were
 * unverified ("word of a pseudo reloaded alone"). */
int lowmask(__int128 x, long m)
{
	__int128 v = x & (((__int128)-1 << 63) | m);
	return v == 0;
}
//!gcc lowmask: ord "*anddi_1" +p?[0,8] @ax alone, p?[0,8] ^0 @ax alone, %frame clobber {flags}
//!gcc lowmask: move =@r8:8, @ax:8
//!gcc lowmask: ord "*anddi_1" +p?[8,8] @ax alone, p?[8,8] ^0 @ax alone, %frame clobber {flags}
//!gcc lowmask: move =@r9:8, @ax:8
//!gcc lowmask: ord "*movti_internal" %frame, p? @r8
//!verdict lowmask: verified

int keep_high(__int128 x, long m)
{
	__int128 v = x;
	v &= ~(__int128)0 << 64 | (unsigned long)m;
	return v != 0;
}
//!gcc keep_high: ord "*iordi_1" +p?[0,8] mem @ax alone, p?[0,8] ^0 @ax alone, $0 clobber {flags}
//!gcc keep_high: ord "*iordi_1" +p?[8,8] mem @ax alone, p?[8,8] ^0 @ax alone, $-1 clobber {flags}
//!verdict keep_high: verified
