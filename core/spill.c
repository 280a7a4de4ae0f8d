/* spill.c - the Braun-Hack spiller on the core IR (see spill.h): the
 * working set and its evictions, the Belady walk of each block, and the
 * driver that runs the phases.  The state and the phases' interfaces are
 * in spill_int.h.
 *
 * Phases, in order (the file of each):
 *   facts      per value: class, weight, definition, [remat], pinned;
 *              SSA and phi-order checks                    spill_facts.c
 *   webs       phi webs that may live in one slot (memory phis)
 *                                                          spill_facts.c
 *   loops      values read inside each loop, each loop's pressure
 *                                                          spill_facts.c
 *   decide     blocks in reverse post-order: entry set (spill_entry.c),
 *              Belady walk, exit set (here); spill and reload places
 *              recorded, nothing inserted yet
 *   couple     the edges: reloads and spills between exit and entry sets
 *                                                          spill_place.c
 *   place      which values need memory; spill at the definition or at
 *              the recorded places, whichever is cheaper   spill_place.c
 *   insert     spills, reloads, remats into the blocks and onto edges
 *              (split when needed)                         spill_insert.c
 *   rebuild    SSA reconstruction: phis at the iterated dominance
 *              frontier, renaming along the dominator tree  spill_ssa.c
 *   slots      virtual slots per memory value, then slots.c
 *                                                          spill_insert.c
 */
#include "spill_int.h"

/* ------------------------------------------------------------------ */
/* the working set */

void sp_w_add(Sp *s, int v, NuDist time, int spilled, int fresh, int ent)
{
	s->wpos[v] = s->nw;
	s->w[s->nw++] = (WEnt){.v = v, .time = time, .spilled = (uint8_t)spilled,
			       .fresh = (uint8_t)fresh, .ent = ent};
	s->wweight[s->cls[v]] += s->wt[v];
	s->wmask |= 1u << s->cls[v];
	if (is_pseudo(s, v) && s->wt[v] == 2)
		s->wwide[s->cls[v]]++;
}

static void w_del(Sp *s, int j)
{
	int v = s->w[j].v;
	if ((s->wweight[s->cls[v]] -= s->wt[v]) == 0)
		s->wmask &= ~(1u << s->cls[v]);
	if (is_pseudo(s, v) && s->wt[v] == 2)
		s->wwide[s->cls[v]]--;
	s->wpos[v] = -1;
	s->w[j] = s->w[--s->nw];
	if (j < s->nw)
		s->wpos[s->w[j].v] = j;
}

void sp_w_clear(Sp *s)
{
	for (int j = 0; j < s->nw; j++)
		s->wpos[s->w[j].v] = -1;
	s->nw = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		s->wweight[c] = s->wwide[c] = 0;
	s->wmask = 0;
}

static WEnt *w_get(Sp *s, int v)
{
	return s->wpos[v] >= 0 ? &s->w[s->wpos[v]] : NULL;
}

void sp_record_spill(Sp *s, int v, int b, Ins *at, int succ)
{
	pv_push(s, &s->spills,
		(Place){.v = v, .blk = b, .succ = succ, .at = at, .t = s->curt});
}

void sp_record_reload(Sp *s, int v, int b, Ins *at, int succ)
{
	pv_push(s, &s->reloads,
		(Place){.v = v, .blk = b, .succ = succ, .at = at, .t = s->curt});
}

/* Takes entry j out of the registers before instruction at of block b:
 * a value unread since the entry is no longer wanted at the entry (no
 * spill: the predecessors' edges put it in memory); otherwise a spill is
 * recorded unless it is in memory already or dead. */
static void evict(Sp *s, int j, int b, Ins *at)
{
	WEnt e = s->w[j];
	SetEnt *ent = e.ent >= 0 ? &s->went[b].e[e.ent] : NULL;
	bool trim = e.fresh && ent && (!ent->phi || s->memcap[e.v]);
	if (trim) {
		ent->dropped = 1;
		if (ent->phi)
			sp_set_memphi(s, e.v);
	} else if (e.time != NU_INF && !e.spilled) {
		sp_record_spill(s, e.v, b, at, -1);
	}
	w_del(s, j);
}

/* Eviction key: farther next use first, recomputable values earlier. */
static NuDist evict_key(const Sp *s, const WEnt *e)
{
	return s->remat[e->v] ? nu_add(e->time, REMAT_BONUS) : e->time;
}

/* The entry of class c to evict among those not protected (mark != g),
 * when only_live, whose next use is known, and when wide_only, that are
 * register pairs: the farthest; among equally far ones, one already in
 * memory (its eviction stores nothing), then the highest value; -1 if
 * none. */
static int pick_victim(Sp *s, int c, int g, bool only_live, bool wide_only)
{
	int best = -1;
	NuDist bk = 0;
	for (int j = 0; j < s->nw; j++) {
		const WEnt *e = &s->w[j];
		if (s->cls[e->v] != c || !evictable(s, e->v) ||
		    s->mark[e->v] == g || (only_live && e->time == NU_INF) ||
		    (wide_only && s->wt[e->v] != 2))
			continue;
		NuDist key = evict_key(s, e);
		const WEnt *o = best < 0 ? NULL : &s->w[best];
		bool ce = e->spilled || s->remat[e->v];
		bool co = o && (o->spilled || s->remat[o->v]);
		if (!o || key > bk ||
		    (key == bk && (ce > co || (ce == co && e->v > o->v)))) {
			best = j;
			bk = key;
		}
	}
	return best;
}

/* The registers of class c held by the hard-register values in w. */
static RegSet w_held(const Sp *s, int c)
{
	int r0 = s->nval - TGT_NREGS;
	RegSet h = 0;
	for (int j = 0; j < s->nw; j++) {
		int v = s->w[j].v;
		if (s->cls[v] == c && v >= r0)
			h |= RS_BIT(v - r0);
	}
	return h & s->regs[c];
}

bool sp_pairs_short(const Sp *s, int c, int needw, RegSet needheld)
{
	if (s->wwide[c] + needw == 0)
		return false;
	RegSet f = s->regs[c] & ~(w_held(s, c) | needheld);
	return s->wwide[c] + needw > regset_pair_count(f);
}

/* Evicts values of class c (not marked g) before instruction at until
 * need more registers fit, needw of them pairs and needheld hard
 * registers (the pairs counted as regset_pair_count allows); false if they
 * cannot. */
static bool evict_for_room(Sp *s, int c, int need, int needw,
			   RegSet needheld, int g, int b, Ins *at)
{
	for (;;) {
		bool over = s->wweight[c] + need > s->k[c];
		if (!over && !sp_pairs_short(s, c, needw, needheld))
			return true;
		int j = pick_victim(s, c, g, false, !over);
		if (j < 0)
			return false;
		evict(s, j, b, at);
	}
}

/* evict_for_room, the common case that needs no eviction decided
 * inline (the same test as its first round). */
static inline bool make_room(Sp *s, int c, int need, int needw,
			     RegSet needheld, int g, int b, Ins *at)
{
	if (s->wweight[c] + need <= s->k[c] &&
	    (s->wwide[c] + needw == 0 || !sp_pairs_short(s, c, needw, needheld)))
		return true;
	return evict_for_room(s, c, need, needw, needheld, g, b, at);
}

/* ------------------------------------------------------------------ */
/* decide: the walk */

/* The reads of instruction i whose values weigh in a class, distinct,
 * marked with stamp g, each with the index of its first read operand in
 * ku; returns how many. */
static int ins_reads(Sp *s, const Ins *i, int g, int *u, int *ku)
{
	int n = 0;
	for (int k = 0; k < i->nops; k++) {
		if (!op_reads(s->fn, &i->ops[k]))
			continue;
		int v = live_value(s->fn, &i->ops[k]);
		if (v < 0 || s->cls[v] < 0 || s->mark[v] == g)
			continue;
		s->mark[v] = g;
		ku[n] = k;
		u[n++] = v;
	}
	return n;
}

/* The definitions of i whose values weigh in a class, distinct (stamp
 * g2 on mark2), early ones only when early; with the operand index of
 * each in o.  A memory-only definition takes no register: its value is
 * born in its slot.  *dup (when dup is not NULL) tells whether an
 * operand was left out as a value already there. */
