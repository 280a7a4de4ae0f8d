/* coalesce.c - affinity chunks recoloured (see coalesce.h). */
#include "coalesce.h"

#include <stdlib.h>
#include <string.h>

/* Work is counted in neighbours visited. */
enum {
	RECOLOUR_DEPTH = 7,   /* as libFirm's heur4 */
	ATTEMPT_BUDGET = 2000, /* per attempt to bring one value to one
				  register */
	TOTAL_PER_ITEM = 48    /* per value and per interference edge, for
				  the whole function */
};

typedef struct UAff {
	int a, b; /* units */
	int64_t w;
} UAff;

typedef struct Pref {
	int r;
	int64_t w;
} Pref;

typedef struct CO {
	const Fn *fn;
	Colour *c;
	Arena *a;        /* scratch: everything below, freed at the end */
	int np;
	int *u;          /* per pseudo: unit (valid where c->need) */
	bool *node;      /* per pseudo: a unit representative with a register */
	int *col;        /* per unit: current register */
	RegSet *cspan;   /* per unit (node): uspan of its col, kept with col
			    by set_col */
	int *ustart, *unbr; /* unit graph (CSR) */
	int *members, *mstart; /* per unit: its pseudos */
	UAff *aff;       /* between units, merged */
	int naff;
	int *astart, *anbr; /* per unit: its affinities' other units, in
			       affinity order (CSR) */
	int *fstart;     /* per unit x: its affinities with a unit above it
			    (a == x), aff[fstart[x] .. fstart[x + 1] - 1] */
	Pref *pref;      /* per unit: register preferences (CSR) */
	int *pstart;
	uint8_t *uw;     /* per unit: its widest member's width */
	bool narrow;     /* every unit with a register takes one */
	bool *fixed;     /* done with: never moves again */
	bool *busy;      /* changed in the current attempt */
	int *scratch;    /* np: a component being gathered */
	int *best, *cur; /* np each: chunk colouring's groups */
	int *logn, *logc, nlog, logcap; /* undo log of an attempt */
	long steps, budget, total, budget_total;
	CoalesceStats *st;
} CO;

static int cls_of(const CO *co, int u)
{
	return co->fn->pseudo[u].cls;
}

static RegSet span(int r, int w)
{
	RegSet s = 0;
	for (int k = 0; k < w; k++)
		s |= RS_BIT(r + k);
	return s;
}

/* The registers unit u takes from r: as many as its widest member (a
 * tie unit may join a two-register value and a one-register def tied to
 * its first word, `=p91, V[0,8] ^0`). */
static RegSet uspan(const CO *co, int u, int r)
{
	return co->uw[u] == 1 ? RS_BIT(r) : span(r, co->uw[u]);
}

/* Unit u's register := r, its span with it. */
static void set_col(CO *co, int u, int r)
{
	co->col[u] = r;
	co->cspan[u] = uspan(co, u, r);
}

/* Units, their members and their graph. */
static void build_units(CO *co)
{
	Colour *c = co->c;
	int np = co->np;
	co->u = ARENA_RAW(co->a, int, np + 1);
	co->node = ARENA_NEW(co->a, bool, np + 1);
	co->col = ARENA_RAW(co->a, int, np + 1);
	co->mstart = ARENA_NEW(co->a, int, np + 2);
	for (int p = 0; p < np; p++) {
		co->u[p] = colour_unit(c, p);
		if (c->need[p] && c->reg[p] >= 0) {
			co->node[co->u[p]] = true;
			co->mstart[co->u[p] + 2]++;
		}
	}
	/* counts at mstart[u + 2]: the prefix sums make mstart[u + 1] u's
	 * first slot, which placing advances to its end */
	for (int p = 0; p < np; p++) {
		co->mstart[p + 2] += co->mstart[p + 1];
		co->col[p] = c->reg[p];
	}
	co->members = ARENA_RAW(co->a, int, co->mstart[np + 1] + 1);
	co->uw = ARENA_NEW(co->a, uint8_t, np + 1);
	for (int p = 0; p < np; p++)
		if (c->need[p] && c->reg[p] >= 0) {
			co->members[co->mstart[co->u[p] + 1]++] = p;
			if (c->width[p] > co->uw[co->u[p]])
				co->uw[co->u[p]] = c->width[p];
		}
	co->cspan = ARENA_NEW(co->a, RegSet, np + 1);
	co->narrow = true;
	/* unit adjacency: members' neighbours mapped to units, in one pass
	 * (at most as many as the members' neighbours; mark[y] == x + 1: y
	 * seen for x); the units' spans in the same pass */
	int *mark = ARENA_NEW(co->a, int, np + 1);
	co->ustart = ARENA_NEW(co->a, int, np + 2);
	co->unbr = ARENA_RAW(co->a, int, c->nstart[np] + 1);
	int n = 0;
	for (int x = 0; x < np; x++) {
		co->ustart[x] = n;
		if (!co->node[x])
			continue;
		co->cspan[x] = uspan(co, x, co->col[x]);
		co->narrow &= co->uw[x] == 1;
		for (int m = co->mstart[x]; m < co->mstart[x + 1]; m++) {
			int p = co->members[m];
			for (int k = c->nstart[p]; k < c->nstart[p + 1]; k++) {
				int y = co->u[c->nbr[k]];
				if (y == x || !co->node[y] || mark[y] == x + 1)
					continue;
				mark[y] = x + 1;
				co->unbr[n++] = y;
			}
		}
	}
	co->ustart[np] = n;
}

