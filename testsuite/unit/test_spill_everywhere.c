/* test_spill_everywhere.c - the baseline allocator on hand-checked cases:
 * one slot per pseudo, a reload per read operand, a spill per written
 * operand, constraints met, phis lowered through temporary slots. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "irtext.h"
#include "spill_everywhere.h"
#include "verify.h"

/* Counts the instructions of kind k in fn. */
static int count_kind(const Fn *fn, int k)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			n += i->kind == k;
	return n;
}

static const Ins *find_uid(const Fn *fn, int uid)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid == uid)
				return i;
	return NULL;
}

/* gcd: 4 pseudos; reads: uid 20 p83, 7 p82 p83, 8 p83, 9 p84, 22 p83,
 * 15 p82 = 7 reloads; writes: 2, 3, 7 (two), 8, 9 = 6 spills.  The
 * division: p90 {ax}, p84 {dx} early, p82 tied to p90 so ax, p83 neither
 * ax (read by p82) nor dx (early clobber): the lowest left, cx. */
static void case_gcd(void)
{
	Fn *orig = t_load_fn("testsuite/ir/gcd.ir");
	if (!orig)
		return;
	char err[256] = "";
	Fn *a = spill_everywhere(orig, err, sizeof err);
	if (!t_check(a != NULL, __FILE__, __LINE__, "%s", err)) {
		fn_free(orig);
		return;
	}
	CHECK(a->allocated);
	CHECK_INT(a->nslot, 4);
	CHECK_INT(count_kind(a, IK_RELOAD), 7);
	CHECK_INT(count_kind(a, IK_SPILL), 6);
	CHECK_INT(count_kind(a, IK_MOVE), 0);
	const Ins *div = find_uid(a, 7);
	if (CHECK(div != NULL)) {
		CHECK_INT(div->ops[0].loc.kind, LOC_REG);
		CHECK_INT(div->ops[0].loc.num, R_AX);
		CHECK_INT(div->ops[1].loc.num, R_DX);
		CHECK_INT(div->ops[2].loc.num, R_AX);
		CHECK_INT(div->ops[3].loc.num, R_CX);
		/* reloads of p82 and p83 right before, spills after */
		CHECK(div->prev && div->prev->kind == IK_RELOAD);
		CHECK(div->next && div->next->kind == IK_SPILL);
	}
	/* the original is untouched */
	CHECK(!orig->allocated);
	CHECK_INT(find_uid(orig, 7)->ops[0].loc.kind, LOC_NONE);
	fn_free(a);
	fn_free(orig);
}

/* call_clobber: while di holds the argument (uids 3-4) and ax the result
 * (4-5), no reload may use them.  uid 6 reads p3, p1: p3 tied to the def
 * p4; none of di, si, ax is live there, so p4/p3 get ax and p1 dx. */
static void case_call(void)
{
	Fn *orig = t_load_fn("testsuite/ir/call_clobber.ir");
	if (!orig)
		return;
	char err[256] = "";
	Fn *a = spill_everywhere(orig, err, sizeof err);
	if (!t_check(a != NULL, __FILE__, __LINE__, "%s", err)) {
		fn_free(orig);
		return;
	}
	const Ins *cp = find_uid(a, 3); /* copy =%di, p1 */
	CHECK(cp && cp->ops[1].loc.kind == LOC_REG && cp->ops[1].loc.num != R_DI);
	const Ins *add = find_uid(a, 6);
	CHECK_INT(add->ops[0].loc.num, R_AX);
	CHECK_INT(add->ops[1].loc.num, R_AX);
	CHECK_INT(add->ops[2].loc.num, R_DX);
	/* uid 2 copies si into p2: si is busy there, di is already dead
	 * (read by uid 1, written again by uid 3): the lowest free is ax */
	const Ins *c2 = find_uid(a, 2);
	CHECK_INT(c2->ops[0].loc.num, R_AX);
	fn_free(a);
	fn_free(orig);
}

/* lost_copy: the critical back edge b2 -> b2 is split (new block b4); each
 * of the two incoming edges gets reload, spill to a temporary slot, reload,
 * spill to p2's slot: 3 pseudo slots + 2 temporaries; no phi is left. */
