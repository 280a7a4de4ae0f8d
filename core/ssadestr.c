/* ssadestr.c - phis to sequentialized parallel copies on edges, locations
 * onto operands, original names back (see ssadestr.h). */
#include "ssadestr.h"
#include "err.h"

#include <stdio.h>
#include <stdlib.h>

#include "cfg.h"
#include "liveness.h"
#include "pcopy.h"

typedef struct SD {
	Fn *fn;
	const Ssa *ssa;
	const Loc *loc_of;
	const Live *lv;
	bool *has_def; /* per pseudo: some operand defines it */
	const RegSet *within; /* per class: the registers temporaries may
				 use (the allocation's set), or NULL: any
				 allocatable register */
	SsaDestrStats st;
	char *err;
	size_t errlen;
} SD;

static bool loc_eq(Loc a, Loc b)
{
	return a.kind == b.kind && (a.kind == LOC_NONE || a.num == b.num);
}

static void loc_str(const Fn *fn, Loc l, char *buf, size_t len)
{
	if (l.kind == LOC_REG)
		snprintf(buf, len, "%s", fn->target->regs[l.num].name);
	else if (l.kind == LOC_SLOT)
		snprintf(buf, len, "s%d", l.num);
	else
		snprintf(buf, len, "nowhere");
}

/* pseudo_loc for a location *l = loc_of[p] that is no register. */
static bool pseudo_loc_other(const SD *sd, int p, const Loc *l)
{
	const Fn *fn = sd->fn;
	if (l->kind == LOC_SLOT && l->num >= 0 && l->num < fn->nslot &&
	    fn->slot[l->num].size > 0)
		return true;
	return err_set(sd->err, sd->errlen, "p%d has no valid location", p);
}

/* The location of pseudo p, checked; a register's test inline. */
static inline bool pseudo_loc(SD *sd, int p, Loc *l)
{
	*l = sd->loc_of[p];
	if (l->kind == LOC_REG && l->num >= 0 && l->num < TGT_NREGS)
		return true;
	return pseudo_loc_other(sd, p, l);
}

/* Where the value of operand o is: its own location when it has one,
 * else its pseudo's location or its hard register. */
static inline bool op_loc(SD *sd, const Op *o, Loc *l)
{
	if (o->loc.kind != LOC_NONE) {
		*l = o->loc;
		return true;
	}
	if (o->kind == OK_HREG) {
		*l = (Loc){LOC_REG, o->reg};
		return true;
	}
	if (o->kind == OK_PSEUDO)
		return pseudo_loc(sd, o->reg, l);
	return err_set(sd->err, sd->errlen, "a copy of a constant");
}

/* Whether the copy def <- src moves something; false for a source that
 * is an undefined version (a pseudo without definition). */
static bool pair_needed(SD *sd, const Op *def, const Op *src, bool *need)
{
	*need = false;
	if (src->kind == OK_PSEUDO && !sd->has_def[src->reg])
		return true;
	Loc d = {LOC_NONE, 0}, s = {LOC_NONE, 0};
	if (!op_loc(sd, def, &d) || !op_loc(sd, src, &s))
		return false;
	*need = !loc_eq(d, s);
	return true;
}

/* A branch the copies may precede: defines nothing, names no pseudo and
 * no allocatable register. */
static bool plain_branch(const Fn *fn, const Ins *i)
{
	RegSet alloc = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		alloc |= fn->target->class_regs[c];
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if ((o->flags & OF_DEF) || o->kind == OK_PSEUDO ||
		    (o->kind == OK_HREG && RS_HAS(alloc, o->reg)))
			return false;
	}
	return true;
}

/* Whether the copies of p's only out-edge can go at the end of p. */
static bool end_ok(const Fn *fn, const Blk *p)
{
	if (p->nsucc != 1)
		return false;
	bool abnormal = p->succ[0].flags & EF_ABNORMAL;
	const Ins *l = p->last;
	if (!l || l->kind != IK_BRANCH)
		return !abnormal;
	return plain_branch(fn, l);
}

