/* liveness.c - per-value path exploration; sparse sets.
 *
 * 1. Events: the value is upward-exposed in a block (UE), defined in it
 *    (DEF), or a phi source coming from it (PHI, block = the predecessor).
 *    One scan of the instructions records them in scan order (value and
 *    event, two ints each, in a buffer of two per operand); a counting
 *    sort buckets them by value, one int each.  Clobbers are no events:
 *    the scan keeps each block's clobbered registers (most are never
 *    read, and a call clobbers dozens).
 * 2. For each value in increasing order: mark its defining blocks (a
 *    hard register read somewhere: the blocks clobbering it too), then
 *    walk predecessors backwards from its UE blocks and phi-source
 *    predecessors, adding it to live_out / live_in until a defining block
 *    stops the walk.  The (value, block) memberships go to chunked
 *    value-major buffers.
 * 3. A counting sort by block turns them into per-block arrays, sorted by
 *    value because values were produced in increasing order.
 */
#include "liveness.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* live_value (liveness.h) tests the kind with one comparison. */
_Static_assert(OK_PSEUDO == 0 && OK_HREG == 1,
	       "live_value: the two register kinds come first");

int live_nval(const Fn *fn)
{
	return fn->npseudo + TGT_NREGS;
}

/* ---- step 1: events ---- */

/* An event is blk << EV_SHIFT | kind. */
enum { EV_UE, EV_DEF, EV_PHI, EV_KIND = 3, EV_SHIFT = 2 };

typedef struct Events {
	int *start;  /* nval+1: v's events are ev[start[v] .. start[v+1]) */
	int *ev;     /* bucketed by value */
	int *sv;     /* the scan's events in scan order: values ... */
	int *sc;     /* ... and events */
	int ns;
	int *defblk; /* per value: last block that defined it (scan stamp) */
	int *ueblk;  /* per value: last block where it was upward-exposed */
	RegSet *bclob; /* per block of cblk: the registers its instructions
			  clobber */
	int *cblk;   /* the blocks with clobbers, increasing */
	int ncblk;
} Events;

/* Records an event of v (scan order; counted for the bucketing). */
static void ev_push(Events *e, int v, int b, int kind)
{
	e->sv[e->ns] = v;
	e->sc[e->ns++] = b << EV_SHIFT | kind;
	e->start[v + 1]++;
}

/* Records a def of v in b, once per block. */
static void ev_def(Events *e, int v, int b)
{
	if (v < 0 || e->defblk[v] == b)
		return;
	e->defblk[v] = b;
	ev_push(e, v, b, EV_DEF);
}

/* Records a read of v in b: upward-exposed unless defined before in b. */
static void ev_use(Events *e, int v, int b)
{
	if (v < 0 || e->defblk[v] == b || e->ueblk[v] == b)
		return;
	e->ueblk[v] = b;
	ev_push(e, v, b, EV_UE);
}

/* Records the events of one non-phi instruction of block b, whose
 * instructions before it clobber clob: reads first (a hard register
 * clobbered before is not upward-exposed), then defs.  Its own clobbers
 * are the caller's to note. */
static void scan_ins(const Fn *fn, Events *e, const Ins *i, int b,
		     RegSet clob)
{
	int np = fn->npseudo;
	for (int k = 0; k < i->nops; k++)
		if (op_reads(fn, &i->ops[k])) {
			int v = live_value(fn, &i->ops[k]);
			if (v >= np && RS_HAS(clob, v - np))
				continue;
			ev_use(e, v, b);
		}
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].flags & OF_DEF)
			ev_def(e, live_value(fn, &i->ops[k]), b);
}

/* Records the events of a phi of block b: its def, and its sources as
 * uses at the end of their predecessors. */
static void scan_phi(const Fn *fn, Events *e, const Ins *i, int b)
{
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		int v = live_value(fn, o);
		if (o->flags & OF_DEF)
			ev_def(e, v, b);
		else if (o->from >= 0 && v >= 0)
			ev_push(e, v, o->from, EV_PHI);
	}
}

/* Scans every block, recording the events (e->sv, e->sc), counting
 * them per value (e->start[v + 1]) and noting the blocks' clobbers
 * (e->bclob, e->cblk). */
