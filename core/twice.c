/* twice.c - the values live after a call that returns twice, in memory
 * (twice.h). */
#include "twice.h"

#include <string.h>

#include "cfg.h"
#include "err.h"
#include "liveness.h"

bool twice_has(const Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->kind == IK_CALL && (i->flags & INS_TWICE))
				return true;
	return false;
}

/* Marks in mark[] (per pseudo) the pseudos live right after some call
 * of fn flagged [twice]; returns how many. */
static int mark_live_after(Fn *fn, bool *mark)
{
	Cfg *cfg = cfg_build(fn);
	Live *lv = live_compute(fn, cfg);
	LiveSet s;
	lset_init(&s, fn->arena, live_nval(fn));
	int n = 0;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *blk = fn->blk[b];
		live_set_out(lv, b, &s);
		for (Ins *i = blk->last; i; i = i->prev) {
			if (i->kind == IK_CALL && (i->flags & INS_TWICE))
				for (int k = 0; k < s.n; k++) {
					int v = s.dense[k];
					if (v < fn->npseudo && !mark[v]) {
						mark[v] = true;
						n++;
					}
				}
			live_step_back(fn, i, &s);
		}
	}
	return n;
}

/* The twice values: mark[p] for the pseudos p < n of fn before the
 * rewrite. */
typedef struct Marks {
	bool *mark;
	int n;
} Marks;

/* Whether o names a twice value. */
static bool names_twice(const Op *o, const Marks *mk)
{
	return o->kind == OK_PSEUDO && o->reg >= 0 && o->reg < mk->n &&
	       mk->mark[o->reg];
}

/* Whether every occurrence of a twice value can be rewritten (see
 * twice_to_memory); else the reason in err. */
static bool rewritable(const Fn *fn, const Marks *mk, char *err,
		       size_t errlen)
{
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *blk = fn->blk[b];
		for (const Ins *i = blk->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (!names_twice(o, mk))
					continue;
				const char *why = NULL;
				bool last_exc =
					i == blk->last &&
					(blk->nsucc != 1 ||
					 (blk->succ[0].flags & EF_EXC));
				if (i->kind == IK_PHI)
					why = "a phi's operand";
				else if (o->flags & OF_MEMONLY)
					why = "a memory-only operand";
				else if ((o->flags & OF_DEF) &&
					 (i->kind == IK_BRANCH || last_exc))
					why = "written where no store can "
					      "follow";
				if (why)
					return err_set(err, errlen,
						       "b%d uid %d: p%d, live "
						       "after a call that "
						       "returns twice, is %s",
						       blk->id, i->uid, o->reg,
						       why);
			}
	}
	return true;
}

/* A placeholder: `ord NAME =t` (a load) or `ord NAME t` (a store), with
 * uid. */
static Ins *placeholder(Fn *fn, bool store, int t, int uid)
{
	Ins *i = ins_new(fn, IK_ORD, 1);
	i->ops[0] = (Op){.kind = OK_PSEUDO,
			 .flags = store ? OF_USE : OF_DEF,
			 .reg = t,
			 .tie = -1,
			 .from = -1};
	i->name = store ? "twice-store" : "twice-load";
	i->uid = uid;
	return i;
}

/* The rewrite's state. */
typedef struct Rw {
	Fn *fn;
	TwiceMem *tm;
	int cap;
} Rw;

/* Records a placeholder for value p; returns its uid. */
static int add_place(Rw *r, int p, bool store)
{
	TwiceMem *tm = r->tm;
	if (tm->nplace == r->cap) {
		int cap = r->cap ? 2 * r->cap : 64;
		int *pp = ARENA_NEW(r->fn->arena, int, cap);
		bool *ps = ARENA_NEW(r->fn->arena, bool, cap);
		if (tm->nplace) {
			memcpy(pp, tm->place_p, tm->nplace * sizeof *pp);
			memcpy(ps, tm->place_store, tm->nplace * sizeof *ps);
		}
		tm->place_p = pp;
		tm->place_store = ps;
		r->cap = cap;
	}
	tm->place_p[tm->nplace] = p;
	tm->place_store[tm->nplace] = store;
	return tm->uid0 + tm->nplace++;
}

/* A fresh temporary standing for twice value p. */
static int new_temp(Rw *r, int p)
{
	Fn *fn = r->fn;
	int t = fn_new_pseudo(fn, fn->pseudo[p].cls, fn->pseudo[p].size);
	return t;
}

