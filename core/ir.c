/* ir.c - construction, copying and comparison of core IR functions. */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[IK_NKIND] = {
	[IK_ORD] = "ord",       [IK_COPY] = "copy",   [IK_PCOPY] = "pcopy",
	[IK_PHI] = "phi",       [IK_CALL] = "call",   [IK_BRANCH] = "branch",
	[IK_RET] = "ret",       [IK_MOVE] = "move",   [IK_SPILL] = "spill",
	[IK_RELOAD] = "reload", [IK_SWAP] = "swap",   [IK_REMAT] = "remat",
	[IK_OPAQUE] = "opaque",
};

const char *ins_kind_name(int kind)
{
	return kind >= 0 && kind < IK_NKIND ? kind_names[kind] : "?";
}

int ins_kind_by_name(const char *s, int len)
{
	for (int k = 0; k < IK_NKIND; k++)
		if ((int)strlen(kind_names[k]) == len &&
		    memcmp(kind_names[k], s, (size_t)len) == 0)
			return k;
	return -1;
}

bool ins_kind_inserted(int kind)
{
	return kind >= IK_MOVE && kind <= IK_OPAQUE;
}

Fn *fn_new(const char *name, const Target *t)
{
	Arena *a = arena_new();
	Fn *fn = ARENA_NEW(a, Fn, 1);
	fn->arena = a;
	fn->target = t;
	fn->name = fn_strdup(fn, name, strlen(name));
	fn->entry = 0;
	return fn;
}

void fn_free(Fn *fn)
{
	if (fn)
		arena_free(fn->arena);
}

RegSet fn_allocatable(const Fn *fn, int cls)
{
	return target_allocatable(fn->target, cls, fn->frame_pointer) &
	       ~fn->fixed & fn_isa_regs(fn);
}

RegSet fn_isa_regs(const Fn *fn)
{
	return fn->avx512 ? ~(RegSet)0 : ~fn->target->avx512;
}

const char *fn_strdup(Fn *fn, const char *s, size_t len)
{
	char *p = arena_alloc(fn->arena, len + 1);
	memcpy(p, s, len);
	p[len] = 0;
	return p;
}

/* Capacity grows in powers of two; a count of n implies capacity
 * cap_for(n), so no separate capacity field is needed. */
static int cap_for(int n)
{
	/* the least power of two >= n, at least 4: by the highest set bit
	 * of n - 1 (the tables grow by one entry at a time, and ask it at
	 * every step) */
	return n <= 4 ? 4 : 1 << (32 - __builtin_clz((unsigned)n - 1));
}

/* Records b in fn->idix when its id is small enough (at most four
 * times the blocks plus 1024), growing the table; else counts it in
 * fn->unmapped. */
static void map_block_id(Fn *fn, const Blk *b)
{
	int id = b->id;
	if (id < 0 || id >= 4 * fn->nblk + 1024) {
		fn->unmapped++;
		return;
	}
	if (id >= fn->nidix) {
		int cap = cap_for(id + 1);
		fn->idix = arena_grow(fn->arena, fn->idix,
				      sizeof(int) * (size_t)fn->nidix,
				      sizeof(int) * (size_t)cap);
		for (int k = fn->nidix; k < cap; k++)
			fn->idix[k] = -1;
		fn->nidix = cap;
	}
	if (fn->idix[id] < 0)
		fn->idix[id] = b->idx;
}

Blk *fn_add_block(Fn *fn, int id)
{
	if (fn->nblk == 0 || (fn->nblk >= 4 && cap_for(fn->nblk) == fn->nblk))
		fn->blk = arena_grow(fn->arena, fn->blk,
				     sizeof(Blk *) * (size_t)fn->nblk,
				     sizeof(Blk *) *
					     (size_t)cap_for(fn->nblk + 1));
	Blk *b = ARENA_NEW(fn->arena, Blk, 1);
	b->id = id;
	b->idx = fn->nblk;
	fn->blk[fn->nblk++] = b;
	map_block_id(fn, b);
	return b;
}

