/* test_dom.c - dominator tree. */
#include "analysis_util.h"

/* Hand-computed immediate dominators and dominator-tree pre-order. */
typedef struct DomCase {
	const char *text, *idoms, *order;
} DomCase;

static const DomCase dom_cases[] = {
	{T_LINE, "b3:b2 b4:b3", "b2 b3 b4"},
	{T_DIAMOND, "b3:b2 b4:b2 b5:b2", "b2 b4 b3 b5"},
	{T_WHILE_IF, "b3:b2 b4:b3 b5:b4 b6:b4 b7:b4 b8:b3",
	 "b2 b3 b8 b4 b6 b5 b7"},
	{T_NEST, "b3:b2 b4:b3 b5:b4 b6:b5 b7:b6 b8:b7 b9:b8 b10:b3",
	 "b2 b3 b10 b4 b5 b6 b7 b8 b9"},
	{T_IRRED, "b3:b2 b4:b2 b5:b2", "b2 b3 b4 b5"},
	{T_UNREACH, "b4:b2", "b2 b4"},
	{T_SELF, "b3:b2 b4:b3", "b2 b3 b4"},
	{T_LOSTCOPY, "b3:b2 b4:b3", "b2 b3 b4"},
	{T_SWAP, "b3:b2 b4:b3", "b2 b3 b4"},
	{T_GCD, "b3:b2 b4:b2", "b2 b3 b4"},
	{T_CALL, "", "b2"},
	{T_PARALLEL, "b3:b2 b4:b2", "b2 b3 b4"},
	{T_ABNORMAL, "b3:b2 b4:b2 b5:b2", "b2 b3 b5 b4"},
	{T_ENTRY2, "b2:b3 b4:b2", "b3 b2 b4"},
};

static void idoms_all(void)
{
	for (size_t k = 0; k < sizeof dom_cases / sizeof dom_cases[0]; k++) {
		IrFile f;
		Fn *fn = t_fn(dom_cases[k].text, &f);
		if (!fn)
			continue;
		Cfg *c = cfg_build(fn);
		DomTree *d = dom_build(fn, c);
		CHECK_STR(t_idoms(fn, d), dom_cases[k].idoms);
		CHECK_STR(t_blocks(fn, d->order, d->norder), dom_cases[k].order);
		CHECK_INT(d->idom[fn->entry], -1);
		for (int i = 0; i < d->norder; i++)
			CHECK_INT(d->pre[d->order[i]], i);
		irfile_free(&f);
	}
}

/* Dominance of block a over block b, by labels. */
typedef struct DomQ {
	int a, b;
	bool dom;
} DomQ;

static void check_dom(const Fn *fn, const DomTree *d, const DomQ *q, int n)
{
	for (int k = 0; k < n; k++) {
		bool got = dom_dominates(d, t_blk(fn, q[k].a), t_blk(fn, q[k].b));
		t_check(got == q[k].dom, __FILE__, __LINE__,
			"%s: b%d dominates b%d: got %d", fn->name, q[k].a,
			q[k].b, got);
	}
}

static void while_if(void)
{
	IrFile f;
	Fn *fn = t_fn(T_WHILE_IF, &f);
	if (!fn)
		return;
	DomTree *d = dom_build(fn, cfg_build(fn));
	CHECK_STR(t_per_block(fn, d->pre), "b2:0 b3:1 b4:3 b5:5 b6:4 b7:6 b8:2");
	CHECK_STR(t_per_block(fn, d->last),
		  "b2:6 b3:6 b4:6 b5:5 b6:4 b7:6 b8:2");
	CHECK_STR(t_per_block(fn, d->nchild),
		  "b2:1 b3:2 b4:3 b5:0 b6:0 b7:0 b8:0");
	int b3 = t_blk(fn, 3), b4 = t_blk(fn, 4);
	CHECK_STR(t_blocks(fn, d->child + d->cstart[b4], d->nchild[b4]),
		  "b6 b5 b7");
	CHECK_STR(t_blocks(fn, d->child + d->cstart[b3], d->nchild[b3]),
		  "b8 b4");
	static const DomQ q[] = {
		{4, 7, true},  {5, 7, false}, {6, 7, false}, {3, 8, true},
		{8, 8, true},  {4, 3, false}, {2, 7, true},  {7, 3, false},
		{3, 3, true},  {8, 4, false},
	};
	check_dom(fn, d, q, sizeof q / sizeof q[0]);
	CHECK(!dom_sdominates(d, t_blk(fn, 8), t_blk(fn, 8)));
	CHECK(dom_sdominates(d, b3, t_blk(fn, 8)));
	irfile_free(&f);
}

