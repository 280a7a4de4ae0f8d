/* randalloc.c - a random allocator, correct by construction
 * (randalloc.h). */
#include "randalloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cfg.h"
#include "liveness.h"

enum { MAXRES = 48 }; /* candidates for a register of their own */

typedef struct RA {
	Fn *fn;
	const Target *t;
	const Live *lv;
	uint64_t rng;
	char *err;
	size_t errlen;
	int *home;        /* per pseudo: home slot, or -1 if resident */
	int *res;         /* per pseudo: own register, or -1 */
	RegSet reserved;  /* the residents' registers */
	const Ins **remat;/* per pseudo: its [remat] definition if every
			   * definition is that one, else NULL */
	/* the cache of the block being walked */
	int holder[TGT_NREGS]; /* pseudo held, -1 = none */
	bool *dirty;      /* per pseudo: its home slot is stale */
	/* percentages of the random choices, per function */
	int p_reuse, p_mem, p_eager, p_shuffle, p_remat, p_move;
} RA;

static bool fail(RA *ra, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(ra->err, ra->errlen, fmt, ap);
	va_end(ap);
	return false;
}

static uint64_t rnd(RA *ra)
{
	ra->rng ^= ra->rng >> 12;
	ra->rng ^= ra->rng << 25;
	ra->rng ^= ra->rng >> 27;
	return ra->rng * 2685821657736338717ull;
}

static bool chance(RA *ra, int pct)
{
	return (int)(rnd(ra) % 100) < pct;
}

/* A random member of s (s not empty). */
static int pick_reg(RA *ra, RegSet s)
{
	int n = regset_count(s), k = (int)(rnd(ra) % (uint64_t)n);
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(s, r) && k-- == 0)
			return r;
	return -1;
}

static Loc reg_loc(int r)
{
	return (Loc){LOC_REG, r};
}

static Loc slot_loc(int s)
{
	return (Loc){LOC_SLOT, s};
}

/* A transfer `kind =p @dst, p @src` (ins_transfer). */
static Ins *transfer(Fn *fn, int kind, int p, Loc dst, Loc src)
{
	return ins_transfer(fn, kind, p, dst, p, src);
}

static RegSet class_regs(const RA *ra, int cls)
{
	return target_allocatable(ra->t, cls, ra->fn->frame_pointer) &
	       fn_isa_regs(ra->fn);
}

/* The allocatable registers of every class. */
static RegSet alloc_regs(const RA *ra)
{
	RegSet s = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		s |= class_regs(ra, c);
	return s;
}

/* ---- Emission: a cursor in a block ------------------------------------ */

/* Inserted instructions go before `at` (NULL: at the end of b). */
typedef struct Cur {
	Blk *b;
	Ins *at;
} Cur;

static void put(Cur *c, Ins *i)
{
	ins_insert_before(c->b, c->at, i);
}

/* ---- The cache -------------------------------------------------------- */

/* The registers of s are about to be overwritten: a dirty value that no
 * register outside s holds goes home first. */
static void write_back(RA *ra, Cur *c, RegSet s)
{
	for (int r = 0; r < TGT_NREGS; r++) {
		int p = RS_HAS(s, r) ? ra->holder[r] : -1;
		if (p < 0 || !ra->dirty[p])
			continue;
		bool elsewhere = false;
		for (int q = 0; q < TGT_NREGS; q++)
			elsewhere |= !RS_HAS(s, q) && ra->holder[q] == p;
		if (elsewhere)
			continue;
		put(c, transfer(ra->fn, IK_SPILL, p, slot_loc(ra->home[p]),
				reg_loc(r)));
		ra->dirty[p] = false;
	}
}

/* Every dirty value home; then the cache is forgotten. */
static void flush(RA *ra, Cur *c)
{
	write_back(ra, c, ~(RegSet)0);
	for (int r = 0; r < TGT_NREGS; r++)
		ra->holder[r] = -1;
}