void blk_add_succ(Fn *fn, Blk *b, int to, int flags)
{
	if (b->nsucc == 0 || (b->nsucc >= 4 && cap_for(b->nsucc) == b->nsucc))
		b->succ = arena_grow(fn->arena, b->succ,
				     sizeof(Edge) * (size_t)b->nsucc,
				     sizeof(Edge) *
					     (size_t)cap_for(b->nsucc + 1));
	b->succ[b->nsucc].blk = to;
	b->succ[b->nsucc].flags = (uint8_t)flags;
	b->nsucc++;
}

int fn_block_by_id(const Fn *fn, int id)
{
	if (id >= 0 && id < fn->nidix && fn->idix[id] >= 0)
		return fn->idix[id];
	if (!fn->unmapped)
		return -1;
	for (int i = 0; i < fn->nblk; i++)
		if (fn->blk[i]->id == id)
			return i;
	return -1;
}

static void grow_pseudos(Fn *fn, int n)
{
	if (n <= fn->npseudo)
		return;
	int oldcap = fn->npseudo ? cap_for(fn->npseudo) : 0;
	if (n > oldcap) {
		int cap = cap_for(n);
		fn->pseudo = arena_grow(fn->arena, fn->pseudo,
					sizeof(Pseudo) * (size_t)fn->npseudo,
					sizeof(Pseudo) * (size_t)cap);
		for (int i = fn->npseudo; i < cap; i++)
			fn->pseudo[i].cls = -1;
	}
	fn->npseudo = n;
}

/* Requires p's entry in fn's table.  Declares p as fn_declare_pseudo
 * does, unless it is declared already (false). */
static bool set_pseudo(Fn *fn, int p, int cls, int size)
{
	if (fn->pseudo[p].cls >= 0)
		return false;
	fn->pseudo[p].cls = (int8_t)cls;
	fn->pseudo[p].size = (uint16_t)size;
	return true;
}

bool fn_declare_pseudo(Fn *fn, int p, int cls, int size)
{
	grow_pseudos(fn, p + 1);
	return set_pseudo(fn, p, cls, size);
}

int fn_new_pseudo(Fn *fn, int cls, int size)
{
	int p = fn->npseudo;
	/* the table holds at least cap_for(p) entries, more than p when p
	 * is above 4 and no power of two: p's entry is there, no growth
	 * (fn_declare_pseudo without grow_pseudos) */
	if (p > 4 && (p & (p - 1))) {
		fn->npseudo = p + 1;
		set_pseudo(fn, p, cls, size);
		return p;
	}
	fn_declare_pseudo(fn, p, cls, size);
	return p;
}

bool fn_declare_slot(Fn *fn, int s, int size)
{
	if (s >= fn->nslot) {
		int oldcap = fn->nslot ? cap_for(fn->nslot) : 0;
		if (s + 1 > oldcap)
			fn->slot = arena_grow(
				fn->arena, fn->slot,
				sizeof(Slot) * (size_t)fn->nslot,
				sizeof(Slot) * (size_t)cap_for(s + 1));
		fn->nslot = s + 1;
	}
	if (fn->slot[s].size)
		return false;
	fn->slot[s].size = size;
	return true;
}

int fn_new_slot(Fn *fn, int size)
{
	int s = fn->nslot;
	fn_declare_slot(fn, s, size);
	return s;
}

bool op_is_const(const Op *o)
{
	return o->kind == OK_IMM || o->kind == OK_SYM || o->kind == OK_MEMSYM;
}

bool const_same(int ka, int64_t ia, const char *sa, int kb, int64_t ib,
		const char *sb)
{
	if (ka != kb || ia != ib)
		return false;
	if (ka == OK_IMM)
		return true;
	return sa == sb || (sa && sb && !strcmp(sa, sb));
}

int fn_find_const(const Fn *fn, int kind, int64_t imm, const char *sym)
{
	for (int c = 0; c < fn->nconst; c++) {
		const Const *k = &fn->konst[c];
		if (const_same(k->kind, k->imm, k->sym, kind, imm, sym))
			return c;
	}
	return -1;
}

