// options: -O2
/* A sign extension of a pseudo with a constant equivalence that IRA
 * folded (docs/POSTRA.md, the folded extension): depth is used
 * uninitialised, GCC's init-regs pass sets its pseudo to 0 before the
 * capture ([remat] $0), and the capture's `(set p90 (sign_extend:DI
 * p86))` is `(set (reg:DI ax) (const_int 0))` after IRA substituted the
 * equivalence.  The translation locates p86 at $0, the SImode constant
 * whose sign extension is 0, and the checker proves p86 holds it.  Without
 * this, "insn changed shape (set)" (941014-3.c at -O1..-Os,
 * 920625-1.c `va1` at -O3).  The IR pair testsuite/ir/verify/gcc/
 * foldext.* is next (ok: verified; p86 read from di: a violation; at $1:
 * unverified). */
struct font { int kind; };
struct stack { struct font *items[6]; };
int next(struct stack *st)
{
	int depth;
	struct font *f;
	int mode;
	for (; f->kind == 0;) {
		switch (mode) {
		again:
			continue;
		case 8:
			goto again;
		}
		break;
	}
	while (depth > 0) {
		switch (mode) {
		default:
			continue;
		case 3:
			depth--;
		}
		break;
	}
	while ((f = st->items[depth])->kind == 0)
		;
}
//!verdict next: verified
