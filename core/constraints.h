/* constraints.h - register constraints in SSA form (Hack's method).
 *
 * Two steps around spilling, both on a function in SSA form
 * (ssa_construct), both keeping it in SSA form:
 *
 * constr_prepare (before spilling) makes every instruction colourable in
 * place, at the price of at most one extra live value per fixed use:
 *   - a tied use (two-address code: a use and a def that must share a
 *     register) whose value is still live after the instruction, or that
 *     a second tied use of the same instruction also reads, is replaced by
 *     a fresh copy made just before the instruction (a one-pair `pcopy`,
 *     uid 0), so that the tied use dies there; the instruction's other
 *     reads of the value use the copy too when their constraints allow
 *     (`shl %cl, %rcx`), so one copy serves them;
 *   - a value read by two operands whose register constraints are
 *     disjoint (`p {ax}` and `p {dx}`) gets such a copy for the later
 *     operand.
 * These copies change register pressure, so the spiller must see them.
 * It also refuses, with the reason, ties that no allocation can meet in
 * the core IR: tied pseudos of two classes, and one operand tied to two
 * different values.
 *
 * constr_split (after spilling) inserts, before every constrained
 * instruction I (constr_is_constrained), a parallel copy (`pcopy`, uid 0)
 * of every pseudo live in a register just before I: each gets a new SSA
 * version, defined by the copy, and every later use is renamed to the
 * version that reaches it, with phis where versions meet (SSA
 * reconstruction: pruned phi placement at the iterated dominance frontier
 * of the copies, then a renaming walk over the dominator tree).  Live
 * ranges then never cross a constrained instruction: the copy and I can be
 * coloured together as one matching problem (colour.c), independently of
 * the colouring before the copy, which is what keeps colouring with
 * Maxlive registers possible in the presence of fixed registers.
 * The copy moves nothing when every version gets its old register;
 * colouring prefers that and coalescing aims at it.
 *
 * An instruction is constrained when it is a call, clobbers or defines a
 * register of the allocatable set avail, has a register operand (a
 * pseudo not in a slot) whose constraint excludes part of avail, defines
 * a value of two registers (which needs two adjacent free ones: the
 * values around it may have to make room), or ties a def to an
 * allocatable hard register.  Ties between pseudos and early
 * clobbers alone do not make an instruction constrained: the greedy
 * colouring meets them in place.
 */
#ifndef SSARA_CONSTRAINTS_H
#define SSARA_CONSTRAINTS_H

#include <stdbool.h>
#include <stddef.h>

#include "dom.h"
#include "ir.h"
#include "liveness.h"
#include "ssa.h"

typedef struct ConstrStats {
	int ncopy;   /* constr_prepare: copies inserted */
	int nswap;   /* constr_prepare: commutative reads exchanged instead */
	int nuntie;  /* constr_prepare: soft ties dropped instead */
	int nperm;   /* constr_split: parallel copies inserted */
	int npairs;  /* values those copy (new versions) */
	int nphi;    /* phis added by the SSA reconstruction */
} ConstrStats;

/* Whether operand o of i names a tie partner among i's operands. */
static inline bool constr_names_tie(const Ins *i, const Op *o)
{
	return (unsigned)o->tie < (unsigned)i->nops;
}

/* Whether some operand of i has a register set or names a tie partner;
 * else i constrains no operand beyond its class (no copy, no required
 * register). */
static inline bool constr_has_demand(const Ins *i)
{
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].allowed || constr_names_tie(i, &i->ops[k]))
			return true;
	return false;
}

/* The operand tied to operand k of i (ops[k].tie, or the operand whose
 * tie names k), or -1.  Inline: every pass asks it per operand. */
static inline int constr_tie_partner(const Ins *i, int k)
{
	if (constr_names_tie(i, &i->ops[k]))
		return i->ops[k].tie;
	/* Op.tie is an int8_t: no operand can name k > INT8_MAX, and the
	 * search stays bounded on instructions with thousands of operands
	 * (callers loop over every operand). */
	if (k > INT8_MAX)
		return -1;
	for (int m = 0; m < i->nops; m++)
		if (m != k && i->ops[m].tie == k)
			return m;
	return -1;
}

/* constr_tie_partner of every operand of i into t[0 .. i->nops-1], in
 * two passes over the operands: for the loops that ask it of each
 * operand (linear, where a search per operand is quadratic). */
static inline void constr_tie_partners(const Ins *i, int *t)
{
	int n = i->nops;
	for (int k = 0; k < n; k++)
		t[k] = constr_names_tie(i, &i->ops[k]) ? i->ops[k].tie : -1;
	/* the operand naming k: the first one, so the scan goes backwards;
	 * an operand's own tie comes first */
	for (int m = n - 1; m >= 0; m--) {
		int k = i->ops[m].tie;
		if (k >= 0 && k < n && k != m &&
		    !constr_names_tie(i, &i->ops[k]))
			t[k] = m;
	}
}

