/* test_liveness.c - live-in/live-out sets and per-instruction liveness. */
#include "analysis_util.h"

/* Live-in and live-out of one block, by label. */
typedef struct BlkLive {
	int id;
	const char *in, *out;
} BlkLive;

/* Values live before (after = false) or after an instruction. */
typedef struct InsLive {
	int uid;
	bool after;
	const char *live;
} InsLive;

/* Computes liveness of fn and checks the hand-computed sets. */
static void check_live(Fn *fn, const BlkLive *bl, int nbl, const InsLive *il,
		       int nil)
{
	Live *lv = live_compute(fn, cfg_build(fn));
	CHECK_INT(lv->nval, fn->npseudo + TGT_NREGS);
	for (int k = 0; k < nbl; k++) {
		const char *in = t_live_in(fn, lv, bl[k].id);
		const char *out = t_live_out(fn, lv, bl[k].id);
		t_check(strcmp(in, bl[k].in) == 0, __FILE__, __LINE__,
			"%s: live_in(b%d) = \"%s\", expected \"%s\"", fn->name,
			bl[k].id, in, bl[k].in);
		t_check(strcmp(out, bl[k].out) == 0, __FILE__, __LINE__,
			"%s: live_out(b%d) = \"%s\", expected \"%s\"", fn->name,
			bl[k].id, out, bl[k].out);
	}
	for (int k = 0; k < nil; k++) {
		const char *got = t_live_at(fn, lv, il[k].uid, il[k].after);
		t_check(strcmp(got, il[k].live) == 0, __FILE__, __LINE__,
			"%s: live %s %d = \"%s\", expected \"%s\"", fn->name,
			il[k].after ? "after" : "before", il[k].uid, got,
			il[k].live);
	}
}

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Parses text and runs check_live. */
static void run(const char *text, const BlkLive *bl, int nbl,
		const InsLive *il, int nil)
{
	IrFile f;
	Fn *fn = t_fn(text, &f);
	if (!fn)
		return;
	check_live(fn, bl, nbl, il, nil);
	irfile_free(&f);
}

static void line(void)
{
	static const BlkLive bl[] = {
		{2, "%si %di", "p1 p2"}, {3, "p1 p2", "p3"}, {4, "p3", ""}};
	static const InsLive il[] = {
		{1, true, "p1 %si"}, {2, false, "p1 %si"}, {3, false, "p1 p2"},
		{4, false, "p3"},    {5, false, "%ax"},    {5, true, ""}};
	run(T_LINE, bl, N(bl), il, N(il));
}

static void diamond(void)
{
	static const BlkLive bl[] = {{2, "%di", "p1"},
				     {3, "p1", "p1 p2"},
				     {4, "p1", "p1 p3"},
				     {5, "p1", ""}};
	static const InsLive il[] = {{3, false, "p1 %flags"},
				     {6, false, "p1"},
				     {6, true, "p1 p4"},
				     {7, false, "p1 p4"},
				     {7, true, "%ax"}};
	run(T_DIAMOND, bl, N(bl), il, N(il));
}

static void while_if(void)
{
	static const BlkLive bl[] = {
		{2, "%di", "p1 p2"}, {3, "p1", "p1 p3"}, {4, "p1 p3", "p1 p3"},
		{5, "p1 p3", "p1 p4"}, {6, "p1 p3", "p1 p5"},
		{7, "p1", "p1 p6"}, {8, "p3", ""}};
	static const InsLive il[] = {
		{3, true, "p1 p3"},  {4, true, "p1 p3 %flags"},
		{8, false, "p1 p3"}, {8, true, "p1 p4"},
		{10, false, "p1"},   {10, true, "p1 p6"},
		{12, true, "%ax"}};
	run(T_WHILE_IF, bl, N(bl), il, N(il));
}

