// options: -O2
/* A pseudo replaced by its definition's computation in its one use
 * (docs/POSTRA.md "A definition computed in its use"): p88 = the
 * vec_duplicate of the low 4 bytes of &gi (uid 8) is copied into xmm0 for
 * the return; IRA substitutes uid 8's source into the copy and deletes
 * uid 8, so after reload the copy is `xmm0 = vec_duplicate (xmm0)`
 * (movq %rax, %xmm0; pshufd $0, %xmm0, %xmm0), as in pr99647.c f.  The
 * translation writes it as the recomputation of uid 8 into xmm0 followed
 * by the copy reading p88 there; the checker proves the recomputation's
 * operand (p86 moved from ax) unchanged since uid 8.  Without this:
 * "pseudo replaced by vec_duplicate". */
typedef int v4si __attribute__((vector_size(16)));
int gi;
v4si dup_addr(void)
{
	return (v4si){(int)(long)&gi, (int)(long)&gi, (int)(long)&gi,
		      (int)(long)&gi};
}
//! dup_addr: ord "*vec_dupv4si" =p?, p?[0,4] {xmm0-xmm15} ^0
//!gcc dup_addr: ord "*vec_dupv4si" =p?, p?[0,4] {xmm0-xmm15} ^0 [deleted]
//!gcc dup_addr: remat "*vec_dupv4si" =p? @xmm0, p?[0,4] {xmm0-xmm15} ^0 @xmm0 [of 8]
//!gcc dup_addr: copy =%xmm0, p? @xmm0
//!verdict dup_addr: verified