/* Puts value p into register r (r not reserved, free of hard values). */
static void load(RA *ra, Cur *c, int p, int r)
{
	if (ra->holder[r] == p)
		return;
	write_back(ra, c, RS_BIT(r));
	int from = -1;
	for (int q = 0; q < TGT_NREGS && from < 0; q++)
		if (ra->holder[q] == p && q != r)
			from = q;
	Fn *fn = ra->fn;
	if (ra->res[p] >= 0) {
		put(c, transfer(fn, IK_MOVE, p, reg_loc(r),
				reg_loc(ra->res[p])));
	} else if (from >= 0 && (ra->dirty[p] || chance(ra, 70))) {
		put(c, transfer(fn, IK_MOVE, p, reg_loc(r), reg_loc(from)));
	} else if (ra->remat[p] && chance(ra, ra->p_remat)) {
		const Ins *d = ra->remat[p];
		Ins *i = ins_new(fn, IK_REMAT, d->nops);
		int n = 0;
		i->ops[n] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = p,
				 .tie = -1, .from = -1, .loc = reg_loc(r)};
		n++;
		for (int k = 0; k < d->nops; k++)
			if (!(d->ops[k].flags & OF_DEF))
				i->ops[n++] = d->ops[k];
		i->nops = n;
		put(c, i);
	} else {
		put(c, transfer(fn, IK_RELOAD, p, reg_loc(r),
				slot_loc(ra->home[p])));
	}
	ra->holder[r] = p;
}

/* Random moves and exchanges among the cached registers that are free of
 * hard values (busy). */
static void shuffle(RA *ra, Cur *c, RegSet busy)
{
	while (chance(ra, ra->p_shuffle)) {
		RegSet held = 0, free = 0;
		for (int r = 0; r < TGT_NREGS; r++) {
			bool ok = RS_HAS(alloc_regs(ra), r) &&
				  !RS_HAS(busy | ra->reserved, r);
			if (ok && ra->holder[r] >= 0)
				held |= RS_BIT(r);
			else if (ok)
				free |= RS_BIT(r);
		}
		if (!held)
			return;
		int a = pick_reg(ra, held), p = ra->holder[a];
		int cls = ra->fn->pseudo[p].cls;
		RegSet same = class_regs(ra, cls);
		if (chance(ra, 50) && (free & same)) {
			int b = pick_reg(ra, free & same);
			put(c, transfer(ra->fn, IK_MOVE, p, reg_loc(b),
					reg_loc(a)));
			ra->holder[b] = p;
		} else if (held & same & ~RS_BIT(a)) {
			int b = pick_reg(ra, held & same & ~RS_BIT(a));
			int q = ra->holder[b];
			Ins *s = transfer(ra->fn, IK_SWAP, p, reg_loc(a),
					  reg_loc(b));
			s->ops[0].flags = s->ops[1].flags = OF_USE | OF_DEF;
			s->ops[1].reg = q;
			put(c, s);
			ra->holder[a] = q;
			ra->holder[b] = p;
		}
	}
}

/* ---- One original instruction ----------------------------------------- */

static bool op_tied(const Ins *i, int k)
{
	if (i->ops[k].tie >= 0)
		return true;
	for (int m = 0; m < i->nops; m++)
		if (i->ops[m].tie == k)
			return true;
	return false;
}

/* Whether operands o and q of one instruction may not share a register. */
static bool clash(const Fn *fn, const Op *o, const Op *q)
{
	bool o_r = op_reads(fn, o), q_r = op_reads(fn, q);
	bool o_w = o->flags & OF_DEF, q_w = q->flags & OF_DEF;
	return (o_r && q_r) || (o_w && q_w) ||
	       (o_w && (o->flags & OF_EARLY) && q_r) ||
	       (q_w && (q->flags & OF_EARLY) && o_r);
}

/* Chooses where every pseudo operand of i goes: loc[k] a register (none
 * in busy), or the home slot for some operands that accept memory and
 * always for a memory-only one (OF_MEMONLY; its value never resident).  A
 * resident operand takes its own register when nothing forbids it.
 * Operands with fewer choices go first; among the choices, a register
 * that already holds the value is preferred at random. */
