/* test_ssadestr.c - SSA destruction on hand-coloured functions: where the
 * copies go (end of the predecessor, before a plain jump, start of the
 * block, split edges), how many moves and swaps, failures; each result
 * verified against its original by verify/.  Then random functions with
 * random valid colourings, destructed and verified. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_util.h"
#include "check.h"
#include "ssa.h"
#include "ssadestr.h"
#include "verify.h"

static Loc parse_loc(Fn *fn, const char *s)
{
	if (s[0] == 's' && s[1] >= '0' && s[1] <= '9') {
		int n = atoi(s + 1);
		if (n >= fn->nslot || !fn->slot[n].size)
			fn_declare_slot(fn, n, 16);
		return (Loc){LOC_SLOT, n};
	}
	int r = target_reg_by_name(fn->target, s, (int)strlen(s));
	t_check(r >= 0, __FILE__, __LINE__, "no register %s", s);
	return (Loc){LOC_REG, r};
}

/* A colouring of the SSA function fn from spec, tokens applied in order:
 *   pN=LOC     every version of original pseudo N
 *   uU=LOC     the version the instruction with uid U defines (its first
 *              pseudo def), uU.K=LOC that of operand K
 *   bB.pN=LOC  the phi construction inserted in block bB for pN
 *   vN=LOC     pseudo N of the SSA function itself
 * LOC is a register name or sN (declared in fn as needed).  Pseudos the
 * spec leaves out have no location. */
static Loc *colour(Fn *fn, const Ssa *ssa, const char *spec)
{
	Loc *loc = ARENA_NEW(fn->arena, Loc, fn->npseudo + 1);
	char buf[1024];
	snprintf(buf, sizeof buf, "%s", spec);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
		char *eq = strchr(tok, '=');
		*eq = 0;
		Loc l = parse_loc(fn, eq + 1);
		if (tok[0] == 'p') {
			int n = atoi(tok + 1);
			for (int p = 0; p < fn->npseudo; p++)
				if (ssa->origin[p] == n)
					loc[p] = l;
		} else if (tok[0] == 'v') {
			loc[atoi(tok + 1)] = l;
		} else if (tok[0] == 'u') {
			int uid = atoi(tok + 1), k = -1;
			char *dot = strchr(tok, '.');
			if (dot)
				k = atoi(dot + 1);
			Ins *i = t_ins(fn, uid, NULL);
			for (int o = 0; i && o < i->nops; o++)
				if (i->ops[o].kind == OK_PSEUDO &&
				    (i->ops[o].flags & OF_DEF) &&
				    (k < 0 || k == o)) {
					loc[i->ops[o].reg] = l;
					break;
				}
		} else {
			int id = atoi(tok + 1);
			int n = atoi(strchr(tok, 'p') + 1);
			int b = t_blk(fn, id);
			for (Ins *i = b >= 0 ? fn->blk[b]->first : NULL;
			     i && i->kind == IK_PHI; i = i->next)
				if (i->uid == 0 && ssa->origin[i->ops[0].reg] == n)
					loc[i->ops[0].reg] = l;
		}
	}
	return loc;
}

static void loc_name(const Fn *fn, Loc l, char *buf, size_t len)
{
	if (l.kind == LOC_REG)
		snprintf(buf, len, "%s", fn->target->regs[l.num].name);
	else
		snprintf(buf, len, "s%d", l.num);
}

/* "b2: 1, 2, move ax cx | b3: ...": every block's instructions, the
 * original ones by uid, the inserted ones as `kind dst src` (in fn's
 * arena). */
static const char *layout(Fn *fn)
{
	enum { LEN = 4096 };
	char *buf = ARENA_NEW(fn->arena, char, LEN);
	size_t n = 0;
	buf[0] = 0;
	for (int b = 0; b < fn->nblk; b++) {
		n += (size_t)snprintf(buf + n, LEN - n, "%sb%d:",
				      b ? " | " : "", fn->blk[b]->id);
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			const char *sep = i == fn->blk[b]->first ? " " : ", ";
			if (i->uid) {
				n += (size_t)snprintf(buf + n, LEN - n,
						      "%s%d", sep, i->uid);
				continue;
			}
			char a[16] = "", c[16] = "";
			loc_name(fn, i->ops[0].loc, a, sizeof a);
			if (i->nops > 1)
				loc_name(fn, i->ops[1].loc, c, sizeof c);
			n += (size_t)snprintf(buf + n, LEN - n,
					      "%s%s %s %s", sep,
					      ins_kind_name(i->kind), a, c);
		}
	}
	return buf;
}

/* Whether alloc verifies against orig; reports otherwise. */
static bool verified(const Fn *orig, const Fn *alloc, const char *what)
{
	VerifyResult r;
	verify_fn(orig, alloc, &r);
	bool ok = t_check(r.verdict == VERDICT_VERIFIED, __FILE__, __LINE__,
			  "%s: %s", what,
			  r.reason ? r.reason
			  : r.nviol ? r.viol[0].text
				    : "?");
	if (!ok) {
		char *text = ir_print_str(alloc);
		printf("%s", text);
		free(text);
	}
	verify_result_free(&r);
	return ok;
}

typedef struct Want {
	const char *layout;
	int moves, swaps, nsplit;
} Want;

/* Constructs SSA for orig, colours it by spec, destructs, and checks the
 * layout and counts and the verdict. */
