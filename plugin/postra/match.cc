/* match.cc - matching a saved pattern against the post-RA one node by
 * node, binding pseudos (bind.cc), and accepting what elimination,
 * registers loaded by new insns, chains of sums and GCC's folding of
 * constants change without changing the computation.
 */
#include "postra.h"

/* Whether saved node i is (plus SOFT (const_int C)), SOFT the frame or
 * argument pointer. */
static bool soft_pointer_plus(Tr &t, int i)
{
	const PNode &n = t.s->nodes[i];
	if (n.code != PLUS || n.nkid != 2)
		return false;
	const PNode &a = t.s->nodes[i + 1];
	const PNode &b = t.s->nodes[a.end];
	return a.code == REG && soft_pointer(a.regno) && b.code == CONST_INT;
}

bool parallel_set_clobbers(const Tr &t, int i)
{
	const PNode &n = t.s->nodes[i];
	const PNode &v = t.s->nodes[i + 1];
	if (n.nkid != 1 || v.code != VEC_CODE || v.nkid < 2 ||
	    t.s->nodes[i + 2].code != SET)
		return false;
	for (int k = t.s->nodes[i + 2].end; k < v.end; k = t.s->nodes[k].end)
		if (t.s->nodes[k].code != CLOBBER ||
		    t.s->nodes[k + 1].code != REG ||
		    t.s->nodes[k + 1].regno >= FIRST_PSEUDO_REGISTER)
			return false;
	return true;
}

/* Saved constant or memory node i against register x that a new insn
 * loaded with a constant or read-only memory (t.const_src), in x's
 * mode, nothing writing its registers since in this block: x holds the
 * saved operand's value when the saved node is that same constant (a
 * constant-pool entry counts as the constant GCC emits there) or that
 * same read-only memory (matched node by node). */
static bool match_loaded_const(Tr &t, int i, const_rtx x, int role)
{
	const PNode &n = t.s->nodes[i];
	rtx set = t.const_src[capture_core_reg(REGNO(x))];
	rtx src = SET_SRC(set);
	if (REGNO(SET_DEST(set)) != REGNO(x) ||
	    GET_MODE(SET_DEST(set)) != GET_MODE(x))
		return false;
	if (n.code == MEM)
		return MEM_P(src) && match(t, i, src, role);
	if (MEM_P(src))
		src = avoid_constant_pool_reference(src);
	/* Constants have no registers: matching binds nothing. */
	return CONSTANT_P(src) && match(t, i, src, role);
}

/* Saved sum i (one soft pointer, other terms, a constant) against
 * post-RA sum x in which elimination replaced the soft pointer by sp or
 * the hard frame pointer, regrouped the terms and folded the constants
 * (base + index*s + frame - 48 become base + index*s + sp): the other
 * terms must match one to one, in order or (two of them) exchanged, and
 * the two sums must be equal given where the pointers are relative to
 * the argument pointer here (frame = argp + frame_argp, sp = argp +
 * sp_delta - e_sp, hard frame pointer = argp - e_fp).  Binds pseudos. */
static bool match_plus_elim(Tr &t, int i, const_rtx x, int role)
{
	ElimSum e;
	if (!elim_terms(t, i, x, &e) || e.srest.size() != e.prest.size() ||
	    e.srest.size() > 2)
		return false;
	const std::vector<int> &srest = e.srest;
	const std::vector<const_rtx> &prest = e.prest;
	int64_t sc = e.sc, pc = e.pc;
	int64_t soft_rel = t.s->nodes[e.soft[0]].regno == FRAME_POINTER_REGNUM
				   ? t.frame_argp
				   : 0;
	int64_t elim_rel = SP_UNKNOWN;
	argp_offset(t, e.elim[0], &elim_rel);
	if (elim_rel == SP_UNKNOWN) {
		t.fail = "stack pointer offset unknown";
		return false;
	}
	bool equal = sc + soft_rel == pc + elim_rel;
	if (!equal && (!t.loose_frame || has_tracked(t, x)))
		/* loose: not when a term is a register a chain of new insns
		 * computed, whose content may make up the difference
		 * (match_tracked decides those exactly) */
		return false;
	size_t mark = t.binds.size();
	size_t cmark = t.comm.size();
	size_t mmark = t.memops.size();
	int scr = t.next_scratch;
	for (int swap = 0; swap < (srest.size() == 2 ? 2 : 1); swap++) {
		bool ok = true;
		for (size_t k = 0; k < srest.size() && ok; k++)
			ok = match(t, srest[k],
				   prest[swap ? srest.size() - 1 - k : k], role);
		if (ok) {
			t.elim = true;
			if (!equal) /* loose: noted once the rest matched */
				same_offset(t, sc + soft_rel, pc + elim_rel);
			return true;
		}
		if (!t.fail.empty())
			return false;
		t.binds.resize(mark);
		t.comm.resize(cmark);
		t.memops.resize(mmark);
		t.next_scratch = scr;
	}
	return false;
}

