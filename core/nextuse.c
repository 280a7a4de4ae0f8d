/* nextuse.c - global next-use distances: block-local first reads, then a
 * fixed point over the live sets, swept in post-order. */
#include "nextuse.h"

#include <string.h>

/* Index of v in the sorted a[0..n-1], or -1. */
static int sorted_index(const int *a, int n, int v)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (a[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && a[lo] == v ? lo : -1;
}

NuDist nextuse_in(const NextUse *nu, int b, int v)
{
	int j = sorted_index(nu->lv->in[b], nu->lv->nin[b], v);
	return j < 0 ? NU_INF : nu->in[b][j];
}

NuDist nextuse_out(const NextUse *nu, int b, int v)
{
	int j = sorted_index(nu->lv->out[b], nu->lv->nout[b], v);
	return j < 0 ? NU_INF : nu->out[b][j];
}

int nu_block_nops(const Blk *b)
{
	int n = 0;
	for (const Ins *i = b->first; i; i = i->next)
		if (i->kind != IK_PHI)
			n += i->nops;
	return n;
}

/* Scratch state of the computation. */
typedef struct NuWork {
	const Fn *fn;
	const Live *lv;
	NextUse *nu;
	NuDist **first;   /* per block, parallel to in[]: first read (with
			   * its delay), NU_INF if none */
	uint8_t **fixed;  /* per block, parallel to out[]: a phi source */
	NuDist **pen;     /* per block: loop-exit penalty per successor */
	int ***match;     /* per block and successor k: pairs (j, jj) of
			   * out[j] == the successor's in[jj], j not fixed */
	int **nmatch;     /* per block and successor: the pairs */
	int **thru;       /* per block, parallel to in[]: for a value not
			   * read in the block, its index in out[], else -1 */
} NuWork;

/* Fills w->first[b]: the time of the first read of each live-in value by
 * a non-phi instruction of b, -1 if none; with a delay, the delays of
 * b's reads (nu->rdelay[b], written at the read operands only).
 * stamp/pos: per-value scratch. */
static void first_reads(NuWork *w, int b, int *stamp, NuDist *pos,
			Arena *a)
{
	const Fn *fn = w->fn;
	const Live *lv = w->lv;
	NuDist *rd = NULL;
	if (w->nu->delay)
		rd = w->nu->rdelay[b] =
			ARENA_RAW(a, NuDist, nu_block_nops(fn->blk[b]) + 1);
	int t = 0, n = 0;
	for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
		if (i->kind == IK_PHI)
			continue;
		for (int k = 0; k < i->nops; k++, n++) {
			if (!op_reads(fn, &i->ops[k]))
				continue;
			int v = live_value(fn, &i->ops[k]);
			if (v < 0)
				continue;
			NuDist d = (NuDist)t;
			if (rd)
				d = nu_add(d, rd[n] = w->nu->delay(fn, i, k));
			if (stamp[v] == b && pos[v] <= d)
				continue;
			stamp[v] = b;
			pos[v] = d;
		}
		t++;
	}
	w->nu->len[b] = t;
	w->nu->nops[b] = n;
	NuDist *first = w->first[b];
	for (int j = 0; j < lv->nin[b]; j++) {
		int v = lv->in[b][j];
		first[j] = stamp[v] == b ? pos[v] : NU_INF;
	}
}

/* Marks the phi sources of b's successors coming from b as read at b's
 * end: out = 0, fixed.  (Each phi of S is visited once per predecessor
 * edge of S; a source names its predecessor in `from`.) */
static void phi_sources(NuWork *w, const Cfg *cfg)
{
	const Fn *fn = w->fn;
	const Live *lv = w->lv;
	for (int s = 0; s < fn->nblk; s++) {
		if (!cfg_reachable(cfg, s))
			continue;
		for (const Ins *i = fn->blk[s]->first; i && i->kind == IK_PHI;
		     i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				int v = live_value(fn, o);
				if ((o->flags & OF_DEF) || v < 0 || o->from < 0 ||
				    !cfg_reachable(cfg, o->from))
					continue;
				int j = sorted_index(lv->out[o->from],
						     lv->nout[o->from], v);
				if (j < 0)
					continue;
				w->nu->out[o->from][j] = 0;
				w->fixed[o->from][j] = 1;
			}
	}
}

/* Requires w->fixed[b] final.  Fills w->match[b], w->nmatch[b] by
 * merging the sorted live_out(b) with each successor's sorted live_in,
 * and w->thru[b] by merging live_in(b) with live_out(b): the index pairs
 * the sweeps then visit without merging again. */