static void destr(const Fn *orig, const char *spec, Want w)
{
	Fn *fn = fn_copy(orig);
	Ssa ssa;
	char err[256] = "";
	if (!t_check(ssa_construct(fn, &ssa, err, sizeof err), __FILE__,
		     __LINE__, "%s: %s", orig->name, err)) {
		fn_free(fn);
		return;
	}
	Loc *loc = colour(fn, &ssa, spec);
	SsaDestrStats st;
	if (t_check(ssa_destruct(fn, &ssa, loc, &st, err, sizeof err),
		    __FILE__, __LINE__, "%s: %s", orig->name, err)) {
		CHECK(fn->allocated);
		CHECK_STR(layout(fn), w.layout);
		CHECK_INT(st.moves, w.moves);
		CHECK_INT(st.swaps, w.swaps);
		CHECK_INT(st.nsplit, w.nsplit);
		CHECK_INT(fn->npseudo, orig->npseudo);
		verified(orig, fn, orig->name);
		/* the allocation survives printing and parsing */
		char *text = ir_print_str(fn);
		IrFile f;
		IrError perr;
		if (t_check(ir_parse("<alloc>", text, strlen(text), fn->target,
				     &f, &perr),
			    __FILE__, __LINE__, "%s", perr.msg))
			irfile_free(&f);
		free(text);
	}
	fn_free(fn);
}

static void destr_file(const char *path, const char *spec, Want w)
{
	Fn *orig = t_load_fn(path);
	if (orig)
		destr(orig, spec, w);
	fn_free(orig);
}

/* The lost-copy problem: x2 (phi, ax) is read after the loop, x3 in cx;
 * the back edge is critical, so the copy ax <- cx goes on a new block b4
 * instead of the end of b2 (where it would destroy x2 for b3). */
static void case_lost_copy(void)
{
	destr_file("testsuite/ir/lost_copy.ir", "p1=ax p2=ax p3=cx",
		   (Want){"b1: 1 | b2: 3, 4, 5 | b3: 6, 7 | b4: move ax cx", 1,
			  0, 1});
}

/* The swap problem: a in di, b in si; the back edge's copy di <- si,
 * si <- di is one exchange, on the split back edge; n stays in dx. */
static void case_swap(void)
{
	destr_file("testsuite/ir/swap.ir",
		   "p1=di p3=di p8=di p2=si p4=si p5=dx p6=dx p7=dx",
		   (Want){"b1: 1, 2, 3 | b2: 7, 8 | b3: 9, 10, 11 | b4: swap "
			  "di si",
			  0, 1, 1});
}

/* The swap problem in SSE registers: three moves through xmm2, the
 * lowest free SSE register. */
static void case_swap_sse(void)
{
	destr_file("testsuite/ir/alloc/swap_sse.ir",
		   "p1=xmm0 p3=xmm0 p8=xmm0 p2=xmm1 p4=xmm1 p5=dx p6=dx p7=dx",
		   (Want){"b1: 1, 2, 3 | b2: 7, 8 | b3: 9, 10, 11 | b4: move "
			  "xmm2 xmm0, move xmm0 xmm1, move xmm1 xmm2",
			  3, 0, 1});
}

/* A three-register rotation: di <- dx, si <- di, dx <- si; the cycle
 * read from di: [di dx si], two exchanges. */
static void case_rotate3(void)
{
	destr_file("testsuite/ir/alloc/rotate3.ir",
		   "p1=di p4=di p8=di p9=di p2=si p5=si p3=dx p6=dx p7=cx "
		   "p10=cx p11=cx",
		   (Want){"b1: 1, 2, 3, 4 | b2: 9, 10 | b3: 11, 12, 13, 14 | "
			  "b4: swap di dx, swap dx si",
			  0, 2, 1});
}

/* The phi's value in slot s0: a spill at the end of b1 (its only
 * successor is b2), another on the split back edge. */
static void case_spill_phi(void)
{
	destr_file("testsuite/ir/alloc/spill_phi.ir", "p1=di p2=s0 p3=cx",
		   (Want){"b1: 1, spill s0 di | b2: 3, 4, 5 | b3: 6, 7 | b4: "
			  "spill s0 cx",
			  2, 0, 1});
}

/* gcd with a real colouring: a in di, b in si on entry; in the loop the
 * dividend phi in ax (tied to the quotient), the divisor phi in si, the
 * remainder in dx, a' = b in si, b' = r in dx; the exit phi in ax.
 * Every edge is critical: b5 (b2->b3) ax <- di, b6 (b2->b4) ax <- di, b7
 * (b3->b3) ax <- si then si <- dx (a chain: ax is no source), b8
 * (b3->b4) ax <- si. */
static void case_gcd(void)
{
	destr_file("testsuite/ir/gcd.ir",
		   "p82=ax p83=si u2=di u3=si u7.0=ax u7.1=dx u8=si u9=dx",
		   (Want){"b2: 2, 3, 20, 21 | b3: 7, 8, 9, 22, 23 | b4: 15, 16 "
			  "| b5: move ax di | b6: move ax di | b7: move ax si, "
			  "move si dx | b8: move ax si",
			  5, 0, 4});
}

/* Copies at the ends of the predecessors (one successor each, no
 * branch): y in si until the join, in bx after it. */
static void case_pred_end(void)
{
	destr_file("testsuite/ir/alloc/diamond.ir",
		   "p1=di p2=si p3=dx p4=cx b5.p2=bx u8=bx",
		   (Want){"b2: 1, 2, 3, 4 | b3: 5, 11, move bx si | b4: 6, 12, "
			  "7, move bx si | b5: 8, 9, 10",
			  2, 0, 0});
}

