/* test_ssa.c - SSA construction: phi counts and positions worked out by
 * hand (the IR files' comments give the dominance frontiers), and the
 * SSA properties on every case and on random and generated functions:
 * one definition per pseudo, uses dominated by their definitions,
 * appended read-modify-write uses, no dead phi, renaming back gives the
 * original, and (generated functions) spill_everywhere on the SSA form
 * renamed back is verified against the original by verify/. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_util.h"
#include "check.h"
#include "gen.h"
#include "spill_everywhere.h"
#include "ssa.h"
#include "ssadestr.h"
#include "verify.h"

/* "b3:p82 b3:p83 b4:p82": the inserted phis (uid 0) by block, named by
 * the original pseudo they merge. */
static const char *phis_str(const Fn *fn, const Ssa *ssa)
{
	TStr t = {fn->arena, NULL, 0, 0};
	char buf[48];
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
		     i = i->next)
			if (i->uid == 0) {
				snprintf(buf, sizeof buf, "b%d:p%d",
					 fn->blk[b]->id,
					 ssa->origin[i->ops[0].reg]);
				ts_add(&t, buf);
			}
	return ts_done(&t);
}

/* The SSA properties of fn (constructed from orig), each failure
 * reported with what; returns false after the first. */
static bool check_form(const Fn *orig, Fn *fn, const Ssa *ssa,
		       const char *what)
{
#define FAILIF(cond, ...)                                                   \
	do {                                                                \
		if (cond) {                                                 \
			char m_[600];                                       \
			snprintf(m_, sizeof m_, __VA_ARGS__);               \
			t_check(false, __FILE__, __LINE__, "%s: %s", what,  \
				m_);                                        \
			ok = false;                                         \
			goto out;                                           \
		}                                                           \
	} while (0)
	bool ok = true;
	int np = fn->npseudo, np0 = ssa->npseudo_orig;
	int *ndef = calloc((size_t)np + 1, sizeof(int));
	int *dblk = calloc((size_t)np + 1, sizeof(int));
	int *dpos = calloc((size_t)np + 1, sizeof(int));
	const Ins **dphi = calloc((size_t)np + 1, sizeof(Ins *));
	bool *useful = calloc((size_t)np + 1, sizeof(bool));
	int *work = calloc((size_t)np + 1, sizeof(int));
	Fn *oc = fn_copy(orig);
	Live *olv = live_compute(oc, cfg_build(oc));
	FAILIF(np0 != orig->npseudo || ssa->norigin != np,
	       "pseudo counts %d %d %d", np0, ssa->norigin, np);
	for (int p = 0; p < np; p++) {
		int o = ssa->origin[p];
		if (fn->pseudo[p].cls < 0)
			continue;
		FAILIF(p < np0 && o != p, "origin of p%d is p%d", p, o);
		FAILIF(o < 0 || o >= np0 || fn->pseudo[o].cls !=
						    fn->pseudo[p].cls ||
			       fn->pseudo[o].size != fn->pseudo[p].size,
		       "p%d: bad origin p%d", p, o);
	}
	for (int b = 0; b < fn->nblk; b++) {
		int pos = 0;
		for (const Ins *i = fn->blk[b]->first; i; i = i->next, pos++)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO || !(o->flags & OF_DEF))
					continue;
				FAILIF(o->flags & OF_USE,
				       "uid %d: operand %d still +", i->uid, k);
				FAILIF(i->kind != IK_PHI && op_reads(fn, o),
				       "uid %d: operand %d still a partial def",
				       i->uid, k);
				ndef[o->reg]++;
				dblk[o->reg] = b;
				dpos[o->reg] = pos;
				if (i->kind == IK_PHI)
					dphi[o->reg] = i;
			}
	}
	for (int p = 0; p < np; p++) {
		FAILIF(ndef[p] > 1, "p%d defined %d times", p, ndef[p]);
		FAILIF(p < np0 && ndef[p], "original p%d still defined", p);
	}
	Cfg *cfg = cfg_build(fn);
	DomTree *d = dom_build(fn, cfg);
	int e = fn->entry;
	for (int b = 0; b < fn->nblk; b++) {
		if (!cfg_reachable(cfg, b))
			continue;
		int pos = 0;
		for (const Ins *i = fn->blk[b]->first; i; i = i->next, pos++)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				bool phi = i->kind == IK_PHI;
				if (o->kind != OK_PSEUDO || (o->flags & OF_DEF) ||
				    (!phi && !op_reads(fn, o)))
					continue;
				int p = o->reg;
				if (phi && !cfg_reachable(cfg, o->from))
					continue;
				if (!ndef[p]) {
					FAILIF(p >= np0 ||
						       !live_in_has(olv, e, p),
					       "b%d uid %d: p%d read, never "
					       "defined, not live into the "
					       "entry",
					       fn->blk[b]->id, i->uid, p);
				} else if (phi) {
					FAILIF(!dom_dominates(d, dblk[p],
							      o->from),
					       "b%d: phi source p%d from b%d "
					       "not dominated by its def",
					       fn->blk[b]->id, p,
					       fn->blk[o->from]->id);
				} else {
					FAILIF(dblk[p] == b ? dpos[p] >= pos
							    : !dom_sdominates(
								      d, dblk[p],
								      b),
					       "b%d uid %d: use of p%d not "
					       "dominated by its def",
					       fn->blk[b]->id, i->uid, p);
				}
				/* roots: reads by instructions and by the
				 * input's own phis (uses as liveness sees
				 * them, whether or not those phis are dead) */
				bool root = !phi || i->uid > 0;
				if (root && dphi[p] && !useful[p]) {
					useful[p] = true;
					work[0] = p;
					for (int nw = 1; nw;) {
						const Ins *ph = dphi[work[--nw]];
						for (int s = 1; s < ph->nops; s++) {
							int q = ph->ops[s].reg;
							if (ph->ops[s].kind ==
								    OK_PSEUDO &&
							    dphi[q] && !useful[q]) {
								useful[q] = true;
								work[nw++] = q;
							}
						}
					}
				}
			}
	}
	for (int p = 0; p < np; p++)
		FAILIF(dphi[p] && dphi[p]->uid == 0 && !useful[p] &&
			       cfg_reachable(cfg, dblk[p]),
		       "phi p%d (of p%d) is dead", p,
		       ssa->origin[p]);
	for (int k = 0; k < ssa->nrmw; k++) {
		const SsaRmw *r = &ssa->rmw[k];
		const Ins *i = NULL;
		for (int b = 0; b < fn->nblk && !i; b++)
			for (const Ins *j = fn->blk[b]->first; j; j = j->next)
				if (j->uid == r->uid)
					i = j;
		FAILIF(!i || r->use >= i->nops || r->op >= ssa_nops_orig(ssa, i),
		       "rmw record %d (uid %d) does not fit", k, r->uid);
		const Op *u = &i->ops[r->use], *dd = &i->ops[r->op];
		FAILIF(u->tie != r->op || !(u->flags & OF_USE) ||
			       (u->flags & OF_DEF) || u->kind != OK_PSEUDO ||
			       ssa->origin[u->reg] != ssa->origin[dd->reg] ||
			       u->sub_off != r->sub_off ||
			       u->sub_size != r->sub_size,
		       "uid %d: appended use %d is wrong", r->uid, r->use);
	}
	Fn *back = fn_copy(fn);
	char err[256] = "", why[256] = "";
	FAILIF(!ssa_rename_to_origin(back, ssa, err, sizeof err),
	       "rename back: %s", err);
	FAILIF(!fn_equal(orig, back, why, sizeof why), "renamed back: %s",
	       why);
	fn_free(back);