static int ins_defs(Sp *s, const Ins *i, int g2, bool early, int *d, int *o,
		    bool *dup)
{
	int n = 0;
	bool dp = false;
	/* the flags first: the operand's value only for the defs wanted */
	uint8_t want = OF_DEF | (early ? OF_EARLY : 0);
	for (int k = 0; k < i->nops; k++) {
		const Op *op = &i->ops[k];
		if ((op->flags & (want | OF_MEMONLY)) != want)
			continue;
		int v = live_value(s->fn, op);
		if (v < 0 || s->cls[v] < 0 || (is_pseudo(s, v) && s->rmwdef[v]))
			continue;
		if (s->mark2[v] == g2) {
			dp = true;
			continue;
		}
		s->mark2[v] = g2;
		d[n] = v;
		o[n++] = k;
	}
	if (dup)
		*dup = dp;
	return n;
}

/* The early definitions of i (ins_defs with early), from its
 * definitions dl (operands ol, nl of them, ins_defs without early) when
 * none was left out as a repeat (dup false): then they are those of an
 * early operand, in order. */
static int early_defs(Sp *s, const Ins *i, const int *dl, const int *ol,
		      int nl, bool dup, int *d, int *o)
{
	if (dup)
		return ins_defs(s, i, ++s->gen2, true, d, o, NULL);
	int n = 0;
	for (int j = 0; j < nl; j++)
		if (i->ops[ol[j]].flags & OF_EARLY) {
			d[n] = dl[j];
			o[n++] = ol[j];
		}
	return n;
}

/* Whether early-clobber def operand k of i is tied to a read of a
 * register value: that value dies at i (constr_prepare), so the def
 * takes its registers and needs none more before i. */
static bool early_shares(const Sp *s, const Ins *i, int k)
{
	int t = constr_tie_partner(i, k);
	return t >= 0 && live_value(s->fn, &i->ops[t]) >= 0 &&
	       op_reads(s->fn, &i->ops[t]);
}

/* The failure of step 1 at i in b for class c (make_room could not
 * find need more registers), naming what holds the k registers: the
 * hard-register values living there (in core order), the other values
 * that cannot leave them (pinned), and i's own operands (marked g) with
 * need. */
static bool room_fail(Sp *s, int b, const Ins *i, int c, int need, int g)
{
	char hard[200] = "";
	size_t hl = 0;
	int npin = 0, nops = need;
	RegSet hr = 0;
	for (int j = 0; j < s->nw; j++) {
		int v = s->w[j].v, r = v - (s->nval - TGT_NREGS);
		if (s->cls[v] != c)
			continue;
		if (s->mark[v] == g)
			nops += s->wt[v];
		else if (!is_pseudo(s, v) && r >= 0 && r < TGT_NREGS)
			hr |= RS_BIT(r);
		else
			npin += s->wt[v];
	}
	for (int r = 0; r < TGT_NREGS; r++) {
		if (!RS_HAS(hr, r))
			continue;
		int n = snprintf(hard + hl, sizeof hard - hl, " %%%s",
				 s->t->regs[r].name);
		if (n > 0 && (size_t)n < sizeof hard - hl)
			hl += (size_t)n;
	}
	return err_set(s->err, s->errlen,
		       "b%d uid %d: its operands and the precoloured values "
		       "around it need more than %d %s registers at once "
		       "(hard-register values:%s; values that cannot leave "
		       "their registers: %d; its operands: %d)",
		       s->fn->blk[b]->id, i->uid, s->k[c], s->t->class_name[c],
		       hl ? hard : " none", npin, nops);
}

/* Adds value v to the registers wanted: its weight to need, a pair to
 * needw, a hard register to held; its class to the mask nmask. */
static void need_add(const Sp *s, int v, int need[RC_NALLOC],
		     int needw[RC_NALLOC], RegSet *held, unsigned *nmask)
{
	int c = s->cls[v], r0 = s->nval - TGT_NREGS;
	*nmask |= 1u << c;
	need[c] += s->wt[v];
	if (is_pseudo(s, v) && s->wt[v] == 2)
		needw[c]++;
	else if (v >= r0)
		*held |= RS_BIT(v - r0);
}

/* The one read of i that takes its value's slot itself, with no
 * register: a value of u[0..nu-1] not in the registers, evictable and
 * not recomputed (its reload is a load that fold_mem_reloads folds),
 * read by one operand k of i only, which may read the slot
 * (spill_slot_readable), i doing no read-modify-write in memory (rmw).
 * Among several, the one read again farthest after i (nxt: next-use
 * times of i's operands; that time in *after).  Its index in u, or -1. */
static int memread_pick(const Sp *s, const Ins *i, const int *u, int nu,
			const NuDist *nxt, bool rmw, NuDist *after)
{
	if (rmw)
		return -1;
	int best = -1;
	NuDist bt = 0;
	for (int j = 0; j < nu; j++) {
		int v = u[j], k = -1, n = 0;
		if (s->wpos[v] >= 0 || !evictable(s, v) || s->remat[v])
			continue;
		for (int m = 0; m < i->nops; m++)
			if (live_value(s->fn, &i->ops[m]) == v) {
				k = m;
				n++;
			}
		if (n != 1 || !spill_slot_readable(s->fn, i, k))
			continue;
		if (best < 0 || nxt[k] > bt) {
			best = j;
			bt = nxt[k];
		}
	}
	*after = bt;
	return best;
}

/* How far next_read_needs_reg looks for the next read. */
enum { NEXT_READ_SCAN = 64 };

/* Whether the next read of v after i, in i's block and within
 * NEXT_READ_SCAN instructions, needs v in a register (an operand that
 * may not take the slot, spill_slot_readable).  A read farther away, or
 * none, does not: the register would likely be taken again before it. */
static bool next_read_needs_reg(const Sp *s, const Ins *i, int v)
{
	int n = 0;
	for (const Ins *j = i->next; j && n < NEXT_READ_SCAN; j = j->next, n++)
		for (int k = 0; k < j->nops; k++)
			if (live_value(s->fn, &j->ops[k]) == v &&
			    op_reads(s->fn, &j->ops[k]))
				return !spill_slot_readable(s->fn, j, k);
	return false;
}

/* Step 1: the reads of i in registers, reloading what is missing, room
 * made for them and i's early-clobber definitions.  The read
 * memread_pick offers (mr, read again at time after, or -1) takes its
 * slot, with no register, unless it is read again soon by an operand
 * that needs a register (next_read_needs_reg) and a register for it
 * costs no eviction; its reload is then the one fold_mem_reloads
 * folds.  dl, ol, nl, dup: i's definitions as ins_defs gives them
 * (early_defs). */
static bool step_reads(Sp *s, int b, Ins *i, int t, int g, int *u, int nu,
		       int mr, NuDist after, const int *dl, const int *ol,
		       int nl, bool dup)
{
	int need[RC_NALLOC] = {0}, needw[RC_NALLOC] = {0};
	RegSet held = 0;
	unsigned nm = 0; /* the classes with a need */
	for (int j = 0; j < nu; j++)
		if (s->wpos[u[j]] < 0 && j != mr)
			need_add(s, u[j], need, needw, &held, &nm);
	int d[i->nops + 1], o[i->nops + 1];
	int nd = early_defs(s, i, dl, ol, nl, dup, d, o);
	for (int j = 0; j < nd; j++)
		if (s->wpos[d[j]] < 0 && s->mark[d[j]] != g &&
		    !early_shares(s, i, o[j]))
			need_add(s, d[j], need, needw, &held, &nm);
	if (mr >= 0) {
		int c = s->cls[u[mr]];
		if (after != NU_INF && next_read_needs_reg(s, i, u[mr]) &&
		    s->wweight[c] + need[c] + s->wt[u[mr]] <= s->k[c]) {
			need_add(s, u[mr], need, needw, &held, &nm);
			mr = -1;
		}
	}
	/* a class no value weighs in has room, and so has one with nothing
	 * in w and none needed (an eviction changes only its own class) */
	for (unsigned m = s->clsmask & (s->wmask | nm); m; m &= m - 1) {
		int c = __builtin_ctz(m);
		if (!make_room(s, c, need[c], needw[c], held, g, b, i))
			return room_fail(s, b, i, c, need[c], g);
	}
	for (int j = 0; j < nu; j++) {
		WEnt *e = w_get(s, u[j]);
		if (e) {
			e->fresh = 0;
			continue;
		}
		if (evictable(s, u[j]))
			sp_record_reload(s, u[j], b, i, -1);
		if (j != mr)
			sp_w_add(s, u[j], (NuDist)t, 1, 0, -1);
	}
	return true;
}

