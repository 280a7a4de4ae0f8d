/* colour.c - analysis (admissible registers, interference, affinities)
 * and the dominator-tree colouring (see colour.h). */
#include "colour.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "constraints.h"
#include "dom.h"
#include "liveness.h"

enum { FL_DIES = 1, FL_DEAD = 2 };
enum { IF_EARLY = 1, IF_DEAD = 2 }; /* some operand early, some def dead */

typedef struct CS {
	Fn *fn;
	const Target *t;
	Colour *c;
	const Cfg *cfg;
	const DomTree *dom;
	const Live *lv;
	RegSet all;        /* avail[GPR] | avail[SSE] */
	int mode;          /* ColBias */
	Arena *a;          /* scratch: what the colouring alone uses (the s->
			      tables and temporaries), freed at its end */
	int *cls;          /* COL_BIAS_CLASSES: per pseudo, its class's
			      union-find parent */
	int8_t *ccol;      /* per class root: its colour, -1 unset */
	RegSet *forb;      /* per pseudo: registers it may not take */
	bool *phidead;     /* per pseudo: a phi def not live after the phis */
	uint8_t **flags;   /* per block: per operand of its non-phi
			      instructions, FL_* */
	int **vals;        /* per block: per operand of its non-phi
			      instructions, its live_value */
	int8_t *trk;       /* per value: its class when colouring tracks
			      it (a pseudo it needs), else INT8_MIN */
	int *ea, *eb, ne, ecap;
	int affcap;
	int *astart, *alist; /* per pseudo: its affinities (CSR) */
	int *stamp, tick;
	int occ[TGT_NREGS];  /* pseudos holding each register now */
	RegSet occset;       /* the registers whose occ is not 0 */
	RegSet hard;         /* hard registers (of all) live now */
	RegSet **hafter;     /* per block, per non-phi instruction: the
				hard registers of all live after it */
	uint8_t **iflags;    /* per block, per non-phi instruction: IF_* */
	uint8_t *wc;         /* per value: the class it weighs in */
	int *ww;             /* per value: its weight there (vweight) */
	int *wt;             /* NULL, or when a hard register is in two
				classes' sets: per value v, class cl:
				vweight(v, cl) at wt[v * RC_NALLOC + cl] */
	int lw[RC_NALLOC];   /* the weights of the live set of the walk */
	bool grew;           /* some lw grew since the last point */
	int mlb[RC_NALLOC];  /* where maxlive was first reached */
	const Ins *mli[RC_NALLOC];
	int *tp;             /* the tie partners of one instruction's
				operands (ins_values), room for the most */
	int *bops, *bins;    /* per block: the operands and the number of
				its instructions that are no phis */
	char *err;
	size_t errlen;
} CS;

static void unite(Colour *c, int a, int b)
{
	a = colour_unit(c, a);
	b = colour_unit(c, b);
	if (a == b)
		return;
	if (a < b)
		c->unit[b] = a;
	else
		c->unit[a] = b;
}

/* Points every pseudo straight at its tie unit's representative.  unite
 * makes the smaller of two representatives the parent, so a parent
 * precedes its children and one ascending pass reaches every root.
 * Whether some unit has two members. */
static bool flatten_units(Colour *c)
{
	bool tied = false;
	for (int p = 0; p < c->np; p++) {
		c->unit[p] = c->unit[c->unit[p]];
		tied |= c->unit[p] != p;
	}
	return tied;
}

static int cls_of(const Fn *fn, int p)
{
	return fn->pseudo[p].cls;
}

/* Block weight: its frequency, at least 1. */
static int64_t bweight(const Blk *b)
{
	return b->freq > 0 ? b->freq : 1;
}

/* Registers r..r+w-1 as a set. */
static RegSet span(int r, int w)
{
	if (w == 1)
		return RS_BIT(r);
	RegSet s = 0;
	for (int k = 0; k < w; k++)
		s |= RS_BIT(r + k);
	return s;
}

/* First registers r of m such that r..r+w-1 are all in m. */
static RegSet starts(RegSet m, int w)
{
	RegSet s = m;
	for (int k = 1; k < w; k++)
		s &= m >> k;
	return s;
}

/* Room for twice as many interference edges. */
static void grow_edges(CS *s)
{
	int cap = 2 * s->ecap + 64;
	/* filled in order: the tails need no zeroing */
	s->ea = arena_grow_raw(s->a, s->ea, sizeof(int) * (size_t)s->ecap,
			       sizeof(int) * (size_t)cap);
	s->eb = arena_grow_raw(s->a, s->eb, sizeof(int) * (size_t)s->ecap,
			       sizeof(int) * (size_t)cap);
	s->ecap = cap;
}

/* Records the interference of pseudos a and b. */
static inline void add_edge(CS *s, int a, int b)
{
	if (s->ne == s->ecap)
		grow_edges(s);
	s->ea[s->ne] = a;
	s->eb[s->ne++] = b;
}

static void add_aff(CS *s, int a, int b, int64_t w)
{
	Colour *c = s->c;
	if (c->naff == s->affcap) {
		int cap = 2 * s->affcap + 64;
		c->aff = arena_grow_raw(s->fn->arena, c->aff,
					sizeof(ColAff) * (size_t)s->affcap,
					sizeof(ColAff) * (size_t)cap);
		s->affcap = cap;
	}
	c->aff[c->naff++] = (ColAff){a, b, w, 0, 0, 0};
}

/* Whether some edge from p to b is abnormal. */
static bool abnormal_edge(const Blk *p, const Blk *b)
{
	for (int k = 0; k < p->nsucc; k++)
		if (p->succ[k].blk == b->idx && (p->succ[k].flags & EF_ABNORMAL))
			return true;
	return false;
}

/* The value a copy-like instruction copies into def operand k: the
 * pseudo or hard register it reads, or -1 (not a copy). */
static int copy_src(const Fn *fn, const Ins *i, int k)
{
	if (i->kind != IK_COPY && i->kind != IK_PCOPY)
		return -1;
	if ((k & 1) || k + 1 >= i->nops)
		return -1;
	const Op *d = &i->ops[k], *u = &i->ops[k + 1];
	if (d->sub_size || u->sub_size || !(d->flags & OF_DEF) ||
	    (u->flags & OF_DEF))
		return -1;
	int dc = op_class(fn, d), uc = op_class(fn, u);
	if (dc != uc || dc < 0 || dc >= RC_NALLOC)
		return -1;
	return live_value(fn, u);
}

/* Whether i is the copy constr_prepare gives a tied read whose value sv
 * lives on (L: the values live after i): one pair, inserted, its
 * source live after it.  Its two values hold one value in two registers
 * at the tied instruction whatever the colouring does. */
static bool tie_copy(const Ins *i, const LiveSet *L, int sv)
{
	return i->kind == IK_PCOPY && i->uid == 0 && i->nops == 2 &&
	       sv >= 0 && lset_has(L, sv);
}

/* Whether value v (pseudo or hard register) is a register value of class
 * cls that colouring tracks. */
static bool tracked(const CS *s, int v, int cls)
{
	const Fn *fn = s->fn;
	if (v < fn->npseudo)
		return s->trk[v] == cls;
	return RS_HAS(s->c->avail[cls], v - fn->npseudo);
}

/* Registers value v weighs in class cls at a pressure point. */
static int vweight(const CS *s, int v, int cls)
{
	const Fn *fn = s->fn;
	if (v < fn->npseudo)
		return cls_of(fn, v) == cls ? s->c->width[v] : 0;
	return RS_HAS(s->c->avail[cls], v - fn->npseudo) ? 1 : 0;
}

/* s->lw := the weights of L's values. */
static void weigh_set(CS *s, const LiveSet *L)
{
	s->grew = true;
	for (int cl = 0; cl < RC_NALLOC; cl++)
		s->lw[cl] = 0;
	if (s->wt) {
		for (int cl = 0; cl < RC_NALLOC; cl++)
			for (int k = 0; k < L->n; k++)
				s->lw[cl] +=
					s->wt[L->dense[k] * RC_NALLOC + cl];
		return;
	}
	for (int k = 0; k < L->n; k++)
		s->lw[s->wc[L->dense[k]]] += s->ww[L->dense[k]];
}

