// options: -O2
/* A split store whose value is the stored pseudo's memory equivalence
 * (docs/POSTRA.md, "Split stores").  The seventh argument g arrives on
 * the stack; the capture loads it into a pseudo ([ld %argp:8]) that,
 * with six values live across the calls, gets no register: LRA deletes
 * the load and rewrites the store r->g = g into `movq 80(%rsp), %rbx`,
 * followed by a new `movq %rbx, 48(%rdx)`.  The captured store runs
 * there with g's pseudo at the argument's stack slot, which the checker
 * proves holds it (the deleted load; nothing writes argument memory).
 * Without this, "insn changed shape (set)" (libiberty's
 * htab_create_alloc_ex at -O1..-Os).  The IR pair
 * testsuite/ir/verify/gcc/msplit.* is this function (ok: verified; the
 * store reading the wrong register: a violation; the wrong stack word:
 * unverified). */
struct h { long a, b, c, d, e, f; void (*g)(void *); void *t; };
extern void *alloc(long);
struct h *make(long a, long b, long c, long d, long e, long f,
	       void (*g)(void *))
{
	struct h *r = alloc(a);
	if (!r)
		return 0;
	void *t = alloc(b);
	if (!t) {
		if (g)
			g(r);
		return 0;
	}
	r->a = a; r->b = b; r->c = c; r->d = d; r->e = e; r->f = f;
	r->g = g;
	r->t = t;
	return r;
}
//!verdict make: verified
