/* slots.h - stack slot assignment with slot sharing.
 *
 * The spiller places its spills and reloads with virtual slots: an operand
 * located in a slot (LOC_SLOT) names virtual slot loc.num, 0 .. nvslot-1,
 * one per value (or per group of phi-related values) kept in memory.  This
 * module gives the virtual slots real stack slots, sharing one slot
 * between virtual slots whose live ranges never meet.
 *
 * Live ranges in memory: an operand in a slot that is a definition (the
 * destination of a spill, the definition of a memory phi at its block's
 * entry) writes its virtual slot; an operand in a slot that is read (the
 * source of a reload, a memory phi's source at the end of its
 * predecessor) reads it.  A virtual slot is live where a read may follow
 * without a write in between.  Two virtual slots interfere when one is
 * written where the other is live (a write that no read follows still
 * writes memory).  A virtual slot read on some path without a write before
 * it holds an undefined value there.
 *
 * Colouring: greedy, virtual slots taken in dominator-tree order of their
 * first write (pre-order of blocks, then position), each given the lowest
 * real slot none of its already coloured neighbours has.  A real slot's
 * size is the largest of its virtual slots' sizes.
 */
#ifndef SSARA_SLOTS_H
#define SSARA_SLOTS_H

#include "cfg.h"
#include "dom.h"
#include "ir.h"

typedef struct SlotAssign {
	int nvslot;
	int *slot_of; /* per virtual slot: its real slot (fn->slot number) */
	int nslot;    /* real slots declared */
	int bytes;    /* sum of their sizes */
	long nedge;   /* interference pairs found (statistics) */
} SlotAssign;

/* Requires cfg = cfg_build(fn) and dom = dom_build(fn, cfg) for fn's
 * current edges, every LOC_SLOT operand of fn naming a virtual slot below
 * nvslot (no real slot yet), vsize[s] > 0 the size of virtual slot s.
 * Declares the real slots in fn (numbers from fn->nslot up), rewrites
 * every LOC_SLOT operand to its real slot and fills out (arrays in
 * fn->arena).  Temporaries in a scratch arena of its own. */
void slots_assign(Fn *fn, const Cfg *cfg, const DomTree *dom, int nvslot,
		  const int *vsize, SlotAssign *out);

#endif