static void case_lost_copy(void)
{
	Fn *orig = t_load_fn("testsuite/ir/lost_copy.ir");
	if (!orig)
		return;
	char err[256] = "";
	Fn *a = spill_everywhere(orig, err, sizeof err);
	if (!t_check(a != NULL, __FILE__, __LINE__, "%s", err)) {
		fn_free(orig);
		return;
	}
	CHECK_INT(a->nblk, 4);
	CHECK_INT(a->blk[3]->id, 4);
	CHECK_INT(count_kind(a, IK_PHI), 0);
	CHECK_INT(a->nslot, 5);
	/* reads: uid 3 p2, 4 p3, 6 p2 = 3; phi copies 2 x 2 */
	CHECK_INT(count_kind(a, IK_RELOAD), 3 + 4);
	/* writes: uid 1 p1, 3 p3 = 2; phi copies 2 x 2 */
	CHECK_INT(count_kind(a, IK_SPILL), 2 + 4);
	CHECK_INT(blk_nins(a->blk[3]), 4); /* the split edge's copies */
	fn_free(a);
	fn_free(orig);
}

/* A 16-byte GPR value is beyond the baseline: a clear refusal. */
static void case_refuses(void)
{
	IrFile f;
	if (!t_parse("func wide\n"
		     "  pseudo p1 gpr 16\n"
		     "b2: freq=1 depth=0\n"
		     "  1: ord \"*movti\" =p1, $0\n"
		     "  2: ret\n"
		     "end\n",
		     &f))
		return;
	char err[256] = "";
	CHECK(spill_everywhere(f.fn[0], err, sizeof err) == NULL);
	CHECK(strstr(err, "16-byte") != NULL);
	irfile_free(&f);
}

/* narrow_rmw (testsuite/ir/alloc/narrowmem.ir): p1, p2 and the clobbered
 * p3 stored after their definitions (uids 1, 2, 3: 3 spills); uids 4 and
 * 5 reload p1 and p2 (4 reloads) and rewrite halves of p3 in its home
 * slot in place; uid 6 reloads p3 (1): 3 spills, 5 reloads, 3 slots;
 * verified. */
static void case_partial_memonly(void)
{
	Fn *orig = NULL;
	IrFile f;
	IrError e;
	char path[1200];
	snprintf(path, sizeof path, "%s/testsuite/ir/alloc/narrowmem.ir",
		 t_srcdir());
	if (!t_check(ir_parse_file(path, target_x86_64(), &f, &e), __FILE__,
		     __LINE__, "%s", e.msg))
		return;
	for (int k = 0; k < f.nfn; k++)
		if (!strcmp(f.fn[k]->name, "narrow_rmw"))
			orig = f.fn[k];
	char err[256] = "";
	Fn *a = orig ? spill_everywhere(orig, err, sizeof err) : NULL;
	if (t_check(a != NULL, __FILE__, __LINE__, "%s", err)) {
		CHECK_INT(a->nslot, 3);
		CHECK_INT(count_kind(a, IK_SPILL), 3);
		CHECK_INT(count_kind(a, IK_RELOAD), 5);
		const Ins *lo = find_uid(a, 4), *hi = find_uid(a, 5);
		if (CHECK(lo && hi)) {
			CHECK_INT(lo->ops[0].loc.kind, LOC_SLOT);
			CHECK_INT(hi->ops[0].loc.num, lo->ops[0].loc.num);
		}
		CHECK_INT(t_verdict(orig, a), VERDICT_VERIFIED);
	}
	fn_free(a);
	irfile_free(&f);
}

void suite_spill_everywhere(void)
{
	t_case("spill_everywhere: partial memory-only defs in the home slot",
	       case_partial_memonly);
	t_case("spill_everywhere: gcd counts and division registers",
	       case_gcd);
	t_case("spill_everywhere: call keeps argument and result registers",
	       case_call);
	t_case("spill_everywhere: lost copy, phis through temporaries",
	       case_lost_copy);
	t_case("spill_everywhere: refuses 16-byte GPR values", case_refuses);
}
