// options: -O2
/* A memory operand that LRA loads through its own address register
 * (docs/POSTRA.md, merged_load).  From gcc.c-torture/execute/pr36339.c.
 *
 * check_a: hp = p85 = tagged_ptr - 1 is in ax; uid 13 (*negdi_ccc_2)
 * reads the memory at p85+8.  LRA inserts `movq 8(%rax), %rax` right
 * before it and rewrites uid 13 to read ax.  The translation runs uid 13
 * at the load's place, its address p85 at ax and ax clobbered; the
 * checker proves p85 in ax there.  (Without this: "reload from a
 * memory equivalence".) */
typedef unsigned long my_uintptr_t;
int check_a(my_uintptr_t tagged_ptr)
{
	my_uintptr_t *hp = (my_uintptr_t *)(void *)((char *)tagged_ptr - 1);

	if (hp[0] == 42 && hp[1] == 0)
		return 0;
	return -1;
}
//!gcc check_a: ord "*negdi_ccc_2" =p? @ax, =%flags, p? @ax clobber {ax}
//!verdict check_a: verified