static void scan_blocks(const Fn *fn, Events *e)
{
	/* every byte 0xff: every int -1 */
	memset(e->defblk, 0xff, sizeof(int) * (size_t)live_nval(fn));
	memset(e->ueblk, 0xff, sizeof(int) * (size_t)live_nval(fn));
	e->ncblk = 0;
	for (int b = 0; b < fn->nblk; b++) {
		RegSet clob = 0; /* the block's clobbers so far */
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind == IK_PHI) {
				scan_phi(fn, e, i, b);
			} else {
				scan_ins(fn, e, i, b, clob);
				clob |= i->clobbers;
			}
		}
		if (clob) {
			e->bclob[e->ncblk] = clob;
			e->cblk[e->ncblk++] = b;
		}
	}
}

/* An upper bound of the events of fn: two per operand (a
 * read-modify-write operand is a use and a def). */
static long max_events(const Fn *fn)
{
	long n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			n += 2 * (long)i->nops;
	return n;
}

/* ---- step 2: chunked int buffer, exploration; step 3: transposition ---- */

/* Chunk i holds chunk_len(i) ints: small first, so that a small
 * function's liveness costs a small buffer, doubling up to CHUNK_MAX. */
enum { CHUNK_FIRST = 1 << 8, CHUNK_MAX = 1 << 14 };

static int chunk_len(int i)
{
	return i < 6 ? CHUNK_FIRST << i : CHUNK_MAX;
}

/* Ints appended in fixed-size chunks: no copying, no waste but the tail. */
typedef struct IntBuf {
	Arena *a;
	int **chunk;
	int nchunk, capchunk;
	int *cur, *lim; /* free part of the last chunk */
	long n;
} IntBuf;

/* Starts a new chunk. */
static void ib_grow(IntBuf *ib)
{
	if (ib->nchunk == ib->capchunk) {
		int cap = ib->capchunk ? 2 * ib->capchunk : 16;
		ib->chunk = arena_grow(ib->a, ib->chunk,
				       sizeof(int *) * (size_t)ib->capchunk,
				       sizeof(int *) * (size_t)cap);
		ib->capchunk = cap;
	}
	int len = chunk_len(ib->nchunk);
	/* not zeroed: every int is written before it is read */
	ib->cur = arena_alloc_raw(ib->a, sizeof(int) * (size_t)len);
	ib->lim = ib->cur + len;
	ib->chunk[ib->nchunk++] = ib->cur;
}

/* Appends x. */
static inline void ib_push(IntBuf *ib, int x)
{
	if (ib->cur == ib->lim)
		ib_grow(ib);
	*ib->cur++ = x;
	ib->n++;
}

/* State of the exploration of one value. */
typedef struct Explore {
	int v;
	int *poff, *pred; /* predecessors of b: pred[poff[b] .. poff[b+1]-1]
			     (a compact copy: the walk is cache-bound) */
	int *defmark, *inmark, *outmark; /* per block: value stamps */
	int *stk;
	int sp;
	IntBuf in, out; /* blocks, value-major */
	int *nin, *nout;
	int np;           /* values np.. are the hard registers */
	const RegSet *bclob; /* the blocks with clobbers (Events) */
	const int *cblk;
	int ncblk;
} Explore;

/* v is live out of b. */
static inline void add_out(Explore *x, int b)
{
	if (x->outmark[b] == x->v)
		return;
	x->outmark[b] = x->v;
	ib_push(&x->out, b);
	x->nout[b]++;
}

/* v is live into b: record and queue b for its predecessors. */
static inline void add_in(Explore *x, int b)
{
	if (x->inmark[b] == x->v)
		return;
	x->inmark[b] = x->v;
	ib_push(&x->in, b);
	x->nin[b]++;
	x->stk[x->sp++] = b;
}

/* v is live out of b: so also live into b unless b defines it. */
static inline void live_at_end(Explore *x, int b)
{
	add_out(x, b);
	if (x->defmark[b] != x->v)
		add_in(x, b);
}

