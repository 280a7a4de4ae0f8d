// options: -O2
/* Computed goto and asm goto (docs/CAPTURE.md "Jumps"): captured, GCC's
 * allocation verified, and ours allocated and verified (//!ours: the
 * test compiles with -fplugin-arg-ssara-verify=both). */

/* interp: a threaded interpreter.  The dispatch block ends in the
 * indirect jump (its operand a register or memory, "rm"), with an
 * abnormal edge to each label whose address is taken; GCC jumps through
 * ax: movq (%rcx,%rax,8), %rax; jmp *%rax. */
int interp(const unsigned char *code, int acc)
{
	static void *tab[] = { &&inc, &&dbl, &&dec, &&stop };
	int n = 0;
	goto *tab[*code++];
inc:
	acc++;
	n++;
	goto *tab[*code++];
dbl:
	acc *= 2;
	n += 3;
	goto *tab[*code++];
dec:
	acc--;
	goto *tab[*code++];
stop:
	return acc + n;
}
//! interp: branch "*indirect_jump" p? mem
//!gcc interp: branch "*indirect_jump" p? mem @ax
//!verdict interp: verified
//!ours interp: verified

/* loop2: label a is reached by falling in from the entry and by the
 * computed jump: x, y, p and n have phis at a with one abnormal
 * in-edge, where no copy can be placed.  GCC's jump reads dx: movq
 * (%r8,%rdx,8), %rdx; jmp *%rdx (the dispatch block is duplicated
 * after reload: the second copy folds the load into the jump). */
int loop2(const int *p, int n)
{
	static void *const t[] = { &&a, &&b };
	int x = 0, y = 1;
a:
	x += *p++;
	if (--n <= 0)
		return x + y;
	goto *t[*p & 1];
b:
	y += x;
	x = y * 3;
	if (--n <= 0)
		return x - y;
	goto *t[*p++ & 1];
}
//! loop2: branch "*indirect_jump" p? mem
//!gcc loop2: branch "*indirect_jump" p? mem @dx
//!verdict loop2: verified
//!ours loop2: verified

/* agoto: an asm goto with one input and no output: a jump with two
 * successors (the fall-through and label yes), the label an operand
 * ($.L27, the label of `jne .L27` in gcc -S); GCC reads x where it
 * arrived: testl %edi, %edi.  An asm without outputs is volatile: it may
 * write any memory ([wr *]). */
int agoto(int x)
{
	asm goto("testl %0, %0; jne %l1" : : "r"(x) : "cc" : yes);
	return 0;
yes:
	return x + 1;
}
//! agoto: branch "asm" p?, $.L27 clobber {flags} [wr *]
//!gcc agoto: branch "asm" p? @di, $.L27 clobber {flags}
//!verdict agoto: verified
//!ours agoto: verified

/* agoto_crit: an asm goto with an output in ax ("=a") whose value lives
 * on across calls on both successors: LRA cannot reload an output after
 * a jump, it puts the reload (movl %eax, %ebx) at the start of each
 * successor (lra.cc, lra_process_new_insns; the label's edge is not
 * critical: the out-of-SSA copy y = output split it already). */
extern int g(int);
int agoto_crit(int x, int k)
{
	int y = k;
	if (k > 5)
		goto lab;
	asm goto("movl %1, %0; addl $1, %0; jc %l2" : "=a"(y) : "r"(x) : "cc" : lab);
	y = g(y) * y;
lab:
	return g(y) + y;
}
//! agoto_crit: branch "asm" =p? {ax}, p?, $.L32 clobber {flags}
//!gcc agoto_crit: branch "asm" =p? {ax} @ax, p? @di, $.L32 clobber {flags}
//!gcc agoto_crit: move =@bx:4, @ax:4
//!verdict agoto_crit: verified
//!ours agoto_crit: verified