static void nest(void)
{
	static const BlkLive bl[] = {
		{2, "%di", "p1 p2"},       {3, "p1 p2", "p1 p2"},
		{4, "p1 p2", "p1 p2 p3"},  {5, "p1 p2 p3", "p1 p2 p3"},
		{6, "p1 p2 p3", "p1 p2 p3"}, {7, "p1 p2", "p1 p2"},
		{8, "p1 p2", "p1 p2"},     {9, "p1 p2", "p1 p2"},
		{10, "p2", ""}};
	static const InsLive il[] = {
		{5, false, "p1 p2"},   {6, false, "p1 p2 p3"},
		{7, false, "p1 p2 p3"}, {12, false, "p1 p2"},
		{11, false, "p1 p2 %flags"}};
	run(T_NEST, bl, N(bl), il, N(il));
}

static void irreducible(void)
{
	static const BlkLive bl[] = {
		{2, "%di", "p1"}, {3, "p1", "p1"}, {4, "p1", "p1"}, {5, "p1", ""}};
	static const InsLive il[] = {{4, false, "p1"}, {5, false, "p1"}};
	run(T_IRRED, bl, N(bl), il, N(il));
}

/* Unreachable blocks get their sets too (least solution over the whole
 * graph): b3 reads p2, never defined; b5 <-> b6 keep p1 live. */
static void unreachable(void)
{
	static const BlkLive bl[] = {{2, "%di", "p1"},
				     {3, "p1 p2", "p1"},
				     {4, "p1", ""},
				     {5, "p1", "p1"},
				     {6, "p1", "p1"}};
	static const InsLive il[] = {{2, false, "p1 p2"}, {2, true, "p1"}};
	run(T_UNREACH, bl, N(bl), il, N(il));
}

static void self_loop(void)
{
	static const BlkLive bl[] = {
		{2, "%di", "p1"}, {3, "", "p3"}, {4, "p3", ""}};
	static const InsLive il[] = {{2, false, ""},
				     {2, true, "p2"},
				     {3, true, "p3"},
				     {5, false, "p3 %flags"}};
	run(T_SELF, bl, N(bl), il, N(il));
}

/* Lost copy: x2 (p2) is live out of the loop block together with x3 (p3,
 * the phi source on the back edge): they interfere. */
static void lostcopy(void)
{
	static const BlkLive bl[] = {
		{2, "", "p1"}, {3, "", "p2 p3"}, {4, "p2", ""}};
	static const InsLive il[] = {{2, false, ""},
				     {2, true, "p2"},
				     {3, false, "p2"},
				     {4, false, "p2 p3"},
				     {5, false, "p2 p3 %flags"}};
	run(T_LOSTCOPY, bl, N(bl), il, N(il));
}

/* After splitting the back edge, p3 flows through the new block b5 and
 * p2 does not. */
static void lostcopy_split(void)
{
	IrFile f;
	Fn *fn = t_fn(T_LOSTCOPY, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 1);
	static const BlkLive bl[] = {
		{2, "", "p1"}, {3, "", "p2 p3"}, {4, "p2", ""}, {5, "p3", "p3"}};
	check_live(fn, bl, N(bl), NULL, 0);
	irfile_free(&f);
}

/* Swap: both phi results are live out of the loop block, each the other
 * phi's source; neither is live in. */
static void swap(void)
{
	static const BlkLive bl[] = {
		{2, "%si %di", "p1 p2"}, {3, "", "p3 p4"}, {4, "p3 p4", ""}};
	static const InsLive il[] = {{3, false, ""},
				     {4, false, "p3"},
				     {4, true, "p3 p4"},
				     {6, false, "p3 p4 %flags"}};
	run(T_SWAP, bl, N(bl), il, N(il));
}

static void swap_split(void)
{
	IrFile f;
	Fn *fn = t_fn(T_SWAP, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 1);
	static const BlkLive bl[] = {{2, "%si %di", "p1 p2"},
				     {3, "", "p3 p4"},
				     {4, "p3 p4", ""},
				     {5, "p3 p4", "p3 p4"}};
	check_live(fn, bl, N(bl), NULL, 0);
	irfile_free(&f);
}

/* Not SSA: p82 and p83 are redefined in the loop; p82 is dead between
 * the division (7) and the copy that redefines it (8). */
