/* spill.c - the Braun-Hack spiller on the core IR (see spill.h).
 *
 * Phases, in order (each a section below):
 *   facts      per value: class, weight, definition, [remat], pinned;
 *              SSA and phi-order checks
 *   webs       phi webs that may live in one slot (memory phis)
 *   loops      values read inside each loop, each loop's pressure
 *   decide     blocks in reverse post-order: entry set, Belady walk,
 *              exit set; spill and reload places recorded, nothing
 *              inserted yet
 *   couple     the edges: reloads and spills between exit and entry sets
 *   place      which values need memory; spill at the definition or at
 *              the recorded places, whichever is cheaper
 *   insert     spills, reloads, remats into the blocks and onto edges
 *              (split when needed)
 *   rebuild    SSA reconstruction: phis at the iterated dominance
 *              frontier, renaming along the dominator tree
 *   slots      virtual slots per memory value, then slots.c
 */
#include "spill.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "constraints.h"
#include "dom.h"
#include "liveness.h"
#include "loops.h"
#include "nextuse.h"
#include "pressure.h"
#include "slots.h"

/* Rematerializable values look this much farther away when choosing
 * whom to evict: they cost a remat, not a store and a load. */
enum { REMAT_BONUS = 1000 };

/* ------------------------------------------------------------------ */
/* state */

/* A value in registers during the walk of a block. */
typedef struct WEnt {
	int v;
	NuDist time;     /* next read: index in the block, or len + out */
	uint8_t spilled; /* already in memory on every path to here */
	uint8_t fresh;   /* in registers since the block's entry, unread */
	int ent;         /* its index in the block's entry set, or -1 */
} WEnt;

/* A value of a block's entry or exit set. */
typedef struct SetEnt {
	int v;
	uint8_t spilled;
	uint8_t phi;     /* entry sets: a phi definition of the block */
	uint8_t dropped; /* entry sets: left the registers before a read */
} SetEnt;

typedef struct BSet {
	int n;
	SetEnt *e;
} BSet;

/* A recorded spill or reload: before instruction `at` of block blk, or on
 * the edge blk -> its succ-th successor (at == NULL). */
typedef struct Place {
	int v;
	int blk;
	int succ;
	Ins *at;
} Place;

typedef struct PVec {
	Place *p;
	int n, cap;
} PVec;

/* Ints, growable. */
typedef struct IVec {
	int *v;
	int n, cap;
} IVec;

/* Instructions, growable. */
typedef struct InsVec {
	Ins **v;
	int n, cap;
} InsVec;

enum EdgeWhere { AT_END, AT_START, AT_SPLIT, AT_NONE };

typedef struct Sp {
	Fn *fn;
	const Target *t;
	Arena *a; /* scratch, freed at the end */
	int k[RC_NALLOC];
	RegSet regs[RC_NALLOC];
	char *err;
	size_t errlen;

	Cfg *cfg;
	DomTree *dom;
	Loops *lp;
	Live *lv;
	NextUse *nu;
	int nblk0, npseudo0, nval;
	bool profile; /* some reachable block has a frequency */

	/* per value (pseudos, then hard registers) */
	int8_t *cls;     /* allocatable class it weighs in, or -1 */
	uint8_t *wt;     /* its weight there */
	uint8_t *pinned; /* never evicted: hard registers, values read by a
			    definition operand */
	/* per input pseudo */
	Ins **def;
	int *defblk;     /* -1: no definition (an undefined value) */
	uint8_t *remat;
	uint8_t *isphi;
	uint8_t *memcap; /* phi definitions whose web may share a slot */
	uint8_t *memphi; /* phi definitions kept in memory */
	uint8_t *need;   /* kept in memory somewhere */
	uint8_t *defspill; /* must be spilled at its definition */
	uint8_t *memuse; /* read by a memory-only operand (OF_MEMONLY) */
	uint8_t *memdef; /* defined by a memory-only operand: born in its
			    slot, never in a register but by a reload */
	InsVec memins;   /* instructions with memory-only operands */

	/* loops */
	int **lused;
	int *nlused;
	int *lpress; /* per loop and class: lpress[l * RC_NALLOC + c] */

	/* per block */
	BSet *went, *wexit;
	uint8_t *done;

	/* the working set */
	WEnt *w;
	int nw;
	int *wpos;
	int wweight[RC_NALLOC];
	int wwide[RC_NALLOC]; /* pseudos of weight 2 (register pairs) in w */

	/* per value scratch stamps */
	int *mark, *mark2;
	int gen, gen2;
	uint8_t *flag; /* scratch bits valid where mark[v] == gen */

	NuScan scan;
	NuDist *nxt;
	int nxtcap;
	int clobpos; /* next entry of scan.clob_* for the walk (backwards) */
	struct Cand *cand; /* entry candidates (scratch, reused) */
	int candcap;

	PVec spills, reloads;
	/* entry-set bans: value ban_val.v[j] may not be in registers at the
	 * entry of block ban_blk.v[j] (an abnormal in-edge, where no reload
	 * can go, does not have it in registers) */
	IVec ban_blk, ban_val;
	/* insertion results */
	InsVec newins;  /* spills and reloads created, for their slots */
	IVec verval, verblk; /* versions: original value, block */
	IVec copy_of;   /* per new pseudo (from npseudo0) */
	uint8_t *renamed;

	SpillStats st;
} Sp;

static void pv_push(Sp *s, PVec *x, Place p)
{
	if (x->n == x->cap) {
		int cap = x->cap ? 2 * x->cap : 64;
		x->p = arena_grow(s->a, x->p, sizeof(Place) * (size_t)x->cap,
				  sizeof(Place) * (size_t)cap);
		x->cap = cap;
	}
	x->p[x->n++] = p;
}

static void iv_push(Sp *s, IVec *x, int e)
{
	if (x->n == x->cap) {
		int cap = x->cap ? 2 * x->cap : 64;
		x->v = arena_grow(s->a, x->v, sizeof(int) * (size_t)x->cap,
				  sizeof(int) * (size_t)cap);
		x->cap = cap;
	}
	x->v[x->n++] = e;
}

static void insv_push(Sp *s, InsVec *x, Ins *e)
{
	if (x->n == x->cap) {
		int cap = x->cap ? 2 * x->cap : 64;
		x->v = arena_grow(s->a, x->v, sizeof(Ins *) * (size_t)x->cap,
				  sizeof(Ins *) * (size_t)cap);
		x->cap = cap;
	}
	x->v[x->n++] = e;
}

static bool is_pseudo(const Sp *s, int v)
{
	return v >= 0 && v < s->npseudo0;
}

/* Whether v may leave the registers. */
static bool evictable(const Sp *s, int v)
{
	return is_pseudo(s, v) && !s->pinned[v];
}

/* Whether v, once in registers, is also in memory or recomputable, so
 * that leaving the registers needs no store. */
static bool free_to_drop(const Sp *s, int v)
{
	return s->remat[v] || s->defblk[v] < 0;
}

/* The cost of executing one instruction in block b. */
static double blk_cost(const Sp *s, int b)
{
	if (s->profile)
		return (double)s->fn->blk[b]->freq;
	double c = 1;
	for (int d = 0; d < s->lp->depth[b] && d < 8; d++)
		c *= 10;
	return c;
}

static int new_gen(Sp *s)
{
	return ++s->gen;
}

/* ------------------------------------------------------------------ */
/* facts */

/* Fills cls/wt for every value (pressure.h's weights). */
static void value_classes(Sp *s)
{
	s->cls = ARENA_NEW(s->a, int8_t, s->nval + 1);
	s->wt = ARENA_NEW(s->a, uint8_t, s->nval + 1);
	s->pinned = ARENA_NEW(s->a, uint8_t, s->nval + 1);
	for (int v = 0; v < s->nval; v++) {
		s->cls[v] = -1;
		int r = v - (s->nval - TGT_NREGS);
		for (int c = 0; c < RC_NALLOC; c++) {
			int w = pressure_weight(s->fn, v, c);
			/* a hard register outside the allowed set takes none
			 * of the k registers (pressure_compute_within) */
			if (r >= 0 && !RS_HAS(s->regs[c], r))
				w = 0;
			if (w > 0) {
				s->cls[v] = (int8_t)c;
				s->wt[v] = (uint8_t)(w > 255 ? 255 : w);
			}
		}
		if (v >= s->npseudo0)
			s->pinned[v] = 1;
	}
}

/* Records the definition of pseudo operand o of instruction i in block
 * b; false if the pseudo already has one. */
static bool note_def(Sp *s, Ins *i, const Op *o, int b)
{
	int p = o->reg;
	if (s->def[p])
		return err_set(s->err, s->errlen,
			       "p%d is defined twice (uids %d and %d): the "
			       "input is not in SSA form",
			       p, s->def[p]->uid, i->uid);
	s->def[p] = i;
	s->defblk[p] = b;
	s->isphi[p] = i->kind == IK_PHI;
	int ndef = 0;
	for (int k = 0; k < i->nops; k++)
		ndef += (i->ops[k].flags & OF_DEF) != 0;
	s->remat[p] = (i->flags & INS_REMAT) && i->kind != IK_PHI && ndef == 1;
	return true;
}

/* Whether the phis of b have one source per predecessor, in order. */
static bool phis_in_order(const Blk *b)
{
	for (const Ins *i = b->first; i && i->kind == IK_PHI; i = i->next) {
		if (i->nops != 1 + b->npred)
			return false;
		for (int p = 0; p < b->npred; p++)
			if (i->ops[1 + p].from != b->pred[p])
				return false;
	}
	return true;
}

/* Whether every source of phi i weighs at most what its definition
 * weighs, in its class: at a predecessor's end the sources take the
 * registers the block's entry set counts for the phis. */
static bool phi_weights_ok(const Sp *s, const Ins *i)
{
	int d = live_value(s->fn, &i->ops[0]);
	for (int k = 1; k < i->nops; k++) {
		int v = live_value(s->fn, &i->ops[k]);
		if (v < 0 || s->cls[v] < 0)
			continue;
		if (d < 0 || s->cls[d] != s->cls[v] || s->wt[v] > s->wt[d])
			return false;
	}
	return true;
}

/* Whether o is a memory-only use already marked as such (LOC_SLOT
 * without a slot yet; see spill.h). */
