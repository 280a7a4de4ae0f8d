/* hardweb.c - hard-register webs as constrained values (hardweb.h). */
#include "hardweb.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One operand naming register R: its instruction, block and index. */
typedef struct Occ {
	Ins *i;
	int k;
	int def; /* def id (1..nd) for an eligible def, 0 for a use or a
		  * non-eligible def */
	int web; /* a use: one def id that reaches it (0: none yet) */
	bool use;
} Occ;

/* The state of one register's analysis. */
typedef struct Web {
	Fn *fn;
	int reg;
	int nd;           /* eligible defs, ids 1..nd; id 0 = "not one of
			   * them" (clobber, other write) */
	int entry_id;     /* the def id of R's content at the entry (with
			   * entry webs, else 0: "not one of them") */
	int words;        /* 64-bit words of a set of ids 0..nd */
	uint64_t *in, *out; /* per block */
	bool *kills;      /* per block: the block writes R */
	int *parent;      /* union-find over def ids */
	bool *bad, *read; /* per def id */
	Occ *occ;
	int nocc;
} Web;

/* Whether instruction i's operand k, which names hard register r, is an
 * occurrence a web may contain: a whole-register read or write (not
 * both, not early), of an original ord or copy that does not clobber r. */
static bool eligible_op(const Ins *i, int k, int r)
{
	const Op *o = &i->ops[k];
	int rw = o->flags & (OF_USE | OF_DEF);
	if (o->sub_size || rw == (OF_USE | OF_DEF) || rw == 0 ||
	    (o->flags & (OF_EARLY | OF_MEMONLY)))
		return false;
	if (i->kind != IK_ORD && i->kind != IK_COPY)
		return false;
	return i->uid > 0 && !(i->flags & INS_DELETED) &&
	       !RS_HAS(i->clobbers, r);
}

/* Whether operand o names hard register r. */
static bool names(const Op *o, int r)
{
	return o->kind == OK_HREG && o->reg == r;
}

/* Number of defs of r in i. */
static int ndefs(const Ins *i, int r)
{
	int n = 0;
	for (int k = 0; k < i->nops; k++)
		n += names(&i->ops[k], r) && (i->ops[k].flags & OF_DEF);
	return n;
}

/* Collects the occurrences of w->reg in w->occ (instruction order, uses
 * of an instruction before its defs) and numbers its eligible defs. */
static void collect(Web *w)
{
	Fn *fn = w->fn;
	int r = w->reg, cap = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int pass = 0; pass < 2; pass++)
				for (int k = 0; k < i->nops; k++) {
					Op *o = &i->ops[k];
					bool def = (o->flags & OF_DEF) != 0;
					if (!names(o, r) || def != (pass == 1))
						continue;
					if (w->nocc == cap) {
						int nc = cap ? 2 * cap : 16;
						w->occ = arena_grow(
							fn->arena, w->occ,
							sizeof(Occ) * (size_t)cap,
							sizeof(Occ) * (size_t)nc);
						cap = nc;
					}
					Occ *c = &w->occ[w->nocc++];
					c->i = i;
					c->k = k;
					c->use = !def;
					if (def && eligible_op(i, k, r) &&
					    ndefs(i, r) == 1)
						c->def = ++w->nd;
				}
}

static void set_one(uint64_t *s, int words, int id)
{
	memset(s, 0, sizeof(uint64_t) * (size_t)words);
	s[id / 64] |= (uint64_t)1 << (id % 64);
}

/* One past w's last occurrence (w->occ itself when there is none: the
 * array may then be NULL, and NULL + 0 is not valid C). */
static const Occ *occ_end(const Web *w)
{
	return w->nocc ? w->occ + w->nocc : w->occ;
}

/* The id of the last write of r in instruction i (after its reads), or
 * -1 if i does not write r: a clobber or a non-eligible def is 0. */