/* Whether the copies of b's only in-edge can go at the start of b. */
static bool start_ok(const Fn *fn, const Blk *b)
{
	return b->npred == 1 && b->idx != fn->entry;
}

static bool has_phis(const Blk *b)
{
	return b->first && b->first->kind == IK_PHI;
}

/* Marks in *s the registers location l takes for a value of pseudo v
 * (a hard register: one). */
static inline void occupy_loc(const SD *sd, Loc l, int v, RegSet *s)
{
	const Fn *fn = sd->fn;
	if (l.kind != LOC_REG || l.num < 0 || l.num >= TGT_NREGS)
		return;
	int n = v >= 0 && v < fn->npseudo && fn->pseudo[v].cls >= 0
			? target_nregs(fn->target, fn->pseudo[v].cls,
				       fn->pseudo[v].size)
			: 1;
	for (int r = l.num; r < l.num + n && r < TGT_NREGS; r++)
		*s |= RS_BIT(r);
}

/* Marks the registers of live value v (pseudo or hard register) in *s. */
static void occupy_value(const SD *sd, int v, RegSet *s)
{
	const Fn *fn = sd->fn;
	if (v < 0)
		return;
	if (v >= fn->npseudo)
		occupy_loc(sd, (Loc){LOC_REG, v - fn->npseudo}, -1, s);
	else
		occupy_loc(sd, sd->loc_of[v], v, s);
}

/* The pairs of one parallel copy, and the registers it must not use as
 * temporaries. */
typedef struct CopySet {
	PcopyPair *pair;
	int n;
	RegSet busy;
} CopySet;

static void copyset_init(SD *sd, CopySet *cs, int cap)
{
	cs->pair = ARENA_NEW(sd->fn->arena, PcopyPair, cap + 1);
	cs->n = 0;
	cs->busy = 0;
}

/* Where a copy set comes from, for messages (formatted only for one):
 * the phis of block b from block p, or, when ins is set, the inserted
 * copy ins of block b. */
typedef struct What {
	int b, p;
	const Ins *ins;
} What;

/* w as text in buf. */
static const char *what_str(const What *w, char *buf, size_t len)
{
	if (w->ins)
		snprintf(buf, len, "b%d: inserted %s", w->b,
			 ins_kind_name(w->ins->kind));
	else
		snprintf(buf, len, "phis of b%d from b%d", w->b, w->p);
	return buf;
}

/* Adds def <- src to cs when it moves something.  Either way both values
 * occupy their registers across the copy (a value that stays where it is
 * is still live there). */
static bool copyset_add(SD *sd, CopySet *cs, const Op *d, const Op *s,
			const What *wh)
{
	Fn *fn = sd->fn;
	char what[64];
	bool need;
	if (!pair_needed(sd, d, s, &need))
		return false;
	Loc dl = {LOC_NONE, 0}, sl = {LOC_NONE, 0};
	if (op_loc(sd, d, &dl))
		occupy_loc(sd, dl, d->kind == OK_PSEUDO ? d->reg : -1,
			   &cs->busy);
	if (s->kind == OK_PSEUDO && !sd->has_def[s->reg])
		return true;
	if (!op_loc(sd, s, &sl))
		return false;
	occupy_loc(sd, sl, s->kind == OK_PSEUDO ? s->reg : -1, &cs->busy);
	if (!need)
		return true;
	if (d->kind != OK_PSEUDO && s->kind != OK_PSEUDO)
		return err_set(sd->err, sd->errlen,
			       "%s: a copy between hard registers",
			       what_str(wh, what, sizeof what));
	int dval = d->kind == OK_PSEUDO ? d->reg : s->reg;
	int sval = s->kind == OK_PSEUDO ? s->reg : dval;
	if (op_class(fn, d) != op_class(fn, s))
		return err_set(sd->err, sd->errlen,
			       "%s: p%d <- p%d between classes",
			       what_str(wh, what, sizeof what), dval, sval);
	cs->pair[cs->n++] = (PcopyPair){dl, sl, dval, sval};
	return true;
}

