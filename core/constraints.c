/* constraints.c - copies for tied and fixed operands; parallel copies
 * before constrained instructions with SSA reconstruction (see
 * constraints.h). */
#include "constraints.h"
#include "err.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cfg.h"
#include "dom.h"
#include "liveness.h"

void constr_exchange(Op *ops, int k, int x, int t)
{
	Op *o = &ops[k], *q = &ops[x];
	int8_t ot = o->tie;
	o->tie = q->tie;
	q->tie = ot;
	if (ops[t].tie == k)
		ops[t].tie = (int8_t)x;
	RegSet a = o->allowed;
	o->allowed = q->allowed;
	q->allowed = a;
	uint8_t m = OF_MEM | OF_MEMONLY | OF_SOFT;
	uint8_t fo = o->flags & m, fq = q->flags & m;
	o->flags = (uint8_t)((o->flags & ~m) | fq);
	q->flags = (uint8_t)((q->flags & ~m) | fo);
}

bool constr_mem_ok(const Ins *i, int k)
{
	if (i->ops[k].flags & OF_MEM)
		return true;
	if (i->kind == IK_COPY && k == 1)
		return true;
	int t = constr_tie_partner(i, k);
	return t >= 0 && (i->ops[t].flags & OF_MEM);
}

/* A plain register use: reads a pseudo in a register, writes nothing. */
static bool reg_use(const Op *o)
{
	return constr_reg_operand(o) && (o->flags & OF_USE) &&
	       !(o->flags & OF_DEF);
}

/* Whether some operand of i names a tie partner (else no operand of i
 * has one: constr_tie_partner is -1 throughout). */
static bool names_tie(const Ins *i)
{
	for (int k = 0; k < i->nops; k++)
		if (constr_names_tie(i, &i->ops[k]))
			return true;
	return false;
}

/* Whether operand o of fn defines a value of several registers in
 * registers. */
static bool wide_def(const Fn *fn, const Op *o)
{
	return constr_reg_operand(o) && (o->flags & OF_DEF) &&
	       target_nregs(fn->target, fn->pseudo[o->reg].cls,
			    fn->pseudo[o->reg].size) > 1;
}

/* Whether i, an inserted reload or remat or a one-pair copy of the
 * allocator (uid 0), defines a value of several registers: like an
 * original def of one, it needs adjacent free registers, which the
 * values around it may have to make room for. */
static bool wide_inserted(const Fn *fn, const Ins *i)
{
	if (i->kind != IK_RELOAD && i->kind != IK_REMAT &&
	    !(i->kind == IK_PCOPY && i->nops == 2))
		return false;
	return i->nops > 0 && wide_def(fn, &i->ops[0]);
}

bool constr_is_constrained(const Fn *fn, const Ins *i,
			   const RegSet avail[RC_NALLOC])
{
	if (i->kind == IK_PHI)
		return false;
	if (ins_kind_inserted(i->kind) || i->uid == 0)
		return wide_inserted(fn, i);
	if (i->kind == IK_CALL)
		return true;
	RegSet all = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		all |= avail[c];
	if (i->clobbers & all)
		return true;
	/* the tests of one operand at a time, in one pass; a tie partner
	 * only when some operand names one (most instructions: none) */
	bool tied = false;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		tied |= constr_names_tie(i, o);
		if (o->kind == OK_HREG && (o->flags & OF_DEF) &&
		    RS_HAS(all, o->reg))
			return true;
		if (!constr_reg_operand(o))
			continue;
		if (o->allowed) {
			int c = fn->pseudo[o->reg].cls;
			if (c >= 0 && c < RC_NALLOC && (avail[c] & ~o->allowed))
				return true;
		}
		/* a def of two registers needs two adjacent free ones: the
		 * values around it may have to make room */
		if (wide_def(fn, o))
			return true;
	}
	for (int k = 0; tied && k < i->nops; k++) {
		if (i->ops[k].kind != OK_PSEUDO)
			continue;
		int t = constr_tie_partner(i, k);
		if (t >= 0 && i->ops[t].kind == OK_HREG &&
		    RS_HAS(all, i->ops[t].reg))
			return true;
	}
	return false;
}

/* ---- constr_prepare ---- */

/* Tie partners of one instruction, computed once (constr_tie_partners). */
typedef struct Partners {
	const Ins *of; /* the instruction part describes, or NULL */
	int *part;
	int cap;
} Partners;

/* pp's partners of instruction i, computed when pp holds another's. */
static const int *partners(Fn *fn, Partners *pp, const Ins *i)
{
	if (pp->of == i)
		return pp->part;
	if (i->nops > pp->cap) {
		pp->cap = i->nops > 2 * pp->cap ? i->nops : 2 * pp->cap;
		pp->part = ARENA_NEW(fn->arena, int, pp->cap);
	}
	constr_tie_partners(i, pp->part);
	pp->of = i;
	return pp->part;
}

/* The constraint a use operand k effectively has: its own, narrowed by
 * the def it is tied to, t (its tie partner, or -1) (0 = any). */
static RegSet effective(const Ins *i, int k, int t)
{
	RegSet a = i->ops[k].allowed;
	if (t >= 0 && i->ops[t].allowed)
		a = a ? a & i->ops[t].allowed : i->ops[t].allowed;
	return a;
}

/* Whether a use operand whose tie partner is t (or -1) is tied to a def
 * (a pseudo or a hard register written in its place). */
static bool tied_use(const Ins *i, int t)
{
	return t >= 0 && (i->ops[t].flags & OF_DEF) &&
	       (i->ops[t].kind == OK_PSEUDO || i->ops[t].kind == OK_HREG);
}

/* Whether pseudo operand o names a part of its value (a subreg narrower
 * than the pseudo). */
static bool part_of_value(const Fn *fn, const Op *o)
{
	return o->sub_size && o->sub_size < fn->pseudo[o->reg].size;
}

/* The class of the pseudo def that use operand k of i is tied to, when
 * it differs from the class of k's value and k's constraint admits
 * registers of it (`=p97 sse, p92 gpr {xmm0-xmm15} ^0`: GCC reads the
 * integer in an SSE register); else -1.  Such a read gets a copy of
 * the def's class (Hack: a tied use of another class is copied first). */ 
static int cross_class(const Fn *fn, const Ins *i, int k)
{
	const Op *o = &i->ops[k];
	if (o->kind != OK_PSEUDO || (o->flags & OF_DEF))
		return -1;
	int t = constr_tie_partner(i, k);
	if (t < 0 || i->ops[t].kind != OK_PSEUDO ||
	    !(i->ops[t].flags & OF_DEF))
		return -1;
	int c = fn->pseudo[o->reg].cls, ct = fn->pseudo[i->ops[t].reg].cls;
	if (c == ct || ct < 0 || ct >= RC_NALLOC ||
	    !(o->allowed & fn->target->class_regs[ct]))
		return -1;
	/* a part of a value: its low bytes of a value that a register of
	 * the def's class holds whole (`p86[0,4]` of an 8-byte integer
	 * read in an SSE register) are read from the whole value copied
	 * there; any other part (`p87[8,8]` of an SSE pair read as an
	 * integer) would need a value of its own that the IR and the
	 * checker do not have (locations hold whole values): refused */
	if (part_of_value(fn, o) &&
	    (o->sub_off != 0 ||
	     fn->pseudo[o->reg].size > fn->target->class_bytes[ct] ||
	     target_nregs(fn->target, c, fn->pseudo[o->reg].size) != 1))
		return -1;
	return ct;
}

/* Whether operand k of i, tied to a pseudo of another class, can meet
 * the tie by a copy (see cross_class). */