static bool choose(RA *ra, const Ins *i, RegSet busy, Loc *loc)
{
	const Fn *fn = ra->fn;
	int n = i->nops;
	for (int k = 0; k < n; k++) {
		const Op *o = &i->ops[k];
		loc[k] = (Loc){LOC_NONE, 0};
		int p = o->reg;
		if (o->kind == OK_PSEUDO && (o->flags & OF_MEMONLY)) {
			loc[k] = slot_loc(ra->home[p]); /* home is fresh:
							 * store_memonly */
			continue;
		}
		if (o->kind != OK_PSEUDO || ra->res[p] >= 0 || op_tied(i, k) ||
		    (o->flags & OF_EARLY) || !(o->flags & OF_MEM) ||
		    ((o->flags & OF_DEF) && op_reads(fn, o)) ||
		    !chance(ra, ra->p_mem))
			continue;
		if ((o->flags & OF_DEF) || !ra->dirty[p])
			loc[k] = slot_loc(ra->home[p]);
	}
	for (;;) {
		int best = -1, bestn = 1 << 30, partner = -1;
		RegSet bestset = 0;
		for (int k = 0; k < n; k++) {
			const Op *o = &i->ops[k];
			if (o->kind != OK_PSEUDO || loc[k].kind != LOC_NONE)
				continue;
			int pk = o->tie >= 0 ? o->tie : -1;
			for (int m = 0; m < n && pk < 0; m++)
				if (i->ops[m].tie == k)
					pk = m;
			RegSet a = class_regs(ra, op_class(fn, o));
			if (o->allowed)
				a &= o->allowed;
			if (pk >= 0 && i->ops[pk].allowed)
				a &= i->ops[pk].allowed;
			int own = ra->res[o->reg];
			bool home = own >= 0 && pk < 0 && !(o->flags & OF_EARLY) &&
				    RS_HAS(a, own);
			a = home ? RS_BIT(own) : a & ~busy & ~ra->reserved;
			for (int m = 0; m < n; m++)
				if (m != pk && loc[m].kind == LOC_REG &&
				    clash(fn, o, &i->ops[m]))
					a &= ~RS_BIT(loc[m].num);
			if (home && !a) /* its register is taken: a temporary */
				a = class_regs(ra, op_class(fn, o)) &
				    (o->allowed ? o->allowed : ~(RegSet)0) &
				    ~busy & ~ra->reserved;
			if (regset_count(a) < bestn) {
				best = k;
				bestn = regset_count(a);
				bestset = a;
				partner = pk;
			}
		}
		if (best < 0)
			return true;
		if (!bestset)
			return fail(ra, "uid %d: no register for operand %d",
				    i->uid, best);
		int p = i->ops[best].reg, r = -1;
		if (op_reads(fn, &i->ops[best]) && chance(ra, ra->p_reuse))
			for (int q = 0; q < TGT_NREGS && r < 0; q++)
				if (RS_HAS(bestset, q) && ra->holder[q] == p)
					r = q;
		if (r < 0)
			r = pick_reg(ra, bestset);
		loc[best] = reg_loc(r);
		if (partner >= 0)
			loc[partner] = reg_loc(r);
	}
}

/* Before i: the value of every memory-only use of i whose home slot is
 * stale is stored there from a register that holds it (a dirty value is
 * always in one). */
static bool store_memonly(RA *ra, Cur *c, const Ins *i)
{
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || !(o->flags & OF_MEMONLY) ||
		    (o->flags & OF_DEF) || !ra->dirty[o->reg])
			continue;
		int r = -1;
		for (int q = 0; q < TGT_NREGS && r < 0; q++)
			if (ra->holder[q] == o->reg)
				r = q;
		if (r < 0)
			return fail(ra, "uid %d: p%d is dirty in no register",
				    i->uid, o->reg);
		put(c, transfer(ra->fn, IK_SPILL, o->reg,
				slot_loc(ra->home[o->reg]), reg_loc(r)));
		ra->dirty[o->reg] = false;
	}
	return true;
}

/* Allocates original instruction i of c->b (c->at == i): loads before
 * it, the write-back of what it overwrites, moves home after it.
 * after: hard registers live after i; before: before it. */
