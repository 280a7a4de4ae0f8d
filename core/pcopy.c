/* pcopy.c - parallel copy sequentialization (see pcopy.h). */
#include "pcopy.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>

/* A location of the parallel copy. */
typedef struct Node {
	Loc loc;
	int pred;   /* node whose initial content it must receive, or -1 */
	int dval;   /* the pair's dval when a destination */
	int cname;  /* pseudo naming its initial content (a reader's sval),
		       or -1 when nothing reads it */
	int nout;   /* copies reading it not yet done */
	int holder; /* a finished destination holding its initial content,
		       or -1 */
	bool done;  /* destination written */
} Node;

typedef struct PC {
	Fn *fn;
	const PcopyIn *in;
	Node *node;
	int nn;
	int reg_node[TGT_NREGS];
	int *slots; /* distinct slot numbers, sorted; slot_node parallel */
	int *slot_node;
	int nslots;
	RegSet free;                /* registers usable as temporaries now */
	int borrowed[RC_NALLOC];    /* per class: index into in->borrow or
				       -1 */
	int bslot[RC_NALLOC];       /* its save slot */
	int tslot;     /* the cycle temporary's scratch slot, or -1 */
	int tsize;     /* its size: the largest value of the copy */
	PcopySeq *out;
	int cap;
	char *err;
	size_t errlen;
} PC;

static bool is_slot(Loc l)
{
	return l.kind == LOC_SLOT;
}

static int lowest(RegSet s)
{
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(s, r))
			return r;
	return -1;
}

/* The class of the value pseudo v. */
static int vcls(const PC *pc, int v)
{
	return pc->fn->pseudo[v].cls;
}

/* Registers of class cls usable as temporaries now. */
static RegSet free_of(const PC *pc, int cls)
{
	return pc->free & pc->fn->target->class_regs[cls];
}

static void emit(PC *pc, Ins *i)
{
	PcopySeq *o = pc->out;
	if (o->nins == pc->cap) {
		int cap = pc->cap ? 2 * pc->cap : 8;
		o->ins = arena_grow(pc->fn->arena, o->ins,
				    sizeof(Ins *) * (size_t)pc->cap,
				    sizeof(Ins *) * (size_t)cap);
		pc->cap = cap;
	}
	o->ins[o->nins++] = i;
	if (i->kind == IK_SWAP)
		o->swaps++;
	else
		o->moves++;
}

static Op named(int val, int flags, Loc l)
{
	return (Op){.kind = OK_PSEUDO, .flags = (uint8_t)flags, .reg = val,
		    .tie = -1, .from = -1, .loc = l};
}

/* `kind =dname @d, sname @s`. */
static void emit2(PC *pc, int kind, int dname, Loc d, int sname, Loc s)
{
	Ins *i = ins_new(pc->fn, kind, 2);
	i->ops[0] = named(dname, OF_DEF, d);
	i->ops[1] = named(sname, OF_USE, s);
	emit(pc, i);
}

static Loc reg_loc(int r)
{
	return (Loc){LOC_REG, r};
}

static Loc slot_loc(int s)
{
	return (Loc){LOC_SLOT, s};
}

/* A register of class cls for a slot -> slot transit, not in avoid: a
 * free one, else the class's first borrowable one (saved now, restored
 * at the end), else -1. */
static int transit_reg(PC *pc, int cls, RegSet avoid)
{
	int r = lowest(free_of(pc, cls) & ~avoid);
	if (r >= 0 || pc->borrowed[cls] >= 0)
		return r;
	for (int k = 0; k < pc->in->nborrow; k++) {
		const PcopyBorrow *b = &pc->in->borrow[k];
		if (vcls(pc, b->val) != cls || RS_HAS(avoid, b->reg))
			continue;
		pc->borrowed[cls] = k;
		pc->bslot[cls] = fn_new_slot(pc->fn, pc->fn->pseudo[b->val].size);
		pc->out->nscratch++;
		emit2(pc, IK_SPILL, b->val, slot_loc(pc->bslot[cls]), b->val,
		      reg_loc(b->reg));
		pc->free |= RS_BIT(b->reg);
		return b->reg;
	}
	return -1;
}

