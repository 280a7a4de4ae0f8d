/* vlive.c - setup, the liveness of the original values: on the blocks
 * of f (which slots to prune) and on the original's (W, the values
 * possibly undefined: the pseudos live at its entry, the phis they
 * feed, the clobbered hard registers).  Needs setup's correspondence. */
#include "vstate.h"

#include <stdlib.h>
#include <string.h>

/* ---- Liveness of the original values, on the blocks of f and of o ------ */

/* (value, block) pairs. */
typedef struct Pairs {
	int *v, *b;
	int n, cap;
} Pairs;

static void pair_add(Pairs *p, int v, int b)
{
	if (p->n == p->cap) {
		int cap = p->cap;
		p->v = grow(p->v, sizeof(int), &cap, p->n + 1);
		p->b = verify_xrealloc(p->b, sizeof(int) * (size_t)cap);
		p->cap = cap;
	}
	p->v[p->n] = v;
	p->b[p->n++] = b;
}

/* Groups pairs by value: for value v the blocks are
 * b[start[v] .. start[v+1]-1] (start malloc'ed, nval + 1 entries). */
static int *group(Pairs *p, int nval)
{
	int *start = calloc((size_t)nval + 2, sizeof(int));
	int *tmp = verify_xrealloc(NULL, sizeof(int) * (size_t)(p->n + 1));
	if (!start)
		abort();
	for (int k = 0; k < p->n; k++)
		start[p->v[k] + 1]++;
	for (int v = 0; v < nval; v++)
		start[v + 1] += start[v];
	int *pos = verify_xrealloc(NULL, sizeof(int) * (size_t)(nval + 1));
	memcpy(pos, start, sizeof(int) * (size_t)nval);
	for (int k = 0; k < p->n; k++)
		tmp[pos[p->v[k]]++] = p->b[k];
	free(pos);
	free(p->b);
	p->b = tmp;
	return start;
}

/* A function seen as blocks of original instructions: f (through the
 * correspondence) or o itself. */
typedef struct View {
	const Fn *fn;
	int nblk, entry;
	const int *ibase;      /* per block: first instruction's index in om */
	const Ins *const *om;  /* per instruction: its original, or NULL */
	const int *oblk;       /* per block: the original block (phis) */
	const int *eorig;      /* per block: original block its edges leave */
	const int *npred;
	int *const *pred;
	bool orig;             /* the view of o itself (else of f) */
} View;

/* The throwing instruction of view block b (an original instruction),
 * or NULL: exception edges (docs/VERIFY.md "Exception edges"). */
static const Ins *view_eh_ins(const Chk *c, const View *w, int b)
{
	if (!w->orig)
		return c->eh_ins[b];
	const Blk *bb = c->o->blk[b];
	for (int k = 0; k < bb->nsucc; k++)
		if (bb->succ[k].flags & EF_EXC)
			return bb->last;
	return NULL;
}

/* The edge a -> b of the view: EF_EH or EF_ABCALL (an exceptional
 * edge, on which a's last original instruction does not complete), or
 * 0. */
static int view_eh_edge(const Chk *c, const View *w, int a, int b)
{
	if (!w->orig)
		return !eh_edge(c, a, b) ? 0
		       : c->abcall[a]    ? EF_ABCALL
					 : EF_EH;
	const Blk *ab = c->o->blk[a];
	for (int k = 0; k < ab->nsucc; k++)
		if (ab->succ[k].blk == b)
			return ab->succ[k].flags & EF_EXC;
	return 0;
}

/* Values live at each block's entry, under the original's semantics
 * replayed on the view's blocks (original instructions read and define,
 * phis of the original define at a block's entry and read at the end of
 * the predecessor edge, inserted instructions neither), by exploring back
 * from each use to the definitions.  Fills live[b] (sorted, arena) and
 * nlive[b]. */
