/* setup.c - the correspondence between o and f: the blocks and edges of
 * f against the original's, the reverse post-order, each instruction of
 * f an original one (by uid, same shape, in order) or a well-formed
 * inserted one.  Fills chk_init's tables; else unverified. */
#include "vstate.h"

#include <stdlib.h>
#include <string.h>

/* ---- Tables by uid and by block label ---------------------------------- */

typedef struct UidEnt {
	int uid;
	int blk; /* original block index */
	int pos; /* position in that block */
	const Ins *ins;
	bool seen;
} UidEnt;

static int cmp_uid(const void *x, const void *y)
{
	const UidEnt *a = x, *b = y;
	return (a->uid > b->uid) - (a->uid < b->uid);
}

/* Sorts e[0..n-1] by uid: by counting when the uids are dense enough
 * (GCC's are), else qsort.  A uid twice: unverified, naming the
 * smallest such uid. */
static bool sort_uids(Chk *c, UidEnt *e, int n)
{
	int maxuid = 0;
	for (int k = 0; k < n; k++)
		if (e[k].uid > maxuid)
			maxuid = e[k].uid;
	if (maxuid > 4 * n + 1024) {
		qsort(e, (size_t)n, sizeof *e, cmp_uid);
		for (int k = 1; k < n; k++)
			if (e[k].uid == e[k - 1].uid)
				return unverified(c, "uid %d appears twice in "
						     "the original",
						  e[k].uid);
		return true;
	}
	/* at[uid]: 0 none, k + 1 for e[k], -1 more than one */
	int *at = verify_xrealloc(NULL, sizeof(int) * (size_t)(maxuid + 1));
	memset(at, 0, sizeof(int) * (size_t)(maxuid + 1));
	for (int k = 0; k < n; k++)
		at[e[k].uid] = at[e[k].uid] ? -1 : k + 1;
	for (int u = 0; u <= maxuid; u++)
		if (at[u] < 0) {
			free(at);
			return unverified(c, "uid %d appears twice in the "
					     "original",
					  u);
		}
	UidEnt *t = verify_xrealloc(NULL, sizeof *t * (size_t)(n ? n : 1));
	int m = 0;
	for (int u = 0; u <= maxuid; u++)
		if (at[u])
			t[m++] = e[at[u] - 1];
	memcpy(e, t, sizeof *t * (size_t)n);
	free(t);
	free(at);
	return true;
}