/* Requires ev[0..n-1] = v's events.  Explores v's live range. */
static void explore_value(Explore *x, const int *ev, int n)
{
	bool read = false; /* some UE or PHI event: else v is live nowhere */
	for (int k = 0; k < n; k++)
		if ((ev[k] & EV_KIND) == EV_DEF)
			x->defmark[ev[k] >> EV_SHIFT] = x->v;
		else
			read = true;
	if (!read)
		return; /* a register written, never read */
	if (x->v >= x->np) /* the blocks clobbering it define it too */
		for (int k = 0; k < x->ncblk; k++)
			if (RS_HAS(x->bclob[k], x->v - x->np))
				x->defmark[x->cblk[k]] = x->v;
	for (int k = 0; k < n; k++) {
		if ((ev[k] & EV_KIND) == EV_UE)
			add_in(x, ev[k] >> EV_SHIFT);
		else if ((ev[k] & EV_KIND) == EV_PHI)
			live_at_end(x, ev[k] >> EV_SHIFT);
	}
	while (x->sp > 0) {
		int b = x->stk[--x->sp];
		for (int p = x->poff[b]; p < x->poff[b + 1]; p++)
			live_at_end(x, x->pred[p]);
	}
}

/* Requires buf = blocks in value-major order, vcount[v] of them per value
 * v of vals[0..nvals-1] (increasing; every other value has none), cnt[b]
 * per block.  Fills sets[b] with the values, increasing; the sets in a,
 * a temporary in tmp. */
static void transpose(Arena *a, Arena *tmp, const IntBuf *buf,
		      const int *vcount, const int *vals, int nvals, int nblk,
		      const int *cnt, int **sets)
{
	int *all = ARENA_RAW(a, int, buf->n + 1);
	int *fill = ARENA_NEW(tmp, int, nblk + 1);
	long off = 0;
	for (int b = 0; b < nblk; b++) {
		sets[b] = all + off;
		off += cnt[b];
	}
	/* Read the chunks in order: k counts down the current chunk. */
	int c = 0, k = 0;
	const int *p = NULL;
	for (int q = 0; q < nvals; q++)
		for (int v = vals[q], j = 0; j < vcount[v]; j++) {
			if (k == 0) {
				k = chunk_len(c);
				p = buf->chunk[c++];
			}
			int b = *p++;
			k--;
			sets[b][fill[b]++] = v;
		}
}

/* Requires valid predecessor arrays.  Sets up the exploration state:
 * stamps at -1, empty buffers, the predecessor lists in CSR form; the
 * counts (nin, nout: the result's) in fn->arena, the rest in a. */
static void explore_init(Explore *x, Fn *fn, Arena *a)
{
	int n = fn->nblk + 1, npred = 0;
	for (int b = 0; b < fn->nblk; b++)
		npred += fn->blk[b]->npred;
	/* not zeroed: poff[0..nblk] and pred[0..npred-1] are written below */
	x->poff = ARENA_RAW(a, int, n);
	x->pred = ARENA_RAW(a, int, npred + 1);
	x->poff[0] = 0;
	for (int b = 0, k = 0; b < fn->nblk; b++) {
		x->poff[b] = k;
		for (int p = 0; p < fn->blk[b]->npred; p++)
			x->pred[k++] = fn->blk[b]->pred[p];
		x->poff[b + 1] = k;
	}
	x->v = -1;
	x->sp = 0;
	x->defmark = ARENA_RAW(a, int, n); /* all set to -1 below */
	x->inmark = ARENA_RAW(a, int, n);
	x->outmark = ARENA_RAW(a, int, n);
	x->stk = ARENA_RAW(a, int, n); /* pushed before popped */
	x->nin = ARENA_NEW(fn->arena, int, n);
	x->nout = ARENA_NEW(fn->arena, int, n);
	for (int b = 0; b < n; b++)
		x->defmark[b] = x->inmark[b] = x->outmark[b] = -1;
	x->in = (IntBuf){.a = a};
	x->out = (IntBuf){.a = a};
}

