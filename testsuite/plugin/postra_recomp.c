// options: -O2
/* GCC's allocation with LRA recomputing a captured insn where its value
 * is needed (docs/POSTRA.md "Recomputed values"): the translation emits
 * `remat ... [of UID]`, and the checker proves that the operands the
 * recomputation reads still hold what the captured insn read
 * (docs/VERIFY.md "Recomputation").  Without this, both functions
 * are "unverified: pseudo rematerialized from a computation". */

double gd;
float gf;

/* The address of gd as an int, converted to double (the shape of
 * DFcmp.c's limm0indreg1 in GCC's torture suite): the conversion has a
 * REG_EQUIV note, LRA deletes it and emits it again after the load of
 * *p, into xmm0, from ax, which still holds the address:
 * movl $gd, %eax; movsd (%rdi), %xmm1; cvtsi2sdl %eax, %xmm0. */
int cmp_addr(double *p) { return ((double)((int)&gd)) <= *p; }
//!gcc cmp_addr: ord "*floatsidf2" =p?, p?[0,4] [deleted]
//!gcc cmp_addr: remat "*floatsidf2" =p? @xmm0, p?[0,4] @ax [of 8]
//!verdict cmp_addr: verified

/* The same with a 64-bit conversion to float (cvtsi2ssq %rax, %xmm0). */
int cmp_addr_f(float *p) { return ((float)((long)&gf)) < *p; }
//!gcc cmp_addr_f: remat "*floatdisf2" =p? @xmm0, p? memalt @ax [of 7]
//!verdict cmp_addr_f: verified
