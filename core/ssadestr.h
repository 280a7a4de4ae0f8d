/* ssadestr.h - SSA destruction after colouring, and renaming back.
 *
 * ssa_destruct takes a function in SSA form (ssa_construct, possibly
 * changed by later phases that kept it SSA) in which every pseudo has a
 * location loc_of[p] for its whole life, and turns it into an allocated
 * function of the original's pseudos:
 *
 * 0. Copies inserted by earlier phases (`pcopy` and `copy` without uid,
 *    e.g. constraint handling's parallel copies) are sequentialized in
 *    place, with the registers free there: those holding no value live
 *    after the copy, no source and no destination.
 * 1. The phis of each block B (their sources first put in predecessor
 *    order) become, per incoming edge P -> B, one parallel copy
 *    loc_of[def] <- loc_of[source] (both classes at once: they share the
 *    stack slots).
 *    Sources that are undefined versions (pseudos without a definition)
 *    need no copy: their content is arbitrary in the original too.
 *    The copy goes
 *      - at the end of P when B is P's only successor: after P's last
 *        instruction, or before it when that is a branch that defines
 *        nothing and names no pseudo and no allocatable register (a
 *        `jmp`, a `jcc` on flags); not after a call on an abnormal edge
 *        (control leaves inside the call);
 *      - else at the start of B when P is B's only predecessor and B is
 *        not the entry;
 *      - else on a new block splitting the edge (cfg_split_edges, all
 *        such edges at once; new blocks in order of their edges: source
 *        block order, then successor order), which is impossible for an
 *        abnormal edge (a computed goto's): its copy goes before P's last
 *        instruction when that is a branch defining nothing and the copy
 *        writes only registers that hold no value live into P's other
 *        successors (nor their phis' definitions or sources from P) and
 *        that the branch does not read (those registers are not free for
 *        it either); else ssa_destruct fails, unless the copy would move
 *        nothing.  (Colouring and coalescing weigh the affinities of
 *        phi operands on abnormal edges most, colour.h, so that such
 *        copies are rare.)
 * 2. Each parallel copy is sequentialized by pcopy_sequentialize with the
 *    registers free there: the allocatable ones holding none of the
 *    values live into B (liveness of the coloured SSA function, locations
 *    by loc_of), no phi's source or definition (even one that stays in
 *    place).  Registers holding a pseudo live into B may be borrowed
 *    (pcopy.h).
 * 3. The phis are removed, every pseudo operand without a location gets
 *    loc_of[p] (an operand that has one keeps it; it is also what the
 *    copies use), and ssa_rename_to_origin finishes: the appended tied uses
 *    are removed (each must sit where its tied operand sits), pseudos get
 *    their original names; fn->allocated is set.
 *
 * Time: linear in the function (phi operands, edges) plus the live-in
 * sets of the blocks with phis (one pass each, and one more per edge
 * whose copy finds no free register of a class, for registers to
 * borrow) and the live sets at the inserted copies, plus O(n log n) per
 * parallel copy of n pairs.
 */
#ifndef SSARA_SSADESTR_H
#define SSARA_SSADESTR_H

#include <stdbool.h>
#include <stddef.h>

#include "ir.h"
#include "liveness.h"
#include "ssa.h"

typedef struct SsaDestrStats {
	int npcopy;   /* parallel copies that moved something */
	int moves;    /* move, spill, reload instructions inserted */
	int swaps;    /* swap instructions inserted */
	int nsplit;   /* edges split */
	int nscratch; /* scratch slots created */
} SsaDestrStats;

/* Requires fn in SSA form as ssa describes, not yet allocated, loc_of
 * indexed by pseudo (0 .. fn->npseudo-1) giving a register or a declared
 * slot for every pseudo an operand names.  On success fn is allocated
 * (see above) and *st (if not NULL) counts what was inserted.  On failure
 * returns false with a reason in err; fn may then be partly rewritten
 * (work on a copy). */
bool ssa_destruct(Fn *fn, const Ssa *ssa, const Loc *loc_of,
		  SsaDestrStats *st, char *err, size_t errlen);

/* ssa_destruct whose parallel copies take their temporaries (a free
 * register breaking a cycle or carrying a slot-to-slot copy) only among
 * within[c] for class c (the allocation's registers: with `--regs` a
 * temporary outside them would exceed k); within NULL: any allocatable
 * register, as ssa_destruct.  Registers lent by live values are theirs
 * already, inside the set. */
bool ssa_destruct_within(Fn *fn, const Ssa *ssa, const Loc *loc_of,
			 const RegSet *within, SsaDestrStats *st, char *err,
			 size_t errlen);

/* ssa_destruct_within with lv, fn's liveness as it is (live_compute),
 * its Cfg and the predecessor arrays still valid, or NULL. */
bool ssa_destruct_live(Fn *fn, const Ssa *ssa, const Loc *loc_of,
		       const RegSet *within, const Live *lv, SsaDestrStats *st,
		       char *err, size_t errlen);

/* Undoes the naming of SSA construction: removes the phis construction
 * inserted (uid 0), drops the appended uses and restores the flags and
 * subregs of the read-modify-write operands they belong to (when
 * locations are set, an appended use must be where its tied operand is),
 * renames every pseudo operand to origin[p], and forgets the pseudos
 * numbered from ssa->npseudo_orig up.  Other instructions (moves, spills
 * of later phases) are kept and renamed.  Fails with a reason in err
 * (fn possibly partly renamed) when a pseudo has no origin or an
 * appended use is elsewhere than its operand.  Linear, plus O(log) per
 * instruction with a uid. */
bool ssa_rename_to_origin(Fn *fn, const Ssa *ssa, char *err, size_t errlen);

#endif
