/* words.c - how a transfer moves what locations hold: the pending
 * writes of a parallel step, and the facts of wide values carried by
 * word position (docs/VERIFY.md "Words of a wide value").  Writes
 * through state.c's wset. */
#include "vstate.h"

/* ---- Pending writes of a parallel step --------------------------------- */

void push_write(Writes *ws, int l, int s)
{
	ws->w = grow(ws->w, sizeof(Write), &ws->cap, ws->n + 1);
	ws->w[ws->n].loc = l;
	ws->w[ws->n++].set = s;
}

/* The set a whole span holds: the values every part holds. */
static int span_set(Chk *c, int l, int n)
{
	int s = c->cur[l];
	for (int k = 1; k < n && s; k++)
		s = set_inter(&c->sp, s, c->cur[l + k]);
	return s;
}

/* ---- Word facts through a transfer (docs/VERIFY.md "Words of a wide
 * value").  A transfer moves words by position: the k-th general
 * register of a span is word position k; a single other location (a
 * slot, a constant, an SSE register) covers every position.  The word
 * facts of the source are listed as trips (v, p, q): "position p is word
 * q of v"; each destination location gets what its positions say. */

/* Whether a transfer between a span of n locations at l follows word
 * positions: general registers, x87 registers (two positions each), or
 * one location. */
static bool word_span(const Chk *c, int l, int n)
{
	return n == 1 || gpr_loc(c, l) || x87_loc(c, l);
}

/* Whether location l is the immediate 0 or -1, every 8-byte word of
 * which is the same (so a wide value equal to it has every word equal
 * to what an 8-byte load of it gives). */
static bool same_words_const(const Chk *c, int l)
{
	if (!is_kconst(c, l))
		return false;
	const Const *k = &c->konst[l - c->cbase];
	return k->kind == OK_IMM && (k->imm == 0 || k->imm == -1);
}

static void trip_push(Chk *c, int *nt, int v, int p, int q)
{
	c->trip = grow(c->trip, sizeof(int), &c->captrip, *nt * 3 + 3);
	c->trip[*nt * 3] = v;
	c->trip[*nt * 3 + 1] = p;
	c->trip[*nt * 3 + 2] = q;
	(*nt)++;
}

/* trips_of for an x87 register, the k-th of a source span: it covers
 * word positions 2k and 2k+1.  Holding wide value v (its part 0: the
 * whole of a 16-byte long double) gives (v, 2k, 0) and (v, 2k+1, 1);
 * holding part m of a multi-register x87 value (wd_id(v, 2m)) gives
 * (v, 2k, 2m) and (v, 2k+1, 2m+1).  Any other word fact (an 8-byte word
 * alone, whose other half is unknown) gives nothing. */
static void x87_trips_of(Chk *c, int *nt, int k, int s)
{
	for (int j = 0, n = set_n(&c->sp, s); j < n; j++) {
		int x = set_v(&c->sp, s)[j], v, q;
		if (wd_of(c, x, &v, &q)) {
			if (!x87_multi(c, v) || q % 2 || q + 1 >= nwords(c, v))
				continue;
		} else if (wide_value(c, x)) {
			v = x;
			q = 0;
		} else {
			continue;
		}
		trip_push(c, nt, v, 2 * k, q);
		trip_push(c, nt, v, 2 * k + 1, q + 1);
	}
}

/* Appends the word facts of set s, held by location l, the k-th of a
 * source span (word_span) of ns locations. */
static void trips_of(Chk *c, int *nt, int l, int k, int ns, int s)
{
	bool gpr = gpr_loc(c, l), same = same_words_const(c, l);
	if (x87_loc(c, l)) {
		x87_trips_of(c, nt, k, s);
		return;
	}
	for (int j = 0, n = set_n(&c->sp, s); j < n; j++) {
		int x = set_v(&c->sp, s)[j], v, q;
		if (wd_of(c, x, &v, &q)) {
			trip_push(c, nt, v, gpr ? k : 0, q);
		} else if (wide_value(c, x) && gpr) {
			trip_push(c, nt, x, k, 0);
		} else if (wide_value(c, x) && ns == 1) {
			for (int p = 0; p < nwords(c, x); p++)
				for (int w = 0; w < nwords(c, x); w++)
					if (w == p || same)
						trip_push(c, nt, x, p, w);
		}
	}
}