/* Sequentializes cs into *seq (not linked).  The registers free there
 * are the allocatable ones not in cs->busy; those holding a pseudo of
 * live[0..nlive-1] (values live across the copy) may be borrowed. */
static bool sequentialize(SD *sd, const CopySet *cs, const int *live,
			  int nlive, PcopySeq *seq, const What *wh)
{
	Fn *fn = sd->fn;
	const Target *t = fn->target;
	*seq = (PcopySeq){0};
	if (!cs->n)
		return true;
	RegSet involved = 0;
	for (int k = 0; k < cs->n; k++) {
		occupy_loc(sd, cs->pair[k].dst, cs->pair[k].dval, &involved);
		occupy_loc(sd, cs->pair[k].src, cs->pair[k].sval, &involved);
	}
	RegSet alloc = 0;
	bool every_class_free = true;
	for (int c = 0; c < RC_NALLOC; c++) {
		RegSet a = fn_allocatable(fn, c);
		if (sd->within)
			a &= sd->within[c];
		alloc |= a;
		every_class_free &= (a & ~cs->busy) != 0;
	}
	RegSet free = alloc & ~cs->busy;
	/* registers to borrow only matter when a class has none free */
	if (every_class_free)
		nlive = 0;
	PcopyBorrow *borrow = ARENA_NEW(fn->arena, PcopyBorrow, nlive + 1);
	int nborrow = 0;
	RegSet lent = 0;
	for (int k = 0; k < nlive; k++) {
		int v = live[k];
		if (v < 0 || v >= fn->npseudo)
			continue;
		int cls = fn->pseudo[v].cls;
		Loc l = sd->loc_of[v];
		if (cls < 0 || cls >= RC_NALLOC || l.kind != LOC_REG ||
		    !RS_HAS(fn_allocatable(fn, cls), l.num) ||
		    RS_HAS(involved | lent, l.num) ||
		    target_nregs(t, cls, fn->pseudo[v].size) > 1)
			continue;
		lent |= RS_BIT(l.num);
		borrow[nborrow++] = (PcopyBorrow){l.num, v};
	}
	PcopyIn in = {.pair = cs->pair, .npair = cs->n, .free = free,
		      .borrow = borrow, .nborrow = nborrow};
	char why[200], what[64];
	if (!pcopy_sequentialize(fn, &in, seq, why, sizeof why))
		return err_set(sd->err, sd->errlen, "%s: %s",
			       what_str(wh, what, sizeof what), why);
	sd->st.moves += seq->moves;
	sd->st.swaps += seq->swaps;
	sd->st.nscratch += seq->nscratch;
	sd->st.npcopy += seq->nins > 0;
	return true;
}

/* Puts the sources of every phi of b into predecessor order (the text
 * format only requires them to match the predecessor edges as a
 * multiset; cfg_split_edges and lower_phis need the order).  O(phi
 * operands + predecessors).  pos: per block, -1 on entry and on return;
 * nextp: scratch of npred + fn->nblk ints. */
static bool canonical_phis(SD *sd, Blk *b, int *pos, int *nextp)
{
	Fn *fn = sd->fn;
	int np = b->npred;
	int *link = nextp; /* per predecessor position: the next position
			      with the same predecessor block, or -1 */
	for (int e = np - 1; e >= 0; e--) {
		link[e] = pos[b->pred[e]];
		pos[b->pred[e]] = e;
	}
	int *head = nextp + np; /* per phi: cursor copies of pos */
	bool ok = true;
	for (Ins *i = b->first; ok && i && i->kind == IK_PHI; i = i->next) {
		if (i->nops != 1 + np) {
			ok = err_set(sd->err, sd->errlen,
				     "b%d: a phi with %d sources for %d "
				     "predecessors",
				     b->id, i->nops - 1, np);
			break;
		}
		Op *tmp = ARENA_NEW(fn->arena, Op, np + 1);
		for (int e = 0; e < np; e++)
			head[b->pred[e]] = pos[b->pred[e]];
		for (int k = 1; k <= np && ok; k++) {
			int f = i->ops[k].from;
			int e = f >= 0 && f < fn->nblk ? head[f] : -1;
			/* head[] of a block that is no predecessor is stale */
			if (e < 0 || e >= np || b->pred[e] != f) {
				ok = err_set(sd->err, sd->errlen,
					     "b%d: a phi source from a block "
					     "that is no predecessor",
					     b->id);
				break;
			}
			head[f] = link[e];
			tmp[e] = i->ops[k];
		}
		for (int e = 0; ok && e < np; e++)
			i->ops[1 + e] = tmp[e];
	}
	for (int e = 0; e < np; e++)
		pos[b->pred[e]] = -1;
	return ok;
}