static int ins_write(const Web *w, const Ins *i, const Occ **cursor)
{
	int id = -1;
	if (RS_HAS(i->clobbers, w->reg))
		id = 0;
	while (*cursor < occ_end(w) && (*cursor)->i == i) {
		const Occ *c = (*cursor)++;
		if (!c->use)
			id = c->def;
	}
	return id;
}

/* Forward reaching definitions of r's writes over the blocks: w->in and
 * w->out.  The entry block is reached by id 0 (R's incoming content). */
static void reach(Web *w)
{
	Fn *fn = w->fn;
	int W = w->words;
	/* Each block's transfer: identity, or "last write" (kills). */
	int *last = calloc((size_t)fn->nblk, sizeof(int));
	const Occ *cur = w->occ;
	for (int b = 0; b < fn->nblk; b++) {
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			int id = ins_write(w, i, &cur);
			if (id >= 0) {
				w->kills[b] = true;
				last[b] = id;
			}
		}
		if (w->kills[b])
			set_one(w->out + (size_t)b * W, W, last[b]);
	}
	set_one(w->in + (size_t)fn->entry * W, W, w->entry_id);
	for (bool changed = true; changed;) {
		changed = false;
		for (int b = 0; b < fn->nblk; b++) {
			const Blk *bb = fn->blk[b];
			uint64_t *in = w->in + (size_t)b * W;
			for (int p = 0; p < bb->npred; p++) {
				const uint64_t *po =
					w->out + (size_t)bb->pred[p] * W;
				for (int x = 0; x < W; x++)
					in[x] |= po[x];
			}
			if (w->kills[b])
				continue;
			uint64_t *out = w->out + (size_t)b * W;
			for (int x = 0; x < W; x++)
				if ((out[x] | in[x]) != out[x]) {
					out[x] |= in[x];
					changed = true;
				}
		}
	}
	free(last);
}

static int find(int *parent, int x)
{
	while (parent[x] != x)
		x = parent[x] = parent[parent[x]];
	return x;
}

/* Marks every def in set s bad (id 0 included, harmlessly). */
static void mark_bad(Web *w, const uint64_t *s)
{
	for (int d = 1; d <= w->nd; d++)
		if (s[d / 64] >> (d % 64) & 1)
			w->bad[d] = true;
}

/* A read of r with reaching set s at occurrence c: joins the defs of s
 * into one web, or marks them bad when the read is not eligible or
 * may see something else (id 0, or nothing at all). */
static void read_of(Web *w, Occ *c, const uint64_t *s)
{
	int first = 0;
	bool other = (s[0] & 1) != 0;
	for (int d = 1; d <= w->nd; d++)
		if (s[d / 64] >> (d % 64) & 1) {
			if (!first)
				first = d;
			else
				w->parent[find(w->parent, d)] =
					find(w->parent, first);
		}
	if (!first || other || !eligible_op(c->i, c->k, w->reg)) {
		mark_bad(w, s);
		return;
	}
	c->web = first;
	w->read[first] = true;
}

/* Walks each block from its reaching set, joining reads to their defs;
 * defs that reach a call preserving r, or the end of a block with an
 * abnormal successor, are bad. */
static void join(Web *w)
{
	Fn *fn = w->fn;
	int W = w->words;
	uint64_t *cur = calloc((size_t)W, sizeof(uint64_t));
	Occ *c = w->occ;
	for (int b = 0; b < fn->nblk; b++) {
		memcpy(cur, w->in + (size_t)b * W, sizeof(uint64_t) * (size_t)W);
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			for (; c < occ_end(w) && c->i == i && c->use; c++)
				read_of(w, c, cur);
			if (i->kind == IK_CALL && !RS_HAS(i->clobbers, w->reg))
				mark_bad(w, cur); /* a callee may read it */
			const Occ *cc = c;
			int id = ins_write(w, i, &cc);
			c = (Occ *)cc;
			if (id >= 0)
				set_one(cur, W, id);
		}
		for (int s = 0; s < fn->blk[b]->nsucc; s++)
			if (fn->blk[b]->succ[s].flags & EF_ABNORMAL)
				mark_bad(w, w->out + (size_t)b * W);
	}
	free(cur);
}

