/* test_loops.c - natural loop forest. */
#include "analysis_util.h"

/* One header b3 with two back edges (from b4 and b5). */
static const char T_TWOLATCH[] =
	"func twolatch\n"
	"b2: -> b3\n"
	"b3: -> b4 b5\n"
	"b4: -> b3\n"
	"b5: -> b3 b6\n"
	"b6:\n"
	"end\n";

/* An irreducible cycle b4 <-> b5 inside the natural loop of b3. */
static const char T_IRRED_IN_LOOP[] =
	"func irred_in_loop\n"
	"b2: -> b3\n"
	"b3: -> b4 b5 b7\n"
	"b4: -> b5 b6\n"
	"b5: -> b4 b6\n"
	"b6: -> b3\n"
	"b7:\n"
	"end\n";

/* The entry block heads a loop. */
static const char T_ENTRYLOOP[] =
	"func entryloop\n"
	"b2: -> b2 b3\n"
	"b3:\n"
	"end\n";

/* Hand-computed loop structure: number of loops, headers (by loop
 * number), retreating edges that are not back edges, depth per block. */
typedef struct LoopCase {
	const char *text;
	int nloop;
	const char *headers;
	int nirr;
	const char *depth;
} LoopCase;

static const LoopCase loop_cases[] = {
	{T_LINE, 0, "", 0, "b2:0 b3:0 b4:0"},
	{T_DIAMOND, 0, "", 0, "b2:0 b3:0 b4:0 b5:0"},
	{T_WHILE_IF, 1, "b3", 0, "b2:0 b3:1 b4:1 b5:1 b6:1 b7:1 b8:0"},
	{T_NEST, 4, "b3 b4 b5 b8", 0,
	 "b2:0 b3:1 b4:2 b5:3 b6:3 b7:2 b8:2 b9:2 b10:0"},
	{T_IRRED, 0, "", 1, "b2:0 b3:0 b4:0 b5:0"},
	{T_UNREACH, 0, "", 0, "b2:0 b3:0 b4:0 b5:0 b6:0"},
	{T_SELF, 1, "b3", 0, "b2:0 b3:1 b4:0"},
	{T_LOSTCOPY, 1, "b3", 0, "b2:0 b3:1 b4:0"},
	{T_SWAP, 1, "b3", 0, "b2:0 b3:1 b4:0"},
	{T_GCD, 1, "b3", 0, "b2:0 b3:1 b4:0"},
	{T_CALL, 0, "", 0, "b2:0"},
	{T_PARALLEL, 0, "", 0, "b2:0 b3:0 b4:0"},
	{T_ABNORMAL, 0, "", 0, "b2:0 b3:0 b4:0 b5:0"},
	{T_ENTRY2, 0, "", 0, "b2:0 b3:0 b4:0"},
	{T_TWOLATCH, 1, "b3", 0, "b2:0 b3:1 b4:1 b5:1 b6:0"},
	{T_IRRED_IN_LOOP, 1, "b3", 1, "b2:0 b3:1 b4:1 b5:1 b6:1 b7:0"},
	{T_ENTRYLOOP, 1, "b2", 0, "b2:1 b3:0"},
};

static Loops *find_all(Fn *fn)
{
	Cfg *c = cfg_build(fn);
	return loops_find(fn, c, dom_build(fn, c));
}

static void loops_all(void)
{
	for (size_t k = 0; k < sizeof loop_cases / sizeof loop_cases[0]; k++) {
		IrFile f;
		Fn *fn = t_fn(loop_cases[k].text, &f);
		if (!fn)
			continue;
		Loops *lp = find_all(fn);
		CHECK_INT(lp->nloop, loop_cases[k].nloop);
		CHECK_STR(t_blocks(fn, lp->header, lp->nloop),
			  loop_cases[k].headers);
		CHECK_INT(lp->nirreducible, loop_cases[k].nirr);
		CHECK_STR(t_per_block(fn, lp->depth), loop_cases[k].depth);
		irfile_free(&f);
	}
}

