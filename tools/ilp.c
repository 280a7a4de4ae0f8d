/* ilp.c - the spill-everywhere optimum (ilp.h): the model on
 * irc_prepare's function, GLPK's branch and cut within the time limit,
 * the chosen pseudos spilled and the rest coloured by irc_alloc. */
#include "ilp.h"

#include <glpk.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cfg.h"
#include "err.h"
#include "liveness.h"

const char *ilp_status_name(int status)
{
	return status == ILP_OPTIMAL    ? "optimal"
	       : status == ILP_FEASIBLE ? "feasible"
					: "not solved";
}

/* The model under construction: rows "sum of x over vars >= lo" in a
 * coordinate matrix (1-based, GLPK's convention). */
typedef struct Model {
	const Fn *fn;
	int norig;
	RegSet avail[RC_NALLOC];
	int *col;        /* per pseudo: its column, 0 = none yet */
	double *cost;    /* per pseudo: weighted reads and writes */
	int ncol;
	int *colpseudo;  /* per column (1-based): its pseudo */
	int nrow;
	int *ia, *ja;    /* entries: row, column */
	int nent, capent;
	double *lo;      /* per row (1-based): the lower bound */
	int caprow;
	bool infeasible; /* fixed values alone exceed some row's room */
} Model;

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		abort();
	return p;
}

/* The column of pseudo v, created on first use. */
static int column(Model *m, int v)
{
	if (!m->col[v]) {
		m->col[v] = ++m->ncol;
		m->colpseudo = xrealloc(m->colpseudo,
					sizeof(int) * (size_t)(m->ncol + 1));
		m->colpseudo[m->ncol] = v;
	}
	return m->col[v];
}

/* Adds "sum of x_v over vars (n of them) >= n + fixed - room": at most
 * room registers for the fixed values and the vars kept in registers.
 * Nothing when the row always holds. */
static void add_row(Model *m, const int *vars, int n, int fixed, int room)
{
	if (fixed > room) {
		m->infeasible = true;
		return;
	}
	if (n + fixed - room <= 0)
		return;
	m->nrow++;
	if (m->nrow >= m->caprow) {
		m->caprow = 2 * m->nrow + 16;
		m->lo = xrealloc(m->lo, sizeof(double) * (size_t)m->caprow);
	}
	m->lo[m->nrow] = n + fixed - room;
	for (int k = 0; k < n; k++) {
		if (m->nent + 2 >= m->capent) {
			m->capent = 2 * m->nent + 64;
			m->ia = xrealloc(m->ia, sizeof(int) * (size_t)m->capent);
			m->ja = xrealloc(m->ja, sizeof(int) * (size_t)m->capent);
		}
		m->nent++;
		m->ia[m->nent] = m->nrow;
		m->ja[m->nent] = column(m, vars[k]);
	}
}

/* What a value contributes to a row of class c: -1 nothing (another
 * class, a register outside avail), 0 a fixed register (a hard
 * register, a temporary, or forced by the instruction), 1 a variable. */
static int role(const Model *m, int v, int c, bool forced)
{
	const Fn *fn = m->fn;
	if (v >= fn->npseudo) {
		int r = v - fn->npseudo;
		return RS_HAS(m->avail[c], r) ? 0 : -1;
	}
	if (fn->pseudo[v].cls != c)
		return -1;
	return v >= m->norig || forced ? 0 : 1;
}

/* The rows of instruction i for class c.  la, lb: the values live after
 * and before it; rd, wr: per value, read resp. written by i. */
