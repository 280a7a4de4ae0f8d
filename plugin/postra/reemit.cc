/* reemit.cc - captured insns LRA rewrote or emitted elsewhere:
 * re-emitted insns (an eliminated soft pointer, a deleted load or
 * register move), loads moved later, stores split into a computation and
 * a new store, outputs computed ahead into a reload register, and copies
 * between x87 and other registers made through memory.
 */
#include "postra.h"

/* ---------------------------------------------------------------- */
/* Stores split; outputs computed ahead.                            */

rtx_insn *split_store(Tr &t, const SavedInsn &sv, rtx_insn *insn,
		      bool ro)
{
	const std::vector<PNode> &nd = t.s->nodes;
	rtx whole = PATTERN(insn), pat = whole;
	int s0 = sv.pat;
	if (nd[sv.pat].code == PARALLEL && GET_CODE(whole) == PARALLEL) {
		/* the first element: match_kids' layout (PARALLEL, the
		 * vector, its elements) */
		s0 = sv.pat + 2;
		pat = XVECEXP(whole, 0, 0);
	}
	/* the stored location: memory, or (hard_dest, a captured insn
	 * without pseudo operands) a hard register LRA reached through a
	 * reload register, `ax = C; xmm1 = ax` for `xmm1 = C` */
	bool hard_dest = nd[s0 + 1].code == REG &&
			 nd[s0 + 1].regno < FIRST_PSEUDO_REGISTER &&
			 !soft_pointer(nd[s0 + 1].regno) && pat == whole &&
			 !has_pseudo(sv.ins);
	if (nd[s0].code != SET || (nd[s0 + 1].code != MEM && !hard_dest) ||
	    GET_CODE(pat) != SET || !REG_P(SET_DEST(pat)))
		return nullptr;
	/* a load of the stored pseudo's equivalent memory is a deleted
	 * load re-emitted (reemitted), not a split; with ro (reemitted
	 * found none), a load of read-only memory is: the stored value is
	 * that memory's (a constant-pool entry), which the pseudo's
	 * location there makes the checker prove */
	if (MEM_P(SET_SRC(pat)) &&
	    !(ro && (readonly_mem_p(SET_SRC(pat)) ||
		     mem_equiv_const(t, SET_SRC(pat)) >= 0)))
		return nullptr;
	rtx_insn *nx = next_real(insn);
	if (!nx || (INSN_UID(nx) < (int)t.s->by_uid.size() &&
		    t.s->by_uid[INSN_UID(nx)] >= 0))
		return nullptr;
	rtx st = PATTERN(nx);
	if (hard_dest &&
	    (GET_CODE(st) != SET || !REG_P(SET_DEST(st)) ||
	     (int)REGNO(SET_DEST(st)) != nd[s0 + 1].regno ||
	     GET_MODE(SET_DEST(st)) != (machine_mode)nd[s0 + 1].mode ||
	     GET_MODE(SET_DEST(st)) != GET_MODE(SET_DEST(pat)) ||
	     REGNO(SET_DEST(pat)) == REGNO(SET_DEST(st))))
		return nullptr;
	if (GET_CODE(st) != SET || (!MEM_P(SET_DEST(st)) && !hard_dest) ||
	    !REG_P(SET_SRC(st)) || REGNO(SET_SRC(st)) != REGNO(SET_DEST(pat)) ||
	    GET_MODE(SET_SRC(st)) != GET_MODE(SET_DEST(pat)))
		return nullptr;
	std::string keep = t.fail;
	t.binds.clear();
	t.soft_in.clear();
	t.comm.clear();
	t.memops.clear();
	t.cur_sv = nullptr; /* another insn's pattern: no [comm] */
	t.fail.clear();
	t.elim = false;
	t.scratch_ops.clear();
	t.next_scratch = 0;
	bool ok;
	if (pat == whole) {
		ok = match(t, sv.pat + 1, SET_DEST(st), OF_DEF) &&
		     match(t, nd[sv.pat + 1].end, SET_SRC(pat), OF_USE);
	} else {
		/* A parallel (an asm whose memory output LRA reloaded,
		 * "=g" tied to an input): the whole pattern is matched with
		 * the first SET's destination the new store's (put there
		 * for the match only, then restored), so the other
		 * elements and the operands they share match as usual. */
		rtx reg = SET_DEST(pat);
		SET_DEST(pat) = SET_DEST(st);
		ok = match(t, sv.pat, whole, OF_USE);
		SET_DEST(pat) = reg;
	}
	if (!ok) {
		t.fail = keep; /* the reason of the first match */
		return nullptr;
	}
	return nx;
}