static bool cross_tie(const Fn *fn, const Ins *i, int k)
{
	return cross_class(fn, i, k) >= 0;
}

/* Whether use operand k of i needs a copy of its value (live = the
 * values live after i; part = i's tie partners). */
static bool needs_copy(const Fn *fn, const Ins *i, int k,
		       const LiveSet *live, const int *part)
{
	const Op *o = &i->ops[k];
	bool tied = tied_use(i, part[k]);
	if (tied && (lset_has(live, o->reg) || cross_tie(fn, i, k)))
		return true;
	RegSet a = effective(i, k, part[k]);
	for (int m = 0; m < k; m++) {
		const Op *q = &i->ops[m];
		if (!reg_use(q) || q->reg != o->reg)
			continue;
		if (tied && tied_use(i, part[m]))
			return true;
		RegSet b = effective(i, m, part[m]);
		if (a && b && !(a & b))
			return true;
	}
	return false;
}

/* `pcopy =d, s` (uid 0), inserted before at. */
static void insert_copy(Fn *fn, Blk *b, Ins *at, int d, int s)
{
	Ins *c = ins_new(fn, IK_PCOPY, 2);
	c->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = d,
			 .tie = -1, .from = -1};
	c->ops[1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE, .reg = s,
			 .tie = -1, .from = -1};
	ins_insert_before(b, at, c);
}

/* A use operand to replace by a copy. */
typedef struct Need {
	Blk *b;
	Ins *i;
	int k;
} Need;

/* Whether operand o names a word after the first of a value that
 * occupies several registers (`p87[8,8]` of a 16-byte value in a
 * general register pair): as a machine operand that is the second
 * register, which a tie must then share. */
static bool later_word(const Fn *fn, const Op *o)
{
	if (o->kind != OK_PSEUDO || !o->sub_size || !o->sub_off)
		return false;
	const Pseudo *p = &fn->pseudo[o->reg];
	return target_nregs(fn->target, p->cls, p->size) > 1;
}

/* Whether tied operands o and q name the same word of values of one
 * size: then the whole values share their registers, which ties them.
 * (The read SSA adds to a partial def, `+p87[8,8]`, is of the same
 * origin and is not compared: the def rewrites the old value in place.) */
static bool same_word(const Fn *fn, const Op *o, const Op *q)
{
	return fn->pseudo[o->reg].size == fn->pseudo[q->reg].size &&
	       o->sub_off == q->sub_off && o->sub_size == q->sub_size;
}

/* Whether the ties of i can be met at all: tied pseudos of one class,
 * and two tied operands that both only read must read one value. */
static bool ties_ok(const Fn *fn, const Ssa *ssa, const Blk *b,
		    const Ins *i, char *err, size_t errlen)
{
	for (int k = 0; k < i->nops; k++) {
		int t = i->ops[k].tie;
		if (t < 0 || t >= i->nops)
			continue;
		const Op *o = &i->ops[k], *q = &i->ops[t];
		if (o->kind != OK_PSEUDO || q->kind != OK_PSEUDO)
			continue;
		int c1 = fn->pseudo[o->reg].cls, c2 = fn->pseudo[q->reg].cls;
		const Op *r = (o->flags & OF_DEF) ? q : o; /* the read */
		if (c1 != c2 && !cross_tie(fn, i, k) && !cross_tie(fn, i, t) &&
		    part_of_value(fn, r))
			return err_set(err, errlen,
				       "b%d uid %d: operand %d (p%d, "
				       "%s) is tied to operand %d (p%d, "
				       "%s): a part of a value read in "
				       "the other class (locations hold "
				       "whole values)",
				       b->id, i->uid, k, ssa->origin[o->reg],
				       fn->target->class_name[c1], t,
				       ssa->origin[q->reg],
				       fn->target->class_name[c2]);
		if (c1 != c2 && !cross_tie(fn, i, k) && !cross_tie(fn, i, t))
			return err_set(
				err, errlen,
				"b%d uid %d: operand %d (p%d, "
				"%s) is tied to operand %d (p%d, "
				"%s): no register holds both (the "
				"read's constraint admits no %s "
				"register)",
				b->id, i->uid, k, ssa->origin[o->reg],
				fn->target->class_name[c1], t,
				ssa->origin[q->reg], fn->target->class_name[c2],
				fn->target
					->class_name[(o->flags & OF_DEF) ? c1
									 : c2]);
		if (c1 == c2 && (later_word(fn, o) || later_word(fn, q)) &&
		    !same_word(fn, o, q) &&
		    ssa->origin[o->reg] != ssa->origin[q->reg])
			return err_set(err, errlen,
				       "b%d uid %d: operand %d (p%d) "
				       "is tied to operand %d (p%d) "
				       "through a word other than the "
				       "first of a value in several "
				       "registers (the tie needs that "
				       "word's register; values are "
				       "placed whole)",
				       b->id, i->uid, k, ssa->origin[o->reg], t,
				       ssa->origin[q->reg]);
		if (!(o->flags & OF_DEF) && !(q->flags & OF_DEF) &&
		    o->reg != q->reg)
			return err_set(err, errlen,
				       "b%d uid %d: operands %d (p%d) "
				       "and %d (p%d) read two values "
				       "but are tied to one location",
				       b->id, i->uid, k, ssa->origin[o->reg], t,
				       ssa->origin[q->reg]);
		/* a second read tied to the same operand */
		for (int m = k + 1; m < i->nops; m++) {
			const Op *x = &i->ops[m];
			if (x->tie != t || x->kind != OK_PSEUDO ||
			    x->reg == o->reg || (x->flags & OF_DEF) ||
			    (o->flags & OF_DEF))
				continue;
			return err_set(err, errlen,
				       "b%d uid %d: operand %d (p%d) "
				       "is tied to two values, p%d and "
				       "p%d (a register partly "
				       "rewritten in place from another "
				       "value)",
				       b->id, i->uid, t, ssa->origin[q->reg],
				       ssa->origin[o->reg],
				       ssa->origin[x->reg]);
		}
	}
	return true;
}

/* The other operand of i's pair marked flag ([comm K]: INS_COMM,
 * [mirror K]: INS_MIRROR) when k is one of them, else -1. */
static int pair_other(const Ins *i, int k, int flag)
{
	if (!(i->flags & flag) || i->comm < 0 || i->comm + 1 >= i->nops)
		return -1;
	return k == i->comm ? k + 1 : k == i->comm + 1 ? k - 1 : -1;
}

/* Whether no operand of i but x names the pseudo x names. */
static bool read_only_at(const Ins *i, int x)
{
	for (int m = 0; m < i->nops; m++)
		if (m != x && i->ops[m].kind == OK_PSEUDO &&
		    i->ops[m].reg == i->ops[x].reg)
			return false;
	return true;
}

void constr_exchange_reads(Op *a, Op *b)
{
	Op t = *a;
	a->reg = b->reg;
	a->sub_off = b->sub_off;
	a->sub_size = b->sub_size;
	b->reg = t.reg;
	b->sub_off = t.sub_off;
	b->sub_size = t.sub_size;
}

bool constr_same_read(const Fn *fn, const Op *a, const Op *b)
{
	if (a->kind != OK_PSEUDO || b->kind != OK_PSEUDO)
		return false;
	if (a->sub_off == b->sub_off && a->sub_size == b->sub_size &&
	    fn->pseudo[a->reg].size == fn->pseudo[b->reg].size)
		return true;
	int wa = a->sub_size ? a->sub_size : fn->pseudo[a->reg].size;
	int wb = b->sub_size ? b->sub_size : fn->pseudo[b->reg].size;
	return a->sub_off == 0 && b->sub_off == 0 && wa == wb;
}