static bool do_ins(RA *ra, Cur *c, Ins *i, RegSet after, RegSet before)
{
	Fn *fn = ra->fn;
	RegSet hard_ops = 0;
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].kind == OK_HREG)
			hard_ops |= RS_BIT(i->ops[k].reg);
	RegSet busy = after | before | hard_ops | i->clobbers;
	shuffle(ra, c, before);
	Loc loc[i->nops > 0 ? i->nops : 1];
	if (!store_memonly(ra, c, i) || !choose(ra, i, busy, loc))
		return false;
	/* loads, in a random order */
	int n = i->nops, order[n > 0 ? n : 1];
	for (int k = 0; k < n; k++)
		order[k] = k;
	for (int k = n - 1; k > 0; k--) {
		int j = (int)(rnd(ra) % (uint64_t)(k + 1)), t = order[k];
		order[k] = order[j];
		order[j] = t;
	}
	for (int x = 0; x < n; x++) {
		Op *o = &i->ops[order[x]];
		if (o->kind == OK_PSEUDO && op_reads(fn, o) &&
		    loc[order[x]].kind == LOC_REG &&
		    ra->res[o->reg] != loc[order[x]].num)
			load(ra, c, o->reg, loc[order[x]].num);
	}
	/* what i overwrites goes home first */
	RegSet writes = ins_hard_writes(i);
	for (int k = 0; k < n; k++)
		if (i->ops[k].kind == OK_PSEUDO && (i->ops[k].flags & OF_DEF) &&
		    loc[k].kind == LOC_REG)
			writes |= RS_BIT(loc[k].num);
	write_back(ra, c, writes);
	for (int k = 0; k < n; k++)
		if (i->ops[k].kind == OK_PSEUDO)
			i->ops[k].loc = loc[k];
	/* after i: the cache, residents home, eager spills */
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(writes, r))
			ra->holder[r] = -1;
	Cur after_i = {c->b, i->next};
	for (int k = 0; k < n; k++) {
		const Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || !(o->flags & OF_DEF))
			continue;
		int p = o->reg;
		for (int r = 0; r < TGT_NREGS; r++)
			if (ra->holder[r] == p)
				ra->holder[r] = -1;
		if (loc[k].kind == LOC_SLOT) {
			ra->dirty[p] = false;
			continue;
		}
		int r = loc[k].num;
		if (ra->res[p] >= 0) {
			if (r != ra->res[p])
				put(&after_i, transfer(fn, IK_MOVE, p,
						       reg_loc(ra->res[p]),
						       reg_loc(r)));
			if (r != ra->res[p])
				ra->holder[r] = p;
			continue;
		}
		ra->holder[r] = p;
		ra->dirty[p] = true;
		if (chance(ra, ra->p_eager)) {
			put(&after_i, transfer(fn, IK_SPILL, p,
					       slot_loc(ra->home[p]), reg_loc(r)));
			ra->dirty[p] = false;
		}
	}
	return true;
}

/* ---- Phis -------------------------------------------------------------- */

/* The copies of the phis of block s along the edge from block p, at
 * cursor c where the hard registers in busy are live and every value is
 * home or in its own register (the cache is empty). */