static void match_block(NuWork *w, int b, Arena *a)
{
	const Live *lv = w->lv;
	const Blk *bb = w->fn->blk[b];
	const uint8_t *fixed = w->fixed[b];
	for (int k = 0; k < bb->nsucc; k++) {
		int s = bb->succ[k].blk;
		const int *in = lv->in[s];
		int *m = arena_alloc_raw(a, sizeof(int) * 2 *
						    (size_t)(lv->nout[b] + 1));
		int n = 0, j = 0, jj = 0;
		while (j < lv->nout[b] && jj < lv->nin[s]) {
			int v = lv->out[b][j], u = in[jj];
			if (v < u) {
				j++;
			} else if (u < v) {
				jj++;
			} else {
				if (!fixed[j]) {
					m[2 * n] = j;
					m[2 * n + 1] = jj;
					n++;
				}
				j++;
				jj++;
			}
		}
		w->match[b][k] = m;
		w->nmatch[b][k] = n;
	}
	int jj = 0;
	for (int j = 0; j < lv->nin[b]; j++) {
		int v = lv->in[b][j];
		w->thru[b][j] = -1;
		if (w->first[b][j] != NU_INF && !w->nu->delay)
			continue;
		while (jj < lv->nout[b] && lv->out[b][jj] < v)
			jj++;
		if (jj < lv->nout[b] && lv->out[b][jj] == v)
			w->thru[b][j] = jj;
	}
}

/* Requires the distances of b's successors and match_block(b).
 * Recomputes out(b, .): per value, the least over the successors that
 * have it live-in of its distance there plus the edge's penalty. */
static void update_out(NuWork *w, int b)
{
	const Live *lv = w->lv;
	NuDist *out = w->nu->out[b];
	const uint8_t *fixed = w->fixed[b];
	const Blk *bb = w->fn->blk[b];
	for (int j = 0; j < lv->nout[b]; j++)
		if (!fixed[j])
			out[j] = NU_INF;
	for (int k = 0; k < bb->nsucc; k++) {
		const NuDist *din = w->nu->in[bb->succ[k].blk];
		const int *m = w->match[b][k];
		NuDist pen = w->pen[b][k];
		for (int x = 0; x < w->nmatch[b][k]; x++) {
			int j = m[2 * x], jj = m[2 * x + 1];
			NuDist d = nu_add(din[jj], pen);
			if (d < out[j])
				out[j] = d;
		}
	}
}

/* Requires out(b, .) current and match_block(b).  Recomputes in(b, .);
 * returns whether any changed.  A live-through value (w->thru) is at its
 * distance after the block plus the block's length. */
static bool update_in(NuWork *w, int b)
{
	const Live *lv = w->lv;
	NuDist *in = w->nu->in[b];
	const NuDist *out = w->nu->out[b];
	NuDist len = (NuDist)w->nu->len[b];
	bool changed = false;
	for (int j = 0; j < lv->nin[b]; j++) {
		NuDist d = w->first[b][j];
		if (w->thru[b][j] >= 0) {
			NuDist after = nu_add(len, out[w->thru[b][j]]);
			if (after < d)
				d = after;
		}
		if (d != in[j]) {
			in[j] = d;
			changed = true;
		}
	}
	return changed;
}

/* Sweeps the blocks in post-order until no in(b, .) changes.  A block
 * none of whose successors' in changed since it was last updated
 * would compute what it holds: it is skipped (stale[b] clear), which
 * leaves every sweep's values, and their number, as full sweeps give
 * them. */
static void sweep_to_fixed_point(NuWork *w, const Cfg *cfg, Arena *a)
{
	const Fn *fn = w->fn;
	uint8_t *stale = ARENA_RAW(a, uint8_t, fn->nblk + 1);
	memset(stale, 1, (size_t)fn->nblk + 1);
	bool changed = true;
	while (changed) {
		changed = false;
		w->nu->sweeps++;
		for (int r = cfg->nrpo - 1; r >= 0; r--) {
			int b = cfg->rpo[r];
			if (!stale[b])
				continue;
			stale[b] = 0;
			update_out(w, b);
			if (!update_in(w, b))
				continue;
			changed = true;
			const Blk *bb = fn->blk[b];
			for (int p = 0; p < bb->npred; p++)
				stale[bb->pred[p]] = 1;
		}
	}
}

/* The penalty of each edge of b (w->pen[b] allocated): loop exit, rare
 * edge or none. */