/* Exchanges the constraints of operands k and x of ops (tie, register
 * set, memory, softness), k tied to def operand t: the other alternative
 * of a pair marked [mirror K] (docs/IR.md). */
void constr_exchange(Op *ops, int k, int x, int t);

/* Whether operand k of i may be memory: it has OF_MEM, it is tied to an
 * operand that has (a matching constraint: the same memory), or it is
 * the source of a copy (a load: x86 moves read memory into any register
 * class). */
bool constr_mem_ok(const Ins *i, int k);

/* Whether i had a soft tie dropped (constr_prepare): an operand flagged
 * OF_SOFT with no tie partner.  Then every operand of i must be in a
 * register (the pattern's untied alternative). */
bool constr_soft_untied(const Ins *i);

/* Whether operand o of fn is a register value: a pseudo not located in a
 * slot (after spilling, slot operands are memory). */
static inline bool constr_reg_operand(const Op *o)
{
	return o->kind == OK_PSEUDO && o->loc.kind != LOC_SLOT;
}

/* Whether instruction i is constrained with respect to the allocatable
 * sets avail[RC_GPR], avail[RC_SSE] (see above).  Phis and inserted
 * instructions are not. */
bool constr_is_constrained(const Fn *fn, const Ins *i,
			   const RegSet avail[RC_NALLOC]);

/* A partial def whose written part comes in place from another value
 * (`+p84[0,2], p82 ^0`: the low 2 bytes of p84 rewritten from p82, the
 * rest kept; one register must hold old p84's rest and p82's low bytes).
 * constr_partial gives it one tied value: before it, an instruction
 * `merge =m, old ^0, src` (uid 0) builds m = old with its low part from
 * src, and the partial def reads m for both (src's operand untied for the
 * allocation).  After SSA destruction constr_partial_finish makes the
 * merge a move of that part (`move =p84[0,2], p82`, a partial move, or a
 * hard-register move `move =%ax, p109` for a word of a two-register
 * value) and restores the tie. */
typedef struct ConstrPart {
	Ins *merge;  /* the inserted merge */
	Ins *ins;    /* the partial def */
	int src;     /* its operand that read src (now m) */
	int tie;     /* that operand's tie */
	int off;     /* its offset: 0, or a word's for the second word */
	int size;    /* bytes of the rewritten part */
} ConstrPart;

typedef struct ConstrParts {
	ConstrPart *p;
	int n;
} ConstrParts;

/* Requires fn in SSA form as ssa describes (before constr_prepare).
 * Inserts the merges of the partial defs above (the low 1 or 2 bytes of
 * a register, or the first word of a two-register value, read from a
 * value of the same class) into *out (fn->arena). */
void constr_partial(Fn *fn, Ssa *ssa, ConstrParts *out);

/* A word of a value of another class read by a general-register
 * instruction tied to its def (`=p91, p87[0,8] {ax,...,r15} ^0`,
 * `=p93, p87[8,8] {ax,...,r15} ^0`: p87 a 16-byte SSE value, the def
 * an integer of at most a word; compile/dilayout.c foo).  No register
 * of the def's class holds the SSE value, and the checker's facts name
 * whole values and their words: constr_cross_words gives each such
 * read a copy of the whole value in a general register pair (`pcopy =V,
 * p87` (uid 0) before the instruction, V a version of p87 in the
 * general class), read as V[0,8] or V[8,8] (or the low bytes of a word,
 * V[0,4], V[8,4]: pr70355.c foo); the second word's tie then
 * goes through constr_words (below).  The driver makes the copy a spill
 * of the SSE register and a 16-byte reload of the pair.  Returns the
 * number of reads rewritten. */
int constr_cross_words(Fn *fn, Ssa *ssa);

/* A def tied to the second word of a two-register general value
 * (`=p90, p83[8,8] ^0`, GCC's `*muldi3_1` on the high word of a TImode
 * value): as machine operands the def is written in the register of that
 * word.  constr_words gives the allocation a tie of whole values
 * instead: the instruction defines D, a version of the def's pseudo as
 * wide as the read value, tied to that value read whole, and an
 * instruction `extract =d, D` (uid 0) after it defines the def's own
 * pseudo d.  After SSA destruction constr_words_finish puts the def in
 * the register of the word (D's first register plus one), makes the
 * extract the move `move =d, d @(that register)` (dropped when d is
 * there) and restores the read's subreg. */
