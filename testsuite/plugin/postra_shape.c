// options: -O2
/* Insns whose shape LRA changes (docs/POSTRA.md, "New insns", deleted
 * captured insns emitted again); the locations are those of
 * `gcc -O2 -S`. */

struct S { long a, b; };

/* cp: movdqu (%rsi), %xmm0; movups %xmm0, (%rdi).  The copied value p84
 * is equivalent to *d (IRA leaves it in memory): LRA loads *s into xmm0
 * at uid 7 and deletes the store (uid 8), emitting it again as a new
 * insn right after; that insn is uid 8 re-emitted, its operands in di
 * and xmm0. */
void cp(struct S *d, struct S *s) { *d = *s; }
//! cp: ord "movv1ti_internal" =p?, p?
//!gcc cp: ord "movv1ti_internal" =p? @xmm0, p? @si
//!gcc cp: ord "movv1ti_internal" p? @di, p? @xmm0
//!verdict cp: verified

/* cpg: movdqa g(%rip), %xmm0; movups %xmm0, (%rdi).  The loaded value
 * p83 is equivalent to g: LRA deletes the load (uid 6) and rewrites the
 * store uid 7 into that load, then stores xmm0 to *d in a new insn: the
 * insn with uid 7 is uid 6 executed there, the new store uid 7. */
struct S g;
void cpg(struct S *d) { *d = g; }
//!gcc cpg: ord "movv1ti_internal" =p? @xmm0
//!gcc cpg: ord "movv1ti_internal" p? @di, p? @xmm0
//!verdict cpg: verified

/* arr: movslq %edi, %rdi; movl %esi, (%rsp,%rdi,4).  The captured
 * address (plus (plus (mult p84 4) frame) -64) becomes (plus (mult di 4)
 * sp) by elimination, which folds the constant (frame - 64 is sp here):
 * the terms other than the pointer match one to one and the two sums
 * agree, so uid 8 keeps its shape with p84 in di. */
extern void use(int *);
void arr(int c, int b) { int a[16]; a[c] = b; use(a); }
//! arr: ord "*movsi_internal" p?, %frame, p?
//!gcc arr: ord "*movsi_internal" p? @di, %frame, p? @si
//!verdict arr: verified

/* get: the same for a load, after the call: movl (%rsp,%rbx,4), %eax. */
int get(int c) { int a[16]; use(a); return a[c]; }
//!gcc get: ord "*movsi_internal" =p? @ax, p? @bx, %frame
//!verdict get: verified
