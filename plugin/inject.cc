/* inject.cc - fault injection into GCC's post-RA RTL
 * (-fplugin-arg-ssara-inject=KIND[:N]), to measure whether the checker
 * of GCC's allocation detects a wrong allocation.
 *
 * The audit pass calls inject_fault() right after "reload", before the
 * post-RA translation.  Sites of the chosen kind are counted over the
 * whole translation unit in compilation order; the N-th one is changed
 * and no other.  A site is a place where the change was made and left
 * the RTL strictly valid (re-recognised, extract_insn and
 * constrain_operands(1, ...) through apply_change_group after reload):
 * a place where the change would not be valid is not a site.  "New"
 * insns are those whose UID was not captured before IRA (the allocator
 * created them, audit.cc's classification: spill, reload, move).
 *
 *   drop-reload     a new reload (register <- stack slot) is deleted.
 *   redirect-use    in a captured insn, the first recog operand that is
 *                   only read, a hard register that was a pseudo
 *                   (ORIGINAL_REGNO), becomes the next allocatable hard
 *                   register of its class (general or SSE) that holds
 *                   the mode and keeps the insn valid.
 *   swap-moves      two consecutive new moves / spills / reloads of one
 *                   block, one reading what the other writes, are
 *                   exchanged.
 *   reuse-slot      a new spill is redirected to another stack slot of
 *                   the same size that was written by a spill of the
 *                   function and is live after the spill (backward
 *                   liveness of stack slots over the CFG).
 *   call-clobbered  for a call C and a register R that the function must
 *                   preserve and C does not clobber: R fully written by
 *                   an insn W of C's block before C without reading R
 *                   (the writes between W and C all read R too: they
 *                   update the value), read after C in the same
 *                   block, then dead (fully written without being read,
 *                   or not live out of the block, -O1 and above only);
 *                   R is renamed from W to its last read into a register
 *                   T that C clobbers, of the same class, not mentioned
 *                   from W to the last read and dead after it.  The site
 *                   is the pair (C, R), first T in register order.
 *   frame-offset    in a captured insn, the first memory operand at sp or
 *                   the hard frame pointer plus a constant (the
 *                   program's own frame memory: a local or an incoming
 *                   argument after elimination) is moved 8 bytes up, as
 *                   if elimination had used a wrong offset.
 *   invert-jump     in a captured conditional jump, the comparison is
 *                   replaced by its reversal (GCC's, for the CC mode)
 *                   while its label and fall-through stay: the jump goes
 *                   the other way for every value of the flags.
 *   redirect-jump   a captured jump (conditional or unconditional, a
 *                   plain label_ref) is redirected to the label of
 *                   another block, the first one after the jump's block
 *                   in layout order (same partition, not a landing pad,
 *                   heading its block) that leads to another place than
 *                   the jump's target and, for a conditional jump, its
 *                   fall-through (leading: through blocks that hold no
 *                   active insn but a simple jump).  The CFG's edges
 *                   stay: only the jump's label changes, so control goes
 *                   elsewhere when the jump is taken.  After the checks
 *                   (inject_after_check) the jump's edge is moved to the
 *                   new block, so that the passes after reload, which
 *                   follow the edges, keep the redirected jump (else
 *                   block reordering rebuilds it from the old edge, or
 *                   cfgrtl and dwarf2cfi fail an assertion).
 *
 * For each injection a line "ssara-inject: FILE FN KIND N UID" goes to
 * stderr (UID: the deleted reload, the changed insn, the first insn of
 * the swapped pair, the redirected spill, the call).
 */
#define INCLUDE_STRING
#define INCLUDE_VECTOR
#include "gcc-plugin.h"
#include "tree.h"
#include "rtl.h"
#include "memmodel.h"
#include "tm_p.h"
#include "function.h"
#include "basic-block.h"
#include "emit-rtl.h"
#include "insn-config.h"
#include "recog.h"
#include "regs.h"
#include "hard-reg-set.h"
#include "df.h"
#include "function-abi.h"
#include "rtl-iter.h"
#include "target.h"
#include "output.h"

#include <stdlib.h>

#include "plugin.h"

enum Kind { K_DROP_RELOAD, K_REDIRECT_USE, K_SWAP_MOVES, K_REUSE_SLOT,
	    K_CALL_CLOBBERED, K_FRAME_OFFSET, K_INVERT_JUMP, K_REDIRECT_JUMP,
	    K_N };
static const char *const kind_names[K_N] = {
	"drop-reload", "redirect-use", "swap-moves", "reuse-slot",
	"call-clobbered", "frame-offset", "invert-jump", "redirect-jump"};

static int inj_kind = -1;   /* the kind asked for */
/* redirect-jump: the jump redirected in the current function and the
 * block its CFG edge goes to now (inject_after_check moves the edge). */
static rtx_insn *redirected = nullptr;
static basic_block redirected_to = nullptr;
static long inj_n = 1;      /* which site */
static long inj_seen = 0;   /* sites seen so far in the unit */

