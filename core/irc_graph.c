/* irc_graph.c - one round of iterated register coalescing (George and
 * Appel, as the lecture gives it): build the interference graph, then
 * simplify, coalesce (Briggs's test between two pseudos, George's
 * between a pseudo and a precoloured register), freeze, potential spill
 * until every node is on the select stack, then select.
 *
 * Nodes: pseudo p is node p, hard register r node npseudo + r.  Only
 * GPR and SSE nodes take part; a hard register is a node when it is in
 * its class's avail set (others are never colours).  A pseudo with a
 * register set (IrcFn.only) interferes with the precoloured registers of
 * avail outside it, so that the tests and select see the constraint.
 * Worklists are stacks with lazy deletion: a node's or move's state says
 * which list it is in; stale entries are skipped when popped. */
#include "irc_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "liveness.h"

enum NodeState {
	NS_ABSENT,    /* no occurrence, or not of an allocatable class */
	NS_PRECOL,
	NS_INITIAL,
	NS_SIMPLIFY,
	NS_FREEZE,
	NS_SPILL,
	NS_COALESCED,
	NS_STACK,
	NS_COLOURED,
	NS_FAILED,
};

enum MoveState { MS_WORKLIST, MS_ACTIVE, MS_COALESCED, MS_CONSTRAINED,
		 MS_FROZEN };

typedef struct Move {
	int dst, src;
	int state;
} Move;

/* A growable list of ints (malloc'ed; freed with the round). */
typedef struct IList {
	int n, cap;
	int *v;
} IList;

typedef struct G {
	const IrcFn *f;
	const Fn *fn;
	int n;            /* nodes */
	int np;           /* fn->npseudo: first hard-register node */
	uint64_t *adj;    /* n x n bit matrix, row-major, words per row wrow */
	size_t wrow;
	IList *adjl;      /* per node (not precoloured): neighbours */
	int *degree;
	int8_t *cls;
	uint8_t *state;
	int *alias;
	int *colour;
	double *cost;     /* spill cost: frequency-weighted occurrences */
	bool *temp;       /* a member is a temporary */
	IList *moves_of;  /* per node: indices into mv */
	Move *mv;
	int nmv, cap_mv;
	IList simplify, freeze, spillwl, worklist_moves, stack;
	int k[RC_NALLOC];
	bool coalesce;
	bool brute;       /* brute_ok where Briggs's test fails */
	long budget;      /* brute_ok's work left this round */
	int *bd;          /* brute_ok's scratch: degrees, */
	int *bstack;      /* worklist */
	uint8_t *bout;    /* and removed marks (n each) */
} G;

static void il_push(IList *l, int x)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 4;
		l->v = realloc(l->v, sizeof(int) * (size_t)l->cap);
		if (!l->v)
			abort();
	}
	l->v[l->n++] = x;
}

/* Whether u and v interfere. */
static bool adj_has(const G *g, int u, int v)
{
	return (g->adj[(size_t)u * g->wrow + (size_t)v / 64] >> (v % 64)) & 1;
}

static void adj_set(G *g, int u, int v)
{
	g->adj[(size_t)u * g->wrow + (size_t)v / 64] |= (uint64_t)1 << (v % 64);
}

static bool precol(const G *g, int n)
{
	return g->state[n] == NS_PRECOL;
}

/* The lecture's AddEdge: u and v interfere (same class, both nodes). */
static void add_edge(G *g, int u, int v)
{
	if (u == v || g->state[u] == NS_ABSENT || g->state[v] == NS_ABSENT ||
	    g->cls[u] != g->cls[v] || adj_has(g, u, v))
		return;
	adj_set(g, u, v);
	adj_set(g, v, u);
	if (!precol(g, u)) {
		il_push(&g->adjl[u], v);
		g->degree[u]++;
	}
	if (!precol(g, v)) {
		il_push(&g->adjl[v], u);
		g->degree[v]++;
	}
}

/* The node of a register operand, or -1 (constant, slot, other class). */
static int node_of(const G *g, const Op *o)
{
	int v = live_value(g->fn, o);
	return v >= 0 && g->state[v] != NS_ABSENT ? v : -1;
}

