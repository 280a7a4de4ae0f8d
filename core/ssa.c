/* ssa.c - SSA construction: pruned Cytron placement, dominator-tree
 * renaming (see ssa.h). */
#include "ssa.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>

#include "cfg.h"
#include "dom.h"
#include "liveness.h"

typedef struct SC {
	Fn *fn;
	Ssa *ssa;
	const Cfg *cfg;
	const DomTree *dom;
	const Live *lv;
	int np0;      /* original pseudo count */
	int nb;       /* blocks */
	int *dstart;  /* per original pseudo: its definition blocks are */
	int *dblk;    /* dblk[dstart[v] .. dstart[v+1]-1] */
	bool *twice;  /* per original pseudo: live into the entry and also
			 defined in it (two definitions, one block) */
	bool *allphi; /* per block: gets a phi for every pseudo live into
			 it (needs_all_phis) */
	int *fstart;  /* per block: dominance frontier fblk[fstart[b] ..] */
	int *fblk;
	int *phiblk;  /* the phis to insert: block and pseudo */
	int *phivar;
	int nphi;
	int *cur;     /* per original pseudo: the version reaching here */
	int *logv;    /* undo log: pseudo and its previous version */
	int *logold;
	int nlog;
	int *sstart;  /* per block b: the phi sources coming from b are */
	Op **src;     /* src[sstart[b] .. sstart[b+1]-1] */
	SsaRmw *rmw;
	int nrmw, rmwcap;
	Live *nlv;    /* the SSA form's liveness the walk fills, or NULL */
	int np1;      /* the pseudos there will be: np0, defs and phis */
	int *phiat;   /* per original pseudo: 1 + the last block whose phi
			 defined a version of it (0: none yet) */
	int *ver;     /* scratch for live_rename_set */
	char *err;
	size_t errlen;
} SC;

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* Whether some uid of uids[0..n-1] (positive, one per instruction of
 * nins) may appear twice: marks in a table by uid when the uids are
 * dense enough (O(n)), else sorts a copy (O(n log n)). */
static bool uids_repeat(Arena *a, const int *uids, int n, int nins)
{
	int max = 0;
	for (int k = 0; k < n; k++)
		if (uids[k] > max)
			max = uids[k];
	if (max > 4 * nins + 1024)
		return true; /* the caller sorts */
	bool *seen = ARENA_NEW(a, bool, max + 1);
	for (int k = 0; k < n; k++) {
		if (seen[uids[k]])
			return true;
		seen[uids[k]] = true;
	}
	return false;
}

/* Rejects what construction cannot take; counts definitions into *ndefs.
 * Time O(n) for the uid check when uids are dense, else O(n log n). */
static bool check_input(SC *sc, int *ndefs)
{
	Fn *fn = sc->fn;
	if (fn->unsupported)
		return err_set(sc->err, sc->errlen, "unsupported function: %s",
			       fn->unsupported);
	if (fn->allocated)
		return err_set(sc->err, sc->errlen,
			       "the function is already allocated");
	/* one walk: the uids' room grows with them */
	int nins = 0, cap = 0;
	int *uids = NULL, nu = 0;
	*ndefs = 0;
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *bb = fn->blk[b];
		for (const Ins *i = bb->first; i; i = i->next) {
			if (nins++ == cap) {
				uids = arena_grow_raw(fn->arena, uids,
						      sizeof(int) * (size_t)cap,
						      sizeof(int) *
							      (size_t)(2 * cap + 64));
				cap = 2 * cap + 64;
			}
			if (ins_kind_inserted(i->kind))
				return err_set(sc->err, sc->errlen,
					       "b%d: inserted %s in a function "
					       "to put into SSA form",
					       bb->id, ins_kind_name(i->kind));
			if (i->kind == IK_PHI && i->uid == 0)
				return err_set(sc->err, sc->errlen,
					       "b%d: a phi without uid",
					       bb->id);
			if (i->uid > 0)
				uids[nu++] = i->uid;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO || !(o->flags & OF_DEF))
					continue;
				++*ndefs;
				if (i->uid == 0 && i->kind != IK_PHI &&
				    op_reads(fn, o))
					return err_set(
						sc->err, sc->errlen,
						"b%d: a read-modify-write "
						"operand on an instruction "
						"without uid",
						bb->id);
			}
		}
	}
	if (!uids_repeat(fn->arena, uids, nu, nins))
		return true;
	/* the smallest uid that repeats, for the message */
	qsort(uids, (size_t)nu, sizeof(int), cmp_int);
	for (int k = 1; k < nu; k++)
		if (uids[k] == uids[k - 1])
			return err_set(sc->err, sc->errlen,
				       "uid %d appears twice", uids[k]);
	return true;
}

