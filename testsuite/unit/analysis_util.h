/* analysis_util.h - IR functions and helpers shared by the analysis unit
 * tests (test_cfg.c, test_dom.c, test_loops.c, test_liveness.c,
 * test_pressure.c).
 *
 * Expected values in the tests are computed by hand from these texts;
 * results are compared as strings of block labels ("b2 b3") and value
 * names ("p1 p2 %di", pseudos first, then hard registers in core order).
 */
#ifndef SSARA_ANALYSIS_UTIL_H
#define SSARA_ANALYSIS_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../core/cfg.h"
#include "../../core/dom.h"
#include "../../core/ir.h"
#include "../../core/irtext.h"
#include "../../core/liveness.h"
#include "../../core/loops.h"
#include "../../core/pressure.h"
#include "check.h"

/* ---- the functions ---- */

/* Straight line over three blocks. */
static const char T_LINE[] =
	"func line\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"b2: -> b3\n"
	"  1: copy =p1, %di\n"
	"  2: copy =p2, %si\n"
	"b3: -> b4\n"
	"  3: ord \"add\" =p3, p1, p2\n"
	"b4:\n"
	"  4: copy =%ax, p3\n"
	"  5: ret %ax\n"
	"end\n";

/* if/else with a phi at the join; p1 lives across both arms. */
static const char T_DIAMOND[] =
	"func diamond\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"b2: -> b3 b4\n"
	"  1: copy =p1, %di\n"
	"  2: ord \"cmp\" =%flags, p1, $0\n"
	"  3: branch \"jcc\" %flags\n"
	"b3: -> b5\n"
	"  4: ord \"add\" =p2, p1, $1\n"
	"b4: -> b5\n"
	"  5: ord \"sub\" =p3, p1, $1\n"
	"b5:\n"
	"  6: phi =p4, p2 from b3, p3 from b4\n"
	"  7: ord \"add\" =%ax, p4, p1\n"
	"  8: ret %ax\n"
	"end\n";

/* while (n) { if (s & 1) s += n; else s -= 1; } in SSA form: header b3,
 * diamond b4 -> b5 | b6 -> b7 (latch), exit b8. */
static const char T_WHILE_IF[] =
	"func while_if\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"  pseudo p5 gpr 8\n"
	"  pseudo p6 gpr 8\n"
	"b2: -> b3\n"
	"  1: copy =p1, %di\n"
	"  2: ord \"zero\" =p2, $0\n"
	"b3: -> b4 b8\n"
	"  3: phi =p3, p2 from b2, p6 from b7\n"
	"  4: ord \"cmp\" =%flags, p1, $0\n"
	"  5: branch \"jcc\" %flags\n"
	"b4: -> b5 b6\n"
	"  6: ord \"test\" =%flags, p3, $1\n"
	"  7: branch \"jcc\" %flags\n"
	"b5: -> b7\n"
	"  8: ord \"add\" =p4, p3, p1\n"
	"b6: -> b7\n"
	"  9: ord \"sub\" =p5, p3, $1\n"
	"b7: -> b3\n"
	"  10: phi =p6, p4 from b5, p5 from b6\n"
	"  11: branch \"jmp\"\n"
	"b8:\n"
	"  12: copy =%ax, p3\n"
	"  13: ret %ax\n"
	"end\n";

/* Loops nested three deep, not in SSA form, with read-modify-writes:
 *   b3: depth 1 (latch b9); b4: depth 2 (latch b7); b5: depth 3 (latch
 *   b6); b8: depth 2, sibling of b4 (latch b9). */
