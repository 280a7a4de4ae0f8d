/* spill_place.c - the spiller's edges and spill placement (see
 * spill_int.h): the reloads and spills each edge needs between its
 * predecessor's exit set and its successor's entry set, then which values
 * need memory and whether each is spilled at its definition or at the
 * recorded places.  Requires every block decided (entry and exit sets). */
#include "spill_int.h"

/* ------------------------------------------------------------------ */
/* couple: the edges */

int sp_pred_index(const Fn *fn, int P, int k)
{
	const Blk *p = fn->blk[P];
	int B = p->succ[k].blk, rank = 0;
	for (int m = 0; m < k; m++)
		rank += p->succ[m].blk == B;
	const Blk *bb = fn->blk[B];
	for (int q = 0; q < bb->npred; q++)
		if (bb->pred[q] == P && rank-- == 0)
			return q;
	return -1;
}

/* Spills on edge (P, k) into B: values in registers at P's end, not yet
 * in memory there, that B wants in memory (live in but not in its entry
 * set, or in it but in memory on another path), and the sources of B's
 * memory phis.  g marks P's exit set (flag = spilled), g2 B's entry set
 * (flag2 = spilled). */
static void couple_spills(Sp *s, int P, int k, int B, int pi, int g, int g2,
			  const uint8_t *flag2)
{
	const BSet *x = &s->wexit[P];
	int ge = ++s->gen2; /* values already spilled on this edge */
	for (int q = 0; q < x->n; q++) {
		int v = x->e[q].v;
		if (!evictable(s, v) || x->e[q].spilled || free_to_drop(s, v))
			continue;
		bool want = s->mark2[v] == g2 ? flag2[v]
					      : live_in_has(s->lv, B, v);
		if (want) {
			sp_record_spill(s, v, P, NULL, k);
			s->mark2[v] = ge;
		}
	}
	for (Ins *i = s->fn->blk[B]->first; i && i->kind == IK_PHI; i = i->next) {
		int p = live_value(s->fn, &i->ops[0]);
		int a = live_value(s->fn, &i->ops[1 + pi]);
		if (!is_pseudo(s, p) || !s->memphi[p] || !is_pseudo(s, a) ||
		    s->mark[a] != g || s->flag[a] || free_to_drop(s, a) ||
		    s->mark2[a] == ge)
			continue;
		sp_record_spill(s, a, P, NULL, k);
		s->mark2[a] = ge;
	}
}

/* Reloads on edge (P, k) into B: values of B's entry set (phis: their
 * sources) not in registers at P's end.  g marks P's exit set. */
static void couple_reloads(Sp *s, int P, int k, int B, int pi, int g)
{
	const BSet *e = &s->went[B];
	int ge = ++s->gen2;
	for (int q = 0; q < e->n; q++) {
		if (e->e[q].dropped)
			continue;
		int v = e->e[q].v;
		if (e->e[q].phi) {
			const Ins *i = is_pseudo(s, v) ? s->def[v] : NULL;
			/* a phi of a hard register (test IR) is found by a scan */
			for (i = i ? i : s->fn->blk[B]->first;
			     i && live_value(s->fn, &i->ops[0]) != v; i = i->next)
				;
			v = i ? live_value(s->fn, &i->ops[1 + pi]) : -1;
		}
		if (!evictable(s, v) || s->mark[v] == g || s->mark2[v] == ge)
			continue;
		s->mark2[v] = ge;
		sp_record_reload(s, v, P, NULL, k);
	}
}

void sp_couple(Sp *s)
{
	Fn *fn = s->fn;
	uint8_t *flag2 = ARENA_NEW(s->a, uint8_t, s->nval + 1);
	for (int P = 0; P < fn->nblk; P++) {
		if (!s->done[P])
			continue;
		for (int k = 0; k < fn->blk[P]->nsucc; k++) {
			int B = fn->blk[P]->succ[k].blk;
			if (!s->done[B])
				continue;
			int pi = sp_pred_index(fn, P, k);
			int g = new_gen(s);
			const BSet *x = &s->wexit[P];
			for (int q = 0; q < x->n; q++) {
				s->mark[x->e[q].v] = g;
				s->flag[x->e[q].v] = x->e[q].spilled;
			}
			int g2 = ++s->gen2;
			const BSet *e = &s->went[B];
			for (int q = 0; q < e->n; q++)
				if (!e->e[q].phi && !e->e[q].dropped) {
					s->mark2[e->e[q].v] = g2;
					flag2[e->e[q].v] = e->e[q].spilled;
				}
			couple_spills(s, P, k, B, pi, g, g2, flag2);
			couple_reloads(s, P, k, B, pi, g);
		}
	}
}

/* ------------------------------------------------------------------ */
/* place: what needs memory, and where the spills go */

