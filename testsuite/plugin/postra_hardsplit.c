// options: -O0
/* A hard register destination reached through a reload register
 * (docs/POSTRA.md, "Split stores"): at -O0 the comparison of a
 * _Decimal64 with a constant calls __bid_nedd2 with the constant in
 * xmm1, which the captured insn sets directly (`(set (reg:DI xmm1)
 * (const_int C))`, no pseudo); LRA has no alternative loading a 64-bit
 * immediate into an SSE register, so it loads ax (the captured insn's
 * UID) and moves ax into xmm1 with a new insn.  The captured
 * instruction runs at the load, matched with xmm1 against the new
 * move's destination; the load is opaque (it writes ax).  Before:
 * "output reloaded through another register (uid 7)". */
int dec_ne(_Decimal64 x)
{
	return x != 1.5dd;
}
//!verdict dec_ne: verified