static bool phi_copies(RA *ra, Cur *c, Blk *s, int pidx, RegSet busy)
{
	Fn *fn = ra->fn;
	int np = 0;
	for (Ins *i = s->first; i && i->kind == IK_PHI; i = i->next)
		np++;
	if (!np)
		return true;
	int dst[np], src[np], tmp[np];
	np = 0;
	for (Ins *i = s->first; i && i->kind == IK_PHI; i = i->next) {
		const Op *so = NULL;
		for (int k = 1; k < i->nops; k++)
			if (i->ops[k].from == pidx)
				so = &i->ops[k];
		if (!so || so->kind != OK_PSEUDO)
			return fail(ra, "b%d: phi uid %d: unsupported source",
				    s->id, i->uid);
		dst[np] = i->ops[0].reg;
		src[np++] = so->reg;
	}
	RegSet free = ~busy & ~ra->reserved;
	bool direct = chance(ra, 75);
	for (int k = 0; k < np && direct; k++) {
		RegSet a = free & class_regs(ra, fn->pseudo[dst[k]].cls);
		if (!a) {
			direct = false;
			break;
		}
		tmp[k] = pick_reg(ra, a);
		free &= ~RS_BIT(tmp[k]);
	}
	if (!direct) {
		/* through temporary slots: one register per class */
		int ts[np];
		for (int k = 0; k < np; k++) {
			RegSet a = ~busy & ~ra->reserved &
				   class_regs(ra, fn->pseudo[dst[k]].cls);
			if (!a)
				return fail(ra, "b%d: no register for a phi copy",
					    s->id);
			tmp[k] = pick_reg(ra, a);
			ts[k] = fn_new_slot(fn, fn->pseudo[dst[k]].size);
			Ins *ld = ra->res[src[k]] >= 0
					  ? transfer(fn, IK_MOVE, src[k],
						     reg_loc(tmp[k]),
						     reg_loc(ra->res[src[k]]))
					  : transfer(fn, IK_RELOAD, src[k],
						     reg_loc(tmp[k]),
						     slot_loc(ra->home[src[k]]));
			put(c, ld);
			put(c, transfer(fn, IK_SPILL, src[k], slot_loc(ts[k]),
					reg_loc(tmp[k])));
		}
		for (int k = 0; k < np; k++) {
			put(c, transfer(fn, IK_RELOAD, dst[k], reg_loc(tmp[k]),
					slot_loc(ts[k])));
			Ins *st = ra->res[dst[k]] >= 0
					  ? transfer(fn, IK_MOVE, dst[k],
						     reg_loc(ra->res[dst[k]]),
						     reg_loc(tmp[k]))
					  : transfer(fn, IK_SPILL, dst[k],
						     slot_loc(ra->home[dst[k]]),
						     reg_loc(tmp[k]));
			put(c, st);
		}
		return true;
	}
	/* all sources into registers, shuffled, then all stored */
	for (int k = 0; k < np; k++)
		put(c, ra->res[src[k]] >= 0
			       ? transfer(fn, IK_MOVE, src[k], reg_loc(tmp[k]),
					  reg_loc(ra->res[src[k]]))
			       : transfer(fn, IK_RELOAD, src[k], reg_loc(tmp[k]),
					  slot_loc(ra->home[src[k]])));
	int nsw = chance(ra, 50) ? (int)(rnd(ra) % 4) : 0;
	for (int x = 0; x < nsw; x++) {
		int a = (int)(rnd(ra) % (uint64_t)np);
		int b = (int)(rnd(ra) % (uint64_t)np);
		if (a == b || fn->pseudo[dst[a]].cls != fn->pseudo[dst[b]].cls)
			continue;
		Ins *sw = transfer(fn, IK_SWAP, src[a], reg_loc(tmp[a]),
				   reg_loc(tmp[b]));
		sw->ops[0].flags = sw->ops[1].flags = OF_USE | OF_DEF;
		sw->ops[1].reg = src[b];
		put(c, sw);
		int t = tmp[a];
		tmp[a] = tmp[b];
		tmp[b] = t;
	}
	if (chance(ra, 30)) {
		/* a parallel copy of every temporary to another free register */
		int to[np];
		bool ok = true;
		for (int k = 0; k < np && ok; k++) {
			RegSet a = free & class_regs(ra, fn->pseudo[dst[k]].cls);
			ok = a != 0;
			if (ok) {
				to[k] = pick_reg(ra, a);
				free &= ~RS_BIT(to[k]);
			}
		}
		if (ok) {
			Ins *pc = ins_new(fn, IK_PCOPY, 2 * np);
			for (int k = 0; k < np; k++) {
				Ins *t = transfer(fn, IK_MOVE, src[k],
						  reg_loc(to[k]),
						  reg_loc(tmp[k]));
				pc->ops[2 * k] = t->ops[0];
				pc->ops[2 * k + 1] = t->ops[1];
				tmp[k] = to[k];
			}
			put(c, pc);
		}
	}
	for (int k = 0; k < np; k++)
		put(c, ra->res[dst[k]] >= 0
			       ? transfer(fn, IK_MOVE, dst[k],
					  reg_loc(ra->res[dst[k]]),
					  reg_loc(tmp[k]))
			       : transfer(fn, IK_SPILL, dst[k],
					  slot_loc(ra->home[dst[k]]),
					  reg_loc(tmp[k])));
	return true;
}

/* ---- Blocks -------------------------------------------------------------- */

static RegSet hard_set(const Live *lv, const int *v, int n)
{
	RegSet s = 0;
	for (int k = 0; k < n; k++)
		if (v[k] >= lv->npseudo)
			s |= RS_BIT(v[k] - lv->npseudo);
	return s;
}

