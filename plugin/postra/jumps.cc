/* jumps.cc - jumps whose label changed (docs/POSTRA.md, "Conditional
 * jumps"): a conditional jump inverted or redirected, a simple jump
 * redirected, compared by where control goes; and the jumps GCC added.
 */
#include "postra.h"

/* Where control goes after reload into post-RA block y, as a capture
 * block index through the blocks that are edges (through_edges); a
 * block the allocator added on an edge (one predecessor and one
 * successor, a capture block: same_cfg) is looked through.  -1 the
 * exit, JT_UNKNOWN otherwise. */
static int post_dest(const Tr &t, basic_block y)
{
	const Fn *o = t.cap->fn;
	if (y == EXIT_BLOCK_PTR_FOR_FN(t.fun))
		return -1;
	if (t.old_of[y->index] < 0) {
		if (!single_succ_p(y))
			return JT_UNKNOWN;
		y = single_succ(y);
		if (y == EXIT_BLOCK_PTR_FOR_FN(t.fun))
			return -1;
		if (t.old_of[y->index] < 0)
			return JT_UNKNOWN;
	}
	int b = fn_block_by_id(o, t.old_of[y->index]);
	int d = b < 0 ? JT_UNKNOWN : through_edges(o, t.skip, b);
	return d == -2 ? JT_UNKNOWN : d;
}

/* Capture block id (GCC index before IRA; -1 the exit) as where control
 * goes from it (through_edges), like post_dest. */
static int cap_dest(const Tr &t, int id)
{
	if (id == -1)
		return -1;
	int b = id == JT_UNKNOWN ? -1 : fn_block_by_id(t.cap->fn, id);
	int d = b < 0 ? JT_UNKNOWN : through_edges(t.cap->fn, t.skip, b);
	return d == -2 ? JT_UNKNOWN : d;
}

/* A conditional jump (set (pc) (if_then_else COND A B)) as a function of
 * COND: where control goes when COND holds (then) and when it does not
 * (other), as capture block indices (cap_dest / post_dest), an arm
 * (label_ref L) being L's block and (pc) the fall-through edge. */
struct JumpSem {
	int cond;         /* node (saved) of COND */
	rtx cond_rtx;     /* COND (post-RA) */
	int then_to, other_to;
};

/* The saved side of captured jump si: false unless its pattern is
 * (set (pc) (if_then_else COND A B)), COND a comparison, each arm a
 * label_ref or (pc), and its targets known. */
static bool saved_jump(const Tr &t, const SavedInsn &si, JumpSem *j)
{
	const std::vector<PNode> &nd = t.s->nodes;
	int set = si.pat;
	if (nd[set].code != SET || nd[set + 1].code != PC)
		return false;
	int ite = nd[set + 1].end;
	if (nd[ite].code != IF_THEN_ELSE)
		return false;
	int c = ite + 1, a = nd[c].end, b = nd[a].end;
	if ((GET_RTX_CLASS((rtx_code)nd[c].code) & RTX_COMPARE_MASK) !=
		    RTX_COMPARE_RESULT ||
	    nd[c].nkid != 2)
		return false;
	int to[2];
	int arm[2] = {a, b};
	for (int k = 0; k < 2; k++) {
		if (nd[arm[k]].code == LABEL_REF)
			to[k] = cap_dest(t, si.jlabel);
		else if (nd[arm[k]].code == PC)
			to[k] = cap_dest(t, si.jfall);
		else
			return false;
		if (to[k] == JT_UNKNOWN)
			return false;
	}
	j->cond = c;
	j->cond_rtx = NULL_RTX;
	j->then_to = to[0];
	j->other_to = to[1];
	return true;
}

/* The post-RA side of jump insn, as saved_jump. */
static bool post_jump(const Tr &t, rtx_insn *insn, JumpSem *j)
{
	rtx p = PATTERN(insn);
	if (GET_CODE(p) != SET || GET_CODE(SET_DEST(p)) != PC ||
	    GET_CODE(SET_SRC(p)) != IF_THEN_ELSE ||
	    !COMPARISON_P(XEXP(SET_SRC(p), 0)))
		return false;
	basic_block bb = BLOCK_FOR_INSN(insn);
	int to[2];
	for (int k = 0; k < 2; k++) {
		rtx x = XEXP(SET_SRC(p), k + 1);
		to[k] = JT_UNKNOWN;
		if (GET_CODE(x) == LABEL_REF) {
			rtx lab = label_ref_label(x);
			basic_block y = LABEL_P(lab) ? BLOCK_FOR_INSN(lab)
						     : nullptr;
			if (y && BB_HEAD(y) == lab)
				to[k] = post_dest(t, y);
		} else if (GET_CODE(x) == PC) {
			edge e = find_fallthru_edge(bb->succs);
			if (e)
				to[k] = post_dest(t, e->dest);
		}
		if (to[k] == JT_UNKNOWN)
			return false;
	}
	j->cond = -1;
	j->cond_rtx = XEXP(SET_SRC(p), 0);
	j->then_to = to[0];
	j->other_to = to[1];
	return true;
}