/* Whether i is a move the allocator may coalesce: a copy of one
 * register value to another of the same class; its nodes in *d, *s. */
static bool is_move(const G *g, const Ins *i, int *d, int *s)
{
	if ((i->kind != IK_COPY && i->kind != IK_MOVE) || i->nops != 2)
		return false;
	const Op *a = &i->ops[0], *b = &i->ops[1];
	if (a->sub_size || b->sub_size || !(a->flags & OF_DEF) ||
	    (a->flags & OF_USE))
		return false;
	*d = node_of(g, a);
	*s = node_of(g, b);
	return *d >= 0 && *s >= 0 && g->cls[*d] == g->cls[*s] &&
	       !(precol(g, *d) && precol(g, *s));
}

/* Marks the nodes of fn: pseudos with a register occurrence and the
 * registers of avail; accumulates spill costs. */
static void mark_nodes(G *g)
{
	const Fn *fn = g->fn;
	for (int c = 0; c < RC_NALLOC; c++)
		for (RegSet s = g->f->avail[c]; s; s &= s - 1) {
			int r = regset_first(s);
			g->state[g->np + r] = NS_PRECOL;
			g->cls[g->np + r] = (int8_t)c;
			g->colour[g->np + r] = r;
			g->degree[g->np + r] = INT_MAX / 2;
		}
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *bk = fn->blk[b];
		double w = bk->freq > 0 ? bk->freq : 1;
		for (const Ins *i = bk->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				int v = live_value(fn, o);
				if (v < 0 || v >= g->np)
					continue;
				g->state[v] = NS_INITIAL;
				g->cls[v] = fn->pseudo[v].cls;
				g->cost[v] += w;
				g->temp[v] = g->f->temp[v];
			}
	}
}

/* Records move i (nodes d := s). */
static void add_move(G *g, int d, int s)
{
	if (g->nmv == g->cap_mv) {
		g->cap_mv = g->cap_mv ? 2 * g->cap_mv : 16;
		g->mv = realloc(g->mv, sizeof(Move) * (size_t)g->cap_mv);
		if (!g->mv)
			abort();
	}
	g->mv[g->nmv] = (Move){d, s, MS_WORKLIST};
	il_push(&g->moves_of[d], g->nmv);
	il_push(&g->moves_of[s], g->nmv);
	il_push(&g->worklist_moves, g->nmv);
	g->nmv++;
}

/* Edges of one instruction, live = the values live after it; leaves
 * live as the values live before it.  Each def interferes with what is
 * live after it (a move's source excepted) and with the other defs; an
 * early-clobber def also with the instruction's reads; clobbered
 * registers with what lives across. */
static void build_ins(G *g, const Ins *i, LiveSet *live)
{
	const Fn *fn = g->fn;
	int d, s = -1;
	bool move = g->coalesce && is_move(g, i, &d, &s);
	if (move)
		add_move(g, d, s);
	int defs[i->nops + TGT_NREGS + 1], nd = 0;
	for (int k = 0; k < i->nops; k++)
		if ((i->ops[k].flags & OF_DEF) && (d = node_of(g, &i->ops[k])) >= 0)
			defs[nd++] = d;
	for (RegSet c = i->clobbers; c; c &= c - 1) {
		int r = g->np + regset_first(c);
		if (g->state[r] != NS_ABSENT)
			defs[nd++] = r;
	}
	for (int a = 0; a < nd; a++) {
		for (int m = 0; m < live->n; m++)
			if (!(move && live->dense[m] == s))
				add_edge(g, defs[a], live->dense[m]);
		for (int b = 0; b < a; b++)
			add_edge(g, defs[a], defs[b]);
	}
	for (int k = 0; k < i->nops; k++) {
		const Op *e = &i->ops[k];
		int de = (e->flags & OF_EARLY) ? node_of(g, e) : -1;
		for (int m = 0; de >= 0 && m < i->nops; m++) {
			int u = op_reads(fn, &i->ops[m]) ? node_of(g, &i->ops[m])
							 : -1;
			if (u >= 0)
				add_edge(g, de, u);
		}
	}
	live_step_back(fn, i, live);
}