/* Step 2: at an instruction clobbering registers of class c, the values
 * living through it must fit in the registers it leaves alone and that
 * no hard-register value holds there: its reads (a call's arguments, even
 * in registers it preserves) and the hard-register values living
 * through it. */
static bool step_clobbers(Sp *s, int b, Ins *i)
{
	if (!i->clobbers)
		return true;
	int r0 = s->nval - TGT_NREGS;
	/* a class with nothing in w has nothing to limit */
	for (unsigned m = s->clsmask & s->wmask; m; m &= m - 1) {
		int c = __builtin_ctz(m);
		if (!(i->clobbers & s->regs[c]))
			continue;
		RegSet keep = s->regs[c] & ~i->clobbers;
		RegSet held = ins_hard_reads(s->fn, i) & keep;
		int live = 0, wide = 0;
		for (int j = 0; j < s->nw; j++) {
			int v = s->w[j].v;
			if (s->cls[v] != c || s->w[j].time == NU_INF)
				continue;
			if (is_pseudo(s, v)) {
				live += s->wt[v];
				wide += s->wt[v] == 2;
			} else if (v >= r0) {
				held |= RS_BIT(v - r0) & keep;
			}
		}
		int cap = regset_count(keep & ~held);
		int pcap = regset_pair_count(keep & ~held);
		while (live > cap || wide > pcap) {
			int j = pick_victim(s, c, -1, true, live <= cap);
			if (j < 0)
				return err_set(
					s->err, s->errlen,
					"b%d uid %d: more precoloured %s "
					"values live through it than the "
					"%d registers it preserves",
					s->fn->blk[b]->id, i->uid,
					s->t->class_name[c], cap);
			live -= s->wt[s->w[j].v];
			wide -= s->wt[s->w[j].v] == 2;
			evict(s, j, b, i);
		}
	}
	return true;
}

/* Step 3: the definitions of i (nd values d, from operands o) and the
 * registers it clobbers that are read later take registers after it;
 * room is made by evicting the values whose next use is farthest. */
static bool step_defs(Sp *s, int b, Ins *i, int t, const NuDist *nxt,
		      const int *d, const int *o, int nd)
{
	int need[RC_NALLOC] = {0}, needw[RC_NALLOC] = {0};
	RegSet held = 0;
	unsigned nm = 0; /* the classes with a need */
	for (int j = 0; j < nd; j++)
		need_add(s, d[j], need, needw, &held, &nm);
	const BScan *sc = s->cur;
	int c0 = s->clobpos;
	while (s->clobpos >= 0 && sc->clob_t[s->clobpos] == t) {
		int v = sc->clob_v[s->clobpos--];
		if (s->cls[v] >= 0)
			need_add(s, v, need, needw, &held, &nm);
	}
	/* as in step_reads */
	for (unsigned m = s->clsmask & (s->wmask | nm); m; m &= m - 1) {
		int c = __builtin_ctz(m);
		if (make_room(s, c, need[c], needw[c], held, -1, b, i))
			continue;
		if (s->wweight[c] + need[c] <= s->k[c])
			return err_set(
				s->err, s->errlen,
				"b%d uid %d: its definitions and the "
				"precoloured values live after it need "
				"%d %s register pairs, the hard-register "
				"values leave %d",
				s->fn->blk[b]->id, i->uid,
				s->wwide[c] + needw[c], s->t->class_name[c],
				regset_pair_count(s->regs[c] &
						  ~(w_held(s, c) | held)));
		return err_set(s->err, s->errlen,
			       "b%d uid %d: its definitions and the "
			       "precoloured values live after it need "
			       "more than %d %s registers",
			       s->fn->blk[b]->id, i->uid, s->k[c],
			       s->t->class_name[c]);
	}
	for (int j = 0; j < nd; j++)
		if (nxt[o[j]] != NU_INF)
			sp_w_add(s, d[j], nxt[o[j]],
				 is_pseudo(s, d[j]) && s->remat[d[j]], 0, -1);
	for (int q = c0; q > s->clobpos; q--) {
		int v = sc->clob_v[q];
		if (s->cls[v] >= 0 && s->wpos[v] < 0)
			sp_w_add(s, v, sc->clob_next[q], 0, 0, -1);
	}
	return true;
}

/* Whether phi p (a definition) has v among its sources. */
static bool phi_reads(const Sp *s, int p, int v)
{
	const Ins *i = s->def[p];
	for (int k = 1; k < i->nops; k++)
		if (live_value(s->fn, &i->ops[k]) == v)
			return true;
	return false;
}

/* memphi[v], logged in mpread for the block's memo (decide) when
 * memos are kept. */
static bool memphi_read(Sp *s, int v)
{
	if (s->memo) {
		iv_push(s, &s->mpread, v);
		iv_push(s, &s->mpread, s->memphi[v]);
	}
	return s->memphi[v];
}

/* Whether def operand k of i is better done in memory: the update of an
 * accumulator that lives in memory across its loop.  Its tied input u
 * is a phi kept in memory (memphi) and not in the registers, and the
 * definition d is a source of that phi: d must be stored into u's slot
 * anyway, so `=d mem, u ^0` on the slot saves the reload of u and the
 * spill of d (one slot web already).  Both are whole pseudos of one
 * class, the definition may be memory (OF_MEM), and no other operand
 * names either or is in memory. */
static bool rmw_in_memory(Sp *s, const Ins *i, int k)
{
	const Op *d = &i->ops[k];
	if (i->kind != IK_ORD || d->kind != OK_PSEUDO ||
	    (d->flags & (OF_DEF | OF_MEM | OF_EARLY | OF_USE | OF_MEMONLY)) !=
		    (OF_DEF | OF_MEM) ||
	    d->sub_size)
		return false;
	/* the tie partner last: a search, and most operands fail above */
	int t = constr_tie_partner(i, k);
	if (t < 0)
		return false;
	const Op *u = &i->ops[t];
	int dv = d->reg, uv = u->reg;
	if (u->kind != OK_PSEUDO || (u->flags & (OF_DEF | OF_MEMONLY)) ||
	    u->sub_size || !is_pseudo(s, dv) || !is_pseudo(s, uv) ||
	    dv == uv || !evictable(s, dv) || !evictable(s, uv) ||
	    s->remat[dv] || s->wpos[uv] >= 0 || !s->isphi[uv] ||
	    !memphi_read(s, uv) || s->cls[dv] < 0 || s->cls[dv] != s->cls[uv] ||
	    s->wt[dv] != 1 || !phi_reads(s, uv, dv))
		return false;
	for (int m = 0; m < i->nops; m++) {
		const Op *o = &i->ops[m];
		if (m == k || m == t)
			continue;
		if ((o->kind == OK_PSEUDO && (o->reg == dv || o->reg == uv)) ||
		    o->loc.kind == LOC_SLOT || (o->flags & OF_MEMONLY))
			return false;
	}
	return true;
}

/* Decides the in-memory read-modify-writes of i (rmw_in_memory): the
 * definition is born in its slot (rmwdef), the input's read recorded as
 * a reload that takes the slot itself (Place.mem); the pair is noted for
 * rmw_apply.  Whether it decided one. */
static bool rmw_decide(Sp *s, int b, Ins *i)
{
	bool any = false;
	if (i->kind != IK_ORD) /* rmw_in_memory's first test, once */
		return false;
	for (int k = 0; k < i->nops; k++) {
		if (!rmw_in_memory(s, i, k))
			continue;
		int t = constr_tie_partner(i, k);
		if (!s->rmwdef[i->ops[k].reg]) {
			s->rmwdef[i->ops[k].reg] = 1;
			iv_push(s, &s->rmwdef_log, i->ops[k].reg);
		}
		sp_record_reload(s, i->ops[t].reg, b, i, -1);
		s->reloads.p[s->reloads.n - 1].mem = 1;
		insv_push(s, &s->rmwins, i);
		iv_push(s, &s->rmwk, k);
		s->mark[i->ops[t].reg] = s->gen; /* read: not reloaded again */
		any = true;
	}
	return any;
}