static bool memonly_use_marked(const Op *o)
{
	return (o->flags & OF_MEMONLY) && !(o->flags & OF_DEF) &&
	       o->loc.kind == LOC_SLOT && o->loc.num < 0;
}

/* Records a memory-only operand o (a pseudo below npseudo0) of i: its
 * value in memuse or memdef, i in memins (once).  A memory-only use must
 * come marked (memonly_use_marked) and a memory-only def unmarked; false
 * with a reason otherwise, or for a tied or partial one. */
static bool note_memonly(Sp *s, Ins *i, const Op *o)
{
	if (!(o->flags & OF_MEMONLY))
		return true;
	bool def = (o->flags & OF_DEF) != 0;
	if (def ? o->loc.kind != LOC_NONE : !memonly_use_marked(o))
		return err_set(s->err, s->errlen,
			       "uid %d: memory-only %s of p%d %s", i->uid,
			       def ? "definition" : "use", o->reg,
			       def ? "has a location" : "not marked LOC_SLOT");
	if (def && (o->flags & OF_USE))
		return err_set(s->err, s->errlen,
			       "uid %d: p%d: a memory-only operand both read "
			       "and written",
			       i->uid, o->reg);
	if (def)
		s->memdef[o->reg] = 1;
	else
		s->memuse[o->reg] = 1;
	if (!s->memins.n || s->memins.v[s->memins.n - 1] != i)
		insv_push(s, &s->memins, i);
	return true;
}

/* After the definitions are known: a value defined by a memory-only
 * operand is never rematerialized (it is born in its slot); one read by
 * a memory-only operand keeps its [remat] (its register uses may be
 * recomputed; place_spills stores it once at its definition all the
 * same), and a memory-only use of an undefined value (nothing ever
 * stored) is refused. */
static bool memonly_facts(Sp *s)
{
	for (int p = 0; p < s->npseudo0; p++) {
		if (!s->memuse[p] && !s->memdef[p])
			continue;
		if (s->memdef[p])
			s->remat[p] = 0;
		if (s->memuse[p] && s->defblk[p] < 0)
			return err_set(s->err, s->errlen,
				       "p%d: read by a memory-only operand but "
				       "never defined (no value to store)",
				       p);
	}
	return true;
}

/* Definitions, [remat], pinned values; checks the input's shape. */
static bool collect_facts(Sp *s)
{
	Fn *fn = s->fn;
	int np = s->npseudo0;
	s->def = ARENA_NEW(s->a, Ins *, np + 1);
	s->defblk = ARENA_NEW(s->a, int, np + 1);
	s->remat = ARENA_NEW(s->a, uint8_t, np + 1);
	s->isphi = ARENA_NEW(s->a, uint8_t, np + 1);
	s->memuse = ARENA_NEW(s->a, uint8_t, np + 1);
	s->memdef = ARENA_NEW(s->a, uint8_t, np + 1);
	for (int p = 0; p < np; p++)
		s->defblk[p] = -1;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		if (!phis_in_order(bb))
			return err_set(
				s->err, s->errlen,
				"b%d: phi sources are not in predecessor "
				"order",
				bb->id);
		for (Ins *i = bb->first; i; i = i->next) {
			if (i->kind == IK_PHI && !phi_weights_ok(s, i))
				return err_set(s->err, s->errlen,
					       "b%d: phi uid %d: a source of "
					       "another class or wider than "
					       "the definition",
					       bb->id, i->uid);
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->loc.kind != LOC_NONE &&
				    !memonly_use_marked(o))
					return err_set(
						s->err, s->errlen,
						"uid %d: operand %d already "
						"has a location",
						i->uid, k);
				if (o->kind != OK_PSEUDO || o->reg >= np)
					continue;
				if (!note_memonly(s, i, o))
					return false;
				if ((o->flags & OF_DEF) && !note_def(s, i, o, b))
					return false;
				if ((o->flags & OF_DEF) &&
				    op_reads(fn, o) && i->kind != IK_PHI)
					s->pinned[o->reg] = 1;
			}
		}
	}
	return memonly_facts(s);
}

/* ------------------------------------------------------------------ */
/* webs: phis and their sources, joined; a web may live in one slot when
 * no two of its members are ever live at once, all are pseudos of one
 * class and no two phis of one block belong to it. */

static int uf_find(int *uf, int x)
{
	while (uf[x] != x) {
		uf[x] = uf[uf[x]];
		x = uf[x];
	}
	return x;
}

static void uf_union(int *uf, int x, int y)
{
	x = uf_find(uf, x);
	y = uf_find(uf, y);
	if (x != y)
		uf[x < y ? y : x] = x < y ? x : y;
}

typedef struct Webs {
	int *uf;
	uint8_t *bad;  /* per root */
	int *size;     /* per root: members */
	int *cnt;      /* per root: members in the live set */
} Webs;

/* Joins every phi of a reachable block with its pseudo sources; marks
 * bad the webs with a constant or hard-register source. */
static void web_unions(Sp *s, Webs *w, uint8_t *direct_bad)
{
	Fn *fn = s->fn;
	for (int b = 0; b < fn->nblk; b++) {
		if (!cfg_reachable(s->cfg, b))
			continue;
		for (Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
		     i = i->next) {
			const Op *d = &i->ops[0];
			if (d->kind != OK_PSEUDO || s->cls[d->reg] < 0)
				continue;
			for (int k = 1; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (!cfg_reachable(s->cfg, o->from))
					continue;
				if (o->kind == OK_PSEUDO && is_pseudo(s, o->reg) &&
				    s->cls[o->reg] == s->cls[d->reg])
					uf_union(w->uf, d->reg, o->reg);
				else
					direct_bad[d->reg] = 1;
			}
		}
	}
}

/* Live-set changes that keep each web's count of live members. */
static void web_add(Sp *s, Webs *w, LiveSet *ls, int v)
{
	if (v < 0 || lset_has(ls, v))
		return;
	lset_add(ls, v);
	if (is_pseudo(s, v))
		w->cnt[uf_find(w->uf, v)]++;
}

static void web_del(Sp *s, Webs *w, LiveSet *ls, int v)
{
	if (v < 0 || !lset_has(ls, v))
		return;
	lset_del(ls, v);
	if (is_pseudo(s, v))
		w->cnt[uf_find(w->uf, v)]--;
}

/* Marks bad the web of pseudo v when another member is live (ls holds
 * the values live right after v's definition). */
static void web_check_def(Sp *s, Webs *w, const LiveSet *ls, int v)
{
	if (!is_pseudo(s, v))
		return;
	int r = uf_find(w->uf, v);
	if (w->size[r] > 1 && w->cnt[r] - (lset_has(ls, v) ? 1 : 0) > 0)
		w->bad[r] = 1;
}

/* Walks block b backwards (lv: the liveness to use) looking for two
 * members of a web live at once, and two phis of b in one web. */
static void web_block(Sp *s, const Live *lv, Webs *w, LiveSet *ls, int b)
{
	const Fn *fn = s->fn;
	const Blk *bb = fn->blk[b];
	lset_clear(ls);
	for (int k = 0; k < lv->nout[b]; k++)
		web_add(s, w, ls, lv->out[b][k]);
	for (const Ins *i = bb->last; i && i->kind != IK_PHI; i = i->prev) {
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				web_check_def(s, w, ls, live_value(fn, &i->ops[k]));
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				web_del(s, w, ls, live_value(fn, &i->ops[k]));
		for (RegSet c = i->clobbers; c; c &= c - 1)
			web_del(s, w, ls, fn->npseudo + regset_first(c));
		for (int k = 0; k < i->nops; k++)
			if (op_reads(fn, &i->ops[k]))
				web_add(s, w, ls, live_value(fn, &i->ops[k]));
	}
	int g = new_gen(s);
	for (const Ins *i = bb->first; i && i->kind == IK_PHI; i = i->next) {
		int v = live_value(fn, &i->ops[0]);
		if (!is_pseudo(s, v))
			continue;
		web_check_def(s, w, ls, v);
		int r = uf_find(w->uf, v);
		if (s->mark[r] == g)
			w->bad[r] = 1;
		s->mark[r] = g;
	}
	for (int k = 0; k < ls->n; k++)
		if (is_pseudo(s, ls->dense[k]))
			w->cnt[uf_find(w->uf, ls->dense[k])]--;
}

/* Sets (on) or clears the mark of every memory-only use (LOC_SLOT, -1,
 * which hides it from liveness). */
static void memonly_marks(Sp *s, bool on)
{
	for (int j = 0; j < s->memins.n; j++) {
		Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++) {
			Op *o = &i->ops[k];
			if ((o->flags & OF_MEMONLY) && !(o->flags & OF_DEF))
				o->loc = on ? (Loc){LOC_SLOT, -1}
					    : (Loc){LOC_NONE, 0};
		}
	}
}

/* Fills memcap for every phi definition. */
static void phi_webs(Sp *s)
{
	int np = s->npseudo0;
	Webs w;
	w.uf = ARENA_NEW(s->a, int, np + 1);
	w.bad = ARENA_NEW(s->a, uint8_t, np + 1);
	w.size = ARENA_NEW(s->a, int, np + 1);
	w.cnt = ARENA_NEW(s->a, int, np + 1);
	uint8_t *direct = ARENA_NEW(s->a, uint8_t, np + 1);
	for (int p = 0; p < np; p++)
		w.uf[p] = p;
	web_unions(s, &w, direct);
	for (int p = 0; p < np; p++) {
		int r = uf_find(w.uf, p);
		w.size[r]++;
		w.bad[r] |= direct[p];
	}
	LiveSet ls;
	lset_init(&ls, s->a, s->nval);
	/* a memory-only read reads the value's slot: for the webs (values
	 * sharing one slot) it counts as a read, so the walk and its
	 * liveness see those operands unmarked (restored after) */
	bool unmark = s->memins.n > 0;
	const Live *lv = s->lv;
	if (unmark) {
		memonly_marks(s, false);
		lv = live_compute(s->fn, s->cfg);
	}
	for (int b = 0; b < s->fn->nblk; b++)
		if (cfg_reachable(s->cfg, b))
			web_block(s, lv, &w, &ls, b);
	if (unmark)
		memonly_marks(s, true);
	s->memcap = ARENA_NEW(s->a, uint8_t, np + 1);
	for (int p = 0; p < np; p++)
		s->memcap[p] = s->isphi[p] && s->cls[p] >= 0 &&
			       !w.bad[uf_find(w.uf, p)];
}

