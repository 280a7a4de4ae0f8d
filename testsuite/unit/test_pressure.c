/* test_pressure.c - register pressure (Maxlive) and where it is reached. */
#include "analysis_util.h"

/* fp: bp still counts (it is a register); sp, argp, flags do not. */
static const char T_HREGS[] =
	"func hregs fp\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"b2:\n"
	"  1: copy =p1, %di\n"
	"  2: ord \"x\" =p2, p1, %bp, %sp, %argp, %flags\n"
	"  3: ord \"add\" =%ax, p2, p1\n"
	"  4: ret %ax\n"
	"end\n";

/* The first block in fn->blk order is an empty block (not the entry):
 * its entry point is where the maximum is first reached. */
static const char T_EMPTYFIRST[] =
	"func emptyfirst\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  entry b2\n"
	"b3: -> b4\n"
	"b2: -> b3\n"
	"  1: copy =p1, %di\n"
	"  2: copy =p2, %si\n"
	"b4:\n"
	"  3: ord \"add\" =%ax, p1, p2\n"
	"  4: ret %ax\n"
	"end\n";

/* Two phis with dead results: the phi group is the maximum. */
static const char T_PHIMAX[] =
	"func phimax\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  pseudo p3 gpr 8\n"
	"  pseudo p4 gpr 8\n"
	"  pseudo p5 gpr 8\n"
	"b2: -> b3 b4\n"
	"  1: copy =p1, %di\n"
	"  2: branch \"jcc\" p1\n"
	"b3: -> b5\n"
	"  3: ord \"a\" =p2, $1\n"
	"b4: -> b5\n"
	"  4: ord \"b\" =p3, $2\n"
	"b5:\n"
	"  5: phi =p4, p2 from b3, p3 from b4\n"
	"  6: phi =p5, p2 from b3, p3 from b4\n"
	"  7: copy =%ax, p1\n"
	"  8: ret %ax\n"
	"end\n";

/* Hand-computed Maxlive per class and where: block label and
 * instruction uid (0 = the block's entry / phi group). */
typedef struct PressCase {
	const char *text;
	int gpr, gpr_blk, gpr_uid;
	int sse, sse_blk, sse_uid;
} PressCase;

static const PressCase press_cases[] = {
	{T_LINE, 2, 2, 1, 0, 2, 1},
	{T_DIAMOND, 2, 3, 4, 0, 2, 1},
	{T_WHILE_IF, 2, 2, 2, 0, 2, 1},
	{T_NEST, 3, 4, 5, 0, 2, 1},
	{T_IRRED, 1, 2, 1, 0, 2, 1},
	{T_UNREACH, 1, 2, 1, 0, 2, 1}, /* unreachable b3 would be 2 */
	{T_SELF, 1, 2, 1, 0, 2, 1},
	{T_LOSTCOPY, 2, 3, 3, 0, 2, 1},
	{T_SWAP, 2, 2, 1, 0, 2, 1},
	{T_GCD, 3, 3, 7, 0, 2, 2},
	{T_CALL, 3, 2, 4, 1, 2, 1},
	{T_EARLY, 3, 2, 3, 0, 2, 1},
	{T_WIDE, 4, 2, 3, 0, 2, 1},
	{T_PARALLEL, 2, 2, 2, 0, 2, 1},
	{T_ABNORMAL, 0, 2, 0, 0, 2, 0},
	{T_HREGS, 2, 2, 1, 0, 2, 1},
	{T_EMPTYFIRST, 2, 3, 0, 0, 3, 0},
	{T_PHIMAX, 3, 5, 0, 0, 2, 1},
};

/* Checks one class's result against (max, block label, uid). */
static void check_where(const Fn *fn, const Pressure *p, int cls, int max,
			int blk, int uid)
{
	int got_blk = p->at_blk[cls] >= 0 ? fn->blk[p->at_blk[cls]]->id : -1;
	int got_uid = p->at_ins[cls] ? p->at_ins[cls]->uid : 0;
	t_check(p->maxlive[cls] == max && got_blk == blk && got_uid == uid,
		__FILE__, __LINE__,
		"%s: %s: maxlive %d at b%d/%d, expected %d at b%d/%d",
		fn->name, cls == RC_GPR ? "gpr" : "sse", p->maxlive[cls],
		got_blk, got_uid, max, blk, uid);
}