int computed_ahead(Tr &t, rtx_insn *insn, int cur, int last_pos)
{
	const std::vector<PNode> &nd = t.s->nodes;
	rtx set = PATTERN(insn);
	if (GET_CODE(set) != SET || !REG_P(SET_DEST(set)) ||
	    !HARD_REGISTER_P(SET_DEST(set)))
		return -1;
	rtx_insn *nx = next_real(insn);
	int u = nx ? INSN_UID(nx) : -1;
	int si = u >= 0 && u < (int)t.s->by_uid.size() ? t.s->by_uid[u] : -1;
	if (si < 0)
		return -1;
	const SavedInsn &sv = t.s->insns[si];
	if (!sv.ins || sv.bb != cur || sv.pos < last_pos)
		return -1;
	rtx st = PATTERN(nx);
	if (GET_CODE(st) != SET || !REG_P(SET_SRC(st)) ||
	    REGNO(SET_SRC(st)) != REGNO(SET_DEST(set)) ||
	    GET_MODE(SET_SRC(st)) != GET_MODE(SET_DEST(set)) ||
	    (!MEM_P(SET_DEST(st)) && !REG_P(SET_DEST(st))))
		return -1;
	int s0 = sv.pat;
	if (nd[s0].code == PARALLEL)
		s0 = sv.pat + 2; /* the first element: match_kids' layout */
	if (nd[s0].code != SET || nd[s0 + 1].code != REG ||
	    nd[s0 + 1].regno < FIRST_PSEUDO_REGISTER)
		return -1;
	int src = nd[s0 + 1].end;
	if (nd[src].code == REG || nd[src].code == SUBREG)
		return -1;
	std::string keep = t.fail;
	if (!match_insn(t, sv, insn)) {
		t.fail = keep;
		return -1;
	}
	return si;
}

/* ---------------------------------------------------------------- */
/* Re-emitted insns.                                                */

/* Whether sv's pattern mentions the frame or argument pointer. */
static bool mentions_soft_pointer(const Tr &t, const SavedInsn &sv)
{
	for (int i = sv.pat; i < t.s->nodes[sv.pat].end; i++)
		if (t.s->nodes[i].code == REG && soft_pointer(t.s->nodes[i].regno))
			return true;
	return false;
}

/* Whether sv's pattern is (set (reg p) (mem ...)), p a pseudo: a load
 * that LRA deletes when p has a memory equivalence and emits again
 * where p is needed. */
static bool saved_load(const Tr &t, const SavedInsn &sv)
{
	const std::vector<PNode> &nd = t.s->nodes;
	return nd[sv.pat].code == SET && nd[sv.pat + 1].code == REG &&
	       nd[sv.pat + 1].regno >= FIRST_PSEUDO_REGISTER &&
	       nd[nd[sv.pat + 1].end].code == MEM;
}

/* Whether sv's pattern is (set (mem ...) R), R a pseudo or a subreg of
 * one: a store that LRA deletes when R's pseudo is equivalent to that
 * memory (IRA left it in memory) and emits again right after the insn
 * that computes the value, into a reload register. */
static bool saved_store(const Tr &t, const SavedInsn &sv)
{
	const std::vector<PNode> &nd = t.s->nodes;
	if (nd[sv.pat].code != SET || nd[sv.pat + 1].code != MEM)
		return false;
	int s = nd[sv.pat + 1].end;
	if (nd[s].code == SUBREG)
		s++;
	return nd[s].code == REG && nd[s].regno >= FIRST_PSEUDO_REGISTER;
}

/* Whether sv's pattern is (set (mem ...) K), K a constant: a store
 * LRA splits into a load of K into a register and a new store of it
 * (split_store), and, when the register still holds K, deletes and
 * emits again as a new store of that register (s1.c func_28 of csmith
 * at -O0: `movabsq $C, %rax` stored to several stack words). */
static bool saved_const_store(const Tr &t, const SavedInsn &sv)
{
	const std::vector<PNode> &nd = t.s->nodes;
	if (nd[sv.pat].code != SET || nd[sv.pat + 1].code != MEM)
		return false;
	int s = nd[sv.pat + 1].end;
	return nd[s].code == CONST_INT || nd[s].code == CONST_DOUBLE ||
	       nd[s].code == CONST_WIDE_INT;
}

/* For a saved load (saved_load) from SOFT + C: whether insn loads from
 * the same stack address (canonical offsets equal: the match lets an
 * eliminated constant change, so a reload of another pseudo from the
 * next stack word would match).  True for other insns. */
static int soft_load_offsets(Tr &t, const SavedInsn &sv, rtx_insn *insn,
			      int64_t *want, int64_t *off);

static bool same_load_address(Tr &t, const SavedInsn &sv, rtx_insn *insn)
{
	int64_t want, off;
	int r = soft_load_offsets(t, sv, insn, &want, &off);
	return r < 0 || (r > 0 && off == want);
}

/* For a saved load (saved_load) from SOFT + C, or a saved store of a
 * constant to SOFT + C (saved_const_store), and insn: -1 when sv is not
 * such an insn (other insns, other addresses); else *want = the saved
 * address relative to the argument pointer, and 1 when insn is a single
 * SET whose source (a store: destination) is stack memory (*off its
 * address relative to the argument pointer, stack_mem), 0 when not. */
