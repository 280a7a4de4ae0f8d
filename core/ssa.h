/* ssa.h - SSA construction on a captured function.
 *
 * GCC's pre-RA RTL is not SSA: a pseudo may have many definitions.
 * ssa_construct renames a function in place (run it on a copy) so that
 * every pseudo has at most one definition:
 *
 * - Phis: Cytron et al.'s placement at the iterated dominance frontier of
 *   each pseudo's definition blocks (dominance frontiers by Cooper, Harvey
 *   and Kennedy's runner walk), pruned by liveness: a phi for p goes into
 *   block B only when p is live into B (core/liveness.h).  Phis are added
 *   after B's existing phis, one per pseudo in increasing original number,
 *   sources in predecessor order (`from`), uid 0.
 * - Renaming: a walk of the dominator tree in pre-order with an explicit
 *   stack and an undo log (per-pseudo stacks without recursion); every
 *   definition, phi or not, gets a fresh pseudo number (fn_new_pseudo with
 *   the original's class and size); origin[] maps it back.  Hard registers
 *   (OK_HREG) are precoloured values and are not renamed.
 * - Read-modify-write operands (OF_USE|OF_DEF, and the partial defs of
 *   op_partial_def): the operand stays where it is and becomes a plain
 *   OF_DEF of the fresh name, without subreg (in SSA form it defines the
 *   whole new value); the old version is read by an operand APPENDED at
 *   the end of the instruction: OF_USE, the original subreg, tie = the
 *   operand's position.  Original operands never move, so an instruction's
 *   uid and an operand's position keep linking the allocation to the
 *   original.  The appended operands and the operand's original flags and
 *   subreg are recorded (Ssa.rmw) so that ssa_rename_to_origin
 *   (ssadestr.h) can undo all of it.
 * - Undefined values: every original pseudo number p itself is the
 *   version "undefined" of p: it has no definition in the SSA function
 *   and is live into the entry when the original reads p before any
 *   definition on some path (such p count as defined in the entry for
 *   the phi placement).  A phi in an entry block that has predecessors
 *   has no source for the function's start: there the value is
 *   undefined, as in the original.
 * - Unreachable blocks are renamed too, each on its own.  Having no
 *   dominator, each one with predecessors gets a phi for every pseudo
 *   live into it, and so does each reachable block entered from an
 *   unreachable one (maximal SSA at those blocks; GCC's cfgcleanup
 *   leaves no unreachable blocks, test IR may).  Versions then never
 *   flow between reachable and unreachable code except through such
 *   phis, and an undefined version is live only from the entry or from
 *   an unreachable block without predecessors, never around an
 *   unreachable loop.  An allocator must treat the undefined versions
 *   live into such a block as defined together at its start.
 * - Phis present in the input (test IR in SSA form) are definitions like
 *   any other; their sources are renamed with the version reaching the
 *   end of the predecessor.
 *
 * Requires: a function that is neither unsupported nor allocated, unique
 * uids, no inserted instructions, no phi without uid.  Cost: near-linear,
 * O(instructions + operands + sum of |DF| over the phi work lists +
 * phis x predecessors), plus O(n log n) for the uid check; pseudos
 * defined in a single block and not live into the entry (most
 * temporaries) cost nothing in the placement.  Everything lives in
 * fn->arena.
 */
#ifndef SSARA_SSA_H
#define SSARA_SSA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dom.h"
#include "ir.h"
#include "liveness.h"

/* One read-modify-write operand turned into a def plus an appended use. */
typedef struct SsaRmw {
	int uid;          /* the instruction */
	int op;           /* position of the operand (now a plain def) */
	int use;          /* position of the appended use (>= the original
			     operand count) */
	uint8_t flags;    /* the operand's original flags */
	uint8_t sub_off;  /* its original subreg */
	uint8_t sub_size;
} SsaRmw;

typedef struct Ssa {
	int npseudo_orig; /* fn->npseudo before construction */
	int norigin;      /* entries of origin: fn->npseudo after */
	int origin_cap;
	int *origin;      /* per pseudo number: the original pseudo it is a
			     version of; origin[p] = p for original ones,
			     -1 for numbers never declared, SSA_PART for a
			     register part (ssa_new_part) */
	int nrmw;
	SsaRmw *rmw;      /* sorted by uid, then op */
	int nphi;         /* phis inserted */
	int nundef;       /* original pseudos live into the entry */
} Ssa;

/* Puts fn into SSA form in place (see above) and describes the renaming
 * in *out (fn->arena).  Returns false with a reason in err when fn does
 * not meet the requirements; fn is then unchanged. */
bool ssa_construct(Fn *fn, Ssa *out, char *err, size_t errlen);

/* ssa_construct; with lvp, *lvp := the liveness of the SSA form, equal
 * to what live_compute gives on it (in fn->arena), or NULL when fn has
 * an unreachable block (each is renamed on its own).  It comes from the
 * original's liveness, which the placement computes, and the renaming
 * walk: where an original pseudo is live at a block's boundary, the
 * version the walk makes current there is live (the pruned phis stand
 * wherever two versions meet), but at a block where a phi defines the
 * version, which is no live-in value; a read-modify-write operand's
 * appended use reads where the operand did. */
bool ssa_construct_live(Fn *fn, Ssa *out, Live **lvp, char *err,
			size_t errlen);

/* ssa_construct_live; with domp, *domp := the dominator tree of
 * (*lvp)->cfg when *lvp is set (phis change no edge), else NULL. */
bool ssa_construct_dom(Fn *fn, Ssa *out, Live **lvp, const DomTree **domp,
		       char *err, size_t errlen);

/* A fresh pseudo of fn with p's class and size, recorded as a version of
 * p's origin (for later phases that create versions, e.g. reloads). */
int ssa_new_version(Fn *fn, Ssa *ssa, int p);

/* origin[] of a register part: a pseudo naming one register of an
 * inserted copy (a part of a value of several registers moved alone);
 * ssa_rename_to_origin turns its operands into that hard register. */
#define SSA_PART (-2)

/* A fresh pseudo of one register of class cls, recorded as a register
 * part (SSA_PART).  Its operands must carry their location. */
int ssa_new_part(Fn *fn, Ssa *ssa, int cls);

/* The records of instruction uid (consecutive, in operand order), or
 * NULL with *n = 0.  O(log nrmw). */
const SsaRmw *ssa_rmw_of(const Ssa *ssa, int uid, int *n);

/* The number of operands instruction i had before construction: i->nops
 * minus its appended uses. */
int ssa_nops_orig(const Ssa *ssa, const Ins *i);

#endif