/* Where the copies of one edge go. */
enum { AT_END, AT_START, AT_SPLIT };

/* The sequence of one in-edge of a block with phis. */
typedef struct EdgeSeq {
	int b, e;    /* target block, position among its predecessors */
	int p, k;    /* source block, position among its successors */
	int at;      /* AT_* */
	PcopySeq seq;
} EdgeSeq;

/* Marks in *s the registers of operand o (a pseudo at its location, a
 * hard register; nothing for a constant). */
static void occupy_op(const SD *sd, const Op *o, RegSet *s)
{
	if (o->kind == OK_HREG)
		occupy_loc(sd, (Loc){LOC_REG, o->reg}, -1, s);
	else if (o->kind == OK_PSEUDO)
		occupy_loc(sd, o->loc.kind != LOC_NONE ? o->loc
						       : sd->loc_of[o->reg],
			   o->reg, s);
}

/* The registers that the copies of the abnormal edge p -> b (p has other
 * successors, b other predecessors) may not write before p's last
 * instruction: those of the values live into p's other successors, of
 * the phi definitions there and their sources from p, and those p's last
 * instruction reads.  All registers when that instruction is not a
 * branch defining nothing (a call: control may leave inside it). */
static RegSet end_abnormal_busy(const SD *sd, const Blk *p, const Blk *b)
{
	const Fn *fn = sd->fn;
	const Ins *l = p->last;
	if (!l || l->kind != IK_BRANCH)
		return ~(RegSet)0;
	RegSet busy = 0;
	for (int k = 0; k < l->nops; k++) {
		if (l->ops[k].flags & OF_DEF)
			return ~(RegSet)0;
		occupy_op(sd, &l->ops[k], &busy);
	}
	for (int k = 0; k < p->nsucc; k++) {
		const Blk *t = fn->blk[p->succ[k].blk];
		if (t == b)
			continue;
		for (int j = 0; j < sd->lv->nin[t->idx]; j++)
			occupy_value(sd, sd->lv->in[t->idx][j], &busy);
		for (const Ins *i = t->first; i && i->kind == IK_PHI;
		     i = i->next) {
			occupy_op(sd, &i->ops[0], &busy);
			for (int e = 0; e < t->npred && 1 + e < i->nops; e++)
				if (t->pred[e] == p->idx)
					occupy_op(sd, &i->ops[1 + e], &busy);
		}
	}
	return busy;
}

/* Whether every destination of cs is a register outside busy. */
static bool dests_outside(const SD *sd, const CopySet *cs, RegSet busy)
{
	for (int j = 0; j < cs->n; j++) {
		RegSet d = 0;
		if (cs->pair[j].dst.kind != LOC_REG)
			return false;
		occupy_loc(sd, cs->pair[j].dst, cs->pair[j].dval, &d);
		if (d & busy)
			return false;
	}
	return true;
}

/* The refusal of the copies cs on the abnormal edge p -> b, naming
 * each copy (destination <- source) and the registers of p's other
 * successors (busy) that they would overwrite. */
