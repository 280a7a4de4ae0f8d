// options: -O1
/* Narrowed re-emitted loads (docs/POSTRA.md): a byte operation on the
 * low byte of a wider load through a pointer that stays live.  IRA
 * leaves the loaded pseudo in memory (its load has the memory
 * equivalence [p]) and LRA deletes the load, reloading the byte
 * operand as the 1-byte load `movb (%rsi), %al` right before the
 * operation.  The translation runs the deleted load there, its address
 * read at si and its value at al, which the operation reads only as
 * its low byte and then overwrites.  Before this rule each was "insn
 * changed shape" (csmith -O1 seeds 174, 232, 264, 288).  The expected
 * code is that of `gcc -O1 -S` before the post-reload passes. */
unsigned char g8;
unsigned int *gq;

static unsigned char mul8(unsigned char a, unsigned char b)
{
	return (unsigned int)a * (unsigned int)b;
}

/* xor of the low byte of a 4-byte load (`*xorqi_1`) */
void nx(unsigned char b, unsigned int *p)
{
	g8 = mul8(b, *p ^ 1);
	gq = p;
}
//!gcc nx: ord "*movsi_internal" =p? @ax, p? @si
//!gcc nx: ord "*xorqi_1" =p? mem @ax, p?[0,1] ^0 @ax, $1 clobber {flags}
//!verdict nx: verified
//!ours nx: verified

/* not (`*one_cmplqi2_1`, a SET without clobbers) */
void nn(unsigned char b, unsigned int *p)
{
	g8 = mul8(b, ~(unsigned char)*p);
	*p = 3;
}
//!gcc nn: ord "*movsi_internal" =p? @ax, p? @si
//!gcc nn: ord "*one_cmplqi2_1" =p? mem @ax, p?[0,1] ^0 @ax
//!verdict nn: verified

/* the low byte of an 8-byte load at an offset */
void nl(unsigned char b, unsigned long *p)
{
	g8 = mul8(b, (unsigned char)p[2] ^ 0xb4);
	gq = (unsigned int *)p;
}
//!gcc nl: ord "*movdi_internal" =p? @ax, p? @si
//!gcc nl: ord "*xorqi_1" =p? mem @ax, p?[0,1] ^0 @ax, $-76 clobber {flags}
//!verdict nl: verified
