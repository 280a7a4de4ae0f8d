/* test_gen.c - the random function generator makes valid functions:
 * they round-trip through the text format, no pseudo is read before it is
 * written (nothing but argument registers is live into the entry), the
 * size is near the one asked for, and the baseline allocator takes them. */
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "gen.h"
#include "irtext.h"
#include "liveness.h"
#include "spill_everywhere.h"

static int total_ins(const Fn *fn)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		n += blk_nins(fn->blk[b]);
	return n;
}

/* Checks one generated function; false after the first failed check. */
static bool check_one(uint64_t seed, int size)
{
	bool ok = true;
	GenOpts o = gen_defaults(seed, size);
	Fn *fn = gen_function("g", &o);
	int n = total_ins(fn);
	ok &= t_check(n >= size && n <= size + 8, __FILE__, __LINE__,
		"seed %llu: %d instructions for size %d",
		(unsigned long long)seed, n, size);
	char *text = ir_print_str(fn);
	IrFile f;
	IrError err;
	if (t_check(ir_parse("<gen>", text, strlen(text), fn->target, &f, &err),
		    __FILE__, __LINE__, "seed %llu: %s",
		    (unsigned long long)seed, err.msg)) {
		char why[256] = "";
		ok &= t_check(fn_equal(fn, f.fn[0], why, sizeof why), __FILE__,
			__LINE__, "seed %llu: %s", (unsigned long long)seed,
			why);
		irfile_free(&f);
	} else {
		ok = false;
	}
	free(text);
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	int e = fn->entry;
	for (int k = 0; k < lv->nin[e]; k++)
		ok &= t_check(lv->in[e][k] >= fn->npseudo, __FILE__, __LINE__,
			"seed %llu: p%d live into the entry",
			(unsigned long long)seed, lv->in[e][k]);
	char why[256] = "";
	Fn *a = spill_everywhere(fn, why, sizeof why);
	ok &= t_check(a != NULL, __FILE__, __LINE__, "seed %llu: baseline: %s",
		(unsigned long long)seed, why);
	fn_free(a);
	fn_free(fn);
	return ok;
}

static void case_many_seeds(void)
{
	for (uint64_t seed = 1; seed <= 300; seed++)
		if (!check_one(seed, 20 + (int)(seed * 7 % 400)))
			return;
}

static void case_deterministic(void)
{
	GenOpts o = gen_defaults(42, 300);
	Fn *a = gen_function("g", &o), *b = gen_function("g", &o);
	char why[256] = "";
	CHECK(fn_equal(a, b, why, sizeof why));
	o.seed = 43;
	Fn *c = gen_function("g", &o);
	CHECK(!fn_equal(a, c, why, sizeof why));
	fn_free(a);
	fn_free(b);
	fn_free(c);
}

void suite_gen(void)
{
	t_case("gen: 300 seeds valid, round trip, baseline allocates",
	       case_many_seeds);
	t_case("gen: deterministic per seed", case_deterministic);
}
