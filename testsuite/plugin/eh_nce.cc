// options: -O2 -fnon-call-exceptions
/* EH edges from a call that preserves registers (IPA-RA: load is
 * compiled first and clobbers only ax) and from a trapping insn
 * (-fnon-call-exceptions).  On the EH edge every call-clobbered register
 * is lost whatever the call's clobber set (the unwinder restores only
 * the callee-saved ones), so b and c, live into the handler, need
 * callee-saved registers or memory: GCC puts them in bx and bp (IRA's
 * rule for a call that can throw internally).  ssara's allocator kept
 * them in si and dx, which the call keeps but the EH edge does not (a
 * real violation, "p86 at bx holds {} ..." after its edge code); it now
 * treats the throwing instruction as clobbering them all. */
__attribute__((noinline)) static int load(int *p) { return *p; }
int f(int *p, int b, int c)
{
	int r;
	try {
		r = load(p);
	} catch (...) {
		return b * c;
	}
	return r + b;
}
//! _Z1fPiii: call "_ZL4loadPi" =%ax, $_ZL4loadPi, $0, %di clobber {ax,st0-st7,flags} [pure]
//!verdict _Z1fPiii: verified
//!ours _Z1fPiii: verified

/* The load itself throws (a trapping insn ends its block). */
int g2(int *p, int b, int c)
{
	int r;
	try {
		r = *p;
	} catch (...) {
		return b * c;
	}
	return r + b;
}
//!verdict _Z2g2Piii: verified
//!ours _Z2g2Piii: verified
