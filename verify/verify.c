/* verify.c - the symbolic allocation checker (docs/VERIFY.md).
 *
 * Values: pseudo p of the original is value p; hard register r is value
 * npseudo + r (what an original instruction last wrote to r, or r's
 * content at the entry).  Locations: hard register r is location r, slot
 * s of the allocation is location TGT_NREGS + s.  A state maps every
 * location to a hash-consed set of values (set 0 is empty).  Only block
 * exit states are stored, sparsely (the non-empty locations); a block is
 * replayed on a dense working state with a reverse index (value ->
 * locations holding it), so that one instruction costs the same whatever
 * the number of locations.
 */
#include "vstate.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "irtext.h"

/* ---- Values, locations, spans ------------------------------------------- */

static bool op_same_value(const Op *a, const Op *b)
{
	return a->kind == b->kind && a->reg == b->reg && op_is_value(a);
}

/* A value or a bare location: what an inserted move may name. */
static bool op_is_place(const Op *op)
{
	return op_is_value(op) || op->kind == OK_LOC;
}

/* ---- Memory operands loaded into a register (docs/VERIFY.md) --------- */

/* Replays f block b from the loaded state. */
static void replay(Chk *c, int b)
{
	c->cur_blk = b;
	int pos = 0, base = c->ibase[b];
	for (const Ins *i = c->f->blk[b]->first; i; i = i->next, pos++) {
		const Ins *o = c->om[base + pos];
		if (o) {
			do_original(c, i, o, pos + 1);
			kill_overlaps(c, i);
			continue;
		}
		switch (i->kind) {
		case IK_MOVE:
		case IK_SPILL:
		case IK_RELOAD:
		case IK_COPY:
			do_move(c, i, pos + 1);
			break;
		case IK_SWAP:
			do_swap(c, i, pos + 1);
			break;
		case IK_PCOPY:
			do_pcopy(c, i, pos + 1);
			break;
		case IK_REMAT:
			if (i->of > 0)
				do_remat_of(c, i, pos + 1, base + pos);
			else
				do_remat(c, i, pos + 1);
			break;
		case IK_OPAQUE:
			if (i->of > 0)
				do_mem_load(c, i, pos + 1);
			else
				do_opaque(c, i);
			break;
		default: /* phis left in place are no-ops (setup) */
			break;
		}
		copy_extend(c, i);
		kill_overlaps(c, i);
	}
}

/* ---- Setup: the correspondence between o and f -------------------------- */

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

static bool o_has_edge(const Fn *o, int a, int b)
{
	for (int k = 0; k < o->blk[a]->nsucc; k++)
		if (o->blk[a]->succ[k].blk == b)
			return true;
	return false;
}

/* Blocks: every original block is in f, the extra blocks of f lie on
 * split edges, the edges of f between original blocks are the original
 * edges. */
static bool setup_blocks(Chk *c)
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
	return true;
}

/* Reverse post-order of the blocks of f reachable from the entry. */
static void setup_rpo(Chk *c)
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

static bool same_shape(const Ins *x, const Ins *y)
{
	if (x->kind != y->kind || x->nops != y->nops)
		return false;
	for (int k = 0; k < x->nops; k++) {
		const Op *a = &x->ops[k], *b = &y->ops[k];
		if (op_is_value(a) != op_is_value(b) ||
		    (a->flags & ~OF_WORD) != (b->flags & ~OF_WORD) ||
		    a->sub_off != b->sub_off || a->sub_size != b->sub_size)
			return false;
		if (!op_is_value(a) && !const_equal(a, b))
			return false;
	}
	return true;
}

