/* regset.c - the registers an allocation uses (alloc_regset: those some
 * operand requires, whole pairs for wide values, then core order) and
 * whether a function in SSA form fits them without spilling
 * (alloc_fits).  Requires the constraint facts of constraints.h. */
#include "alloc.h"
#include "regset.h"

#include <stdio.h>

#include "cfg.h"
#include "constraints.h"
#include "arena.h"
#include "err.h"
#include "liveness.h"

/* The registers of all that operand k of i (a pseudo of a class c)
 * may be in, all[c] its class's allocatable set, 0 when it is not so
 * constrained: its own set, narrowed to the register of a hard-register
 * def it is tied to (`=%r8, p87 ^0`: the read is in r8, which
 * alloc_regset must then keep even when the limit would leave it out). */
static RegSet required_regs(const Ins *i, int k, RegSet all)
{
	const Op *o = &i->ops[k];
	RegSet a = o->allowed ? o->allowed & all : 0;
	if (o->flags & OF_DEF)
		return a;
	int t = constr_tie_partner(i, k);
	if (t >= 0 && i->ops[t].kind == OK_HREG &&
	    (i->ops[t].flags & OF_DEF) && RS_HAS(all, i->ops[t].reg))
		a = RS_BIT(i->ops[t].reg);
	return a;
}

/* Whether fn has a value of class cls that takes two registers (a
 * 16-byte general value: two adjacent registers, colour.c `starts`). */
static bool has_wide(const Fn *fn, int cls)
{
	for (int p = 0; p < fn->npseudo; p++)
		if (fn->pseudo[p].cls == cls &&
		    target_nregs(fn->target, cls, fn->pseudo[p].size) > 1)
			return true;
	return false;
}

/* set plus whole pairs of adjacent registers of all (r and r+1 in core
 * order, both outside set), in core order, while the size stays at most
 * n.  With 8 general registers and 16-byte values the set is then
 * {ax dx cx bx si di r8 r9}, four pairs, rather than {... bp r8}, whose
 * bp and r8 pair with nothing left (only three pairs: the spiller,
 * counting a pair as two registers, would keep four 16-byte values live
 * that no colouring can place). */
static RegSet add_pairs(RegSet set, RegSet all, int n)
{
	for (int r = 0; r + 1 < TGT_NREGS; r++) {
		RegSet pr = RS_BIT(r) | RS_BIT(r + 1);
		if (regset_count(set) + 2 > n)
			break;
		if ((all & pr) == pr && !(set & pr)) {
			set |= pr;
			r++;
		}
	}
	return set;
}

/* The distinct constraint sets of more than one register that the
 * operands of one class require, in the order of their first operand
 * (a later equal set adds nothing to alloc_regset's choice: the first
 * left a register of it in the set); past MULTI_MAX, a second walk. */
enum { MULTI_MAX = 32 };
typedef struct Multi {
	RegSet set[MULTI_MAX];
	int n;
	bool over; /* more distinct sets than MULTI_MAX */
} Multi;

/* Records a in m (see Multi). */
static void multi_add(Multi *m, RegSet a)
{
	for (int j = 0; j < m->n; j++)
		if (m->set[j] == a)
			return;
	if (m->n == MULTI_MAX)
		m->over = true;
	else
		m->set[m->n++] = a;
}

/* The second pass of alloc_regset for class cls: a register of each
 * required set of more than one register that set does not meet yet, in
 * operand order (m's sets, or a walk when m overflowed). */
static RegSet add_multi(const Fn *fn, int cls, RegSet all, const Multi *m,
			RegSet set)
{
	if (!m->over) {
		for (int j = 0; j < m->n; j++)
			if (!(m->set[j] & set))
				set |= RS_BIT(regset_first(m->set[j]));
		return set;
	}
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO ||
				    op_class(fn, o) != cls)
					continue;
				RegSet a = required_regs(i, k, all);
				if (regset_count(a) > 1 && !(a & set))
					set |= RS_BIT(regset_first(a));
			}
	return set;
}

