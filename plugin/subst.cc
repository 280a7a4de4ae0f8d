/* subst.cc - ssara's allocation written into the RTL before IRA, so that
 * GCC emits it (-fplugin-arg-ssara-substitute; docs/SUBST.md).
 *
 * All or nothing per function.  The writer first plans everything:
 * every pseudo operand of every captured insn replaced by its location
 * (validate_change in one group), every instruction the allocator
 * inserted built as a detached insn sequence, each insn strictly valid
 * (recognised, constrain_operands strict under the preferred
 * alternatives).  Only when all of it holds does it confirm the group,
 * give the stack slots their frame addresses, split the edges that carry
 * copies and link the new insns; otherwise it cancels the group and the
 * function keeps GCC's allocation, with the first reason.  IRA and LRA
 * then find no pseudo to allocate and no insn to repair; LRA still
 * eliminates the soft frame pointer, and the prologue saves the
 * callee-saved registers the allocation uses (df recomputes
 * regs_ever_live).
 */
#include "capture.h"

#include "cfgrtl.h"
#include "df.h"
#include "emit-rtl.h"

extern "C" {
#include "core/loclive.h"
}

/* Stack slots are written first at placeholder frame offsets (their
 * frame space is taken only when the function is substituted):
 * frame + SLOT_BASE + slot * SLOT_SPAN + offset. */
static const HOST_WIDE_INT SLOT_BASE = (HOST_WIDE_INT)1 << 29;
static const HOST_WIDE_INT SLOT_SPAN = 4096;

/* An insn sequence the allocator inserted, and where it goes. */
struct NewSeq {
	rtx_insn *seq;            /* detached, first insn */
	rtx_insn *after;          /* emit after this insn, or */
	basic_block start;        /* at the start of this block, or */
	basic_block from, to;     /* on the edge from -> to (split), or */
	rtx_insn *before;         /* before this insn (a reload) */
};

/* One function's substitution in progress. */
struct Plan {
	function *fun;
	Capture *cap;
	const Fn *a;
	const Target *t;
	std::string why;                 /* first reason to refuse */
	int max_uid;                     /* GCC's uids are < max_uid
					    (get_max_uid: the next uid) */
	unsigned max_regno;              /* pseudos of the RTL are below */
	std::vector<rtx_insn *> insn_of; /* per uid */
	std::vector<int> remat_def;      /* per pseudo: uid of its [remat]
					    definition in the capture, 0 */
	std::vector<rtx_insn *> changed; /* originals with changes */
	std::vector<NewSeq> seqs;
	std::vector<int> slot_align;     /* per slot: bits (0 unused) */
	bool bp_used = false;
	/* Per rewritten original: its block index in the allocation and
	 * its instruction there (for reloads); the registers' liveness,
	 * built on the first reload. */
	std::unordered_map<rtx_insn *, std::pair<int, const Ins *>> ir_of;
	LocLive *live = nullptr;
	int cur_blk = -1;                /* the block being planned */
};

/* Refuses the function with reason why (the first one stays). */
static void refuse(Plan &pl, const std::string &why)
{
	if (pl.why.empty())
		pl.why = why;
}

/* ---------------------------------------------------------------- */
/* Locations as RTL.                                                 */

/* The mode that moves a value of pseudo p of the allocation (one the
 * allocator made, e.g. a register part of a wide value) by its class
 * and size: an integer mode for general registers, a float or vector
 * mode of that size for SSE; VOIDmode when none. */
static machine_mode class_mode(const Plan &pl, int p)
{
	if (p < 0 || p >= pl.a->npseudo)
		return VOIDmode;
	const Pseudo &ps = pl.a->pseudo[p];
	if (ps.cls == RC_GPR) {
		scalar_int_mode m;
		return int_mode_for_size(ps.size * BITS_PER_UNIT, 0).exists(&m)
			       ? (machine_mode)m
			       : VOIDmode;
	}
	if (ps.cls != RC_SSE)
		return VOIDmode;
	switch (ps.size) {
	case 4: return SFmode;
	case 8: return DFmode;
	case 16: return V2DImode;
	case 32: return V4DImode;
	case 64: return V8DImode;
	default: return VOIDmode;
	}
}

/* The mode of pseudo p: the RTL's for its own pseudos, the one the
 * capture recorded for those it made up, else class_mode.  The
 * allocator numbers the pseudos it makes from the capture's count on,
 * which may be below max_regno when the capture made none: those are
 * not the RTL's pseudos of the same number. */
static machine_mode pseudo_mode(const Plan &pl, int p)
{
	if (p >= FIRST_PSEUDO_REGISTER && (unsigned)p < pl.max_regno &&
	    p < pl.cap->fn->npseudo && regno_reg_rtx[p])
		return GET_MODE(regno_reg_rtx[p]);
	auto it = pl.cap->sites->extra_mode.find(p);
	if (it != pl.cap->sites->extra_mode.end())
		return it->second;
	return class_mode(pl, p);
}

/* A MEM of mode m at byte off of slot s, at its placeholder address. */
static rtx slot_mem(Plan &pl, int s, machine_mode m, HOST_WIDE_INT off)
{
	if (s < 0 || s >= pl.a->nslot || !pl.a->slot[s].size) {
		refuse(pl, "a location in an undeclared stack slot");
		return NULL_RTX;
	}
	if ((HOST_WIDE_INT)s * SLOT_SPAN + SLOT_SPAN > SLOT_BASE) {
		refuse(pl, "too many stack slots");
		return NULL_RTX;
	}
	if ((int)pl.slot_align.size() < pl.a->nslot)
		pl.slot_align.resize(pl.a->nslot, 0);
	int al = (int)GET_MODE_ALIGNMENT(m);
	if (al < BITS_PER_UNIT)
		al = BITS_PER_UNIT;
	if (al > pl.slot_align[s])
		pl.slot_align[s] = al;
	rtx addr = plus_constant(Pmode, frame_pointer_rtx,
				 SLOT_BASE + (HOST_WIDE_INT)s * SLOT_SPAN + off);
	return gen_rtx_MEM(m, addr);
}