static UidEnt *find_uid(UidEnt *e, int n, int uid)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (e[mid].uid == uid)
			return &e[mid];
		if (e[mid].uid < uid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

typedef struct IdEnt {
	int id, idx;
} IdEnt;

static int cmp_id(const void *x, const void *y)
{
	const IdEnt *a = x, *b = y;
	return (a->id > b->id) - (a->id < b->id);
}

/* Original block index labelled id, or -1. */
static int find_id(const IdEnt *e, int n, int id)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (e[mid].id == id)
			return e[mid].idx;
		if (e[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* ---- Blocks and edges -------------------------------------------------- */

static bool o_has_edge(const Fn *o, int a, int b)
{
	for (int k = 0; k < o->blk[a]->nsucc; k++)
		if (o->blk[a]->succ[k].blk == b)
			return true;
	return false;
}

/* The original block at the end of f block x's chain of extra blocks
 * (x itself when it is original). */
static int chain_end(const Chk *c, int x)
{
	for (int steps = 0; c->oblk[x] < 0 && steps <= c->f->nblk; steps++)
		x = c->f->blk[x]->succ[0].blk;
	return c->oblk[x];
}

bool eh_edge(const Chk *c, int a, int b)
{
	if (!c->eh_ins[a])
		return false;
	const Blk *ob = c->o->blk[c->oblk[a]];
	int x = chain_end(c, b);
	for (int k = 0; k < ob->nsucc; k++)
		if (ob->succ[k].blk == x)
			return ob->succ[k].flags & EF_EXC;
	return false;
}

/* Exceptional edges: the instruction that does not complete on them,
 * the last original one of each block with an EH edge (it throws) or a
 * non-local goto edge (a call; c->abcall).  An edge both exceptional
 * and not to one block, or both kinds from one block, is not
 * modelled. */
static bool setup_eh(Chk *c)
{
	const Fn *o = c->o, *f = c->f;
	for (int b = 0; b < f->nblk; b++) {
		int ob = c->oblk[b];
		if (ob < 0)
			continue;
		const Blk *obb = o->blk[ob];
		int kinds = 0;
		for (int k = 0; k < obb->nsucc; k++) {
			int x = obb->succ[k].flags & EF_EXC;
			if (!x)
				continue;
			kinds |= x;
			for (int j = 0; j < obb->nsucc; j++)
				if (obb->succ[j].blk == obb->succ[k].blk &&
				    !(obb->succ[j].flags & x))
					return unverified(
						c, "b%d has an %s edge and "
						   "another edge to b%d",
						obb->id,
						x == EF_EH ? "EH" : "abcall",
						o->blk[obb->succ[k].blk]->id);
		}
		if (!kinds)
			continue;
		if (kinds == EF_EXC)
			return unverified(c, "b%d has both an EH edge and a "
					     "non-local goto edge",
					  obb->id);
		const Ins *t = obb->last;
		if (!t || t->kind == IK_PHI)
			return unverified(c, "b%d has an EH edge but no "
					     "instruction that throws",
					  obb->id);
		if (kinds == EF_ABCALL && t->kind != IK_CALL)
			return unverified(c, "b%d has a non-local goto edge "
					     "but does not end in a call",
					  obb->id);
		c->eh_ins[b] = t;
		c->abcall[b] = kinds == EF_ABCALL;
	}
	return true;
}

bool setup_blocks(Chk *c)
{
	const Fn *o = c->o, *f = c->f;
	int n = f->nblk;
	IdEnt *ids = ARENA_NEW(c->a, IdEnt, o->nblk + 1);
	for (int b = 0; b < o->nblk; b++)
		ids[b] = (IdEnt){o->blk[b]->id, b};
	qsort(ids, (size_t)o->nblk, sizeof *ids, cmp_id);
	for (int b = 1; b < o->nblk; b++)
		if (ids[b].id == ids[b - 1].id)
			return unverified(c, "block b%d appears twice in the "
					     "original",
					  ids[b].id);
	for (int b = 0; b < o->nblk; b++)
		for (int k = 0; k < o->blk[b]->nsucc; k++)
			if (o->blk[b]->succ[k].blk < 0 ||
			    o->blk[b]->succ[k].blk >= o->nblk)
				return unverified(c, "b%d of the original has a "
						     "bad successor",
						  o->blk[b]->id);
	int *found = ARENA_NEW(c->a, int, o->nblk + 1);
	for (int b = 0; b < n; b++) {
		c->oblk[b] = find_id(ids, o->nblk, f->blk[b]->id);
		if (c->oblk[b] >= 0)
			found[c->oblk[b]]++;
	}
	for (int b = 0; b < o->nblk; b++)
		if (found[b] != 1)
			return unverified(c, "block b%d of the original is %s",
					  o->blk[b]->id,
					  found[b] ? "in the allocation twice"
						   : "missing from the "
						     "allocation");
	if (f->nblk == 0 || o->nblk == 0)
		return unverified(c, "no blocks");
	if (f->entry < 0 || f->entry >= f->nblk || o->entry < 0 ||
	    o->entry >= o->nblk || c->oblk[f->entry] != o->entry)
		return unverified(c, "the entry blocks differ");
	/* predecessors, from the successor lists */
	for (int b = 0; b < n; b++)
		for (int k = 0; k < f->blk[b]->nsucc; k++) {
			int s = f->blk[b]->succ[k].blk;
			if (s < 0 || s >= n)
				return unverified(c, "b%d has a bad successor",
						  f->blk[b]->id);
			c->npred[s]++;
		}
	for (int b = 0; b < n; b++) {
		c->pred[b] = ARENA_NEW(c->a, int, c->npred[b] + 1);
		c->npred[b] = 0;
	}
	for (int b = 0; b < n; b++)
		for (int k = 0; k < f->blk[b]->nsucc; k++) {
			int s = f->blk[b]->succ[k].blk;
			c->pred[s][c->npred[s]++] = b;
		}
	/* extra blocks: one predecessor, one successor, chains from an
	 * original block to an original block */
	for (int b = 0; b < n; b++) {
		if (c->oblk[b] >= 0) {
			c->eorig[b] = c->oblk[b];
			continue;
		}
		int x = b, steps = 0;
		while (c->oblk[x] < 0 && steps++ <= n) {
			if (c->npred[x] != 1 || f->blk[x]->nsucc != 1)
				return unverified(
					c, "b%d is not in the original and not "
					   "on a split edge",
					f->blk[x]->id);
			x = c->pred[x][0];
		}
		if (c->oblk[x] < 0)
			return unverified(c, "b%d is on a cycle of blocks that "
					     "are not in the original",
					  f->blk[b]->id);
		c->eorig[b] = c->oblk[x];
	}
	/* edges between original blocks */
	for (int b = 0; b < n; b++) {
		if (c->oblk[b] < 0)
			continue;
		int ob = c->oblk[b];
		const Blk *fb = f->blk[b];
		for (int k = 0; k < fb->nsucc; k++) {
			int x = fb->succ[k].blk, steps = 0;
			while (c->oblk[x] < 0 && steps++ <= n)
				x = f->blk[x]->succ[0].blk;
			if (!o_has_edge(o, ob, c->oblk[x]))
				return unverified(c, "the edge b%d -> b%d is "
						     "not in the original",
						  fb->id, f->blk[x]->id);
		}
		const Blk *obb = o->blk[ob];
		for (int k = 0; k < obb->nsucc; k++) {
			int want = obb->succ[k].blk;
			bool have = false;
			for (int j = 0; j < fb->nsucc && !have; j++) {
				int x = fb->succ[j].blk, steps = 0;
				while (c->oblk[x] < 0 && steps++ <= n)
					x = f->blk[x]->succ[0].blk;
				have = c->oblk[x] == want;
			}
			if (!have)
				return unverified(c, "the original edge b%d -> "
						     "b%d is missing",
						  obb->id, o->blk[want]->id);
		}
	}
	return setup_eh(c);
}

void setup_rpo(Chk *c)
{
	const Fn *f = c->f;
	int n = f->nblk;
	int *stack = ARENA_NEW(c->a, int, n + 1);
	int *next = ARENA_NEW(c->a, int, n + 1);
	int *post = ARENA_NEW(c->a, int, n + 1);
	int sp = 0, np = 0;
	stack[sp++] = f->entry;
	c->reach[f->entry] = true;
	while (sp) {
		int b = stack[sp - 1];
		if (next[b] < f->blk[b]->nsucc) {
			int s = f->blk[b]->succ[next[b]++].blk;
			if (!c->reach[s]) {
				c->reach[s] = true;
				stack[sp++] = s;
			}
		} else {
			post[np++] = b;
			sp--;
		}
	}
	c->nrpo = np;
	for (int k = 0; k < np; k++)
		c->rpo[k] = post[np - 1 - k];
	for (int b = 0; b < n; b++)
		if (!c->reach[b])
			add_note(c, "b%d is not reachable from the entry; not "
				    "checked",
				 f->blk[b]->id);
}

/* ---- Instructions ------------------------------------------------------ */

static bool op_same_value(const Op *a, const Op *b)
{
	return a->kind == b->kind && a->reg == b->reg && op_is_value(a);
}

/* A value or a bare location: what an inserted move may name. */
static bool op_is_place(const Op *op)
{
	return op_is_value(op) || op->kind == OK_LOC;
}

/* Whether operands a and b read the same part. */
static bool same_part(const Op *a, const Op *b)
{
	return a->sub_off == b->sub_off && a->sub_size == b->sub_size;
}

/* Whether y reads x's commutative pair [comm K] with the two parts
 * exchanged (the allocator exchanged two reads of the same bytes of
 * values of different sizes, constr_same_read). */
static bool comm_parts_exchanged(const Ins *x, const Ins *y)
{
	int c = x->comm;
	return (x->flags & INS_COMM) && c >= 0 && c + 1 < x->nops &&
	       same_part(&x->ops[c], &y->ops[c + 1]) &&
	       same_part(&x->ops[c + 1], &y->ops[c]);
}

bool same_shape(const Ins *x, const Ins *y)
{
	if (x->kind != y->kind || x->nops != y->nops)
		return false;
	bool ex = comm_parts_exchanged(x, y);
	for (int k = 0; k < x->nops; k++) {
		const Op *a = &x->ops[k], *b = &y->ops[k];
		bool pair = (x->flags & (INS_MIRROR | INS_COMM)) &&
			    (k == x->comm || k == x->comm + 1);
		/* a mirrored pair may take the other alternative's memory */
		int ign = OF_WORD | OF_SOFT;
		if ((x->flags & INS_MIRROR) && pair)
			ign |= OF_MEM | OF_MEMONLY;
		if (op_is_value(a) != op_is_value(b) ||
		    (a->flags & ~ign) != (b->flags & ~ign) ||
		    !(same_part(a, b) || (ex && pair)))
			return false;
		if (!op_is_value(a) && !const_equal(a, b))
			return false;
	}
	return true;
}

/* Original instruction u is not in its block: "instruction uid N missing
 * from bX", and where it was found instead (found: a block label, or -1). */
static void missing(Chk *c, const UidEnt *u, int found)
{
	c->viol = grow(c->viol, sizeof(Violation), &c->capviol, c->nviol + 1);
	Violation *v = &c->viol[c->nviol++];
	memset(v, 0, sizeof *v);
	v->kind = VK_MISSING;
	v->blk = c->o->blk[u->blk]->id;
	v->uid = u->uid;
	v->op = -1;
	v->exp_pseudo = v->exp_hreg = -1;
	Str s = {0};
	str_addf(&s, "%s: instruction uid %d missing from b%d", c->f->name,
		 u->uid, v->blk);
	if (found >= 0)
		str_addf(&s, " (found in b%d)", found);
	v->text = s.s;
}

/* Original instruction u comes after `after` in its block, though the
 * original has it before. */
static void out_of_order(Chk *c, const UidEnt *u, const UidEnt *after)
{
	c->viol = grow(c->viol, sizeof(Violation), &c->capviol, c->nviol + 1);
	Violation *v = &c->viol[c->nviol++];
	memset(v, 0, sizeof *v);
	v->kind = VK_ORDER;
	v->blk = c->o->blk[u->blk]->id;
	v->uid = u->uid;
	v->op = -1;
	v->exp_pseudo = v->exp_hreg = -1;
	Str s = {0};
	str_addf(&s, "%s: b%d: uid %d: out of order (after uid %d, which the "
		     "original has after it)",
		 c->f->name, v->blk, u->uid, after->uid);
	v->text = s.s;
}

/* Whether original instruction a reads or writes what b writes (the
 * values b defines, the hard registers b clobbers), in a's operands or
 * a's clobbers (a register both clobber is garbage in either order). */
static bool touches_defs_of(const Ins *a, const Ins *b)
{
	for (int k = 0; k < b->nops; k++) {
		const Op *d = &b->ops[k];
		if (!(d->flags & OF_DEF) || !op_is_value(d))
			continue;
		for (int m = 0; m < a->nops; m++)
			if (op_same_value(&a->ops[m], d))
				return true;
		if (d->kind == OK_HREG && RS_HAS(a->clobbers, d->reg))
			return true;
	}
	for (int m = 0; m < a->nops; m++)
		if (a->ops[m].kind == OK_HREG &&
		    RS_HAS(b->clobbers, a->ops[m].reg))
			return true;
	return false; /* both clobbering a register: garbage either way */
}

/* Whether original instructions a and b of o may run in either order
 * with the same effect (docs/VERIFY.md "Moved instructions"; verify.h):
 * o lists
 * every memory write (memfx; a volatile access counts as one), and
 * each is an `ord` or a copy that writes no memory (loads only: reads
 * commute with reads) and neither reads nor writes what the other
 * writes (pseudos, hard registers, clobbers).  Then each computes from
 * the same inputs in either order, and their outputs are disjoint. */
bool verify_commute(const Fn *o, const Ins *a, const Ins *b)
{
	if (!o->memfx)
		return false;
	const Ins *ab[2] = {a, b};
	for (int j = 0; j < 2; j++) {
		const Ins *x = ab[j];
		if (x->kind != IK_ORD && x->kind != IK_COPY)
			return false;
		for (int k = 0; k < x->nmem; k++)
			if (x->mem[k].kind != MR_LD)
				return false;
	}
	return !touches_defs_of(a, b) && !touches_defs_of(b, a);
}

/* Whether original instruction u, found in GCC's allocation after
 * original `last` of its block though the original has it before,
 * commutes with every original instruction of that block from the one
 * after u to `last` (every instruction it may have been moved over):
 * then running u there is running the original in an equivalent
 * order (each inversion is a pair that commutes). */
static bool moved_over_ok(const Chk *c, const UidEnt *u, const UidEnt *last)
{
	if (!c->gcc)
		return false;
	int pos = 0;
	for (const Ins *i = c->o->blk[u->blk]->first; i && pos <= last->pos;
	     i = i->next, pos++)
		if (pos > u->pos && !verify_commute(c->o, u->ins, i))
			return false;
	return true;
}

/* The forms only GCC's allocation has (docs/VERIFY.md): deleted
 * instructions, opaque ones, bare locations, constant locations; and no
 * instruction writes a constant location.  False (unverified) if
 * instruction i (position pos of block id) breaks this. */
static bool gcc_forms_ok(Chk *c, const Ins *i, int id, int pos)
{
	bool special = (i->flags & INS_DELETED) || i->kind == IK_OPAQUE;
	if ((i->flags & INS_DELETED) && (i->uid == 0 || i->kind == IK_PHI))
		return unverified(c, "a deleted instruction without uid in b%d",
				  id);
	for (int k = 0; k < i->nops; k++) {
		const Op *op = &i->ops[k];
		int l = op_loc(c, op);
		special |= op->kind == OK_LOC || op->loc.kind == LOC_CONST;
		if (op->kind == OK_LOC && l < 0)
			return unverified(c, "operand %d of instruction %d in "
					     "b%d is a bad location",
					  k, pos + 1, id);
		if ((op->flags & OF_DEF) && l >= 0 && is_kconst(c, l))
			return unverified(c, "instruction %d in b%d writes a "
					     "constant location",
					  pos + 1, id);
	}
	if (special && !c->gcc)
		return unverified(c, "instruction %d in b%d has a form only "
				     "GCC's allocation may have (deleted, "
				     "opaque, bare or constant location)",
				  pos + 1, id);
	return true;
}

/* An inserted remat: =dst then constants; in GCC's allocation the
 * destination may be a bare location when a source is a constant
 * location (a constant loaded). */
static bool remat_ok(const Chk *c, const Ins *i)
{
	if (i->nops < 1 || !(i->ops[0].flags & OF_DEF))
		return false;
	bool kload = false;
	for (int k = 1; k < i->nops; k++) {
		int l = op_loc(c, &i->ops[k]);
		bool kloc = c->gcc && l >= 0 && is_kconst(c, l);
		if (op_is_value(&i->ops[k]) && !kloc)
			return false;
		kload |= kloc;
	}
	return i->ops[0].kind == OK_PSEUDO ||
	       (kload && i->ops[0].kind == OK_LOC);
}

/* Whether inserted remat i may recompute original instruction o (docs/
 * VERIFY.md "Recomputation"): o an ordinary instruction without memory
 * effects, one full definition of a pseudo p as operand 0, the others
 * uses that are not p and no hard register o clobbers; i the same
 * operands (same flags, subregs; constants where o has constants), its
 * destination named p. */
static bool remat_of_ok(const Chk *c, const Ins *i, const Ins *o)
{
	if (!c->gcc || o->kind != IK_ORD || o->nmem || o->nops < 1 ||
	    i->nops != o->nops)
		return false;
	const Op *d = &o->ops[0];
	if (d->kind != OK_PSEUDO || (d->flags & (OF_DEF | OF_USE)) != OF_DEF ||
	    d->sub_size || i->ops[0].kind != OK_PSEUDO ||
	    i->ops[0].reg != d->reg || i->ops[0].flags != d->flags ||
	    i->ops[0].sub_size)
		return false;
	for (int k = 1; k < o->nops; k++) {
		const Op *a = &o->ops[k], *b = &i->ops[k];
		if ((a->flags & OF_DEF) || a->flags != b->flags ||
		    op_is_value(a) != op_is_value(b) ||
		    a->sub_off != b->sub_off || a->sub_size != b->sub_size)
			return false;
		if (!op_is_value(a))
			continue; /* a different constant: do_remat_of */
		if (op_loc(c, b) < 0 || value_of(c, a) == d->reg ||
		    (a->kind == OK_HREG && RS_HAS(o->clobbers, a->reg)))
			return false;
	}
	return true;
}

/* For an original instruction o: the location of constant c if o is a
 * [remat] with one full definition of a pseudo and exactly one other
 * operand, the constant c, and c is a constant location of f; else -1. */
static int remat_const(const Chk *c, const Ins *o)
{
	if (!c->gcc || !(o->flags & INS_REMAT) || o->nops != 2)
		return -1;
	int d = o->ops[0].flags & OF_DEF ? 0 : 1;
	const Op *def = &o->ops[d], *k = &o->ops[1 - d];
	if (def->kind != OK_PSEUDO || def->flags != OF_DEF || def->sub_size ||
	    !op_is_const(k) || (k->flags & OF_DEF))
		return -1;
	for (int n = 0; n < c->nconst; n++)
		if (const_same(c->konst[n].kind, c->konst[n].imm,
			       c->konst[n].sym, k->kind, k->imm, k->sym))
			return c->cbase + n;
	return -1;
}

/* Marks the values original instruction o reads (c->recread): an
 * inserted remat recomputes o, reading them again where the original no
 * longer does, so they must survive the pruning of dead values from
 * slots and constant locations (docs/VERIFY.md "Recomputation"). */
static void note_recread(Chk *c, const Ins *o)
{
	if (!c->recread)
		c->recread = ARENA_NEW(c->a, bool, c->nval + 1);
	for (int k = 0; k < o->nops; k++)
		if (op_is_value(&o->ops[k]) && op_reads(c->o, &o->ops[k]))
			c->recread[value_of(c, &o->ops[k])] = true;
}

bool setup_ins(Chk *c)
{
	const Fn *o = c->o, *f = c->f;
	int no = 0;
	for (int b = 0; b < o->nblk; b++)
		no += blk_nins(o->blk[b]);
	UidEnt *e = ARENA_NEW(c->a, UidEnt, no + 1);
	int ne = 0;
	for (int b = 0; b < o->nblk; b++) {
		int np = 0, pos = 0;
		for (const Ins *i = o->blk[b]->first; i; i = i->next, pos++) {
			for (int k = 0; k < i->nops; k++) {
				const Op *op = &i->ops[k];
				if ((op->kind == OK_PSEUDO &&
				     (op->reg < 0 || op->reg >= o->npseudo ||
				      o->pseudo[op->reg].cls < 0 ||
				      o->pseudo[op->reg].cls >= RC_NALLOC)) ||
				    (op->kind == OK_HREG &&
				     (op->reg < 0 || op->reg >= TGT_NREGS)))
					return unverified(
						c,
						"an operand of the original "
						"in b%d names no declared "
						"pseudo or register",
						o->blk[b]->id);
			}
			if (i->kind == IK_PHI) {
				np++;
				if (i->nops < 1 || !op_is_value(&i->ops[0]) ||
				    !(i->ops[0].flags & OF_DEF))
					return unverified(
						c, "a malformed phi in b%d",
						o->blk[b]->id);
				for (int k = 1; k < i->nops; k++)
					if (!op_is_value(&i->ops[k]))
						return unverified(
							c,
							"a phi in b%d has a "
							"constant source",
							o->blk[b]->id);
				for (int k = 0; k < o->blk[b]->npred; k++)
					if (!phi_src(i, o->blk[b]->pred[k]))
						return unverified(
							c,
							"a phi in b%d has no "
							"source for b%d",
							o->blk[b]->id,
							o->blk[o->blk[b]
								->pred[k]]
								->id);
			} else if (i->uid <= 0) {
				return unverified(c, "an original instruction "
						     "in b%d has no uid",
						  o->blk[b]->id);
			}
			if (i->uid > 0)
				e[ne++] = (UidEnt){i->uid, b, pos, i, false};
		}
		c->nphi[b] = np;
		c->phi[b] = ARENA_NEW(c->a, const Ins *, np + 1);
		np = 0;
		for (const Ins *i = o->blk[b]->first; i; i = i->next)
			if (i->kind == IK_PHI)
				c->phi[b][np++] = i;
		/* the phis of a block are one parallel copy: two of them
		 * writing one value have no meaning (and would make the
		 * data flow oscillate) */
		for (int k = 0; k < np; k++)
			for (int m = 0; m < k; m++)
				if (op_same_value(&c->phi[b][k]->ops[0],
						  &c->phi[b][m]->ops[0]))
					return unverified(
						c, "two phis of b%d define one "
						   "value",
						o->blk[b]->id);
	}
	if (!sort_uids(c, e, ne))
		return false;
	/* uids index a table when they are dense enough (GCC's are) */
	int maxuid = ne ? e[ne - 1].uid : 0;
	UidEnt **byuid = NULL;
	if (maxuid <= 4 * ne + 1024) {
		byuid = ARENA_NEW(c->a, UidEnt *, maxuid + 1);
		for (int k = 0; k < ne; k++)
			byuid[e[k].uid] = &e[k];
	}
	int nf = 0;
	for (int b = 0; b < f->nblk; b++) {
		c->ibase[b] = nf;
		nf += blk_nins(f->blk[b]);
	}
	c->om = ARENA_NEW(c->a, const Ins *, nf + 1);
	c->oconst = ARENA_NEW(c->a, int, nf + 1);
	c->avat = ARENA_NEW(c->a, int, nf + 1);
	for (int k = 0; k <= nf; k++)
		c->oconst[k] = c->avat[k] = -1;
	for (int b = 0; b < f->nblk; b++) {
		const Blk *fb = f->blk[b];
		int pos = 0;
		const UidEnt *last = NULL; /* the latest original seen in b */
		for (const Ins *i = fb->first; i; i = i->next, pos++) {
			if (!gcc_forms_ok(c, i, fb->id, pos))
				return false;
			for (int k = 0; k < i->nops; k++) {
				const Op *op = &i->ops[k];
				if (op->kind == OK_PSEUDO && op_loc(c, op) < 0 &&
				    !(i->flags & INS_DELETED))
					return unverified(
						c,
						"operand %d of instruction "
						"%d in b%d has no location",
						k, pos + 1, fb->id);
				if (op->kind == OK_HREG &&
				    (op->reg < 0 || op->reg >= TGT_NREGS))
					return unverified(c, "a bad register "
							     "in b%d",
							  fb->id);
			}
			if (i->kind == IK_PHI) {
				int l0 = op_loc(c, &i->ops[0]);
				for (int k = 1; k < i->nops; k++)
					if (op_loc(c, &i->ops[k]) != l0 ||
					    l0 < 0)
						return unverified(
							c,
							"phis remain in the "
							"allocation (b%d)",
							fb->id);
				continue;
			}
			if (i->uid == 0) {
				bool ok;
				for (int k = 0; k < i->nops; k++)
					if (i->ops[k].flags & OF_WORD)
						return unverified(
							c,
							"'alone' on an inserted "
							"%s in b%d",
							ins_kind_name(i->kind),
							fb->id);
				switch (i->kind) {
				case IK_MOVE:
				case IK_SPILL:
				case IK_RELOAD:
				case IK_COPY:
				case IK_SWAP:
					ok = i->nops == 2 &&
					     op_is_place(&i->ops[0]) &&
					     op_is_place(&i->ops[1]) &&
					     (i->kind == IK_SWAP ||
					      ((i->ops[0].flags & OF_DEF) &&
					       !(i->ops[1].flags & OF_DEF)));
					break;
				case IK_PCOPY:
					ok = i->nops % 2 == 0;
					for (int k = 0; k < i->nops && ok; k++)
						ok = op_is_place(&i->ops[k]) &&
						     ((i->ops[k].flags &
						       OF_DEF) != 0) ==
							     (k % 2 == 0);
					break;
				case IK_REMAT:
					if (i->of > 0) {
						UidEnt *d = byuid
							? (i->of <= maxuid
								   ? byuid[i->of]
								   : NULL)
							: find_uid(e, ne, i->of);
						int av = av_loc(c, i->of);
						ok = d && av >= 0 &&
						     remat_of_ok(c, i, d->ins);
						if (ok) {
							c->avdef[av - c->abase] =
								d->ins;
							c->avat[c->ibase[b] +
								pos] = av;
							note_recread(c, d->ins);
						}
					} else {
						ok = remat_ok(c, i);
					}
					break;
				case IK_OPAQUE:
					ok = c->gcc;
					break;
				default:
					return unverified(
						c,
						"an inserted %s in b%d (only "
						"moves, spills, reloads, "
						"swaps, remats and copies "
						"can be inserted)",
						ins_kind_name(i->kind), fb->id);
				}
				if (!ok)
					return unverified(c, "a malformed "
							     "inserted %s in "
							     "b%d",
							  ins_kind_name(i->kind),
							  fb->id);
				continue;
			}
			UidEnt *u = byuid ? (i->uid <= maxuid && byuid[i->uid]
						     ? byuid[i->uid]
						     : NULL)
					  : find_uid(e, ne, i->uid);
			if (!u)
				return unverified(c, "uid %d (b%d) is not in "
						     "the original",
						  i->uid, fb->id);
			if (u->seen)
				return unverified(c, "uid %d appears twice in "
						     "the allocation",
						  i->uid);
			u->seen = true;
			if (!same_shape(u->ins, i))
				return unverified(c, "uid %d (b%d) differs from "
						     "the original instruction",
						  i->uid, fb->id);
			for (int k = 0; k < i->nops; k++)
				if (!alone_valid(c, &i->ops[k], &u->ins->ops[k]))
					return unverified(
						c,
						"uid %d operand %d: 'alone' "
						"on what is not one word of a "
						"wide general value",
						i->uid, k);
			c->om[c->ibase[b] + pos] = u->ins;
			c->oconst[c->ibase[b] + pos] = remat_const(c, u->ins);
			if (c->nav)
				c->avat[c->ibase[b] + pos] = av_loc(c, u->uid);
			if (c->oblk[b] != u->blk) {
				missing(c, u, fb->id);
			} else {
				if (last && u->pos < last->pos &&
				    !moved_over_ok(c, u, last))
					out_of_order(c, u, last);
				if (!last || u->pos > last->pos)
					last = u;
			}
		}
	}
	for (int k = 0; k < ne; k++) {
		if (e[k].seen || e[k].ins->kind == IK_PHI)
			continue;
		if (c->gcc)
			not_proven(c, "uid %d (b%d) is not in the allocation "
				      "(the translation lost it)",
				   e[k].uid, o->blk[e[k].blk]->id);
		else
			missing(c, &e[k], -1);
	}
	return true;
}