typedef struct ConstrWord {
	Ins *extract; /* the inserted extract */
	Ins *ins;     /* the instruction */
	int def;      /* its def operand (D while allocating) */
	int use;      /* its read of the word (read whole while allocating) */
	int sub_off, sub_size; /* that read's subreg */
} ConstrWord;

typedef struct ConstrWords {
	ConstrWord *w;
	int n;
} ConstrWords;

/* Requires fn in SSA form as ssa describes (before constr_prepare).
 * Rewrites the ties through a second word (above) into *out
 * (fn->arena). */
void constr_words(Fn *fn, Ssa *ssa, ConstrWords *out);

/* After ssa_destruct (see above); false with a reason when D or the
 * extract's def is not in a register. */
bool constr_words_finish(const ConstrWords *words, char *err, size_t errlen);

/* After ssa_destruct: each merge of parts becomes its move (see above);
 * false with a reason when a merge's source is not in a register. */
bool constr_partial_finish(const ConstrParts *parts, char *err,
			   size_t errlen);

/* Requires fn in SSA form as ssa describes.  Inserts the copies of the
 * pre-spill step (see above) and records their versions in ssa.  Returns
 * false with a reason in err on malformed input. */
bool constr_prepare(Fn *fn, Ssa *ssa, ConstrStats *st, char *err,
		    size_t errlen);

/* constr_prepare with *lvp fn's liveness as it is (live_compute's), or
 * NULL; *lvp := fn's liveness afterwards (the one before the copies,
 * which change no block's live-in or live-out set: each copy and the
 * use it feeds are in one block; live_add_pseudos). */
bool constr_prepare_live(Fn *fn, Ssa *ssa, ConstrStats *st, Live **lvp,
			 char *err, size_t errlen);

/* Requires fn in SSA form as ssa describes (possibly spilled: operands in
 * slots are memory).  Inserts the parallel copies before constrained
 * instructions and reconstructs SSA form (see above).  Linear in the
 * function plus the copies, the dominance frontiers and the phis. */
bool constr_split(Fn *fn, Ssa *ssa, const RegSet avail[RC_NALLOC],
		  ConstrStats *st, char *err, size_t errlen);

/* constr_split with lv, fn's liveness as it is (live_compute), or
 * NULL.  With outp, *outp := the liveness of the result, equal to what
 * live_compute gives on it (in fn->arena), or NULL when fn has an
 * unreachable block (the renaming leaves those alone).  It comes from
 * the old sets and the renaming walk: where a value is live at a block's
 * boundary, the version the walk makes current there is (pruned phis at
 * every block where two versions meet, and a value live there is live
 * in SSA form from a definition dominating it), but at a block where a
 * new phi defines the version, which is no live-in value; the parallel
 * copies read values live before their instruction and add no other
 * liveness at a boundary.  When no instruction needs a copy, fn stays
 * as it is and *outp is lv itself (or the liveness computed), whatever
 * the blocks. */
bool constr_split_live(Fn *fn, Ssa *ssa, const RegSet avail[RC_NALLOC],
		       const Live *lv, Live **outp, ConstrStats *st,
		       char *err, size_t errlen);

/* constr_split_live with cfg, fn's Cfg as it is (cfg_build), or NULL,
 * and *domp its dominator tree, or NULL (built when not given); lv's
 * Cfg, when lv is given, is cfg.  Afterwards *domp is the dominator tree
 * of cfg (or of the Cfg built), still fn's: the parallel copies and
 * phis change no edge. */
bool constr_split_dom(Fn *fn, Ssa *ssa, const RegSet avail[RC_NALLOC],
		      const Cfg *cfg, const DomTree **domp, const Live *lv,
		      Live **outp, ConstrStats *st, char *err,
		      size_t errlen);

/* Exchanges the values (and the parts) two operands read, their
 * constraints staying: a commutative pair read the other way round. */
void constr_exchange_reads(Op *a, Op *b);

/* The operand of i's commutative pair ([comm K]) other than the
 * register read k, when the two reads may exchange their values
 * (constr_exchange_reads) so that it takes k's tie: a register read,
 * untied, of another pseudo read nowhere else in i, with k's register
 * set, flags (but whether memory is acceptable and softness) and class,
 * reading the same bytes (constr_same_read); else -1.  Its value must
 * also die at i: the caller's to check. */
int constr_comm_other(const Fn *fn, const Ins *i, int k);

/* Whether pseudo operands a and b of fn read the same bytes: the same
 * part of values of one size, or the low bytes of each, as many (a
 * whole 4-byte value and the low word `[0,4]` of an 8-byte one): a
 * commutative pair whose reads may be exchanged (comm_swap, which also
 * asks for one class; the checker's comm_alike and
 * comm_exchanged_soft). */
bool constr_same_read(const Fn *fn, const Op *a, const Op *b);

#endif