/* The weights of every value per class (vweight): value v weighs ww[v]
 * in class wc[v] and nothing elsewhere; when a hard register is in the
 * sets of two classes, s->wt instead (wt[v * RC_NALLOC + cl]).  The
 * pseudos' weights come from init_values (tables of np + TGT_NREGS
 * values, live_nval's count, grown here when nval is larger). */
static void weigh_values(CS *s, int nval)
{
	const Fn *fn = s->fn;
	int np = fn->npseudo;
	size_t have = (size_t)(np + TGT_NREGS + 1);
	if ((size_t)nval + 1 > have) {
		/* more values than init_values sized for: its pseudo weights
		 * kept, the rest zeroed */
		s->wc = arena_grow(s->a, s->wc, have, (size_t)nval + 1);
		s->ww = arena_grow(s->a, s->ww, sizeof(int) * have,
				   sizeof(int) * ((size_t)nval + 1));
	}
	/* a hard register in the classes whose set has it */
	bool multi = false;
	for (int cl = 0; cl < RC_NALLOC; cl++)
		for (RegSet m = s->c->avail[cl]; m; m &= m - 1) {
			int v = np + regset_first(m);
			if (v >= nval)
				continue;
			multi |= s->ww[v] != 0;
			s->wc[v] = (uint8_t)cl;
			s->ww[v] = 1;
		}
	if (!multi)
		return;
	s->wt = ARENA_NEW(s->a, int, nval * RC_NALLOC + 1);
	for (int v = 0; v < np && v < nval; v++) {
		int cl = cls_of(fn, v);
		if (cl >= 0 && cl < RC_NALLOC)
			s->wt[v * RC_NALLOC + cl] = s->c->width[v];
	}
	for (int cl = 0; cl < RC_NALLOC; cl++)
		for (RegSet m = s->c->avail[cl]; m; m &= m - 1) {
			int v = np + regset_first(m);
			if (v < nval)
				s->wt[v * RC_NALLOC + cl] = 1;
		}
}

/* Records a pressure point with the values of the walk's live set
 * (weights s->lw) plus the extra weight (NULL: none).  Without extra
 * weight, a point where no weight grew since the last one recorded
 * cannot exceed it: skipped. */
static void point(CS *s, const int *extra, int b, const Ins *i)
{
	if (!extra && !s->grew)
		return;
	s->grew = false;
	for (int cl = 0; cl < RC_NALLOC; cl++) {
		int w = (extra ? extra[cl] : 0) + s->lw[cl];
		if (w > s->c->maxlive[cl]) {
			s->c->maxlive[cl] = w;
			s->mlb[cl] = b;
			s->mli[cl] = i;
		}
	}
}

/* What one pass over an instruction's operands tells the analysis. */
typedef struct InsFacts {
	RegSet hwrite; /* hard registers i writes (defs, clobbers) */
	RegSet hdef;   /* its hard-register defs within all (values) */
	RegSet hdefs;  /* its hard-register def operands within all */
	RegSet hkill;  /* its hard-register defs (values) */
	RegSet hread;  /* hard registers it reads (values) */
	bool early;    /* some operand is an early clobber */
} InsFacts;

/* vals[k] := live_value of i's operand k, tp[k] := its tie partner
 * (constr_tie_partner); the facts of i. */
static InsFacts ins_values(const Fn *fn, RegSet all, const Ins *i,
			   int *vals, int *tp)
{
	InsFacts f = {.hwrite = i->clobbers};
	bool tied = false;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		int v = live_value(fn, o);
		vals[k] = v;
		tp[k] = -1;
		tied |= constr_names_tie(i, o);
		f.early |= (o->flags & OF_EARLY) != 0;
		if (o->kind != OK_HREG)
			continue;
		if (o->flags & OF_DEF) {
			f.hwrite |= RS_BIT(o->reg);
			if (RS_HAS(all, o->reg)) {
				f.hdefs |= RS_BIT(o->reg);
				if (v >= 0)
					f.hdef |= RS_BIT(o->reg);
			}
			if (v >= 0)
				f.hkill |= RS_BIT(o->reg);
		}
		if (v >= 0 && op_reads(fn, o))
			f.hread |= RS_BIT(o->reg);
	}
	if (tied) /* else no operand names a partner */
		constr_tie_partners(i, tp);
	return f;
}

/* weigh_live when a value may weigh in several classes (s->wt). */
static void weigh_live_multi(CS *s, int v, int sign)
{
	for (int cl = 0; cl < RC_NALLOC; cl++)
		s->lw[cl] += sign * s->wt[v * RC_NALLOC + cl];
}

/* The weights of value v (weigh_values) added to (sign 1) or taken
 * from (-1) the walk's s->lw; the one-class case inline. */
static inline void weigh_live(CS *s, int v, int sign)
{
	s->grew |= sign > 0;
	if (s->wt) {
		weigh_live_multi(s, v, sign);
		return;
	}
	s->lw[s->wc[v]] += sign * s->ww[v];
}

/* live_step_back_sum over non-phi i with its operands' values vals:
 * the same deletions and insertions in the same order (the order of
 * L's members, which the edges follow).  h: the hard registers among
 * L's values (only those of i's clobbers can leave L). */
static void step_back_vals(CS *s, const Ins *i, const int *vals, LiveSet *L,
			   RegSet h)
{
	const Fn *fn = s->fn;
	for (int k = 0; k < i->nops; k++) {
		int v = vals[k];
		if (v >= 0 && (i->ops[k].flags & OF_DEF) && lset_has(L, v)) {
			lset_del(L, v);
			weigh_live(s, v, -1);
		}
	}
	for (RegSet c = i->clobbers & h; c; c &= c - 1) {
		int v = fn->npseudo + regset_first(c);
		if (lset_has(L, v)) {
			lset_del(L, v);
			weigh_live(s, v, -1);
		}
	}
	for (int k = 0; k < i->nops; k++) {
		int v = vals[k];
		if (v >= 0 && !lset_has(L, v) && op_reads(fn, &i->ops[k])) {
			lset_add(L, v);
			weigh_live(s, v, 1);
		}
	}
}

/* Admissibility and interference at one non-phi instruction i of block
 * b; L holds the values live after i (hl: the hard registers among
 * them), vals its operands' values, f
 * their facts (ins_values), tp its operands' tie partners.  Returns
 * whether some def of i is dead (FL_DEAD). */