static bool abnormal_fail(SD *sd, const CopySet *cs, const Blk *b,
			  const Blk *p, RegSet busy)
{
	char list[256] = "";
	size_t n = 0;
	for (int j = 0; j < cs->n && n + 40 < sizeof list; j++) {
		char d[16], s[16];
		loc_str(sd->fn, cs->pair[j].dst, d, sizeof d);
		loc_str(sd->fn, cs->pair[j].src, s, sizeof s);
		n += (size_t)snprintf(list + n, sizeof list - n, "%s%s <- %s",
				      j ? ", " : "", d, s);
	}
	char used[160] = "";
	size_t m = 0;
	for (int j = 0; j < cs->n && m + 12 < sizeof used; j++) {
		RegSet d = 0;
		if (cs->pair[j].dst.kind == LOC_REG)
			occupy_loc(sd, cs->pair[j].dst, cs->pair[j].dval, &d);
		for (RegSet x = d & busy; x && m + 12 < sizeof used;
		     x &= x - 1) {
			int r = 0;
			while (!RS_HAS(x, r))
				r++;
			m += (size_t)snprintf(used + m, sizeof used - m, " %s",
					      sd->fn->target->regs[r].name);
		}
	}
	if (busy == ~(RegSet)0)
		return err_set(sd->err, sd->errlen,
			       "the phis of b%d need copies on the abnormal "
			       "edge from b%d (%s), and b%d ends in no "
			       "plain branch (nothing may go before it)",
			       b->id, p->id, list, p->id);
	return err_set(sd->err, sd->errlen,
		       "the phis of b%d need copies on the abnormal edge "
		       "from b%d (%s), and before its jump they would "
		       "overwrite what its other successors read:%s",
		       b->id, p->id, list, used);
}

/* The sequence implementing what b's phis do on its e-th in-edge, the
 * k-th out-edge of p (both classes at once: they share the slots), and
 * where it goes (ssadestr.h).  livebusy: the registers of the values
 * live into b.  Appends to *out when something moves. */
static bool sequence_edge(SD *sd, Blk *b, int e, int k, RegSet livebusy,
			  EdgeSeq *out, int *nout)
{
	Fn *fn = sd->fn;
	Blk *p = fn->blk[b->pred[e]];
	int nphi = 0;
	for (Ins *i = b->first; i && i->kind == IK_PHI; i = i->next)
		nphi++;
	What wh = {b->id, p->id, NULL};
	char what[64];
	CopySet cs;
	copyset_init(sd, &cs, nphi);
	for (Ins *i = b->first; i && i->kind == IK_PHI; i = i->next) {
		if (i->ops[0].kind != OK_PSEUDO)
			return err_set(sd->err, sd->errlen,
				       "%s: a phi defines a hard register",
				       what_str(&wh, what, sizeof what));
		if (!copyset_add(sd, &cs, &i->ops[0], &i->ops[1 + e], &wh))
			return false;
	}
	if (!cs.n)
		return true;
	EdgeSeq *es = &out[(*nout)++];
	*es = (EdgeSeq){.b = b->idx, .e = e, .p = p->idx, .k = k};
	if (end_ok(fn, p))
		es->at = AT_END;
	else if (start_ok(fn, b))
		es->at = AT_START;
	else if (p->succ[k].flags & EF_ABNORMAL) {
		/* before p's last instruction, when that harms no other
		 * successor of p (ssadestr.h) */
		RegSet other = end_abnormal_busy(sd, p, b);
		if (!dests_outside(sd, &cs, other))
			return abnormal_fail(sd, &cs, b, p, other);
		es->at = AT_END;
		livebusy |= other;
	} else
		es->at = AT_SPLIT;
	cs.busy |= livebusy;
	return sequentialize(sd, &cs, sd->lv->in[b->idx], sd->lv->nin[b->idx],
			     &es->seq, &wh);
}

static int cmp_edge(const void *x, const void *y)
{
	const EdgeSeq *a = x, *b = y;
	if (a->p != b->p)
		return (a->p > b->p) - (a->p < b->p);
	return (a->k > b->k) - (a->k < b->k);
}