/* ------------------------------------------------------------------ */
/* loops: the values read in each loop (a read by a phi counts at the end
 * of the predecessor) and each loop's register pressure. */

/* Appends the values read in block b (deduplicated with stamp g) to x. */
static void block_reads(Sp *s, int b, int g, IVec *x)
{
	const Fn *fn = s->fn;
	const Blk *bb = fn->blk[b];
	for (const Ins *i = bb->first; i; i = i->next) {
		if (i->kind == IK_PHI)
			continue;
		for (int k = 0; k < i->nops; k++) {
			int v = live_value(fn, &i->ops[k]);
			if (v >= 0 && op_reads(fn, &i->ops[k]) &&
			    s->mark[v] != g) {
				s->mark[v] = g;
				iv_push(s, x, v);
			}
		}
	}
	for (int e = 0; e < bb->nsucc; e++) {
		const Blk *sb = fn->blk[bb->succ[e].blk];
		for (const Ins *i = sb->first; i && i->kind == IK_PHI; i = i->next)
			for (int k = 1; k < i->nops; k++) {
				int v = live_value(fn, &i->ops[k]);
				if (v >= 0 && i->ops[k].from == b && s->mark[v] != g) {
					s->mark[v] = g;
					iv_push(s, x, v);
				}
			}
	}
}

/* A live set with its weight per class, for block_pressure. */
typedef struct PSet {
	const Sp *s;
	LiveSet *ls;
	int w[RC_NALLOC];
} PSet;

static void ps_add(PSet *x, int v)
{
	if (v < 0 || lset_has(x->ls, v))
		return;
	lset_add(x->ls, v);
	if (x->s->cls[v] >= 0)
		x->w[x->s->cls[v]] += x->s->wt[v];
}

static void ps_del(PSet *x, int v)
{
	if (v < 0 || !lset_has(x->ls, v))
		return;
	lset_del(x->ls, v);
	if (x->s->cls[v] >= 0)
		x->w[x->s->cls[v]] -= x->s->wt[v];
}

/* p[c] := max(p[c], weight of the set + i's definitions (early ones only
 * when early) not in it, each value once). */
static void ps_point(Sp *s, PSet *x, const Ins *i, bool early,
		     int p[RC_NALLOC])
{
	int extra[RC_NALLOC] = {0}, g = new_gen(s);
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		int v = live_value(s->fn, o);
		if (!(o->flags & OF_DEF) || (early && !(o->flags & OF_EARLY)) ||
		    v < 0 || s->cls[v] < 0 || lset_has(x->ls, v) ||
		    s->mark[v] == g)
			continue;
		s->mark[v] = g;
		extra[s->cls[v]] += s->wt[v];
	}
	for (int c = 0; c < RC_NALLOC; c++)
		if (x->w[c] + extra[c] > p[c])
			p[c] = x->w[c] + extra[c];
}

/* Maximum pressure per class over the points of block b (pressure.h's
 * points), into p. */
static void block_pressure(Sp *s, LiveSet *ls, int b, int p[RC_NALLOC])
{
	const Fn *fn = s->fn;
	PSet x = {.s = s, .ls = ls};
	lset_clear(ls);
	for (int k = 0; k < s->lv->nout[b]; k++)
		ps_add(&x, s->lv->out[b][k]);
	for (int c = 0; c < RC_NALLOC; c++)
		p[c] = x.w[c];
	const Ins *i;
	for (i = fn->blk[b]->last; i && i->kind != IK_PHI; i = i->prev) {
		ps_point(s, &x, i, false, p);
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				ps_del(&x, live_value(fn, &i->ops[k]));
		for (RegSet c = i->clobbers; c; c &= c - 1)
			ps_del(&x, fn->npseudo + regset_first(c));
		for (int k = 0; k < i->nops; k++)
			if (op_reads(fn, &i->ops[k]))
				ps_add(&x, live_value(fn, &i->ops[k]));
		ps_point(s, &x, i, true, p);
	}
	for (; i; i = i->prev)
		ps_add(&x, live_value(fn, &i->ops[0]));
	for (int c = 0; c < RC_NALLOC; c++)
		if (x.w[c] > p[c])
			p[c] = x.w[c];
}

/* Each loop's pressure: the maximum over its blocks, inner loops
 * included (children have larger numbers than their parents). */
static void loop_pressures(Sp *s)
{
	const Loops *lp = s->lp;
	LiveSet ls;
	lset_init(&ls, s->a, s->nval);
	for (int b = 0; b < s->fn->nblk; b++) {
		int l = lp->innermost[b];
		if (l < 0 || !cfg_reachable(s->cfg, b))
			continue;
		int p[RC_NALLOC];
		block_pressure(s, &ls, b, p);
		for (int c = 0; c < RC_NALLOC; c++)
			if (p[c] > s->lpress[l * RC_NALLOC + c])
				s->lpress[l * RC_NALLOC + c] = p[c];
	}
	for (int l = lp->nloop - 1; l >= 0; l--) {
		int m = lp->parent[l];
		for (int c = 0; m >= 0 && c < RC_NALLOC; c++)
			if (s->lpress[l * RC_NALLOC + c] >
			    s->lpress[m * RC_NALLOC + c])
				s->lpress[m * RC_NALLOC + c] =
					s->lpress[l * RC_NALLOC + c];
	}
}

/* The values read in each loop: its own blocks' reads plus its inner
 * loops' (children first), deduplicated. */
static void loop_reads(Sp *s)
{
	const Loops *lp = s->lp;
	int nl = lp->nloop;
	IVec *blocks = ARENA_NEW(s->a, IVec, nl + 1);
	IVec *kids = ARENA_NEW(s->a, IVec, nl + 1);
	for (int b = 0; b < s->fn->nblk; b++)
		if (lp->innermost[b] >= 0 && cfg_reachable(s->cfg, b))
			iv_push(s, &blocks[lp->innermost[b]], b);
	for (int l = 0; l < nl; l++)
		if (lp->parent[l] >= 0)
			iv_push(s, &kids[lp->parent[l]], l);
	for (int l = nl - 1; l >= 0; l--) {
		IVec x = {0};
		int g = new_gen(s);
		for (int j = 0; j < blocks[l].n; j++)
			block_reads(s, blocks[l].v[j], g, &x);
		for (int j = 0; j < kids[l].n; j++) {
			int m = kids[l].v[j];
			for (int q = 0; q < s->nlused[m]; q++) {
				int v = s->lused[m][q];
				if (s->mark[v] != g) {
					s->mark[v] = g;
					iv_push(s, &x, v);
				}
			}
		}
		s->lused[l] = x.v;
		s->nlused[l] = x.n;
	}
}

/* Fills lused/nlused and lpress for every loop. */
static void loop_facts(Sp *s)
{
	int nl = s->lp->nloop;
	s->lused = ARENA_NEW(s->a, int *, nl + 1);
	s->nlused = ARENA_NEW(s->a, int, nl + 1);
	s->lpress = ARENA_NEW(s->a, int, (nl + 1) * RC_NALLOC);
	if (nl == 0)
		return;
	loop_pressures(s);
	loop_reads(s);
}

/* ------------------------------------------------------------------ */
/* the working set */

static void w_add(Sp *s, int v, NuDist time, int spilled, int fresh, int ent)
{
	s->wpos[v] = s->nw;
	s->w[s->nw++] = (WEnt){.v = v, .time = time, .spilled = (uint8_t)spilled,
			       .fresh = (uint8_t)fresh, .ent = ent};
	s->wweight[s->cls[v]] += s->wt[v];
	if (is_pseudo(s, v) && s->wt[v] == 2)
		s->wwide[s->cls[v]]++;
}

static void w_del(Sp *s, int j)
{
	int v = s->w[j].v;
	s->wweight[s->cls[v]] -= s->wt[v];
	if (is_pseudo(s, v) && s->wt[v] == 2)
		s->wwide[s->cls[v]]--;
	s->wpos[v] = -1;
	s->w[j] = s->w[--s->nw];
	if (j < s->nw)
		s->wpos[s->w[j].v] = j;
}

static void w_clear(Sp *s)
{
	while (s->nw > 0)
		w_del(s, s->nw - 1);
}

static WEnt *w_get(Sp *s, int v)
{
	return s->wpos[v] >= 0 ? &s->w[s->wpos[v]] : NULL;
}

/* Records a spill of v before instruction at of block b. */
static void record_spill(Sp *s, int v, int b, Ins *at, int succ)
{
	pv_push(s, &s->spills, (Place){.v = v, .blk = b, .succ = succ, .at = at});
}

static void record_reload(Sp *s, int v, int b, Ins *at, int succ)
{
	pv_push(s, &s->reloads, (Place){.v = v, .blk = b, .succ = succ, .at = at});
}

/* Takes entry j out of the registers before instruction at of block b:
 * a value unread since the entry is no longer wanted at the entry (no
 * spill: the predecessors' edges put it in memory); otherwise a spill is
 * recorded unless it is in memory already or dead. */
static void evict(Sp *s, int j, int b, Ins *at)
{
	WEnt e = s->w[j];
	SetEnt *ent = e.ent >= 0 ? &s->went[b].e[e.ent] : NULL;
	bool trim = e.fresh && ent && (!ent->phi || s->memcap[e.v]);
	if (trim) {
		ent->dropped = 1;
		if (ent->phi)
			s->memphi[e.v] = 1;
	} else if (e.time != NU_INF && !e.spilled) {
		record_spill(s, e.v, b, at, -1);
	}
	w_del(s, j);
}

/* Eviction key: farther next use first, recomputable values earlier. */
static NuDist evict_key(const Sp *s, const WEnt *e)
{
	return s->remat[e->v] ? nu_add(e->time, REMAT_BONUS) : e->time;
}

/* The entry of class c to evict among those not protected (mark != g),
 * when only_live, whose next use is known, and when wide_only, that are
 * register pairs: the farthest; -1 if none. */