void alloc_regsets(const Fn *fn, const int n[RC_NALLOC],
		   RegSet out[RC_NALLOC])
{
	RegSet all[RC_NALLOC], single[RC_NALLOC] = {0};
	bool limit[RC_NALLOC], any = false;
	Multi multi[RC_NALLOC];
	for (int c = 0; c < RC_NALLOC; c++) {
		all[c] = fn_allocatable(fn, c);
		limit[c] = n[c] > 0 && n[c] < regset_count(all[c]);
		any |= limit[c];
		multi[c].n = 0;
		multi[c].over = false;
	}
	/* one walk for every limited class: the registers required alone,
	 * and the larger sets required */
	for (int b = 0; any && b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			/* an instruction without a register set or a tie
			 * requires none (required_regs is 0 throughout) */
			bool req = constr_has_demand(i);
			for (int k = 0; req && k < i->nops; k++) {
				const Op *o = &i->ops[k];
				int c = o->kind == OK_PSEUDO ? op_class(fn, o)
							     : -1;
				if (c < 0 || c >= RC_NALLOC || !limit[c])
					continue;
				RegSet a = required_regs(i, k, all[c]);
				if (regset_count(a) == 1)
					single[c] |= a;
				else if (a)
					multi_add(&multi[c], a);
			}
		}
	for (int c = 0; c < RC_NALLOC; c++) {
		if (!limit[c]) {
			out[c] = all[c];
			continue;
		}
		RegSet set = add_multi(fn, c, all[c], &multi[c], single[c]);
		if (has_wide(fn, c))
			set = add_pairs(set, all[c], n[c]);
		for (RegSet m = all[c] & ~set; m && regset_count(set) < n[c];
		     m &= m - 1)
			set |= RS_BIT(regset_first(m));
		out[c] = set;
	}
}

RegSet alloc_regset(const Fn *fn, int cls, int n)
{
	int nn[RC_NALLOC] = {0};
	RegSet out[RC_NALLOC];
	nn[cls] = n;
	alloc_regsets(fn, nn, out);
	return out[cls];
}

/* "b3 uid 7" for messages (nothing when len is 0: no message is
 * asked for, err_set writes none). */
static void at_str(const Blk *b, const Ins *i, char *buf, size_t len)
{
	if (!len)
		return;
	if (i && i->uid)
		snprintf(buf, len, "b%d uid %d", b->id, i->uid);
	else
		snprintf(buf, len, "b%d", b->id);
}

/* The first class (in class order) whose values of L (and, when i is
 * not NULL, the registers and values i defines) do not leave enough
 * disjoint register pairs of avail[cls] for their values two registers
 * wide, the hard-register values among them holding their own
 * registers; -1 when every class fits. */
static int pairs_misfit(const Fn *fn, const RegSet avail[RC_NALLOC],
			const LiveSet *L, const Ins *i)
{
	int wide[RC_NALLOC] = {0};
	RegSet held = 0;
	for (int k = 0; k <= (i ? i->nops : 0); k++) {
		int n = k == 0 ? L->n : 1;
		for (int j = 0; j < n; j++) {
			int v = k == 0 ? L->dense[j]
				       : live_value(fn, &i->ops[k - 1]);
			if (k > 0 && (v < 0 || !(i->ops[k - 1].flags & OF_DEF) ||
				      lset_has(L, v)))
				continue;
			if (v >= fn->npseudo) {
				held |= RS_BIT(v - fn->npseudo);
				continue;
			}
			int c = fn->pseudo[v].cls;
			if (c >= 0 && c < RC_NALLOC &&
			    target_nregs(fn->target, c, fn->pseudo[v].size) == 2)
				wide[c]++;
		}
	}
	for (int c = 0; c < RC_NALLOC; c++)
		if (wide[c] && wide[c] > regset_pair_count(avail[c] & ~held))
			return c;
	return -1;
}

