/* memory.c - memory in GCC's allocation (docs/VERIFY.md "Memory"): the
 * constant locations that name writable memory, which writes of the
 * original may change them, and what a load or store leaves there.
 * Active only when the original lists its memory effects (memfx). */
#include "vstate.h"

#include <string.h>

/* ---- Memory locations -------------------------------------------------- */

/* Whether an OK_MEMSYM operand [sym+off] appears in the original: such
 * memory is read-only (docs/IR.md), never killed. */
static bool mem_readonly(const Fn *o, int64_t off, const char *sym)
{
	for (int b = 0; b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (const_same(i->ops[k].kind, i->ops[k].imm,
					       i->ops[k].sym, OK_MEMSYM, off,
					       sym))
					return true;
	return false;
}

/* Original access m with a frame address rebased on argp when f gives
 * the distance (frame_off: GCC's elimination offsets, which also place
 * the allocation's [%argp+N] locations). */
static MemRef mem_norm(const Fn *f, const MemRef *m)
{
	MemRef r = *m;
	if (r.base == MB_FRAME && f->has_frame_off) {
		r.base = MB_ARGP;
		r.off += f->frame_off;
	}
	return r;
}

/* Whether original access m (normalized) is at exactly the address of
 * l. */
static bool mem_at(const MemRef *m, const MemLoc *l)
{
	return m->base == l->base && m->off == l->off &&
	       (m->base != MB_SYM || strcmp(m->sym, l->sym) == 0);
}

/* The widest original access at exactly l's address, or 64 when none. */
static int mem_extent(const Fn *o, const Fn *f, const MemLoc *l)
{
	int w = 0;
	for (int b = 0; b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nmem; k++) {
				MemRef m = mem_norm(f, &i->mem[k]);
				if (mem_at(&m, l) && m.size > w)
					w = m.size;
			}
	return w ? w : 64;
}

void mem_setup(Chk *c)
{
	if (!c->gcc || !c->o->memfx || !c->nconst)
		return;
	c->mloc = ARENA_NEW(c->a, MemLoc, c->nconst);
	for (int k = 0; k < c->nconst; k++) {
		const Const *q = &c->konst[k];
		MemLoc *l = &c->mloc[k];
		if (q->kind != OK_MEMSYM || mem_readonly(c->o, q->imm, q->sym))
			continue;
		l->mem = true;
		l->base = strcmp(q->sym, "%argp") == 0 ? MB_ARGP : MB_SYM;
		l->off = q->imm;
		l->sym = q->sym;
		l->size = mem_extent(c->o, c->f, l);
	}
}

/* ---- Writes that may reach a location ---------------------------------- */

/* Whether [ao, ao+as) and [bo, bo+bs) intersect. */
static bool ranges_meet(int64_t ao, int as, int64_t bo, int bs)
{
	return ao < bo + bs && bo < ao + as;
}

/* Whether an unknown address may reach argp location l (not a symbol):
 * when some argp address escapes (escapes), or l is below the argument
 * pointer (frame memory, the return address and saved registers) and
 * some frame address escapes (frame_escapes).  Memory at or above argp
 * is the incoming arguments, objects of their own: a pointer derived
 * from a local's address does not reach them. */
static bool addr_escaped(const Chk *c, const MemLoc *l)
{
	return c->o->escapes || (c->o->frame_escapes && l->off < 0);
}

/* Whether a write m of the original may change memory location l:
 * different symbols, a symbol and the stack, or disjoint ranges at one
 * base are disjoint; a frame range below the frame pointer and an argp
 * range at or above the argument pointer are disjoint (the frame pointer
 * is at or below the argument pointer); an unknown address reaches argp
 * and frame memory only when some such address escapes; a write at the
 * hard stack pointer (MB_STACK) is stack memory, no symbol's storage,
 * and reaches argp and frame memory as an unknown address does (which
 * is what the checker took it for before it knew MB_STACK). */
static bool mem_may_write(const Chk *c, const MemRef *m, const MemLoc *l)
{
	if (m->base == MB_STACK)
		return l->base != MB_SYM && addr_escaped(c, l);
	if (m->base == MB_ANY)
		return l->base == MB_SYM || addr_escaped(c, l);
	if (m->base == MB_SYM || l->base == MB_SYM)
		return m->base == l->base && strcmp(m->sym, l->sym) == 0 &&
		       ranges_meet(m->off, m->size, l->off, l->size);
	if (m->base == l->base)
		return ranges_meet(m->off, m->size, l->off, l->size);
	/* m at the frame, l at argp */
	return !(m->off + m->size <= 0 && l->off >= 0);
}

/* Write m at pseudo p + off (MB_REG) as a write at a symbol: when a
 * constant location of an address constant $sym+K holds p's value
 * before the instruction (proved, docs/VERIFY.md "Constant
 * locations"), at sym + K + off; else at any address (MB_ANY). */
static MemRef mem_resolve(const Chk *c, const MemRef *m)
{
	MemRef r = *m;
	if (m->base != MB_REG)
		return r;
	r.base = MB_ANY;
	r.off = 0;
	r.size = 0;
	for (int k = 0; k < c->nconst; k++) {
		const Const *q = &c->konst[k];
		if (q->kind != OK_SYM || !q->sym || q->sym[0] == '%' ||
		    m->reg < 0 || m->reg >= c->o->npseudo ||
		    !set_has(&c->sp, c->cur[c->cbase + k], m->reg))
			continue;
		r.base = MB_SYM;
		r.sym = q->sym;
		r.off = q->imm + m->off;
		r.size = m->size;
		break;
	}
	return r;
}

/* Empties every writable memory location that m may write (m NULL: a
 * call or an unmodelled inserted instruction, which may write any
 * memory whose address is known to others: symbols, and argp memory
 * when an address escapes). */
static void mem_kill(Chk *c, const MemRef *m)
{
	static const MemRef any = {MR_WR, MB_ANY, 0, 0, NULL, 0};
	if (!c->mloc)
		return;
	MemRef r = m ? mem_resolve(c, m) : any;
	MemRef n = mem_norm(c->f, &r);
	for (int k = 0; k < c->nconst; k++)
		if (c->mloc[k].mem && c->cur[c->cbase + k] != 0 &&
		    mem_may_write(c, &n, &c->mloc[k]))
			wset(c, c->cbase + k, 0); /* (set 0 is the empty set) */
}

/* ---- Loads and stores of the original ---------------------------------- */

/* The constant location of f naming m's address, or -1. */
static int mem_loc_of(const Chk *c, const MemRef *m)
{
	MemRef n = mem_norm(c->f, m);
	if (!c->mloc || n.base == MB_ANY || n.base == MB_FRAME ||
	    n.base == MB_STACK || n.base == MB_REG)
		return -1;
	for (int k = 0; k < c->nconst; k++)
		if (c->mloc[k].mem && mem_at(&n, &c->mloc[k]))
			return k;
	return -1;
}

/* The pseudo an [ld]/[st] of o moves: o's only pseudo operand, whole,
 * of m's size, only defined (ld) or only read (st); else -1. */
static int mem_moved_value(const Chk *c, const Ins *o, const MemRef *m)
{
	int v = -1;
	for (int k = 0; k < o->nops; k++) {
		const Op *op = &o->ops[k];
		if (op->kind != OK_PSEUDO)
			continue;
		int want = m->kind == MR_LD ? OF_DEF : OF_USE;
		if (v >= 0 || op->sub_size ||
		    (op->flags & (OF_DEF | OF_USE)) != want ||
		    value_size(c, op->reg) != m->size)
			return -1;
		v = op->reg;
	}
	return v;
}

/* Whether m writes memory: a store or a write ([ld] and a volatile
 * [rd *] write nothing). */
static bool mem_writes(const MemRef *m)
{
	return m->kind == MR_ST || m->kind == MR_WR;
}

void mem_before(Chk *c, const Ins *o)
{
	bool call = o->kind == IK_CALL && !(o->flags & INS_PURE);
	bool mwrite = call;
	for (int k = 0; k < o->nmem; k++)
		mwrite |= mem_writes(&o->mem[k]);
	if (mwrite)
		mv_kill_all(c);
	if (!c->mloc)
		return;
	if (call)
		mem_kill(c, NULL);
	for (int k = 0; k < o->nmem; k++)
		if (mem_writes(&o->mem[k]))
			mem_kill(c, &o->mem[k]);
}

void mem_after(Chk *c, const Ins *o)
{
	if (!c->mloc)
		return;
	for (int k = 0; k < o->nmem; k++) {
		const MemRef *m = &o->mem[k];
		if (m->kind != MR_LD && m->kind != MR_ST)
			continue;
		int l = mem_loc_of(c, m), v = mem_moved_value(c, o, m);
		if (l >= 0 && v >= 0)
			wset(c, c->cbase + l,
			     set_add(&c->sp, c->cur[c->cbase + l], v));
	}
}

/* ---- The constant of a [remat] ----------------------------------------- */

void remat_proof(Chk *c, const Ins *o, int idx)
{
	int cl = c->oconst[idx];
	if (cl < 0)
		return;
	for (int k = 0; k < o->nops; k++)
		if (o->ops[k].flags & OF_DEF) {
			int p = value_of(c, &o->ops[k]);
			wset(c, cl, set_add(&c->sp, c->cur[cl], p));
		}
}
