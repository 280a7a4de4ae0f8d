// options: -O2
/* long double (XFmode) values in class x87 (CAPTURE.md "x87"): GCC's
 * allocation before reg-stack names st0..st7 as flat registers; the
 * locations below are those of gcc -O2 -fdump-rtl-reload. */

/* add: a and b are loaded from their stack arguments (argp, argp+16)
 * into st0 and st1; faddp leaves the sum in st0, the return register. */
long double add(long double a, long double b) { return a + b; }
//! add: ord "*movxf_internal" =p?, %argp [ld %argp:16]
//! add: ord "*movxf_internal" =p?, %argp [ld %argp+16:16]
//! add: ord "*fop_xf_comm_i387" =p?, p? ^0, p? [comm 1]
//! add: copy =%st0, p?
//!gcc add: ord "*movxf_internal" =p? @st0, %argp
//!gcc add: ord "*movxf_internal" =p? @st1, %argp
//!gcc add: ord "*fop_xf_comm_i387" =p? @st0, p? ^0 @st0, p? @st1 [comm 1]
//!verdict add: verified

/* cmp: an x87 compare (fcomi) of two values in st1 and st0 sets the
 * flags that setcc reads. */
int cmp(long double a, long double b) { return a < b; }
//! cmp: ord "*cmpixf_i387" =%flags, p?, p?
//!gcc cmp: ord "*cmpixf_i387" =%flags, p? @st1, p? @st0
//!verdict cmp: verified

/* mix: a double (xmm0) and a float (xmm1) extended on the fly by the
 * x87 insns (fmull/fadds from memory): GCC stores them to stack slots
 * and the x87 operand reads the slot. */
long double mix(double d, float f, long double x) { return x * d + f; }
//! mix: ord "*fop_xf_4_i387" =p?, p? {st0-st7} ^0, p?
//!gcc mix: copy =p? @s0, %xmm0
//!gcc mix: ord "*fop_xf_4_i387" =p? @st0, p? {st0-st7} ^0 @s0, p? @st0
//!verdict mix: verified

/* callit: the call returns in st0 and clobbers st0-st7; x is reloaded
 * after it from its argument (argp), which nothing wrote. */
extern long double g(long double);
long double callit(long double x) { return g(x) + x; }
//! callit: call "g" =%st0, $g, $16 clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
//!gcc callit: remat =@st1:16, @[%argp]:16
//!verdict callit: verified

/* keep: LRA stores x (st0) back to its argument slot (its REG_EQUIV
 * memory) before the call; the translation does not model that store
 * (an opaque insn), so the reload of x from argp after the call is not
 * proven: unverified with the reason, never verified. */
extern void h(void);
long double keep(long double x) { long double y = x * x; h(); return y + x; }
//!gcc keep: spill =@s0:16, @st1:16
//!gcc keep: reload =@st1:16, @s0:16
//!verdict keep: unverified: uid 8 operand 1: p84 at st0 loaded from memory, not proven equal