/* The location loc as an rtx holding a value of mode m: a hard register
 * or a stack slot; NULL_RTX (refused) otherwise. */
static rtx loc_rtx(Plan &pl, Loc loc, machine_mode m)
{
	if (loc.kind == LOC_REG && loc.num >= 0 && loc.num < TGT_NREGS) {
		int r = pl.t->regs[loc.num].gccno;
		if (r == HARD_FRAME_POINTER_REGNUM)
			pl.bp_used = true;
		if (!targetm.hard_regno_mode_ok(r, m)) {
			refuse(pl, std::string("a value of mode ") +
					   GET_MODE_NAME(m) + " in " +
					   reg_names[r]);
			return NULL_RTX;
		}
		return gen_rtx_REG(m, r);
	}
	if (loc.kind == LOC_SLOT)
		return slot_mem(pl, loc.num, m, 0);
	refuse(pl, "an operand without a register or stack location");
	return NULL_RTX;
}

/* What replaces x (a REG or SUBREG of pseudo, or a SCRATCH) for an
 * operand at location loc: the location in x's register's mode, then
 * the subreg's part of it; NULL_RTX (refused) when that part is no
 * register or memory. */
static rtx replacement(Plan &pl, rtx x, Loc loc)
{
	rtx r = SUBREG_P(x) ? SUBREG_REG(x) : x;
	machine_mode vm = GET_MODE(r);
	rtx whole = loc_rtx(pl, loc, vm);
	if (!whole || !SUBREG_P(x))
		return whole;
	rtx part = simplify_subreg(GET_MODE(x), whole, vm, SUBREG_BYTE(x));
	if (!part || !(REG_P(part) || MEM_P(part))) {
		refuse(pl, std::string("a ") + GET_MODE_NAME(GET_MODE(x)) +
				   " part of a " + GET_MODE_NAME(vm) +
				   " register no register names");
		return NULL_RTX;
	}
	return part;
}

/* ---------------------------------------------------------------- */
/* Strict validity.                                                  */

/* Whether pat sets a hard register of a likely-spilled class from
 * something other than a register or memory: what ix86_hardreg_mov_ok
 * refuses before reload. */
static bool hardreg_set(rtx pat)
{
	if (GET_CODE(pat) == PARALLEL && XVECLEN(pat, 0) > 0)
		pat = XVECEXP(pat, 0, 0);
	if (GET_CODE(pat) != SET)
		return false;
	rtx d = SET_DEST(pat), s = SET_SRC(pat);
	return REG_P(d) && HARD_REGISTER_P(d) && !REG_P(s) && !MEM_P(s) &&
	       targetm.class_likely_spilled_p(REGNO_REG_CLASS(REGNO(d)));
}

/* Whether insn (in block bb) is recognised and its operands meet the
 * constraints strictly (hard registers as they are); else false with
 * *why naming what failed (what: how to name the insn, uid its uid). */
static bool check_strict(rtx_insn *insn, basic_block bb, const char *what,
			 int uid, std::string *why)
{
	rtx pat = PATTERN(insn);
	if (GET_CODE(pat) == USE || GET_CODE(pat) == CLOBBER ||
	    GET_CODE(pat) == ASM_INPUT)
		return true;
	INSN_CODE(insn) = -1;
	int code = recog_memoized(insn);
	/* x86 refuses, before reload only, a set of a likely-spilled hard
	 * register (ax dx cx bx si di xmm0) from an expression such as an
	 * address (ix86_hardreg_mov_ok: to keep IRA's live ranges of those
	 * registers short).  Here the register is final: recognised as
	 * after reload, the insn keeps its code through IRA and LRA. */
	bool late = false;
	if (code < 0 && hardreg_set(pat)) {
		reload_completed = 1;
		code = recog_memoized(insn);
		late = code >= 0;
		if (!late)
			reload_completed = 0;
	}
	if (code < 0 && asm_noperands(pat) < 0) {
		if (getenv("SSARA_DEBUG"))
			print_rtl_single(stderr, insn);
		*why = std::string(what) + " uid " + std::to_string(uid) +
		       " is not recognised with hard registers";
		return false;
	}
	extract_insn(insn);
	bool ok = constrain_operands(1, get_preferred_alternatives(insn, bb));
	if (late)
		reload_completed = 0;
	if (!ok) {
		if (getenv("SSARA_DEBUG"))
			print_rtl_single(stderr, insn);
		*why = std::string(what) + " uid " + std::to_string(uid) +
		       (code >= 0 ? std::string(" (") + get_insn_name(code) + ")"
				  : std::string(" (asm)")) +
		       " does not meet its constraints strictly";
		return false;
	}
	return true;
}

/* check_strict, refusing the function with the reason when it fails. */
static bool strictly_valid(Plan &pl, rtx_insn *insn, basic_block bb,
			   const char *what, int uid)
{
	std::string why;
	if (check_strict(insn, bb, what, uid, &why))
		return true;
	refuse(pl, why);
	return false;
}

/* ---------------------------------------------------------------- */
/* Original instructions.                                            */

/* The locations of one insn's operands found by pseudo (no site), per
 * role: a pseudo read in one place and written in another. */
struct RoleLocs {
	std::unordered_map<int, Loc> use, def;
};