/* Saved node i, a Pmode sum of at most one soft pointer, other terms
 * and constants (or a soft pointer alone), against post-RA x (a
 * register or a Pmode sum) reading registers that a chain of new insns
 * of this block computed (t.sum): with those registers replaced by
 * their sums, x must have as many argument-pointer terms as i has soft
 * pointers, the same value (constants and pointers relative to argp;
 * with loose and t.loose_frame another value is taken and noted, as in
 * match_plus_elim) and its other terms must match i's one to one (in
 * order or, two of them, exchanged).  Binds pseudos, at the registers
 * the chain read.  Proof: the chain's arithmetic is exact (track_sums),
 * nothing wrote those registers since, so x's value is the saved sum's
 * with each pseudo at its register. */
static bool match_tracked(Tr &t, int i, const_rtx x, int role, bool loose)
{
	const PNode &n = t.s->nodes[i];
	if ((machine_mode)n.mode != Pmode || GET_MODE(x) != Pmode)
		return false;
	int64_t sc = 0;
	std::vector<int> soft, srest;
	saved_terms(t, i, n.mode, &sc, &soft, &srest);
	RegSum v;
	bool expanded = false;
	if (!add_terms(t, x, true, &v, &expanded) || !expanded ||
	    soft.size() > 1 || (int)soft.size() != v.nptr ||
	    srest.size() != v.raw.size() || srest.size() > 2)
		return false;
	uint64_t pre = (uint64_t)sc;
	if (!soft.empty() &&
	    t.s->nodes[soft[0]].regno == FRAME_POINTER_REGNUM)
		pre += (uint64_t)t.frame_argp;
	bool equal = pre == v.c;
	if (!equal && (soft.empty() || !loose || !t.loose_frame))
		return false;
	size_t mark = t.binds.size(), smark = t.soft_in.size();
	size_t cmark = t.comm.size();
	int scr = t.next_scratch;
	for (int swap = 0; swap < (srest.size() == 2 ? 2 : 1); swap++) {
		bool ok = true;
		bool was = t.in_tracked;
		t.in_tracked = true;
		for (size_t k = 0; k < srest.size() && ok; k++)
			ok = match(t, srest[k],
				   v.raw[swap ? srest.size() - 1 - k : k], role);
		t.in_tracked = was;
		if (ok) {
			t.elim = t.elim || !soft.empty();
			if (!equal)
				same_offset(t, (int64_t)pre, (int64_t)v.c);
			return true;
		}
		if (!t.fail.empty())
			break;
		t.binds.resize(mark);
		t.soft_in.resize(smark);
		t.comm.resize(cmark);
		t.next_scratch = scr;
	}
	t.binds.resize(mark);
	t.soft_in.resize(smark);
	t.comm.resize(cmark);
	t.next_scratch = scr;
	return false;
}

/* After another match of saved sum i against x failed (its bindings
 * from marks mark, smark, cmark, scr dropped here): match_tracked when
 * x reads a tracked register; its failure keeps the first one's
 * reason. */
static bool retry_tracked(Tr &t, int i, const_rtx x, int role, size_t mark,
			  size_t smark, size_t cmark, int scr)
{
	if (!has_tracked(t, x))
		return false;
	std::string fail = t.fail;
	t.binds.resize(mark);
	t.soft_in.resize(smark);
	t.comm.resize(cmark);
	t.next_scratch = scr;
	t.fail.clear();
	if (match_tracked(t, i, x, role, true))
		return true;
	if (t.fail.empty())
		t.fail = fail;
	return false;
}

/* Matches the children of saved node i against x's operands in order
 * (swap: the first two exchanged). */