static bool analyse_ins(CS *s, int b, const Ins *i, const LiveSet *L,
			RegSet hl, uint8_t *fl, const int *vals,
			const InsFacts *f, const int *tp)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	int np = fn->npseudo;
	RegSet hd = (i->clobbers & s->all) | f->hdef;
	int tick = ++s->tick;
	int extra[RC_NALLOC] = {0};
	bool anydead = false;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		int v = vals[k];
		if (v < 0)
			continue;
		/* a read dies when the value is not live after i, or when i
		 * writes its hard register anew */
		if (op_reads(fn, o) &&
		    (!lset_has(L, v) || (v >= np && RS_HAS(f->hwrite, v - np))))
			fl[k] |= FL_DIES;
		if (o->flags & OF_DEF) {
			bool first = v >= np || s->stamp[v] != tick;
			if (!lset_has(L, v)) {
				fl[k] |= FL_DEAD;
				anydead = true;
				for (int cl = 0; cl < RC_NALLOC && first; cl++)
					extra[cl] += vweight(s, v, cl);
			}
			if (v < np)
				s->stamp[v] = tick;
		}
		if (o->kind == OK_PSEUDO && v < np && o->allowed)
			c->adm[v] &= o->allowed;
		/* a read tied to a hard register (`=%xmm1, p ^0`) is in it */
		int t = tp[k];
		if (o->kind == OK_PSEUDO && v < np && !(o->flags & OF_DEF) &&
		    t >= 0 && i->ops[t].kind == OK_HREG &&
		    RS_HAS(s->all, i->ops[t].reg))
			c->adm[v] &= RS_BIT(i->ops[t].reg);
	}
	point(s, anydead ? extra : NULL, b, i);
	bool copy = i->kind == IK_COPY || i->kind == IK_PCOPY;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (!(o->flags & OF_DEF) || !constr_reg_operand(o))
			continue;
		int d = o->reg, cl = cls_of(fn, d);
		RegSet cregs = fn->target->class_regs[cl];
		int sv = copy ? copy_src(fn, i, k) : -1;
		/* two defs of i: the pair once, from the smaller */
		for (int m = 0; m < L->n; m++) {
			int v = L->dense[m];
			if (s->trk[v] == cl && v != d && v != sv &&
			    (s->stamp[v] != tick || v > d))
				add_edge(s, d, v);
		}
		/* the hard registers live after i but a copied one */
		RegSet hf = hl & cregs;
		if (sv >= np)
			hf &= ~RS_BIT(sv - np);
		s->forb[d] |= hf | (hd & cregs);
		int t = tp[k];
		/* early clobbers and dead defs meet i's other operands */
		for (int m = 0;
		     m < i->nops && ((o->flags & OF_EARLY) || anydead); m++) {
			const Op *q = &i->ops[m];
			int u = vals[m];
			if (m == k || u < 0)
				continue;
			bool early_hit = (o->flags & OF_EARLY) && m != t &&
					 op_reads(fn, q);
			/* defs live after i met each other above */
			bool both_defs = (q->flags & OF_DEF) &&
					 ((fl[k] | fl[m]) & FL_DEAD);
			if (!early_hit && !both_defs)
				continue;
			if (u < np) {
				if (u != d && s->trk[u] == cl)
					add_edge(s, d, u);
			} else if (RS_HAS(cregs, u - np)) {
				s->forb[d] |= RS_BIT(u - np);
			}
		}
		if (t >= 0) {
			const Op *q = &i->ops[t];
			if (constr_reg_operand(q) && !(q->flags & OF_DEF))
				unite(c, d, q->reg);
			else if (q->kind == OK_HREG && RS_HAS(s->all, q->reg))
				c->adm[d] &= RS_BIT(q->reg);
		}
		/* affinities of copies (not of a tie's copy, whose source
		 * lives on) */
		if (tie_copy(i, L, sv))
			;
		else if (sv >= 0 && sv < np && c->need[sv])
			add_aff(s, d, sv, bweight(s->fn->blk[b]));
		else if (sv >= np && RS_HAS(s->all, sv - np))
			add_aff(s, d, -1 - (sv - np), bweight(s->fn->blk[b]));
	}
	/* hard registers written while values live across i */
	for (int k = 0; k < i->nops && f->hdefs && copy; k++) {
		const Op *o = &i->ops[k];
		if (o->kind != OK_HREG || !(o->flags & OF_DEF) ||
		    !RS_HAS(s->all, o->reg))
			continue;
		int sv = copy_src(fn, i, k);
		if (sv >= 0 && sv < np && c->need[sv]) {
			add_aff(s, sv, -1 - o->reg, bweight(s->fn->blk[b]));
			c->aff[c->naff - 1].tohard = 1;
		}
	}
	if (!hd)
		return anydead;
	for (int m = 0; m < L->n; m++) {
		int v = L->dense[m];
		if (v >= np || s->stamp[v] == tick)
			continue;
		RegSet h = hd & fn->target->class_regs[cls_of(fn, v)];
		/* `copy =%h, v`: v may stay in h (one value) */
		for (int k = 0; k < i->nops && copy; k++)
			if (i->ops[k].kind == OK_HREG && copy_src(fn, i, k) == v)
				h &= ~RS_BIT(i->ops[k].reg);
		s->forb[v] |= h;
	}
	return anydead;
}

/* The phis of block b; L holds the values live after them (hl: the hard
 * registers among them).  Steps L back over them. */
static void analyse_phis(CS *s, int b, LiveSet *L, RegSet hl)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	const Blk *bb = fn->blk[b];
	int np = fn->npseudo;
	int extra[RC_NALLOC] = {0};
	bool any = false;
	for (const Ins *i = bb->first; i && i->kind == IK_PHI; i = i->next) {
		const Op *o = &i->ops[0];
		if (!constr_reg_operand(o))
			continue;
		int d = o->reg, cl = cls_of(fn, d);
		RegSet cregs = fn->target->class_regs[cl];
		any = true;
		if (!lset_has(L, d)) {
			s->phidead[d] = true;
			extra[cl] += c->width[d];
		}
		for (int m = 0; m < L->n; m++) {
			int v = L->dense[m];
			if (s->trk[v] == cl && v != d)
				add_edge(s, d, v);
		}
		s->forb[d] |= hl & cregs;
		for (const Ins *j = bb->first; j && j->kind == IK_PHI;
		     j = j->next)
			if (j != i && constr_reg_operand(&j->ops[0]) &&
			    tracked(s, j->ops[0].reg, cl))
				add_edge(s, d, j->ops[0].reg);
		for (int k = 1; k < i->nops; k++) {
			const Op *q = &i->ops[k];
			const Blk *p = fn->blk[q->from];
			int64_t w = bweight(p) < bweight(bb) ? bweight(p)
							      : bweight(bb);
			int u = live_value(fn, q);
			if (u < 0)
				continue;
			if (u < np && c->need[u])
				add_aff(s, d, u, w);
			else if (u >= np && RS_HAS(s->all, u - np))
				add_aff(s, d, -1 - (u - np), w);
			else
				continue;
			c->aff[c->naff - 1].abnormal = abnormal_edge(p, bb);
			c->aff[c->naff - 1].phi = 1;
		}
	}
	if (any)
		point(s, extra, b, NULL);
	for (const Ins *i = bb->last; i; i = i->prev)
		if (i->kind == IK_PHI)
			live_step_back(fn, i, L);
}

/* The values live into the entry (undefined ones, hard registers) are
 * all live at once. */
static void analyse_entry(CS *s, const LiveSet *L)
{
	Fn *fn = s->fn;
	int np = fn->npseudo;
	for (int m = 0; m < L->n; m++) {
		int v = L->dense[m];
		if (v >= np || !s->c->need[v])
			continue;
		int cl = cls_of(fn, v);
		for (int q = 0; q < L->n; q++) {
			int u = L->dense[q];
			if (u == v)
				continue;
			if (u < np) {
				if (tracked(s, u, cl))
					add_edge(s, v, u);
			} else if (RS_HAS(fn->target->class_regs[cl], u - np)) {
				s->forb[v] |= RS_BIT(u - np);
			}
		}
	}
}

/* The hard registers among the values of L. */
static RegSet hard_of(const CS *s, const LiveSet *L)
{
	RegSet h = 0;
	int np = s->fn->npseudo;
	for (int k = 0; k < L->n; k++)
		if (L->dense[k] >= np)
			h |= RS_BIT(L->dense[k] - np);
	return h;
}