int fn_intern_const(Fn *fn, int kind, int64_t imm, const char *sym)
{
	int found = fn_find_const(fn, kind, imm, sym);
	if (found >= 0)
		return found;
	int oldcap = fn->nconst ? cap_for(fn->nconst) : 0;
	if (fn->nconst + 1 > oldcap)
		fn->konst = arena_grow(fn->arena, fn->konst,
				       sizeof(Const) * (size_t)fn->nconst,
				       sizeof(Const) *
					       (size_t)cap_for(fn->nconst + 1));
	Const *k = &fn->konst[fn->nconst];
	k->kind = (uint8_t)kind;
	k->imm = imm;
	k->sym = sym ? fn_strdup(fn, sym, strlen(sym)) : NULL;
	return fn->nconst++;
}

Ins *ins_new(Fn *fn, int kind, int nops)
{
	Ins *i = ARENA_NEW(fn->arena, Ins, 1);
	i->kind = (uint8_t)kind;
	i->nops = nops;
	i->ops = nops ? ARENA_NEW(fn->arena, Op, nops) : NULL;
	for (int k = 0; k < nops; k++) {
		i->ops[k].tie = -1;
		i->ops[k].from = -1;
	}
	return i;
}

static const char *dup_or_null(Fn *fn, const char *s)
{
	return s ? fn_strdup(fn, s, strlen(s)) : NULL;
}

void ins_add_mem(Fn *fn, Ins *i, MemRef m)
{
	MemRef *a = ARENA_NEW(fn->arena, MemRef, i->nmem + 1);
	for (int k = 0; k < i->nmem; k++)
		a[k] = i->mem[k];
	m.sym = dup_or_null(fn, m.sym);
	a[i->nmem++] = m;
	i->mem = a;
}

void ins_insert_after(Blk *b, Ins *at, Ins *i)
{
	i->prev = at;
	i->next = at ? at->next : b->first;
	if (i->next)
		i->next->prev = i;
	else
		b->last = i;
	if (at)
		at->next = i;
	else
		b->first = i;
}

void ins_insert_before(Blk *b, Ins *at, Ins *i)
{
	ins_insert_after(b, at ? at->prev : b->last, i);
}

Ins *ins_transfer(Fn *fn, int kind, int d, Loc dl, int s, Loc sl)
{
	Ins *i = ins_new(fn, kind, 2);
	i->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = d,
			 .tie = -1, .from = -1, .loc = dl};
	i->ops[1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = s,
			 .tie = -1, .from = -1, .loc = sl};
	return i;
}

void ins_append(Blk *b, Ins *i)
{
	ins_insert_after(b, b->last, i);
}

void ins_remove(Blk *b, Ins *i)
{
	if (i->prev)
		i->prev->next = i->next;
	else
		b->first = i->next;
	if (i->next)
		i->next->prev = i->prev;
	else
		b->last = i->prev;
	i->prev = i->next = NULL;
}

int blk_nins(const Blk *b)
{
	int n = 0;
	for (const Ins *i = b->first; i; i = i->next)
		n++;
	return n;
}

void fn_preds(Fn *fn)
{
	int *count = ARENA_NEW(fn->arena, int, fn->nblk + 1);
	for (int i = 0; i < fn->nblk; i++)
		for (int k = 0; k < fn->blk[i]->nsucc; k++)
			count[fn->blk[i]->succ[k].blk]++;
	for (int i = 0; i < fn->nblk; i++) {
		Blk *b = fn->blk[i];
		b->npred = 0;
		/* not zeroed: the loop below writes all count[i] entries */
		b->pred = count[i] ? ARENA_RAW(fn->arena, int, count[i]) : NULL;
	}
	for (int i = 0; i < fn->nblk; i++)
		for (int k = 0; k < fn->blk[i]->nsucc; k++) {
			Blk *t = fn->blk[fn->blk[i]->succ[k].blk];
			t->pred[t->npred++] = i;
		}
}

static int map_new(const PseudoMap *m, int p);

/* A copy of instruction si of a function being copied into fn, but for
 * its links, name, memory accesses and operand symbols: ins_new without
 * zeroing the operands, which the copy overwrites. */