/* Replaces the phis by their edges' sequences: all sequences first
 * (while the phis and the liveness are there), then the phis go, then
 * the edges that need it are split at once (cfg_split_edges: without
 * phis left, in O(blocks + edges)), then the sequences are linked in.
 * Visiting sources in block order and successors in order meets each
 * target's predecessors in canonical order, so a cursor per target gives
 * an out-edge's position among the target's in-edges.  O(edges + phi
 * operands + live-in sets of the blocks with phis), plus the copies. */
static bool lower_phis(SD *sd)
{
	Fn *fn = sd->fn;
	int nb = fn->nblk, nedge = 0, nphiedge = 0;
	for (int b = 0; b < nb; b++)
		nedge += fn->blk[b]->nsucc;
	int *pos = ARENA_NEW(fn->arena, int, nb + 1);
	int *scratch = ARENA_NEW(fn->arena, int, nb + nedge + 1);
	for (int b = 0; b < nb; b++)
		pos[b] = -1;
	for (int b = 0; b < nb; b++)
		if (has_phis(fn->blk[b])) {
			nphiedge += fn->blk[b]->npred;
			if (!canonical_phis(sd, fn->blk[b], pos, scratch))
				return false;
		}
	/* succ_of[b][e]: the out-edge index of b's e-th in-edge */
	int **succ_of = ARENA_NEW(fn->arena, int *, nb + 1);
	int *cursor = ARENA_NEW(fn->arena, int, nb + 1);
	for (int b = 0; b < nb; b++)
		succ_of[b] = ARENA_NEW(fn->arena, int, fn->blk[b]->npred + 1);
	for (int p = 0; p < nb; p++)
		for (int k = 0; k < fn->blk[p]->nsucc; k++) {
			int t = fn->blk[p]->succ[k].blk;
			succ_of[t][cursor[t]++] = k;
		}
	EdgeSeq *es = ARENA_NEW(fn->arena, EdgeSeq, nphiedge + 1);
	int nes = 0;
	for (int b = 0; b < nb; b++) {
		Blk *bb = fn->blk[b];
		if (!has_phis(bb))
			continue;
		RegSet livebusy = 0;
		for (int k = 0; k < sd->lv->nin[b]; k++)
			occupy_value(sd, sd->lv->in[b][k], &livebusy);
		for (int e = 0; e < bb->npred; e++)
			if (!sequence_edge(sd, bb, e, succ_of[b][e], livebusy,
					   es, &nes))
				return false;
	}
	for (int b = 0; b < nb; b++)
		while (has_phis(fn->blk[b]))
			ins_remove(fn->blk[b], fn->blk[b]->first);
	/* split, in (source, successor) order */
	qsort(es, (size_t)nes, sizeof(EdgeSeq), cmp_edge);
	int *from = ARENA_NEW(fn->arena, int, nes + 1);
	int *ks = ARENA_NEW(fn->arena, int, nes + 1);
	Blk **made = ARENA_NEW(fn->arena, Blk *, nes + 1);
	int nsplit = 0;
	for (int j = 0; j < nes; j++)
		if (es[j].at == AT_SPLIT) {
			from[nsplit] = es[j].p;
			ks[nsplit++] = es[j].k;
		}
	cfg_split_edges(fn, from, ks, nsplit, made);
	sd->st.nsplit = nsplit;
	for (int j = 0, s = 0; j < nes; j++) {
		Blk *p = fn->blk[es[j].p], *b = fn->blk[es[j].b];
		if (es[j].at == AT_SPLIT)
			pcopy_insert(made[s++], NULL, &es[j].seq);
		else if (es[j].at == AT_END)
			pcopy_insert(p, p->last && p->last->kind == IK_BRANCH
						? p->last
						: NULL,
				     &es[j].seq);
		else
			pcopy_insert(b, b->first, &es[j].seq);
	}
	return true;
}

/* Whether i is a copy that an earlier phase inserted (uid 0): a
 * parallel copy made for constraints, to be sequentialized in place. */
static bool inserted_copy(const Ins *i)
{
	return i->uid == 0 && (i->kind == IK_PCOPY || i->kind == IK_COPY);
}