static void gcd(void)
{
	static const BlkLive bl[] = {{2, "%si %di", "p82 p83"},
				     {3, "p82 p83", "p82 p83"},
				     {4, "p82", ""}};
	static const InsLive il[] = {
		{7, false, "p82 p83"}, {7, true, "p83 p84"},
		{8, false, "p83 p84"}, {9, false, "p82 p84"},
		{22, false, "p82 p83"}, {23, false, "p82 p83 %flags"},
		{3, false, "p82 %si"}};
	run(T_GCD, bl, N(bl), il, N(il));
}

/* A call: its clobbers kill the hard registers; %di (argument) is live
 * into it, %ax (result) out of it; p1, p2, p5 live across. */
static void call(void)
{
	static const BlkLive bl[] = {{2, "%si %di %xmm0", ""}};
	static const InsLive il[] = {
		{1, false, "%si %di %xmm0"}, {2, false, "p1 %si %xmm0"},
		{3, false, "p1 p2 %xmm0"},  {4, false, "p1 p2 p5"},
		{5, false, "p1 p2 p5 %di"}, {5, true, "p1 p2 p5 %ax"},
		{7, false, "p1 p2 p3 p5"},  {8, false, "p1 p4 p5"},
		{9, false, "%ax"}};
	run(T_CALL, bl, N(bl), il, N(il));
	IrFile f;
	Fn *fn = t_fn(T_CALL, &f);
	if (!fn)
		return;
	Ins *c = t_ins(fn, 5, NULL);
	/* the ABI's set less the AVX-512 registers, which a function
	 * without `avx512` does not have */
	CHECK(c && c->clobbers == (fn->target->call_clobbered &
				   ~fn->target->avx512));
	irfile_free(&f);
}

/* Operands in slots are memory: p1 is live from uid 1 to its spill, not
 * across the call; the reload starts p2.  The spill's slot operand does
 * not define p1 again, the reload's does not read it. */
static void spilled(void)
{
	static const char text[] =
		"func spilled\n"
		"  pseudo p1 gpr 8\n"
		"  pseudo p2 gpr 8\n"
		"  slot s0 8\n"
		"b2: freq=1 depth=0\n"
		"  1: ord =p1, %di\n"
		"  spill =p1 @s0, p1\n"
		"  2: call \"f\" clobber {ax,dx,cx,si,di,r8-r11,xmm0-xmm15,flags}\n"
		"  reload =p2, p1 @s0\n"
		"  3: ret p2\n"
		"end\n";
	static const BlkLive bl[] = {{2, "%di", ""}};
	static const InsLive il[] = {{1, true, "p1"},
				     {2, false, ""},
				     {2, true, ""},
				     {3, false, "p2"}};
	run(text, bl, N(bl), il, N(il));
}

static void early(void)
{
	static const BlkLive bl[] = {{2, "%si %di", ""}};
	static const InsLive il[] = {{3, false, "p1 p2"},
				     {3, true, "p3 p4"},
				     {4, true, "%ax"}};
	run(T_EARLY, bl, N(bl), il, N(il));
}

/* Partial defs of the 16-byte p1 read it; +p2 reads p2; the subreg def of
 * the 8-byte p4 is a full def. */
static void wide(void)
{
	static const BlkLive bl[] = {{2, "%si %di", ""}};
	static const InsLive il[] = {
		{3, false, "p2 p3"},    {3, true, "p1 p2 p3"},
		{4, false, "p1 p2 p3"}, {5, false, "p1 p2 p3"},
		{5, true, "p1 p2"},     {6, false, "p1 p2"},
		{7, false, "p1 p2"},    {7, true, "p1 p4"},
		{8, false, "p1 p4"}};
	run(T_WIDE, bl, N(bl), il, N(il));
	IrFile f;
	Fn *fn = t_fn(T_WIDE, &f);
	if (!fn)
		return;
	CHECK(!op_partial_def(fn, &t_ins(fn, 3, NULL)->ops[0]));
	CHECK(op_partial_def(fn, &t_ins(fn, 4, NULL)->ops[0]));
	CHECK(op_partial_def(fn, &t_ins(fn, 5, NULL)->ops[0]));
	CHECK(!op_partial_def(fn, &t_ins(fn, 7, NULL)->ops[0]));
	CHECK(op_reads(fn, &t_ins(fn, 6, NULL)->ops[0]));
	CHECK(op_reads(fn, &t_ins(fn, 4, NULL)->ops[0]));
	CHECK(!op_reads(fn, &t_ins(fn, 7, NULL)->ops[0]));
	irfile_free(&f);
}