static void maxlive_all(void)
{
	for (size_t k = 0; k < sizeof press_cases / sizeof press_cases[0];
	     k++) {
		const PressCase *pc = &press_cases[k];
		IrFile f;
		Fn *fn = t_fn(pc->text, &f);
		if (!fn)
			continue;
		Live *lv = live_compute(fn, cfg_build(fn));
		Pressure p;
		pressure_compute(fn, lv, &p);
		check_where(fn, &p, RC_GPR, pc->gpr, pc->gpr_blk, pc->gpr_uid);
		check_where(fn, &p, RC_SSE, pc->sse, pc->sse_blk, pc->sse_uid);
		irfile_free(&f);
	}
}

/* Pressure at instruction uid (0: block b's entry point), by label. */
typedef struct AtQ {
	int blk, uid, gpr, sse;
} AtQ;

static void check_at(const char *text, const AtQ *q, int n)
{
	IrFile f;
	Fn *fn = t_fn(text, &f);
	if (!fn)
		return;
	Live *lv = live_compute(fn, cfg_build(fn));
	LiveSet s;
	lset_init(&s, fn->arena, lv->nval);
	for (int k = 0; k < n; k++) {
		int b = t_blk(fn, q[k].blk);
		const Ins *i = q[k].uid ? t_ins(fn, q[k].uid, NULL) : NULL;
		if (b < 0)
			continue;
		int g = pressure_at(fn, lv, &s, b, i, RC_GPR);
		int x = pressure_at(fn, lv, &s, b, i, RC_SSE);
		t_check(g == q[k].gpr && x == q[k].sse, __FILE__, __LINE__,
			"%s: pressure at b%d/%d: gpr %d sse %d, expected %d %d",
			fn->name, q[k].blk, q[k].uid, g, x, q[k].gpr, q[k].sse);
	}
	irfile_free(&f);
}

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void at_line(void)
{
	static const AtQ q[] = {{2, 1, 2, 0}, {2, 2, 2, 0}, {3, 3, 2, 0},
				{4, 4, 1, 0}, {4, 5, 1, 0}, {3, 0, 2, 0}};
	check_at(T_LINE, q, N(q));
}

static void at_diamond(void)
{
	static const AtQ q[] = {{2, 1, 1, 0}, {2, 2, 1, 0}, {2, 3, 1, 0},
				{3, 4, 2, 0}, {4, 5, 2, 0}, {5, 0, 2, 0},
				{5, 6, 2, 0}, {5, 7, 2, 0}, {5, 8, 1, 0}};
	check_at(T_DIAMOND, q, N(q));
}

static void at_while_if(void)
{
	static const AtQ q[] = {{2, 1, 1, 0}, {2, 2, 2, 0}, {3, 0, 2, 0},
				{3, 4, 2, 0}, {5, 8, 2, 0}, {7, 0, 2, 0},
				{7, 11, 2, 0}, {8, 12, 1, 0}};
	check_at(T_WHILE_IF, q, N(q));
}

static void at_nest(void)
{
	static const AtQ q[] = {{2, 1, 1, 0}, {2, 2, 2, 0}, {3, 3, 2, 0},
				{4, 5, 3, 0}, {5, 6, 3, 0}, {6, 8, 3, 0},
				{7, 10, 2, 0}, {10, 15, 1, 0}};
	check_at(T_NEST, q, N(q));
}

/* Unreachable blocks do not count in Maxlive but can be queried. */
static void at_unreachable(void)
{
	static const AtQ q[] = {{3, 2, 2, 0}, {2, 1, 1, 0}, {4, 3, 1, 0}};
	check_at(T_UNREACH, q, N(q));
}

static void at_lostcopy(void)
{
	static const AtQ q[] = {{2, 1, 1, 0}, {3, 0, 1, 0}, {3, 2, 1, 0},
				{3, 3, 2, 0}, {3, 4, 2, 0}, {4, 6, 1, 0}};
	check_at(T_LOSTCOPY, q, N(q));
}

/* After splitting, the new empty block b5 carries p3 only. */
static void lostcopy_split(void)
{
	IrFile f;
	Fn *fn = t_fn(T_LOSTCOPY, &f);
	if (!fn)
		return;
	cfg_build(fn);
	CHECK_INT(cfg_split_critical_edges(fn), 1);
	Live *lv = live_compute(fn, cfg_build(fn));
	Pressure p;
	pressure_compute(fn, lv, &p);
	check_where(fn, &p, RC_GPR, 2, 3, 3);
	LiveSet s;
	lset_init(&s, fn->arena, lv->nval);
	CHECK_INT(pressure_at(fn, lv, &s, t_blk(fn, 5), NULL, RC_GPR), 1);
	irfile_free(&f);
}

static void at_swap(void)
{
	static const AtQ q[] = {{2, 1, 2, 0}, {2, 2, 2, 0}, {3, 0, 2, 0},
				{3, 4, 2, 0}, {3, 5, 2, 0}, {4, 7, 2, 0},
				{4, 8, 1, 0}};
	check_at(T_SWAP, q, N(q));
}