out:
	free(ndef);
	free(dblk);
	free(dpos);
	free(dphi);
	free(useful);
	free(work);
	fn_free(oc);
	return ok;
#undef FAILIF
}

/* Constructs SSA for a copy of orig; NULL (case failed) on error. */
static Fn *construct(const Fn *orig, Ssa *ssa)
{
	Fn *fn = fn_copy(orig);
	char err[256] = "";
	if (!t_check(ssa_construct(fn, ssa, err, sizeof err), __FILE__,
		     __LINE__, "%s: %s", orig->name, err)) {
		fn_free(fn);
		return NULL;
	}
	return fn;
}

/* One IR file: the inserted phis as phis_str gives them, their count,
 * the undefined pseudos, and the SSA properties. */
static void file_case(const char *path, const char *want, int nundef)
{
	Fn *orig = t_load_fn(path);
	if (!orig)
		return;
	Ssa ssa;
	Fn *fn = construct(orig, &ssa);
	if (fn) {
		CHECK_STR(phis_str(fn, &ssa), want);
		int n = 0;
		for (const char *s = want; *s; s++)
			n += *s == ':';
		CHECK_INT(ssa.nphi, n);
		CHECK_INT(ssa.nundef, nundef);
		check_form(orig, fn, &ssa, path);
		fn_free(fn);
	}
	fn_free(orig);
}

