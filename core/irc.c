/* irc.c - iterated register coalescing, the driver (irc.h): what the
 * allocator refuses, prepare's temporaries for tied and constrained
 * operands, the actual spill code (spill_everywhere's: a reload into a
 * new temporary before each instruction that reads a spilled pseudo, a
 * spill after each that writes it), the rounds (irc_graph.c), and the
 * allocated function's locations and names. */
#include "irc.h"
#include "irc_int.h"

#include <stdlib.h>
#include <time.h>

#include "allocstats.h"
#include "constraints.h"
#include "err.h"
#include "locations.h"

/* ---- refusals ---- */

/* Whether orig has something irc_alloc does not handle; the reason in
 * err.  Pseudos: GPR or SSE, one register each; operands: no x87
 * register, no memory-only operand; no phis. */
static bool refuse(const Fn *orig, char *err, size_t errlen)
{
	if (orig->unsupported)
		return err_set(err, errlen, "unsupported: %s", orig->unsupported),
		       true;
	if (orig->allocated)
		return err_set(err, errlen, "already allocated"), true;
	for (int p = 0; p < orig->npseudo; p++) {
		const Pseudo *ps = &orig->pseudo[p];
		if (ps->cls < 0)
			continue;
		if (ps->cls != RC_GPR && ps->cls != RC_SSE)
			return err_set(err, errlen,
				       "p%d: %s values are not supported", p,
				       orig->target->class_name[ps->cls]),
			       true;
		if (target_nregs(orig->target, ps->cls, ps->size) > 1)
			return err_set(err, errlen,
				       "p%d: %d-byte values of two registers "
				       "are not supported",
				       p, ps->size),
			       true;
	}
	for (int b = 0; b < orig->nblk; b++)
		for (const Ins *i = orig->blk[b]->first; i; i = i->next) {
			if (i->kind == IK_PHI)
				return err_set(err, errlen,
					       "b%d: phis are not supported",
					       orig->blk[b]->id),
				       true;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->flags & OF_MEMONLY)
					return err_set(err, errlen,
						       "uid %d: memory-only "
						       "operands are not "
						       "supported",
						       i->uid),
					       true;
				if (o->kind == OK_HREG &&
				    orig->target->regs[o->reg].cls == RC_X87)
					return err_set(err, errlen,
						       "uid %d: x87 registers "
						       "are not supported",
						       i->uid),
					       true;
			}
		}
	return false;
}

/* ---- per-pseudo state ---- */

/* Grows f's per-pseudo arrays to the function's pseudos. */
static void grow(IrcFn *f)
{
	int n = f->fn->npseudo + 1;
	if (n <= f->cap)
		return;
	int cap = n * 2;
	Arena *a = f->fn->arena;
	size_t o = (size_t)f->cap, c = (size_t)cap;
	f->temp = arena_grow(a, f->temp, o * sizeof(bool), c * sizeof(bool));
	f->only = arena_grow(a, f->only, o * sizeof(RegSet), c * sizeof(RegSet));
	f->slot = arena_grow(a, f->slot, o * sizeof(int), c * sizeof(int));
	f->root = arena_grow(a, f->root, o * sizeof(int), c * sizeof(int));
	for (int p = f->cap; p < cap; p++) {
		f->slot[p] = -1;
		f->root[p] = p;
	}
	f->cap = cap;
}

/* A new temporary like pseudo p, carrying root's value (-1: several). */
static int new_temp(IrcFn *f, int p, int root, RegSet only)
{
	const Pseudo *ps = &f->fn->pseudo[p];
	int t = fn_new_pseudo(f->fn, ps->cls, ps->size);
	grow(f);
	f->temp[t] = true;
	f->only[t] = only;
	f->root[t] = root;
	return t;
}

static const Loc NOLOC = {LOC_NONE, 0};

/* Whether code may follow i in b (not a branch, not the last of a block
 * with several successors); else the reason in err. */
static bool after_ok(const Blk *b, const Ins *i, char *err, size_t errlen)
{
	if (i->kind == IK_BRANCH || (i == b->last && b->nsucc > 1))
		return err_set(err, errlen,
			       "uid %d: a definition on a branch needs code "
			       "after it",
			       i->uid);
	return true;
}

/* ---- prepare ---- */

/* The registers operand o may take in class c when its constraint
 * restricts it within c's allocatable ones, else 0; *none set when it
 * allows none of them. */
