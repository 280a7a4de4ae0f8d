/* spill_entry.c - the spiller's block entry sets (see spill_int.h):
 * which values are in registers at the start of a block, from its
 * processed predecessors, or at a loop header from the values the loop
 * reads and the room its pressure leaves.  Requires the facts
 * (spill_facts.c) and the exit sets of the processed predecessors. */
#include "spill_int.h"

/* ------------------------------------------------------------------ */
/* decide: block entry sets */

struct Cand {
	int v;
	NuDist time;
	uint8_t phi, forced, spilled, delayed, out, avail_all, taken;
	int avail;
	double whave, wlack; /* edge costs of the preds with and without it */
};
typedef struct Cand Cand;

/* Whether a comes before b: nearer next use, then lower number. */
static bool cand_before(const Cand *a, const Cand *b)
{
	return a->time < b->time || (a->time == b->time && a->v < b->v);
}

static int cand_cmp(const void *x, const void *y)
{
	const Cand *a = x, *b = y;
	return cand_before(a, b) ? -1 : cand_before(b, a) ? 1 : 0;
}

/* A candidate's place in the order of cand_before: its next use's
 * distance, then its value, in one number; and its index. */
typedef struct CandKey {
	uint64_t key;
	int idx;
} CandKey;

/* Sorts c[0..n-1] by cand_before (scratch in a): qsort for long lists;
 * the usual short ones by insertion of their keys (small, compared at
 * once), then moved into place. */
static void cand_sort(Arena *a, Cand *c, int n)
{
	if (n > 32) {
		qsort(c, (size_t)n, sizeof *c, cand_cmp);
		return;
	}
	if (n < 2)
		return;
	CandKey k[32];
	for (int i = 0; i < n; i++) {
		/* values are not negative: (time, v) orders as the number */
		CandKey x = {(uint64_t)c[i].time << 32 | (uint32_t)c[i].v, i};
		int j = i;
		for (; j > 0 && x.key < k[j - 1].key; j--)
			k[j] = k[j - 1];
		k[j] = x;
	}
	Cand *old = ARENA_RAW(a, Cand, n);
	memcpy(old, c, sizeof *c * (size_t)n);
	for (int i = 0; i < n; i++)
		c[i] = old[k[i].idx];
}

/* The candidates for b's entry set: live-in values and phi definitions
 * that weigh in a class. */
static int entry_cands(Sp *s, int b, Cand *c)
{
	int n = 0;
	const Live *lv = s->lv;
	for (int j = 0; j < lv->nin[b]; j++) {
		int v = lv->in[b][j];
		if (s->cls[v] < 0)
			continue;
		c[n++] = (Cand){.v = v, .time = s->cur->etime[j],
				.forced = (uint8_t)!evictable(s, v),
				.spilled = (uint8_t)(is_pseudo(s, v) &&
						     free_to_drop(s, v))};
	}
	int e = lv->nin[b];
	for (Ins *i = s->fn->blk[b]->first; i && i->kind == IK_PHI;
	     i = i->next, e++) {
		int v = live_value(s->fn, &i->ops[0]);
		if (v < 0 || s->cls[v] < 0)
			continue;
		c[n++] = (Cand){.v = v, .time = s->cur->etime[e],
				.phi = 1,
				.forced = (uint8_t)(!evictable(s, v) ||
						    !s->memcap[v])};
	}
	return n;
}

/* Counts, for each candidate, the processed predecessors that have it
 * (or, for a phi, its source) in registers at their end, and ORs their
 * spilled state into the candidate's; sums the costs of the edges from
 * those that have it (whave) and lack it (wlack).  Returns whether all reachable
 * predecessors are processed (and there is at least one). */