/* One non-phi instruction i (time t) of block b; nxt: next-use times of
 * its operands.  Reads in registers (step 1), the next uses updated,
 * the values it redefines or clobbers out, the values living through a
 * clobbering instruction limited (step 2), the dead ones out, room for
 * the definitions (step 3). */
static bool step(Sp *s, int b, Ins *i, int t, const NuDist *nxt)
{
	int u[i->nops + 1], ku[i->nops + 1], g = new_gen(s);
	bool rmw = rmw_decide(s, b, i);
	int nu = ins_reads(s, i, g, u, ku);
	NuDist after = NU_INF;
	int mr = memread_pick(s, i, u, nu, nxt, rmw, &after);
	/* the definitions before the reads: step 1 changes nothing they
	 * depend on, and takes its early ones from them */
	int d[i->nops + 1], o[i->nops + 1];
	bool dup;
	int nd = ins_defs(s, i, ++s->gen2, false, d, o, &dup);
	if (!step_reads(s, b, i, t, g, u, nu, mr, after, d, o, nd, dup))
		return false;
	/* the next uses of the values read: every operand of one value
	 * has the same next-use time (nuscan_block), and a value in w
	 * weighs in a class, so the reads ins_reads kept are those */
	for (int j = 0; j < nu; j++)
		if (s->wpos[u[j]] >= 0)
			s->w[s->wpos[u[j]]].time = nxt[ku[j]];
	for (int j = 0; j < nd; j++)
		if (s->wpos[d[j]] >= 0)
			w_del(s, s->wpos[d[j]]);
	/* the clobbered registers that w holds, in register order */
	RegSet inw = 0;
	if (i->clobbers) {
		int np = s->fn->npseudo;
		for (int j = 0; j < s->nw; j++)
			if (s->w[j].v >= np)
				inw |= RS_BIT(s->w[j].v - np);
	}
	for (RegSet c = i->clobbers & inw; c; c &= c - 1)
		w_del(s, s->wpos[s->fn->npseudo + regset_first(c)]);
	if (!step_clobbers(s, b, i))
		return false;
	for (int j = s->nw - 1; j >= 0; j--)
		if (s->w[j].time == NU_INF)
			w_del(s, j);
	return step_defs(s, b, i, t, nxt, d, o, nd);
}

/* A copy of n elements of size sz at p in s's scratch arena; NULL when
 * n is 0. */
static void *dup_in(Sp *s, const void *p, int n, size_t sz)
{
	if (n <= 0)
		return NULL;
	void *q = arena_alloc_raw(s->a, sz * (size_t)n);
	memcpy(q, p, sz * (size_t)n);
	return q;
}

/* Scans block b (nuscan_block) into x. */
static void scan_block(Sp *s, int b, BScan *x)
{
	const Blk *bb = s->fn->blk[b];
	const Live *lv = s->lv;
	NuScan *sc = &s->scan;
	int nphi = 0;
	for (const Ins *i = bb->first; i && i->kind == IK_PHI; i = i->next)
		nphi++;
	x->nxt = ARENA_RAW(s->a, NuDist, s->nu->nops[b] + 1);
	nuscan_block(s->fn, s->nu, b, sc, x->nxt);
	x->etime = ARENA_RAW(s->a, NuDist, lv->nin[b] + nphi + 1);
	for (int j = 0; j < lv->nin[b]; j++)
		x->etime[j] = nuscan_time(sc, lv->in[b][j]);
	int j = lv->nin[b];
	for (const Ins *i = bb->first; i && i->kind == IK_PHI; i = i->next)
		x->etime[j++] = nuscan_time(sc, live_value(s->fn, &i->ops[0]));
	x->nclob = sc->nclob;
	x->clob_t = dup_in(s, sc->clob_t, sc->nclob, sizeof(int));
	x->clob_v = dup_in(s, sc->clob_v, sc->nclob, sizeof(int));
	x->clob_next = dup_in(s, sc->clob_next, sc->nclob, sizeof(NuDist));
}

/* Decides block b: entry set, walk, exit set. */
static bool decide_block(Sp *s, int b)
{
	Blk *bb = s->fn->blk[b];
	BScan *x = &s->bscan[b];
	if (!x->nxt)
		scan_block(s, b, x);
	s->cur = x;
	s->clobpos = x->nclob - 1;
	if (!sp_choose_entry(s, b))
		return false;
	int t = 0, k = 0;
	for (Ins *i = bb->first; i; i = i->next) {
		if (i->kind == IK_PHI)
			continue;
		s->curt = t;
		if (!step(s, b, i, t, x->nxt + k))
			return false;
		k += i->nops;
		t++;
	}
	SetEnt *e = ARENA_RAW(s->a, SetEnt, s->nw + 1);
	for (int j = 0; j < s->nw; j++)
		e[j] = (SetEnt){.v = s->w[j].v, .spilled = s->w[j].spilled};
	s->wexit[b] = (BSet){.n = s->nw, .e = e};
	s->done[b] = 1;
	return true;
}

/* ------------------------------------------------------------------ */
/* the driver */

void spill_opts_init(SpillOpts *o, const Fn *fn, int nregs)
{
	for (int c = 0; c < RC_NALLOC; c++) {
		RegSet all = fn_allocatable(fn, c);
		RegSet s = 0;
		int n = 0;
		for (int r = 0; r < TGT_NREGS; r++)
			if (RS_HAS(all, r) && (nregs <= 0 || n < nregs)) {
				s |= RS_BIT(r);
				n++;
			}
		o->regs[c] = s;
	}
}

/* Next-use delay of read k of i (NuReadDelay): MEMREAD_DELAY when it
 * may take its value's slot (spill_slot_readable). */
static NuDist slot_read_delay(const Fn *fn, const Ins *i, int k)
{
	/* a read of an instruction other than a copy needs OF_MEM or
	 * OF_MEMALT to read memory: most have neither */
	if (i->kind != IK_COPY && !(i->ops[k].flags & (OF_MEM | OF_MEMALT)))
		return 0;
	return spill_slot_readable(fn, i, k) ? MEMREAD_DELAY : 0;
}

/* Analyses of the input. */
static bool analyse(Sp *s)
{
	Fn *fn = s->fn;
	/* fn's liveness given by spill_fn_live comes with fn's Cfg, and
	 * perhaps with its dominator tree */
	s->cfg = s->lv ? s->lv->cfg : cfg_build(fn);
	if (!s->dom)
		s->dom = dom_build(fn, s->cfg);
	s->lp = loops_find(fn, s->cfg, s->dom);
	if (!s->lv)
		s->lv = live_compute(fn, s->cfg);
	s->nblk0 = fn->nblk;
	s->npseudo0 = fn->npseudo;
	s->nval = live_nval(fn);
	for (int r = 0; r < s->cfg->nrpo; r++)
		if (fn->blk[s->cfg->rpo[r]]->freq > 0)
			s->profile = true;
	for (int b = 0; b < fn->nblk && !s->abnormal; b++)
		for (int k = 0; k < fn->blk[b]->nsucc; k++)
			if (fn->blk[b]->succ[k].flags & EF_ABNORMAL)
				s->abnormal = true;
	sp_value_classes(s);
	s->mark = ARENA_NEW(s->a, int, s->nval + 1);
	s->mark2 = ARENA_NEW(s->a, int, s->nval + 1);
	s->flag = ARENA_NEW(s->a, uint8_t, s->nval + 1);
	if (!sp_collect_facts(s))
		return false;
	s->nu = nextuse_compute_delayed(fn, s->cfg, s->lv, s->lp, s->a,
					slot_read_delay);
	sp_phi_webs(s);
	sp_loop_facts(s);
	return true;
}

/* The value that must be in registers at the end of B's pi-th predecessor
 * for entry e of B's entry set: e's value, or for a phi its source from
 * there; -1 when none. */
static int entry_source(Sp *s, int B, int pi, const SetEnt *e)
{
	int v = e->v;
	if (!e->phi)
		return v;
	const Ins *i = is_pseudo(s, v) ? s->def[v] : NULL;
	for (i = i ? i : s->fn->blk[B]->first;
	     i && live_value(s->fn, &i->ops[0]) != v; i = i->next)
		;
	return i ? live_value(s->fn, &i->ops[1 + pi]) : -1;
}