static bool match_kids(Tr &t, int i, const_rtx x, int role, bool swap)
{
	const PNode &n = t.s->nodes[i];
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	/* The 'e' operands paired with their saved nodes: on the stack for
	 * the usual few, in the heap for a long PARALLEL. */
	struct Kid { /* no constructor: the buffer is not cleared */
		int first;
		const_rtx second;
	};
	Kid exbuf[16];
	std::vector<Kid> exheap;
	size_t nex = 0;
	auto push = [&](int node, const_rtx sub) {
		if (nex < 16) {
			exbuf[nex++] = {node, sub};
			return;
		}
		if (exheap.empty())
			exheap.assign(exbuf, exbuf + 16);
		exheap.push_back({node, sub});
		nex++;
	};
	int kid = i + 1; /* the next saved child (t.s->nodes[].end chains) */
	for (int k = 0; k < GET_RTX_LENGTH(GET_CODE(x)); k++) {
		if (fmt[k] == 'e' && XEXP(x, k)) {
			if (kid >= n.end)
				return false;
			push(kid, XEXP(x, k));
			kid = t.s->nodes[kid].end;
		} else if (fmt[k] == 'E' || fmt[k] == 'V') {
			if (kid >= n.end)
				return false;
			int v = kid;
			kid = t.s->nodes[kid].end;
			const PNode &vn = t.s->nodes[v];
			if (vn.code != VEC_CODE)
				return false;
			int len = XVEC(x, k) ? XVECLEN(x, k) : 0;
			if (len != vn.nkid)
				return false;
			int j = 0;
			for (int c = v + 1; c < vn.end;
			     c = t.s->nodes[c].end, j++)
				push(c, XVECEXP(x, k, j));
		}
	}
	if (kid < n.end)
		return false;
	Kid *ex = nex > 16 ? exheap.data() : exbuf;
	if (swap && nex >= 2)
		std::swap(ex[0].second, ex[1].second);
	/* Roles: a SET's destination is a def, a CLOBBER's too, the
	 * register under a STRICT_LOW_PART or an extract destination is
	 * read and written; addresses are read. */
	int code = GET_CODE(x);
	for (size_t k = 0; k < nex; k++) {
		int r = role;
		if (code == SET)
			r = k == 0 ? OF_DEF : OF_USE;
		else if (code == CLOBBER)
			r = OF_DEF;
		else if (code == MEM)
			r = OF_USE;
		else if (code == STRICT_LOW_PART ||
			 ((code == ZERO_EXTRACT || code == SIGN_EXTRACT) &&
			  (role & OF_DEF)))
			r = k == 0 ? (OF_USE | OF_DEF) : OF_USE;
		else if (code == PRE_DEC || code == PRE_INC ||
			 code == POST_DEC || code == POST_INC ||
			 code == PRE_MODIFY || code == POST_MODIFY)
			r = OF_USE | OF_DEF;
		else if (role & OF_DEF)
			r = role; /* a PARALLEL of destinations */
		if (!match(t, ex[k].first, ex[k].second, r))
			return false;
	}
	return true;
}

/* Whether post-RA x, found where the saved pseudo (or subreg of one, or
 * scratch) node n was, is accessed in n's mode: a register or memory of
 * another mode reads or writes other bytes (`(zero_extend:DI (reg:HI
 * ax))` for `(zero_extend:DI (reg:SI p))`); a constant (VOIDmode) takes
 * its context's mode. */
static bool same_width(const PNode &n, const_rtx x)
{
	return GET_MODE(x) == VOIDmode || GET_MODE(x) == (machine_mode)n.mode;
}

/* Saved node i is (sign_extend:M (reg:N p)) or (zero_extend:M (reg:N
 * p)), p a pseudo, read, and x the CONST_INT GCC folded it to (IRA
 * substitutes a pseudo's constant equivalence and simplifies): binds p
 * at the constant c' of mode N whose extension to M is x, when there is
 * one; the checker then proves p holds c' there.  Proof: extending c'
 * gives x, so when p = c' the captured computation yields x. */
