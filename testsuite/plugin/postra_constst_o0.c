// options: -O0
/* At -O0, a store of a 64-bit constant that does not fit an immediate
 * (`l[0] = C`) is split by LRA into `movabsq $C, %rax` and a new store
 * of rax (docs/POSTRA.md "Stores split"); the next store of the same
 * constant (`l[2] = C`) LRA deletes and emits again as a new store of
 * rax, which still holds C (inheritance).  The new store is the deleted
 * captured one re-emitted, its constant read at rax (the split's load
 * leaves t.const_src), at the same stack address.  Before: "uid N
 * (*movdi_internal) deleted: its effect is not modelled", GCC's
 * allocation of 351 of 31,591 functions of csmith programs 1-300 at
 * -O0 unverified for that reason. */
long cs_a[4];

void cs_f(void)
{
	long l[4] = {2879835641893340300L, 0, 2879835641893340300L, 0};
	for (int i = 0; i < 4; i++)
		cs_a[i] = l[i];
}
//! cs_f: ord "*movdi_internal" %frame, $2879835641893340300 [wr %frame-32:8]
//!gcc cs_f: remat =@ax:8, @$2879835641893340300:8
//!verdict cs_f: verified
//!ours cs_f: verified
