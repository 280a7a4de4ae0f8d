// options: -O1
/* A commutative pair whose two orders both match GCC's post-RA insn
 * (docs/POSTRA.md, "Commutative pairs"). */

/* from_double: libiberty floatformat.c floatformat_from_double's loop,
 * reduced.  mant lives in a stack slot across the call; LRA loads the
 * constant 4294967296.0 into xmm0 and multiplies by the slot
 * (mulsd s0, xmm0), the operands exchanged.  Both orders match the
 * post-RA insn; the plugin keeps the positional one with [comm 1] and
 * the checker proves the exchanged order (before [comm]: a false
 * violation, xmm0 holding the constant instead of mant). */
extern void put(unsigned char *to, int start, int len, unsigned long v);
void from_double(int man_len, int man_start, int check, double mant,
		 unsigned char *uto)
{
	int mant_bits_left = man_len, mant_off = man_start;
	while (mant_bits_left > 0) {
		unsigned long mant_long;
		int mant_bits = mant_bits_left < 32 ? mant_bits_left : 32;
		mant *= 4294967296.0;
		mant_long = (unsigned long)mant;
		mant -= mant_long;
		if (mant_bits_left == man_len && check)
			mant_long &= 0x7fffffff;
		if (mant_bits < 32)
			mant_long >>= 32 - mant_bits;
		put(uto, mant_off, mant_bits, mant_long);
		mant_off += mant_bits;
		mant_bits_left -= mant_bits;
	}
}
//!gcc from_double: ord "*fop_df_comm" =p? @xmm0, p? ^0 @xmm0, p? mem @s0 [comm 1]
//!verdict from_double: verified

/* carry: pr90311.c's add with overflow: LRA exchanges the operands of
 * *addsi3_cconly_overflow_1 together with the compare's duplicate
 * (addl %eax, %edx with the operands in the other registers); the '%'
 * pair with its duplicate gets [comm 2] (before: "p in two
 * locations", unverified). */
int ga, gb;
int carry(void)
{
	unsigned long long x;
	unsigned int c;
	__builtin_add_overflow((unsigned char)ga, gb, &c);
	gb -= c < (unsigned char)ga;
	x = gb;
	return x != 0;
}
//!gcc carry: ord "*addsi3_cconly_overflow_1" =p? @dx, =%flags, p? ^0 @dx, p? mem @ax [comm 2]
//!verdict carry: verified
