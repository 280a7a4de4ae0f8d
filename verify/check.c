/* check.c - checks (a), (b), (c) of docs/VERIFY.md on the operands of
 * an original instruction: each use finds its value where the
 * allocation put the operand, each operand sits where its constraint
 * allows.  Reads the working state; reports through violation.c. */
#include "vstate.h"

#include <stdlib.h>
#include <string.h>

#include "constraints.h"
#include "irtext.h"

/* ---- Machine operands and reads that cannot be decided ----------------- */

static void regset_text(const Chk *c, RegSet s, Str *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (m) {
		regset_print(m, c->t, s);
		fclose(m);
		str_addf(out, "%s", buf);
	}
	free(buf);
}

/* The register an operand (original op, at location l) names as a
 * machine operand: for a subreg of a value spread over several registers
 * (a 16-byte value in a general register pair), the register of the
 * word it names (`p[8,8]` at ax:dx is dx); l otherwise.  Ties are
 * between machine operands, so they compare these. */
static int word_loc(const Chk *c, const Op *op, int l)
{
	if (l < 0 || l >= TGT_NREGS || !op->sub_size || !op_is_value(op))
		return l;
	int size = value_size(c, value_of(c, op));
	int n = span_n(c, l, size);
	if (n <= 1 || size <= 0)
		return l;
	return l + op->sub_off * n / size;
}

int alone_word(const Op *ao, const Op *oo)
{
	return (ao->flags & OF_WORD) ? oo->sub_off / 8 : -1;
}

bool alone_valid(const Chk *c, const Op *ao, const Op *oo)
{
	if (!(ao->flags & OF_WORD))
		return true;
	int v = value_of(c, oo);
	return oo->kind == OK_PSEUDO && wide_value(c, v) &&
	       oo->sub_size == 8 && oo->sub_off % 8 == 0 &&
	       oo->sub_off / 8 < nwords(c, v) &&
	       gpr_loc(c, op_loc(c, ao)) &&
	       (!(oo->flags & OF_DEF) || (oo->flags & OF_USE));
}

bool kc_unproven(Chk *c, int l, int v)
{
	return c->gcc && c->unnamed && v >= 0 && v < c->nval &&
	       c->unnamed[v] && set_has(&c->sp, c->cur[l], kc_id(c));
}

/* Whether location l holds value v through a deleted copy `copy =v,
 * s` (v a hard register or a pseudo): the copy's availability location
 * holds both v and s (the original ran the copy on every path, and neither
 * value was redefined since: any definition removes it from there) and
 * l holds s.  Then l holds what v holds in the original.  (LRA
 * computes an argument into its register by a recomputation after the
 * copy's place: zlib's inflateBack at -Os; or the copy's destination
 * pseudo's register: strcmp-1.c main at -Os.) */
static bool copy_equal(Chk *c, int l0, int p, int v)
{
	int l = l0 + p;
	if (!c->gcc || !c->avcopy || l >= c->cbase)
		return false;
	for (int k = 0; k < c->nav; k++) {
		const Ins *i = c->avcopy[k];
		if (!i || value_of(c, &i->ops[0]) != v)
			continue;
		int s = value_of(c, &i->ops[1]), av = c->abase + k;
		/* the word p of s that the span's location holds, when v
		 * and s are wide values of one size (word facts) */
		int sid = read_id(c, l0, p, v) == v ? s : -1;
		if (sid < 0 && wide_value(c, s) &&
		    value_size(c, s) == value_size(c, v))
			sid = read_id(c, l0, p, s);
		if (sid >= 0 && set_has(&c->sp, c->cur[av], v) &&
		    set_has(&c->sp, c->cur[av], s) &&
		    set_has(&c->sp, c->cur[l], sid))
			return true;
	}
	return false;
}

/* Whether a read of v at location l (which does not hold v) cannot be
 * decided: l is a constant location, or a register loaded from a
 * constant not proven to be v (docs/VERIFY.md, loads of constants), or
 * holds memory whose content is not proven ("Memory").  Then *pre and
 * *post are the words around l's name in the reason; else false (a
 * wrong value: a violation). */