/* Whether (B, v) is banned already. */
static bool banned(const Sp *s, int B, int v)
{
	if (!s->ban_head)
		return false;
	for (int j = s->ban_head[B]; j >= 0; j = s->ban_next.v[j])
		if (s->ban_val.v[j] == v)
			return true;
	return false;
}

/* An edge filter of each_edge_reload: whether edge P -> B, P's k-th
 * successor, is of interest. */
typedef bool EdgeWant(const Sp *s, int P, int k, int B);

/* Calls f(s, P, k, B, v, ctx) for each value v the edge from P to its
 * k-th successor B must reload after the last decide: an entry of B's
 * entry set (for a phi, its source from P) that is not dropped, may
 * leave the registers and is not in registers at P's end.  Both blocks
 * decided; v is the entry's own value (the phi for a phi).  Only the
 * edges want accepts, all when want is NULL. */
static void each_edge_reload(Sp *s, EdgeWant *want,
			     void (*f)(Sp *, int, int, int, int, void *),
			     void *ctx)
{
	Fn *fn = s->fn;
	for (int P = 0; P < fn->nblk; P++) {
		if (!s->done[P])
			continue;
		for (int k = 0; k < fn->blk[P]->nsucc; k++) {
			int B = fn->blk[P]->succ[k].blk;
			if (!s->done[B] || (want && !want(s, P, k, B)))
				continue;
			int pi = sp_pred_index(fn, P, k), g = new_gen(s);
			const BSet *x = &s->wexit[P];
			for (int q = 0; q < x->n; q++)
				s->mark[x->e[q].v] = g;
			const BSet *e = &s->went[B];
			for (int q = 0; q < e->n; q++) {
				if (e->e[q].dropped)
					continue;
				int a = entry_source(s, B, pi, &e->e[q]);
				if (a >= 0 && evictable(s, a) && s->mark[a] != g)
					f(s, P, k, B, e->e[q].v, ctx);
			}
		}
	}
}

/* Adds the ban (B, v) unless there; counts it in *(int *)ctx. */
static void add_ban(Sp *s, int B, int v, void *ctx)
{
	if (banned(s, B, v))
		return;
	if (!s->ban_head) {
		s->ban_head = ARENA_RAW(s->a, int, s->fn->nblk + 1);
		for (int b = 0; b <= s->fn->nblk; b++)
			s->ban_head[b] = -1;
	}
	iv_push(s, &s->ban_next, s->ban_head[B]);
	s->ban_head[B] = s->ban_blk.n;
	iv_push(s, &s->ban_blk, B);
	iv_push(s, &s->ban_val, v);
	++*(int *)ctx;
}

/* Drops the bans from the n0-th on (the newest), their chains with
 * them. */
static void drop_bans(Sp *s, int n0)
{
	for (int j = s->ban_blk.n - 1; j >= n0; j--)
		s->ban_head[s->ban_blk.v[j]] = s->ban_next.v[j];
	s->ban_blk.n = s->ban_val.n = s->ban_next.n = n0;
}

/* each_edge_reload filter: the edges no code can go on. */
static bool edge_abnormal(const Sp *s, int P, int k, int B)
{
	(void)B;
	return (s->fn->blk[P]->succ[k].flags & EF_ABNORMAL) &&
	       sp_edge_where(s, P, k) == AT_NONE;
}

/* each_edge_reload visitor: bans the reloads of abnormal edges
 * (edge_abnormal). */
static void ban_if_abnormal(Sp *s, int P, int k, int B, int v, void *ctx)
{
	(void)P, (void)k;
	add_ban(s, B, v, ctx);
}

/* Bans from B's entry set every value an abnormal edge P -> B would have
 * to reload (in B's entry set, or the source of a phi in it, and not in
 * registers at P's end): no code can go on such an edge, and a reload
 * before P's last instruction would add pressure there.  Out of the
 * entry set the value is in memory at B's entry; a banned phi becomes a
 * memory phi.  (A spill the edge still needs, of a value in registers at
 * P's end, fails in insert_on_edges.)  Returns the number of
 * new bans (a value banned before and still there could not leave the
 * registers: the edge then fails as before). */
static int ban_abnormal(Sp *s)
{
	int added = 0;
	if (!s->abnormal) /* no edge for edge_abnormal */
		return 0;
	each_edge_reload(s, edge_abnormal, ban_if_abnormal, &added);
	return added;
}

/* The lengths of decide's logs when the block at an RPO position
 * began. */
typedef struct DecChk {
	int spills, reloads, rmw, memphi, rmwdef;
} DecChk;

/* A block's decisions and their inputs, kept for later decides: the
 * entry and exit sets, the places recorded (spills, then reloads), the
 * in-memory read-modify-writes, the memphi and rmwdef values set; the
 * head of its ban chain, its predecessors' exit sets (n -1: not
 * decided before it) and the memphi values its walk read (pairs).  With
 * the same inputs the block decides the same. */
typedef struct BMemo {
	bool ok;
	int banhead;
	BSet went, wexit;
	BSet *pexit;
	Place *pl;
	int nsp, nrl;
	Ins **rmwins;
	int *rmwk, nrmw;
	int *mphi, nmphi, *rdef, nrdef, *mpread, nmpread;
} BMemo;

/* Whether a decide may follow the first: only new bans start one, from
 * an abnormal edge (ban_abnormal) or a back edge (try_back_edge_bans). */
static bool decide_again_possible(const Sp *s)
{
	return s->abnormal || s->lp->nloop > 0;
}

/* The state of a first decide: every per-block and per-value array
 * allocated, zeroed, the working set empty; the blocks' memos only when
 * a later decide may read them (decide_again_possible). */
static void decide_init(Sp *s)
{
	int n = s->fn->nblk, np = s->npseudo0;
	s->went = ARENA_NEW(s->a, BSet, n + 1);
	s->wexit = ARENA_NEW(s->a, BSet, n + 1);
	s->done = ARENA_NEW(s->a, uint8_t, n + 1);
	s->w = ARENA_RAW(s->a, WEnt, s->nval + 1);
	s->wpos = ARENA_RAW(s->a, int, s->nval + 1);
	memset(s->wpos, 0xff, sizeof(int) * (size_t)s->nval); /* all -1 */
	s->nw = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		s->wweight[c] = s->wwide[c] = 0;
	s->wmask = 0;
	s->memphi = ARENA_NEW(s->a, uint8_t, np + 1);
	s->need = ARENA_NEW(s->a, uint8_t, np + 1);
	s->defspill = ARENA_NEW(s->a, uint8_t, np + 1);
	s->rmwdef = ARENA_NEW(s->a, uint8_t, np + 1);
	s->chk = ARENA_NEW(s->a, DecChk, s->cfg->nrpo + 1);
	s->memo = decide_again_possible(s) ? ARENA_NEW(s->a, BMemo, n + 1)
					   : NULL;
	nuscan_init(&s->scan, s->fn, s->a);
	s->bscan = ARENA_NEW(s->a, BScan, n + 1);
}

/* The RPO position of the first block a ban decide has not seen
 * applies to (nrpo when none): the blocks before it decide as they
 * did. */
static int decide_resume_at(const Sp *s)
{
	int r0 = s->cfg->nrpo;
	for (int j = s->dec_nban; j < s->ban_blk.n; j++) {
		int r = s->cfg->rpo_num[s->ban_blk.v[j]];
		if (r < r0)
			r0 = r;
	}
	return r0;
}

/* Undoes the decisions of the blocks from RPO position r0 on: as if
 * decide had just decided the blocks before it (each block's entry
 * set depends only on the bans, the facts and the blocks before it;
 * memphi and rmwdef only grow, in the order of their logs). */
static void decide_rewind(Sp *s, int r0)
{
	const DecChk *c = &s->chk[r0];
	for (int r = r0; r < s->cfg->nrpo; r++)
		s->done[s->cfg->rpo[r]] = 0;
	s->spills.n = c->spills;
	s->reloads.n = c->reloads;
	s->rmwins.n = s->rmwk.n = c->rmw;
	while (s->memphi_log.n > c->memphi)
		s->memphi[s->memphi_log.v[--s->memphi_log.n]] = 0;
	while (s->rmwdef_log.n > c->rmwdef)
		s->rmwdef[s->rmwdef_log.v[--s->rmwdef_log.n]] = 0;
}

