// options: -O2 -fno-ipa-ra
/* Without IPA-RA the same call clobbers the whole SysV set. */
int __attribute__((noinline)) leaf(int x) { return 3 * x + 1; }
int call_leaf(int x) { return leaf(x) + x; }
//! call_leaf: call "leaf" =%ax, $leaf, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags} [pure]
