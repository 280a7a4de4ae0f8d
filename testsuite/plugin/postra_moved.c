// options: -O2
/* Loads moved later (docs/POSTRA.md "Moved loads", docs/VERIFY.md
 * "Moved instructions"): IRA moves the load of a pseudo that has a
 * memory equivalence to its only use, past other captured insns (a new
 * UID); the translation runs the captured load there, and the checker
 * accepts the order because the load commutes with every original
 * instruction it passed (none writes memory, none touches its values).
 * Without this, both functions below are "unverified: reload from a
 * memory equivalence". */

/* set_abs (compile/HIset.c's adrx0adr1_set): the load from the absolute
 * address 11111110 (uid 7, no [ld]: the address is no symbol) moves
 * past the sign extension of x (uid 8):
 * movzwl 11111110, %eax; movslq %edi, %rdi; movw %ax, 10000000(%rdi,%rdi). */
void set_abs(int x) { ((short *)10000000)[x] = *(short *)11111110; }
//! set_abs: ord "*movhi_internal" =p?
//! set_abs: ord "*extendsidi2_rex64" =p?, p? mem
//!gcc set_abs: ord "*extendsidi2_rex64" =p? @di, p? mem @di
//!gcc set_abs: ord "*movhi_internal" =p? @ax
//!verdict set_abs: verified

/* tempf (compile/simd-3.c): the load of x's vector (uid 7, through p85
 * in di) moves past the load of y's (uid 8) to the addition:
 * movapd (%rsi), %xmm0; movapd (%rdi), %xmm1; addpd %xmm1, %xmm0. */
typedef double floatvect2 __attribute__((vector_size(16)));
typedef union {
	floatvect2 vector;
	double f[2];
} resfloatvect2;
void tempf(double *x, double *y)
{
	floatvect2 temp = {x[0], x[1]};
	floatvect2 temp1 = {y[0], y[1]};
	resfloatvect2 temp2;
	temp2.vector = temp + temp1;
	x[0] = temp2.f[0];
	x[1] = temp2.f[1];
}
//!gcc tempf: ord "movv2df_internal" =p? @xmm0, p? @si
//!gcc tempf: ord "movv2df_internal" =p? @xmm1, p? @di
//!verdict tempf: verified

/* vol: a volatile read through a pointer is listed as [rd *] (its order
 * matters: the checker never moves it). */
int vol(volatile int *p, int a) { return *p + a * 3; }
//! vol: ord "*movsi_internal" =p?, p? [rd *]
