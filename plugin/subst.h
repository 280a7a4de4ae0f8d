/* subst.h - what substitution (-fplugin-arg-ssara-substitute) needs from
 * the capture: where each operand of a captured insn sits in the RTL.
 * Included after GCC's rtl.h (by capture.h and subst.cc).
 *
 * The pointers point into the insns' patterns.  They are valid from the
 * capture to the substitution, which run in the same pass with nothing
 * between them that changes RTL (postra_save, capture_memfx and ssara's
 * allocation only read it); capture_pass frees the table after the
 * substitution.
 */
#ifndef SSARA_SUBST_H
#define SSARA_SUBST_H

#include <unordered_map>
#include <vector>

/* Where an IR operand of a captured insn is in its pattern. */
struct OpSite {
	rtx *loc = nullptr;      /* the recog operand (a REG, SUBREG or
				    SCRATCH) this operand is; nullptr: the
				    operand is a register elsewhere in the
				    pattern (an address, outside the recog
				    operands), found by its pseudo */
	std::vector<rtx *> dups; /* the operand's match_dup copies */
	bool bad = false;        /* a duplicate of a swapped commutative
				    operand: where it is is not known */
};

/* Per function. */
struct SubstSites {
	/* Per INSN_UID: one site per IR operand, in IR order. */
	std::unordered_map<int, std::vector<OpSite>> by_uid;
	/* Per INSN_UID: the two operand locations of a commutative pair
	 * the capture swapped (its alternative fits only so: the writer
	 * exchanges them, as LRA would). */
	std::unordered_map<int, std::pair<rtx *, rtx *>> swapped;
	/* The mode of each pseudo the capture made up (a scratch's, a
	 * cross-class copy's: its source's). */
	std::unordered_map<int, machine_mode> extra_mode;
};

#endif