static int pick_victim(Sp *s, int c, int g, bool only_live, bool wide_only)
{
	int best = -1;
	NuDist bk = 0;
	for (int j = 0; j < s->nw; j++) {
		const WEnt *e = &s->w[j];
		if (s->cls[e->v] != c || !evictable(s, e->v) ||
		    s->mark[e->v] == g || (only_live && e->time == NU_INF) ||
		    (wide_only && s->wt[e->v] != 2))
			continue;
		NuDist key = evict_key(s, e);
		if (best < 0 || key > bk || (key == bk && e->v > s->w[best].v)) {
			best = j;
			bk = key;
		}
	}
	return best;
}

/* The registers of class c held by the hard-register values in w. */
static RegSet w_held(const Sp *s, int c)
{
	int r0 = s->nval - TGT_NREGS;
	RegSet h = 0;
	for (int j = 0; j < s->nw; j++) {
		int v = s->w[j].v;
		if (s->cls[v] == c && v >= r0)
			h |= RS_BIT(v - r0);
	}
	return h & s->regs[c];
}

/* Whether the pairs in w plus needw more exceed the disjoint pairs left
 * by the hard-register values in w and the registers needheld: k
 * registers hold k/2 pairs only when no fixed register splits them
 * ({ax dx cx bx si di} less dx and si: no pair at all). */
static bool pairs_short(const Sp *s, int c, int needw, RegSet needheld)
{
	if (s->wwide[c] + needw == 0)
		return false;
	RegSet f = s->regs[c] & ~(w_held(s, c) | needheld);
	return s->wwide[c] + needw > regset_pair_count(f);
}

/* Evicts values of class c (not marked g) before instruction at until
 * need more registers fit, needw of them pairs and needheld hard
 * registers (the pairs counted as regset_pair_count allows); false if they
 * cannot. */
static bool make_room(Sp *s, int c, int need, int needw, RegSet needheld,
		      int g, int b, Ins *at)
{
	for (;;) {
		bool over = s->wweight[c] + need > s->k[c];
		if (!over && !pairs_short(s, c, needw, needheld))
			return true;
		int j = pick_victim(s, c, g, false, !over);
		if (j < 0)
			return false;
		evict(s, j, b, at);
	}
}

/* ------------------------------------------------------------------ */
/* decide: block entry sets */

struct Cand {
	int v;
	NuDist time;
	uint8_t phi, forced, spilled, delayed, out, avail_all, taken;
	int avail;
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

/* Sorts c[0..n-1] by cand_before: insertion sort for the usual short
 * lists, qsort for long ones. */
static void cand_sort(Cand *c, int n)
{
	if (n > 32) {
		qsort(c, (size_t)n, sizeof *c, cand_cmp);
		return;
	}
	for (int i = 1; i < n; i++) {
		Cand x = c[i];
		int j = i;
		for (; j > 0 && cand_before(&x, &c[j - 1]); j--)
			c[j] = c[j - 1];
		c[j] = x;
	}
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
		c[n++] = (Cand){.v = v, .time = nuscan_time(&s->scan, v),
				.forced = (uint8_t)!evictable(s, v),
				.spilled = (uint8_t)(is_pseudo(s, v) &&
						     free_to_drop(s, v))};
	}
	for (Ins *i = s->fn->blk[b]->first; i && i->kind == IK_PHI; i = i->next) {
		int v = live_value(s->fn, &i->ops[0]);
		if (v < 0 || s->cls[v] < 0)
			continue;
		c[n++] = (Cand){.v = v, .time = nuscan_time(&s->scan, v),
				.phi = 1,
				.forced = (uint8_t)(!evictable(s, v) ||
						    !s->memcap[v])};
	}
	return n;
}

/* Counts, for each candidate, the processed predecessors that have it
 * (or, for a phi, its source) in registers at their end, and ORs their
 * spilled state into the candidate's.  Returns whether all reachable
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
		w_add(s, c->v, c->time, x->e[ent].spilled, 1, ent);
}

/* Whether candidate c fits the room left (a pair also among the
 * disjoint pairs the values taken leave, pairs_short). */
static bool fits(const Sp *s, const EntrySel *x, const Cand *c)
{
	int cl = s->cls[c->v];
	if (s->wt[c->v] > x->room[cl])
		return false;
	return !(is_pseudo(s, c->v) && s->wt[c->v] == 2 &&
		 pairs_short(s, cl, 1, 0));
}

/* A zeroed candidate buffer big enough for block b (reused). */
static Cand *cand_buffer(Sp *s, int b)
{
	int maxc = s->lv->nin[b] + 1;
	for (Ins *i = s->fn->blk[b]->first; i && i->kind == IK_PHI; i = i->next)
		maxc++;
	if (maxc > s->candcap) {
		s->candcap = 2 * maxc;
		s->cand = ARENA_NEW(s->a, Cand, s->candcap);
	}
	memset(s->cand, 0, sizeof *s->cand * (size_t)maxc);
	return s->cand;
}

/* Marks the candidates that wait for room left by the loop (at a loop
 * header: not read in the loop) and those no processed predecessor has
 * in registers (elsewhere, when all predecessors are processed: better
 * reloaded once in b than on every edge). */
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
		else if (allknown && c[j].avail == 0)
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
	int g = 0;
	for (int j = 0; j < s->ban_blk.n; j++)
		if (s->ban_blk.v[j] == b) {
			if (!g)
				g = new_gen(s);
			s->mark[s->ban_val.v[j]] = g;
		}
	if (!g)
		return;
	for (int j = 0; j < n; j++)
		if (!c[j].forced && s->mark[c[j].v] == g) {
			c[j].out = 1;
			c[j].delayed = 0;
		}
}

/* Chooses b's entry set (Braun and Hack's init_usual / init_loop_header,
 * with libFirm's refinements) and puts it in the registers; the phis left
 * out become memory phis. */
static bool choose_entry(Sp *s, int b)
{
	w_clear(s);
	EntrySel x = {.c = cand_buffer(s, b)};
	x.n = entry_cands(s, b, x.c);
	bool allknown = entry_avail(s, b, x.c, x.n);
	classify(s, b, x.c, x.n, allknown);
	apply_bans(s, b, x.c, x.n);
	cand_sort(x.c, x.n);
	x.e = ARENA_NEW(s->a, SetEnt, x.n + 1);
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
			s->memphi[x.c[j].v] = 1;
	s->went[b] = (BSet){.n = x.ne, .e = x.e};
	return true;
}

/* ------------------------------------------------------------------ */
/* decide: the walk */

/* The reads of instruction i whose values weigh in a class, distinct,
 * marked with stamp g; returns how many. */
static int ins_reads(Sp *s, const Ins *i, int g, int *u)
{
	int n = 0;
	for (int k = 0; k < i->nops; k++) {
		int v = live_value(s->fn, &i->ops[k]);
		if (v < 0 || s->cls[v] < 0 || !op_reads(s->fn, &i->ops[k]) ||
		    s->mark[v] == g)
			continue;
		s->mark[v] = g;
		u[n++] = v;
	}
	return n;
}

/* The definitions of i whose values weigh in a class, distinct (stamp
 * g2 on mark2), early ones only when early; with the operand index of
 * each in o.  A memory-only definition takes no register: its value is
 * born in its slot. */
static int ins_defs(Sp *s, const Ins *i, int g2, bool early, int *d, int *o)
{
	int n = 0;
	for (int k = 0; k < i->nops; k++) {
		const Op *op = &i->ops[k];
		int v = live_value(s->fn, op);
		if (v < 0 || s->cls[v] < 0 || !(op->flags & OF_DEF) ||
		    (op->flags & OF_MEMONLY) ||
		    (early && !(op->flags & OF_EARLY)) || s->mark2[v] == g2)
			continue;
		s->mark2[v] = g2;
		d[n] = v;
		o[n++] = k;
	}
	return n;
}

/* Whether early-clobber def operand k of i is tied to a read of a
 * register value: that value dies at i (constr_prepare), so the def
 * takes its registers and needs none more before i. */
static bool early_shares(const Sp *s, const Ins *i, int k)
{
	int t = constr_tie_partner(i, k);
	return t >= 0 && live_value(s->fn, &i->ops[t]) >= 0 &&
	       op_reads(s->fn, &i->ops[t]);
}

/* The failure of step 1 at i in b for class c (make_room could not
 * find need more registers), naming what holds the k registers: the
 * hard-register values living there (in core order), the other values
 * that cannot leave them (pinned), and i's own operands (marked g) with
 * need. */
static bool room_fail(Sp *s, int b, const Ins *i, int c, int need, int g)
{
	char hard[200] = "";
	size_t hl = 0;
	int npin = 0, nops = need;
	RegSet hr = 0;
	for (int j = 0; j < s->nw; j++) {
		int v = s->w[j].v, r = v - (s->nval - TGT_NREGS);
		if (s->cls[v] != c)
			continue;
		if (s->mark[v] == g)
			nops += s->wt[v];
		else if (!is_pseudo(s, v) && r >= 0 && r < TGT_NREGS)
			hr |= RS_BIT(r);
		else
			npin += s->wt[v];
	}
	for (int r = 0; r < TGT_NREGS; r++) {
		if (!RS_HAS(hr, r))
			continue;
		int n = snprintf(hard + hl, sizeof hard - hl, " %%%s",
				 s->t->regs[r].name);
		if (n > 0 && (size_t)n < sizeof hard - hl)
			hl += (size_t)n;
	}
	return err_set(s->err, s->errlen,
		       "b%d uid %d: its operands and the precoloured values "
		       "around it need more than %d %s registers at once "
		       "(hard-register values:%s; values that cannot leave "
		       "their registers: %d; its operands: %d)",
		       s->fn->blk[b]->id, i->uid, s->k[c], s->t->class_name[c],
		       hl ? hard : " none", npin, nops);
}

/* Adds value v to the registers wanted: its weight to need, a pair to
 * needw, a hard register to held. */
static void need_add(const Sp *s, int v, int need[RC_NALLOC],
		     int needw[RC_NALLOC], RegSet *held)
{
	int c = s->cls[v], r0 = s->nval - TGT_NREGS;
	need[c] += s->wt[v];
	if (is_pseudo(s, v) && s->wt[v] == 2)
		needw[c]++;
	else if (v >= r0)
		*held |= RS_BIT(v - r0);
}

/* Step 1: the reads of i in registers, reloading what is missing, room
 * made for them and i's early-clobber definitions. */
