// options: -O2
/* Inputs for testsuite/unit/test_plugin.c.  Each "//! FN: INSTRUCTION"
 * line is an expectation written by hand from the x86-64 SysV ABI and
 * GCC 12's i386.md constraints: some instruction of FN's captured IR,
 * with the UID left out and every pseudo written p?, is exactly
 * INSTRUCTION.  Operands: definitions first, then uses (CAPTURE.md). */

/* Arguments arrive in di and si and are copied into pseudos; the result
 * is copied into ax, which the ret uses. */
int sub(int a, int b) { return a - b; }
//! sub: copy =p?, %di
//! sub: copy =p?, %si
//! sub: copy =%ax, p?
//! sub: ret %ax

/* Division: quotient in ax ("=a"), remainder in dx ("=&d", early
 * clobber), the dividend tied to the quotient ("0"), the divisor in a
 * register or memory ("rm"), flags clobbered. */
int divmod(int a, int b) { return a / b + a % b; }
//! divmod: ord "*divmodsi4" =p? {ax}, =&p? {dx}, p? ^0, p? mem clobber {flags}

/* A variable shift count must be in cx ("c"), as a QImode subreg of the
 * SImode count; the shifted value is tied to the result. */
int shl(int a, int n) { return a << n; }
//! shl: ord "*ashlsi3_1" =p? mem, p? ^0, p?[0,1] {cx} clobber {flags}

/* Two-address add: the first source is tied to the destination. */
long add(long a, long b) { return a + b; }
//! add: ord "*adddi_1" =p? mem, p? ^~0, p? memalt clobber {flags} [comm 1]

/* Conditional move: *movdicc_noc's alternatives are "rm,0" and "0,rm"
 * for its two sources, the second tied to the result in one, the first
 * in the other, every other constraint alike: the mark [mirror 1] says
 * an allocator may take either (docs/IR.md). */
long sel(long a, long b, long c) { return c > 0 ? a : b; }
//! sel: ord "*movdicc_noc" =p?, p? mem, p? ^0, %flags [mirror 1]

/* Doubles arrive in xmm0 and xmm1 and leave in xmm0. */
double fmul(double a, double b) { return a * b; }
//! fmul: copy =p?, %xmm0
//! fmul: copy =p?, %xmm1
//! fmul: ord "*fop_df_comm" =p?, p? ^0, p? mem [comm 1]
//! fmul: copy =%xmm0, p?
//! fmul: ret %xmm0

/* A general-register value tied to an SSE def: vec_dupv2di's "=x" "0"
 * alternative wants x in the def's SSE register, so the read gets the SSE
 * registers as its set (the allocator copies it across first). */
typedef long v2di __attribute__((vector_size(16)));
v2di dup(long x) { return (v2di){x, x}; }
//! dup: ord "*vec_dupv2di" =p?, p? {xmm0-xmm15} ^0