/* The interference graph and the moves of g->fn. */
static void build(G *g)
{
	Fn *fn = g->f->fn;
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	LiveSet live;
	lset_init(&live, fn->arena, live_nval(fn));
	for (int b = 0; b < fn->nblk; b++) {
		live_set_out(lv, b, &live);
		for (const Ins *i = fn->blk[b]->last; i; i = i->prev)
			build_ins(g, i, &live);
		if (b != fn->entry)
			continue;
		/* values live at entry hold distinct incoming contents */
		for (int x = 0; x < live.n; x++)
			for (int y = 0; y < x; y++)
				add_edge(g, live.dense[x], live.dense[y]);
	}
	/* constrained pseudos interfere with the registers they may not use */
	for (int p = 0; p < g->np; p++) {
		if (g->state[p] == NS_ABSENT || !g->f->only[p])
			continue;
		for (RegSet s = g->f->avail[g->cls[p]] & ~g->f->only[p]; s;
		     s &= s - 1)
			add_edge(g, p, g->np + regset_first(s));
	}
}

static int kof(const G *g, int n)
{
	return g->k[g->cls[n]];
}

/* NodeMoves(n) is not empty. */
static bool move_related(const G *g, int n)
{
	const IList *l = &g->moves_of[n];
	for (int k = 0; k < l->n; k++) {
		int st = g->mv[l->v[k]].state;
		if (st == MS_WORKLIST || st == MS_ACTIVE)
			return true;
	}
	return false;
}

/* Puts n on the list its state names. */
static void set_state(G *g, int n, int st)
{
	g->state[n] = (uint8_t)st;
	if (st == NS_SIMPLIFY)
		il_push(&g->simplify, n);
	else if (st == NS_FREEZE)
		il_push(&g->freeze, n);
	else if (st == NS_SPILL)
		il_push(&g->spillwl, n);
}

/* MakeWorklist. */
static void make_worklists(G *g)
{
	for (int n = 0; n < g->np; n++) {
		if (g->state[n] != NS_INITIAL)
			continue;
		if (g->degree[n] >= kof(g, n))
			set_state(g, n, NS_SPILL);
		else if (move_related(g, n))
			set_state(g, n, NS_FREEZE);
		else
			set_state(g, n, NS_SIMPLIFY);
	}
}

/* Whether neighbour t of a node is still in the graph (Adjacent). */
static bool present(const G *g, int t)
{
	return g->state[t] != NS_STACK && g->state[t] != NS_COALESCED;
}

/* EnableMoves of n: its active moves back on the worklist. */
static void enable_moves(G *g, int n)
{
	IList *l = &g->moves_of[n];
	for (int k = 0; k < l->n; k++)
		if (g->mv[l->v[k]].state == MS_ACTIVE) {
			g->mv[l->v[k]].state = MS_WORKLIST;
			il_push(&g->worklist_moves, l->v[k]);
		}
}

/* DecrementDegree. */
static void decrement_degree(G *g, int m)
{
	if (precol(g, m))
		return;
	int d = g->degree[m]--;
	if (d != kof(g, m))
		return;
	enable_moves(g, m);
	for (int k = 0; k < g->adjl[m].n; k++)
		if (present(g, g->adjl[m].v[k]))
			enable_moves(g, g->adjl[m].v[k]);
	if (g->state[m] == NS_SPILL)
		set_state(g, m, move_related(g, m) ? NS_FREEZE : NS_SIMPLIFY);
}

/* Simplify: one node of degree < K, not move related, onto the stack. */
static bool simplify(G *g)
{
	while (g->simplify.n) {
		int n = g->simplify.v[--g->simplify.n];
		if (g->state[n] != NS_SIMPLIFY)
			continue;
		g->state[n] = NS_STACK;
		il_push(&g->stack, n);
		for (int k = 0; k < g->adjl[n].n; k++)
			if (present(g, g->adjl[n].v[k]))
				decrement_degree(g, g->adjl[n].v[k]);
		return true;
	}
	return false;
}

static int get_alias(const G *g, int n)
{
	while (g->state[n] == NS_COALESCED)
		n = g->alias[n];
	return n;
}