/* Before a plain jump (it names no register), after a fall-through. */
static void case_before_jump(void)
{
	Fn *orig = t_parse_fn("func jmp\n"
			      "  pseudo p1 gpr 8\n"
			      "b2: -> b3 b4\n"
			      "  1: copy =p1, %di\n"
			      "  2: ord \"cmp\" =%flags, p1, $0\n"
			      "  3: branch \"jcc\" %flags\n"
			      "b3: -> b5\n"
			      "  4: ord \"add\" =p1, p1 ^0, $1 clobber {flags}\n"
			      "  5: branch \"jmp\"\n"
			      "b4: -> b5\n"
			      "  6: ord \"sub\" =p1, p1 ^0, $1 clobber {flags}\n"
			      "b5:\n"
			      "  7: copy =%ax, p1\n"
			      "  8: ret %ax\n"
			      "end\n");
	if (orig)
		destr(orig, "p1=di b5.p1=cx",
		      (Want){"b2: 1, 2, 3 | b3: 4, move cx di, 5 | b4: 6, move "
			     "cx di | b5: 7, 8",
			     2, 0, 0});
	fn_free(orig);
}

/* At the start of a block whose only predecessor has two successors. */
static void case_block_start(void)
{
	Fn *orig = t_parse_fn("func start\n"
			      "  pseudo p1 gpr 8\n"
			      "  pseudo p2 gpr 8\n"
			      "b2: -> b3 b4\n"
			      "  1: copy =p1, %di\n"
			      "  2: ord \"cmp\" =%flags, p1, $0\n"
			      "  3: branch \"jcc\" %flags\n"
			      "b3:\n"
			      "  4: phi =p2, p1 from b2\n"
			      "  5: copy =%ax, p2\n"
			      "  6: ret %ax\n"
			      "b4:\n"
			      "  7: copy =%ax, p1\n"
			      "  8: ret %ax\n"
			      "end\n");
	if (orig)
		destr(orig, "p1=di p2=cx",
		      (Want){"b2: 1, 2, 3 | b3: move cx di, 5, 6 | b4: 7, 8", 1,
			     0, 0});
	fn_free(orig);
}

/* The undefined version needs no copy: the critical edge b2 -> b4 stays
 * as it is; b3 -> b4 gets one move. */
static void case_undef(void)
{
	destr_file("testsuite/ir/alloc/undef.ir", "p1=di p2=cx b4.p2=ax",
		   (Want){"b2: 1, 2, 3 | b3: 4, move ax cx | b4: 5, 6", 1, 0,
			  0});
}

/* Read-modify-write operands come back as they were; p3 takes r8:r9. */
static void case_rmw(void)
{
	destr_file("testsuite/ir/alloc/rmw.ir", "p2=ax p3=r8 p4=cx",
		   (Want){"b2: 1, 6, 2, 3, 4, 5, 7, 8 | b3: 9 | b4: 10, 11", 0,
			  0, 0});
	/* a colouring that separates a tied pair is refused */
	Fn *orig = t_load_fn("testsuite/ir/alloc/rmw.ir");
	if (!orig)
		return;
	Fn *fn = fn_copy(orig);
	Ssa ssa;
	char err[256] = "";
	if (t_check(ssa_construct(fn, &ssa, err, sizeof err), __FILE__,
		    __LINE__, "%s", err)) {
		Loc *loc = colour(fn, &ssa, "p2=ax p3=r8 p4=cx u2=dx");
		CHECK(!ssa_destruct(fn, &ssa, loc, NULL, err, sizeof err));
		t_check(strstr(err, "uid 2: operand 0 is at dx but the value "
				    "it modifies at ax") != NULL,
			__FILE__, __LINE__, "%s", err);
	}
	fn_free(fn);
	fn_free(orig);
}

/* A phi in the entry block: nothing to copy with one location. */
static void case_entry_loop(void)
{
	destr_file("testsuite/ir/alloc/entry_loop.ir", "p1=ax",
		   (Want){"b2: 1 | b3: 2, 3 | b4: 4, 5", 0, 0, 0});
}

/* Phi sources written out of predecessor order (the text format allows
 * it): the destruction puts them in order first. */
static void case_phi_order(void)
{
	Fn *orig = t_parse_fn("func order\n"
			      "  pseudo p1 gpr 8\n"
			      "  pseudo p2 gpr 8\n"
			      "  pseudo p3 gpr 8\n"
			      "b2: -> b3 b4\n"
			      "  1: copy =p1, %di\n"
			      "  2: ord \"cmp\" =%flags, p1, $0\n"
			      "  3: branch \"jcc\" %flags\n"
			      "b3: -> b5\n"
			      "  4: ord \"add\" =p2, p1, $1\n"
			      "b4: -> b5\n"
			      "  5: ord \"sub\" =p3, p1, $1\n"
			      "b5:\n"
			      "  6: phi =p1, p3 from b4, p2 from b3\n"
			      "  7: copy =%ax, p1\n"
			      "  8: ret %ax\n"
			      "end\n");
	if (orig)
		destr(orig, "p1=di p2=cx p3=dx b5.p1=ax u6=ax",
		      (Want){"b2: 1, 2, 3 | b3: 4, move ax cx | b4: 5, move ax "
			     "dx | b5: 7, 8",
			     2, 0, 0});
	fn_free(orig);
}