static void edge_penalties(NuWork *w, const Loops *lp, int b)
{
	const Blk *bb = w->fn->blk[b];
	int l = lp->innermost[b];
	for (int k = 0; k < bb->nsucc; k++) {
		int S = bb->succ[k].blk;
		if (l >= 0 && !loops_contains(lp, l, S))
			w->pen[b][k] = NU_LOOP_EXIT;
		else if ((long)w->fn->blk[S]->freq * 4 < bb->freq)
			w->pen[b][k] = NU_RARE_EDGE;
		else
			w->pen[b][k] = 0;
	}
}

/* Allocates the per-block arrays of every block, each kind carved from
 * one allocation: the distances in and out, all NU_INF; fixed, zeroed;
 * first and thru (parallel to in) and the per-successor pen, match and
 * nmatch, written before they are read. */
static void alloc_dists(NuWork *w, Arena *a)
{
	const Live *lv = w->lv;
	NextUse *nu = w->nu;
	size_t nin = 0, nout = 0, nsucc = 0;
	for (int b = 0; b < nu->nblk; b++) {
		nin += (size_t)lv->nin[b];
		nout += (size_t)lv->nout[b];
		nsucc += (size_t)w->fn->blk[b]->nsucc;
	}
	NuDist *in = ARENA_RAW(a, NuDist, nin + 1);
	NuDist *out = ARENA_RAW(a, NuDist, nout + 1);
	uint8_t *fixed = ARENA_NEW(a, uint8_t, nout + 1);
	NuDist *first = ARENA_RAW(a, NuDist, nin + 1);
	int *thru = ARENA_RAW(a, int, nin + 1);
	NuDist *pen = ARENA_RAW(a, NuDist, nsucc + 1);
	int **match = ARENA_RAW(a, int *, nsucc + 1);
	int *nmatch = ARENA_RAW(a, int, nsucc + 1);
	/* NU_INF is all ones */
	memset(in, 0xff, sizeof(NuDist) * nin);
	memset(out, 0xff, sizeof(NuDist) * nout);
	for (int b = 0; b < nu->nblk; b++) {
		nu->in[b] = in;
		w->first[b] = first;
		w->thru[b] = thru;
		in += lv->nin[b];
		first += lv->nin[b];
		thru += lv->nin[b];
		nu->out[b] = out;
		w->fixed[b] = fixed;
		out += lv->nout[b];
		fixed += lv->nout[b];
		int ns = w->fn->blk[b]->nsucc;
		w->pen[b] = pen;
		w->match[b] = match;
		w->nmatch[b] = nmatch;
		pen += ns;
		match += ns;
		nmatch += ns;
	}
}

NextUse *nextuse_compute(const Fn *fn, const Cfg *cfg, const Live *lv,
			 const Loops *lp, Arena *a)
{
	return nextuse_compute_delayed(fn, cfg, lv, lp, a, NULL);
}

NextUse *nextuse_compute_delayed(const Fn *fn, const Cfg *cfg,
				 const Live *lv, const Loops *lp, Arena *a,
				 NuReadDelay delay)
{
	NextUse *nu = ARENA_NEW(a, NextUse, 1);
	nu->lv = lv;
	nu->delay = delay;
	nu->nblk = fn->nblk;
	nu->len = ARENA_NEW(a, int, fn->nblk + 1);
	nu->nops = ARENA_NEW(a, int, fn->nblk + 1);
	nu->in = ARENA_NEW(a, NuDist *, fn->nblk + 1);
	nu->out = ARENA_NEW(a, NuDist *, fn->nblk + 1);
	nu->rdelay = ARENA_NEW(a, NuDist *, fn->nblk + 1);
	NuWork w = {.fn = fn, .lv = lv, .nu = nu};
	w.first = ARENA_NEW(a, NuDist *, fn->nblk + 1);
	w.fixed = ARENA_NEW(a, uint8_t *, fn->nblk + 1);
	w.pen = ARENA_NEW(a, NuDist *, fn->nblk + 1);
	w.match = ARENA_NEW(a, int **, fn->nblk + 1);
	w.nmatch = ARENA_NEW(a, int *, fn->nblk + 1);
	w.thru = ARENA_NEW(a, int *, fn->nblk + 1);
	alloc_dists(&w, a);
	int nval = live_nval(fn);
	int *stamp = ARENA_RAW(a, int, nval + 1);
	NuDist *pos = ARENA_RAW(a, NuDist, nval + 1);
	memset(stamp, 0xff, sizeof(int) * (size_t)nval); /* all -1 */
	for (int r = 0; r < cfg->nrpo; r++) {
		int b = cfg->rpo[r];
		first_reads(&w, b, stamp, pos, a);
		edge_penalties(&w, lp, b);
	}
	phi_sources(&w, cfg);
	for (int r = 0; r < cfg->nrpo; r++)
		match_block(&w, cfg->rpo[r], a);
	sweep_to_fixed_point(&w, cfg, a);
	return nu;
}