bool inject_parse(const char *arg, std::string *err)
{
	const char *colon = strchr(arg, ':');
	size_t len = colon ? (size_t)(colon - arg) : strlen(arg);
	int k = -1;
	for (int i = 0; i < K_N; i++)
		if (strlen(kind_names[i]) == len &&
		    !strncmp(arg, kind_names[i], len))
			k = i;
	if (k < 0) {
		*err = "unknown kind (drop-reload, redirect-use, swap-moves, "
		       "reuse-slot, call-clobbered, frame-offset, "
		       "invert-jump or redirect-jump)";
		return false;
	}
	long n = 1;
	if (colon) {
		char *end;
		n = strtol(colon + 1, &end, 10);
		if (!colon[1] || *end || n < 1 || n > 1000000000) {
			*err = "N must be a positive integer";
			return false;
		}
	}
	inj_kind = k;
	inj_n = n;
	inj_seen = 0;
	return true;
}

/* ---------------------------------------------------------------- */
/* Helpers.                                                          */

/* Whether insn was created by the allocator (its UID not captured). */
static bool is_new(const Capture *cap, rtx_insn *insn)
{
	size_t uid = INSN_UID(insn);
	return uid >= cap->uid_kind.size() || !cap->uid_kind[uid];
}

/* Counts one valid site; true when it is the one to inject at. */
static bool take_site(void)
{
	return ++inj_seen == inj_n;
}

/* For a change pending in the change group: counts the site; the one to
 * inject at keeps the change (confirmed, true), any other drops it. */
static bool take_pending_site(void)
{
	if (!take_site()) {
		cancel_changes(0);
		return false;
	}
	confirm_change_group();
	return true;
}

/* Whether hard register r may hold a value of mode m as an allocator
 * could assign it: allocatable (not fixed, not sp, not the frame pointer
 * of a function that needs one), in the same class as cls (general or
 * SSE) with every register the value spans, and either call-clobbered or
 * already used by the function (a callee-saved register the function
 * did not use would change the frame after reload: GCC's prologue
 * expansion asserts). */
static bool usable_reg(unsigned r, machine_mode m, enum reg_class cls)
{
	if (!targetm.hard_regno_mode_ok(r, m))
		return false;
	unsigned n = hard_regno_nregs(r, m);
	for (unsigned k = 0; k < n; k++) {
		unsigned q = r + k;
		if (q >= FIRST_PSEUDO_REGISTER || fixed_regs[q] ||
		    q == STACK_POINTER_REGNUM ||
		    (frame_pointer_needed && q == HARD_FRAME_POINTER_REGNUM) ||
		    !TEST_HARD_REG_BIT(reg_class_contents[cls], q) ||
		    (!crtl->abi->clobbers_full_reg_p(q) &&
		     !df_regs_ever_live_p(q)))
			return false;
	}
	return true;
}

/* The class (GENERAL_REGS or SSE_REGS) of hard register r, NO_REGS for
 * any other. */
static enum reg_class reg_kind(unsigned r)
{
	if (TEST_HARD_REG_BIT(reg_class_contents[GENERAL_REGS], r))
		return GENERAL_REGS;
	if (TEST_HARD_REG_BIT(reg_class_contents[SSE_REGS], r))
		return SSE_REGS;
	return NO_REGS;
}

/* A fresh REG rtx for hard register r in mode m that keeps the
 * ORIGINAL_REGNO of old (as LRA's own rewriting would). */
static rtx new_hard_reg(machine_mode m, unsigned r, rtx old)
{
	rtx x = gen_raw_REG(m, r);
	ORIGINAL_REGNO(x) = ORIGINAL_REGNO(old);
	return x;
}

/* ---------------------------------------------------------------- */
/* drop-reload                                                       */

static std::string drop_reload(function *fun, const Capture *cap,
			       int *uid)
{
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn) || !is_new(cap, insn) ||
			    classify(insn) != NK_RELOAD ||
			    RTX_FRAME_RELATED_P(insn))
				continue;
			if (!take_site())
				continue;
			rtx set = single_set(insn);
			std::string what =
				std::string("deleted reload insn ") +
				std::to_string(INSN_UID(insn)) + " into " +
				reg_names[REGNO(SET_DEST(set))];
			*uid = INSN_UID(insn);
			delete_insn(insn);
			return what;
		}
	}
	return "";
}

/* ---------------------------------------------------------------- */
/* redirect-use                                                      */

/* Looks for another usable register for recog operand i of insn (just
 * extracted) and its dups that keeps insn valid; true with the change
 * pending in the change group (to confirm or cancel) when there is
 * one.  *from and *to get the register numbers. */
