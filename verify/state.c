/* state.c - the working state of the block being replayed: the set of
 * each location and the locations holding each id; writing a location,
 * killing a value, reads, and loading and unloading a block's sparse
 * state.  Built on valset.c. */
#include "vstate.h"

#include <stdlib.h>
#include <string.h>

/* ---- Writing a location; the holders of an id -------------------------- */

static void touch(Chk *c, int l)
{
	if (c->tmark[l] != c->stamp) {
		c->tmark[l] = c->stamp;
		c->tlist[c->ntouch++] = l;
	}
}

static void h_add(Chk *c, int v, int l)
{
	if (c->hold[v].stamp != c->stamp) {
		c->hold[v].stamp = c->stamp;
		c->hold[v].head = -1;
	}
	if (c->nh == c->caph) {
		int cap = c->caph;
		c->hloc = grow(c->hloc, sizeof(int), &cap, c->nh + 1);
		c->hnext = verify_xrealloc(c->hnext, sizeof(int) * (size_t)cap);
		c->caph = cap;
	}
	if (v >= c->nval && v < kc_id(c))
		c->pfmark[(v - c->nval) / (PF_NKIND * PF_NW)] = c->stamp;
	int k = c->nh++;
	c->hloc[k] = l;
	c->hnext[k] = c->hold[v].head;
	c->hold[v].head = k;
}

static void h_del(Chk *c, int v, int l)
{
	if (c->hold[v].stamp != c->stamp)
		return;
	int *pp = &c->hold[v].head;
	while (*pp >= 0 && c->hloc[*pp] != l)
		pp = &c->hnext[*pp];
	if (*pp >= 0)
		*pp = c->hnext[*pp];
}

/* Set s without its part facts and K (the ids nval..kc_id; word facts,
 * after them, stay). */
static int strip_parts(Chk *c, int s)
{
	int n = set_n(&c->sp, s), k = 0;
	const int *v = set_v(&c->sp, s);
	bool any = false;
	for (int j = 0; j < n; j++)
		any |= v[j] >= c->nval && v[j] <= kc_id(c);
	if (!any)
		return s;
	c->vbuf = grow(c->vbuf, sizeof(int), &c->capvbuf, n + 1);
	for (int j = 0; j < n; j++)
		if (v[j] < c->nval || v[j] > kc_id(c))
			c->vbuf[k++] = v[j];
	return set_intern(&c->sp, c->vbuf, k);
}

/* Set s without the ids a slot cannot hold: K and the part facts but
 * "v's low w bytes" (PF_LOW).  Such a fact in a slot means the slot's
 * bytes [0, w) are v's low w bytes: a write of at least w bytes at the
 * slot's address from a location whose low w bytes are v's (a narrow
 * store of a register, narrow_set; a copy of a slot holding it), as a
 * register's PF_LOW means its low w bytes are v's. */
static int slot_parts(Chk *c, int s)
{
	int n = set_n(&c->sp, s), k = 0, b, kind, w;
	const int *v = set_v(&c->sp, s);
	bool any = false;
	for (int j = 0; j < n; j++)
		any |= v[j] >= c->nval && v[j] <= kc_id(c) &&
		       !(pf_of(c, v[j], &b, &kind, &w) && kind == PF_LOW);
	if (!any)
		return s;
	c->vbuf = grow(c->vbuf, sizeof(int), &c->capvbuf, n + 1);
	for (int j = 0; j < n; j++)
		if (v[j] < c->nval || v[j] > kc_id(c) ||
		    (pf_of(c, v[j], &b, &kind, &w) && kind == PF_LOW))
			c->vbuf[k++] = v[j];
	return set_intern(&c->sp, c->vbuf, k);
}

void wset(Chk *c, int l, int s)
{
	if (is_slot(c, l))
		s = slot_parts(c, s);
	else if (l >= TGT_NREGS)
		s = strip_parts(c, s);
	int old = c->cur[l];
	if (old == s)
		return;
	const int *a = set_v(&c->sp, old), *b = set_v(&c->sp, s);
	int na = set_n(&c->sp, old), nb = set_n(&c->sp, s), i = 0, j = 0;
	while (i < na || j < nb) {
		if (j == nb || (i < na && a[i] < b[j]))
			h_del(c, a[i++], l);
		else if (i == na || b[j] < a[i])
			h_add(c, b[j++], l);
		else
			i++, j++;
	}
	c->cur[l] = s;
	touch(c, l);
}