/* Whether affinity x sorts after y: by (a, b). */
static bool aff_after(const UAff *x, const UAff *y)
{
	return x->a != y->a ? x->a > y->a : x->b > y->b;
}

/* Sorts co->aff by (a, b) increasing, stably: by insertion when there
 * are few (no table by unit), else a stable counting sort by b, then
 * one by a; O(affinities + units). */
static void sort_affinities(CO *co)
{
	Arena *ar = co->a;
	int np = co->np, n = co->naff;
	if (n <= 24) {
		for (int k = 1; k < n; k++) {
			UAff x = co->aff[k];
			int j = k;
			for (; j > 0 && aff_after(&co->aff[j - 1], &x); j--)
				co->aff[j] = co->aff[j - 1];
			co->aff[j] = x;
		}
		return;
	}
	UAff *tmp = ARENA_RAW(ar, UAff, n + 1);
	int *cnt = ARENA_NEW(ar, int, np + 2);
	for (int k = 0; k < n; k++)
		cnt[co->aff[k].b + 1]++;
	for (int u = 0; u < np; u++)
		cnt[u + 1] += cnt[u];
	for (int k = 0; k < n; k++)
		tmp[cnt[co->aff[k].b]++] = co->aff[k];
	memset(cnt, 0, sizeof(int) * (size_t)(np + 2));
	for (int k = 0; k < n; k++)
		cnt[tmp[k].a + 1]++;
	for (int u = 0; u < np; u++)
		cnt[u + 1] += cnt[u];
	for (int k = 0; k < n; k++)
		co->aff[cnt[tmp[k].a]++] = tmp[k];
}

/* Affinities between units (merged) and register preferences. */
static void build_affinities(CO *co)
{
	Colour *c = co->c;
	int np = co->np;
	co->aff = ARENA_NEW(co->a, UAff, c->naff + 1);
	co->pstart = ARENA_NEW(co->a, int, np + 2);
	for (int k = 0; k < c->naff; k++) {
		const ColAff *a = &c->aff[k];
		if (!c->need[a->a] || c->reg[a->a] < 0)
			continue;
		int x = co->u[a->a];
		if (a->b < 0) {
			if (RS_HAS(c->adm[x], -1 - a->b))
				co->pstart[x + 2]++;
			continue;
		}
		if (!c->need[a->b] || c->reg[a->b] < 0)
			continue;
		int y = co->u[a->b];
		if (x == y || cls_of(co, x) != cls_of(co, y))
			continue;
		co->aff[co->naff++] = (UAff){x < y ? x : y, x < y ? y : x,
					     col_aff_weight(a)};
	}
	sort_affinities(co);
	int n = 0;
	for (int k = 0; k < co->naff; k++) {
		if (n && co->aff[n - 1].a == co->aff[k].a &&
		    co->aff[n - 1].b == co->aff[k].b)
			co->aff[n - 1].w += co->aff[k].w;
		else
			co->aff[n++] = co->aff[k];
	}
	co->naff = n;
	co->astart = ARENA_NEW(co->a, int, np + 2);
	/* counts at [x + 2]: the prefix sums make [x + 1] x's first slot,
	 * which placing advances to its end */
	for (int k = 0; k < n; k++) {
		co->astart[co->aff[k].a + 2]++;
		co->astart[co->aff[k].b + 2]++;
	}
	for (int p = 0; p < np; p++) {
		co->astart[p + 2] += co->astart[p + 1];
		co->pstart[p + 2] += co->pstart[p + 1];
	}
	co->anbr = ARENA_RAW(co->a, int, 2 * n + 1);
	co->fstart = ARENA_NEW(co->a, int, np + 2);
	for (int k = 0; k < n; k++) {
		int a = co->aff[k].a, b = co->aff[k].b;
		co->anbr[co->astart[a + 1]++] = b;
		co->anbr[co->astart[b + 1]++] = a;
		co->fstart[a + 1]++;
	}
	for (int p = 0; p < np; p++)
		co->fstart[p + 1] += co->fstart[p];
	co->pref = ARENA_RAW(co->a, Pref, co->pstart[np + 1] + 1);
	for (int k = 0; k < c->naff; k++) {
		const ColAff *a = &c->aff[k];
		if (a->b >= 0 || !c->need[a->a] || c->reg[a->a] < 0)
			continue;
		int x = co->u[a->a];
		if (RS_HAS(c->adm[x], -1 - a->b))
			co->pref[co->pstart[x + 1]++] =
				(Pref){-1 - a->b, col_aff_weight(a)};
	}
}

