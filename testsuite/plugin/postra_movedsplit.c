// options: -Os
/* A store whose pseudo LRA reloads from its memory equivalence in the
 * store's own insn, past a surviving insn (docs/POSTRA.md, "Moved split
 * stores"): before IRA, uid 26 loads head[h] into p101 and, after the
 * `and` computing str & mask, uid 29 stores p101 into prev[...].  p101
 * gets no register: LRA deletes the load and turns the store's insn
 * into the load `movw (%rsi), %r14w`, followed by a new store of r14.
 * The deleted load runs at the first (moved past the `and`, which the
 * checker accepts since neither touches memory or the other's values)
 * and the store at the new insn.  Without this, "insn changed shape
 * (set)" (zlib's deflateSetDictionary, deflate_fast and fill_window at
 * -O2, -O3, -Os).  The IR pair testsuite/ir/verify/gcc/mvsplit.* is fill
 * (ok: verified; the store reading another register, or both moved
 * past the store into head[h]: violations). */
struct st { unsigned short *head, *prev; unsigned mask, hmask, shift, h; };
void fill(struct st *s, const unsigned char *p, unsigned str, unsigned n)
{
	unsigned h = s->h;
	do {
		h = ((h << s->shift) ^ p[str + 2]) & s->hmask;
		s->prev[str & s->mask] = s->head[h];
		s->head[h] = (unsigned short)str;
		str++;
	} while (--n);
	s->h = h;
}
//!verdict fill: verified
