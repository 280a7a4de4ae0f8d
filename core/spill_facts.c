/* spill_facts.c - what the spiller knows before it decides (see
 * spill_int.h): per value its class, weight, definition and flags; the
 * phi webs that may live in one slot; the values each loop reads and
 * each loop's pressure.  Requires SSA form (spill.h). */
#include "spill_int.h"

/* ------------------------------------------------------------------ */
/* facts */

/* Gives hard register r its class and weight (pressure.h's weight)
 * when it weighs in an allocatable class: a value weighs only in its
 * class (vc, -1 when in none); a hard register outside the allowed set
 * takes none of the k registers (pressure_compute_within). */
static void hreg_class(Sp *s, int r)
{
	int v = s->nval - TGT_NREGS + r, vc;
	int w = pressure_class_weight(s->fn, v, &vc);
	if (w > 0 && vc >= 0 && vc < RC_NALLOC && RS_HAS(s->regs[vc], r)) {
		s->cls[v] = (int8_t)vc;
		s->clsmask |= 1u << vc;
		s->wt[v] = (uint8_t)(w > 255 ? 255 : w);
	}
}

void sp_value_classes(Sp *s)
{
	int r0 = s->nval - TGT_NREGS; /* the first hard register's value */
	s->cls = ARENA_RAW(s->a, int8_t, s->nval + 1);
	memset(s->cls, -1, (size_t)s->nval + 1);
	s->wt = ARENA_NEW(s->a, uint8_t, s->nval + 1);
	s->pinned = ARENA_NEW(s->a, uint8_t, s->nval + 1);
	memset(s->pinned + s->npseudo0, 1, (size_t)(s->nval - s->npseudo0));
	s->clsmask = 0;
	/* a pseudo weighs target_nregs registers of its class when that is
	 * allocatable (pressure_class_weight's weight), at once */
	const Target *t = s->fn->target;
	for (int v = 0; v < r0; v++) {
		const Pseudo *p = &s->fn->pseudo[v];
		if (p->cls < 0 || p->cls >= RC_NALLOC)
			continue;
		int w = target_nregs(t, p->cls, p->size);
		if (w <= 0)
			continue;
		s->cls[v] = (int8_t)p->cls;
		s->clsmask |= 1u << p->cls;
		s->wt[v] = (uint8_t)(w > 255 ? 255 : w);
	}
	/* a hard register weighs only in the allowed set of its class:
	 * those outside every allowed set weigh nothing */
	RegSet allowed = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		allowed |= s->regs[c];
	for (RegSet m = allowed; m; m &= m - 1)
		hreg_class(s, regset_first(m));
}

/* The definition operands of i. */
static int ndefs(const Ins *i)
{
	int n = 0;
	for (int k = 0; k < i->nops; k++)
		n += (i->ops[k].flags & OF_DEF) != 0;
	return n;
}

/* Records the definition of pseudo operand o of instruction i in block
 * b; false if the pseudo already has one. */
static bool note_def(Sp *s, Ins *i, const Op *o, int b)
{
	int p = o->reg;
	if (s->def[p])
		return err_set(s->err, s->errlen,
			       "p%d is defined twice (uids %d and %d): the "
			       "input is not in SSA form",
			       p, s->def[p]->uid, i->uid);
	s->def[p] = i;
	s->defblk[p] = b;
	s->isphi[p] = i->kind == IK_PHI;
	s->remat[p] = (i->flags & INS_REMAT) && i->kind != IK_PHI &&
		      ndefs(i) == 1;
	return true;
}

/* Whether the phis of b have one source per predecessor, in order. */
static bool phis_in_order(const Blk *b)
{
	for (const Ins *i = b->first; i && i->kind == IK_PHI; i = i->next) {
		if (i->nops != 1 + b->npred)
			return false;
		for (int p = 0; p < b->npred; p++)
			if (i->ops[1 + p].from != b->pred[p])
				return false;
	}
	return true;
}

/* Whether every source of phi i weighs at most what its definition
 * weighs, in its class: at a predecessor's end the sources take the
 * registers the block's entry set counts for the phis. */