/* ---- recolouring ---- */

static void log_change(CO *co, int u)
{
	if (co->nlog == co->logcap) {
		int cap = 2 * co->logcap + 64;
		co->logn = arena_grow(co->a, co->logn,
				      sizeof(int) * (size_t)co->logcap,
				      sizeof(int) * (size_t)cap);
		co->logc = arena_grow(co->a, co->logc,
				      sizeof(int) * (size_t)co->logcap,
				      sizeof(int) * (size_t)cap);
		co->logcap = cap;
	}
	co->logn[co->nlog] = u;
	co->logc[co->nlog++] = co->col[u];
}

/* Undoes the attempt's changes back to mark. */
static void rollback(CO *co, int mark)
{
	while (co->nlog > mark) {
		co->nlog--;
		int u = co->logn[co->nlog];
		set_col(co, u, co->logc[co->nlog]);
		co->busy[u] = false;
	}
}

/* Keeps the attempt's changes (from mark on); the values are free to
 * move again in later attempts. */
static void commit(CO *co, int mark)
{
	for (int k = mark; k < co->nlog; k++)
		co->busy[co->logn[k]] = false;
	co->nlog = mark;
}

static bool loose(const CO *co, int u)
{
	return !co->fixed[u] && !co->busy[u];
}

static bool recolour(CO *co, int u, const int *order, int norder,
		     int nfree, int depth);

/* Moves neighbour n off the registers in excl, to any other admissible
 * register (the cheapest first: one no neighbour holds). */
static bool move_away(CO *co, int n, RegSet excl, int depth)
{
	if (!loose(co, n))
		return false;
	const Colour *c = co->c;
	RegSet held = 0;
	co->steps += co->ustart[n + 1] - co->ustart[n];
	if (depth + 1 >= RECOLOUR_DEPTH)
		return false; /* recolour would refuse n */
	for (int k = co->ustart[n]; k < co->ustart[n + 1]; k++) {
		held |= co->cspan[co->unbr[k]];
	}
	/* the registers no neighbour holds first, each group in register
	 * order */
	int order[TGT_NREGS], rest[TGT_NREGS], no = 0, nr = 0, nfree;
	if (co->uw[n] == 1) { /* a register's span is its bit: by sets */
		RegSet cand = c->adm[n] & ~excl;
		for (RegSet a = cand & ~held; a; a &= a - 1)
			order[no++] = colour_lowest(a);
		nfree = no;
		for (RegSet a = cand & held; a; a &= a - 1)
			order[no++] = colour_lowest(a);
		return recolour(co, n, order, no, nfree, depth + 1);
	}
	for (RegSet a = c->adm[n]; a; a &= a - 1) {
		int r = colour_lowest(a);
		RegSet sp = uspan(co, n, r);
		if (sp & excl)
			continue;
		if (!(sp & held))
			order[no++] = r;
		else
			rest[nr++] = r;
	}
	nfree = no;
	for (int k = 0; k < nr; k++)
		order[no++] = rest[k];
	return recolour(co, n, order, no, nfree, depth + 1);
}

/* Gives unit u the first register of order[] for which every neighbour
 * in the way can move away; changes logged.  The first nfree registers
 * of order[] are held by no neighbour of u (none is in the way). */
static bool recolour(CO *co, int u, const int *order, int norder,
		     int nfree, int depth)
{
	if (depth >= RECOLOUR_DEPTH)
		return false;
	for (int k = 0; k < norder; k++) {
		co->steps += 1 + co->ustart[u + 1] - co->ustart[u];
		if (co->steps > co->budget)
			return false;
		int r = order[k];
		int mark = co->nlog;
		log_change(co, u);
		set_col(co, u, r);
		co->busy[u] = true;
		if (k < nfree)
			return true;
		RegSet sp = uspan(co, u, r);
		bool ok = true;
		int j = co->ustart[u], end = co->ustart[u + 1];
		if (co->narrow) /* every span one register: by registers */
			for (; j < end && ok; j++) {
				int n = co->unbr[j];
				if (co->col[n] == r)
					ok = move_away(co, n, sp, depth);
			}
		for (; j < end && ok; j++) {
			int n = co->unbr[j];
			if (co->cspan[n] & sp)
				ok = move_away(co, n, sp, depth);
		}
		if (ok)
			return true;
		rollback(co, mark);
	}
	return false;
}

