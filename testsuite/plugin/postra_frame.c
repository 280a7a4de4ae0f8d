// options: -O2
/* Frame addresses after elimination (docs/POSTRA.md, "Frame
 * addresses").  The variable-length array gives f a frame pointer, and
 * the soft frame pointer is eliminated to bp with an offset: before IRA
 * the store is `[frame + i - 64] = 0`, after reload `[bp + si - 80]`
 * (frame = bp - 16).  The sum is decided by its value as a whole: the
 * frame pointer term alone is not bp (argp-32 against argp-16), only
 * with the constants does the address agree.  Matched term by term, the
 * soft pointer was once taken as a copy in si and the store reported as
 * frame memory moved (a false violation, found in libiberty
 * cp-demangle.c cplus_demangle_print_callback at -O2). */
extern int g(char *);

int f(int n, long i)
{
	char vla[n];
	char buf[64];
	buf[i] = 0;
	return g(buf) + g(vla);
}
//!verdict f: verified
