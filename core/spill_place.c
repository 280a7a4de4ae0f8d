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
	/* memuse and memdef are set only with memins, rmwdef only with
	 * its log: without either the scan finds nothing */
	for (int v = 0; (s->memins.n || s->rmwdef_log.n) && v < s->npseudo0;
	     v++)
		if (s->memuse[v] || s->memdef[v] || s->rmwdef[v]) {
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

double sp_edge_cost(const Sp *s, int P, int k)
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
				    : sp_edge_cost(s, x->blk, x->succ);
		npos[x->v]++;
	}
	for (int v = 0; v < np; v++) {
		if (!s->need[v] || s->memphi[v] || s->defblk[v] < 0 ||
		    s->memdef[v] || s->rmwdef[v])
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
		    !s->memdef[x->v] && !s->rmwdef[x->v])
			s->spills.p[n++] = *x;
	}
	s->spills.n = n;
	return true;
}


/* ------------------------------------------------------------------ */
/* dead spills: memory liveness per value over the recorded places */

/* One access of a value's memory: a read (reload, memory phi source) or
 * a write (spill, index sp into s->spills), in block blk at time t, or
 * on edge (blk, succ) with t = -1. */
typedef struct MemEv {
	int blk, succ, t, sp;
	uint8_t write;
} MemEv;

/* Per-value memory events, bucketed by value: ev[start[v] ..
 * start[v + 1] - 1], each bucket sorted by block, in-block events by
 * time, then the edges. */
typedef struct MemEvs {
	MemEv *ev;
	int *start;
} MemEvs;

static int memev_cmp(const void *x, const void *y)
{
	const MemEv *a = x, *b = y;
	if (a->blk != b->blk)
		return a->blk < b->blk ? -1 : 1;
	if ((a->t < 0) != (b->t < 0))
		return a->t < 0 ? 1 : -1;
	if (a->t != b->t)
		return a->t < b->t ? -1 : 1;
	return a->write == b->write ? 0 : a->write ? -1 : 1;
}

/* Sorts e[0..n-1] by memev_cmp, stably, by insertion (the usual few). */
static void memev_isort(MemEv *e, int n)
{
	for (int i = 1; i < n; i++) {
		MemEv x = e[i];
		int j = i;
		for (; j > 0 && memev_cmp(&x, &e[j - 1]) < 0; j--)
			e[j] = e[j - 1];
		e[j] = x;
	}
}

/* Sorts e[0..n-1] by memev_cmp, stably (events that compare equal keep
 * the order memev_each gave them): by insertion up to 16, else by
 * merging the sorted halves through tmp (room for n). */
static void memev_msort(MemEv *e, MemEv *tmp, int n)
{
	if (n <= 16) {
		memev_isort(e, n);
		return;
	}
	int h = n / 2, i = 0, j = h, k = 0;
	memev_msort(e, tmp, h);
	memev_msort(e + h, tmp, n - h);
	while (i < h && j < n)
		tmp[k++] = memev_cmp(&e[j], &e[i]) < 0 ? e[j++] : e[i++];
	while (i < h)
		tmp[k++] = e[i++];
	while (j < n)
		tmp[k++] = e[j++];
	memcpy(e, tmp, sizeof *e * (size_t)n);
}

/* Sorts e[0..n-1] by memev_cmp, stably; scratch from s's arena. */
static void memev_sort(Sp *s, MemEv *e, int n)
{
	if (n <= 16)
		memev_isort(e, n);
	else
		memev_msort(e, ARENA_RAW(s->a, MemEv, n), n);
}

/* Calls f(s, v, ev, arg) for every memory event of the values with a
 * recorded spill: spills, reloads (remats read no memory) and the
 * sources of needed memory phis (read at the end of their edge). */