/* Tries to bring unit u to register r; on success the changes stay.
 * The work of the attempt counts towards the total budget. */
static bool change_to(CO *co, int u, int r)
{
	if (co->col[u] == r)
		return true;
	if (!loose(co, u) || !RS_HAS(co->c->adm[u], r))
		return false;
	co->steps = 0;
	co->budget = ATTEMPT_BUDGET;
	int mark = co->nlog;
	int order[1] = {r};
	bool ok = recolour(co, u, order, 1, 0, 0);
	co->total += co->steps;
	if (ok)
		commit(co, mark);
	else
		rollback(co, mark);
	return ok;
}

/* ---- chunks ---- */

typedef struct Chunk {
	int *m;    /* member units */
	int n;
	int64_t w;
} Chunk;

typedef struct Heap {
	Chunk *h;
	int n, cap;
} Heap;

static void heap_push(Arena *a, Heap *q, Chunk c)
{
	if (q->n == q->cap) {
		int cap = 2 * q->cap + 16;
		q->h = arena_grow(a, q->h, sizeof(Chunk) * (size_t)q->cap,
				  sizeof(Chunk) * (size_t)cap);
		q->cap = cap;
	}
	int k = q->n++;
	while (k > 0 && q->h[(k - 1) / 2].w < c.w) {
		q->h[k] = q->h[(k - 1) / 2];
		k = (k - 1) / 2;
	}
	q->h[k] = c;
}

static Chunk heap_pop(Heap *q)
{
	Chunk top = q->h[0], last = q->h[--q->n];
	int k = 0;
	for (;;) {
		int l = 2 * k + 1, r = l + 1, b = k;
		Chunk *bc = &last;
		if (l < q->n && q->h[l].w > bc->w) {
			b = l;
			bc = &q->h[l];
		}
		if (r < q->n && q->h[r].w > bc->w)
			b = r;
		if (b == k)
			break;
		q->h[k] = q->h[b];
		k = b;
	}
	if (q->n)
		q->h[k] = last;
	return top;
}

/* Union-find over units for chunk building, with member lists. */
typedef struct CF {
	int *parent, *next, *last, *size;
} CF;

static int cfind(CF *f, int x)
{
	while (f->parent[x] != x) {
		f->parent[x] = f->parent[f->parent[x]];
		x = f->parent[x];
	}
	return x;
}

/* Whether a member of chunk a interferes with a member of chunk b. */
static bool chunks_interfere(const CO *co, CF *f, int a, int b)
{
	if (f->size[a] > f->size[b]) {
		int t = a;
		a = b;
		b = t;
	}
	for (int x = a; x >= 0; x = f->next[x])
		for (int k = co->ustart[x]; k < co->ustart[x + 1]; k++)
			if (cfind(f, co->unbr[k]) == b)
				return true;
	return false;
}

static void cmerge(CF *f, int a, int b)
{
	if (f->size[a] < f->size[b]) {
		int t = a;
		a = b;
		b = t;
	}
	f->parent[b] = a;
	f->next[f->last[a]] = b;
	f->last[a] = f->last[b];
	f->size[a] += f->size[b];
}

/* Sorts v[0..n-1] (affinities in (a, b) order, as sort_affinities
 * leaves them, each pair once) by weight, heavier first, then a, then b:
 * a stable merge sort by weight keeps equal weights in (a, b) order. */
static void sort_by_weight(const UAff **v, int n, Arena *ar)
{
	const UAff **tmp = ARENA_RAW(ar, const UAff *, n + 1);
	const UAff **src = v, **dst = tmp;
	for (int w = 1; w < n; w *= 2) {
		for (int lo = 0; lo < n; lo += 2 * w) {
			int mid = lo + w < n ? lo + w : n;
			int hi = lo + 2 * w < n ? lo + 2 * w : n;
			int i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				dst[k++] = src[j]->w > src[i]->w ? src[j++]
								 : src[i++];
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
		}
		const UAff **t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, sizeof(const UAff *) * (size_t)n);
}

/* Weight of members m[0..n-1] as a group: their affinities inside the
 * group (each once) plus their preferences for register r (r < 0: the
 * best register of each). */