/* Records the events of all values, bucketed by value (step 1), in a. */
static void collect_events(Fn *fn, Events *e, Arena *a)
{
	int nval = live_nval(fn);
	long max = max_events(fn);
	e->start = ARENA_NEW(a, int, nval + 1);
	e->defblk = arena_alloc_raw(a, sizeof(int) * (size_t)(nval + 1));
	e->ueblk = arena_alloc_raw(a, sizeof(int) * (size_t)(nval + 1));
	/* not zeroed: written by the scan before they are read */
	e->sv = arena_alloc_raw(a, sizeof(int) * (size_t)(max + 1));
	e->sc = arena_alloc_raw(a, sizeof(int) * (size_t)(max + 1));
	e->bclob = ARENA_RAW(a, RegSet, fn->nblk + 1);
	e->cblk = ARENA_RAW(a, int, fn->nblk + 1);
	e->ns = 0;
	scan_blocks(fn, e);
	for (int v = 0; v < nval; v++)
		e->start[v + 1] += e->start[v];
	/* the scan's events in scan order, bucketed by value: within a
	 * value in scan order, as a second scan would have written them */
	int *fill = e->defblk; /* reused: the scan is over */
	memcpy(fill, e->start, sizeof(int) * (size_t)nval);
	e->ev = arena_alloc_raw(a, sizeof(int) * (size_t)(e->start[nval] + 1));
	for (int k = 0; k < e->ns; k++)
		e->ev[fill[e->sv[k]]++] = e->sc[k];
}

/* live_compute with its temporaries (events, exploration, buffers) in
 * tmp, the result in fn->arena. */
static Live *live_compute_in(Fn *fn, const Cfg *cfg, Arena *tmp)
{
	Arena *a = fn->arena;
	int nval = live_nval(fn);
	Events e;
	collect_events(fn, &e, tmp);

	Explore x;
	explore_init(&x, fn, tmp);
	x.np = fn->npseudo;
	x.bclob = e.bclob;
	x.cblk = e.cblk;
	x.ncblk = e.ncblk;
	/* per value with events, increasing: the blocks it is live into and
	 * out of; a value without events (most hard registers, the pseudo
	 * numbers a function does not use) is live nowhere.  vals: the
	 * values live somewhere, increasing */
	int *vin = ARENA_RAW(tmp, int, nval), *vout = ARENA_RAW(tmp, int, nval);
	int *vals = ARENA_RAW(tmp, int, nval + 1), nvals = 0;
	for (int v = 0; v < nval; v++) {
		int nev = e.start[v + 1] - e.start[v];
		if (nev == 0)
			continue;
		long in0 = x.in.n, out0 = x.out.n;
		x.v = v;
		explore_value(&x, e.ev + e.start[v], nev);
		vin[v] = (int)(x.in.n - in0);
		vout[v] = (int)(x.out.n - out0);
		if (vin[v] || vout[v]) /* else in no set: no transposing */
			vals[nvals++] = v;
	}

	Live *lv = ARENA_NEW(a, Live, 1);
	lv->nblk = fn->nblk;
	lv->nval = nval;
	lv->npseudo = fn->npseudo;
	lv->cfg = cfg;
	lv->nin = x.nin;
	lv->nout = x.nout;
	lv->in = ARENA_NEW(a, int *, fn->nblk + 1);
	lv->out = ARENA_NEW(a, int *, fn->nblk + 1);
	transpose(a, tmp, &x.in, vin, vals, nvals, fn->nblk, x.nin, lv->in);
	transpose(a, tmp, &x.out, vout, vals, nvals, fn->nblk, x.nout,
		  lv->out);
	return lv;
}

Live *live_compute(Fn *fn, const Cfg *cfg)
{
	Arena *tmp = arena_new();
	Live *lv = live_compute_in(fn, cfg, tmp);
	arena_free(tmp);
	return lv;
}

void live_add_pseudos(Live *lv, int npseudo)
{
	int d = npseudo - lv->npseudo;
	if (d == 0)
		return;
	/* hard registers' values are the largest: the sets stay sorted */
	for (int b = 0; b < lv->nblk; b++) {
		for (int k = 0; k < lv->nin[b]; k++)
			if (lv->in[b][k] >= lv->npseudo)
				lv->in[b][k] += d;
		for (int k = 0; k < lv->nout[b]; k++)
			if (lv->out[b][k] >= lv->npseudo)
				lv->out[b][k] += d;
	}
	lv->npseudo = npseudo;
	lv->nval = npseudo + TGT_NREGS;
}

