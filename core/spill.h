/* spill.h - the spiller: lowers register pressure to at most k registers
 * per class everywhere, on SSA form (Braun and Hack 2009, "Register
 * Spilling and Live-Range Splitting for SSA-Form Programs"; Hack's report,
 * section 3; libFirm's bespillbelady.c shows the shape).
 *
 * Input: a function in SSA form.  Every pseudo is defined once (phis at
 * block starts, sources in predecessor order with `from`, each source of
 * the phi's class and no wider), every use is dominated by its
 * definition, no operand has a location.  A pseudo without a definition
 * is an undefined value (live into the entry): it is never stored, and a
 * reload of it loads whatever its slot holds.  Precoloured hard-register
 * operands are values too (liveness numbers them npseudo + r): they are
 * never spilled, but they take registers, as does a register that an
 * instruction clobbers and a later one reads without setting it.
 *
 * What it does:
 *  1. Global next-use distances (nextuse.h), loop-exit aware.
 *  2. Blocks in reverse post-order, Belady's rule inside each block: at an
 *     instruction, the values it reads must be in registers (reloading
 *     those that are not), and when the registers of a class run out, the
 *     value whose next use is farthest leaves them (a spill is recorded
 *     there unless the value is already in memory on this path).  A value
 *     that can be recomputed (definition flagged [remat]) leaves for free
 *     and comes back by a remat.  At an instruction that clobbers registers
 *     (a call), at most as many values of a class may live through it as
 *     the class has allocatable registers it does not clobber (SysV:
 *     callee-saved registers; none for SSE); the others are spilled before
 *     it and reloaded after.
 *  3. Block entry sets: from the predecessors (the values in registers at
 *     the end of all of them first, then of some, by next use); at a loop
 *     header, the values used in the loop, then live-through values only
 *     as far as the loop's own pressure leaves room; values that leave the
 *     registers in a block before their first use there are not wanted at
 *     its entry.  A phi not in the entry set becomes a memory phi: its
 *     definition and sources in one slot (phi-memory coalescing).
 *  4. Couplings on each edge: reloads for values the successor wants in
 *     registers that are not in registers at the end of the predecessor,
 *     spills for values it wants in memory (edges are split when needed).
 *     An abnormal critical edge (a computed goto's) cannot take code: a
 *     value it would reload is banned from the successor's entry set (a
 *     phi becomes a memory phi) and the blocks are decided again, until
 *     no new ban (at most 9 rounds); code such an edge still needs makes
 *     spill_fn fail.
 *  5. Spill placement: one spill after the definition, or spills at the
 *     places recorded in 2 and 4 when their blocks' frequencies add up to
 *     less (so spills leave loops when the definition is outside).
 *  6. SSA reconstruction: each reload defines a new pseudo; uses are
 *     renamed to the nearest reaching version, with phis at the iterated
 *     dominance frontier of the versions where the value is in a register.
 *  7. Reloads folded: a reload whose version is read once, later in its
 *     block, by an operand that may be memory (`mem`, untied, whole,
 *     the instruction's only memory operand) goes, and that operand
 *     reads the value's slot.
 *  8. Slots (slots.h): values whose memory live ranges never meet share a
 *     slot.
 *
 * Memory-only operands (OF_MEMONLY): a memory-only use must come with
 * the location LOC_SLOT, -1 (the driver marks it; no register use, so
 * liveness ignores it); its value is stored right after its definition
 * (a rematerializable one too; its register uses may still be
 * recomputed).  A memory-only def takes no register: its value is born
 * in its slot (never stored, never recomputed; register uses reload
 * it).
 * Both operands end at the value's slot.  A memory-only operand that is
 * also read (read-modify-write), or a memory-only use of an undefined
 * value, makes spill_fn fail.
 *
 * Output: the same Fn, modified in place, still in SSA form:
 *   spill =p @sN, p      (IK_SPILL: destination in slot sN, source in a
 *                        register, location left LOC_NONE)
 *   reload =p', p @sN    (IK_RELOAD: p' a new pseudo carrying p's value)
 *   remat =p', CONSTS    (IK_REMAT, instead of a reload when p's definition
 *                        is flagged [remat]; never a spill for it: a remat
 *                        has no clobbers, the emitter uses a form that
 *                        changes no flags)
 *   memory phis          (every operand in one slot)
 * and new phis (no uid) where versions of a value meet.  Register pressure
 * (pressure.h's Maxlive, precoloured registers included) is at most k[c]
 * at every point of every reachable block.
 *
 * Register limits: opts->regs[c] is the set of allocatable registers of
 * class c; k[c] is its size.  At an instruction clobbering registers, the
 * values of class c living through it must fit in regs[c] minus the
 * clobbered registers.  spill_opts_init models a limit of n registers as
 * the first n allocatable registers of each class in core order (ax dx cx
 * bx si di bp r8 ... r15, xmm0 ... xmm15; bp only without a frame
 * pointer): with n = 4, GPR regs = {ax,dx,cx,bx}, so one register (bx)
 * survives a SysV call; with n = 8 (no frame pointer) bx and bp do.
 */
