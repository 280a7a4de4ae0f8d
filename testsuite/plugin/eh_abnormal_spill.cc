// options: -Os
/* Spill code on an abnormal critical edge (g++.dg/eh registers1.C foo at
 * -Os, reduced): the sixteen values loaded before the recursive call are
 * live into the handler across it, more than the callee-saved registers;
 * the call's EH edge to the landing pad is critical (the call's block
 * falls through too, the pad is also reached from the throw), so the
 * spills the pad needs cannot go on it.  ssara puts them before the
 * call, where the values are in their registers (docs/ALLOC.md
 * "Abnormal edges (computed goto)"); it once refused the function
 * ("spill code needed on an abnormal critical edge"). */
int src[64];
int dst[16];
void foo(int level, int throw_to)
{
	int *p = &src[level * 16];
	int i0 = p[0] + 1;
	int i1 = p[1] + 1;
	int i2 = p[2] + 1;
	int i3 = p[3] + 1;
	int i4 = p[4] + 1;
	int i5 = p[5] + 1;
	int i6 = p[6] + 1;
	int i7 = p[7] + 1;
	int i8 = p[8] + 1;
	int i9 = p[9] + 1;
	int i10 = p[10] + 1;
	int i11 = p[11] + 1;
	int i12 = p[12] + 1;
	int i13 = p[13] + 1;
	int i14 = p[14] + 1;
	int i15 = p[15] + 1;
	try {
		if (level == 0)
			throw throw_to;
		foo(level - 1, throw_to);
	} catch (int n) {
		if (n != level)
			throw;
		dst[0] = i0 + 1;
		dst[1] = i1 + 1;
		dst[2] = i2 + 1;
		dst[3] = i3 + 1;
		dst[4] = i4 + 1;
		dst[5] = i5 + 1;
		dst[6] = i6 + 1;
		dst[7] = i7 + 1;
		dst[8] = i8 + 1;
		dst[9] = i9 + 1;
		dst[10] = i10 + 1;
		dst[11] = i11 + 1;
		dst[12] = i12 + 1;
		dst[13] = i13 + 1;
		dst[14] = i14 + 1;
		dst[15] = i15 + 1;
	}
}
//!verdict _Z3fooii: verified
//!ours _Z3fooii: verified
