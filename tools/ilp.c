/* ilp.c - optimal spill code by integer linear programming (ilp.h):
 * the model on irc_prepare's function, GLPK's branch and cut within the
 * time limit, the solution realised as spill code and segments that
 * irc_finish colours. */
#include "ilp.h"
#include "lpterms.h"

#include <glpk.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cfg.h"
#include "constraints.h"
#include "err.h"
#include "liveness.h"
#include "remat.h"
#include "spill.h"

const char *ilp_status_name(int status)
{
	return status == ILP_OPTIMAL    ? "optimal"
	       : status == ILP_FEASIBLE ? "feasible"
					: "not solved";
}


/* A program point: before instruction j of block b (j = the block's
 * length: its end).  The values live there that take a register of
 * avail, each with its entry when modelled (columns r = 2e + 1: in a
 * register there, l = 2e + 2: reloaded there), else -1. */
typedef struct Pt {
	int n;
	int *val, *ent;
} Pt;

typedef struct Model {
	Fn *fn;
	const Fn *orig;       /* the function as captured (uids, [remat]) */
	int np;               /* fn's pseudos when the model was built: hard
			       * register r is value np + r, and the segments
			       * of the realisation are no values */
	int norig;
	RegSet avail[RC_NALLOC];
	bool need[RC_NALLOC]; /* the class's pressure exceeds its registers */
	Ins ***ins;           /* per block: its instructions, in order */
	int *nins;
	int *base;            /* per block: the point before its first */
	Pt *pt;
	int npt;
	bool *rd, *wr;        /* per value: read / written by the current
			       * instruction (mark_ops) */
	int nent;
	int *ent_val;         /* per entry: its value */
	bool *forced;         /* per entry: in a register (an operand) */
	bool *no_load;        /* per entry: no reload may go there */
	bool *fold;           /* per entry: the next instruction's read of
			       * the value may read its slot (foldable) */
	const Ins **remat;    /* per original pseudo: its definition when
			       * rematerializable (remat_def), else NULL */
	bool *undef;          /* per original pseudo: never defined (its
			       * slot needs no store) */
	int *scol;            /* per pseudo: its column s (stored after every
			       * definition), 0 = none */
	int ncol;
	double *obj;          /* per column (1-based) */
	/* rows "sum of coef x <= ub", coordinates 1-based */
	int nrow, caprow;
	LpTerms t;
	double *ub;
	bool infeasible;      /* fixed values alone exceed some row */
} Model;

/* The value of register operand o (live_value's numbering as the model
 * was built), else -1. */
static int value_of(const Model *m, const Op *o)
{
	if (o->loc.kind == LOC_SLOT)
		return -1;
	if (o->kind == OK_PSEUDO)
		return o->reg >= 0 && o->reg < m->np ? o->reg : -1;
	if (o->kind == OK_HREG)
		return o->reg >= 0 && o->reg < TGT_NREGS ? m->np + o->reg : -1;
	return -1;
}

/* The class of value v (a pseudo, or a hard register of avail) when it
 * takes a register of GPR or SSE, else -1. */
static int reg_class(const Model *m, int v)
{
	const Fn *fn = m->fn;
	if (v >= m->np) {
		int r = v - m->np, c = fn->target->regs[r].cls;
		return c < RC_X87 && RS_HAS(m->avail[c], r) ? c : -1;
	}
	int c = fn->pseudo[v].cls;
	return c >= 0 && c < RC_X87 ? c : -1;
}

/* Whether value v has variables: an original pseudo of a class that
 * needs them. */
static bool modelled(const Model *m, int v)
{
	return v < m->norig && reg_class(m, v) >= 0 &&
	       m->need[reg_class(m, v)];
}

/* Replaces each remat[v] (an instruction of orig) by the instruction of
 * the same uid in m->fn, whose name and constants live as long as the
 * allocation (NULL if it has none). */
static void prepared_defs(Model *m)
{
	int maxuid = 0;
	for (int b = 0; b < m->fn->nblk; b++)
		for (const Ins *i = m->fn->blk[b]->first; i; i = i->next)
			maxuid = i->uid > maxuid ? i->uid : maxuid;
	const Ins **by = calloc((size_t)maxuid + 1, sizeof(const Ins *));
	if (!by)
		abort();
	for (int b = 0; b < m->fn->nblk; b++)
		for (const Ins *i = m->fn->blk[b]->first; i; i = i->next)
			if (i->uid > 0)
				by[i->uid] = i;
	for (int v = 0; v < m->norig; v++)
		if (m->remat[v])
			m->remat[v] = m->remat[v]->uid > 0 &&
						      m->remat[v]->uid <= maxuid
					      ? by[m->remat[v]->uid]
					      : NULL;
	free(by);
}

