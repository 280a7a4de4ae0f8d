/* remat.cc - recomputed values (docs/POSTRA.md, "Recomputed values"): a
 * new insn that recomputes a pure captured computation, and a captured
 * definition IRA folded into its only use.
 */
#include "postra.h"

/* Whether saved insn sv is a computation of one pseudo without side
 * effects (docs/POSTRA.md "Recomputed values"): its pattern a SET of a
 * pseudo register, alone or with clobbers of hard registers, with no
 * volatile, asm, call or trap node and no soft pointer (MEMs: see
 * readonly_reads); the
 * captured instruction an `ord` without memory effects whose only
 * definition is operand 0, whole.  Executing it again changes nothing
 * but its destination and clobbers. */
/* Whether captured instruction ci is an `ord` without memory effects
 * whose only definition is operand 0, a whole pseudo; with
 * no_pseudo_reads, reading no pseudo either. */
static bool ord_defines_one(const Ins *ci, bool no_pseudo_reads)
{
	if (!ci || ci->kind != IK_ORD || ci->nmem || ci->nops < 1 ||
	    ci->ops[0].kind != OK_PSEUDO ||
	    (ci->ops[0].flags & (OF_DEF | OF_USE)) != OF_DEF ||
	    ci->ops[0].sub_size)
		return false;
	for (int k = 1; k < ci->nops; k++)
		if ((ci->ops[k].flags & OF_DEF) ||
		    (no_pseudo_reads && ci->ops[k].kind == OK_PSEUDO))
			return false;
	return true;
}

static bool pure_computation(const Tr &t, const SavedInsn &sv)
{
	if (!ord_defines_one(sv.ins, false))
		return false;
	const std::vector<PNode> &nd = t.s->nodes;
	int set = sv.pat;
	if (nd[set].code == PARALLEL) {
		if (!parallel_set_clobbers(t, set))
			return false;
		set += 2;
	}
	if (nd[set].code != SET || nd[set + 1].code != REG ||
	    nd[set + 1].regno < FIRST_PSEUDO_REGISTER)
		return false;
	for (int i = sv.pat; i < nd[sv.pat].end; i++)
		switch (nd[i].code) {
		case UNSPEC_VOLATILE:
		case ASM_OPERANDS:
		case ASM_INPUT:
		case CALL:
		case TRAP_IF:
		case PC:
		case SCRATCH:
			return false;
		case REG:
			if (soft_pointer(nd[i].regno))
				return false;
			break;
		default:
			break;
		}
	return true;
}

/* Whether every MEM insn reads is read-only (readonly_mem_p: the
 * constant pool, MEM_READONLY_P at an address constant) and not
 * volatile: reading it again gives what it gave before. */
static bool readonly_reads(rtx_insn *insn)
{
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, PATTERN(insn), ALL)
		if (MEM_P(*iter) &&
		    (MEM_VOLATILE_P(*iter) || !readonly_mem_p(*iter)))
			return false;
	return true;
}

/* Whether some captured definition of pseudo p is a [remat] of the
 * constant at alloc constant location k (a two-operand [remat] whose
 * constant names the same value). */
static bool remat_of_const(const Tr &t, int p, int k)
{
	if (k < 0 || k >= t.alloc->nconst)
		return false;
	const Const &c = t.alloc->konst[k];
	bool found = false;
	each_def(t.cap->fn, p, [&](const Ins *i) {
		if ((i->flags & INS_REMAT) && i->nops == 2 &&
		    op_is_const(&i->ops[1]) &&
		    const_same(i->ops[1].kind, i->ops[1].imm, i->ops[1].sym,
			       c.kind, c.imm, c.sym))
			found = true;
		return !found;
	});
	return found;
}

/* Whether the match in t.binds reads a pseudo from a constant location
 * although no captured definition of that pseudo loads the constant
 * (remat_of_const).  LRA puts a constant in a pseudo's place only for a
 * pseudo equivalent to it; a new insn reading a constant where the
 * candidate reads such another pseudo computes something else (at -O0
 * with a frame pointer, `p = frame + r` becomes `R = r - 48; R = R +
 * bp`: the first insn is no recomputation of an addition of r and a
 * pseudo). */