/* Walks block b: its original instructions with the cache, the phi
 * copies at its start (a single predecessor that branches) or its end (a
 * single successor), every dirty value home before it is left. */
static bool do_block(RA *ra, Blk *b)
{
	Fn *fn = ra->fn;
	int n = 0;
	for (Ins *i = b->first; i; i = i->next)
		n += i->kind != IK_PHI;
	Ins *ins[n > 0 ? n : 1];
	RegSet after[n > 0 ? n : 1];
	n = 0;
	for (Ins *i = b->first; i; i = i->next)
		if (i->kind != IK_PHI)
			ins[n++] = i;
	RegSet live = hard_set(ra->lv, ra->lv->out[b->idx], ra->lv->nout[b->idx]);
	RegSet live_out = live;
	for (int k = n - 1; k >= 0; k--) {
		after[k] = live;
		live = (live & ~ins_hard_writes(ins[k])) | ins_hard_reads(fn, ins[k]);
	}
	RegSet live_in = live;
	for (int r = 0; r < TGT_NREGS; r++)
		ra->holder[r] = -1;
	Ins *first = n ? ins[0] : NULL;
	if (b->npred == 1 && fn->blk[b->pred[0]]->nsucc > 1) {
		Cur c = {b, first};
		if (!phi_copies(ra, &c, b, b->pred[0], live_in))
			return false;
	}
	Blk *succ = b->nsucc == 1 ? fn->blk[b->succ[0].blk] : NULL;
	for (int k = 0; k < n; k++) {
		Ins *i = ins[k];
		RegSet before = (after[k] & ~ins_hard_writes(i)) | ins_hard_reads(fn, i);
		bool last = k == n - 1;
		Cur c = {b, i};
		if (last && i->kind == IK_BRANCH) {
			for (int o = 0; o < i->nops; o++)
				if (i->ops[o].flags & OF_DEF)
					return fail(ra, "uid %d: a definition "
							"on a branch",
						    i->uid);
			flush(ra, &c);
			if (succ && !phi_copies(ra, &c, succ, b->idx, before))
				return false;
		}
		if (last && b->nsucc > 1 && i->kind != IK_BRANCH)
			for (int o = 0; o < i->nops; o++)
				if (i->ops[o].flags & OF_DEF)
					return fail(ra, "uid %d: a definition "
							"ending a block that "
							"branches",
						    i->uid);
		if (!do_ins(ra, &c, i, after[k], before))
			return false;
	}
	if (!n || ins[n - 1]->kind != IK_BRANCH) {
		Cur c = {b, NULL};
		if (!n || ins[n - 1]->kind != IK_RET) {
			flush(ra, &c);
			if (succ && !phi_copies(ra, &c, succ, b->idx, live_out))
				return false;
		}
	}
	return true;
}

/* ---- Residents ------------------------------------------------------------ */

/* Registers no instruction names: no hard operand, clobber or narrowed
 * constraint mentions them. */
static RegSet unnamed_regs(const Fn *fn)
{
	RegSet named = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			named |= i->clobbers;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind == OK_HREG)
					named |= RS_BIT(o->reg);
				if (o->allowed)
					named |= o->allowed;
			}
		}
	return ~named;
}

/* Marks conflicts among the candidates (cand[p] = index or -1): two
 * interfere when one is live where the other is defined (phis: at the
 * block's entry, with its live-in values and each other). */