static int soft_load_offsets(Tr &t, const SavedInsn &sv, rtx_insn *insn,
			     int64_t *want, int64_t *off)
{
	const std::vector<PNode> &nd = t.s->nodes;
	bool store = saved_const_store(t, sv);
	if (!saved_load(t, sv) && !store)
		return -1;
	int m = store ? sv.pat + 1 : nd[sv.pat + 1].end, a = m + 1;
	int64_t c = 0;
	if (nd[a].code == PLUS && nd[a].nkid == 2 &&
	    nd[nd[a + 1].end].code == CONST_INT) {
		c = nd[nd[a + 1].end].val;
		a = a + 1;
	}
	if (nd[a].code != REG || !soft_pointer(nd[a].regno))
		return -1;
	*want = c + (nd[a].regno == FRAME_POINTER_REGNUM ? t.frame_argp : 0);
	rtx set = single_set(insn);
	return set && stack_mem(t, store ? SET_DEST(set) : SET_SRC(set), off)
		       ? 1
		       : 0;
}

/* Whether sv's pattern is (set (reg p) (reg q)) or (set (reg p)
 * (subreg (reg q) OFF)), p a pseudo: a register move, maybe between
 * classes (a DImode value moved bit for bit into an SSE register), that
 * IRA may delete (substituting q's subreg into the use) and LRA emit
 * again as the reload of that use.  Re-emitted with a matching pattern,
 * it is the same computation on registers whose values the checker
 * checks at the new place. */
static bool saved_reg_move(const Tr &t, const SavedInsn &sv)
{
	const std::vector<PNode> &nd = t.s->nodes;
	if (nd[sv.pat].code != SET || nd[sv.pat + 1].code != REG ||
	    nd[sv.pat + 1].regno < FIRST_PSEUDO_REGISTER)
		return false;
	int s = nd[sv.pat + 1].end;
	if (nd[s].code == SUBREG)
		s++;
	return nd[s].code == REG;
}

/* For a saved register move (saved_reg_move): whether insn is a single
 * SET whose destination and source have the saved destination's and
 * source's modes (the match compares a pseudo with a hard register
 * whatever their modes: a QImode reload of a word of one pseudo into
 * another register is not an SImode copy between the two). */
static bool same_move_modes(const Tr &t, const SavedInsn &sv,
			    rtx_insn *insn)
{
	const std::vector<PNode> &nd = t.s->nodes;
	rtx pat = PATTERN(insn);
	if (GET_CODE(pat) != SET)
		return false;
	int s = nd[sv.pat + 1].end;
	return (int)GET_MODE(SET_DEST(pat)) == nd[sv.pat + 1].mode &&
	       (int)GET_MODE(SET_SRC(pat)) == nd[s].mode;
}

/* Whether pseudo orig is bound by the match (t.binds). */
static bool bound_in_match(const Tr &t, int orig)
{
	for (const Binding &b : t.binds)
		if (b.pseudo == orig)
			return true;
	return false;
}

/* Whether the bindings of a match agree with what is known of their
 * registers: no register read is one the translation knows to hold
 * another pseudo (known_at); no register the match locates a read (with
 * defs, also a definition) at was substituted by LRA for a captured
 * pseudo (its ORIGINAL_REGNO; LRA's own pseudos carry their origin's)
 * that the match binds nowhere.  A deleted insn whose pattern a new
 * insn repeats is re-emitted only then: LRA's reload of another insn's
 * memory operand, `xmm3 = [cx + ax]` with cx p380's, is not the deleted
 * `p385 = [p381 + p377]` that LRA replaced by its equivalent memory in
 * the compare reading p385 (an AVX-512 `*avx512f_eqv16si3_1` whose
 * operands LRA exchanged); with defs (a register move), the reload
 * `xmm0 = [sp+1608]` of p177 is not the deleted `p183 = p182` with p182
 * spilled.  A re-emitted load's register may be the tied output's
 * (`ax [90] = [di+4]` for p91 = [p88+4], read by `p90 = -p91`): no
 * check of definitions for loads.  A captured pseudo is one below
 * first_scratch (max_reg_num () at the capture): the capture numbers
 * its SCRATCHes from there, and so do IRA and LRA their new pseudos,
 * whose numbers then say nothing of the capture's (vshuf-v4si.C `main`
 * at -O2: `xmm3 [214]`, LRA's reload of p138's memory equivalence,
 * where p214 is the capture's scratch of an `*iordi_3`). */