static void nest(void)
{
	IrFile f;
	Fn *fn = t_fn(T_NEST, &f);
	if (!fn)
		return;
	Loops *lp = find_all(fn);
	CHECK_INT(lp->nloop, 4);
	/* Loops: 0 = b3, 1 = b4 in 0, 2 = b5 in 1, 3 = b8 in 0. */
	CHECK_INT(lp->parent[0], -1);
	CHECK_INT(lp->parent[1], 0);
	CHECK_INT(lp->parent[2], 1);
	CHECK_INT(lp->parent[3], 0);
	CHECK_INT(lp->ldepth[0], 1);
	CHECK_INT(lp->ldepth[1], 2);
	CHECK_INT(lp->ldepth[2], 3);
	CHECK_INT(lp->ldepth[3], 2);
	for (int l = 0; l < 4; l++)
		CHECK_INT(lp->nlatch[l], 1);
	CHECK_STR(t_per_block(fn, lp->innermost),
		  "b2:-1 b3:0 b4:1 b5:2 b6:2 b7:1 b8:3 b9:3 b10:-1");
	CHECK_STR(t_per_block(fn, lp->loop_of),
		  "b2:-1 b3:0 b4:1 b5:2 b6:-1 b7:-1 b8:3 b9:-1 b10:-1");
	CHECK(loops_contains(lp, 0, t_blk(fn, 6)));
	CHECK(loops_contains(lp, 1, t_blk(fn, 6)));
	CHECK(!loops_contains(lp, 3, t_blk(fn, 6)));
	CHECK(!loops_contains(lp, 1, t_blk(fn, 9)));
	CHECK(!loops_contains(lp, 0, t_blk(fn, 10)));
	irfile_free(&f);
}

static void while_if(void)
{
	IrFile f;
	Fn *fn = t_fn(T_WHILE_IF, &f);
	if (!fn)
		return;
	Loops *lp = find_all(fn);
	CHECK_INT(lp->parent[0], -1);
	CHECK_INT(lp->nlatch[0], 1);
	CHECK_STR(t_per_block(fn, lp->innermost),
		  "b2:-1 b3:0 b4:0 b5:0 b6:0 b7:0 b8:-1");
	irfile_free(&f);
}

static void two_latches(void)
{
	IrFile f;
	Fn *fn = t_fn(T_TWOLATCH, &f);
	if (!fn)
		return;
	Loops *lp = find_all(fn);
	CHECK_INT(lp->nloop, 1);
	CHECK_INT(lp->nlatch[0], 2);
	irfile_free(&f);
}

static void irreducible(void)
{
	IrFile f;
	Fn *fn = t_fn(T_IRRED, &f);
	if (!fn)
		return;
	Loops *lp = find_all(fn);
	CHECK_INT(lp->nloop, 0);
	CHECK_INT(lp->nirreducible, 1);
	CHECK_STR(t_per_block(fn, lp->innermost), "b2:-1 b3:-1 b4:-1 b5:-1");
	irfile_free(&f);
}

/* After splitting the critical edges of nest: the new blocks on latch
 * edges belong to the loops they close, the others to the enclosing
 * loop only. */
static void nest_split(void)
{
	IrFile f;
	Fn *fn = t_fn(T_NEST, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 6);
	Loops *lp = find_all(fn);
	CHECK_INT(lp->nloop, 4);
	CHECK_STR(t_blocks(fn, lp->header, lp->nloop), "b3 b4 b5 b8");
	CHECK_STR(t_per_block(fn, lp->depth),
		  "b2:0 b3:1 b4:2 b5:3 b6:3 b7:2 b8:2 b9:2 b10:0 b11:1 b12:3 "
		  "b13:2 b14:1 b15:2 b16:1");
	CHECK_INT(lp->parent[1], 0);
	CHECK_INT(lp->parent[2], 1);
	CHECK_INT(lp->parent[3], 0);
	irfile_free(&f);
}