#ifndef SSARA_SPILL_H
#define SSARA_SPILL_H

#include <stddef.h>

#include "dom.h"
#include "ir.h"
#include "liveness.h"

typedef struct SpillOpts {
	RegSet regs[RC_NALLOC]; /* allocatable registers per class */
} SpillOpts;

/* Requires fn's frame_pointer flag set.  The allocatable registers of each
 * class, limited to the first nregs of each in core order when nregs > 0
 * (see above); nregs <= 0 means all. */
void spill_opts_init(SpillOpts *o, const Fn *fn, int nregs);

typedef struct SpillStats {
	int spills, reloads, remats; /* inserted instructions */
	int slots, bytes;            /* stack slots created, their bytes */
	/* the same instructions, each weighted by freq(its block) /
	 * freq(entry) (by 1 when the entry's freq is 0) */
	double w_spills, w_reloads, w_remats;
	int memphis;                 /* phis turned into memory phis */
	int newphis;                 /* phis added by SSA reconstruction */
	int splits;                  /* edges split for couplings */
	int folded;                  /* reloads whose one read takes the
					slot instead (an operand that may
					be memory) */
	int rmw;                     /* read-modify-writes done in memory
					(a tied input not in registers, a
					result Belady would evict at once) */
	int deadspills;              /* recorded spill places dropped:
					nothing reads what they store */
	int unread;                  /* reloads and remats removed because
					nothing read their value */
} SpillStats;

typedef struct SpillResult {
	int npseudo;    /* fn->npseudo after spilling */
	int *copy_of;   /* per pseudo: for a new one (reload, remat, phi), the
			   pseudo of the input whose value it carries; -1 for
			   the input's own pseudos */
	int *slot_of;   /* per pseudo: the slot holding the value it carries
			   (its copy_of's, for new ones), or -1 */
	SpillStats stats;
	const Cfg *cfg;     /* fn's Cfg and dominator tree after spilling */
	const DomTree *dom; /* (fn->arena) */
} SpillResult;

/* Requires fn in SSA form as described above, not unsupported.  Spills fn
 * in place so that the pressure of class c is at most popcount(regs[c])
 * everywhere, fills res (arrays in fn->arena) and returns true.  Returns
 * false with a reason in err when that is impossible: an instruction
 * needing more registers at once than there are, precoloured values that
 * alone exceed the registers (or the registers a call preserves), input
 * not in SSA form or with phis breaking the rules above, couplings needed
 * on an abnormal critical edge.  fn is then left unspecified (the caller
 * works on a copy it can drop).  Cost: linear in the instructions and the
 * live sets (a few thousand machine instructions per instruction); see
 * nextuse.h and slots.h. */
bool spill_fn(Fn *fn, const SpillOpts *opts, SpillResult *res, char *err,
	      size_t errlen);

/* Whether operand k of i may read its value from a stack slot instead of
 * the register a reload would fill: the source of a copy of a whole
 * general or SSE value under no register set of its own to a register
 * of its class, or a whole-value use that admits memory (OF_MEM, or
 * OF_MEMALT: another alternative's), tied to nothing, in an ordinary
 * instruction with no other operand in memory (x86: one memory
 * operand; after the fold, nothing puts another one there).  The spiller folds reloads by it;
 * the ILP comparator's model follows it. */
bool spill_slot_readable(const Fn *fn, const Ins *i, int k);

/* spill_fn with lv, fn's liveness as it is (live_compute), its Cfg
 * (lv->cfg) still valid, or NULL; and with dom, the dominator tree of
 * lv->cfg (dom_build, for fn as it is), or NULL (ignored when lv is
 * NULL).  res->dom is dom when no edge was split. */
bool spill_fn_live(Fn *fn, Live *lv, const DomTree *dom,
		   const SpillOpts *opts, SpillResult *res, char *err,
		   size_t errlen);

#endif