static void ins_rows(Model *m, const Ins *i, int c, const LiveSet *la,
		     const LiveSet *lb, const bool *rd, const bool *wr)
{
	int nv = la->n + lb->n + 1;
	int vars[nv], n = 0, fixed = 0, k = regset_count(m->avail[c]);
	/* before i: what it reads is in registers */
	for (int x = 0; x < lb->n; x++) {
		int v = lb->dense[x], ro = role(m, v, c, rd[v]);
		if (ro == 0)
			fixed++;
		else if (ro == 1)
			vars[n++] = v;
	}
	add_row(m, vars, n, fixed, k);
	/* after i: what it writes is in registers */
	n = fixed = 0;
	for (int x = 0; x < la->n; x++) {
		int v = la->dense[x], ro = role(m, v, c, wr[v]);
		if (ro == 0)
			fixed++;
		else if (ro == 1)
			vars[n++] = v;
	}
	for (int q = 0; q < i->nops; q++) {
		int v = live_value(m->fn, &i->ops[q]);
		if ((i->ops[q].flags & OF_DEF) && v >= 0 &&
		    !lset_has(la, v) && role(m, v, c, true) == 0)
			fixed++; /* a dead def takes a register too */
	}
	add_row(m, vars, n, fixed, k);
	/* across a clobber: only the registers it preserves */
	RegSet keep = m->avail[c] & ~i->clobbers;
	if (keep == m->avail[c])
		return;
	n = fixed = 0;
	for (int x = 0; x < la->n; x++) {
		int v = la->dense[x];
		if (!lset_has(lb, v) || wr[v])
			continue;
		int ro = role(m, v, c, false);
		if (ro == 0)
			fixed++;
		else if (ro == 1)
			vars[n++] = v;
	}
	add_row(m, vars, n, fixed, regset_count(keep));
}

/* The rows and costs of every instruction of fn. */
static void build_model(Model *m, Fn *fn)
{
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	int nval = live_nval(fn);
	LiveSet la, lb;
	lset_init(&la, fn->arena, nval);
	lset_init(&lb, fn->arena, nval);
	bool *rd = ARENA_NEW(fn->arena, bool, nval);
	bool *wr = ARENA_NEW(fn->arena, bool, nval);
	for (int b = 0; b < fn->nblk; b++) {
		double w = fn->blk[b]->freq > 0 ? fn->blk[b]->freq : 1;
		live_set_out(lv, b, &lb);
		for (const Ins *i = fn->blk[b]->last; i; i = i->prev) {
			lset_clear(&la);
			for (int x = 0; x < lb.n; x++)
				lset_add(&la, lb.dense[x]);
			live_step_back(fn, i, &lb);
			for (int q = 0; q < i->nops; q++) {
				int v = live_value(fn, &i->ops[q]);
				if (v < 0)
					continue;
				rd[v] = rd[v] || op_reads(fn, &i->ops[q]);
				wr[v] = wr[v] || (i->ops[q].flags & OF_DEF);
			}
			for (int q = 0; q < i->nops; q++) {
				int v = live_value(fn, &i->ops[q]);
				if (v >= 0 && v < m->norig)
					m->cost[v] += w * (rd[v] + wr[v]);
				if (v >= 0) /* once per instruction */
					rd[v] = wr[v] = false;
			}
			for (int q = 0; q < i->nops; q++) {
				int v = live_value(fn, &i->ops[q]);
				if (v < 0)
					continue;
				rd[v] = rd[v] || op_reads(fn, &i->ops[q]);
				wr[v] = wr[v] || (i->ops[q].flags & OF_DEF);
			}
			for (int c = 0; c < RC_X87; c++)
				ins_rows(m, i, c, &la, &lb, rd, wr);
			for (int q = 0; q < i->nops; q++) {
				int v = live_value(fn, &i->ops[q]);
				if (v >= 0)
					rd[v] = wr[v] = false;
			}
		}
	}
}

/* The solver's best bound, kept by the branch-and-cut callback. */
typedef struct Bound {
	double bound;
	bool known;
} Bound;

static void track_bound(glp_tree *t, void *info)
{
	Bound *b = info;
	int n = glp_ios_best_node(t);
	if (n) {
		b->bound = glp_ios_node_bound(t, n);
		b->known = true;
	}
}

/* Solves m within seconds; the spilled pseudos into spill, the
 * objective and bound into r. */