static bool uses_where_known(const Tr &t, rtx_insn *insn, bool defs)
{
	const Fn *o = t.cap->fn;
	for (const Binding &b : t.binds) {
		if (b.word >= 0 || (b.def && !defs))
			continue;
		if (!b.def) {
			int v = known_at(t, b.loc);
			if (v >= 0 && v != b.pseudo)
				return false;
		}
		if (b.loc.kind != LOC_REG)
			continue;
		subrtx_iterator::array_type array;
		FOR_EACH_SUBRTX(it, array, PATTERN(insn), ALL) {
			const_rtx x = *it;
			if (!REG_P(x) || !HARD_REGISTER_P(x) ||
			    capture_core_reg(REGNO(x)) != b.loc.num)
				continue;
			int orig = (int)ORIGINAL_REGNO(x);
			if (orig >= FIRST_PSEUDO_REGISTER &&
			    orig < t.s->first_scratch && orig < o->npseudo &&
			    o->pseudo[orig].cls >= 0 && !bound_in_match(t, orig))
				return false;
		}
	}
	return true;
}

int reemitted(Tr &t, rtx_insn *insn, int bb, int last_pos)
{
	if (bb < 0 || bb >= (int)t.by_block.size())
		return -1;
	for (int k : t.by_block[bb]) {
		const SavedInsn &sv = t.s->insns[k];
		if (sv.pos <= last_pos)
			continue;
		if (t.present[sv.uid])
			return -1;
		if (!sv.ins || t.adopted[k])
			continue;
		bool other = mentions_soft_pointer(t, sv) || saved_load(t, sv) ||
			     saved_store(t, sv);
		/* a captured copy stays deleted (the checker's rule for a
		 * deleted copy relabels every holder of the source; executed
		 * elsewhere it would name only the new register) */
		/* a no-op move (its registers the same after reload) was
		 * deleted as such, not re-emitted: a new move of the same
		 * modes is then another value's reload (pr99647 at -O0) */
		if (!other && !(sv.ins->kind == IK_ORD &&
				saved_reg_move(t, sv) &&
				same_move_modes(t, sv, insn) &&
				!noop_move(t, sv)))
			continue;
		/* match_insn's bindings are its own (begin_match) */
		if (match_insn(t, sv, insn) && same_load_address(t, sv, insn) &&
		    uses_where_known(t, insn, saved_reg_move(t, sv))) {
			t.adopted[k] = true;
			return k;
		}
	}
	return -1;
}

/* For narrow_reemitted: whether every mention of pseudo p in saved insn
 * u (pattern and captured operands) is a read of its low size bytes,
 * `(subreg:M (reg p) 0)` with M of size bytes, and u's first SET (alone
 * or first in a parallel) sets a whole pseudo other than p whose post-RA
 * destination x is register R (core c) itself. */
static bool reads_low_part_only(const Tr &t, const SavedInsn &u, int p,
				int size, rtx x, int c)
{
	const std::vector<PNode> &nd = t.s->nodes;
	for (int i = u.pat; i < nd[u.pat].end; i++)
		if (nd[i].code == REG && nd[i].regno == p &&
		    (i == u.pat || nd[i - 1].code != SUBREG ||
		     nd[i - 1].val != 0 ||
		     (int)GET_MODE_SIZE((machine_mode)nd[i - 1].mode).to_constant() !=
			     size))
			return false;
	for (int k = 0; k < u.ins->nops; k++) {
		const Op &o = u.ins->ops[k];
		if (o.kind == OK_PSEUDO && o.reg == p &&
		    (!(o.flags & OF_USE) || (o.flags & OF_DEF) ||
		     o.sub_off != 0 || o.sub_size != size))
			return false;
	}
	int s0 = nd[u.pat].code == PARALLEL ? u.pat + 2 : u.pat;
	return nd[s0].code == SET && nd[s0 + 1].code == REG &&
	       nd[s0 + 1].regno >= FIRST_PSEUDO_REGISTER &&
	       nd[s0 + 1].regno != p && x && REG_P(x) &&
	       HARD_REGISTER_P(x) && capture_core_reg(REGNO(x)) == c;
}

/* Whether saved insn sv's pattern (or call usage) has a MEM, or sv is
 * not an `ord` or `copy`: it may read or write memory. */
static bool mentions_memory(const Tr &t, const SavedInsn &sv)
{
	const std::vector<PNode> &nd = t.s->nodes;
	if (!sv.ins || (sv.ins->kind != IK_ORD && sv.ins->kind != IK_COPY) ||
	    sv.usage >= 0)
		return true;
	for (int i = sv.pat; i < nd[sv.pat].end; i++)
		if (nd[i].code == MEM || nd[i].code == ASM_OPERANDS ||
		    nd[i].code == UNSPEC_VOLATILE)
			return true;
	return false;
}

/* Whether an insn between the last captured insn still present before
 * insn (in its block) and insn may write memory: a call, or a store or
 * clobber of a MEM. */
static bool memory_written_before(const Tr &t, rtx_insn *insn)
{
	basic_block bb = BLOCK_FOR_INSN(insn);
	for (rtx_insn *n = PREV_INSN(insn); n && BLOCK_FOR_INSN(n) == bb;
	     n = PREV_INSN(n)) {
		if (!NONDEBUG_INSN_P(n))
			continue;
		int u = INSN_UID(n);
		if (u < (int)t.s->by_uid.size() && t.s->by_uid[u] >= 0)
			return false; /* a captured insn: the gap starts here */
		if (insn_writes_memory(n))
			return true;
	}
	return false;
}