/* Instead of a copy for tied use k of i, whose value lives on after i
 * (live), the commutative pair's other operand x takes the tie when its
 * value dies at i: the two reads exchange their values (not their
 * constraints, which must be alike: register sets, flags but whether
 * memory is acceptable, reads of the same bytes: constr_same_read), as
 * LRA does with `%`.  Whether it did. */
static bool comm_swap(const Fn *fn, Ins *i, int k, const LiveSet *live)
{
	int x = constr_comm_other(fn, i, k);
	if (x < 0 || lset_has(live, i->ops[x].reg))
		return false;
	constr_exchange_reads(&i->ops[k], &i->ops[x]);
	return true;
}

int constr_comm_other(const Fn *fn, const Ins *i, int k)
{
	int x = pair_other(i, k, INS_COMM);
	if (x < 0)
		return -1;
	const Op *o = &i->ops[k], *q = &i->ops[x];
	if (!reg_use(o) || !reg_use(q) || q->reg == o->reg || q->tie >= 0 ||
	    constr_tie_partner(i, x) >= 0 || o->allowed != q->allowed ||
	    (o->flags & ~(OF_SOFT | OF_MEM | OF_MEMALT)) !=
		    (q->flags & ~(OF_SOFT | OF_MEM | OF_MEMALT)) ||
	    fn->pseudo[o->reg].cls != fn->pseudo[q->reg].cls ||
	    !constr_same_read(fn, o, q) || !read_only_at(i, x))
		return -1;
	return x;
}

/* Instead of a copy for tied use k of i, whose value lives on after i
 * (live), the mirrored pair's other operand x takes the tie when its
 * value dies at i: the two positions exchange their constraints (tie,
 * register set, memory, softness), the values staying, which is another
 * alternative of the instruction ([mirror K]: `movcc`'s "rm,0" and
 * "0,rm").  Reads of whole values or low parts, of the def's class, x's
 * value read nowhere else in i.  Whether it did. */
static bool mirror_swap(const Fn *fn, Ins *i, int k, const LiveSet *live)
{
	int x = pair_other(i, k, INS_MIRROR), t = constr_tie_partner(i, k);
	if (x < 0 || t < 0)
		return false;
	Op *o = &i->ops[k], *q = &i->ops[x], *d = &i->ops[t];
	if (!reg_use(q) || q->reg == o->reg || lset_has(live, q->reg) ||
	    q->tie >= 0 || constr_tie_partner(i, x) >= 0 || o->sub_off ||
	    q->sub_off || d->kind != OK_PSEUDO ||
	    fn->pseudo[o->reg].cls != fn->pseudo[q->reg].cls ||
	    fn->pseudo[d->reg].cls != fn->pseudo[q->reg].cls ||
	    !read_only_at(i, x))
		return false;
	constr_exchange(i->ops, k, x, t);
	return true;
}

/* The tie of use k of i moved to the other operand of its pair, whose
 * value dies at i (live: after i): the values exchanged ([comm K],
 * comm_swap) or the constraints ([mirror K], mirror_swap).  Whether it
 * moved. */
static bool pair_exchange(const Fn *fn, Ins *i, int k, const LiveSet *live)
{
	return comm_swap(fn, i, k, live) || mirror_swap(fn, i, k, live);
}

/* Instead of a copy for tied use k of i, whose value lives on after i:
 * a soft tie (OF_SOFT: the pattern has an untied alternative with every
 * operand in a register, x86's `lea`) is dropped (the use keeps OF_SOFT
 * without a tie: constr_soft_untied; no operand of i may then be memory).
 * Only when nothing else is tied, no operand is in a slot (a folded
 * reload, OF_MEMALT) and every operand is a whole value.
 * Whether it did. */
static bool untie_soft(const Fn *fn, Ins *i, int k)
{
	Op *o = &i->ops[k];
	int t = constr_tie_partner(i, k);
	if (!(o->flags & OF_SOFT) || t < 0 || o->sub_size ||
	    i->ops[t].sub_size || i->ops[t].kind != OK_PSEUDO ||
	    fn->pseudo[o->reg].cls != fn->pseudo[i->ops[t].reg].cls)
		return false;
	for (int m = 0; m < i->nops; m++) {
		if (m != k && m != t && constr_tie_partner(i, m) >= 0)
			return false;
		/* an operand in memory takes the tied alternative */
		if (i->ops[m].kind == OK_PSEUDO &&
		    i->ops[m].loc.kind == LOC_SLOT)
			return false;
		/* a part read: GCC may exchange a commutative pair to meet
		 * the tied alternative, which the translation of its code
		 * follows only for whole values */
		if ((i->ops[m].flags & OF_MEMONLY) ||
		    (i->ops[m].kind == OK_PSEUDO && i->ops[m].sub_size))
			return false;
	}
	o->tie = -1;
	i->ops[t].tie = -1;
	return true;
}

/* For tied use k of i (part: i's tie partners) whose value lives on
 * after i (live), a way around the copy: the tie moved to the other
 * operand of its pair (pair_exchange), else the soft tie dropped
 * (untie_soft); counted in st.  Whether one applied. */
static bool no_copy_needed(const Fn *fn, Ins *i, int k, const LiveSet *live,
			   const int *part, ConstrStats *st)
{
	if (!lset_has(live, i->ops[k].reg) || !tied_use(i, part[k]) ||
	    cross_tie(fn, i, k))
		return false;
	if (pair_exchange(fn, i, k, live)) {
		if (st)
			st->nswap++;
		return true;
	}
	if (untie_soft(fn, i, k)) {
		if (st)
			st->nuntie++;
		return true;
	}
	return false;
}

/* For i's pair ([comm K] or [mirror K]) whose tied read dies at i
 * (live: after i): when the pair's other read also dies there and is a
 * version of the def's original pseudo while the tied one is not
 * (`x' = y + x`, the tie on y), the tie moves to it (pair_exchange) so
 * that x' is tied to x, an accumulator keeping its register.  Whether it
 * moved.  i's tie partners come from pp, computed only for a pair. */
static bool comm_same_var(Fn *fn, const Ssa *ssa, Ins *i, Partners *pp,
			  const LiveSet *live)
{
	if (!(i->flags & (INS_COMM | INS_MIRROR)) || !ssa->origin)
		return false;
	const int *part = partners(fn, pp, i);
	for (int k = i->comm; k >= 0 && k <= i->comm + 1 && k < i->nops; k++) {
		int t = part[k];
		int x = pair_other(i, k, i->flags & (INS_COMM | INS_MIRROR));
		if (x < 0 || !tied_use(i, t))
			continue; /* the tie may be on the pair's second */
		if (!reg_use(&i->ops[k]) || i->ops[t].kind != OK_PSEUDO ||
		    i->ops[x].kind != OK_PSEUDO ||
		    lset_has(live, i->ops[k].reg))
			return false;
		int d = i->ops[t].reg, a = i->ops[k].reg, b = i->ops[x].reg;
		if (d >= ssa->norigin || a >= ssa->norigin ||
		    b >= ssa->norigin || ssa->origin[d] < 0 ||
		    ssa->origin[b] != ssa->origin[d] ||
		    ssa->origin[a] == ssa->origin[d])
			return false;
		return pair_exchange(fn, i, k, live);
	}
	return false;
}

bool constr_soft_untied(const Ins *i)
{
	for (int k = 0; k < i->nops; k++)
		if ((i->ops[k].flags & OF_SOFT) && constr_tie_partner(i, k) < 0)
			return true;
	return false;
}