static int64_t group_weight(const CO *co, const int *m, int n, const int *in,
			    int stamp, int r)
{
	int64_t w = 0;
	for (int k = 0; k < n; k++) {
		int x = m[k];
		/* each pair once: from its smaller unit (aff sorted by a) */
		for (int j = co->fstart[x]; j < co->fstart[x + 1]; j++)
			if (in[co->aff[j].b] == stamp)
				w += co->aff[j].w;
		int64_t best = 0;
		for (int j = co->pstart[x]; j < co->pstart[x + 1]; j++) {
			const Pref *p = &co->pref[j];
			if (r < 0 ? p->w > best : p->r == r)
				best = r < 0 ? p->w : best + p->w;
		}
		w += best;
	}
	return w;
}

/* The initial chunks, pushed on q. */
static void build_chunks(CO *co, Heap *q, int *in, int *stampp)
{
	int np = co->np;
	CF f;
	f.parent = ARENA_RAW(co->a, int, np + 1);
	f.next = ARENA_RAW(co->a, int, np + 1);
	f.last = ARENA_RAW(co->a, int, np + 1);
	f.size = ARENA_RAW(co->a, int, np + 1);
	for (int x = 0; x < np; x++) {
		f.parent[x] = f.last[x] = x;
		f.next[x] = -1;
		f.size[x] = 1;
	}
	const UAff **byw = ARENA_RAW(co->a, const UAff *, co->naff + 1);
	for (int k = 0; k < co->naff; k++)
		byw[k] = &co->aff[k];
	sort_by_weight(byw, co->naff, co->a);
	for (int k = 0; k < co->naff; k++) {
		int a = cfind(&f, byw[k]->a), b = cfind(&f, byw[k]->b);
		if (a != b && !chunks_interfere(co, &f, a, b))
			cmerge(&f, a, b);
	}
	for (int x = 0; x < np; x++) {
		if (!co->node[x] || cfind(&f, x) != x)
			continue;
		if (f.size[x] == 1 && co->pstart[x] == co->pstart[x + 1])
			continue;
		Chunk ch = {ARENA_RAW(co->a, int, f.size[x]), 0, 0};
		for (int y = x; y >= 0; y = f.next[y])
			ch.m[ch.n++] = y;
		int stamp = ++*stampp;
		for (int k = 0; k < ch.n; k++)
			in[ch.m[k]] = stamp;
		ch.w = group_weight(co, ch.m, ch.n, in, stamp, -1);
		if (ch.w > 0)
			heap_push(co->a, q, ch);
	}
}

/* Affinity-connected components of the members of ch that satisfy keep
 * (a register r >= 0: those on r; -1: those not fixed); the heaviest
 * one's members go to best (returns its weight), the others are pushed
 * on q when rest is set. */
static int64_t components(CO *co, const Chunk *ch, int r, int *in,
			  int *stampp, int *best, int *nbest, Heap *q, bool rest)
{
	int stamp = ++*stampp;
	for (int k = 0; k < ch->n; k++) {
		int x = ch->m[k];
		if (r >= 0 ? co->col[x] == r : !co->fixed[x])
			in[x] = stamp;
	}
	int seen = ++*stampp;
	int64_t bestw = -1;
	*nbest = 0;
	int *comp = co->scratch;
	for (int k = 0; k < ch->n; k++) {
		int s0 = ch->m[k];
		if (in[s0] != stamp)
			continue;
		int n = 0;
		comp[n++] = s0;
		in[s0] = seen;
		for (int h = 0; h < n; h++) {
			int x = comp[h];
			for (int j = co->astart[x]; j < co->astart[x + 1]; j++) {
				int y = co->anbr[j];
				if (in[y] == stamp) {
					in[y] = seen;
					comp[n++] = y;
				}
			}
		}
		int gs = ++*stampp;
		for (int h = 0; h < n; h++)
			in[comp[h]] = gs;
		int64_t w = group_weight(co, comp, n, in, gs, r);
		for (int h = 0; h < n; h++)
			in[comp[h]] = seen;
		if (w > bestw && best) {
			bestw = w;
			memcpy(best, comp, sizeof(int) * (size_t)n);
			*nbest = n;
		}
		if (rest && w > 0) {
			Chunk nc = {ARENA_RAW(co->a, int, n), n, w};
			memcpy(nc.m, comp, sizeof(int) * (size_t)n);
			heap_push(co->a, q, nc);
		}
	}
	return bestw;
}

/* Registers of chunk ch's class in order of preference: admissible for
 * more members, preferred by register preferences, already held. */