int narrow_reemitted(Tr &t, rtx_insn *insn, int bb, int last_pos)
{
	const std::vector<PNode> &nd = t.s->nodes;
	rtx set = PATTERN(insn);
	if (bb < 0 || bb >= (int)t.by_block.size() || GET_CODE(set) != SET ||
	    !REG_P(SET_DEST(set)) || !HARD_REGISTER_P(SET_DEST(set)) ||
	    !MEM_P(SET_SRC(set)) || MEM_VOLATILE_P(SET_SRC(set)) ||
	    !ADDR_SPACE_GENERIC_P(MEM_ADDR_SPACE(SET_SRC(set))) ||
	    !SCALAR_INT_MODE_P(GET_MODE(SET_DEST(set))) ||
	    GET_MODE(SET_SRC(set)) != GET_MODE(SET_DEST(set)) ||
	    can_throw_internal(insn) || readonly_mem_p(SET_SRC(set)) ||
	    mem_equiv_const(t, SET_SRC(set)) >= 0)
		return -1; /* modelled memory: the checker's own rules */
	int c = capture_core_reg(REGNO(SET_DEST(set)));
	int size = (int)GET_MODE_SIZE(GET_MODE(SET_DEST(set))).to_constant();
	if (c < 0 || c >= 16)
		return -1; /* a general register */
	/* U: the first captured insn after last_pos still present, and
	 * insn's next insn; L: the captured insn right before it, deleted;
	 * the deleted ones between last_pos and L mention no memory */
	const std::vector<int> &ks = t.by_block[bb];
	size_t j = 0;
	while (j < ks.size() && (t.s->insns[ks[j]].pos <= last_pos ||
				 !t.present[t.s->insns[ks[j]].uid]))
		j++;
	if (j >= ks.size() || j == 0 || t.s->insns[ks[j - 1]].pos <= last_pos)
		return -1;
	for (size_t i = 0; i + 1 < j; i++)
		if (t.s->insns[ks[i]].pos > last_pos &&
		    mentions_memory(t, t.s->insns[ks[i]]))
			return -1;
	int k = ks[j - 1];
	const SavedInsn &l = t.s->insns[k], &u = t.s->insns[ks[j]];
	rtx_insn *nx = next_real(insn);
	if (t.present[l.uid] || !l.ins || t.adopted[k] ||
	    l.ins->kind != IK_ORD || !saved_load(t, l) || !u.ins ||
	    u.ins->kind != IK_ORD || u.usage >= 0 || !t.present[u.uid] ||
	    !nx || INSN_UID(nx) != u.uid || can_throw_internal(nx) ||
	    memory_written_before(t, insn))
		return -1;
	int p = nd[l.pat + 1].regno, mem = nd[l.pat + 1].end;
	machine_mode lm = (machine_mode)nd[mem].mode;
	if (!SCALAR_INT_MODE_P(lm) || nd[l.pat + 1].mode != (int)lm ||
	    (int)GET_MODE_SIZE(lm).to_constant() <= size)
		return -1;
	rtx us = single_set(nx);
	if (!reads_low_part_only(t, u, p, size, us ? SET_DEST(us) : NULL_RTX,
				 c))
		return -1;
	std::string keep = t.fail;
	begin_match(t, l, insn);
	if (!match(t, mem + 1, XEXP(SET_SRC(set), 0), OF_USE) ||
	    !bind(t, p, 0, 0, SET_DEST(set), OF_DEF) ||
	    !same_load_address(t, l, insn) || !uses_where_known(t, insn, false)) {
		t.fail = keep;
		return -1;
	}
	t.adopted[k] = true;
	return k;
}

int reemitted_moved(Tr &t, const SavedInsn &st, rtx_insn *insn,
		    int bb, int last_pos)
{
	if (bb < 0 || bb >= (int)t.by_block.size() || !saved_store(t, st))
		return -1;
	const std::vector<PNode> &nd = t.s->nodes;
	int sr = nd[st.pat + 1].end;
	if (nd[sr].code == SUBREG)
		sr++;
	int stored = nd[sr].regno; /* the pseudo st stores */
	int found = -1;
	int64_t want = 0, off = 0;
	std::string fail0 = t.fail; /* kept when nothing matches */
	for (int k : t.by_block[bb]) {
		const SavedInsn &sv = t.s->insns[k];
		if (sv.pos <= last_pos)
			continue;
		if (t.present[sv.uid])
			break;
		if (!sv.ins || t.adopted[k] || !saved_load(t, sv) ||
		    nd[sv.pat + 1].regno != stored)
			continue;
		t.loose_frame = true;
		t.frame_moved = false;
		bool m = match_insn(t, sv, insn);
		t.loose_frame = false;
		int64_t w, o;
		if (!m || soft_load_offsets(t, sv, insn, &w, &o) != 1)
			continue;
		if (w == o || found >= 0) {
			t.fail = fail0;
			return -1;
		}
		found = k;
		want = w;
		off = o;
	}
	t.loose_frame = found >= 0;
	bool m = found >= 0 && match_insn(t, t.s->insns[found], insn);
	t.loose_frame = false;
	if (!m) {
		t.fail = fail0;
		return -1;
	}
	t.adopted[found] = true;
	char buf[200];
	snprintf(buf, sizeof buf,
		 "re-emitted load of uid %d reads stack memory at argp%+lld "
		 "instead of argp%+lld",
		 t.s->insns[found].uid, (long long)off, (long long)want);
	t.wrong_addr.push_back({INSN_UID(insn), buf});
	return found;
}