static bool str_same(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

/* Whether two definitions of one pseudo compute the same thing. */
static bool same_def(const Ins *x, const Ins *y)
{
	if (!same_shape(x, y) || !str_same(x->name, y->name) ||
	    x->flags != y->flags)
		return false;
	for (int k = 0; k < x->nops; k++)
		if (op_is_value(&x->ops[k]) &&
		    (x->ops[k].kind != y->ops[k].kind ||
		     x->ops[k].reg != y->ops[k].reg))
			return false;
	return true;
}

/* The width of hard register operand k of original instruction i: in a
 * copy (a pair of whole values) the size of the pseudo paired with it;
 * otherwise 0 (unknown). */
static int hard_op_width(const Chk *c, const Ins *i, int k)
{
	if (!copy_like(i))
		return 0;
	const Op *other = &i->ops[k % 2 ? k - 1 : k + 1];
	return other->kind == OK_PSEUDO && other->reg < c->npseudo
		       ? c->o->pseudo[other->reg].size
		       : 0;
}

/* c->hw[r]: the widest value the original puts in hard register r or
 * reads from it as its entry value (docs/VERIFY.md "Widths").  A def of
 * r by a copy writes its pseudo's size; any other def (a call's result,
 * an ord) the whole register.  A use reads a def's value, whose width
 * that def counts, when a def of r comes before it in its block;
 * otherwise it may read the entry value: a copy reads its pseudo's
 * size, any other use (a call's argument, ret) the whole register.
 * Clobbers only make r undefined. */
static void setup_hard_widths(Chk *c)
{
	const Fn *o = c->o;
	int full[TGT_NREGS];
	for (int r = 0; r < TGT_NREGS; r++) {
		int cls = c->t->regs[r].cls;
		full[r] = cls >= 0 && cls < RC_NALLOC ? c->t->class_bytes[cls]
						      : 8;
		c->hw[r] = 0;
	}
	for (int b = 0; b < o->nblk; b++) {
		RegSet defd = 0; /* defined earlier in this block */
		for (const Ins *i = o->blk[b]->first; i; i = i->next) {
			for (int k = 0; k < i->nops; k++) {
				const Op *op = &i->ops[k];
				int r = op->reg;
				if (op->kind != OK_HREG || r < 0 || r >= TGT_NREGS)
					continue;
				int w = hard_op_width(c, i, k);
				bool def = op->flags & OF_DEF;
				if (!def && RS_HAS(defd, r))
					continue;
				if (!w || op->sub_size)
					w = full[r];
				if (w > c->hw[r])
					c->hw[r] = w;
			}
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].kind == OK_HREG &&
				    (i->ops[k].flags & OF_DEF) &&
				    i->ops[k].reg >= 0 &&
				    i->ops[k].reg < TGT_NREGS)
					defd |= RS_BIT(i->ops[k].reg);
		}
	}
}

/* Which pseudos of o may be rematerialized: defined only by identical
 * [remat] instructions with one def and constants otherwise. */
static void setup_remat(Chk *c)
{
	const Fn *o = c->o;
	bool *bad = ARENA_NEW(c->a, bool, c->npseudo + 1);
	for (int b = 0; b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next) {
			int ndef = 0;
			bool consts = true;
			for (int k = 0; k < i->nops; k++) {
				if (i->ops[k].flags & OF_DEF)
					ndef++;
				else if (op_is_value(&i->ops[k]))
					consts = false;
			}
			for (int k = 0; k < i->nops; k++) {
				const Op *op = &i->ops[k];
				if (!(op->flags & OF_DEF) ||
				    op->kind != OK_PSEUDO)
					continue;
				int p = op->reg;
				bool ok = (i->flags & INS_REMAT) && ndef == 1 &&
					  consts && i->kind != IK_PHI &&
					  !op->sub_size &&
					  !(op->flags & OF_USE);
				if (!ok)
					bad[p] = true;
				else if (!c->remat_def[p])
					c->remat_def[p] = i;
				else if (!same_def(c->remat_def[p], i))
					bad[p] = true;
			}
		}
	for (int p = 0; p < c->npseudo; p++)
		if (bad[p])
			c->remat_def[p] = NULL;
}

/* Whether original instruction i's definition of value v keeps v
 * unnamed (setup_unnamed): an `ord` that is no [remat] (an
 * uninterpreted computation, which GCC may know to be a constant: a
 * constant-pool load into a subreg, an equivalence the capture does not
 * show), or a copy or phi whose source at that position is unnamed. */
