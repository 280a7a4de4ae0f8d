/* gen.c - random structured IR functions. */
#include "gen.h"

#include <stdio.h>

typedef struct Gen {
	Fn *fn;
	GenOpts o;
	uint64_t rng;
	int uid;
	int budget;   /* instructions left */
	int *var;     /* pseudo numbers of the long-lived variables */
	int nvar;
	int *tmp;     /* temporaries defined in the current block */
	int ntmp, tmpcap;
} Gen;

/* xorshift64*: small, fast, good enough for test generation. */
static uint64_t rnd(Gen *g)
{
	g->rng ^= g->rng >> 12;
	g->rng ^= g->rng << 25;
	g->rng ^= g->rng >> 27;
	return g->rng * 2685821657736338717ull;
}

static int pick(Gen *g, int n)
{
	return (int)(rnd(g) % (uint64_t)n);
}

GenOpts gen_defaults(uint64_t seed, int ninstr)
{
	return (GenOpts){.seed = seed, .ninstr = ninstr, .nvars = 12,
			 .max_depth = 3, .call_pct = 3};
}

static Op op_pseudo(int p, int flags)
{
	return (Op){.kind = OK_PSEUDO, .flags = (uint8_t)flags, .reg = p,
		    .tie = -1, .from = -1};
}

static Op op_hreg(int r, int flags)
{
	return (Op){.kind = OK_HREG, .flags = (uint8_t)flags, .reg = r,
		    .tie = -1, .from = -1};
}

static Op op_imm(int64_t v)
{
	return (Op){.kind = OK_IMM, .flags = OF_USE, .imm = v, .tie = -1,
		    .from = -1};
}

static Ins *emit(Gen *g, Blk *b, int kind, int nops, const char *name)
{
	Ins *i = ins_new(g->fn, kind, nops);
	i->uid = ++g->uid;
	i->name = name;
	ins_append(b, i);
	g->budget--;
	return i;
}

/* A value of class cls to read: a temporary of this block or a variable. */
static int operand_value(Gen *g, int cls)
{
	for (int tries = 0; tries < 4 && g->ntmp; tries++) {
		int t = g->tmp[pick(g, g->ntmp)];
		if (g->fn->pseudo[t].cls == cls)
			return t;
	}
	for (;;) {
		int v = g->var[pick(g, g->nvar)];
		if (g->fn->pseudo[v].cls == cls)
			return v;
	}
}

static void add_tmp(Gen *g, int p)
{
	if (g->ntmp == g->tmpcap) {
		int cap = g->tmpcap ? 2 * g->tmpcap : 16;
		g->tmp = arena_grow(g->fn->arena, g->tmp,
				    sizeof(int) * (size_t)g->tmpcap,
				    sizeof(int) * (size_t)cap);
		g->tmpcap = cap;
	}
	g->tmp[g->ntmp++] = p;
}

/* One x87 instruction (long double values, 16 bytes): a constant load,
 * an operation with its result and first source fixed to st0 and its
 * second source to st1 (GCC's "t" and "u", as fpatan), or an addition,
 * two-address or not, its second source possibly in memory. */
static void gen_x87(Gen *g, Blk *b)
{
	int shape = pick(g, 6);
	int src1 = operand_value(g, RC_X87), src2 = operand_value(g, RC_X87);
	bool fresh = pick(g, 3) != 0;
	int dst = fresh ? fn_new_pseudo(g->fn, RC_X87, 16)
			: operand_value(g, RC_X87);
	Ins *i;
	if (shape == 0) {
		i = emit(g, b, IK_ORD, 2, "*movxf_internal");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[1] = op_imm(pick(g, 1000) - 500);
		i->flags = INS_REMAT;
	} else if (shape == 1) {
		i = emit(g, b, IK_ORD, 3, "*fpatanxf3_i387");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[0].allowed = RS_BIT(R_ST0);
		i->ops[1] = op_pseudo(src1, OF_USE);
		i->ops[1].allowed = RS_BIT(R_ST0);
		i->ops[1].tie = 0;
		i->ops[2] = op_pseudo(src2, OF_USE);
		i->ops[2].allowed = RS_BIT(R_ST1);
	} else {
		i = emit(g, b, IK_ORD, 3, "*addxf3_i387");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[1] = op_pseudo(src1, OF_USE);
		i->ops[1].tie = pick(g, 2) ? 0 : -1;
		i->ops[2] = op_pseudo(src2, OF_USE | OF_MEM);
	}
	if (fresh)
		add_tmp(g, dst);
}

