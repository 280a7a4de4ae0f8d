/* spill_everywhere.c - every pseudo in its own slot; reload before each
 * use, spill after each definition. */
#include "spill_everywhere.h"
#include "err.h"

#include <stdio.h>

#include "cfg.h"
#include "liveness.h"

typedef struct SE {
	Fn *fn;
	const Target *t;
	int *slot_of;   /* per pseudo */
	char *err;
	size_t errlen;
} SE;

/* Hard registers live at the end of block b (from the live-out set). */
static RegSet hard_live_out(const Live *lv, int b)
{
	RegSet s = 0;
	for (int k = 0; k < lv->nout[b]; k++)
		if (lv->out[b][k] >= lv->npseudo)
			s |= RS_BIT(lv->out[b][k] - lv->npseudo);
	return s;
}

static Loc reg_loc(int r)
{
	return (Loc){LOC_REG, r};
}

static Loc slot_loc(int s)
{
	return (Loc){LOC_SLOT, s};
}

/* A new inserted instruction `kind =p @dst, p @src`. */
static Ins *transfer(Fn *fn, int kind, int p, Loc dst, Loc src)
{
	return ins_transfer(fn, kind, p, dst, p, src);
}

/* Registers an operand may take: its constraint or its class's
 * allocatable set. */
static RegSet op_allowed(const SE *se, const Op *o)
{
	RegSet all = fn_allocatable(se->fn, op_class(se->fn, o));
	return o->allowed ? o->allowed & all : all;
}

static int lowest(RegSet s)
{
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(s, r))
			return r;
	return -1;
}

/* Whether o already is at a numbered slot (an input that was spilled:
 * a reload folded into the operand, an in-memory read-modify-write):
 * it stays there. */
static bool at_slot(const Op *o)
{
	return o->loc.kind == LOC_SLOT && o->loc.num >= 0 &&
	       !(o->flags & OF_MEMONLY);
}

/* Chooses a register for every pseudo operand of i but the memory-only
 * ones (OF_MEMONLY: at their slot) and those at a slot already
 * (at_slot), none in busy: reading
 * operands pairwise distinct, writing operands pairwise distinct, an
 * early-clobber def distinct from every read, a tied pair the same.
 * Operands with fewer choices go first. */
static bool choose_regs(SE *se, const Ins *i, RegSet busy, int *reg)
{
	int n = i->nops;
	for (int k = 0; k < n; k++)
		reg[k] = -1;
	for (int done = 0; done < n; done++) {
		int best = -1, bestn = 1 << 30;
		RegSet bestset = 0;
		for (int k = 0; k < n; k++) {
			const Op *o = &i->ops[k];
			if (o->kind != OK_PSEUDO || reg[k] >= 0 ||
			    (o->flags & OF_MEMONLY) || at_slot(o))
				continue;
			RegSet a = op_allowed(se, o) & ~busy;
			int partner = o->tie >= 0 ? o->tie : -1;
			for (int m = 0; m < n && partner < 0; m++)
				if (i->ops[m].tie == k)
					partner = m;
			if (partner >= 0 && i->ops[partner].kind == OK_PSEUDO)
				a &= op_allowed(se, &i->ops[partner]);
			for (int m = 0; m < n; m++) {
				if (reg[m] < 0 || m == partner)
					continue;
				const Op *q = &i->ops[m];
				bool o_r = op_reads(se->fn, o);
				bool q_r = op_reads(se->fn, q);
				bool o_w = o->flags & OF_DEF, q_w = q->flags & OF_DEF;
				bool clash = (o_r && q_r) || (o_w && q_w) ||
					     (o_w && (o->flags & OF_EARLY) && q_r) ||
					     (q_w && (q->flags & OF_EARLY) && o_r);
				if (clash)
					a &= ~RS_BIT(reg[m]);
			}
			int c = regset_count(a);
			if (c < bestn) {
				best = k;
				bestn = c;
				bestset = a;
			}
		}
		if (best < 0)
			return true;
		if (!bestset)
			return err_set(
				se->err, se->errlen,
				"uid %d: no register satisfies operand %d",
				i->uid, best);
		reg[best] = lowest(bestset);
		const Op *o = &i->ops[best];
		if (o->tie >= 0)
			reg[o->tie] = reg[best];
		for (int m = 0; m < n; m++)
			if (i->ops[m].tie == best)
				reg[m] = reg[best];
	}
	return true;
}