/* The head of b's ban chain (-1: none). */
static int ban_head_of(const Sp *s, int b)
{
	return s->ban_head ? s->ban_head[b] : -1;
}

/* Whether exit sets x and y hold the same values, equally spilled, in
 * the same order. */
static bool bset_same(const BSet *x, const BSet *y)
{
	if (x->e == y->e)
		return x->n == y->n;
	if (x->n != y->n)
		return false;
	for (int q = 0; q < x->n; q++)
		if (x->e[q].v != y->e[q].v || x->e[q].spilled != y->e[q].spilled)
			return false;
	return true;
}

/* Whether block b's memo holds decisions made from the inputs b has now
 * (as decide_block would read them: bans, decided predecessors' exit
 * sets, memphi). */
static bool memo_fits(const Sp *s, int b)
{
	const BMemo *m = &s->memo[b];
	if (!m->ok || m->banhead != ban_head_of(s, b))
		return false;
	const Blk *bb = s->fn->blk[b];
	for (int p = 0; p < bb->npred; p++) {
		int P = bb->pred[p];
		if (!s->done[P] ? m->pexit[p].n >= 0
				: !bset_same(&m->pexit[p], &s->wexit[P]))
			return false;
	}
	for (int j = 0; j < m->nmpread; j++)
		if (s->memphi[m->mpread[2 * j]] != m->mpread[2 * j + 1])
			return false;
	return true;
}

/* Records block b's decisions, made by decide_block from the log
 * lengths c, in its memo. */
static void memo_record(Sp *s, int b, const DecChk *c)
{
	BMemo *m = &s->memo[b];
	const Blk *bb = s->fn->blk[b];
	int nsp = s->spills.n - c->spills, nrl = s->reloads.n - c->reloads;
	*m = (BMemo){.ok = true, .banhead = ban_head_of(s, b),
		     .went = s->went[b], .wexit = s->wexit[b],
		     .nsp = nsp, .nrl = nrl, .nrmw = s->rmwins.n - c->rmw,
		     .nmphi = s->memphi_log.n - c->memphi,
		     .nrdef = s->rmwdef_log.n - c->rmwdef,
		     .nmpread = s->mpread.n / 2};
	m->pexit = ARENA_RAW(s->a, BSet, bb->npred + 1);
	for (int p = 0; p < bb->npred; p++) {
		int P = bb->pred[p]; /* b itself was not decided before b */
		m->pexit[p] = s->done[P] && P != b ? s->wexit[P]
						   : (BSet){.n = -1};
	}
	m->pl = ARENA_RAW(s->a, Place, nsp + nrl + 1);
	memcpy(m->pl, s->spills.p + c->spills, sizeof(Place) * (size_t)nsp);
	memcpy(m->pl + nsp, s->reloads.p + c->reloads,
	       sizeof(Place) * (size_t)nrl);
	m->rmwins = dup_in(s, s->rmwins.v + c->rmw, m->nrmw, sizeof(Ins *));
	m->rmwk = dup_in(s, s->rmwk.v + c->rmw, m->nrmw, sizeof(int));
	m->mphi = dup_in(s, s->memphi_log.v + c->memphi, m->nmphi, sizeof(int));
	m->rdef = dup_in(s, s->rmwdef_log.v + c->rmwdef, m->nrdef, sizeof(int));
	m->mpread = dup_in(s, s->mpread.v, s->mpread.n, sizeof(int));
}

/* Block b decided again from its memo (memo_fits): what decide_block
 * would do. */
static void memo_replay(Sp *s, int b)
{
	const BMemo *m = &s->memo[b];
	s->went[b] = m->went;
	s->wexit[b] = m->wexit;
	for (int j = 0; j < m->nsp; j++)
		pv_push(s, &s->spills, m->pl[j]);
	for (int j = 0; j < m->nrl; j++)
		pv_push(s, &s->reloads, m->pl[m->nsp + j]);
	for (int j = 0; j < m->nrmw; j++) {
		insv_push(s, &s->rmwins, m->rmwins[j]);
		iv_push(s, &s->rmwk, m->rmwk[j]);
	}
	for (int j = 0; j < m->nmphi; j++)
		sp_set_memphi(s, m->mphi[j]);
	for (int j = 0; j < m->nrdef; j++) {
		s->rmwdef[m->rdef[j]] = 1;
		iv_push(s, &s->rmwdef_log, m->rdef[j]);
	}
	s->done[b] = 1;
}

/* Decides every reachable block in reverse post-order; after new bans
 * only the blocks from the first banned one on (decide_resume_at): the
 * decisions are those of a decide from scratch. */
static bool decide(Sp *s)
{
	int r0 = 0;
	if (s->dec_nban < 0) {
		decide_init(s);
	} else {
		r0 = decide_resume_at(s);
		decide_rewind(s, r0);
	}
	s->dec_nban = s->ban_blk.n;
	for (int r = r0; r < s->cfg->nrpo; r++) {
		int b = s->cfg->rpo[r];
		s->chk[r] = (DecChk){s->spills.n, s->reloads.n, s->rmwins.n,
				     s->memphi_log.n, s->rmwdef_log.n};
		if (s->memo && memo_fits(s, b)) {
			memo_replay(s, b);
			continue;
		}
		s->mpread.n = 0;
		if (!decide_block(s, b))
			return false;
		if (s->memo)
			memo_record(s, b, &s->chk[r]);
	}
	return true;
}

/* decide, again with the new bans while ban_abnormal finds some (at most
 * 8 rounds). */
static bool decide_rounds(Sp *s)
{
	for (int round = 0;; round++) {
		if (!decide(s))
			return false;
		if (round == 8 || ban_abnormal(s) == 0)
			return true;
	}
}

/* Trials of new back-edge bans per function: each one decides the
 * blocks once or twice more. */
enum { BACK_BAN_TRIALS = 3 };

/* each_edge_reload visitor: adds the edge's cost to *(double *)ctx. */
static void add_reload_cost(Sp *s, int P, int k, int B, int v, void *ctx)
{
	(void)B, (void)v;
	*(double *)ctx += sp_edge_cost(s, P, k);
}

/* Whether i reads v with an operand that may not read v's slot instead
 * (spill_slot_readable): a reload for i would stay an instruction. */
static bool ins_reads_reg(const Fn *fn, const Ins *i, int v)
{
	for (int k = 0; k < i->nops; k++)
		if (!(i->ops[k].flags & OF_DEF) &&
		    live_value(fn, &i->ops[k]) == v &&
		    !spill_slot_readable(fn, i, k))
			return true;
	return false;
}

/* The weighted reloads the last decide implies: those its walks recorded
 * (not the slot reads of in-memory read-modify-writes, nor reloads for
 * an instruction that may read the slot instead, which fold_mem_reloads
 * folds), at their block's cost, and those the edges need, at the
 * edge's.  Spills are left out:
 * sp_place_spills moves them to the definitions, mostly outside the
 * loops where the decisions differ. */
static double decide_cost(Sp *s)
{
	double c = 0;
	for (int j = 0; j < s->reloads.n; j++) {
		const Place *p = &s->reloads.p[j];
		if (!p->mem && (!p->at || ins_reads_reg(s->fn, p->at, p->v)))
			c += p->at ? blk_cost(s, p->blk)
				   : sp_edge_cost(s, p->blk, p->succ);
	}
	each_edge_reload(s, NULL, add_reload_cost, &c);
	return c;
}

/* Whether an instruction of block b other than a phi reads v with an
 * operand that may not read its slot (ins_reads_reg). */
static bool blk_reads(const Sp *s, int b, int v)
{
	for (const Ins *i = s->fn->blk[b]->first; i; i = i->next)
		if (i->kind != IK_PHI && ins_reads_reg(s->fn, i, v))
			return true;
	return false;
}

/* each_edge_reload filter: the edges from inside a loop to its
 * header. */
static bool edge_back(const Sp *s, int P, int k, int B)
{
	(void)k;
	int l = s->lp->loop_of[B];
	return l >= 0 && loops_contains(s->lp, l, P);
}

