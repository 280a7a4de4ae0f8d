/* join.c - the entry state of a block: the exit states of its
 * predecessors, relabelled by the original phis of each edge, joined by
 * intersection (a value of W undefined on one side kept), dead values
 * pruned from the slots.  Reads the exit states run_once stores. */
#include "vstate.h"

#include <stdlib.h>
#include <string.h>

/* ---- Joins ------------------------------------------------------------- */

void vbuf_push(Chk *c, int *n, int id)
{
	c->vbuf = grow(c->vbuf, sizeof(int), &c->capvbuf, *n + 1);
	c->vbuf[(*n)++] = id;
}

const Op *phi_src(const Ins *p, int ob)
{
	for (int k = 1; k < p->nops; k++)
		if (p->ops[k].from == ob)
			return &p->ops[k];
	return NULL;
}

/* The state along the edge from f block a into f block b: a's exit,
 * relabelled by the original phis of b as one parallel step (each phi
 * def leaves every location; a location holding the phi's source for
 * this edge gets the def).  Returns a's exit itself or c->tmp. */
static const State *edge_state(Chk *c, int a, int b)
{
	const State *ex = eh_edge(c, a, b) ? &c->eh_exit[a] : &c->exit[a];
	int ob = c->oblk[b];
	if (ob < 0 || c->nphi[ob] == 0)
		return ex;
	int from = c->eorig[a], np = c->nphi[ob];
	const Ins **phis = c->phi[ob];
	if (!c->isdef) { /* per id, the caller's; stamps below rstamp */
		VerifyCtx *x = c->x;
		int nv = nall_ids(c) + 1;
		x->isdef = ctx_table(x->isdef, sizeof(int), &x->capisdef, nv);
		x->srcst = ctx_table(x->srcst, sizeof(int), &x->capsrcst, nv);
		x->srchead = ctx_table(x->srchead, sizeof(int),
				       &x->capsrchead, nv);
		c->isdef = x->isdef;
		c->srcst = x->srcst;
		c->srchead = x->srchead;
	}
	c->pnext = grow(c->pnext, sizeof(int), &c->cappnext, np);
	c->rstamp++;
	for (int k = 0; k < np; k++) {
		const Op *s = phi_src(phis[k], from);
		int dv = value_of(c, &phis[k]->ops[0]);
		c->isdef[dv] = c->rstamp;
		for (int kind = 0; kind < PF_NKIND; kind++)
			for (int w = 1; w <= PF_MAXW; w *= 2)
				c->isdef[pf_id(c, dv, kind, w)] = c->rstamp;
		for (int w = 0; wide_value(c, dv) && w < WD_MAX; w++)
			c->isdef[wd_id(c, dv, w)] = c->rstamp;
		for (int j = 0; j < c->nmv; j++)
			if (mv_names(c, j, dv))
				c->isdef[mv_id(c, j)] = c->rstamp;
		if (!s)
			continue; /* excluded by setup */
		int sv = value_of(c, s);
		if (c->srcst[sv] != c->rstamp) {
			c->srcst[sv] = c->rstamp;
			c->srchead[sv] = -1;
		}
		c->pnext[k] = c->srchead[sv];
		c->srchead[sv] = k;
	}
	State *out = &c->tmp;
	out->n = 0;
	/* a phi def of W is defined on this edge unless its source is a
	 * value of W defined on no path */
	if (c->nwords)
		memcpy(out->def, ex->def, sizeof(uint64_t) * (size_t)c->nwords);
	for (int k = 0; k < np; k++) {
		int d = value_of(c, &phis[k]->ops[0]);
		if (!c->isW[d])
			continue;
		const Op *src = phi_src(phis[k], from);
		int sv = src ? value_of(c, src) : d;
		bit_set(out->def, c->widx[d], !undefined(c, ex->def, sv));
	}
	for (int i = 0; i < ex->n; i++) {
		const int *v = set_v(&c->sp, ex->set[i]);
		int nv = set_n(&c->sp, ex->set[i]), m = 0;
		for (int j = 0; j < nv; j++) {
			if (c->isdef[v[j]] != c->rstamp)
				vbuf_push(c, &m, v[j]);
			/* a word fact of a source gives the def's word */
			int x = v[j], w = -1;
			if (!wd_of(c, v[j], &x, &w))
				x = v[j];
			if (c->srcst[x] != c->rstamp)
				continue;
			for (int k = c->srchead[x]; k >= 0; k = c->pnext[k]) {
				int d = value_of(c, &phis[k]->ops[0]);
				if (w < 0)
					vbuf_push(c, &m, d);
				else if (wide_value(c, d) &&
					 value_size(c, d) == value_size(c, x))
					vbuf_push(c, &m, wd_id(c, d, w));
			}
		}
		if (m == 0)
			continue;
		qsort(c->vbuf, (size_t)m, sizeof(int), cmp_int);
		int u = 1;
		for (int j = 1; j < m; j++)
			if (c->vbuf[j] != c->vbuf[u - 1])
				c->vbuf[u++] = c->vbuf[j];
		out->loc[out->n] = ex->loc[i];
		out->set[out->n++] = set_intern(&c->sp, c->vbuf, u);
	}
	return out;
}

/* Whether set s has a value of W (memoized per set id: 0 unknown, 1 no,
 * 2 yes), so that joins skip the sets without one at once. */
static bool set_has_w(Chk *c, int s)
{
	if (s >= c->capsetw) {
		int old = c->capsetw;
		c->setw = grow(c->setw, 1, &c->capsetw, s + 1);
		memset(c->setw + old, 0, (size_t)(c->capsetw - old));
	}
	if (!c->setw[s]) {
		const int *v = set_v(&c->sp, s);
		bool w = false;
		for (int i = 0, n = set_n(&c->sp, s); i < n && !w; i++)
			w = c->isW[word_base(c, v[i])];
		c->setw[s] = w ? 2 : 1;
	}
	return c->setw[s] == 2;
}