/* Rewrites the occurrences of twice value p in i (block b). */
static void rewrite_one(Rw *r, Blk *b, Ins *i, int p, int *tmp_of)
{
	Fn *fn = r->fn;
	bool use = false, def = false, one = false;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || o->reg != p)
			continue;
		use |= op_reads(fn, o);
		def |= (o->flags & OF_DEF) != 0;
		one |= ((o->flags & (OF_USE | OF_DEF)) == (OF_USE | OF_DEF)) ||
		       op_partial_def(fn, o);
	}
	int t1 = use ? new_temp(r, p) : -1;
	int t2 = def ? (one ? t1 : new_temp(r, p)) : -1;
	for (int k = 0; k < i->nops; k++) {
		Op *o = &i->ops[k];
		if (o->kind == OK_PSEUDO && o->reg == p)
			o->reg = (o->flags & OF_DEF) ? t2 : t1;
	}
	if (use) {
		tmp_of[t1] = p;
		ins_insert_before(b, i, placeholder(fn, false, t1,
						    add_place(r, p, false)));
	}
	if (def) {
		tmp_of[t2] = p;
		ins_insert_after(b, i, placeholder(fn, true, t2,
						   add_place(r, p, true)));
	}
}

/* The number of operands of fn naming a twice value: an upper bound on
 * the temporaries. */
static int count_ops(const Fn *fn, const Marks *mk)
{
	int n = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				n += names_twice(&i->ops[k], mk);
	return n;
}

bool twice_to_memory(Fn *fn, TwiceMem *tm, char *err, size_t errlen)
{
	*tm = (TwiceMem){.npseudo0 = fn->npseudo, .uid0 = fn_max_uid(fn) + 1};
	int n0 = fn->npseudo;
	Marks mk = {ARENA_NEW(fn->arena, bool, n0 + 1), n0};
	tm->nvalues = mark_live_after(fn, mk.mark);
	if (!tm->nvalues)
		return true;
	if (!rewritable(fn, &mk, err, errlen))
		return false;
	int ntemp = count_ops(fn, &mk);
	int *tmp_of = ARENA_NEW(fn->arena, int, n0 + ntemp + 1);
	for (int v = 0; v < n0 + ntemp + 1; v++)
		tmp_of[v] = -1;
	Rw r = {.fn = fn, .tm = tm};
	for (int b = 0; b < fn->nblk; b++) {
		Blk *blk = fn->blk[b];
		for (Ins *i = blk->first, *next; i; i = next) {
			next = i->next;
			if (i->uid >= tm->uid0)
				continue; /* a placeholder */
			for (int k = 0; k < i->nops; k++)
				if (names_twice(&i->ops[k], &mk))
					rewrite_one(&r, blk, i, i->ops[k].reg,
						    tmp_of);
		}
	}
	tm->orig = tmp_of;
	tm->ntotal = fn->npseudo;
	return true;
}

/* The slot location of twice value p (slot[p] numbered on first use). */
static Loc slot_of(Fn *fn, int p, int *slot)
{
	if (slot[p] < 0)
		slot[p] = fn_new_slot(fn, fn->pseudo[p].size);
	return (Loc){.kind = LOC_SLOT, .num = slot[p]};
}

/* The placeholder index of i, or -1. */
static int place_index(const TwiceMem *tm, const Ins *i)
{
	int k = i->uid - tm->uid0;
	return i->kind == IK_ORD && i->uid && k >= 0 && k < tm->nplace ? k
									 : -1;
}

bool twice_finish(Fn *fn, const TwiceMem *tm, char *err, size_t errlen)
{
	int n0 = tm->npseudo0;
	int *slot = ARENA_NEW(fn->arena, int, n0 + 1);
	for (int v = 0; v <= n0; v++)
		slot[v] = -1;
	int maxreg = -1;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *blk = fn->blk[b];
		for (Ins *i = blk->first, *next; i; i = next) {
			next = i->next;
			int k = place_index(tm, i);
			if (k >= 0) {
				int p = tm->place_p[k];
				Loc r = i->ops[0].loc;
				if (r.kind != LOC_REG)
					return err_set(err, errlen,
						       "a %s of p%d (a value "
						       "live after a call "
						       "that returns twice) "
						       "is not in a register",
						       tm->place_store[k]
							       ? "store"
							       : "load",
						       p);
				Loc s = slot_of(fn, p, slot);
				Ins *x = tm->place_store[k]
						 ? ins_transfer(fn, IK_SPILL, p,
								s, p, r)
						 : ins_transfer(fn, IK_RELOAD,
								p, r, p, s);
				ins_insert_before(blk, i, x);
				ins_remove(blk, i);
				continue;
			}
			for (int m = 0; m < i->nops; m++) {
				Op *o = &i->ops[m];
				if (o->kind != OK_PSEUDO)
					continue;
				if (o->reg >= n0 && o->reg < tm->ntotal &&
				    tm->orig[o->reg] >= 0)
					o->reg = tm->orig[o->reg];
				if (o->reg > maxreg)
					maxreg = o->reg;
			}
		}
	}
	if (maxreg < n0)
		fn->npseudo = n0;
	return true;
}