/* The backward pass over every reachable block. */
static void analyse(CS *s)
{
	Fn *fn = s->fn;
	LiveSet L;
	lset_init(&L, s->a, s->lv->nval);
	weigh_values(s, s->lv->nval);
	s->flags = ARENA_NEW(s->a, uint8_t *, fn->nblk + 1);
	s->vals = ARENA_NEW(s->a, int *, fn->nblk + 1);
	s->hafter = ARENA_NEW(s->a, RegSet *, fn->nblk + 1);
	s->iflags = ARENA_NEW(s->a, uint8_t *, fn->nblk + 1);
	for (int b = 0; b < fn->nblk; b++) {
		if (!cfg_reachable(s->cfg, b))
			continue;
		const Blk *bb = fn->blk[b];
		int ni = s->bins[b], n = s->bops[b];
		s->flags[b] = ARENA_NEW(s->a, uint8_t, n + 1);
		s->vals[b] = ARENA_RAW(s->a, int, n + 1);
		/* written below for each instruction: not zeroed */
		s->hafter[b] = ARENA_RAW(s->a, RegSet, ni + 1);
		s->iflags[b] = ARENA_RAW(s->a, uint8_t, ni + 1);
		live_set_out(s->lv, b, &L);
		weigh_set(s, &L);
		RegSet h = hard_of(s, &L); /* hard values live, all of them */
		for (const Ins *i = bb->last; i && i->kind != IK_PHI;
		     i = i->prev) {
			n -= i->nops;
			s->hafter[b][--ni] = h & s->all;
			int *vals = s->vals[b] + n;
			int *tp = s->tp;
			InsFacts f = ins_values(fn, s->all, i, vals, tp);
			bool dead = analyse_ins(s, b, i, &L, h, s->flags[b] + n,
						vals, &f, tp);
			s->iflags[b][ni] = (uint8_t)((f.early ? IF_EARLY : 0) |
						     (dead ? IF_DEAD : 0));
			step_back_vals(s, i, vals, &L, h);
			/* the hard registers live before i */
			h = (h & ~f.hkill & ~i->clobbers) | f.hread;
			int extra[RC_NALLOC] = {0};
			for (int k = 0; k < i->nops && f.early; k++) {
				const Op *o = &i->ops[k];
				if (!(o->flags & OF_EARLY))
					continue;
				int v = vals[k];
				int t = tp[k];
				/* tied to a read, it takes that (dying)
				 * value's register */
				bool shares = t >= 0 && vals[t] >= 0 &&
					      op_reads(fn, &i->ops[t]);
				if (v >= 0 && v < fn->npseudo && !shares &&
				    !lset_has(&L, v)) {
					int cl = cls_of(fn, v);
					if (cl >= 0 && cl < RC_NALLOC)
						extra[cl] += s->c->width[v];
				}
			}
			point(s, f.early ? extra : NULL, b, i);
		}
		analyse_phis(s, b, &L, h);
		if (b == fn->entry)
			analyse_entry(s, &L);
	}
}

/* Interference CSR from the edge list, both directions, duplicates
 * removed.  The counts go to off[p + 2], whose prefix sums make
 * off[p + 1] p's first slot; placing advances it to p's end, so that
 * off[p]..off[p + 1] - 1 are p's slots afterwards (no separate degree
 * or fill table). */
static void build_graph(CS *s)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	int np = c->np;
	int *off = ARENA_NEW(s->a, int, np + 2);
	for (int e = 0; e < s->ne; e++) {
		off[s->ea[e] + 2]++;
		off[s->eb[e] + 2]++;
	}
	for (int p = 0; p < np; p++)
		off[p + 2] += off[p + 1];
	int *tmp = ARENA_RAW(fn->arena, int, 2 * s->ne + 1);
	for (int e = 0; e < s->ne; e++) {
		int a = s->ea[e], b = s->eb[e];
		tmp[off[a + 1]++] = b;
		tmp[off[b + 1]++] = a;
	}
	/* compact, dropping duplicates (mark[q] == p + 1: q seen for p) */
	int *mark = ARENA_NEW(s->a, int, np + 1);
	int out = 0;
	int *start = ARENA_RAW(fn->arena, int, np + 2);
	for (int p = 0; p < np; p++) {
		start[p] = out;
		for (int k = off[p]; k < off[p + 1]; k++) {
			int q = tmp[k];
			if (mark[q] == p + 1)
				continue;
			mark[q] = p + 1;
			tmp[out++] = q;
		}
	}
	start[np] = out;
	start[np + 1] = 0;
	c->nstart = start;
	c->nbr = tmp;
}

/* Per-pseudo lists of affinity indices, for the bias: counted in
 * astart[p + 2], placed by advancing astart[p + 1] (as build_graph). */
static void build_aff_index(CS *s)
{
	Colour *c = s->c;
	int np = c->np;
	s->astart = ARENA_NEW(s->a, int, np + 2);
	int nl = 0;
	for (int k = 0; k < c->naff; k++) {
		s->astart[c->aff[k].a + 2]++;
		nl++;
		if (c->aff[k].b >= 0) {
			s->astart[c->aff[k].b + 2]++;
			nl++;
		}
	}
	for (int p = 0; p < np; p++)
		s->astart[p + 2] += s->astart[p + 1];
	s->alist = ARENA_RAW(s->a, int, nl + 1);
	for (int k = 0; k < c->naff; k++) {
		int a = c->aff[k].a, b = c->aff[k].b;
		s->alist[s->astart[a + 1]++] = k;
		if (b >= 0)
			s->alist[s->astart[b + 1]++] = k;
	}
}

/* ---- the forward walk ---- */

/* Pseudo v's registers taken (delta 1) or given back (-1); hard
 * registers are tracked by liveness (s->hard). */
static inline void occupy(CS *s, int v, int delta)
{
	const Fn *fn = s->fn;
	if (v >= fn->npseudo)
		return;
	int r = s->c->reg[v];
	if (r < 0)
		return;
	for (int k = 0; k < s->c->width[v]; k++) {
		s->occ[r + k] += delta;
		if (s->occ[r + k])
			s->occset |= RS_BIT(r + k);
		else
			s->occset &= ~RS_BIT(r + k);
	}
}

/* Registers of class cls holding nothing. */
static RegSet free_regs(const CS *s, int cls)
{
	return s->c->avail[cls] & ~s->hard & ~s->occset;
}

/* The register the affinities of p favour within cand, -1 if none: the
 * largest sum over the partners already coloured there of their
 * col_aff_weight, or in COL_BIAS_PEREIRA of 1 per phi partner and per
 * source of a copy defining p (plus COL_ABNORMAL_W for an abnormal
 * one). */
static int biased(const CS *s, int p, RegSet cand)
{
	const Colour *c = s->c;
	if (s->astart[p] == s->astart[p + 1])
		return -1; /* no affinity: no table to clear */
	/* wsum[r] is set when r joins seen: no clearing of the table */
	int64_t wsum[TGT_NREGS];
	RegSet seen = 0;
	int best = -1;
	for (int k = s->astart[p]; k < s->astart[p + 1]; k++) {
		const ColAff *a = &c->aff[s->alist[k]];
		if (s->mode == COL_BIAS_PEREIRA && !a->phi &&
		    (a->a != p || a->tohard))
			continue;
		int q = a->a == p ? a->b : a->a;
		int r = q < 0 ? -1 - q : c->reg[q];
		if (r < 0 || !RS_HAS(cand, r))
			continue;
		if (!RS_HAS(seen, r)) {
			seen |= RS_BIT(r);
			wsum[r] = 0;
		}
		wsum[r] += s->mode == COL_BIAS_PEREIRA
				   ? 1 + (a->abnormal ? COL_ABNORMAL_W : 0)
				   : col_aff_weight(a);
		if (best < 0 || wsum[r] > wsum[best] ||
		    (wsum[r] == wsum[best] && r < best))
			best = r;
	}
	return best;
}

/* The union-find root of p's pre-coalesced class. */
static int class_root(const CS *s, int p)
{
	while (s->cls[p] != p)
		p = s->cls[p];
	return p;
}

/* The register p's choice favours within cand by s->mode, -1 if none.
 * COL_BIAS_CLASSES: an abnormal partner's register first (biased), then
 * the class's colour. */
static int favoured(const CS *s, int p, RegSet cand)
{
	switch (s->mode) {
	case COL_BIAS_NONE:
		return -1;
	case COL_BIAS_CLASSES: {
		int r = s->ccol[class_root(s, p)];
		for (int k = s->astart[p]; k < s->astart[p + 1]; k++)
			if (s->c->aff[s->alist[k]].abnormal)
				return biased(s, p, cand);
		return r >= 0 && RS_HAS(cand, r) ? r : biased(s, p, cand);
	}
	default:
		return biased(s, p, cand);
	}
}

/* A register for p among the free ones, -1 if none. */
static int pick(const CS *s, int p)
{
	const Colour *c = s->c;
	int cl = cls_of(s->fn, p);
	RegSet cand = starts(free_regs(s, cl), c->width[p]) & c->adm[p];
	if (!cand)
		return -1;
	int r = favoured(s, p, cand);
	return r >= 0 ? r : colour_lowest(cand);
}

