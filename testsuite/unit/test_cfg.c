/* test_cfg.c - reverse post-order, critical edges, edge splitting. */
#include "analysis_util.h"

/* One function's hand-computed RPO and critical-edge count. */
typedef struct RpoCase {
	const char *text, *rpo;
	int ncritical;
} RpoCase;

static const RpoCase rpo_cases[] = {
	{T_LINE, "b2 b3 b4", 0},
	{T_DIAMOND, "b2 b4 b3 b5", 0},
	{T_WHILE_IF, "b2 b3 b8 b4 b6 b5 b7", 0},
	{T_NEST, "b2 b3 b10 b4 b5 b6 b7 b8 b9", 6},
	{T_IRRED, "b2 b3 b4 b5", 6},
	{T_UNREACH, "b2 b4", 1},
	{T_SELF, "b2 b3 b4", 1},
	{T_LOSTCOPY, "b2 b3 b4", 1},
	{T_SWAP, "b2 b3 b4", 1},
	{T_GCD, "b2 b3 b4", 4},
	{T_CALL, "b2", 0},
	{T_PARALLEL, "b2 b3 b4", 2},
	{T_ABNORMAL, "b2 b3 b5 b4", 4},
	{T_ENTRY2, "b3 b2 b4", 0},
};

static void rpo_all(void)
{
	for (size_t k = 0; k < sizeof rpo_cases / sizeof rpo_cases[0]; k++) {
		IrFile f;
		Fn *fn = t_fn(rpo_cases[k].text, &f);
		if (!fn)
			continue;
		Cfg *c = cfg_build(fn);
		CHECK_STR(t_blocks(fn, c->rpo, c->nrpo), rpo_cases[k].rpo);
		CHECK_INT(cfg_count_critical(fn), rpo_cases[k].ncritical);
		for (int i = 0; i < c->nrpo; i++)
			CHECK_INT(c->rpo_num[c->rpo[i]], i);
		irfile_free(&f);
	}
}

static void rpo_numbers(void)
{
	IrFile f;
	Fn *fn = t_fn(T_WHILE_IF, &f);
	if (!fn)
		return;
	Cfg *c = cfg_build(fn);
	CHECK_INT(c->nblk, 7);
	CHECK_INT(c->nrpo, 7);
	CHECK_STR(t_per_block(fn, c->rpo_num),
		  "b2:0 b3:1 b4:3 b5:5 b6:4 b7:6 b8:2");
	CHECK_STR(t_preds(fn, 3), "b2 b7");
	CHECK_STR(t_preds(fn, 7), "b5 b6");
	irfile_free(&f);
}

static void unreachable(void)
{
	IrFile f;
	Fn *fn = t_fn(T_UNREACH, &f);
	if (!fn)
		return;
	Cfg *c = cfg_build(fn);
	CHECK_INT(c->nrpo, 2);
	CHECK_STR(t_per_block(fn, c->rpo_num), "b2:0 b3:-1 b4:1 b5:-1 b6:-1");
	CHECK(cfg_reachable(c, t_blk(fn, 4)));
	CHECK(!cfg_reachable(c, t_blk(fn, 3)));
	CHECK(!cfg_reachable(c, t_blk(fn, 6)));
	/* b6 -> b4: b6 has two successors, b4 three predecessors. */
	CHECK_STR(t_preds(fn, 4), "b2 b3 b6");
	CHECK(cfg_edge_is_critical(fn, t_blk(fn, 6), 1));
	CHECK(!cfg_edge_is_critical(fn, t_blk(fn, 6), 0));
	irfile_free(&f);
}