static bool redirect_operand(rtx_insn *insn, int i, unsigned *from,
			     unsigned *to)
{
	rtx op = recog_data.operand[i];
	unsigned r = REGNO(op);
	machine_mode m = GET_MODE(op);
	enum reg_class cls = reg_kind(r);
	if (cls == NO_REGS)
		return false;
	/* The locations to change, saved: extract_insn (in validation)
	 * overwrites recog_data. */
	std::vector<rtx *> locs{recog_data.operand_loc[i]};
	for (int d = 0; d < recog_data.n_dups; d++)
		if (recog_data.dup_num[d] == i)
			locs.push_back(recog_data.dup_loc[d]);
	for (unsigned k = 1; k < FIRST_PSEUDO_REGISTER; k++) {
		unsigned t = (r + k) % FIRST_PSEUDO_REGISTER;
		if (!usable_reg(t, m, cls) ||
		    hard_regno_nregs(t, m) != hard_regno_nregs(r, m))
			continue;
		rtx nr = new_hard_reg(m, t, op);
		for (rtx *loc : locs)
			validate_change(insn, loc, nr, 1);
		if (verify_changes(0)) {
			*from = r;
			*to = t;
			return true;
		}
		cancel_changes(0);
	}
	return false;
}

static std::string redirect_use(function *fun, const Capture *cap,
				int *uid)
{
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn) || is_new(cap, insn) ||
			    asm_noperands(PATTERN(insn)) >= 0 ||
			    recog_memoized(insn) < 0 ||
			    RTX_FRAME_RELATED_P(insn))
				continue;
			extract_insn(insn);
			int nops = recog_data.n_operands;
			for (int i = 0; i < nops; i++) {
				extract_insn(insn);
				rtx op = recog_data.operand[i];
				if (recog_data.operand_type[i] != OP_IN ||
				    !REG_P(op) || !HARD_REGISTER_P(op) ||
				    ORIGINAL_REGNO(op) < FIRST_PSEUDO_REGISTER)
					continue;
				unsigned from, to;
				if (!redirect_operand(insn, i, &from, &to))
					continue;
				/* One site per insn: its first operand that
				 * can be redirected. */
				if (!take_pending_site())
					break;
				*uid = INSN_UID(insn);
				return std::string("insn ") +
				       std::to_string(INSN_UID(insn)) +
				       ": operand " + std::to_string(i) +
				       " read from " + reg_names[to] +
				       " instead of " + reg_names[from];
			}
		}
	}
	return "";
}

/* ---------------------------------------------------------------- */
/* swap-moves                                                        */

/* Whether location x (a register or a stack slot written by a move)
 * is read by y (an expression). */
static bool loc_read_by(rtx x, rtx y)
{
	if (GET_CODE(x) == SUBREG)
		x = SUBREG_REG(x);
	if (REG_P(x))
		return reg_overlap_mentioned_p(x, y);
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, y, ALL)
		if (*iter && MEM_P(*iter) && rtx_equal_p(XEXP(*iter, 0), XEXP(x, 0)))
			return true;
	return false;
}

/* Whether insn is a new move, spill or reload that may be swapped. */
static bool shuffle_insn(const Capture *cap, rtx_insn *insn)
{
	if (!NONDEBUG_INSN_P(insn) || !is_new(cap, insn) ||
	    RTX_FRAME_RELATED_P(insn))
		return false;
	NewKind k = classify(insn);
	return k == NK_MOVE || k == NK_SPILL || k == NK_RELOAD;
}

static std::string swap_moves(function *fun, const Capture *cap, int *uid)
{
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		rtx_insn *a = nullptr;
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn))
				continue;
			rtx_insn *b = insn;
			rtx_insn *prev = a;
			a = b;
			if (!prev || !shuffle_insn(cap, prev) ||
			    !shuffle_insn(cap, b))
				continue;
			rtx sa = single_set(prev), sb = single_set(b);
			if (!loc_read_by(SET_DEST(sa), SET_SRC(sb)) &&
			    !loc_read_by(SET_DEST(sb), SET_SRC(sa)))
				continue;
			if (!take_site())
				continue;
			*uid = INSN_UID(prev);
			std::string what = "insns " +
					   std::to_string(INSN_UID(prev)) +
					   " and " +
					   std::to_string(INSN_UID(b)) +
					   " swapped";
			reorder_insns(b, b, PREV_INSN(prev));
			return what;
		}
	}
	return "";
}

/* ---------------------------------------------------------------- */
/* reuse-slot                                                        */

/* A stack slot: base register, offset, size in bytes (0: unknown, which
 * overlaps every slot of the same base). */
struct StackSlot {
	unsigned base;
	HOST_WIDE_INT off, size;
	rtx mem;      /* one MEM naming it */
	bool spilled; /* a new spill writes it */
};

/* The slot MEM x names (x satisfies stack_slot_p). */
static StackSlot slot_of(rtx x)
{
	rtx a = XEXP(x, 0);
	HOST_WIDE_INT off = 0;
	if (GET_CODE(a) == PLUS) {
		off = INTVAL(XEXP(a, 1));
		a = XEXP(a, 0);
	}
	HOST_WIDE_INT size = GET_MODE_SIZE(GET_MODE(x)).to_constant();
	return StackSlot{REGNO(a), off, size, x, false};
}