/* d := s, d named dname, the content named sname; a slot to slot copy
 * goes through a transit register of the value's class not in avoid. */
static bool copy(PC *pc, Loc d, int dname, Loc s, int sname, RegSet avoid)
{
	if (!is_slot(d) && !is_slot(s))
		emit2(pc, IK_MOVE, dname, d, sname, s);
	else if (is_slot(d) && !is_slot(s))
		emit2(pc, IK_SPILL, dname, d, sname, s);
	else if (!is_slot(d))
		emit2(pc, IK_RELOAD, dname, d, sname, s);
	else {
		int r = transit_reg(pc, vcls(pc, sname), avoid);
		if (r < 0)
			return err_set(
				pc->err, pc->errlen,
				"a slot to slot copy (s%d to s%d) needs "
				"a %s register and none is free",
				s.num, d.num,
				pc->fn->target->class_name[vcls(pc, sname)]);
		emit2(pc, IK_RELOAD, sname, reg_loc(r), sname, s);
		emit2(pc, IK_SPILL, dname, d, sname, reg_loc(r));
	}
	return true;
}

/* Writes destination node b from src, which holds the content sname. */
static bool copy_node(PC *pc, int b, Loc src, int sname, RegSet avoid)
{
	Node *nb = &pc->node[b];
	nb->done = true;
	return copy(pc, nb->loc, nb->dval, src, sname, avoid);
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* The node of location l, creating it on first sight. */
static int node_of(PC *pc, Loc l)
{
	int *slotp = NULL;
	if (l.kind == LOC_REG) {
		slotp = &pc->reg_node[l.num];
	} else {
		int lo = 0, hi = pc->nslots - 1;
		while (lo <= hi) {
			int mid = (lo + hi) / 2;
			if (pc->slots[mid] == l.num) {
				slotp = &pc->slot_node[mid];
				break;
			}
			if (pc->slots[mid] < l.num)
				lo = mid + 1;
			else
				hi = mid - 1;
		}
	}
	if (*slotp < 0) {
		Node *n = &pc->node[pc->nn];
		*n = (Node){.loc = l, .pred = -1, .dval = -1, .cname = -1,
			    .holder = -1};
		*slotp = pc->nn++;
	}
	return *slotp;
}

/* A location for a value of class cls. */
static bool check_loc(PC *pc, Loc l, int cls)
{
	const Target *t = pc->fn->target;
	if (l.kind == LOC_REG) {
		if (l.num < 0 || l.num >= TGT_NREGS ||
		    !RS_HAS(t->class_regs[cls] & ~t->never_alloc, l.num))
			return err_set(pc->err, pc->errlen,
				       "register %d is not an allocatable "
				       "%s register",
				       l.num, t->class_name[cls]);
		return true;
	}
	if (l.kind == LOC_SLOT) {
		if (l.num < 0 || l.num >= pc->fn->nslot ||
		    pc->fn->slot[l.num].size == 0)
			return err_set(pc->err, pc->errlen,
				       "slot s%d is not declared", l.num);
		return true;
	}
	return err_set(pc->err, pc->errlen, "a location of kind none");
}

static bool check_val(PC *pc, int v)
{
	const Fn *fn = pc->fn;
	if (v < 0 || v >= fn->npseudo || fn->pseudo[v].cls < 0 ||
	    fn->pseudo[v].cls >= RC_NALLOC)
		return err_set(pc->err, pc->errlen,
			       "value p%d is not a declared pseudo of an "
			       "allocatable class",
			       v);
	if (target_nregs(fn->target, fn->pseudo[v].cls,
			 fn->pseudo[v].size) > 1)
		return err_set(pc->err, pc->errlen,
			       "value p%d takes several registers", v);
	return true;
}

static bool check_pair(PC *pc, const PcopyPair *p)
{
	if (!check_val(pc, p->dval) || !check_val(pc, p->sval))
		return false;
	int cls = vcls(pc, p->dval);
	if (vcls(pc, p->sval) != cls)
		return err_set(pc->err, pc->errlen,
			       "p%d <- p%d: values of different classes",
			       p->dval, p->sval);
	return check_loc(pc, p->dst, cls) && check_loc(pc, p->src, cls);
}

/* Validates the pairs and builds the nodes (no-op pairs dropped). */
static bool build(PC *pc)
{
	const PcopyIn *in = pc->in;
	int n = in->npair;
	for (int r = 0; r < TGT_NREGS; r++)
		pc->reg_node[r] = -1;
	pc->slots = ARENA_NEW(pc->fn->arena, int, 2 * n + 1);
	for (int k = 0; k < n; k++) {
		const PcopyPair *p = &in->pair[k];
		if (!check_pair(pc, p))
			return false;
		if (p->dst.kind == LOC_SLOT)
			pc->slots[pc->nslots++] = p->dst.num;
		if (p->src.kind == LOC_SLOT)
			pc->slots[pc->nslots++] = p->src.num;
		int sz = pc->fn->pseudo[p->sval].size;
		if (sz > pc->tsize)
			pc->tsize = sz;
	}
	qsort(pc->slots, (size_t)pc->nslots, sizeof(int), cmp_int);
	int u = 0;
	for (int k = 0; k < pc->nslots; k++)
		if (u == 0 || pc->slots[u - 1] != pc->slots[k])
			pc->slots[u++] = pc->slots[k];
	pc->nslots = u;
	pc->slot_node = ARENA_NEW(pc->fn->arena, int, u + 1);
	for (int k = 0; k < u; k++)
		pc->slot_node[k] = -1;
	pc->node = ARENA_NEW(pc->fn->arena, Node, 2 * n + 1);
	RegSet involved = 0;
	for (int k = 0; k < n; k++) {
		const PcopyPair *p = &in->pair[k];
		int d = node_of(pc, p->dst), s = node_of(pc, p->src);
		if (pc->node[d].dval >= 0)
			return err_set(pc->err, pc->errlen,
				       "two pairs write one destination");
		pc->node[d].dval = p->dval;
		if (p->dst.kind == LOC_REG)
			involved |= RS_BIT(p->dst.num);
		if (p->src.kind == LOC_REG)
			involved |= RS_BIT(p->src.num);
		if (pc->node[s].cname < 0)
			pc->node[s].cname = p->sval;
		else if (vcls(pc, pc->node[s].cname) != vcls(pc, p->sval))
			return err_set(pc->err, pc->errlen,
				       "s%d is read as values of two classes",
				       p->src.num);
		if (d == s)
			continue; /* a no-op */
		pc->node[d].pred = s;
		pc->node[s].nout++;
	}
	const Target *t = pc->fn->target;
	RegSet classes = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		classes |= t->class_regs[c];
	pc->free = in->free & classes & ~t->never_alloc & ~involved;
	for (int k = 0; k < in->nborrow; k++)
		if (RS_HAS(involved | pc->free, in->borrow[k].reg) ||
		    !check_val(pc, in->borrow[k].val) ||
		    !check_loc(pc, reg_loc(in->borrow[k].reg),
			       vcls(pc, in->borrow[k].val)))
			return err_set(pc->err, pc->errlen,
				       "borrowable register %d is free, part "
				       "of the copy, or holds a bad value",
				       in->borrow[k].reg);
	return true;
}

/* Phase 1: every destination not in a cycle, leaves first.  A queue:
 * independent copies come out in the order of the pairs.  Every node
 * enters it at most once. */
static bool trees(PC *pc)
{
	int *ready = ARENA_NEW(pc->fn->arena, int, pc->nn + 1);
	int head = 0, tail = 0;
	for (int b = 0; b < pc->nn; b++)
		if (pc->node[b].pred >= 0 && pc->node[b].nout == 0)
			ready[tail++] = b;
	while (head < tail) {
		int b = ready[head++];
		int a = pc->node[b].pred;
		Node *na = &pc->node[a];
		if (!copy_node(pc, b, na->loc, na->cname, 0))
			return false;
		if (na->holder < 0 || (is_slot(pc->node[na->holder].loc) &&
				       !is_slot(pc->node[b].loc)))
			na->holder = b;
		if (--na->nout == 0 && na->pred >= 0 && !na->done)
			ready[tail++] = a;
	}
	return true;
}

/* Cycle L[0..n-1], L[i] <- L[i+1], all general registers: n-1
 * exchanges. */
static void cycle_swaps(PC *pc, const int *L, int n)
{
	int last = pc->node[L[0]].cname;
	for (int i = 0; i + 1 < n; i++) {
		Node *a = &pc->node[L[i]], *b = &pc->node[L[i + 1]];
		Ins *s = ins_new(pc->fn, IK_SWAP, 2);
		s->ops[0] = named(a->dval, OF_USE | OF_DEF, a->loc);
		s->ops[1] = named(last, OF_USE | OF_DEF, b->loc);
		emit(pc, s);
		a->done = true;
	}
	pc->node[L[n - 1]].done = true;
}

/* Whether the edge L[i] <- L[i+1] (x <- y) copies slot to slot. */
static bool both_slots(const PC *pc, int x, int y)
{
	return is_slot(pc->node[x].loc) && is_slot(pc->node[y].loc);
}

/* Writes L[j], L[j+1], ..., L[j-2] from their successors in the cycle
 * (L[j]'s initial content is safe elsewhere), avoiding registers avoid
 * for transits. */
static bool cycle_chain(PC *pc, const int *L, int n, int j, RegSet avoid)
{
	for (int s = 0; s + 1 < n; s++) {
		int i = (j + s) % n, nx = (i + 1) % n;
		Node *src = &pc->node[L[nx]];
		if (!copy_node(pc, L[i], src->loc, src->cname, avoid))
			return false;
	}
	return true;
}

/* Cycle L[0..n-1], L[i] <- L[i+1], by moves: unrolled through a tail
 * copy when there is one, else through a temporary. */
static bool cycle_moves(PC *pc, const int *L, int n)
{
	/* A tail: L[j]'s content already sits in a finished destination;
	 * the edge L[j-1] <- L[j] then reads that holder.  Prefer register
	 * holders, then fewer slot transits. */
	int ss = 0; /* slot -> slot edges */
	for (int i = 0; i < n; i++)
		ss += both_slots(pc, L[i], L[(i + 1) % n]);
	int bestj = -1, bestcost = 1 << 30;
	for (int j = 0; j < n; j++) {
		int h = pc->node[L[j]].holder;
		if (h < 0)
			continue;
		int prev = L[(j + n - 1) % n];
		int cost = 4 * is_slot(pc->node[h].loc) + ss -
			   both_slots(pc, prev, L[j]) +
			   (is_slot(pc->node[h].loc) &&
			    is_slot(pc->node[prev].loc));
		if (cost < bestcost) {
			bestcost = cost;
			bestj = j;
		}
	}
	if (bestj >= 0) {
		int j = bestj, prev = L[(j + n - 1) % n];
		Node *h = &pc->node[pc->node[L[j]].holder];
		if (!cycle_chain(pc, L, n, j, 0))
			return false;
		return copy_node(pc, prev, h->loc, pc->node[L[j]].cname, 0);
	}
	/* Through a temporary of the class of L[j]'s content: a register
	 * when one is free and a second one of that class is free or not
	 * needed by the transits the break leaves (the fewest transits
	 * first); else a scratch slot (the fewest transits, counting those
	 * into and out of the slot). */
	int ssc[RC_NALLOC] = {0}; /* slot -> slot edges per value class */
	for (int i = 0; i < n; i++) {
		int y = L[(i + 1) % n];
		if (both_slots(pc, L[i], y))
			ssc[vcls(pc, pc->node[y].cname)]++;
	}
	int regj = -1, regcost = 1 << 30, slotj = 0, slotcost = 1 << 30;
	for (int j = 0; j < n; j++) {
		int prev = L[(j + n - 1) % n];
		int cj = vcls(pc, pc->node[L[j]].cname);
		/* the transits of cj's class the break leaves */
		int same = ssc[cj] - both_slots(pc, prev, L[j]);
		int rc = ss - both_slots(pc, prev, L[j]);
		int sc = rc + is_slot(pc->node[L[j]].loc) +
			 is_slot(pc->node[prev].loc);
		int nfree = regset_count(free_of(pc, cj));
		if (nfree >= 1 + (same > 0) && rc < regcost) {
			regcost = rc;
			regj = j;
		}
		if (sc < slotcost) {
			slotcost = sc;
			slotj = j;
		}
	}
	int j = regj >= 0 ? regj : slotj;
	int prev = L[(j + n - 1) % n];
	Node *nj = &pc->node[L[j]];
	Loc tmp;
	RegSet avoid = 0;
	if (regj >= 0) {
		int r = lowest(free_of(pc, vcls(pc, nj->cname)));
		tmp = reg_loc(r);
		avoid = RS_BIT(r);
	} else {
		if (pc->tslot < 0) {
			pc->tslot = fn_new_slot(pc->fn, pc->tsize);
			pc->out->nscratch++;
		}
		tmp = slot_loc(pc->tslot);
	}
	if (!copy(pc, tmp, nj->cname, nj->loc, nj->cname, 0) ||
	    !cycle_chain(pc, L, n, j, avoid))
		return false;
	return copy_node(pc, prev, tmp, nj->cname, avoid);
}

/* Phase 2: the remaining destinations form disjoint cycles. */
static bool cycles(PC *pc)
{
	int *L = ARENA_NEW(pc->fn->arena, int, pc->nn + 1);
	const Target *t = pc->fn->target;
	for (int x = 0; x < pc->nn; x++) {
		if (pc->node[x].pred < 0 || pc->node[x].done)
			continue;
		int n = 0;
		bool gprs = !pc->in->no_swaps;
		int y = x;
		do {
			L[n++] = y;
			Loc l = pc->node[y].loc;
			gprs &= l.kind == LOC_REG &&
				RS_HAS(t->class_regs[RC_GPR], l.num);
			y = pc->node[y].pred;
		} while (y != x);
		if (gprs)
			cycle_swaps(pc, L, n);
		else if (!cycle_moves(pc, L, n))
			return false;
	}
	return true;
}

bool pcopy_sequentialize(Fn *fn, const PcopyIn *in, PcopySeq *out, char *err,
			 size_t errlen)
{
	*out = (PcopySeq){0};
	PC pc = {.fn = fn, .in = in, .out = out, .tslot = -1, .err = err,
		 .errlen = errlen};
	for (int c = 0; c < RC_NALLOC; c++)
		pc.borrowed[c] = -1;
	if (!build(&pc) || !trees(&pc) || !cycles(&pc))
		return false;
	for (int c = 0; c < RC_NALLOC; c++)
		if (pc.borrowed[c] >= 0) {
			const PcopyBorrow *b = &in->borrow[pc.borrowed[c]];
			emit2(&pc, IK_RELOAD, b->val, reg_loc(b->reg), b->val,
			      slot_loc(pc.bslot[c]));
		}
	return true;
}

void pcopy_insert(Blk *b, Ins *at, const PcopySeq *seq)
{
	for (int k = 0; k < seq->nins; k++)
		ins_insert_before(b, at, seq->ins[k]);
}