static void memev_each(Sp *s, const uint8_t *spilt,
		       void (*f)(Sp *, int, MemEv, void *), void *arg)
{
	for (int j = 0; j < s->spills.n; j++) {
		const Place *x = &s->spills.p[j];
		f(s, x->v, (MemEv){x->blk, x->succ, x->at ? x->t : -1, j, 1}, arg);
	}
	for (int j = 0; j < s->reloads.n; j++) {
		const Place *x = &s->reloads.p[j];
		if (spilt[x->v] && !s->remat[x->v])
			f(s, x->v,
			  (MemEv){x->blk, x->succ, x->at ? x->t : -1, -1, 0}, arg);
	}
	/* memphi is set only with its log (sp_set_memphi) */
	for (int p = 0; s->memphi_log.n && p < s->npseudo0; p++) {
		if (!s->memphi[p] || !s->need[p])
			continue;
		const Ins *i = s->def[p];
		int B = s->defblk[p];
		for (int k = 1; k < i->nops; k++) {
			int a = live_value(s->fn, &i->ops[k]);
			int P = i->ops[k].from;
			if (!is_pseudo(s, a) || !spilt[a] || P < 0)
				continue;
			const Blk *pb = s->fn->blk[P];
			for (int m = 0; m < pb->nsucc; m++)
				if (pb->succ[m].blk == B)
					f(s, a, (MemEv){P, m, -1, -1, 0}, arg);
		}
	}
}

static void memev_count(Sp *s, int v, MemEv e, void *arg)
{
	(void)s;
	(void)e;
	((int *)arg)[v + 1]++;
}

static void memev_fill(Sp *s, int v, MemEv e, void *arg)
{
	MemEvs *x = arg;
	(void)s;
	x->ev[x->start[v]++] = e;
}

/* The memory events of the values that have a recorded spill. */
static MemEvs memevs_build(Sp *s)
{
	int np = s->npseudo0;
	uint8_t *spilt = ARENA_NEW(s->a, uint8_t, np + 1);
	for (int j = 0; j < s->spills.n; j++)
		spilt[s->spills.p[j].v] = 1;
	int *start = ARENA_NEW(s->a, int, np + 2);
	memev_each(s, spilt, memev_count, start);
	for (int v = 0; v < np; v++)
		start[v + 1] += start[v];
	MemEvs x = {.ev = ARENA_NEW(s->a, MemEv, start[np] + 1),
		    .start = start};
	memev_each(s, spilt, memev_fill, &x);
	for (int v = np; v > 0; v--)
		start[v] = start[v - 1];
	start[0] = 0;
	for (int v = 0; v < np; v++)
		if (start[v + 1] - start[v] > 1)
			memev_sort(s, x.ev + start[v], start[v + 1] - start[v]);
	return x;
}

/* Memory liveness of one value (events e[0..n-1], sorted): lin[b] ==
 * g when its slot's content is read, on some path from b's entry,
 * before a spill writes it; lout[b] == g the same at b's end.  first[b]
 * (stamp fs[b] == g): 1 when b's first in-block event reads, 2 when it
 * writes. */
typedef struct MemLive {
	int *lin, *lout, *first, *fs, *work;
	int *lo, *hi; /* with fs[b] == g or lin/lout: b's events e[lo..hi-1] */
	int *rs;      /* stamp of lo/hi */
	int g;
} MemLive;

/* Whether edge (P, k) has an event that writes (a spill), resp. reads
 * (a reload, a memory phi's source), among e[0..n-1].  On one edge a
 * value is never both spilled and reloaded; a spill there comes before
 * the memory phi that reads it. */
static bool edge_has(const MemLive *m, const MemEv *e, int P, int k,
		     bool write)
{
	if (m->rs[P] != m->g)
		return false;
	for (int j = m->lo[P]; j < m->hi[P]; j++)
		if (e[j].succ == k && e[j].t < 0 && e[j].write == write)
			return true;
	return false;
}

static bool edge_writes(const MemLive *m, const MemEv *e, int P, int k)
{
	return edge_has(m, e, P, k, true);
}