static bool step_reads(Sp *s, int b, Ins *i, int t, int g, int *u, int nu)
{
	int need[RC_NALLOC] = {0}, needw[RC_NALLOC] = {0};
	RegSet held = 0;
	for (int j = 0; j < nu; j++)
		if (s->wpos[u[j]] < 0)
			need_add(s, u[j], need, needw, &held);
	int d[i->nops + 1], o[i->nops + 1];
	int nd = ins_defs(s, i, ++s->gen2, true, d, o);
	for (int j = 0; j < nd; j++)
		if (s->wpos[d[j]] < 0 && s->mark[d[j]] != g &&
		    !early_shares(s, i, o[j]))
			need_add(s, d[j], need, needw, &held);
	for (int c = 0; c < RC_NALLOC; c++)
		if (!make_room(s, c, need[c], needw[c], held, g, b, i))
			return room_fail(s, b, i, c, need[c], g);
	for (int j = 0; j < nu; j++) {
		WEnt *e = w_get(s, u[j]);
		if (e) {
			e->fresh = 0;
			continue;
		}
		if (evictable(s, u[j]))
			record_reload(s, u[j], b, i, -1);
		w_add(s, u[j], (NuDist)t, 1, 0, -1);
	}
	return true;
}

/* Step 2: at an instruction clobbering registers of class c, the values
 * living through it must fit in the registers it leaves alone and that
 * no hard-register value holds there: its reads (a call's arguments, even
 * in registers it preserves) and the hard-register values living
 * through it. */
static bool step_clobbers(Sp *s, int b, Ins *i)
{
	if (!i->clobbers)
		return true;
	int r0 = s->nval - TGT_NREGS;
	for (int c = 0; c < RC_NALLOC; c++) {
		if (!(i->clobbers & s->regs[c]))
			continue;
		RegSet keep = s->regs[c] & ~i->clobbers;
		RegSet held = ins_hard_reads(s->fn, i) & keep;
		int live = 0, wide = 0;
		for (int j = 0; j < s->nw; j++) {
			int v = s->w[j].v;
			if (s->cls[v] != c || s->w[j].time == NU_INF)
				continue;
			if (is_pseudo(s, v)) {
				live += s->wt[v];
				wide += s->wt[v] == 2;
			} else if (v >= r0) {
				held |= RS_BIT(v - r0) & keep;
			}
		}
		int cap = regset_count(keep & ~held);
		int pcap = regset_pair_count(keep & ~held);
		while (live > cap || wide > pcap) {
			int j = pick_victim(s, c, -1, true, live <= cap);
			if (j < 0)
				return err_set(
					s->err, s->errlen,
					"b%d uid %d: more precoloured %s "
					"values live through it than the "
					"%d registers it preserves",
					s->fn->blk[b]->id, i->uid,
					s->t->class_name[c], cap);
			live -= s->wt[s->w[j].v];
			wide -= s->wt[s->w[j].v] == 2;
			evict(s, j, b, i);
		}
	}
	return true;
}

/* Step 3: the definitions of i (nd values d, from operands o) and the
 * registers it clobbers that are read later take registers after it;
 * room is made by evicting the values whose next use is farthest. */
static bool step_defs(Sp *s, int b, Ins *i, int t, const NuDist *nxt,
		      const int *d, const int *o, int nd)
{
	int need[RC_NALLOC] = {0}, needw[RC_NALLOC] = {0};
	RegSet held = 0;
	for (int j = 0; j < nd; j++)
		need_add(s, d[j], need, needw, &held);
	const NuScan *sc = &s->scan;
	int c0 = s->clobpos;
	while (s->clobpos >= 0 && sc->clob_t[s->clobpos] == t) {
		int v = sc->clob_v[s->clobpos--];
		if (s->cls[v] >= 0)
			need_add(s, v, need, needw, &held);
	}
	for (int c = 0; c < RC_NALLOC; c++) {
		if (make_room(s, c, need[c], needw[c], held, -1, b, i))
			continue;
		if (s->wweight[c] + need[c] <= s->k[c])
			return err_set(
				s->err, s->errlen,
				"b%d uid %d: its definitions and the "
				"precoloured values live after it need "
				"%d %s register pairs, the hard-register "
				"values leave %d",
				s->fn->blk[b]->id, i->uid,
				s->wwide[c] + needw[c], s->t->class_name[c],
				regset_pair_count(s->regs[c] &
						  ~(w_held(s, c) | held)));
		return err_set(s->err, s->errlen,
			       "b%d uid %d: its definitions and the "
			       "precoloured values live after it need "
			       "more than %d %s registers",
			       s->fn->blk[b]->id, i->uid, s->k[c],
			       s->t->class_name[c]);
	}
	for (int j = 0; j < nd; j++)
		if (nxt[o[j]] != NU_INF)
			w_add(s, d[j], nxt[o[j]],
			      is_pseudo(s, d[j]) && s->remat[d[j]], 0, -1);
	for (int q = c0; q > s->clobpos; q--) {
		int v = sc->clob_v[q];
		if (s->cls[v] >= 0 && s->wpos[v] < 0)
			w_add(s, v, sc->clob_next[q], 0, 0, -1);
	}
	return true;
}

/* One non-phi instruction i (time t) of block b; nxt: next-use times of
 * its operands.  Reads in registers (step 1), the next uses updated,
 * the values it redefines or clobbers out, the values living through a
 * clobbering instruction limited (step 2), the dead ones out, room for
 * the definitions (step 3). */
static bool step(Sp *s, int b, Ins *i, int t, const NuDist *nxt)
{
	int u[i->nops + 1], g = new_gen(s);
	int nu = ins_reads(s, i, g, u);
	if (!step_reads(s, b, i, t, g, u, nu))
		return false;
	for (int k = 0; k < i->nops; k++) {
		int v = live_value(s->fn, &i->ops[k]);
		if (v >= 0 && op_reads(s->fn, &i->ops[k]) && s->wpos[v] >= 0)
			s->w[s->wpos[v]].time = nxt[k];
	}
	int d[i->nops + 1], o[i->nops + 1];
	int nd = ins_defs(s, i, ++s->gen2, false, d, o);
	for (int j = 0; j < nd; j++)
		if (s->wpos[d[j]] >= 0)
			w_del(s, s->wpos[d[j]]);
	for (RegSet c = i->clobbers; c; c &= c - 1) {
		int v = s->fn->npseudo + regset_first(c);
		if (s->wpos[v] >= 0)
			w_del(s, s->wpos[v]);
	}
	if (!step_clobbers(s, b, i))
		return false;
	for (int j = s->nw - 1; j >= 0; j--)
		if (s->w[j].time == NU_INF)
			w_del(s, j);
	return step_defs(s, b, i, t, nxt, d, o, nd);
}

/* Decides block b: entry set, walk, exit set. */
static bool decide_block(Sp *s, int b)
{
	Blk *bb = s->fn->blk[b];
	int nops = nu_block_nops(bb);
	if (nops + 1 > s->nxtcap) {
		s->nxtcap = 2 * (nops + 1);
		s->nxt = ARENA_NEW(s->a, NuDist, s->nxtcap);
	}
	nuscan_block(s->fn, s->nu, b, &s->scan, s->nxt);
	s->clobpos = s->scan.nclob - 1;
	if (!choose_entry(s, b))
		return false;
	int t = 0, k = 0;
	for (Ins *i = bb->first; i; i = i->next) {
		if (i->kind == IK_PHI)
			continue;
		if (!step(s, b, i, t, s->nxt + k))
			return false;
		k += i->nops;
		t++;
	}
	SetEnt *e = ARENA_NEW(s->a, SetEnt, s->nw + 1);
	for (int j = 0; j < s->nw; j++)
		e[j] = (SetEnt){.v = s->w[j].v, .spilled = s->w[j].spilled};
	s->wexit[b] = (BSet){.n = s->nw, .e = e};
	s->done[b] = 1;
	return true;
}

/* ------------------------------------------------------------------ */
/* couple: the edges */

/* The index in B's predecessors of edge P -> B, P's k-th successor. */
static int pred_index(const Fn *fn, int P, int k)
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
			record_spill(s, v, P, NULL, k);
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
		record_spill(s, a, P, NULL, k);
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
		record_reload(s, v, P, NULL, k);
	}
}

/* All edges between processed blocks. */
static void couple(Sp *s)
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
			int pi = pred_index(fn, P, k);
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

/* need: values reloaded (not rematerialized) or in a memory-only
 * operand, and transitively the sources of needed memory phis;
 * rematerializable sources of needed memory phis are spilled at their
 * definition. */
static void find_needs(Sp *s)
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

/* Whether the last instruction of block b lets code go before it at the
 * block's end: not a branch, or a branch touching no register value. */