/* One instruction with a memory-only operand (`{} mem`, GCC's "m"):
 * with x87 values a fild (floatdixf2: a long double from an integer read
 * in memory only) or a fistp (fix_truncdi_i387: an integer written to
 * memory only from a long double); else, or in one case in three, an
 * asm-like read of a general or SSE value in memory only, or a general
 * value written to memory only from another. */
static void gen_memonly(Gen *g, Blk *b)
{
	int shape = pick(g, 3);
	bool x87 = g->o.x87_pct > 0 && shape != 0;
	Ins *i;
	if (x87 && pick(g, 2)) {
		int src = operand_value(g, RC_GPR);
		int dst = fn_new_pseudo(g->fn, RC_X87, 16);
		i = emit(g, b, IK_ORD, 2, "floatdixf2");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[1] = op_pseudo(src, OF_USE | OF_MEM | OF_MEMONLY);
		add_tmp(g, dst);
	} else if (x87) {
		int src = operand_value(g, RC_X87);
		bool fresh = pick(g, 3) != 0;
		int dst = fresh ? fn_new_pseudo(g->fn, RC_GPR, 8)
				: operand_value(g, RC_GPR);
		i = emit(g, b, IK_ORD, 2, "fix_truncdi_i387");
		i->ops[0] = op_pseudo(dst, OF_DEF | OF_MEM | OF_MEMONLY);
		i->ops[1] = op_pseudo(src, OF_USE);
		if (fresh)
			add_tmp(g, dst);
	} else if (pick(g, 2)) {
		int cls = pick(g, 4) == 0 ? RC_SSE : RC_GPR;
		i = emit(g, b, IK_ORD, 1, "asm_use_m");
		i->ops[0] = op_pseudo(operand_value(g, cls),
				      OF_USE | OF_MEM | OF_MEMONLY);
	} else {
		int src = operand_value(g, RC_GPR);
		bool fresh = pick(g, 3) != 0;
		int dst = fresh ? fn_new_pseudo(g->fn, RC_GPR, 8)
				: operand_value(g, RC_GPR);
		i = emit(g, b, IK_ORD, 2, "asm_set_m");
		i->ops[0] = op_pseudo(dst, OF_DEF | OF_MEM | OF_MEMONLY);
		i->ops[1] = op_pseudo(src, OF_USE);
		if (fresh)
			add_tmp(g, dst);
	}
}

/* One ordinary instruction: a variable or a new temporary defined from
 * one or two values, sometimes two-address, sometimes with a fixed
 * register or an early clobber, sometimes a constant.  The sources are
 * chosen before the destination exists, so every use is dominated by a
 * definition. */
