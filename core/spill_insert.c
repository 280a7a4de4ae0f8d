/* spill_insert.c - the spiller's decisions into the function (see
 * spill_int.h): spills, reloads and remats into the blocks and onto the
 * edges (split when needed), then the slots of the values kept in memory
 * (slots.h).  Requires the spills placed (spill_place.c). */
#include "spill_int.h"

#include "remat.h"
#include "slots.h"

/* ------------------------------------------------------------------ */
/* insert */

Op sp_pseudo_op(int p, int flags)
{
	return (Op){.kind = OK_PSEUDO, .flags = (uint8_t)flags, .reg = p,
		    .tie = -1, .from = -1};
}

static Op slot_op(int p, int flags)
{
	Op o = sp_pseudo_op(p, flags);
	o.loc = (Loc){LOC_SLOT, -1};
	return o;
}

int sp_new_version(Sp *s, int v)
{
	const Pseudo *ps = &s->fn->pseudo[v];
	int p = fn_new_pseudo(s->fn, ps->cls, ps->size);
	while (s->copy_of.n < p - s->npseudo0)
		iv_push(s, &s->copy_of, -1);
	iv_push(s, &s->copy_of, v);
	return p;
}

/* `spill =v @slot, v`. */
static Ins *make_spill(Sp *s, int v)
{
	Ins *i = ins_new(s->fn, IK_SPILL, 2);
	i->ops[0] = slot_op(v, OF_DEF);
	i->ops[1] = sp_pseudo_op(v, OF_USE);
	insv_push(s, &s->newins, i);
	return i;
}

/* `reload =v', v @slot`, or `remat =v', CONSTS` for a rematerializable
 * v; the new version is recorded with its block b. */
static Ins *make_reload(Sp *s, int v, int b)
{
	int p = sp_new_version(s, v);
	iv_push(s, &s->verval, v);
	iv_push(s, &s->verblk, b);
	if (s->remat[v])
		return remat_make(s->fn, s->def[v], p);
	Ins *i = ins_new(s->fn, IK_RELOAD, 2);
	i->ops[0] = sp_pseudo_op(p, OF_DEF);
	i->ops[1] = slot_op(v, OF_USE);
	insv_push(s, &s->newins, i);
	return i;
}

void sp_insert_in_blocks(Sp *s)
{
	Fn *fn = s->fn;
	for (int j = 0; j < s->spills.n; j++) {
		const Place *x = &s->spills.p[j];
		if (x->at)
			ins_insert_before(fn->blk[x->blk], x->at,
					  make_spill(s, x->v));
	}
	for (int j = 0; j < s->reloads.n; j++) {
		const Place *x = &s->reloads.p[j];
		if (x->at && !x->mem)
			ins_insert_before(fn->blk[x->blk], x->at,
					  make_reload(s, x->v, x->blk));
	}
	for (int v = 0; v < s->npseudo0; v++) {
		if (!s->defspill[v])
			continue;
		Blk *b = fn->blk[s->defblk[v]];
		Ins *d = s->def[v];
		if (d->kind == IK_PHI)
			while (d->next && d->next->kind == IK_PHI)
				d = d->next;
		ins_insert_after(b, d, make_spill(s, v));
	}
}

/* Edge code, grouped per edge: the spills, then the reloads. */
typedef struct EdgeCode {
	int *off;   /* per block: index of its first edge */
	int *head;  /* per edge: first action (index into act), -1 */
	int *tail;
	int *next;  /* per action */
	int nact;
} EdgeCode;

/* Inserts one edge's actions at the place where says, in block b, before
 * instruction at (NULL: at the end). */
static void emit_edge(Sp *s, const EdgeCode *ec, int e, Blk *b, Ins *at)
{
	for (int pass = 0; pass < 2; pass++)
		for (int j = ec->head[e]; j >= 0; j = ec->next[j]) {
			bool spill = j < s->spills.n;
			if (spill != (pass == 0))
				continue;
			const Place *x = spill ? &s->spills.p[j]
					       : &s->reloads.p[j - s->spills.n];
			Ins *i = spill ? make_spill(s, x->v)
				       : make_reload(s, x->v, b->idx);
			ins_insert_before(b, at, i);
		}
}