/* AddWorkList: u leaves the freeze list when it can be simplified. */
static void add_worklist(G *g, int u)
{
	if (!precol(g, u) && !move_related(g, u) && g->degree[u] < kof(g, u) &&
	    g->state[u] == NS_FREEZE)
		set_state(g, u, NS_SIMPLIFY);
}

/* George's test for t, a neighbour of the pseudo, and register r. */
static bool george_ok(const G *g, int t, int r)
{
	return g->degree[t] < kof(g, t) || precol(g, t) || adj_has(g, t, r);
}

/* Briggs's test: fewer than K significant neighbours of u and v
 * together. */
static bool briggs_ok(const G *g, int u, int v)
{
	int sig = 0, K = kof(g, u);
	for (int side = 0; side < 2; side++) {
		int x = side ? v : u;
		for (int k = 0; k < g->adjl[x].n; k++) {
			int t = g->adjl[x].v[k];
			if (!present(g, t) || (side && adj_has(g, t, u)))
				continue; /* a common neighbour counts once */
			if (g->degree[t] >= kof(g, t))
				sig++;
		}
	}
	return sig < K;
}

/* Pushes x onto brute_ok's worklist when its degree is below its K. */
static void brute_push(G *g, int x, int *nst)
{
	if (!g->bout[x] && g->bd[x] < kof(g, x)) {
		g->bout[x] = 1;
		g->bstack[(*nst)++] = x;
	}
}

/* brute_ok's removal of x (x == u: the merged node, u's neighbours and
 * v's): each present pseudo neighbour still in (v counting as u) loses
 * one. */
static void brute_remove(G *g, int x, int u, int v, int *nst)
{
	const IList *l = &g->adjl[x];
	int nl = l->n, nv = x == u ? g->adjl[v].n : 0;
	for (int k = 0; k < nl + nv; k++) {
		int t = k < nl ? l->v[k] : g->adjl[v].v[k - nl];
		g->budget--;
		if (k >= nl && adj_has(g, t, u))
			continue; /* a common neighbour loses one, at u's list */
		if (t == v) {
			if (adj_has(g, x, u))
				continue; /* x's edge to u is counted at u */
			t = u;
		}
		if (t >= g->np || !present(g, t) || g->bout[t])
			continue;
		g->bd[t]--;
		brute_push(g, t, nst);
	}
}

/* The SSA book's brute-force rule (ch. 22, after Bouchez, Darte and
 * Rastello), where Briggs's test fails for the pseudos u and v (not
 * adjacent): coalesce when the graph of the nodes still present, v
 * merged into u, stays greedily colourable: removing, while one is
 * left, a pseudo with fewer present neighbours than its class's K
 * removes every pseudo (the precoloured registers stay and count).
 * O(nodes + edges) per test; g->budget (edges visited) bounds a round's
 * tests: spent, the rule answers no. */
static bool brute_ok(G *g, int u, int v)
{
	if (g->budget <= 0)
		return false;
	int nst = 0, left = 0;
	for (int x = 0; x < g->np; x++) {
		g->bout[x] = 0;
		if (present(g, x) && x != v) {
			g->bd[x] = g->degree[x];
			left++;
		}
	}
	/* u's neighbours: the union; a common neighbour loses its edge to v */
	for (int k = 0; k < g->adjl[v].n; k++) {
		int t = g->adjl[v].v[k];
		if (!present(g, t))
			continue;
		if (adj_has(g, t, u)) {
			if (t < g->np)
				g->bd[t]--;
		} else {
			g->bd[u]++;
		}
	}
	for (int x = 0; x < g->np; x++)
		if (present(g, x) && x != v)
			brute_push(g, x, &nst);
	while (nst > 0 && g->budget > 0) {
		int x = g->bstack[--nst];
		left--;
		brute_remove(g, x, u, v, &nst);
	}
	return left == 0 && g->budget > 0;
}