static void case_diamond(void)
{
	file_case("testsuite/ir/alloc/diamond.ir", "b5:p2", 0);
}

/* gcd.ir: p82 and p83 are defined in b2 and b3.  DF(b3) = {b3, b4} (the
 * self loop, and b4 which b2 reaches directly); DF(b2) = {}.  p82 is live
 * into b3 (uid 7) and b4 (uid 15), p83 into b3 only.  p84, p90: one
 * definition block each. */
static void case_gcd(void)
{
	file_case("testsuite/ir/gcd.ir", "b3:p82 b3:p83 b4:p82", 0);
}

/* loop_diamond.ir: DF(b4) = DF(b5) = {b6}, DF(b6) = DF(b3) = {b3, b7}.
 * p82 (b2, b4, b5): IDF {b6, b3, b7}, live in all three; p83 (b2, b6):
 * IDF {b3, b7}, live into b3 only. */
static void case_loop_diamond(void)
{
	file_case("testsuite/ir/loop_diamond.ir", "b3:p82 b3:p83 b6:p82 b7:p82",
		  0);
}

/* irreducible.ir: DF(b2) = {b3}, DF(b3) = {b2}; p1 (b1, b2, b3) needs a
 * phi in both, p2 (b1 only) none. */
static void case_irreducible(void)
{
	file_case("testsuite/ir/irreducible.ir", "b2:p1 b3:p1", 0);
}

static void case_nested(void)
{
	file_case("testsuite/ir/alloc/nested.ir", "b3:p3 b3:p4 b4:p3 b4:p5", 0);
}

/* Already SSA: no phi to add; everything renamed all the same. */
static void case_already_ssa(void)
{
	file_case("testsuite/ir/lost_copy.ir", "", 0);
	file_case("testsuite/ir/swap.ir", "", 0);
	file_case("testsuite/ir/call_clobber.ir", "", 0);
}

/* The phi in b4 merges the undefined version p2 (from b2) with b3's
 * definition. */
static void case_undef(void)
{
	file_case("testsuite/ir/alloc/undef.ir", "b4:p2", 1);
	Fn *orig = t_load_fn("testsuite/ir/alloc/undef.ir");
	if (!orig)
		return;
	Ssa ssa;
	Fn *fn = construct(orig, &ssa);
	if (fn) {
		const Ins *phi = fn->blk[2]->first;
		CHECK(phi->kind == IK_PHI);
		CHECK_INT(phi->ops[1].reg, 2); /* from b2: undefined */
		CHECK_INT(phi->ops[1].from, 0);
		CHECK(phi->ops[2].reg >= ssa.npseudo_orig);
		fn_free(fn);
	}
	fn_free(orig);
}

/* The entry heads a loop: a phi in b2 with the one source from b3; the
 * use in uid 1 reads the phi. */