static const char T_NEST[] =
	"func nest\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"b2: -> b3\n"
	"  1: copy =p1, %di\n"
	"  2: ord \"zero\" =p2, $0\n"
	"b3: freq=1000 depth=1 -> b4 b10\n"
	"  3: ord \"cmp\" =%flags, p2, p1\n"
	"  4: branch \"jcc\" %flags\n"
	"b4: freq=9000 depth=2 -> b5\n"
	"  5: ord \"zero\" =p3, $0\n"
	"b5: freq=800 depth=3 -> b6\n"
	"  6: ord \"add\" +p2, p3\n"
	"b6: freq=500 depth=3 -> b5 b7\n"
	"  7: ord \"inc\" +p3, $1\n"
	"  8: ord \"cmp\" =%flags, p3, p1\n"
	"  9: branch \"jcc\" %flags\n"
	"b7: -> b4 b8\n"
	"  10: ord \"cmp\" =%flags, p2, $100\n"
	"  11: branch \"jcc\" %flags\n"
	"b8: -> b9\n"
	"  12: ord \"dec\" +p2, $1\n"
	"b9: -> b8 b3\n"
	"  13: ord \"cmp\" =%flags, p2, $50\n"
	"  14: branch \"jcc\" %flags\n"
	"b10:\n"
	"  15: copy =%ax, p2\n"
	"  16: ret %ax\n"
	"end\n";

/* Two blocks entering each other, both entered from b2: an irreducible
 * cycle, no natural loop. */
static const char T_IRRED[] =
	"func irred\n"
	"  pseudo p1 gpr 8\n"
	"b2: -> b3 b4\n"
	"  1: copy =p1, %di\n"
	"  2: ord \"cmp\" =%flags, p1, $0\n"
	"  3: branch \"jcc\" %flags\n"
	"b3: -> b4 b5\n"
	"  4: ord \"dec\" +p1, $1\n"
	"  5: ord \"cmp\" =%flags, p1, $0\n"
	"  6: branch \"jcc\" %flags\n"
	"b4: -> b3 b5\n"
	"  7: ord \"dec\" +p1, $2\n"
	"  8: ord \"cmp\" =%flags, p1, $0\n"
	"  9: branch \"jcc\" %flags\n"
	"b5:\n"
	"  10: copy =%ax, p1\n"
	"  11: ret %ax\n"
	"end\n";

/* b3 is unreachable and jumps into reachable code; b5 <-> b6 is an
 * unreachable cycle that also jumps into b4. */
static const char T_UNREACH[] =
	"func unreach\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"b2: -> b4\n"
	"  1: copy =p1, %di\n"
	"b3: -> b4\n"
	"  2: ord \"neg\" =p3, p2\n"
	"b4:\n"
	"  3: ord \"add\" =%ax, p1, $1\n"
	"  4: ret %ax\n"
	"b5: -> b6\n"
	"b6: -> b5 b4\n"
	"  5: ord \"x\" =p2, p1\n"
	"end\n";

/* A self loop counting p2 down. */
static const char T_SELF[] =
	"func self\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"b2: freq=100 depth=0 -> b3\n"
	"  1: copy =p1, %di\n"
	"b3: freq=900 depth=1 -> b3 b4\n"
	"  2: phi =p2, p1 from b2, p3 from b3\n"
	"  3: ord \"dec\" =p3, p2, $1\n"
	"  4: ord \"cmp\" =%flags, p3, $0\n"
	"  5: branch \"jcc\" %flags\n"
	"b4: freq=100 depth=0\n"
	"  6: copy =%ax, p3\n"
	"  7: ret %ax\n"
	"end\n";

/* Briggs et al.'s lost-copy problem: x1 = 1; loop: x2 = phi(x1, x3);
 * x3 = x2 + 1; if (x3 < 10) goto loop; return x2.  The back edge
 * b3 -> b3 is critical and x2 is live out of b3 (used in b4). */
static const char T_LOSTCOPY[] =
	"func lostcopy\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"b2: -> b3\n"
	"  1: ord \"init\" =p1, $1\n"
	"b3: -> b3 b4\n"
	"  2: phi =p2, p1 from b2, p3 from b3\n"
	"  3: ord \"add\" =p3, p2, $1\n"
	"  4: ord \"cmp\" =%flags, p3, $10\n"
	"  5: branch \"jcc\" %flags\n"
	"b4:\n"
	"  6: copy =%ax, p2\n"
	"  7: ret %ax\n"
	"end\n";

/* Briggs et al.'s swap problem: a2 = phi(a1, b2); b2 = phi(b1, a2) on the
 * critical back edge b3 -> b3. */