/* An abnormal critical edge cannot take copies. */
static void case_abnormal(void)
{
	Fn *orig = t_parse_fn("func abn\n"
			      "  pseudo p1 gpr 8\n"
			      "  pseudo p2 gpr 8\n"
			      "  pseudo p3 gpr 8\n"
			      "b2: -> b3 b4!abnormal\n"
			      "  1: copy =p1, %di\n"
			      "  2: ord \"may_throw\" p1\n"
			      "b3: -> b4\n"
			      "  3: ord \"add\" =p2, p1, $1\n"
			      "b4:\n"
			      "  4: phi =p3, p1 from b2, p2 from b3\n"
			      "  5: copy =%ax, p3\n"
			      "  6: ret %ax\n"
			      "end\n");
	if (!orig)
		return;
	destr(orig, "p1=di p2=cx p3=di",
	      (Want){"b2: 1, 2 | b3: 3, move di cx | b4: 5, 6", 1, 0, 0});
	Fn *fn = fn_copy(orig);
	Ssa ssa;
	char err[256] = "";
	if (t_check(ssa_construct(fn, &ssa, err, sizeof err), __FILE__,
		    __LINE__, "%s", err)) {
		Loc *loc = colour(fn, &ssa, "p1=di p2=cx p3=ax");
		CHECK(!ssa_destruct(fn, &ssa, loc, NULL, err, sizeof err));
		CHECK_STR(err, "the phis of b4 need copies on the abnormal "
			       "edge from b2 (ax <- di), and b2 ends in no "
			       "plain branch (nothing may go before it)");
	}
	fn_free(fn);
	fn_free(orig);
}

/* A computed goto: b3 (a label) is reached from b2 and over the abnormal
 * edge from b4, whose indirect jump reads p2 and also leads to b5.  SSA:
 * x (p1) has versions uid 1 (di), the phi at b3 and uid 4 (ax); y (p3)
 * and the target p2 live throughout; p4 is defined in b4 and read in b5
 * only.  With the phi in cx, the edge b4 -> b3 needs cx <- ax: b4 has two
 * successors and b3 two predecessors, so the copy can only go before
 * b4's jump, which is harmless when cx holds nothing live into b5 (p3
 * si, x ax, p4 bx) and the jump does not read it (p2 dx): move cx ax
 * before uid 6; b2's copy cx <- di at its end.  With p4 in cx the move
 * would destroy p4 on the way to b5: refused, naming the copy and cx. */
static void case_abnormal_jump(void)
{
	Fn *orig = t_parse_fn("func cgoto\n"
			      "  pseudo p1 gpr 8\n"
			      "  pseudo p2 gpr 8\n"
			      "  pseudo p3 gpr 8\n"
			      "  pseudo p4 gpr 8\n"
			      "b2: -> b3\n"
			      "  1: copy =p1, %di\n"
			      "  2: copy =p3, %si\n"
			      "  3: copy =p2, %dx\n"
			      "b3: -> b4\n"
			      "  4: ord \"lea\" =p1, p1\n"
			      "b4: -> b3!abnormal b5!abnormal\n"
			      "  5: ord \"mov\" =p4, $7\n"
			      "  6: branch \"*indirect_jump\" p2\n"
			      "b5:\n"
			      "  7: ord \"add\" =p3, p3 ^0, p1 clobber {flags}\n"
			      "  8: ord \"add\" =p3, p3 ^0, p4 clobber {flags}\n"
			      "  9: copy =%ax, p3\n"
			      "  10: ret %ax\n"
			      "end\n");
	if (!orig)
		return;
	destr(orig, "p1=di b3.p1=cx u4=ax p2=dx p3=si p4=bx",
	      (Want){"b2: 1, 2, 3, move cx di | b3: 4 | b4: 5, move cx ax, 6 "
		     "| b5: 7, 8, 9, 10",
		     2, 0, 0});
	Fn *fn = fn_copy(orig);
	Ssa ssa;
	char err[256] = "";
	if (t_check(ssa_construct(fn, &ssa, err, sizeof err), __FILE__,
		    __LINE__, "%s", err)) {
		Loc *loc = colour(fn, &ssa, "p1=di b3.p1=cx u4=ax p2=dx p3=si "
					    "p4=cx");
		CHECK(!ssa_destruct(fn, &ssa, loc, NULL, err, sizeof err));
		CHECK_STR(err, "the phis of b3 need copies on the abnormal "
			       "edge from b4 (cx <- ax), and before its jump "
			       "they would overwrite what its other "
			       "successors read: cx");
	}
	fn_free(fn);
	fn_free(orig);
}

/* A parallel copy inserted before a constrained instruction (as
 * constraint handling makes them): a and b exchange registers before
 * uid 3.  SSA: uid 1 defines p3 (a, di), uid 2 p4 (b, si); the copy
 * p6 <- p3, p7 <- p4 with p6 in si and p7 in di feeds uid 3, whose
 * result p5 is tied to p6 (si).  One exchange in place of the copy. */