/* Links the edge actions into per-edge lists. */
static void edge_lists(Sp *s, EdgeCode *ec)
{
	Fn *fn = s->fn;
	int ne = 0;
	ec->off = ARENA_NEW(s->a, int, fn->nblk + 1);
	for (int b = 0; b < fn->nblk; b++) {
		ec->off[b] = ne;
		ne += fn->blk[b]->nsucc;
	}
	ec->head = ARENA_NEW(s->a, int, ne + 1);
	ec->tail = ARENA_NEW(s->a, int, ne + 1);
	for (int e = 0; e < ne; e++)
		ec->head[e] = ec->tail[e] = -1;
	ec->nact = s->spills.n + s->reloads.n;
	ec->next = ARENA_NEW(s->a, int, ec->nact + 1);
	for (int j = 0; j < ec->nact; j++) {
		const Place *x = j < s->spills.n ? &s->spills.p[j]
						 : &s->reloads.p[j - s->spills.n];
		ec->next[j] = -1;
		if (x->at)
			continue;
		int e = ec->off[x->blk] + x->succ;
		if (ec->tail[e] >= 0)
			ec->next[ec->tail[e]] = j;
		else
			ec->head[e] = j;
		ec->tail[e] = j;
	}
}

/* Whether the code of edge e, an abnormal critical edge out of p (no
 * place of its own, sp_edge_where), can go before p's last instruction:
 * only spills (ban_abnormal leaves no reload there), of values that
 * instruction does not define.  Such a value is in a register through
 * the last instruction (live after it on the edge, defined before it),
 * so the store before it writes the value the edge would; on p's other
 * edges it stores a value into its own slot again, which changes no
 * value (docs/ALLOC.md "Abnormal edges (computed goto)"). */
static bool spills_before_last(const Sp *s, const EdgeCode *ec, int e,
			       const Blk *p)
{
	if (!p->last)
		return false;
	for (int j = ec->head[e]; j >= 0; j = ec->next[j])
		if (j >= s->spills.n || s->def[s->spills.p[j].v] == p->last)
			return false;
	return true;
}

bool sp_insert_on_edges(Sp *s)
{
	Fn *fn = s->fn;
	EdgeCode ec;
	edge_lists(s, &ec);
	int nblk = fn->nblk, nsplit = 0;
	int *sfrom = ARENA_NEW(s->a, int, ec.nact + 1);
	int *sk = ARENA_NEW(s->a, int, ec.nact + 1);
	for (int P = 0; P < nblk; P++)
		for (int k = 0; k < fn->blk[P]->nsucc; k++) {
			int e = ec.off[P] + k;
			if (ec.head[e] < 0)
				continue;
			Blk *p = fn->blk[P];
			Blk *b = fn->blk[p->succ[k].blk];
			switch (sp_edge_where(s, P, k)) {
			case AT_END:
				emit_edge(s, &ec, e, p,
					  p->last && p->last->kind == IK_BRANCH
						  ? p->last
						  : NULL);
				break;
			case AT_START:
				emit_edge(s, &ec, e, b, b->first);
				break;
			case AT_SPLIT:
				sfrom[nsplit] = P;
				sk[nsplit++] = k;
				break;
			default:
				if (!spills_before_last(s, &ec, e, p))
					return err_set(
						s->err, s->errlen,
						"b%d -> b%d: spill code needed "
						"on an abnormal critical edge",
						p->id, b->id);
				emit_edge(s, &ec, e, p, p->last);
			}
		}
	Blk **nb = ARENA_NEW(s->a, Blk *, nsplit + 1);
	cfg_split_edges(fn, sfrom, sk, nsplit, nb);
	for (int j = 0; j < nsplit; j++)
		emit_edge(s, &ec, ec.off[sfrom[j]] + sk[j], nb[j], NULL);
	s->st.splits = nsplit;
	return true;
}

void sp_settle_memphis(Sp *s, InsVec *memphis)
{
	for (int p = 0; p < s->npseudo0; p++) {
		if (!s->memphi[p])
			continue;
		Ins *i = s->def[p];
		Blk *b = s->fn->blk[s->defblk[p]];
		if (!s->need[p]) {
			ins_remove(b, i);
			continue;
		}
		for (int k = 0; k < i->nops; k++)
			i->ops[k].loc = (Loc){LOC_SLOT, -1};
		insv_push(s, memphis, i);
		s->st.memphis++;
	}
}