static bool phi_weights_ok(const Sp *s, const Ins *i)
{
	int d = live_value(s->fn, &i->ops[0]);
	for (int k = 1; k < i->nops; k++) {
		int v = live_value(s->fn, &i->ops[k]);
		if (v < 0 || s->cls[v] < 0)
			continue;
		if (d < 0 || s->cls[d] != s->cls[v] || s->wt[v] > s->wt[d])
			return false;
	}
	return true;
}

/* Whether o is a memory-only use already marked as such (LOC_SLOT
 * without a slot yet; see spill.h). */
static bool memonly_use_marked(const Op *o)
{
	return (o->flags & OF_MEMONLY) && !(o->flags & OF_DEF) &&
	       o->loc.kind == LOC_SLOT && o->loc.num < 0;
}

/* Records a memory-only operand o (a pseudo below npseudo0) of i: its
 * value in memuse or memdef, i in memins (once).  A memory-only use must
 * come marked (memonly_use_marked) and a memory-only def unmarked; false
 * with a reason otherwise, or for a tied or partial one. */
static bool note_memonly(Sp *s, Ins *i, const Op *o)
{
	if (!(o->flags & OF_MEMONLY))
		return true;
	bool def = (o->flags & OF_DEF) != 0;
	if (def ? o->loc.kind != LOC_NONE : !memonly_use_marked(o))
		return err_set(s->err, s->errlen,
			       "uid %d: memory-only %s of p%d %s", i->uid,
			       def ? "definition" : "use", o->reg,
			       def ? "has a location" : "not marked LOC_SLOT");
	if (def && (o->flags & OF_USE))
		return err_set(s->err, s->errlen,
			       "uid %d: p%d: a memory-only operand both read "
			       "and written",
			       i->uid, o->reg);
	if (def)
		s->memdef[o->reg] = 1;
	else
		s->memuse[o->reg] = 1;
	if (!s->memins.n || s->memins.v[s->memins.n - 1] != i)
		insv_push(s, &s->memins, i);
	return true;
}

/* After the definitions are known: a value defined by a memory-only
 * operand is never rematerialized (it is born in its slot); one read by
 * a memory-only operand keeps its [remat] (its register uses may be
 * recomputed; place_spills stores it once at its definition all the
 * same), and a memory-only use of an undefined value (nothing ever
 * stored) is refused. */
static bool memonly_facts(Sp *s)
{
	if (s->memins.n == 0) /* no memory-only operand: none marked */
		return true;
	for (int p = 0; p < s->npseudo0; p++) {
		if (!s->memuse[p] && !s->memdef[p])
			continue;
		if (s->memdef[p])
			s->remat[p] = 0;
		if (s->memuse[p] && s->defblk[p] < 0)
			return err_set(s->err, s->errlen,
				       "p%d: read by a memory-only operand but "
				       "never defined (no value to store)",
				       p);
	}
	return true;
}

bool sp_collect_facts(Sp *s)
{
	Fn *fn = s->fn;
	int np = s->npseudo0;
	s->def = ARENA_NEW(s->a, Ins *, np + 1);
	s->defblk = ARENA_NEW(s->a, int, np + 1);
	s->remat = ARENA_NEW(s->a, uint8_t, np + 1);
	s->isphi = ARENA_NEW(s->a, uint8_t, np + 1);
	s->memuse = ARENA_NEW(s->a, uint8_t, np + 1);
	s->memdef = ARENA_NEW(s->a, uint8_t, np + 1);
	memset(s->defblk, 0xff, sizeof(int) * (size_t)np); /* all -1 */
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		if (!phis_in_order(bb))
			return err_set(
				s->err, s->errlen,
				"b%d: phi sources are not in predecessor "
				"order",
				bb->id);
		for (Ins *i = bb->first; i; i = i->next) {
			if (i->kind == IK_PHI && !phi_weights_ok(s, i))
				return err_set(s->err, s->errlen,
					       "b%d: phi uid %d: a source of "
					       "another class or wider than "
					       "the definition",
					       bb->id, i->uid);
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->loc.kind != LOC_NONE &&
				    !memonly_use_marked(o))
					return err_set(
						s->err, s->errlen,
						"uid %d: operand %d already "
						"has a location",
						i->uid, k);
				if (o->kind != OK_PSEUDO || o->reg >= np)
					continue;
				if (!note_memonly(s, i, o))
					return false;
				if ((o->flags & OF_DEF) && !note_def(s, i, o, b))
					return false;
				if ((o->flags & OF_DEF) &&
				    op_reads(fn, o) && i->kind != IK_PHI)
					s->pinned[o->reg] = 1;
			}
		}
	}
	return memonly_facts(s);
}

