/* pcopy.h - sequentializing one parallel copy with the fewest moves.
 *
 * A parallel copy is a set of pairs dst <- src over locations (registers,
 * stack slots): every source is read before any destination is written.
 * Destinations are distinct; a source may feed several destinations; a
 * pair dst == src is a no-op.  Each pair moves a value of one class (the
 * class of the pseudos naming it), in registers of that class.  Values of
 * both classes go into one parallel copy because slots are shared: a
 * general value may go into a slot that an SSE value leaves, and cycles
 * may even run through registers of both classes via slots.  The
 * sequence implementing it consists of inserted instructions (uid 0):
 *   move   =dst reg, src reg        spill  =dst slot, src reg
 *   reload =dst reg, src slot       swap   +a reg, +b reg
 * x86 has no memory-to-memory move, so a slot -> slot copy goes through a
 * register (reload, spill).
 *
 * The method (the SSA book, ch. 21, Algorithm 21.6, after Boissinot et
 * al.; Pereira for the swaps):
 *   1. Trees first: a destination whose old content nobody still needs is
 *      written at once ("ready"); once every copy out of a location is
 *      done, the location becomes ready in turn.  One move per pair.
 *   2. What remains are disjoint cycles, every location of them still
 *      holding its initial content:
 *      - general registers only (no slot, no SSE register in the cycle):
 *        n-1 swaps (xchg) for a cycle of n registers;
 *      - otherwise moves: if an earlier tree copy left the initial content
 *        of a cycle location in a destination ("a tail"), the cycle is
 *        unrolled through that copy: n moves; else the content of one
 *        location is saved into a temporary (a free register of its
 *        class, or when none can be spared a scratch slot): n+1 moves.
 * So with registers only, the counts are optimal: swaps mode, moves =
 * pairs on trees, swaps = (pairs in cycles) - cycles; moves mode (SSE, or
 * PcopyIn.no_swaps), moves = pairs + cycles without a tail.
 *
 * Registers needed beyond the free ones: a slot -> slot copy needs a
 * transit register of the value's class; a cycle broken through a
 * temporary prefers a free register and falls back on a scratch slot
 * (fn_new_slot, one per call, sized for the largest value) when it needs
 * the class's one free register for slot transits or none is free.  When
 * a transit register is needed and none of its class is free, one of the
 * `borrow` registers of that class is saved to a scratch slot and
 * restored after the sequence (2 more moves).  Without one,
 * pcopy_sequentialize fails: the caller must provide a free or a
 * borrowable register of a class whose values are copied slot to slot or
 * cycle through slots.
 */
#ifndef SSARA_PCOPY_H
#define SSARA_PCOPY_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"

typedef struct PcopyPair {
	Loc dst, src; /* LOC_REG of the values' class, or LOC_SLOT */
	int dval;     /* pseudo named by operands writing dst's final value */
	int sval;     /* pseudo named by operands carrying src's content (of
			 dval's class: it gives the class and the width) */
} PcopyPair;

/* A register holding pseudo val, live across the parallel copy, that the
 * sequence may save to a scratch slot and restore when it needs a
 * register and none is free. */
typedef struct PcopyBorrow {
	int reg;
	int val;
} PcopyBorrow;

typedef struct PcopyIn {
	const PcopyPair *pair;
	int npair;
	RegSet free; /* registers holding no live value (sources and
		      * destinations are removed from it anyway) */
	const PcopyBorrow *borrow;
	int nborrow;
	bool no_swaps; /* moves only, even for general registers */
} PcopyIn;

typedef struct PcopySeq {
	int nins;
	Ins **ins;    /* the sequence in order, not linked into any block */
	int moves;    /* move, spill and reload instructions */
	int swaps;    /* swap instructions */
	int nscratch; /* scratch slots created with fn_new_slot */
} PcopySeq;

/* Sequentializes in's parallel copy into new instructions of fn (fn's
 * arena; scratch slots are declared in fn).  Returns false with a reason
 * in err for malformed input (a location of LOC_NONE or an undeclared
 * slot, a register outside its value's class, a pair between classes,
 * two pairs with one destination, a multi-register value) or when a
 * register is needed and neither a free nor a borrowable one exists.
 * Time O(n log n) for n pairs (sorting the slots), else linear. */
bool pcopy_sequentialize(Fn *fn, const PcopyIn *in, PcopySeq *out, char *err,
			 size_t errlen);

/* Links the sequence into block b before instruction at (NULL: at the
 * end of b). */
void pcopy_insert(Blk *b, Ins *at, const PcopySeq *seq);

#endif