static const char T_SWAP[] =
	"func swap\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"b2: -> b3\n"
	"  1: copy =p1, %di\n"
	"  2: copy =p2, %si\n"
	"b3: -> b3 b4\n"
	"  3: phi =p3, p1 from b2, p4 from b3\n"
	"  4: phi =p4, p2 from b2, p3 from b3\n"
	"  5: ord \"cmp\" =%flags, p3, p4\n"
	"  6: branch \"jcc\" %flags\n"
	"b4:\n"
	"  7: ord \"sub\" =%ax, p3, p4\n"
	"  8: ret %ax\n"
	"end\n";

/* The example of docs/IR.md: gcd, not in SSA form; an early-clobber def,
 * fixed registers, a clobber. */
static const char T_GCD[] =
	"func gcd\n"
	"  pseudo p82 gpr 4\n"
	"  pseudo p83 gpr 4\n"
	"  pseudo p84 gpr 4\n"
	"  pseudo p90 gpr 4\n"
	"b2: freq=1000 depth=0 -> b3 b4\n"
	"  2: copy =p82, %di\n"
	"  3: copy =p83, %si\n"
	"  20: ord \"*cmpsi_ccno_1\" =%flags, p83, $0\n"
	"  21: branch \"*jcc\" %flags\n"
	"b3: freq=9000 depth=1 -> b3 b4\n"
	"  7: ord \"*divmodsi4\" =p90 {ax}, =&p84 {dx}, p82 ^0, p83 mem "
	"clobber {flags}\n"
	"  8: copy =p82, p83\n"
	"  9: copy =p83, p84\n"
	"  22: ord \"*cmpsi_ccno_1\" =%flags, p83, $0\n"
	"  23: branch \"*jcc\" %flags\n"
	"b4: freq=1000 depth=0\n"
	"  15: copy =%ax, p82\n"
	"  16: ret %ax\n"
	"end\n";

/* A call: p1, p2 (gpr) and p5 (sse) live across it; its argument %di and
 * result %ax are precoloured values; the clobber set is SysV's. */
static const char T_CALL[] =
	"func call\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"  pseudo p5 sse 8\n"
	"b2:\n"
	"  1: copy =p1, %di\n"
	"  2: copy =p2, %si\n"
	"  3: copy =p5, %xmm0\n"
	"  4: copy =%di, p1\n"
	"  5: call \"f\" =%ax, %di clobber "
	"{ax,dx,cx,si,di,r8-r11,xmm0-xmm15,st0-st7,flags}\n"
	"  6: copy =p3, %ax\n"
	"  7: ord \"add\" =p4, p3, p2\n"
	"  8: ord \"cvt\" =%ax, p4, p1, p5\n"
	"  9: ret %ax\n"
	"end\n";

/* An instruction with an early-clobber def (like divmod: =p3, =&p4). */
static const char T_EARLY[] =
	"func early\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"b2:\n"
	"  1: copy =p1, %di\n"
	"  2: copy =p2, %si\n"
	"  3: ord \"divmod\" =p3, =&p4, p1, p2\n"
	"  4: ord \"add\" =%ax, p3, p4\n"
	"  5: ret %ax\n"
	"end\n";

/* A 16-byte GPR pseudo (two registers) built by two partial subreg defs
 * after a full def; a read-modify-write; a subreg def of a word-sized
 * pseudo, which is a full def. */
static const char T_WIDE[] =
	"func wide\n"
	"  pseudo p1 gpr 16\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"b2:\n"
	"  1: copy =p2, %di\n"
	"  2: copy =p3, %si\n"
	"  3: ord \"clobber\" =p1\n"
	"  4: ord \"setlo\" =p1[0,8], p2\n"
	"  5: ord \"sethi\" =p1[8,8], p3\n"
	"  6: ord \"inc\" +p2, $1\n"
	"  7: ord \"setl\" =p4[0,4], p2\n"
	"  8: ord \"use\" =%ax, p1, p4\n"
	"  9: ret %ax\n"
	"end\n";

/* Parallel edges b2 -> b4 (b2's successors 0 and 2) and a phi with two
 * sources from b2, in predecessor order. */