/* each_edge_reload visitor on the edges of edge_back: bans from a loop
 * header's entry set a value that a back edge must reload (for a phi of
 * the header, its source) and that the header block itself does not
 * read: in registers at the header, it leaves them again in the loop on
 * that path.  A phi only when it may live in memory (memcap). */
static void ban_if_back_edge(Sp *s, int P, int k, int B, int v, void *ctx)
{
	(void)P, (void)k;
	if (!is_pseudo(s, v) ||
	    (s->isphi[v] && s->defblk[v] == B && !s->memcap[v]) ||
	    blk_reads(s, B, v))
		return;
	add_ban(s, B, v, ctx);
}

/* What decide leaves in s, copied (decide changes its arrays in
 * place).  The working set is left out: what it holds after decide is
 * read by no one, and the next block's entry empties it. */
typedef struct Decided {
	BSet *went, *wexit;
	uint8_t *done, *memphi, *rmwdef;
	PVec spills, reloads;
	InsVec rmwins;
	IVec rmwk, memphi_log, rmwdef_log;
	DecChk *chk;
	BMemo *memo;
	int dec_nban;
} Decided;

/* A copy of x in s's scratch arena (capacity its length). */
static IVec iv_dup(Sp *s, const IVec *x)
{
	return (IVec){dup_in(s, x->v, x->n, sizeof(int)), x->n, x->n};
}

/* The decisions of the last decide into *d. */
static void decided_save(Sp *s, Decided *d)
{
	int n = s->fn->nblk + 1, np = s->npseudo0 + 1;
	*d = (Decided){.went = dup_in(s, s->went, n, sizeof(BSet)),
		       .wexit = dup_in(s, s->wexit, n, sizeof(BSet)),
		       .done = dup_in(s, s->done, n, 1),
		       .memphi = dup_in(s, s->memphi, np, 1),
		       .rmwdef = dup_in(s, s->rmwdef, np, 1),
		       .chk = dup_in(s, s->chk, s->cfg->nrpo + 1,
				     sizeof(DecChk)),
		       .memo = s->memo ? dup_in(s, s->memo, n, sizeof(BMemo))
				       : NULL,
		       .dec_nban = s->dec_nban};
	d->spills = (PVec){dup_in(s, s->spills.p, s->spills.n, sizeof(Place)),
			   s->spills.n, s->spills.n};
	d->reloads = (PVec){dup_in(s, s->reloads.p, s->reloads.n,
				   sizeof(Place)),
			    s->reloads.n, s->reloads.n};
	d->rmwins = (InsVec){dup_in(s, s->rmwins.v, s->rmwins.n, sizeof(Ins *)),
			     s->rmwins.n, s->rmwins.n};
	d->rmwk = iv_dup(s, &s->rmwk);
	d->memphi_log = iv_dup(s, &s->memphi_log);
	d->rmwdef_log = iv_dup(s, &s->rmwdef_log);
}

/* Back to the decisions saved in *d (its arrays become s's). */
static void decided_restore(Sp *s, const Decided *d)
{
	s->went = d->went;
	s->wexit = d->wexit;
	s->done = d->done;
	s->memphi = d->memphi;
	s->rmwdef = d->rmwdef;
	s->chk = d->chk;
	s->memo = d->memo;
	s->dec_nban = d->dec_nban;
	s->spills = d->spills;
	s->reloads = d->reloads;
	s->rmwins = d->rmwins;
	s->rmwk = d->rmwk;
	s->memphi_log = d->memphi_log;
	s->rmwdef_log = d->rmwdef_log;
}

/* The decisions with the bans of ban_if_back_edge, kept when their
 * reloads (decide_cost) cost less than without them; otherwise the
 * decisions without them again (saved before the trial).  A value a
 * loop evicts on its way back to the header is then reloaded where the
 * loop reads it, on the paths that read it, instead of on every back
 * edge (Braun and Hack's entry sets assume the loop keeps what its
 * header has).  Sets *kept to whether new bans were kept. */
static bool try_back_edge_bans(Sp *s, bool *kept)
{
	int n0 = s->ban_blk.n, added = 0;
	*kept = false;
	each_edge_reload(s, edge_back, ban_if_back_edge, &added);
	if (added == 0)
		return true;
	/* the bans do not change the decisions yet: their cost now is
	 * that before them */
	double c0 = decide_cost(s);
	Decided d;
	decided_save(s, &d);
	if (decide_rounds(s) && decide_cost(s) < c0)
		return *kept = true;
	drop_bans(s, n0);
	decided_restore(s, &d);
	return true;
}

/* The decisions: decide_rounds, then try_back_edge_bans while it keeps
 * new bans (at most BACK_BAN_TRIALS times). */
static bool decide_banned(Sp *s)
{
	if (!decide_rounds(s))
		return false;
	bool kept = true;
	for (int n = 0; kept && n < BACK_BAN_TRIALS; n++)
		if (!try_back_edge_bans(s, &kept))
			return false;
	return true;
}

/* The result arrays, in fn->arena. */
static void fill_result(Sp *s, const int *slot_of_val, SpillResult *res)
{
	Fn *fn = s->fn;
	res->npseudo = fn->npseudo;
	res->copy_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
	res->slot_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
	for (int p = 0; p < fn->npseudo; p++) {
		int c = p >= s->npseudo0 && p - s->npseudo0 < s->copy_of.n
				? s->copy_of.v[p - s->npseudo0]
				: -1;
		res->copy_of[p] = c;
		int o = c >= 0 ? c : p;
		res->slot_of[p] = o < s->npseudo0 ? slot_of_val[o] : -1;
	}
	res->stats = s->st;
}

/* Whether the source of copy i may be its value's slot: a whole general
 * or SSE value, under no register set of its own (a hard-register web's
 * value stays in its register, hardweb.h), copied to a register of its
 * class (x86 `mov`, `movq`, `movaps` load from memory). */
static bool copy_slot_readable(const Fn *fn, const Ins *i)
{
	const Op *d = &i->ops[0], *o = &i->ops[1];
	if (i->nops != 2 || o->kind != OK_PSEUDO || o->sub_size || o->allowed ||
	    d->sub_size || d->loc.kind == LOC_SLOT ||
	    (d->kind != OK_PSEUDO && d->kind != OK_HREG))
		return false;
	int c = fn->pseudo[o->reg].cls;
	int dc = d->kind == OK_PSEUDO ? fn->pseudo[d->reg].cls
				      : fn->target->regs[d->reg].cls;
	return (c == RC_GPR || c == RC_SSE) && dc == c;
}

/* spill_slot_readable for read k of an ordinary instruction i whose
 * operand's own facts allow it: whether i's ties and its other operands
 * do too.  Out of line: most reads never get here. */
static __attribute__((noinline)) bool ord_slot_readable(const Ins *i, int k)
{
	if (constr_soft_untied(i) || constr_tie_partner(i, k) >= 0)
		return false;
	for (int m = 0; m < i->nops; m++)
		if (m != k && (i->ops[m].loc.kind == LOC_SLOT ||
			       (i->ops[m].flags & OF_MEMONLY)))
			return false;
	return true;
}

bool spill_slot_readable(const Fn *fn, const Ins *i, int k)
{
	const Op *o = &i->ops[k];
	if (i->kind == IK_COPY)
		return k == 1 && copy_slot_readable(fn, i);
	uint8_t f = o->flags & (OF_USE | OF_DEF | OF_EARLY | OF_MEM |
				OF_MEMONLY | OF_MEMALT);
	/* the operand's own facts first: most operands fail them */
	if (i->kind != IK_ORD || o->kind != OK_PSEUDO ||
	    (f != (OF_USE | OF_MEM) && f != (OF_USE | OF_MEMALT)) ||
	    o->sub_size)
		return false;
	return ord_slot_readable(i, k);
}

/* Whether pseudo v is defined in block b before instruction i. */
static bool defined_before(const Blk *b, const Ins *i, int v)
{
	for (const Ins *j = b->first; j && j != i; j = j->next)
		for (int k = 0; k < j->nops; k++)
			if ((j->ops[k].flags & OF_DEF) &&
			    j->ops[k].kind == OK_PSEUDO && j->ops[k].reg == v)
				return true;
	return false;
}