static Ins *ins_copy_shell(Fn *fn, const Ins *si)
{
	Ins *ni = ARENA_NEW(fn->arena, Ins, 1);
	ni->kind = si->kind;
	ni->nops = si->nops;
	ni->ops = si->nops ? ARENA_RAW(fn->arena, Op, si->nops) : NULL;
	ni->flags = si->flags;
	ni->comm = si->comm;
	ni->uid = si->uid;
	ni->clobbers = si->clobbers;
	return ni;
}

/* Requires b without successors.  Gives b sb's successors, with the
 * capacity blk_add_succ would have grown to, in one allocation. */
static void copy_succs(Fn *fn, Blk *b, const Blk *sb)
{
	if (sb->nsucc == 0)
		return;
	b->succ = ARENA_NEW(fn->arena, Edge, cap_for(sb->nsucc));
	for (int k = 0; k < sb->nsucc; k++) {
		b->succ[k].blk = sb->succ[k].blk;
		b->succ[k].flags = (uint8_t)sb->succ[k].flags;
	}
	b->nsucc = sb->nsucc;
}

/* A copy of src; with m, its pseudos numbered by m (map_new) and its
 * table sized by them, not by src's numbers. */
static Fn *copy_with(const Fn *src, const PseudoMap *m)
{
	Fn *fn = fn_new(src->name, src->target);
	fn->unsupported = dup_or_null(fn, src->unsupported);
	fn->frame_pointer = src->frame_pointer;
	fn->avx512 = src->avx512;
	fn->fixed = src->fixed;
	fn->allocated = src->allocated;
	fn->by_gcc = src->by_gcc;
	fn->memfx = src->memfx;
	fn->has_frame_off = src->has_frame_off;
	fn->frame_off = src->frame_off;
	fn->escapes = src->escapes;
	fn->frame_escapes = src->frame_escapes;
	fn->entry = src->entry;
	for (int c = 0; c < src->nconst; c++)
		fn_intern_const(fn, src->konst[c].kind, src->konst[c].imm,
				src->konst[c].sym);
	/* sized once up front: the declarations below then rarely grow it */
	grow_pseudos(fn, m ? map_new(m, src->npseudo - 1) + 1 : src->npseudo);
	for (int p = 0; p < src->npseudo; p++)
		if (src->pseudo[p].cls >= 0)
			fn_declare_pseudo(fn, m ? map_new(m, p) : p,
					  src->pseudo[p].cls,
					  src->pseudo[p].size);
	if (src->npseudo > fn->npseudo)
		fn->nsparse = src->nsparse + (src->npseudo - fn->npseudo);
	else
		fn->nsparse = src->nsparse;
	for (int s = 0; s < src->nslot; s++)
		if (src->slot[s].size) {
			fn_declare_slot(fn, s, src->slot[s].size);
			fn->slot[s].has_off = src->slot[s].has_off;
			fn->slot[s].off = src->slot[s].off;
		}
	for (int i = 0; i < src->nblk; i++) {
		const Blk *sb = src->blk[i];
		Blk *b = fn_add_block(fn, sb->id);
		b->freq = sb->freq;
		b->split = sb->split;
		b->depth = sb->depth;
		copy_succs(fn, b, sb);
		for (const Ins *si = sb->first; si; si = si->next) {
			Ins *ni = ins_copy_shell(fn, si);
			ni->name = dup_or_null(fn, si->name);
			for (int k = 0; k < si->nmem; k++)
				ins_add_mem(fn, ni, si->mem[k]);
			for (int k = 0; k < si->nops; k++) {
				ni->ops[k] = si->ops[k];
				ni->ops[k].sym = dup_or_null(fn, si->ops[k].sym);
				if (m && si->ops[k].kind == OK_PSEUDO &&
				    si->ops[k].reg >= 0)
					ni->ops[k].reg =
						map_new(m, si->ops[k].reg);
			}
			ins_append(b, ni);
		}
	}
	fn_preds(fn);
	return fn;
}

Fn *fn_copy(const Fn *src)
{
	return copy_with(src, NULL);
}

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

#define DIFF(...)                                                  \
	do {                                                       \
		if (why)                                           \
			snprintf(why, whylen, __VA_ARGS__);        \
		return false;                                      \
	} while (0)