static const char T_PARALLEL[] =
	"func parallel\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"b2: -> b4 b3 b4\n"
	"  1: ord \"x\" =p1, $1\n"
	"  2: ord \"y\" =p2, $2\n"
	"  3: branch \"switch\" p1\n"
	"b3: -> b4\n"
	"  4: ord \"z\" =p3, $3\n"
	"b4:\n"
	"  5: phi =p4, p1 from b2, p2 from b2, p3 from b3\n"
	"  6: copy =%ax, p4\n"
	"  7: ret %ax\n"
	"end\n";

/* Four critical edges, one of them abnormal. */
static const char T_ABNORMAL[] =
	"func abnormal\n"
	"b2: freq=100 depth=1 -> b3 b4!abnormal b5\n"
	"b3: freq=50 depth=2 -> b4 b5\n"
	"b4: freq=70 depth=0\n"
	"b5: freq=30 depth=3\n"
	"end\n";

/* The entry is not the first block. */
static const char T_ENTRY2[] =
	"func entry2\n"
	"  entry b3\n"
	"b2: -> b4\n"
	"b3: -> b2\n"
	"b4:\n"
	"end\n";

/* ---- helpers ---- */

/* Parses text holding one function; NULL (case failed) on error.  The
 * caller frees with irfile_free(f). */
static inline Fn *t_fn(const char *text, IrFile *f)
{
	if (!t_parse(text, f))
		return NULL;
	if (!t_check(f->nfn == 1, __FILE__, __LINE__, "one function"))
		return NULL;
	return f->fn[0];
}

/* Index of the block labelled id (-1 and a failure if none). */
static inline int t_blk(const Fn *fn, int id)
{
	int b = fn_block_by_id(fn, id);
	t_check(b >= 0, __FILE__, __LINE__, "no block b%d", id);
	return b;
}

/* The instruction with uid, and its block index in *blk. */
static inline Ins *t_ins(const Fn *fn, int uid, int *blk)
{
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid == uid) {
				if (blk)
					*blk = b;
				return i;
			}
	t_check(false, __FILE__, __LINE__, "no instruction %d", uid);
	return NULL;
}

/* A growing string in fn's arena. */
typedef struct TStr {
	Arena *a;
	char *s;
	size_t n, cap;
} TStr;

static inline void ts_add(TStr *t, const char *piece)
{
	size_t k = strlen(piece);
	if (t->n + k + 2 > t->cap) {
		size_t cap = (t->n + k + 2) * 2;
		t->s = arena_grow(t->a, t->s, t->n, cap);
		t->cap = cap;
	}
	if (t->n)
		t->s[t->n++] = ' ';
	memcpy(t->s + t->n, piece, k);
	t->n += k;
	t->s[t->n] = 0;
}

static inline const char *ts_done(TStr *t)
{
	return t->s ? t->s : "";
}

/* "b2 b3 ...": labels of the block indices idx[0..n-1]. */
static inline const char *t_blocks(const Fn *fn, const int *idx, int n)
{
	TStr t = {fn->arena, NULL, 0, 0};
	char buf[32];
	for (int k = 0; k < n; k++) {
		if (idx[k] < 0 || idx[k] >= fn->nblk)
			snprintf(buf, sizeof buf, "?%d", idx[k]);
		else
			snprintf(buf, sizeof buf, "b%d", fn->blk[idx[k]]->id);
		ts_add(&t, buf);
	}
	return ts_done(&t);
}

/* Name of value v: "p7" or "%ax". */
static inline void t_value_name(const Fn *fn, int v, char *buf, size_t len)
{
	if (v < fn->npseudo)
		snprintf(buf, len, "p%d", v);
	else
		snprintf(buf, len, "%%%s",
			 fn->target->regs[v - fn->npseudo].name);
}

static inline int t_cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* "p1 p2 %di": the values vals[0..n-1], sorted. */
static inline const char *t_values(const Fn *fn, const int *vals, int n)
{
	int *v = ARENA_NEW(fn->arena, int, n + 1);
	memcpy(v, vals, sizeof(int) * (size_t)n);
	qsort(v, (size_t)n, sizeof(int), t_cmp_int);
	TStr t = {fn->arena, NULL, 0, 0};
	char buf[32];
	for (int k = 0; k < n; k++) {
		t_value_name(fn, v[k], buf, sizeof buf);
		ts_add(&t, buf);
	}
	return ts_done(&t);
}