/* Whether no read of i is tied to a hard register written in its place
 * that no allocation may use (a fixed register: `-ffixed-rbx` with a
 * register variable in rbx), which no location of the read can meet. */
static bool fixed_tie_ok(const Fn *fn, const Ssa *ssa, const Blk *b,
			 const Ins *i, char *err, size_t errlen)
{
	if (!names_tie(i))
		return true;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (o->kind != OK_PSEUDO || (o->flags & OF_DEF))
			continue;
		int t = constr_tie_partner(i, k);
		if (t < 0 || i->ops[t].kind != OK_HREG ||
		    !(i->ops[t].flags & OF_DEF))
			continue;
		int r = i->ops[t].reg;
		if (!RS_HAS(fn_allocatable(fn, fn->pseudo[o->reg].cls), r))
			return err_set(err, errlen,
				       "b%d uid %d: operand %d (p%d) is tied "
				       "to %%%s, which is not allocatable",
				       b->id, i->uid, k, ssa->origin[o->reg],
				       fn->target->regs[r].name);
	}
	return true;
}

/* Whether constr_prepare's decisions at i may ask which values live
 * after it: i is a pair ([comm K] or [mirror K], comm_same_var) or has
 * a tie (tied_use, in needs_copy and no_copy_needed).  Otherwise its
 * decisions go by its operands alone. */
static bool asks_live(const Ins *i)
{
	if (i->flags & (INS_COMM | INS_MIRROR))
		return true;
	return names_tie(i);
}

/* The first instruction of bb (after its phis) that asks_live, or
 * NULL. */
static const Ins *first_asking_live(const Blk *bb)
{
	const Ins *i = bb->first;
	while (i && i->kind == IK_PHI)
		i = i->next;
	while (i && !asks_live(i))
		i = i->next;
	return i;
}

bool constr_prepare(Fn *fn, Ssa *ssa, ConstrStats *st, char *err,
		    size_t errlen)
{
	Live *lv = NULL;
	return constr_prepare_live(fn, ssa, st, &lv, err, errlen);
}

bool constr_prepare_live(Fn *fn, Ssa *ssa, ConstrStats *st, Live **lvp,
			 char *err, size_t errlen)
{
	Live *lv = *lvp;
	*lvp = NULL;
	if (fn->nblk == 0)
		return true;
	/* both checks look at tied operands only */
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if (names_tie(i) &&
			    (!ties_ok(fn, ssa, fn->blk[b], i, err, errlen) ||
			     !fixed_tie_ok(fn, ssa, fn->blk[b], i, err, errlen)))
				return false;
	if (!lv)
		lv = live_compute(fn, cfg_build(fn));
	LiveSet live;
	lset_init(&live, fn->arena, lv->nval);
	int np0 = fn->npseudo, n = 0, cap = 16;
	Need *need = ARENA_NEW(fn->arena, Need, cap);
	Partners pp = {0};
	/* decisions first: new pseudos would shift the liveness numbering
	 * of hard registers (npseudo + r); the live set is stepped back
	 * down to the block's first instruction that asks it (top) */
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		const Ins *top = first_asking_live(bb);
		if (top)
			live_set_out(lv, b, &live);
		for (Ins *i = bb->last; i && i->kind != IK_PHI; i = i->prev) {
			if (comm_same_var(fn, ssa, i, &pp, &live)) {
				pp.of = NULL;
				if (st)
					st->nswap++;
			}
			/* without a tied operand or a register set no read
			 * is tied and no two reads' sets are disjoint */
			bool ask = constr_has_demand(i);
			for (int k = 0; ask && k < i->nops; k++) {
				if (!reg_use(&i->ops[k]) || i->ops[k].reg >= np0 ||
				    !needs_copy(fn, i, k, &live,
						partners(fn, &pp, i)))
					continue;
				if (no_copy_needed(fn, i, k, &live,
						   partners(fn, &pp, i), st)) {
					pp.of = NULL; /* ties may have changed */
					continue;
				}
				if (n == cap) {
					need = arena_grow(fn->arena, need,
							  sizeof(Need) * (size_t)cap,
							  sizeof(Need) * (size_t)(2 * cap));
					cap *= 2;
				}
				need[n++] = (Need){bb, i, k};
			}
			if (top)
				live_step_back(fn, i, &live);
			if (i == top)
				top = NULL;
		}
	}
	for (int j = 0; j < n; j++) {
		Ins *i = need[j].i;
		int k = need[j].k, v = i->ops[k].reg;
		int xc = cross_class(fn, i, k);
		int v2 = ssa_new_version(fn, ssa, v);
		if (xc >= 0) /* a version of v in the def's class */
			fn->pseudo[v2].cls = (int8_t)xc;
		insert_copy(fn, need[j].b, i, v2, v);
		i->ops[k].reg = v2;
		if (st)
			st->ncopy++;
		const int *part = partners(fn, &pp, i);
		if (!tied_use(i, part[k]) || xc >= 0)
			continue;
		/* the instruction's other plain reads of v read the copy too
		 * when they can share its register (`shl %cl, %rcx`), so that
		 * one copy serves them all and v stays where it is */
		RegSet a = effective(i, k, part[k]);
		for (int m = 0; m < i->nops; m++) {
			RegSet b = effective(i, m, part[m]);
			if (m != k && reg_use(&i->ops[m]) && i->ops[m].reg == v &&
			    !tied_use(i, part[m]) && (!a || !b || (a & b)))
				i->ops[m].reg = v2;
		}
	}
	/* each copy, its def and the reads of it are at one instruction */
	live_add_pseudos(lv, fn->npseudo);
	*lvp = lv;
	return true;
}

/* ---- constr_partial ---- */

/* Whether def operand t of i, rewritten in part as record r says, has a
 * merge shape: the low 1 or 2 bytes of one register, or one word (the
 * first or the second) of a two-register general value. */
static bool part_shape(const Fn *fn, const Ins *i, const SsaRmw *r)
{
	const Op *d = &i->ops[r->op];
	if (d->kind != OK_PSEUDO || r->sub_size == 0)
		return false;
	const Pseudo *p = &fn->pseudo[d->reg];
	if (p->cls < 0 || p->cls >= RC_NALLOC)
		return false;
	int cb = fn->target->class_bytes[p->cls];
	int nr = target_nregs(fn->target, p->cls, p->size);
	if (r->sub_size <= 2)
		return r->sub_off == 0 && nr == 1 && r->sub_size < p->size;
	return nr == 2 && r->sub_size == cb && p->cls == RC_GPR &&
	       (r->sub_off == 0 || r->sub_off == cb);
}

/* Whether operand o reads one whole word (size bytes, size > 2) of a
 * value that a general register pair holds (`p82[0,8]`, `p82[8,8]` of
 * a 16-byte value): one register of the pair holds that word alone. */
static bool pair_word(const Fn *fn, const Op *o, int size)
{
	const Pseudo *p = &fn->pseudo[o->reg];
	return o->sub_size == size && o->sub_off % size == 0 &&
	       p->cls == RC_GPR &&
	       target_nregs(fn->target, p->cls, p->size) == 2;
}

/* The operand of i other than the appended use u that reads a value of
 * the def's class in place of def t (tied to it), fit for a merge of
 * size bytes: for a word, the value whole if it is a word, or one word
 * of a value in a general register pair (pair_word); else the value
 * whole if it has at most size bytes, or its low bytes (`p89[0,1]`);
 * -1 if none. */