static bool unproven_read(Chk *c, int l, int v, const char **pre,
			  const char **post)
{
	*pre = "at";
	if (is_kconst(c, l)) {
		*pre = "replaced by";
		*post = ", not proven equal";
	} else if (kc_unproven(c, l, v))
		*post = " loaded from a constant, not proven equal";
	else if (c->mloc && set_has(&c->sp, c->cur[l], c->nval))
		*post = " loaded from memory, not proven equal";
	else
		return false;
	return true;
}

/* ---- One operand ------------------------------------------------------- */

/* Whether every pseudo operand of allocated instruction i but k (-1:
 * none left out) is in a register.  With k = -1 a soft tie (OF_SOFT,
 * docs/IR.md "^~N") may be broken, the pattern's other alternative
 * taking the operands apart; otherwise k may take the other
 * alternative's memory (OF_MEMALT). */
static bool others_in_regs(Chk *c, const Ins *i, int k)
{
	for (int m = 0; m < i->nops; m++)
		if (m != k && i->ops[m].kind == OK_PSEUDO &&
		    op_loc(c, &i->ops[m]) >= TGT_NREGS)
			return false;
	return true;
}

/* Checks (a), (b), (c) of docs/VERIFY.md for operand k of original
 * instruction i (original o); at most one violation per operand.  Names
 * are formatted only for a violation. */