/* Adds operand o's location to m under pseudo o.reg; refuses when the
 * pseudo already has another one there. */
static void role_add(Plan &pl, std::unordered_map<int, Loc> &m, const Op &o,
		     int uid)
{
	auto it = m.find(o.reg);
	if (it == m.end()) {
		m[o.reg] = o.loc;
		return;
	}
	if (it->second.kind != o.loc.kind || it->second.num != o.loc.num)
		refuse(pl, "uid " + std::to_string(uid) + ": p" +
				   std::to_string(o.reg) +
				   " in two locations at once outside its "
				   "operands");
}

struct InsnRewrite {
	rtx_insn *insn;
	int uid;
	std::unordered_map<rtx *, const Op *> site; /* loc -> operand */
	RoleLocs roles;
};

static void rewrite_at(Plan &pl, InsnRewrite &w, rtx *loc, bool def);

/* Replaces the pseudo register (or part of one) at *loc, read or written
 * by role, or at an operand site. */
static void replace_reg(Plan &pl, InsnRewrite &w, rtx *loc, bool def)
{
	rtx x = *loc;
	const Op *o = nullptr;
	auto s = w.site.find(loc);
	Loc l;
	if (s != w.site.end()) {
		o = s->second;
		l = o->loc;
	} else {
		rtx r = SUBREG_P(x) ? SUBREG_REG(x) : x;
		if (GET_CODE(r) == SCRATCH) {
			refuse(pl, "uid " + std::to_string(w.uid) +
					   ": a scratch at no operand");
			return;
		}
		auto &m = def ? w.roles.def : w.roles.use;
		auto it = m.find((int)REGNO(r));
		if (it == m.end()) {
			refuse(pl, "uid " + std::to_string(w.uid) + ": p" +
					   std::to_string(REGNO(r)) +
					   (def ? " written" : " read") +
					   " where the capture has no operand");
			return;
		}
		l = it->second;
	}
	rtx n = replacement(pl, x, l);
	if (n)
		validate_change(w.insn, loc, n, 1);
}

/* Whether x is a pseudo register, a part of one, or a scratch. */
static bool pseudo_ref_p(rtx x)
{
	if (GET_CODE(x) == SCRATCH)
		return true;
	if (SUBREG_P(x))
		x = SUBREG_REG(x);
	return REG_P(x) && !HARD_REGISTER_P(x);
}

/* Rewrites the sub-expressions of *loc: written when def (a SET or
 * CLOBBER destination, not inside an address). */
static void rewrite_at(Plan &pl, InsnRewrite &w, rtx *loc, bool def)
{
	rtx x = *loc;
	if (!x || !pl.why.empty())
		return;
	if (pseudo_ref_p(x)) {
		replace_reg(pl, w, loc, def);
		return;
	}
	switch (GET_CODE(x)) {
	case SET:
		rewrite_at(pl, w, &SET_DEST(x), true);
		rewrite_at(pl, w, &SET_SRC(x), false);
		return;
	case CLOBBER:
		rewrite_at(pl, w, &XEXP(x, 0), true);
		return;
	case MEM:
		/* (mem:BLK (scratch)): any memory, no register */
		if (GET_CODE(XEXP(x, 0)) != SCRATCH)
			rewrite_at(pl, w, &XEXP(x, 0), false);
		return;
	case STRICT_LOW_PART:
		rewrite_at(pl, w, &XEXP(x, 0), def);
		return;
	case ZERO_EXTRACT:
	case SIGN_EXTRACT:
		rewrite_at(pl, w, &XEXP(x, 0), def);
		rewrite_at(pl, w, &XEXP(x, 1), false);
		rewrite_at(pl, w, &XEXP(x, 2), false);
		return;
	default:
		break;
	}
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	for (int i = 0; i < GET_RTX_LENGTH(GET_CODE(x)); i++) {
		if (fmt[i] == 'e')
			rewrite_at(pl, w, &XEXP(x, i), false);
		else if (fmt[i] == 'E')
			for (int j = 0; j < XVECLEN(x, i); j++)
				rewrite_at(pl, w, &XVECEXP(x, i, j), false);
	}
}

/* Whether x mentions a pseudo register (or a scratch register; the
 * scratch address of (mem:BLK (scratch)), any memory, is none). */
static bool mentions_pseudo(const_rtx x)
{
	if (!x)
		return false;
	if (GET_CODE(x) == SCRATCH || (REG_P(x) && !HARD_REGISTER_P(x)))
		return true;
	if (MEM_P(x) && GET_CODE(XEXP(x, 0)) == SCRATCH)
		return false;
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	for (int i = 0; i < GET_RTX_LENGTH(GET_CODE(x)); i++) {
		if (fmt[i] == 'e' && mentions_pseudo(XEXP(x, i)))
			return true;
		if (fmt[i] == 'E')
			for (int j = 0; j < XVECLEN(x, i); j++)
				if (mentions_pseudo(XVECEXP(x, i, j)))
					return true;
	}
	return false;
}

/* Notes pseudo operand o's register in insn uid (Capture.subst_reg):
 * -1 once it has two. */
static void note_reg(Plan &pl, int uid, const Op &o)
{
	long long key = (long long)uid << 32 | (unsigned)o.reg;
	/* a part's location is its value's (first) register */
	int r = o.loc.kind == LOC_REG && !(o.flags & OF_WORD)
			? pl.t->regs[o.loc.num].gccno
			: -1;
	auto it = pl.cap->subst_reg.find(key);
	if (it == pl.cap->subst_reg.end())
		pl.cap->subst_reg[key] = r;
	else if (it->second != r)
		it->second = -1;
}