static void case_inserted_pcopy(void)
{
	Fn *orig = t_parse_fn("func perm\n"
			      "  pseudo p1 gpr 8\n"
			      "  pseudo p2 gpr 8\n"
			      "b2:\n"
			      "  1: copy =p1, %di\n"
			      "  2: copy =p2, %si\n"
			      "  3: ord \"sub\" =p1, p1 ^0, p2 clobber {flags}\n"
			      "  4: copy =%ax, p1\n"
			      "  5: ret %ax\n"
			      "end\n");
	if (!orig)
		return;
	Fn *fn = fn_copy(orig);
	Ssa ssa;
	char err[256] = "";
	if (t_check(ssa_construct(fn, &ssa, err, sizeof err), __FILE__,
		    __LINE__, "%s", err)) {
		Ins *i3 = t_ins(fn, 3, NULL);
		CHECK(i3->ops[1].reg == 3 && i3->ops[2].reg == 4);
		int a = ssa_new_version(fn, &ssa, 3);
		int b = ssa_new_version(fn, &ssa, 4);
		CHECK(a == 6 && b == 7);
		Ins *pc = ins_new(fn, IK_PCOPY, 4);
		pc->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = a,
				  .tie = -1, .from = -1};
		pc->ops[1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = 3,
				  .tie = -1, .from = -1};
		pc->ops[2] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = b,
				  .tie = -1, .from = -1};
		pc->ops[3] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = 4,
				  .tie = -1, .from = -1};
		ins_insert_before(fn->blk[0], i3, pc);
		i3->ops[1].reg = a;
		i3->ops[2].reg = b;
		Loc *loc = colour(fn, &ssa, "u1=di u2=si u3=si v6=si v7=di");
		SsaDestrStats st;
		if (t_check(ssa_destruct(fn, &ssa, loc, &st, err, sizeof err),
			    __FILE__, __LINE__, "%s", err)) {
			CHECK_STR(layout(fn), "b2: 1, 2, swap si di, 3, 4, 5");
			CHECK_INT(st.swaps, 1);
			CHECK_INT(st.moves, 0);
			CHECK_INT(st.npcopy, 1);
			verified(orig, fn, "perm");
		}
	}
	fn_free(fn);
	fn_free(orig);
}

static Op mem_op(int p, int flags)
{
	return (Op){.kind = OK_PSEUDO, .flags = (uint8_t)(flags | OF_MEM),
		    .reg = p, .tie = -1, .from = -1};
}

/* A join of n critical edges: b2 branches to n arms, each defines
 * p1..p8 and goes to the join (b{n+3}, 8 phis) or an exit.  Arm k puts
 * variable v in location (v - 1 + k) mod 8 of {ax dx cx bx si di s0 s1},
 * the phis have v in location v - 1: each edge is a rotation by k (arm 0
 * needs nothing).  Every edge with copies is split.  Rotations of general
 * registers through slots take moves; the registers-only cycles of a
 * rotation take swaps. */
static void case_wide_join(void)
{
	enum { N = 400, V = 8 };
	Fn *fn = fn_new("wide", target_x86_64());
	for (int v = 1; v <= V; v++)
		fn_declare_pseudo(fn, v, RC_GPR, 8);
	Blk *h = fn_add_block(fn, 2);
	for (int k = 0; k < N; k++)
		fn_add_block(fn, 3 + k);
	Blk *join = fn_add_block(fn, 3 + N), *ex = fn_add_block(fn, 4 + N);
	int uid = 1;
	Op flags_def = {.kind = OK_HREG, .flags = OF_DEF, .reg = R_FLAGS,
			.tie = -1, .from = -1};
	Op flags_use = flags_def;
	flags_use.flags = OF_USE;
	for (int k = 0; k < N; k++)
		blk_add_succ(fn, h, 1 + k, 0);
	for (int k = 0; k < N; k++) {
		Blk *arm = fn->blk[1 + k];
		blk_add_succ(fn, arm, join->idx, 0);
		blk_add_succ(fn, arm, ex->idx, 0);
		for (int v = 1; v <= V; v++) {
			Ins *i = ins_new(fn, IK_ORD, 2);
			i->uid = uid++;
			i->ops[0] = mem_op(v, OF_DEF);
			i->ops[1] = (Op){.kind = OK_IMM, .flags = OF_USE, .imm = k,
					 .tie = -1, .from = -1};
			ins_append(arm, i);
		}
		Ins *c = ins_new(fn, IK_ORD, 1);
		c->uid = uid++;
		c->ops[0] = flags_def;
		ins_append(arm, c);
		Ins *j = ins_new(fn, IK_BRANCH, 1);
		j->uid = uid++;
		j->ops[0] = flags_use;
		ins_append(arm, j);
	}
	for (int v = 1; v <= V; v++) {
		Ins *i = ins_new(fn, IK_ORD, 1);
		i->uid = uid++;
		i->ops[0] = mem_op(v, OF_USE);
		ins_append(join, i);
	}
	Ins *r = ins_new(fn, IK_RET, 0);
	r->uid = uid++;
	ins_append(join, r);
	r = ins_new(fn, IK_RET, 0);
	r->uid = uid++;
	ins_append(ex, r);
	fn_preds(fn);
	Fn *orig = fn_copy(fn);
	Ssa ssa;
	char err[256] = "";
	if (t_check(ssa_construct(fn, &ssa, err, sizeof err), __FILE__,
		    __LINE__, "%s", err)) {
		CHECK_INT(ssa.nphi, V);
		static const int regs[] = {R_AX, R_DX, R_CX, R_BX, R_SI, R_DI};
		Loc *loc = ARENA_NEW(fn->arena, Loc, fn->npseudo + 1);
		fn_declare_slot(fn, 0, 8);
		fn_declare_slot(fn, 1, 8);
		for (int k = 0; k < N; k++)
			for (Ins *i = fn->blk[1 + k]->first; i; i = i->next)
				if (i->ops[0].kind == OK_PSEUDO) {
					int x = (ssa.origin[i->ops[0].reg] - 1 + k) %
						V;
					loc[i->ops[0].reg] =
						x < 6 ? (Loc){LOC_REG, regs[x]}
						      : (Loc){LOC_SLOT, x - 6};
				}
		for (Ins *i = join->first; i && i->kind == IK_PHI; i = i->next) {
			int x = ssa.origin[i->ops[0].reg] - 1;
			loc[i->ops[0].reg] = x < 6 ? (Loc){LOC_REG, regs[x]}
						   : (Loc){LOC_SLOT, x - 6};
		}
		SsaDestrStats st;
		if (t_check(ssa_destruct(fn, &ssa, loc, &st, err, sizeof err),
			    __FILE__, __LINE__, "%s", err)) {
			/* arms k = 0 mod 8 need nothing */
			CHECK_INT(st.nsplit, N - N / V);
			CHECK_INT(st.npcopy, N - N / V);
			CHECK(st.swaps > 0 && st.moves > 0);
			verified(orig, fn, "wide");
		}
	}
	fn_free(fn);
	fn_free(orig);
}

