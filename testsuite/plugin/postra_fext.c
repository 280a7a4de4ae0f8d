// options: -O2
/* A pseudo replaced by the float_extend of a constant-pool float
 * (docs/POSTRA.md, "float_extend of a pool constant").  0.5L, 0.25L and
 * 0.75L are exact in SFmode, so GCC keeps them in the constant pool as
 * floats and loads them by `(set (reg:XF p) (float_extend:XF (mem:SF
 * .LC0)))` (flds): the capture flags that load [remat] and lists the
 * extended XF constant, named by all its bits (x87 extended: 64-bit
 * mantissa word, then sign and exponent: 0.5L = [0x8000000000000000,
 * 0x3ffe], 0.25L = [0x8000000000000000, 0x3ffd], 0.75L =
 * [0xc000000000000000, 0x3ffe]; names computed apart from the plugin by
 * the recipe of constnames.c: 2016286145255585494, 3146995635180095653,
 * -4556516253767607314).
 *
 * sub_half, ret_half: IRA substitutes the load into its one use (fsubs
 * .LC0(%rip)) and deletes it; the translation locates the pseudo at the
 * extended constant, and the checker proves it equal from the deleted
 * [remat] (without this: "pseudo replaced by float_extend").
 * two: the constant is used twice; GCC keeps the load (flds) in st1. */
long double A = 17, B = 11, R1, R2;
__attribute__((noipa)) void sub_half(void)
{
	R1 = A * B - 0.5L;
}
//! sub_half: ord "*extendsfxf2_i387" =p?, $2016286145255585494 [remat]
//!gcc sub_half: ord "*extendsfxf2_i387" =p?, $2016286145255585494 [remat] [deleted]
//!gcc sub_half: ord "*fop_xf_1_i387" =p? @st0, p? ^0 @st0, p? @$2016286145255585494
//!verdict sub_half: verified

__attribute__((noipa)) long double ret_half(long double x)
{
	return x * A - 0.25L;
}
//!gcc ret_half: ord "*fop_xf_1_i387" =p? @st0, p? ^0 @st0, p? @$3146995635180095653
//!verdict ret_half: verified

__attribute__((noipa)) long double two(long double x)
{
	R2 = x + 0.75L;
	return x * 0.75L;
}
//!gcc two: ord "*extendsfxf2_i387" =p? @st1, $-4556516253767607314 [remat]
//!verdict two: verified