/* ------------------------------------------------------------------ */
/* webs: phis and their sources, joined; a web may live in one slot when
 * no two of its members are ever live at once, all are pseudos of one
 * class and no two phis of one block belong to it. */

int sp_uf_find(int *uf, int x)
{
	while (uf[x] != x) {
		uf[x] = uf[uf[x]];
		x = uf[x];
	}
	return x;
}

void sp_uf_union(int *uf, int x, int y)
{
	x = sp_uf_find(uf, x);
	y = sp_uf_find(uf, y);
	if (x != y)
		uf[x < y ? y : x] = x < y ? x : y;
}

typedef struct Webs {
	int *uf;       /* after web_unions and flatten: each pseudo's root */
	uint8_t *bad;  /* per root */
	int *size;     /* per root: members */
	int *cnt;      /* per root: members in the live set */
} Webs;

/* Joins every phi of a reachable block with its pseudo sources; marks
 * bad the webs with a constant or hard-register source. */
static void web_unions(Sp *s, Webs *w, uint8_t *direct_bad)
{
	Fn *fn = s->fn;
	for (int b = 0; b < fn->nblk; b++) {
		if (!cfg_reachable(s->cfg, b))
			continue;
		for (Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
		     i = i->next) {
			const Op *d = &i->ops[0];
			if (d->kind != OK_PSEUDO || s->cls[d->reg] < 0)
				continue;
			for (int k = 1; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (!cfg_reachable(s->cfg, o->from))
					continue;
				if (o->kind == OK_PSEUDO && is_pseudo(s, o->reg) &&
				    s->cls[o->reg] == s->cls[d->reg])
					sp_uf_union(w->uf, d->reg, o->reg);
				else
					direct_bad[d->reg] = 1;
			}
		}
	}
}

/* Live-set changes that keep each web's count of live members.  The
 * set holds the input's pseudos only: the webs ask nothing else. */
static void web_add(Sp *s, Webs *w, LiveSet *ls, int v)
{
	if (!is_pseudo(s, v) || lset_has(ls, v))
		return;
	lset_add(ls, v);
	w->cnt[w->uf[v]]++;
}

static void web_del(Sp *s, Webs *w, LiveSet *ls, int v)
{
	if (!is_pseudo(s, v) || !lset_has(ls, v))
		return;
	lset_del(ls, v);
	w->cnt[w->uf[v]]--;
}

/* Marks bad the web of pseudo v when another member is live (ls holds
 * the values live right after v's definition). */
static void web_check_def(Sp *s, Webs *w, const LiveSet *ls, int v)
{
	if (!is_pseudo(s, v))
		return;
	int r = w->uf[v];
	if (w->size[r] > 1 && w->cnt[r] - (lset_has(ls, v) ? 1 : 0) > 0)
		w->bad[r] = 1;
}

/* Walks block b backwards (lv: the liveness to use) looking for two
 * members of a web live at once, and two phis of b in one web.  The
 * live set holds pseudos only (web_add): a clobber changes nothing. */
static void web_block(Sp *s, const Live *lv, Webs *w, LiveSet *ls, int b)
{
	const Fn *fn = s->fn;
	const Blk *bb = fn->blk[b];
	lset_clear(ls);
	for (int k = 0; k < lv->nout[b]; k++)
		web_add(s, w, ls, lv->out[b][k]);
	for (const Ins *i = bb->last; i && i->kind != IK_PHI; i = i->prev) {
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				web_check_def(s, w, ls, live_value(fn, &i->ops[k]));
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				web_del(s, w, ls, live_value(fn, &i->ops[k]));
		for (int k = 0; k < i->nops; k++)
			if (op_reads(fn, &i->ops[k]))
				web_add(s, w, ls, live_value(fn, &i->ops[k]));
	}
	int g = new_gen(s);
	for (const Ins *i = bb->first; i && i->kind == IK_PHI; i = i->next) {
		int v = live_value(fn, &i->ops[0]);
		if (!is_pseudo(s, v))
			continue;
		web_check_def(s, w, ls, v);
		int r = w->uf[v];
		if (s->mark[r] == g)
			w->bad[r] = 1;
		s->mark[r] = g;
	}
	for (int k = 0; k < ls->n; k++)
		w->cnt[w->uf[ls->dense[k]]]--;
}