/* Plans the rewrite of original instruction i (allocated, uid from
 * GCC): each operand's location into the insn, in the change group. */
static void plan_original(Plan &pl, const Ins *i, basic_block bb)
{
	rtx_insn *insn = (unsigned)i->uid < pl.insn_of.size()
				 ? pl.insn_of[i->uid]
				 : nullptr;
	if (!insn || BLOCK_FOR_INSN(insn) != bb) {
		refuse(pl, "uid " + std::to_string(i->uid) +
				   " is not in its block in the RTL");
		return;
	}
	InsnRewrite w;
	w.insn = insn;
	w.uid = i->uid;
	auto sv = pl.cap->sites->by_uid.find(i->uid);
	const std::vector<OpSite> *sites =
		sv == pl.cap->sites->by_uid.end() ? nullptr : &sv->second;
	if (sites && (int)sites->size() != i->nops) {
		refuse(pl, "uid " + std::to_string(i->uid) +
				   ": operands differ from the capture's");
		return;
	}
	for (int k = 0; k < i->nops; k++) {
		const Op &o = i->ops[k];
		if (o.kind != OK_PSEUDO)
			continue;
		note_reg(pl, i->uid, o);
		const OpSite *st = sites ? &(*sites)[k] : nullptr;
		if (st && st->bad) {
			refuse(pl, "uid " + std::to_string(i->uid) +
					   ": a duplicate of a swapped "
					   "commutative operand");
			return;
		}
		if (st && st->loc) {
			w.site[st->loc] = &o;
			for (rtx *d : st->dups)
				w.site[d] = &o;
			continue;
		}
		if (o.flags & OF_DEF)
			role_add(pl, w.roles.def, o, i->uid);
		if (op_reads(pl.a, &o) || !(o.flags & OF_DEF))
			role_add(pl, w.roles.use, o, i->uid);
	}
	if (!pl.why.empty())
		return;
	int before = num_validated_changes();
	rewrite_at(pl, w, &PATTERN(insn), false);
	if (CALL_P(insn))
		rewrite_at(pl, w, &CALL_INSN_FUNCTION_USAGE(insn), false);
	if (!pl.why.empty())
		return;
	auto sw = pl.cap->sites->swapped.find(i->uid);
	if (sw != pl.cap->sites->swapped.end()) {
		rtx x = *sw->second.first, y = *sw->second.second;
		validate_change(insn, sw->second.first, y, 1);
		validate_change(insn, sw->second.second, x, 1);
	}
	if (mentions_pseudo(PATTERN(insn)) ||
	    (CALL_P(insn) && mentions_pseudo(CALL_INSN_FUNCTION_USAGE(insn)))) {
		refuse(pl, "uid " + std::to_string(i->uid) +
				   ": a pseudo the capture has no operand for");
		return;
	}
	if (num_validated_changes() > before)
		pl.changed.push_back(insn);
	pl.ir_of[insn] = {pl.cur_blk, i};
}

/* ---------------------------------------------------------------- */
/* Inserted instructions.                                            */

/* The mode in which an inserted instruction moves operand o's value:
 * its pseudo's mode; a word for a general register named alone. */
static machine_mode moved_mode(Plan &pl, const Op &o)
{
	if (o.kind == OK_PSEUDO)
		return pseudo_mode(pl, o.reg);
	if (o.kind == OK_HREG && o.reg >= 0 && o.reg < TGT_NREGS &&
	    pl.t->regs[o.reg].cls == RC_GPR)
		return word_mode;
	return VOIDmode;
}

/* Operand o of an inserted instruction as an rtx of mode m. */
static rtx inserted_rtx(Plan &pl, const Op &o, machine_mode m)
{
	if (o.kind == OK_HREG) {
		Loc l;
		l.kind = LOC_REG;
		l.num = o.reg;
		return loc_rtx(pl, l, m);
	}
	if (o.kind == OK_PSEUDO)
		return loc_rtx(pl, o.loc, m);
	refuse(pl, "an inserted instruction with an operand of no location");
	return NULL_RTX;
}

/* Operand o of an inserted instruction as an rtx: its location in mode
 * m (its value's), or the part p[OFF,SIZE] of it that o names. */
static rtx inserted_part(Plan &pl, const Op &o, machine_mode m)
{
	rtx whole = inserted_rtx(pl, o, m);
	if (!whole || o.kind != OK_PSEUDO || !o.sub_size ||
	    o.sub_size >= GET_MODE_SIZE(m).to_constant())
		return whole;
	scalar_int_mode pm;
	if (!int_mode_for_size(o.sub_size * BITS_PER_UNIT, 0).exists(&pm)) {
		refuse(pl, "a part of no integer mode");
		return NULL_RTX;
	}
	rtx part = simplify_subreg(pm, whole, m, o.sub_off);
	if (!part || !(REG_P(part) || MEM_P(part))) {
		refuse(pl, "an inserted instruction on a part no register "
			   "names");
		return NULL_RTX;
	}
	return part;
}

/* The value a rematerialization of pseudo p recomputes: the source of
 * its [remat] definition in the RTL (a constant), copied. */
static rtx remat_source(Plan &pl, int p)
{
	int uid = p >= 0 && p < (int)pl.remat_def.size() ? pl.remat_def[p] : 0;
	rtx_insn *d = uid > 0 && uid < (int)pl.insn_of.size()
			      ? pl.insn_of[uid]
			      : nullptr;
	rtx set = d ? single_set(d) : NULL_RTX;
	rtx src = set ? SET_SRC(set) : NULL_RTX;
	if (!src || !(CONSTANT_P(src) || MEM_P(src) ||
		      GET_CODE(src) == FLOAT_EXTEND || GET_CODE(src) == SUBREG)) {
		refuse(pl, "a rematerialization of p" + std::to_string(p) +
				   " whose definition is no constant");
		return NULL_RTX;
	}
	return copy_rtx(SET_SRC(set));
}

