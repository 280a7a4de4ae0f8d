/* audit.cc - counts GCC's allocation of one function after reload
 * (docs/CAPTURE.md "Audit", docs/RECORDS.md `gcc_ra`).
 *
 * An insn is GCC's when its UID was not in the capture: the allocator
 * (IRA or LRA) created it.  Such an insn is a spill (register to stack
 * slot), a reload (stack slot to register), a move (register to
 * register) or a rematerialisation (a constant into a register); other
 * new insns are not counted.  A captured copy whose UID is gone was
 * coalesced (or found useless) by the allocator; one still present that
 * moves a register into another register is kept.
 */
#define INCLUDE_STRING
#define INCLUDE_VECTOR
#include "gcc-plugin.h"
#include "tree.h"
#include "rtl.h"
#include "memmodel.h"
#include "tm_p.h"
#include "sreal.h"
#include "function.h"
#include "basic-block.h"
#include "emit-rtl.h"
#include "regs.h"
#include "hard-reg-set.h"
#include "df.h"
#include "function-abi.h"
#include "output.h"
#include "varasm.h"

#include "plugin.h"

/* Whether x is a stack slot: a MEM whose address is sp, the frame
 * pointer (when the function has one), or a soft pointer not eliminated,
 * plus an optional constant. */
bool stack_slot_p(rtx x)
{
	if (!MEM_P(x))
		return false;
	rtx a = XEXP(x, 0);
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1)))
		a = XEXP(a, 0);
	if (!REG_P(a))
		return false;
	unsigned r = REGNO(a);
	return r == STACK_POINTER_REGNUM || r == FRAME_POINTER_REGNUM ||
	       r == ARG_POINTER_REGNUM ||
	       (frame_pointer_needed && r == HARD_FRAME_POINTER_REGNUM);
}

/* Whether x is a constant a register can be loaded with: an immediate,
 * an address constant, or a load from the constant pool. */
static bool constant_load_p(rtx x)
{
	if (CONSTANT_P(x))
		return true;
	return MEM_P(x) && GET_CODE(XEXP(x, 0)) == SYMBOL_REF &&
	       CONSTANT_POOL_ADDRESS_P(XEXP(x, 0));
}

/* The destination and source of insn's single set, each through a
 * SUBREG to its register; false if insn has no single set. */
static bool set_sides(rtx_insn *insn, rtx *d, rtx *s)
{
	rtx set = single_set(insn);
	if (!set)
		return false;
	*d = SET_DEST(set);
	*s = SET_SRC(set);
	if (GET_CODE(*d) == SUBREG)
		*d = SUBREG_REG(*d);
	if (GET_CODE(*s) == SUBREG)
		*s = SUBREG_REG(*s);
	return true;
}

/* What a new insn (one the allocator created) is. */
NewKind classify(rtx_insn *insn)
{
	rtx d, s;
	if (!set_sides(insn, &d, &s))
		return NK_OTHER;
	if (REG_P(d) && REG_P(s))
		return NK_MOVE;
	if (REG_P(d) && stack_slot_p(s))
		return NK_RELOAD;
	if (stack_slot_p(d) && REG_P(s))
		return NK_SPILL;
	if (REG_P(d) && constant_load_p(s))
		return NK_REMAT;
	return NK_OTHER;
}

/* Whether a captured copy, still present after reload, remains a move
 * between two different registers: its single_set is REG <- REG (through
 * SUBREG, as classify) with different register numbers.  The same
 * register on both sides is a no-op GCC deletes later; a side in memory
 * makes it a load or a store, not a register move. */
static bool copy_kept_p(rtx_insn *insn)
{
	rtx d, s;
	if (!set_sides(insn, &d, &s))
		return false;
	return REG_P(d) && REG_P(s) && REGNO(d) != REGNO(s);
}

/* bb's weight as ssara's statistics weigh a block (core/allocstats.c,
 * the capture's freq): its frequency (count.to_frequency, at most
 * BB_FREQ_MAX) over the first block's, 1 when that is 0.  Counts
 * themselves are not used: a retry loop of an atomic operation is
 * guessed to run some 10^8 times per call, which would drown every
 * other function in a sum. */