/* The values of set s that are in W but not in d: held implicitly by
 * every location of a state whose `def` is d. */
static int undefined_part(Chk *c, int s, const uint64_t *d)
{
	int n = set_n(&c->sp, s), k = 0;
	if (n == 0 || !set_has_w(c, s))
		return 0;
	c->vbuf = grow(c->vbuf, sizeof(int), &c->capvbuf, n);
	const int *v = set_v(&c->sp, s);
	for (int i = 0; i < n; i++)
		if (undefined(c, d, word_base(c, v[i])))
			c->vbuf[k++] = v[i];
	return k == n ? s : set_intern(&c->sp, c->vbuf, k);
}

/* acc := acc joined with in.  A location certainly holds v after the
 * join if it does on both sides, where a side whose paths all leave v
 * undefined counts as holding it everywhere. */
void join_acc(Chk *c, const State *in)
{
	State *acc = &c->acc, *out = &c->acc2;
	int i = 0, j = 0, m = 0;
	while (i < acc->n || j < in->n) {
		int l, s1 = 0, s2 = 0;
		if (j == in->n || (i < acc->n && acc->loc[i] < in->loc[j])) {
			l = acc->loc[i];
			s1 = acc->set[i++];
		} else if (i == acc->n || in->loc[j] < acc->loc[i]) {
			l = in->loc[j];
			s2 = in->set[j++];
		} else {
			l = acc->loc[i];
			s1 = acc->set[i++];
			s2 = in->set[j++];
		}
		if (s1 == s2) { /* what the general case gives it */
			out->loc[m] = l;
			out->set[m++] = s1;
			continue;
		}
		int s = set_inter(&c->sp, s1, s2);
		/* unproven memory content on either side stays possible */
		if (c->mloc && (set_has(&c->sp, s1, c->nval) ||
				set_has(&c->sp, s2, c->nval)))
			s = set_add(&c->sp, s, c->nval);
		if (c->nW && s1 != s2) {
			int u1 = undefined_part(c, s1, in->def);
			int u2 = undefined_part(c, s2, acc->def);
			s = set_union(&c->sp, set_union(&c->sp, s, u1), u2);
		}
		if (s) {
			out->loc[m] = l;
			out->set[m++] = s;
		}
	}
	out->n = m;
	for (int k = 0; k < c->nwords; k++)
		out->def[k] = acc->def[k] | in->def[k];
	State t = *acc;
	*acc = *out;
	*out = t;
}

bool live_at(const Chk *c, int b, int v)
{
	return sorted_contains(c->live[b], c->nlive[b], v);
}

/* Drops dead values from the slots of c->acc, the entry state of b: they
 * can decide no check, and without this the states of a long function
 * would carry every value ever spilled.  The values a recomputation
 * reads (c->recread) stay: a remat [of D] reads D's values where the
 * original, which no longer reads them, has them dead. */
static void prune_slots(Chk *c, int b)
{
	State *acc = &c->acc;
	if (!c->prune)
		return;
	int m = 0;
	for (int i = 0; i < acc->n; i++) {
		int s = acc->set[i];
		/* availability locations are never pruned: their values need
		 * not be live for a remat to read them */
		if (acc->loc[i] >= TGT_NREGS && acc->loc[i] < c->abase) {
			int n = set_n(&c->sp, s), k = 0;
			c->vbuf = grow(c->vbuf, sizeof(int), &c->capvbuf, n);
			const int *v = set_v(&c->sp, s);
			for (int j = 0; j < n; j++) {
				int iv = id_value(c, v[j]);
				if (v[j] == c->nval || live_at(c, b, iv) ||
				    (c->recread && iv < c->nval &&
				     c->recread[iv]))
					c->vbuf[k++] = v[j];
			}
			if (k < n)
				s = set_intern(&c->sp, c->vbuf, k);
		}
		if (s) {
			acc->loc[m] = acc->loc[i];
			acc->set[m++] = s;
		}
	}
	acc->n = m;
}

bool join(Chk *c, int b)
{
	State *acc = &c->acc;
	bool any = false;
	if (b == c->f->entry) {
		acc->n = 0;
		if (c->nwords)
			memset(acc->def, 0,
			       sizeof(uint64_t) * (size_t)c->nwords);
		for (int r = 0; r < TGT_NREGS; r++) {
			int v = c->npseudo + r;
			/* hard registers hold their values at the entry;
			 * pruned like slots: a dead one decides no check */
			if (!c->prune || live_at(c, b, v)) {
				acc->loc[acc->n] = r;
				acc->set[acc->n++] = set_single(&c->sp, v);
			}
			if (c->isW[v])
				bit_set(acc->def, c->widx[v], true);
		}
		any = true;
	}
	for (int k = 0; k < c->npred[b]; k++) {
		int a = c->pred[b][k];
		if (!(eh_edge(c, a, b) ? c->has_eh_exit[a] : c->has_exit[a]))
			continue;
		const State *in = edge_state(c, a, b);
		if (!any) {
			acc->n = in->n;
			if (c->nwords)
				memcpy(acc->def, in->def,
				       sizeof(uint64_t) * (size_t)c->nwords);
			memcpy(acc->loc, in->loc, sizeof(int) * (size_t)in->n);
			memcpy(acc->set, in->set, sizeof(int) * (size_t)in->n);
			any = true;
			continue;
		}
		join_acc(c, in);
	}
	if (any)
		prune_slots(c, b);
	return any;
}
