/* coalopt.c - optimal coalescing of ssa_alloc's colouring problem by
 * integer linear programming (coalopt.h): the problem captured by the
 * allocator's probe, the model, GLPK's branch and cut with ssa's
 * coalesced colouring as the first solution. */
#include "coalopt.h"
#include "lpterms.h"

#include <glpk.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "colour.h"
#include "ilp.h"
#include "lpterms.h"
#include "regset.h"

static void *xalloc(size_t n)
{
	void *p = calloc(n ? n : 1, 1);
	if (!p)
		abort();
	return p;
}

/* An affinity between two units (b >= 0) or a unit and register -1-b,
 * weights of parallel ones summed. */
typedef struct UAff {
	int a, b;
	double w;
} UAff;

/* The captured problem: units (tie units with a register operand). */
typedef struct Cap {
	bool have;           /* a colouring was captured */
	bool mixed;          /* some unit has members of different widths */
	int np;              /* pseudos */
	int n;               /* units */
	int *unit;           /* per pseudo: its unit, -1 = none */
	RegSet *adm;         /* per unit */
	int *width;          /* per unit */
	int *before, *after; /* per unit: ssa's register before / after
			      * coalescing, -1 unknown */
	int *estart, *enbr;  /* unit interference (CSR, both ways, sorted) */
	UAff *aff;
	int naff;
	double total;        /* all affinity weight */
	double fixed_unmet;  /* of affinities no colouring can meet (an end
			      * without a register, a register not
			      * admissible, two interfering ends) */
} Cap;

static void cap_free(Cap *k)
{
	free(k->unit);
	free(k->adm);
	free(k->width);
	free(k->before);
	free(k->after);
	free(k->estart);
	free(k->enbr);
	free(k->aff);
	*k = (Cap){0};
}

static int cmp_pair(const void *x, const void *y)
{
	const int *a = x, *b = y;
	return a[0] != b[0] ? (a[0] > b[0]) - (a[0] < b[0])
			    : (a[1] > b[1]) - (a[1] < b[1]);
}

/* Whether units u and v interfere (binary search in u's row). */
static bool adjacent(const Cap *k, int u, int v)
{
	int lo = k->estart[u], hi = k->estart[u + 1];
	while (lo < hi) {
		int m = (lo + hi) / 2;
		if (k->enbr[m] == v)
			return true;
		if (k->enbr[m] < v)
			lo = m + 1;
		else
			hi = m;
	}
	return false;
}

/* The unit interference graph of c (CSR in k). */
static void cap_edges(Cap *k, const Colour *c)
{
	size_t cap = 64, n = 0;
	int *pairs = xalloc(sizeof(int) * 2 * cap);
	for (int p = 0; p < c->np; p++) {
		int u = k->unit[p];
		for (int e = u < 0 ? 0 : c->nstart[p];
		     u >= 0 && e < c->nstart[p + 1]; e++) {
			int v = c->nbr[e] < c->np ? k->unit[c->nbr[e]] : -1;
			if (v < 0 || v == u)
				continue;
			if (n + 2 > cap) {
				cap *= 2;
				pairs = realloc(pairs, sizeof(int) * 2 * cap);
				if (!pairs)
					abort();
			}
			pairs[2 * n] = u, pairs[2 * n + 1] = v, n++;
			pairs[2 * n] = v, pairs[2 * n + 1] = u, n++;
		}
	}
	qsort(pairs, n, 2 * sizeof(int), cmp_pair);
	k->estart = xalloc(sizeof(int) * (size_t)(k->n + 1));
	k->enbr = xalloc(sizeof(int) * (n + 1));
	int m = 0;
	for (size_t i = 0; i < n; i++) {
		if (i && pairs[2 * i] == pairs[2 * i - 2] &&
		    pairs[2 * i + 1] == pairs[2 * i - 1])
			continue;
		k->estart[pairs[2 * i] + 1]++;
		k->enbr[m++] = pairs[2 * i + 1];
	}
	for (int u = 0; u < k->n; u++)
		k->estart[u + 1] += k->estart[u];
	free(pairs);
}

