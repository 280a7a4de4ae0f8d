/* newinsn.cc - new insns (a UID that was not captured: LRA's moves,
 * spills, reloads, remats, and opaque insns) as inserted instructions;
 * and what a block's registers hold after them (soft pointer values,
 * loaded memory, frame addresses, computations, constants, hints), which
 * the matching of later insns reads.
 */
#include "postra.h"

/* ---------------------------------------------------------------- */
/* New insns as inserted instructions.                              */

/* The location of a register or stack slot x written or read by a new
 * insn; LOC_NONE when it is neither. */
static Loc plain_loc(Tr &t, const_rtx x)
{
	if (REG_P(x)) {
		int c = capture_core_reg(REGNO(x));
		if (c >= 0)
			return {LOC_REG, c};
		return {LOC_NONE, 0};
	}
	int64_t off;
	if (stack_mem(t, x, &off) && off != SP_UNKNOWN && off < 0 &&
	    !in_program_mem(t, off, mode_bytes(x)))
		return slot_loc(t, x, 0, mode_bytes(x));
	if (stack_mem(t, x, &off) && off == SP_UNKNOWN)
		t.fail = "stack pointer offset unknown";
	return {LOC_NONE, 0};
}

static Op loc_op(Loc l, int flags, int width)
{
	Op o;
	memset(&o, 0, sizeof o);
	o.kind = OK_LOC;
	o.flags = (uint8_t)flags;
	o.tie = -1;
	o.from = -1;
	o.loc = l;
	o.imm = width;
	return o;
}

RegSet clobbered_regs(rtx_insn *insn)
{
	RegSet s = 0;
	rtx pat = PATTERN(insn);
	if (GET_CODE(pat) != PARALLEL)
		return s;
	for (int k = 0; k < XVECLEN(pat, 0); k++) {
		rtx e = XVECEXP(pat, 0, k);
		if (GET_CODE(e) != CLOBBER || !REG_P(XEXP(e, 0)))
			continue;
		rtx r = XEXP(e, 0);
		int n = hard_regno_nregs(REGNO(r), GET_MODE(r));
		for (int j = 0; j < n; j++) {
			int c = capture_core_reg(REGNO(r) + j);
			if (c >= 0)
				s |= RS_BIT(c);
		}
	}
	return s;
}

struct OpaqueDefs {
	Tr *t;
	std::vector<Op> ops;
	RegSet clobbers;
};

static void opaque_store(rtx dest, const_rtx set, void *data)
{
	OpaqueDefs *d = (OpaqueDefs *)data;
	if (GET_CODE(dest) == SUBREG)
		dest = SUBREG_REG(dest);
	if (REG_P(dest) && REGNO(dest) == STACK_POINTER_REGNUM)
		return; /* sp is tracked by its offset (sp_step) */
	Loc l = plain_loc(*d->t, dest);
	if (l.kind == LOC_NONE)
		return;
	if (GET_CODE(set) == CLOBBER && l.kind == LOC_REG) {
		int n = REG_P(dest) ? hard_regno_nregs(REGNO(dest),
						       GET_MODE(dest))
				    : 1;
		for (int j = 0; j < n; j++) {
			int c = capture_core_reg(REGNO(dest) + j);
			if (c >= 0)
				d->clobbers |= RS_BIT(c);
		}
		return;
	}
	d->ops.push_back(loc_op(l, OF_DEF, mode_bytes(dest)));
}

/* Whether x reads memory that is neither a stack slot nor read-only
 * (the value of a pseudo with a memory equivalence); *what describes
 * it. */
static bool reads_other_memory(Tr &t, const_rtx x, std::string *what)
{
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, x, NONCONST) {
		const_rtx m = *iter;
		if (!MEM_P(m) || readonly_mem_p(m))
			continue;
		int64_t off;
		if (stack_mem(t, m, &off)) {
			if (off != SP_UNKNOWN &&
			    (off >= 0 || in_program_mem(t, off, mode_bytes(m)))) {
				*what = "pseudo replaced by memory equivalence " +
					argp_str(off);
				return true;
			}
			continue;
		}
		*what = "reload from a memory equivalence";
		return true;
	}
	return false;
}

/* An exchange of two registers, (parallel [(set a b) (set b a)]) with a
 * and b registers of one mode (x86's xchg, which a substituted
 * allocation emits for a cycle of copies): a swap of their locations;
 * nullptr for any other pattern. */
