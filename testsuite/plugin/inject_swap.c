/* swap-moves: the 128-bit product of f comes out of mul in dx:ax; LRA
 * moves it to another register pair and then copies its low half back
 * into ax for the comparison: two consecutive new moves, the second
 * reading what the first writes.  Swapped, the second reads the old
 * content of the pair's first register.  Only f is looked at. */
// options: -O2
// inject-options: -fplugin-arg-ssara-only=f
// inject: swap-moves:1 f
//! f: call "abort" $abort, $0 clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
extern void abort(void);

__attribute__((noinline, noipa)) void f(unsigned __int128 x,
					unsigned __int128 y)
{
	unsigned __int128 p;
	x &= 0xffffffffffffffffULL;
	y &= 0xffffffffffffffffULL;
	p = x * y;
	if (p != 6)
		abort();
}

int main(void)
{
	f(2, 3);
	return 0;
}