/* The comparison that holds exactly when cond (a comparison of a
 * MODE_CC register with const0) does not: GCC's own reversal for the
 * CC mode (REVERSE_CONDITION, what invert_jump uses: on x86 the
 * unordered-aware reversal for CCFPmode); UNKNOWN otherwise. */
static rtx_code negated_code(rtx_code code, const_rtx cond)
{
	const_rtx a = XEXP(cond, 0);
	if (!REG_P(a) || GET_MODE_CLASS(GET_MODE(a)) != MODE_CC ||
	    XEXP(cond, 1) != const0_rtx)
		return UNKNOWN;
	return reversed_comparison_code_parts(code, a, XEXP(cond, 1), NULL);
}

int jump_semantics(Tr &t, const SavedInsn &si, rtx_insn *insn,
		   std::string *why)
{
	JumpSem c, p;
	if (!JUMP_P(insn) || !saved_jump(t, si, &c) || !post_jump(t, insn, &p))
		return 0;
	const PNode &cn = t.s->nodes[c.cond];
	rtx pc = p.cond_rtx;
	if (cn.mode != GET_MODE(pc))
		return 0;
	/* The comparison's operands, as match_insn_once would. */
	begin_match(t, si, insn);
	int k0 = c.cond + 1, k1 = t.s->nodes[k0].end;
	if (!match(t, k0, XEXP(pc, 0), OF_USE) ||
	    !match(t, k1, XEXP(pc, 1), OF_USE))
		return 0;
	rtx_code code = (rtx_code)cn.code;
	rtx_code neg = negated_code(code, pc);
	bool same = GET_CODE(pc) == code;
	bool rev = neg != UNKNOWN && GET_CODE(pc) == neg;
	if (same && p.then_to == c.then_to && p.other_to == c.other_to)
		return 1;
	if (rev && p.then_to == c.other_to && p.other_to == c.then_to)
		return 1;
	if (!same && !rev)
		return 0;
	*why = "conditional jump goes to other blocks after reload";
	return -1;
}

int simple_jump_semantics(Tr &t, const SavedInsn &si,
			  rtx_insn *insn, std::string *why)
{
	const std::vector<PNode> &nd = t.s->nodes;
	if (!JUMP_P(insn) || !simplejump_p(insn) || nd[si.pat].code != SET ||
	    nd[si.pat + 1].code != PC ||
	    nd[nd[si.pat + 1].end].code != LABEL_REF)
		return 0;
	rtx lab = JUMP_LABEL(insn);
	basic_block y = lab && LABEL_P(lab) ? BLOCK_FOR_INSN(lab) : nullptr;
	if (!y || BB_HEAD(y) != lab)
		return 0;
	int c = cap_dest(t, si.jlabel);
	int p = post_dest(t, y);
	if (c == JT_UNKNOWN || p == JT_UNKNOWN)
		return 0;
	if (c == p)
		return 1;
	*why = "jump goes to another block after reload";
	return -1;
}

bool block_jump(const Tr &t, const SavedInsn &sv)
{
	const Fn *o = t.cap->fn;
	int bi = fn_block_by_id(o, sv.bb);
	return sv.ins && sv.ins->kind == IK_BRANCH && sv.ins->nops == 0 &&
	       sv.ins->clobbers == 0 && bi >= 0 && o->blk[bi]->nsucc == 1 &&
	       !(o->blk[bi]->succ[0].flags & EF_ABNORMAL) &&
	       o->blk[bi]->last == sv.ins;
}

bool edge_block_jump(const Tr &t, rtx_insn *insn)
{
	int uid = INSN_UID(insn);
	int si = uid < (int)t.s->by_uid.size() ? t.s->by_uid[uid] : -1;
	if (si < 0 || !JUMP_P(insn) || !simplejump_p(insn) ||
	    !single_succ_p(BLOCK_FOR_INSN(insn)))
		return false;
	const SavedInsn &sv = t.s->insns[si];
	int bi = fn_block_by_id(t.cap->fn, sv.bb);
	return block_jump(t, sv) && bi >= 0 && bi < (int)t.skip.size() &&
	       t.skip[bi];
}

bool new_simple_jump(const Tr &t, rtx_insn *insn)
{
	int uid = INSN_UID(insn);
	return JUMP_P(insn) && simplejump_p(insn) &&
	       single_succ_p(BLOCK_FOR_INSN(insn)) &&
	       !(uid < (int)t.s->by_uid.size() && t.s->by_uid[uid] >= 0);
}