/* The definition-block lists under construction: the notes in scan
 * order and their count per pseudo; last[v] is the block last noted for
 * v. */
typedef struct DefScan {
	Arena *a;
	int *last;
	int *count;
	IntPairs notes; /* (pseudo, block) in scan order */
} DefScan;

/* intpairs_push with its common case inline: room left. */
static inline void push_note(Arena *a, IntPairs *l, int v, int b)
{
	if (l->n == l->cap) {
		intpairs_push(a, l, v, b);
		return;
	}
	l->v[l->n] = v;
	l->b[l->n++] = b;
}

/* Notes block b as defining pseudo v, once per block; a second note of
 * the entry for a pseudo live into it sets twice[v].  The notes go on a
 * list in scan order, counted per pseudo. */
static inline void note_def(SC *sc, DefScan *ds, int v, int b,
			    bool livein_note)
{
	if (v >= sc->np0)
		return;
	if (ds->last[v] == b) {
		if (b == sc->fn->entry && !livein_note &&
		    live_in_has(sc->lv, b, v))
			sc->twice[v] = true;
		return;
	}
	ds->last[v] = b;
	ds->count[v]++;
	push_note(ds->a, &ds->notes, v, b);
}

/* For each original pseudo, the reachable blocks defining it (the
 * blocks that get a phi for every live pseudo included), plus the entry
 * when it is live there (its undefined version; twice[] notes when the
 * entry defines it as well).  CSR: one scan noting them in order, then
 * bucketed by pseudo: O(operands + blocks + live-in sets of the allphi
 * blocks). */
static void def_blocks(SC *sc)
{
	Fn *fn = sc->fn;
	int np = sc->np0, e = fn->entry;
	DefScan ds = {.a = fn->arena,
		      .last = ARENA_RAW(fn->arena, int, np + 1),
		      .count = ARENA_NEW(fn->arena, int, np + 1)};
	sc->dstart = ARENA_NEW(fn->arena, int, np + 1);
	sc->twice = ARENA_NEW(fn->arena, bool, np + 1);
	for (int v = 0; v < np; v++)
		ds.last[v] = -1;
	for (int k = 0; k < sc->lv->nin[e]; k++)
		note_def(sc, &ds, sc->lv->in[e][k], e, true);
	for (int r = 0; r < sc->cfg->nrpo; r++) {
		int b = sc->cfg->rpo[r];
		for (int k = 0; sc->allphi[b] && k < sc->lv->nin[b]; k++)
			note_def(sc, &ds, sc->lv->in[b][k], b, true);
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].kind == OK_PSEUDO &&
				    (i->ops[k].flags & OF_DEF))
					note_def(sc, &ds, i->ops[k].reg, b,
						 false);
	}
	int total = 0;
	for (int v = 0; v < np; v++) {
		sc->dstart[v] = total;
		total += ds.count[v];
		ds.count[v] = 0;
	}
	sc->dstart[np] = total;
	sc->dblk = ARENA_RAW(fn->arena, int, total + 1);
	const IntPairs *d = &ds.notes;
	for (int k = 0; k < d->n; k++)
		sc->dblk[sc->dstart[d->v[k]] + ds.count[d->v[k]]++] = d->b[k];
}

static void add_phi(SC *sc, int b, int v, int *cap)
{
	if (sc->nphi == *cap) {
		int c = *cap ? 2 * *cap : 16;
		sc->phiblk = arena_grow(sc->fn->arena, sc->phiblk,
					sizeof(int) * (size_t)*cap,
					sizeof(int) * (size_t)c);
		sc->phivar = arena_grow(sc->fn->arena, sc->phivar,
					sizeof(int) * (size_t)*cap,
					sizeof(int) * (size_t)c);
		*cap = c;
	}
	sc->phiblk[sc->nphi] = b;
	sc->phivar[sc->nphi++] = v;
}

/* Whether block b is reachable but has an unreachable predecessor, or
 * is unreachable and has predecessors. */