static int cmp_uaff(const void *x, const void *y)
{
	const UAff *a = x, *b = y;
	return a->a != b->a ? (a->a > b->a) - (a->a < b->a)
			    : (a->b > b->b) - (a->b < b->b);
}

/* The affinities of c between units, parallel ones merged; those no
 * colouring meets into k->fixed_unmet, those always met dropped. */
static void cap_affinities(Cap *k, const Colour *c)
{
	k->aff = xalloc(sizeof(UAff) * (size_t)(c->naff + 1));
	for (int i = 0; i < c->naff; i++) {
		const ColAff *a = &c->aff[i];
		double w = (double)a->w;
		k->total += w;
		int u = a->a < k->np ? k->unit[a->a] : -1;
		int v = a->b < 0 ? a->b : a->b < k->np ? k->unit[a->b] : -1;
		if (u < 0 || (a->b >= 0 && v < 0)) { /* an end without a register */
			k->fixed_unmet += w;
			continue;
		}
		if (v == u)
			continue; /* one unit: met */
		if (v < 0 && !RS_HAS(k->adm[u], -1 - v)) {
			k->fixed_unmet += w;
			continue;
		}
		if (v >= 0 && adjacent(k, u, v)) {
			k->fixed_unmet += w;
			continue;
		}
		UAff x = {u, v, w};
		if (v >= 0 && v < u)
			x.a = v, x.b = u;
		k->aff[k->naff++] = x;
	}
	qsort(k->aff, (size_t)k->naff, sizeof(UAff), cmp_uaff);
	int m = 0;
	for (int i = 0; i < k->naff; i++) {
		if (m && k->aff[m - 1].a == k->aff[i].a &&
		    k->aff[m - 1].b == k->aff[i].b)
			k->aff[m - 1].w += k->aff[i].w;
		else
			k->aff[m++] = k->aff[i];
	}
	k->naff = m;
}

/* Captures c's problem into k (replacing an earlier attempt's). */
static void capture(Cap *k, const Colour *c)
{
	cap_free(k);
	k->have = true;
	k->np = c->np;
	k->unit = xalloc(sizeof(int) * (size_t)(c->np + 1));
	int *of_rep = xalloc(sizeof(int) * (size_t)(c->np + 1));
	for (int p = 0; p < c->np; p++)
		of_rep[p] = -1;
	for (int p = 0; p < c->np; p++) {
		k->unit[p] = -1;
		if (!c->need[p])
			continue;
		int r = colour_unit(c, p);
		if (of_rep[r] < 0)
			of_rep[r] = k->n++;
		k->unit[p] = of_rep[r];
	}
	free(of_rep);
	k->adm = xalloc(sizeof(RegSet) * (size_t)(k->n + 1));
	k->width = xalloc(sizeof(int) * (size_t)(k->n + 1));
	k->before = xalloc(sizeof(int) * (size_t)(k->n + 1));
	k->after = xalloc(sizeof(int) * (size_t)(k->n + 1));
	for (int u = 0; u < k->n; u++) {
		k->adm[u] = ~(RegSet)0;
		k->before[u] = k->after[u] = -1;
	}
	for (int p = 0; p < c->np; p++) {
		int u = k->unit[p];
		if (u < 0)
			continue;
		k->adm[u] &= c->adm[p];
		if (k->width[u] && k->width[u] != c->width[p])
			k->mixed = true;
		if (c->width[p] > k->width[u])
			k->width[u] = c->width[p];
		k->before[u] = c->reg[p];
	}
	cap_edges(k, c);
	cap_affinities(k, c);
}

/* ssa's coalesced registers into k->after. */
static void capture_after(Cap *k, const Colour *c)
{
	for (int p = 0; p < c->np && p < k->np; p++)
		if (k->unit[p] >= 0)
			k->after[k->unit[p]] = c->reg[p];
}