/* Defines web pseudo p from R's content at the entry: `copy =p, %R`
 * (uid 0) at the start of the entry block, recorded in hw (restored as
 * the allocation's move or spill). */
static void entry_copy(Web *w, HardWebs *hw, int p)
{
	Fn *fn = w->fn;
	Ins *cp = ins_new(fn, IK_COPY, 2);
	cp->ops[0].kind = OK_PSEUDO;
	cp->ops[0].flags = OF_DEF;
	cp->ops[0].reg = p;
	cp->ops[1].kind = OK_HREG;
	cp->ops[1].flags = OF_USE;
	cp->ops[1].reg = w->reg;
	Blk *b = fn->blk[fn->entry];
	Ins *at = b->first;
	while (at && at->kind == IK_PHI)
		at = at->next;
	ins_insert_before(b, at, cp);
	hw->entry = arena_grow(fn->arena, hw->entry,
			       sizeof(Ins *) * (size_t)hw->nentry,
			       sizeof(Ins *) * (size_t)(hw->nentry + 1));
	hw->entry[hw->nentry++] = cp;
}

/* Replaces the occurrences of every good web of w by a fresh pseudo
 * constrained to {reg}, recording them in hw.  Returns webs converted. */
static int convert(Web *w, HardWebs *hw, int *cap)
{
	Fn *fn = w->fn;
	int *pseudo = calloc((size_t)w->nd + 1, sizeof(int));
	bool *bad = calloc((size_t)w->nd + 1, sizeof(bool));
	bool *read = calloc((size_t)w->nd + 1, sizeof(bool));
	for (int d = 1; d <= w->nd; d++) {
		int root = find(w->parent, d);
		bad[root] |= w->bad[d];
		read[root] |= w->read[d];
	}
	int n = 0;
	for (int x = 0; x < w->nocc; x++) {
		Occ *c = &w->occ[x];
		int id = c->use ? c->web : c->def;
		if (!id)
			continue;
		int root = find(w->parent, id);
		if (bad[root] || !read[root])
			continue;
		if (!pseudo[root]) {
			pseudo[root] = fn_new_pseudo(fn, RC_GPR, 8);
			n++;
		}
		Op *o = &c->i->ops[c->k];
		if (hw->nop == *cap) {
			int nc = *cap ? 2 * *cap : 16;
			hw->op = arena_grow(fn->arena, hw->op,
					    sizeof(HardWebOp) * (size_t)*cap,
					    sizeof(HardWebOp) * (size_t)nc);
			*cap = nc;
		}
		hw->op[hw->nop++] = (HardWebOp){c->i->uid, c->k, w->reg,
						pseudo[root], o->allowed};
		o->kind = OK_PSEUDO;
		o->reg = pseudo[root];
		o->allowed = RS_BIT(w->reg);
	}
	int er = w->entry_id ? find(w->parent, w->entry_id) : 0;
	if (er && pseudo[er])
		entry_copy(w, hw, pseudo[er]);
	free(pseudo);
	free(bad);
	free(read);
	return n;
}

/* The webs of register r (hardweb.h), R's content at the entry one of
 * the defs when entry (and the entry block has no predecessor, so that
 * a copy at its start runs once, before everything); returns the number
 * converted. */