/* ------------------------------------------------------------------ */
/* slots */

/* Joins (uf) the two versions of a partial memory-only def: the old
 * one, read by the memory-only use tied to the def (memonly.c,
 * memonly_mark_uses), and the new one, which the def writes in place: a
 * part of the old version's slot is rewritten, the rest is kept, so both
 * must be one slot. */
static void memonly_rmw_unions(Sp *s, int *uf)
{
	for (int j = 0; j < s->memins.n; j++) {
		const Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++) {
			const Op *o = &i->ops[k];
			if (!(o->flags & OF_MEMONLY) || (o->flags & OF_DEF) ||
			    o->tie < 0 || o->tie >= i->nops)
				continue;
			const Op *d = &i->ops[o->tie];
			if (o->kind == OK_PSEUDO && d->kind == OK_PSEUDO &&
			    is_pseudo(s, o->reg) && is_pseudo(s, d->reg))
				sp_uf_union(uf, o->reg, d->reg);
		}
	}
}

void sp_assign_slots(Sp *s, const InsVec *memphis, const Cfg *cfg,
		     const DomTree *dom, int *slot_of_val)
{
	int np = s->npseudo0;
	int *uf = ARENA_NEW(s->a, int, np + 1), *vs = ARENA_NEW(s->a, int, np + 1);
	for (int p = 0; p < np; p++) {
		uf[p] = p;
		vs[p] = -1;
	}
	for (int j = 0; j < memphis->n; j++) {
		const Ins *i = memphis->v[j];
		for (int k = 1; k < i->nops; k++)
			if (i->ops[k].kind == OK_PSEUDO && is_pseudo(s, i->ops[k].reg))
				sp_uf_union(uf, i->ops[0].reg, i->ops[k].reg);
	}
	memonly_rmw_unions(s, uf);
	for (int j = 0; j < s->rmwins.n; j++) {
		const Ins *i = s->rmwins.v[j];
		int k = s->rmwk.v[j];
		sp_uf_union(uf, i->ops[k].reg,
			    i->ops[constr_tie_partner(i, k)].reg);
	}
	int nvs = 0;
	int *vsize = ARENA_NEW(s->a, int, np + 1);
	for (int p = 0; p < np; p++) {
		if (!s->need[p])
			continue;
		int r = sp_uf_find(uf, p);
		if (vs[r] < 0)
			vs[r] = nvs++;
		if (s->fn->pseudo[p].size > vsize[vs[r]])
			vsize[vs[r]] = s->fn->pseudo[p].size;
	}
	for (int j = 0; j < s->newins.n; j++) {
		Ins *i = s->newins.v[j];
		Op *o = i->kind == IK_SPILL ? &i->ops[0] : &i->ops[1];
		o->loc.num = vs[sp_uf_find(uf, o->reg)];
	}
	for (int j = 0; j < memphis->n; j++) {
		Ins *i = memphis->v[j];
		int v = vs[sp_uf_find(uf, i->ops[0].reg)];
		for (int k = 0; k < i->nops; k++)
			i->ops[k].loc.num = v;
	}
	for (int j = 0; j < s->memins.n; j++) {
		Ins *i = s->memins.v[j];
		for (int k = 0; k < i->nops; k++) {
			Op *o = &i->ops[k];
			if (o->loc.kind == LOC_SLOT && o->loc.num < 0 &&
			    o->kind == OK_PSEUDO && is_pseudo(s, o->reg))
				o->loc = (Loc){LOC_SLOT,
					       vs[sp_uf_find(uf, o->reg)]};
		}
	}
	SlotAssign sa;
	slots_assign(s->fn, cfg, dom, nvs, vsize, &sa);
	s->st.slots = sa.nslot;
	s->st.bytes = sa.bytes;
	for (int p = 0; p < np; p++)
		slot_of_val[p] = s->need[p] ? sa.slot_of[vs[sp_uf_find(uf, p)]] : -1;
}