static void gen_ord(Gen *g, Blk *b)
{
	if (g->o.x87_pct > 0 && pick(g, 100) < g->o.x87_pct) {
		gen_x87(g, b);
		return;
	}
	if (g->o.memonly_pct > 0 && pick(g, 100) < g->o.memonly_pct) {
		gen_memonly(g, b);
		return;
	}
	int cls = pick(g, 5) == 0 ? RC_SSE : RC_GPR;
	int shape = pick(g, 10);
	int src1 = operand_value(g, cls), src2 = operand_value(g, cls);
	bool fresh = pick(g, 3) != 0;
	int dst = fresh ? fn_new_pseudo(g->fn, cls, 8) : operand_value(g, cls);
	Ins *i;
	if (shape == 0) {
		i = emit(g, b, IK_ORD, 2, "*movdi_internal");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[1] = op_imm(pick(g, 1000) - 500);
		i->flags = INS_REMAT;
	} else if (shape == 1 && cls == RC_GPR) {
		/* division: dividend in ax tied to the quotient, remainder
		 * in dx, written early */
		int rem = fn_new_pseudo(g->fn, RC_GPR, 8);
		i = emit(g, b, IK_ORD, 4, "*divmoddi4");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[0].allowed = RS_BIT(R_AX);
		i->ops[1] = op_pseudo(rem, OF_DEF | OF_EARLY);
		i->ops[1].allowed = RS_BIT(R_DX);
		i->ops[2] = op_pseudo(src1, OF_USE);
		i->ops[2].tie = 0;
		i->ops[3] = op_pseudo(src2, OF_USE | OF_MEM);
		i->clobbers = RS_BIT(R_FLAGS);
		add_tmp(g, rem);
	} else if (shape == 2 && cls == RC_GPR) {
		i = emit(g, b, IK_ORD, 3, "*ashldi3_1");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[1] = op_pseudo(src1, OF_USE);
		i->ops[1].tie = 0;
		i->ops[2] = op_pseudo(src2, OF_USE);
		i->ops[2].sub_size = 1;
		i->ops[2].allowed = RS_BIT(R_CX);
		i->clobbers = RS_BIT(R_FLAGS);
	} else {
		i = emit(g, b, IK_ORD, 3,
			 cls == RC_SSE ? "*adddf3" : "*adddi_1");
		i->ops[0] = op_pseudo(dst, OF_DEF);
		i->ops[1] = op_pseudo(src1, OF_USE);
		i->ops[1].tie = pick(g, 2) ? 0 : -1;
		i->ops[2] = op_pseudo(src2, OF_USE | OF_MEM);
		if (cls == RC_GPR)
			i->clobbers = RS_BIT(R_FLAGS);
	}
	if (fresh)
		add_tmp(g, dst);
}

/* A call g(x): x in di, result from ax into a variable. */
static void gen_call(Gen *g, Blk *b)
{
	const Target *t = g->fn->target;
	Ins *c = emit(g, b, IK_COPY, 2, NULL);
	c->ops[0] = op_hreg(R_DI, OF_DEF);
	c->ops[1] = op_pseudo(operand_value(g, RC_GPR), OF_USE);
	Ins *call = emit(g, b, IK_CALL, 2, "g");
	call->ops[0] = op_hreg(R_AX, OF_DEF);
	call->ops[1] = op_hreg(R_DI, OF_USE);
	call->clobbers = t->call_clobbered;
	Ins *r = emit(g, b, IK_COPY, 2, NULL);
	int dst = operand_value(g, RC_GPR);
	r->ops[0] = op_pseudo(dst, OF_DEF);
	r->ops[1] = op_hreg(R_AX, OF_USE);
}

/* Straight-line code into b: n instructions. */
static void gen_straight(Gen *g, Blk *b, int n)
{
	for (int k = 0; k < n && g->budget > 0; k++) {
		if (pick(g, 100) < g->o.call_pct)
			gen_call(g, b);
		else
			gen_ord(g, b);
	}
}

/* A compare of a variable with a constant and a conditional branch. */
static void gen_cond_branch(Gen *g, Blk *b)
{
	Ins *c = emit(g, b, IK_ORD, 3, "*cmpdi_1");
	c->ops[0] = op_hreg(R_FLAGS, OF_DEF);
	c->ops[1] = op_pseudo(operand_value(g, RC_GPR), OF_USE);
	c->ops[2] = op_imm(pick(g, 100));
	Ins *j = emit(g, b, IK_BRANCH, 1, "*jcc");
	j->ops[0] = op_hreg(R_FLAGS, OF_USE);
}

static Blk *new_block(Gen *g, int depth, int freq)
{
	Blk *b = fn_add_block(g->fn, g->fn->nblk + 2);
	b->depth = depth;
	b->freq = freq > 10000 ? 10000 : freq;
	g->ntmp = 0;
	return b;
}