static int webs_of(Fn *fn, int r, HardWebs *hw, int *cap, bool entry)
{
	Web w = {.fn = fn, .reg = r};
	collect(&w);
	if (entry && fn->blk[fn->entry]->npred == 0)
		w.entry_id = ++w.nd;
	if (w.nd == 0)
		return 0;
	w.words = (w.nd + 1 + 63) / 64;
	size_t sz = sizeof(uint64_t) * (size_t)w.words * (size_t)fn->nblk;
	w.in = calloc(1, sz);
	w.out = calloc(1, sz);
	w.kills = calloc((size_t)fn->nblk, sizeof(bool));
	w.parent = malloc(sizeof(int) * ((size_t)w.nd + 1));
	w.bad = calloc((size_t)w.nd + 1, sizeof(bool));
	w.read = calloc((size_t)w.nd + 1, sizeof(bool));
	if (!w.in || !w.out || !w.kills || !w.parent || !w.bad || !w.read)
		abort();
	for (int d = 0; d <= w.nd; d++)
		w.parent[d] = d;
	reach(&w);
	join(&w);
	int n = convert(&w, hw, cap);
	free(w.in);
	free(w.out);
	free(w.kills);
	free(w.parent);
	free(w.bad);
	free(w.read);
	return n;
}

static int convert_all(Fn *fn, const RegSet avail[RC_NALLOC], HardWebs *hw,
		       bool entry)
{
	*hw = (HardWebs){0};
	int cap = 0;
	RegSet regs = avail[RC_GPR] & fn->target->class_regs[RC_GPR] &
		      ~fn->target->never_alloc &
		      fn_allocatable(fn, RC_GPR);
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(regs, r))
			hw->nweb += webs_of(fn, r, hw, &cap, entry);
	return hw->nweb;
}

int hardweb_convert(Fn *fn, const RegSet avail[RC_NALLOC], HardWebs *hw)
{
	return convert_all(fn, avail, hw, false);
}

int hardweb_convert_entry(Fn *fn, const RegSet avail[RC_NALLOC],
			  HardWebs *hw)
{
	return convert_all(fn, avail, hw, true);
}

/* Turns each entry copy `=p, %R` still in the entry block into the
 * allocation's move from R into p's register (removed when that is R);
 * false (err) if p is not in a register. */
static bool restore_entry(Fn *fn, const HardWebs *hw, char *err,
			  size_t errlen)
{
	Blk *b = fn->blk[fn->entry];
	for (int x = 0; x < hw->nentry; x++) {
		Ins *cp = hw->entry[x], *i = b->first;
		while (i && i != cp)
			i = i->next;
		if (!i)
			continue;
		Op *d = &cp->ops[0];
		if (d->loc.kind != LOC_REG) {
			snprintf(err, errlen, "internal: the entry copy of %s "
				 "is not into a register",
				 fn->target->regs[cp->ops[1].reg].name);
			return false;
		}
		if (d->loc.num == cp->ops[1].reg) {
			ins_remove(b, cp);
			continue;
		}
		cp->kind = IK_MOVE;
		cp->ops[1].loc = (Loc){LOC_REG, cp->ops[1].reg};
	}
	return true;
}

bool hardweb_restore(Fn *fn, const HardWebs *hw, char *err, size_t errlen)
{
	int maxuid = 0;
	for (int x = 0; x < hw->nop; x++)
		if (hw->op[x].uid > maxuid)
			maxuid = hw->op[x].uid;
	Ins **by_uid = calloc((size_t)maxuid + 1, sizeof(Ins *));
	if (!by_uid)
		abort();
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid > 0 && i->uid <= maxuid)
				by_uid[i->uid] = i;
	bool ok = true;
	for (int x = 0; x < hw->nop && ok; x++) {
		const HardWebOp *h = &hw->op[x];
		Ins *i = by_uid[h->uid];
		Op *o = i && h->k < i->nops ? &i->ops[h->k] : NULL;
		if (!o || o->kind != OK_PSEUDO || o->reg != h->pseudo ||
		    o->loc.kind != LOC_REG || o->loc.num != h->reg) {
			snprintf(err, errlen,
				 "internal: uid %d: operand %d of hard-register "
				 "web p%d is not in %s", h->uid, h->k,
				 h->pseudo, fn->target->regs[h->reg].name);
			ok = false;
			break;
		}
		o->kind = OK_HREG;
		o->reg = h->reg;
		o->allowed = h->allowed;
		o->loc = (Loc){LOC_NONE, 0};
	}
	free(by_uid);
	return ok && restore_entry(fn, hw, err, errlen);
}