/* ---- Killing a value --------------------------------------------------- */

static void kill_one(Chk *c, int v)
{
	if (c->hold[v].stamp != c->stamp)
		return;
	int n = 0;
	for (int k = c->hold[v].head; k >= 0; k = c->hnext[k])
		c->klist[n++] = c->hloc[k];
	for (int i = 0; i < n; i++)
		wset(c, c->klist[i], set_del(&c->sp, c->cur[c->klist[i]], v));
}

bool mv_names(const Chk *c, int j, int v)
{
	for (int k = 0; k < c->nmvaddr[j]; k++)
		if (c->mvaddr[j][k] == v)
			return true;
	return false;
}

bool mv_u_names(const Chk *c, int j, int v)
{
	const Ins *u = c->mvorig[j];
	for (int k = 0; k < u->nops; k++)
		if (op_is_value(&u->ops[k]) && value_of(c, &u->ops[k]) == v)
			return true;
	return false;
}

void mv_kill_all(Chk *c)
{
	for (int j = 0; j < c->nmv; j++) {
		int v = mv_id(c, j);
		if (c->hold[v].stamp != c->stamp)
			continue;
		int n = 0;
		for (int k = c->hold[v].head; k >= 0; k = c->hnext[k])
			c->klist[n++] = c->hloc[k];
		for (int i = 0; i < n; i++) {
			int l = c->klist[i];
			wset(c, l, set_add(&c->sp, set_del(&c->sp, c->cur[l], v),
					   c->nval));
		}
	}
}

void kill_value(Chk *c, int v)
{
	for (int j = 0; j < c->nmv; j++)
		if (mv_names(c, j, v))
			kill_one(c, mv_id(c, j));
	kill_one(c, v);
	if (v < c->nval && c->pfmark[v] == c->stamp)
		for (int kind = 0; kind < PF_NKIND; kind++)
			for (int w = 1; w <= PF_MAXW; w *= 2)
				kill_one(c, pf_id(c, v, kind, w));
	if (wide_value(c, v))
		for (int i = 0; i < WD_MAX; i++)
			kill_one(c, wd_id(c, v, i));
}

void kill_word(Chk *c, int v, int w)
{
	kill_one(c, wd_id(c, v, w));
	if (w == 0) {
		kill_one(c, v);
		if (v < c->nval && c->pfmark[v] != c->stamp)
			return; /* no part fact of v held */
		for (int kind = 0; kind < PF_NKIND; kind++)
			for (int pw = 1; pw <= PF_MAXW; pw *= 2)
				kill_one(c, pf_id(c, v, kind, pw));
		return;
	}
	if (c->hold[v].stamp != c->stamp)
		return;
	int n = 0;
	for (int k = c->hold[v].head; k >= 0; k = c->hnext[k])
		if (!gpr_loc(c, c->hloc[k]))
			c->klist[n++] = c->hloc[k];
	for (int i = 0; i < n; i++)
		wset(c, c->klist[i], set_del(&c->sp, c->cur[c->klist[i]], v));
}

/* ---- Definitions and reads --------------------------------------------- */

void defined(Chk *c, int v)
{
	if (c->isW[v])
		bit_set(c->curD, c->widx[v], true);
}

int read_id(const Chk *c, int l, int p, int v)
{
	if (wide_value(c, v) && gpr_loc(c, l) && p < nwords(c, v))
		return word_at(c, l + p, v, p);
	if (x87_multi(c, v) && x87_loc(c, l) && p > 0 && 2 * p < nwords(c, v))
		return wd_id(c, v, 2 * p); /* x87 part p */
	return v;
}