static bool slots_overlap(const StackSlot &s, const StackSlot &t)
{
	if (s.base != t.base)
		return false;
	if (!s.size || !t.size)
		return true;
	return s.off < t.off + t.size && t.off < s.off + s.size;
}

/* The stack slots of a function and what each insn does to them. */
struct SlotInfo {
	std::vector<StackSlot> slots;
	std::vector<std::vector<int>> overlaps; /* per slot, incl. itself */
};

/* Index of the slot of MEM x in si, added if new. */
static int slot_index(SlotInfo *si, rtx x)
{
	StackSlot s = slot_of(x);
	for (size_t i = 0; i < si->slots.size(); i++) {
		const StackSlot &t = si->slots[i];
		if (t.base == s.base && t.off == s.off && t.size == s.size)
			return (int)i;
	}
	si->slots.push_back(s);
	return (int)si->slots.size() - 1;
}

/* Adds the stack slots read in x to reads. */
static void slot_reads(SlotInfo *si, rtx x, std::vector<int> *reads)
{
	if (!x)
		return;
	subrtx_var_iterator::array_type array;
	FOR_EACH_SUBRTX_VAR(iter, array, x, NONCONST)
		if (*iter && MEM_P(*iter) && stack_slot_p(*iter))
			reads->push_back(slot_index(si, *iter));
}

/* The slots insn writes whole (a SET of a slot) and those it reads
 * (every other mention, the uses of a call's stack arguments too). */
static void slot_effects(SlotInfo *si, rtx_insn *insn, std::vector<int> *w,
			 std::vector<int> *r)
{
	w->clear();
	r->clear();
	rtx pat = PATTERN(insn);
	int n = GET_CODE(pat) == PARALLEL ? XVECLEN(pat, 0) : 1;
	for (int i = 0; i < n; i++) {
		rtx x = GET_CODE(pat) == PARALLEL ? XVECEXP(pat, 0, i) : pat;
		if (GET_CODE(x) == SET && MEM_P(SET_DEST(x)) &&
		    stack_slot_p(SET_DEST(x))) {
			w->push_back(slot_index(si, SET_DEST(x)));
			slot_reads(si, SET_SRC(x), r);
		} else {
			slot_reads(si, x, r);
		}
	}
	if (CALL_P(insn))
		slot_reads(si, CALL_INSN_FUNCTION_USAGE(insn), r);
}

/* Applies insn's effects backward to the live set. */
static void slot_step_back(SlotInfo *si, rtx_insn *insn,
			   std::vector<char> *live)
{
	std::vector<int> w, r;
	slot_effects(si, insn, &w, &r);
	for (int s : w)
		(*live)[s] = 0;
	for (int s : r)
		for (int t : si->overlaps[s])
			(*live)[t] = 1;
}

/* Finds every stack slot of fun (and which ones new spills write). */
static void collect_slots(function *fun, const Capture *cap, SlotInfo *si)
{
	basic_block bb;
	rtx_insn *insn;
	std::vector<int> w, r;
	FOR_EACH_BB_FN(bb, fun)
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn))
				continue;
			slot_effects(si, insn, &w, &r);
			if (is_new(cap, insn) && classify(insn) == NK_SPILL)
				for (int s : w)
					si->slots[s].spilled = true;
		}
	size_t n = si->slots.size();
	si->overlaps.assign(n, {});
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (slots_overlap(si->slots[i], si->slots[j]))
				si->overlaps[i].push_back((int)j);
}

/* Live stack slots at the end of each block (backward data flow to a
 * fixed point, every edge counted). */
static std::vector<std::vector<char>> slot_live_out(function *fun,
						    SlotInfo *si)
{
	size_t n = si->slots.size();
	int nb = last_basic_block_for_fn(fun);
	std::vector<std::vector<char>> in(nb, std::vector<char>(n, 0)),
		out(nb, std::vector<char>(n, 0));
	bool changed = true;
	while (changed) {
		changed = false;
		basic_block bb;
		FOR_EACH_BB_REVERSE_FN(bb, fun) {
			std::vector<char> live(n, 0);
			edge e;
			edge_iterator ei;
			FOR_EACH_EDGE(e, ei, bb->succs)
				if (e->dest->index >= NUM_FIXED_BLOCKS)
					for (size_t s = 0; s < n; s++)
						live[s] |= in[e->dest->index][s];
			out[bb->index] = live;
			rtx_insn *insn;
			FOR_BB_INSNS_REVERSE(bb, insn)
				if (NONDEBUG_INSN_P(insn))
					slot_step_back(si, insn, &live);
			if (live != in[bb->index]) {
				in[bb->index] = live;
				changed = true;
			}
		}
	}
	return out;
}

/* A spill P and the slot index to redirect it to. */
struct Reuse {
	rtx_insn *spill;
	int to;
};