/* Whether def operand k of i is tied to an operand reading a register
 * value: after constr_prepare that value dies at i, so the def (even an
 * early clobber) takes its register and adds no pressure before i. */
static bool tied_to_read(const Fn *fn, const Ins *i, int k)
{
	int t = constr_tie_partner(i, k);
	return t >= 0 && live_value(fn, &i->ops[t]) >= 0 &&
	       op_reads(fn, &i->ops[t]);
}

bool alloc_fits(Fn *fn, const RegSet avail[RC_NALLOC], int *maxlive, char *err,
		size_t errlen)
{
	Live *lv = NULL;
	return alloc_fits_live(fn, &lv, avail, maxlive, err, errlen);
}

/* alloc_fits_live at instruction i of block bb: L holds the values live
 * after i, lw their weights per class (wt: value_weights; wide:
 * any_wide); steps both back over i.  False with the excess in err. */
static bool fits_at(const Fn *fn, const RegSet avail[RC_NALLOC],
		    RegSet all_avail, const int *wt, bool wide, const Blk *bb,
		    const Ins *i, LiveSet *L, int lw[RC_NALLOC], int *maxlive,
		    char *err, size_t errlen)
{
	const Target *t = fn->target;
	int after[RC_NALLOC], across[RC_NALLOC] = {0};
	RegSet written = i->clobbers;
	for (int c = 0; c < RC_NALLOC; c++)
		after[c] = lw[c];
	int mis = wide ? pairs_misfit(fn, avail, L, i) : -1;
	if (mis >= 0) {
		char at[48];
		at_str(bb, i, at, errlen ? sizeof at : 0);
		return err_set(err, errlen,
			       "%s: too few %s register pairs after it", at,
			       t->class_name[mis]);
	}
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (!(o->flags & OF_DEF))
			continue;
		int v = live_value(fn, o);
		if (v < 0)
			continue;
		if (v >= fn->npseudo)
			written |= RS_BIT(v - fn->npseudo);
		if (!lset_has(L, v))
			for (int c = 0; c < RC_NALLOC; c++)
				after[c] += wt[v * RC_NALLOC + c];
	}
	/* a call, or any instruction clobbering registers of the set
	 * (`clobber {st0,st1}`): the values living through it need
	 * registers it keeps */
	bool kills = i->kind == IK_CALL || (i->clobbers & all_avail);
	if (kills)
		for (int k = 0; k < L->n; k++) {
			int v = L->dense[k];
			bool def = false;
			for (int m = 0; m < i->nops; m++)
				def |= live_value(fn, &i->ops[m]) == v &&
				       (i->ops[m].flags & OF_DEF);
			if (v < fn->npseudo && !def) {
				int c = fn->pseudo[v].cls;
				across[c] += wt[v * RC_NALLOC + c];
			}
		}
	live_step_back_sum(fn, i, L, wt, RC_NALLOC, lw);
	/* the registers of hard-register values live before the call (its
	 * arguments, values living through it) hold them at the call: no
	 * value living across it can use them, preserved or not */
	RegSet held = 0;
	if (kills)
		for (int r = 0; r < TGT_NREGS; r++)
			if (lset_has(L, fn->npseudo + r))
				held |= RS_BIT(r);
	/* early clobbers not tied to a read add to the pressure before i */
	int early[RC_NALLOC] = {0};
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (!(o->flags & OF_EARLY))
			continue;
		int v = live_value(fn, o);
		if (v >= 0 && !lset_has(L, v) && !tied_to_read(fn, i, k))
			for (int c = 0; c < RC_NALLOC; c++)
				early[c] += wt[v * RC_NALLOC + c];
	}
	int misb = wide ? pairs_misfit(fn, avail, L, NULL) : -1;
	for (int c = 0; c < RC_NALLOC; c++) {
		int before = lw[c] + early[c];
		if (misb == c) {
			char at[48];
			at_str(bb, i, at, errlen ? sizeof at : 0);
			return err_set(err, errlen,
				       "%s: too few %s register pairs before "
				       "it",
				       at, t->class_name[c]);
		}
		int p = before > after[c] ? before : after[c];
		if (p > maxlive[c])
			maxlive[c] = p;
		int k = regset_count(avail[c]);
		int keep = regset_count(avail[c] & ~written & ~held);
		if (p <= k && across[c] <= keep)
			continue;
		char at[48];
		at_str(bb, i, at, errlen ? sizeof at : 0);
		if (p > k)
			return err_set(err, errlen,
				       "%s: %d %s registers needed, %d "
				       "available",
				       at, p, t->class_name[c], k);
		return err_set(err, errlen,
			       "%s: %d %s values live across the call, %d "
			       "free registers it preserves",
			       at, across[c], t->class_name[c], keep);
	}
	return true;
}