static bool end_ok(const Sp *s, const Blk *b)
{
	const Ins *i = b->last;
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

/* Where the code of edge P -> (P's k-th successor) goes. */
static int edge_where(const Sp *s, int P, int k)
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
	switch (edge_where(s, P, k)) {
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

/* Spills of the values that need memory: at their definition (marked in
 * defspill) or at their recorded places (kept in s->spills); the others
 * are dropped from s->spills.  A value read by a memory-only operand is
 * spilled at its definition (so its slot holds it wherever it is
 * read); one defined by a memory-only operand needs no spill at all. */
static bool place_spills(Sp *s)
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

/* ------------------------------------------------------------------ */
/* insert */

static Op pseudo_op(int p, int flags)
{
	return (Op){.kind = OK_PSEUDO, .flags = (uint8_t)flags, .reg = p,
		    .tie = -1, .from = -1};
}

static Op slot_op(int p, int flags)
{
	Op o = pseudo_op(p, flags);
	o.loc = (Loc){LOC_SLOT, -1};
	return o;
}

/* A new pseudo carrying v's value. */
static int new_version(Sp *s, int v)
{
	const Pseudo *ps = &s->fn->pseudo[v];
	int p = fn_new_pseudo(s->fn, ps->cls, ps->size);
	while (s->copy_of.n < p - s->npseudo0)
		iv_push(s, &s->copy_of, -1);
	iv_push(s, &s->copy_of, v);
	return p;
}

/* `spill =v @slot, v`. */
static Ins *make_spill(Sp *s, int v)
{
	Ins *i = ins_new(s->fn, IK_SPILL, 2);
	i->ops[0] = slot_op(v, OF_DEF);
	i->ops[1] = pseudo_op(v, OF_USE);
	insv_push(s, &s->newins, i);
	return i;
}

/* `reload =v', v @slot`, or `remat =v', CONSTS` for a rematerializable
 * v; the new version is recorded with its block b. */
static Ins *make_reload(Sp *s, int v, int b)
{
	int p = new_version(s, v);
	iv_push(s, &s->verval, v);
	iv_push(s, &s->verblk, b);
	Ins *i;
	if (s->remat[v]) {
		const Ins *d = s->def[v];
		int nc = 0;
		for (int k = 0; k < d->nops; k++)
			nc += op_is_const(&d->ops[k]);
		i = ins_new(s->fn, IK_REMAT, 1 + nc);
		i->name = d->name;
		i->ops[0] = pseudo_op(p, OF_DEF);
		nc = 1;
		for (int k = 0; k < d->nops; k++)
			if (op_is_const(&d->ops[k])) {
				Op o = d->ops[k];
				o.flags = OF_USE;
				o.tie = -1;
				o.allowed = 0;
				o.sub_off = o.sub_size = 0;
				i->ops[nc++] = o;
			}
		return i;
	}
	i = ins_new(s->fn, IK_RELOAD, 2);
	i->ops[0] = pseudo_op(p, OF_DEF);
	i->ops[1] = slot_op(v, OF_USE);
	insv_push(s, &s->newins, i);
	return i;
}

/* Spills and reloads inside blocks, and spills after definitions. */
static void insert_in_blocks(Sp *s)
{
	Fn *fn = s->fn;
	for (int j = 0; j < s->spills.n; j++) {
		const Place *x = &s->spills.p[j];
		if (x->at)
			ins_insert_before(fn->blk[x->blk], x->at,
					  make_spill(s, x->v));
	}
	for (int j = 0; j < s->reloads.n; j++) {
		const Place *x = &s->reloads.p[j];
		if (x->at)
			ins_insert_before(fn->blk[x->blk], x->at,
					  make_reload(s, x->v, x->blk));
	}
	for (int v = 0; v < s->npseudo0; v++) {
		if (!s->defspill[v])
			continue;
		Blk *b = fn->blk[s->defblk[v]];
		Ins *d = s->def[v];
		if (d->kind == IK_PHI)
			while (d->next && d->next->kind == IK_PHI)
				d = d->next;
		ins_insert_after(b, d, make_spill(s, v));
	}
}

/* Edge code, grouped per edge: the spills, then the reloads. */
typedef struct EdgeCode {
	int *off;   /* per block: index of its first edge */
	int *head;  /* per edge: first action (index into act), -1 */
	int *tail;
	int *next;  /* per action */
	int nact;
} EdgeCode;

/* Inserts one edge's actions at the place where says, in block b, before
 * instruction at (NULL: at the end). */
static void emit_edge(Sp *s, const EdgeCode *ec, int e, Blk *b, Ins *at)
{
	for (int pass = 0; pass < 2; pass++)
		for (int j = ec->head[e]; j >= 0; j = ec->next[j]) {
			bool spill = j < s->spills.n;
			if (spill != (pass == 0))
				continue;
			const Place *x = spill ? &s->spills.p[j]
					       : &s->reloads.p[j - s->spills.n];
			Ins *i = spill ? make_spill(s, x->v)
				       : make_reload(s, x->v, b->idx);
			ins_insert_before(b, at, i);
		}
}

/* Links the edge actions into per-edge lists. */
static void edge_lists(Sp *s, EdgeCode *ec)
{
	Fn *fn = s->fn;
	int ne = 0;
	ec->off = ARENA_NEW(s->a, int, fn->nblk + 1);
	for (int b = 0; b < fn->nblk; b++) {
		ec->off[b] = ne;
		ne += fn->blk[b]->nsucc;
	}
	ec->head = ARENA_NEW(s->a, int, ne + 1);
	ec->tail = ARENA_NEW(s->a, int, ne + 1);
	for (int e = 0; e < ne; e++)
		ec->head[e] = ec->tail[e] = -1;
	ec->nact = s->spills.n + s->reloads.n;
	ec->next = ARENA_NEW(s->a, int, ec->nact + 1);
	for (int j = 0; j < ec->nact; j++) {
		const Place *x = j < s->spills.n ? &s->spills.p[j]
						 : &s->reloads.p[j - s->spills.n];
		ec->next[j] = -1;
		if (x->at)
			continue;
		int e = ec->off[x->blk] + x->succ;
		if (ec->tail[e] >= 0)
			ec->next[ec->tail[e]] = j;
		else
			ec->head[e] = j;
		ec->tail[e] = j;
	}
}

/* Puts every edge's code at the end of its source, the start of its
 * target, or a new block on the edge (all splits at once). */
static bool insert_on_edges(Sp *s)
{
	Fn *fn = s->fn;
	EdgeCode ec;
	edge_lists(s, &ec);
	int nblk = fn->nblk, nsplit = 0;
	int *sfrom = ARENA_NEW(s->a, int, ec.nact + 1);
	int *sk = ARENA_NEW(s->a, int, ec.nact + 1);
	for (int P = 0; P < nblk; P++)
		for (int k = 0; k < fn->blk[P]->nsucc; k++) {
			int e = ec.off[P] + k;
			if (ec.head[e] < 0)
				continue;
			Blk *p = fn->blk[P];
			Blk *b = fn->blk[p->succ[k].blk];
			switch (edge_where(s, P, k)) {
			case AT_END:
				emit_edge(s, &ec, e, p,
					  p->last && p->last->kind == IK_BRANCH
						  ? p->last
						  : NULL);
				break;
			case AT_START:
				emit_edge(s, &ec, e, b, b->first);
				break;
			case AT_SPLIT:
				sfrom[nsplit] = P;
				sk[nsplit++] = k;
				break;
			default:
				return err_set(
					s->err, s->errlen,
					"b%d -> b%d: spill code needed on "
					"an abnormal critical edge",
					p->id, b->id);
			}
		}
	Blk **nb = ARENA_NEW(s->a, Blk *, nsplit + 1);
	cfg_split_edges(fn, sfrom, sk, nsplit, nb);
	for (int j = 0; j < nsplit; j++)
		emit_edge(s, &ec, ec.off[sfrom[j]] + sk[j], nb[j], NULL);
	s->st.splits = nsplit;
	return true;
}

/* Memory phis: every operand in the (virtual) slot; unneeded ones go. */
static void settle_memphis(Sp *s, InsVec *memphis)
{
	for (int p = 0; p < s->npseudo0; p++) {
		if (!s->memphi[p])
			continue;
		Ins *i = s->def[p];
		Blk *b = s->fn->blk[s->defblk[p]];
		if (!s->need[p]) {
			ins_remove(b, i);
			continue;
		}
		for (int k = 0; k < i->nops; k++)
			i->ops[k].loc = (Loc){LOC_SLOT, -1};
		insv_push(s, memphis, i);
		s->st.memphis++;
	}
}

/* ------------------------------------------------------------------ */
/* rebuild: SSA reconstruction */

/* Whether v is in registers at b's entry (a live-in of b's entry set). */
static bool in_entry_regs(const Sp *s, int b, int v)
{
	if (b >= s->nblk0 || !s->done[b])
		return false;
	const BSet *e = &s->went[b];
	for (int q = 0; q < e->n; q++)
		if (e->e[q].v == v && !e->e[q].phi && !e->e[q].dropped)
			return true;
	return false;
}

/* A new phi for v at the start of b, sources all v (renamed later). */
static void add_phi(Sp *s, Blk *b, int v, uint8_t **isnew, int *cap)
{
	Ins *i = ins_new(s->fn, IK_PHI, 1 + b->npred);
	int p = new_version(s, v);
	i->ops[0] = pseudo_op(p, OF_DEF);
	for (int q = 0; q < b->npred; q++) {
		i->ops[1 + q] = pseudo_op(v, OF_USE);
		i->ops[1 + q].from = b->pred[q];
	}
	ins_insert_after(b, NULL, i);
	if (p >= *cap) {
		int nc = 2 * p + 16;
		*isnew = arena_grow(s->a, *isnew, (size_t)*cap, (size_t)nc);
		*cap = nc;
	}
	(*isnew)[p] = 1;
	s->st.newphis++;
}

/* The blocks where each input pseudo gets versions, bucketed by pseudo:
 * blks[start[v] .. start[v+1]-1]. */
static int *version_blocks(Sp *s, int **startp)
{
	int np = s->npseudo0;
	int *start = ARENA_NEW(s->a, int, np + 2);
	for (int j = 0; j < s->verval.n; j++)
		start[s->verval.v[j] + 1]++;
	for (int v = 0; v < np; v++)
		start[v + 1] += start[v];
	int *blks = ARENA_NEW(s->a, int, s->verval.n + 1);
	int *fill = ARENA_NEW(s->a, int, np + 1);
	memcpy(fill, start, sizeof(int) * (size_t)np);
	for (int j = 0; j < s->verval.n; j++)
		blks[fill[s->verval.v[j]]++] = s->verblk.v[j];
	*startp = start;
	return blks;
}

/* Places phis for every value with versions: the iterated dominance
 * frontier of its definition blocks (the entry for an undefined value),
 * where it is in registers at the entry. */
static void place_phis(Sp *s, const Cfg *cfg, const DomFrontier *df, uint8_t **isnew,
		       int *cap)
{
	Fn *fn = s->fn;
	int n = fn->nblk, *start;
	int *blks = version_blocks(s, &start);
	int *onwork = ARENA_NEW(s->a, int, n + 1), *inidf = ARENA_NEW(s->a, int, n + 1);
	int *work = ARENA_NEW(s->a, int, n + 1);
	for (int b = 0; b < n; b++)
		onwork[b] = inidf[b] = -1;
	for (int v = 0; v < s->npseudo0; v++) {
		if (start[v] == start[v + 1])
			continue;
		int sp = 0, d = s->defblk[v] >= 0 ? s->defblk[v] : fn->entry;
		onwork[d] = v;
		work[sp++] = d;
		for (int j = start[v]; j < start[v + 1]; j++)
			if (onwork[blks[j]] != v) {
				onwork[blks[j]] = v;
				work[sp++] = blks[j];
			}
		while (sp > 0) {
			int x = work[--sp];
			for (int q = df->start[x];
			     cfg_reachable(cfg, x) && q < df->start[x + 1]; q++) {
				int y = df->blk[q];
				if (inidf[y] == v)
					continue;
				inidf[y] = v;
				if (in_entry_regs(s, y, v))
					add_phi(s, fn->blk[y], v, isnew, cap);
				if (onwork[y] != v) {
					onwork[y] = v;
					work[sp++] = y;
				}
			}
		}
	}
}

/* Renames the reads of b's instructions and of its successors' phis to the
 * current versions (top), pushing the versions b defines on the undo log. */
static void rename_block(Sp *s, Blk *b, int *top, IVec *undo,
			 const uint8_t *isnew, int isnewcap)
{
	Fn *fn = s->fn;
	for (Ins *i = b->first; i; i = i->next) {
		if (i->kind != IK_PHI) {
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->kind == OK_PSEUDO && o->loc.kind != LOC_SLOT &&
				    !(o->flags & OF_DEF) && o->reg < s->npseudo0 &&
				    s->renamed[o->reg])
					o->reg = top[o->reg];
			}
		}
		if (!i->nops || !(i->ops[0].flags & OF_DEF) ||
		    i->ops[0].kind != OK_PSEUDO || i->ops[0].loc.kind == LOC_SLOT)
			continue;
		int p = i->ops[0].reg;
		bool version = (i->kind == IK_RELOAD || i->kind == IK_REMAT) &&
			       i->uid == 0;
		if (i->kind == IK_PHI)
			version = p < isnewcap && isnew[p];
		if (!version || p < s->npseudo0)
			continue;
		int v = s->copy_of.v[p - s->npseudo0];
		iv_push(s, undo, v);
		iv_push(s, undo, top[v]);
		top[v] = p;
	}
	for (int e = 0; e < b->nsucc; e++)
		for (Ins *i = fn->blk[b->succ[e].blk]->first; i && i->kind == IK_PHI;
		     i = i->next)
			for (int k = 1; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->from == b->idx && o->kind == OK_PSEUDO &&
				    o->loc.kind != LOC_SLOT && o->reg < s->npseudo0 &&
				    s->renamed[o->reg])
					o->reg = top[o->reg];
			}
}