/* Sets (on) or clears the mark of every memory-only use (LOC_SLOT, -1,
 * which hides it from liveness). */
static void memonly_marks(Sp *s, bool on)
{
	for (int j = 0; j < s->memins.n; j++) {
		Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++) {
			Op *o = &i->ops[k];
			if ((o->flags & OF_MEMONLY) && !(o->flags & OF_DEF))
				o->loc = on ? (Loc){LOC_SLOT, -1}
					    : (Loc){LOC_NONE, 0};
		}
	}
}

void sp_phi_webs(Sp *s)
{
	int np = s->npseudo0;
	Webs w;
	w.uf = ARENA_NEW(s->a, int, np + 1);
	w.bad = ARENA_NEW(s->a, uint8_t, np + 1);
	w.size = ARENA_NEW(s->a, int, np + 1);
	w.cnt = ARENA_NEW(s->a, int, np + 1);
	uint8_t *direct = ARENA_NEW(s->a, uint8_t, np + 1);
	for (int p = 0; p < np; p++)
		w.uf[p] = p;
	web_unions(s, &w, direct);
	/* flattened: a parent is below its child (sp_uf_union), so in
	 * increasing order the parent's root is known */
	for (int p = 0; p < np; p++)
		w.uf[p] = w.uf[w.uf[p]];
	for (int p = 0; p < np; p++) {
		int r = w.uf[p];
		w.size[r]++;
		w.bad[r] |= direct[p];
	}
	/* a web turns bad only at a definition of one of its members
	 * while another is live: the blocks defining a member of a web of
	 * two or more are walked, no others */
	uint8_t *walk = ARENA_NEW(s->a, uint8_t, s->fn->nblk + 1);
	for (int p = 0; p < np; p++)
		if (s->defblk[p] >= 0 && w.size[w.uf[p]] > 1)
			walk[s->defblk[p]] = 1;
	LiveSet ls;
	lset_init(&ls, s->a, s->nval);
	/* a memory-only read reads the value's slot: for the webs (values
	 * sharing one slot) it counts as a read, so the walk and its
	 * liveness see those operands unmarked (restored after) */
	bool unmark = s->memins.n > 0;
	const Live *lv = s->lv;
	if (unmark) {
		memonly_marks(s, false);
		lv = live_compute(s->fn, s->cfg);
	}
	for (int b = 0; b < s->fn->nblk; b++)
		if (walk[b] && cfg_reachable(s->cfg, b))
			web_block(s, lv, &w, &ls, b);
	if (unmark)
		memonly_marks(s, true);
	s->memcap = ARENA_NEW(s->a, uint8_t, np + 1);
	for (int p = 0; p < np; p++)
		s->memcap[p] = s->isphi[p] && s->cls[p] >= 0 &&
			       !w.bad[w.uf[p]];
}

/* ------------------------------------------------------------------ */
/* loops: the values read in each loop (a phi's sources when the phi's
 * value is read there) and each loop's register pressure. */

/* Appends the values read in block b by its instructions other than
 * phis (deduplicated with stamp g) to x. */
static void block_reads(Sp *s, int b, int g, IVec *x)
{
	const Fn *fn = s->fn;
	const Blk *bb = fn->blk[b];
	for (const Ins *i = bb->first; i; i = i->next) {
		if (i->kind == IK_PHI)
			continue;
		for (int k = 0; k < i->nops; k++) {
			if (!op_reads(fn, &i->ops[k]))
				continue;
			int v = live_value(fn, &i->ops[k]);
			if (v >= 0 && s->mark[v] != g) {
				s->mark[v] = g;
				iv_push(s, x, v);
			}
		}
	}
}