void sp_find_needs(Sp *s)
{
	IVec work = {0};
	for (int v = 0; v < s->npseudo0; v++)
		if (s->memuse[v] || s->memdef[v]) {
			s->need[v] = 1;
			iv_push(s, &work, v);
		}
	for (int j = 0; j < s->reloads.n; j++) {
		int v = s->reloads.p[j].v;
		if (!s->remat[v] && !s->need[v]) {
			s->need[v] = 1;
			iv_push(s, &work, v);
		}
	}
	while (work.n > 0) {
		int p = work.v[--work.n];
		if (!s->memphi[p])
			continue;
		const Ins *i = s->def[p];
		for (int k = 1; k < i->nops; k++) {
			int a = live_value(s->fn, &i->ops[k]);
			if (!is_pseudo(s, a) || !cfg_reachable(s->cfg, i->ops[k].from))
				continue;
			if (s->remat[a])
				s->defspill[a] = 1;
			if (!s->need[a]) {
				s->need[a] = 1;
				iv_push(s, &work, a);
			}
		}
	}
}

/* Whether edge code can go at the end of block b (its only successor
 * edge's): not an exceptional edge (its last instruction does not
 * complete on it), and b's last instruction is no branch or a branch
 * touching no register value. */
static bool end_ok(const Sp *s, const Blk *b)
{
	const Ins *i = b->last;
	/* on an exceptional edge the last instruction does not complete:
	 * code after it runs on no path */
	if (b->nsucc == 1 && (b->succ[0].flags & EF_EXC))
		return false;
	if (!i || i->kind != IK_BRANCH)
		return true;
	for (int k = 0; k < i->nops; k++) {
		int v = live_value(s->fn, &i->ops[k]);
		if (v >= 0 && s->cls[v] >= 0)
			return false;
		if (i->ops[k].kind == OK_PSEUDO && (i->ops[k].flags & OF_DEF))
			return false;
	}
	return true;
}

int sp_edge_where(const Sp *s, int P, int k)
{
	const Fn *fn = s->fn;
	const Blk *p = fn->blk[P];
	const Blk *b = fn->blk[p->succ[k].blk];
	if (p->nsucc == 1 && end_ok(s, p))
		return AT_END;
	if (b->npred == 1 && b->idx != fn->entry &&
	    !(b->first && b->first->kind == IK_PHI))
		return AT_START;
	if (p->succ[k].flags & EF_ABNORMAL)
		return AT_NONE;
	return AT_SPLIT;
}

/* The cost of one instruction on edge (P, k). */
static double edge_cost(const Sp *s, int P, int k)
{
	int B = s->fn->blk[P]->succ[k].blk;
	switch (sp_edge_where(s, P, k)) {
	case AT_END:
		return blk_cost(s, P);
	case AT_START:
		return blk_cost(s, B);
	default: {
		double x = blk_cost(s, P), y = blk_cost(s, B);
		return x < y ? x : y;
	}
	}
}

/* Whether a spill can follow the definition of v directly. */
static bool def_spillable(const Sp *s, int v)
{
	const Ins *d = s->def[v];
	if (d->kind == IK_PHI)
		return true;
	const Blk *b = s->fn->blk[s->defblk[v]];
	return d->kind != IK_BRANCH && !(d == b->last && b->nsucc > 1);
}

bool sp_place_spills(Sp *s)
{
	int np = s->npseudo0;
	double *cost = ARENA_NEW(s->a, double, np + 1);
	int *npos = ARENA_NEW(s->a, int, np + 1);
	for (int j = 0; j < s->spills.n; j++) {
		const Place *x = &s->spills.p[j];
		cost[x->v] += x->at ? blk_cost(s, x->blk)
				    : edge_cost(s, x->blk, x->succ);
		npos[x->v]++;
	}
	for (int v = 0; v < np; v++) {
		if (!s->need[v] || s->memphi[v] || s->defblk[v] < 0 ||
		    s->memdef[v])
			continue;
		if (s->memuse[v])
			s->defspill[v] = 1;
		if (s->remat[v] && !s->defspill[v])
			continue;
		bool ok = def_spillable(s, v);
		if (s->defspill[v] && !ok)
			return err_set(s->err, s->errlen,
				       "p%d: cannot be stored after its "
				       "definition (uid %d)",
				       v, s->def[v]->uid);
		if (!ok && npos[v] == 0)
			return err_set(s->err, s->errlen,
				       "p%d: no place to spill it", v);
		if (s->defspill[v] ||
		    (ok && (npos[v] == 0 || blk_cost(s, s->defblk[v]) <= cost[v])))
			s->defspill[v] = 1;
	}
	int n = 0;
	for (int j = 0; j < s->spills.n; j++) {
		const Place *x = &s->spills.p[j];
		if (s->need[x->v] && !s->defspill[x->v] && !s->remat[x->v] &&
		    !s->memdef[x->v])
			s->spills.p[n++] = *x;
	}
	s->spills.n = n;
	return true;
}