/* Walks the dominator tree (explicit stack), renaming. */
static void rename_all(Sp *s, const DomTree *dom, const uint8_t *isnew,
		       int isnewcap)
{
	Fn *fn = s->fn;
	int *top = ARENA_NEW(s->a, int, fn->npseudo + 1);
	for (int v = 0; v < fn->npseudo; v++)
		top[v] = v;
	IVec undo = {0}, stk = {0};
	iv_push(s, &stk, fn->entry);
	while (stk.n > 0) {
		int x = stk.v[--stk.n];
		if (x < 0) { /* exit: undo to the saved mark */
			int mark = stk.v[--stk.n];
			while (undo.n > mark) {
				int old = undo.v[--undo.n];
				int v = undo.v[--undo.n];
				top[v] = old;
			}
			continue;
		}
		iv_push(s, &stk, undo.n);
		iv_push(s, &stk, -1);
		rename_block(s, fn->blk[x], top, &undo, isnew, isnewcap);
		for (int c = dom->nchild[x] - 1; c >= 0; c--)
			iv_push(s, &stk, dom->child[dom->cstart[x] + c]);
	}
}

/* Removes the new phis whose definition nothing reads. */
static void drop_dead_phis(Sp *s, const uint8_t *isnew, int isnewcap)
{
	Fn *fn = s->fn;
	int np = fn->npseudo;
	int *uses = ARENA_NEW(s->a, int, np + 1);
	Ins **phi = ARENA_NEW(s->a, Ins *, np + 1);
	int *pblk = ARENA_NEW(s->a, int, np + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind == OK_PSEUDO && !(o->flags & OF_DEF) &&
				    o->loc.kind != LOC_SLOT)
					uses[o->reg]++;
			}
			if (i->kind == IK_PHI && i->ops[0].reg < isnewcap &&
			    isnew[i->ops[0].reg]) {
				phi[i->ops[0].reg] = i;
				pblk[i->ops[0].reg] = b;
			}
		}
	IVec work = {0};
	for (int p = 0; p < np; p++)
		if (phi[p] && uses[p] == 0)
			iv_push(s, &work, p);
	while (work.n > 0) {
		int p = work.v[--work.n];
		Ins *i = phi[p];
		if (!i)
			continue;
		phi[p] = NULL;
		ins_remove(fn->blk[pblk[p]], i);
		s->st.newphis--;
		for (int k = 1; k < i->nops; k++) {
			int a = i->ops[k].reg;
			if (i->ops[k].kind == OK_PSEUDO && --uses[a] == 0 && phi[a])
				iv_push(s, &work, a);
		}
	}
}

static void rebuild_ssa(Sp *s, Cfg *cfg, DomTree *dom)
{
	s->renamed = ARENA_NEW(s->a, uint8_t, s->npseudo0 + 1);
	for (int j = 0; j < s->verval.n; j++)
		s->renamed[s->verval.v[j]] = 1;
	DomFrontier df;
	dom_frontiers(s->fn, cfg, dom, s->a, &df);
	int cap = s->fn->npseudo + 16;
	uint8_t *isnew = ARENA_NEW(s->a, uint8_t, cap);
	place_phis(s, cfg, &df, &isnew, &cap);
	rename_all(s, dom, isnew, cap);
	drop_dead_phis(s, isnew, cap);
}

/* ------------------------------------------------------------------ */
/* slots */

/* Joins (uf) the two versions of a partial memory-only def: the old
 * one, read by the memory-only use tied to the def (alloc.c,
 * memonly_mark_uses), and the new one, which the def writes in place: a
 * part of the old version's slot is rewritten, the rest is kept, so both
 * must be one slot. */
static void memonly_rmw_unions(Sp *s, int *uf)
{
	for (int j = 0; j < s->memins.n; j++) {
		const Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++) {
			const Op *o = &i->ops[k];
			if (!(o->flags & OF_MEMONLY) || (o->flags & OF_DEF) ||
			    o->tie < 0 || o->tie >= i->nops)
				continue;
			const Op *d = &i->ops[o->tie];
			if (o->kind == OK_PSEUDO && d->kind == OK_PSEUDO &&
			    is_pseudo(s, o->reg) && is_pseudo(s, d->reg))
				uf_union(uf, o->reg, d->reg);
		}
	}
}

/* Virtual slots: one per memory phi web member group (a memory phi with
 * its sources), one per other value kept in memory; locations set on the
 * new spills, reloads, memory phis and memory-only operands; then
 * slots.c. */
static void assign_slots(Sp *s, const InsVec *memphis, Cfg *cfg,
			 DomTree *dom, int *slot_of_val)
{
	int np = s->npseudo0;
	int *uf = ARENA_NEW(s->a, int, np + 1), *vs = ARENA_NEW(s->a, int, np + 1);
	for (int p = 0; p < np; p++) {
		uf[p] = p;
		vs[p] = -1;
	}
	for (int j = 0; j < memphis->n; j++) {
		const Ins *i = memphis->v[j];
		for (int k = 1; k < i->nops; k++)
			if (i->ops[k].kind == OK_PSEUDO && is_pseudo(s, i->ops[k].reg))
				uf_union(uf, i->ops[0].reg, i->ops[k].reg);
	}
	memonly_rmw_unions(s, uf);
	int nvs = 0;
	int *vsize = ARENA_NEW(s->a, int, np + 1);
	for (int p = 0; p < np; p++) {
		if (!s->need[p])
			continue;
		int r = uf_find(uf, p);
		if (vs[r] < 0)
			vs[r] = nvs++;
		if (s->fn->pseudo[p].size > vsize[vs[r]])
			vsize[vs[r]] = s->fn->pseudo[p].size;
	}
	for (int j = 0; j < s->newins.n; j++) {
		Ins *i = s->newins.v[j];
		Op *o = i->kind == IK_SPILL ? &i->ops[0] : &i->ops[1];
		o->loc.num = vs[uf_find(uf, o->reg)];
	}
	for (int j = 0; j < memphis->n; j++) {
		Ins *i = memphis->v[j];
		int v = vs[uf_find(uf, i->ops[0].reg)];
		for (int k = 0; k < i->nops; k++)
			i->ops[k].loc.num = v;
	}
	for (int j = 0; j < s->memins.n; j++) {
		Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++) {
			Op *o = &i->ops[k];
			if (o->loc.kind == LOC_SLOT && o->loc.num < 0 &&
			    o->kind == OK_PSEUDO && is_pseudo(s, o->reg))
				o->loc = (Loc){LOC_SLOT,
					       vs[uf_find(uf, o->reg)]};
		}
	}
	SlotAssign sa;
	slots_assign(s->fn, cfg, dom, nvs, vsize, &sa);
	s->st.slots = sa.nslot;
	s->st.bytes = sa.bytes;
	for (int p = 0; p < np; p++)
		slot_of_val[p] = s->need[p] ? sa.slot_of[vs[uf_find(uf, p)]] : -1;
}

/* ------------------------------------------------------------------ */
/* the driver */

void spill_opts_init(SpillOpts *o, const Fn *fn, int nregs)
{
	for (int c = 0; c < RC_NALLOC; c++) {
		RegSet all = target_allocatable(fn->target, c, fn->frame_pointer);
		RegSet s = 0;
		int n = 0;
		for (int r = 0; r < TGT_NREGS; r++)
			if (RS_HAS(all, r) && (nregs <= 0 || n < nregs)) {
				s |= RS_BIT(r);
				n++;
			}
		o->regs[c] = s;
	}
}

/* Analyses of the input. */
static bool analyse(Sp *s)
{
	Fn *fn = s->fn;
	s->cfg = cfg_build(fn);
	s->dom = dom_build(fn, s->cfg);
	s->lp = loops_find(fn, s->cfg, s->dom);
	s->lv = live_compute(fn, s->cfg);
	s->nblk0 = fn->nblk;
	s->npseudo0 = fn->npseudo;
	s->nval = live_nval(fn);
	for (int r = 0; r < s->cfg->nrpo; r++)
		if (fn->blk[s->cfg->rpo[r]]->freq > 0)
			s->profile = true;
	value_classes(s);
	s->mark = ARENA_NEW(s->a, int, s->nval + 1);
	s->mark2 = ARENA_NEW(s->a, int, s->nval + 1);
	s->flag = ARENA_NEW(s->a, uint8_t, s->nval + 1);
	if (!collect_facts(s))
		return false;
	s->nu = nextuse_compute(fn, s->cfg, s->lv, s->lp, s->a);
	phi_webs(s);
	loop_facts(s);
	return true;
}