static RegSet restriction(const Fn *fn, const Op *o, int c, bool *none)
{
	RegSet all = fn_allocatable(fn, c);
	RegSet a = o->allowed & all;
	if (o->allowed && !a)
		*none = true;
	return o->allowed && a != all ? a : 0;
}

/* The intersection of two restrictions (0 = none); *none set when it is
 * empty. */
static RegSet meet(RegSet a, RegSet b, bool *none)
{
	RegSet m = !a ? b : !b ? a : a & b;
	if (a && b && !m)
		*none = true;
	return m;
}

/* Operand k of i and its tie partner (t, or -1) share temporary T when
 * they name different pseudos or either is constrained; a partner that
 * is a hard register of the class restricts T to it, other hard
 * registers (soft pointers, sp) are ignored, as the checker does.  T
 * has the def's class: a use of another class tied to it (an integer
 * read in an SSE register) is copied across, its low bytes whole.
 * Inserts T's copies; marks the operands done. */
static bool prepare_group(IrcFn *f, Blk *b, Ins *i, int k, bool *done,
			  char *err, size_t errlen)
{
	Fn *fn = f->fn;
	Op *o = &i->ops[k];
	int t = constr_tie_partner(i, k);
	int mem[2] = {k, -1}, nm = 1, c = fn->pseudo[o->reg].cls;
	int big = o->reg;
	done[k] = true;
	if (t >= 0 && !done[t] && i->ops[t].kind == OK_PSEUDO) {
		Op *q = &i->ops[t];
		done[t] = true;
		const Op *use = (o->flags & OF_DEF) ? q : o;
		const Op *def = use == q ? o : q;
		c = fn->pseudo[def->reg].cls;
		big = def->reg;
		if (fn->pseudo[use->reg].cls != c &&
		    (use->sub_off ||
		     fn->pseudo[use->reg].size > fn->target->class_bytes[c]))
			return err_set(err, errlen,
				       "uid %d: a part of a value tied across "
				       "register classes",
				       i->uid);
		bool ignore = false;
		if (q->reg != o->reg || restriction(fn, o, c, &ignore) ||
		    restriction(fn, q, c, &ignore))
			mem[nm++] = t;
	}
	bool none = false;
	RegSet only = restriction(fn, o, c, &none);
	if (nm > 1)
		only = meet(only, restriction(fn, &i->ops[mem[1]], c, &none),
			    &none);
	if (t >= 0 && i->ops[t].kind == OK_HREG &&
	    RS_HAS(fn_allocatable(fn, c), i->ops[t].reg))
		only = meet(only, RS_BIT(i->ops[t].reg), &none);
	if (none)
		return err_set(err, errlen,
			       "uid %d: no register meets operand %d's "
			       "constraints",
			       i->uid, k);
	if (nm == 1 && !only)
		return true;
	int T = new_temp(f, big, -1, only);
	for (int m = 0; m < nm; m++) {
		Op *x = &i->ops[mem[m]];
		if (op_reads(fn, x))
			ins_insert_before(b, i, ins_transfer(fn, IK_MOVE, T, NOLOC,
							 x->reg, NOLOC));
		if (x->flags & OF_DEF) {
			if (!after_ok(b, i, err, errlen))
				return false;
			ins_insert_after(b, i, ins_transfer(fn, IK_MOVE, x->reg,
							NOLOC, T, NOLOC));
		}
		x->reg = T;
	}
	return true;
}

/* Prepare on one original instruction. */
static bool prepare_ins(IrcFn *f, Blk *b, Ins *i, char *err, size_t errlen)
{
	bool done[i->nops + 1];
	for (int k = 0; k < i->nops; k++)
		done[k] = i->ops[k].kind != OK_PSEUDO;
	for (int k = 0; k < i->nops; k++)
		if (!done[k] && !prepare_group(f, b, i, k, done, err, errlen))
			return false;
	return true;
}

/* The working copy of orig with prepare's temporaries in f. */
static Fn *prepare(IrcFn *f, const Fn *orig, char *err, size_t errlen)
{
	*f = (IrcFn){0};
	if (refuse(orig, err, errlen))
		return NULL;
	f->fn = fn_copy(orig);
	f->norig = orig->npseudo;
	grow(f);
	Fn *fn = f->fn;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first, *next; i; i = next) {
			next = i->next;
			if (!prepare_ins(f, fn->blk[b], i, err, errlen)) {
				fn_free(fn);
				return NULL;
			}
		}
	return fn;
}