static bool needs_all_phis(const SC *sc, int b)
{
	const Blk *bb = sc->fn->blk[b];
	if (!cfg_reachable(sc->cfg, b))
		return bb->npred > 0;
	for (int k = 0; k < bb->npred; k++)
		if (!cfg_reachable(sc->cfg, bb->pred[k]))
			return true;
	return false;
}

/* Unreachable blocks are outside the dominator tree.  Each one with
 * predecessors, and each reachable block entered from one, gets a phi for
 * every pseudo live into it (maximal SSA at those blocks; the reachable
 * ones also count as definition blocks in the placement, so that their
 * phis get phis downstream where needed).  Versions then never flow
 * between reachable and unreachable code except through those phis, and
 * an undefined version lives only where it is read before any definition
 * from the entry or from an unreachable block without predecessors
 * (never around an unreachable loop, where a read-modify-write's old
 * version would outlive its instruction and its tie could not be met).
 * O(sum of those blocks' live-in sets). */
static void place_edge_phis(SC *sc, int *cap)
{
	for (int b = 0; b < sc->nb; b++)
		for (int k = 0; sc->allphi[b] && k < sc->lv->nin[b]; k++)
			if (sc->lv->in[b][k] < sc->np0)
				add_phi(sc, b, sc->lv->in[b][k], cap);
}

/* Pruned placement: for each pseudo with two or more definitions in
 * distinct blocks (the undefined version counting as one in the entry),
 * the iterated dominance frontier by a work list; a phi where the pseudo
 * is live in.  (A pseudo with one definition block that is not live into
 * the entry needs none: every path to a use passes its block first.  One
 * that is only live into the entry needs none either: all its versions
 * are the undefined one.) */
static void place_phis(SC *sc)
{
	Fn *fn = sc->fn;
	int nb = sc->nb, cap = 0;
	int *inwork = ARENA_NEW(fn->arena, int, nb + 1);
	int *placed = ARENA_NEW(fn->arena, int, nb + 1);
	int *work = ARENA_NEW(fn->arena, int, nb + 1);
	for (int b = 0; b < nb; b++)
		inwork[b] = placed[b] = -1;
	for (int v = 0; v < sc->np0; v++) {
		int s = sc->dstart[v], e = sc->dstart[v + 1];
		if (e - s + sc->twice[v] < 2)
			continue;
		int nw = 0;
		for (int k = s; k < e; k++) {
			work[nw++] = sc->dblk[k];
			inwork[sc->dblk[k]] = v;
		}
		while (nw) {
			int x = work[--nw];
			for (int k = sc->fstart[x]; k < sc->fstart[x + 1]; k++) {
				int y = sc->fblk[k];
				if (placed[y] == v)
					continue;
				placed[y] = v;
				if (!sc->allphi[y] && live_in_has(sc->lv, y, v))
					add_phi(sc, y, v, &cap);
				if (inwork[y] != v) {
					inwork[y] = v;
					work[nw++] = y;
				}
			}
		}
	}
	place_edge_phis(sc, &cap);
}

/* Creates the placed phis after each block's existing ones; sources
 * name the original pseudo until renaming reaches the predecessor. */
static void insert_phis(SC *sc)
{
	Fn *fn = sc->fn;
	Ins **lastphi = ARENA_NEW(fn->arena, Ins *, sc->nb + 1);
	for (int b = 0; b < sc->nb; b++)
		for (Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
		     i = i->next)
			lastphi[b] = i;
	for (int k = 0; k < sc->nphi; k++) {
		Blk *b = fn->blk[sc->phiblk[k]];
		int v = sc->phivar[k];
		Ins *phi = ins_new(fn, IK_PHI, 1 + b->npred);
		phi->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = v,
				   .tie = -1, .from = -1};
		for (int e = 0; e < b->npred; e++)
			phi->ops[1 + e] = (Op){.kind = OK_PSEUDO,
					       .flags = OF_USE, .reg = v,
					       .tie = -1, .from = b->pred[e]};
		ins_insert_after(b, lastphi[b->idx], phi);
		lastphi[b->idx] = phi;
	}
}

/* A new version of original pseudo v becomes current; op names it. */
static inline void define(SC *sc, Op *o)
{
	Fn *fn = sc->fn;
	int v = o->reg;
	int p = fn_new_pseudo(fn, fn->pseudo[v].cls, fn->pseudo[v].size);
	sc->ssa->origin[p] = v;
	sc->logv[sc->nlog] = v;
	sc->logold[sc->nlog++] = sc->cur[v];
	sc->cur[v] = p;
	o->reg = p;
}