/* Requires top the first inserted copy of block b.  Replaces the
 * inserted copies of b by sequences, with the registers free there: none
 * of a value live after the copy, no source, no destination.  A backward
 * walk from live_out(b), ending at top (nothing above it needs the live
 * set). */
static bool lower_block_copies(SD *sd, Blk *b, const Ins *top, LiveSet *s)
{
	Fn *fn = sd->fn;
	live_set_out(sd->lv, b->idx, s);
	for (Ins *i = b->last, *prev; i; i = prev) {
		prev = i->prev;
		if (i->kind == IK_PHI)
			break;
		if (inserted_copy(i)) {
			What wh = {b->id, -1, i};
			char what[64];
			if (i->nops % 2)
				return err_set(sd->err, sd->errlen,
					       "%s: odd operand count",
					       what_str(&wh, what, sizeof what));
			CopySet cs;
			copyset_init(sd, &cs, i->nops / 2);
			for (int k = 0; k + 1 < i->nops; k += 2)
				if (!copyset_add(sd, &cs, &i->ops[k],
						 &i->ops[k + 1], &wh))
					return false;
			for (int k = 0; k < s->n; k++)
				occupy_value(sd, s->dense[k], &cs.busy);
			PcopySeq seq;
			if (!sequentialize(sd, &cs, s->dense, s->n, &seq, &wh))
				return false;
			pcopy_insert(b, i, &seq);
			ins_remove(b, i);
			if (i == top)
				break;
		}
		live_step_back(fn, i, s);
	}
	return true;
}

static bool lower_inserted_copies(SD *sd)
{
	Fn *fn = sd->fn;
	if (!fn->nblk)
		return true;
	LiveSet s;
	lset_init(&s, fn->arena, sd->lv->nval);
	for (int b = 0; b < fn->nblk; b++) {
		const Ins *top = fn->blk[b]->first;
		while (top && !inserted_copy(top))
			top = top->next;
		if (top && !lower_block_copies(sd, fn->blk[b], top, &s))
			return false;
	}
	return true;
}

/* Every pseudo operand without a location gets loc_of. */
static bool write_locations(SD *sd)
{
	Fn *fn = sd->fn;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if ((o->kind != OK_PSEUDO) |
				    (o->loc.kind != LOC_NONE))
					continue;
				if (o->reg < 0 || o->reg >= fn->npseudo)
					return err_set(sd->err, sd->errlen,
						       "p%d is not declared",
						       o->reg);
				if (!pseudo_loc(sd, o->reg, &o->loc))
					return false;
			}
	return true;
}

bool ssa_destruct(Fn *fn, const Ssa *ssa, const Loc *loc_of,
		  SsaDestrStats *st, char *err, size_t errlen)
{
	return ssa_destruct_within(fn, ssa, loc_of, NULL, st, err, errlen);
}

bool ssa_destruct_within(Fn *fn, const Ssa *ssa, const Loc *loc_of,
			 const RegSet *within, SsaDestrStats *st, char *err,
			 size_t errlen)
{
	return ssa_destruct_live(fn, ssa, loc_of, within, NULL, st, err,
				 errlen);
}

bool ssa_destruct_live(Fn *fn, const Ssa *ssa, const Loc *loc_of,
		       const RegSet *within, const Live *lv, SsaDestrStats *st,
		       char *err, size_t errlen)
{
	SD sd = {.fn = fn, .ssa = ssa, .loc_of = loc_of, .within = within,
		 .err = err, .errlen = errlen};
	if (fn->allocated)
		return err_set(err, errlen,
			       "the function is already allocated");
	/* the predecessor arrays too: current with lv, else rebuilt */
	if (fn->nblk > 0)
		sd.lv = lv ? lv : live_compute(fn, cfg_build(fn));
	sd.has_def = ARENA_NEW(fn->arena, bool, fn->npseudo + 1);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if ((i->ops[k].kind == OK_PSEUDO) &
				    ((i->ops[k].flags & OF_DEF) != 0))
					sd.has_def[i->ops[k].reg] = true;
	if (!lower_inserted_copies(&sd) || !lower_phis(&sd) ||
	    !write_locations(&sd) ||
	    !ssa_rename_to_origin(fn, ssa, err, errlen))
		return false;
	fn->allocated = true;
	if (st)
		*st = sd.st;
	return true;
}