static void at_gcd(void)
{
	static const AtQ q[] = {{2, 2, 2, 0}, {2, 21, 2, 0}, {3, 7, 3, 0},
				{3, 8, 2, 0}, {3, 9, 2, 0}, {4, 15, 1, 0}};
	check_at(T_GCD, q, N(q));
}

/* Around the call: p1, p2 (gpr) and p5 (sse) live across; %di before,
 * %ax after; the clobbered registers do not count. */
static void at_call(void)
{
	static const AtQ q[] = {{2, 1, 2, 1}, {2, 2, 2, 1}, {2, 3, 2, 1},
				{2, 4, 3, 1}, {2, 5, 3, 1}, {2, 6, 3, 1},
				{2, 7, 3, 1}, {2, 8, 2, 1}, {2, 9, 1, 0}};
	check_at(T_CALL, q, N(q));
}

/* The early-clobber def p4 counts against the inputs p1, p2. */
static void at_early(void)
{
	static const AtQ q[] = {{2, 1, 2, 0}, {2, 2, 2, 0}, {2, 3, 3, 0},
				{2, 4, 2, 0}, {2, 5, 1, 0}};
	check_at(T_EARLY, q, N(q));
}

/* p1 (16 bytes) weighs 2. */
static void at_wide(void)
{
	static const AtQ q[] = {{2, 1, 2, 0}, {2, 2, 2, 0}, {2, 3, 4, 0},
				{2, 4, 4, 0}, {2, 5, 4, 0}, {2, 6, 3, 0},
				{2, 7, 3, 0}, {2, 8, 3, 0}, {2, 9, 1, 0}};
	check_at(T_WIDE, q, N(q));
}

static void at_phimax(void)
{
	static const AtQ q[] = {{5, 0, 3, 0}, {5, 5, 3, 0}, {5, 6, 3, 0},
				{5, 7, 1, 0}, {3, 3, 2, 0}};
	check_at(T_PHIMAX, q, N(q));
}

static void weights(void)
{
	IrFile f;
	Fn *fn = t_fn(T_CALL, &f);
	if (!fn)
		return;
	int np = fn->npseudo;
	CHECK_INT(pressure_weight(fn, 1, RC_GPR), 1);
	CHECK_INT(pressure_weight(fn, 1, RC_SSE), 0);
	CHECK_INT(pressure_weight(fn, 5, RC_SSE), 1);
	CHECK_INT(pressure_weight(fn, 5, RC_GPR), 0);
	CHECK_INT(pressure_weight(fn, 0, RC_GPR), 0); /* undeclared */
	CHECK_INT(pressure_weight(fn, np + R_AX, RC_GPR), 1);
	CHECK_INT(pressure_weight(fn, np + R_BP, RC_GPR), 1);
	CHECK_INT(pressure_weight(fn, np + R_SP, RC_GPR), 0);
	CHECK_INT(pressure_weight(fn, np + R_XMM15, RC_SSE), 1);
	CHECK_INT(pressure_weight(fn, np + R_XMM15, RC_GPR), 0);
	CHECK_INT(pressure_weight(fn, np + R_FLAGS, RC_GPR), 0);
	CHECK_INT(pressure_weight(fn, np + R_ARGP, RC_GPR), 0);
	CHECK_INT(pressure_weight(fn, np + R_FRAME, RC_GPR), 0);
	irfile_free(&f);
	fn = t_fn(T_WIDE, &f);
	if (!fn)
		return;
	CHECK_INT(pressure_weight(fn, 1, RC_GPR), 2);
	CHECK_INT(pressure_weight(fn, 2, RC_GPR), 1);
	irfile_free(&f);
}

static void empty_fn(void)
{
	Fn *fn = fn_new("empty", target_x86_64());
	Live *lv = live_compute(fn, cfg_build(fn));
	Pressure p;
	pressure_compute(fn, lv, &p);
	CHECK_INT(p.maxlive[RC_GPR], 0);
	CHECK_INT(p.at_blk[RC_GPR], -1);
	CHECK(p.at_ins[RC_SSE] == NULL);
	fn_free(fn);
}

/* ---- cross-check: every point's weight recomputed from scratch ---- */

/* Weight of value v in class cls, from the definition. */
static int brute_weight(const Fn *fn, int v, int cls)
{
	if (v < fn->npseudo) {
		const Pseudo *p = &fn->pseudo[v];
		return p->cls == cls ? target_nregs(fn->target, cls, p->size) : 0;
	}
	int r = v - fn->npseudo;
	RegSet ok = fn->target->class_regs[cls] & ~fn->target->never_alloc;
	return RS_HAS(ok, r) ? 1 : 0;
}

