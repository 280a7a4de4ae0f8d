/* slots.c - live ranges of virtual slots (per-slot path exploration, as
 * liveness.c does for registers), interference pairs from a backward walk
 * of each block, greedy colouring in dominance order. */
#include "slots.h"

#include <string.h>

/* A growable array of ints in an arena. */
typedef struct IVec {
	Arena *a;
	int *v;
	long n, cap;
} IVec;

/* Doubles x's capacity (64 at first). */
static __attribute__((noinline)) void iv_grow(IVec *x)
{
	long cap = x->cap ? 2 * x->cap : 64;
	x->v = arena_grow(x->a, x->v, sizeof(int) * (size_t)x->cap,
			  sizeof(int) * (size_t)cap);
	x->cap = cap;
}

/* Appends e to x; the growth out of line. */
static inline void iv_push(IVec *x, int e)
{
	if (x->n == x->cap)
		iv_grow(x);
	x->v[x->n++] = e;
}

/* An operand naming virtual slot s, or -1. */
static int op_vslot(const Op *o, int nvslot)
{
	if (o->loc.kind != LOC_SLOT || o->loc.num < 0 || o->loc.num >= nvslot)
		return -1;
	return o->loc.num;
}

/* Events of the virtual slots: an event is blk << 2 | kind. */
enum { EV_UE, EV_DEF, EV_PHI };

typedef struct SlotWork {
	Fn *fn;
	const Cfg *cfg;
	Arena *a;
	int nvslot;
	Ins **sins; /* the instructions with a virtual-slot operand, in
			     block order: block b's are sins[sstart[b] ..
			     sstart[b+1]) (the only ones the walks see) */
	int *sstart;
	IVec *ev;       /* per virtual slot */
	int *defstamp;  /* per virtual slot: last block with a write */
	int *uestamp;   /* per virtual slot: last block with an exposed read */
	int **out;      /* per block: live-out virtual slots */
	int *nout;
} SlotWork;

static void ev_add(SlotWork *w, int s, int b, int kind)
{
	iv_push(&w->ev[s], b << 2 | kind);
}

/* Records the slot events of reachable block b: phi writes at the entry,
 * phi reads at the predecessors' ends, then the non-phi instructions'
 * reads before their writes. */
static void scan_block(SlotWork *w, int b)
{
	int j0 = w->sstart[b], j1 = w->sstart[b + 1], j;
	const Ins *i;
	for (j = j0; j < j1 && (i = w->sins[j])->kind == IK_PHI; j++)
		for (int k = 0; k < i->nops; k++) {
			const Op *o = &i->ops[k];
			int s = op_vslot(o, w->nvslot);
			if (s < 0)
				continue;
			if (o->flags & OF_DEF) {
				if (w->defstamp[s] != b)
					ev_add(w, s, b, EV_DEF);
				w->defstamp[s] = b;
			} else if (o->from >= 0 && cfg_reachable(w->cfg, o->from)) {
				ev_add(w, s, o->from, EV_PHI);
			}
		}
	for (; j < j1; j++) {
		i = w->sins[j];
		if (i->kind == IK_PHI)
			continue;
		for (int k = 0; k < i->nops; k++) {
			int s = op_vslot(&i->ops[k], w->nvslot);
			if (s >= 0 && (i->ops[k].flags & OF_USE) &&
			    w->defstamp[s] != b && w->uestamp[s] != b) {
				w->uestamp[s] = b;
				ev_add(w, s, b, EV_UE);
			}
		}
		for (int k = 0; k < i->nops; k++) {
			int s = op_vslot(&i->ops[k], w->nvslot);
			if (s >= 0 && (i->ops[k].flags & OF_DEF) &&
			    w->defstamp[s] != b) {
				w->defstamp[s] = b;
				ev_add(w, s, b, EV_DEF);
			}
		}
	}
}

/* Whether i has an operand naming a virtual slot. */
static bool has_vslot(const Ins *i, int nvslot)
{
	for (int k = 0; k < i->nops; k++)
		if (op_vslot(&i->ops[k], nvslot) >= 0)
			return true;
	return false;
}