static void undo(SC *sc, int mark)
{
	while (sc->nlog > mark) {
		sc->nlog--;
		sc->cur[sc->logv[sc->nlog]] = sc->logold[sc->nlog];
	}
}

static void add_rmw(SC *sc, SsaRmw r)
{
	if (sc->nrmw == sc->rmwcap) {
		int c = sc->rmwcap ? 2 * sc->rmwcap : 16;
		sc->rmw = arena_grow(sc->fn->arena, sc->rmw,
				     sizeof(SsaRmw) * (size_t)sc->rmwcap,
				     sizeof(SsaRmw) * (size_t)c);
		sc->rmwcap = c;
	}
	sc->rmw[sc->nrmw++] = r;
}

/* Renames a non-phi instruction: reads get the current versions, each
 * read-modify-write operand becomes a def with the old version read by an
 * appended tied use, then every def gets a fresh version. */
static void rename_ins(SC *sc, Ins *i)
{
	Fn *fn = sc->fn;
	int n = i->nops, nrmw = 0;
	for (int k = 0; k < n; k++) {
		Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || !op_reads(fn, o))
			continue;
		if (o->flags & OF_DEF)
			nrmw++;
		else
			o->reg = sc->cur[o->reg];
	}
	if (nrmw) {
		Op *ops = ARENA_NEW(fn->arena, Op, n + nrmw);
		for (int k = 0; k < n; k++)
			ops[k] = i->ops[k];
		int j = n;
		for (int k = 0; k < n; k++) {
			Op *o = &ops[k];
			if (o->kind != OK_PSEUDO || !(o->flags & OF_DEF) ||
			    !op_reads(fn, o))
				continue;
			ops[j] = (Op){.kind = OK_PSEUDO,
				      .flags = (uint8_t)(OF_USE |
							 (o->flags & OF_MEM)),
				      .tie = (int8_t)k, .sub_off = o->sub_off,
				      .sub_size = o->sub_size,
				      .reg = sc->cur[o->reg],
				      .allowed = o->allowed, .from = -1};
			add_rmw(sc, (SsaRmw){.uid = i->uid, .op = k, .use = j,
					     .flags = o->flags,
					     .sub_off = o->sub_off,
					     .sub_size = o->sub_size});
			o->flags &= (uint8_t)~OF_USE;
			o->sub_off = o->sub_size = 0;
			j++;
		}
		i->ops = ops;
		i->nops = n + nrmw;
	}
	for (int k = 0; k < n; k++)
		if (i->ops[k].kind == OK_PSEUDO && (i->ops[k].flags & OF_DEF))
			define(sc, &i->ops[k]);
}

/* Renames the phi i of block b: each def gets a fresh version. */
static void rename_phi(SC *sc, int b, Ins *i)
{
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].kind == OK_PSEUDO && (i->ops[k].flags & OF_DEF)) {
			if (sc->phiat && i->ops[k].reg < sc->np0)
				sc->phiat[i->ops[k].reg] = b + 1;
			define(sc, &i->ops[k]);
		}
}

/* Requires the renaming walk at block b, after b's phis (in) or after
 * its last instruction (!in).  Sets b's live-in (in) or live-out set of
 * sc->nlv from the original's liveness: each pseudo as the version
 * current there, one a phi of b defines left out of the live-in set,
 * the hard registers renumbered after the versions (live_rename_set). */
static void map_set(SC *sc, int b, bool in)
{
	live_rename_block(sc->nlv, sc->lv, sc->fn->arena, b, in, sc->np0,
			  sc->np1, sc->cur, sc->phiat, sc->ver);
}

/* Renames block b's phis and instructions (phis come first), then the
 * sources of its successors' phis that come from b; with sc->nlv, b's
 * sets of the SSA form's liveness (map_set). */
static void rename_block(SC *sc, int b)
{
	Fn *fn = sc->fn;
	Blk *bb = fn->blk[b];
	Ins *i = bb->first;
	for (; i && i->kind == IK_PHI; i = i->next)
		rename_phi(sc, b, i);
	if (sc->nlv)
		map_set(sc, b, true);
	for (; i; i = i->next)
		rename_ins(sc, i);
	if (sc->nlv)
		map_set(sc, b, false);
	for (int k = sc->sstart[b]; k < sc->sstart[b + 1]; k++)
		if (sc->src[k]->kind == OK_PSEUDO)
			sc->src[k]->reg = sc->cur[sc->src[k]->reg];
}

