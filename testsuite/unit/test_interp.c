/* test_interp.c - the IR interpreter (tools/interp.h): traces computed
 * by hand from its documented semantic functions, and the classic
 * allocation mistakes of testsuite/ir/verify/ seen as behaviour changes
 * while their correct versions (and a dead move) are not. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "interp.h"
#include "ir.h"
#include "irtext.h"

/* Runs fn once with seed and salt, recording its trace. */
static Trace run(const Fn *fn, uint64_t seed, uint64_t salt)
{
	Trace t = {0};
	Interp *in = interp_new(fn);
	InterpRun r = {.seed = seed, .salt = salt};
	interp_run(in, &r, &t);
	interp_free(in);
	return t;
}

/* A trace built by hand. */
typedef struct Want {
	uint64_t w[64];
	int n;
} Want;

static void add(Want *x, uint64_t w)
{
	x->w[x->n++] = w;
}

static void add_ins(Want *x, int uid, int n, const uint64_t *reads)
{
	add(x, interp_header(uid, n));
	for (int k = 0; k < n; k++)
		add(x, reads[k]);
}

static void check_trace(const Trace *t, const Want *x)
{
	if (!t_check(t->n == (size_t)x->n, __FILE__, __LINE__,
		     "trace of %zu words, expected %d", t->n, x->n))
		return;
	for (int k = 0; k < x->n; k++)
		if (!t_check(t->w[k] == x->w[k], __FILE__, __LINE__,
			     "word %d differs", k))
			return;
}

static const char small_orig[] =
	"func small\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"b1: -> b2\n"
	"  1: copy =p1, %di\n"
	"  2: ord \"*adddi_1\" =p2, p1 ^0, $5 clobber {flags}\n"
	"b2:\n"
	"  3: copy =%ax, p2\n"
	"  4: ret %ax\n"
	"end\n";

static const char small_alloc[] =
	"func small allocated\n"
	"  pseudo p1 gpr 8\n"
	"  pseudo p2 gpr 8\n"
	"  slot s0 8\n"
	"b1: -> b2\n"
	"  1: copy =p1 @bx, %di\n"
	"  spill =p1 @s0, p1 @bx\n"
	"  reload =p1 @cx, p1 @s0\n"
	"  2: ord \"*adddi_1\" =p2 @cx, p1 ^0 @cx, $5 clobber {flags}\n"
	"b2:\n"
	"  3: copy =%ax, p2 @cx\n"
	"  4: ret %ax\n"
	"end\n";

/* di holds d; uid 1 reads it, uid 2 reads p1 = d and 5 and computes
 * v = def_value(2, 0, d 5); uids 3 and 4 read v; the run ends at ret.
 * The allocation reads the same words through bx, s0 and cx. */
static void case_small(void)
{
	IrFile o, a;
	if (!t_parse(small_orig, &o))
		return;
	if (!t_parse(small_alloc, &a)) {
		irfile_free(&o);
		return;
	}
	for (uint64_t seed = 0; seed < 3; seed++) {
		uint64_t d = interp_init_reg(seed, R_DI);
		uint64_t r2[2] = {d, 5};
		uint64_t v = interp_def_value(2, 0, r2, 2);
		Want x = {.n = 0};
		add_ins(&x, 1, 1, &d);
		add_ins(&x, 2, 2, r2);
		add_ins(&x, 3, 1, &v);
		add_ins(&x, 4, 1, &v);
		add(&x, IS_RET);
		Trace to = run(o.fn[0], seed, 1), ta = run(a.fn[0], seed, 2);
		check_trace(&to, &x);
		check_trace(&ta, &x);
		CHECK_INT(to.stop, IS_RET);
		CHECK_INT(to.norig, 4);
		CHECK_INT(ta.steps, 6);
		trace_free(&to);
		trace_free(&ta);
	}
	irfile_free(&o);
	irfile_free(&a);
}

/* A conditional branch: the flags word f = def_value(1, 0, di 3) picks
 * successor interp_choice(seed, f, 2 instructions so far) mod 2; the
 * trace then has the uid of that side's instruction and ret.  Over a few
 * seeds both sides are taken. */