static bool edge_reads(const MemLive *m, const MemEv *e, int P, int k)
{
	return edge_has(m, e, P, k, false);
}

static void memlive_value(Sp *s, MemLive *m, const MemEv *e, int n)
{
	int g = ++m->g, nw = 0;
	for (int j = 0; j < n; j++) {
		int b = e[j].blk;
		if (m->rs[b] != g) {
			m->rs[b] = g;
			m->lo[b] = j;
		}
		m->hi[b] = j + 1;
	}
	for (int j = 0; j < n; j++) {
		int b = e[j].blk;
		if (e[j].t >= 0 && m->fs[b] != g) {
			m->fs[b] = g;
			m->first[b] = e[j].write ? 2 : 1;
			if (!e[j].write) {
				m->lin[b] = g;
				m->work[nw++] = b;
			}
		}
	}
	for (int j = 0; j < n; j++) {
		int b = e[j].blk;
		if (e[j].t >= 0 || e[j].write ||
		    edge_writes(m, e, b, e[j].succ))
			continue;
		m->lout[b] = g;
		if (m->fs[b] != g && m->lin[b] != g) {
			m->lin[b] = g;
			m->work[nw++] = b;
		}
	}
	while (nw > 0) {
		const Blk *bb = s->fn->blk[m->work[--nw]];
		for (int q = 0; q < bb->npred; q++) {
			int P = bb->pred[q];
			const Blk *pb = s->fn->blk[P];
			if (!cfg_reachable(s->cfg, P) || m->lout[P] == g)
				continue;
			for (int k = 0; k < pb->nsucc; k++) {
				if (pb->succ[k].blk != bb->idx ||
				    edge_writes(m, e, P, k))
					continue;
				m->lout[P] = g;
				if (m->fs[P] != g && m->lin[P] != g) {
					m->lin[P] = g;
					m->work[nw++] = P;
				}
				break;
			}
		}
	}
}

/* Whether spill e[j] stores a value something reads (m computed for
 * e[0..n-1]). */
static bool spill_read(const Sp *s, const MemLive *m, const MemEv *e, int n,
		       int j)
{
	int b = e[j].blk;
	if (e[j].t < 0)
		return edge_reads(m, e, b, e[j].succ) ||
		       m->lin[s->fn->blk[b]->succ[e[j].succ].blk] == m->g;
	int q = j + 1;
	if (q < n && e[q].blk == b && e[q].t >= 0)
		return !e[q].write;
	return m->lout[b] == m->g;
}

void sp_drop_dead_spills(Sp *s)
{
	if (s->spills.n == 0)
		return;
	int nb = s->fn->nblk;
	MemEvs x = memevs_build(s);
	MemLive m = {.lin = ARENA_NEW(s->a, int, nb + 1),
		     .lout = ARENA_NEW(s->a, int, nb + 1),
		     .first = ARENA_NEW(s->a, int, nb + 1),
		     .fs = ARENA_NEW(s->a, int, nb + 1),
		     .work = ARENA_NEW(s->a, int, nb + 1),
		     .lo = ARENA_NEW(s->a, int, nb + 1),
		     .hi = ARENA_NEW(s->a, int, nb + 1),
		     .rs = ARENA_NEW(s->a, int, nb + 1)};
	uint8_t *keep = ARENA_NEW(s->a, uint8_t, s->spills.n + 1);
	for (int v = 0; v < s->npseudo0; v++) {
		const MemEv *e = x.ev + x.start[v];
		int n = x.start[v + 1] - x.start[v];
		if (n == 0)
			continue;
		memlive_value(s, &m, e, n);
		for (int j = 0; j < n; j++)
			if (e[j].write && spill_read(s, &m, e, n, j))
				keep[e[j].sp] = 1;
	}
	int k = 0;
	for (int j = 0; j < s->spills.n; j++)
		if (keep[j])
			s->spills.p[k++] = s->spills.p[j];
		else
			s->st.deadspills++;
	s->spills.n = k;
}