/* Weight of set s plus the values of i's defs (early ones only if
 * early) not in s, each value counted once. */
static int brute_point(const Fn *fn, const LiveSet *s, const Ins *i,
		       bool early, int cls, bool *extra)
{
	int w = 0;
	for (int k = 0; k < s->n; k++)
		w += brute_weight(fn, s->dense[k], cls);
	memset(extra, 0, (size_t)live_nval(fn));
	for (int k = 0; i && k < i->nops; k++) {
		int v = live_value(fn, &i->ops[k]);
		if (v < 0 || !(i->ops[k].flags & OF_DEF) || lset_has(s, v) ||
		    extra[v] || (early && !(i->ops[k].flags & OF_EARLY)))
			continue;
		extra[v] = true;
		w += brute_weight(fn, v, cls);
	}
	return w;
}

static void random_fn(uint64_t seed, int nblk)
{
	Fn *fn = t_random_fn(seed, nblk);
	Cfg *c = cfg_build(fn);
	Live *lv = live_compute(fn, c);
	Pressure p;
	pressure_compute(fn, lv, &p);
	int nv = lv->nval;
	bool *extra = calloc((size_t)nv, 1);
	LiveSet s;
	lset_init(&s, fn->arena, nv);
	for (int cls = 0; cls < RC_NALLOC; cls++) {
		int best = -1, bblk = -1;
		const Ins *bins = NULL;
		for (int b = 0; b < fn->nblk; b++) {
			if (!cfg_reachable(c, b))
				continue;
			const Blk *bb = fn->blk[b];
			/* Forward over the points; live sets by stepping back
			 * from the end for each instruction (quadratic, small). */
			if (!bb->first || bb->first->kind == IK_PHI) {
				live_set_in(lv, b, &s);
				int w = 0;
				for (const Ins *i = bb->first;
				     i && i->kind == IK_PHI; i = i->next)
					for (int k = 0; k < i->nops; k++)
						if (i->ops[k].flags & OF_DEF)
							lset_add(&s, live_value(fn, &i->ops[k]));
				w = brute_point(fn, &s, NULL, false, cls, extra);
				if (w > best) {
					best = w;
					bblk = b;
					bins = NULL;
				}
			}
			for (const Ins *i = bb->first; i; i = i->next) {
				if (i->kind == IK_PHI)
					continue;
				live_set_out(lv, b, &s);
				for (const Ins *j = bb->last; j != i; j = j->prev)
					live_step_back(fn, j, &s);
				int wa = brute_point(fn, &s, i, false, cls, extra);
				live_step_back(fn, i, &s);
				int wb = brute_point(fn, &s, i, true, cls, extra);
				int w = wa > wb ? wa : wb;
				if (w > best) {
					best = w;
					bblk = b;
					bins = i;
				}
			}
		}
		if (best < 0)
			best = 0;
		bool ok = p.maxlive[cls] == best && p.at_blk[cls] == bblk &&
			  p.at_ins[cls] == bins;
		if (!ok)
			t_check(false, __FILE__, __LINE__,
				"seed %llu class %d: %d at %d/%d, brute %d at "
				"%d/%d",
				(unsigned long long)seed, cls, p.maxlive[cls],
				p.at_blk[cls],
				p.at_ins[cls] ? p.at_ins[cls]->uid : 0, best,
				bblk, bins ? bins->uid : 0);
	}
	free(extra);
	fn_free(fn);
}

static void random_vs_brute(void)
{
	for (uint64_t seed = 1; seed <= 300; seed++)
		random_fn(seed, 1 + (int)(seed % 20));
}

void suite_pressure(void)
{
	t_case("pressure/maxlive_all", maxlive_all);
	t_case("pressure/at_line", at_line);
	t_case("pressure/at_diamond", at_diamond);
	t_case("pressure/at_while_if", at_while_if);
	t_case("pressure/at_nest", at_nest);
	t_case("pressure/at_unreachable", at_unreachable);
	t_case("pressure/at_lostcopy", at_lostcopy);
	t_case("pressure/lostcopy_split", lostcopy_split);
	t_case("pressure/at_swap", at_swap);
	t_case("pressure/at_gcd", at_gcd);
	t_case("pressure/at_call", at_call);
	t_case("pressure/at_early", at_early);
	t_case("pressure/at_wide", at_wide);
	t_case("pressure/at_phimax", at_phimax);
	t_case("pressure/weights", weights);
	t_case("pressure/empty_fn", empty_fn);
	t_case("pressure/random_vs_brute", random_vs_brute);
}