static void conflicts(RA *ra, const int *cand, bool (*cf)[MAXRES])
{
	Fn *fn = ra->fn;
	const Live *lv = ra->lv;
	LiveSet s;
	lset_init(&s, fn->arena, lv->nval);
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *bb = fn->blk[b];
		live_set_out(lv, b, &s);
		for (const Ins *i = bb->last; i && i->kind != IK_PHI;
		     i = i->prev) {
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO ||
				    !(o->flags & OF_DEF) || cand[o->reg] < 0)
					continue;
				for (int m = 0; m < s.n; m++) {
					int v = s.dense[m];
					if (v < lv->npseudo && v != o->reg &&
					    cand[v] >= 0)
						cf[cand[o->reg]][cand[v]] =
							cf[cand[v]][cand[o->reg]] =
								true;
				}
			}
			live_step_back(fn, i, &s);
		}
		live_set_in(lv, b, &s);
		for (const Ins *i = bb->first; i && i->kind == IK_PHI;
		     i = i->next) {
			int d = i->ops[0].reg;
			if (cand[d] < 0)
				continue;
			for (int m = 0; m < s.n; m++)
				if (s.dense[m] < lv->npseudo &&
				    cand[s.dense[m]] >= 0 && s.dense[m] != d)
					cf[cand[d]][cand[s.dense[m]]] =
						cf[cand[s.dense[m]]][cand[d]] =
							true;
			for (const Ins *j = bb->first; j && j->kind == IK_PHI;
			     j = j->next)
				if (j != i && cand[j->ops[0].reg] >= 0)
					cf[cand[d]][cand[j->ops[0].reg]] = true;
		}
	}
}

/* Per pseudo of fn: whether a memory-only operand names it (in fn's
 * arena). */
static bool *memonly_pseudos(Fn *fn)
{
	bool *m = ARENA_NEW(fn->arena, bool, fn->npseudo + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].kind == OK_PSEUDO &&
				    (i->ops[k].flags & OF_MEMONLY))
					m[i->ops[k].reg] = true;
	return m;
}

/* Gives a random few pseudos a register of their own: registers no
 * instruction names, shared only by values that never meet, and no
 * value of a memory-only operand (it needs its home slot). */
static void choose_residents(RA *ra)
{
	Fn *fn = ra->fn;
	RegSet free = unnamed_regs(fn);
	bool *memonly = memonly_pseudos(fn);
	int *cand = ARENA_NEW(fn->arena, int, fn->npseudo + 1);
	int list[MAXRES], nc = 0;
	for (int p = 0; p < fn->npseudo; p++) {
		cand[p] = -1;
		const Pseudo *ps = &fn->pseudo[p];
		if (ps->cls < 0 || !(free & class_regs(ra, ps->cls)) ||
		    memonly[p])
			continue;
		/* reservoir sampling of at most MAXRES candidates */
		if (nc < MAXRES) {
			list[nc++] = p;
		} else {
			int j = (int)(rnd(ra) % (uint64_t)(p + 1));
			if (j < MAXRES)
				list[j] = p;
		}
	}
	if (!nc || chance(ra, 40))
		return;
	for (int k = 0; k < nc; k++)
		cand[list[k]] = k;
	bool(*cf)[MAXRES] = arena_alloc(fn->arena, sizeof(bool[MAXRES][MAXRES]));
	conflicts(ra, cand, cf);
	int who[TGT_NREGS][MAXRES], nwho[TGT_NREGS] = {0};
	int want = 1 + (int)(rnd(ra) % (uint64_t)(nc < 6 ? nc : 6));
	for (int k = 0; k < nc && want > 0; k++) {
		int p = list[k];
		RegSet ok = free & class_regs(ra, fn->pseudo[p].cls);
		for (int r = 0; r < TGT_NREGS; r++)
			for (int j = 0; j < nwho[r] && RS_HAS(ok, r); j++)
				if (cf[k][who[r][j]])
					ok &= ~RS_BIT(r);
		if (!ok)
			continue;
		int r = pick_reg(ra, ok);
		who[r][nwho[r]++] = k;
		ra->res[p] = r;
		ra->reserved |= RS_BIT(r);
		want--;
	}
}

/* ---- The allocator -------------------------------------------------------- */

/* remat[p]: the [remat] definition of p when every definition of p is a
 * [remat] instruction with one def and constants, all alike. */