/* The pattern of inserted instruction i, or NULL_RTX (refused). */
static rtx inserted_pattern(Plan &pl, const Ins *i)
{
	switch (i->kind) {
	case IK_MOVE:
	case IK_SPILL:
	case IK_RELOAD:
	case IK_COPY: {
		if (i->nops != 2)
			break;
		machine_mode m = moved_mode(pl, i->ops[0]);
		if (m == VOIDmode)
			m = moved_mode(pl, i->ops[1]);
		if (m == VOIDmode)
			break;
		rtx d = inserted_part(pl, i->ops[0], m);
		rtx s = inserted_part(pl, i->ops[1], m);
		if (!d || !s)
			return NULL_RTX;
		if (GET_MODE(d) != GET_MODE(s)) {
			refuse(pl, "a move between parts of other sizes");
			return NULL_RTX;
		}
		if (MEM_P(d) && MEM_P(s)) {
			refuse(pl, "a move from memory to memory");
			return NULL_RTX;
		}
		/* a part of a register written alone: the rest of the
		 * register is kept (QI and HI only: a 32-bit write clears
		 * the upper half) */
		if (REG_P(d) && GET_MODE_SIZE(GET_MODE(d)).to_constant() < UNITS_PER_WORD &&
		    i->ops[0].sub_size && i->ops[0].kind == OK_PSEUDO &&
		    pl.a->pseudo[i->ops[0].reg].size > i->ops[0].sub_size) {
			if (GET_MODE_SIZE(GET_MODE(d)).to_constant() > 2) {
				refuse(pl, "a move into a 4-byte part of a "
					   "register");
				return NULL_RTX;
			}
			d = gen_rtx_STRICT_LOW_PART(VOIDmode, d);
		}
		return gen_rtx_SET(d, s);
	}
	case IK_SWAP: {
		if (i->nops != 2)
			break;
		for (int k = 0; k < 2; k++) {
			int c = i->ops[k].kind == OK_HREG ? i->ops[k].reg
				: i->ops[k].loc.kind == LOC_REG
					? i->ops[k].loc.num
					: -1;
			if (c < 0 || pl.t->regs[c].cls != RC_GPR) {
				refuse(pl, "a swap of other than two general "
					   "registers");
				return NULL_RTX;
			}
		}
		rtx x = inserted_rtx(pl, i->ops[0], DImode);
		rtx y = inserted_rtx(pl, i->ops[1], DImode);
		if (!x || !y)
			return NULL_RTX;
		return gen_rtx_PARALLEL(
			VOIDmode, gen_rtvec(2, gen_rtx_SET(x, y),
					    gen_rtx_SET(copy_rtx(y),
							copy_rtx(x))));
	}
	case IK_REMAT: {
		if (i->nops < 1 || i->ops[0].kind != OK_PSEUDO)
			break;
		if (i->ops[0].sub_size) {
			refuse(pl, "a rematerialization of a part");
			return NULL_RTX;
		}
		machine_mode m = moved_mode(pl, i->ops[0]);
		rtx src = remat_source(pl, i->ops[0].reg);
		rtx d = m != VOIDmode && src ? inserted_rtx(pl, i->ops[0], m)
					     : NULL_RTX;
		if (!d || !REG_P(d)) {
			refuse(pl, "a rematerialization into no register");
			return NULL_RTX;
		}
		return gen_rtx_SET(d, src);
	}
	default:
		break;
	}
	refuse(pl, std::string("an inserted ") + ins_kind_name(i->kind) +
			   " the writer does not know");
	return NULL_RTX;
}

/* Builds inserted instruction i as a detached insn, strictly valid in
 * block bb; appends it to *seq. */
static void plan_inserted(Plan &pl, const Ins *i, basic_block bb,
			  std::vector<rtx_insn *> *seq)
{
	rtx pat = inserted_pattern(pl, i);
	if (!pat)
		return;
	rtx_insn *insn = make_insn_raw(pat);
	if (!strictly_valid(pl, insn, bb,
			    (std::string("inserted ") + ins_kind_name(i->kind))
				    .c_str(),
			    0))
		return;
	seq->push_back(insn);
}

/* ---------------------------------------------------------------- */
/* Blocks.                                                           */

/* Chains the detached insns of v into one sequence; its first insn. */
static rtx_insn *chain(const std::vector<rtx_insn *> &v)
{
	for (size_t k = 0; k < v.size(); k++) {
		SET_PREV_INSN(v[k]) = k ? v[k - 1] : nullptr;
		SET_NEXT_INSN(v[k]) = k + 1 < v.size() ? v[k + 1] : nullptr;
	}
	return v.empty() ? nullptr : v[0];
}

/* Whether new code may follow insn inside its block. */
static bool may_follow(rtx_insn *insn)
{
	return !control_flow_insn_p(insn);
}

/* Plans block b of the allocation: its originals rewritten, its inserted
 * instructions as sequences after the original before them (or at the
 * block's start). */
static void plan_block(Plan &pl, const Blk *b, basic_block bb)
{
	std::vector<rtx_insn *> run;
	rtx_insn *anchor = nullptr;
	auto flush = [&]() {
		if (run.empty())
			return;
		NewSeq s = {chain(run), anchor, anchor ? nullptr : bb, nullptr,
			    nullptr, nullptr};
		if (anchor && !may_follow(anchor))
			refuse(pl, "inserted code after the jump or call that "
				   "ends block " + std::to_string(bb->index));
		pl.seqs.push_back(s);
		run.clear();
	};
	pl.cur_blk = b->idx;
	for (const Ins *i = b->first; i && pl.why.empty(); i = i->next) {
		bool original = i->uid > 0 && i->uid < pl.max_uid &&
				!ins_kind_inserted(i->kind);
		if (original) {
			flush();
			plan_original(pl, i, bb);
			anchor = pl.insn_of[i->uid];
		} else {
			plan_inserted(pl, i, bb, &run);
		}
	}
	flush();
}