static bool entry_avail(Sp *s, int b, Cand *c, int n)
{
	const Blk *bb = s->fn->blk[b];
	bool all = bb->npred > 0;
	int nknown = 0;
	for (int j = 0; j < n; j++)
		c[j].avail_all = 1;
	for (int p = 0; p < bb->npred; p++) {
		int P = bb->pred[p];
		if (!cfg_reachable(s->cfg, P))
			continue;
		if (!s->done[P]) {
			all = false;
			continue;
		}
		nknown++;
		/* the edge's cost: its less frequent end */
		double ew = blk_cost(s, P) < blk_cost(s, b) ? blk_cost(s, P)
							     : blk_cost(s, b);
		int g = new_gen(s);
		const BSet *x = &s->wexit[P];
		for (int q = 0; q < x->n; q++) {
			s->mark[x->e[q].v] = g;
			s->flag[x->e[q].v] = x->e[q].spilled;
		}
		Ins *pi = bb->first;
		for (int j = 0; j < n; j++) {
			int v = c[j].v;
			bool in;
			if (c[j].phi) {
				while (pi && (pi->kind != IK_PHI ||
					      live_value(s->fn, &pi->ops[0]) != v))
					pi = pi->next;
				int a = pi ? live_value(s->fn, &pi->ops[1 + p]) : -1;
				in = a < 0 || s->cls[a] < 0 || s->mark[a] == g;
			} else {
				in = s->mark[v] == g;
				if (!in || s->flag[v])
					c[j].spilled = 1;
			}
			c[j].avail += in;
			if (in)
				c[j].whave += ew;
			else
				c[j].wlack += ew;
			if (!in)
				c[j].avail_all = 0;
		}
	}
	return all && nknown > 0;
}

/* Marks (mark2 = g) the values read inside loop l. */
static void mark_loop_reads(Sp *s, int l, int g)
{
	for (int q = 0; q < s->nlused[l]; q++)
		s->mark2[s->lused[l][q]] = g;
}

/* The entry set under construction: its entries and the room left per
 * class. */
typedef struct EntrySel {
	Cand *c;
	int n;
	SetEnt *e;
	int ne;
	int room[RC_NALLOC];
} EntrySel;

/* Adds candidate c to the entry set (and to the registers unless it is
 * dead). */
static void take(Sp *s, EntrySel *x, Cand *c)
{
	int ent = x->ne++;
	x->e[ent] = (SetEnt){.v = c->v, .spilled = c->phi ? 0 : c->spilled,
			     .phi = c->phi};
	x->room[s->cls[c->v]] -= s->wt[c->v];
	c->taken = 1;
	if (c->time != NU_INF)
		sp_w_add(s, c->v, c->time, x->e[ent].spilled, 1, ent);
}

/* Whether candidate c fits the room left (a pair also among the
 * disjoint pairs the values taken leave, pairs_short). */
static bool fits(const Sp *s, const EntrySel *x, const Cand *c)
{
	int cl = s->cls[c->v];
	if (s->wt[c->v] > x->room[cl])
		return false;
	return !(is_pseudo(s, c->v) && s->wt[c->v] == 2 &&
		 sp_pairs_short(s, cl, 1, 0));
}

/* A candidate buffer big enough for block b (reused; entry_cands writes
 * each candidate whole). */
static Cand *cand_buffer(Sp *s, int b)
{
	int maxc = s->lv->nin[b] + 1;
	for (Ins *i = s->fn->blk[b]->first; i && i->kind == IK_PHI; i = i->next)
		maxc++;
	if (maxc > s->candcap) {
		s->candcap = 2 * maxc;
		s->cand = ARENA_RAW(s->a, Cand, s->candcap);
	}
	return s->cand;
}

/* Marks the candidates that wait for room left by the loop (at a loop
 * header: not read in the loop) and, elsewhere when all predecessors are
 * processed, those better reloaded where they are read than on the
 * edges: no predecessor has them (a phi: its source) in registers, or
 * the edges lacking them cost more than those having them (a hot path
 * through a call against a rare one that kept them). */
static void classify(Sp *s, int b, Cand *c, int n, bool allknown)
{
	int l = s->lp->loop_of[b];
	int g = ++s->gen2;
	if (b == s->fn->entry)
		return;
	if (l >= 0)
		mark_loop_reads(s, l, g);
	for (int j = 0; j < n; j++) {
		if (c[j].forced || c[j].time == NU_INF)
			continue;
		if (l >= 0)
			c[j].delayed = s->mark2[c[j].v] != g;
		else if (allknown &&
			 (c[j].avail == 0 ||
			  c[j].wlack > c[j].whave))
			c[j].out = 1;
	}
}