static void probe(const Fn *fn, const Colour *c, bool after, void *arg)
{
	(void)fn;
	if (after)
		capture_after(arg, c);
	else
		capture(arg, c);
}

/* The unmet affinity weight of the registers reg (per unit). */
static double unmet_of(const Cap *k, const int *reg)
{
	double s = k->fixed_unmet;
	for (int i = 0; i < k->naff; i++) {
		const UAff *a = &k->aff[i];
		int rb = a->b < 0 ? -1 - a->b : reg[a->b];
		if (reg[a->a] < 0 || reg[a->a] != rb)
			s += a->w;
	}
	return s;
}

/* ---- the model ---- */

typedef struct Mdl {
	const Cap *k;
	int *xstart;   /* per unit: its first x column (1-based) */
	int ncol;
	int ycol0;     /* the first y column: one per value-value affinity */
	double konst;  /* the objective's constant */
	double *obj;
	int nrow, caprow;
	LpTerms t;
	int *rtype;    /* per row: GLP_UP or GLP_LO */
	double *rb;    /* per row: the bound */
	bool *covered; /* per CSR entry: the edge is in some clique */
} Mdl;


static void mrow(Mdl *m, int type, double b)
{
	if (++m->nrow >= m->caprow) {
		m->caprow = 2 * m->nrow + 64;
		m->rtype = lp_realloc(m->rtype, sizeof(int) * (size_t)m->caprow);
		m->rb = lp_realloc(m->rb, sizeof(double) * (size_t)m->caprow);
	}
	m->rtype[m->nrow] = type;
	m->rb[m->nrow] = b;
}

static void mterm(Mdl *m, int col, double coef)
{
	lp_term(&m->t, m->nrow, col, coef);
}

/* The column of x[u,r], 0 when r is not admissible to u. */
static int xcol(const Mdl *m, int u, int r)
{
	RegSet a = m->k->adm[u];
	if (!RS_HAS(a, r))
		return 0;
	return m->xstart[u] + regset_count(a & (RS_BIT(r) - 1));
}

/* Per register t, at most one of the units in cl (n of them) occupies
 * t (a unit of width w in r occupies r .. r + w - 1). */
static void clique_rows(Mdl *m, const int *cl, int n)
{
	const Cap *k = m->k;
	for (int t = 0; t < 64; t++) {
		int users = 0;
		for (int i = 0; i < n; i++)
			for (int d = 0; d < k->width[cl[i]] && d <= t; d++)
				if (RS_HAS(k->adm[cl[i]], t - d)) {
					users++;
					break;
				}
		if (users < 2)
			continue;
		mrow(m, GLP_UP, 1);
		for (int i = 0; i < n; i++)
			for (int d = 0; d < k->width[cl[i]] && d <= t; d++)
				if (RS_HAS(k->adm[cl[i]], t - d))
					mterm(m, xcol(m, cl[i], t - d), 1);
	}
}

/* Marks the CSR entries of the edges among cl covered. */
static void cover(Mdl *m, const int *cl, int n)
{
	const Cap *k = m->k;
	for (int i = 0; i < n; i++)
		for (int e = k->estart[cl[i]]; e < k->estart[cl[i] + 1]; e++)
			for (int j = 0; j < n; j++)
				if (k->enbr[e] == cl[j])
					m->covered[e] = true;
}

/* A greedy cover of the interference edges by cliques, a row per
 * clique and register. */