/* The spills of bb that can be redirected, in insn order. */
static void reuse_candidates(basic_block bb, SlotInfo *si,
			     const Capture *cap, std::vector<char> live,
			     std::vector<Reuse> *out)
{
	std::vector<Reuse> rev;
	rtx_insn *insn;
	FOR_BB_INSNS_REVERSE(bb, insn) {
		if (!NONDEBUG_INSN_P(insn))
			continue;
		if (is_new(cap, insn) && classify(insn) == NK_SPILL &&
		    !RTX_FRAME_RELATED_P(insn)) {
			rtx set = single_set(insn);
			StackSlot s1 = slot_of(SET_DEST(set));
			for (size_t t = 0; t < si->slots.size(); t++) {
				const StackSlot &s2 = si->slots[t];
				if (live[t] && s2.spilled &&
				    s2.base == s1.base &&
				    s2.size == s1.size && s1.size &&
				    !slots_overlap(s1, s2)) {
					rev.push_back(Reuse{insn, (int)t});
					break;
				}
			}
		}
		slot_step_back(si, insn, &live);
	}
	out->insert(out->end(), rev.rbegin(), rev.rend());
}

static std::string reuse_slot(function *fun, const Capture *cap, int *uid)
{
	SlotInfo si;
	collect_slots(fun, cap, &si);
	if (si.slots.empty())
		return "";
	std::vector<std::vector<char>> out = slot_live_out(fun, &si);
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		std::vector<Reuse> cands;
		reuse_candidates(bb, &si, cap, out[bb->index], &cands);
		for (const Reuse &c : cands) {
			rtx set = single_set(c.spill);
			rtx old = SET_DEST(set);
			rtx to = si.slots[c.to].mem;
			rtx mem = gen_rtx_MEM(GET_MODE(old),
					      copy_rtx(XEXP(to, 0)));
			MEM_COPY_ATTRIBUTES(mem, to);
			validate_change(c.spill, &SET_DEST(set), mem, 1);
			if (!verify_changes(0)) {
				cancel_changes(0);
				continue;
			}
			if (!take_site()) {
				cancel_changes(0);
				continue;
			}
			confirm_change_group();
			*uid = INSN_UID(c.spill);
			const StackSlot &s1 = slot_of(old), &s2 = si.slots[c.to];
			return "spill insn " + std::to_string(*uid) +
			       " stores into " + reg_names[s2.base] + "+" +
			       std::to_string(s2.off) + " instead of " +
			       reg_names[s1.base] + "+" +
			       std::to_string(s1.off);
		}
	}
	return "";
}

/* ---------------------------------------------------------------- */
/* call-clobbered                                                    */

/* Whether insn mentions hard register r (its pattern, or a call's
 * argument uses). */
static bool mentions(rtx_insn *insn, unsigned r)
{
	if (refers_to_regno_p(r, r + 1, PATTERN(insn), nullptr))
		return true;
	return CALL_P(insn) &&
	       refers_to_regno_p(r, r + 1, CALL_INSN_FUNCTION_USAGE(insn),
				 nullptr);
}

/* Whether insn reads hard register r. */
static bool reads(rtx_insn *insn, unsigned r)
{
	rtx reg = regno_reg_rtx[r];
	if (reg_referenced_p(reg, PATTERN(insn)))
		return true;
	return CALL_P(insn) &&
	       refers_to_regno_p(r, r + 1, CALL_INSN_FUNCTION_USAGE(insn),
				 nullptr);
}

/* Whether register r is dead right after insn `after` of bb: the next
 * insn of the block that mentions it writes it without reading it, or
 * none does and r is not live out of bb (known at -O1 and above). */
static bool dead_after(basic_block bb, rtx_insn *after, unsigned r)
{
	for (rtx_insn *x = NEXT_INSN(after);
	     x && x != NEXT_INSN(BB_END(bb)); x = NEXT_INSN(x)) {
		if (!NONDEBUG_INSN_P(x))
			continue;
		bool rd = reads(x, r);
		if (rd)
			return false;
		if (reg_set_p(regno_reg_rtx[r], x))
			return true;
		if (mentions(x, r))
			return false;
	}
	return optimize && !REGNO_REG_SET_P(DF_LR_OUT(bb), r);
}

/* The locations of REGs that overlap hard register r in x; false when
 * one is not exactly r in a single-register mode. */
static bool reg_locs(rtx *x, unsigned r, std::vector<rtx *> *locs)
{
	subrtx_ptr_iterator::array_type array;
	FOR_EACH_SUBRTX_PTR(iter, array, x, NONCONST) {
		rtx *loc = *iter;
		if (!*loc || !REG_P(*loc) || !HARD_REGISTER_P(*loc))
			continue;
		unsigned q = REGNO(*loc);
		unsigned n = hard_regno_nregs(q, GET_MODE(*loc));
		if (r < q || r >= q + n)
			continue;
		if (q != r || n != 1)
			return false;
		locs->push_back(loc);
	}
	return true;
}

/* A value in register r written by w and read up to `last`, around the
 * call c of bb: the range [w, last] of its occurrences. */
struct Across {
	rtx_insn *w, *last;
	machine_mode mode;
};