static bool match_folded_extend(Tr &t, int i, const_rtx x, int role)
{
	const PNode &n = t.s->nodes[i];
	const PNode &r = t.s->nodes[i + 1];
	scalar_int_mode om, im;
	if ((role & OF_DEF) || !CONST_INT_P(x) ||
	    (n.code != SIGN_EXTEND && n.code != ZERO_EXTEND) || n.nkid != 1 ||
	    r.code != REG || r.regno < FIRST_PSEUDO_REGISTER ||
	    !is_a<scalar_int_mode>((machine_mode)n.mode, &om) ||
	    !is_a<scalar_int_mode>((machine_mode)r.mode, &im) ||
	    GET_MODE_PRECISION(om) > HOST_BITS_PER_WIDE_INT ||
	    GET_MODE_PRECISION(im) >= GET_MODE_PRECISION(om))
		return false;
	HOST_WIDE_INT c = INTVAL(x);
	HOST_WIDE_INT inner = trunc_int_for_mode(c, im);
	HOST_WIDE_INT ext = inner;
	if (n.code == ZERO_EXTEND)
		ext = trunc_int_for_mode(
			(HOST_WIDE_INT)((unsigned HOST_WIDE_INT)inner &
					GET_MODE_MASK(im)),
			om);
	if (ext != c)
		return false;
	return bind(t, r.regno, 0, 0, GEN_INT(inner), OF_USE);
}

/* Captured hard register node n (not a soft pointer) against post-RA x:
 * true when x is the same register, or when n is a general register
 * only read here (role OF_USE) and x another general register of its
 * mode that LRA read instead (a tied input: `*rep_movsi` needs sp's
 * value in di, and LRA copies sp into di and names di in the pattern,
 * match_dup included).  The pair (n, x) goes to t.soft_in, so the
 * operand is located at x and the checker demands that x hold n's
 * value there (as for a soft pointer read from a register); each
 * occurrence of n in the insn must be at one register (a pair (n, n)
 * is recorded for a match in place), else the operand list could not
 * say where each is read: false, with t.fail. */
static bool hard_use_at(Tr &t, const PNode &n, const_rtx x, int role)
{
	if (!REG_P(x) || !HARD_REGISTER_P(x))
		return false;
	int h = capture_core_reg(n.regno), r = capture_core_reg(REGNO(x));
	bool same = (int)REGNO(x) == n.regno;
	if (!same &&
	    (role != OF_USE || h < 0 || r < 0 ||
	     GET_MODE(x) != (machine_mode)n.mode ||
	     !TEST_HARD_REG_BIT(reg_class_contents[GENERAL_REGS], n.regno) ||
	     !TEST_HARD_REG_BIT(reg_class_contents[GENERAL_REGS],
				REGNO(x))))
		return false;
	if (h < 0)
		return same;
	for (auto &e : t.soft_in)
		if (e.first == h && e.second != (same ? h : r)) {
			t.fail = "hard register read at two registers";
			return false;
		}
	t.soft_in.push_back({h, same ? h : r});
	return true;
}

/* Undoes what matching recorded since the marks: bindings, soft
 * inputs, commutative choices and memory operands back to the sizes
 * they had. */
static void undo_match(Tr &t, size_t mark, size_t smark, size_t cmark,
		       size_t mmark)
{
	t.binds.resize(mark);
	t.soft_in.resize(smark);
	t.comm.resize(cmark);
	t.memops.resize(mmark);
}

/* Saved MEM node i read, after reload, from hard register x that no new
 * insn loaded with that memory (match's other cases failed): when
 * exactly one register c holds a loaded memory operand (mem_src, an
 * opaque load) that matches node i in x's mode, the insn is taken as
 * reading that memory from x, with the address bound as c's load reads
 * it, and x noted (t.memops) so that the checker demands that x hold
 * what c's load read (docs/POSTRA.md "Loaded memory operands"): a
 * register holding anything else is a violation there.  False (nothing
 * bound) otherwise. */
