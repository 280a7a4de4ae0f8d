// options: -O0
/* Complex long double (XCmode, 32 bytes) pseudos (CAPTURE.md "Pseudos"):
 * class x87, two consecutive x87 registers, as GCC holds
 * them (hard_regno_mode_ok of st0..st6 with XCmode).  The parts are the
 * subregs at offsets 0 (real) and 16 (imag); the checker keeps part 1
 * as a fact of its own in the second register (docs/VERIFY.md "Words of
 * a wide value", x87 parts).  Without this, every function with one is
 * unsupported ("complex float pseudo"). */

_Complex long double xf(int x);

/* xsum: the result of xf (st0, st1) is built in p (GCC: st2:st3, the
 * clobber and two partial definitions), both parts are stored to the
 * frame and reloaded, then added: at -O0 GCC's
 * fstpt -32(%rbp); fstpt -16(%rbp); fldt ...; faddp. */
long double xsum(void)
{
	_Complex long double z = xf(1);
	return __real__ z + __imag__ z;
}
//! xsum: pseudo p? x87 32
//! xsum: ord "clobber" =p?
//! xsum: ord "*movxf_internal" +p?[0,16], %st0
//! xsum: ord "*movxf_internal" +p?[16,16], %st1
//!gcc xsum: ord "clobber" =p? @st2
//!gcc xsum: ord "*movxf_internal" +p?[0,16] @st2, %st0
//!gcc xsum: ord "*movxf_internal" +p?[16,16] @st2, %st1
//!gcc xsum: ord "*movxf_internal" %frame, p?[16,16] @st2
//!verdict xsum: verified
//!ours xsum: verified

/* ximag: only the imag part is read, from the pair's second register
 * (GCC: p in st2:st3, the read p[16,16] names st3). */
long double ximag(void) { return __imag__ xf(5); }
//!gcc ximag: ord "*movxf_internal" =p? @st0, p?[16,16] mem @st2
//!verdict ximag: verified
//!ours ximag: verified

/* xmul: __mulxc3's result (st0, st1) in a pair, each part copied out
 * and returned in st0, st1. */
_Complex long double xmul(_Complex long double a, _Complex long double b)
{
	return a * b;
}
//! xmul: call "__mulxc3" =%st0, =%st1, $__mulxc3, $64 clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags} [pure]
//!gcc xmul: ord "*movxf_internal" =p? @st1, p?[0,16] mem @st2
//!gcc xmul: ord "*movxf_internal" =p? @st0, p?[16,16] mem @st2
//!verdict xmul: verified
//!ours xmul: verified