/* ---- random functions, random valid colourings ---- */

typedef struct Rng {
	uint64_t s;
} Rng;

static int rnd(Rng *r, int n)
{
	r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((r->s >> 33) % (uint64_t)n);
}

/* A random function, not SSA: blocks with one or two successors (none
 * abnormal) or a return, instructions defining, reading and modifying
 * p1..p4 (gpr) and p5, p6 (sse), every operand accepting memory so that
 * any colouring in registers or slots is valid.  Reads before writes
 * occur (undefined values). */
static Fn *random_fn(Rng *r)
{
	Fn *fn = fn_new("rnd", target_x86_64());
	for (int p = 1; p <= 6; p++)
		fn_declare_pseudo(fn, p, p <= 4 ? RC_GPR : RC_SSE, 8);
	int nb = 2 + rnd(r, 8), uid = 1;
	for (int b = 0; b < nb; b++)
		fn_add_block(fn, 2 + b);
	for (int b = 0; b < nb; b++) {
		Blk *bb = fn->blk[b];
		int ns = rnd(r, 5) == 0 ? 0 : 1 + rnd(r, 2);
		for (int k = 0; k < ns; k++)
			blk_add_succ(fn, bb,
				     k == 0 && b + 1 < nb && rnd(r, 3)
					     ? b + 1
					     : rnd(r, nb),
				     0);
		int nins = rnd(r, 5);
		for (int k = 0; k < nins; k++) {
			int sse = rnd(r, 3) == 0;
			int base = sse ? 5 : 1, nv = sse ? 2 : 4;
			int shape = rnd(r, 4);
			Ins *i = ins_new(fn, IK_ORD, shape == 3 ? 1 : 2);
			i->uid = uid++;
			int a = base + rnd(r, nv), c = base + rnd(r, nv);
			if (shape == 3)
				i->ops[0] = mem_op(a, OF_USE);
			else {
				i->ops[0] = mem_op(a, shape == 2
							      ? OF_USE | OF_DEF
							      : OF_DEF);
				i->ops[1] = mem_op(c == a ? base + (a - base + 1) % nv
							  : c,
						   OF_USE);
			}
			ins_append(bb, i);
		}
		if (ns == 2) {
			Ins *c = ins_new(fn, IK_ORD, 2);
			c->uid = uid++;
			c->ops[0] = (Op){.kind = OK_HREG, .flags = OF_DEF,
					 .reg = R_FLAGS, .tie = -1, .from = -1};
			c->ops[1] = mem_op(1 + rnd(r, 4), OF_USE);
			ins_append(bb, c);
		}
		if (ns == 2 || (ns == 1 && rnd(r, 2))) {
			Ins *j = ins_new(fn, IK_BRANCH, ns == 2);
			j->uid = uid++;
			if (ns == 2)
				j->ops[0] = (Op){.kind = OK_HREG,
						 .flags = OF_USE,
						 .reg = R_FLAGS, .tie = -1,
						 .from = -1};
			ins_append(bb, j);
		}
		if (ns == 0) {
			Ins *ret = ins_new(fn, IK_RET, 1);
			ret->uid = uid++;
			ret->ops[0] = mem_op(1 + rnd(r, 4), OF_USE);
			ins_append(bb, ret);
		}
	}
	fn_preds(fn);
	return fn;
}

/* Interference of the SSA function: a definition interferes with what
 * is live after its instruction and with the other definitions there;
 * phi definitions with the block's live-in values and with each other;
 * the values live into the entry or into an unreachable block without
 * predecessors (undefined versions: they have no definition) with each
 * other.  A bit matrix. */
static unsigned char *interference(Fn *fn, int np)
{
	unsigned char *m = calloc((size_t)np * (size_t)np, 1);
#define EDGE(a, b)                                                        \
	do {                                                              \
		if ((a) != (b) && (a) < np && (b) < np) {                 \
			m[(size_t)(a) * (size_t)np + (size_t)(b)] = 1;    \
			m[(size_t)(b) * (size_t)np + (size_t)(a)] = 1;    \
		}                                                         \
	} while (0)
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	LiveSet s;
	lset_init(&s, fn->arena, lv->nval);
	for (int b = 0; b < fn->nblk; b++) {
		live_set_out(lv, b, &s);
		Ins *firstnonphi = NULL;
		for (Ins *i = fn->blk[b]->last; i; i = i->prev) {
			if (i->kind == IK_PHI) {
				firstnonphi = i->next;
				break;
			}
			for (int k = 0; k < i->nops; k++) {
				const Op *d = &i->ops[k];
				if (d->kind != OK_PSEUDO || !(d->flags & OF_DEF))
					continue;
				for (int j = 0; j < s.n; j++)
					EDGE(d->reg, s.dense[j]);
				for (int j = 0; j < i->nops; j++)
					if (i->ops[j].kind == OK_PSEUDO &&
					    (i->ops[j].flags & OF_DEF))
						EDGE(d->reg, i->ops[j].reg);
			}
			live_step_back(fn, i, &s);
		}
		(void)firstnonphi;
		/* s: live-in plus the live phi defs */
		for (Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
		     i = i->next) {
			for (int j = 0; j < s.n; j++)
				EDGE(i->ops[0].reg, s.dense[j]);
			for (Ins *o = fn->blk[b]->first; o && o->kind == IK_PHI;
			     o = o->next)
				EDGE(i->ops[0].reg, o->ops[0].reg);
		}
	}
	for (int e = 0; e < fn->nblk; e++) {
		if (e != fn->entry && fn->blk[e]->npred)
			continue;
		for (int a = 0; a < lv->nin[e]; a++)
			for (int c = 0; c < lv->nin[e]; c++)
				EDGE(lv->in[e][a], lv->in[e][c]);
	}
#undef EDGE
	return m;
}

