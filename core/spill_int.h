/* spill_int.h - the spiller's internal state and the interfaces between
 * its phases (spill.c, spill_facts.c, spill_entry.c, spill_place.c,
 * spill_insert.c, spill_ssa.c).  Not for use outside the spiller. */
#ifndef SSARA_SPILL_INT_H
#define SSARA_SPILL_INT_H

#include "spill.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "constraints.h"
#include "dom.h"
#include "err.h"
#include "liveness.h"
#include "loops.h"
#include "nextuse.h"
#include "pressure.h"

/* Rematerializable values look this much farther away when choosing
 * whom to evict: they cost a remat, not a store and a load.  A few
 * instructions only: a value read by the next instruction is not worth
 * a remat when another value is read much later. */
enum { REMAT_BONUS = 20 };

/* A read that may take its value's slot (spill_slot_readable) counts
 * as a read this much later in the next-use distances: a value read
 * only so is evicted before one that a register must hold, and its
 * eviction costs a spill at most.  As far as REMAT_BONUS: measured on
 * libiberty and zlib (bench/RESULTS.md), 200 spills more at 7
 * registers, 0 fewer moves. */
enum { MEMREAD_DELAY = 20 };

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

/* A block's scan (nuscan_block), kept for every decide: next-use times
 * of its operands (nxt), of its entry set's candidates (etime: its
 * live-in values, then its phis' definitions, in order), and the
 * clobbered registers read again (the NuScan clob_* lists). */
typedef struct BScan {
	NuDist *nxt, *etime;
	int nclob;
	int *clob_t, *clob_v;
	NuDist *clob_next;
} BScan;

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
	int t; /* with at: at's time in blk (non-phi instructions counted) */
	uint8_t mem; /* a reload whose read takes the slot itself (the tied
			input of an in-memory read-modify-write): no code */
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

	const Cfg *cfg;     /* fn's, until edges are split */
	const DomTree *dom;
	Loops *lp;
	Live *lv;
	NextUse *nu;
	int nblk0, npseudo0, nval;
	bool profile; /* some reachable block has a frequency */
	bool abnormal; /* some edge is abnormal (EF_ABNORMAL) */

	/* per value (pseudos, then hard registers) */
	int8_t *cls;     /* allocatable class it weighs in, or -1 */
	unsigned clsmask; /* bit c: some value weighs in class c */
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
	/* read-modify-writes the walk does in memory (sp_rmw_*): the
	 * instruction, its definition operand; rmwdef per value so
	 * defined (born in its slot, as memdef) */
	InsVec rmwins;
	IVec rmwk;
	uint8_t *rmwdef;

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
	unsigned wmask;       /* bit c: wweight[c] > 0 */

	/* per value scratch stamps */
	int *mark, *mark2;
	int gen, gen2;
	uint8_t *flag; /* scratch bits valid where mark[v] == gen */

	NuScan scan;
	BScan *bscan; /* per block, nxt NULL until scanned */
	const BScan *cur; /* the block being decided */
	int clobpos; /* next entry of scan.clob_* for the walk (backwards) */
	int curt;    /* the walk's current instruction time */
	struct Cand *cand; /* entry candidates (scratch, reused) */
	int candcap;

	PVec spills, reloads;
	/* decide resumes where the bans it has not seen begin (decide in
	 * spill.c): the memphi and rmwdef values it set, in order; per RPO
	 * position, the lengths of its logs when that block began; the bans
	 * the last decide saw (-1: none ran yet) */
	IVec memphi_log, rmwdef_log;
	struct DecChk *chk;
	int dec_nban;
	/* per block: its last decisions and what they depended on, for a
	 * later decide to reuse (spill.c; NULL when no later decide can
	 * run); the memphi values the walk of the current block read, as
	 * pairs (value, memphi) */
	struct BMemo *memo;
	IVec mpread;
	/* entry-set bans: value ban_val.v[j] may not be in registers at the
	 * entry of block ban_blk.v[j] (an abnormal in-edge, where no reload
	 * can go, does not have it in registers) */
	IVec ban_blk, ban_val;
	/* the bans of each block as a chain through ban_next, newest first:
	 * ban_head[b] (NULL until the first ban, then -1 where none) */
	IVec ban_next;
	int *ban_head;
	/* insertion results */
	InsVec newins;  /* spills and reloads created, for their slots */
	IVec verval, verblk; /* versions: original value, block */
	IVec copy_of;   /* per new pseudo (from npseudo0) */
	uint8_t *renamed;
	/* per pseudo of the function after sp_rebuild_ssa: the reads of
	 * each version it made (from npseudo0 on) */
	int *veruses;

	SpillStats st;
} Sp;