/* An affinity's index and col_aff_weight, for sorting. */
typedef struct AffKey {
	int64_t w;
	int k;
} AffKey;

/* Heaviest first, then by index. */
static int aff_heavier(const void *x, const void *y)
{
	const AffKey *a = x, *b = y;
	return a->w > b->w ? -1 : a->w < b->w ? 1 : (a->k > b->k) - (a->k < b->k);
}

/* Whether some member of class ra (members listed by next[], from ra)
 * interferes with a member of class rb. */
static bool classes_interfere(const CS *s, const int *next, int ra, int rb)
{
	const Colour *c = s->c;
	for (int m = ra; m >= 0; m = next[m])
		for (int e = c->nstart[m]; e < c->nstart[m + 1]; e++)
			if (class_root(s, c->nbr[e]) == rb)
				return true;
	return false;
}

/* COL_BIAS_CLASSES: the aggressive pre-coalescing (s->cls), over the
 * value-to-value affinities heaviest first; every class colour unset. */
static void precoalesce(CS *s)
{
	Fn *fn = s->fn;
	const Colour *c = s->c;
	int np = c->np;
	s->cls = ARENA_NEW(s->a, int, np + 1);
	s->ccol = ARENA_NEW(s->a, int8_t, np + 1);
	int *next = ARENA_NEW(s->a, int, np + 1), *last =
		ARENA_NEW(s->a, int, np + 1);
	int *size = ARENA_NEW(s->a, int, np + 1);
	for (int p = 0; p < np; p++) {
		s->cls[p] = last[p] = p;
		next[p] = -1;
		s->ccol[p] = -1;
		size[p] = 1;
	}
	AffKey *ord = ARENA_NEW(s->a, AffKey, c->naff + 1);
	for (int k = 0; k < c->naff; k++)
		ord[k] = (AffKey){col_aff_weight(&c->aff[k]), k};
	qsort(ord, (size_t)c->naff, sizeof *ord, aff_heavier);
	for (int k = 0; k < c->naff; k++) {
		const ColAff *a = &c->aff[ord[k].k];
		if (a->b < 0)
			continue;
		int ra = class_root(s, a->a), rb = class_root(s, a->b);
		if (ra == rb || cls_of(fn, a->a) != cls_of(fn, a->b))
			continue;
		if (size[ra] > size[rb]) {
			int t = ra;
			ra = rb;
			rb = t;
		}
		if (classes_interfere(s, next, ra, rb))
			continue;
		s->cls[ra] = rb; /* the smaller class joins the larger */
		next[last[rb]] = ra;
		last[rb] = last[ra];
		size[rb] += size[ra];
	}
}

/* "{ax,dx}" into buf. */
static void setstr(const Target *t, RegSet m, char *buf, size_t len)
{
	size_t n = (size_t)snprintf(buf, len, "{");
	for (; m && n + 8 < len; m &= m - 1)
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
				      n > 1 ? "," : "",
				      t->regs[colour_lowest(m)].name);
	snprintf(buf + n, len - n, "}");
}

static const char *rname(const CS *s, int r)
{
	return r >= 0 && r < TGT_NREGS ? s->t->regs[r].name : "-";
}

/* "b3 uid 7" or "b3 #4" (position of an inserted instruction). */
static void where(const CS *s, int b, const Ins *i, char *buf, size_t len)
{
	const Blk *bb = s->fn->blk[b];
	if (!i) {
		snprintf(buf, len, "b%d (phis)", bb->id);
		return;
	}
	if (i->uid) {
		snprintf(buf, len, "b%d uid %d", bb->id, i->uid);
		return;
	}
	int n = 1;
	for (const Ins *j = bb->first; j && j != i; j = j->next)
		n++;
	snprintf(buf, len, "b%d #%d (inserted %s)", bb->id, n,
		 ins_kind_name(i->kind));
}

static bool no_reg(CS *s, int b, const Ins *i, int p)
{
	char at[64];
	where(s, b, i, at, sizeof at);
	int cl = cls_of(s->fn, p);
	int busy = 0;
	for (RegSet m = s->c->avail[cl]; m; m &= m - 1)
		busy += s->occ[colour_lowest(m)] > 0;
	char adm[128];
	setstr(s->t, s->c->adm[p], adm, sizeof adm);
	return err_set(s->err, s->errlen,
		       "%s: no register for p%d: %d of the %d %s registers "
		       "busy, admissible %s (maxlive %d): colouring would "
		       "need more than k",
		       at, p, busy, regset_count(s->c->avail[cl]),
		       s->t->class_name[cl], adm, s->c->maxlive[cl]);
}

/* Gives p register r (COL_BIAS_CLASSES: r becomes its class's colour). */
static void set_reg(CS *s, int p, int r)
{
	s->c->reg[p] = (int8_t)r;
	if (s->mode == COL_BIAS_CLASSES && r >= 0)
		s->ccol[class_root(s, p)] = (int8_t)r;
}

/* Gives p register r and occupies it. */
static void assign(CS *s, int p, int r)
{
	set_reg(s, p, r);
	occupy(s, p, 1);
}

/* For the def v of constr_words' `extract =v, D` (uid 0, D a
 * two-register value coloured already): the register of D's second
 * word, where the instruction before it wrote v (constr_words_finish),
 * when v may take it now; so that the extract moves nothing.  Else -1.
 * (An affinity means the same register, not D's plus one.) */
static int word_reg(const CS *s, const Ins *i, int v)
{
	const Colour *c = s->c;
	/* the name compared last: the dearest test */
	if (i->uid || i->kind != IK_ORD || i->nops != 2 ||
	    i->ops[0].kind != OK_PSEUDO || i->ops[0].reg != v ||
	    i->ops[1].kind != OK_PSEUDO || c->width[i->ops[1].reg] != 2 ||
	    c->reg[i->ops[1].reg] < 0 || !i->name ||
	    strcmp(i->name, "extract"))
		return -1;
	int r = c->reg[i->ops[1].reg] + 1;
	RegSet cand = starts(free_regs(s, cls_of(s->fn, v)), c->width[v]) &
		      c->adm[v];
	return RS_HAS(cand, r) ? r : -1;
}

/* Colours the defs of an ordinary instruction and updates occupancy:
 * early-clobber defs, dying reads released, other defs, dead defs
 * released.  Defs with a register already (a matched constrained
 * instruction) keep it.  vals: the operands' live_value, ifl the
 * instruction's IF_* (analyse). */
static bool apply_ins(CS *s, int b, Ins *i, const uint8_t *fl,
		      const int *vals, int ifl, RegSet hafter)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	int np = fn->npseudo;
	for (int k = 0; k < i->nops && (ifl & IF_EARLY); k++) {
		const Op *o = &i->ops[k];
		if ((o->flags & (OF_EARLY | OF_DEF)) != (OF_EARLY | OF_DEF) ||
		    !constr_reg_operand(o))
			continue;
		int d = o->reg;
		int t = constr_tie_partner(i, k);
		if (c->reg[d] < 0 && t >= 0 && constr_reg_operand(&i->ops[t]) &&
		    !(i->ops[t].flags & OF_DEF) && c->reg[i->ops[t].reg] >= 0) {
			/* tied: the early clobber writes its own input */
			set_reg(s, d, c->reg[i->ops[t].reg]);
		} else if (c->reg[d] < 0) {
			int r = pick(s, d);
			if (r < 0)
				return no_reg(s, b, i, d);
			set_reg(s, d, r);
		}
		occupy(s, d, 1);
	}
	s->hard = hafter;
	int tick = ++s->tick;
	for (int k = 0; k < i->nops; k++) {
		int v = vals[k];
		if (v < 0 || v >= np || !(fl[k] & FL_DIES) ||
		    s->stamp[v] == tick)
			continue;
		s->stamp[v] = tick;
		occupy(s, v, -1);
	}
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (!(o->flags & OF_DEF))
			continue;
		int v = vals[k];
		if (v < 0)
			continue;
		if (v >= np) {
			occupy(s, v, 1);
			continue;
		}
		if (o->flags & OF_EARLY)
			continue;
		if (c->reg[v] < 0) {
			int t = constr_tie_partner(i, k);
			int r = -1;
			if (t >= 0 && constr_reg_operand(&i->ops[t]) &&
			    !(i->ops[t].flags & OF_DEF)) {
				int u = i->ops[t].reg;
				r = c->reg[u];
				if (r < 0 || !RS_HAS(c->adm[v], r) ||
				    (starts(free_regs(s, cls_of(fn, v)),
					    c->width[v]) &
				     RS_BIT(r)) == 0) {
					char at[64];
					where(s, b, i, at, sizeof at);
					return err_set(s->err, s->errlen,
						       "%s: p%d is tied to p%d "
						       "in %s, which it cannot "
						       "take",
						       at, v, u, rname(s, r));
				}
			} else {
				r = word_reg(s, i, v);
				if (r < 0)
					r = pick(s, v);
				if (r < 0)
					return no_reg(s, b, i, v);
			}
			set_reg(s, v, r);
		}
		occupy(s, v, 1);
	}
	for (int k = 0; k < i->nops && (ifl & IF_DEAD); k++) {
		if (!(fl[k] & FL_DEAD) || !(i->ops[k].flags & OF_DEF))
			continue;
		int v = vals[k];
		if (v >= 0)
			occupy(s, v, -1);
	}
	return true;
}