/* The value that must be in registers at the end of B's pi-th predecessor
 * for entry e of B's entry set: e's value, or for a phi its source from
 * there; -1 when none. */
static int entry_source(Sp *s, int B, int pi, const SetEnt *e)
{
	int v = e->v;
	if (!e->phi)
		return v;
	const Ins *i = is_pseudo(s, v) ? s->def[v] : NULL;
	for (i = i ? i : s->fn->blk[B]->first;
	     i && live_value(s->fn, &i->ops[0]) != v; i = i->next)
		;
	return i ? live_value(s->fn, &i->ops[1 + pi]) : -1;
}

/* Whether (B, v) is banned already. */
static bool banned(const Sp *s, int B, int v)
{
	for (int j = 0; j < s->ban_blk.n; j++)
		if (s->ban_blk.v[j] == B && s->ban_val.v[j] == v)
			return true;
	return false;
}

/* Bans from B's entry set every value an abnormal edge P -> B would have
 * to reload (in B's entry set, or the source of a phi in it, and not in
 * registers at P's end): no code can go on such an edge, and a reload
 * before P's last instruction would add pressure there.  Out of the
 * entry set the value is in memory at B's entry; a banned phi becomes a
 * memory phi.  (A spill the edge still needs, of a value in registers at
 * P's end, fails in insert_on_edges.)  Returns the number of
 * new bans (a value banned before and still there could not leave the
 * registers: the edge then fails as before). */
static int ban_abnormal(Sp *s)
{
	Fn *fn = s->fn;
	int added = 0;
	for (int P = 0; P < fn->nblk; P++) {
		if (!s->done[P])
			continue;
		for (int k = 0; k < fn->blk[P]->nsucc; k++) {
			int B = fn->blk[P]->succ[k].blk;
			if (!s->done[B] || edge_where(s, P, k) != AT_NONE)
				continue;
			int pi = pred_index(fn, P, k), g = new_gen(s);
			const BSet *x = &s->wexit[P];
			for (int q = 0; q < x->n; q++)
				s->mark[x->e[q].v] = g;
			const BSet *e = &s->went[B];
			for (int q = 0; q < e->n; q++) {
				if (e->e[q].dropped)
					continue;
				int a = entry_source(s, B, pi, &e->e[q]);
				if (a < 0 || !evictable(s, a) || s->mark[a] == g ||
				    banned(s, B, e->e[q].v))
					continue;
				iv_push(s, &s->ban_blk, B);
				iv_push(s, &s->ban_val, e->e[q].v);
				added++;
			}
		}
	}
	return added;
}

/* Decides every reachable block in reverse post-order. */
static bool decide(Sp *s)
{
	int n = s->fn->nblk, np = s->npseudo0;
	s->went = ARENA_NEW(s->a, BSet, n + 1);
	s->wexit = ARENA_NEW(s->a, BSet, n + 1);
	s->done = ARENA_NEW(s->a, uint8_t, n + 1);
	/* a fresh, empty working set (decide runs again after new bans:
	 * nothing of the last run's may stay, its weights included) */
	s->w = ARENA_NEW(s->a, WEnt, s->nval + 1);
	s->wpos = ARENA_NEW(s->a, int, s->nval + 1);
	for (int v = 0; v < s->nval; v++)
		s->wpos[v] = -1;
	s->nw = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		s->wweight[c] = s->wwide[c] = 0;
	s->memphi = ARENA_NEW(s->a, uint8_t, np + 1);
	s->need = ARENA_NEW(s->a, uint8_t, np + 1);
	s->defspill = ARENA_NEW(s->a, uint8_t, np + 1);
	nuscan_init(&s->scan, s->fn, s->a);
	for (int r = 0; r < s->cfg->nrpo; r++)
		if (!decide_block(s, s->cfg->rpo[r]))
			return false;
	return true;
}

/* decide, again with the new bans while ban_abnormal finds some (at most
 * 8 rounds). */
static bool decide_banned(Sp *s)
{
	for (int round = 0;; round++) {
		s->spills.n = s->reloads.n = 0;
		if (!decide(s))
			return false;
		if (round == 8 || ban_abnormal(s) == 0)
			return true;
	}
}

/* Statistics from the inserted instructions. */
static void count_inserted(Sp *s)
{
	Fn *fn = s->fn;
	double ef = fn->nblk ? fn->blk[fn->entry]->freq : 0;
	for (int b = 0; b < fn->nblk; b++) {
		double w = ef > 0 ? fn->blk[b]->freq / ef : 1;
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind == IK_SPILL) {
				s->st.spills++;
				s->st.w_spills += w;
			} else if (i->kind == IK_RELOAD) {
				s->st.reloads++;
				s->st.w_reloads += w;
			} else if (i->kind == IK_REMAT) {
				s->st.remats++;
				s->st.w_remats += w;
			}
		}
	}
}

/* The result arrays, in fn->arena. */
static void fill_result(Sp *s, const int *slot_of_val, SpillResult *res)
{
	Fn *fn = s->fn;
	res->npseudo = fn->npseudo;
	res->copy_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
	res->slot_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
	for (int p = 0; p < fn->npseudo; p++) {
		int c = p >= s->npseudo0 && p - s->npseudo0 < s->copy_of.n
				? s->copy_of.v[p - s->npseudo0]
				: -1;
		res->copy_of[p] = c;
		int o = c >= 0 ? c : p;
		res->slot_of[p] = o < s->npseudo0 ? slot_of_val[o] : -1;
	}
	res->stats = s->st;
}

/* Whether operand k of i may read its value from a stack slot instead of
 * the register a reload would fill: a whole-value use that admits memory
 * (OF_MEM), tied to nothing, in an ordinary instruction with no other
 * operand in memory (x86: one memory operand). */
static bool slot_readable(const Ins *i, int k)
{
	const Op *o = &i->ops[k];
	if (i->kind != IK_ORD || o->kind != OK_PSEUDO ||
	    (o->flags & (OF_USE | OF_DEF | OF_EARLY | OF_MEM | OF_MEMONLY)) !=
		    (OF_USE | OF_MEM) ||
	    o->sub_size || constr_tie_partner(i, k) >= 0)
		return false;
	for (int m = 0; m < i->nops; m++)
		if (m != k && (i->ops[m].loc.kind == LOC_SLOT ||
			       (i->ops[m].flags & OF_MEMONLY)))
			return false;
	return true;
}

/* A reload whose new version has one read, later in the same block, by
 * an operand that may be memory (slot_readable) goes: that operand reads
 * the value's slot directly (numbered by assign_slots, with the
 * memory-only operands).  The slot holds the value there: it did at the
 * reload, and only spills of the same value or memory phis (at block
 * entries) write a virtual slot.  Pressure only drops. */
static void fold_mem_reloads(Sp *s)
{
	Fn *fn = s->fn;
	int *uses = ARENA_NEW(s->a, int, fn->npseudo + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind == OK_PSEUDO && !(o->flags & OF_DEF) &&
				    o->reg < fn->npseudo)
					uses[o->reg]++;
			}
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		for (Ins *r = bb->first, *next; r; r = next) {
			next = r->next;
			if (r->kind != IK_RELOAD || r->uid != 0 ||
			    uses[r->ops[0].reg] != 1)
				continue;
			int v = r->ops[0].reg;
			Ins *i = r->next;
			int k = -1;
			for (; i && k < 0; i = k < 0 ? i->next : i)
				for (int m = 0; m < i->nops && k < 0; m++)
					if (i->ops[m].kind == OK_PSEUDO &&
					    i->ops[m].reg == v)
						k = m;
			if (k < 0 || !slot_readable(i, k))
				continue;
			i->ops[k].reg = r->ops[1].reg;
			i->ops[k].loc = (Loc){LOC_SLOT, -1};
			insv_push(s, &s->memins, i);
			ins_remove(bb, r);
			s->st.folded++;
		}
	}
}

/* Memory-only definitions become slot operands (their slot numbered by
 * assign_slots): from here on, no register value. */
static void mark_memonly_defs(Sp *s)
{
	for (int j = 0; j < s->memins.n; j++) {
		Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++)
			if ((i->ops[k].flags & OF_MEMONLY) &&
			    (i->ops[k].flags & OF_DEF))
				i->ops[k].loc = (Loc){LOC_SLOT, -1};
	}
}

/* Everything after the decisions. */
static bool transform(Sp *s, SpillResult *res)
{
	couple(s);
	find_needs(s);
	if (!place_spills(s))
		return false;
	insert_in_blocks(s);
	if (!insert_on_edges(s))
		return false;
	mark_memonly_defs(s);
	InsVec memphis = {0};
	settle_memphis(s, &memphis);
	Cfg *cfg = cfg_build(s->fn);
	DomTree *dom = dom_build(s->fn, cfg);
	rebuild_ssa(s, cfg, dom);
	fold_mem_reloads(s);
	int *slot_of_val = ARENA_NEW(s->a, int, s->npseudo0 + 1);
	assign_slots(s, &memphis, cfg, dom, slot_of_val);
	count_inserted(s);
	fill_result(s, slot_of_val, res);
	return true;
}

bool spill_fn(Fn *fn, const SpillOpts *opts, SpillResult *res, char *err,
	      size_t errlen)
{
	Sp s = {.fn = fn, .t = fn->target, .err = err, .errlen = errlen};
	memset(res, 0, sizeof *res);
	if (fn->unsupported)
		return err_set(s.err, s.errlen, "unsupported function: %s",
			       fn->unsupported);
	for (int c = 0; c < RC_NALLOC; c++) {
		s.regs[c] = opts->regs[c];
		s.k[c] = regset_count(opts->regs[c]);
	}
	if (fn->nblk == 0) {
		res->npseudo = fn->npseudo;
		res->copy_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
		res->slot_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
		for (int p = 0; p < fn->npseudo; p++)
			res->copy_of[p] = res->slot_of[p] = -1;
		return true;
	}
	s.a = arena_new();
	bool ok = analyse(&s) && decide_banned(&s) && transform(&s, res);
	arena_free(s.a);
	return ok;
}
