/* setjmp.c - calls that return twice (docs/VERIFY.md "Calls that return
 * twice"): for each original call flagged [twice] (setjmp), the region
 * of f a longjmp back to it may leave from, the values the region
 * defines, the memory state after each call in the region, and the
 * second return's state met with the first's right after the call. */
#include "vstate.h"

#include <stdlib.h>
#include <string.h>

/* At most this many calls that return twice per function; more are not
 * modelled (each costs a value table and an instruction table). */
enum { SJ_MAX = 16 };

/* Number of instructions of f. */
static int f_nins(const Chk *c)
{
	int n = 0;
	for (int b = 0; b < c->nblk; b++)
		n += blk_nins(c->f->blk[b]);
	return n;
}

/* Marks in reach the f blocks reachable from the successors of b (b
 * itself when a path leads back to it). */
static void reach_from(const Chk *c, int b, bool *reach)
{
	int *stack = ARENA_NEW(c->a, int, c->nblk + 1), sp = 0;
	stack[sp++] = b;
	while (sp) {
		const Blk *bb = c->f->blk[stack[--sp]];
		for (int k = 0; k < bb->nsucc; k++) {
			int s = bb->succ[k].blk;
			if (!reach[s]) {
				reach[s] = true;
				stack[sp++] = s;
			}
		}
	}
}

/* The values an original instruction o defines, its clobbered hard
 * registers' included, marked in kill. */
static void kill_defs(const Chk *c, const Ins *o, uint8_t *kill)
{
	for (int k = 0; k < o->nops; k++)
		if (op_is_value(&o->ops[k]) && (o->ops[k].flags & OF_DEF))
			kill[value_of(c, &o->ops[k])] = 1;
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(o->clobbers, r))
			kill[c->npseudo + r] = 1;
}

/* Fills sj's region facts: the calls a longjmp may leave from (every
 * original call after sj's call on some path, but calls that return
 * twice and deleted ones) and the values the region's original
 * instructions and phis define (but by sj's call itself). */
static void sj_region(Chk *c, SjCall *sj, const bool *reach)
{
	for (int b = 0; b < c->nblk; b++) {
		const Blk *bb = c->f->blk[b];
		int pos = 0, base = c->ibase[b];
		for (const Ins *i = bb->first; i; i = i->next, pos++) {
			int idx = base + pos;
			const Ins *o = c->om[idx];
			if (!o || !(reach[b] || (b == sj->blk && idx > sj->idx)))
				continue;
			if (o->kind == IK_CALL && !(o->flags & INS_TWICE) &&
			    !(i->flags & INS_DELETED)) {
				sj->call[idx] = true;
				sj->ncall++;
			}
			if (idx != sj->idx)
				kill_defs(c, o, sj->kill);
		}
		int ob = c->oblk[b];
		if (!reach[b] || ob < 0)
			continue;
		for (int k = 0; k < c->nphi[ob]; k++)
			sj->kill[value_of(c, &c->phi[ob][k]->ops[0])] = 1;
	}
}

/* The values live after sj's call: live at the entry of some block of
 * the region, or read after the call in its block.  Each becomes live
 * at the entry of every block of the region (a superset: liveness only
 * prunes slots, docs/VERIFY.md "Values that may be undefined"). */
static void sj_live(Chk *c, const SjCall *sj, const bool *reach)
{
	int nv = c->nval;
	uint8_t *in = ARENA_NEW(c->a, uint8_t, nv + 1);
	for (int b = 0; b < c->nblk; b++)
		for (int k = 0; reach[b] && k < c->nlive[b]; k++)
			in[c->live[b][k]] = 1;
	int pos = 0, base = c->ibase[sj->blk];
	for (const Ins *i = c->f->blk[sj->blk]->first; i; i = i->next, pos++) {
		const Ins *o = c->om[base + pos];
		for (int k = 0; o && base + pos > sj->idx && k < o->nops; k++)
			if (op_is_value(&o->ops[k]) &&
			    op_reads(c->o, &o->ops[k]))
				in[value_of(c, &o->ops[k])] = 1;
	}
	int n = 0;
	int *add = ARENA_NEW(c->a, int, nv + 1);
	for (int v = 0; v < nv; v++)
		if (in[v])
			add[n++] = v;
	for (int b = 0; b < c->nblk; b++) {
		if (!reach[b])
			continue;
		/* live[b] and add, both increasing, merged */
		const int *lv = c->live[b];
		int nl = c->nlive[b], i = 0, j = 0, m = 0;
		int *l = ARENA_NEW(c->a, int, n + nl + 1);
		while (i < nl || j < n) {
			int v = j == n || (i < nl && lv[i] < add[j]) ? lv[i++]
								     : add[j++];
			if (i < nl && lv[i] == v)
				i++;
			if (m == 0 || l[m - 1] != v)
				l[m++] = v;
		}
		c->live[b] = l;
		c->nlive[b] = m;
	}
}