/* Whether block b is in loop l (its innermost loop or one inside l). */
static bool blk_in_loop(const Loops *lp, int b, int l)
{
	for (int m = lp->innermost[b]; m >= 0; m = lp->parent[m])
		if (m == l)
			return true;
	return false;
}

/* Adds to x (stamp g) the sources, on edges from blocks of loop l, of
 * the phis in the blocks bl of l whose results x holds, until none is
 * left: a phi source is read in the loop when its phi's value is.  A
 * value the loop only carries around through phis (written on some
 * paths, read after the loop) is not read in it. */
static void phi_reads(Sp *s, int l, const IVec *bl, int g, IVec *x)
{
	const Fn *fn = s->fn;
	bool grew = true;
	while (grew) {
		grew = false;
		for (int j = 0; j < bl->n; j++) {
			const Blk *bb = fn->blk[bl->v[j]];
			for (const Ins *i = bb->first; i && i->kind == IK_PHI;
			     i = i->next) {
				int d = live_value(fn, &i->ops[0]);
				if (d < 0 || s->mark[d] != g)
					continue;
				for (int k = 1; k < i->nops; k++) {
					int v = live_value(fn, &i->ops[k]);
					if (v < 0 || s->mark[v] == g ||
					    !blk_in_loop(s->lp, i->ops[k].from, l))
						continue;
					s->mark[v] = g;
					iv_push(s, x, v);
					grew = true;
				}
			}
		}
	}
}

/* A live set with its weight per class, for block_pressure. */
typedef struct PSet {
	const Sp *s;
	LiveSet *ls;
	int w[RC_NALLOC];
} PSet;

static void ps_add(PSet *x, int v)
{
	if (v < 0 || lset_has(x->ls, v))
		return;
	lset_add(x->ls, v);
	if (x->s->cls[v] >= 0)
		x->w[x->s->cls[v]] += x->s->wt[v];
}

static void ps_del(PSet *x, int v)
{
	if (v < 0 || !lset_has(x->ls, v))
		return;
	lset_del(x->ls, v);
	if (x->s->cls[v] >= 0)
		x->w[x->s->cls[v]] -= x->s->wt[v];
}

/* p[c] := max(p[c], weight of the set + i's definitions (early ones only
 * when early) not in it, each value once). */
static void ps_point(Sp *s, PSet *x, const Ins *i, bool early,
		     int p[RC_NALLOC])
{
	int extra[RC_NALLOC] = {0}, g = new_gen(s);
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (!(o->flags & OF_DEF) || (early && !(o->flags & OF_EARLY)))
			continue;
		int v = live_value(s->fn, o);
		if (v < 0 || s->cls[v] < 0 || lset_has(x->ls, v) ||
		    s->mark[v] == g)
			continue;
		s->mark[v] = g;
		extra[s->cls[v]] += s->wt[v];
	}
	for (int c = 0; c < RC_NALLOC; c++)
		if (x->w[c] + extra[c] > p[c])
			p[c] = x->w[c] + extra[c];
}

/* p[c] := max(p[c], weight of the set + the registers of class c that i
 * clobbers): the values living through i can use only the registers it
 * leaves, so a call's clobbers count as pressure on them. */
static void ps_clobbers(const Sp *s, const PSet *x, const Ins *i,
			int p[RC_NALLOC])
{
	if (!i->clobbers)
		return;
	for (int c = 0; c < RC_NALLOC; c++) {
		int n = regset_count(i->clobbers & s->regs[c]);
		if (n && x->w[c] + n > p[c])
			p[c] = x->w[c] + n;
	}
}

/* Maximum pressure per class over the points of block b (pressure.h's
 * points, and at each clobbering instruction the values living through
 * it plus the registers it clobbers: ps_clobbers), into p. */