/* ---------------------------------------------------------------- */
/* Loads moved later.                                               */

/* Whether saved insn k of (old) block bb commutes (verify_commute) with
 * every captured insn of bb after it up to position last_pos: the
 * checker's condition for running it after them. */
static bool commutes_to(const Tr &t, int k, int bb, int last_pos)
{
	const SavedInsn &sv = t.s->insns[k];
	for (int j : t.by_block[bb]) {
		const SavedInsn &w = t.s->insns[j];
		if (w.pos > sv.pos && w.pos <= last_pos &&
		    (!w.ins || !verify_commute(t.cap->fn, sv.ins, w.ins)))
			return false;
	}
	return true;
}

/* The nearest captured load k (saved_load, an `ord`) of (old) block bb
 * before position before, its UID gone, not yet adopted, loading into
 * pseudo regno (any when regno < 0), commuting with the surviving
 * captured insns up to last_pos (commutes_to), whose pattern matches
 * insn at the same address: marked adopted and moved, and returned
 * with t.binds filled; -1 if none.  Shared by moved_load and
 * moved_split. */
static int adopt_moved_load(Tr &t, rtx_insn *insn, int bb, int before,
			    int last_pos, int regno)
{
	const std::vector<PNode> &nd = t.s->nodes;
	const std::vector<int> &ks = t.by_block[bb];
	for (size_t j = ks.size(); j-- > 0;) {
		int k = ks[j];
		const SavedInsn &kv = t.s->insns[k];
		if (kv.pos >= before || t.present[kv.uid] || !kv.ins ||
		    t.adopted[k] || kv.ins->kind != IK_ORD ||
		    !saved_load(t, kv) ||
		    (regno >= 0 && nd[kv.pat + 1].regno != regno) ||
		    !commutes_to(t, k, bb, last_pos))
			continue;
		if (match_insn(t, kv, insn) && same_load_address(t, kv, insn)) {
			t.adopted[k] = true;
			t.moved[k] = true;
			return k;
		}
	}
	return -1;
}

int moved_split(Tr &t, const SavedInsn &sv, rtx_insn *insn, int bb,
		int last_pos, rtx_insn **nx)
{
	const std::vector<PNode> &nd = t.s->nodes;
	if (bb < 0 || bb >= (int)t.by_block.size() || !saved_store(t, sv))
		return -1;
	int v = nd[sv.pat + 1].end;
	if (nd[v].code != REG)
		return -1;
	rtx pat = PATTERN(insn);
	if (GET_CODE(pat) != SET || !REG_P(SET_DEST(pat)) ||
	    !MEM_P(SET_SRC(pat)))
		return -1;
	rtx_insn *n = next_real(insn);
	if (!n || (INSN_UID(n) < (int)t.s->by_uid.size() &&
		   t.s->by_uid[INSN_UID(n)] >= 0))
		return -1;
	rtx st = PATTERN(n);
	if (GET_CODE(st) != SET || !MEM_P(SET_DEST(st)) ||
	    !REG_P(SET_SRC(st)) || REGNO(SET_SRC(st)) != REGNO(SET_DEST(pat)) ||
	    GET_MODE(SET_SRC(st)) != GET_MODE(SET_DEST(pat)))
		return -1;
	int k = adopt_moved_load(t, insn, bb, sv.pos, last_pos, nd[v].regno);
	if (k >= 0)
		*nx = n;
	return k;
}

int moved_load(Tr &t, rtx_insn *insn, int bb, int last_pos)
{
	if (bb < 0 || bb >= (int)t.by_block.size())
		return -1;
	return adopt_moved_load(t, insn, bb, last_pos, last_pos, -1);
}

/* ---------------------------------------------------------------- */
/* Copies through memory; split stores run.                         */