static void case_branch(void)
{
	static const char text[] =
		"func br\n"
		"b1: -> b2 b3\n"
		"  1: ord \"*cmpdi_1\" =%flags, %di, $3\n"
		"  2: branch \"*jcc\" %flags\n"
		"b2: -> b4\n"
		"  3: ord \"*movdi_internal\" =%ax, $10\n"
		"b3: -> b4\n"
		"  4: ord \"*movdi_internal\" =%ax, $20\n"
		"b4:\n"
		"  5: ret %ax\n"
		"end\n";
	IrFile f;
	if (!t_parse(text, &f))
		return;
	int sides[2] = {0, 0};
	for (uint64_t seed = 0; seed < 16; seed++) {
		uint64_t d = interp_init_reg(seed, R_DI);
		uint64_t r1[2] = {d, 3};
		uint64_t fl = interp_def_value(1, 0, r1, 2);
		int side = (int)(interp_choice(seed, &fl, 1, 2) % 2);
		sides[side]++;
		uint64_t ten = 10, twenty = 20;
		uint64_t ax = interp_def_value(side ? 4 : 3, 0, side ? &twenty
								     : &ten,
					       1);
		Want x = {.n = 0};
		add_ins(&x, 1, 2, r1);
		add_ins(&x, 2, 1, &fl);
		add_ins(&x, side ? 4 : 3, 1, side ? &twenty : &ten);
		add_ins(&x, 5, 1, &ax);
		add(&x, IS_RET);
		Trace t = run(f.fn[0], seed, 1);
		check_trace(&t, &x);
		trace_free(&t);
	}
	CHECK(sides[0] > 0 && sides[1] > 0);
	irfile_free(&f);
}

/* Whether some of 32 seeds gives orig and alloc different traces. */
static bool differ(const Fn *orig, const Fn *alloc)
{
	Interp *io = interp_new(orig), *ia = interp_new(alloc);
	bool d = false;
	for (uint64_t seed = 0; seed < 32 && !d; seed++) {
		Trace t = {0};
		InterpRun r = {.seed = seed, .salt = 1};
		interp_run(io, &r, &t);
		InterpRun ra = {.seed = seed, .salt = 2, .ref = &t};
		d = !interp_run(ia, &ra, NULL);
		trace_free(&t);
	}
	interp_free(io);
	interp_free(ia);
	return d;
}

/* testsuite/ir/verify/NAME.orig.ir against NAME.VARIANT.ir: whether the
 * behaviour differs. */
static int files_differ(const char *name, const char *variant)
{
	char po[PATH_MAX], pa[PATH_MAX];
	snprintf(po, sizeof po, "%s/testsuite/ir/verify/%s.orig.ir",
		 t_srcdir(), name);
	snprintf(pa, sizeof pa, "%s/testsuite/ir/verify/%s.%s.ir", t_srcdir(),
		 name, variant);
	IrFile o, a;
	IrError err;
	if (!t_check(ir_parse_file(po, target_x86_64(), &o, &err), __FILE__,
		     __LINE__, "%s", err.msg))
		return -1;
	if (!t_check(ir_parse_file(pa, target_x86_64(), &a, &err), __FILE__,
		     __LINE__, "%s", err.msg)) {
		irfile_free(&o);
		return -1;
	}
	int d = differ(o.fn[0], a.fn[0]);
	irfile_free(&o);
	irfile_free(&a);
	return d;
}

/* The swap problem: two sequential moves lose a value (the checker's
 * swap.moves.ir); an exchange, a temporary, a pcopy or two exchanges in
 * the right order do not, in the wrong order they do. */
static void case_swap_problem(void)
{
	CHECK_INT(files_differ("swap", "moves"), 1);
	CHECK_INT(files_differ("swap", "xchg"), 0);
	CHECK_INT(files_differ("swap", "temp"), 0);
	CHECK_INT(files_differ("cycle3", "pcopy"), 0);
	CHECK_INT(files_differ("cycle3", "swaps"), 0);
	CHECK_INT(files_differ("cycle3", "wrongorder"), 1);
	CHECK_INT(files_differ("lost_copy", "naive"), 1);
	CHECK_INT(files_differ("lost_copy", "split"), 0);
	CHECK_INT(files_differ("spill_phi", "naive"), 1);
	CHECK_INT(files_differ("spill_phi", "ok"), 0);
}

/* A dead move (call.deadmove.ir writes r11, never read, and bx after its
 * last use) changes nothing; a caller-saved register across a call reads
 * the call's garbage; remats recompute the constant unless they use
 * another one; an early-clobbered remainder overwrites the divisor that
 * shares its register; a stale location after a redefinition is read. */