/* Plans a block the allocation added on an edge: its instructions (all
 * inserted) as one sequence for the split edge. */
static void plan_edge_block(Plan &pl, const Blk *b)
{
	const Blk *p = nullptr;
	int npred = 0;
	for (int k = 0; k < pl.a->nblk; k++)
		for (int j = 0; j < pl.a->blk[k]->nsucc; j++)
			if (pl.a->blk[k]->succ[j].blk == b->idx) {
				p = pl.a->blk[k];
				npred++;
			}
	if (b->nsucc != 1 || npred != 1) {
		refuse(pl, "an added block not on one edge");
		return;
	}
	const Blk *s = pl.a->blk[b->succ[0].blk];
	basic_block from = BASIC_BLOCK_FOR_FN(pl.fun, p->id);
	basic_block to = BASIC_BLOCK_FOR_FN(pl.fun, s->id);
	edge e = from && to ? find_edge(from, to) : nullptr;
	if (!e || (e->flags & (EDGE_ABNORMAL | EDGE_EH | EDGE_COMPLEX))) {
		refuse(pl, "copies on an edge RTL cannot split (b" +
				   std::to_string(p->id) + " -> b" +
				   std::to_string(s->id) + ")");
		return;
	}
	std::vector<rtx_insn *> run;
	for (const Ins *i = b->first; i && pl.why.empty(); i = i->next) {
		if (!ins_kind_inserted(i->kind) &&
		    !(i->uid >= pl.max_uid && i->kind == IK_COPY)) {
			refuse(pl, "an original instruction in an added block");
			return;
		}
		plan_inserted(pl, i, to, &run);
	}
	if (!run.empty())
		pl.seqs.push_back({chain(run), nullptr, nullptr, from, to,
				   nullptr});
}

/* ---------------------------------------------------------------- */
/* Preconditions, commit.                                            */

/* Why the function cannot be substituted whatever the allocation, or
 * nullptr. */
static const char *function_refusal(function *fun, const Fn *fn)
{
	bool x87 = false;
	for (int p = 0; p < fn->npseudo && !x87; p++)
		x87 = fn->pseudo[p].cls == RC_X87;
	if (!x87)
		return nullptr;
	/* reg-stack puts no code on an abnormal edge, so it wants no x87
	 * value live across one, which the allocator does not enforce;
	 * without such edges its invariants hold (docs/SUBST.md) */
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun)
	{
		edge e;
		edge_iterator ei;
		FOR_EACH_EDGE(e, ei, bb->succs)
		if (e->flags & EDGE_ABNORMAL)
			return "x87 values and an abnormal edge (reg-stack "
			       "wants no x87 value live across one, which "
			       "the allocator does not enforce)";
	}
	return nullptr;
}

/* Fills the uid map and the [remat] definitions. */
static void index_function(Plan &pl)
{
	pl.max_uid = get_max_uid();
	pl.insn_of.assign(pl.max_uid + 1, nullptr);
	basic_block bb;
	FOR_EACH_BB_FN(bb, pl.fun)
	{
		rtx_insn *insn;
		FOR_BB_INSNS(bb, insn)
		if (NONDEBUG_INSN_P(insn))
			pl.insn_of[INSN_UID(insn)] = insn;
	}
	const Fn *fn = pl.cap->fn;
	pl.remat_def.assign(fn->npseudo, 0);
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if ((i->flags & INS_REMAT) && i->nops >= 1 &&
			    i->ops[0].kind == OK_PSEUDO &&
			    i->ops[0].reg < fn->npseudo)
				pl.remat_def[i->ops[0].reg] = i->uid;
}

/* Gives every slot used its frame space and moves each placeholder
 * address in x onto it. */
static void place_slots(const std::vector<rtx> &slots, rtx_insn *insn)
{
	subrtx_ptr_iterator::array_type array;
	FOR_EACH_SUBRTX_PTR(it, array, &PATTERN(insn), NONCONST)
	{
		rtx x = **it;
		if (!MEM_P(x))
			continue;
		rtx a = XEXP(x, 0);
		if (GET_CODE(a) != PLUS || XEXP(a, 0) != frame_pointer_rtx ||
		    !CONST_INT_P(XEXP(a, 1)) || INTVAL(XEXP(a, 1)) < SLOT_BASE)
			continue;
		HOST_WIDE_INT v = INTVAL(XEXP(a, 1)) - SLOT_BASE;
		size_t s = (size_t)(v / SLOT_SPAN);
		if (s >= slots.size() || !slots[s])
			continue;
		**it = adjust_address(slots[s], GET_MODE(x), v % SLOT_SPAN);
		it.skip_subrtxes();
	}
}

/* Drops the notes that name pseudos, and every REG_EQUIV; resets debug
 * insns that name pseudos. */