static bool match_other_loaded(Tr &t, int i, const_rtx x, int role)
{
	int r = capture_core_reg(REGNO(x)), found = -1;
	for (RegSet m = t.mem_any; m; m &= m - 1) {
		int c = regset_first(m);
		if (c == r || !t.mem_src[c] || !t.mem_ins[c] ||
		    t.mem_ins[c]->kind != IK_OPAQUE ||
		    GET_MODE(t.mem_src[c]) != GET_MODE(x) ||
		    mem_equiv_const(t, t.mem_src[c]) >= 0)
			continue;
		size_t mark = t.binds.size(), smark = t.soft_in.size();
		size_t cmark = t.comm.size(), mmark = t.memops.size();
		int scr = t.next_scratch, was = t.in_mem_src, ms = t.mem_self;
		t.in_mem_src = c;
		bool ok = match(t, i, t.mem_src[c], role) && t.mem_self == ms;
		t.in_mem_src = was;
		undo_match(t, mark, smark, cmark, mmark);
		t.next_scratch = scr;
		t.mem_self = ms;
		t.fail.clear();
		if (ok) {
			if (found >= 0)
				return false; /* two candidates */
			found = c;
		}
	}
	if (found < 0)
		return false;
	int was = t.in_mem_src;
	t.in_mem_src = found;
	bool ok = match(t, i, t.mem_src[found], role);
	t.in_mem_src = was;
	if (ok)
		t.memops.push_back({r, mode_bytes(x), found, i});
	return ok;
}

