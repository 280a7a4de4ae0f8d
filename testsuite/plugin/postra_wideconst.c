// options: -O0
/* A 16-byte constant stored to memory (docs/POSTRA.md, the constant
 * loaded into a register by a new insn): before IRA the store is
 * `(set (mem:TI ...) (const_wide_int ...))`; LRA loads the constant into
 * ax:dx (a new insn `(set (reg:TI ax) (const_wide_int ...))`, two movabs)
 * and stores the pair.  The captured store reads the register that the
 * new insn loaded with exactly that constant (all 128 bits compared,
 * const_words), nothing written since: accepted.  Without this,
 * "insn changed shape (set)" (nine functions at -O0, four at -O1 in the
 * torture suite: char arrays initialised from a string, __int128
 * constants). */
extern void take(char *);
void blah(void)
{
	char b[33] = "0123456789012345678901234567890";
	take(b);
}
//!verdict blah: verified

__int128 gx;
void set128(void)
{
	gx = ((__int128)0x0123456789abcdefLL << 64) | 0x0fedcba987654321LL;
}
//!verdict set128: verified