/* ---- constrained instructions: the parallel copy and I together ---- */

enum { MN_BOTH, MN_BEFORE, MN_AFTER };

typedef struct MNode {
	int kind;
	RegSet allowed; /* admissible first registers */
	int w;          /* registers it takes before I */
	int wa;         /* registers it takes after I: its def's when it
			 * is a copied value tied to a def of I (a
			 * 16-byte def tied to an 8-byte read) */
	int pref;
	int v, d;   /* the copied value (or -1) and I's def (or -1) */
	int r;
} MNode;

/* Whether node x may start at r given the registers taken before and
 * after I. */
static bool mfits(const MNode *x, int r, RegSet before, RegSet after)
{
	return RS_HAS(x->allowed, r) &&
	       (x->kind == MN_AFTER || !(span(r, x->w) & before)) &&
	       (x->kind == MN_BEFORE || !(span(r, x->wa) & after));
}

/* The registers r at which node x may start (mfits), as a set: one
 * expression for a node of one register before and after I, else
 * mfits per admissible register. */
static RegSet mfit_set(const MNode *x, RegSet before, RegSet after)
{
	if (x->w == 1 && x->wa == 1)
		return x->allowed & (x->kind == MN_AFTER ? ~(RegSet)0 : ~before) &
		       (x->kind == MN_BEFORE ? ~(RegSet)0 : ~after);
	RegSet f = 0;
	for (RegSet m = x->allowed; m; m &= m - 1) {
		int r = colour_lowest(m);
		if (mfits(x, r, before, after))
			f |= RS_BIT(r);
	}
	return f;
}

/* Depth-first search for disjoint registers: MN_BOTH nodes use their
 * registers before and after I, MN_BEFORE before only, MN_AFTER after
 * only.  Forward checking; budget bounds the work. */
static bool msearch(MNode *n, int nn, int idx, RegSet before, RegSet after,
		    long *budget)
{
	if (idx == nn)
		return true;
	if (--*budget < 0)
		return false;
	MNode *x = &n[idx];
	int order[TGT_NREGS], no = 0;
	RegSet fit = mfit_set(x, before, after);
	if (x->pref >= 0 && RS_HAS(fit, x->pref))
		order[no++] = x->pref;
	for (RegSet m = fit; m; m &= m - 1) {
		int r = colour_lowest(m);
		if (r != x->pref)
			order[no++] = r;
	}
	for (int k = 0; k < no; k++) {
		int r = order[k];
		RegSet nb = before, na = after;
		if (x->kind != MN_AFTER)
			nb |= span(r, x->w);
		if (x->kind != MN_BEFORE)
			na |= span(r, x->wa);
		bool ok = true;
		for (int j = idx + 1; j < nn && ok; j++)
			ok = mfit_set(&n[j], nb, na) != 0;
		if (!ok)
			continue;
		x->r = r;
		if (msearch(n, nn, idx + 1, nb, na, budget))
			return true;
	}
	return false;
}

/* Orders nodes: fewest admissible registers first, MN_BOTH first on
 * ties (insertion sort: a handful of nodes). */
static void morder(MNode *n, int nn)
{
	for (int a = 1; a < nn; a++) {
		MNode x = n[a];
		int cx = regset_count(x.allowed);
		int b = a - 1;
		while (b >= 0) {
			int cb = regset_count(n[b].allowed);
			if (cb < cx || (cb == cx && n[b].kind <= x.kind))
				break;
			n[b + 1] = n[b];
			b--;
		}
		n[b + 1] = x;
	}
}

/* Index of the def operand of I tied to an operand of I reading v, or
 * -1; *dies says whether v dies at I, *read whether I reads it. */
static int uses_of(const Fn *fn, const Ins *I, const uint8_t *fl, int v,
		   bool *read, bool *dies)
{
	int tied = -1;
	*read = *dies = false;
	for (int k = 0; k < I->nops; k++) {
		const Op *o = &I->ops[k];
		if (!constr_reg_operand(o) || o->reg != v ||
		    !op_reads(fn, o))
			continue;
		*read = true;
		*dies |= (fl[k] & FL_DIES) != 0;
		int t = constr_tie_partner(I, k);
		if (t >= 0 && (I->ops[t].flags & OF_DEF) &&
		    constr_reg_operand(&I->ops[t]))
			tied = t;
	}
	return tied;
}

/* Colours parallel copy P and the constrained instruction I after it,
 * class cls (see colour.h). */
static bool match_class(CS *s, int b, Ins *P, Ins *I, const uint8_t *flI,
			int cls, RegSet occb, RegSet occa)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	int nn = 0, cap = P->nops / 2 + I->nops + 1;
	MNode *n = ARENA_NEW(s->a, MNode, cap);
	bool *taken = ARENA_NEW(s->a, bool, I->nops + 1);
	for (int j = 0; j + 1 < P->nops; j += 2) {
		int v = P->ops[j].reg, src = P->ops[j + 1].reg;
		if (cls_of(fn, v) != cls)
			continue;
		bool read, dies;
		int t = uses_of(fn, I, flI, v, &read, &dies);
		if (t >= 0 && !dies) {
			char at[64];
			where(s, b, I, at, sizeof at);
			return err_set(s->err, s->errlen,
				       "%s: p%d is tied to a def but lives on "
				       "after the instruction",
				       at, v);
		}
		MNode x = {.v = v, .d = -1, .pref = c->reg[src], .r = -1,
			   .w = c->width[v], .wa = c->width[v]};
		x.allowed = c->adm[v];
		if (t >= 0 && !taken[t] && c->reg[I->ops[t].reg] < 0) {
			taken[t] = true;
			x.d = I->ops[t].reg;
			x.allowed &= c->adm[x.d];
			x.wa = c->width[x.d];
			x.kind = MN_BOTH;
		} else {
			x.kind = read && dies ? MN_BEFORE : MN_BOTH;
		}
		n[nn++] = x;
	}
	for (int k = 0; k < I->nops; k++) {
		const Op *o = &I->ops[k];
		if (!constr_reg_operand(o) || !(o->flags & OF_DEF) || taken[k] ||
		    cls_of(fn, o->reg) != cls || c->reg[o->reg] >= 0)
			continue;
		int d = o->reg;
		MNode x = {.v = -1, .d = d, .r = -1, .w = c->width[d],
			   .wa = c->width[d]};
		int t = constr_tie_partner(I, k);
		RegSet a = c->adm[d];
		if (t >= 0 && constr_reg_operand(&I->ops[t]) &&
		    !(I->ops[t].flags & OF_DEF) && c->reg[I->ops[t].reg] >= 0) {
			/* tied to a value not copied (it dies here): its
			 * register, free after I */
			a &= RS_BIT(c->reg[I->ops[t].reg]);
			x.kind = MN_AFTER;
		} else {
			x.kind = (o->flags & OF_EARLY) ? MN_BOTH : MN_AFTER;
		}
		x.pref = favoured(s, d, a);
		x.allowed = a;
		n[nn++] = x;
	}
	if (!nn)
		return true;
	morder(n, nn);
	long budget = 200000;
	if (!msearch(n, nn, 0, occb, occa, &budget)) {
		char at[64], vals[256];
		where(s, b, I, at, sizeof at);
		int len = 0;
		vals[0] = 0;
		for (int k = 0; k < nn && len < (int)sizeof vals - 40; k++)
			len += snprintf(vals + len, sizeof vals - (size_t)len,
					" %s%d:%#llx", n[k].v >= 0 ? "p" : "def p",
					n[k].v >= 0 ? n[k].v : n[k].d,
					(unsigned long long)n[k].allowed);
		return err_set(s->err, s->errlen,
			       "%s: the %s operands and the %d live values "
			       "cannot all get registers%s%s",
			       at, s->t->class_name[cls], P->nops / 2,
			       budget < 0 ? " (search budget exhausted)" : "",
			       vals);
	}
	for (int k = 0; k < nn; k++) {
		if (n[k].v >= 0)
			set_reg(s, n[k].v, n[k].r);
		if (n[k].d >= 0)
			set_reg(s, n[k].d, n[k].r);
	}
	s->c->nmatch++;
	return true;
}