IrcPrep *irc_prepare(const Fn *orig, char *err, size_t errlen)
{
	IrcFn *f = malloc(sizeof *f);
	if (!f)
		abort();
	if (!prepare(f, orig, err, errlen)) {
		free(f);
		return NULL;
	}
	return f;
}

Fn *irc_fn(IrcPrep *p)
{
	return p->fn;
}

int irc_norig(const IrcPrep *p)
{
	return p->norig;
}

bool irc_is_temp(const IrcPrep *p, int q)
{
	return q < p->cap && p->temp[q];
}

int irc_segment(IrcPrep *p, int v)
{
	int q = new_temp(p, v, v, 0);
	p->temp[q] = false;
	return q;
}

/* The slot of pseudo v, created on first use. */
static Loc slot_of(IrcFn *f, int v)
{
	if (f->slot[v] < 0)
		f->slot[v] = fn_new_slot(f->fn, f->fn->pseudo[v].size);
	return (Loc){LOC_SLOT, f->slot[v]};
}

Loc irc_slot(IrcPrep *p, int v)
{
	return slot_of(p, v);
}

void irc_insert_reload(IrcPrep *p, Blk *b, Ins *at, int q, int v)
{
	ins_insert_before(b, at,
			  ins_transfer(p->fn, IK_RELOAD, q, NOLOC, v, slot_of(p, v)));
}

void irc_insert_move(IrcPrep *p, Blk *b, Ins *at, int dst, int src)
{
	ins_insert_before(b, at,
			  ins_transfer(p->fn, IK_MOVE, dst, NOLOC, src, NOLOC));
}

bool irc_insert_spill(IrcPrep *p, Blk *b, Ins *at, int q, int v, char *err,
		      size_t errlen)
{
	if (!after_ok(b, at, err, errlen))
		return false;
	ins_insert_after(b, at,
			 ins_transfer(p->fn, IK_SPILL, v, slot_of(p, v), q, NOLOC));
	return true;
}

void irc_prep_free(IrcPrep *p)
{
	if (p) {
		fn_free(p->fn);
		free(p);
	}
}

/* ---- actual spill ---- */

/* Spill code for the spilled pseudos (spilled[p], p < n) at
 * instruction i of b: per spilled pseudo named by a register operand, a
 * new temporary in those operands, reloaded before i when i reads it,
 * spilled after when i writes it. */
static bool spill_ins(IrcFn *f, Blk *b, Ins *i, const bool *spilled, int n,
		      char *err, size_t errlen)
{
	Fn *fn = f->fn;
	for (int k = 0; k < i->nops; k++) {
		Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || o->loc.kind == LOC_SLOT ||
		    o->reg >= n || !spilled[o->reg])
			continue;
		int p = o->reg;
		int t = new_temp(f, p, f->root[p], 0);
		bool rd = false, wr = false;
		for (int m = k; m < i->nops; m++) {
			Op *x = &i->ops[m];
			if (x->kind != OK_PSEUDO || x->reg != p ||
			    x->loc.kind == LOC_SLOT)
				continue;
			rd = rd || op_reads(fn, x);
			wr = wr || (x->flags & OF_DEF);
			x->reg = t;
		}
		if (rd)
			irc_insert_reload(f, b, i, t, p);
		if (wr && !irc_insert_spill(f, b, i, t, p, err, errlen))
			return false;
	}
	return true;
}

/* Spill code for every spilled pseudo (spilled: an entry per pseudo of
 * the function as it is; the temporaries it creates are not spilled). */
static bool spill_all(IrcFn *f, const bool *spilled, char *err, size_t errlen)
{
	Fn *fn = f->fn;
	int n = fn->npseudo;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first, *next; i; i = next) {
			next = i->next;
			if (!spill_ins(f, fn->blk[b], i, spilled, n, err,
				       errlen))
				return false;
		}
	return true;
}

/* ---- the result ---- */

/* Locates every register operand naming a pseudo at its colour; false
 * when one has none (an internal error). */
static bool locate(IrcFn *f, const int *colour, char *err, size_t errlen)
{
	Fn *fn = f->fn;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO || o->loc.kind == LOC_SLOT)
					continue;
				if (colour[o->reg] < 0)
					return err_set(err, errlen,
						       "internal: p%d has no "
						       "register",
						       o->reg);
				o->loc = (Loc){LOC_REG, colour[o->reg]};
			}
	return true;
}

/* Names every operand by the original pseudo whose value it carries: an
 * original instruction's as in orig (same uid, same operands), an
 * inserted one's by the root of either side (the same value). */