Ins *hard_copy_via_mem(Tr &t, const SavedInsn &sv, rtx_insn *insn)
{
	const std::vector<PNode> &nd = t.s->nodes;
	const Ins *ci = sv.ins;
	if (!ci || ci->kind != IK_COPY || ci->nops != 2 ||
	    ci->ops[0].kind != OK_HREG || ci->ops[1].kind != OK_PSEUDO ||
	    nd[sv.pat].code != SET || nd[sv.pat + 1].code != REG)
		return nullptr;
	const Target *tg = target_x86_64();
	int hcls = tg->regs[ci->ops[0].reg].cls;
	if ((hcls == RC_X87) == (t.cap->fn->pseudo[ci->ops[1].reg].cls == RC_X87))
		return nullptr;
	rtx pat = PATTERN(insn);
	if (GET_CODE(pat) != SET || !MEM_P(SET_DEST(pat)) ||
	    !REG_P(SET_SRC(pat)))
		return nullptr;
	rtx m = SET_DEST(pat);
	rtx_insn *nx = next_real(insn);
	if (!nx || (INSN_UID(nx) < (int)t.s->by_uid.size() &&
		    t.s->by_uid[INSN_UID(nx)] >= 0))
		return nullptr;
	rtx ld = PATTERN(nx);
	if (GET_CODE(ld) != SET || !REG_P(SET_DEST(ld)) ||
	    (int)REGNO(SET_DEST(ld)) != nd[sv.pat + 1].regno ||
	    GET_MODE(SET_DEST(ld)) != GET_MODE(m) ||
	    !rtx_equal_p(SET_SRC(ld), m))
		return nullptr;
	std::string keep = t.fail;
	begin_match(t, sv, insn);
	if (!match(t, nd[sv.pat + 1].end, SET_SRC(pat), OF_USE)) {
		t.fail = keep;
		return nullptr;
	}
	Loc at = slot_loc(t, m, 0, (int)GET_MODE_SIZE(GET_MODE(m)).to_constant());
	if (at.kind != LOC_SLOT) {
		t.fail = keep;
		return nullptr;
	}
	Ins *c = located_copy(t, ci);
	if (!c)
		return nullptr;
	c->ops[0].kind = OK_PSEUDO;
	c->ops[0].reg = ci->ops[1].reg;
	c->ops[0].loc = at;
	return c;
}

Ins *run_split(Tr &t, Blk *blk, const SavedInsn &sv, rtx_insn *insn,
	       Ins **survivor)
{
	Ins *c = located_copy(t, sv.ins);
	if (c) {
		ins_append(blk, c);
		note_soft_values(t, c);
		*survivor = c;
	}
	/* (set (reg R) K), K a constant, or (set (reg R) M), M memory the
	 * allocation models (a memory equivalence, read-only memory): the
	 * load of K or M (a remat from its constant location, which
	 * writes no memory; an opaque would empty every memory location),
	 * else an opaque writing R */
	rtx set = single_set(insn);
	rtx src = set ? SET_SRC(set) : NULL_RTX;
	bool known = set && REG_P(SET_DEST(set)) &&
		     HARD_REGISTER_P(SET_DEST(set)) &&
		     (CONSTANT_P(src) ||
		      (MEM_P(src) && (readonly_mem_p(src) ||
				      mem_equiv_const(t, src) >= 0)));
	Ins *n = new_insn(t, insn, !known);
	/* R holds K after it (t.const_src once the caller notes n), for a
	 * store LRA re-emits with R */
	if (n && set && REG_P(SET_DEST(set)) &&
	    HARD_REGISTER_P(SET_DEST(set)) &&
	    (CONST_INT_P(SET_SRC(set)) || CONST_DOUBLE_P(SET_SRC(set)) ||
	     CONST_WIDE_INT_P(SET_SRC(set))))
		t.pending_const = set;
	return n;
}

/* ---------------------------------------------------------------- */
/* Loads run at their place though LRA emitted them later.          */

/* Whether x is (reg B) or (plus (reg B) (const_int C)): *b = B's
 * REGNO, *c = C (0 for the register alone). */
static bool reg_plus_const(rtx x, unsigned *b, int64_t *c)
{
	*c = 0;
	if (GET_CODE(x) == PLUS && CONST_INT_P(XEXP(x, 1))) {
		*c = INTVAL(XEXP(x, 1));
		x = XEXP(x, 0);
	}
	if (!REG_P(x) || !HARD_REGISTER_P(x))
		return false;
	*b = REGNO(x);
	return true;
}

/* What hoist_gap_ok gives note_stores: the loaded bytes [off, off +
 * size) at register base; ok false once a store may touch them. */
struct LoadBytes {
	unsigned base;
	int64_t off, size;
	bool ok;
};

/* note_stores callback: no store (or clobber) of the base register; a
 * store of a MEM at base + C, of a known size, its bytes outside the
 * loaded ones. */