/* Drops instruction i's appended uses, restoring its read-modify-write
 * operands; with locations, each appended use must sit with its operand. */
static bool restore_rmw(Fn *fn, const Ssa *ssa, Ins *i, char *err,
			size_t errlen)
{
	int n;
	const SsaRmw *r = ssa_rmw_of(ssa, i->uid, &n);
	if (!n)
		return true;
	int n0 = r[0].use;
	if (i->nops != n0 + n)
		return err_set(err, errlen, "uid %d: %d operands, %d expected",
			       i->uid, i->nops, n0 + n);
	for (int k = 0; k < n; k++) {
		Op *d = &i->ops[r[k].op], *u = &i->ops[r[k].use];
		if (u->tie != r[k].op)
			return err_set(err, errlen,
				       "uid %d: operand %d is not the "
				       "appended use of operand %d",
				       i->uid, r[k].use, r[k].op);
		if ((d->loc.kind != LOC_NONE || u->loc.kind != LOC_NONE) &&
		    !loc_eq(d->loc, u->loc)) {
			char a[16], b[16];
			loc_str(fn, d->loc, a, sizeof a);
			loc_str(fn, u->loc, b, sizeof b);
			return err_set(err, errlen,
				       "uid %d: operand %d is at %s "
				       "but the value it modifies "
				       "at %s",
				       i->uid, r[k].op, a, b);
		}
		d->flags = r[k].flags;
		d->sub_off = r[k].sub_off;
		d->sub_size = r[k].sub_size;
	}
	i->nops = n0;
	return true;
}

/* Operand o names a register part (SSA_PART): it becomes the hard
 * register of its location (a move of one register of a wider value). */
static bool part_to_hreg(const Blk *b, Op *o, char *err, size_t errlen)
{
	if (o->loc.kind != LOC_REG || o->loc.num < 0 || o->loc.num >= TGT_NREGS)
		return err_set(err, errlen,
			       "b%d: register part p%d is not in a "
			       "register",
			       b->id, o->reg);
	o->kind = OK_HREG;
	o->reg = o->loc.num;
	o->loc = (Loc){LOC_NONE, 0};
	return true;
}

bool ssa_rename_to_origin(Fn *fn, const Ssa *ssa, char *err, size_t errlen)
{
	/* the uids with appended uses lie in [ulo, uhi] (ssa->rmw is
	 * sorted by uid): the others are not looked up */
	int ulo = ssa->nrmw ? ssa->rmw[0].uid : 1;
	int uhi = ssa->nrmw ? ssa->rmw[ssa->nrmw - 1].uid : 0;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		for (Ins *i = bb->first, *next; i; i = next) {
			next = i->next;
			if (i->kind == IK_PHI && i->uid == 0) {
				ins_remove(bb, i);
				continue;
			}
			if (i->uid > 0 && i->uid >= ulo && i->uid <= uhi &&
			    !restore_rmw(fn, ssa, i, err, errlen))
				return false;
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO)
					continue;
				if (o->reg >= 0 && o->reg < ssa->norigin &&
				    ssa->origin[o->reg] == SSA_PART) {
					if (!part_to_hreg(bb, o, err, errlen))
						return false;
					continue;
				}
				if (o->reg < 0 || o->reg >= ssa->norigin ||
				    ssa->origin[o->reg] < 0)
					return err_set(err, errlen,
						       "b%d: p%d has no origin",
						       bb->id, o->reg);
				o->reg = ssa->origin[o->reg];
			}
		}
	}
	for (int p = ssa->npseudo_orig; p < fn->npseudo; p++)
		fn->pseudo[p].cls = -1;
	if (fn->npseudo > ssa->npseudo_orig)
		fn->npseudo = ssa->npseudo_orig;
	return true;
}