/* The reads of each pseudo, counted on the first call (uses NULL until
 * then): every pseudo operand that is not a definition, slot operands
 * included. */
static const int *read_counts(Sp *s, int **uses)
{
	Fn *fn = s->fn;
	if (*uses)
		return *uses;
	*uses = ARENA_NEW(s->a, int, fn->npseudo + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind == OK_PSEUDO && !(o->flags & OF_DEF) &&
				    o->reg < fn->npseudo)
					(*uses)[o->reg]++;
			}
	return *uses;
}

/* For read k of i (in block b) that may not read memory: when i's
 * commutative pair lets k's value and the other read's exchange
 * (constr_comm_other), the other's value dies at i (defined before it
 * in b, read only there: read_counts counts the reads) and its position
 * may read memory, the two exchange and that position is returned; else
 * -1, nothing changed.  As LRA does with `%`, the tied position then
 * takes the value that dies. */
static int comm_to_readable(Sp *s, const Blk *b, Ins *i, int k, int **uses)
{
	const Fn *fn = s->fn;
	int x = constr_comm_other(fn, i, k);
	if (x < 0)
		return -1;
	int q = i->ops[x].reg;
	if (q >= fn->npseudo || read_counts(s, uses)[q] != 1 ||
	    !defined_before(b, i, q))
		return -1;
	constr_exchange_reads(&i->ops[k], &i->ops[x]);
	if (spill_slot_readable(fn, i, x))
		return x;
	constr_exchange_reads(&i->ops[k], &i->ops[x]);
	return -1;
}

/* The reads of the new version p of a reload: sp_rebuild_ssa's count
 * (veruses) for a spiller's pseudo, else read_counts'. */
static int version_reads(Sp *s, int p, int **uses)
{
	return p >= s->npseudo0 ? s->veruses[p] : read_counts(s, uses)[p];
}

/* Counts i, an instruction of a block of weight w (its frequency over
 * the entry's), in the statistics when it is a spill, reload or
 * rematerialization. */
static void count_inserted(Sp *s, const Ins *i, double w)
{
	if (i->kind == IK_SPILL) {
		s->st.spills++;
		s->st.w_spills += w;
	} else if (i->kind == IK_RELOAD) {
		s->st.reloads++;
		s->st.w_reloads += w;
	} else if (i->kind == IK_REMAT) {
		s->st.remats++;
		s->st.w_remats += w;
	}
}

/* Folds reload r of block bb when it may go (fold_mem_reloads); returns
 * whether it went. */
static bool fold_reload(Sp *s, Blk *bb, Ins *r, int **uses)
{
	const Fn *fn = s->fn;
	if (r->kind != IK_RELOAD || r->uid != 0 ||
	    version_reads(s, r->ops[0].reg, uses) != 1)
		return false;
	int v = r->ops[0].reg;
	Ins *i = r->next;
	int k = -1;
	for (; i && k < 0; i = k < 0 ? i->next : i)
		for (int m = 0; m < i->nops && k < 0; m++)
			if (i->ops[m].kind == OK_PSEUDO && i->ops[m].reg == v)
				k = m;
	if (k < 0)
		return false;
	if (!spill_slot_readable(fn, i, k))
		k = comm_to_readable(s, bb, i, k, uses);
	if (k < 0)
		return false;
	i->ops[k].reg = r->ops[1].reg;
	i->ops[k].loc = (Loc){LOC_SLOT, -1};
	insv_push(s, &s->memins, i);
	ins_remove(bb, r);
	s->st.folded++;
	return true;
}

/* A reload whose new version has one read, later in the same block, by
 * an operand that may be memory (spill_slot_readable) goes: that operand
 * reads the value's slot directly (numbered by sp_assign_slots, with the
 * memory-only operands).  The slot holds the value there: it did at the
 * reload, and only spills of the same value or memory phis (at block
 * entries) write a virtual slot.  Pressure only drops.  The read counts
 * of all pseudos are taken only when a commutative exchange needs them:
 * a fold leaves every count that is read later as it was (the reload's
 * slot read moves to the folded operand; the folded version is read
 * nowhere again).  The same walk counts the spills, reloads and
 * rematerializations left (count_inserted: nothing after it adds or
 * removes one). */
static void fold_mem_reloads(Sp *s)
{
	Fn *fn = s->fn;
	int *uses = NULL;
	double ef = fn->nblk ? fn->blk[fn->entry]->freq : 0;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		double w = ef > 0 ? bb->freq / ef : 1;
		for (Ins *r = bb->first, *next; r; r = next) {
			next = r->next;
			if (!fold_reload(s, bb, r, &uses))
				count_inserted(s, r, w);
		}
	}
}

/* Memory-only definitions become slot operands (their slot numbered by
 * sp_assign_slots): from here on, no register value. */
static void mark_memonly_defs(Sp *s)
{
	for (int j = 0; j < s->memins.n; j++) {
		Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++)
			if ((i->ops[k].flags & OF_MEMONLY) &&
			    (i->ops[k].flags & OF_DEF))
				i->ops[k].loc = (Loc){LOC_SLOT, -1};
	}
}

/* Everything after the decisions. */
/* The in-memory read-modify-writes the walk chose (rmw_decide): both
 * operands of the tie become slot operands (numbered by sp_assign_slots,
 * which gives the two values one slot), the instruction joins memins. */
static void rmw_apply(Sp *s)
{
	for (int j = 0; j < s->rmwins.n; j++) {
		Ins *i = s->rmwins.v[j];
		int k = s->rmwk.v[j], t = constr_tie_partner(i, k);
		i->ops[k].loc = (Loc){LOC_SLOT, -1};
		i->ops[t].loc = (Loc){LOC_SLOT, -1};
		insv_push(s, &s->memins, i);
		s->st.rmw++;
	}
}

static bool transform(Sp *s, SpillResult *res)
{
	rmw_apply(s);
	sp_couple(s);
	sp_find_needs(s);
	sp_drop_dead_spills(s);
	if (!sp_place_spills(s))
		return false;
	sp_insert_in_blocks(s);
	if (!sp_insert_on_edges(s))
		return false;
	mark_memonly_defs(s);
	InsVec memphis = {0};
	sp_settle_memphis(s, &memphis);
	/* the code went into blocks and edges: the Cfg and dominator tree
	 * change only when edges were split */
	const Cfg *cfg = s->cfg;
	const DomTree *dom = s->dom;
	if (s->st.splits) {
		Cfg *c = cfg_build(s->fn);
		cfg = c;
		dom = dom_build(s->fn, c);
	}
	sp_rebuild_ssa(s, cfg, dom);
	fold_mem_reloads(s);
	int *slot_of_val = ARENA_NEW(s->a, int, s->npseudo0 + 1);
	sp_assign_slots(s, &memphis, cfg, dom, slot_of_val);
	fill_result(s, slot_of_val, res);
	res->cfg = cfg;
	res->dom = dom;
	return true;
}

bool spill_fn(Fn *fn, const SpillOpts *opts, SpillResult *res, char *err,
	      size_t errlen)
{
	return spill_fn_live(fn, NULL, NULL, opts, res, err, errlen);
}

bool spill_fn_live(Fn *fn, Live *lv, const DomTree *dom,
		   const SpillOpts *opts, SpillResult *res, char *err,
		   size_t errlen)
{
	Sp s = {.fn = fn, .t = fn->target, .lv = lv,
		.dom = lv ? dom : NULL, .err = err,
		.errlen = errlen, .dec_nban = -1};
	memset(res, 0, sizeof *res);
	if (fn->unsupported)
		return err_set(s.err, s.errlen, "unsupported function: %s",
			       fn->unsupported);
	for (int c = 0; c < RC_NALLOC; c++) {
		s.regs[c] = opts->regs[c];
		s.k[c] = regset_count(opts->regs[c]);
	}
	if (fn->nblk == 0) {
		res->npseudo = fn->npseudo;
		res->copy_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
		res->slot_of = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
		for (int p = 0; p < fn->npseudo; p++)
			res->copy_of[p] = res->slot_of[p] = -1;
		return true;
	}
	s.a = arena_new();
	bool ok = analyse(&s) && decide_banned(&s) && transform(&s, res);
	arena_free(s.a);
	return ok;
}