/* The registers of class cls occupied now (before I), and after I
 * (pseudos live now that I does not kill, hard registers live after). */
static void occupancy(const CS *s, const Ins *I, const uint8_t *flI,
		      RegSet hafter, int cls, RegSet *occb, RegSet *occa)
{
	const Fn *fn = s->fn;
	RegSet cregs = s->c->avail[cls];
	RegSet b = cregs & ~free_regs(s, cls), a = b & ~s->hard;
	for (int k = 0; k < I->nops; k++) {
		int v = live_value(fn, &I->ops[k]);
		if (v >= 0 && v < fn->npseudo && (flI[k] & FL_DIES) &&
		    s->c->reg[v] >= 0)
			a &= ~span(s->c->reg[v], s->c->width[v]);
	}
	*occb = b;
	*occa = a | (hafter & cregs);
}

/* Colours parallel copy P and the constrained instruction I after it
 * as one problem (match_class), then I; valsI: the live_value of I's
 * operands, iflI its IF_*. */
static bool apply_pair(CS *s, int b, Ins *P, const uint8_t *flP, Ins *I,
		       const uint8_t *flI, const int *valsI, int iflI,
		       RegSet hafter)
{
	Fn *fn = s->fn;
	/* every source dies at P */
	int tick = ++s->tick;
	for (int k = 1; k < P->nops; k += 2) {
		int v = live_value(fn, &P->ops[k]);
		if (v < 0 || !(flP[k] & FL_DIES) || s->stamp[v] == tick)
			continue;
		s->stamp[v] = tick;
		occupy(s, v, -1);
	}
	for (int cls = 0; cls < RC_NALLOC; cls++) {
		RegSet occb, occa;
		occupancy(s, I, flI, hafter, cls, &occb, &occa);
		if (!match_class(s, b, P, I, flI, cls, occb, occa))
			return false;
	}
	for (int k = 0; k < P->nops; k += 2)
		occupy(s, P->ops[k].reg, 1);
	for (int k = 0; k < P->nops; k += 2)
		if (flP[k] & FL_DEAD)
			occupy(s, P->ops[k].reg, -1);
	return apply_ins(s, b, I, flI, valsI, iflI, hafter);
}

/* Colours block b's phis and instructions (the registers of its live-in
 * values are set). */
static bool colour_block(CS *s, int b)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	const Blk *bb = fn->blk[b];
	int np = fn->npseudo;
	/* occset names every register whose count is not 0 */
	for (RegSet m = s->occset; m; m &= m - 1)
		s->occ[colour_lowest(m)] = 0;
	s->occset = 0;
	s->hard = 0;
	for (int k = 0; k < s->lv->nin[b]; k++) {
		int v = s->lv->in[b][k];
		if (v >= np && RS_HAS(s->all, v - np))
			s->hard |= RS_BIT(v - np);
		if (v < np && !c->need[v])
			continue;
		if (v < np && c->reg[v] < 0) {
			if (b != fn->entry)
				return err_set(s->err, s->errlen,
					       "b%d: p%d is live in without a "
					       "register (not dominated by its "
					       "definition)",
					       bb->id, v);
			continue;
		}
		occupy(s, v, 1);
	}
	if (b == fn->entry)
		for (int k = 0; k < s->lv->nin[b]; k++) {
			int v = s->lv->in[b][k];
			if (v >= np || !c->need[v] || c->reg[v] >= 0)
				continue;
			int r = pick(s, v);
			if (r < 0)
				return no_reg(s, b, NULL, v);
			assign(s, v, r);
		}
	Ins *i = bb->first;
	for (; i && i->kind == IK_PHI; i = i->next) {
		if (!constr_reg_operand(&i->ops[0]))
			continue;
		int d = i->ops[0].reg;
		int r = pick(s, d);
		if (r < 0)
			return no_reg(s, b, NULL, d);
		assign(s, d, r);
	}
	for (const Ins *j = bb->first; j && j->kind == IK_PHI; j = j->next)
		if (constr_reg_operand(&j->ops[0]) && s->phidead[j->ops[0].reg])
			occupy(s, j->ops[0].reg, -1);
	uint8_t *fl = s->flags[b];
	const int *vals = s->vals[b];
	const RegSet *ha = s->hafter[b];
	const uint8_t *ifl = s->iflags[b];
	for (Ins *x = i; x; x = x->next) {
		Ins *nx = x->next;
		if (x->kind == IK_PCOPY && x->uid == 0 && nx &&
		    constr_is_constrained(fn, nx, c->avail)) {
			if (!apply_pair(s, b, x, fl, nx, fl + x->nops,
					vals + x->nops, ifl[1], ha[1]))
				return false;
			fl += x->nops + nx->nops;
			vals += x->nops + nx->nops;
			ha += 2;
			ifl += 2;
			x = nx;
			continue;
		}
		if (!apply_ins(s, b, x, fl, vals, *ifl, *ha))
			return false;
		fl += x->nops;
		vals += x->nops;
		ha++;
		ifl++;
	}
	return true;
}

/* Values not reached by the walk (unreachable code) get their first
 * admissible register. */
static void colour_rest(CS *s)
{
	Colour *c = s->c;
	for (int p = 0; p < c->np; p++)
		if (c->need[p] && c->reg[p] < 0) {
			RegSet a = c->adm[p] ? c->adm[p]
					     : c->avail[cls_of(s->fn, p)];
			c->reg[p] = a ? (int8_t)colour_lowest(a) : -1;
		}
}

/* Per pseudo: need, width, the admissible sets' start, its weight
 * (s->wc, s->ww: weigh_values); room for the tie
 * partners of the instruction with the most operands (s->tp); per
 * block, its instructions that are no phis and their operands
 * (s->bins, s->bops). */