bool setup_setjmp(Chk *c)
{
	int nins = f_nins(c);
	for (int b = 0; b < c->nblk; b++) {
		int pos = 0, base = c->ibase[b];
		for (const Ins *i = c->f->blk[b]->first; i; i = i->next, pos++) {
			const Ins *o = c->om[base + pos];
			if (!o || o->kind != IK_CALL || !(o->flags & INS_TWICE) ||
			    (i->flags & INS_DELETED) || !c->reach[b])
				continue;
			if (c->nsj == SJ_MAX)
				return unverified(c, "more than %d calls that "
						     "return twice",
						  SJ_MAX);
			if (!c->sj)
				c->sj = ARENA_NEW(c->a, SjCall, SJ_MAX);
			SjCall *sj = &c->sj[c->nsj++];
			sj->blk = b;
			sj->idx = base + pos;
			sj->call = ARENA_NEW(c->a, bool, nins + 1);
			sj->kill = ARENA_NEW(c->a, uint8_t, c->nval + 1);
		}
	}
	for (int k = 0; k < c->nsj; k++) {
		SjCall *sj = &c->sj[k];
		bool *reach = ARENA_NEW(c->a, bool, c->nblk + 1);
		reach_from(c, sj->blk, reach);
		sj_region(c, sj, reach);
		/* the second return defines the call's own results again:
		 * right after it only the locations it wrote hold them */
		const Ins *o = c->om[sj->idx];
		for (int j = 0; j < o->nops; j++)
			if (op_is_value(&o->ops[j]) &&
			    (o->ops[j].flags & OF_DEF))
				sj->kill[value_of(c, &o->ops[j])] = 0;
		if (sj->ncall)
			sj_live(c, sj, reach);
	}
	return true;
}

void sj_reset(Chk *c)
{
	for (int k = 0; k < c->nsj; k++) {
		c->sj[k].has_mem = c->sj[k].dirty = false;
		c->sj[k].changed = 0;
	}
}

/* The non-register part of the working state (memory: slots, constant
 * and availability locations) as a sparse state in the arena. */
static State snapshot_memory(Chk *c)
{
	State s = {0};
	int n = 0;
	for (int k = 0; k < c->ntouch; k++)
		n += c->tlist[k] >= TGT_NREGS && c->cur[c->tlist[k]];
	s.loc = ARENA_NEW(c->a, int, n + 1);
	s.set = ARENA_NEW(c->a, int, n + 1);
	for (int k = 0; k < c->ntouch; k++) {
		int l = c->tlist[k];
		if (l >= TGT_NREGS && c->cur[l])
			s.loc[s.n++] = l;
	}
	qsort(s.loc, (size_t)s.n, sizeof(int), cmp_int);
	for (int k = 0; k < s.n; k++)
		s.set[k] = c->cur[s.loc[k]];
	if (c->nwords) {
		s.def = ARENA_NEW(c->a, uint64_t, c->nwords);
		memcpy(s.def, c->curD, sizeof(uint64_t) * (size_t)c->nwords);
	}
	return s;
}

/* A copy of c->acc in the arena. */
static State acc_copy(Chk *c)
{
	State s = {.n = c->acc.n};
	s.loc = ARENA_NEW(c->a, int, s.n + 1);
	s.set = ARENA_NEW(c->a, int, s.n + 1);
	memcpy(s.loc, c->acc.loc, sizeof(int) * (size_t)s.n);
	memcpy(s.set, c->acc.set, sizeof(int) * (size_t)s.n);
	if (c->nwords) {
		s.def = ARENA_NEW(c->a, uint64_t, c->nwords);
		memcpy(s.def, c->acc.def, sizeof(uint64_t) * (size_t)c->nwords);
	}
	return s;
}

/* c->acc := s. */
static void acc_set(Chk *c, const State *s)
{
	c->acc.n = s->n;
	memcpy(c->acc.loc, s->loc, sizeof(int) * (size_t)s->n);
	memcpy(c->acc.set, s->set, sizeof(int) * (size_t)s->n);
	if (c->nwords)
		memcpy(c->acc.def, s->def, sizeof(uint64_t) * (size_t)c->nwords);
}