static int part_source(const Fn *fn, const Ins *i, int t, int u, int size)
{
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (k == u || o->kind != OK_PSEUDO || (o->flags & ~OF_SOFT) != OF_USE ||
		    o->tie != t || o->reg == i->ops[u].reg ||
		    fn->pseudo[o->reg].cls != fn->pseudo[i->ops[t].reg].cls)
			continue;
		int vs = fn->pseudo[o->reg].size;
		bool word = size > 2;
		if (word ? ((o->sub_size == 0 && vs == size) ||
			    pair_word(fn, o, size))
			 : o->sub_size ? (o->sub_off == 0 && o->sub_size <= size)
				       : vs <= size)
			return k;
	}
	return -1;
}

void constr_partial(Fn *fn, Ssa *ssa, ConstrParts *out)
{
	int cap = 4;
	out->n = 0;
	out->p = ARENA_NEW(fn->arena, ConstrPart, cap);
	if (!ssa->nrmw)
		return; /* no read-modify-write operand: no partial def */
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			int nr;
			const SsaRmw *r = i->uid ? ssa_rmw_of(ssa, i->uid, &nr)
						 : NULL;
			for (int j = 0; r && j < nr; j++) {
				if (!part_shape(fn, i, &r[j]))
					continue;
				int t = r[j].op, u = r[j].use;
				int k = part_source(fn, i, t, u, r[j].sub_size);
				if (k < 0)
					continue;
				int m = ssa_new_version(fn, ssa, i->ops[k].reg);
				fn->pseudo[m] = fn->pseudo[i->ops[t].reg];
				Ins *g = ins_new(fn, IK_ORD, 3);
				g->name = "merge";
				g->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF,
						 .reg = m, .tie = -1, .from = -1};
				g->ops[1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE,
						 .reg = i->ops[u].reg, .tie = 0,
						 .from = -1};
				g->ops[2] = i->ops[k];
				g->ops[2].tie = -1;
				g->ops[2].flags = OF_USE;
				ins_insert_before(fn->blk[b], i, g);
				if (out->n == cap) {
					out->p = arena_grow(fn->arena, out->p,
							    sizeof(ConstrPart) * (size_t)cap,
							    sizeof(ConstrPart) * (size_t)(2 * cap));
					cap *= 2;
				}
				out->p[out->n++] = (ConstrPart){
					g, i, k, i->ops[k].tie, r[j].sub_off,
					r[j].sub_size};
				i->ops[k].reg = m;
				i->ops[k].tie = -1;
				/* the def is m with its part rewritten: it reads
				 * m whole (restore_rmw drops this use) */
				i->ops[u].reg = m;
				i->ops[u].sub_off = i->ops[u].sub_size = 0;
			}
		}
}

bool constr_partial_finish(const ConstrParts *parts, char *err,
			   size_t errlen)
{
	for (int j = 0; j < parts->n; j++) {
		const ConstrPart *cp = &parts->p[j];
		Ins *g = cp->merge;
		Op old = g->ops[1], src = g->ops[2];
		if (old.loc.kind != LOC_REG || src.loc.kind != LOC_REG)
			return err_set(err, errlen,
				       "uid %d: the part it rewrites "
				       "is not merged in registers",
				       cp->ins->uid);
		g->kind = IK_MOVE;
		g->name = NULL;
		g->nops = 2;
		if (cp->size <= 2) /* a partial move into old's register */
			g->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF,
					 .reg = old.reg, .tie = -1, .from = -1,
					 .sub_size = (uint8_t)cp->size,
					 .loc = old.loc};
		else /* the register of the word in old's registers */
			g->ops[0] = (Op){.kind = OK_HREG, .flags = OF_DEF,
					 .reg = old.loc.num + cp->off / cp->size,
					 .tie = -1, .from = -1};
		g->ops[1] = src;
		g->ops[1].allowed = 0;
		Op *so = &cp->ins->ops[cp->src];
		if (cp->size > 2 && src.sub_size) /* the register of src's word */
			g->ops[1] = (Op){.kind = OK_HREG, .flags = OF_USE,
					 .reg = src.loc.num +
						src.sub_off / cp->size,
					 .tie = -1, .from = -1};
		so->tie = (int8_t)cp->tie;
		/* a word's source is read in that word's register (the tie
		 * joins it to the register of the word the def names); a
		 * word of a pair is there alone (OF_WORD) */
		if (cp->size > 2)
			so->loc.num = old.loc.num + cp->off / cp->size;
		if (cp->size > 2 && src.sub_size)
			so->flags |= OF_WORD;
	}
	return true;
}

/* ---- constr_cross_words ---- */

/* Whether use operand k of i is a word of a value of another class read
 * in a general register pair's place and tied to a general def (see
 * constr_cross_words): the def a whole general pseudo of at most a word
 * (no constraint), the read a pseudo of another class that a general
 * register pair holds whole, its subreg its first or second word or the
 * low bytes of one (`p127[0,4]`: the low bytes of that word's register),
 * its constraint admitting every allocatable general register.
 * Not the second word of an x87 value: storing an x87 register writes
 * its 10 significant bytes, so bytes 10..15 of the slot the pair would
 * be reloaded from are stale; its first word (the significand) is
 * whole in memory. */
static bool cross_word_read(const Fn *fn, const Ins *i, int k)
{
	const Op *o = &i->ops[k];
	if (o->kind != OK_PSEUDO || (o->flags & ~OF_SOFT) != OF_USE)
		return false;
	int t = constr_tie_partner(i, k);
	if (t < 0 || i->ops[t].kind != OK_PSEUDO)
		return false;
	const Op *d = &i->ops[t];
	const Target *tg = fn->target;
	int cb = tg->class_bytes[RC_GPR];
	const Pseudo *p = &fn->pseudo[o->reg];
	RegSet gall = fn_allocatable(fn, RC_GPR);
	return (d->flags & OF_DEF) && !(d->flags & OF_USE) && !d->sub_size &&
	       !d->allowed && fn->pseudo[d->reg].cls == RC_GPR &&
	       fn->pseudo[d->reg].size <= cb && p->cls != RC_GPR &&
	       p->cls >= 0 && p->cls < RC_NALLOC &&
	       target_nregs(tg, RC_GPR, p->size) == 2 &&
	       p->size == 2 * cb && o->sub_size && o->sub_size <= cb &&
	       (o->sub_off == 0 || (o->sub_off == cb && p->cls != RC_X87)) &&
	       (o->allowed & gall) == gall;
}

/* Whether some pseudo of fn of an allocatable class is wider than a
 * general register: else no read is of a second word (cross_word_read,
 * word_tie_use) and the walks for them find nothing. */
static bool has_wide_value(const Fn *fn)
{
	int cb = fn->target->class_bytes[RC_GPR];
	for (int p = 0; p < fn->npseudo; p++)
		if (fn->pseudo[p].cls >= 0 && fn->pseudo[p].cls < RC_NALLOC &&
		    fn->pseudo[p].size > cb)
			return true;
	return false;
}

int constr_cross_words(Fn *fn, Ssa *ssa)
{
	int n = 0;
	if (!has_wide_value(fn))
		return 0;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			/* cross_word_read needs a tie partner */
			if (!i->uid || i->kind != IK_ORD || !names_tie(i))
				continue;
			for (int k = 0; k < i->nops; k++) {
				if (!cross_word_read(fn, i, k))
					continue;
				int v = i->ops[k].reg;
				int V = ssa_new_version(fn, ssa, v);
				fn->pseudo[V].cls = RC_GPR;
				insert_copy(fn, fn->blk[b], i, V, v);
				i->ops[k].reg = V;
				/* every general register: no constraint left */
				i->ops[k].allowed = 0;
				n++;
			}
		}
	return n;
}

