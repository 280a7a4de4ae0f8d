// options: -O2
/* asm operands that an alternative lets be memory only (CAPTURE.md
 * "Constraints"): a pseudo whose constraint in the chosen alternative is
 * "m" is captured as `{} mem` (OF_MEMONLY, docs/IR.md).  Without this,
 * an asm none of whose alternatives took every pseudo in a register was
 * unsupported ("constraint the IR cannot represent (asm)").  Our
 * allocator places a memory-only operand at the value's slot
 * (docs/ALLOC.md "Memory-only operands"): y is born in its slot and
 * reloaded for the multiplication. */

/* two_alt: each alternative has one output in memory.  GCC takes the
 * first: x in eax, y in a stack slot, then movl -4(%rsp), %esi;
 * imull %esi, %eax; ret. */
int two_alt(int a, int b)
{
	int x, y;
	__asm__("" : "=r,m"(x), "=m,r"(y) : "r,r"(a), "r,r"(b));
	return x * y;
}
//! two_alt: ord "asm" =p?, =p? {} mem, p?, p? clobber {flags}
//!gcc two_alt: ord "asm" =p? @ax, =p? {} mem @s0, p? @di, p? @si clobber {flags}
//!gcc two_alt: reload =@si:4, @s0:4
//!verdict two_alt: verified
//!ours two_alt: verified

/* prefer_reg: alternative 0 has x in memory, alternative 1 in a
 * register; the register one is taken (a memory-only pseudo costs as a
 * cross-class copy, '!'), as GCC does: x in eax, then addl $1. */
int prefer_reg(int a)
{
	int x;
	__asm__("" : "=m,r"(x) : "r,r"(a));
	return x + 1;
}
//! prefer_reg: ord "asm" =p?, p? clobber {flags}
//!gcc prefer_reg: ord "asm" =p? @ax, p? @di clobber {flags}
//!verdict prefer_reg: verified
//!ours prefer_reg: verified
