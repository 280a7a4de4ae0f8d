/* test_ir.c - building, editing, copying and comparing functions. */
#include <string.h>

#include "arena.h"
#include "check.h"
#include "ir.h"

/* b1 -> b2, b3; b2 -> b3; b3 has two instructions. */
static Fn *small_fn(void)
{
	Fn *fn = fn_new("small", target_x86_64());
	Blk *b1 = fn_add_block(fn, 1);
	Blk *b2 = fn_add_block(fn, 2);
	Blk *b3 = fn_add_block(fn, 3);
	blk_add_succ(fn, b1, 1, 0);
	blk_add_succ(fn, b1, 2, EF_ABNORMAL);
	blk_add_succ(fn, b2, 2, 0);
	fn_declare_pseudo(fn, 90, RC_GPR, 8);
	Ins *i = ins_new(fn, IK_COPY, 2);
	i->uid = 7;
	i->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = 90,
			 .tie = -1, .from = -1};
	i->ops[1] = (Op){.kind = OK_HREG, .flags = OF_USE, .reg = R_DI,
			 .tie = -1, .from = -1};
	ins_append(b3, i);
	Ins *r = ins_new(fn, IK_RET, 0);
	r->uid = 8;
	ins_append(b3, r);
	fn_preds(fn);
	return fn;
}

static void case_build(void)
{
	Fn *fn = small_fn();
	CHECK_INT(fn->nblk, 3);
	CHECK_INT(fn_block_by_id(fn, 3), 2);
	CHECK_INT(fn_block_by_id(fn, 9), -1);
	CHECK_INT(fn->blk[2]->npred, 2);
	CHECK_INT(fn->blk[2]->pred[0], 0);
	CHECK_INT(fn->blk[2]->pred[1], 1);
	CHECK_INT(fn->blk[1]->npred, 1);
	CHECK_INT(fn->blk[0]->npred, 0);
	CHECK_INT(blk_nins(fn->blk[2]), 2);
	CHECK_INT(fn->npseudo, 91);
	CHECK_INT(fn->pseudo[89].cls, -1);
	CHECK_INT(fn->pseudo[90].cls, RC_GPR);
	CHECK(!fn_declare_pseudo(fn, 90, RC_SSE, 8)); /* declared twice */
	CHECK_INT(fn_new_pseudo(fn, RC_SSE, 16), 91);
	CHECK_INT(fn->pseudo[91].size, 16);
	fn_free(fn);
}

static void case_list_edits(void)
{
	Fn *fn = small_fn();
	Blk *b = fn->blk[2];
	Ins *copy = b->first, *ret = b->last;
	Ins *m = ins_new(fn, IK_MOVE, 2);
	ins_insert_before(b, ret, m); /* copy, m, ret */
	Ins *s = ins_new(fn, IK_SPILL, 2);
	ins_insert_after(b, NULL, s); /* s, copy, m, ret */
	Ins *r = ins_new(fn, IK_RELOAD, 2);
	ins_insert_before(b, NULL, r); /* s, copy, m, ret, r */
	const Ins *want[] = {s, copy, m, ret, r};
	int n = 0;
	for (Ins *i = b->first; i; i = i->next, n++)
		CHECK(n < 5 && i == want[n]);
	CHECK_INT(n, 5);
	CHECK(b->last == r && r->prev == ret);
	ins_remove(b, s);
	ins_remove(b, r);
	ins_remove(b, m);
	CHECK(b->first == copy && b->last == ret && copy->next == ret &&
	      ret->prev == copy && !copy->prev && !ret->next);
	fn_free(fn);
}

static void case_copy_equal(void)
{
	Fn *a = small_fn();
	a->blk[2]->first->ops[1].allowed = RS_BIT(R_DI);
	a->blk[2]->first->name = fn_strdup(a, "*movdi_internal", 15);
	Fn *b = fn_copy(a);
	char why[256] = "";
	CHECK(fn_equal(a, b, why, sizeof why));
	CHECK(b->blk[2]->npred == 2); /* preds recomputed in the copy */
	CHECK(b->blk[2]->first->name != a->blk[2]->first->name);
	b->blk[2]->first->ops[1].allowed = RS_BIT(R_SI);
	CHECK(!fn_equal(a, b, why, sizeof why));
	CHECK(strstr(why, "b3") && strstr(why, "uid 7"));
	fn_free(b);
	b = fn_copy(a);
	b->blk[0]->succ[1].flags = 0;
	CHECK(!fn_equal(a, b, why, sizeof why));
	CHECK(strstr(why, "edge 1") != NULL);
	fn_free(b);
	fn_free(a);
}

/* Many blocks, pseudos and slots: the tables grow and keep content. */
static void case_growth(void)
{
	Fn *fn = fn_new("big", target_x86_64());
	for (int i = 0; i < 1000; i++)
		fn_add_block(fn, 1000 - i);
	for (int p = 0; p < 5000; p += 5)
		fn_declare_pseudo(fn, p, p % 2 ? RC_SSE : RC_GPR, 8);
	for (int s = 0; s < 300; s++)
		CHECK_INT(fn_new_slot(fn, 8), s);
	CHECK_INT(fn->nblk, 1000);
	CHECK_INT(fn->blk[999]->id, 1);
	CHECK_INT(fn->blk[999]->idx, 999);
	CHECK_INT(fn->npseudo, 4996);
	CHECK_INT(fn->pseudo[4995].cls, RC_SSE);
	CHECK_INT(fn->pseudo[4994].cls, -1);
	CHECK_INT(fn->nslot, 300);
	CHECK(!fn_declare_slot(fn, 7, 8));
	fn_free(fn);
}

static void case_arena(void)
{
	Arena *a = arena_new();
	char *small = arena_alloc(a, 3);
	char *big = arena_alloc(a, 1 << 20);
	char *next = arena_alloc(a, 16);
	CHECK(small && big && next);
	/* "aligned for any object": malloc's guarantee, _Alignof, not
	 * sizeof (32 on x86-64 glibc, more than malloc promises). */
	CHECK((size_t)small % _Alignof(max_align_t) == 0);
	CHECK((size_t)next % _Alignof(max_align_t) == 0);
	CHECK(big[0] == 0 && big[(1 << 20) - 1] == 0);
	memset(big, 1, 1 << 20);
	/* the big block does not steal the current chunk's tail */
	CHECK(next > small && next - small < 1024);
	int *g = arena_grow(a, NULL, 0, 8 * sizeof(int));
	g[7] = 5;
	int *h = arena_grow(a, g, 8 * sizeof(int), 16 * sizeof(int));
	CHECK_INT(h[7], 5);
	CHECK_INT(h[15], 0);
	arena_free(a);
}

static void case_kinds(void)
{
	CHECK_INT(ins_kind_by_name("pcopy", 5), IK_PCOPY);
	CHECK_INT(ins_kind_by_name("remat", 5), IK_REMAT);
	CHECK_INT(ins_kind_by_name("rema", 4), -1);
	CHECK(ins_kind_inserted(IK_SWAP) && ins_kind_inserted(IK_MOVE));
	CHECK(!ins_kind_inserted(IK_COPY) && !ins_kind_inserted(IK_RET));
	CHECK(strcmp(ins_kind_name(IK_PHI), "phi") == 0);
}

void suite_ir(void)
{
	t_case("ir: build blocks, edges, pseudos", case_build);
	t_case("ir: instruction list edits", case_list_edits);
	t_case("ir: copy and structural equality", case_copy_equal);
	t_case("ir: tables grow", case_growth);
	t_case("ir: arena", case_arena);
	t_case("ir: kind names", case_kinds);
}