/* Rewrites one original instruction: locations on its pseudo operands,
 * reloads before, spills after.  live_hard_after: hard registers whose
 * values are live after i. */
static bool rewrite_ins(SE *se, Blk *b, Ins *i, RegSet live_hard_after)
{
	RegSet hard_ops = 0;
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].kind == OK_HREG)
			hard_ops |= RS_BIT(i->ops[k].reg);
	RegSet live_before = (live_hard_after & ~ins_hard_writes(i)) |
			     ins_hard_reads(se->fn, i);
	RegSet busy = live_hard_after | live_before | hard_ops | i->clobbers;
	int reg[i->nops > 0 ? i->nops : 1];
	if (!choose_regs(se, i, busy, reg))
		return false;
	for (int k = 0; k < i->nops; k++) {
		Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || at_slot(o))
			continue;
		Loc slot = slot_loc(se->slot_of[o->reg]);
		if (o->flags & OF_MEMONLY) {
			/* the slot always holds the value: read or written
			 * there directly; a partial def (`+p[OFF,SIZE] {}
			 * mem`) rewrites those bytes of it in place */
			if (o->tie >= 0 || reg[k] >= 0 ||
			    (op_reads(se->fn, o) && (o->flags & OF_DEF) &&
			     !o->sub_size))
				return err_set(se->err, se->errlen,
					       "uid %d: memory-only operand "
					       "%d tied or read and written",
					       i->uid, k);
			o->loc = slot;
			continue;
		}
		o->loc = reg_loc(reg[k]);
		if (op_reads(se->fn, o))
			ins_insert_before(b, i, transfer(se->fn, IK_RELOAD,
							 o->reg, o->loc, slot));
		if (o->flags & OF_DEF) {
			if (i->kind == IK_BRANCH ||
			    (i == b->last && b->nsucc > 1))
				return err_set(se->err, se->errlen,
					       "uid %d: a definition on a "
					       "branch",
					       i->uid);
			ins_insert_after(b, i, transfer(se->fn, IK_SPILL,
							o->reg, slot, o->loc));
		}
	}
	return true;
}

/* Rewrites every original instruction of block b, walking backwards to
 * know which hard registers are live after each one.  Inserted
 * instructions (phi copies) are already allocated and touch no hard
 * register value. */
static bool rewrite_block(SE *se, const Live *lv, Blk *b)
{
	RegSet live = hard_live_out(lv, b->idx);
	for (Ins *i = b->last, *prev; i; i = prev) {
		prev = i->prev;
		if (i->kind == IK_PHI || ins_kind_inserted(i->kind))
			continue;
		RegSet before = (live & ~ins_hard_writes(i)) | ins_hard_reads(se->fn, i);
		if (!rewrite_ins(se, b, i, live))
			return false;
		live = before;
	}
	return true;
}

/* Where the copies of edge p -> b go: the end of p (before its branch)
 * when b is p's only successor, else the start of b (after its phis),
 * which then has p as its only predecessor. */
static void edge_point(Blk *p, Blk *b, Blk **where, Ins **before)
{
	if (p->nsucc == 1) {
		*where = p;
		*before = p->last && p->last->kind == IK_BRANCH ? p->last : NULL;
		return;
	}
	*where = b;
	Ins *i = b->first;
	while (i && i->kind == IK_PHI)
		i = i->next;
	*before = i;
}

/* Replaces b's phis by copies on each incoming edge: every source goes
 * through a temporary slot first, so that the copies act as one parallel
 * copy (the swap problem) whatever their order. */