/* Whether the trips say position p is word q of v. */
static bool trip_has(const Chk *c, int nt, int v, int p, int q)
{
	for (int t = 0; t < nt; t++)
		if (c->trip[t * 3] == v && c->trip[t * 3 + 1] == p &&
		    c->trip[t * 3 + 2] == q)
			return true;
	return false;
}

/* Set s plus the word facts the nt trips give location d + j of a
 * destination span (word_span) of nd: a general register, word q of v
 * for each trip at its position j; a single other location, the whole
 * of v when every position p is word p of v, and word q of v for a trip
 * at position 0. */
static int add_trips(Chk *c, int s, int d, int j, int nd, int nt)
{
	for (int t = 0; t < nt; t++) {
		int v = c->trip[t * 3], p = c->trip[t * 3 + 1];
		int q = c->trip[t * 3 + 2];
		if (x87_loc(c, d + j)) {
			/* positions 2j and 2j+1 must be words q and q+1 of
			 * v, q even: the whole of a 16-byte value (q = 0),
			 * else part q/2 of a multi-register x87 value */
			if (p != 2 * j || q % 2 ||
			    !trip_has(c, nt, v, 2 * j + 1, q + 1))
				continue;
			if (q == 0 && (nwords(c, v) <= 2 || x87_multi(c, v)))
				s = set_add(&c->sp, s, v);
			else if (q > 0 && x87_multi(c, v) &&
				 q + 1 < nwords(c, v))
				s = set_add(&c->sp, s, wd_id(c, v, q));
			continue;
		}
		if (gpr_loc(c, d + j)) {
			if (p == j)
				s = set_add(&c->sp, s, word_at(c, d + j, v, q));
			continue;
		}
		if (nd != 1 || p != 0)
			continue;
		bool whole = q == 0;
		for (int w = 1; whole && w < nwords(c, v); w++)
			whole = trip_has(c, nt, v, w, w);
		s = set_add(&c->sp, s, whole ? v : wd_id(c, v, q));
	}
	return s;
}

/* Set s without the facts of wide values (their words, or v). */
static int strip_wide(Chk *c, int s)
{
	int n = set_n(&c->sp, s), k = 0, v, q;
	c->vbuf = grow(c->vbuf, sizeof(int), &c->capvbuf, n + 1);
	for (int j = 0; j < n; j++) {
		int x = set_v(&c->sp, s)[j];
		if (!wd_of(c, x, &v, &q) && !wide_value(c, x))
			c->vbuf[k++] = x;
	}
	return k == n ? s : set_intern(&c->sp, c->vbuf, k);
}

/* ---- Transfers and definitions by word position ------------------------ */

void queue_copy(Chk *c, Writes *ws, int dst, int nd, int src, int ns,
		int extra)
{
	bool parts = dst < TGT_NREGS && src < TGT_NREGS && nd == ns;
	int whole = parts ? 0 : span_set(c, src, ns);
	bool words = word_span(c, dst, nd) && word_span(c, src, ns);
	int nt = 0;
	for (int k = 0; words && k < ns; k++)
		trips_of(c, &nt, src + k, k, ns, c->cur[src + k]);
	for (int k = 0; k < nd; k++) {
		int s = parts ? c->cur[src + k] : whole;
		if (words)
			s = add_trips(c, strip_wide(c, s), dst, k, nd, nt);
		if (extra >= 0)
			s = set_add(&c->sp, s, read_id(c, dst, k, extra));
		push_write(ws, dst + k, s);
	}
}

void write_from_one(Chk *c, int d, int n, int sl, int s)
{
	int nt = 0;
	bool words = word_span(c, d, n);
	if (words)
		trips_of(c, &nt, sl, 0, 1, s);
	for (int m = 0; m < n; m++)
		wset(c, d + m,
		     words ? add_trips(c, strip_wide(c, s), d, m, n, nt) : s);
}

void write_def(Chk *c, int l, int n, int v)
{
	for (int p = 0; p < n; p++)
		wset(c, l + p, set_single(&c->sp, read_id(c, l, p, v)));
}

void apply_writes(Chk *c, Writes *ws)
{
	for (int k = 0; k < ws->n; k++)
		wset(c, ws->w[k].loc, ws->w[k].set);
	ws->n = 0;
}

void clobber(Chk *c, RegSet s)
{
	for (; s; s &= s - 1) {
		int r = regset_first(s);
		if (r >= TGT_NREGS)
			break;
		wset(c, r, 0);
	}
}
