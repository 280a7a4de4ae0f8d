/* pressure.c - Maxlive by a backward walk of each block with a sparse set
 * and running per-class weights. */
#include "pressure.h"

/* Requires v a value of fn.  Its class (-1 if it weighs nothing in every
 * class) and its weight there. */
static int value_weight(const Fn *fn, int v, int *cls)
{
	const Target *t = fn->target;
	*cls = -1;
	if (v < fn->npseudo) {
		const Pseudo *p = &fn->pseudo[v];
		if (p->cls < 0 || p->cls >= RC_NALLOC)
			return 0;
		*cls = p->cls;
		return target_nregs(t, p->cls, p->size);
	}
	int r = v - fn->npseudo, c = t->regs[r].cls;
	if (c < 0 || c >= RC_NALLOC || RS_HAS(t->never_alloc, r))
		return 0;
	*cls = c;
	return 1;
}

int pressure_class_weight(const Fn *fn, int v, int *cls)
{
	return value_weight(fn, v, cls);
}

int pressure_weight(const Fn *fn, int v, int cls)
{
	int c, w = value_weight(fn, v, &c);
	return c == cls ? w : 0;
}

/* A live set with its weight per class. */
typedef struct PWalk {
	const Fn *fn;
	LiveSet *s;
	int w[RC_NALLOC];
	int8_t *vcls;  /* optional table: class of each value, or -1 */
	uint8_t *vwt;  /* and its weight there */
} PWalk;

/* value_weight, from the tables when there are some. */
static int pw_weight(const PWalk *pw, int v, int *cls)
{
	if (!pw->vcls)
		return value_weight(pw->fn, v, cls);
	*cls = pw->vcls[v];
	return pw->vwt[v];
}

/* Fills the tables of value classes and weights (O(values)). */
static void pw_tables(PWalk *pw, int nval)
{
	pw->vcls = ARENA_NEW(pw->fn->arena, int8_t, nval + 1);
	pw->vwt = ARENA_NEW(pw->fn->arena, uint8_t, nval + 1);
	for (int v = 0; v < nval; v++) {
		int c, w = value_weight(pw->fn, v, &c);
		pw->vcls[v] = (int8_t)c;
		pw->vwt[v] = (uint8_t)(w > 255 ? 255 : w);
	}
}

static void pw_add(PWalk *pw, int v)
{
	if (v < 0 || lset_has(pw->s, v))
		return;
	lset_add(pw->s, v);
	int c, w = pw_weight(pw, v, &c);
	if (c >= 0)
		pw->w[c] += w;
}

static void pw_del(PWalk *pw, int v)
{
	if (v < 0 || !lset_has(pw->s, v))
		return;
	lset_del(pw->s, v);
	int c, w = pw_weight(pw, v, &c);
	if (c >= 0)
		pw->w[c] -= w;
}

/* The set := live_out(blk), with its weights. */
static void pw_start(PWalk *pw, const Live *lv, int blk)
{
	lset_clear(pw->s);
	for (int c = 0; c < RC_NALLOC; c++)
		pw->w[c] = 0;
	for (int k = 0; k < lv->nout[blk]; k++)
		pw_add(pw, lv->out[blk][k]);
}

/* Whether operand o of i is selected: a def, and early if early_only. */
static bool def_selected(const Op *o, bool early_only)
{
	return (o->flags & OF_DEF) && (!early_only || (o->flags & OF_EARLY));
}

/* Adds to p the weights of the distinct values of i's selected defs that
 * are not in the set. */
static void add_defs(const PWalk *pw, const Ins *i, bool early_only,
		     int p[RC_NALLOC])
{
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		int v = live_value(pw->fn, o), c, w;
		if (!def_selected(o, early_only) || v < 0 || lset_has(pw->s, v))
			continue;
		bool dup = false;
		for (int j = 0; j < k && !dup; j++)
			dup = def_selected(&i->ops[j], early_only) &&
			      live_value(pw->fn, &i->ops[j]) == v;
		w = pw_weight(pw, v, &c);
		if (!dup && c >= 0)
			p[c] += w;
	}
}

/* Requires the set = live after the non-phi instruction i.  Steps it to
 * live before i (as live_step_back) and sets p to the pressure at i. */