static Ins *swap_insn(Tr &t, rtx pat)
{
	if (GET_CODE(pat) != PARALLEL || XVECLEN(pat, 0) != 2)
		return nullptr;
	rtx s0 = XVECEXP(pat, 0, 0), s1 = XVECEXP(pat, 0, 1);
	if (GET_CODE(s0) != SET || GET_CODE(s1) != SET)
		return nullptr;
	rtx a = SET_DEST(s0), b = SET_SRC(s0);
	if (!REG_P(a) || !REG_P(b) || GET_MODE(a) != GET_MODE(b) ||
	    !rtx_equal_p(SET_DEST(s1), b) || !rtx_equal_p(SET_SRC(s1), a))
		return nullptr;
	Loc la = plain_loc(t, a), lb = plain_loc(t, b);
	if (la.kind != LOC_REG || lb.kind != LOC_REG)
		return nullptr;
	Ins *ins = ins_new(t.alloc, IK_SWAP, 2);
	ins->ops[0] = loc_op(la, OF_USE | OF_DEF, mode_bytes(a));
	ins->ops[1] = loc_op(lb, OF_USE | OF_DEF, mode_bytes(b));
	return ins;
}

Ins *new_insn(Tr &t, rtx_insn *insn, bool opaque)
{
	rtx set = opaque ? NULL_RTX : single_set(insn);
	t.fail.clear();
	if (set) {
		std::string what;
		rtx d = SET_DEST(set), s = SET_SRC(set);
		if (MEM_P(s) && REG_P(d) && reads_other_memory(t, s, &what)) {
			/* A load from memory the allocation does not model:
			 * opaque; an original insn may read the register for
			 * its memory operand (match, t.mem_src). */
			Loc l = plain_loc(t, d);
			int mk = mem_equiv_const(t, s);
			if (l.kind == LOC_REG && mk >= 0) {
				/* a load from modelled memory (a reload from
				 * a memory equivalence): a remat from it */
				Ins *ins = ins_new(t.alloc, IK_REMAT, 2);
				ins->ops[0] = loc_op(l, OF_DEF, mode_bytes(d));
				ins->ops[1] = loc_op({LOC_CONST, mk}, OF_USE,
						     mode_bytes(s));
				ins->clobbers = clobbered_regs(insn);
				t.pending_mem = s;
				return ins;
			}
			if (l.kind == LOC_REG) {
				Ins *ins = ins_new(t.alloc, IK_OPAQUE, 1);
				ins->ops[0] = loc_op(l, OF_DEF, mode_bytes(d));
				ins->clobbers = clobbered_regs(insn);
				t.pending_mem = s;
				t.pending_insn = insn;
				int c = l.num;
				t.pending_prev_bad =
					c < 0 || c >= TGT_NREGS || t.addr_val[c] ||
					t.calc_val[c] || t.mem_src[c];
				return ins;
			}
		}
		if (reads_other_memory(t, SET_SRC(set), &what)) {
			unverified(t, what + uid_str(INSN_UID(insn)));
			return nullptr;
		}
		if (REG_P(d) && HARD_REGISTER_P(d) &&
		    (CONST_INT_P(s) || CONST_DOUBLE_P(s) ||
		     CONST_WIDE_INT_P(s) || GET_CODE(s) == SYMBOL_REF || GET_CODE(s) == CONST ||
		     GET_CODE(s) == LABEL_REF || readonly_mem_p(s)))
			t.pending_const = set;
		Loc ld = plain_loc(t, d);
		Loc ls = plain_loc(t, s);
		int kind = -1;
		if (ld.kind == LOC_REG && eliminated_p(s) &&
		    !(REG_P(d) && REGNO(d) == STACK_POINTER_REGNUM))
			t.pending_addr = true;
		else if (ld.kind == LOC_REG && !REG_P(s) && !MEM_P(s) &&
			 !CONSTANT_P(s) && GET_CODE(s) != SUBREG)
			t.pending_calc = true;
		int soft = ld.kind == LOC_REG ? soft_pointer_value(t, s) : -1;
		if (soft >= 0)
			ls = {LOC_REG, soft};
		if (ld.kind == LOC_REG && ls.kind == LOC_REG)
			kind = IK_MOVE;
		else if (ld.kind == LOC_REG && ls.kind == LOC_SLOT)
			kind = IK_RELOAD;
		else if (ld.kind == LOC_SLOT && ls.kind == LOC_REG)
			kind = IK_SPILL;
		else if (ld.kind == LOC_REG && ls.kind == LOC_NONE &&
			 (CONSTANT_P(s) || readonly_mem_p(s))) {
			int k = MEM_P(s) ? mem_const(t, s)
					 : const_of(t, s, OK_SYM);
			if (k >= 0) {
				ls = {LOC_CONST, k};
				kind = IK_REMAT;
			}
		}
		if (!t.fail.empty()) {
			unverified(t, t.fail + uid_str(INSN_UID(insn)));
			return nullptr;
		}
		if (kind >= 0 && (kind != IK_MOVE || ld.num != R_SP)) {
			Ins *ins = ins_new(t.alloc, kind, 2);
			ins->ops[0] = loc_op(ld, OF_DEF, mode_bytes(d));
			ins->ops[1] = loc_op(ls, OF_USE,
					     GET_MODE(s) == VOIDmode
						     ? mode_bytes(d)
						     : mode_bytes(s));
			ins->clobbers = clobbered_regs(insn);
			return ins;
		}
	}
	if (Ins *sw = swap_insn(t, PATTERN(insn)))
		return sw;
	OpaqueDefs od;
	od.t = &t;
	od.clobbers = 0;
	note_stores(insn, opaque_store, &od);
	if (!t.fail.empty()) {
		unverified(t, t.fail + uid_str(INSN_UID(insn)));
		return nullptr;
	}
	Ins *ins = ins_new(t.alloc, IK_OPAQUE, (int)od.ops.size());
	for (size_t k = 0; k < od.ops.size(); k++)
		ins->ops[k] = od.ops[k];
	ins->clobbers = od.clobbers;
	return ins;
}