/* The registers every value of fn weighs in each class within avail,
 * wt[v * RC_NALLOC + c], in a: a pseudo its register count in its own
 * class, a hard register 1 in each class whose set has it. */
static int *value_weights(const Fn *fn, const RegSet avail[RC_NALLOC],
			  int nval, Arena *a)
{
	int np = fn->npseudo;
	int *wt = ARENA_NEW(a, int, (size_t)nval * RC_NALLOC + 1);
	for (int v = 0; v < np && v < nval; v++) {
		int c = fn->pseudo[v].cls;
		if (c >= 0 && c < RC_NALLOC)
			wt[v * RC_NALLOC + c] =
				target_nregs(fn->target, c, fn->pseudo[v].size);
	}
	for (int c = 0; c < RC_NALLOC; c++)
		for (RegSet m = avail[c]; m; m &= m - 1) {
			int v = np + regset_first(m);
			if (v < nval)
				wt[v * RC_NALLOC + c] = 1;
		}
	return wt;
}

/* Whether some pseudo of fn of an allocatable class takes two
 * registers (else pairs_misfit finds no class short of pairs). */
static bool any_wide(const Fn *fn)
{
	for (int p = 0; p < fn->npseudo; p++) {
		int c = fn->pseudo[p].cls;
		if (c >= 0 && c < RC_NALLOC &&
		    target_nregs(fn->target, c, fn->pseudo[p].size) == 2)
			return true;
	}
	return false;
}

bool alloc_fits_live(Fn *fn, Live **lvp, const RegSet avail[RC_NALLOC],
		     int *maxlive, char *err, size_t errlen)
{
	if (!*lvp)
		*lvp = live_compute(fn, cfg_build(fn));
	Live *lv = *lvp;
	const Cfg *cfg = lv->cfg;
	LiveSet L;
	lset_init(&L, fn->arena, lv->nval);
	RegSet all_avail = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		all_avail |= avail[c];
	/* the live set's weights follow the walk (live_step_back_sum) */
	Arena *scratch = arena_new();
	const int *wt = value_weights(fn, avail, lv->nval, scratch);
	bool wide = any_wide(fn);
	bool ok = true;
	for (int b = 0; ok && b < fn->nblk; b++) {
		if (!cfg_reachable(cfg, b))
			continue;
		const Blk *bb = fn->blk[b];
		live_set_out(lv, b, &L);
		int lw[RC_NALLOC] = {0};
		for (int k = 0; k < L.n; k++)
			for (int c = 0; c < RC_NALLOC; c++)
				lw[c] += wt[L.dense[k] * RC_NALLOC + c];
		for (const Ins *i = bb->last; ok && i; i = i->prev)
			ok = fits_at(fn, avail, all_avail, wt, wide, bb, i, &L,
				     lw, maxlive, err, errlen);
	}
	arena_free(scratch);
	return ok;
}