static void live_in_sets(Chk *c, const View *w, int **live_out_, int *nlive)
{
	const Fn *f = w->fn;
	int nv = c->nval, n = w->nblk;
	/* dx: the definitions but the throwing instruction's, which an
	 * EH edge leaves before (its values stay live across it) */
	Pairs ue = {0}, df = {0}, dx = {0}, ps = {0}, pd = {0}, live = {0};
	int *defx = verify_xrealloc(NULL, sizeof(int) * (size_t)nv);
	for (int v = 0; v < nv; v++)
		defx[v] = -1;
	int *defd = verify_xrealloc(NULL, sizeof(int) * (size_t)nv);
	int *uem = verify_xrealloc(NULL, sizeof(int) * (size_t)nv);
	for (int v = 0; v < nv; v++)
		defd[v] = uem[v] = -1;
	for (int b = 0; b < n; b++) {
		int pos = 0, base = w->ibase[b];
		for (const Ins *i = f->blk[b]->first; i; i = i->next, pos++) {
			const Ins *o = w->om[base + pos];
			if (!o)
				continue;
			for (int k = 0; k < o->nops; k++) {
				const Op *op = &o->ops[k];
				int v = value_of(c, op);
				if (op_is_value(op) && op_reads(c->o, op) &&
				    defd[v] != b && uem[v] != b) {
					uem[v] = b;
					pair_add(&ue, v, b);
				}
			}
			for (int k = 0; k < o->nops; k++) {
				const Op *op = &o->ops[k];
				int v = value_of(c, op);
				if (op_is_value(op) && (op->flags & OF_DEF) &&
				    defd[v] != b) {
					defd[v] = b;
					pair_add(&df, v, b);
				}
				if (op_is_value(op) && (op->flags & OF_DEF) &&
				    defx[v] != b && o != view_eh_ins(c, w, b)) {
					defx[v] = b;
					pair_add(&dx, v, b);
				}
			}
		}
		int ob = w->oblk[b];
		if (ob < 0 || !c->nphi[ob])
			continue;
		for (int k = 0; k < c->nphi[ob]; k++) {
			const Ins *phi = c->phi[ob][k];
			pair_add(&pd, value_of(c, &phi->ops[0]), b);
			for (int j = 0; j < w->npred[b]; j++) {
				const Op *src =
					phi_src(phi, w->eorig[w->pred[b][j]]);
				if (src)
					pair_add(&ps, value_of(c, src),
						 w->pred[b][j]);
			}
		}
	}
	free(defd);
	free(defx);
	free(uem);
	int *sue = group(&ue, nv), *sdf = group(&df, nv), *sdx = group(&dx, nv);
	int *sps = group(&ps, nv), *spd = group(&pd, nv);
	int *bdef = verify_xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	int *bdefx = verify_xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	int *bphi = verify_xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	int *mark = verify_xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	int *stack = verify_xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	for (int b = 0; b < n; b++)
		bdef[b] = bdefx[b] = bphi[b] = mark[b] = -1;
	for (int v = 0; v < nv; v++) {
		if (sue[v] == sue[v + 1] && sps[v] == sps[v + 1])
			continue;
		for (int k = sdf[v]; k < sdf[v + 1]; k++)
			bdef[df.b[k]] = v;
		for (int k = sdx[v]; k < sdx[v + 1]; k++)
			bdefx[dx.b[k]] = v;
		/* the unwinder defines ax and dx on an EH edge */
		bool ehdata = v == c->npseudo + R_AX || v == c->npseudo + R_DX;
		for (int k = spd[v]; k < spd[v + 1]; k++)
			bphi[pd.b[k]] = v;
		int sp = 0;
		for (int k = sue[v]; k < sue[v + 1]; k++)
			if (mark[ue.b[k]] != v) {
				mark[ue.b[k]] = v;
				pair_add(&live, v, ue.b[k]);
				stack[sp++] = ue.b[k];
			}
		for (int k = sps[v]; k < sps[v + 1]; k++) {
			int a = ps.b[k];
			if (bdef[a] != v && mark[a] != v) {
				mark[a] = v;
				pair_add(&live, v, a);
				stack[sp++] = a;
			}
		}
		while (sp) {
			int b = stack[--sp];
			if (bphi[b] == v)
				continue; /* defined on entry to b */
			for (int k = 0; k < w->npred[b]; k++) {
				int a = w->pred[b][k];
				int eh = view_eh_edge(c, w, a, b);
				if ((eh & EF_EH) && ehdata)
					continue;
				if ((eh ? bdefx[a] : bdef[a]) != v &&
				    mark[a] != v) {
					mark[a] = v;
					pair_add(&live, v, a);
					stack[sp++] = a;
				}
			}
		}
	}
	free(bdef);
	free(bdefx);
	free(bphi);
	free(mark);
	free(stack);
	/* per block, values increasing (the pairs are in increasing value
	 * order and the grouping is stable) */
	for (int k = 0; k < live.n; k++) {
		int t = live.v[k];
		live.v[k] = live.b[k];
		live.b[k] = t;
	}
	int *sl = group(&live, n);
	for (int b = 0; b < n; b++) {
		nlive[b] = sl[b + 1] - sl[b];
		live_out_[b] = ARENA_NEW(c->a, int, nlive[b] + 1);
		memcpy(live_out_[b], live.b + sl[b],
		       sizeof(int) * (size_t)nlive[b]);
	}
	free(sue);
	free(sdf);
	free(sdx);
	free(sps);
	free(spd);
	free(sl);
	Pairs *all[] = {&ue, &df, &dx, &ps, &pd, &live};
	for (int k = 0; k < 6; k++) {
		free(all[k]->v);
		free(all[k]->b);
	}
}

/* The next original instruction of a view's block from *i on (its
 * index *pos, the block's first in om base), moving past it; NULL at
 * the end. */
static const Ins *next_orig(const View *w, int base, const Ins **i, int *pos)
{
	for (; *i; *i = (*i)->next, (*pos)++) {
		const Ins *o = w->om[base + *pos];
		if (o) {
			*i = (*i)->next;
			(*pos)++;
			return o;
		}
	}
	return NULL;
}