/* Appends p to x (grown in the scratch arena). */
static inline void pv_push(Sp *s, PVec *x, Place p)
{
	if (x->n == x->cap) {
		int cap = x->cap ? 2 * x->cap : 64;
		x->p = arena_grow(s->a, x->p, sizeof(Place) * (size_t)x->cap,
				  sizeof(Place) * (size_t)cap);
		x->cap = cap;
	}
	x->p[x->n++] = p;
}

/* Appends e to x (grown in the scratch arena). */
static inline void iv_push(Sp *s, IVec *x, int e)
{
	if (x->n == x->cap) {
		int cap = x->cap ? 2 * x->cap : 64;
		x->v = arena_grow(s->a, x->v, sizeof(int) * (size_t)x->cap,
				  sizeof(int) * (size_t)cap);
		x->cap = cap;
	}
	x->v[x->n++] = e;
}

/* Appends e to x (grown in the scratch arena). */
static inline void insv_push(Sp *s, InsVec *x, Ins *e)
{
	if (x->n == x->cap) {
		int cap = x->cap ? 2 * x->cap : 64;
		x->v = arena_grow(s->a, x->v, sizeof(Ins *) * (size_t)x->cap,
				  sizeof(Ins *) * (size_t)cap);
		x->cap = cap;
	}
	x->v[x->n++] = e;
}

/* Whether value v is a pseudo of the input (not a hard register, not a
 * pseudo the spiller made). */
static inline bool is_pseudo(const Sp *s, int v)
{
	return (unsigned)v < (unsigned)s->npseudo0; /* one test */
}

/* Whether v may leave the registers. */
static inline bool evictable(const Sp *s, int v)
{
	return is_pseudo(s, v) && !s->pinned[v];
}

/* Whether v, once in registers, is also in memory or recomputable, so
 * that leaving the registers needs no store. */
static inline bool free_to_drop(const Sp *s, int v)
{
	return s->remat[v] || s->defblk[v] < 0;
}

/* The cost of executing one instruction in block b. */
static inline double blk_cost(const Sp *s, int b)
{
	if (s->profile)
		return (double)s->fn->blk[b]->freq;
	double c = 1;
	for (int d = 0; d < s->lp->depth[b] && d < 8; d++)
		c *= 10;
	return c;
}

/* Keeps phi definition v in memory (memphi), logged for decide. */
static inline void sp_set_memphi(Sp *s, int v)
{
	if (!s->memphi[v]) {
		s->memphi[v] = 1;
		iv_push(s, &s->memphi_log, v);
	}
}

/* A fresh stamp for the per-value marks (mark[v] == gen: marked). */
static inline int new_gen(Sp *s)
{
	return ++s->gen;
}


/* ---- spill.c ---- */

/* Puts v in the working set (the registers) with next use time and the
 * given state; its class's weight grows by v's. */
void sp_w_add(Sp *s, int v, NuDist time, int spilled, int fresh, int ent);

/* Empties the working set. */
void sp_w_clear(Sp *s);

/* Records a spill of v before instruction at of block b. */
void sp_record_spill(Sp *s, int v, int b, Ins *at, int succ);

/* Records a reload of v before instruction at of block b, or on the
 * edge to b's succ-th successor (at NULL). */
void sp_record_reload(Sp *s, int v, int b, Ins *at, int succ);