static inline const char *t_lset(const Fn *fn, const LiveSet *s)
{
	return t_values(fn, s->dense, s->n);
}

static inline const char *t_live_in(const Fn *fn, const Live *lv, int id)
{
	int b = t_blk(fn, id);
	return b < 0 ? "?" : t_values(fn, lv->in[b], lv->nin[b]);
}

static inline const char *t_live_out(const Fn *fn, const Live *lv, int id)
{
	int b = t_blk(fn, id);
	return b < 0 ? "?" : t_values(fn, lv->out[b], lv->nout[b]);
}

/* Values live before (after = false: after) instruction uid, by stepping
 * back from its block's live_out. */
static inline const char *t_live_at(const Fn *fn, const Live *lv, int uid,
				    bool after)
{
	int b;
	Ins *at = t_ins(fn, uid, &b);
	if (!at)
		return "?";
	LiveSet s;
	lset_init(&s, fn->arena, lv->nval);
	live_set_out(lv, b, &s);
	for (Ins *i = fn->blk[b]->last; i; i = i->prev) {
		if (i == at && after)
			break;
		live_step_back(fn, i, &s);
		if (i == at)
			break;
	}
	return t_lset(fn, &s);
}

/* "b3:b2 b4:b3 ...": immediate dominators of the blocks that have one, in
 * block order. */
static inline const char *t_idoms(const Fn *fn, const DomTree *d)
{
	TStr t = {fn->arena, NULL, 0, 0};
	char buf[48];
	for (int b = 0; b < fn->nblk; b++)
		if (d->idom[b] >= 0) {
			snprintf(buf, sizeof buf, "b%d:b%d", fn->blk[b]->id,
				 fn->blk[d->idom[b]]->id);
			ts_add(&t, buf);
		}
	return ts_done(&t);
}

/* "b2:0 b3:1 ...": an int per block, in block order. */
static inline const char *t_per_block(const Fn *fn, const int *x)
{
	TStr t = {fn->arena, NULL, 0, 0};
	char buf[48];
	for (int b = 0; b < fn->nblk; b++) {
		snprintf(buf, sizeof buf, "b%d:%d", fn->blk[b]->id, x[b]);
		ts_add(&t, buf);
	}
	return ts_done(&t);
}

/* "b2 b3": a block's predecessors. */
static inline const char *t_preds(const Fn *fn, int id)
{
	int b = t_blk(fn, id);
	return b < 0 ? "?" : t_blocks(fn, fn->blk[b]->pred, fn->blk[b]->npred);
}

/* "b3 b4": a block's successors. */
static inline const char *t_succs(const Fn *fn, int id)
{
	int b = t_blk(fn, id);
	if (b < 0)
		return "?";
	int *s = ARENA_NEW(fn->arena, int, fn->blk[b]->nsucc + 1);
	for (int k = 0; k < fn->blk[b]->nsucc; k++)
		s[k] = fn->blk[b]->succ[k].blk;
	return t_blocks(fn, s, fn->blk[b]->nsucc);
}

/* "p1@b2 p3@b3": a phi's sources with their predecessor labels. */
static inline const char *t_phi(const Fn *fn, int uid)
{
	Ins *i = t_ins(fn, uid, NULL);
	if (!i)
		return "?";
	TStr t = {fn->arena, NULL, 0, 0};
	char buf[64], name[32];
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (o->flags & OF_DEF)
			continue;
		t_value_name(fn, live_value(fn, o), name, sizeof name);
		snprintf(buf, sizeof buf, "%s@b%d", name,
			 o->from >= 0 && o->from < fn->nblk
				 ? fn->blk[o->from]->id
				 : -1);
		ts_add(&t, buf);
	}
	return ts_done(&t);
}

/* ---- random functions for cross-checks against brute force ---- */

typedef struct TRand {
	uint64_t s;
} TRand;

static inline int t_rand(TRand *r, int n)
{
	r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((r->s >> 33) % (uint64_t)n);
}