/* Whether live_in_sets gives views x and y the same sets: the same
 * blocks, phis, edges (exceptional alike), throwing instructions and
 * original instructions in the same order (GCC's allocation of a
 * function whose blocks it kept as they were). */
static bool views_alike(const Chk *c, const View *x, const View *y)
{
	if (x->nblk != y->nblk || x->entry != y->entry)
		return false;
	for (int b = 0; b < x->nblk; b++) {
		if (x->oblk[b] != y->oblk[b] || x->eorig[b] != y->eorig[b] ||
		    x->npred[b] != y->npred[b] ||
		    view_eh_ins(c, x, b) != view_eh_ins(c, y, b))
			return false;
		for (int k = 0; k < x->npred[b]; k++) {
			int a = x->pred[b][k];
			if (a != y->pred[b][k])
				return false;
			int ex = view_eh_edge(c, x, a, b);
			int ey = view_eh_edge(c, y, a, b);
			if ((ex != 0) != (ey != 0) ||
			    ((ex & EF_EH) != 0) != ((ey & EF_EH) != 0))
				return false;
		}
		const Ins *i = x->fn->blk[b]->first, *j = y->fn->blk[b]->first;
		int pi = 0, pj = 0;
		for (;;) {
			const Ins *oi = next_orig(x, x->ibase[b], &i, &pi);
			const Ins *oj = next_orig(y, y->ibase[b], &j, &pj);
			if (oi != oj)
				return false;
			if (!oi)
				break;
		}
	}
	return true;
}

void setup_live(Chk *c)
{
	const Fn *f = c->f, *o = c->o;
	View vf = {f, c->nblk, f->entry, c->ibase, c->om, c->oblk, c->eorig,
		   c->npred, c->pred, false};
	live_in_sets(c, &vf, c->live, c->nlive);

	int n = o->nblk, nins = 0;
	int *ibase = ARENA_NEW(c->a, int, n + 1);
	int *self = ARENA_NEW(c->a, int, n + 1);
	int *npred = ARENA_NEW(c->a, int, n + 1);
	int **pred = ARENA_NEW(c->a, int *, n + 1);
	for (int b = 0; b < n; b++) {
		ibase[b] = nins;
		nins += blk_nins(o->blk[b]);
		self[b] = b;
		for (int k = 0; k < o->blk[b]->nsucc; k++)
			npred[o->blk[b]->succ[k].blk]++;
	}
	const Ins **om = ARENA_NEW(c->a, const Ins *, nins + 1);
	for (int b = 0; b < n; b++) {
		pred[b] = ARENA_NEW(c->a, int, npred[b] + 1);
		npred[b] = 0;
		int k = ibase[b];
		for (const Ins *i = o->blk[b]->first; i; i = i->next, k++)
			om[k] = i->kind == IK_PHI ? NULL : i;
	}
	for (int b = 0; b < n; b++)
		for (int k = 0; k < o->blk[b]->nsucc; k++) {
			int s = o->blk[b]->succ[k].blk;
			pred[s][npred[s]++] = b;
		}
	View vo = {o, n, o->entry, ibase, om, self, self, npred, pred, true};
	int **olive = c->live, *nolive = c->nlive;
	if (!views_alike(c, &vf, &vo)) {
		olive = ARENA_NEW(c->a, int *, n + 1);
		nolive = ARENA_NEW(c->a, int, n + 1);
		live_in_sets(c, &vo, olive, nolive);
	}
	for (int k = 0; k < nolive[o->entry]; k++)
		if (olive[o->entry][k] < c->npseudo)
			c->isW[olive[o->entry][k]] = true;
	for (bool more = true; more;) {
		more = w_close_copies(c);
		for (int b = 0; b < n; b++)
			for (int k = 0; k < c->nphi[b]; k++) {
				const Ins *phi = c->phi[b][k];
				int d = value_of(c, &phi->ops[0]);
				for (int j = 1; j < phi->nops && !c->isW[d];
				     j++)
					if (c->isW[value_of(c, &phi->ops[j])]) {
						c->isW[d] = true;
						more = true;
					}
			}
	}
	/* a hard register an original instruction clobbers: its value is
	 * undefined after the clobber (undefine_clobbered) */
	RegSet clobbered = 0;
	for (int b = 0; b < n; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next)
			clobbered |= i->clobbers;
	for (; clobbered; clobbered &= clobbered - 1) {
		int r = regset_first(clobbered);
		if (r >= TGT_NREGS)
			break;
		c->isW[c->npseudo + r] = true;
	}
	for (int v = 0; v < c->nval; v++)
		c->widx[v] = c->isW[v] ? c->nW++ : -1;
	c->nwords = (c->nW + 63) / 64;
	int nw = c->nwords + 1;
	c->curD = ARENA_NEW(c->a, uint64_t, nw);
	c->acc.def = ARENA_NEW(c->a, uint64_t, nw);
	c->acc2.def = ARENA_NEW(c->a, uint64_t, nw);
	c->tmp.def = ARENA_NEW(c->a, uint64_t, nw);
}