static void check_operand(Chk *c, const Ins *i, const Ins *o, int pos, int k)
{
	const Op *oo = &o->ops[k], *ao = &i->ops[k];
	int v = value_of(c, oo), l = op_loc(c, ao);
	int n = span_n(c, l, value_size(c, v));
	int aw = alone_word(ao, oo);
	char vb[32], lb[64], lb2[64], vb2[32];
	if (aw >= 0)
		n = 1;
	/* a word written alone reads nothing: the value's other words stay
	 * where they are */
	if (op_reads(c->o, oo) && !(aw >= 0 && (oo->flags & OF_DEF))) {
		int lo, hi;
		read_range(c, oo, l, n, &lo, &hi);
		if (aw >= 0) {
			lo = 0;
			hi = 1;
		}
		for (int p = lo; p < hi; p++) {
			if (aw >= 0 ? set_has(&c->sp, c->cur[l],
					      word_at(c, l, v, aw)) ||
					      undefined(c, c->curD, v)
				    : holds_at(c, l, p, v) ||
					      (p == 0 &&
					       holds_part(c, oo, l, v)) ||
					      copy_equal(c, l, p, v))
				continue;
			const char *pre, *post;
			if (unproven_read(c, l + p, v, &pre, &post)) {
				not_proven(c, "uid %d operand %d: %s %s %s%s",
					   i->uid, k,
					   value_name(c, v, vb, sizeof vb), pre,
					   loc_name(c, l + p, lb, sizeof lb), post);
				return;
			}
			Str s = {0}, wr = {0};
			set_text(c, c->cur[l + p], &s);
			bool opaque = writers_text(c, c->cur_blk, i, l + p, &wr);
			Violation *w = violation(
				c, VK_WRONG_VALUE, i, pos, k, l + p,
				"operand %d (%s) at %s holds %s instead%s", k,
				value_name(c,
					   aw >= 0 ? word_at(c, l, v, aw)
						   : read_id(c, l, p, v),
					   vb, sizeof vb),
				loc_name(c, l + p, lb, sizeof lb), s.s,
				wr.s ? wr.s : "");
			free(s.s);
			free(wr.s);
			w->by_opaque = opaque;
			held_pseudos(c, c->cur[l + p], w);
			if (v < c->npseudo)
				w->exp_pseudo = v;
			else
				w->exp_hreg = v - c->npseudo;
			return;
		}
	}
	/* GCC's allocation: constraints are LRA's (docs/VERIFY.md) */
	if (oo->kind != OK_PSEUDO || c->gcc)
		return;
	if (l >= TGT_NREGS) {
		/* a copy's destination in a slot with its source in a
		 * register: a store */
		bool store = o->kind == IK_COPY && k == 0 && i->nops == 2 &&
			     op_loc(c, &i->ops[1]) < TGT_NREGS;
		bool alt = (oo->flags & OF_MEMALT) && others_in_regs(c, i, k);
		if (!constr_mem_ok(o, k) && !store && !alt) {
			violation(c, VK_NOT_MEM, i, pos, k, l,
				  (oo->flags & OF_MEMALT)
					  ? "operand %d (%s) at %s: a stack "
					    "slot, but another operand is in "
					    "memory"
					  : "operand %d (%s) at %s: a stack "
					    "slot, but the operand needs a "
					    "register",
				  k, value_name(c, v, vb, sizeof vb),
				  loc_name(c, l, lb, sizeof lb));
			return;
		}
	} else {
		int cls = c->o->pseudo[v].cls;
		RegSet alloc = fn_allocatable(c->o, cls);
		/* a register the function's ISA lacks (xmm16 without
		 * AVX-512F) is never allowed */
		RegSet allowed = (oo->allowed ? oo->allowed : alloc) &
				 fn_isa_regs(c->o);
		bool ok = RS_HAS(allowed, l) && !(oo->flags & OF_MEMONLY);
		/* the rest of the span: allocatable registers of l's class
		 * (a value of another class that the constraint admits in
		 * l's, e.g. an SSE pair's words read in ax:dx, spans l's) */
		RegSet rest = fn_allocatable(c->o, c->t->regs[l].cls);
		for (int p = 1; p < n && ok; p++)
			ok = RS_HAS(rest, l + p);
		if (!ok) {
			value_name(c, v, vb, sizeof vb);
			loc_name(c, l, lb, sizeof lb);
			Str s = {0};
			if (oo->flags & OF_MEMONLY) {
				violation(c, VK_CONSTRAINT, i, pos, k, l,
					  "operand %d (%s) at %s: a register, "
					  "but the operand needs memory",
					  k, vb, lb);
			} else if (oo->allowed) {
				regset_text(c, oo->allowed, &s);
				violation(c, VK_CONSTRAINT, i, pos, k, l,
					  "operand %d (%s) at %s: outside its "
					  "constraint %s",
					  k, vb, lb, s.s ? s.s : "");
			} else {
				violation(c, VK_CONSTRAINT, i, pos, k, l,
					  "operand %d (%s) at %s: not an "
					  "allocatable %s register",
					  k, vb, lb, c->t->class_name[cls]);
			}
			free(s.s);
			return;
		}
	}
	if (oo->tie >= 0 && oo->tie < i->nops) {
		const Op *at = &i->ops[oo->tie], *ot = &o->ops[oo->tie];
		int lw = aw >= 0 ? l : word_loc(c, oo, l);
		int lt = alone_word(at, ot) >= 0
				 ? op_loc(c, at)
				 : word_loc(c, ot, op_loc(c, at));
		if (lt != lw && !((oo->flags & OF_SOFT) && others_in_regs(c, i, -1))) {
			l = lw;
			violation(c, VK_TIE, i, pos, k, l,
				  "operand %d (%s) at %s: tied to operand %d, "
				  "which is at %s",
				  k, value_name(c, v, vb, sizeof vb),
				  loc_name(c, l, lb, sizeof lb), oo->tie,
				  loc_name(c, lt, lb2, sizeof lb2));
			return;
		}
	}
	if ((oo->flags & OF_EARLY) && (oo->flags & OF_DEF)) {
		for (int j = 0; j < o->nops; j++) {
			const Op *oj = &o->ops[j];
			if (j == k || !op_is_value(oj) || !op_reads(c->o, oj) ||
			    oj->tie == k || oo->tie == j)
				continue;
			int lj = op_loc(c, &i->ops[j]);
			int nj = alone_word(&i->ops[j], oj) >= 0
					 ? 1
					 : span_n(c, lj,
						  value_size(c, value_of(c, oj)));
			if (lj < l + n && l < lj + nj) {
				violation(c, VK_EARLY_CLOBBER, i, pos, k, l,
					  "operand %d (%s) at %s: early-clobber "
					  "def overlaps use operand %d (%s) at "
					  "%s",
					  k, value_name(c, v, vb, sizeof vb),
					  loc_name(c, l, lb, sizeof lb), j,
					  value_name(c, value_of(c, oj), vb2,
						     sizeof vb2),
					  loc_name(c, lj, lb2, sizeof lb2));
				return;
			}
		}
	}
}

