// options: -O2
/* GCC's allocation after reload at -O2 (see postra_o0.c); the locations
 * are those of `gcc -O2 -S`. */

/* sub: movl %edi, %eax; subl %esi, %eax.  The copies of the arguments
 * out of di and si are coalesced (deleted); LRA inserts the move into
 * ax for the two-address subtraction (a captured copy is not taken as
 * re-emitted: deleted, it relabels every holder of its source). */
int sub(int a, int b) { return a - b; }
//!gcc sub: copy =p?, %di [deleted]
//!gcc sub: copy =p?, %si [deleted]
//!gcc sub: move =@ax:4, @di:4
//!gcc sub: ord "*subsi_1" =p? mem @ax, p? ^0 @ax, p? memalt @si clobber {flags}
//!gcc sub: copy =%ax, p? [deleted]
//!verdict sub: verified

/* pool: mulsd .LC0(%rip), %xmm0 twice.  The constant 2.5 is loaded into
 * a pseudo once before IRA (a [remat] load from the constant pool); GCC
 * deletes that load and reads the constant pool at both uses, one of
 * them after the call.  Both sides name the pool entry by its value, the
 * bits of 2.5 (0x4004000000000000 = 4612811918334230528).  The checker
 * proves the pseudo equal to it from the deleted remat. */
extern double dg(double);
double pool(double x) { return dg(x * 2.5) * 2.5; }
//! pool: ord "*movdf_internal" =p?, $4612811918334230528 [remat]
//!gcc pool: ord "*movdf_internal" =p?, $4612811918334230528 [remat] [deleted]
//!gcc pool: ord "*fop_df_comm" =p? @xmm0, p? ^0 @xmm0, p? mem @$4612811918334230528 [comm 1]
//!verdict pool: verified

/* call_leaf: with IPA-RA, the call to leaf (which computes into eax
 * only) clobbers ax and flags; so x stays in di across the call:
 * call leaf; addl %edi, %eax. */
int __attribute__((noinline)) leaf(int x) { return 3 * x + 1; }
int call_leaf(int x) { return leaf(x) + x; }
//!gcc call_leaf: call "leaf" =%ax, $leaf, $0, %di clobber {ax,st0-st7,flags} [pure]
//!gcc call_leaf: ord "*addsi_1" =p? mem @ax, p? ^~0 @ax, p? memalt @di clobber {flags} [comm 1]
//!verdict call_leaf: verified

/* store_addr: leaq d(%rip), %rax; movq %rax, (%rdi).  The store of an
 * address constant is split by LRA into a load of the constant into ax
 * (keeping the store's UID) and a new store; together they are the
 * captured instruction, its address operand in di where the argument
 * arrived, then ax is loaded with the constant (its remat). */
extern long d;
void store_addr(long **a) { *a = &d; }
//!gcc store_addr: remat =@ax:8, @$d:8
//!gcc store_addr: ord "*movdi_internal" p? @di, $d
//!verdict store_addr: verified

/* sqmod: p = p * p % m in a loop.  The remainder leaves p in dx; LRA
 * copies it into ax for the two-address multiply and reads the second
 * factor from dx: movq %rdx, %rax; imulq %rdx, %rax.  One pseudo read at
 * two locations in one insn: each operand gets its own location and the
 * checker proves both hold p. */
unsigned long sqmod(unsigned long b, unsigned e, unsigned long m, int i)
{
	unsigned long p = b;
	for (; i >= 0; i--) {
		p = p * p % m;
		if ((1u << i) & e)
			p = p * b % m;
	}
	return p;
}
//!gcc sqmod: move =@ax:8, @dx:8
//!gcc sqmod: ord "*muldi3_1" =p? @ax, p? ^0 @ax, p? mem @dx clobber {flags}
//!verdict sqmod: verified

/* fill_end: memset returns its first argument, so after the call LRA
 * takes p back from ax (after reload: movq %rax, %rdi, then the add;
 * `gcc -S` shows leaq (%rax,%rbx), %rax) instead of keeping it in a
 * callee-saved register.  The call's usage (set (reg ax)
 * (reg di)) marks it [retarg]; the checker puts the pseudos di held at
 * the call into ax after it. */
extern void *memset(void *, int, unsigned long);
char *fill_end(char *p, unsigned long n)
{
	memset(p, 1, n);
	return p + n;
}
//!gcc fill_end: call "memset" =%ax, =%ax, $memset, $0, %di, %si, %dx clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags} [retarg]
//!gcc fill_end: move =@di:8, @ax:8
//!verdict fill_end: verified