/* Indexes the phi sources (inserted phis included) by the block they
 * come from.  CSR, two passes: O(blocks + phi operands); phi operand
 * arrays are never reallocated, so the pointers stay valid. */
static void index_sources(SC *sc)
{
	Fn *fn = sc->fn;
	int nb = sc->nb;
	int *count = ARENA_NEW(fn->arena, int, nb + 1);
	sc->sstart = ARENA_NEW(fn->arena, int, nb + 1);
	for (int pass = 0; pass < 2; pass++) {
		for (int b = 0; b < nb; b++)
			for (Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
			     i = i->next)
				for (int k = 0; k < i->nops; k++) {
					Op *o = &i->ops[k];
					if ((o->flags & OF_DEF) || o->from < 0 ||
					    o->from >= nb)
						continue;
					if (pass == 0)
						count[o->from]++;
					else
						sc->src[sc->sstart[o->from] +
							count[o->from]++] = o;
				}
		if (pass == 0) {
			int total = 0;
			for (int b = 0; b < nb; b++) {
				sc->sstart[b] = total;
				total += count[b];
				count[b] = 0;
			}
			sc->sstart[nb] = total;
			sc->src = ARENA_NEW(fn->arena, Op *, total + 1);
		}
	}
}

/* The dominator tree in pre-order with an explicit stack of (block, undo
 * mark): leaving a subtree restores the versions current at its root.
 * Then each unreachable block on its own.  O(instructions + operands +
 * phi sources). */
static void rename_all(SC *sc)
{
	Fn *fn = sc->fn;
	const DomTree *d = sc->dom;
	int *stk = ARENA_NEW(fn->arena, int, d->norder + 1);
	int *mark = ARENA_NEW(fn->arena, int, d->norder + 1);
	int sp = 0;
	index_sources(sc);
	for (int k = 0; k < d->norder; k++) {
		int b = d->order[k];
		while (sp && d->last[stk[sp - 1]] < d->pre[b]) {
			sp--;
			undo(sc, mark[sp]);
		}
		stk[sp] = b;
		mark[sp++] = sc->nlog;
		rename_block(sc, b);
	}
	undo(sc, 0);
	for (int b = 0; b < sc->nb; b++)
		if (!cfg_reachable(sc->cfg, b)) {
			rename_block(sc, b);
			undo(sc, 0);
		}
}

static int cmp_rmw(const void *x, const void *y)
{
	const SsaRmw *a = x, *b = y;
	if (a->uid != b->uid)
		return (a->uid > b->uid) - (a->uid < b->uid);
	return (a->op > b->op) - (a->op < b->op);
}

bool ssa_construct(Fn *fn, Ssa *out, char *err, size_t errlen)
{
	return ssa_construct_live(fn, out, NULL, err, errlen);
}

bool ssa_construct_live(Fn *fn, Ssa *out, Live **lvp, char *err,
			size_t errlen)
{
	return ssa_construct_dom(fn, out, lvp, NULL, err, errlen);
}