static void critical_edges(void)
{
	IrFile f;
	Fn *fn = t_fn(T_NEST, &f);
	if (!fn)
		return;
	cfg_build(fn);
	/* b3 -> b4 (b4 has preds b3, b7) yes; b3 -> b10 no. */
	CHECK(cfg_edge_is_critical(fn, t_blk(fn, 3), 0));
	CHECK(!cfg_edge_is_critical(fn, t_blk(fn, 3), 1));
	CHECK(!cfg_edge_is_critical(fn, t_blk(fn, 4), 0));
	CHECK(cfg_edge_is_critical(fn, t_blk(fn, 6), 0));
	CHECK(!cfg_edge_is_critical(fn, t_blk(fn, 6), 1));
	CHECK(cfg_edge_is_critical(fn, t_blk(fn, 7), 0));
	CHECK(cfg_edge_is_critical(fn, t_blk(fn, 7), 1));
	CHECK(!cfg_edge_is_critical(fn, t_blk(fn, 8), 0));
	irfile_free(&f);
	fn = t_fn(T_DIAMOND, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK(!cfg_edge_is_critical(fn, 0, 0));
	CHECK(!cfg_edge_is_critical(fn, 0, 1));
	irfile_free(&f);
}

/* Lost copy: the back edge b3 -> b3 is split by a new block b5. */
static void split_lostcopy(void)
{
	IrFile f;
	Fn *fn = t_fn(T_LOSTCOPY, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK(cfg_edge_is_critical(fn, 1, 0));
	CHECK(!cfg_edge_is_critical(fn, 1, 1));
	CHECK_INT(cfg_split_critical_edges(fn), 1);
	CHECK_INT(fn->nblk, 4);
	CHECK_INT(fn->blk[3]->id, 5);
	CHECK_INT(fn->blk[3]->idx, 3);
	CHECK(fn->blk[3]->first == NULL);
	CHECK_STR(t_succs(fn, 3), "b5 b4");
	CHECK_STR(t_succs(fn, 5), "b3");
	CHECK_STR(t_preds(fn, 3), "b2 b5");
	CHECK_STR(t_preds(fn, 5), "b3");
	CHECK_STR(t_preds(fn, 4), "b3");
	CHECK_STR(t_phi(fn, 2), "p1@b2 p3@b5");
	CHECK_INT(cfg_count_critical(fn), 0);
	Cfg *c = cfg_build(fn);
	CHECK_STR(t_blocks(fn, c->rpo, c->nrpo), "b2 b3 b4 b5");
	CHECK_STR(t_preds(fn, 3), "b2 b5"); /* canonical: unchanged */
	irfile_free(&f);
}

/* Swap: both phis of b3 follow the new predecessor. */
static void split_swap(void)
{
	IrFile f;
	Fn *fn = t_fn(T_SWAP, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_count_critical(fn), 1);
	CHECK(cfg_edge_is_critical(fn, 1, 0));
	CHECK_INT(cfg_split_critical_edges(fn), 1);
	CHECK_STR(t_preds(fn, 3), "b2 b5");
	CHECK_STR(t_phi(fn, 3), "p1@b2 p4@b5");
	CHECK_STR(t_phi(fn, 4), "p2@b2 p3@b5");
	CHECK_INT(cfg_count_critical(fn), 0);
	irfile_free(&f);
}

/* A self loop split by cfg_split_edge: the depth of the new block is
 * b3's (source and target); its frequency what b3's back edge carries,
 * b3's 900 less the 100 that enter from b2 (one successor) = 800. */
static void split_self(void)
{
	IrFile f;
	Fn *fn = t_fn(T_SELF, &f);
	if (!fn)
		return;
	cfg_build(fn);
	Blk *n = cfg_split_edge(fn, 1, 0);
	CHECK_INT(n->id, 5);
	CHECK_INT(n->idx, 3);
	CHECK_INT(n->freq, 800);
	CHECK_INT(n->depth, 1);
	CHECK_INT(n->nsucc, 1);
	CHECK_INT(n->succ[0].flags, 0);
	CHECK_STR(t_succs(fn, 3), "b5 b4");
	CHECK_STR(t_preds(fn, 3), "b2 b5");
	CHECK_STR(t_preds(fn, 5), "b3");
	CHECK_STR(t_phi(fn, 2), "p1@b2 p3@b5");
	CHECK_INT(cfg_count_critical(fn), 0);
	irfile_free(&f);
}

/* Parallel edges b2 -> b4: splitting both moves the phi sources from b2
 * after the one from b3, in the order of the new blocks. */
static void split_parallel(void)
{
	IrFile f;
	Fn *fn = t_fn(T_PARALLEL, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_STR(t_preds(fn, 4), "b2 b2 b3");
	CHECK(cfg_edge_is_critical(fn, 0, 0));
	CHECK(!cfg_edge_is_critical(fn, 0, 1));
	CHECK(cfg_edge_is_critical(fn, 0, 2));
	CHECK_INT(cfg_split_critical_edges(fn), 2);
	CHECK_STR(t_succs(fn, 2), "b5 b3 b6");
	CHECK_STR(t_preds(fn, 4), "b3 b5 b6");
	CHECK_STR(t_preds(fn, 5), "b2");
	CHECK_STR(t_preds(fn, 6), "b2");
	CHECK_STR(t_phi(fn, 5), "p3@b3 p1@b5 p2@b6");
	CHECK_INT(cfg_count_critical(fn), 0);
	irfile_free(&f);
}

/* cfg_split_edge on the second of two parallel edges, then the first. */
static void split_parallel_one(void)
{
	IrFile f;
	Fn *fn = t_fn(T_PARALLEL, &f);
	if (!fn)
		return;
	cfg_build(fn);
	Blk *n = cfg_split_edge(fn, 0, 2);
	CHECK_INT(n->id, 5);
	CHECK_STR(t_succs(fn, 2), "b4 b3 b5");
	CHECK_STR(t_preds(fn, 4), "b2 b3 b5");
	CHECK_STR(t_phi(fn, 5), "p1@b2 p3@b3 p2@b5");
	n = cfg_split_edge(fn, 0, 0);
	CHECK_INT(n->id, 6);
	CHECK_INT(n->idx, 4);
	CHECK_STR(t_succs(fn, 2), "b6 b3 b5");
	CHECK_STR(t_preds(fn, 4), "b3 b5 b6");
	CHECK_STR(t_phi(fn, 5), "p3@b3 p2@b5 p1@b6");
	CHECK_INT(cfg_count_critical(fn), 0);
	irfile_free(&f);
}

/* Abnormal critical edges are counted and skipped. */
static void split_abnormal(void)
{
	IrFile f;
	Fn *fn = t_fn(T_ABNORMAL, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 3);
	CHECK_INT(cfg_count_critical(fn), 1);
	CHECK_INT(fn->nblk, 7);
	CHECK_STR(t_succs(fn, 2), "b3 b4 b6");
	CHECK_INT(fn->blk[0]->succ[1].flags, EF_ABNORMAL);
	CHECK_STR(t_succs(fn, 3), "b7 b8");
	CHECK_STR(t_preds(fn, 4), "b2 b7");
	CHECK_STR(t_preds(fn, 5), "b6 b8");
	CHECK_STR(t_succs(fn, 6), "b5");
	CHECK_STR(t_succs(fn, 7), "b4");
	CHECK_STR(t_succs(fn, 8), "b5");
	/* freq, depth: min(b2 100/1, b5 30/3); min(b3 50/2, b4 70/0);
	 * min(b3 50/2, b5 30/3). */
	CHECK_INT(fn->blk[4]->freq, 30);
	CHECK_INT(fn->blk[4]->depth, 1);
	CHECK_INT(fn->blk[5]->freq, 50);
	CHECK_INT(fn->blk[5]->depth, 0);
	CHECK_INT(fn->blk[6]->freq, 30);
	CHECK_INT(fn->blk[6]->depth, 2);
	irfile_free(&f);
}

/* cfg_split_edge can split an abnormal edge: the flag stays on the first
 * half.  The new block's frequency: b2's 100 less the 50 b3 (one
 * predecessor) takes; b4's 70 gives no tighter bound (b3, its other
 * predecessor, has two successors). */
static void split_edge_flags(void)
{
	IrFile f;
	Fn *fn = t_fn(T_ABNORMAL, &f);
	if (!fn)
		return;
	cfg_build(fn);
	Blk *n = cfg_split_edge(fn, 0, 1);
	CHECK_INT(n->id, 6);
	CHECK_INT(fn->blk[0]->succ[1].blk, n->idx);
	CHECK_INT(fn->blk[0]->succ[1].flags, EF_ABNORMAL);
	CHECK_INT(n->succ[0].flags, 0);
	CHECK_STR(t_succs(fn, 6), "b4");
	CHECK_STR(t_preds(fn, 4), "b3 b6");
	CHECK_INT(n->freq, 50);
	CHECK_INT(n->depth, 0);
	irfile_free(&f);
}

/* A split edge's frequency from the blocks' (flow conservation):
 *   b2 (1000) -> b3 b4;  b3 (600, one predecessor) -> b4 b5;
 *   b4 (700) <- b2 b3;   b5 (300, one predecessor).
 * Edge b2 -> b4: b2 keeps 1000 - 600 (b3 takes all of its) = 400.
 * Edge b3 -> b4: b3 keeps 600 - 300 (b5's) = 300; b2's share of b4 is
 * not known from b4's side (b2 has two successors).  Both are what the
 * edges carry: 400 + 300 = 700 into b4.  min(source, target) would
 * have said 700 and 600. */
static void split_freq(void)
{
	IrFile f;
	Fn *fn = t_fn("func ef\n  pseudo p1 gpr 8\n"
		      "b2: freq=1000 depth=0 -> b3 b4\n"
		      "  1: copy =p1, %di\n"
		      "  2: ord \"cmp\" =%flags, p1, $0\n"
		      "  3: branch \"jcc\" %flags\n"
		      "b3: freq=600 depth=0 -> b4 b5\n"
		      "  4: ord \"cmp\" =%flags, p1, $1\n"
		      "  5: branch \"jcc\" %flags\n"
		      "b4: freq=700 depth=0\n"
		      "  6: copy =%ax, p1\n  7: ret %ax\n"
		      "b5: freq=300 depth=0\n"
		      "  8: copy =%ax, p1\n  9: ret %ax\nend\n",
		      &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 2);
	int e24 = fn->blk[0]->succ[1].blk, e34 = fn->blk[1]->succ[0].blk;
	CHECK_INT(fn->blk[e24]->freq, 400);
	CHECK_INT(fn->blk[e34]->freq, 300);
	irfile_free(&f);
}

static void split_nest(void)
{
	IrFile f;
	Fn *fn = t_fn(T_NEST, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 6);
	CHECK_INT(fn->nblk, 15);
	CHECK_STR(t_succs(fn, 3), "b11 b10");
	CHECK_STR(t_succs(fn, 6), "b12 b7");
	CHECK_STR(t_succs(fn, 7), "b13 b14");
	CHECK_STR(t_succs(fn, 9), "b15 b16");
	CHECK_STR(t_preds(fn, 3), "b2 b16");
	CHECK_STR(t_preds(fn, 4), "b11 b13");
	CHECK_STR(t_preds(fn, 5), "b4 b12");
	CHECK_STR(t_preds(fn, 8), "b14 b15");
	CHECK_STR(t_succs(fn, 11), "b4");
	CHECK_STR(t_succs(fn, 16), "b3");
	int b11 = t_blk(fn, 11), b12 = t_blk(fn, 12), b13 = t_blk(fn, 13);
	CHECK_INT(b11, 9);
	CHECK_INT(fn->blk[b11]->freq, 1000);
	CHECK_INT(fn->blk[b11]->depth, 1);
	CHECK_INT(fn->blk[b12]->freq, 500);
	CHECK_INT(fn->blk[b12]->depth, 3);
	CHECK_INT(fn->blk[b13]->freq, 0);
	CHECK_INT(fn->blk[b13]->depth, 0);
	CHECK_INT(cfg_count_critical(fn), 0);
	irfile_free(&f);
}

static void split_gcd(void)
{
	IrFile f;
	Fn *fn = t_fn(T_GCD, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 4);
	CHECK_STR(t_succs(fn, 2), "b5 b6");
	CHECK_STR(t_succs(fn, 3), "b7 b8");
	CHECK_STR(t_preds(fn, 3), "b5 b7");
	CHECK_STR(t_preds(fn, 4), "b6 b8");
	/* b5: b2 -> b3; b6: b2 -> b4; b7: b3 -> b3; b8: b3 -> b4. */
	CHECK_INT(fn->blk[3]->freq, 1000);
	CHECK_INT(fn->blk[4]->freq, 1000);
	CHECK_INT(fn->blk[5]->freq, 9000);
	CHECK_INT(fn->blk[5]->depth, 1);
	CHECK_INT(fn->blk[6]->freq, 1000);
	CHECK_INT(fn->blk[6]->depth, 0);
	CHECK_INT(cfg_split_critical_edges(fn), 0);
	irfile_free(&f);
}

static void empty_fn(void)
{
	Fn *fn = fn_new("empty", target_x86_64());
	Cfg *c = cfg_build(fn);
	CHECK_INT(c->nrpo, 0);
	CHECK_INT(cfg_count_critical(fn), 0);
	CHECK_INT(cfg_split_critical_edges(fn), 0);
	fn_free(fn);
}

/* Random functions: splitting keeps canonical predecessors, phi sources
 * in predecessor order with the same value per edge, and leaves only the
 * abnormal critical edges. */
static void split_random_fn(uint64_t seed, int nblk)
{
	Fn *fn = t_random_fn(seed, nblk);
	cfg_build(fn);
	int nold = fn->nblk, nsplit = 0, nabn = 0, nedge = 0;
	for (int b = 0; b < nold; b++)
		nedge += fn->blk[b]->nsucc;
	/* The phi source value of each (edge, phi), by the edge's rank. */
	int *val = ARENA_NEW(fn->arena, int, nedge * 3 + 1), e = 0;
	for (int b = 0; b < nold; b++)
		for (int k = 0; k < fn->blk[b]->nsucc; k++, e++) {
			nsplit += cfg_edge_is_critical(fn, b, k) &&
				  !(fn->blk[b]->succ[k].flags & EF_ABNORMAL);
			nabn += cfg_edge_is_critical(fn, b, k) &&
				(fn->blk[b]->succ[k].flags & EF_ABNORMAL);
			Blk *t = fn->blk[fn->blk[b]->succ[k].blk];
			int rank = 0, pos = -1;
			for (int m = 0; m < k; m++)
				rank += fn->blk[b]->succ[m].blk == t->idx;
			for (int p = 0, s = 0; p < t->npred && pos < 0; p++)
				if (t->pred[p] == b && s++ == rank)
					pos = p;
			int ph = 0;
			for (Ins *i = t->first; i && i->kind == IK_PHI;
			     i = i->next, ph++)
				val[e * 3 + ph] = live_value(fn, &i->ops[1 + pos]);
		}
	CHECK_INT(cfg_split_critical_edges(fn), nsplit);
	CHECK_INT(cfg_count_critical(fn), nabn);
	CHECK_INT(fn->nblk, nold + nsplit);
	/* Predecessors are canonical. */
	int **saved = ARENA_NEW(fn->arena, int *, fn->nblk);
	for (int b = 0; b < fn->nblk; b++)
		saved[b] = fn->blk[b]->pred;
	fn_preds(fn);
	for (int b = 0; b < fn->nblk; b++)
		for (int p = 0; p < fn->blk[b]->npred; p++)
			CHECK_INT(saved[b][p], fn->blk[b]->pred[p]);
	/* Phi sources follow the predecessors, values stay on their edge. */
	e = 0;
	for (int b = 0; b < nold; b++)
		for (int k = 0; k < fn->blk[b]->nsucc; k++, e++) {
			int via = b, to = fn->blk[b]->succ[k].blk, rank = 0;
			if (to >= nold) {
				CHECK(fn->blk[to]->first == NULL);
				CHECK_INT(fn->blk[to]->nsucc, 1);
				CHECK_INT(fn->blk[to]->npred, 1);
				via = to;
				to = fn->blk[to]->succ[0].blk;
			} else {
				for (int m = 0; m < k; m++)
					rank += fn->blk[b]->succ[m].blk == to;
			}
			Blk *t = fn->blk[to];
			int pos = -1;
			for (int p = 0, s = 0; p < t->npred && pos < 0; p++)
				if (t->pred[p] == via && s++ == rank)
					pos = p;
			CHECK(pos >= 0);
			int ph = 0;
			for (Ins *i = t->first; i && i->kind == IK_PHI && pos >= 0;
			     i = i->next, ph++) {
				CHECK_INT(i->ops[1 + pos].from, via);
				CHECK_INT(live_value(fn, &i->ops[1 + pos]),
					  val[e * 3 + ph]);
			}
		}
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i && i->kind == IK_PHI;
		     i = i->next)
			for (int p = 0; p < fn->blk[b]->npred; p++)
				CHECK_INT(i->ops[1 + p].from, fn->blk[b]->pred[p]);
	fn_free(fn);
}

static void split_random(void)
{
	for (uint64_t seed = 1; seed <= 300; seed++)
		split_random_fn(seed, 1 + (int)(seed % 24));
}

void suite_cfg(void)
{
	t_case("cfg/rpo_all", rpo_all);
	t_case("cfg/rpo_numbers", rpo_numbers);
	t_case("cfg/unreachable", unreachable);
	t_case("cfg/critical_edges", critical_edges);
	t_case("cfg/split_lostcopy", split_lostcopy);
	t_case("cfg/split_swap", split_swap);
	t_case("cfg/split_self", split_self);
	t_case("cfg/split_parallel", split_parallel);
	t_case("cfg/split_parallel_one", split_parallel_one);
	t_case("cfg/split_abnormal", split_abnormal);
	t_case("cfg/split_freq", split_freq);
	t_case("cfg/split_edge_flags", split_edge_flags);
	t_case("cfg/split_nest", split_nest);
	t_case("cfg/split_gcd", split_gcd);
	t_case("cfg/empty_fn", empty_fn);
	t_case("cfg/split_random", split_random);
}