static void store_misses_load(rtx dest, const_rtx, void *data)
{
	LoadBytes *lb = (LoadBytes *)data;
	if (GET_CODE(dest) == SUBREG || GET_CODE(dest) == STRICT_LOW_PART ||
	    GET_CODE(dest) == ZERO_EXTRACT)
		dest = XEXP(dest, 0);
	if (GET_CODE(dest) == SUBREG)
		dest = SUBREG_REG(dest);
	if (REG_P(dest) && HARD_REGISTER_P(dest) &&
	    REGNO(dest) <= lb->base &&
	    lb->base < END_REGNO(dest)) {
		lb->ok = false; /* the base register written */
		return;
	}
	if (!MEM_P(dest))
		return;
	unsigned b;
	int64_t c;
	if (GET_MODE(dest) == BLKmode || MEM_VOLATILE_P(dest) ||
	    !ADDR_SPACE_GENERIC_P(MEM_ADDR_SPACE(dest)) ||
	    !reg_plus_const(XEXP(dest, 0), &b, &c) || b != lb->base) {
		lb->ok = false;
		return;
	}
	int64_t sz = GET_MODE_SIZE(GET_MODE(dest)).to_constant();
	if (!(c + sz <= lb->off || lb->off + lb->size <= c))
		lb->ok = false;
}

/* Whether the load into register r from lb's bytes may run before
 * insn n instead of after it: n is no call, no asm, nothing volatile,
 * has no auto-increment, neither reads nor writes r, writes no part of
 * the base register, and writes memory only at the base register plus
 * a constant outside the loaded bytes (store_misses_load). */
static bool load_commutes_with(rtx_insn *n, rtx r, LoadBytes *lb)
{
	rtx pat = PATTERN(n);
	if (CALL_P(n) || !NONJUMP_INSN_P(n) || asm_noperands(pat) >= 0 ||
	    volatile_insn_p(pat) || volatile_refs_p(pat) ||
	    reg_referenced_p(r, pat) || reg_set_p(r, n))
		return false;
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(it, array, pat, ALL)
		if (GET_RTX_CLASS(GET_CODE(*it)) == RTX_AUTOINC)
			return false;
	lb->ok = true;
	note_stores(n, store_misses_load, lb);
	return lb->ok;
}

int hoisted_load(Tr &t, rtx_insn *insn, int bb, int last_pos,
		 const std::vector<Ins *> &survivor, Ins **at)
{
	rtx set = PATTERN(insn);
	if (bb < 0 || bb >= (int)t.by_block.size() || GET_CODE(set) != SET ||
	    !REG_P(SET_DEST(set)) || !HARD_REGISTER_P(SET_DEST(set)) ||
	    !MEM_P(SET_SRC(set)) || MEM_VOLATILE_P(SET_SRC(set)) ||
	    GET_MODE(SET_SRC(set)) == BLKmode ||
	    !ADDR_SPACE_GENERIC_P(MEM_ADDR_SPACE(SET_SRC(set))) ||
	    can_throw_internal(insn))
		return -1;
	LoadBytes lb;
	if (!reg_plus_const(XEXP(SET_SRC(set), 0), &lb.base, &lb.off) ||
	    lb.base == STACK_POINTER_REGNUM ||
	    reg_overlap_mentioned_p(SET_DEST(set), XEXP(SET_SRC(set), 0)))
		return -1;
	lb.size = GET_MODE_SIZE(GET_MODE(SET_SRC(set))).to_constant();
	/* L: the nearest deleted captured load before last_pos with only
	 * surviving captured insns after it up to last_pos */
	const std::vector<int> &ks = t.by_block[bb];
	int k = -1;
	size_t j = ks.size();
	while (j-- > 0) {
		const SavedInsn &v = t.s->insns[ks[j]];
		if (v.pos > last_pos)
			continue;
		if (t.present[v.uid])
			continue;
		k = ks[j];
		break;
	}
	if (k < 0)
		return -1;
	const SavedInsn &l = t.s->insns[k];
	if (!l.ins || t.adopted[k] || l.ins->kind != IK_ORD ||
	    !saved_load(t, l) || j + 1 >= ks.size())
		return -1;
	const SavedInsn &s1 = t.s->insns[ks[j + 1]];
	if (s1.pos > last_pos || !survivor[ks[j + 1]])
		return -1;
	/* the gap: every real insn from S1 (the first survivor after L)
	 * to insn, each a surviving captured insn the load commutes with */
	basic_block b = BLOCK_FOR_INSN(insn);
	rtx_insn *n = PREV_INSN(insn);
	for (;; n = PREV_INSN(n)) {
		if (!n || BLOCK_FOR_INSN(n) != b)
			return -1;
		if (!NONDEBUG_INSN_P(n))
			continue;
		int u = INSN_UID(n);
		if (u >= (int)t.s->by_uid.size() || t.s->by_uid[u] < 0)
			return -1; /* a new insn */
		const SavedInsn &g = t.s->insns[t.s->by_uid[u]];
		if (g.bb != bb || g.pos <= l.pos || g.pos > last_pos ||
		    !load_commutes_with(n, SET_DEST(set), &lb))
			return -1;
		if (u == s1.uid)
			break;
	}
	if (!match_insn(t, l, insn) || !same_load_address(t, l, insn) ||
	    !uses_where_known(t, insn, false))
		return -1;
	t.adopted[k] = true;
	*at = survivor[ks[j + 1]];
	return k;
}
