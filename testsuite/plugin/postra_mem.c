// options: -O2
/* Memory equivalences in GCC's allocation (docs/VERIFY.md, "Memory"):
 * the checker proves a use or reload of a pseudo's equivalent memory. */

/* args8: g and h arrive on the stack, at argp+0 and argp+8.  The six
 * register arguments take the six callee-saved registers across the
 * call, so g and h stay in memory: after the call (sp = entry - 56)
 * `movl 72(%rsp), %edx; imull 64(%rsp), %edx` reloads h from argp+8 and
 * multiplies by g at argp+0.  Their loads before IRA (uid 8, 9) are
 * deleted.  No argp or frame address escapes, so the call cannot write
 * them: proved. */
extern void k(void);
int args8(int a, int b, int c, int d, int e, int f, int g, int h)
{
	k();
	return a * b + c * d + e * f + g * h;
}
//! args8: ord "*movsi_internal" =p?, %argp [ld %argp:4]
//! args8: ord "*movsi_internal" =p?, %argp [ld %argp+8:4]
//!gcc args8: remat =@dx:4, @[%argp+8]:4
//!verdict args8: verified

/* args8_esc: the same with the address of a local passed to the callee.
 * Only a frame address escapes (fescapes): the call may write frame
 * memory, not the incoming arguments at argp+0 and above, objects of
 * their own that no escaped address reaches, so their reload after it is
 * proved (not "not proven" merely because some address escaped). */
extern void kp(int *);
int args8_esc(int a, int b, int c, int d, int e, int f, int g, int h)
{
	int x = a;
	kp(&x);
	return x * b + c * d + e * f + g * h;
}
//! args8_esc: ord "*movsi_internal" =p?, %argp [ld %argp:4]
//!verdict args8_esc: verified

/* args8_aesc: the address of the stack argument g itself is passed to
 * the callee (an argp address escapes: escapes): the call may write g
 * and h, so their reload after it is not proven. */
int args8_aesc(int a, int b, int c, int d, int e, int f, int g, int h)
{
	kp(&g);
	return a * b + c * d + e * f + g * h;
}
//!verdict args8_aesc: unverified

/* glob2: gw is read once before the loop (`movq gw(%rip), %r15`, uid 18,
 * [ld $gw:8]), nothing writes memory in the function, and the value is
 * kept in r15: verified, as before; the capture lists the load. */
long gw;
long glob2(const long *p, long n, long a, long b, long c, long d)
{
	long t = gw, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	for (long i = 0; i < n; i++) {
		long x = p[i];
		s1 += x * a; s2 += x ^ b; s3 += x + c; s4 += x & d;
		s5 += x * t; s6 += x | a; s7 += x - b;
		a += s1; b ^= s2; c += s3; d -= s4;
	}
	return s1 + s2 + s3 + s4 + s5 + s6 + s7 + a + b + c + d;
}
//! glob2: ord "*movdi_internal" =p? [ld $gw:8]
//!verdict glob2: verified