/* ---------------------------------------------------------------- */
/* Neighbouring insns; an x87 constant extended through a slot.     */

rtx_insn *next_real(rtx_insn *insn)
{
	basic_block bb = BLOCK_FOR_INSN(insn);
	for (rtx_insn *n = NEXT_INSN(insn); n && BLOCK_FOR_INSN(n) == bb;
	     n = NEXT_INSN(n))
		if (NONDEBUG_INSN_P(n))
			return n;
	return nullptr;
}

/* The previous non-debug insn of insn's block, or NULL. */
static rtx_insn *prev_real(rtx_insn *insn)
{
	basic_block bb = BLOCK_FOR_INSN(insn);
	for (rtx_insn *n = PREV_INSN(insn); n && BLOCK_FOR_INSN(n) == bb;
	     n = PREV_INSN(n))
		if (NONDEBUG_INSN_P(n))
			return n;
	return nullptr;
}

/* Whether insn's UID was not captured (a new insn). */
static bool uncaptured(const Tr &t, const rtx_insn *insn)
{
	int uid = INSN_UID(insn);
	return !(uid < (int)t.s->by_uid.size() && t.s->by_uid[uid] >= 0);
}

rtx extended_const(const Tr &t, rtx_insn *i3)
{
	rtx_insn *i2 = prev_real(i3);
	rtx_insn *i1 = i2 ? prev_real(i2) : nullptr;
	if (!i1 || !uncaptured(t, i3) || !uncaptured(t, i2) ||
	    !uncaptured(t, i1))
		return NULL_RTX;
	rtx p1 = PATTERN(i1), p2 = PATTERN(i2), p3 = PATTERN(i3);
	if (GET_CODE(p1) != SET || GET_CODE(p2) != SET || GET_CODE(p3) != SET ||
	    side_effects_p(p1) || side_effects_p(p2) || side_effects_p(p3))
		return NULL_RTX;
	rtx r = SET_DEST(p3), m = SET_SRC(p3);
	machine_mode mm = GET_MODE(r);
	if (!REG_P(r) || !HARD_REGISTER_P(r) || !MEM_P(m) ||
	    GET_MODE(m) != mm || !SCALAR_FLOAT_MODE_P(mm) ||
	    DECIMAL_FLOAT_MODE_P(mm) ||
	    !rtx_equal_p(SET_DEST(p2), m))
		return NULL_RTX;
	rtx ext = SET_SRC(p2);
	if (GET_CODE(ext) != FLOAT_EXTEND || GET_MODE(ext) != mm ||
	    !REG_P(XEXP(ext, 0)) || !REG_P(SET_DEST(p1)) ||
	    REGNO(SET_DEST(p1)) != REGNO(XEXP(ext, 0)) ||
	    GET_MODE(SET_DEST(p1)) != GET_MODE(XEXP(ext, 0)))
		return NULL_RTX;
	machine_mode nm = GET_MODE(XEXP(ext, 0));
	rtx k = SET_SRC(p1);
	if (MEM_P(k) && readonly_mem_p(k))
		k = avoid_constant_pool_reference(k);
	if (!CONST_DOUBLE_P(k) || GET_MODE(k) != nm ||
	    REAL_VALUE_ISNAN(*CONST_DOUBLE_REAL_VALUE(k)))
		return NULL_RTX;
	rtx k2 = simplify_const_unary_operation(FLOAT_EXTEND, mm, k, nm);
	if (!k2 || !CONST_DOUBLE_P(k2))
		return NULL_RTX;
	return gen_rtx_SET(r, k2);
}