static void case_entry_loop(void)
{
	file_case("testsuite/ir/alloc/entry_loop.ir", "b2:p1", 1);
	Fn *orig = t_load_fn("testsuite/ir/alloc/entry_loop.ir");
	if (!orig)
		return;
	Ssa ssa;
	Fn *fn = construct(orig, &ssa);
	if (fn) {
		const Ins *phi = fn->blk[0]->first, *add = phi->next;
		CHECK_INT(phi->nops, 2);
		CHECK_INT(add->uid, 1);
		/* uid 1: =p1' , p1'' ^0 (tied use of the phi), %di */
		CHECK_INT(add->ops[1].reg, phi->ops[0].reg);
		CHECK(add->ops[0].reg != phi->ops[0].reg);
		CHECK_INT(phi->ops[1].reg, add->ops[0].reg);
		fn_free(fn);
	}
	fn_free(orig);
}

/* rmw.ir by hand: p1..p4, 11 instructions.  Construction numbers the new
 * versions from p5 in dominator-tree pre-order (b2, b3, b4), phis and
 * definitions as met: b2: uid 1 p2 -> p5, uid 6 p3 -> p6, uid 2 p2 -> p7
 * (reading p5), uid 3 p3 -> p8 (reading p6), uid 4 p3 -> p9 (reading p8),
 * uid 5 p4 -> p10 (full def, nothing appended); b3: uid 9 p2 -> p11
 * (reading p7); b4: the phi for p2 -> p12 (p7 from b2, p11 from b3). */
static void case_rmw(void)
{
	Fn *orig = t_load_fn("testsuite/ir/alloc/rmw.ir");
	if (!orig)
		return;
	Ssa ssa;
	Fn *fn = construct(orig, &ssa);
	if (!fn) {
		fn_free(orig);
		return;
	}
	CHECK_STR(phis_str(fn, &ssa), "b4:p2");
	CHECK_INT(ssa.nrmw, 4);
	char *text = ir_print_str(fn);
	static const char *const want[] = {
		"2: ord \"*movstrictqi_1\" =p7, %si, p5[0,1] ^0 clobber {flags}\n",
		"3: ord \"*movdi_internal\" =p8, p7, p6[0,8] ^0\n",
		"4: ord \"*movdi_internal\" =p9, %dx, p8[8,8] ^0\n",
		"5: ord \"*movsi_internal\" =p10[0,4], p7\n",
		"9: ord \"*adddi_1\" =p11, p9[8,8], p7 ^0 clobber {flags}\n",
		"phi =p12, p7 from b2, p11 from b3\n",
	};
	for (int k = 0; k < 6; k++)
		t_check(strstr(text, want[k]) != NULL, __FILE__, __LINE__,
			"missing %s in\n%s", want[k], text);
	free(text);
	const Ins *i2 = t_ins(fn, 2, NULL);
	CHECK_INT(ssa_nops_orig(&ssa, i2), 2);
	int n;
	const SsaRmw *r = ssa_rmw_of(&ssa, 2, &n);
	CHECK_INT(n, 1);
	CHECK(r && r->op == 0 && r->use == 2 &&
	      r->flags == (OF_USE | OF_DEF) && r->sub_size == 1);
	r = ssa_rmw_of(&ssa, 3, &n);
	CHECK(n == 1 && r->flags == OF_DEF && r->sub_off == 0 &&
	      r->sub_size == 8);
	CHECK(ssa_rmw_of(&ssa, 5, &n) == NULL && n == 0);
	check_form(orig, fn, &ssa, "rmw");
	fn_free(fn);
	fn_free(orig);
}

/* Unreachable blocks are renamed on their own; b4, reachable but
 * entered from the unreachable b3, gets a phi for p1 (the live pseudo)
 * whose source from b3 is b3's version. */