/* Combine v into u. */
static void combine(G *g, int u, int v)
{
	g->state[v] = NS_COALESCED;
	g->alias[v] = u;
	g->cost[u] += g->cost[v];
	g->temp[u] = g->temp[u] || g->temp[v];
	for (int k = 0; k < g->moves_of[v].n; k++)
		il_push(&g->moves_of[u], g->moves_of[v].v[k]);
	enable_moves(g, v);
	for (int k = 0; k < g->adjl[v].n; k++) {
		int t = g->adjl[v].v[k];
		if (!present(g, t))
			continue;
		add_edge(g, t, u);
		decrement_degree(g, t);
	}
	if (g->degree[u] >= kof(g, u) && g->state[u] == NS_FREEZE)
		set_state(g, u, NS_SPILL);
}

/* Coalesce: one move from the worklist. */
static bool coalesce(G *g)
{
	while (g->worklist_moves.n) {
		int m = g->worklist_moves.v[--g->worklist_moves.n];
		Move *mv = &g->mv[m];
		if (mv->state != MS_WORKLIST)
			continue;
		int x = get_alias(g, mv->dst), y = get_alias(g, mv->src);
		int u = x, v = y;
		if (precol(g, y)) {
			u = y;
			v = x;
		}
		if (u == v) {
			mv->state = MS_COALESCED;
			add_worklist(g, u);
		} else if (precol(g, v) || adj_has(g, u, v)) {
			mv->state = MS_CONSTRAINED;
			add_worklist(g, u);
			add_worklist(g, v);
		} else {
			bool ok = true;
			if (precol(g, u)) {
				for (int k = 0; ok && k < g->adjl[v].n; k++) {
					int t = g->adjl[v].v[k];
					ok = !present(g, t) || george_ok(g, t, u);
				}
			} else {
				ok = briggs_ok(g, u, v) ||
				     (g->brute && brute_ok(g, u, v));
			}
			if (ok) {
				mv->state = MS_COALESCED;
				combine(g, u, v);
				add_worklist(g, u);
			} else {
				mv->state = MS_ACTIVE;
			}
		}
		return true;
	}
	return false;
}

/* FreezeMoves of u. */
static void freeze_moves(G *g, int u)
{
	IList *l = &g->moves_of[u];
	for (int k = 0; k < l->n; k++) {
		Move *mv = &g->mv[l->v[k]];
		if (mv->state != MS_ACTIVE && mv->state != MS_WORKLIST)
			continue;
		int x = get_alias(g, mv->dst), y = get_alias(g, mv->src);
		int v = y == get_alias(g, u) ? x : y;
		mv->state = MS_FROZEN;
		if (!precol(g, v) && g->state[v] == NS_FREEZE &&
		    !move_related(g, v) && g->degree[v] < kof(g, v))
			set_state(g, v, NS_SIMPLIFY);
	}
}

/* Freeze: one move-related node of low degree given up for coalescing. */
static bool freeze(G *g)
{
	while (g->freeze.n) {
		int u = g->freeze.v[--g->freeze.n];
		if (g->state[u] != NS_FREEZE)
			continue;
		set_state(g, u, NS_SIMPLIFY);
		freeze_moves(g, u);
		return true;
	}
	return false;
}

/* Potential spill: the node of least cost per degree (temporaries
 * last) leaves the graph for the stack, optimistically. */
static bool select_spill(G *g)
{
	int best = -1;
	double bm = 0;
	for (int n = 0; n < g->np; n++) {
		if (g->state[n] != NS_SPILL)
			continue;
		double m = g->cost[n] / (g->degree[n] + 1) +
			   (g->temp[n] ? 1e18 : 0);
		if (best < 0 || m < bm) {
			best = n;
			bm = m;
		}
	}
	if (best < 0)
		return false;
	set_state(g, best, NS_SIMPLIFY);
	freeze_moves(g, best);
	return true;
}

/* Select: colours popped off the stack, the lowest free register;
 * coalesced nodes take their alias's colour. */
static void assign_colours(G *g)
{
	while (g->stack.n) {
		int n = g->stack.v[--g->stack.n];
		RegSet ok = g->f->avail[g->cls[n]];
		for (int k = 0; k < g->adjl[n].n; k++) {
			int w = get_alias(g, g->adjl[n].v[k]);
			if (g->state[w] == NS_COLOURED || precol(g, w))
				ok &= ~RS_BIT(g->colour[w]);
		}
		if (!ok) {
			g->state[n] = NS_FAILED;
			continue;
		}
		g->state[n] = NS_COLOURED;
		g->colour[n] = regset_first(ok);
	}
}