static void interference_rows(Mdl *m)
{
	const Cap *k = m->k;
	int ne = k->estart[k->n];
	m->covered = xalloc((size_t)ne + 1);
	int *cl = xalloc(sizeof(int) * (size_t)(k->n + 1));
	for (int u = 0; u < k->n; u++)
		for (int e = k->estart[u]; e < k->estart[u + 1]; e++) {
			if (m->covered[e])
				continue;
			int n = 0;
			cl[n++] = u;
			cl[n++] = k->enbr[e];
			for (int f = k->estart[u]; f < k->estart[u + 1]; f++) {
				int w = k->enbr[f];
				bool all = w != cl[1];
				for (int j = 1; j < n && all; j++)
					all = adjacent(k, w, cl[j]);
				if (all)
					cl[n++] = w;
			}
			clique_rows(m, cl, n);
			cover(m, cl, n);
		}
	free(cl);
	free(m->covered);
	m->covered = NULL;
}

/* The columns, objective and rows of k. */
static void build(Mdl *m, const Cap *k)
{
	m->k = k;
	m->xstart = xalloc(sizeof(int) * (size_t)(k->n + 1));
	m->ncol = 0;
	for (int u = 0; u < k->n; u++) {
		m->xstart[u] = m->ncol + 1;
		m->ncol += regset_count(k->adm[u]);
	}
	m->ycol0 = m->ncol + 1;
	for (int i = 0; i < k->naff; i++)
		m->ncol += k->aff[i].b >= 0;
	m->obj = xalloc(sizeof(double) * (size_t)(m->ncol + 1));
	m->konst = k->fixed_unmet;
	for (int u = 0; u < k->n; u++) { /* one register per unit */
		mrow(m, GLP_FX, 1);
		for (int r = 0; r < 64; r++)
			if (RS_HAS(k->adm[u], r))
				mterm(m, xcol(m, u, r), 1);
	}
	interference_rows(m);
	int y = m->ycol0;
	for (int i = 0; i < k->naff; i++) {
		const UAff *a = &k->aff[i];
		if (a->b < 0) { /* w (1 - x[a,R]) */
			m->konst += a->w;
			m->obj[xcol(m, a->a, -1 - a->b)] -= a->w;
			continue;
		}
		m->obj[y] = a->w;
		int s = a->a, t = a->b; /* rows over the smaller set */
		if (regset_count(k->adm[t]) < regset_count(k->adm[s]))
			s = a->b, t = a->a;
		for (int r = 0; r < 64; r++) {
			if (!RS_HAS(k->adm[s], r))
				continue;
			mrow(m, GLP_LO, 0); /* y - x[s,r] + x[t,r] >= 0 */
			mterm(m, y, 1);
			mterm(m, xcol(m, s, r), -1);
			if (xcol(m, t, r))
				mterm(m, xcol(m, t, r), 1);
		}
		y++;
	}
}

static void mdl_free(Mdl *m)
{
	free(m->xstart);
	free(m->obj);
	lp_terms_free(&m->t);
	free(m->rtype);
	free(m->rb);
}

/* The solver's callback: ssa's colouring as the first solution, the
 * best bound kept. */
typedef struct Cb {
	const double *start; /* column values (1-based), NULL = none */
	bool given;
	double bound;
	bool known;
} Cb;

static void callback(glp_tree *t, void *info)
{
	Cb *cb = info;
	if (glp_ios_reason(t) == GLP_IHEUR && cb->start && !cb->given) {
		cb->given = true;
		glp_ios_heur_sol(t, cb->start);
	}
	int n = glp_ios_best_node(t);
	if (n) {
		cb->bound = glp_ios_node_bound(t, n);
		cb->known = true;
	}
}

/* The column values of registers reg (per unit), or false when reg is
 * not a solution (a register not admissible). */