/* Takes the values that must be in registers; false if they do not fit. */
static bool take_forced(Sp *s, int b, EntrySel *x)
{
	for (int j = 0; j < x->n; j++)
		if (x->c[j].forced)
			take(s, x, &x->c[j]);
	for (int k = 0; k < RC_NALLOC; k++)
		if (x->room[k] < 0)
			return err_set(s->err, s->errlen,
				       "b%d: %d %s registers are needed at the "
				       "entry by precoloured values and phis "
				       "that cannot live in memory (k = %d)",
				       s->fn->blk[b]->id, s->k[k] - x->room[k],
				       s->t->class_name[k], s->k[k]);
	return true;
}

/* Takes the other live candidates in next-use order while they fit, the
 * delayed ones aside (their weight per class into dweight). */
static void take_starters(Sp *s, EntrySel *x, int dweight[RC_NALLOC])
{
	for (int j = 0; j < x->n; j++) {
		Cand *c = &x->c[j];
		if (c->forced || c->time == NU_INF || c->out)
			continue;
		if (c->delayed)
			dweight[s->cls[c->v]] += s->wt[c->v];
		else if (fits(s, x, c))
			take(s, x, c);
	}
}

/* At the header of loop l: the values live through the loop only as far
 * as the loop's own pressure leaves room (Braun and Hack), and, as in
 * libFirm, only those in registers at the end of every processed
 * predecessor (phis aside), so as not to cause reloads. */
static void take_delayed(Sp *s, int l, EntrySel *x,
			 const int dweight[RC_NALLOC])
{
	for (int k = 0; k < RC_NALLOC; k++) {
		int fr = s->k[k] - (s->lpress[l * RC_NALLOC + k] - dweight[k]);
		if (fr < x->room[k])
			x->room[k] = fr;
	}
	for (int j = 0; j < x->n; j++) {
		Cand *c = &x->c[j];
		if (c->delayed && (c->phi || c->avail_all) && fits(s, x, c))
			take(s, x, c);
	}
}

/* Marks out of b's entry set the candidates banned from it (ban_abnormal
 * below), unless they must be in registers. */
static void apply_bans(Sp *s, int b, Cand *c, int n)
{
	if (!s->ban_head || s->ban_head[b] < 0)
		return;
	int g = new_gen(s);
	for (int j = s->ban_head[b]; j >= 0; j = s->ban_next.v[j])
		s->mark[s->ban_val.v[j]] = g;
	for (int j = 0; j < n; j++)
		if (!c[j].forced && s->mark[c[j].v] == g) {
			c[j].out = 1;
			c[j].delayed = 0;
		}
}

bool sp_choose_entry(Sp *s, int b)
{
	sp_w_clear(s);
	EntrySel x = {.c = cand_buffer(s, b)};
	x.n = entry_cands(s, b, x.c);
	bool allknown = entry_avail(s, b, x.c, x.n);
	classify(s, b, x.c, x.n, allknown);
	apply_bans(s, b, x.c, x.n);
	cand_sort(s->a, x.c, x.n);
	x.e = ARENA_RAW(s->a, SetEnt, x.n + 1); /* take writes each */
	for (int k = 0; k < RC_NALLOC; k++)
		x.room[k] = s->k[k];
	if (!take_forced(s, b, &x))
		return false;
	int dweight[RC_NALLOC] = {0};
	take_starters(s, &x, dweight);
	int l = s->lp->loop_of[b];
	if (l >= 0 && b != s->fn->entry)
		take_delayed(s, l, &x, dweight);
	for (int j = 0; j < x.n; j++)
		if (x.c[j].phi && !x.c[j].taken)
			sp_set_memphi(s, x.c[j].v);
	s->went[b] = (BSet){.n = x.ne, .e = x.e};
	return true;
}