/* Phi sources on parallel edges: both are live out of b2. */
static void parallel(void)
{
	static const BlkLive bl[] = {
		{2, "", "p1 p2"}, {3, "", "p3"}, {4, "", ""}};
	static const InsLive il[] = {{5, true, "p4"}, {3, false, "p1 p2"}};
	run(T_PARALLEL, bl, N(bl), il, N(il));
}

static void values(void)
{
	IrFile f;
	Fn *fn = t_fn(T_CALL, &f);
	if (!fn)
		return;
	CHECK_INT(fn->npseudo, 6);
	CHECK_INT(live_nval(fn), 6 + TGT_NREGS);
	Ins *c = t_ins(fn, 5, NULL), *a = t_ins(fn, 7, NULL);
	CHECK_INT(live_value(fn, &c->ops[0]), 6 + R_AX);
	CHECK_INT(live_value(fn, &c->ops[1]), 6 + R_DI);
	CHECK_INT(live_value(fn, &a->ops[0]), 4);
	Op imm = {.kind = OK_IMM, .imm = 3, .from = -1};
	Op sym = {.kind = OK_SYM, .sym = "x", .from = -1};
	CHECK_INT(live_value(fn, &imm), -1);
	CHECK_INT(live_value(fn, &sym), -1);
	Live *lv = live_compute(fn, cfg_build(fn));
	CHECK(live_in_has(lv, 0, 6 + R_DI));
	CHECK(live_in_has(lv, 0, 6 + R_XMM0));
	CHECK(!live_in_has(lv, 0, 6 + R_AX));
	CHECK(!live_out_has(lv, 0, 1));
	irfile_free(&f);
}

static void sparse_set(void)
{
	Arena *a = arena_new();
	LiveSet s;
	lset_init(&s, a, 10);
	CHECK(!lset_has(&s, 3));
	lset_add(&s, 3);
	lset_add(&s, 7);
	lset_add(&s, 3);
	CHECK_INT(s.n, 2);
	CHECK(lset_has(&s, 3) && lset_has(&s, 7) && !lset_has(&s, 0));
	lset_del(&s, 3);
	CHECK(!lset_has(&s, 3) && lset_has(&s, 7));
	lset_del(&s, 3);
	CHECK_INT(s.n, 1);
	lset_add(&s, 9);
	lset_clear(&s);
	CHECK_INT(s.n, 0);
	CHECK(!lset_has(&s, 7) && !lset_has(&s, 9));
	arena_free(a);
}

static void empty_fn(void)
{
	Fn *fn = fn_new("empty", target_x86_64());
	Live *lv = live_compute(fn, cfg_build(fn));
	CHECK_INT(lv->nblk, 0);
	CHECK_INT(lv->nval, TGT_NREGS);
	fn_free(fn);
}

/* ---- brute force: dense iterative dataflow, written from the
 * definitions in liveness.h ---- */

/* Whether o reads its value (for a non-phi): a use, or a subreg def of a
 * pseudo wider than 8 bytes that covers less than all of it. */
static bool brute_reads(const Fn *fn, const Op *o)
{
	if (o->flags & OF_USE)
		return true;
	if (!(o->flags & OF_DEF) || o->kind != OK_PSEUDO || !o->sub_size)
		return false;
	int size = fn->pseudo[o->reg].size;
	return o->sub_size < size && size > 8;
}

/* live := live before i, given live after i. */
static void brute_step(const Fn *fn, const Ins *i, bool *live)
{
	for (int k = 0; k < i->nops; k++)
		if ((i->ops[k].flags & OF_DEF) && live_value(fn, &i->ops[k]) >= 0)
			live[live_value(fn, &i->ops[k])] = false;
	if (i->kind == IK_PHI)
		return;
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(i->clobbers, r))
			live[fn->npseudo + r] = false;
	for (int k = 0; k < i->nops; k++)
		if (brute_reads(fn, &i->ops[k]) && live_value(fn, &i->ops[k]) >= 0)
			live[live_value(fn, &i->ops[k])] = true;
}