static void case_unreachable(void)
{
	IrFile f;
	Fn *orig = t_fn("func unr\n"
			"  pseudo p1 gpr 8\n"
			"b2: -> b4\n"
			"  1: copy =p1, %di\n"
			"b3: -> b4\n"
			"  2: ord \"add\" =p1, p1 ^0, $1\n"
			"b4:\n"
			"  3: copy =%ax, p1\n"
			"  4: ret %ax\n"
			"end\n",
			&f);
	if (!orig)
		return;
	Ssa ssa;
	Fn *fn = construct(orig, &ssa);
	if (fn) {
		CHECK_STR(phis_str(fn, &ssa), "b4:p1");
		/* b3 reads the undefined p1, defines p3 */
		const Ins *i2 = t_ins(fn, 2, NULL);
		CHECK_INT(i2->ops[1].reg, 1);
		CHECK_INT(ssa.origin[i2->ops[0].reg], 1);
		check_form(orig, fn, &ssa, "unreachable");
		fn_free(fn);
	}
	irfile_free(&f);
}

static void case_errors(void)
{
	IrFile f;
	char err[256];
	Ssa ssa;
	Fn *fn = t_fn("func a allocated\n"
		      "  pseudo p1 gpr 8\n"
		      "b2:\n"
		      "  1: copy =p1 @ax, %di\n"
		      "end\n",
		      &f);
	if (fn) {
		CHECK(!ssa_construct(fn, &ssa, err, sizeof err));
		CHECK(strstr(err, "allocated") != NULL);
		irfile_free(&f);
	}
	fn = t_fn("func d\n"
		  "  pseudo p1 gpr 8\n"
		  "b2:\n"
		  "  1: copy =p1, %di\n"
		  "  1: copy =%ax, p1\n"
		  "end\n",
		  &f);
	if (fn) {
		char *before = ir_print_str(fn);
		CHECK(!ssa_construct(fn, &ssa, err, sizeof err));
		CHECK(strstr(err, "uid 1 appears twice") != NULL);
		char *after = ir_print_str(fn);
		CHECK_STR(after, before); /* unchanged */
		free(before);
		free(after);
		irfile_free(&f);
	}
	fn = t_fn("func p\n"
		  "  pseudo p1 gpr 8\n"
		  "b2: -> b3\n"
		  "  1: copy =p1, %di\n"
		  "b3:\n"
		  "  phi =p1, p1 from b2\n"
		  "end\n",
		  &f);
	if (fn) {
		CHECK(!ssa_construct(fn, &ssa, err, sizeof err));
		CHECK(strstr(err, "phi without uid") != NULL);
		irfile_free(&f);
	}
	fn = t_fn("func u unsupported \"asm goto\"\nend\n", &f);
	if (fn) {
		CHECK(!ssa_construct(fn, &ssa, err, sizeof err));
		irfile_free(&f);
	}
}

/* Random functions of analysis_util.h (phis, parallel and abnormal
 * edges, unreachable blocks, read-modify-writes, subregs, hard
 * registers): construction succeeds and the properties hold. */
static void case_random(void)
{
	for (uint64_t seed = 1; seed <= 500; seed++) {
		Fn *orig = t_random_fn(seed, 1 + (int)(seed % 12));
		Ssa ssa;
		Fn *fn = construct(orig, &ssa);
		char what[64];
		snprintf(what, sizeof what, "random seed %llu",
			 (unsigned long long)seed);
		bool ok = fn && check_form(orig, fn, &ssa, what);
		fn_free(fn);
		fn_free(orig);
		if (!ok)
			return;
	}
}

/* Generated functions: the properties, and semantics through the
 * baseline allocator: SSA form, spill_everywhere, names back to the
 * original's, verified against the original. */