void nuscan_init(NuScan *s, const Fn *fn, Arena *a)
{
	s->nval = live_nval(fn);
	s->cur = ARENA_RAW(a, NuDist, s->nval + 1);
	s->stamp = ARENA_RAW(a, int, s->nval + 1);
	memset(s->stamp, 0xff, sizeof(int) * (size_t)s->nval); /* all -1 */
	s->blk = -1;
	s->nclob = s->capclob = 0;
	s->clob_t = s->clob_v = NULL;
	s->clob_next = NULL;
	s->a = a;
}

/* Records that the register value v clobbered at time t is read at
 * time next. */
static void scan_clob(NuScan *s, int t, int v, NuDist next)
{
	if (s->nclob == s->capclob) {
		int cap = s->capclob ? 2 * s->capclob : 16;
		size_t oi = sizeof(int) * (size_t)s->capclob;
		size_t ni = sizeof(int) * (size_t)cap;
		s->clob_t = arena_grow(s->a, s->clob_t, oi, ni);
		s->clob_v = arena_grow(s->a, s->clob_v, oi, ni);
		s->clob_next = arena_grow(s->a, s->clob_next,
					  sizeof(NuDist) * (size_t)s->capclob,
					  sizeof(NuDist) * (size_t)cap);
		s->capclob = cap;
	}
	s->clob_t[s->nclob] = t;
	s->clob_v[s->nclob] = v;
	s->clob_next[s->nclob++] = next;
}

static void scan_set(NuScan *s, int v, NuDist t)
{
	s->stamp[v] = s->blk;
	s->cur[v] = t;
}

void nuscan_block(const Fn *fn, const NextUse *nu, int b, NuScan *s,
		  NuDist *nxt)
{
	const Live *lv = nu->lv;
	const Blk *bb = fn->blk[b];
	/* A fresh stamp per scan, so that rescanning a block starts clean. */
	s->blk = s->blk < 0 ? 0 : s->blk + 1;
	s->nclob = 0;
	/* the hard registers given a finite time in this scan (bit r for
	 * value npseudo + r, a superset): the others read as NU_INF, and a
	 * clobber of one of them changes nothing */
	int np = fn->npseudo;
	RegSet fin = 0;
	NuDist len = (NuDist)nu->len[b];
	for (int j = 0; j < lv->nout[b]; j++) {
		int v = lv->out[b][j];
		NuDist d = nu_add(len, nu->out[b][j]);
		scan_set(s, v, d);
		if (v >= np && d != NU_INF)
			fin |= RS_BIT(v - np);
	}
	int k = nu->nops[b], t = nu->len[b];
	for (const Ins *i = bb->last; i && i->kind != IK_PHI; i = i->prev) {
		t--;
		k -= i->nops;
		for (int o = 0; o < i->nops; o++) {
			int v = live_value(fn, &i->ops[o]);
			nxt[k + o] = nuscan_time(s, v);
		}
		for (int o = 0; o < i->nops; o++) {
			if (!(i->ops[o].flags & OF_DEF))
				continue;
			int v = live_value(fn, &i->ops[o]);
			if (v >= 0)
				scan_set(s, v, NU_INF);
		}
		for (RegSet c = i->clobbers & fin; c; c &= c - 1) {
			int v = np + regset_first(c);
			NuDist next = nuscan_time(s, v);
			if (next != NU_INF)
				scan_clob(s, t, v, next);
			scan_set(s, v, NU_INF);
		}
		for (int o = 0; o < i->nops; o++) {
			if (!op_reads(fn, &i->ops[o]))
				continue;
			int v = live_value(fn, &i->ops[o]);
			if (v < 0)
				continue;
			NuDist d = (NuDist)t;
			if (nu->delay) {
				d = nu_add(d, nu->rdelay[b][k + o]);
				if (nuscan_time(s, v) < d)
					continue;
			}
			scan_set(s, v, d);
			if (v >= np && d != NU_INF)
				fin |= RS_BIT(v - np);
		}
	}
}