static int colour_order(const CO *co, const Chunk *ch, int *order)
{
	int cls = cls_of(co, ch->m[0]);
	RegSet avail = co->c->avail[cls];
	/* the scores summed member by member, then sorted */
	int64_t by[TGT_NREGS], score[TGT_NREGS];
	for (RegSet a = avail; a; a &= a - 1)
		by[colour_lowest(a)] = 0;
	/* members with one admissible set in a row count together */
	RegSet same = 0;
	int64_t nsame = 0;
	for (int k = 0; k <= ch->n; k++) {
		RegSet am = k < ch->n ? co->c->adm[ch->m[k]] & avail : 0;
		if (k == ch->n || am != same) {
			for (RegSet a = same; a && nsame; a &= a - 1)
				by[colour_lowest(a)] += nsame << 40;
			same = am;
			nsame = 0;
		}
		if (k == ch->n)
			break;
		nsame++;
		int x = ch->m[k];
		int r = co->col[x];
		if (r >= 0 && r < TGT_NREGS && RS_HAS(avail, r))
			by[r] += 1 + (co->astart[x + 1] - co->astart[x]);
		for (int j = co->pstart[x]; j < co->pstart[x + 1]; j++) {
			int p = co->pref[j].r;
			if (p >= 0 && p < TGT_NREGS && RS_HAS(avail, p))
				by[p] += co->pref[j].w;
		}
	}
	int n = 0;
	for (RegSet a = avail; a; a &= a - 1) {
		int r = colour_lowest(a);
		int64_t s = by[r];
		int k = n++;
		while (k > 0 && score[k - 1] < s) {
			score[k] = score[k - 1];
			order[k] = order[k - 1];
			k--;
		}
		score[k] = s;
		order[k] = r;
	}
	return n;
}

/* An upper bound of the weight chunk ch can satisfy on register r: the
 * affinities among the members that may take r (admissible there, and
 * not settled on another register) and their preferences for r. */
static int64_t reg_bound(const CO *co, const Chunk *ch, int r, int *in,
			 int *stampp)
{
	int stamp = ++*stampp, n = 0;
	int *m = co->scratch;
	for (int k = 0; k < ch->n; k++) {
		int x = ch->m[k];
		if (co->col[x] == r ||
		    (!co->fixed[x] && RS_HAS(co->c->adm[x], r))) {
			in[x] = stamp;
			m[n++] = x;
		}
	}
	return group_weight(co, m, n, in, stamp, r);
}

/* Colours one chunk (see coalesce.h). */
static void colour_chunk(CO *co, const Chunk *ch, Heap *q, int *in,
			 int *stampp)
{
	int order[TGT_NREGS];
	int nr = colour_order(co, ch, order);
	int *best = co->best, *cur = co->cur;
	int nbest = 0, bestr = -1;
	int64_t bestw = -1;
	int stamp = ++*stampp;
	for (int k = 0; k < ch->n; k++)
		in[ch->m[k]] = stamp;
	int64_t bound = group_weight(co, ch->m, ch->n, in, stamp, -1);
	bool prefs = false;
	for (int k = 0; k < ch->n; k++)
		prefs |= co->pstart[ch->m[k]] < co->pstart[ch->m[k] + 1];
	co->st->nchunks++;
	for (int k = 0; k < nr && co->total < co->budget_total;
	     k++) {
		int r = order[k], ok = 0;
		if (bestw >= 0 && reg_bound(co, ch, r, in, stampp) <= bestw)
			continue;
		for (int j = 0; j < ch->n; j++) {
			int x = ch->m[j];
			if (co->fixed[x])
				continue;
			if (change_to(co, x, r)) {
				co->fixed[x] = true; /* for this register's trial */
				ok++;
			}
		}
		for (int j = 0; j < ch->n; j++)
			co->fixed[ch->m[j]] = false;
		if (!ok)
			continue;
		int ncur;
		int64_t w = components(co, ch, r, in, stampp, cur, &ncur, NULL,
				       false);
		if (w > bestw) {
			bestw = w;
			bestr = r;
			nbest = ncur;
			memcpy(best, cur, sizeof(int) * (size_t)ncur);
		}
		/* all members on r: done unless a register preference could
		 * still be met elsewhere */
		if (bestw >= bound || (ok == ch->n && !prefs))
			break;
	}
	int nfixed = 0;
	if (bestr >= 0)
		for (int j = 0; j < nbest; j++)
			if (change_to(co, best[j], bestr)) {
				co->fixed[best[j]] = true;
				nfixed++;
			}
	if (nfixed == ch->n)
		return;
	if (!nfixed) {
		/* nothing could be settled: leave the chunk as it is */
		for (int j = 0; j < ch->n; j++)
			co->fixed[ch->m[j]] = true;
		return;
	}
	int nb;
	components(co, ch, -1, in, stampp, NULL, &nb, q, true);
}