static void solve(Model *m, double seconds, bool *spill, IlpResult *r)
{
	r->nvars = m->ncol;
	r->nrows = m->nrow;
	if (!m->nrow) {
		r->status = ILP_OPTIMAL;
		return;
	}
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	glp_add_rows(lp, m->nrow);
	for (int k = 1; k <= m->nrow; k++)
		glp_set_row_bnds(lp, k, GLP_LO, m->lo[k], 0);
	glp_add_cols(lp, m->ncol);
	for (int k = 1; k <= m->ncol; k++) {
		glp_set_col_kind(lp, k, GLP_BV);
		glp_set_obj_coef(lp, k, m->cost[m->colpseudo[k]]);
	}
	double *ar = xrealloc(NULL, sizeof(double) * (size_t)(m->nent + 1));
	for (int k = 1; k <= m->nent; k++)
		ar[k] = 1;
	glp_load_matrix(lp, m->nent, m->ia, m->ja, ar);
	free(ar);
	glp_iocp parm;
	glp_init_iocp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	parm.presolve = GLP_ON;
	parm.tm_lim = (int)(seconds * 1000);
	Bound bd = {0};
	parm.cb_func = track_bound;
	parm.cb_info = &bd;
	glp_intopt(lp, &parm);
	int st = glp_mip_status(lp);
	r->status = st == GLP_OPT ? ILP_OPTIMAL
		    : st == GLP_FEAS ? ILP_FEASIBLE
				     : ILP_UNSOLVED;
	if (r->status != ILP_UNSOLVED) {
		r->objective = glp_mip_obj_val(lp);
		r->bound = r->status == ILP_OPTIMAL || !bd.known ? r->objective
								 : bd.bound;
		if (r->status == ILP_FEASIBLE && !bd.known)
			r->bound = 0;
		for (int k = 1; k <= m->ncol; k++)
			spill[m->colpseudo[k]] = glp_mip_col_val(lp, k) > 0.5;
	}
	glp_delete_prob(lp);
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void model_free(Model *m)
{
	free(m->col);
	free(m->cost);
	free(m->colpseudo);
	free(m->ia);
	free(m->ja);
	free(m->lo);
}

Fn *ilp_alloc(const Fn *orig, const IlpOpts *o, AllocStats *st,
	      IlpResult *r, char *err, size_t errlen)
{
	double t0 = now();
	*r = (IlpResult){.status = ILP_UNSOLVED};
	Model m = {.fn = NULL};
	Fn *prep = irc_prepare(orig, &m.norig, err, errlen);
	if (!prep)
		return NULL;
	m.fn = prep;
	for (int c = 0; c < RC_X87; c++)
		m.avail[c] = alloc_regset(orig, c, o->nregs[c]);
	m.col = calloc((size_t)prep->npseudo + 1, sizeof(int));
	m.cost = calloc((size_t)prep->npseudo + 1, sizeof(double));
	bool *spill = calloc((size_t)orig->npseudo + 1, sizeof(bool));
	if (!m.col || !m.cost || !spill)
		abort();
	build_model(&m, prep);
	Fn *fn = NULL;
	if (m.infeasible) {
		err_set(err, errlen, "the model is infeasible: fixed registers "
				     "alone exceed k at some instruction");
	} else {
		solve(&m, o->time_limit, spill, r);
		if (r->status == ILP_UNSOLVED)
			err_set(err, errlen, "not solved in %.0f s",
				o->time_limit);
	}
	if (r->status != ILP_UNSOLVED) {
		IrcOpts io = {.spill = spill};
		for (int c = 0; c < RC_NALLOC; c++)
			io.nregs[c] = o->nregs[c];
		AllocStats lst;
		if (!st)
			st = &lst;
		fn = irc_alloc(orig, &io, st, &r->irc, err, errlen);
		r->exact = fn && r->irc.actual == 0 &&
			   (double)(st->spills.w + st->reloads.w) == r->objective;
	}
	model_free(&m);
	free(spill);
	fn_free(prep);
	r->seconds = now() - t0;
	return fn;
}
