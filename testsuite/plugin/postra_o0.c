// options: -O0
/* GCC's allocation after reload, translated and checked (docs/POSTRA.md);
 * see constraints.c for the expectation format ("//!gcc" lines are
 * GCC's allocation, "//!verdict" the checker's verdict on it).
 *
 * At -O0 the eight results of g live until the call of h, across the
 * later calls of g.  Compiled by GCC 12.2 at -O0 (see `gcc -O0 -S`): the
 * first two go into callee-saved registers (r12, then bx), the third and
 * fourth into stack slots (-56(%rbp), -64(%rbp); the first and second
 * slot the translation meets), the next three into r15, r14, r13, and
 * the last stays in ax, so its copy from ax is deleted; r12 and bx are
 * pushed as h's stack arguments and the two slots loaded into r9 and r8.
 * The frame pointer makes every slot an offset from bp. */
extern long g(long);
extern long h(long, long, long, long, long, long, long, long);
long manycalls(void)
{
	return h(g(1), g(2), g(3), g(4), g(5), g(6), g(7), g(8));
}
//!gcc manycalls: copy =p? @r12, %ax
//!gcc manycalls: copy =p? @bx, %ax
//!gcc manycalls: copy =p? @s0, %ax
//!gcc manycalls: copy =p? @s1, %ax
//!gcc manycalls: copy =p? @r15, %ax
//!gcc manycalls: copy =p?, %ax [deleted]
//!gcc manycalls: ord "*pushdi2_rex64" +%sp, p? mem @r12
//!gcc manycalls: copy =%r9, p? @s0
//!gcc manycalls: copy =%r8, p? @s1
//!verdict manycalls: verified