static bool unnamed_def(const Chk *c, const Ins *i, int k)
{
	if (i->kind == IK_ORD)
		return !(i->flags & INS_REMAT);
	if ((i->kind == IK_COPY || i->kind == IK_PCOPY) && k % 2 == 0 &&
	    k + 1 < i->nops && op_is_value(&i->ops[k + 1]) &&
	    !i->ops[k + 1].sub_size)
		return c->unnamed[value_of(c, &i->ops[k + 1])];
	if (i->kind == IK_PHI && k == 0) {
		for (int j = 1; j < i->nops; j++)
			if (!op_is_value(&i->ops[j]) ||
			    !c->unnamed[value_of(c, &i->ops[j])])
				return false;
		return true;
	}
	return false;
}

/* c->unnamed: the values (pseudos and hard registers) every definition
 * of which in the original is unnamed_def (the greatest fixed point, so
 * copies in a cycle of unnamed values stay unnamed); a value without
 * definitions, or live at the entry (its entry value may be read: an
 * incoming argument), is named.  Decides only between a violation and "not proven" where a
 * register holds nothing but a constant GCC loaded (kc_unproven), never
 * a verdict "verified". */
static void setup_unnamed(Chk *c)
{
	const Fn *o = c->o;
	c->unnamed = ARENA_NEW(c->a, bool, c->nval + 1);
	for (int b = 0; b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if ((i->ops[k].flags & OF_DEF) &&
				    op_is_value(&i->ops[k]))
					c->unnamed[value_of(c, &i->ops[k])] =
						true;
	/* a value live at the entry (an incoming argument register, an
	 * uninitialized pseudo) may be read there: named */
	for (int v = 0; v < c->nval; v++)
		if (c->unnamed[v] && live_at(c, c->f->entry, v))
			c->unnamed[v] = false;
	for (bool changed = true; changed;) {
		changed = false;
		for (int b = 0; b < o->nblk; b++)
			for (const Ins *i = o->blk[b]->first; i; i = i->next)
				for (int k = 0; k < i->nops; k++) {
					const Op *op = &i->ops[k];
					if (!(op->flags & OF_DEF) ||
					    !op_is_value(op))
						continue;
					int v = value_of(c, op);
					if (c->unnamed[v] &&
					    !unnamed_def(c, i, k)) {
						c->unnamed[v] = false;
						changed = true;
					}
				}
	}
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
	int n = fn_find_const(c->f, k->kind, k->imm, k->sym);
	return n < 0 ? -1 : c->cbase + n;
}

/* Instructions: uid correspondence, shapes, phis. */
static bool setup_ins(Chk *c)
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
	qsort(e, (size_t)ne, sizeof *e, cmp_uid);
	for (int k = 1; k < ne; k++)
		if (e[k].uid == e[k - 1].uid)
			return unverified(c, "uid %d appears twice in the "
					     "original",
					  e[k].uid);
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

/* ---- Liveness of the original values on the blocks of f ------------------ */

/* (value, block) pairs. */
typedef struct Pairs {
	int *v, *b;
	int n, cap;
} Pairs;

static void pair_add(Pairs *p, int v, int b)
{
	if (p->n == p->cap) {
		int cap = p->cap;
		p->v = grow(p->v, sizeof(int), &cap, p->n + 1);
		p->b = xrealloc(p->b, sizeof(int) * (size_t)cap);
		p->cap = cap;
	}
	p->v[p->n] = v;
	p->b[p->n++] = b;
}

/* Groups pairs by value: for value v the blocks are
 * b[start[v] .. start[v+1]-1] (start malloc'ed, nval + 1 entries). */
static int *group(Pairs *p, int nval)
{
	int *start = calloc((size_t)nval + 2, sizeof(int));
	int *tmp = xrealloc(NULL, sizeof(int) * (size_t)(p->n + 1));
	if (!start)
		abort();
	for (int k = 0; k < p->n; k++)
		start[p->v[k] + 1]++;
	for (int v = 0; v < nval; v++)
		start[v + 1] += start[v];
	int *pos = xrealloc(NULL, sizeof(int) * (size_t)(nval + 1));
	memcpy(pos, start, sizeof(int) * (size_t)nval);
	for (int k = 0; k < p->n; k++)
		tmp[pos[p->v[k]]++] = p->b[k];
	free(pos);
	free(p->b);
	p->b = tmp;
	return start;
}

/* A function seen as blocks of original instructions: f (through the
 * correspondence) or o itself. */
typedef struct View {
	const Fn *fn;
	int nblk, entry;
	const int *ibase;      /* per block: first instruction's index in om */
	const Ins *const *om;  /* per instruction: its original, or NULL */
	const int *oblk;       /* per block: the original block (phis) */
	const int *eorig;      /* per block: original block its edges leave */
	const int *npred;
	int *const *pred;
} View;

/* Values live at each block's entry, under the original's semantics
 * replayed on the view's blocks (original instructions read and define,
 * phis of the original define at a block's entry and read at the end of
 * the predecessor edge, inserted instructions neither), by exploring back
 * from each use to the definitions.  Fills live[b] (sorted, arena) and
 * nlive[b]. */
static void live_in_sets(Chk *c, const View *w, int **live_out_, int *nlive)
{
	const Fn *f = w->fn;
	int nv = c->nval, n = w->nblk;
	Pairs ue = {0}, df = {0}, ps = {0}, pd = {0}, live = {0};
	int *defd = xrealloc(NULL, sizeof(int) * (size_t)nv);
	int *uem = xrealloc(NULL, sizeof(int) * (size_t)nv);
	for (int v = 0; v < nv; v++)
		defd[v] = uem[v] = -1;
	for (int b = 0; b < n; b++) {
		int pos = 0, base = w->ibase[b];
		for (const Ins *i = f->blk[b]->first; i; i = i->next, pos++) {
			const Ins *o = w->om[base + pos];
			if (!o)
				continue;
			for (int k = 0; k < o->nops; k++) {
				const Op *op = &o->ops[k];
				int v = value_of(c, op);
				if (op_is_value(op) && op_reads(c->o, op) &&
				    defd[v] != b && uem[v] != b) {
					uem[v] = b;
					pair_add(&ue, v, b);
				}
			}
			for (int k = 0; k < o->nops; k++) {
				const Op *op = &o->ops[k];
				int v = value_of(c, op);
				if (op_is_value(op) && (op->flags & OF_DEF) &&
				    defd[v] != b) {
					defd[v] = b;
					pair_add(&df, v, b);
				}
			}
		}
		int ob = w->oblk[b];
		if (ob < 0 || !c->nphi[ob])
			continue;
		for (int k = 0; k < c->nphi[ob]; k++) {
			const Ins *phi = c->phi[ob][k];
			pair_add(&pd, value_of(c, &phi->ops[0]), b);
			for (int j = 0; j < w->npred[b]; j++) {
				const Op *src =
					phi_src(phi, w->eorig[w->pred[b][j]]);
				if (src)
					pair_add(&ps, value_of(c, src),
						 w->pred[b][j]);
			}
		}
	}
	free(defd);
	free(uem);
	int *sue = group(&ue, nv), *sdf = group(&df, nv);
	int *sps = group(&ps, nv), *spd = group(&pd, nv);
	int *bdef = xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	int *bphi = xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	int *mark = xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	int *stack = xrealloc(NULL, sizeof(int) * (size_t)(n + 1));
	for (int b = 0; b < n; b++)
		bdef[b] = bphi[b] = mark[b] = -1;
	for (int v = 0; v < nv; v++) {
		if (sue[v] == sue[v + 1] && sps[v] == sps[v + 1])
			continue;
		for (int k = sdf[v]; k < sdf[v + 1]; k++)
			bdef[df.b[k]] = v;
		for (int k = spd[v]; k < spd[v + 1]; k++)
			bphi[pd.b[k]] = v;
		int sp = 0;
		for (int k = sue[v]; k < sue[v + 1]; k++)
			if (mark[ue.b[k]] != v) {
				mark[ue.b[k]] = v;
				pair_add(&live, v, ue.b[k]);
				stack[sp++] = ue.b[k];
			}
		for (int k = sps[v]; k < sps[v + 1]; k++) {
			int a = ps.b[k];
			if (bdef[a] != v && mark[a] != v) {
				mark[a] = v;
				pair_add(&live, v, a);
				stack[sp++] = a;
			}
		}
		while (sp) {
			int b = stack[--sp];
			if (bphi[b] == v)
				continue; /* defined on entry to b */
			for (int k = 0; k < w->npred[b]; k++) {
				int a = w->pred[b][k];
				if (bdef[a] != v && mark[a] != v) {
					mark[a] = v;
					pair_add(&live, v, a);
					stack[sp++] = a;
				}
			}
		}
	}
	free(bdef);
	free(bphi);
	free(mark);
	free(stack);
	/* per block, values increasing (the pairs are in increasing value
	 * order and the grouping is stable) */
	for (int k = 0; k < live.n; k++) {
		int t = live.v[k];
		live.v[k] = live.b[k];
		live.b[k] = t;
	}
	int *sl = group(&live, n);
	for (int b = 0; b < n; b++) {
		nlive[b] = sl[b + 1] - sl[b];
		live_out_[b] = ARENA_NEW(c->a, int, nlive[b] + 1);
		memcpy(live_out_[b], live.b + sl[b],
		       sizeof(int) * (size_t)nlive[b]);
	}
	free(sue);
	free(sdf);
	free(sps);
	free(spd);
	free(sl);
	Pairs *all[] = {&ue, &df, &ps, &pd, &live};
	for (int k = 0; k < 5; k++) {
		free(all[k]->v);
		free(all[k]->b);
	}
}

/* Liveness on f's blocks (for pruning slots), and W from the original:
 * the pseudos live at its entry, and the phi defs they feed. */
static void setup_live(Chk *c)
{
	const Fn *f = c->f, *o = c->o;
	View vf = {f, c->nblk, f->entry, c->ibase, c->om, c->oblk, c->eorig,
		   c->npred, c->pred};
	live_in_sets(c, &vf, c->live, c->nlive);

	int n = o->nblk, nins = 0;
	int *ibase = ARENA_NEW(c->a, int, n + 1);
	int *self = ARENA_NEW(c->a, int, n + 1);
	int *npred = ARENA_NEW(c->a, int, n + 1);
	int **pred = ARENA_NEW(c->a, int *, n + 1);
	for (int b = 0; b < n; b++) {
		ibase[b] = nins;
		nins += blk_nins(o->blk[b]);
		self[b] = b;
		for (int k = 0; k < o->blk[b]->nsucc; k++)
			npred[o->blk[b]->succ[k].blk]++;
	}
	const Ins **om = ARENA_NEW(c->a, const Ins *, nins + 1);
	for (int b = 0; b < n; b++) {
		pred[b] = ARENA_NEW(c->a, int, npred[b] + 1);
		npred[b] = 0;
		int k = ibase[b];
		for (const Ins *i = o->blk[b]->first; i; i = i->next, k++)
			om[k] = i->kind == IK_PHI ? NULL : i;
	}
	for (int b = 0; b < n; b++)
		for (int k = 0; k < o->blk[b]->nsucc; k++) {
			int s = o->blk[b]->succ[k].blk;
			pred[s][npred[s]++] = b;
		}
	View vo = {o, n, o->entry, ibase, om, self, self, npred, pred};
	int **olive = ARENA_NEW(c->a, int *, n + 1);
	int *nolive = ARENA_NEW(c->a, int, n + 1);
	live_in_sets(c, &vo, olive, nolive);
	for (int k = 0; k < nolive[o->entry]; k++)
		if (olive[o->entry][k] < c->npseudo)
			c->isW[olive[o->entry][k]] = true;
	for (bool more = true; more;) {
		more = false;
		for (int b = 0; b < n; b++)
			for (int k = 0; k < c->nphi[b]; k++) {
				const Ins *phi = c->phi[b][k];
				int d = value_of(c, &phi->ops[0]);
				for (int j = 1; j < phi->nops && !c->isW[d];
				     j++)
					if (c->isW[value_of(c, &phi->ops[j])]) {
						c->isW[d] = true;
						more = true;
					}
			}
	}
	/* a hard register an original instruction clobbers: its value is
	 * undefined after the clobber (undefine_clobbered) */
	for (int b = 0; b < n; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next)
			for (int r = 0; r < TGT_NREGS; r++)
				if (RS_HAS(i->clobbers, r))
					c->isW[c->npseudo + r] = true;
	for (int v = 0; v < c->nval; v++)
		c->widx[v] = c->isW[v] ? c->nW++ : -1;
	c->nwords = (c->nW + 63) / 64;
	int nw = c->nwords + 1;
	c->curD = ARENA_NEW(c->a, uint64_t, nw);
	c->acc.def = ARENA_NEW(c->a, uint64_t, nw);
	c->acc2.def = ARENA_NEW(c->a, uint64_t, nw);
	c->tmp.def = ARENA_NEW(c->a, uint64_t, nw);
}

/* ---- Driver ------------------------------------------------------------- */

static void chk_init(Chk *c, const Fn *o, const Fn *f)
{
	memset(c, 0, sizeof *c);
	c->o = o;
	c->f = f;
	c->t = f->target;
	c->a = arena_new();
	pool_init(&c->sp);
	c->npseudo = o->npseudo;
	c->nval = o->npseudo + TGT_NREGS;
	c->gcc = f->by_gcc;
	c->cbase = TGT_NREGS + f->nslot;
	c->abase = c->cbase + f->nconst;
	setup_av(c);
	setup_mv(c);
	c->nloc = c->abase + c->nav;
	c->nblk = f->nblk;
	int n = f->nblk + 1, nv = c->nval + 1, nl = c->nloc + 1;
	c->npred = ARENA_NEW(c->a, int, n);
	c->pred = ARENA_NEW(c->a, int *, n);
	c->oblk = ARENA_NEW(c->a, int, n);
	c->eorig = ARENA_NEW(c->a, int, n);
	c->ibase = ARENA_NEW(c->a, int, n);
	c->rpo = ARENA_NEW(c->a, int, n);
	c->reach = ARENA_NEW(c->a, bool, n);
	c->exit = ARENA_NEW(c->a, State, n);
	c->has_exit = ARENA_NEW(c->a, bool, n);
	c->nphi = ARENA_NEW(c->a, int, o->nblk + 1);
	c->phi = ARENA_NEW(c->a, const Ins **, o->nblk + 1);
	c->remat_def = ARENA_NEW(c->a, const Ins *, c->npseudo + 1);
	c->cur = ARENA_NEW(c->a, int, nl);
	c->tmark = ARENA_NEW(c->a, int, nl);
	c->tlist = ARENA_NEW(c->a, int, nl);
	c->tbuf = ARENA_NEW(c->a, int, nl);
	c->klist = ARENA_NEW(c->a, int, nl);
	nv = nall_ids(c) + 1; /* per id, part and word facts included */
	c->hold = ARENA_NEW(c->a, struct Holders, nv);
	c->isdef = ARENA_NEW(c->a, int, nv);
	c->srcst = ARENA_NEW(c->a, int, nv);
	c->srchead = ARENA_NEW(c->a, int, nv);
	c->acc.loc = ARENA_NEW(c->a, int, nl);
	c->acc.set = ARENA_NEW(c->a, int, nl);
	c->acc2.loc = ARENA_NEW(c->a, int, nl);
	c->acc2.set = ARENA_NEW(c->a, int, nl);
	c->isW = ARENA_NEW(c->a, bool, nv);
	c->widx = ARENA_NEW(c->a, int, nv);
	c->live = ARENA_NEW(c->a, int *, n);
	c->nlive = ARENA_NEW(c->a, int, n);
	c->tmp.loc = ARENA_NEW(c->a, int, nl);
	c->tmp.set = ARENA_NEW(c->a, int, nl);
	c->budget = 4000000;
	c->ws = xrealloc(NULL, sizeof *c->ws);
	memset(c->ws, 0, sizeof *c->ws);
	mem_setup(c);
	c->kws = xrealloc(NULL, sizeof *c->kws);
	memset(c->kws, 0, sizeof *c->kws);
}

static void chk_free(Chk *c)
{
	pool_free(&c->sp);
	free(c->hloc);
	free(c->hnext);
	free(c->pnext);
	free(c->vbuf);
	free(c->trip);
	free(c->setw);
	free(c->reason.s);
	for (int k = 0; k < c->nsoft; k++)
		free(c->soft[k]);
	free(c->soft);
	free(c->uremat);
	arena_free(c->a);
	if (c->ws)
		free(c->ws->w);
	free(c->ws);
	if (c->kws)
		free(c->kws->w);
	free(c->kws);
}

/* Work-list to the fixed point (all blocks queued at the start, in
 * reverse post-order), then one checking pass in block order. */
static void run_once(Chk *c)
{
	bool *queued = ARENA_NEW(c->a, bool, c->nblk + 1);
	for (int b = 0; b < c->nblk; b++)
		c->has_exit[b] = false;
	for (int k = 0; k < c->nrpo; k++)
		queued[c->rpo[k]] = true;
	c->checking = false;
	c->budget = 4000000;
	/* States only shrink (sets lose values, `def` gains them), so the
	 * sweeps end; the cap is a guard against a bug, not a limit. */
	int sweeps = 0;
	for (bool again = true; again;) {
		if (++sweeps > 100000) {
			unverified(c, "no fixed point after %d sweeps (a bug in "
				      "the checker)",
				   sweeps - 1);
			return;
		}
		again = false;
		for (int k = 0; k < c->nrpo; k++) {
			int b = c->rpo[k];
			if (!queued[b])
				continue;
			queued[b] = false;
			if (!join(c, b))
				continue;
			load(c, &c->acc);
			replay(c, b);
			State ns;
			if (!unload(c, &ns, c->has_exit[b] ? &c->exit[b] : NULL,
				    true))
				continue;
			c->exit[b] = ns;
			c->has_exit[b] = true;
			const Blk *bb = c->f->blk[b];
			for (int s = 0; s < bb->nsucc; s++) {
				queued[bb->succ[s].blk] = true;
				again = true;
			}
		}
	}
	c->checking = true;
	for (int b = 0; b < c->nblk; b++) {
		if (!c->reach[b] || !join(c, b))
			continue;
		load(c, &c->acc);
		replay(c, b);
		unload(c, NULL, NULL, false);
	}
}

/* Pruning decides no check, so the violations are found with it; but a
 * message naming what a location holds is clearer with the dead values
 * too, so when there are such messages and the function is not huge the
 * analysis is repeated without pruning for their text. */
static void run(Chk *c)
{
	int before = c->nviol, soft = c->nsoft;
	c->prune = true;
	run_once(c);
	if (c->reason.n)
		return;
	bool wrong = false;
	for (int k = before; k < c->nviol; k++)
		wrong |= c->viol[k].kind == VK_WRONG_VALUE;
	if (!wrong || (long)c->nloc * c->nblk > 20000000L)
		return;
	int n = c->nviol;
	Violation *keep = c->viol;
	c->viol = NULL;
	c->nviol = c->capviol = 0;
	c->viol = grow(c->viol, sizeof(Violation), &c->capviol, n);
	memcpy(c->viol, keep, sizeof(Violation) * (size_t)before);
	c->nviol = before;
	int soft1 = c->nsoft;
	for (int k = soft; k < soft1; k++)
		free(c->soft[k]);
	c->nsoft = soft;
	c->prune = false;
	run_once(c);
	if (c->nviol != n) { /* cannot happen; keep the pruned run's */
		for (int k = before; k < c->nviol; k++)
			viol_free(&c->viol[k]);
		free(c->viol);
		c->viol = keep;
		c->nviol = c->capviol = n;
		return;
	}
	for (int k = before; k < n; k++)
		viol_free(&keep[k]);
	free(keep);
}

/* What could not be proven (c->soft) decides the verdict only when
 * there is no violation: then "unverified" with the first reason (and
 * how many more); every other one becomes a note "unverified: ...". */
static void soft_verdict(Chk *c, VerifyResult *res)
{
	if (c->nsoft == 0)
		return;
	int first = 0;
	if (res->verdict == VERDICT_VERIFIED) {
		res->verdict = VERDICT_UNVERIFIED;
		Str r = {0};
		str_addf(&r, "%s", c->soft[0]);
		if (c->nsoft > 1)
			str_addf(&r, " (and %d more, in the notes)",
				 c->nsoft - 1);
		res->reason = r.s;
		first = 1;
	}
	for (int k = first; k < c->nsoft; k++)
		add_note(c, "unverified: %s", c->soft[k]);
}

void verify_fn(const Fn *orig, const Fn *alloc, VerifyResult *res)
{
	memset(res, 0, sizeof *res);
	Chk c;
	chk_init(&c, orig, alloc);
	if (orig->unsupported)
		unverified(&c, "unsupported: %s", orig->unsupported);
	else if (alloc->unsupported)
		unverified(&c, "unsupported: %s", alloc->unsupported);
	else if (!alloc->allocated)
		unverified(&c, "not an allocated function");
	else if (alloc->target != orig->target)
		unverified(&c, "the targets differ");
	if (!c.reason.n && setup_blocks(&c) && setup_ins(&c)) {
		c.nviol_setup = c.nviol;
		setup_rpo(&c);
		setup_remat(&c);
		setup_hard_widths(&c);
		setup_live(&c);
		if (c.gcc)
			setup_unnamed(&c);
		run(&c);
	}
	if (c.reason.n) {
		res->verdict = VERDICT_UNVERIFIED;
		res->reason = c.reason.s;
		c.reason.s = NULL;
		for (int k = 0; k < c.nviol; k++)
			viol_free(&c.viol[k]);
		free(c.viol);
		for (int k = 0; k < c.nnote; k++)
			free(c.note[k]);
		free(c.note);
	} else {
		res->verdict = c.nviol ? VERDICT_VIOLATION : VERDICT_VERIFIED;
		res->nviol = c.nviol;
		res->viol = c.viol;
		soft_verdict(&c, res);
		res->nnote = c.nnote;
		res->note = c.note;
	}
	chk_free(&c);
}

void verify_result_free(VerifyResult *res)
{
	free(res->reason);
	for (int k = 0; k < res->nviol; k++)
		viol_free(&res->viol[k]);
	free(res->viol);
	for (int k = 0; k < res->nnote; k++)
		free(res->note[k]);
	free(res->note);
	memset(res, 0, sizeof *res);
}

void verify_print(FILE *f, const char *path, const char *fname,
		  const VerifyResult *res)
{
	switch (res->verdict) {
	case VERDICT_VERIFIED:
		fprintf(f, "%s: verified\n", fname);
		break;
	case VERDICT_VIOLATION:
		fprintf(f, "%s: violation (%d)\n", fname, res->nviol);
		break;
	default:
		fprintf(f, "%s: unverified: %s\n", fname, res->reason);
		break;
	}
	for (int k = 0; k < res->nviol; k++)
		fprintf(f, "  %s: %s\n", path, res->viol[k].text);
	for (int k = 0; k < res->nnote; k++)
		fprintf(f, "  %s: %s\n", path, res->note[k]);
}