/* ---------------------------------------------------------------- */
/* What the block's registers hold.                                 */

void forget_moved_addresses(Tr &t, rtx_insn *insn)
{
	for (RegSet m = t.mem_any; m; m &= m - 1) {
		int c = regset_first(m);
		if (!t.mem_src[c] || t.mem_insn[c] == insn)
			continue; /* the load itself: its address was read first */
		subrtx_iterator::array_type array;
		FOR_EACH_SUBRTX(it, array, XEXP(t.mem_src[c], 0), NONCONST) {
			if (REG_P(*it) && reg_set_p(*it, insn)) {
				if (getenv("SSARA_DEBUG"))
					fprintf(stderr, "ssara-debug: uid %d "
						"writes the address of the "
						"memory loaded into %s\n",
						INSN_UID(insn),
						target_x86_64()->regs[c].name);
				t.mem_src[c] = NULL_RTX;
				break;
			}
		}
	}
}

/* The register operand o names: its hard register, or the register it
 * is located in; -1 for anything else. */
static int op_reg(const Op &o)
{
	return o.kind == OK_HREG ? o.reg
	       : o.loc.kind == LOC_REG ? o.loc.num
				       : -1;
}

/* Every register instruction i writes: its clobbers and each located
 * definition with all the general registers its width spans (a 16-byte
 * value at ax is ax and dx). */
static RegSet written_span(const Tr &t, const Ins *i)
{
	RegSet s = i->clobbers;
	for (int k = 0; k < i->nops; k++) {
		const Op &o = i->ops[k];
		if (!(o.flags & OF_DEF))
			continue;
		int r = op_reg(o);
		if (r < 0 || r >= TGT_NREGS)
			continue;
		int w = 8;
		if (o.kind == OK_LOC && o.imm > 0)
			w = (int)o.imm;
		else if (o.kind == OK_PSEUDO && o.reg < t.cap->fn->npseudo)
			w = t.cap->fn->pseudo[o.reg].size;
		int n = r < 16 ? (w + 7) / 8 : 1;
		for (int j = 0; j < n && r + j < 16; j++)
			s |= RS_BIT(r + j);
		s |= RS_BIT(r);
	}
	return s;
}

/* Updates t.known_reg / t.known_slot for instruction i appended to the
 * allocation (a hint, see Tr.known_reg). */
static void note_known(Tr &t, const Ins *i)
{
	int val = -1, dst = -1;
	Loc dl = {LOC_NONE, 0};
	if (i->uid == 0 && i->nops == 2 &&
	    (i->kind == IK_MOVE || i->kind == IK_RELOAD ||
	     i->kind == IK_SPILL || i->kind == IK_REMAT)) {
		Loc sl = i->ops[1].loc;
		val = sl.kind == LOC_CONST ? -2 - sl.num : known_at(t, sl);
		dl = i->ops[0].loc;
		dst = 0;
	}
	for (RegSet cl = i->clobbers; cl; cl &= cl - 1)
		t.known_reg[regset_first(cl)] = -1;
	for (int k = 0; k < i->nops; k++) {
		const Op &o = i->ops[k];
		if (!(o.flags & OF_DEF) || k == dst)
			continue;
		Loc l = o.loc;
		if (o.kind == OK_HREG)
			l = {LOC_REG, o.reg};
		int v = i->uid && o.kind == OK_PSEUDO && !o.sub_size ? o.reg
								      : -1;
		if (l.kind == LOC_REG && l.num >= 0 && l.num < TGT_NREGS)
			t.known_reg[l.num] = v;
		else if (l.kind == LOC_SLOT)
			t.known_slot[l.num] = v;
	}
	if (dl.kind == LOC_REG && dl.num >= 0 && dl.num < TGT_NREGS)
		t.known_reg[dl.num] = val;
	else if (dl.kind == LOC_SLOT)
		t.known_slot[dl.num] = val;
}