double block_weight(function *fun, basic_block bb)
{
	basic_block first = single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun));
	int ef = first->count.to_frequency(fun);
	return ef > 0 ? (double)bb->count.to_frequency(fun) / ef : 1.0;
}

/* Callee-saved registers the function uses (the prologue saves them);
 * the hard frame pointer of a function that has one is not counted. */
static int count_callee_saved(void)
{
	int n = 0;
	for (int r = 0; r < FIRST_PSEUDO_REGISTER; r++) {
		if (fixed_regs[r] || crtl->abi->clobbers_full_reg_p(r))
			continue;
		if (frame_pointer_needed && r == HARD_FRAME_POINTER_REGNUM)
			continue;
		if (df_regs_ever_live_p(r))
			n++;
	}
	return n;
}

int uid_remat_kind(rtx_insn *insn)
{
	if (classify(insn) == NK_REMAT)
		return UR_CLOAD;
	rtx d, s;
	if (!set_sides(insn, &d, &s))
		return UR_OTHER;
	return MEM_P(d) || (REG_P(d) && REG_P(s)) ? UR_STORE_COPY : UR_OTHER;
}

/* A captured insn that loads a constant after RA (classify: NK_REMAT)
 * but was a store or a register copy before, or loaded the constant in
 * a less frequent block: LRA turns an insn that reads a pseudo with a
 * constant equivalence into the constant's load, the store's own work
 * going to a new insn (strlen-1.c main: `mem <- p111` became
 * `si <- const` and a new `mem <- si`; a copy `q <- p` becomes
 * `q <- const`), and IRA moves such a pseudo's definition next to its
 * one use (combine_and_move_insns).  Either runs as often as a remat
 * there: one remat, of the insn's block's weight w, or of the increase
 * over its weight before RA (block_weight then, cap->uid_rw) for a
 * moved load.  (An insn that computed something else before and loads a
 * constant now, LRA having folded it, costs what it cost: not
 * counted.) */
static void count_original_remat(const Capture *cap, rtx_insn *insn,
				 double w, GccRa *ra)
{
	size_t uid = INSN_UID(insn);
	if (uid >= cap->uid_rw.size() || cap->uid_cload[uid] == UR_OTHER ||
	    classify(insn) != NK_REMAT)
		return;
	double extra = cap->uid_cload[uid] == UR_CLOAD ? w - cap->uid_rw[uid]
						       : w;
	if (extra > 1e-9 * (w > 1 ? w : 1)) {
		ra->remats++;
		ra->w_remats += extra;
	}
}

void audit_function(function *fun, const Capture *cap, GccRa *ra)
{
	size_t nuid = cap->uid_kind.size();
	std::vector<bool> present(nuid, false);
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		double w = block_weight(fun, bb);
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn))
				continue;
			size_t uid = INSN_UID(insn);
			if (uid < nuid && cap->uid_kind[uid]) {
				present[uid] = true;
				if (cap->uid_kind[uid] == 2 &&
				    copy_kept_p(insn)) {
					ra->copies_kept++;
					ra->w_copies_kept += w;
				}
				count_original_remat(cap, insn, w, ra);
				continue;
			}
			switch (classify(insn)) {
			case NK_SPILL:
				ra->spills++;
				ra->w_spills += w;
				break;
			case NK_RELOAD:
				ra->reloads++;
				ra->w_reloads += w;
				break;
			case NK_MOVE:
				ra->moves++;
				ra->w_moves += w;
				break;
			case NK_REMAT:
				ra->remats++;
				ra->w_remats += w;
				break;
			default:
				break;
			}
		}
	}
	for (size_t uid = 0; uid < nuid; uid++)
		if (cap->uid_kind[uid] == 2 && !present[uid]) {
			ra->copies_deleted++;
			ra->w_copies_deleted += cap->uid_weight[uid];
		}
	ra->frame = get_frame_size().to_constant();
	ra->callee_saved = count_callee_saved();
}
