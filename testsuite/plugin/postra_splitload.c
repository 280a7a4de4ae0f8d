// options: -O2
/* Two split stores in a row whose values are their pseudos' memory
 * equivalences (docs/POSTRA.md "Split stores of read-only memory"): the
 * seventh and eighth arguments g and k arrive on the stack and get no
 * register; LRA rewrites r->g = g into `movq 80(%rsp), %rbx` and a new
 * `movq %rbx, 48(%rdx)`, then r->k = k the same way (88(%rsp), %rcx,
 * 56(%rdx)).  The first insn of each only loads the argument: it is
 * translated as `remat =@bx:8, @[%argp]:8`, which writes no memory, not
 * as an opaque (which may write any memory).  So [%argp+8], where k is located at
 * the second store, still holds k there: proved.  (Before: "p94
 * replaced by [%argp+8], not proven equal"; g++.dg/torture pr37922.C
 * `rot_mx_info` at -O2, a vector copied through %xmm6.) */
struct h { long a, b, c, d, e, f; void *g, *k; void *t; };
extern void *alloc(long);
struct h *make(long a, long b, long c, long d, long e, long f,
	       void *g, void *k)
{
	struct h *r = alloc(a);
	if (!r)
		return 0;
	void *t = alloc(b);
	if (!t) {
		alloc((long)g + (long)k);
		return 0;
	}
	r->a = a; r->b = b; r->c = c; r->d = d; r->e = e; r->f = f;
	r->g = g;
	r->k = k;
	r->t = t;
	return r;
}
//! make: ord "*movdi_internal" =p?, %argp [ld %argp+8:8]
//!gcc make: remat =@bx:8, @[%argp]:8
//!gcc make: ord "*movdi_internal" p? @dx, p? @[%argp+8]
//!gcc make: remat =@cx:8, @[%argp+8]:8
//!verdict make: verified