static bool start_of(const Mdl *m, const int *reg, double *x)
{
	const Cap *k = m->k;
	for (int u = 0; u < k->n; u++) {
		if (reg[u] < 0 || !xcol(m, u, reg[u]))
			return false;
		x[xcol(m, u, reg[u])] = 1;
	}
	int y = m->ycol0;
	for (int i = 0; i < k->naff; i++)
		if (k->aff[i].b >= 0) {
			x[y] = reg[k->aff[i].a] != reg[k->aff[i].b];
			y++;
		}
	return true;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Solves k within seconds into r. */
static void solve(const Cap *k, double seconds, CoalOptResult *r)
{
	Mdl m = {0};
	build(&m, k);
	r->nvars = m.ncol;
	r->nrows = m.nrow;
	if (m.ncol == 0 || k->naff == 0) {
		r->status = ILP_OPTIMAL;
		r->objective = r->bound = k->fixed_unmet;
		mdl_free(&m);
		return;
	}
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	glp_set_obj_coef(lp, 0, m.konst);
	glp_add_rows(lp, m.nrow);
	for (int i = 1; i <= m.nrow; i++)
		glp_set_row_bnds(lp, i, m.rtype[i], m.rb[i], m.rb[i]);
	glp_add_cols(lp, m.ncol);
	for (int j = 1; j <= m.ncol; j++) {
		glp_set_col_kind(lp, j, GLP_BV);
		glp_set_obj_coef(lp, j, m.obj[j]);
	}
	glp_load_matrix(lp, m.t.n, m.t.ia, m.t.ja, m.t.ar);
	double *start = xalloc(sizeof(double) * (size_t)(m.ncol + 1));
	Cb cb = {.start = start_of(&m, k->after, start) ? start : NULL};
	double t0 = now();
	glp_smcp sp;
	glp_init_smcp(&sp);
	sp.msg_lev = GLP_MSG_OFF;
	sp.tm_lim = (int)(seconds * 1000);
	int st = glp_simplex(lp, &sp);
	double left = seconds - (now() - t0);
	r->status = ILP_UNSOLVED;
	if (st == 0 && glp_get_status(lp) == GLP_OPT && left > 0) {
		glp_iocp ip;
		glp_init_iocp(&ip);
		ip.msg_lev = GLP_MSG_OFF;
		ip.presolve = GLP_OFF;
		ip.tm_lim = (int)(left * 1000) + 1;
		ip.cb_func = callback;
		ip.cb_info = &cb;
		glp_intopt(lp, &ip);
		int ms = glp_mip_status(lp);
		r->status = ms == GLP_OPT    ? ILP_OPTIMAL
			    : ms == GLP_FEAS ? ILP_FEASIBLE
					     : ILP_UNSOLVED;
	}
	if (r->status != ILP_UNSOLVED) {
		r->objective = glp_mip_obj_val(lp);
		r->bound = r->status == ILP_OPTIMAL ? r->objective
			   : cb.known		    ? cb.bound
						    : 0;
	} else {
		snprintf(r->why, sizeof r->why,
			 "not solved in %g s (%d variables, %d rows)", seconds,
			 m.ncol, m.nrow);
	}
	glp_delete_prob(lp);
	free(start);
	mdl_free(&m);
}

Fn *coalopt_ssa(const Fn *orig, const AllocOpts *o, double seconds,
		AllocStats *st, CoalOptResult *r, char *err, size_t errlen)
{
	Cap k = {0};
	AllocOpts po = *o;
	po.probe = probe;
	po.probe_arg = &k;
	*r = (CoalOptResult){.status = ILP_UNSOLVED};
	Fn *fn = ssa_alloc(orig, &po, st, err, errlen);
	double t0 = now();
	r->captured = k.have;
	if (!k.have) {
		snprintf(r->why, sizeof r->why, "ssa did not reach coalescing");
	} else if (k.mixed) {
		snprintf(r->why, sizeof r->why,
			 "a tie unit of values of different widths");
	} else {
		r->units = k.n;
		r->total = k.total;
		r->unmet_colour = unmet_of(&k, k.before);
		r->unmet_ssa = unmet_of(&k, k.after);
		glp_term_out(GLP_OFF);
		solve(&k, seconds, r);
		glp_term_out(GLP_ON);
	}
	cap_free(&k);
	r->seconds = now() - t0;
	return fn;
}
