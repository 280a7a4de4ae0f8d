// options: -O2
/* Memory-only operands narrower than their pseudo (docs/CAPTURE.md
 * "Constraints"): captured as `p[OFF,SIZE] {} mem` instead of
 * refused.  GCC's allocation is checked (a slot keeps a value's low bytes
 * after a narrow store, docs/VERIFY.md); our allocation places them at
 * the value's slot (docs/ALLOC.md "Memory-only operands") and is
 * checked.  The expected code is that of `gcc -O2 -S`. */

/* fs: movw %di, -2(%rsp); filds -2(%rsp).  fild reads the low 2 bytes of
 * the int pseudo holding x (floathixf2 of `(subreg:HI (reg:SI) 0)`); LRA
 * stores only those 2 bytes. */
long double fs(short x) { return x; }
//! fs: ord "floathixf2" =p?, p?[0,2] {} mem
//!gcc fs: spill =@s0:2, @di:2
//!gcc fs: ord "floathixf2" =p? @st0, p?[0,2] {} mem @s0
//!verdict fs: verified
//!ours fs: verified

/* udiv: the quotient vector is assembled by two *iordi_1 writing its
 * 8-byte halves, `(set (subreg:DI (reg:V16QI p) 0|8) (ior:DI ...))`;
 * "=rm" admits no SSE register, so memory only: `+p[0,8] {} mem`, and
 * the input matched to it ("0") is read in its own class (LRA computes
 * in a general register and stores it: a temporary register the IR does
 * not show, so no tie).  GCC's clobber of the vector became a clobber of
 * its stack slot, which the translation does not model (unverified);
 * ours keeps all three versions of p in one slot. */
typedef unsigned char U __attribute__((vector_size(16)));
U udiv(U c, U d) { return c / d; }
//! udiv: ord "*iordi_1" +p?[0,8] {} mem, p?, p? clobber {flags} [comm 1]
//! udiv: ord "*iordi_1" +p?[8,8] {} mem, p?, p? clobber {flags} [comm 1]
//!verdict udiv: unverified: pseudo replaced by memory (uid 179)
//!ours udiv: verified