/* Per original pseudo, from orig: remat[v], its definition when a
 * remat may recompute it (the spiller's rule, spill_facts.c and
 * remat.h: v's only definition, flagged [remat], not a phi, defining
 * one operand), else NULL; undef[v], whether it has no definition. */
static void def_facts(Model *m)
{
	const Fn *orig = m->orig;
	int n = m->norig;
	int *ndef = calloc((size_t)n + 1, sizeof(int));
	m->remat = calloc((size_t)n + 1, sizeof(const Ins *));
	m->undef = calloc((size_t)n + 1, 1);
	if (!ndef || !m->remat || !m->undef)
		abort();
	for (int b = 0; b < orig->nblk; b++)
		for (const Ins *i = orig->blk[b]->first; i; i = i->next) {
			int nd = 0;
			for (int k = 0; k < i->nops; k++)
				nd += (i->ops[k].flags & OF_DEF) != 0;
			bool ok = (i->flags & INS_REMAT) && i->kind != IK_PHI &&
				  nd == 1;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (!(o->flags & OF_DEF) || o->kind != OK_PSEUDO ||
				    o->reg < 0 || o->reg >= n)
					continue;
				ndef[o->reg]++;
				m->remat[o->reg] = ok ? i : NULL;
			}
		}
	for (int v = 0; v < n; v++) {
		if (ndef[v] != 1)
			m->remat[v] = NULL;
		m->undef[v] = ndef[v] == 0;
	}
	free(ndef);
	prepared_defs(m);
}

/* The operand of i that reads modelled value v from its slot when v is
 * in memory there (a reload folded into i), or -1: v is read by that
 * operand alone, which may read memory (spill_slot_readable: in the
 * captured alternative, `mem`, or in another, `memalt`), and v is not
 * rematerializable (a remat is never folded).  At most one of an
 * instruction's folded reads reads its slot (one_memory_row). */
static int fold_operand(const Model *m, const Ins *i, int v)
{
	if (v >= m->norig || m->remat[v])
		return -1;
	int at = -1;
	for (int q = 0; q < i->nops; q++)
		if (value_of(m, &i->ops[q]) == v && op_reads(m->fn, &i->ops[q])) {
			if (at >= 0)
				return -1;
			at = q;
		}
	return at >= 0 && spill_slot_readable(m->fn, i, at) ? at : -1;
}

/* The index of value v in point p's list, or -1. */
static int find(const Model *m, int p, int v)
{
	const Pt *x = &m->pt[p];
	for (int k = 0; k < x->n; k++)
		if (x->val[k] == v)
			return k;
	return -1;
}

/* The entry of v at p, or -1. */
static int entry(const Model *m, int p, int v)
{
	int k = find(m, p, v);
	return k < 0 ? -1 : m->pt[p].ent[k];
}

static int rcol(int e)
{
	return 2 * e + 1;
}

static int lcol(int e)
{
	return 2 * e + 2;
}

/* Starts a row "... <= ub". */
static void row(Model *m, double ub)
{
	if (++m->nrow >= m->caprow) {
		m->caprow = 2 * m->nrow + 64;
		m->ub = lp_realloc(m->ub, sizeof(double) * (size_t)m->caprow);
	}
	m->ub[m->nrow] = ub;
}

/* Adds coef times column col to the current row. */
static void term(Model *m, int col, double coef)
{
	lp_term(&m->t, m->nrow, col, coef);
}

/* Sets m->rd, m->wr for the register operands of i (on), or clears
 * them again (!on). */
static void mark_ops(Model *m, const Ins *i, bool on)
{
	for (int q = 0; q < i->nops; q++) {
		int v = value_of(m, &i->ops[q]);
		if (v < 0)
			continue;
		m->rd[v] = on && (m->rd[v] || op_reads(m->fn, &i->ops[q]));
		m->wr[v] = on && (m->wr[v] || (i->ops[q].flags & OF_DEF));
	}
}

/* Instruction i's values of class c written and dead at point p (after
 * it), each once; m->wr marks i's. */