static void find_remats(RA *ra)
{
	Fn *fn = ra->fn;
	bool *no = ARENA_NEW(fn->arena, bool, fn->npseudo + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO || !(o->flags & OF_DEF))
					continue;
				int p = o->reg, ndef = 0;
				bool consts = true;
				for (int m = 0; m < i->nops; m++) {
					ndef += (i->ops[m].flags & OF_DEF) != 0;
					consts &= (i->ops[m].flags & OF_DEF) ||
						  i->ops[m].kind == OK_IMM ||
						  i->ops[m].kind == OK_SYM;
				}
				bool ok = (i->flags & INS_REMAT) && ndef == 1 &&
					  consts && i->kind == IK_ORD;
				const Ins *d = ra->remat[p];
				if (ok && d) {
					ok = d->nops == i->nops &&
					     d->kind == i->kind &&
					     (d->name == i->name ||
					      (d->name && i->name &&
					       !strcmp(d->name, i->name)));
					for (int m = 0; ok && m < i->nops; m++)
						ok = d->ops[m].kind ==
							     i->ops[m].kind &&
						     d->ops[m].imm ==
							     i->ops[m].imm &&
						     d->ops[m].flags ==
							     i->ops[m].flags &&
						     (d->ops[m].kind != OK_SYM ||
						      !strcmp(d->ops[m].sym,
							      i->ops[m].sym));
				}
				if (!ok)
					no[p] = true;
				else if (!d)
					ra->remat[p] = i;
			}
	for (int p = 0; p < fn->npseudo; p++)
		if (no[p])
			ra->remat[p] = NULL;
}

static bool has_phis(const Fn *fn)
{
	for (int b = 0; b < fn->nblk; b++)
		if (fn->blk[b]->first && fn->blk[b]->first->kind == IK_PHI)
			return true;
	return false;
}

/* Sets up the per-function tables: homes, residents, remats, the odds. */
static bool prepare(RA *ra)
{
	Fn *fn = ra->fn;
	int np = fn->npseudo + 1;
	ra->home = ARENA_NEW(fn->arena, int, np);
	ra->res = ARENA_NEW(fn->arena, int, np);
	ra->dirty = ARENA_NEW(fn->arena, bool, np);
	ra->remat = ARENA_NEW(fn->arena, const Ins *, np);
	for (int p = 0; p < fn->npseudo; p++) {
		ra->res[p] = -1;
		const Pseudo *ps = &fn->pseudo[p];
		if (ps->cls >= 0 && target_nregs(ra->t, ps->cls, ps->size) > 1)
			return fail(ra, "p%d: %d-byte general-register values "
					"are not supported",
				    p, ps->size);
	}
	ra->p_reuse = 50 + (int)(rnd(ra) % 51);
	ra->p_mem = (int)(rnd(ra) % 40);
	ra->p_eager = (int)(rnd(ra) % 40);
	ra->p_shuffle = (int)(rnd(ra) % 30);
	ra->p_remat = (int)(rnd(ra) % 80);
	choose_residents(ra);
	find_remats(ra);
	for (int p = 0; p < fn->npseudo; p++) {
		ra->home[p] = -1;
		if (fn->pseudo[p].cls >= 0 && ra->res[p] < 0)
			ra->home[p] = fn_new_slot(fn, fn->pseudo[p].size);
	}
	return true;
}

Fn *rand_alloc(const Fn *orig, uint64_t seed, char *err, size_t errlen)
{
	RA ra = {.t = orig->target, .err = err, .errlen = errlen,
		 .rng = seed * 0x9e3779b97f4a7c15ull + 1};
	if (orig->unsupported) {
		fail(&ra, "unsupported function: %s", orig->unsupported);
		return NULL;
	}
	Fn *fn = ra.fn = fn_copy(orig);
	if (has_phis(fn))
		cfg_split_critical_edges(fn);
	for (int b = 0; b < fn->nblk; b++)
		for (int k = 0; k < fn->blk[b]->nsucc; k++)
			if ((fn->blk[b]->succ[k].flags & EF_ABNORMAL) &&
			    has_phis(fn) &&
			    cfg_edge_is_critical(fn, b, k)) {
				fail(&ra, "a phi on an abnormal critical edge");
				fn_free(fn);
				return NULL;
			}
	Cfg *cfg = cfg_build(fn);
	ra.lv = live_compute(fn, cfg);
	bool ok = prepare(&ra);
	for (int b = 0; b < fn->nblk && ok; b++)
		ok = do_block(&ra, fn->blk[b]);
	if (!ok) {
		fn_free(fn);
		return NULL;
	}
	for (int b = 0; b < fn->nblk; b++)
		while (fn->blk[b]->first && fn->blk[b]->first->kind == IK_PHI)
			ins_remove(fn->blk[b], fn->blk[b]->first);
	fn->allocated = true;
	return fn;
}
