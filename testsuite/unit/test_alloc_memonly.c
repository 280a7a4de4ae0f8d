/* test_alloc_memonly.c - the allocator on memory-only operands (`{} mem`,
 * OF_MEMONLY): the hand-counted functions of
 * testsuite/ir/alloc/memonly.ir (counts derived in its comments), each
 * allocation checked with verify_fn; every memory-only operand at a
 * stack slot; corrupted versions of a correct allocation (the store
 * before a memory-only read dropped, the operand put in a register)
 * are violations. */
#include <stdio.h>
#include <string.h>

#include "alloc.h"
#include "check.h"
#include "gen.h"
#include "irtext.h"
#include "verify.h"

/* Function name of testsuite/ir/alloc/memonly.ir, or of memread.ir for
 * a name starting with "memread", or of narrowmem.ir for one starting
 * with "narrow" (caller frees), or NULL and a failed check. */
static Fn *load(const char *name)
{
	return t_load_named(!strncmp(name, "memread", 7)
				    ? "testsuite/ir/alloc/memread.ir"
			    : !strncmp(name, "narrow", 6)
				    ? "testsuite/ir/alloc/narrowmem.ir"
				    : "testsuite/ir/alloc/memonly.ir",
			    name);
}

/* Function name (as load finds it) in *orig, and its allocation at
 * nregs general registers (0 = all), coalescing, checked with
 * verify_fn: the allocation (caller frees both), or NULL and a failed
 * check (*orig NULL too when the load failed). */
static Fn *load_alloc(const char *name, int nregs, Fn **orig)
{
	*orig = load(name);
	return *orig ? t_alloc_verified(*orig, nregs, true, NULL) : NULL;
}

/* Whether every memory-only operand of fn is at a stack slot. */
static bool memonly_in_slots(const Fn *fn)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (!(o->flags & OF_MEMONLY))
					continue;
				if (o->loc.kind != LOC_SLOT)
					return false;
				n++;
			}
	return n > 0;
}

/* The hand counts of one function at ngpr general registers (0 = all). */
typedef struct Want {
	const char *name;
	int ngpr;
	int spills, reloads, slots;
	long w_spills, w_reloads; /* -1: not checked */
} Want;

static const Want wants[] = {
	{"memonly_arg", 0, 1, 0, 1, 1000, 0},
	{"memonly_arg", 2, 1, 0, 1, 1000, 0},
	{"memonly_fistp", 0, 0, 0, 1, 0, 0},
	{"memonly_fistp", 2, 0, 0, 1, 0, 0},
	{"memonly_both_mem", 0, 0, 0, 1, 0, 0},
	{"memonly_loop", 0, 1, 0, 1, 9000, 0},
	{"memonly_loop", 4, 2, 1, 2, 10000, 9000},
	{"memonly_call", 0, 1, 0, 1, 1000, 0},
	{"memonly_call", 3, 1, 0, 1, 1000, 0},
	{"memonly_fistp_call", 0, 0, 0, 1, 0, 0},
	{"memonly_fistp_call", 3, 0, 0, 1, 0, 0},
	{"memonly_mixed", 0, 1, 0, 1, 1000, 0},
	{"memonly_mixed", 2, 1, 1, 1, 1000, 1000},
	{"memonly_phi", 0, 2, 0, 1, 1000, 0},
	{"memonly_phi", 2, 2, 0, 1, 1000, 0},
	{"memonly_remat", 0, 1, 0, 1, 1000, 0},
	{"memonly_remat", 2, 1, 0, 1, 1000, 0},
	{"memread", 2, 1, 0, 1, 1, 0},
	{"memread", 0, 0, 0, 0, 0, 0},
	{"memread_tied", 2, 1, 1, 1, 1, 1},
	{"narrow_rmw", 0, 1, 0, 1, 1000, 0},
	{"narrow_rmw", 2, 1, 0, 1, 1000, 0},
	{"narrow_use", 0, 1, 0, 1, 1000, 0},
	{"narrow_use", 2, 1, 0, 1, 1000, 0},
};

static void case_counts(void)
{
	for (size_t j = 0; j < sizeof wants / sizeof *wants; j++) {
		const Want *w = &wants[j];
		Fn *orig = load(w->name);
		if (!orig)
			continue;
		AllocStats st;
		Fn *fn = t_alloc_verified(orig, w->ngpr, true, &st);
		if (fn) {
			t_check(st.spills.n == w->spills && st.reloads.n ==
				w->reloads && st.slots == w->slots &&
				st.spills.w == w->w_spills &&
				st.reloads.w == w->w_reloads, __FILE__,
				__LINE__, "%s at %d: spills %d (%ld) reloads "
				"%d (%ld) slots %d, want %d (%ld) %d (%ld) %d",
				w->name, w->ngpr, st.spills.n,
				(long)st.spills.w, st.reloads.n,
				(long)st.reloads.w, st.slots, w->spills,
				w->w_spills, w->reloads, w->w_reloads,
				w->slots);
			t_check(memonly_in_slots(fn) ||
					!strncmp(w->name, "memread", 7),
				__FILE__, __LINE__,
				"%s at %d: a memory-only operand not in a "
				"slot", w->name, w->ngpr);
		}
		fn_free(fn);
		fn_free(orig);
	}
}

