/* test_loclive.c - liveness of the registers of an allocated function
 * (core/loclive.h), on hand-made functions whose live sets are worked
 * out by hand. */
#include <string.h>

#include "check.h"
#include "ir.h"
#include "irtext.h"
#include "loclive.h"

/* Checks that register sets a and b are equal, printing both. */
#define CHECK_EQ_U64(a, b)                                               \
	do {                                                             \
		unsigned long long a_ = (a), b_ = (b);                   \
		t_check(a_ == b_, __FILE__, __LINE__,                    \
			"%s = %#llx, expected %#llx", #a, a_, b_);       \
	} while (0)

/* The instruction of uid in block index b of fn. */
static const Ins *by_uid(const Fn *fn, int b, int uid)
{
	for (const Ins *i = fn->blk[b]->first; i; i = i->next)
		if (i->uid == uid)
			return i;
	return NULL;
}

/* A loop: p1 (ax) counts down, p2 (dx) accumulates, cx holds a value read
 * only before the loop.  By hand, at uid 5 (p2 += p1, in b3): before it
 * ax and dx are live (both read), after it ax (read by uid 6) and dx (read
 * again around the loop and by the ret's copy); cx is dead inside the
 * loop (its last read is uid 3) and bx never holds anything. */
static void case_loop(void)
{
	static const char text[] =
		"func f allocated\n"
		"  pseudo p1 gpr 8\n"
		"  pseudo p2 gpr 8\n"
		"  pseudo p3 gpr 8\n"
		"b2: freq=100 depth=0 -> b3\n"
		"  1: copy =p1 @ax, %di\n"
		"  2: copy =p3 @cx, %si\n"
		"  3: ord \"mov\" =p2 @dx, p3 @cx\n"
		"b3: freq=1000 depth=1 -> b3 b4\n"
		"  5: ord \"add\" =p2 @dx, p2 ^0 @dx, p1 @ax clobber {flags}\n"
		"  6: ord \"dec\" =p1 @ax, p1 ^0 @ax clobber {flags}\n"
		"  7: branch \"jcc\" %flags\n"
		"b4: freq=100 depth=0\n"
		"  8: copy =%ax, p2 @dx\n"
		"  9: ret %ax\n"
		"end\n";
	IrFile f;
	if (!t_parse(text, &f))
		return;
	Fn *fn = f.fn[0];
	fn_preds(fn);
	LocLive *l = loclive_build(fn);
	RegSet before, after;
	loclive_at(l, 1, by_uid(fn, 1, 5), &before, &after);
	CHECK_EQ_U64(before, RS_BIT(R_AX) | RS_BIT(R_DX));
	CHECK_EQ_U64(after, RS_BIT(R_AX) | RS_BIT(R_DX));
	/* uid 3 reads cx last: live before it, not after */
	loclive_at(l, 0, by_uid(fn, 0, 3), &before, &after);
	CHECK(RS_HAS(before, R_CX) && !RS_HAS(after, R_CX));
	/* the ret reads ax only; the copy before it reads dx */
	loclive_at(l, 2, by_uid(fn, 2, 8), &before, &after);
	CHECK_EQ_U64(before, RS_BIT(R_DX));
	CHECK_EQ_U64(after, RS_BIT(R_AX));
	irfile_free(&f);
}

/* A 16-byte value in ax:dx covers both registers; a call's clobbers
 * write, its argument reads.  By hand: before uid 2 (the call, reading
 * di, clobbering ax dx cx si di r8-r11) only di and bx are live (bx
 * holds p2 across the call, read by uid 3); before uid 3 bx and nothing
 * else; after uid 3 (p1 = a 16-byte value in ax:dx) ax and dx. */
static void case_call_pair(void)
{
	static const char text[] =
		"func g allocated\n"
		"  pseudo p1 gpr 16\n"
		"  pseudo p2 gpr 8\n"
		"b2: freq=100 depth=0\n"
		"  1: copy =p2 @bx, %si\n"
		"  2: call \"h\" $h, $0, %di clobber {ax,dx,cx,si,di,r8-r11,flags}\n"
		"  3: ord \"build\" =p1 @ax, p2 @bx\n"
		"  4: ord \"use\" p1 @ax\n"
		"end\n";
	IrFile f;
	if (!t_parse(text, &f))
		return;
	Fn *fn = f.fn[0];
	fn_preds(fn);
	LocLive *l = loclive_build(fn);
	RegSet before, after;
	loclive_at(l, 0, by_uid(fn, 0, 2), &before, &after);
	CHECK_EQ_U64(before, RS_BIT(R_DI) | RS_BIT(R_BX));
	loclive_at(l, 0, by_uid(fn, 0, 3), &before, &after);
	CHECK_EQ_U64(before, RS_BIT(R_BX));
	CHECK_EQ_U64(after, RS_BIT(R_AX) | RS_BIT(R_DX));
	irfile_free(&f);
}

void suite_loclive(void)
{
	t_case("loclive: a loop's registers", case_loop);
	t_case("loclive: a register pair, a call's clobbers", case_call_pair);
}