Live *live_new(Fn *fn, const Cfg *cfg)
{
	Live *lv = ARENA_NEW(fn->arena, Live, 1);
	lv->nblk = fn->nblk;
	lv->npseudo = fn->npseudo;
	lv->nval = live_nval(fn);
	lv->cfg = cfg;
	lv->in = ARENA_NEW(fn->arena, int *, fn->nblk + 1);
	lv->out = ARENA_NEW(fn->arena, int *, fn->nblk + 1);
	lv->nin = ARENA_NEW(fn->arena, int, fn->nblk + 1);
	lv->nout = ARENA_NEW(fn->arena, int, fn->nblk + 1);
	return lv;
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* Sorts a[0..n-1] increasing: by insertion up to 64 (a set's versions
 * come nearly in order: about one move per value on zlib), qsort
 * beyond. */
static void sort_ints(int *a, int n)
{
	if (n > 64) {
		qsort(a, (size_t)n, sizeof(int), cmp_int);
		return;
	}
	for (int i = 1; i < n; i++) {
		int x = a[i], j = i;
		for (; j > 0 && a[j - 1] > x; j--)
			a[j] = a[j - 1];
		a[j] = x;
	}
}

int live_rename_set(const int *old, int n, int np0, int np, const int *cur,
		    const int *drop, int stamp, int *out, int *tmp)
{
	/* three increasing runs: the pseudos standing for themselves (in
	 * old's order), the new versions (sorted), the hard registers */
	int m = 0, nv = 0, k = 0;
	for (; k < n && old[k] < np0; k++) {
		int v = old[k];
		if (drop && drop[v] == stamp)
			continue;
		if (cur[v] < np0)
			out[m++] = cur[v];
		else
			tmp[nv++] = cur[v];
	}
	sort_ints(tmp, nv);
	memcpy(out + m, tmp, sizeof(int) * (size_t)nv);
	m += nv;
	for (; k < n; k++)
		out[m++] = old[k] - np0 + np;
	return m;
}

void live_rename_block(Live *nlv, const Live *lv, Arena *a, int b, bool in,
		       int np0, int np, const int *cur, const int *phiat,
		       int *tmp)
{
	const int *old = in ? lv->in[b] : lv->out[b];
	int n = in ? lv->nin[b] : lv->nout[b];
	int *set = ARENA_RAW(a, int, n + 1);
	int m = live_rename_set(old, n, np0, np, cur, in ? phiat : NULL, b + 1,
				set, tmp);
	if (in) {
		nlv->in[b] = set;
		nlv->nin[b] = m;
	} else {
		nlv->out[b] = set;
		nlv->nout[b] = m;
	}
}

/* Whether the sorted sets x[0..nx-1] and y[0..ny-1] are equal;
 * otherwise *only := the least value in one of them only, *in_x whether
 * x has it. */
static bool sets_equal(const int *x, int nx, const int *y, int ny,
		       int *only, bool *in_x)
{
	int i = 0, j = 0;
	while (i < nx && j < ny && x[i] == y[j])
		i++, j++;
	if (i == nx && j == ny)
		return true;
	*in_x = j == ny || (i < nx && x[i] < y[j]);
	*only = *in_x ? x[i] : y[j];
	return false;
}

bool live_same(const Fn *fn, const Live *a, const Live *b, char *err,
	       size_t errlen)
{
	if (a->nblk != b->nblk || a->npseudo != b->npseudo) {
		snprintf(err, errlen, "%d blocks and %d pseudos against %d "
			 "and %d", a->nblk, a->npseudo, b->nblk, b->npseudo);
		return false;
	}
	for (int blk = 0; blk < a->nblk; blk++)
		for (int s = 0; s < 2; s++) {
			int v;
			bool in_a;
			if (s == 0 ? sets_equal(a->in[blk], a->nin[blk],
						b->in[blk], b->nin[blk], &v,
						&in_a)
				   : sets_equal(a->out[blk], a->nout[blk],
						b->out[blk], b->nout[blk], &v,
						&in_a))
				continue;
			const char *set = s == 0 ? "live_in" : "live_out";
			const char *which = in_a ? "first" : "second";
			int id = blk < fn->nblk ? fn->blk[blk]->id : blk;
			if (v < a->npseudo)
				snprintf(err, errlen, "b%d: %s has p%d only in "
					 "the %s", id, set, v, which);
			else
				snprintf(err, errlen, "b%d: %s has %%%s only "
					 "in the %s", id, set,
					 fn->target->regs[v - a->npseudo].name,
					 which);
			return false;
		}
	return true;
}

/* Binary search for v in the sorted a[0..n-1]. */
static bool sorted_has(const int *a, int n, int v)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (a[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && a[lo] == v;
}

bool live_in_has(const Live *lv, int blk, int v)
{
	return sorted_has(lv->in[blk], lv->nin[blk], v);
}

bool live_out_has(const Live *lv, int blk, int v)
{
	return sorted_has(lv->out[blk], lv->nout[blk], v);
}

/* ---- sparse sets ---- */

void lset_init(LiveSet *s, Arena *a, int nval)
{
	s->n = 0;
	s->cap = nval;
	s->dense = ARENA_RAW(a, int, nval + 1); /* read below n only */
	s->sparse = ARENA_NEW(a, int, nval + 1);
}

void lset_clear(LiveSet *s)
{
	s->n = 0;
}

/* s := the n values of set, distinct (a block's live-in or live-out
 * set): each goes in without a membership test. */
static void lset_fill(LiveSet *s, const int *set, int n)
{
	for (int k = 0; k < n; k++) {
		s->dense[k] = set[k];
		s->sparse[set[k]] = k;
	}
	s->n = n;
}

void live_set_out(const Live *lv, int blk, LiveSet *s)
{
	lset_fill(s, lv->out[blk], lv->nout[blk]);
}

void live_set_in(const Live *lv, int blk, LiveSet *s)
{
	lset_fill(s, lv->in[blk], lv->nin[blk]);
}

/* Adds wt[v * nw ...] times sign to sum (nothing when wt is NULL). */
static inline void weigh(const int *wt, int nw, int *sum, int v, int sign)
{
	if (wt)
		for (int c = 0; c < nw; c++)
			sum[c] += sign * wt[v * nw + c];
}

/* Removes v from s, its weight from sum (wt: see live_step_back_sum). */
static inline void step_del(LiveSet *s, int v, const int *wt, int nw,
			    int *sum)
{
	if (!lset_has(s, v))
		return;
	lset_del(s, v);
	weigh(wt, nw, sum, v, -1);
}

/* Adds v to s, its weight to sum. */
static inline void step_add(LiveSet *s, int v, const int *wt, int nw,
			    int *sum)
{
	if (lset_has(s, v))
		return;
	lset_add(s, v);
	weigh(wt, nw, sum, v, 1);
}

/* live_step_back with sums when wt is not NULL. */
static inline void step_back(const Fn *fn, const Ins *i, LiveSet *s,
			     const int *wt, int nw, int *sum)
{
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].flags & OF_DEF) {
			int v = live_value(fn, &i->ops[k]);
			if (v >= 0)
				step_del(s, v, wt, nw, sum);
		}
	if (i->kind == IK_PHI)
		return;
	/* the clobbers in increasing order; of the dozens a call clobbers
	 * few are live: there, only the hard registers in s (one pass over
	 * s), the same deletions */
	RegSet c = i->clobbers;
	if (i->kind == IK_CALL) {
		RegSet live = 0;
		for (int k = 0; k < s->n; k++)
			if (s->dense[k] >= fn->npseudo)
				live |= RS_BIT(s->dense[k] - fn->npseudo);
		c &= live;
	}
	uint64_t lo = (uint64_t)c, hi = (uint64_t)(c >> 64);
	for (; lo; lo &= lo - 1)
		step_del(s, fn->npseudo + regset_word_first(lo), wt, nw, sum);
	for (; hi; hi &= hi - 1)
		step_del(s, fn->npseudo + 64 + regset_word_first(hi), wt, nw,
			 sum);
	for (int k = 0; k < i->nops; k++)
		if (op_reads(fn, &i->ops[k])) {
			int v = live_value(fn, &i->ops[k]);
			if (v >= 0)
				step_add(s, v, wt, nw, sum);
		}
}

void live_step_back(const Fn *fn, const Ins *i, LiveSet *s)
{
	step_back(fn, i, s, NULL, 0, NULL);
}

void live_step_back_sum(const Fn *fn, const Ins *i, LiveSet *s,
			const int *wt, int nw, int *sum)
{
	step_back(fn, i, s, wt, nw, sum);
}