bool ssa_construct_dom(Fn *fn, Ssa *out, Live **lvp, const DomTree **domp,
		       char *err, size_t errlen)
{
	if (lvp)
		*lvp = NULL;
	if (domp)
		*domp = NULL;
	*out = (Ssa){0};
	SC sc = {.fn = fn, .ssa = out, .err = err, .errlen = errlen,
		 .np0 = fn->npseudo, .nb = fn->nblk};
	int ndefs = 0;
	if (!check_input(&sc, &ndefs))
		return false;
	out->npseudo_orig = fn->npseudo;
	if (fn->nblk == 0) {
		out->norigin = out->origin_cap = fn->npseudo;
		out->origin = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
		for (int p = 0; p < fn->npseudo; p++)
			out->origin[p] = fn->pseudo[p].cls >= 0 ? p : -1;
		return true;
	}
	sc.cfg = cfg_build(fn);
	sc.dom = dom_build(fn, sc.cfg);
	sc.lv = live_compute(fn, sc.cfg);
	sc.allphi = ARENA_NEW(fn->arena, bool, sc.nb + 1);
	for (int b = 0; b < sc.nb; b++)
		sc.allphi[b] = needs_all_phis(&sc, b);
	def_blocks(&sc);
	DomFrontier df;
	dom_frontiers(sc.fn, sc.cfg, sc.dom, sc.fn->arena, &df);
	sc.fstart = df.start;
	sc.fblk = df.blk;
	place_phis(&sc);
	insert_phis(&sc);
	int e = fn->entry;
	for (int k = 0; k < sc.lv->nin[e]; k++)
		out->nundef += sc.lv->in[e][k] < sc.np0;
	out->nphi = sc.nphi;
	int total = sc.np0 + ndefs + sc.nphi;
	out->origin_cap = total;
	out->origin = ARENA_NEW(fn->arena, int, total + 1);
	for (int p = 0; p < sc.np0; p++)
		out->origin[p] = fn->pseudo[p].cls >= 0 ? p : -1;
	sc.cur = ARENA_NEW(fn->arena, int, sc.np0 + 1);
	for (int v = 0; v < sc.np0; v++)
		sc.cur[v] = v;
	sc.logv = ARENA_NEW(fn->arena, int, ndefs + sc.nphi + 1);
	sc.logold = ARENA_NEW(fn->arena, int, ndefs + sc.nphi + 1);
	/* the walk renames unreachable blocks each on its own: no
	 * liveness for them */
	if (lvp && sc.cfg->nrpo == fn->nblk) {
		sc.np1 = total;
		sc.nlv = live_new(fn, sc.cfg);
		sc.phiat = ARENA_NEW(fn->arena, int, sc.np0 + 1);
		sc.ver = ARENA_RAW(fn->arena, int, sc.lv->nval + 1);
	}
	rename_all(&sc);
	if (sc.nlv && fn->npseudo == total) {
		sc.nlv->npseudo = total;
		sc.nlv->nval = live_nval(fn);
		*lvp = sc.nlv;
		if (domp)
			*domp = sc.dom;
	}
	out->norigin = fn->npseudo;
	if (sc.nrmw)
		qsort(sc.rmw, (size_t)sc.nrmw, sizeof(SsaRmw), cmp_rmw);
	out->rmw = sc.rmw;
	out->nrmw = sc.nrmw;
	return true;
}

/* Records origin v for the fresh pseudo q (growing the table). */
static void set_origin(Fn *fn, Ssa *ssa, int q, int v)
{
	if (q >= ssa->origin_cap) {
		int cap = 2 * (q + 1);
		ssa->origin = arena_grow(fn->arena, ssa->origin,
					 sizeof(int) * (size_t)ssa->origin_cap,
					 sizeof(int) * (size_t)cap);
		ssa->origin_cap = cap;
	}
	for (int k = ssa->norigin; k < q; k++)
		ssa->origin[k] = -1;
	ssa->origin[q] = v;
	ssa->norigin = q + 1;
}

int ssa_new_version(Fn *fn, Ssa *ssa, int p)
{
	int q = fn_new_pseudo(fn, fn->pseudo[p].cls, fn->pseudo[p].size);
	set_origin(fn, ssa, q, ssa->origin[p]);
	return q;
}

int ssa_new_part(Fn *fn, Ssa *ssa, int cls)
{
	int q = fn_new_pseudo(fn, cls, fn->target->class_bytes[cls]);
	set_origin(fn, ssa, q, SSA_PART);
	return q;
}

const SsaRmw *ssa_rmw_of(const Ssa *ssa, int uid, int *n)
{
	/* sorted by uid: outside the first and last entries' uids, none */
	if (!ssa->nrmw || uid < ssa->rmw[0].uid ||
	    uid > ssa->rmw[ssa->nrmw - 1].uid) {
		*n = 0;
		return NULL;
	}
	int lo = 0, hi = ssa->nrmw;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (ssa->rmw[mid].uid < uid)
			lo = mid + 1;
		else
			hi = mid;
	}
	int k = lo;
	while (k < ssa->nrmw && ssa->rmw[k].uid == uid)
		k++;
	*n = k - lo;
	return k > lo ? &ssa->rmw[lo] : NULL;
}

int ssa_nops_orig(const Ssa *ssa, const Ins *i)
{
	if (i->uid <= 0)
		return i->nops;
	int n;
	const SsaRmw *r = ssa_rmw_of(ssa, i->uid, &n);
	return n ? r[0].use : i->nops;
}