static int dead_defs(const Model *m, const Ins *i, int p, int c)
{
	int n = 0;
	for (int q = 0; q < i->nops; q++) {
		int v = value_of(m, &i->ops[q]);
		if (v < 0 || !(i->ops[q].flags & OF_DEF) ||
		    reg_class(m, v) != c || find(m, p, v) >= 0)
			continue;
		bool again = false;
		for (int r = 0; r < q && !again; r++)
			again = value_of(m, &i->ops[r]) == v &&
				(i->ops[r].flags & OF_DEF);
		n += !again;
	}
	return n;
}

/* The instructions and points of every block, the values live at each
 * point (taking registers of avail). */
static void points(Model *m, Live *lv)
{
	Fn *fn = m->fn;
	m->ins = lp_realloc(NULL, sizeof(Ins **) * (size_t)fn->nblk);
	m->nins = lp_realloc(NULL, sizeof(int) * (size_t)fn->nblk);
	m->base = lp_realloc(NULL, sizeof(int) * (size_t)fn->nblk);
	for (int b = 0; b < fn->nblk; b++) {
		int n = 0;
		m->ins[b] = lp_realloc(NULL, sizeof(Ins *) *
					       (size_t)(blk_nins(fn->blk[b]) + 1));
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			m->ins[b][n++] = i;
		m->nins[b] = n;
		m->base[b] = m->npt;
		m->npt += n + 1;
	}
	m->pt = lp_realloc(NULL, sizeof(Pt) * (size_t)m->npt);
	LiveSet s;
	lset_init(&s, fn->arena, live_nval(fn));
	for (int b = 0; b < fn->nblk; b++) {
		live_set_out(lv, b, &s);
		for (int j = m->nins[b]; j >= 0; j--) {
			if (j < m->nins[b])
				live_step_back(fn, m->ins[b][j], &s);
			Pt *x = &m->pt[m->base[b] + j];
			x->n = 0;
			x->val = lp_realloc(NULL, sizeof(int) * (size_t)(s.n + 1));
			x->ent = lp_realloc(NULL, sizeof(int) * (size_t)(s.n + 1));
			for (int k = 0; k < s.n; k++)
				if (reg_class(m, s.dense[k]) >= 0) {
					x->val[x->n] = s.dense[k];
					x->ent[x->n++] = -1;
				}
		}
	}
}

/* The values of class c at point p: all (modelled too: all), or those
 * without variables only. */
static int count_at(const Model *m, int p, int c, bool all)
{
	const Pt *x = &m->pt[p];
	int n = 0;
	for (int k = 0; k < x->n; k++)
		n += reg_class(m, x->val[k]) == c &&
		     (all || !modelled(m, x->val[k]));
	return n;
}

/* The values of class c live across instruction j of b (at the points
 * before and after it, not written by it): all, or those without
 * variables only.  m->wr marks j's writes. */
static int count_across(const Model *m, int b, int j, int c, bool all)
{
	int p = m->base[b] + j, n = 0;
	const Pt *y = &m->pt[p + 1];
	for (int k = 0; k < y->n; k++) {
		int v = y->val[k];
		n += reg_class(m, v) == c && !m->wr[v] && find(m, p, v) >= 0 &&
		     (all || !modelled(m, v));
	}
	return n;
}

/* Which classes need variables: some point with more values of the
 * class than registers, or some instruction that clobbers registers of
 * the class with values live across it (whose segments the
 * realisation cuts there, cut_at). */
static void needs(Model *m)
{
	Fn *fn = m->fn;
	for (int b = 0; b < fn->nblk; b++)
		for (int j = 0; j < m->nins[b]; j++) {
			const Ins *i = m->ins[b][j];
			int p = m->base[b] + j;
			mark_ops(m, i, true);
			for (int c = 0; c < RC_X87; c++) {
				int k = regset_count(m->avail[c]);
				int keep = regset_count(m->avail[c] & ~i->clobbers);
				if (count_at(m, p, c, true) > k ||
				    count_at(m, p + 1, c, true) +
						    dead_defs(m, i, p + 1, c) >
					    k ||
				    (keep < k &&
				     count_across(m, b, j, c, true) > 0))
					m->need[c] = true;
			}
			mark_ops(m, i, false);
		}
}

/* The entries: a pair of columns per modelled value and point; forced
 * ones (read by the next instruction, written by the previous one),
 * points where no reload may go (the end of a block that ends in a
 * branch or has several successors); a column s per modelled pseudo. */