/* ---- constr_words ---- */

/* Whether pseudo p of fn is a general value of n registers. */
static bool gpr_of(const Fn *fn, int p, int n)
{
	const Pseudo *ps = &fn->pseudo[p];
	return ps->cls == RC_GPR &&
	       target_nregs(fn->target, ps->cls, ps->size) == n;
}

/* The read of i tied to its def operand t through the second word of a
 * two-register general value (`=p90, p83[8,8] ^0`; the def a whole
 * one-register general pseudo of at most a word, neither with a register
 * constraint, the only read tied to t), or -1. */
static int word_tie_use(const Fn *fn, const Ins *i, int t)
{
	const Op *d = &i->ops[t];
	if (d->kind != OK_PSEUDO || !(d->flags & OF_DEF) ||
	    (d->flags & OF_USE) || d->sub_size || d->allowed ||
	    !gpr_of(fn, d->reg, 1))
		return -1;
	int cb = fn->target->class_bytes[RC_GPR], found = -1, nt = 0;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (k == t || constr_tie_partner(i, k) != t)
			continue;
		nt++;
		if (o->kind == OK_PSEUDO && (o->flags & ~OF_SOFT) == OF_USE && !o->allowed &&
		    gpr_of(fn, o->reg, 2) && o->sub_off == cb &&
		    o->sub_size && o->sub_size <= cb &&
		    fn->pseudo[d->reg].size <= cb)
			found = k;
	}
	return nt == 1 ? found : -1;
}

void constr_words(Fn *fn, Ssa *ssa, ConstrWords *out)
{
	int cap = 4;
	out->n = 0;
	out->w = ARENA_NEW(fn->arena, ConstrWord, cap);
	if (!has_wide_value(fn))
		return;
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next) {
			/* word_tie_use needs a read tied to t */
			if (!i->uid || i->kind != IK_ORD || !names_tie(i))
				continue;
			for (int t = 0; t < i->nops; t++) {
				int k = word_tie_use(fn, i, t);
				if (k < 0)
					continue;
				int d = i->ops[t].reg;
				int D = ssa_new_version(fn, ssa, d);
				fn->pseudo[D] = fn->pseudo[i->ops[k].reg];
				Ins *g = ins_new(fn, IK_ORD, 2);
				g->name = "extract";
				g->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF,
						 .reg = d, .tie = -1, .from = -1};
				g->ops[1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE,
						 .reg = D, .tie = -1, .from = -1};
				ins_insert_after(fn->blk[b], i, g);
				if (out->n == cap) {
					out->w = arena_grow(fn->arena, out->w,
							    sizeof(ConstrWord) * (size_t)cap,
							    sizeof(ConstrWord) * (size_t)(2 * cap));
					cap *= 2;
				}
				out->w[out->n++] = (ConstrWord){
					g, i, t, k, i->ops[k].sub_off,
					i->ops[k].sub_size};
				i->ops[t].reg = D;
				i->ops[k].sub_off = i->ops[k].sub_size = 0;
			}
		}
}

bool constr_words_finish(const ConstrWords *words, char *err, size_t errlen)
{
	for (int j = 0; j < words->n; j++) {
		const ConstrWord *cw = &words->w[j];
		Op *d = &cw->ins->ops[cw->def], *u = &cw->ins->ops[cw->use];
		Ins *g = cw->extract;
		if (d->loc.kind != LOC_REG || g->ops[0].loc.kind != LOC_REG ||
		    g->ops[1].loc.kind != LOC_REG ||
		    g->ops[1].loc.num != d->loc.num)
			return err_set(err, errlen,
				       "uid %d: the def tied to a "
				       "second word is not in a "
				       "register pair",
				       cw->ins->uid);
		d->loc.num++; /* the register of the word */
		u->sub_off = (uint8_t)cw->sub_off;
		u->sub_size = (uint8_t)cw->sub_size;
		g->kind = IK_MOVE;
		g->name = NULL;
		g->ops[1].loc.num = d->loc.num;
	}
	return true;
}

/* ---- constr_split ---- */

typedef struct Split {
	Fn *fn;
	Ssa *ssa;
	const Cfg *cfg;
	const DomTree *dom;
	const Live *lv;
	int np0;        /* pseudos before splitting */
	int nb;
	bool *split;    /* per pseudo < np0: copied by some parallel copy */
	int *var_of;    /* per pseudo: the value a new version renames, -1 */
	int *fstart, *fblk; /* dominance frontiers (CSR) */
	int *cur;       /* per value: the version current in the walk */
	int *logv, *logold, nlog, logcap;
	int *seen;
	ConstrStats *st;
	Live *nlv;      /* the result's liveness the walk fills, or NULL */
	int *phiat;     /* per value < np0: 1 + the last block whose new
			   phi renamed it (0: none yet) */
	int *ver;       /* scratch: the new versions of one set */
} Split;

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

/* A parallel copy to insert: before i in b, of vals[0..n-1]. */
typedef struct PermAt {
	Blk *b;
	Ins *i;
	int *vals;
	int n;
} PermAt;

/* The parallel copy of pa's values before its instruction; each value
 * gets a new version.  Sources keep the old names until the renaming
 * walk. */
static void insert_perm(Split *sp, const PermAt *pa)
{
	Fn *fn = sp->fn;
	int n = pa->n;
	qsort(pa->vals, (size_t)n, sizeof(int), cmp_int);
	Ins *c = ins_new(fn, IK_PCOPY, 2 * n);
	for (int j = 0; j < n; j++) {
		int v = pa->vals[j];
		int w = ssa_new_version(fn, sp->ssa, v);
		c->ops[2 * j] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF,
				     .reg = w, .tie = -1, .from = -1};
		c->ops[2 * j + 1] = (Op){.kind = OK_PSEUDO, .flags = OF_USE,
					 .reg = v, .tie = -1, .from = -1};
		sp->split[v] = true;
	}
	ins_insert_before(pa->b, pa->i, c);
	if (sp->st) {
		sp->st->nperm++;
		sp->st->npairs += n;
	}
}

/* The first constrained instruction of bb (after its phis), or NULL. */
static Ins *first_constrained(const Fn *fn, const Blk *bb,
			      const RegSet avail[RC_NALLOC])
{
	for (Ins *i = bb->first; i; i = i->next)
		if (constr_is_constrained(fn, i, avail))
			return i;
	return NULL;
}

/* Inserts the parallel copies before every constrained instruction of the
 * reachable blocks (found first, inserted after: new pseudos would shift
 * the liveness numbering of hard registers).  A block's backward walk
 * ends at its first constrained instruction: nothing above needs the
 * live set.  Returns the number of copies inserted. */
static int insert_perms(Split *sp, const RegSet avail[RC_NALLOC])
{
	Fn *fn = sp->fn;
	LiveSet live;
	lset_init(&live, fn->arena, sp->lv->nval);
	int npa = 0, pacap = 16;
	PermAt *pa = ARENA_NEW(fn->arena, PermAt, pacap);
	for (int b = 0; b < sp->nb; b++) {
		if (!cfg_reachable(sp->cfg, b))
			continue;
		Blk *bb = fn->blk[b];
		Ins *top = first_constrained(fn, bb, avail);
		if (!top)
			continue;
		live_set_out(sp->lv, b, &live);
		for (Ins *i = bb->last; i != top->prev; i = i->prev) {
			bool cons = i == top || constr_is_constrained(fn, i, avail);
			live_step_back(fn, i, &live);
			if (!cons)
				continue;
			int *vals = ARENA_NEW(fn->arena, int, live.n + 1);
			int n = 0;
			for (int k = 0; k < live.n; k++)
				if (live.dense[k] < sp->np0)
					vals[n++] = live.dense[k];
			if (!n)
				continue;
			if (npa == pacap) {
				pa = arena_grow(fn->arena, pa,
						sizeof(PermAt) * (size_t)pacap,
						sizeof(PermAt) * (size_t)(2 * pacap));
				pacap *= 2;
			}
			pa[npa++] = (PermAt){bb, i, vals, n};
		}
	}
	for (int k = 0; k < npa; k++)
		insert_perm(sp, &pa[k]);
	return npa;
}