static bool const_for_other_pseudo(const Tr &t)
{
	for (const Binding &b : t.binds)
		if (!b.def && b.loc.kind == LOC_CONST &&
		    !remat_of_const(t, b.pseudo, b.loc.num))
			return true;
	return false;
}

static int single_def_insn(const Tr &t, int p);

/* Whether saved insn sv is `(set (reg p) (plus F C))`, F a soft
 * pointer and C a constant (a bare copy of F is a [ptrcopy], left to
 * ptr_copy_of), its captured instruction an `ord`
 * without memory effects whose operand 0 is p (defined, whole) and
 * whose other operands name no pseudo: p's value is a frame address. */
static bool frame_address_def(const Tr &t, const SavedInsn &sv)
{
	if (!ord_defines_one(sv.ins, true))
		return false;
	const std::vector<PNode> &nd = t.s->nodes;
	int set = sv.pat;
	if (nd[set].code != SET || nd[set + 1].code != REG ||
	    nd[set + 1].regno < FIRST_PSEUDO_REGISTER)
		return false;
	int x = nd[set + 1].end;
	return nd[x].code == PLUS && nd[x + 1].code == REG &&
	       soft_pointer(nd[x + 1].regno) &&
	       nd[nd[x + 1].end].code == CONST_INT;
}

/* For recomputed: the saved insn that new insn `R = sp/bp [+ C]` (an
 * eliminated frame address) recomputes: a frame_address_def of the
 * pseudo R's ORIGINAL_REGNO names (LRA's hard register for that
 * pseudo, emitted from its REG_EQUIV frame address) whose pattern
 * matches insn (the eliminated address equal to the captured one
 * relative to the argument pointer: elim_equal, match_plus_elim).  -1
 * if none; else t.binds holds the match. */
static int frame_recomputed(Tr &t, rtx_insn *insn, rtx d)
{
	int orig = (int)ORIGINAL_REGNO(d);
	if (orig < FIRST_PSEUDO_REGISTER || orig >= t.s->first_scratch)
		return -1;
	int k = single_def_insn(t, orig);
	if (k < 0 || !frame_address_def(t, t.s->insns[k]) ||
	    t.s->insns[k].ins->ops[0].reg != orig)
		return -1;
	std::string fail = t.fail;
	if (!match_insn(t, t.s->insns[k], insn)) {
		t.binds.clear();
		t.fail = fail;
		return -1;
	}
	return k;
}

int recomputed(Tr &t, rtx_insn *insn, int cur)
{
	rtx set = single_set(insn);
	if (!set)
		return -1;
	rtx d = SET_DEST(set), s = SET_SRC(set);
	if (REG_P(d) && HARD_REGISTER_P(d) && eliminated_p(s) &&
	    REGNO(d) != STACK_POINTER_REGNUM &&
	    !(frame_pointer_needed && REGNO(d) == HARD_FRAME_POINTER_REGNUM))
		return frame_recomputed(t, insn, d);
	if (!REG_P(d) || !HARD_REGISTER_P(d) || REG_P(s) || MEM_P(s) ||
	    CONSTANT_P(s) || GET_CODE(s) == SUBREG || eliminated_p(s) ||
	    !readonly_reads(insn))
		return -1;
	int n = (int)t.s->insns.size();
	/* LRA's register for a pseudo p (its ORIGINAL_REGNO) recomputed
	 * from p's one definition: that one first (pr82052.c `main` at
	 * -march=x86-64-v3 -O2: si [976] = sext(ax), p976 = sext(p975) in
	 * another block, was taken for the block's own p2192 =
	 * sext(p2191), a false violation) */
	int orig = (int)ORIGINAL_REGNO(d);
	if (orig >= FIRST_PSEUDO_REGISTER && orig < t.s->first_scratch) {
		int k = single_def_insn(t, orig);
		if (k >= 0 && pure_computation(t, t.s->insns[k]) &&
		    t.s->insns[k].ins->ops[0].reg == orig &&
		    match_insn(t, t.s->insns[k], insn) &&
		    !const_for_other_pseudo(t))
			return k;
		t.binds.clear();
		t.fail.clear();
	}
	std::vector<const_rtx> regs;
	regs_in(PATTERN(insn), &regs);
	for (int pass = 0; pass < 2; pass++) {
		int best = -1, best_score = -1;
		for (int k = 0; k < n; k++) {
			const SavedInsn &sv = t.s->insns[k];
			if ((sv.bb == cur) != (pass == 0) ||
			    !pure_computation(t, sv))
				continue;
			if (!match_insn(t, sv, insn) || const_for_other_pseudo(t))
				continue;
			int score = hint_score(t, 0, regs);
			if (score > best_score) {
				best = k;
				best_score = score;
			}
		}
		if (best >= 0 && match_insn(t, t.s->insns[best], insn) &&
		    !const_for_other_pseudo(t))
			return best;
	}
	t.binds.clear();
	t.fail.clear();
	return -1;
}