/* ---- Every operand; commutative operands ([comm K]) -------------------- */

/* Whether location l holds what operand k of original o reads, or
 * where it does not, the read cannot be decided (unproven_read: a
 * constant or memory location, a register loaded from one); *soft is
 * set when some part is only undecided. */
static bool reads_hold_or_unproven(Chk *c, const Ins *o, int k, int l,
				   bool *soft)
{
	const Op *oo = &o->ops[k];
	int v = value_of(c, oo);
	int lo, hi;
	const char *pre, *post;
	read_range(c, oo, l, span_n(c, l, value_size(c, v)), &lo, &hi);
	for (int p = lo; p < hi; p++) {
		if (holds_at(c, l, p, v) || (p == 0 && holds_part(c, oo, l, v)))
			continue;
		if (!unproven_read(c, l + p, v, &pre, &post))
			return false;
		*soft = true;
	}
	return true;
}

/* Whether GCC's allocated instruction i, marked [comm K], reads the
 * values of original o's operands K and K+1 exchanged, as far as can be
 * decided: the order as located fails with a wrong value, and in the
 * exchanged order each location holds the other operand's value or its
 * read cannot be decided (a memory equivalence the checker does not
 * prove: then *soft, and check_operands reports it not proven).
 * Without this a pair read as `ax | [argp]` with p237 in ax and p568
 * at [argp], which the translation located the other way round, was a
 * violation whenever [argp] was not proven (920625-1.c synth). */
static bool comm_exchanged_soft(Chk *c, const Ins *i, const Ins *o,
				bool *soft);

/* Whether original o's pair [comm K] has alike operands (register sets,
 * flags but whether memory is acceptable, reads of the same bytes:
 * constr_same_read): then an allocation may read it exchanged, each
 * position checked whole with the other's value (its tie stays the
 * position's: ssara's comm_swap moves a tie to the other value). */
static bool comm_alike(const Fn *fn, const Ins *o, int k)
{
	const Op *a = &o->ops[k], *b = &o->ops[k + 1];
	return a->allowed == b->allowed &&
	       (a->flags & ~(OF_SOFT | OF_MEM | OF_MEMALT)) ==
		       (b->flags & ~(OF_SOFT | OF_MEM | OF_MEMALT)) &&
	       constr_same_read(fn, a, b);
}

/* The mark [comm K] (docs/IR.md) says the instruction computes the same
 * with either order; it is honoured only on two uses of pseudos that
 * read the same bytes (constr_same_read: the same part of values of one
 * size, or as many low bytes of each), and in ssara's allocation only
 * when their constraints are alike (comm_alike). */
static bool comm_exchanged_soft(Chk *c, const Ins *i, const Ins *o,
				bool *soft)
{
	int k = i->comm;
	if (!(i->flags & INS_COMM) || k < 0 || k + 1 >= o->nops ||
	    o->nops != i->nops || (!c->gcc && !comm_alike(c->o, o, k)))
		return false;
	const Op *a = &o->ops[k], *b = &o->ops[k + 1];
	if (a->kind != OK_PSEUDO || b->kind != OK_PSEUDO ||
	    (a->flags & OF_DEF) || (b->flags & OF_DEF) ||
	    !op_reads(c->o, a) || !op_reads(c->o, b) ||
	    !constr_same_read(c->o, a, b))
		return false;
	int la = op_loc(c, &i->ops[k]), lb = op_loc(c, &i->ops[k + 1]);
	bool s1 = false;
	if (reads_hold_or_unproven(c, o, k, la, &s1) &&
	    reads_hold_or_unproven(c, o, k + 1, lb, &s1))
		return false; /* as located: proven, or undecided only */
	*soft = false;
	return reads_hold_or_unproven(c, o, k, lb, soft) &&
	       reads_hold_or_unproven(c, o, k + 1, la, soft);
}