/* w->sins, w->sstart: every block's instructions with a virtual-slot
 * operand, in order (unreachable blocks' too: apply rewrites them). */
static void slot_insns(SlotWork *w)
{
	Fn *fn = w->fn;
	long n = 0, cap = 64;
	w->sstart = ARENA_NEW(w->a, int, fn->nblk + 1);
	w->sins = ARENA_RAW(w->a, Ins *, cap);
	for (int b = 0; b < fn->nblk; b++) {
		w->sstart[b] = (int)n;
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (!has_vslot(i, w->nvslot))
				continue;
			if (n == cap) {
				w->sins = arena_grow_raw(
					w->a, w->sins, sizeof(Ins *) * (size_t)cap,
					sizeof(Ins *) * (size_t)(2 * cap));
				cap *= 2;
			}
			w->sins[n++] = i;
		}
	}
	w->sstart[fn->nblk] = (int)n;
}

/* Exploration state for one virtual slot. */
typedef struct Explore {
	int s;
	int *defmark, *inmark, *outmark, *stk, sp;
	IVec outpairs; /* (block, slot) pairs, live out */
} Explore;

static void add_in(Explore *x, int b)
{
	if (x->inmark[b] == x->s)
		return;
	x->inmark[b] = x->s;
	x->stk[x->sp++] = b;
}

/* Notes x's slot live at the end of block b (once), and live into b
 * unless b writes it; inline: the walk calls it per predecessor. */
static inline void live_at_end(Explore *x, int b)
{
	if (x->outmark[b] != x->s) {
		x->outmark[b] = x->s;
		iv_push(&x->outpairs, b);
		iv_push(&x->outpairs, x->s);
	}
	if (x->defmark[b] != x->s)
		add_in(x, b);
}

/* Walks virtual slot s's live range backwards from its reads. */
static void explore_slot(SlotWork *w, Explore *x, int s)
{
	const IVec *e = &w->ev[s];
	x->s = s;
	for (long k = 0; k < e->n; k++)
		if ((e->v[k] & 3) == EV_DEF)
			x->defmark[e->v[k] >> 2] = s;
	for (long k = 0; k < e->n; k++) {
		if ((e->v[k] & 3) == EV_UE)
			add_in(x, e->v[k] >> 2);
		else if ((e->v[k] & 3) == EV_PHI)
			live_at_end(x, e->v[k] >> 2);
	}
	while (x->sp > 0) {
		const Blk *b = w->fn->blk[x->stk[--x->sp]];
		for (int p = 0; p < b->npred; p++)
			if (cfg_reachable(w->cfg, b->pred[p]))
				live_at_end(x, b->pred[p]);
	}
}

/* Fills w->out/nout: the live-out virtual slots of every block. */
static void live_out_sets(SlotWork *w)
{
	int n = w->fn->nblk + 1;
	Explore x = {.outpairs = {.a = w->a}};
	x.defmark = ARENA_NEW(w->a, int, n);
	x.inmark = ARENA_NEW(w->a, int, n);
	x.outmark = ARENA_NEW(w->a, int, n);
	x.stk = ARENA_NEW(w->a, int, n);
	for (int b = 0; b < n; b++)
		x.defmark[b] = x.inmark[b] = x.outmark[b] = -1;
	for (int s = 0; s < w->nvslot; s++)
		explore_slot(w, &x, s);
	w->nout = ARENA_NEW(w->a, int, n);
	w->out = ARENA_NEW(w->a, int *, n);
	for (long k = 0; k < x.outpairs.n; k += 2)
		w->nout[x.outpairs.v[k]]++;
	for (int b = 0; b < w->fn->nblk; b++) {
		w->out[b] = ARENA_NEW(w->a, int, w->nout[b] + 1);
		w->nout[b] = 0;
	}
	for (long k = 0; k < x.outpairs.n; k += 2) {
		int b = x.outpairs.v[k];
		w->out[b][w->nout[b]++] = x.outpairs.v[k + 1];
	}
}

/* A sparse set of virtual slots. */
typedef struct SSet {
	int n, *dense, *sparse;
} SSet;

