/* liveness.h - live values per block and per instruction.
 *
 * Values: pseudo p is value p (0 .. npseudo-1); hard register r (core
 * number) is value npseudo + r, a precoloured value like any other.
 * Constants (imm, sym operands) are no values, and neither is an operand
 * located in a stack slot (@sN): it is memory, not a register.  So after
 * spilling, a spilled value is live from its definition to its spill and
 * from each reload to its uses, as register pressure needs it.
 *
 * Semantics of an instruction that is not a phi, in order: it reads the
 * values of its reading operands (OF_USE, and partial defs, below), then
 * writes the values of its OF_DEF operands and kills the hard registers in
 * its clobber set.  So live-before = (live-after - defs - clobbers) + reads.
 * An OF_USE|OF_DEF operand (read-modify-write) is live before.  A partial
 * def is an OF_DEF subreg operand that GCC's dataflow also treats as a read
 * (read_modify_write_subreg_p): a pseudo wider than a word (8 bytes) of
 * which the subreg writes fewer bytes than its size; the rest survives, so
 * the value is live before.  A subreg def of a pseudo of at most a word is
 * a full def (the other bytes become undefined).
 *
 * Phis (at the start of their block, as the parser requires): the phis
 * of a block B define their values at B's entry, all at once; a phi
 * source `from P` is a use at the end of P.
 *   live_in(B)  = values live at B's entry, excluding B's phi defs and
 *                 B's phi sources;
 *   live_out(B) = union over successors S of live_in(S) and the phi
 *                 sources in S coming from B.
 * The input need not be in SSA form (a pseudo may have many defs).
 *
 * The sets are the least solution over all blocks, unreachable ones
 * included (they cannot affect the sets of reachable blocks: liveness only
 * flows from a block to its predecessors).
 *
 * Cost: per-value path exploration (from each block where a value is
 * upward-exposed, and each predecessor where it is a phi source, walk the
 * predecessors back to the blocks defining it): O(instructions + values +
 * sum over blocks of |live_in| x predecessors), no dense block x value
 * bitsets.  Memory in fn->arena: the sets (an int per member) and
 * O(blocks); temporarily, in an arena of its own freed on return, as
 * much again, about an int per operand, and O(blocks + values).
 */
#ifndef SSARA_LIVENESS_H
#define SSARA_LIVENESS_H

#include <stdbool.h>
#include <stddef.h>

#include "cfg.h"
#include "ir.h"

typedef struct Live {
	int nblk;
	int nval;    /* npseudo + TGT_NREGS */
	int npseudo;
	int **in;    /* per block: live_in, sorted increasing */
	int *nin;
	int **out;   /* per block: live_out, sorted increasing */
	int *nout;
	const Cfg *cfg; /* the Cfg it was computed with (reachability) */
} Live;

/* Number of values of fn: npseudo + TGT_NREGS. */
int live_nval(const Fn *fn);

/* The value of operand o, or -1 for an imm/sym operand or one in a slot.
 * Inline: asked for every operand by every walk. */
static inline int live_value(const Fn *fn, const Op *o)
{
	/* one test (a register operand not in a slot), the rest arithmetic:
	 * the walks ask it for operands of every kind in no predictable
	 * order, and compilers turn selects into branches */
	if ((o->kind > OK_HREG) | (o->loc.kind == LOC_SLOT))
		return -1; /* a constant, or memory: not a register value */
	int hard = -(o->kind == OK_HREG); /* all ones for a hard register */
	int np = fn->npseudo;
	unsigned lim = (unsigned)(np + ((TGT_NREGS - np) & hard));
	int in = -((unsigned)o->reg < lim); /* all ones when in range */
	return (((np & hard) + o->reg + 1) & in) - 1;
}

/* Requires cfg = cfg_build(fn), still valid.  Live-in and live-out sets of
 * every block, in fn->arena. */
Live *live_compute(Fn *fn, const Cfg *cfg);

/* Requires lv computed on fn when it had lv->npseudo pseudos; fn now
 * has npseudo >= that, and the new pseudos are in no block's live-in or
 * live-out set (defined and used within one block).  Renumbers the hard
 * registers' values (npseudo + r) in lv's sets: lv is fn's liveness
 * again.  O(sum of the sets). */