bool holds_at(Chk *c, int l, int p, int v)
{
	return set_has(&c->sp, c->cur[l + p], read_id(c, l, p, v)) ||
	       undefined(c, c->curD, v);
}

bool holds_part(Chk *c, const Op *oo, int l, int v)
{
	if (v >= c->npseudo || (l >= TGT_NREGS && !is_slot(c, l)) ||
	    oo->sub_off != 0 || oo->sub_size == 0)
		return false;
	bool rmw = (oo->flags & OF_DEF) && (oo->flags & OF_USE);
	int k = oo->sub_size;
	for (int w = 1; w <= PF_MAXW; w *= 2) {
		if (rmw && w <= k && k < 8 &&
		    set_has(&c->sp, c->cur[l], pf_id(c, v, PF_REST, w)))
			return true;
		if (!(oo->flags & OF_DEF) && w >= k &&
		    set_has(&c->sp, c->cur[l], pf_id(c, v, PF_LOW, w)))
			return true;
	}
	return false;
}

/* ---- Loading and unloading a block's state ----------------------------- */

/* wset of an empty location l to a set s that l can hold as it is (what
 * wset would leave of it is s itself): the holders of s's ids, no
 * filtering, no difference with the old set. */
static void load_set(Chk *c, int l, int s)
{
	if (!s)
		return;
	const int *v = set_v(&c->sp, s);
	for (int j = 0, n = set_n(&c->sp, s); j < n; j++)
		h_add(c, v[j], l);
	c->cur[l] = s;
	touch(c, l);
}

/* Stored states hold only sets their locations can hold: unload stores
 * what wset left, and joins, relabelling and pruning make subsets of
 * them, unions of subsets and the values and word facts of phi defs,
 * which every location can hold.  The second return of a call that
 * returns twice (setjmp.c) goes through wset all the same. */
void load(Chk *c, const State *st)
{
	c->stamp++;
	c->ntouch = 0;
	c->nh = 0;
	if (c->nwords)
		memcpy(c->curD, st->def, sizeof(uint64_t) * (size_t)c->nwords);
	for (int i = 0; i < st->n; i++)
		if (c->nsj)
			wset(c, st->loc[i], st->set[i]);
		else
			load_set(c, st->loc[i], st->set[i]);
	c->nsorted = c->ntouch;
}

int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

bool unload(Chk *c, State *out, const State *old, bool want)
{
	/* the entry's locations are in order; sort the few added since and
	 * merge, keeping the non-empty ones */
	int *t = c->tlist, ns = c->nsorted, nt = c->ntouch;
	qsort(t + ns, (size_t)(nt - ns), sizeof(int), cmp_int);
	int n = 0, i = 0, j = ns;
	while (i < ns || j < nt) {
		int l = j == nt || (i < ns && t[i] < t[j]) ? t[i++] : t[j++];
		if (c->cur[l])
			c->tbuf[n++] = l;
	}
	/* every touched location not in tbuf is empty already */
	for (int k = 0; k < n; k++)
		t[k] = c->tbuf[k];
	bool same = old && old->n == n &&
		    (!c->nwords || memcmp(old->def, c->curD,
					  sizeof(uint64_t) *
						  (size_t)c->nwords) == 0);
	for (int i = 0; same && i < n; i++)
		same = old->loc[i] == c->tlist[i] &&
		       old->set[i] == c->cur[c->tlist[i]];
	if (want && !same) {
		out->n = n;
		out->def = NULL;
		if (c->nwords) {
			out->def = ARENA_NEW(c->a, uint64_t, c->nwords);
			memcpy(out->def, c->curD,
			       sizeof(uint64_t) * (size_t)c->nwords);
		}
		out->loc = ARENA_NEW(c->a, int, n);
		out->set = ARENA_NEW(c->a, int, n);
		for (int i = 0; i < n; i++) {
			out->loc[i] = c->tlist[i];
			out->set[i] = c->cur[c->tlist[i]];
		}
	}
	/* the compaction above kept every non-empty location in the list */
	for (int i = 0; i < c->ntouch; i++)
		c->cur[c->tlist[i]] = 0;
	c->ntouch = 0;
	return !same;
}