/* Whether two sparse states are the same. */
static bool state_same(const Chk *c, const State *x, const State *y)
{
	if (x->n != y->n ||
	    (c->nwords && memcmp(x->def, y->def,
				 sizeof(uint64_t) * (size_t)c->nwords)))
		return false;
	for (int k = 0; k < x->n; k++)
		if (x->loc[k] != y->loc[k] || x->set[k] != y->set[k])
			return false;
	return true;
}

void sj_after_call(Chk *c, int idx)
{
	for (int k = 0; k < c->nsj; k++) {
		SjCall *sj = &c->sj[k];
		if (!sj->call[idx])
			continue;
		State now = snapshot_memory(c);
		if (!sj->has_mem) {
			sj->mem = now;
			sj->has_mem = sj->dirty = true;
			continue;
		}
		acc_set(c, &sj->mem);
		join_acc(c, &now);
		State met = acc_copy(c);
		if (!state_same(c, &met, &sj->mem)) {
			sj->mem = met;
			sj->dirty = true;
		}
	}
}

/* Set s without the ids a longjmp back to sj makes untrue of a
 * register: the values the region defines (with their part and word
 * facts) and loaded memory operands (memory may have changed since). */
static int sj_filter(Chk *c, const SjCall *sj, int s)
{
	int n = set_n(&c->sp, s), m = 0;
	c->vbuf = grow(c->vbuf, sizeof(int), &c->capvbuf, n + 1);
	const int *v = set_v(&c->sp, s);
	for (int j = 0; j < n; j++) {
		int x = v[j], base = id_value(c, x);
		if (mv_of(c, x) >= 0 || (base < c->nval && sj->kill[base]))
			continue;
		c->vbuf[m++] = x;
	}
	return m == n ? s : set_intern(&c->sp, c->vbuf, m);
}

/* Marks in sj->changed the registers whose set in c->acc (after the
 * meet) differs from the one in before. */
static void note_changed(const Chk *c, SjCall *sj, const State *before)
{
	int j = 0;
	for (int i = 0; i < before->n && before->loc[i] < TGT_NREGS; i++) {
		int l = before->loc[i];
		while (j < c->acc.n && c->acc.loc[j] < l)
			j++;
		if (j == c->acc.n || c->acc.loc[j] != l ||
		    c->acc.set[j] != before->set[i])
			sj->changed |= RS_BIT(l);
	}
}

void sj_second_return(Chk *c, int idx)
{
	for (int k = 0; k < c->nsj; k++) {
		SjCall *sj = &c->sj[k];
		if (sj->idx != idx || !sj->has_mem)
			continue;
		State now;
		unload(c, &now, NULL, true);
		/* the second return: registers as the call left them but
		 * for what the region redefined, memory as at a call of
		 * the region */
		State ret = {0};
		ret.loc = ARENA_NEW(c->a, int, now.n + sj->mem.n + 1);
		ret.set = ARENA_NEW(c->a, int, now.n + sj->mem.n + 1);
		ret.def = sj->mem.def;
		for (int j = 0; j < now.n && now.loc[j] < TGT_NREGS; j++) {
			int s = sj_filter(c, sj, now.set[j]);
			if (s) {
				ret.loc[ret.n] = now.loc[j];
				ret.set[ret.n++] = s;
			}
		}
		for (int j = 0; j < sj->mem.n; j++) {
			int l = sj->mem.loc[j], s = sj->mem.set[j];
			if (l >= c->abase)
				s = sj_filter(c, sj, s);
			if (s) {
				ret.loc[ret.n] = l;
				ret.set[ret.n++] = s;
			}
		}
		acc_set(c, &now);
		join_acc(c, &ret);
		if (c->checking)
			note_changed(c, sj, &now);
		load(c, &c->acc);
	}
}

bool sj_changed(const Chk *c, int idx, int l)
{
	for (int k = 0; k < c->nsj; k++)
		if (c->sj[k].idx == idx)
			return l >= 0 && l < TGT_NREGS &&
			       RS_HAS(c->sj[k].changed, l);
	return false;
}

bool sj_requeue(Chk *c, bool *queued)
{
	bool any = false;
	for (int k = 0; k < c->nsj; k++)
		if (c->sj[k].dirty) {
			c->sj[k].dirty = false;
			queued[c->sj[k].blk] = true;
			any = true;
		}
	return any;
}