static void clean_pseudo_mentions(function *fun)
{
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun)
	{
		rtx_insn *insn;
		FOR_BB_INSNS(bb, insn)
		{
			if (DEBUG_BIND_INSN_P(insn)) {
				if (mentions_pseudo(INSN_VAR_LOCATION_LOC(insn))) {
					INSN_VAR_LOCATION_LOC(insn) =
						gen_rtx_UNKNOWN_VAR_LOC();
					df_insn_rescan(insn);
				}
				continue;
			}
			if (!INSN_P(insn))
				continue;
			rtx *pn = &REG_NOTES(insn);
			while (*pn) {
				rtx n = *pn;
				/* REG_EQUIV says what a pseudo equals for its
				 * whole life; with none left IRA must not see
				 * one (it indexes its pseudo tables by the
				 * destination: a crash in ira_costs,
				 * 991216-1.c test6's stack arguments) */
				if (GET_CODE(n) == EXPR_LIST && XEXP(n, 0) &&
				    (REG_NOTE_KIND(n) == REG_EQUIV ||
				     mentions_pseudo(XEXP(n, 0))))
					*pn = XEXP(n, 1);
				else
					pn = &XEXP(n, 1);
			}
		}
	}
}

/* Fills Capture.subst_new_before: per original, the insns the writer
 * emitted in its block since the original before it. */
static void count_new_before(Plan &pl)
{
	basic_block bb;
	FOR_EACH_BB_FN(bb, pl.fun)
	{
		int n = 0;
		rtx_insn *insn;
		FOR_BB_INSNS(bb, insn)
		{
			if (!NONDEBUG_INSN_P(insn))
				continue;
			/* get_max_uid is one past the last uid the
			 * function had: the first new insn has it */
			if (INSN_UID(insn) >= pl.max_uid) {
				n++;
				continue;
			}
			pl.cap->subst_new_before[INSN_UID(insn)] = n;
			n = 0;
		}
	}
}

/* Links the planned sequences, splitting edges; gives slots frame space
 * and moves placeholder addresses onto them. */
static void commit(Plan &pl)
{
	std::vector<rtx> slots(pl.slot_align.size(), NULL_RTX);
	for (size_t s = 0; s < pl.slot_align.size(); s++)
		if (pl.slot_align[s])
			slots[s] = assign_stack_local(BLKmode,
						      pl.a->slot[s].size,
						      pl.slot_align[s]);
	for (rtx_insn *insn : pl.changed) {
		place_slots(slots, insn);
		df_insn_rescan(insn);
	}
	/* The edges first: splitting one may force a fall-through edge
	 * into a jump block of its own, which keeps the edge object (its
	 * source then is the jump block, still on the same path). */
	std::vector<edge> edges(pl.seqs.size(), nullptr);
	for (size_t k = 0; k < pl.seqs.size(); k++)
		if (pl.seqs[k].from)
			edges[k] = find_edge(pl.seqs[k].from, pl.seqs[k].to);
	for (size_t k = 0; k < pl.seqs.size(); k++) {
		NewSeq &s = pl.seqs[k];
		for (rtx_insn *i = s.seq; i; i = NEXT_INSN(i))
			place_slots(slots, i);
		if (s.before)
			emit_insn_before(s.seq, s.before);
		else if (s.after)
			emit_insn_after(s.seq, s.after);
		else if (s.start)
			emit_insn_after(s.seq, bb_note(s.start));
		else
			emit_insn_after(s.seq, bb_note(split_edge(edges[k])));
	}
	clean_pseudo_mentions(pl.fun);
	count_new_before(pl);
}

/* The core registers hard REGs in x name (each register of a value of
 * several). */
static RegSet regs_in(rtx x)
{
	RegSet s = 0;
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(it, array, x, NONCONST)
	{
		const_rtx r = *it;
		if (!r || !REG_P(r) || !HARD_REGISTER_P(r))
			continue;
		for (unsigned k = 0; k < REG_NREGS(r); k++) {
			int c = capture_core_reg(REGNO(r) + k);
			if (c >= 0)
				s |= RS_BIT(c);
		}
	}
	return s;
}

/* The registers a reload may take around original insn (the allocation's
 * instruction at in block b): allocatable, holding no live value before
 * or after it, not named by it; call-clobbered ones first (a
 * callee-saved one costs a save in the prologue). */
static std::vector<int> reload_regs(Plan &pl, rtx_insn *insn, int b,
				    const Ins *at)
{
	if (!pl.live)
		pl.live = loclive_build(pl.a);
	RegSet before, after;
	loclive_at(pl.live, b, at, &before, &after);
	RegSet busy = before | after | regs_in(PATTERN(insn)) |
		      (CALL_P(insn) ? regs_in(CALL_INSN_FUNCTION_USAGE(insn))
				    : 0);
	std::vector<int> v;
	for (int pass = 0; pass < 2; pass++)
		for (int cls = RC_GPR; cls <= RC_SSE; cls++) {
			RegSet ok = fn_allocatable(pl.a, cls) & ~busy;
			for (int r = 0; r < TGT_NREGS; r++)
				if (RS_HAS(ok, r) &&
				    RS_HAS(pl.t->callee_saved, r) == (pass == 1))
					v.push_back(r);
		}
	return v;
}

/* One reload of operand i of insn (at *loc, its duplicates in dups)
 * through core register c in mode m: a load before insn, or with store
 * a store after it (the insn writes c).  True when the reload insn and
 * insn are then strictly valid: the change joins the group and the
 * reload pl.seqs; else nothing changed. */