static void pw_ins(PWalk *pw, const Ins *i, int p[RC_NALLOC])
{
	const Fn *fn = pw->fn;
	int before[RC_NALLOC];
	for (int c = 0; c < RC_NALLOC; c++)
		p[c] = pw->w[c];
	add_defs(pw, i, false, p);
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].flags & OF_DEF)
			pw_del(pw, live_value(fn, &i->ops[k]));
	for (RegSet c = i->clobbers; c; c &= c - 1)
		pw_del(pw, fn->npseudo + regset_first(c));
	for (int k = 0; k < i->nops; k++)
		if (op_reads(fn, &i->ops[k]))
			pw_add(pw, live_value(fn, &i->ops[k]));
	for (int c = 0; c < RC_NALLOC; c++)
		before[c] = pw->w[c];
	add_defs(pw, i, true, before);
	for (int c = 0; c < RC_NALLOC; c++)
		if (before[c] > p[c])
			p[c] = before[c];
}

/* Requires the set = live after b's phis (live_in(b) if it has none).  Sets
 * p to weight(set + phi defs); the set is left with the phi defs added. */
static void pw_entry(PWalk *pw, const Blk *b, int p[RC_NALLOC])
{
	for (const Ins *i = b->first; i && i->kind == IK_PHI; i = i->next)
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				pw_add(pw, live_value(pw->fn, &i->ops[k]));
	for (int c = 0; c < RC_NALLOC; c++)
		p[c] = pw->w[c];
}

/* Whether b has an entry point: phis, or no instructions at all. */
static bool has_entry_point(const Blk *b)
{
	return !b->first || b->first->kind == IK_PHI;
}

/* Requires pw's set sized for lv.  Folds block b's points into best/where,
 * the first point winning ties. */
static void block_max(PWalk *pw, const Live *lv, int b, int best[RC_NALLOC],
		      const Ins *where[RC_NALLOC])
{
	const Blk *bb = pw->fn->blk[b];
	int p[RC_NALLOC];
	for (int c = 0; c < RC_NALLOC; c++) {
		best[c] = -1;
		where[c] = NULL;
	}
	pw_start(pw, lv, b);
	/* Backwards: ">=" lets an earlier point replace a later one. */
	for (const Ins *i = bb->last; i && i->kind != IK_PHI; i = i->prev) {
		pw_ins(pw, i, p);
		for (int c = 0; c < RC_NALLOC; c++)
			if (p[c] >= best[c]) {
				best[c] = p[c];
				where[c] = i;
			}
	}
	if (!has_entry_point(bb))
		return;
	pw_entry(pw, bb, p);
	for (int c = 0; c < RC_NALLOC; c++)
		if (p[c] >= best[c]) {
			best[c] = p[c];
			where[c] = NULL;
		}
}

void pressure_compute(const Fn *fn, const Live *lv, Pressure *out)
{
	RegSet all[RC_NALLOC];
	for (int c = 0; c < RC_NALLOC; c++)
		all[c] = fn->target->class_regs[c];
	pressure_compute_within(fn, lv, all, out);
}

void pressure_compute_within(const Fn *fn, const Live *lv,
			     const RegSet regs[RC_NALLOC], Pressure *out)
{
	LiveSet s;
	lset_init(&s, fn->arena, lv->nval);
	PWalk pw = {.fn = fn, .s = &s};
	pw_tables(&pw, lv->nval);
	for (int r = 0; r < TGT_NREGS; r++) {
		int c = pw.vcls[fn->npseudo + r];
		if (c >= 0 && !RS_HAS(regs[c], r))
			pw.vwt[fn->npseudo + r] = 0;
	}
	for (int c = 0; c < RC_NALLOC; c++) {
		out->maxlive[c] = -1;
		out->at_blk[c] = -1;
		out->at_ins[c] = NULL;
	}
	for (int b = 0; b < fn->nblk; b++) {
		if (!cfg_reachable(lv->cfg, b))
			continue;
		int best[RC_NALLOC];
		const Ins *where[RC_NALLOC];
		block_max(&pw, lv, b, best, where);
		for (int c = 0; c < RC_NALLOC; c++)
			if (best[c] > out->maxlive[c]) {
				out->maxlive[c] = best[c];
				out->at_blk[c] = b;
				out->at_ins[c] = where[c];
			}
	}
	for (int c = 0; c < RC_NALLOC; c++)
		if (out->maxlive[c] < 0)
			out->maxlive[c] = 0;
}

int pressure_at(const Fn *fn, const Live *lv, LiveSet *scratch, int blk,
		const Ins *i, int cls)
{
	PWalk pw = {.fn = fn, .s = scratch};
	const Blk *b = fn->blk[blk];
	int p[RC_NALLOC];
	pw_start(&pw, lv, blk);
	for (const Ins *j = b->last; j && j->kind != IK_PHI; j = j->prev) {
		pw_ins(&pw, j, p);
		if (j == i)
			return p[cls];
	}
	pw_entry(&pw, b, p);
	return p[cls];
}