/* Names the versions the inserted copy i (a pcopy, uid 0) defines of
 * split values: sp->var_of. */
static void name_versions(Split *sp, const Ins *i)
{
	for (int k = 0; k + 1 < i->nops; k += 2) {
		int w = i->ops[k].reg, v = i->ops[k + 1].reg;
		if (w >= sp->np0 && v < sp->np0 && sp->split[v])
			sp->var_of[w] = v;
	}
}

/* Records the defs of i, in reachable block b: a split value's own
 * (own[v] := b), a version's of a split value (on d). */
static void note_defs(Split *sp, const Ins *i, int b, int *own,
		      IntPairs *d)
{
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if (!constr_reg_operand(o) || !(o->flags & OF_DEF))
			continue;
		int v = o->reg < sp->np0 ? o->reg : sp->var_of[o->reg];
		if (v < 0 || !sp->split[v])
			continue;
		if (o->reg < sp->np0)
			own[v] = b;
		else
			intpairs_push(sp->fn->arena, d, v, b);
	}
}

/* Requires sp->var_of all -1 but for new phis.  Names the versions of
 * the inserted copies (name_versions), and lists per split value the
 * blocks defining a version: the copies' in scan order, then its own
 * definition (the entry for an undefined value).  CSR over values,
 * duplicates possible.  One scan: a copy names its versions before
 * their defs (its own operands) are read. */
static void def_blocks(Split *sp, int **startp, int **blkp)
{
	Fn *fn = sp->fn;
	int np0 = sp->np0;
	int *start = ARENA_NEW(fn->arena, int, np0 + 2);
	int *own = ARENA_RAW(fn->arena, int, np0 + 1);
	for (int v = 0; v < np0; v++)
		own[v] = fn->entry;
	IntPairs d = {0}; /* (value, block) of the versions' defs */
	for (int b = 0; b < sp->nb; b++) {
		bool reach = cfg_reachable(sp->cfg, b);
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->kind == IK_PCOPY && i->uid == 0)
				name_versions(sp, i);
			if (reach)
				note_defs(sp, i, b, own, &d);
		}
	}
	for (int k = 0; k < d.n; k++)
		start[d.v[k] + 1]++;
	for (int v = 0; v < np0; v++)
		start[v + 1] += start[v] + (sp->split[v] ? 1 : 0);
	int *blk = ARENA_NEW(fn->arena, int, start[np0] + 1);
	int *fill = ARENA_NEW(fn->arena, int, np0 + 1);
	for (int k = 0; k < d.n; k++)
		blk[start[d.v[k]] + fill[d.v[k]]++] = d.b[k];
	for (int v = 0; v < np0; v++)
		if (sp->split[v])
			blk[start[v] + fill[v]] = own[v];
	*startp = start;
	*blkp = blk;
}

typedef struct NewPhi {
	int blk, var;
} NewPhi;

static int cmp_newphi(const void *x, const void *y)
{
	const NewPhi *a = x, *b = y;
	if (a->blk != b->blk)
		return (a->blk > b->blk) - (a->blk < b->blk);
	return (a->var > b->var) - (a->var < b->var);
}

/* Pruned phi placement for every split value: the iterated dominance
 * frontier of its definition blocks, where the value is live in. */
static NewPhi *place_phis(Split *sp, int *nphi)
{
	Fn *fn = sp->fn;
	int nb = sp->nb, n = 0, cap = 16;
	int *start = NULL, *dblk = NULL;
	def_blocks(sp, &start, &dblk);
	NewPhi *out = ARENA_NEW(fn->arena, NewPhi, cap);
	int *inwork = ARENA_NEW(fn->arena, int, nb + 1);
	int *placed = ARENA_NEW(fn->arena, int, nb + 1);
	int *work = ARENA_NEW(fn->arena, int, nb + 1);
	for (int b = 0; b < nb; b++)
		inwork[b] = placed[b] = -1;
	for (int v = 0; v < sp->np0; v++) {
		if (!sp->split[v])
			continue;
		int nw = 0;
		for (int k = start[v]; k < start[v + 1]; k++)
			if (inwork[dblk[k]] != v) {
				inwork[dblk[k]] = v;
				work[nw++] = dblk[k];
			}
		while (nw) {
			int x = work[--nw];
			for (int k = sp->fstart[x]; k < sp->fstart[x + 1]; k++) {
				int y = sp->fblk[k];
				if (placed[y] == v || !live_in_has(sp->lv, y, v))
					continue;
				placed[y] = v;
				if (n == cap) {
					out = arena_grow(fn->arena, out,
							 sizeof(NewPhi) * (size_t)cap,
							 sizeof(NewPhi) *
								 (size_t)(2 * cap));
					cap *= 2;
				}
				out[n++] = (NewPhi){y, v};
				if (inwork[y] != v) {
					inwork[y] = v;
					work[nw++] = y;
				}
			}
		}
	}
	qsort(out, (size_t)n, sizeof(NewPhi), cmp_newphi);
	*nphi = n;
	return out;
}

/* Creates the placed phis after each block's existing phis; sources name
 * the split value until the walk renames them. */
static void insert_phis(Split *sp, const NewPhi *ph, int n)
{
	Fn *fn = sp->fn;
	for (int k = 0; k < n; k++) {
		Blk *b = fn->blk[ph[k].blk];
		int v = ph[k].var;
		int w = ssa_new_version(fn, sp->ssa, v);
		sp->var_of[w] = v;
		Ins *phi = ins_new(fn, IK_PHI, 1 + b->npred);
		phi->ops[0] = (Op){.kind = OK_PSEUDO, .flags = OF_DEF, .reg = w,
				   .tie = -1, .from = -1};
		for (int e = 0; e < b->npred; e++)
			phi->ops[1 + e] = (Op){.kind = OK_PSEUDO,
					       .flags = OF_USE, .reg = v,
					       .tie = -1, .from = b->pred[e]};
		Ins *at = b->first;
		while (at && at->kind == IK_PHI)
			at = at->next;
		ins_insert_before(b, at, phi);
		if (sp->st)
			sp->st->nphi++;
	}
}

static void set_cur(Split *sp, int v, int w)
{
	if (sp->nlog == sp->logcap) {
		int cap = 2 * sp->logcap + 16;
		sp->logv = arena_grow(sp->fn->arena, sp->logv,
				      sizeof(int) * (size_t)sp->logcap,
				      sizeof(int) * (size_t)cap);
		sp->logold = arena_grow(sp->fn->arena, sp->logold,
					sizeof(int) * (size_t)sp->logcap,
					sizeof(int) * (size_t)cap);
		sp->logcap = cap;
	}
	sp->logv[sp->nlog] = v;
	sp->logold[sp->nlog++] = sp->cur[v];
	sp->cur[v] = w;
}

static void undo(Split *sp, int mark)
{
	while (sp->nlog > mark) {
		sp->nlog--;
		sp->cur[sp->logv[sp->nlog]] = sp->logold[sp->nlog];
	}
}