/* ---- second words (constr_words' extracts) ---- */

/* Whether i is constr_words' `extract =d, D` (uid 0; D two registers):
 * it moves nothing when d is in D's second register. */
static bool word_extract(const CO *co, const Ins *i)
{
	/* the operand tests first: the name comparison is the dearest */
	return !i->uid && i->kind == IK_ORD && i->nops == 2 &&
	       i->ops[0].kind == OK_PSEUDO && i->ops[1].kind == OK_PSEUDO &&
	       i->ops[0].reg < co->np && i->ops[1].reg < co->np &&
	       co->c->width[i->ops[1].reg] == 2 && i->name &&
	       !strcmp(i->name, "extract");
}

/* The weight of the extracts of fn that move nothing under the unit
 * colours col (their blocks' frequencies, 0 counting as 1). */
static int64_t extracts_met(const CO *co)
{
	int64_t w = 0;
	for (int b = 0; b < co->fn->nblk; b++)
		for (const Ins *i = co->fn->blk[b]->first; i; i = i->next)
			if (word_extract(co, i) &&
			    co->col[co->u[i->ops[0].reg]] ==
				    co->col[co->u[i->ops[1].reg]] + 1)
				w += co->fn->blk[b]->freq > 0
					     ? co->fn->blk[b]->freq
					     : 1;
	return w;
}

/* The affinity weight satisfied under the unit colours (col_aff_weight:
 * the abnormal edges' weight included), plus extracts_met. */
static int64_t objective(const CO *co)
{
	const Colour *c = co->c;
	int64_t w = 0;
	for (int k = 0; k < c->naff; k++) {
		const ColAff *a = &c->aff[k];
		if (!c->need[a->a] || c->reg[a->a] < 0)
			continue;
		int ra = co->col[co->u[a->a]];
		int rb = a->b < 0 ? -1 - a->b
				  : (c->need[a->b] && c->reg[a->b] >= 0)
					    ? co->col[co->u[a->b]]
					    : -1;
		if (ra >= 0 && ra == rb)
			w += col_aff_weight(a);
	}
	return w + extracts_met(co);
}

/* Whether some value of c takes two registers. */
static bool has_two_words(const Colour *c)
{
	for (int p = 0; p < c->np; p++)
		if (c->width[p] == 2)
			return true;
	return false;
}

/* Whether fn has an extract (word_extract). Without a two-register
 * value there is none: the instructions are not walked then. */
static bool has_extracts(const CO *co)
{
	if (!has_two_words(co->c))
		return false;
	for (int b = 0; b < co->fn->nblk; b++)
		for (const Ins *i = co->fn->blk[b]->first; i; i = i->next)
			if (word_extract(co, i))
				return true;
	return false;
}


/* Makes every unit free to move again (neither fixed nor busy). */
static void free_units(CO *co)
{
	for (int u = 0; u < co->np; u++)
		co->fixed[u] = co->busy[u] = false;
}

/* Tries to recolour unit u with register r (neighbours moving away as
 * in the chunks); keeps the change only when the objective grows. */
static void try_register(CO *co, int u, int r)
{
	int64_t before = objective(co);
	co->steps = 0;
	co->budget = ATTEMPT_BUDGET;
	int mark = co->nlog, order[1] = {r};
	bool ok = recolour(co, u, order, 1, 0, 0);
	co->total += co->steps;
	if (ok && objective(co) > before)
		commit(co, mark);
	else
		rollback(co, mark);
}

/* After the chunks: each extract `=d, D` whose d is not in D's second
 * register r tries to bring d's unit there (neighbours moving away as
 * in the chunks, every unit free again), kept only when the affinity
 * weight satisfied plus the extracts' (objective) grows. */
static void second_words(CO *co)
{
	free_units(co);
	for (int b = 0; b < co->fn->nblk; b++)
		for (const Ins *i = co->fn->blk[b]->first; i; i = i->next) {
			if (!word_extract(co, i))
				continue;
			int ud = co->u[i->ops[0].reg], uD = co->u[i->ops[1].reg];
			if (!co->node[ud] || !co->node[uD])
				continue;
			int r = co->col[uD] + 1;
			if (co->col[ud] == r || !RS_HAS(co->c->adm[ud], r))
				continue;
			try_register(co, ud, r);
		}
}

/* Whether the affinity a between two coloured values is an abnormal
 * edge's and not met under the unit colours. */
static bool abnormal_unmet(const CO *co, const ColAff *a)
{
	const Colour *c = co->c;
	return a->abnormal && a->b >= 0 && c->need[a->a] && c->reg[a->a] >= 0 &&
	       c->need[a->b] && c->reg[a->b] >= 0 &&
	       co->col[co->u[a->a]] != co->col[co->u[a->b]];
}