void live_add_pseudos(Live *lv, int npseudo);

/* An empty liveness of fn (its blocks and pseudos now) for a renaming
 * walk to fill with live_rename_set, in fn->arena; cfg as for
 * live_compute. */
Live *live_new(Fn *fn, const Cfg *cfg);

/* One live set of a function renamed into its SSA versions, by a walk
 * that knows which version of each value stands where.  Requires
 * old[0..n-1] a live set (sorted) of the function when it had np0
 * pseudos, now np; cur[v] the version that stands for pseudo v < np0
 * at the set's point, v itself or a pseudo >= np0; drop NULL, or
 * drop[v] == stamp for the pseudos v to leave out (a value a phi of the
 * block defines: no live-in value).  Writes into out (room for n) the
 * set renamed, the hard registers' values renumbered (npseudo + r),
 * sorted, and returns its size; tmp: room for n ints.  O(n + k log k),
 * k the versions >= np0. */
int live_rename_set(const int *old, int n, int np0, int np, const int *cur,
		    const int *drop, int stamp, int *out, int *tmp);

/* Block b's live-in (in) or live-out set of nlv, by a renaming walk at
 * b after its phis (in) or after its last instruction (!in): lv's set
 * renamed by live_rename_set (lv's function had np0 pseudos, nlv's has
 * np; cur as there), leaving out of the live-in set the values v with
 * phiat[v] == b + 1 (a phi of b defines their version: no live-in
 * value; phiat may be NULL).  The set in a; tmp as for live_rename_set,
 * room for the set's size. */
void live_rename_block(Live *nlv, const Live *lv, Arena *a, int b, bool in,
		       int np0, int np, const int *cur, const int *phiat,
		       int *tmp);

/* Whether a and b, two livenesses of fn, are the same: the same blocks
 * and pseudo count, and per block the same live-in and live-out sets.
 * Otherwise false with the first difference in err: the block (bN, its
 * id), the set and a value only one of them has (pN, or %REG). */
bool live_same(const Fn *fn, const Live *a, const Live *b, char *err,
	       size_t errlen);

/* Membership tests by binary search. */
bool live_in_has(const Live *lv, int blk, int v);
bool live_out_has(const Live *lv, int blk, int v);

/* A sparse set of values (Briggs and Torczon): O(1) add, delete, test and
 * clear; dense[0..n-1] lists the members in no particular order. */
typedef struct LiveSet {
	int n, cap;
	int *dense, *sparse;
} LiveSet;

/* An empty set for values 0..nval-1, storage in a. */
void lset_init(LiveSet *s, Arena *a, int nval);
void lset_clear(LiveSet *s);

/* Membership, insertion and deletion (inline: the walks ask them per
 * operand). */
static inline bool lset_has(const LiveSet *s, int v)
{
	unsigned k = (unsigned)s->sparse[v];
	return k < (unsigned)s->n && s->dense[k] == v;
}

static inline void lset_add(LiveSet *s, int v)
{
	if (lset_has(s, v))
		return;
	s->sparse[v] = s->n;
	s->dense[s->n++] = v;
}

static inline void lset_del(LiveSet *s, int v)
{
	if (!lset_has(s, v))
		return;
	int k = s->sparse[v], last = s->dense[--s->n];
	s->dense[k] = last;
	s->sparse[last] = k;
}

/* s := live_out(blk), resp. live_in(blk). */
void live_set_out(const Live *lv, int blk, LiveSet *s);
void live_set_in(const Live *lv, int blk, LiveSet *s);

/* Requires s = the values live after i.  Makes s the values live before
 * i.  A phi's step removes its def only (its sources are not live before
 * it), so stepping back over all of B's instructions from live_out(B)
 * ends with live_in(B). */
void live_step_back(const Fn *fn, const Ins *i, LiveSet *s);

/* live_step_back, keeping sum[c] (c < nw) the sum of wt[v * nw + c] over
 * the members v of s (the same set operations in the same order: s's
 * dense order is live_step_back's). */
void live_step_back_sum(const Fn *fn, const Ins *i, LiveSet *s,
			const int *wt, int nw, int *sum);

#endif