static void empty_fn(void)
{
	Fn *fn = fn_new("empty", target_x86_64());
	Loops *lp = find_all(fn);
	CHECK_INT(lp->nloop, 0);
	CHECK_INT(lp->nirreducible, 0);
	fn_free(fn);
}

/* Brute force: the natural loop of header h is h plus the blocks that
 * reach a latch of h without passing through h. */
static void brute_body(const Fn *fn, const Cfg *c, const DomTree *d, int h,
		       bool *in, int *stk)
{
	memset(in, 0, sizeof(bool) * (size_t)fn->nblk);
	int sp = 0;
	in[h] = true;
	const Blk *hb = fn->blk[h];
	for (int p = 0; p < hb->npred; p++) {
		int u = hb->pred[p];
		if (cfg_reachable(c, u) && dom_dominates(d, h, u) && !in[u]) {
			in[u] = true;
			stk[sp++] = u;
		}
	}
	while (sp > 0) {
		const Blk *b = fn->blk[stk[--sp]];
		for (int p = 0; p < b->npred; p++)
			if (!in[b->pred[p]] && cfg_reachable(c, b->pred[p])) {
				in[b->pred[p]] = true;
				stk[sp++] = b->pred[p];
			}
	}
}

static void random_fn(uint64_t seed, int nblk)
{
	Fn *fn = t_random_fn(seed, nblk);
	Cfg *c = cfg_build(fn);
	DomTree *d = dom_build(fn, c);
	Loops *lp = loops_find(fn, c, d);
	int n = fn->nblk, nirr = 0, nloop = 0;
	int *depth = ARENA_NEW(fn->arena, int, n), *stk = ARENA_NEW(fn->arena, int, n);
	bool *in = ARENA_NEW(fn->arena, bool, n);
	for (int u = 0; u < n; u++)
		for (int k = 0; cfg_reachable(c, u) && k < fn->blk[u]->nsucc; k++) {
			int v = fn->blk[u]->succ[k].blk;
			nirr += c->rpo_num[v] <= c->rpo_num[u] &&
				!dom_dominates(d, v, u);
		}
	for (int h = 0; h < n; h++) {
		bool header = false;
		for (int p = 0; p < fn->blk[h]->npred; p++)
			header |= cfg_reachable(c, fn->blk[h]->pred[p]) &&
				  dom_dominates(d, h, fn->blk[h]->pred[p]);
		if (!header) {
			CHECK_INT(lp->loop_of[h], -1);
			continue;
		}
		nloop++;
		int l = lp->loop_of[h];
		CHECK(l >= 0);
		if (l < 0)
			continue;
		CHECK_INT(lp->header[l], h);
		brute_body(fn, c, d, h, in, stk);
		for (int b = 0; b < n; b++) {
			depth[b] += in[b];
			if (loops_contains(lp, l, b) != in[b])
				t_check(false, __FILE__, __LINE__,
					"seed %llu: loop %d contains %d",
					(unsigned long long)seed, l, b);
		}
	}
	CHECK_INT(lp->nloop, nloop);
	CHECK_INT(lp->nirreducible, nirr);
	for (int b = 0; b < n; b++)
		CHECK_INT(lp->depth[b], depth[b]);
	for (int l = 0; l < lp->nloop; l++)
		CHECK(lp->parent[l] < l);
	fn_free(fn);
}

static void random_vs_brute(void)
{
	for (uint64_t seed = 1; seed <= 400; seed++)
		random_fn(seed, 1 + (int)(seed % 40));
}

void suite_loops(void)
{
	t_case("loops/loops_all", loops_all);
	t_case("loops/nest", nest);
	t_case("loops/while_if", while_if);
	t_case("loops/two_latches", two_latches);
	t_case("loops/irreducible", irreducible);
	t_case("loops/nest_split", nest_split);
	t_case("loops/empty_fn", empty_fn);
	t_case("loops/random_vs_brute", random_vs_brute);
}