static bool ss_has(const SSet *s, int v)
{
	unsigned k = (unsigned)s->sparse[v];
	return k < (unsigned)s->n && s->dense[k] == v;
}

static inline void ss_add(SSet *s, int v)
{
	if (ss_has(s, v))
		return;
	s->sparse[v] = s->n;
	s->dense[s->n++] = v;
}

static void ss_del(SSet *s, int v)
{
	if (!ss_has(s, v))
		return;
	int k = s->sparse[v], last = s->dense[--s->n];
	s->dense[k] = last;
	s->sparse[last] = k;
}

/* Records a write of s where the slots of live are live: pairs (s, w). */
static void interfere(IVec *pairs, const SSet *live, int s)
{
	for (int k = 0; k < live->n; k++)
		if (live->dense[k] != s) {
			iv_push(pairs, s);
			iv_push(pairs, live->dense[k]);
		}
}

/* Walks block b backwards, collecting interference pairs. */
static void block_pairs(SlotWork *w, int b, SSet *live, IVec *pairs)
{
	int j0 = w->sstart[b], j = w->sstart[b + 1] - 1;
	live->n = 0;
	for (int k = 0; k < w->nout[b]; k++)
		ss_add(live, w->out[b][k]);
	const Ins *i;
	for (; j >= j0 && (i = w->sins[j])->kind != IK_PHI; j--) {
		for (int k = 0; k < i->nops; k++) {
			int s = op_vslot(&i->ops[k], w->nvslot);
			if (s >= 0 && (i->ops[k].flags & OF_DEF)) {
				interfere(pairs, live, s);
				ss_del(live, s);
			}
		}
		for (int k = 0; k < i->nops; k++) {
			int s = op_vslot(&i->ops[k], w->nvslot);
			if (s >= 0 && (i->ops[k].flags & OF_USE))
				ss_add(live, s);
		}
	}
	/* The phis write at the entry, all at once: each phi's slot meets
	 * what is live after them and the other phis' slots. */
	for (int jp = j; jp >= j0; jp--) {
		i = w->sins[jp];
		for (int k = 0; k < i->nops; k++) {
			int s = op_vslot(&i->ops[k], w->nvslot);
			if (s >= 0 && (i->ops[k].flags & OF_DEF))
				ss_add(live, s);
		}
	}
	for (int jp = j0; jp <= j; jp++) {
		i = w->sins[jp];
		int s = i->nops ? op_vslot(&i->ops[0], w->nvslot) : -1;
		if (s >= 0 && (i->ops[0].flags & OF_DEF))
			interfere(pairs, live, s);
	}
}

/* Orders the virtual slots by their first write in dominator-tree
 * pre-order; never written ones first. */
static int *colour_order(SlotWork *w, const DomTree *dom)
{
	int *order = ARENA_NEW(w->a, int, w->nvslot + 1);
	uint8_t *seen = ARENA_NEW(w->a, uint8_t, w->nvslot + 1);
	int n = 0;
	for (int s = 0; s < w->nvslot; s++)
		if (w->ev[s].n == 0 || w->defstamp[s] < 0) {
			order[n++] = s;
			seen[s] = 1;
		}
	for (int d = 0; d < dom->norder; d++) {
		int b = dom->order[d];
		for (int j = w->sstart[b]; j < w->sstart[b + 1]; j++) {
			const Ins *i = w->sins[j];
			for (int k = 0; k < i->nops; k++) {
				int s = op_vslot(&i->ops[k], w->nvslot);
				if (s >= 0 && (i->ops[k].flags & OF_DEF) &&
				    !seen[s]) {
					seen[s] = 1;
					order[n++] = s;
				}
			}
		}
	}
	for (int s = 0; s < w->nvslot; s++)
		if (!seen[s])
			order[n++] = s;
	return order;
}

/* Greedy colouring of the pairs' graph in the given order; returns the
 * number of colours, colour[] filled. */
