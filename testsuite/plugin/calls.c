// options: -O2
/* Calls (see constraints.c for the expectation format). */

/* A call to a function defined elsewhere clobbers the whole SysV
 * call-clobbered set: ax dx cx si di r8-r11, every xmm register, flags.
 * The argument is a use of di, the result a definition of ax. */
extern int ext(int);
int call_ext(int x) { return ext(x) + x; }
//! call_ext: copy =%di, p?
//! call_ext: call "ext" =%ax, $ext, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}

/* With IPA-RA (on at -O2), a call to a function already compiled in this
 * file clobbers only what that function clobbers: leaf computes
 * 3 * x + 1 with one lea into eax, so the call clobbers ax, plus flags,
 * which IPA-RA always counts as used because i386.h makes it a fixed
 * register. */
int __attribute__((noinline)) leaf(int x) { return 3 * x + 1; }
int call_leaf(int x) { return leaf(x) + x; }
//! call_leaf: call "leaf" =%ax, $leaf, $0, %di clobber {ax,st0-st7,flags} [pure]

/* Both kinds in one function: each call gets its own callee's clobbers.
 * The IPA-RA call's ABI has the default ABI's id, so a clobber set kept
 * per ABI id would give the second call the first one's set. */
int call_both(int x) { return leaf(x) + ext(x + 2); }
//! call_both: call "leaf" =%ax, $leaf, $0, %di clobber {ax,st0-st7,flags} [pure]
//! call_both: call "ext" =%ax, $ext, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