/* The round's outcome into r: colours, and the pseudos to spill (the
 * spillable members of failed nodes). */
static void outcome(G *g, IrcRound *r)
{
	Arena *a = g->fn->arena;
	r->colour = ARENA_NEW(a, int, g->np + 1);
	r->spill = ARENA_NEW(a, int, g->np + 1);
	r->nspill = 0;
	r->temp_failed = false;
	bool *spillable_in = ARENA_NEW(a, bool, g->np + 1);
	for (int p = 0; p < g->np; p++) {
		r->colour[p] = -1;
		if (g->state[p] == NS_ABSENT)
			continue;
		int n = get_alias(g, p);
		if (g->state[n] == NS_COLOURED || precol(g, n))
			r->colour[p] = g->colour[n];
		else if (g->state[n] == NS_FAILED && !g->f->temp[p]) {
			r->spill[r->nspill++] = p;
			spillable_in[n] = true;
		}
	}
	for (int p = 0; p < g->np; p++)
		if (g->state[p] == NS_FAILED && !spillable_in[p])
			r->temp_failed = true;
	r->coalesced = r->frozen = r->constrained = 0;
	for (int m = 0; m < g->nmv; m++) {
		r->coalesced += g->mv[m].state == MS_COALESCED;
		r->frozen += g->mv[m].state == MS_FROZEN;
		r->constrained += g->mv[m].state == MS_CONSTRAINED;
	}
}

static void g_free(G *g)
{
	for (int n = 0; n < g->n; n++) {
		free(g->adjl[n].v);
		free(g->moves_of[n].v);
	}
	free(g->adjl);
	free(g->moves_of);
	free(g->adj);
	free(g->degree);
	free(g->cls);
	free(g->state);
	free(g->alias);
	free(g->colour);
	free(g->cost);
	free(g->temp);
	free(g->bd);
	free(g->bstack);
	free(g->bout);
	free(g->mv);
	free(g->simplify.v);
	free(g->freeze.v);
	free(g->spillwl.v);
	free(g->worklist_moves.v);
	free(g->stack.v);
}

void irc_round(const IrcFn *f, bool coalesce_on, bool brute, IrcRound *r)
{
	G g = {.f = f, .fn = f->fn, .coalesce = coalesce_on,
	       .brute = brute, .budget = IRC_BRUTE_BUDGET};
	g.np = f->fn->npseudo;
	g.n = g.np + TGT_NREGS;
	g.wrow = ((size_t)g.n + 63) / 64;
	g.adj = calloc((size_t)g.n * g.wrow, sizeof(uint64_t));
	g.adjl = calloc((size_t)g.n, sizeof(IList));
	g.moves_of = calloc((size_t)g.n, sizeof(IList));
	g.degree = calloc((size_t)g.n, sizeof(int));
	g.cls = calloc((size_t)g.n, 1);
	g.state = calloc((size_t)g.n, 1);
	g.alias = calloc((size_t)g.n, sizeof(int));
	g.colour = calloc((size_t)g.n, sizeof(int));
	g.cost = calloc((size_t)g.n, sizeof(double));
	g.temp = calloc((size_t)g.n, sizeof(bool));
	g.bd = calloc((size_t)g.n, sizeof(int));
	g.bstack = calloc((size_t)g.n, sizeof(int));
	g.bout = calloc((size_t)g.n, 1);
	if (!g.bd || !g.bstack || !g.bout || !g.adj || !g.adjl || !g.moves_of || !g.degree || !g.cls ||
	    !g.state || !g.alias || !g.colour || !g.cost || !g.temp)
		abort();
	for (int c = 0; c < RC_NALLOC; c++)
		g.k[c] = regset_count(f->avail[c]);
	mark_nodes(&g);
	build(&g);
	make_worklists(&g);
	for (;;) {
		if (simplify(&g))
			continue;
		if (coalesce(&g))
			continue;
		if (freeze(&g))
			continue;
		if (select_spill(&g))
			continue;
		break;
	}
	assign_colours(&g);
	outcome(&g, r);
	g_free(&g);
}