static void block_pressure(Sp *s, LiveSet *ls, int b, int p[RC_NALLOC])
{
	const Fn *fn = s->fn;
	PSet x = {.s = s, .ls = ls};
	lset_clear(ls);
	for (int k = 0; k < s->lv->nout[b]; k++)
		ps_add(&x, s->lv->out[b][k]);
	for (int c = 0; c < RC_NALLOC; c++)
		p[c] = x.w[c];
	const Ins *i;
	for (i = fn->blk[b]->last; i && i->kind != IK_PHI; i = i->prev) {
		ps_point(s, &x, i, false, p);
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				ps_del(&x, live_value(fn, &i->ops[k]));
		for (RegSet c = i->clobbers; c; c &= c - 1)
			ps_del(&x, fn->npseudo + regset_first(c));
		ps_clobbers(s, &x, i, p);
		for (int k = 0; k < i->nops; k++)
			if (op_reads(fn, &i->ops[k]))
				ps_add(&x, live_value(fn, &i->ops[k]));
		ps_point(s, &x, i, true, p);
	}
	for (; i; i = i->prev)
		ps_add(&x, live_value(fn, &i->ops[0]));
	for (int c = 0; c < RC_NALLOC; c++)
		if (x.w[c] > p[c])
			p[c] = x.w[c];
}

/* Each loop's pressure: the maximum over its blocks, inner loops
 * included (children have larger numbers than their parents). */
static void loop_pressures(Sp *s)
{
	const Loops *lp = s->lp;
	LiveSet ls;
	lset_init(&ls, s->a, s->nval);
	for (int b = 0; b < s->fn->nblk; b++) {
		int l = lp->innermost[b];
		if (l < 0 || !cfg_reachable(s->cfg, b))
			continue;
		int p[RC_NALLOC];
		block_pressure(s, &ls, b, p);
		for (int c = 0; c < RC_NALLOC; c++)
			if (p[c] > s->lpress[l * RC_NALLOC + c])
				s->lpress[l * RC_NALLOC + c] = p[c];
	}
	for (int l = lp->nloop - 1; l >= 0; l--) {
		int m = lp->parent[l];
		for (int c = 0; m >= 0 && c < RC_NALLOC; c++)
			if (s->lpress[l * RC_NALLOC + c] >
			    s->lpress[m * RC_NALLOC + c])
				s->lpress[m * RC_NALLOC + c] =
					s->lpress[l * RC_NALLOC + c];
	}
}

/* The values read in each loop: its own blocks' reads plus its inner
 * loops' (children first), then the phi sources whose phis' values are
 * read (phi_reads), deduplicated. */
static void loop_reads(Sp *s)
{
	const Loops *lp = s->lp;
	int nl = lp->nloop;
	IVec *blocks = ARENA_NEW(s->a, IVec, nl + 1);
	IVec *kids = ARENA_NEW(s->a, IVec, nl + 1);
	IVec *all = ARENA_NEW(s->a, IVec, nl + 1);
	for (int b = 0; b < s->fn->nblk; b++)
		if (lp->innermost[b] >= 0 && cfg_reachable(s->cfg, b)) {
			iv_push(s, &blocks[lp->innermost[b]], b);
			for (int m = lp->innermost[b]; m >= 0; m = lp->parent[m])
				iv_push(s, &all[m], b);
		}
	for (int l = 0; l < nl; l++)
		if (lp->parent[l] >= 0)
			iv_push(s, &kids[lp->parent[l]], l);
	for (int l = nl - 1; l >= 0; l--) {
		IVec x = {0};
		int g = new_gen(s);
		for (int j = 0; j < blocks[l].n; j++)
			block_reads(s, blocks[l].v[j], g, &x);
		for (int j = 0; j < kids[l].n; j++) {
			int m = kids[l].v[j];
			for (int q = 0; q < s->nlused[m]; q++) {
				int v = s->lused[m][q];
				if (s->mark[v] != g) {
					s->mark[v] = g;
					iv_push(s, &x, v);
				}
			}
		}
		phi_reads(s, l, &all[l], g, &x);
		s->lused[l] = x.v;
		s->nlused[l] = x.n;
	}
}

void sp_loop_facts(Sp *s)
{
	int nl = s->lp->nloop;
	s->lused = ARENA_NEW(s->a, int *, nl + 1);
	s->nlused = ARENA_NEW(s->a, int, nl + 1);
	s->lpress = ARENA_NEW(s->a, int, (nl + 1) * RC_NALLOC);
	if (nl == 0)
		return;
	loop_pressures(s);
	loop_reads(s);
}

