// options: -O2
/* Blocks and edges that GCC's register allocation passes add, remove or
 * merge at -O2 (docs/POSTRA.md, "Blocks"); the allocation is verified
 * on the capture's CFG. */

/* skip_zeros: the entry block holds only the copies of the argument
 * (di into a pseudo, that pseudo into the pointer), which IRA coalesces:
 * both deleted, and GCC drops the emptied block, so that after reload
 * the function starts with the loop (addq $8, %rdi; movq -8(%rdi),
 * %rax...).  The removed block is the edge from the entry into the loop,
 * its deleted copies applied there. */
long skip_zeros(const long *p)
{
	long v;
	do
		v = *p++;
	while (!v);
	return v;
}
//!gcc skip_zeros: copy =p?, %di [deleted]
//!gcc skip_zeros: copy =p?, p? [deleted]
//!gcc skip_zeros: ord "*adddi_1" =p? mem @di, p? ^~0 @di, $8 clobber {flags}
//!verdict skip_zeros: verified

/* pick: a switch turned into a table lookup with the default calling
 * abort.  After reload GCC merges the return block into the lookup
 * block (its jump deleted) and places the abort call before it, so
 * the fall-through edge from the bounds check into the lookup becomes
 * a new block holding only a jump.  The merged block's insns go to
 * their own capture blocks, the deleted jump stays as that block's only
 * edge, and the new block is the edge it stands on. */
int pick(unsigned k)
{
	switch (k) {
	case 0: return 11;
	case 1: return 7;
	case 2: return 5;
	case 3: return 3;
	case 4: return 2;
	default: __builtin_abort();
	}
}
//!gcc pick: branch "jump"
//!gcc pick: copy =%ax, p? [deleted]
//!gcc pick: ret %ax
//!verdict pick: verified