static void case_allocations(void)
{
	CHECK_INT(files_differ("call", "deadmove"), 0);
	CHECK_INT(files_differ("call", "callee_saved"), 0);
	CHECK_INT(files_differ("call", "spilled"), 0);
	CHECK_INT(files_differ("call", "caller_saved"), 1);
	CHECK_INT(files_differ("remat", "ok"), 0);
	CHECK_INT(files_differ("remat", "bad"), 1);
	CHECK_INT(files_differ("cons", "ok"), 0);
	CHECK_INT(files_differ("cons", "early"), 1);
	CHECK_INT(files_differ("gcd", "ok"), 0);
	CHECK_INT(files_differ("gcd", "stale"), 1);
	CHECK_INT(files_differ("frame", "ok"), 0);
	CHECK_INT(files_differ("pcopy4", "seq"), 0);
}

/* An endless loop stops after the budget, identically in both runs; the
 * garbage of a clobber or of an unwritten slot differs between salts. */
static void case_budget_and_garbage(void)
{
	static const char loop[] =
		"func loop\n"
		"b1: -> b1\n"
		"  1: ord \"*adddi_1\" =%ax, %ax, $1 clobber {flags}\n"
		"end\n";
	IrFile f;
	if (!t_parse(loop, &f))
		return;
	Interp *in = interp_new(f.fn[0]);
	Trace t = {0};
	InterpRun r = {.seed = 1, .salt = 1, .budget = 100};
	interp_run(in, &r, &t);
	CHECK_INT(t.stop, IS_BUDGET);
	CHECK_INT(t.norig, 100);
	CHECK_INT(t.n, 100 * 3 + 1); /* header, ax, 1 */
	InterpRun r2 = {.seed = 1, .salt = 2, .budget = 100, .ref = &t};
	CHECK(interp_run(in, &r2, NULL));
	trace_free(&t);
	interp_free(in);
	irfile_free(&f);

	static const char slot[] =
		"func g allocated\n"
		"  pseudo p1 gpr 8\n"
		"  slot s0 8\n"
		"b1:\n"
		"  reload =p1 @ax, p1 @s0\n"
		"  1: ret %ax\n"
		"end\n";
	if (!t_parse(slot, &f))
		return;
	Trace a = run(f.fn[0], 1, 1), b = run(f.fn[0], 1, 2);
	CHECK_INT(a.n, 3);
	CHECK(a.w[1] == interp_garbage(1, -2, 0));
	CHECK(trace_diff(&a, &b) == 1);
	trace_free(&a);
	trace_free(&b);
	irfile_free(&f);
}

/* A copy is the same word as its source; in distinct mode it is not, so
 * a use reading the source instead of the copy shows. */
static void case_distinct(void)
{
	static const char orig[] =
		"func d\n"
		"  pseudo p1 gpr 8\n"
		"b1:\n"
		"  1: copy =p1, %di\n"
		"  2: copy =%ax, p1\n"
		"  3: ret %ax\n"
		"end\n";
	static const char wrong[] =
		"func d allocated\n"
		"  pseudo p1 gpr 8\n"
		"b1:\n"
		"  1: copy =p1 @bx, %di\n"
		"  2: copy =%ax, p1 @di\n"
		"  3: ret %ax\n"
		"end\n";
	IrFile o, a;
	if (!t_parse(orig, &o))
		return;
	if (t_parse(wrong, &a)) {
		CHECK(!differ(o.fn[0], a.fn[0]));
		Interp *io = interp_new(o.fn[0]), *ia = interp_new(a.fn[0]);
		Trace t = {0};
		InterpRun r = {.seed = 3, .salt = 1, .distinct = true};
		interp_run(io, &r, &t);
		InterpRun ra = {.seed = 3, .salt = 2, .distinct = true,
				.ref = &t};
		CHECK(!interp_run(ia, &ra, NULL));
		trace_free(&t);
		interp_free(io);
		interp_free(ia);
		irfile_free(&a);
	}
	irfile_free(&o);
}

void suite_interp(void)
{
	t_case("interp: small function, hand-computed trace", case_small);
	t_case("interp: branch choice, hand-computed trace", case_branch);
	t_case("interp: swap problem and relatives", case_swap_problem);
	t_case("interp: allocations right and wrong", case_allocations);
	t_case("interp: budget and garbage", case_budget_and_garbage);
	t_case("interp: distinct mode tells copies apart", case_distinct);
}