bool match(Tr &t, int i, const_rtx x, int role)
{
	const PNode &n = t.s->nodes[i];
	if (n.code == REG) {
		if (n.regno >= FIRST_PSEUDO_REGISTER)
			return same_width(n, x) &&
			       bind(t, n.regno, 0, 0, x, role);
		if (soft_pointer(n.regno)) {
			if ((eliminated_p(x) && elim_equal(t, n.regno, 0, x)) ||
			    (REG_P(x) && (int)REGNO(x) == n.regno)) {
				t.elim = true;
				return true;
			}
			if (eliminated_p(x))
				return false; /* another address (or t.fail) */
			if (has_tracked(t, x) &&
			    match_tracked(t, i, x, role, false))
				return true; /* a chain computed the pointer */
			if (REG_P(x) && HARD_REGISTER_P(x) &&
			    capture_core_reg(REGNO(x)) >= 0 &&
			    t.addr_val[capture_core_reg(REGNO(x))] &&
			    t.soft_val[capture_core_reg(REGNO(x))] !=
				    capture_core_reg(n.regno)) {
				t.fail = "frame address computed with an offset";
				return false;
			}
			if (REG_P(x) && HARD_REGISTER_P(x) &&
			    capture_core_reg(REGNO(x)) >= 0) {
				/* Read from register R: the operand is located
				 * at R, and the checker demands that R hold the
				 * pointer's value (a new insn's move from the
				 * pointer, new_insn, here or in a predecessor);
				 * nothing is assumed of R here. */
				t.soft_in.push_back(
					{capture_core_reg(n.regno),
					 capture_core_reg(REGNO(x))});
				return true;
			}
			return false;
		}
		return hard_use_at(t, n, x, role);
	}
	if (n.code == SUBREG && t.s->nodes[i + 1].code == REG &&
	    t.s->nodes[i + 1].regno < FIRST_PSEUDO_REGISTER &&
	    !soft_pointer(t.s->nodes[i + 1].regno) && REG_P(x) &&
	    GET_MODE(x) == n.mode) {
		/* A subreg of a hard register that reload simplified to
		 * the register it names. */
		const PNode &r = t.s->nodes[i + 1];
		int h = simplify_subreg_regno(r.regno, (machine_mode)r.mode,
					      n.val, (machine_mode)n.mode);
		return h >= 0 && (int)REGNO(x) == h;
	}
	if (n.code == SUBREG && t.s->nodes[i + 1].code == REG &&
	    t.s->nodes[i + 1].regno >= FIRST_PSEUDO_REGISTER) {
		if (!same_width(n, x))
			return false;
		int size = (int)GET_MODE_SIZE((machine_mode)n.mode).to_constant();
		int p = t.s->nodes[i + 1].regno;
		int psize = p < t.cap->fn->npseudo ? t.cap->fn->pseudo[p].size
						  : 0;
		if (size >= psize)
			return bind(t, p, 0, 0, x, role);
		return bind(t, p, (int)n.val, size, x, role);
	}
	if (n.code == MEM && REG_P(x) && HARD_REGISTER_P(x) &&
	    capture_core_reg(REGNO(x)) >= 0 &&
	    t.mem_src[capture_core_reg(REGNO(x))] && !(role & OF_DEF)) {
		/* A memory operand that a new insn just loaded into a
		 * register: the address is the load's. */
		int c = capture_core_reg(REGNO(x)), was = t.in_mem_src;
		t.in_mem_src = c;
		bool ok = match(t, i, t.mem_src[c], role);
		t.in_mem_src = was;
		if (ok && GET_MODE(x) == GET_MODE(t.mem_src[c]))
			t.memops.push_back({c, mode_bytes(x), c, i});
		return ok;
	}
	if ((n.code == CONST_INT || n.code == CONST_DOUBLE ||
	     n.code == CONST_WIDE_INT || n.code == MEM || n.code == SYMBOL_REF || n.code == CONST || n.code == LABEL_REF) &&
	    REG_P(x) && HARD_REGISTER_P(x) && !(role & OF_DEF) &&
	    capture_core_reg(REGNO(x)) >= 0 &&
	    t.const_src[capture_core_reg(REGNO(x))])
		return match_loaded_const(t, i, x, role);
	if (n.code == MEM && REG_P(x) && HARD_REGISTER_P(x) &&
	    !(role & OF_DEF) && capture_core_reg(REGNO(x)) >= 0)
		return match_other_loaded(t, i, x, role);
	if (n.code == SCRATCH && i > 0 && t.s->nodes[i - 1].code == MEM &&
	    GET_CODE(x) == SCRATCH)
		/* (mem:BLK (scratch)): all memory (an asm's clobber), no
		 * register. */
		return true;
	if (n.code == SCRATCH) {
		if (GET_CODE(x) == SCRATCH) {
			t.fail = "scratch left without a register";
			return false;
		}
		if (t.next_scratch >= (int)t.scratch_ops.size() ||
		    !same_width(n, x))
			return false;
		return bind(t, t.scratch_ops[t.next_scratch++], 0, 0, x,
			    OF_DEF);
	}
	if (n.code == PLUS && soft_pointer_plus(t, i) && REG_P(x) &&
	    eliminated_p(x)) {
		/* (plus frame C) eliminated to sp or the frame pointer
		 * with the constants cancelling. */
		if (!elim_equal(t, t.s->nodes[i + 1].regno,
				t.s->nodes[t.s->nodes[i + 1].end].val, x))
			return false;
		t.elim = true;
		return true;
	}
	if (n.code == PLUS && elim_sum(t, i, x)) {
		/* A sum of a soft pointer and other terms against its
		 * eliminated, folded form: decided by the sums' values (a
		 * soft pointer never stands for another register there);
		 * or with registers a chain of new insns computed. */
		size_t mark = t.binds.size(), smark = t.soft_in.size();
		size_t cmark = t.comm.size();
		int scr = t.next_scratch;
		return match_plus_elim(t, i, x, role) ||
		       retry_tracked(t, i, x, role, mark, smark, cmark, scr);
	}
	if (n.code == PLUS && REG_P(x) && has_tracked(t, x))
		/* a sum a chain of new insns computed into a register */
		return match_tracked(t, i, x, role, true);
	if (n.code == PARALLEL && GET_CODE(x) == SET &&
	    parallel_set_clobbers(t, i))
		/* LRA chose a pattern without the clobbers (an add of sp
		 * or a frame address become a move or lea): fewer side
		 * effects, the capture's clobbers stay. */
		return match(t, i + 2, x, role);
	if ((n.code == SIGN_EXTEND || n.code == ZERO_EXTEND) && CONST_INT_P(x))
		return match_folded_extend(t, i, x, role);
	if (n.code != GET_CODE(x) || n.mode != GET_MODE(x))
		return false;
	if (n.code == SYMBOL_REF)
		return strcmp(t.s->syms[n.sym].c_str(), XSTR(x, 0)) == 0;
	if (n.code == LABEL_REF) {
		rtx lab = label_ref_label(x);
		return n.val == (LABEL_P(lab) ? CODE_LABEL_NUMBER(lab) : 0);
	}
	if (leaf_constant_p(x))
		return n.val == capture_const_bits(x) &&
		       same_const_words(t.s, n, x);
	if (n.code == SUBREG) {
		if (n.val != (int64_t)SUBREG_BYTE(x).to_constant())
			return false;
		return match(t, i + 1, SUBREG_REG(x), role);
	}
	if (n.val != int_fields(x) && n.code != ASM_OPERANDS)
		return false;
	size_t mark = t.binds.size();
	size_t smark = t.soft_in.size(); /* soft_in backtracks with binds */
	size_t cmark = t.comm.size();    /* and comm */
	size_t mmark = t.memops.size();  /* and memops */
	int scr = t.next_scratch;
	bool elim = t.elim;
	t.elim = false;
	bool ok = match_kids(t, i, x, role, false);
	if (commutative_code(n.code) && (ok || t.fail.empty())) {
		/* Both orders may match when both are registers: keep the
		 * positional one with a [comm] mark when comm_candidate
		 * allows (the checker then accepts either order), else
		 * the one the ORIGINAL_REGNO hints agree with more. */
		std::vector<Binding> first(t.binds.begin() + mark,
					   t.binds.end());
		std::vector<std::pair<int, int>> first_soft(
			t.soft_in.begin() + smark, t.soft_in.end());
		bool first_comm = t.comm.size() > cmark;
		std::vector<MemOp> first_mem(t.memops.begin() + mmark,
					     t.memops.end());
		int first_scr = t.next_scratch;
		bool first_elim = t.elim;
		std::vector<const_rtx> regs;
		int score = -1;
		if (ok) {
			regs_in(x, &regs);
			score = hint_score(t, mark, regs);
		}
		undo_match(t, mark, smark, cmark, mmark);
		t.next_scratch = scr;
		t.elim = false;
		t.fail.clear();
		bool ok2 = match_kids(t, i, x, role, true);
		int pa = 0, pb = 0;
		bool mark_comm = ok2 && ok && cmark == 0 && !first_comm &&
				 t.comm.empty() &&
				 comm_candidate(t, i, x, &pa, &pb);
		/* a duplicate of a marked pair (the same two pseudos in
		 * the same order) keeps the positional order too */
		bool dup_comm = ok2 && ok && cmark == 1 && !first_comm &&
				t.comm.size() == 1 && same_kids(t, i, t.comm[0]);
		bool decided = mark_comm || dup_comm;
		if (decided)
			ok2 = false;
		if (!decided && ok2 && ok &&
		    (alone_binds(first, 0) || alone_binds(t.binds, mark))) {
			/* A word alone in a register in one order: keep the
			 * order with fewer such words (more words where
			 * their pseudos live); on a tie refuse rather than
			 * guess (pr42956.c Split at -O0: `p150[8,8] *
			 * p148[0,8]` exchanged, both orders matched, and the
			 * register hints chose the wrong one). */
			int a1 = alone_binds(first, 0);
			int a2 = alone_binds(t.binds, mark);
			if (a1 == a2) {
				undo_match(t, mark, smark, cmark, mmark);
				t.fail = "commutative operands with a word "
					 "reloaded alone";
				return false;
			}
			ok2 = a2 < a1;
			decided = true;
		}
		if (!decided && ok2 && ok &&
		    (mem_bound(t, first) || mem_bound(t, t.binds, mark))) {
			/* A pseudo in memory in one order: keep the order
			 * in which more pseudos are at memory the capture
			 * loads them from; if that does not decide, the
			 * register hints cannot tell which pseudo the
			 * memory holds: refuse rather than guess. */
			int s1 = own_equiv_score(t, first, 0);
			int s2 = own_equiv_score(t, t.binds, mark);
			if (s1 == s2) {
				undo_match(t, mark, smark, cmark, mmark);
				t.fail = "commutative operands with a memory "
					 "equivalence";
				return false;
			}
			ok2 = s2 > s1;
			decided = true;
		}
		if (!decided && ok2 && ok && hint_score(t, mark, regs) <= score)
			ok2 = false;
		if (!ok2) {
			undo_match(t, mark, smark, cmark, mmark);
			if (mark_comm)
				t.comm.push_back({pa, pb});
			if (ok) {
				t.binds.insert(t.binds.end(), first.begin(),
					       first.end());
				t.memops.insert(t.memops.end(),
						first_mem.begin(),
						first_mem.end());
				t.soft_in.insert(t.soft_in.end(),
						 first_soft.begin(),
						 first_soft.end());
				t.next_scratch = first_scr;
				t.elim = first_elim;
				t.fail.clear();
			}
		} else {
			ok = true;
		}
	}
	if (!ok && n.code == PLUS && t.fail.empty()) {
		undo_match(t, mark, smark, cmark, mmark);
		t.next_scratch = scr;
		t.elim = false;
		ok = match_plus_elim(t, i, x, role);
	}
	if (!ok && n.code == PLUS)
		ok = retry_tracked(t, i, x, role, mark, smark, cmark, scr);
	t.elim = t.elim || elim;
	return ok;
}