/* Whether locations x of function a and y of function b are the same:
 * constant locations are compared by value (each function numbers its
 * own table), others by number. */
static bool loc_equal(const Fn *a, Loc x, const Fn *b, Loc y)
{
	if (x.kind != y.kind)
		return false;
	if (x.kind == LOC_NONE)
		return true;
	if (x.kind != LOC_CONST)
		return x.num == y.num;
	if (x.num < 0 || x.num >= a->nconst || y.num < 0 || y.num >= b->nconst)
		return false;
	const Const *p = &a->konst[x.num], *q = &b->konst[y.num];
	return const_same(p->kind, p->imm, p->sym, q->kind, q->imm, q->sym);
}

static bool op_equal(const Fn *a, const Op *x, const Fn *b, const Op *y)
{
	return x->kind == y->kind && x->flags == y->flags &&
	       x->tie == y->tie && x->sub_off == y->sub_off &&
	       x->sub_size == y->sub_size && x->reg == y->reg &&
	       x->allowed == y->allowed && loc_equal(a, x->loc, b, y->loc) &&
	       x->from == y->from && x->imm == y->imm && str_eq(x->sym, y->sym);
}

static bool ins_equal(const Fn *a, const Ins *x, const Fn *b, const Ins *y)
{
	if (x->kind != y->kind || x->flags != y->flags || x->uid != y->uid ||
	    ((x->flags & (INS_COMM | INS_MIRROR)) && x->comm != y->comm) ||
	    !str_eq(x->name, y->name) || x->nops != y->nops ||
	    x->clobbers != y->clobbers || x->nmem != y->nmem)
		return false;
	for (int k = 0; k < x->nmem; k++) {
		const MemRef *m = &x->mem[k], *n = &y->mem[k];
		if (m->kind != n->kind || m->base != n->base ||
		    m->size != n->size || m->off != n->off ||
		    m->reg != n->reg || !str_eq(m->sym, n->sym))
			return false;
	}
	for (int k = 0; k < x->nops; k++)
		if (!op_equal(a, &x->ops[k], b, &y->ops[k]))
			return false;
	return true;
}

bool fn_equal(const Fn *a, const Fn *b, char *why, size_t whylen)
{
	if (!str_eq(a->name, b->name))
		DIFF("names differ: %s vs %s", a->name, b->name);
	if (!str_eq(a->unsupported, b->unsupported) ||
	    a->frame_pointer != b->frame_pointer || a->fixed != b->fixed ||
	    a->avx512 != b->avx512 ||
	    a->allocated != b->allocated || a->by_gcc != b->by_gcc ||
	    a->memfx != b->memfx || a->escapes != b->escapes ||
	    a->frame_escapes != b->frame_escapes ||
	    a->has_frame_off != b->has_frame_off ||
	    (a->has_frame_off && a->frame_off != b->frame_off))
		DIFF("%s: function attributes differ", a->name);
	if (a->nblk != b->nblk || a->entry != b->entry)
		DIFF("%s: block count or entry differ", a->name);
	int np = a->npseudo > b->npseudo ? a->npseudo : b->npseudo;
	for (int p = 0; p < np; p++) {
		Pseudo x = p < a->npseudo ? a->pseudo[p] : (Pseudo){-1, 0};
		Pseudo y = p < b->npseudo ? b->pseudo[p] : (Pseudo){-1, 0};
		if (x.cls != y.cls || (x.cls >= 0 && x.size != y.size))
			DIFF("%s: pseudo p%d differs", a->name, p);
	}
	int ns = a->nslot > b->nslot ? a->nslot : b->nslot;
	for (int s = 0; s < ns; s++) {
		int x = s < a->nslot ? a->slot[s].size : 0;
		int y = s < b->nslot ? b->slot[s].size : 0;
		bool ox = x && a->slot[s].has_off, oy = y && b->slot[s].has_off;
		if (x != y || ox != oy ||
		    (ox && a->slot[s].off != b->slot[s].off))
			DIFF("%s: slot s%d differs", a->name, s);
	}
	for (int i = 0; i < a->nblk; i++) {
		const Blk *x = a->blk[i], *y = b->blk[i];
		if (x->id != y->id || x->freq != y->freq ||
		    x->depth != y->depth || x->nsucc != y->nsucc)
			DIFF("%s: block b%d differs", a->name, x->id);
		for (int k = 0; k < x->nsucc; k++)
			if (x->succ[k].blk != y->succ[k].blk ||
			    x->succ[k].flags != y->succ[k].flags)
				DIFF("%s: b%d: edge %d differs", a->name, x->id,
				     k);
		const Ins *xi = x->first, *yi = y->first;
		for (int n = 0; xi && yi; xi = xi->next, yi = yi->next, n++)
			if (!ins_equal(a, xi, b, yi))
				DIFF("%s: b%d: instruction %d (uid %d) differs",
				     a->name, x->id, n, xi->uid);
		if (xi || yi)
			DIFF("%s: b%d: instruction counts differ", a->name,
			     x->id);
	}
	return true;
}

