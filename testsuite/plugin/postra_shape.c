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
 * agree, so uid 8 keeps its shape with p84 in di.  (The capture lists
 * the indexed store as [wr *]: docs/CAPTURE.md, "Memory effects".) */
extern void use(int *);
void arr(int c, int b) { int a[16]; a[c] = b; use(a); }
//! arr: ord "*movsi_internal" p?, %frame, p? [wr *]
//!gcc arr: ord "*movsi_internal" p? @di, %frame, p? @si
//!verdict arr: verified

/* get: the same for a load, after the call: movl (%rsp,%rbx,4), %eax. */
int get(int c) { int a[16]; use(a); return a[c]; }
//!gcc get: ord "*movsi_internal" =p? @ax, p? @bx, %frame
//!verdict get: verified

/* shr: movl %edi, %eax; movl $-13, %ecx; shrl %cl, %eax.  No shift
 * pattern takes -13 as an immediate: LRA loads it into cx in a new insn
 * and uid 7 reads cx where its captured pattern has (const_int -13).
 * Accepted: the new insn loaded that constant into cx in the mode uid 7
 * reads, and nothing wrote cx in between. */
#pragma GCC diagnostic ignored "-Wshift-count-negative"
unsigned shr(unsigned x) { return x >> -13; }
//! shr: ord "*lshrsi3_1" =p? mem, p? ^0, $-13 clobber {flags}
//!gcc shr: remat =@cx:1, @$-13:1
//!gcc shr: ord "*lshrsi3_1" =p? mem @ax, p? ^0 @ax, $-13 clobber {flags}
//!verdict shr: verified

/* dstore: movq .LC0(%rip), %rax; movq %rax, (%rdi).  The captured store
 * of the constant 6.0 reads ax, which a new insn loaded from the
 * constant pool: accepted as the constant the pool entry holds.  The
 * pool load itself is named by that value (capture_pool_value). */
void dstore(double *x) { *x = 6.0; }
//!gcc dstore: remat =@ax:8, @$4618441417868443648:8
//!gcc dstore: ord "*movdf_internal" p? @di, $4618441417868443648
//!verdict dstore: verified

/* scale: movsd .LC2(%rip), %xmm1; unpcklpd %xmm1, %xmm1; mulpd ...  The
 * captured (vec_duplicate (mem .LC2)) reads xmm1, loaded from that
 * read-only memory by a new insn: the saved MEM matches the load's. */
typedef double v2df __attribute__((vector_size(16)));
v2df scale(v2df a) { return a * (v2df){3.5, 3.5}; }
//!gcc scale: ord "vec_dupv2df" =p? @xmm1
//!gcc scale: ord "*mulv2df3" =p? @xmm0, p? ^0 @xmm0, p? mem @xmm1 [comm 1]
//!verdict scale: verified

/* asmmem: an asm with a "memory" clobber, (clobber (mem:BLK (scratch))),
 * whose scratch is no operand: the same after reload, so the asm keeps
 * its shape (before: "scratch left without a register"). */
int asmmem(int x)
{
	__asm__ volatile("" : "+r"(x) : : "memory");
	return x + 1;
}
//! asmmem: ord "asm" =p?, p? ^0 clobber {flags} [wr *]
//!gcc asmmem: ord "asm" =p? @di, p? ^0 @di clobber {flags}
//!verdict asmmem: verified

/* push7: leaq t(%rip), %rax; pushq %rax.  The captured push of the
 * address constant t reads ax after reload, which a new insn loaded
 * with that constant (before: "output reloaded through another
 * register"). */
extern int t;
extern void g7(int, int, int, int, int, int, int *);
void push7(void) { g7(1, 2, 3, 4, 5, 6, &t); }
//!gcc push7: remat =@ax:8, @$t:8
//!gcc push7: ord "*pushdi2_rex64" +%sp, $t
//!verdict push7: verified

/* lowaddr: leal 8(%rsp), %eax.  The captured (plus:SI (subreg:SI frame
 * 0) -8) becomes (plus:SI (reg:SI sp) 8): the low part of the frame
 * pointer counts as the soft pointer of the SImode sum, the sums agree. */
extern void usel(long *);
int lowaddr(long d)
{
	long u[2];
	u[0] = d;
	usel(u);
	return (int)(long)&u[1];
}
//!gcc lowaddr: ord "*addsi_1" =p? mem @ax, %frame ^0, $-8 clobber {flags}
//!verdict lowaddr: verified

/* setlow: movw %di, %r14w.  The captured destination (strict_low_part
 * (subreg:HI (reg:SI r14) 0)) is (strict_low_part (reg:HI r14)) after
 * reload: the register the subreg of a hard register names. */
register unsigned int hreg __asm__("r14");
void setlow(unsigned short v) { hreg = (hreg & 0xffff0000) | v; }
//!gcc setlow: ord "*movstricthi_1" +%r14, p?[0,2] mem @di
//!verdict setlow: verified
