// options: -O2
/* Unmodified GCC output the checker once reported as violations
 * (docs/POSTRA.md); each must now be verified. */

/* bitcopy: the DImode address &bc_i reinterpreted as a double.  IRA
 * deletes the cross-class copy (*movdf_internal of a DImode pseudo) and
 * substitutes the subreg into the compare; LRA emits the move ax ->
 * xmm0 again as that compare's reload: the same move, re-emitted. */
union bc_u { int *m; double d; };
int bc_i;
union bc_u bc_g;
int bitcopy(void)
{
	union bc_u v = { &bc_i };
	return bc_g.d == v.d;
}
//!verdict bitcopy: verified