bool op_partial_def(const Fn *fn, const Op *o)
{
	if (o->kind != OK_PSEUDO || !(o->flags & OF_DEF) || o->sub_size == 0 ||
	    o->reg < 0 || o->reg >= fn->npseudo)
		return false;
	int size = fn->pseudo[o->reg].size;
	int word = fn->target->class_bytes[RC_GPR];
	return o->sub_size < size && size > word;
}

int fn_max_uid(const Fn *fn)
{
	int m = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid > m)
				m = i->uid;
	return m;
}

RegSet ins_hard_reads(const Fn *fn, const Ins *i)
{
	RegSet s = 0;
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].kind == OK_HREG && op_reads(fn, &i->ops[k]))
			s |= RS_BIT(i->ops[k].reg);
	return s;
}

RegSet ins_hard_writes(const Ins *i)
{
	RegSet s = i->clobbers;
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].kind == OK_HREG && (i->ops[k].flags & OF_DEF))
			s |= RS_BIT(i->ops[k].reg);
	return s;
}

int op_class(const Fn *fn, const Op *o)
{
	switch (o->kind) {
	case OK_PSEUDO:
		return o->reg < fn->npseudo ? fn->pseudo[o->reg].cls : -1;
	case OK_HREG:
		return fn->target->regs[o->reg].cls;
	default:
		return -1;
	}
}

void irfile_free(IrFile *f)
{
	if (!f)
		return;
	for (int i = 0; i < f->nfn; i++)
		fn_free(f->fn[i]);
	free(f->fn);
	f->fn = NULL;
	f->nfn = 0;
}

/* ---- Dense pseudo numbers ---------------------------------------------- */

/* Sets in the bitmap used (npseudo bits) every pseudo fn declares or
 * names. */
static void mark_used(const Fn *fn, uint64_t *used)
{
	for (int p = 0; p < fn->npseudo; p++)
		if (fn->pseudo[p].cls >= 0)
			used[p / 64] |= (uint64_t)1 << (p % 64);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				int p = i->ops[k].reg;
				if (i->ops[k].kind == OK_PSEUDO && p >= 0 &&
				    p < fn->npseudo)
					used[p / 64] |= (uint64_t)1 << (p % 64);
			}
}

/* A zeroed bitmap of n bits (malloc). */
static uint64_t *bitmap_new(int n)
{
	uint64_t *b = calloc((size_t)n / 64 + 1, sizeof(uint64_t));
	if (!b)
		abort();
	return b;
}

/* Number of bits set in the first n of bitmap b. */
static int bitmap_count(const uint64_t *b, int n)
{
	int c = 0;
	for (int k = 0; k <= n / 64; k++)
		c += __builtin_popcountll(b[k]);
	return c;
}

bool fn_sparse(const Fn *fn)
{
	if (fn->npseudo <= 4096)
		return false;
	uint64_t *used = bitmap_new(fn->npseudo);
	mark_used(fn, used);
	int n = bitmap_count(used, fn->npseudo);
	free(used);
	return fn->npseudo > 4 * n + 4096;
}