/* Renames the register uses of split values in i to their current
 * versions, then makes i's new versions current. */
static void rename_ins(Split *sp, Ins *i)
{
	for (int k = 0; k < i->nops; k++) {
		Op *o = &i->ops[k];
		if (constr_reg_operand(o) && !(o->flags & OF_DEF) &&
		    o->reg < sp->np0 && sp->split[o->reg])
			o->reg = sp->cur[o->reg];
	}
	for (int k = 0; k < i->nops; k++) {
		Op *o = &i->ops[k];
		if (constr_reg_operand(o) && (o->flags & OF_DEF) &&
		    sp->var_of[o->reg] >= 0)
			set_cur(sp, sp->var_of[o->reg], o->reg);
	}
}

/* Requires the renaming walk at block b, after b's phis (in) or after
 * its last instruction (!in).  Sets b's live-in (in) or live-out set of
 * sp->nlv from the old liveness sp->lv: each value as the version the
 * walk makes current (a value not split stays itself), a split value a
 * new phi of b renamed left out of the live-in set (a phi def), the hard
 * registers renumbered after the new pseudos (live_rename_set). */
static void map_set(Split *sp, int b, bool in)
{
	live_rename_block(sp->nlv, sp->lv, sp->fn->arena, b, in, sp->np0,
			  sp->fn->npseudo, sp->cur, sp->phiat, sp->ver);
}

/* Renames the phi i of block b: a new phi's def becomes the current
 * version of its value. */
static void rename_phi(Split *sp, int b, const Ins *i)
{
	int d = i->ops[0].reg;
	if (!constr_reg_operand(&i->ops[0]) || sp->var_of[d] < 0)
		return;
	set_cur(sp, sp->var_of[d], d);
	if (sp->phiat)
		sp->phiat[sp->var_of[d]] = b + 1;
}

/* Renames block b, then the phi sources of its successors coming from
 * it; with sp->nlv, b's sets of the result's liveness (map_set). */
static void rename_block(Split *sp, int b)
{
	Fn *fn = sp->fn;
	Blk *bb = fn->blk[b];
	Ins *i = bb->first;
	for (; i && i->kind == IK_PHI; i = i->next)
		rename_phi(sp, b, i);
	if (sp->nlv)
		map_set(sp, b, true);
	for (; i; i = i->next)
		rename_ins(sp, i);
	if (sp->nlv)
		map_set(sp, b, false);
	for (int s = 0; s < bb->nsucc; s++) {
		int t = bb->succ[s].blk;
		if (sp->seen[t] == b)
			continue;
		sp->seen[t] = b;
		for (Ins *i = fn->blk[t]->first; i && i->kind == IK_PHI;
		     i = i->next)
			for (int k = 1; k < i->nops; k++) {
				Op *o = &i->ops[k];
				if (o->from == b && constr_reg_operand(o) &&
				    o->reg < sp->np0 && sp->split[o->reg])
					o->reg = sp->cur[o->reg];
			}
	}
}

/* The dominator tree in pre-order with an explicit stack of (block, undo
 * mark). */
static void rename_all(Split *sp)
{
	Fn *fn = sp->fn;
	const DomTree *d = sp->dom;
	int *stk = ARENA_NEW(fn->arena, int, d->norder + 1);
	int *mark = ARENA_NEW(fn->arena, int, d->norder + 1);
	int top = 0;
	sp->seen = ARENA_NEW(fn->arena, int, sp->nb + 1);
	for (int b = 0; b < sp->nb; b++)
		sp->seen[b] = -1;
	for (int k = 0; k < d->norder; k++) {
		int b = d->order[k];
		while (top && d->last[stk[top - 1]] < d->pre[b]) {
			top--;
			undo(sp, mark[top]);
		}
		stk[top] = b;
		mark[top++] = sp->nlog;
		rename_block(sp, b);
	}
	undo(sp, 0);
}

/* A per-pseudo table of -1 covering fn's pseudos now, with room for
 * those still to come (new versions and phis). */
static int *var_table(Fn *fn, int n)
{
	int *t = ARENA_NEW(fn->arena, int, n + 1);
	for (int k = 0; k <= n; k++)
		t[k] = -1;
	return t;
}

bool constr_split(Fn *fn, Ssa *ssa, const RegSet avail[RC_NALLOC],
		  ConstrStats *st, char *err, size_t errlen)
{
	return constr_split_live(fn, ssa, avail, NULL, NULL, st, err, errlen);
}

/* Requires sp set up for the renaming walk, every block reachable.  An
 * empty Live for the result, with the scratch map_set needs: rename_all
 * fills every block's sets. */
static void result_live_init(Split *sp)
{
	Fn *fn = sp->fn;
	sp->nlv = live_new(fn, sp->cfg);
	sp->phiat = ARENA_NEW(fn->arena, int, sp->np0 + 1);
	sp->ver = ARENA_RAW(fn->arena, int, sp->lv->nval + 1);
}

bool constr_split_live(Fn *fn, Ssa *ssa, const RegSet avail[RC_NALLOC],
		       const Live *lv, Live **outp, ConstrStats *st,
		       char *err, size_t errlen)
{
	const DomTree *dom = NULL;
	return constr_split_dom(fn, ssa, avail, NULL, &dom, lv, outp, st, err,
				errlen);
}

bool constr_split_dom(Fn *fn, Ssa *ssa, const RegSet avail[RC_NALLOC],
		      const Cfg *cfg, const DomTree **domp, const Live *lv,
		      Live **outp, ConstrStats *st, char *err,
		      size_t errlen)
{
	if (outp)
		*outp = NULL;
	if (fn->nblk == 0)
		return true;
	if (fn->allocated)
		return err_set(err, errlen,
			       "the function is already allocated");
	Split sp = {.fn = fn, .ssa = ssa, .np0 = fn->npseudo, .nb = fn->nblk,
		    .st = st};
	if (!cfg)
		cfg = cfg_build(fn);
	if (!*domp)
		*domp = dom_build(fn, cfg);
	sp.cfg = cfg;
	sp.dom = *domp;
	sp.lv = lv ? lv : live_compute(fn, cfg);
	sp.split = ARENA_NEW(fn->arena, bool, sp.np0 + 1);
	if (!insert_perms(&sp, avail)) {
		/* nothing split: no phi, no renaming, fn and its liveness
		 * as they were (lv is the caller's own, handed back) */
		if (outp)
			*outp = (Live *)sp.lv;
		return true;
	}
	int np1 = fn->npseudo;
	/* room for one phi per (block, value) at most */
	NewPhi *ph;
	int nphi;
	sp.var_of = var_table(fn, np1); /* named by place_phis */
	DomFrontier df;
	dom_frontiers(sp.fn, sp.cfg, sp.dom, sp.fn->arena, &df);
	sp.fstart = df.start;
	sp.fblk = df.blk;
	ph = place_phis(&sp, &nphi);
	int *vo = var_table(fn, np1 + nphi);
	for (int k = 0; k < np1; k++)
		vo[k] = sp.var_of[k];
	sp.var_of = vo;
	insert_phis(&sp, ph, nphi);
	sp.cur = ARENA_NEW(fn->arena, int, sp.np0 + 1);
	for (int v = 0; v < sp.np0; v++)
		sp.cur[v] = v;
	/* the walk leaves unreachable blocks alone: no liveness for them */
	if (outp && cfg->nrpo == fn->nblk)
		result_live_init(&sp);
	rename_all(&sp);
	if (outp)
		*outp = sp.nlv;
	return true;
}