/* Requires fn fresh.  Adds a random operand (pseudo 1..np-1, a hard
 * register, or an immediate) with the given flags. */
static inline void t_rand_op(TRand *r, Fn *fn, Op *o, int flags, int np)
{
	static const int regs[] = {R_AX, R_DI, R_BP, R_SP, R_XMM0, R_FLAGS};
	int k = t_rand(r, 10);
	o->flags = (uint8_t)flags;
	if (k < 7) {
		o->kind = OK_PSEUDO;
		o->reg = 1 + t_rand(r, np - 1);
		if (fn->pseudo[o->reg].size == 16 && t_rand(r, 2)) {
			o->sub_off = (uint8_t)(8 * t_rand(r, 2));
			o->sub_size = 8;
		}
	} else if (k < 9 || (flags & OF_DEF)) {
		o->kind = OK_HREG;
		o->reg = regs[t_rand(r, 6)];
	} else {
		o->kind = OK_IMM;
		o->imm = k;
	}
}

/* A random function: nblk blocks with 0-3 successors each, the first
 * usually the next block (parallel edges, self loops, abnormal edges and
 * unreachable blocks occur), predecessors computed,
 * phis at block starts in predecessor order, instructions with uses, defs,
 * read-modify-writes, early clobbers, subregs of a 16-byte pseudo, calls
 * with the SysV clobber set.  Pseudos 1..7: gpr 8, except p3 gpr 16 and
 * p5, p6 sse 16. */
static inline Fn *t_random_fn(uint64_t seed, int nblk)
{
	TRand r = {seed * 2654435761u + 1};
	Fn *fn = fn_new("random", target_x86_64());
	const int np = 8;
	for (int p = 1; p < np; p++)
		fn_declare_pseudo(fn, p, p == 5 || p == 6 ? RC_SSE : RC_GPR,
				  p == 3 || p == 5 || p == 6 ? 16 : 8);
	for (int b = 0; b < nblk; b++)
		fn_add_block(fn, 2 + b);
	for (int b = 0; b < nblk; b++) {
		int ns = t_rand(&r, 6) ? 1 + t_rand(&r, 3) : 0;
		for (int k = 0; k < ns; k++) {
			/* The first edge mostly falls through to the next
			 * block, so that most blocks are reachable. */
			int to = (k > 0 || t_rand(&r, 3) == 0)
					 ? t_rand(&r, nblk)
					 : (b + 1 < nblk ? b + 1 : 0);
			blk_add_succ(fn, fn->blk[b], to,
				     t_rand(&r, 12) == 0 ? EF_ABNORMAL : 0);
		}
	}
	fn_preds(fn);
	int uid = 1;
	for (int b = 0; b < nblk; b++) {
		Blk *bb = fn->blk[b];
		int nphi = bb->npred ? t_rand(&r, 3) : 0;
		for (int k = 0; k < nphi; k++) {
			Ins *i = ins_new(fn, IK_PHI, 1 + bb->npred);
			i->uid = uid++;
			t_rand_op(&r, fn, &i->ops[0], OF_DEF, np);
			for (int p = 0; p < bb->npred; p++) {
				t_rand_op(&r, fn, &i->ops[1 + p], OF_USE, np);
				i->ops[1 + p].from = bb->pred[p];
			}
			ins_append(bb, i);
		}
		int nins = t_rand(&r, 6);
		for (int k = 0; k < nins; k++) {
			int nops = 1 + t_rand(&r, 4);
			bool call = t_rand(&r, 8) == 0;
			Ins *i = ins_new(fn, call ? IK_CALL : IK_ORD, nops);
			i->uid = uid++;
			if (call)
				i->clobbers = fn->target->call_clobbered;
			for (int o = 0; o < nops; o++) {
				static const int fl[] = {
					OF_USE, OF_USE, OF_DEF, OF_DEF,
					OF_USE | OF_DEF, OF_DEF | OF_EARLY};
				t_rand_op(&r, fn, &i->ops[o], fl[t_rand(&r, 6)],
					  np);
			}
			ins_append(bb, i);
		}
	}
	return fn;
}

#endif