static bool lower_phis(SE *se, const Live *lv, Blk *b)
{
	Fn *fn = se->fn;
	int nphi = 0;
	for (Ins *i = b->first; i && i->kind == IK_PHI; i = i->next)
		nphi++;
	if (!nphi)
		return true;
	for (int e = 0; e < b->npred; e++) {
		Blk *p = fn->blk[b->pred[e]];
		if (p->nsucc > 1 && b->npred > 1)
			return err_set(se->err, se->errlen,
				       "phi in b%d on an abnormal critical "
				       "edge from b%d",
				       b->id, p->id);
		Blk *where;
		Ins *before;
		edge_point(p, b, &where, &before);
		RegSet busy = hard_live_out(lv, p->idx);
		if (before)
			busy |= ins_hard_reads(fn, before);
		int k = 0;
		Ins *tmpcopies[2][nphi];
		for (Ins *phi = b->first; phi && phi->kind == IK_PHI;
		     phi = phi->next, k++) {
			const Op *src = NULL;
			for (int s = 1; s < phi->nops; s++)
				if (phi->ops[s].from == p->idx)
					src = &phi->ops[s];
			int d = phi->ops[0].reg;
			int cls = fn->pseudo[d].cls;
			RegSet free = fn_allocatable(fn, cls) & ~busy;
			if (!src || src->kind != OK_PSEUDO || !free)
				return err_set(se->err, se->errlen,
					       "b%d: phi uid %d: unsupported "
					       "source",
					       b->id, phi->uid);
			int r = lowest(free);
			int tmp = fn_new_slot(fn, fn->pseudo[d].size);
			Loc rl = reg_loc(r);
			Ins *ld = transfer(fn, IK_RELOAD, src->reg, rl,
					   slot_loc(se->slot_of[src->reg]));
			Ins *st = transfer(fn, IK_SPILL, src->reg,
					   slot_loc(tmp), rl);
			ins_insert_before(where, before, ld);
			ins_insert_before(where, before, st);
			tmpcopies[0][k] = transfer(fn, IK_RELOAD, d, rl,
						   slot_loc(tmp));
			tmpcopies[1][k] = transfer(fn, IK_SPILL, d,
						   slot_loc(se->slot_of[d]), rl);
		}
		for (k = 0; k < nphi; k++) {
			ins_insert_before(where, before, tmpcopies[0][k]);
			ins_insert_before(where, before, tmpcopies[1][k]);
		}
	}
	while (b->first && b->first->kind == IK_PHI)
		ins_remove(b, b->first);
	return true;
}

/* True if some block has a phi. */
static bool has_phis(const Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		if (fn->blk[b]->first && fn->blk[b]->first->kind == IK_PHI)
			return true;
	return false;
}

Fn *spill_everywhere(const Fn *orig, char *err, size_t errlen)
{
	SE se = {.t = orig->target, .err = err, .errlen = errlen};
	if (orig->unsupported) {
		err_set(se.err, se.errlen, "unsupported function: %s",
			orig->unsupported);
		return NULL;
	}
	Fn *fn = se.fn = fn_copy(orig);
	if (has_phis(fn))
		cfg_split_critical_edges(fn);
	se.slot_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
	for (int p = 0; p < fn->npseudo; p++) {
		const Pseudo *ps = &fn->pseudo[p];
		if (ps->cls < 0)
			continue;
		if (target_nregs(se.t, ps->cls, ps->size) > 1) {
			err_set(se.err, se.errlen,
				"p%d: %d-byte general-register values are not "
				"supported",
				p, ps->size);
			fn_free(fn);
			return NULL;
		}
		se.slot_of[p] = fn_new_slot(fn, ps->size);
	}
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	/* Phi copies first, so that the reloads of a block's final branch
	 * come after them, right before the branch. */
	bool ok = true;
	for (int b = 0; b < fn->nblk && ok; b++)
		ok = lower_phis(&se, lv, fn->blk[b]);
	for (int b = 0; b < fn->nblk && ok; b++)
		ok = rewrite_block(&se, lv, fn->blk[b]);
	if (!ok) {
		fn_free(fn);
		return NULL;
	}
	fn->allocated = true;
	return fn;
}
