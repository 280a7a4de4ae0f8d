// options: -O2
/* x87 conversions whose integer or SSE-class operand is memory only
 * (docs/CAPTURE.md "Memory-only operands"): fild reads its integer from
 * memory ("m"), fistp writes it to memory ("=m"), fst(p) of a truncation
 * writes memory (its "f" alternative needs -funsafe-math-optimizations),
 * and fld of a float or double reads "fm" where the value's class (SSE)
 * has no x87 register and no SSE<->x87 move exists.  The capture writes
 * `{} mem`; GCC's allocation puts the value in a stack slot (s0, the one
 * slot of each function), stored before the use or reloaded after the
 * definition; the checker follows the value through it.  The expected
 * code is that of `gcc -O2 -S`.  Our allocation ("//!ours") places the
 * memory-only operands at slots too (docs/ALLOC.md) and is checked. */

/* fl: movq %rdi, -16(%rsp); fildq -16(%rsp). */
long double fl(long x) { return x; }
//! fl: ord "floatdixf2" =p?, p? {} mem
//!gcc fl: spill =@s0:8, @di:8
//!gcc fl: ord "floatdixf2" =p? @st0, p? {} mem @s0
//!verdict fl: verified
//!ours fl: verified

/* fi: movl %edi, -12(%rsp); fildl -12(%rsp). */
long double fi(int x) { return x; }
//! fi: ord "floatsixf2" =p?, p? {} mem
//!gcc fi: spill =@s0:4, @di:4
//!verdict fi: verified
//!ours fi: verified

/* (long double from short: filds of the int pseudo's low half, a
 * memory-only subreg; the capture refuses it, "memory-only operand
 * narrower than its pseudo", since the checker keeps no part of a value
 * in a slot.) */

/* tl: fnstcw -10(%rsp); fldt 8(%rsp); orb $12, %ah; fldcw; fistpq -24(%rsp);
 * fldcw -10(%rsp); movq -24(%rsp), %rax.  The control words are program memory at
 * the soft frame pointer (fnstcw writes %frame-2, the modified word is
 * stored at %frame-4), operands 2 and 3 of fistp; operand 4 is an x87
 * scratch (the copy of the value that fistp pops). */
long tl(long double y) { return y; }
//! tl: ord "x86_fnstcw_1" %frame [wr %frame-2:2]
//! tl: ord "fix_truncdi_i387" =p? {} mem, =&p?, p?, %frame, %frame
//!gcc tl: ord "fix_truncdi_i387" =p? {} mem @s0, =&p? @st1, p? @st0, %frame, %frame
//!gcc tl: reload =@ax:8, @s0:8
//!verdict tl: verified
//!ours tl: verified

/* ti: the same with fistpl -16(%rsp) and a 4-byte slot. */
int ti(long double y) { return y; }
//! ti: ord "fix_truncsi_i387" =p? {} mem, p?, %frame, %frame
//!gcc ti: reload =@ax:4, @s0:4
//!verdict ti: verified
//!ours ti: verified

/* ef: movss %xmm0, -12(%rsp); flds -12(%rsp).  IRA spills the float
 * wholly: the copy out of xmm0 is the store into its slot. */
long double ef(float f) { return f; }
//! ef: ord "*extendsfxf2_i387" =%st0, p? {} mem
//!gcc ef: copy =p? @s0, %xmm0
//!gcc ef: ord "*extendsfxf2_i387" =%st0, p? {} mem @s0
//!verdict ef: verified
//!ours ef: verified

/* ed: movsd %xmm0, -16(%rsp); fldl -16(%rsp). */
long double ed(double d) { return d; }
//! ed: ord "*extenddfxf2_i387" =%st0, p? {} mem
//!verdict ed: verified
//!ours ed: verified

/* td: fldt 8(%rsp); fstpl -16(%rsp); movsd -16(%rsp), %xmm0. */
double td(long double y) { return y; }
//! td: ord "truncxfdf2" =p? {} mem, p?
//!gcc td: ord "truncxfdf2" =p? {} mem @s0, p? @st0
//!gcc td: reload =@xmm0:8, @s0:8
//!verdict td: verified
//!ours td: verified

/* tf: fldt 8(%rsp); fstps -12(%rsp); movss -12(%rsp), %xmm0. */
float tf(long double y) { return y; }
//! tf: ord "truncxfsf2" =p? {} mem, p?
//!gcc tf: reload =@xmm0:4, @s0:4
//!verdict tf: verified
//!ours tf: verified

/* The value is also used in a register: x + 1 in di, x in memory for
 * fild (a spill before the use, the register copy kept). */
long double fl2(long x, long *p) { *p = x + 1; return x; }
//! fl2: ord "floatdixf2" =p?, p? {} mem
//!verdict fl2: verified
//!ours fl2: verified