/* The pseudos of fn in the order a colouring visits them: those never
 * defined (undefined versions) first, then the definitions in dominator
 * tree pre-order, each block's instructions in order, then the
 * unreachable blocks.  A tied use's value then always comes before the
 * definition tied to it.  malloc'ed. */
static int *program_order(Fn *fn, int *n)
{
	int np = fn->npseudo, k = 0;
	int *order = malloc(sizeof(int) * (size_t)(np + 1));
	bool *seen = calloc((size_t)np + 1, sizeof(bool));
	Cfg *cfg = cfg_build(fn);
	DomTree *d = dom_build(fn, cfg);
	int *blocks = malloc(sizeof(int) * (size_t)(fn->nblk + 1)), nb = 0;
	for (int j = 0; j < d->norder; j++)
		blocks[nb++] = d->order[j];
	for (int b = 0; b < fn->nblk; b++)
		if (!cfg_reachable(cfg, b))
			blocks[nb++] = b;
	bool *defd = calloc((size_t)np + 1, sizeof(bool));
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int o = 0; o < i->nops; o++)
				if (i->ops[o].kind == OK_PSEUDO &&
				    (i->ops[o].flags & OF_DEF))
					defd[i->ops[o].reg] = true;
	for (int p = 0; p < np; p++)
		if (!defd[p] && fn->pseudo[p].cls >= 0) {
			order[k++] = p;
			seen[p] = true;
		}
	for (int j = 0; j < nb; j++)
		for (Ins *i = fn->blk[blocks[j]]->first; i; i = i->next)
			for (int o = 0; o < i->nops; o++) {
				int p = i->ops[o].reg;
				if (i->ops[o].kind == OK_PSEUDO &&
				    (i->ops[o].flags & OF_DEF) && !seen[p]) {
					order[k++] = p;
					seen[p] = true;
				}
			}
	free(seen);
	free(defd);
	free(blocks);
	*n = k;
	return order;
}

/* Before some instructions of the SSA function, a parallel copy (uid 0)
 * of the pseudos the instruction reads into new versions, which that
 * instruction then reads instead (the old versions may stay live), as
 * constraint handling inserts them. */
static void insert_random_pcopies(Rng *r, Fn *fn, Ssa *ssa)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind == IK_PHI || i->uid == 0 || rnd(r, 3))
				continue;
			int used[8], n = 0;
			for (int o = 0; o < i->nops && n < 8; o++) {
				const Op *op = &i->ops[o];
				if (op->kind != OK_PSEUDO || (op->flags & OF_DEF))
					continue;
				bool dup = false;
				for (int k = 0; k < n; k++)
					dup |= used[k] == op->reg;
				if (!dup)
					used[n++] = op->reg;
			}
			if (!n)
				continue;
			Ins *pc = ins_new(fn, IK_PCOPY, 2 * n);
			for (int k = 0; k < n; k++) {
				int v = ssa_new_version(fn, ssa, used[k]);
				pc->ops[2 * k] = (Op){.kind = OK_PSEUDO,
						      .flags = OF_DEF, .reg = v,
						      .tie = -1, .from = -1};
				pc->ops[2 * k + 1] = (Op){.kind = OK_PSEUDO,
							  .flags = OF_USE,
							  .reg = used[k],
							  .tie = -1,
							  .from = -1};
				for (int o = 0; o < i->nops; o++)
					if (i->ops[o].kind == OK_PSEUDO &&
					    !(i->ops[o].flags & OF_DEF) &&
					    i->ops[o].reg == used[k])
						i->ops[o].reg = v;
			}
			ins_insert_before(fn->blk[b], i, pc);
		}
}

/* A valid random colouring, in program order (program_order): the new
 * version of a read-modify-write takes the old one's location; the
 * others a random register of {ax dx cx} resp. {xmm0 xmm1} or a slot,
 * none an interfering neighbour's.  Returns NULL (case failed) if a tie
 * cannot be met. */