static void entries(Model *m)
{
	Fn *fn = m->fn;
	for (int p = 0; p < m->npt; p++)
		for (int k = 0; k < m->pt[p].n; k++)
			if (modelled(m, m->pt[p].val[k]))
				m->pt[p].ent[k] = m->nent++;
	m->ent_val = lp_realloc(NULL, sizeof(int) * (size_t)(m->nent + 1));
	m->forced = calloc((size_t)m->nent + 1, 1);
	m->no_load = calloc((size_t)m->nent + 1, 1);
	m->fold = calloc((size_t)m->nent + 1, 1);
	m->scol = calloc((size_t)fn->npseudo + 1, sizeof(int));
	if (!m->forced || !m->no_load || !m->fold || !m->scol)
		abort();
	for (int p = 0; p < m->npt; p++)
		for (int k = 0; k < m->pt[p].n; k++)
			if (m->pt[p].ent[k] >= 0)
				m->ent_val[m->pt[p].ent[k]] = m->pt[p].val[k];
	m->ncol = 2 * m->nent;
	for (int v = 0; v < m->norig; v++)
		if (modelled(m, v))
			m->scol[v] = ++m->ncol;
	m->obj = calloc((size_t)m->ncol + 1, sizeof(double));
	if (!m->obj)
		abort();
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *bk = fn->blk[b];
		double w = bk->freq > 0 ? bk->freq : 1;
		for (int j = 0; j < m->nins[b]; j++) {
			int p = m->base[b] + j;
			const Ins *i = m->ins[b][j];
			mark_ops(m, i, true);
			for (int k = 0; k < m->pt[p].n; k++) {
				int e = m->pt[p].ent[k], v = m->pt[p].val[k];
				if (e < 0 || !m->rd[v])
					continue;
				if (fold_operand(m, i, v) >= 0)
					m->fold[e] = true;
				else
					m->forced[e] = true;
			}
			for (int k = 0; k < m->pt[p + 1].n; k++) {
				int e = m->pt[p + 1].ent[k];
				int v = m->pt[p + 1].val[k];
				if (e < 0 || !m->wr[v])
					continue;
				m->forced[e] = true;
				m->obj[m->scol[v]] += w; /* the store after it */
			}
			mark_ops(m, i, false);
		}
		int end = m->base[b] + m->nins[b];
		bool closed = (bk->last && bk->last->kind == IK_BRANCH) ||
			      bk->nsucc > 1;
		for (int k = 0; k < m->pt[end].n; k++)
			if (m->pt[end].ent[k] >= 0 && closed)
				m->no_load[m->pt[end].ent[k]] = true;
		for (int j = 0; j <= m->nins[b]; j++) {
			const Pt *x = &m->pt[m->base[b] + j];
			for (int k = 0; k < x->n; k++)
				if (x->ent[k] >= 0)
					m->obj[lcol(x->ent[k])] = w;
		}
	}
}

/* Pressure at point p, class c: the values in registers there, the
 * fixed ones (extra: the dead defs before it) at most k. */
static void pressure_row(Model *m, int p, int c, int extra)
{
	int k = regset_count(m->avail[c]);
	int fixed = count_at(m, p, c, false) + extra;
	int vars = count_at(m, p, c, true) - count_at(m, p, c, false);
	if (fixed > k) {
		m->infeasible = true;
		return;
	}
	if (fixed + vars <= k)
		return;
	row(m, k - fixed);
	for (int x = 0; x < m->pt[p].n; x++)
		if (m->pt[p].ent[x] >= 0 && reg_class(m, m->pt[p].val[x]) == c)
			term(m, rcol(m->pt[p].ent[x]), 1);
}

/* Across clobbering instruction j of b, class c: the values kept in
 * registers through it (in a register after it and not reloaded there)
 * at most the registers it preserves.  m->wr marks j's writes. */
static void across_row(Model *m, int b, int j, int c)
{
	const Ins *i = m->ins[b][j];
	int keep = regset_count(m->avail[c] & ~i->clobbers);
	if (keep == regset_count(m->avail[c]))
		return;
	int fixed = count_across(m, b, j, c, false);
	int vars = count_across(m, b, j, c, true) - fixed;
	if (fixed > keep) {
		m->infeasible = true;
		return;
	}
	if (fixed + vars <= keep)
		return;
	int p = m->base[b] + j;
	row(m, keep - fixed);
	const Pt *y = &m->pt[p + 1];
	for (int k = 0; k < y->n; k++) {
		int v = y->val[k], e = y->ent[k];
		if (e < 0 || reg_class(m, v) != c || m->wr[v] ||
		    find(m, p, v) < 0)
			continue;
		term(m, rcol(e), 1);
		term(m, lcol(e), -1);
	}
}