Ins *remat_of(Tr &t, int k, rtx_insn *insn)
{
	const SavedInsn &sv = t.s->insns[k];
	Ins *ins = located_copy(t, sv.ins);
	if (!ins)
		return nullptr;
	for (int j = 0; j < ins->nops; j++)
		if (ins->ops[j].flags & OF_WORD) {
			/* the checker's recomputation reads whole spans */
			unverified(t, "word of a pseudo reloaded alone" +
					      uid_str(sv.uid));
			return nullptr;
		}
	ins->kind = IK_REMAT;
	ins->uid = 0;
	ins->of = sv.uid;
	ins->flags = 0;
	ins->clobbers = clobbered_regs(insn);
	return ins;
}

/* The one captured instruction that defines pseudo p (any operand
 * flagged OF_DEF naming p), as an index of t.s->insns; -1 when none,
 * several, or not saved. */
static int single_def_insn(const Tr &t, int p)
{
	int uid = -1;
	if (!each_def(t.cap->fn, p, [&](const Ins *i) {
		    if (uid >= 0 && uid != i->uid)
			    return false;
		    uid = i->uid;
		    return true;
	    }))
		return -1;
	if (uid < 0 || uid >= (int)t.s->by_uid.size())
		return -1;
	return t.s->by_uid[uid];
}

Ins *folded_def(Tr &t, const SavedInsn &sv, rtx_insn *insn,
		Blk *blk)
{
	const std::vector<PNode> &nd = t.s->nodes;
	rtx set = single_set(insn);
	if (!sv.ins || nd[sv.pat].code != SET || !set)
		return nullptr;
	int dn = sv.pat + 1, sn = nd[dn].end;
	rtx d = SET_DEST(set), e = SET_SRC(set);
	if (nd[dn].code != REG || nd[sn].code != REG ||
	    nd[sn].regno < FIRST_PSEUDO_REGISTER || !REG_P(d) ||
	    !HARD_REGISTER_P(d) || nd[sn].mode != (int)GET_MODE(d) ||
	    REG_P(e) || MEM_P(e) || CONSTANT_P(e) || GET_CODE(e) == SUBREG ||
	    eliminated_p(e) || !readonly_reads(insn))
		return nullptr;
	int p = nd[sn].regno;
	int k = single_def_insn(t, p);
	if (k < 0 || !pure_computation(t, t.s->insns[k]) ||
	    t.s->insns[k].ins->ops[0].reg != p)
		return nullptr;
	std::string fail = t.fail;
	if (!match_insn(t, t.s->insns[k], insn)) {
		t.fail = fail;
		return nullptr;
	}
	Ins *r = remat_of(t, k, insn);
	if (!r)
		return nullptr; /* t.why set */
	begin_match(t, sv, insn);
	if (!match(t, dn, d, OF_DEF) || !bind(t, p, 0, 0, d, OF_USE)) {
		t.fail = fail;
		return nullptr;
	}
	Ins *ins = located_copy(t, sv.ins);
	if (ins)
		ins_append(blk, r);
	return ins;
}