PseudoMap pmap_build(const Fn *a, const Fn *b)
{
	PseudoMap m = {0};
	int nb = b ? b->npseudo : 0;
	m.nold = a->npseudo > nb ? a->npseudo : nb;
	uint64_t *used = bitmap_new(m.nold);
	mark_used(a, used);
	if (b)
		mark_used(b, used);
	m.nnew = bitmap_count(used, m.nold);
	m.to_old = malloc(sizeof(int) * ((size_t)m.nnew + 1));
	m.to_new = malloc(sizeof(int) * ((size_t)m.nold + 1));
	if (!m.to_old || !m.to_new)
		abort();
	int k = 0;
	for (int p = 0; p < m.nold; p++) {
		bool u = (used[p / 64] >> (p % 64)) & 1;
		m.to_new[p] = u ? k : -1;
		if (u)
			m.to_old[k++] = p;
	}
	free(used);
	return m;
}

void pmap_free(PseudoMap *m)
{
	free(m->to_old);
	free(m->to_new);
	*m = (PseudoMap){0};
}

/* The dense number of old pseudo p: its rank among the mapped ones
 * (m->to_new), or, p not mapped, after them by its distance above the
 * largest old number (nnew for an unmapped one below it). */
static int map_new(const PseudoMap *m, int p)
{
	if (p >= 0 && p < m->nold && m->to_new[p] >= 0)
		return m->to_new[p];
	return m->nnew + (p - m->nold < 0 ? 0 : p - m->nold);
}

Fn *fn_copy_dense(const Fn *fn, const PseudoMap *m)
{
	return copy_with(fn, m);
}

void fn_to_old(Fn *fn, const PseudoMap *m)
{
	int extra = fn->npseudo > m->nnew ? fn->npseudo - m->nnew : 0;
	int nmax = m->nold + extra;
	Pseudo *tab = ARENA_NEW(fn->arena, Pseudo, cap_for(nmax));
	for (int p = 0; p < cap_for(nmax); p++)
		tab[p].cls = -1;
	int top = 0;
	for (int p = 0; p < fn->npseudo; p++) {
		int q = p < m->nnew ? m->to_old[p] : p - m->nnew + m->nold;
		if (fn->pseudo[p].cls < 0)
			continue;
		tab[q] = fn->pseudo[p];
		top = q + 1 > top ? q + 1 : top;
	}
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO || o->reg < 0)
					continue;
				o->reg = o->reg < m->nnew
						 ? m->to_old[o->reg]
						 : o->reg - m->nnew + m->nold;
				top = o->reg + 1 > top ? o->reg + 1 : top;
			}
	fn->pseudo = tab;
	fn->npseudo = top;
	fn->nsparse = 0; /* numbered as the original */
}

char *pmap_text(const PseudoMap *m, const char *s)
{
	size_t n = strlen(s), cap = n + 1, len = 0;
	char *out = malloc(cap);
	if (!out)
		abort();
	for (size_t i = 0; i < n;) {
		char c = i > 0 ? s[i - 1] : ' ';
		bool ident = c == '_' || c == '$' || (c >= '0' && c <= '9') ||
			     ((c | 32) >= 'a' && (c | 32) <= 'z');
		size_t j = i + 1;
		while (j < n && s[j] >= '0' && s[j] <= '9')
			j++;
		char d = j < n ? s[j] : ' ';
		bool after = d == '_' || ((d | 32) >= 'a' && (d | 32) <= 'z');
		long v = s[i] == 'p' && !ident && !after && j > i + 1 &&
				 j - i < 11
			 ? strtol(s + i + 1, NULL, 10)
			 : -1;
		char num[16];
		const char *piece = s + i;
		size_t plen = 1;
		if (v >= 0 && v < m->nnew) {
			snprintf(num, sizeof num, "p%d", m->to_old[v]);
			piece = num;
			plen = strlen(num);
			i = j;
		} else {
			i++;
		}
		while (len + plen + 1 > cap) {
			cap *= 2;
			out = realloc(out, cap);
			if (!out)
				abort();
		}
		memcpy(out + len, piece, plen);
		len += plen;
	}
	out[len] = 0;
	return out;
}