/* in/out: nblk x nval, the least fixed point. */
static void brute_live(const Fn *fn, bool *in, bool *out)
{
	int n = fn->nblk, nv = live_nval(fn);
	bool *tmp = calloc((size_t)nv, 1);
	for (bool changed = true; changed;) {
		changed = false;
		for (int b = n - 1; b >= 0; b--) {
			const Blk *bb = fn->blk[b];
			bool *o = out + (size_t)b * nv;
			for (int k = 0; k < bb->nsucc; k++) {
				int s = bb->succ[k].blk;
				for (int v = 0; v < nv; v++)
					o[v] |= in[(size_t)s * nv + v];
				for (Ins *i = fn->blk[s]->first;
				     i && i->kind == IK_PHI; i = i->next)
					for (int q = 0; q < i->nops; q++)
						if (i->ops[q].from == b &&
						    live_value(fn, &i->ops[q]) >= 0)
							o[live_value(fn, &i->ops[q])] =
								true;
			}
			memcpy(tmp, o, (size_t)nv);
			for (Ins *i = bb->last; i; i = i->prev)
				brute_step(fn, i, tmp);
			if (memcmp(tmp, in + (size_t)b * nv, (size_t)nv)) {
				memcpy(in + (size_t)b * nv, tmp, (size_t)nv);
				changed = true;
			}
		}
	}
	free(tmp);
}

/* Whether a[0..n-1] is strictly increasing and equals the set row. */
static bool same_set(const int *a, int n, const bool *row, int nv)
{
	int k = 0;
	for (int v = 0; v < nv; v++)
		if (row[v]) {
			if (k >= n || a[k] != v)
				return false;
			k++;
		}
	return k == n;
}

static void random_fn(uint64_t seed, int nblk)
{
	Fn *fn = t_random_fn(seed, nblk);
	Live *lv = live_compute(fn, cfg_build(fn));
	int n = fn->nblk, nv = live_nval(fn);
	bool *in = calloc((size_t)n * nv, 1), *out = calloc((size_t)n * nv, 1);
	brute_live(fn, in, out);
	for (int b = 0; b < n; b++) {
		bool ok = same_set(lv->in[b], lv->nin[b], in + (size_t)b * nv, nv) &&
			  same_set(lv->out[b], lv->nout[b], out + (size_t)b * nv, nv);
		if (!ok) {
			t_check(false, __FILE__, __LINE__,
				"seed %llu: block %d: in %s / out %s",
				(unsigned long long)seed, b,
				t_values(fn, lv->in[b], lv->nin[b]),
				t_values(fn, lv->out[b], lv->nout[b]));
			break;
		}
	}
	free(in);
	free(out);
	fn_free(fn);
}

static void random_vs_brute(void)
{
	for (uint64_t seed = 1; seed <= 400; seed++)
		random_fn(seed, 1 + (int)(seed % 30));
}

void suite_liveness(void)
{
	t_case("liveness/line", line);
	t_case("liveness/diamond", diamond);
	t_case("liveness/while_if", while_if);
	t_case("liveness/nest", nest);
	t_case("liveness/irreducible", irreducible);
	t_case("liveness/unreachable", unreachable);
	t_case("liveness/self_loop", self_loop);
	t_case("liveness/lostcopy", lostcopy);
	t_case("liveness/lostcopy_split", lostcopy_split);
	t_case("liveness/swap", swap);
	t_case("liveness/swap_split", swap_split);
	t_case("liveness/gcd", gcd);
	t_case("liveness/call", call);
	t_case("liveness/early", early);
	t_case("liveness/spilled", spilled);
	t_case("liveness/wide", wide);
	t_case("liveness/parallel", parallel);
	t_case("liveness/values", values);
	t_case("liveness/sparse_set", sparse_set);
	t_case("liveness/empty_fn", empty_fn);
	t_case("liveness/random_vs_brute", random_vs_brute);
}