static void nest(void)
{
	IrFile f;
	Fn *fn = t_fn(T_NEST, &f);
	if (!fn)
		return;
	DomTree *d = dom_build(fn, cfg_build(fn));
	CHECK_STR(t_per_block(fn, d->pre),
		  "b2:0 b3:1 b4:3 b5:4 b6:5 b7:6 b8:7 b9:8 b10:2");
	CHECK_STR(t_per_block(fn, d->last),
		  "b2:8 b3:8 b4:8 b5:8 b6:8 b7:8 b8:8 b9:8 b10:2");
	static const DomQ q[] = {
		{5, 9, true},  {4, 8, true},  {10, 4, false}, {3, 10, true},
		{6, 4, false}, {9, 3, false}, {2, 10, true},  {8, 7, false},
	};
	check_dom(fn, d, q, sizeof q / sizeof q[0]);
	irfile_free(&f);
}

static void irreducible(void)
{
	IrFile f;
	Fn *fn = t_fn(T_IRRED, &f);
	if (!fn)
		return;
	DomTree *d = dom_build(fn, cfg_build(fn));
	static const DomQ q[] = {
		{3, 4, false}, {4, 3, false}, {2, 5, true},
		{3, 5, false}, {4, 4, true},
	};
	check_dom(fn, d, q, sizeof q / sizeof q[0]);
	CHECK_STR(t_per_block(fn, d->last), "b2:3 b3:1 b4:2 b5:3");
	irfile_free(&f);
}

static void unreachable(void)
{
	IrFile f;
	Fn *fn = t_fn(T_UNREACH, &f);
	if (!fn)
		return;
	DomTree *d = dom_build(fn, cfg_build(fn));
	CHECK_STR(t_per_block(fn, d->idom), "b2:-1 b3:-1 b4:0 b5:-1 b6:-1");
	CHECK_STR(t_per_block(fn, d->pre), "b2:0 b3:-1 b4:1 b5:-1 b6:-1");
	CHECK_STR(t_per_block(fn, d->last), "b2:1 b3:-1 b4:1 b5:-1 b6:-1");
	static const DomQ q[] = {
		{3, 3, false}, {2, 3, false}, {3, 4, false},
		{2, 4, true},  {6, 5, false}, {4, 4, true},
	};
	check_dom(fn, d, q, sizeof q / sizeof q[0]);
	irfile_free(&f);
}

static void empty_fn(void)
{
	Fn *fn = fn_new("empty", target_x86_64());
	DomTree *d = dom_build(fn, cfg_build(fn));
	CHECK_INT(d->norder, 0);
	fn_free(fn);
}

/* Brute force: a dominates b iff b is reachable and not reachable from
 * the entry when a is removed (a != b). */
static bool reach_avoiding(const Fn *fn, int avoid, int target, int *stk,
			   bool *seen)
{
	memset(seen, 0, sizeof(bool) * (size_t)fn->nblk);
	if (fn->entry == avoid)
		return false;
	int sp = 0;
	stk[sp++] = fn->entry;
	seen[fn->entry] = true;
	while (sp > 0) {
		int b = stk[--sp];
		if (b == target)
			return true;
		for (int k = 0; k < fn->blk[b]->nsucc; k++) {
			int s = fn->blk[b]->succ[k].blk;
			if (s != avoid && !seen[s]) {
				seen[s] = true;
				stk[sp++] = s;
			}
		}
	}
	return false;
}

static void random_fn(uint64_t seed, int nblk)
{
	Fn *fn = t_random_fn(seed, nblk);
	Cfg *c = cfg_build(fn);
	DomTree *d = dom_build(fn, c);
	int n = fn->nblk;
	int *stk = ARENA_NEW(fn->arena, int, n);
	bool *seen = ARENA_NEW(fn->arena, bool, n);
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			bool reach = cfg_reachable(c, a) && cfg_reachable(c, b);
			bool want = reach && (a == b ||
					      !reach_avoiding(fn, a, b, stk, seen));
			if (dom_dominates(d, a, b) != want) {
				t_check(false, __FILE__, __LINE__,
					"seed %llu: dominates(%d, %d) != %d",
					(unsigned long long)seed, a, b, want);
				fn_free(fn);
				return;
			}
		}
	/* idom: a strict dominator dominated by every strict dominator; the
	 * children lists are in RPO order. */
	for (int b = 0; b < n; b++) {
		int i = d->idom[b];
		if (!cfg_reachable(c, b) || b == fn->entry) {
			CHECK_INT(i, -1);
			continue;
		}
		CHECK(dom_sdominates(d, i, b));
		for (int a = 0; a < n; a++)
			if (dom_sdominates(d, a, b))
				CHECK(dom_dominates(d, a, i));
		for (int k = 1; k < d->nchild[b]; k++)
			CHECK(c->rpo_num[d->child[d->cstart[b] + k - 1]] <
			      c->rpo_num[d->child[d->cstart[b] + k]]);
	}
	fn_free(fn);
}

static void random_vs_brute(void)
{
	for (uint64_t seed = 1; seed <= 300; seed++)
		random_fn(seed, 1 + (int)(seed % 30));
}

void suite_dom(void)
{
	t_case("dom/idoms_all", idoms_all);
	t_case("dom/while_if", while_if);
	t_case("dom/nest", nest);
	t_case("dom/irreducible", irreducible);
	t_case("dom/unreachable", unreachable);
	t_case("dom/empty_fn", empty_fn);
	t_case("dom/random_vs_brute", random_vs_brute);
}