/* Whether the value in r at call c (r not clobbered by c) is computed
 * in c's block from a full single set w that reads no r (maybe through
 * later insns that read and write r: two-address arithmetic), read after
 * c and then dead; fills *a. */
static bool live_across(basic_block bb, rtx_insn *c, unsigned r,
			Across *a)
{
	rtx_insn *w = nullptr;
	for (rtx_insn *x = PREV_INSN(c); x && x != PREV_INSN(BB_HEAD(bb));
	     x = PREV_INSN(x)) {
		if (!NONDEBUG_INSN_P(x) || !reg_set_p(regno_reg_rtx[r], x))
			continue;
		if (CALL_P(x))
			return false;
		w = x;
		if (!reads(x, r))
			break;
	}
	if (!w || reads(w, r))
		return false;
	rtx set = single_set(w);
	if (!set || !REG_P(SET_DEST(set)) || REGNO(SET_DEST(set)) != r ||
	    hard_regno_nregs(r, GET_MODE(SET_DEST(set))) != 1)
		return false;
	std::vector<rtx *> locs;
	if (!reg_locs(&PATTERN(w), r, &locs) || locs.size() != 1 ||
	    locs[0] != &SET_DEST(set))
		return false;
	rtx_insn *last = nullptr;
	for (rtx_insn *x = NEXT_INSN(c); x && x != NEXT_INSN(BB_END(bb));
	     x = NEXT_INSN(x)) {
		if (!NONDEBUG_INSN_P(x))
			continue;
		bool rd = reads(x, r);
		if (reg_set_p(regno_reg_rtx[r], x)) {
			if (rd)
				return false;
			break;
		}
		if (rd)
			last = x;
		else if (mentions(x, r))
			return false;
	}
	if (!last || !dead_after(bb, last, r))
		return false;
	a->w = w;
	a->last = last;
	a->mode = GET_MODE(SET_DEST(set));
	return true;
}

/* Whether t can take the value of a: usable in the mode, clobbered by
 * the call, not mentioned from a->w to a->last, dead after. */
static bool free_around(basic_block bb, const Across *a, unsigned r,
			unsigned t, const function_abi &abi)
{
	if (t == r || reg_kind(t) != reg_kind(r) ||
	    !usable_reg(t, a->mode, reg_kind(r)) ||
	    !abi.clobbers_full_reg_p(t))
		return false;
	for (rtx_insn *x = a->w; x != NEXT_INSN(a->last); x = NEXT_INSN(x))
		if (NONDEBUG_INSN_P(x) && mentions(x, t))
			return false;
	return dead_after(bb, a->last, t);
}

/* Puts the renaming of r into t over a's range into the change group;
 * false (group cancelled) when an occurrence cannot be renamed. */
static bool rename_range(const Across *a, unsigned r, unsigned t)
{
	for (rtx_insn *x = a->w; x != NEXT_INSN(a->last); x = NEXT_INSN(x)) {
		if (!NONDEBUG_INSN_P(x))
			continue;
		std::vector<rtx *> locs;
		if (!reg_locs(&PATTERN(x), r, &locs)) {
			cancel_changes(0);
			return false;
		}
		for (rtx *loc : locs)
			validate_change(x, loc,
					new_hard_reg(GET_MODE(*loc), t, *loc),
					1);
	}
	return true;
}

/* Drops the notes of the renamed insns that name r (stale now). */
static void drop_notes(const Across *a, unsigned r)
{
	for (rtx_insn *x = a->w; x != NEXT_INSN(a->last); x = NEXT_INSN(x)) {
		if (!INSN_P(x))
			continue;
		for (rtx *pn = &REG_NOTES(x); *pn;) {
			rtx n = *pn;
			enum reg_note k = REG_NOTE_KIND(n);
			if ((k == REG_EQUAL || k == REG_EQUIV || k == REG_DEAD ||
			     k == REG_UNUSED) &&
			    refers_to_regno_p(r, r + 1, XEXP(n, 0), nullptr))
				*pn = XEXP(n, 1);
			else
				pn = &XEXP(n, 1);
		}
	}
}

static std::string call_clobbered(function *fun, const Capture *,
				  int *uid)
{
	basic_block bb;
	rtx_insn *c;
	FOR_EACH_BB_FN(bb, fun) {
		FOR_BB_INSNS(bb, c) {
			if (!CALL_P(c))
				continue;
			function_abi abi = insn_callee_abi(c);
			for (unsigned r = 0; r < FIRST_PSEUDO_REGISTER; r++) {
				if (reg_kind(r) == NO_REGS || fixed_regs[r] ||
				    r == STACK_POINTER_REGNUM ||
				    (frame_pointer_needed &&
				     r == HARD_FRAME_POINTER_REGNUM) ||
				    crtl->abi->clobbers_full_reg_p(r) ||
				    abi.clobbers_at_least_part_of_reg_p(r))
					continue;
				Across a;
				if (!live_across(bb, c, r, &a))
					continue;
				for (unsigned t = 0; t < FIRST_PSEUDO_REGISTER;
				     t++) {
					if (!free_around(bb, &a, r, t, abi) ||
					    !rename_range(&a, r, t))
						continue;
					if (!verify_changes(0)) {
						cancel_changes(0);
						continue;
					}
					if (!take_pending_site())
						break;
					drop_notes(&a, r);
					*uid = INSN_UID(c);
					return std::string("value of ") +
					       reg_names[r] + " from insn " +
					       std::to_string(INSN_UID(a.w)) +
					       " to insn " +
					       std::to_string(INSN_UID(a.last)) +
					       " moved to " + reg_names[t] +
					       ", live across call insn " +
					       std::to_string(INSN_UID(c));
				}
			}
		}
	}
	return "";
}

