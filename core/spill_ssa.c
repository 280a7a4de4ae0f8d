/* spill_ssa.c - SSA reconstruction after the spiller inserted its code
 * (see spill_int.h): each reload defines a new version; phis go at the
 * iterated dominance frontier of the versions, and reads are renamed to
 * the nearest reaching version along the dominator tree; phis nothing
 * reads go.  Requires the inserted code (spill_insert.c). */
#include "spill_int.h"

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

/* A new phi for v at the start of b, sources all v (renamed later);
 * b marked in vdef. */
static void add_phi(Sp *s, Blk *b, int v, uint8_t **isnew, int *cap,
		    uint8_t *vdef)
{
	vdef[b->idx] = 1;
	Ins *i = ins_new(s->fn, IK_PHI, 1 + b->npred);
	int p = sp_new_version(s, v);
	i->ops[0] = sp_pseudo_op(p, OF_DEF);
	for (int q = 0; q < b->npred; q++) {
		i->ops[1 + q] = sp_pseudo_op(v, OF_USE);
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
 * where it is in registers at the entry; their blocks marked in vdef. */
static void place_phis(Sp *s, const Cfg *cfg, const DomFrontier *df, uint8_t **isnew,
		       int *cap, uint8_t *vdef)
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
					add_phi(s, fn->blk[y], v, isnew, cap, vdef);
				if (onwork[y] != v) {
					onwork[y] = v;
					work[sp++] = y;
				}
			}
		}
	}
}

/* What the renaming learns for drop_dead_phis, per pseudo: the reads
 * renamed to each version (uses), and the instruction and block of each
 * version that a new phi, reload or rematerialization defines (def,
 * pblk; NULL for the others). */
typedef struct Versions {
	int *uses;
	Ins **def;
	int *pblk;
} Versions;

/* Renames the reads of block x's instructions and of its successors'
 * phis to the current versions (top), pushing the versions it defines on
 * the undo log and noting their definitions and reads in *vs. */
static void rename_block(Sp *s, int x, int *top, IVec *undo,
			 const uint8_t *isnew, int isnewcap, Versions *vs)
{
	Fn *fn = s->fn;
	Blk *b = fn->blk[x];
	int np0 = s->npseudo0;
	for (Ins *i = b->first; i; i = i->next) {
		if (i->kind != IK_PHI) {
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				/* a read of an input pseudo in a register: the
				 * tests combined, one branch */
				bool rd = (o->kind == OK_PSEUDO) &
					  (o->loc.kind != LOC_SLOT) &
					  !(o->flags & OF_DEF) &
					  (o->reg < np0);
				if (rd && s->renamed[o->reg]) {
					o->reg = top[o->reg];
					vs->uses[o->reg]++;
				}
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
		if (!version || p < np0)
			continue;
		vs->def[p] = i;
		vs->pblk[p] = x;
		int v = s->copy_of.v[p - np0];
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
				    o->loc.kind != LOC_SLOT && o->reg < np0 &&
				    s->renamed[o->reg]) {
					o->reg = top[o->reg];
					vs->uses[o->reg]++;
				}
			}
}

/* Walks the dominator tree (explicit stack), renaming.  vdef: per block,
 * whether it defines a version (a new reload, rematerialization or
 * phi).  A block that defines none, reached with no version in scope
 * (every value its own version), renames nothing: it is skipped. */
static void rename_all(Sp *s, const DomTree *dom, const uint8_t *isnew,
		       int isnewcap, const uint8_t *vdef, Versions *vs)
{
	Fn *fn = s->fn;
	int *top = ARENA_RAW(s->a, int, fn->npseudo + 1);
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
		if (undo.n > 0 || vdef[x])
			rename_block(s, x, top, &undo, isnew, isnewcap, vs);
		for (int c = dom->nchild[x] - 1; c >= 0; c--)
			iv_push(s, &stk, dom->child[dom->cstart[x] + c]);
	}
}

/* Removes the new phis, reloads and rematerializations whose definition
 * nothing reads, transitively: a reload on an edge whose value the
 * registers drop before any read (an entry-set value evicted unread in a
 * later block) goes with the phis it feeds.  vs: from rename_all (the
 * versions are defined and read only in the blocks it renames). */
static void drop_dead_phis(Sp *s, Versions *vs)
{
	Fn *fn = s->fn;
	int np = fn->npseudo;
	int *uses = vs->uses;
	Ins **def = vs->def;
	IVec work = {0};
	for (int p = s->npseudo0; p < np; p++)
		if (def[p] && uses[p] == 0)
			iv_push(s, &work, p);
	while (work.n > 0) {
		int p = work.v[--work.n];
		Ins *i = def[p];
		if (!i)
			continue;
		def[p] = NULL;
		ins_remove(fn->blk[vs->pblk[p]], i);
		if (i->kind == IK_PHI)
			s->st.newphis--;
		else
			s->st.unread++;
		for (int k = 1; k < i->nops; k++) {
			int a = i->ops[k].reg;
			if (i->ops[k].kind == OK_PSEUDO &&
			    !(i->ops[k].flags & OF_DEF) &&
			    i->ops[k].loc.kind != LOC_SLOT && a >= s->npseudo0 &&
			    --uses[a] == 0 && def[a])
				iv_push(s, &work, a);
		}
	}
}


void sp_rebuild_ssa(Sp *s, const Cfg *cfg, const DomTree *dom)
{
	s->renamed = ARENA_NEW(s->a, uint8_t, s->npseudo0 + 1);
	for (int j = 0; j < s->verval.n; j++)
		s->renamed[s->verval.v[j]] = 1;
	DomFrontier df;
	dom_frontiers(s->fn, cfg, dom, s->a, &df);
	int cap = s->fn->npseudo + 16;
	uint8_t *isnew = ARENA_NEW(s->a, uint8_t, cap);
	/* the blocks defining versions: those of the reloads and remats,
	 * then those of the phis */
	uint8_t *vdef = ARENA_NEW(s->a, uint8_t, s->fn->nblk + 1);
	for (int j = 0; j < s->verblk.n; j++)
		vdef[s->verblk.v[j]] = 1;
	place_phis(s, cfg, &df, &isnew, &cap, vdef);
	int np = s->fn->npseudo;
	Versions vs = {.uses = ARENA_NEW(s->a, int, np + 1),
		       .def = ARENA_NEW(s->a, Ins *, np + 1),
		       .pblk = ARENA_RAW(s->a, int, np + 1)};
	rename_all(s, dom, isnew, cap, vdef, &vs);
	drop_dead_phis(s, &vs);
	s->veruses = vs.uses;
}