static void case_gen(void)
{
	int nphi = 0;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		GenOpts o = gen_defaults(seed, 20 + (int)(seed * 7 % 400));
		Fn *orig = gen_function("g", &o);
		Ssa ssa;
		Fn *fn = construct(orig, &ssa);
		char what[64], err[256] = "";
		snprintf(what, sizeof what, "gen seed %llu",
			 (unsigned long long)seed);
		bool ok = fn && check_form(orig, fn, &ssa, what);
		Fn *al = ok ? spill_everywhere(fn, err, sizeof err) : NULL;
		ok = ok && t_check(al != NULL, __FILE__, __LINE__,
				   "%s: spill_everywhere: %s", what, err);
		ok = ok && t_check(ssa_rename_to_origin(al, &ssa, err,
							sizeof err),
				   __FILE__, __LINE__, "%s: rename: %s", what,
				   err);
		if (ok) {
			VerifyResult r;
			verify_fn(orig, al, &r);
			ok = t_check(r.verdict == VERDICT_VERIFIED, __FILE__,
				     __LINE__, "%s: %s", what,
				     r.reason ? r.reason
				     : r.nviol ? r.viol[0].text
						: "?");
			verify_result_free(&r);
		}
		if (fn)
			nphi += ssa.nphi;
		fn_free(al);
		fn_free(fn);
		fn_free(orig);
		if (!ok)
			return;
	}
	CHECK(nphi > 1000); /* the generated functions do need phis */
}

/* A long chain of diamonds: 100,000 blocks, no deep recursion. */
static void case_big(void)
{
	Fn *fn = fn_new("big", target_x86_64());
	fn_declare_pseudo(fn, 1, RC_GPR, 8);
	int uid = 1, n = 25000;
	for (int k = 0; k < 4 * n; k++)
		fn_add_block(fn, 2 + k);
	for (int k = 0; k < n; k++) {
		Blk *h = fn->blk[4 * k], *t = fn->blk[4 * k + 1],
		    *e = fn->blk[4 * k + 2], *j = fn->blk[4 * k + 3];
		blk_add_succ(fn, h, t->idx, 0);
		blk_add_succ(fn, h, e->idx, 0);
		blk_add_succ(fn, t, j->idx, 0);
		blk_add_succ(fn, e, j->idx, 0);
		if (k + 1 < n)
			blk_add_succ(fn, j, fn->blk[4 * k + 4]->idx, 0);
		Ins *i = ins_new(fn, IK_ORD, 2);
		i->uid = uid++;
		i->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = 1,
				 .tie = -1, .from = -1};
		i->ops[1] = (Op){.kind = OK_IMM, .flags = OF_USE, .imm = k,
				 .tie = -1, .from = -1};
		ins_append(t, i);
		i = ins_new(fn, IK_ORD, 1);
		i->uid = uid++;
		i->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = 1,
				 .tie = -1, .from = -1};
		ins_append(j, i);
	}
	fn_preds(fn);
	Ssa ssa;
	char err[256] = "";
	Fn *c = fn_copy(fn);
	if (t_check(ssa_construct(c, &ssa, err, sizeof err), __FILE__,
		    __LINE__, "%s", err)) {
		/* every join but the first (where p1 is undefined on one
		 * side and defined on the other) ... all joins: n phis */
		CHECK_INT(ssa.nphi, n);
		CHECK(check_form(fn, c, &ssa, "big"));
	}
	fn_free(c);
	fn_free(fn);
}

void suite_ssa(void)
{
	t_case("ssa: diamond, one phi, a dead one pruned", case_diamond);
	t_case("ssa: gcd.ir, 3 phis", case_gcd);
	t_case("ssa: loop_diamond.ir, 4 phis", case_loop_diamond);
	t_case("ssa: irreducible.ir, 2 phis", case_irreducible);
	t_case("ssa: nested loops, 4 phis", case_nested);
	t_case("ssa: functions already in SSA form", case_already_ssa);
	t_case("ssa: uninitialised use", case_undef);
	t_case("ssa: entry block with a predecessor", case_entry_loop);
	t_case("ssa: read-modify-write and partial defs", case_rmw);
	t_case("ssa: unreachable block", case_unreachable);
	t_case("ssa: rejected inputs", case_errors);
	t_case("ssa: 500 random functions, properties", case_random);
	t_case("ssa: 300 generated functions, properties and semantics",
	       case_gen);
	t_case("ssa: 100,000 blocks", case_big);
}