static bool try_reload(Plan &pl, rtx_insn *insn, basic_block bb, rtx *loc,
		       const std::vector<std::pair<int, rtx *>> &dups, int i,
		       machine_mode m, int c, bool store)
{
	std::string why;
	int r = pl.t->regs[c].gccno;
	if (!targetm.hard_regno_mode_ok(r, m) || hard_regno_nregs(r, m) != 1)
		return false;
	rtx reg = gen_rtx_REG(m, r);
	rtx x = copy_rtx(*loc);
	rtx_insn *ri = make_insn_raw(store ? gen_rtx_SET(x, reg)
					   : gen_rtx_SET(reg, x));
	if (!check_strict(ri, bb, "reload", 0, &why))
		return false;
	int mark = num_validated_changes();
	validate_change(insn, loc, reg, 1);
	for (auto &d : dups)
		if (d.first == i)
			validate_change(insn, d.second, reg, 1);
	if (!check_strict(insn, bb, "insn", INSN_UID(insn), &why)) {
		cancel_changes(mark);
		return false;
	}
	SET_PREV_INSN(ri) = SET_NEXT_INSN(ri) = nullptr;
	/* a store goes right after insn: the reloads come after the
	 * block's own sequences in pl.seqs, and each emit_insn_after puts
	 * its insns first */
	pl.seqs.push_back({ri, store ? insn : nullptr, nullptr, nullptr,
			   nullptr, store ? nullptr : insn});
	return true;
}

/* For original insn, rewritten but not strictly valid: loads one of its
 * input operands that is memory or a constant into a free register
 * (reload_regs) before it, or else writes one memory output into a free
 * register stored after it, as LRA would, when that makes it strictly
 * valid (a compare of two memory operands, a constant no alternative
 * takes as it is, a zero extension into memory).  The reload goes into
 * pl.seqs; the operand's change joins the group.  False, with nothing
 * changed, when no such reload works. */
static bool reload_operand(Plan &pl, rtx_insn *insn)
{
	auto it = pl.ir_of.find(insn);
	if (it == pl.ir_of.end() || INSN_CODE(insn) < 0)
		return false;
	basic_block bb = BLOCK_FOR_INSN(insn);
	extract_insn(insn);
	int n = recog_data.n_operands;
	std::vector<rtx *> loc(recog_data.operand_loc, recog_data.operand_loc + n);
	std::vector<machine_mode> mode(recog_data.operand_mode,
				       recog_data.operand_mode + n);
	std::vector<int> in(n), out(n);
	for (int i = 0; i < n; i++) {
		in[i] = recog_data.operand_type[i] == OP_IN;
		out[i] = recog_data.operand_type[i] == OP_OUT;
	}
	std::vector<std::pair<int, rtx *>> dups;
	for (int d = 0; d < recog_data.n_dups; d++)
		dups.push_back({recog_data.dup_num[d], recog_data.dup_loc[d]});
	std::vector<int> regs = reload_regs(pl, insn, it->second.first,
					    it->second.second);
	std::string why;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++) {
			rtx x = *loc[i];
			machine_mode m =
				GET_MODE(x) != VOIDmode ? GET_MODE(x) : mode[i];
			bool load = pass == 0 && in[i] &&
				    (MEM_P(x) || CONSTANT_P(x));
			bool store = pass == 1 && out[i] && MEM_P(x);
			if ((!load && !store) || m == VOIDmode)
				continue;
			for (int c : regs)
				if (try_reload(pl, insn, bb, loc[i], dups, i, m, c,
					       store))
					return true;
		}
	return false;
}

bool subst_function(function *fun, Capture *cap, const Fn *a)
{
	Plan pl;
	pl.fun = fun;
	pl.cap = cap;
	pl.a = a;
	pl.t = target_x86_64();
	pl.max_regno = max_reg_num();
	if (const char *why = function_refusal(fun, cap->fn))
		refuse(pl, why);
	if (!cap->sites)
		refuse(pl, "no operand sites from the capture");
	if (pl.why.empty())
		index_function(pl);
	/* the capture's blocks are GCC's; the others split edges */
	std::vector<bool> captured(last_basic_block_for_fn(fun), false);
	for (int b = 0; b < cap->fn->nblk; b++)
		if (cap->fn->blk[b]->id >= 0 &&
		    cap->fn->blk[b]->id < (int)captured.size())
			captured[cap->fn->blk[b]->id] = true;
	for (int b = 0; b < a->nblk && pl.why.empty(); b++) {
		const Blk *blk = a->blk[b];
		basic_block bb = blk->id >= 0 &&
					 blk->id < (int)captured.size() &&
					 captured[blk->id]
					 ? BASIC_BLOCK_FOR_FN(fun, blk->id)
					 : nullptr;
		if (bb)
			plan_block(pl, blk, bb);
		else
			plan_edge_block(pl, blk);
	}
	if (pl.why.empty() && pl.bp_used && !frame_pointer_needed) {
		for (int al : pl.slot_align)
			if (al > (int)INCOMING_STACK_BOUNDARY)
				refuse(pl, "bp allocated and a stack slot that "
					   "needs the stack realigned");
		if (crtl->stack_alignment_estimated > INCOMING_STACK_BOUNDARY)
			refuse(pl, "bp allocated and the stack may be "
				   "realigned (which needs bp)");
	}
	for (size_t k = 0; k < pl.changed.size() && pl.why.empty(); k++) {
		rtx_insn *insn = pl.changed[k];
		std::string why;
		if (!check_strict(insn, BLOCK_FOR_INSN(insn), "insn",
				  INSN_UID(insn), &why) &&
		    !reload_operand(pl, insn))
			refuse(pl, why);
	}
	if (!pl.why.empty()) {
		cancel_changes(0);
		cap->subst_reason = pl.why;
		cap->subst_reg.clear();
		cap->subst_new_before.clear();
		return false;
	}
	confirm_change_group();
	commit(pl);
	if (getenv("SSARA_DEBUG"))
		print_rtl_with_bb(stderr, get_insns(), TDF_NONE);
	cap->substituted = true;
	return true;
}

void subst_free(Capture *cap)
{
	delete cap->sites;
	cap->sites = nullptr;
}