/* memonly_remat: the constant stored once for fild keeps [remat]: with
 * 2 registers its register use is recomputed (1 remat, no reload);
 * with all, nothing is recomputed. */
static void case_remat(void)
{
	Fn *orig = load("memonly_remat");
	if (!orig)
		return;
	for (int n = 0; n <= 2; n += 2) {
		AllocStats st;
		Fn *fn = t_alloc_verified(orig, n, true, &st);
		if (fn)
			t_check(st.remats.n == (n ? 1 : 0) && st.reloads.n == 0,
				__FILE__, __LINE__, "at %d: remats %d reloads %d",
				n, st.remats.n, st.reloads.n);
		fn_free(fn);
	}
	fn_free(orig);
}

/* memread at 2 registers: uid 5's read of p1 is at p1's slot (the
 * reload folded); the same read at the register p1 had at its
 * definition, which uid 3 overwrote, is a violation. */
static void case_folded(void)
{
	Fn *orig;
	Fn *fn = load_alloc("memread", 2, &orig);
	if (!orig)
		return;
	Blk *b = NULL;
	Ins *u = fn ? t_by_uid(fn, 5, &b) : NULL;
	Ins *d = fn ? t_by_uid(fn, 1, &b) : NULL;
	if (CHECK(u && d && u->ops[0].loc.kind == LOC_SLOT &&
		  d->next && d->next->kind == IK_SPILL &&
		  d->next->ops[0].loc.num == u->ops[0].loc.num)) {
		u->ops[0].loc = d->ops[0].loc;
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

/* memonly_call: across the call x is nowhere in a register (the spill
 * directly follows its definition, nothing is reloaded); dropping the
 * spill leaves the slot fild reads unwritten, and putting fild's
 * operand in the register x had are violations. */
static void case_corrupt(void)
{
	Fn *orig;
	Fn *fn = load_alloc("memonly_call", 0, &orig);
	if (!orig)
		return;
	Blk *b = NULL;
	Ins *def = fn ? t_by_uid(fn, 1, &b) : NULL;
	Ins *fild = fn ? t_by_uid(fn, 3, &b) : NULL;
	if (CHECK(def && fild && def->next && def->next->kind == IK_SPILL &&
		  def->next->next && def->next->next->uid == 2)) {
		Ins *sp = def->next;
		Loc reg = def->ops[0].loc, slot = fild->ops[1].loc;
		CHECK_INT(reg.kind, LOC_REG);
		CHECK_INT(slot.kind, LOC_SLOT);
		fild->ops[1].loc = reg;
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
		fild->ops[1].loc = slot;
		CHECK_INT(t_verdict(orig, fn), VERDICT_VERIFIED);
		ins_remove(b, sp);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

/* memonly_fistp: fistp's result is read from the slot fistp wrote (the
 * copy at uid 4 loads it); reading another slot (declared, never
 * written) is a violation. */
static void case_corrupt_def(void)
{
	Fn *orig;
	Fn *fn = load_alloc("memonly_fistp", 0, &orig);
	if (!orig)
		return;
	Blk *b = NULL;
	Ins *fistp = fn ? t_by_uid(fn, 3, &b) : NULL;
	Ins *cp = fn ? t_by_uid(fn, 4, &b) : NULL;
	if (CHECK(fistp && cp && cp->kind == IK_COPY)) {
		CHECK(cp->ops[1].loc.kind == LOC_SLOT &&
		      cp->ops[1].loc.num == fistp->ops[0].loc.num);
		int other = fn_new_slot(fn, 8);
		cp->ops[1].loc = (Loc){LOC_SLOT, other};
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

/* narrow_rmw (all registers): uids 4 and 5 rewrite halves of p3's slot
 * in place.  Corrupted: uid 5 at a fresh slot, never written (the slot
 * lacks p3's low half: a violation); the spill after uid 3 also made to
 * a second slot s1, and uid 5 at s1 (s1 holds the old p3, whose low
 * half uid 4 replaced: stale, a violation); the spill dropped (uid 4
 * reads the rest of p3 from an unwritten slot: a violation). */
static void case_corrupt_rmw(void)
{
	Fn *orig;
	Fn *fn = load_alloc("narrow_rmw", 0, &orig);
	if (!orig)
		return;
	Blk *b = NULL;
	Ins *def = fn ? t_by_uid(fn, 3, &b) : NULL;
	Ins *lo = fn ? t_by_uid(fn, 4, &b) : NULL;
	Ins *hi = fn ? t_by_uid(fn, 5, &b) : NULL;
	if (CHECK(def && lo && hi && def->next &&
		  def->next->kind == IK_SPILL && def->next->next == lo)) {
		Ins *sp = def->next;
		Loc slot = lo->ops[0].loc;
		CHECK(slot.kind == LOC_SLOT && hi->ops[0].loc.kind == LOC_SLOT &&
		      hi->ops[0].loc.num == slot.num &&
		      sp->ops[0].loc.num == slot.num);
		int other = fn_new_slot(fn, 16);
		hi->ops[0].loc = (Loc){LOC_SLOT, other};
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
		Ins *sp2 = t_spill_copy_after(fn, b, sp, 0, LOC_SLOT, other);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
		ins_remove(b, sp2);
		hi->ops[0].loc = slot;
		CHECK_INT(t_verdict(orig, fn), VERDICT_VERIFIED);
		ins_remove(b, sp);
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

/* narrow_use (all registers): uid 2 reads byte 0 of p1's slot; the
 * operand put in the register p1 had is a violation (memory only). */
static void case_corrupt_use(void)
{
	Fn *orig;
	Fn *fn = load_alloc("narrow_use", 0, &orig);
	if (!orig)
		return;
	Blk *b = NULL;
	Ins *def = fn ? t_by_uid(fn, 1, &b) : NULL;
	Ins *use = fn ? t_by_uid(fn, 2, &b) : NULL;
	if (CHECK(def && use && use->ops[1].loc.kind == LOC_SLOT)) {
		use->ops[1].loc = def->ops[0].loc;
		CHECK_INT(t_verdict(orig, fn), VERDICT_VIOLATION);
	}
	fn_free(fn);
	fn_free(orig);
}

/* Memory-only operands the allocator does not place are refused with the
 * reason: tied to another operand. */
static void case_refused(void)
{
	Fn *orig = t_parse_fn("func t\n  pseudo p1 gpr 8\n  pseudo p2 gpr 8\n"
			      "b2:\n  1: copy =p1, %di\n"
			      "  2: ord \"asm\" =p2 {} mem, p1 ^0\n"
			      "  3: copy =%ax, p2\n  4: ret %ax\nend\n");
	if (!orig)
		return;
	char err[300] = "";
	Fn *fn = ssa_alloc(orig, NULL, NULL, err, sizeof err);
	CHECK(fn == NULL);
	t_check(strstr(err, "uid 2: a memory-only operand tied to another "
			    "operand") != NULL,
		__FILE__, __LINE__, "%s", err);
	fn_free(fn);
	fn_free(orig);
}

/* Generated functions with memory-only operands (gen's memonly_pct,
 * with and without x87 values): every one allocated and verified at
 * all, 8, 6 and 4 general registers, memory-only operands in slots. */
static void case_generated(void)
{
	int nmem = 0;
	for (uint64_t seed = 1; seed <= 30; seed++) {
		GenOpts g = gen_defaults(seed, 150);
		g.x87_pct = seed % 2 ? 15 : 0;
		g.memonly_pct = 10;
		Fn *orig = gen_function("g", &g);
		int before = nmem;
		for (int b = 0; b < orig->nblk; b++)
			for (const Ins *i = orig->blk[b]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++)
					nmem += (i->ops[k].flags & OF_MEMONLY) != 0;
		static const int regs[] = {0, 8, 6, 4};
		for (int r = 0; r < 4; r++) {
			AllocStats st;
			Fn *fn = t_alloc_verified(orig, regs[r], true, &st);
			t_check(!fn || memonly_in_slots(fn) || nmem == before, __FILE__,
				__LINE__, "seed %d at %d: a memory-only operand "
				"not in a slot", (int)seed, regs[r]);
			fn_free(fn);
		}
		fn_free(orig);
	}
	CHECK(nmem >= 100);
}

void suite_alloc_memonly(void)
{
	t_case("alloc memonly: 30 generated functions at all, 8, 6, 4 "
	       "registers", case_generated);
	t_case("alloc memonly: hand counts of memonly.ir at 2..all registers",
	       case_counts);
	t_case("alloc memonly: the store before fild dropped, fild's operand "
	       "in a register: violations", case_corrupt);
	t_case("alloc memonly: fistp's result loaded from another slot: "
	       "a violation", case_corrupt_def);
	t_case("alloc memonly: a constant read in memory keeps [remat]",
	       case_remat);
	t_case("alloc memonly: a reload folded into a mem read of the slot",
	       case_folded);
	t_case("alloc memonly: a tied memory-only operand is refused",
	       case_refused);
	t_case("alloc memonly: partial memory-only defs in place; wrong "
	       "slot, stale half, store dropped: violations",
	       case_corrupt_rmw);
	t_case("alloc memonly: a part read in memory only; in a register: "
	       "a violation", case_corrupt_use);
}