static void init_values(CS *s)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	int np = c->np;
	/* the byte tables and the zeroed ones by memset, the rest in the
	 * loop below (one pass, no zeroing first) */
	c->reg = ARENA_RAW(fn->arena, int8_t, np + 1);
	c->need = ARENA_NEW(fn->arena, bool, np + 1);
	c->adm = ARENA_RAW(fn->arena, RegSet, np + 1);
	c->width = ARENA_RAW(fn->arena, uint8_t, np + 1);
	c->unit = ARENA_RAW(fn->arena, int, np + 1);
	s->forb = ARENA_NEW(s->a, RegSet, np + 1);
	s->phidead = ARENA_NEW(s->a, bool, np + 1);
	s->stamp = ARENA_NEW(s->a, int, np + TGT_NREGS + 1);
	s->trk = ARENA_RAW(s->a, int8_t, np + TGT_NREGS + 1);
	/* no value tracked yet, hard registers never (not pseudos) */
	memset(s->trk, (uint8_t)INT8_MIN, (size_t)(np + TGT_NREGS + 1));
	memset(c->reg, -1, (size_t)np);
	s->wc = ARENA_NEW(s->a, uint8_t, np + TGT_NREGS + 1);
	s->ww = ARENA_NEW(s->a, int, np + TGT_NREGS + 1);
	c->reg[np] = 0;
	c->unit[np] = 0;
	c->width[np] = 0;
	c->adm[np] = 0;
	for (int p = 0; p < np; p++) {
		c->unit[p] = p;
		int cl = fn->pseudo[p].cls;
		if (cl < 0 || cl >= RC_NALLOC) {
			c->width[p] = 0;
			c->adm[p] = 0;
			continue;
		}
		c->width[p] = (uint8_t)target_nregs(fn->target, cl,
						    fn->pseudo[p].size);
		c->adm[p] = ~(RegSet)0; /* constraints met so far */
		/* a pseudo weighs in its class only */
		s->wc[p] = (uint8_t)cl;
		s->ww[p] = c->width[p];
	}
	int maxops = 0;
	s->bops = ARENA_NEW(s->a, int, fn->nblk + 1);
	s->bins = ARENA_NEW(s->a, int, fn->nblk + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->nops > maxops)
				maxops = i->nops;
			if (i->kind != IK_PHI) {
				s->bops[b] += i->nops;
				s->bins[b]++;
			}
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (constr_reg_operand(o) && o->reg < np &&
				    fn->pseudo[o->reg].cls >= 0 &&
				    fn->pseudo[o->reg].cls < RC_NALLOC) {
					c->need[o->reg] = true;
					s->trk[o->reg] =
						(int8_t)fn->pseudo[o->reg].cls;
				}
			}
		}
	s->tp = ARENA_RAW(s->a, int, maxops + 1);
}

/* Turns the constraints (accumulated in adm) and the forbidden registers
 * into admissible first registers; every value must keep one.  tied:
 * some tie unit has two members (flatten_units), else no unit narrows
 * its members' sets. */
static bool finish_adm(CS *s, bool tied)
{
	Fn *fn = s->fn;
	Colour *c = s->c;
	for (int p = 0; p < c->np; p++) {
		if (!c->need[p])
			continue;
		/* constraints name the first register of a wider value */
		int cl = cls_of(fn, p);
		RegSet ok = c->avail[cl] & ~s->forb[p];
		c->adm[p] = starts(ok, c->width[p]) & c->adm[p];
		if (!c->adm[p])
			return err_set(
				s->err, s->errlen,
				"p%d: no admissible register (avail "
				"%#llx, forbidden %#llx)",
				p, (unsigned long long)c->avail[cls_of(fn, p)],
				(unsigned long long)s->forb[p]);
	}
	if (!tied)
		return true;
	/* a tie unit takes a register admissible for all its members */
	for (int p = 0; p < c->np; p++) {
		int u = colour_unit(c, p);
		if (u != p && c->need[p])
			c->adm[u] &= c->adm[p];
	}
	for (int p = 0; p < c->np; p++) {
		int u = colour_unit(c, p);
		if (u != p && c->need[p])
			c->adm[p] = c->adm[u];
		if (c->need[p] && !c->adm[p])
			return err_set(s->err, s->errlen,
				       "p%d: its tied values admit no common "
				       "register",
				       p);
	}
	return true;
}

bool colour_fn(Fn *fn, const RegSet avail[RC_NALLOC], Colour *out,
	       char *err, size_t errlen)
{
	return colour_fn_mode(fn, avail, COL_BIAS_WEIGHTED, out, err, errlen);
}

/* colour_fn_cfg with its scratch arena s.a (the caller frees it). */
static bool colour_scratch(Fn *fn, const RegSet avail[RC_NALLOC], int mode,
			   const Cfg *cfg, const DomTree *dom, const Live *lv,
			   Colour *out, Arena *a, char *err, size_t errlen)
{
	*out = (Colour){0};
	CS s = {.fn = fn, .t = fn->target, .c = out, .err = err,
		.errlen = errlen, .mode = mode, .a = a};
	out->np = fn->npseudo;
	for (int cl = 0; cl < RC_NALLOC; cl++) {
		out->avail[cl] = avail[cl];
		s.all |= avail[cl];
		s.mlb[cl] = -1;
	}
	init_values(&s);
	if (fn->nblk == 0)
		return true;
	if (!cfg) {
		Cfg *c = cfg_build(fn);
		cfg = c;
		dom = dom_build(fn, c);
	} else if (!dom) {
		dom = dom_build(fn, cfg);
	}
	s.cfg = cfg;
	s.dom = dom;
	s.lv = lv ? lv : live_compute(fn, cfg);
	out->lv = s.lv; /* colouring changes no instruction */
	analyse(&s);
	bool tied = flatten_units(out);
	for (int cl = 0; cl < RC_NALLOC; cl++)
		if (out->maxlive[cl] > regset_count(avail[cl])) {
			char at[64] = "?";
			if (s.mlb[cl] >= 0)
				where(&s, s.mlb[cl], s.mli[cl], at, sizeof at);
			return err_set(s.err, s.errlen,
				       "%s: %d %s values live, more than the "
				       "%d registers (spill first)",
				       at, out->maxlive[cl],
				       s.t->class_name[cl],
				       regset_count(avail[cl]));
		}
	if (!finish_adm(&s, tied))
		return false;
	build_graph(&s);
	build_aff_index(&s);
	if (mode == COL_BIAS_CLASSES)
		precoalesce(&s);
	for (int k = 0; k < s.dom->norder; k++)
		if (!colour_block(&s, s.dom->order[k]))
			return false;
	colour_rest(&s);
	return true;
}

bool colour_fn_cfg(Fn *fn, const RegSet avail[RC_NALLOC], int mode,
		   const Cfg *cfg, const DomTree *dom, const Live *lv,
		   Colour *out, char *err, size_t errlen)
{
	Arena *a = arena_new();
	bool ok = colour_scratch(fn, avail, mode, cfg, dom, lv, out, a, err,
				 errlen);
	arena_free(a);
	return ok;
}

bool colour_fn_mode(Fn *fn, const RegSet avail[RC_NALLOC], int mode,
		    Colour *out, char *err, size_t errlen)
{
	return colour_fn_cfg(fn, avail, mode, NULL, NULL, NULL, out, err,
			     errlen);
}

int64_t colour_aff_satisfied(const Colour *c, int64_t *total)
{
	int64_t sat = 0, all = 0;
	for (int k = 0; k < c->naff; k++) {
		const ColAff *a = &c->aff[k];
		int ra = c->reg[a->a];
		int rb = a->b < 0 ? -1 - a->b : c->reg[a->b];
		all += a->w;
		if (ra >= 0 && ra == rb)
			sat += a->w;
	}
	if (total)
		*total = all;
	return sat;
}

bool colour_valid(const Fn *fn, const Colour *c, char *err, size_t errlen)
{
	for (int p = 0; p < c->np; p++) {
		if (!c->need[p])
			continue;
		int r = c->reg[p];
		if (r < 0 || !RS_HAS(c->adm[p], r)) {
			snprintf(err, errlen, "p%d in %s: not admissible", p,
				 r >= 0 ? fn->target->regs[r].name : "nothing");
			return false;
		}
		if (c->reg[colour_unit(c, p)] != r) {
			snprintf(err, errlen, "p%d: not with its tied values", p);
			return false;
		}
		int w = c->width[p];
		for (int k = c->nstart[p]; k < c->nstart[p + 1]; k++) {
			int q = c->nbr[k];
			/* the lists are symmetric: a pair of needed values
			 * once, from the smaller */
			if (q < p && c->need[q])
				continue;
			/* registers r..r+w-1 and q's overlap (neither set
			 * empty) */
			int rq = c->reg[q], wq = c->width[q];
			if (rq >= 0 && w > 0 && wq > 0 && rq < r + w &&
			    r < rq + wq) {
				snprintf(err, errlen,
					 "p%d and p%d interfere, both in %s", p,
					 q, fn->target->regs[r].name);
				return false;
			}
		}
	}
	return true;
}