static int colour(SlotWork *w, const IVec *pairs, const int *order,
		  int *colour)
{
	int n = w->nvslot;
	int *deg = ARENA_NEW(w->a, int, n + 1);
	for (long k = 0; k < pairs->n; k++)
		deg[pairs->v[k]]++;
	int *start = ARENA_NEW(w->a, int, n + 2);
	for (int s = 0; s < n; s++)
		start[s + 1] = start[s] + deg[s];
	int *adj = ARENA_NEW(w->a, int, pairs->n + 1);
	int *fill = ARENA_NEW(w->a, int, n + 1);
	memcpy(fill, start, sizeof(int) * (size_t)n);
	for (long k = 0; k < pairs->n; k += 2) {
		int x = pairs->v[k], y = pairs->v[k + 1];
		adj[fill[x]++] = y;
		adj[fill[y]++] = x;
	}
	int *used = ARENA_NEW(w->a, int, n + 1); /* per colour: stamp */
	int ncol = 0;
	for (int s = 0; s < n; s++)
		colour[s] = -1;
	for (int j = 0; j < n; j++) {
		int s = order[j];
		for (int e = start[s]; e < start[s + 1]; e++)
			if (colour[adj[e]] >= 0)
				used[colour[adj[e]]] = j + 1;
		int c = 0;
		while (c < ncol && used[c] == j + 1)
			c++;
		colour[s] = c;
		if (c == ncol)
			ncol++;
	}
	return ncol;
}

/* Declares the real slots and rewrites every slot operand. */
static void apply(const SlotWork *w, const int *vsize, const int *col,
		  int ncol, SlotAssign *out)
{
	Fn *fn = w->fn;
	int nvslot = w->nvslot;
	int *size = ARENA_NEW(fn->arena, int, ncol + 1);
	for (int s = 0; s < nvslot; s++)
		if (vsize[s] > size[col[s]])
			size[col[s]] = vsize[s];
	int *real = ARENA_NEW(fn->arena, int, ncol + 1);
	out->bytes = 0;
	for (int c = 0; c < ncol; c++) {
		real[c] = fn_new_slot(fn, size[c] > 0 ? size[c] : 8);
		out->bytes += fn->slot[real[c]].size;
	}
	out->nvslot = nvslot;
	out->nslot = ncol;
	out->slot_of = ARENA_NEW(fn->arena, int, nvslot + 1);
	for (int s = 0; s < nvslot; s++)
		out->slot_of[s] = real[col[s]];
	for (int j = 0; j < w->sstart[fn->nblk]; j++) {
		Ins *i = w->sins[j];
		for (int k = 0; k < i->nops; k++) {
			int s = op_vslot(&i->ops[k], nvslot);
			if (s >= 0)
				i->ops[k].loc.num = out->slot_of[s];
		}
	}
}

void slots_assign(Fn *fn, const Cfg *cfg, const DomTree *dom, int nvslot,
		  const int *vsize, SlotAssign *out)
{
	memset(out, 0, sizeof *out);
	Arena *a = arena_new();
	SlotWork w = {.fn = fn, .cfg = cfg, .a = a, .nvslot = nvslot};
	w.ev = ARENA_NEW(a, IVec, nvslot + 1);
	w.defstamp = ARENA_NEW(a, int, nvslot + 1);
	w.uestamp = ARENA_NEW(a, int, nvslot + 1);
	for (int s = 0; s < nvslot; s++) {
		w.ev[s].a = a;
		w.defstamp[s] = w.uestamp[s] = -1;
	}
	slot_insns(&w);
	for (int b = 0; b < fn->nblk; b++)
		if (cfg_reachable(cfg, b))
			scan_block(&w, b);
	live_out_sets(&w);
	SSet live = {0};
	live.dense = ARENA_NEW(a, int, nvslot + 1);
	live.sparse = ARENA_NEW(a, int, nvslot + 1);
	IVec pairs = {.a = a};
	for (int b = 0; b < fn->nblk; b++)
		if (cfg_reachable(cfg, b))
			block_pairs(&w, b, &live, &pairs);
	out->nedge = pairs.n / 2;
	int *order = colour_order(&w, dom);
	int *col = ARENA_NEW(a, int, nvslot + 1);
	int ncol = colour(&w, &pairs, order, col);
	apply(&w, vsize, col, ncol, out);
	arena_free(a);
}