void note_soft_values(Tr &t, const Ins *i)
{
	/* a register i clobbers or writes holds neither a soft value nor
	 * a load's memory any more */
	for (RegSet cl = i->clobbers; cl; cl &= cl - 1) {
		int c = regset_first(cl);
		t.soft_val[c] = -1;
		t.mem_src[c] = NULL_RTX;
	}
	for (int k = 0; k < i->nops; k++) {
		const Op &o = i->ops[k];
		if (!(o.flags & OF_DEF))
			continue;
		int r = op_reg(o);
		if (r >= 0 && r < TGT_NREGS) {
			t.soft_val[r] = -1;
			t.mem_src[r] = NULL_RTX;
		}
	}
	if (t.pending_mem && (i->kind == IK_OPAQUE || i->kind == IK_REMAT)) {
		int c = i->ops[0].loc.num;
		t.mem_src[c] = t.pending_mem;
		t.mem_any |= RS_BIT(c);
		t.mem_insn[c] = t.pending_insn;
		t.mem_ins[c] = const_cast<Ins *>(i);
		t.mem_prev_bad[c] = i->kind != IK_OPAQUE || t.pending_prev_bad;
	}
	t.pending_mem = NULL_RTX;
	t.pending_insn = nullptr;
	t.pending_prev_bad = false;
	RegSet w = written_span(t, i);
	for (RegSet m = t.const_any; m; m &= m - 1) {
		int c = regset_first(m);
		rtx cs = t.const_src[c];
		if (!cs)
			continue;
		int n = hard_regno_nregs(REGNO(SET_DEST(cs)),
					 GET_MODE(SET_DEST(cs)));
		for (int j = 0; j < n; j++) {
			int r = capture_core_reg(REGNO(SET_DEST(cs)) + j);
			if (r < 0 || RS_HAS(w, r))
				t.const_src[c] = NULL_RTX;
		}
	}
	if (t.pending_const && (i->kind == IK_REMAT || i->kind == IK_OPAQUE) &&
	    i->nops > 0 && i->ops[0].loc.kind == LOC_REG &&
	    i->ops[0].loc.num == capture_core_reg(REGNO(SET_DEST(t.pending_const)))) {
		t.const_src[i->ops[0].loc.num] = t.pending_const;
		t.const_any |= RS_BIT(i->ops[0].loc.num);
	}
	t.pending_const = NULL_RTX;
	RegSet wr = writes_regs(i);
	for (RegSet x = wr; x; x &= x - 1) {
		t.addr_val[regset_first(x)] = false;
		t.calc_val[regset_first(x)] = false;
	}
	if (t.pending_addr && i->nops > 0 && i->ops[0].loc.kind == LOC_REG)
		t.addr_val[i->ops[0].loc.num] = true;
	t.pending_addr = false;
	if (t.pending_calc && i->kind == IK_OPAQUE)
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].loc.kind == LOC_REG)
				t.calc_val[i->ops[k].loc.num] = true;
	t.pending_calc = false;
	if (i->kind == IK_MOVE && i->ops[0].loc.kind == LOC_REG &&
	    i->ops[1].loc.kind == LOC_REG &&
	    (i->ops[1].loc.num == capture_core_reg(ARG_POINTER_REGNUM) ||
	     i->ops[1].loc.num == capture_core_reg(FRAME_POINTER_REGNUM)))
		t.soft_val[i->ops[0].loc.num] = i->ops[1].loc.num;
	note_known(t, i);
}

RegSet writes_regs(const Ins *i)
{
	RegSet s = i->clobbers;
	for (int k = 0; k < i->nops; k++)
		if ((i->ops[k].flags & OF_DEF) && i->ops[k].loc.kind == LOC_REG)
			s |= RS_BIT(i->ops[k].loc.num);
	return s;
}