/* Whether some abnormal edge's affinity is not met (abnormal_unmet). */
static bool has_abnormal_unmet(const CO *co)
{
	for (int k = 0; k < co->c->naff; k++)
		if (abnormal_unmet(co, &co->c->aff[k]))
			return true;
	return false;
}

/* After the chunks: each abnormal edge's affinity still unmet (a copy
 * SSA destruction may have no place for) tries to bring one end's unit
 * to the other's register, then the other way (neighbours moving away
 * as in the chunks, every unit free again), kept only when the objective
 * grows. */
static void abnormal_pairs(CO *co)
{
	free_units(co);
	for (int k = 0; k < co->c->naff; k++) {
		const ColAff *a = &co->c->aff[k];
		for (int side = 0; side < 2 && abnormal_unmet(co, a); side++) {
			int x = co->u[side ? a->b : a->a];
			int r = co->col[co->u[side ? a->a : a->b]];
			if (!RS_HAS(co->c->adm[x], r))
				continue;
			try_register(co, x, r);
		}
	}
}

/* Whether c leaves nothing for coalescing to gain: every affinity met
 * (st's counts of c) and no value of two words (whose extracts weigh in
 * the objective besides the affinities). */
static bool all_met(const Colour *c, const CoalesceStats *st)
{
	return st->aff_before == st->aff_total && !has_two_words(c);
}

/* coalesce with its tables in the scratch arena a. */
static void coalesce_in(const Fn *fn, Colour *c, CoalesceStats *st,
			Arena *a)
{
	CoalesceStats local;
	if (!st)
		st = &local;
	*st = (CoalesceStats){0};
	st->aff_before = colour_aff_satisfied(c, &st->aff_total);
	st->aff_after = st->aff_before;
	if (!c->naff || !c->np || all_met(c, st))
		return;
	CO co = {.fn = fn, .c = c, .a = a, .np = c->np, .st = st};
	build_units(&co);
	build_affinities(&co);
	co.fixed = ARENA_NEW(a, bool, co.np + 1);
	co.busy = ARENA_NEW(a, bool, co.np + 1);
	/* scratch lists: each entry read only after it is written */
	co.scratch = ARENA_RAW(a, int, co.np + 1);
	co.best = ARENA_RAW(a, int, co.np + 1);
	co.cur = ARENA_RAW(a, int, co.np + 1);
	co.budget_total = (long)TOTAL_PER_ITEM *
			  (co.np + fn->nsparse + co.ustart[co.np] + 16);
	int *in = ARENA_NEW(a, int, co.np + 1);
	int stamp = 0;
	Heap q = {0};
	build_chunks(&co, &q, in, &stamp);
	while (q.n && co.total < co.budget_total) {
		Chunk ch = heap_pop(&q);
		colour_chunk(&co, &ch, &q, in, &stamp);
	}
	if (co.total >= co.budget_total)
		st->budget_out = 1;
	/* with extracts or unmet abnormal affinities: the colouring's
	 * objective (extracts included), then second_words and
	 * abnormal_pairs, and the result compared by the objective */
	bool words = has_extracts(&co), abn = has_abnormal_unmet(&co);
	int64_t obj0 = 0;
	if (words || abn) {
		int *now = ARENA_RAW(a, int, co.np + 1);
		memcpy(now, co.col, sizeof(int) * (size_t)co.np);
		for (int p = 0; p < co.np; p++)
			co.col[p] = c->reg[p];
		obj0 = objective(&co);
		memcpy(co.col, now, sizeof(int) * (size_t)co.np);
		if (words)
			second_words(&co);
		if (abn)
			abnormal_pairs(&co);
		words = true; /* compare by the objective */
	}
	int8_t *old = ARENA_RAW(a, int8_t, co.np + 1);
	memcpy(old, c->reg, (size_t)co.np);
	for (int p = 0; p < co.np; p++)
		if (c->need[p] && c->reg[p] >= 0)
			c->reg[p] = (int8_t)co.col[co.u[p]];
	st->aff_after = colour_aff_satisfied(c, NULL);
	if (words ? objective(&co) < obj0 : st->aff_after < st->aff_before) {
		/* the heuristic lost more than it gained: keep the colouring */
		memcpy(c->reg, old, (size_t)co.np);
		st->aff_after = st->aff_before;
		return;
	}
	for (int p = 0; p < co.np; p++)
		st->nrecolour += c->reg[p] != old[p];
}

void coalesce(const Fn *fn, Colour *c, CoalesceStats *st)
{
	Arena *a = arena_new();
	coalesce_in(fn, c, st, a);
	arena_free(a);
}
