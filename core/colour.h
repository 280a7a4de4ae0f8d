/* colour.h - register assignment by a walk of the dominator tree (Hack &
 * Goos; the SSA book's tree scan).
 *
 * Requires a function in SSA form whose register pressure fits the
 * allocatable sets (after spilling: at most |avail[c]| values of class c
 * in registers at every point) and whose constrained instructions are
 * preceded by the parallel copies of constr_split.  Operands located in
 * stack slots are memory and take no register.
 *
 * 1. Analysis (one backward pass per block, from the liveness sets):
 *    - per operand: whether its value dies there (reads) or is dead
 *      (defs);
 *    - per pseudo: the admissible registers: the allocatable set avail of
 *      its class, narrowed by the constraint of every register operand
 *      naming it, minus the registers of hard-register values (precoloured
 *      values: arguments, results) that are live while it is, and of the
 *      registers written or clobbered by instructions it lives across;
 *      for a 16-byte general value the admissible *first* registers r,
 *      with r and r+1 both usable;
 *    - the interference graph: a def interferes with every value live
 *      after its instruction (a copy's def not with its source: they hold
 *      one value), an early-clobber def also with what its instruction
 *      reads, the defs of one instruction with each other, phi defs with
 *      the block's live-in values and each other, the values undefined at
 *      the entry with each other;
 *    - tie units: a tied def and use must share a register (union-find);
 *    - affinities: copies, parallel-copy pairs and phi operands (value to
 *      value), copies to and from allocatable hard registers (value to
 *      register), weighted by the frequency of the block or edge where
 *      the copy would execute (at least 1).
 * 2. Colouring, blocks in dominator-tree pre-order, instructions in
 *    order: the registers of the live-in values are those chosen at their
 *    definitions; at an instruction, early-clobber defs first, then the
 *    reads that die free their registers, then the other defs (a tied def,
 *    early clobber or not, takes its use's register); each choice is
 *    biased towards the registers of affinity partners already coloured.
 *    Hard-register values occupy their registers exactly where they are
 *    live.  A parallel copy followed by its constrained
 *    instruction is coloured as one problem: every copied value and every
 *    def of the instruction gets a distinct register from its admissible
 *    set, a value that dies at the instruction may share with a def that
 *    is not an early clobber, ties share; solved by a search over the
 *    registers (preferring for each copied value the register of its
 *    source, so that the copy moves nothing).
 *    With pressure at most k, a free admissible register always exists
 *    at an unconstrained definition (SSA interference graphs are chordal
 *    and the walk follows a perfect elimination order); failing to find
 *    one is reported as an error naming the point, never worked around.
 *
 * The result gives each pseudo with a register operand a first register.
 * Values only in unreachable blocks get the first admissible register
 * (dead code; the checker does not look at it).
 */
#ifndef SSARA_COLOUR_H
#define SSARA_COLOUR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom.h"
#include "ir.h"
#include "liveness.h"

/* An affinity: a wants the register of pseudo b, or (b < 0) register
 * -1-b. */
typedef struct ColAff {
	int a, b;
	int64_t w;
	uint8_t abnormal; /* a phi operand on an abnormal edge */
	uint8_t phi;      /* a phi operand (a is the phi's value) */
	uint8_t tohard;   /* a is a copy's source, -1-b its hard register
			     destination (else, not a phi: a is the def) */
} ColAff;

/* What colouring's bias and coalescing weigh an affinity by: an affinity
 * across an abnormal edge (no copy can go on such an edge: SSA
 * destruction needs both ends in one register, or free registers before
 * the edge's jump) weighs COL_ABNORMAL_W more than its block weight, so
 * that it is met first.  The statistics count the block weight only. */
#define COL_ABNORMAL_W ((int64_t)1 << 40)
static inline int64_t col_aff_weight(const ColAff *a)
{
	return a->w + (a->abnormal ? COL_ABNORMAL_W : 0);
}

typedef struct Colour {
	int np;                 /* pseudos coloured (fn->npseudo) */
	RegSet avail[RC_NALLOC];
	int8_t *reg;            /* per pseudo: first register, -1 = none */
	bool *need;             /* per pseudo: named by a register operand */
	RegSet *adm;            /* per pseudo: admissible first registers */
	uint8_t *width;         /* per pseudo: registers it occupies */
	int *unit;              /* per pseudo: tie-unit parent (union-find) */
	int *nstart, *nbr;      /* interference graph (CSR, both ways) */
	int naff;
	ColAff *aff;
	int maxlive[RC_NALLOC]; /* pressure within avail: pseudos and the
				   hard registers of avail */
	int nmatch;             /* constrained instructions matched */
	const Live *lv;         /* fn's liveness, as colour_fn left fn */
} Colour;

/* The lowest register of s (not empty): regset_first. */
static inline int colour_lowest(RegSet s)
{
	return regset_first(s);
}

/* The representative of p's tie unit. */
static inline int colour_unit(const Colour *c, int p)
{
	while (c->unit[p] != p)
		p = c->unit[p];
	return p;
}

/* Colours fn (see above) into *out (storage in fn->arena).  Returns false
 * with a message naming the block, instruction and value when no
 * register fits. */
bool colour_fn(Fn *fn, const RegSet avail[RC_NALLOC], Colour *out,
	       char *err, size_t errlen);

/* How a choice among the free admissible registers is made (the
 * affinities across abnormal edges, COL_ABNORMAL_W, come first in every
 * mode but COL_BIAS_NONE):
 * - COL_BIAS_WEIGHTED (colour_fn): the register where the partners
 *   already coloured have the largest summed affinity weight;
 * - COL_BIAS_NONE: the lowest (to measure the bias's share);
 * - COL_BIAS_PEREIRA: Pereira and Palsberg's preference lists: the
 *   register most of the value's phi partners already coloured have
 *   (the phi's sources for a phi, the phis a value is a source of), each
 *   counted once, whatever its frequency; and their local coalescing: a
 *   copy's def counts its source the same way (the source's register is
 *   free when it dies at the copy);
 * - COL_BIAS_CLASSES: the SSA book's biased colouring (ch. 22) with
 *   classes pre-coalesced aggressively (ch. 21): the affinities between
 *   values, heaviest first, unite two classes when no member of one
 *   interferes with a member of the other; a class's colour is the
 *   register its last coloured member took, and a member takes it when
 *   it is free.
 * Where the mode names no register, the lowest. */
enum ColBias {
	COL_BIAS_WEIGHTED,
	COL_BIAS_NONE,
	COL_BIAS_PEREIRA,
	COL_BIAS_CLASSES,
};

/* colour_fn_mode with cfg, fn's Cfg (cfg_build; still valid), dom, its
 * dominator tree (dom_build on cfg), and lv, fn's liveness (equal to
 * live_compute's), when known: each NULL is built. */
bool colour_fn_cfg(Fn *fn, const RegSet avail[RC_NALLOC], int mode,
		   const Cfg *cfg, const DomTree *dom, const Live *lv,
		   Colour *out, char *err, size_t errlen);

/* colour_fn with the given ColBias mode. */
bool colour_fn_mode(Fn *fn, const RegSet avail[RC_NALLOC], int mode,
		    Colour *out, char *err, size_t errlen);

/* Sum of the weights of the affinities whose two ends have the same
 * register (value to register: the value has it); *total gets the sum of
 * all weights. */
int64_t colour_aff_satisfied(const Colour *c, int64_t *total);

/* Whether the assignment respects the admissible sets and the
 * interference graph; else false with the first conflict in err. */
bool colour_valid(const Fn *fn, const Colour *c, char *err, size_t errlen);

#endif