/* r(e) <= r(from) + l(e): a value in a register at e was there at the
 * point before (from) or is reloaded at e. */
static void continuity_row(Model *m, int e, int from)
{
	row(m, 0);
	term(m, rcol(e), 1);
	term(m, rcol(from), -1);
	term(m, lcol(e), -1);
}

/* At point p, before an instruction: of the n reads that may each read
 * their slot there (fold, not forced), at most one does: the others'
 * values are in registers, sum r >= n - 1 (x86 has one memory operand;
 * spill_slot_readable wants no other operand in memory). */
static void one_memory_row(Model *m, int p)
{
	int n = 0;
	for (int k = 0; k < m->pt[p].n; k++) {
		int e = m->pt[p].ent[k];
		n += e >= 0 && m->fold[e] && !m->forced[e];
	}
	if (n < 2)
		return;
	row(m, 1 - n);
	for (int k = 0; k < m->pt[p].n; k++) {
		int e = m->pt[p].ent[k];
		if (e >= 0 && m->fold[e] && !m->forced[e])
			term(m, rcol(e), -1);
	}
}

/* Every row of the model. */
static void rows(Model *m)
{
	Fn *fn = m->fn;
	for (int e = 0; e < m->nent; e++) {
		int v = m->ent_val[e];
		row(m, 0); /* l <= r */
		term(m, lcol(e), 1);
		term(m, rcol(e), -1);
		if (!m->remat[v] && !m->undef[v]) {
			row(m, 0); /* l <= s: reloads need the stores */
			term(m, lcol(e), 1);
			term(m, m->scol[v], -1);
		}
		if (m->fold[e] && !m->forced[e] && !m->undef[v]) {
			row(m, -1); /* r + s >= 1: a folded read needs the slot */
			term(m, rcol(e), -1);
			term(m, m->scol[v], -1);
		}
	}
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *bk = fn->blk[b];
		int p0 = m->base[b];
		for (int k = 0; k < m->pt[p0].n; k++) {
			int e = m->pt[p0].ent[k];
			for (int q = 0; e >= 0 && q < bk->npred; q++) {
				int pq = bk->pred[q];
				int from = entry(m, m->base[pq] + m->nins[pq],
						 m->pt[p0].val[k]);
				if (from >= 0)
					continuity_row(m, e, from);
			}
		}
		for (int c = 0; c < RC_X87; c++)
			if (m->need[c])
				pressure_row(m, p0, c, 0);
		for (int j = 0; j < m->nins[b]; j++) {
			const Ins *i = m->ins[b][j];
			int p = p0 + j;
			one_memory_row(m, p);
			mark_ops(m, i, true);
			for (int k = 0; k < m->pt[p + 1].n; k++) {
				int e = m->pt[p + 1].ent[k];
				int v = m->pt[p + 1].val[k];
				if (e >= 0 && !m->wr[v])
					continuity_row(m, e, entry(m, p, v));
			}
			for (int c = 0; c < RC_X87; c++) {
				if (!m->need[c])
					continue;
				pressure_row(m, p + 1, c,
					     dead_defs(m, i, p + 1, c));
				across_row(m, b, j, c);
			}
			mark_ops(m, i, false);
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

/* Solves m within seconds: the columns' values into x (1-based), the
 * status, objective and bound into r. */
static void solve(Model *m, double seconds, double *x, IlpResult *r)
{
	r->nvars = m->ncol;
	r->nrows = m->nrow;
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	if (m->nrow)
		glp_add_rows(lp, m->nrow);
	for (int k = 1; k <= m->nrow; k++)
		glp_set_row_bnds(lp, k, GLP_UP, 0, m->ub[k]);
	if (m->ncol)
		glp_add_cols(lp, m->ncol);
	for (int k = 1; k <= m->ncol; k++) {
		glp_set_col_kind(lp, k, GLP_BV);
		glp_set_obj_coef(lp, k, m->obj[k]);
	}
	for (int e = 0; e < m->nent; e++) {
		if (m->forced[e])
			glp_set_col_bnds(lp, rcol(e), GLP_FX, 1, 1);
		if (m->no_load[e])
			glp_set_col_bnds(lp, lcol(e), GLP_FX, 0, 0);
	}
	glp_load_matrix(lp, m->t.n, m->t.ia, m->t.ja, m->t.ar);
	glp_iocp parm;
	glp_init_iocp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	parm.presolve = GLP_ON;
	parm.tm_lim = (int)(seconds * 1000);
	Bound bd = {0};
	parm.cb_func = track_bound;
	parm.cb_info = &bd;
	int st = m->ncol ? (glp_intopt(lp, &parm), glp_mip_status(lp)) : GLP_OPT;
	r->status = st == GLP_OPT ? ILP_OPTIMAL
		    : st == GLP_FEAS ? ILP_FEASIBLE
				     : ILP_UNSOLVED;
	if (r->status != ILP_UNSOLVED) {
		r->objective = m->ncol ? glp_mip_obj_val(lp) : 0;
		r->bound = r->status == ILP_OPTIMAL ? r->objective
			   : bd.known		    ? bd.bound
						    : 0;
		for (int k = 1; k <= m->ncol; k++)
			x[k] = glp_mip_col_val(lp, k);
	}
	glp_delete_prob(lp);
}

/* ---- the solution realised ---- */

/* The solution's segments: entries in a register joined where the value
 * stays in one (union-find), a pseudo per segment. */
typedef struct Real {
	Model *m;
	IrcPrep *prep;
	const double *x;
	int *uf;
	int *seg; /* per root entry: its pseudo, 0 = none yet */
} Real;

static bool set(const double *x, int col)
{
	return x[col] > 0.5;
}

static int uf_find(int *uf, int e)
{
	while (uf[e] != e)
		e = uf[e] = uf[uf[e]];
	return e;
}

static void uf_union(int *uf, int a, int b)
{
	a = uf_find(uf, a);
	b = uf_find(uf, b);
	if (a != b)
		uf[a] = b;
}

/* The pseudo of entry e's segment. */
static int seg_of(Real *z, int e)
{
	int r = uf_find(z->uf, e);
	if (!z->seg[r])
		z->seg[r] = irc_segment(z->prep, z->m->ent_val[e]);
	return z->seg[r];
}

/* Joins entry e with the entries it continues: the point before it in
 * its block (from >= 0), or the ends of its block's predecessors. */
static void join_block_start(Real *z, int b)
{
	Model *m = z->m;
	const Blk *bk = m->fn->blk[b];
	const Pt *x = &m->pt[m->base[b]];
	for (int k = 0; k < x->n; k++) {
		int e = x->ent[k];
		if (e < 0 || !set(z->x, rcol(e)) || set(z->x, lcol(e)))
			continue;
		for (int q = 0; q < bk->npred; q++) {
			int pq = bk->pred[q];
			int from = entry(m, m->base[pq] + m->nins[pq], x->val[k]);
			if (from >= 0)
				uf_union(z->uf, e, from);
		}
	}
}

/* Whether value v (entry e after instruction j of b) is kept in its
 * register across j without being read or written by it, and j
 * clobbers registers of v's class: the segment is cut there, a move
 * before j joins the two parts (join_ins, code_block).  m->rd, m->wr
 * mark j's operands. */
static bool cut_at(const Real *z, int b, int j, int e, int v)
{
	const Model *m = z->m;
	const Ins *i = m->ins[b][j];
	int c = reg_class(m, v);
	return c >= 0 && (i->clobbers & m->avail[c]) && !m->wr[v] &&
	       !m->rd[v] && set(z->x, rcol(e)) && !set(z->x, lcol(e));
}

/* Joins the entries after instruction j of b with those before it: a
 * value it does not write, kept in its register (not reloaded) unless
 * cut there (cut_at), and a value it reads and writes (one register, as
 * a tie requires). */
static void join_ins(Real *z, int b, int j)
{
	Model *m = z->m;
	int p = m->base[b] + j;
	const Pt *y = &m->pt[p + 1];
	for (int k = 0; k < y->n; k++) {
		int e = y->ent[k], v = y->val[k];
		if (e < 0 || cut_at(z, b, j, e, v))
			continue;
		bool kept = !m->wr[v] && set(z->x, rcol(e)) && !set(z->x, lcol(e));
		if (kept || (m->wr[v] && m->rd[v]))
			uf_union(z->uf, e, entry(m, p, v));
	}
}

/* Names instruction j's operands of modelled values by their segments:
 * a read by the one before it, a def by the one after it (a dead def of
 * a value the instruction reads: the read's, as a tie may require; any
 * other dead def: a segment of its own). */
static void rename_ins(Real *z, int b, int j)
{
	Model *m = z->m;
	Ins *i = m->ins[b][j];
	int p = m->base[b] + j;
	int dead_v[i->nops + 1], dead_s[i->nops + 1], nd = 0;
	mark_ops(m, i, true);
	int val[i->nops + 1];
	bool rd[i->nops + 1];
	for (int q = 0; q < i->nops; q++) {
		val[q] = value_of(m, &i->ops[q]);
		rd[q] = val[q] >= 0 && m->rd[val[q]];
	}
	mark_ops(m, i, false);
	for (int q = 0; q < i->nops; q++) {
		Op *o = &i->ops[q];
		int v = val[q];
		if (v < 0 || !modelled(m, v))
			continue;
		int e = op_reads(m->fn, o) ? entry(m, p, v) : entry(m, p + 1, v);
		if (e < 0 && rd[q])
			e = entry(m, p, v);
		if (e >= 0 && op_reads(m->fn, o) && m->fold[e] && !m->forced[e] &&
		    !set(z->x, rcol(e))) {
			o->loc = irc_slot(z->prep, v); /* the reload folded */
			continue;
		}
		if (e >= 0) {
			o->reg = seg_of(z, e);
			continue;
		}
		int d = 0;
		while (d < nd && dead_v[d] != v)
			d++;
		if (d == nd) {
			dead_v[nd] = v;
			dead_s[nd++] = irc_segment(z->prep, v);
		}
		o->reg = dead_s[d];
	}
}

/* The moves of a cut at instruction i of bk (cut_at) of value v from
 * segment before to segment after: a segment of its own across i, moved
 * in before i and out after it, so that only that piece needs a
 * register i preserves (before and after may be one segment, joined
 * through a later merge point); when i ends its block, one move before
 * it into after. */
static void cut(Real *z, Blk *bk, Ins *i, int before, int after, int v)
{
	if (!i->next) {
		irc_insert_move(z->prep, bk, i, after, before);
		return;
	}
	int across = irc_segment(z->prep, v);
	irc_insert_move(z->prep, bk, i, across, before);
	irc_insert_move(z->prep, bk, i->next, after, across);
}

/* Inserts `remat =q, CONSTS` before at (NULL: at the end of b): q
 * carries rematerializable v, recomputed from the constants of its
 * definition (remat_make, as the spiller's reloads). */
static void insert_remat(Real *z, Blk *b, Ins *at, int q, int v)
{
	ins_insert_before(b, at, remat_make(z->m->fn, z->m->remat[v], q));
}

/* The spill code of block b: a reload at every point whose l is set, a
 * store after every definition of a value whose s is set, the moves
 * of each cut (cut_at). */
static bool code_block(Real *z, int b, char *err, size_t errlen)
{
	Model *m = z->m;
	Blk *bk = m->fn->blk[b];
	for (int j = 0; j <= m->nins[b]; j++) {
		const Pt *x = &m->pt[m->base[b] + j];
		Ins *at = j < m->nins[b] ? m->ins[b][j] : NULL;
		for (int k = 0; k < x->n; k++) {
			int e = x->ent[k], v = x->val[k];
			if (e < 0 || !set(z->x, lcol(e)))
				continue;
			if (m->remat[v])
				insert_remat(z, bk, at, seg_of(z, e), v);
			else
				irc_insert_reload(z->prep, bk, at, seg_of(z, e), v);
		}
	}
	for (int j = 0; j < m->nins[b]; j++) {
		Ins *i = m->ins[b][j];
		int p = m->base[b] + j;
		const Pt *y = &m->pt[p + 1];
		mark_ops(m, i, true);
		for (int k = 0; k < y->n; k++) /* after the reloads before i */
			if (y->ent[k] >= 0 && cut_at(z, b, j, y->ent[k], y->val[k]))
				cut(z, bk, i, seg_of(z, entry(m, p, y->val[k])),
				    seg_of(z, y->ent[k]), y->val[k]);
		bool ok = true;
		for (int k = 0; k < y->n && ok; k++) {
			int e = y->ent[k], v = y->val[k];
			if (e >= 0 && m->wr[v] && set(z->x, m->scol[v]))
				ok = irc_insert_spill(z->prep, bk, i, seg_of(z, e),
						      v, err, errlen);
		}
		mark_ops(m, i, false);
		if (!ok)
			return false;
	}
	return true;
}

/* Rewrites m's function (prep's) by the solution x. */
static bool realise(Model *m, IrcPrep *prep, const double *x, char *err,
		    size_t errlen)
{
	Real z = {.m = m, .prep = prep, .x = x};
	z.uf = lp_realloc(NULL, sizeof(int) * (size_t)(m->nent + 1));
	z.seg = calloc((size_t)m->nent + 1, sizeof(int));
	if (!z.seg)
		abort();
	for (int e = 0; e < m->nent; e++)
		z.uf[e] = e;
	Fn *fn = m->fn;
	for (int b = 0; b < fn->nblk; b++) {
		join_block_start(&z, b);
		for (int j = 0; j < m->nins[b]; j++) {
			mark_ops(m, m->ins[b][j], true);
			join_ins(&z, b, j);
			mark_ops(m, m->ins[b][j], false);
		}
	}
	bool ok = true;
	for (int b = 0; b < fn->nblk && ok; b++) {
		ok = code_block(&z, b, err, errlen); /* by the values' names */
		for (int j = 0; j < m->nins[b]; j++)
			rename_ins(&z, b, j);
	}
	free(z.uf);
	free(z.seg);
	return ok;
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void model_free(Model *m)
{
	for (int p = 0; p < m->npt; p++) {
		free(m->pt[p].val);
		free(m->pt[p].ent);
	}
	for (int b = 0; m->ins && b < m->fn->nblk; b++)
		free(m->ins[b]);
	free(m->ins);
	free(m->nins);
	free(m->base);
	free(m->pt);
	free(m->rd);
	free(m->wr);
	free(m->ent_val);
	free(m->forced);
	free(m->no_load);
	free(m->fold);
	free(m->remat);
	free(m->undef);
	free(m->scol);
	free(m->obj);
	lp_terms_free(&m->t);
	free(m->ub);
}

/* The model of prep's function with orig's registers. */
static void build_model(Model *m, IrcPrep *prep, const Fn *orig,
			const IlpOpts *o)
{
	m->fn = irc_fn(prep);
	m->orig = orig;
	m->np = m->fn->npseudo;
	m->norig = irc_norig(prep);
	def_facts(m);
	for (int c = 0; c < RC_X87; c++)
		m->avail[c] = alloc_regset(orig, c, o->nregs[c]);
	int nval = live_nval(m->fn);
	m->rd = calloc((size_t)nval, 1);
	m->wr = calloc((size_t)nval, 1);
	if (!m->rd || !m->wr)
		abort();
	Cfg *cfg = cfg_build(m->fn);
	points(m, live_compute(m->fn, cfg));
	needs(m);
	entries(m);
	rows(m);
}

Fn *ilp_alloc(const Fn *orig, const IlpOpts *o, AllocStats *st,
	      IlpResult *r, char *err, size_t errlen)
{
	double t0 = now();
	*r = (IlpResult){.status = ILP_UNSOLVED};
	IrcPrep *prep = irc_prepare(orig, err, errlen);
	if (!prep)
		return NULL;
	Model m = {0};
	build_model(&m, prep, orig, o);
	double *x = calloc((size_t)m.ncol + 1, sizeof(double));
	if (!x)
		abort();
	if (m.infeasible)
		err_set(err, errlen, "infeasible: the fixed registers alone "
				     "exceed k at some point");
	else
		solve(&m, o->time_limit, x, r);
	if (!m.infeasible && r->status == ILP_UNSOLVED)
		err_set(err, errlen, "not solved in %g s (%d variables, %d rows)",
			o->time_limit, r->nvars, r->nrows);
	Fn *fn = NULL;
	if (r->status != ILP_UNSOLVED && realise(&m, prep, x, err, errlen)) {
		IrcOpts io = {0};
		memcpy(io.nregs, o->nregs, sizeof io.nregs);
		AllocStats lst;
		if (!st)
			st = &lst;
		model_free(&m);
		fn = irc_finish(prep, orig, &io, st, &r->irc, err, errlen);
		prep = NULL;
		r->exact = fn && r->irc.actual == 0 &&
			   (double)(st->spills.w + st->reloads.w + st->remats.w) ==
				   r->objective;
	} else {
		model_free(&m);
	}
	irc_prep_free(prep);
	free(x);
	r->seconds = now() - t0;
	return fn;
}