/* Whether the pairs in w plus needw more exceed the disjoint pairs left
 * by the hard-register values in w and the registers needheld: k
 * registers hold k/2 pairs only when no fixed register splits them
 * ({ax dx cx bx si di} less dx and si: no pair at all). */
bool sp_pairs_short(const Sp *s, int c, int needw, RegSet needheld);

/* ---- spill_facts.c ---- */

/* Fills cls/wt for every value (pressure.h's weights). */
void sp_value_classes(Sp *s);

/* Definitions, [remat], pinned values; checks the input's shape. */
bool sp_collect_facts(Sp *s);

/* The representative of x in the union-find forest uf (paths halved). */
int sp_uf_find(int *uf, int x);

/* Joins the sets of x and y in uf; the lower root becomes the root. */
void sp_uf_union(int *uf, int x, int y);

/* Fills memcap for every phi definition. */
void sp_phi_webs(Sp *s);

/* Fills lused/nlused and lpress for every loop. */
void sp_loop_facts(Sp *s);

/* ---- spill_entry.c ---- */

/* Chooses b's entry set (Braun and Hack's init_usual / init_loop_header,
 * with libFirm's refinements) and puts it in the registers; the phis left
 * out become memory phis. */
bool sp_choose_entry(Sp *s, int b);

/* ---- spill_place.c ---- */

/* The index in B's predecessors of edge P -> B, P's k-th successor. */
int sp_pred_index(const Fn *fn, int P, int k);

/* All edges between processed blocks. */
void sp_couple(Sp *s);

/* Drops the recorded spills whose stored value no reload, memory phi
 * or later spill-free path reads: a backward memory liveness per value
 * over the recorded places (sp_drop_dead_spills in spill_place.c). */
void sp_drop_dead_spills(Sp *s);

/* need: values reloaded (not rematerialized) or in a memory-only
 * operand, and transitively the sources of needed memory phis;
 * rematerializable sources of needed memory phis are spilled at their
 * definition. */
void sp_find_needs(Sp *s);

/* Where the code of edge P -> (P's k-th successor) goes. */
int sp_edge_where(const Sp *s, int P, int k);

/* The cost of one instruction on edge (P, k). */
double sp_edge_cost(const Sp *s, int P, int k);

/* Spills of the values that need memory: at their definition (marked in
 * defspill) or at their recorded places (kept in s->spills); the others
 * are dropped from s->spills.  A value read by a memory-only operand is
 * spilled at its definition (so its slot holds it wherever it is
 * read); one defined by a memory-only operand needs no spill at all. */
bool sp_place_spills(Sp *s);

/* ---- spill_insert.c ---- */

/* An operand naming pseudo p with flags, no tie, no location. */
Op sp_pseudo_op(int p, int flags);

/* A new pseudo carrying v's value. */
int sp_new_version(Sp *s, int v);

/* Spills and reloads inside blocks, and spills after definitions. */
void sp_insert_in_blocks(Sp *s);

/* Puts every edge's code at the end of its source, the start of its
 * target, or a new block on the edge (all splits at once). */
bool sp_insert_on_edges(Sp *s);

/* Memory phis: every operand in the (virtual) slot; unneeded ones go. */
void sp_settle_memphis(Sp *s, InsVec *memphis);

/* Virtual slots: one per memory phi web member group (a memory phi with
 * its sources), one per other value kept in memory; locations set on the
 * new spills, reloads, memory phis and memory-only operands; then
 * slots.c. */
void sp_assign_slots(Sp *s, const InsVec *memphis, const Cfg *cfg,
		     const DomTree *dom,
		     int *slot_of_val);

/* ---- spill_ssa.c ---- */

/* SSA form again after the insertion: the versions of the renamed
 * values get phis at the iterated dominance frontier, reads are renamed
 * to the nearest reaching version, phis no one reads go; veruses
 * counts the reads of each version left. */
void sp_rebuild_ssa(Sp *s, const Cfg *cfg, const DomTree *dom);

#endif