static void rename(IrcFn *f, const Fn *orig)
{
	Fn *fn = f->fn;
	for (int b = 0; b < fn->nblk; b++) {
		const Ins *oi = orig->blk[b]->first;
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->uid) {
				while (oi && oi->uid != i->uid)
					oi = oi->next;
				for (int k = 0; oi && k < i->nops; k++)
					i->ops[k].reg = oi->ops[k].reg;
				continue;
			}
			int r = -1;
			for (int k = 0; k < i->nops && r < 0; k++)
				if (i->ops[k].kind == OK_PSEUDO)
					r = f->root[i->ops[k].reg];
			for (int k = 0; r >= 0 && k < i->nops; k++)
				if (i->ops[k].kind == OK_PSEUDO)
					i->ops[k].reg = r;
		}
	}
}

/* Seconds on the monotonic clock. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Whether every temporary's register set meets avail; else the reason. */
static bool temps_fit(const IrcFn *f, char *err, size_t errlen)
{
	for (int p = f->norig; p < f->fn->npseudo; p++) {
		int c = f->fn->pseudo[p].cls;
		if (f->only[p] && !(f->only[p] & f->avail[c]))
			return err_set(err, errlen,
				       "a constraint names no register among "
				       "the %d %s registers allowed",
				       regset_count(f->avail[c]),
				       f->fn->target->class_name[c]);
	}
	return true;
}

/* The rounds on f until select colours every node, coalescing when co;
 * the colours into *colour.  Spills what select could not colour; goes
 * on without coalescing when a node of temporaries alone failed. */
static bool rounds(IrcFn *f, bool co, bool brute, IrcStats *is,
		   int **colour, char *err, size_t errlen)
{
	for (int r = 0; r < IRC_MAX_ROUNDS; r++) {
		IrcRound res;
		irc_round(f, co, brute, &res);
		is->rounds++;
		is->coalesced = res.coalesced;
		is->frozen = res.frozen;
		is->constrained = res.constrained;
		if (!res.nspill && !res.temp_failed) {
			*colour = res.colour;
			return true;
		}
		if (!res.nspill && !co)
			return err_set(err, errlen,
				       "the temporaries of one instruction "
				       "find no registers");
		if (!res.nspill) {
			co = false;
			continue;
		}
		bool *sp = ARENA_NEW(f->fn->arena, bool, f->cap);
		for (int k = 0; k < res.nspill; k++)
			sp[res.spill[k]] = true;
		is->actual += res.nspill;
		if (!spill_all(f, sp, err, errlen))
			return false;
	}
	return err_set(err, errlen, "not coloured after %d rounds",
		       IRC_MAX_ROUNDS);
}

Fn *irc_finish(IrcPrep *f, const Fn *orig, const IrcOpts *o, AllocStats *st,
	       IrcStats *is, char *err, size_t errlen)
{
	AllocStats lst;
	IrcStats lis;
	if (!st)
		st = &lst;
	if (!is)
		is = &lis;
	*st = (AllocStats){0};
	*is = (IrcStats){0};
	double t0 = now();
	is->temps = f->fn->npseudo - f->norig;
	st->nins = count_ins(orig);
	for (int c = 0; c < RC_NALLOC; c++) {
		f->avail[c] = c == RC_X87 ? 0 : alloc_regset(orig, c, o->nregs[c]);
		st->regs[c] = f->avail[c];
		st->k[c] = regset_count(f->avail[c]);
	}
	int *colour = NULL;
	bool ok = temps_fit(f, err, errlen) &&
		  rounds(f, !o->no_coalesce, o->brute, is, &colour, err,
			 errlen) &&
		  locate(f, colour, err, errlen);
	if (ok) {
		drop_null_moves(f->fn);
		rename(f, orig);
	}
	Fn *fn = f->fn;
	f->fn = NULL;
	if (ok) {
		fn->allocated = true;
		alloc_count(fn, st);
		st->spilled = st->spills.n + st->reloads.n > 0;
	} else {
		fn_free(fn);
		fn = NULL;
	}
	free(f);
	st->t_colour = now() - t0;
	return fn;
}

Fn *irc_alloc(const Fn *orig, const IrcOpts *o, AllocStats *st, IrcStats *is,
	      char *err, size_t errlen)
{
	IrcPrep *p = irc_prepare(orig, err, errlen);
	return p ? irc_finish(p, orig, o, st, is, err, errlen) : NULL;
}