static Loc *random_colouring(Rng *r, Fn *fn, const Ssa *ssa)
{
	int np = fn->npseudo, norder;
	int *order = program_order(fn, &norder);
	bool *done = calloc((size_t)np + 1, sizeof(bool));
	unsigned char *m = interference(fn, np);
	int *tied = malloc(sizeof(int) * (size_t)np);
	for (int p = 0; p < np; p++)
		tied[p] = -1;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			int n;
			const SsaRmw *rw = ssa_rmw_of(ssa, i->uid, &n);
			for (int k = 0; i->uid && k < n; k++)
				tied[i->ops[rw[k].op].reg] =
					i->ops[rw[k].use].reg;
		}
	Loc *loc = ARENA_NEW(fn->arena, Loc, np + 1);
	static const int gpr[] = {R_AX, R_DX, R_CX};
	static const int sse[] = {R_XMM0, R_XMM1};
	bool ok = true;
	for (int j = 0; j < norder && ok; j++) {
		int p = order[j];
		Loc cand[40];
		int nc = 0;
		if (tied[p] >= 0) {
			cand[nc++] = loc[tied[p]];
		} else {
			bool isg = fn->pseudo[p].cls == RC_GPR;
			int nr = isg ? 3 : 2, off = rnd(r, nr);
			bool slots_first = rnd(r, 4) == 0;
			for (int s = 0; slots_first && s < 8; s++)
				cand[nc++] = (Loc){LOC_SLOT, s};
			for (int k = 0; k < nr; k++)
				cand[nc++] = (Loc){LOC_REG,
						   (isg ? gpr : sse)[(k + off) % nr]};
			for (int s = 0; s < 24; s++)
				cand[nc++] = (Loc){LOC_SLOT, s};
		}
		int pick = -1;
		for (int c = 0; c < nc && pick < 0; c++) {
			bool clash = false;
			for (int q = 0; q < np && !clash; q++)
				clash = done[q] &&
					m[(size_t)p * (size_t)np + (size_t)q] &&
					loc[q].kind == cand[c].kind &&
					loc[q].num == cand[c].num;
			if (!clash)
				pick = c;
		}
		ok = t_check(pick >= 0, __FILE__, __LINE__,
			     "p%d: no location (tied %d)", p, tied[p]);
		if (!ok) {
			char *text = ir_print_str(fn);
			printf("SSA form:\n%s", text);
			free(text);
			for (int q = 0; q < np; q++)
				if (done[q] &&
				    m[(size_t)p * (size_t)np + (size_t)q] &&
				    loc[q].kind == cand[0].kind &&
				    loc[q].num == cand[0].num)
					printf("clash with p%d\n", q);
		}
		if (ok) {
			done[p] = true;
			loc[p] = cand[pick];
			if (loc[p].kind == LOC_SLOT &&
			    (loc[p].num >= fn->nslot ||
			     !fn->slot[loc[p].num].size))
				fn_declare_slot(fn, loc[p].num, 16);
		}
	}
	free(m);
	free(tied);
	free(order);
	free(done);
	return ok ? loc : NULL;
}

static void case_random(void)
{
	Rng r = {2024};
	long moves = 0, swaps = 0, splits = 0;
	for (int it = 0; it < 2000; it++) {
		Fn *orig = random_fn(&r);
		Fn *fn = fn_copy(orig);
		Ssa ssa;
		char err[256] = "", what[64];
		snprintf(what, sizeof what, "random %d", it);
		bool ok = t_check(ssa_construct(fn, &ssa, err, sizeof err),
				  __FILE__, __LINE__, "%s: %s", what, err);
		if (ok && it % 2)
			insert_random_pcopies(&r, fn, &ssa);
		Loc *loc = ok ? random_colouring(&r, fn, &ssa) : NULL;
		ok = ok && loc;
		SsaDestrStats st;
		if (ok && getenv("DUMP_IT") && atoi(getenv("DUMP_IT")) == it) {
			char *text = ir_print_str(fn);
			printf("SSA:\n%s", text);
			free(text);
			for (int p = 0; p < fn->npseudo; p++) {
				char nm[16];
				loc_name(fn, loc[p], nm, sizeof nm);
				printf("p%d=%s ", p, nm);
			}
			printf("\n");
		}
		ok = ok && t_check(ssa_destruct(fn, &ssa, loc, &st, err,
						sizeof err),
				   __FILE__, __LINE__, "%s: %s", what, err);
		ok = ok && verified(orig, fn, what);
		if (!ok) {
			char *text = ir_print_str(orig);
			printf("original:\n%s", text);
			free(text);
		}
		moves += ok ? st.moves : 0;
		swaps += ok ? st.swaps : 0;
		splits += ok ? st.nsplit : 0;
		fn_free(fn);
		fn_free(orig);
		if (!ok)
			return;
	}
	/* the colourings do make copies, exchanges and split edges */
	t_check(moves > 2000 && swaps > 50 && splits > 500, __FILE__,
		__LINE__, "%ld moves, %ld swaps, %ld splits", moves, swaps,
		splits);
}

void suite_ssadestr(void)
{
	t_case("ssadestr: lost-copy problem", case_lost_copy);
	t_case("ssadestr: swap problem", case_swap);
	t_case("ssadestr: swap problem, SSE", case_swap_sse);
	t_case("ssadestr: three-register rotation", case_rotate3);
	t_case("ssadestr: spilled phi", case_spill_phi);
	t_case("ssadestr: gcd coloured", case_gcd);
	t_case("ssadestr: copies at predecessor ends", case_pred_end);
	t_case("ssadestr: copies before a jump", case_before_jump);
	t_case("ssadestr: copies at a block start", case_block_start);
	t_case("ssadestr: undefined source", case_undef);
	t_case("ssadestr: read-modify-write restored", case_rmw);
	t_case("ssadestr: phi in the entry block", case_entry_loop);
	t_case("ssadestr: phi sources out of order", case_phi_order);
	t_case("ssadestr: abnormal edge", case_abnormal);
	t_case("ssadestr: abnormal edge, copies before the jump",
	       case_abnormal_jump);
	t_case("ssadestr: inserted parallel copy", case_inserted_pcopy);
	t_case("ssadestr: a join of 400 split edges", case_wide_join);
	t_case("ssadestr: 2,000 random colourings verified (half with "
	       "inserted parallel copies)",
	       case_random);
}