/* ---------------------------------------------------------------- */
/* frame-offset                                                      */

/* Whether MEM x is addressed by sp or (with a frame pointer) the hard
 * frame pointer, maybe plus a constant. */
static bool frame_mem_p(const_rtx x)
{
	if (!MEM_P(x) || MEM_VOLATILE_P(x))
		return false;
	rtx a = XEXP(x, 0);
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1)))
		a = XEXP(a, 0);
	return REG_P(a) && (REGNO(a) == STACK_POINTER_REGNUM ||
			    (frame_pointer_needed &&
			     REGNO(a) == HARD_FRAME_POINTER_REGNUM));
}

/* The first valid move of a frame memory operand of a captured insn by
 * 8 bytes (one site per insn); "" when there is none left. */
static std::string move_frame_mem(function *fun, const Capture *cap,
				int *uid)
{
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn) || is_new(cap, insn) ||
			    CALL_P(insn) || RTX_FRAME_RELATED_P(insn))
				continue;
			subrtx_ptr_iterator::array_type array;
			FOR_EACH_SUBRTX_PTR(iter, array, &PATTERN(insn), ALL) {
				rtx *loc = *iter;
				if (!frame_mem_p(*loc))
					continue;
				rtx moved = adjust_address_nv(
					*loc, GET_MODE(*loc), 8);
				validate_change(insn, loc, moved, 1);
				if (!verify_changes(0)) {
					cancel_changes(0);
					continue;
				}
				if (!take_pending_site())
					break;
				*uid = INSN_UID(insn);
				return std::string("insn ") +
				       std::to_string(INSN_UID(insn)) +
				       ": frame memory moved 8 bytes up";
			}
		}
	}
	return "";
}

/* ---------------------------------------------------------------- */
/* invert-jump                                                       */

/* The first valid reversal of the comparison of a captured conditional
 * jump (one site per jump), its arms kept; "" when there is none left. */
static std::string invert_jump(function *fun, const Capture *cap, int *uid)
{
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		FOR_BB_INSNS(bb, insn) {
			if (!JUMP_P(insn) || is_new(cap, insn) ||
			    !any_condjump_p(insn))
				continue;
			rtx src = SET_SRC(pc_set(insn));
			rtx cond = XEXP(src, 0);
			if (!COMPARISON_P(cond))
				continue;
			rtx_code rev = reversed_comparison_code(cond, insn);
			if (rev == UNKNOWN)
				continue;
			rtx inv = gen_rtx_fmt_ee(rev, GET_MODE(cond),
						 XEXP(cond, 0), XEXP(cond, 1));
			validate_change(insn, &XEXP(src, 0), inv, 1);
			if (!verify_changes(0)) {
				cancel_changes(0);
				continue;
			}
			if (!take_pending_site())
				continue;
			*uid = INSN_UID(insn);
			return std::string("insn ") +
			       std::to_string(INSN_UID(insn)) +
			       ": jump condition reversed";
		}
	}
	return "";
}

/* ---------------------------------------------------------------- */
/* redirect-jump                                                     */

/* Whether bb holds no active insn but maybe a simple jump, and has one
 * successor: control passes through it unchanged. */
static bool passes_through(basic_block bb)
{
	if (!single_succ_p(bb))
		return false;
	rtx_insn *insn;
	FOR_BB_INSNS(bb, insn) {
		if (active_insn_p(insn) &&
		    !(JUMP_P(insn) && simplejump_p(insn)))
			return false;
	}
	return true;
}

/* Where control entering bb goes first: bb, or past the blocks that
 * pass it through (at most n_basic_blocks steps: a cycle of such blocks
 * stops anywhere on it). */
static basic_block leads_to(function *fun, basic_block bb)
{
	for (int k = 0; k < n_basic_blocks_for_fn(fun) &&
			bb != EXIT_BLOCK_PTR_FOR_FN(fun) && passes_through(bb);
	     k++)
		bb = single_succ(bb);
	return bb;
}

/* The label of the first block after jump's block bb (layout order)
 * that a redirected jump could go to and that leads elsewhere than
 * target and fall (either may be null): headed by a CODE_LABEL, in bb's
 * partition, not a landing pad.  NULL_RTX when there is none. */