/* Generates a region starting in block *cur; leaves the block where
 * control continues in *cur.  Shapes: straight code, a diamond, a loop. */
static void gen_region(Gen *g, Blk **cur, int depth, int freq)
{
	while (g->budget > 0) {
		int shape = pick(g, 10);
		if (shape < 4) {
			gen_straight(g, *cur, 1 + pick(g, 8));
		} else if (shape < 7) {
			Blk *head = *cur;
			gen_cond_branch(g, head);
			Blk *then = new_block(g, depth, freq / 2);
			Blk *els = new_block(g, depth, freq / 2);
			blk_add_succ(g->fn, head, then->idx, 0);
			blk_add_succ(g->fn, head, els->idx, 0);
			gen_straight(g, then, 1 + pick(g, 6));
			g->ntmp = 0; /* then's temporaries do not reach els */
			gen_straight(g, els, 1 + pick(g, 6));
			Blk *join = new_block(g, depth, freq);
			blk_add_succ(g->fn, then, join->idx, 0);
			blk_add_succ(g->fn, els, join->idx, 0);
			*cur = join;
		} else if (shape < 9 && depth < g->o.max_depth) {
			Blk *header = new_block(g, depth + 1, freq * 8);
			blk_add_succ(g->fn, *cur, header->idx, 0);
			Blk *body = header;
			int budget_after = g->budget - 1 - g->budget / 4;
			/* the loop body gets a share of the budget */
			int saved = g->budget;
			g->budget = saved - budget_after;
			gen_region(g, &body, depth + 1, freq * 8);
			g->budget += budget_after;
			gen_cond_branch(g, body);
			Blk *exit = new_block(g, depth, freq);
			blk_add_succ(g->fn, body, header->idx, 0);
			blk_add_succ(g->fn, body, exit->idx, 0);
			*cur = exit;
		} else {
			return;
		}
	}
}

Fn *gen_function(const char *name, const GenOpts *opts)
{
	Gen g = {.o = *opts, .rng = opts->seed * 2 + 1, .budget = opts->ninstr};
	g.fn = fn_new(name, target_x86_64());
	/* at least four variables: every fourth is SSE (and with x87
	 * values every fourth from the third is x87), so every class
	 * always has a value to read */
	g.nvar = opts->nvars > 4 ? opts->nvars : 4;
	g.var = ARENA_NEW(g.fn->arena, int, g.nvar);
	Blk *b = new_block(&g, 0, 1000);
	for (int k = 0; k < g.nvar; k++) {
		int cls = k % 4 == 3 ? RC_SSE : RC_GPR;
		/* with x87 values, every fourth from the third is one */
		if (opts->x87_pct > 0 && k % 4 == 2)
			cls = RC_X87;
		g.var[k] = fn_new_pseudo(g.fn, cls, cls == RC_X87 ? 16 : 8);
		Ins *i;
		if (k < 6 && cls == RC_GPR) {
			i = emit(&g, b, IK_COPY, 2, NULL);
			i->ops[1] = op_hreg(g.fn->target->arg_gpr[k], OF_USE);
		} else {
			i = emit(&g, b, IK_ORD, 2,
				 cls == RC_X87 ? "*movxf_internal"
					       : "*movdi_internal");
			i->ops[1] = op_imm(k);
			i->flags = INS_REMAT;
		}
		i->ops[0] = op_pseudo(g.var[k], OF_DEF);
	}
	while (g.budget > 0)
		gen_region(&g, &b, 0, 1000);
	Ins *c = emit(&g, b, IK_COPY, 2, NULL);
	c->ops[0] = op_hreg(R_AX, OF_DEF);
	c->ops[1] = op_pseudo(g.var[0], OF_USE);
	Ins *r = emit(&g, b, IK_RET, 1, NULL);
	r->ops[0] = op_hreg(R_AX, OF_USE);
	fn_preds(g.fn);
	return g.fn;
}