/* Reports operand k of original o, read at location l of i, not proven
 * when l does not hold its value (comm_exchanged_soft decided that it
 * cannot be decided there). */
static void comm_not_proven(Chk *c, const Ins *i, const Ins *o, int k,
			    int l)
{
	const Op *oo = &o->ops[k];
	int v = value_of(c, oo), lo, hi;
	const char *pre, *post;
	char vb[32], lb[64];
	read_range(c, oo, l, span_n(c, l, value_size(c, v)), &lo, &hi);
	for (int p = lo; p < hi; p++) {
		if (holds_at(c, l, p, v) || (p == 0 && holds_part(c, oo, l, v)))
			continue;
		if (unproven_read(c, l + p, v, &pre, &post)) {
			not_proven(c, "uid %d operand %d: %s %s %s%s (the "
				      "commutative operands exchanged)",
				   i->uid, k, value_name(c, v, vb, sizeof vb),
				   pre, loc_name(c, l + p, lb, sizeof lb),
				   post);
			return;
		}
	}
}

/* Whether operand k of original o is tied and allocated i meets that
 * tie (its def and k in one location); an untied k meets none. */
static bool tie_met(Chk *c, const Ins *i, const Ins *o, int k)
{
	int t = constr_tie_partner(o, k);
	return t >= 0 && op_loc(c, &i->ops[k]) == op_loc(c, &i->ops[t]);
}

/* Original o's other alternative when it is marked [mirror K] and
 * ssara's allocated i meets that one's tie and not o's: *m, o with the
 * constraints of operands K and K + 1 exchanged (tie, register set,
 * memory, softness; ops: storage for o->nops operands), as the
 * allocator's mirror_swap does; else o itself. */
static const Ins *mirror_of(Chk *c, const Ins *i, const Ins *o, Ins *m,
			    Op *ops)
{
	int k = o->comm;
	if (c->gcc || !(o->flags & INS_MIRROR) || k < 0 || k + 1 >= o->nops ||
	    o->nops != i->nops)
		return o;
	int kt = constr_tie_partner(o, k) >= 0 ? k : k + 1;
	int kx = kt == k ? k + 1 : k;
	int t = constr_tie_partner(o, kt);
	if (t < 0 || constr_tie_partner(o, kx) >= 0 || tie_met(c, i, o, kt) ||
	    op_loc(c, &i->ops[kx]) != op_loc(c, &i->ops[t]))
		return o;
	memcpy(ops, o->ops, sizeof(Op) * (size_t)o->nops);
	constr_exchange(ops, kt, kx, t);
	*m = *o;
	m->ops = ops;
	return m;
}

void check_operands(Chk *c, const Ins *i, const Ins *o, int pos)
{
	Op mops[o->nops > 0 ? o->nops : 1];
	Ins mins;
	o = mirror_of(c, i, o, &mins, mops);
	bool soft = false;
	bool ex = comm_exchanged_soft(c, i, o, &soft);
	for (int k = 0; k < o->nops; k++) {
		if (!op_is_value(&o->ops[k]))
			continue;
		if (ex && !c->gcc && (k == i->comm || k == i->comm + 1)) {
			/* exchanged by the allocator: the whole check, with
			 * the pair's values exchanged (constraints alike) */
			Op x[o->nops];
			memcpy(x, o->ops, sizeof x);
			constr_exchange_reads(&x[i->comm], &x[i->comm + 1]);
			Ins t = *o;
			t.ops = x;
			check_operand(c, i, &t, pos, k);
			continue;
		}
		if (ex && (k == i->comm || k == i->comm + 1)) {
			/* exchanged; gcc: reads only; what is undecided there
			 * is not proven */
			if (soft && c->checking)
				comm_not_proven(c, i, o, k,
						op_loc(c, &i->ops[k == i->comm
									 ? k + 1
									 : k - 1]));
			continue;
		}
		check_operand(c, i, o, pos, k);
	}
}