static rtx other_label(function *fun, basic_block bb, basic_block target,
		       basic_block fall)
{
	basic_block t = target ? leads_to(fun, target) : nullptr;
	basic_block f = fall ? leads_to(fun, fall) : nullptr;
	for (basic_block b = bb->next_bb; b != EXIT_BLOCK_PTR_FOR_FN(fun);
	     b = b->next_bb) {
		if (!LABEL_P(BB_HEAD(b)) || bb_has_eh_pred(b) ||
		    BB_PARTITION(b) != BB_PARTITION(bb))
			continue;
		basic_block l = leads_to(fun, b);
		if (l != t && l != f)
			return BB_HEAD(b);
	}
	return NULL_RTX;
}

/* The first valid redirection of a captured jump (conditional or
 * simple, to a plain label) to other_label (one site per jump); "" when
 * there is none left.  Only the jump's label and JUMP_LABEL change (the
 * old label is kept), not the CFG. */
static std::string redirect_jump_site(function *fun, const Capture *cap,
				      int *uid)
{
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		rtx_insn *end = BB_END(bb);
		if (!JUMP_P(end) || is_new(cap, end) || !onlyjump_p(end) ||
		    !(any_condjump_p(end) || simplejump_p(end)) ||
		    !JUMP_LABEL(end) || !LABEL_P(JUMP_LABEL(end)))
			continue;
		rtx_jump_insn *jump = as_a<rtx_jump_insn *>(end);
		rtx old = JUMP_LABEL(jump);
		basic_block target = BLOCK_FOR_INSN(old);
		basic_block fall = nullptr;
		if (any_condjump_p(end)) {
			if (EDGE_COUNT(bb->succs) != 2)
				continue;
			edge e = FALLTHRU_EDGE(bb);
			if (!e || !(e->flags & EDGE_FALLTHRU))
				continue;
			fall = e->dest;
		}
		if (!target)
			continue;
		rtx nl = other_label(fun, bb, target, fall);
		if (!nl || !redirect_jump_1(jump, nl))
			continue;
		if (!verify_changes(0)) {
			cancel_changes(0);
			continue;
		}
		if (!take_pending_site())
			continue;
		redirect_jump_2(jump, old, nl, 0, 0);
		redirected = jump;
		redirected_to = BLOCK_FOR_INSN(nl);
		*uid = INSN_UID(jump);
		return std::string("insn ") + std::to_string(INSN_UID(jump)) +
		       ": jump redirected to label " +
		       std::to_string(INSN_UID(nl));
	}
	return "";
}

/* The edge of jump's block that the jump takes: the only successor of a
 * simple jump's block, the edge that is not the fall-through of a
 * conditional jump's; NULL when there is none. */
static edge taken_edge(rtx_insn *jump)
{
	basic_block bb = BLOCK_FOR_INSN(jump);
	if (simplejump_p(jump))
		return single_succ_p(bb) ? single_succ_edge(bb) : nullptr;
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (!(e->flags & EDGE_FALLTHRU))
			return e;
	return nullptr;
}

void inject_after_check(function *)
{
	if (!redirected)
		return;
	edge e = taken_edge(redirected);
	if (e && e->dest != redirected_to) {
		df_set_bb_dirty(e->src);
		redirect_edge_succ_nodup(e, redirected_to);
		delete_unreachable_blocks();
		df_analyze();
	}
	redirected = nullptr;
	redirected_to = nullptr;
}

/* ---------------------------------------------------------------- */

std::string inject_fault(function *fun, const Capture *cap)
{
	if (inj_kind < 0 || inj_seen >= inj_n)
		return "";
	int uid = 0;
	std::string what;
	switch (inj_kind) {
	case K_DROP_RELOAD:
		what = drop_reload(fun, cap, &uid);
		break;
	case K_REDIRECT_USE:
		what = redirect_use(fun, cap, &uid);
		break;
	case K_SWAP_MOVES:
		what = swap_moves(fun, cap, &uid);
		break;
	case K_REUSE_SLOT:
		what = reuse_slot(fun, cap, &uid);
		break;
	case K_CALL_CLOBBERED:
		what = call_clobbered(fun, cap, &uid);
		break;
	case K_FRAME_OFFSET:
		what = move_frame_mem(fun, cap, &uid);
		break;
	case K_INVERT_JUMP:
		what = invert_jump(fun, cap, &uid);
		break;
	case K_REDIRECT_JUMP:
		what = redirect_jump_site(fun, cap, &uid);
		break;
	}
	if (!what.empty())
		fprintf(stderr, "ssara-inject: %s %s %s %ld %d\n",
			main_input_filename, cap->name.c_str(),
			kind_names[inj_kind], inj_n, uid);
	return what;
}

void inject_finish_unit(void)
{
	if (inj_kind < 0 || inj_seen >= inj_n)
		return;
	fprintf(stderr, "ssara-inject-sites: %s %s %ld\n", main_input_filename,
		kind_names[inj_kind], inj_seen);
}
