// options: -O2
/* Exceptions at -O2 (docs/VERIFY.md "Exception edges", docs/ALLOC.md
 * "Exception edges").  A throwing call's EH edge goes to a landing pad
 * that finds the exception pointer and selector in ax and dx (the
 * unwinder's EH_RETURN_DATA_REGNO) and every call-clobbered register
 * lost: GCC's allocations here are right (linked with a driver whose g
 * and h throw, tc, dtor, newdel, virt and tsum return the right values
 * on both paths and let the right exceptions through), and without the
 * EH edge in the model the landing pad's reads of ax and dx were false
 * violations ("p92 at ax holds {} instead (clobbered by call uid 8)"). */
void g(int);
int h(int);

/* catch: the landing pad copies ax and dx into pseudos. */
int tc(int x)
{
	try {
		g(x);
	} catch (int e) {
		return e;
	}
	return 0;
}
//! _Z2tci: copy =p?, %ax
//! _Z2tci: copy =p?, %dx
//!verdict _Z2tci: verified
//!ours _Z2tci: verified

/* A destructor run on the EH path (a cleanup landing pad ending in
 * _Unwind_Resume), with a value live across the call into it. */
struct D {
	int v;
	~D() { g(v); }
};
int dtor(int x, int y)
{
	D d{y};
	g(x);
	return x + y;
}
//!verdict _Z4dtorii: verified
//!ours _Z4dtorii: verified

/* new/delete: operator delete on the EH path of the constructor
 * (kept: the object escapes). */
struct N {
	int a;
	N(int x) : a(h(x)) {}
};
N *keep;
int newdel(int x, int y)
{
	N *n = new N(x);
	keep = n;
	return n->a + y;
}
//! _Z6newdelii: call "_ZdlPvm" $_ZdlPvm, $0, %di, %si clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}
//!verdict _Z6newdelii: verified
//!ours _Z6newdelii: verified

/* A virtual call that throws, a value live into the handler. */
struct B {
	virtual int f(int) = 0;
	virtual ~B() {}
};
int virt(B *b, int x, int y)
{
	try {
		return b->f(x);
	} catch (...) {
		return y;
	}
}
//!verdict _Z4virtP1Bii: verified
//!ours _Z4virtP1Bii: verified

/* A virtual function of a second base, which GCC reaches through a
 * this-adjusting thunk (_ZThn8_N1C1kEi: emitted as assembly by the
 * target, never RTL, so not captured). */
struct B2 {
	virtual int k(int) = 0;
};
struct C : B, B2 {
	int f(int x) override { return h(x); }
	__attribute__((noinline)) int k(int x) override
	{
		try {
			return h(x);
		} catch (...) {
			return x;
		}
	}
};
C *mk() { return new C; } /* emits C's vtable, k and its thunk */
//!verdict _ZN1C1kEi: verified
//!ours _ZN1C1kEi: verified

/* A template instance with a handler and a value live into it. */
template <class T> __attribute__((noinline)) T tsum(T a, T b)
{
	try {
		g((int)a);
	} catch (...) {
		return b;
	}
	return a + b;
}
long tl(long a, long b) { return tsum(a, b); }
//!verdict _Z4tsumIlET_S0_S0_: verified
//!ours _Z4tsumIlET_S0_S0_: verified
