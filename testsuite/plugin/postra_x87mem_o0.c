// options: -O0
/* x87 conversions with memory-only operands at -O0 (see postra_x87mem.c):
 * the arguments live in the frame, so fild and fld read the frame
 * directly (an address operand, no pseudo); fistp and fstp still write a
 * pseudo that only memory fits, which LRA puts in a slot and reloads. */

/* tl: fistpq -16(%rbp) (a slot), then movq -16(%rbp), %rax. */
long tl(long double y) { return y; }
//! tl: ord "fix_truncdi_i387" =p? {} mem, =&p?, p?, %frame, %frame
//!gcc tl: ord "fix_truncdi_i387" =p? {} mem @s0, =&p? @st1, p? @st0, %frame, %frame
//!gcc tl: reload =@ax:8, @s0:8
//!verdict tl: verified
//!ours tl: verified

/* td: fstpl -8(%rbp) (a slot); movq -8(%rbp), %rax; movq %rax, %xmm0. */
double td(long double y) { return y; }
//! td: ord "truncxfdf2" =p? {} mem, p?
//!gcc td: ord "truncxfdf2" =p? {} mem @s0, p? @st0
//!verdict td: verified
//!ours td: verified

/* fl: movq %rdi, -8(%rbp); fildq -8(%rbp), the argument's own frame
 * memory. */
long double fl(long x) { return x; }
//! fl: ord "floatdixf2" =p?, %frame
//!verdict fl: verified
//!ours fl: verified
