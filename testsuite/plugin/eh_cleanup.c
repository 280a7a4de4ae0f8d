// options: -O2 -fexceptions
/* C with -fexceptions and a cleanup attribute: the cleanup runs on the
 * EH edge of the throwing call g (a landing pad that calls done, then
 * _Unwind_Resume with the exception pointer from ax), and x lives
 * across the call into it (docs/VERIFY.md "Exception edges"). */
void g(int);
void done(int *);
int cl(int x, int y)
{
	int v __attribute__((cleanup(done))) = y;
	g(x);
	return x + v;
}
//! cl: call "_Unwind_Resume" $_Unwind_Resume, $0, %di clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
//!verdict cl: verified
//!ours cl: verified
