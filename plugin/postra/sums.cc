/* sums.cc - sums with a frame address: the terms of a saved sum of a
 * soft pointer and of its eliminated, folded post-RA form, and the sums
 * a chain of new insns computes into registers step by step
 * (docs/POSTRA.md, "Sums computed step by step").  The matching of such
 * sums is match.cc's.
 */
#include "postra.h"

void saved_terms(const Tr &t, int i, int mode, int64_t *c,
		 std::vector<int> *soft, std::vector<int> *rest)
{
	const PNode &n = t.s->nodes[i];
	if (n.code == PLUS && n.nkid == 2 && n.mode == mode) {
		saved_terms(t, i + 1, mode, c, soft, rest);
		saved_terms(t, t.s->nodes[i + 1].end, mode, c, soft, rest);
	} else if (n.code == CONST_INT) {
		*c += n.val;
	} else if (n.code == REG && soft_pointer(n.regno)) {
		soft->push_back(i);
	} else if (n.code == SUBREG && n.val == 0 && n.mode == mode &&
		   t.s->nodes[i + 1].code == REG &&
		   soft_pointer(t.s->nodes[i + 1].regno)) {
		/* (subreg:SI (reg:DI frame) 0) in an SImode sum: the low
		 * part, equal when the whole sums are. */
		soft->push_back(i + 1);
	} else {
		rest->push_back(i);
	}
}

/* The same for post-RA x: sp and (with a frame pointer) the hard frame
 * pointer into *elim. */
static void post_terms(const_rtx x, machine_mode mode, int64_t *c,
		       std::vector<const_rtx> *elim,
		       std::vector<const_rtx> *rest)
{
	if (GET_CODE(x) == PLUS && GET_MODE(x) == mode) {
		post_terms(XEXP(x, 0), mode, c, elim, rest);
		post_terms(XEXP(x, 1), mode, c, elim, rest);
	} else if (CONST_INT_P(x)) {
		*c += INTVAL(x);
	} else if (REG_P(x) && eliminated_p(x) && GET_MODE(x) == mode) {
		elim->push_back(x);
	} else {
		rest->push_back(x);
	}
}

bool same_offset(Tr &t, int64_t pre, int64_t post)
{
	if (pre == post)
		return true;
	if (!t.loose_frame)
		return false;
	if (!t.frame_moved) {
		t.frame_moved = true;
		t.frame_pre = pre;
		t.frame_post = post;
	}
	return true;
}

bool elim_equal(Tr &t, int soft, int64_t c, const_rtx x)
{
	int64_t post = SP_UNKNOWN;
	argp_offset(t, x, &post);
	if (post == SP_UNKNOWN) {
		t.fail = "stack pointer offset unknown";
		return false;
	}
	int64_t pre = (soft == FRAME_POINTER_REGNUM ? t.frame_argp : 0) + c;
	return same_offset(t, pre, post);
}

bool elim_terms(const Tr &t, int i, const_rtx x, ElimSum *e)
{
	const PNode &n = t.s->nodes[i];
	if (GET_CODE(x) != PLUS || n.mode != GET_MODE(x))
		return false;
	saved_terms(t, i, n.mode, &e->sc, &e->soft, &e->srest);
	post_terms(x, GET_MODE(x), &e->pc, &e->elim, &e->prest);
	return e->soft.size() == 1 && e->elim.size() == 1;
}

/* The number of soft pointer terms saved_terms would collect from
 * saved node i (at most 2: more count as 2). */
static int saved_soft_count(const Tr &t, int i, int mode)
{
	const PNode &n = t.s->nodes[i];
	if (n.code == PLUS && n.nkid == 2 && n.mode == mode) {
		int a = saved_soft_count(t, i + 1, mode);
		if (a >= 2)
			return 2;
		return a + saved_soft_count(t, t.s->nodes[i + 1].end, mode);
	}
	if (n.code == REG && soft_pointer(n.regno))
		return 1;
	if (n.code == SUBREG && n.val == 0 && n.mode == mode &&
	    t.s->nodes[i + 1].code == REG &&
	    soft_pointer(t.s->nodes[i + 1].regno))
		return 1;
	return 0;
}

/* The number of eliminated registers post_terms would collect from x
 * (at most 2: more count as 2). */
static int post_elim_count(const_rtx x, machine_mode mode)
{
	if (GET_CODE(x) == PLUS && GET_MODE(x) == mode) {
		int a = post_elim_count(XEXP(x, 0), mode);
		if (a >= 2)
			return 2;
		return a + post_elim_count(XEXP(x, 1), mode);
	}
	return REG_P(x) && eliminated_p(x) && GET_MODE(x) == mode ? 1 : 0;
}

bool elim_sum(const Tr &t, int i, const_rtx x)
{
	/* elim_terms' answer without collecting the terms */
	const PNode &n = t.s->nodes[i];
	if (GET_CODE(x) != PLUS || n.mode != GET_MODE(x))
		return false;
	return saved_soft_count(t, i, n.mode) == 1 &&
	       post_elim_count(x, GET_MODE(x)) == 1;
}

/* The core general register (not sp) of hard register x when x is in
 * mode m, else -1. */
static int sum_reg(const_rtx x, machine_mode m)
{
	if (!REG_P(x) || !HARD_REGISTER_P(x) || GET_MODE(x) != m ||
	    REGNO(x) == STACK_POINTER_REGNUM)
		return -1;
	int c = capture_core_reg(REGNO(x));
	return c >= 0 && c < 16 ? c : -1;
}

bool add_terms(const Tr &t, const_rtx x, bool other_ok, RegSum *v,
	       bool *expanded)
{
	if (GET_CODE(x) == PLUS && GET_MODE(x) == Pmode)
		return add_terms(t, XEXP(x, 0), other_ok, v, expanded) &&
		       add_terms(t, XEXP(x, 1), other_ok, v, expanded);
	if (CONST_INT_P(x)) {
		v->c += (uint64_t)INTVAL(x);
		return true;
	}
	if (REG_P(x) && GET_MODE(x) == Pmode && eliminated_p(x)) {
		int64_t off = SP_UNKNOWN;
		argp_offset(t, x, &off);
		if (off == SP_UNKNOWN)
			return false;
		v->c += (uint64_t)off;
		v->nptr++;
		return true;
	}
	int c = sum_reg(x, Pmode);
	if (c >= 0 && t.sum[c].ok) {
		const RegSum &s = t.sum[c];
		v->c += s.c;
		v->nptr += s.nptr;
		v->raw.insert(v->raw.end(), s.raw.begin(), s.raw.end());
		*expanded = true;
		return true;
	}
	if (c >= 0 || other_ok) {
		v->raw.push_back(CONST_CAST_RTX(x));
		return true;
	}
	return false;
}

bool has_tracked(const Tr &t, const_rtx x)
{
	if (GET_CODE(x) == PLUS && GET_MODE(x) == Pmode)
		return has_tracked(t, XEXP(x, 0)) || has_tracked(t, XEXP(x, 1));
	int c = sum_reg(x, Pmode);
	return c >= 0 && t.sum[c].ok;
}

/* note_stores callback: adds the hard registers dest covers to the
 * HARD_REG_SET *data (a subreg, extract or strict_low_part: the whole
 * register). */
static void note_hard_written(rtx dest, const_rtx, void *data)
{
	while (GET_CODE(dest) == SUBREG || GET_CODE(dest) == ZERO_EXTRACT ||
	       GET_CODE(dest) == SIGN_EXTRACT ||
	       GET_CODE(dest) == STRICT_LOW_PART)
		dest = XEXP(dest, 0);
	if (REG_P(dest) && HARD_REGISTER_P(dest))
		add_to_hard_reg_set((HARD_REG_SET *)data, GET_MODE(dest),
				    REGNO(dest));
}

void track_sums(Tr &t, rtx_insn *insn, bool is_new)
{
	RegSum v;
	int dst = -1;
	rtx set = is_new ? single_set(insn) : NULL_RTX;
	if (set) {
		bool expanded = false;
		dst = sum_reg(SET_DEST(set), Pmode);
		if (dst >= 0 && !add_terms(t, SET_SRC(set), false, &v, &expanded))
			dst = -1;
	}
	HARD_REG_SET w;
	CLEAR_HARD_REG_SET(w);
	note_stores(insn, note_hard_written, &w);
	if (CALL_P(insn))
		w |= insn_callee_abi(insn).full_reg_clobbers();
	for (rtx note = REG_NOTES(insn); note; note = XEXP(note, 1))
		if (REG_NOTE_KIND(note) == REG_INC && REG_P(XEXP(note, 0)))
			add_to_hard_reg_set(&w, GET_MODE(XEXP(note, 0)),
					    REGNO(XEXP(note, 0)));
	auto hit = [&](const RegSum &s) {
		for (rtx r : s.raw)
			if (overlaps_hard_reg_set_p(w, GET_MODE(r), REGNO(r)))
				return true;
		return false;
	};
	for (int c = 0; c < 16; c++)
		if (t.sum[c].ok &&
		    (overlaps_hard_reg_set_p(w, Pmode, REGNO(t.sum[c].dest)) ||
		     hit(t.sum[c])))
			t.sum[c] = RegSum();
	if (dst >= 0 && !hit(v)) {
		v.ok = true;
		v.dest = SET_DEST(set);
		t.sum[dst] = v;
	}
}

/* The number of REGs in x that overlap hard register r. */
static int reads_of(const_rtx x, unsigned r)
{
	int n = 0;
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(it, array, x, ALL)
		if (REG_P(*it) && HARD_REGISTER_P(*it) &&
		    REGNO(*it) <= r && r < END_REGNO(*it))
			n++;
	return n;
}

bool fold_sum(Tr &t, rtx_insn *x, int cur, int last_pos)
{
	rtx set = PATTERN(x);
	if (GET_CODE(set) != SET || GET_CODE(SET_SRC(set)) != PLUS)
		return false;
	rtx d = SET_DEST(set);
	int c = sum_reg(d, Pmode);
	if (c < 0 || t.sum[c].ok || find_reg_note(x, REG_INC, NULL_RTX))
		return false;
	RegSum v;
	bool expanded = false;
	if (!add_terms(t, SET_SRC(set), false, &v, &expanded) || expanded ||
	    v.raw.size() != 1 || REGNO(v.raw[0]) != REGNO(d) ||
	    reads_of(SET_SRC(set), REGNO(d)) != 1)
		return false;
	/* further new insns adding a constant to R: their constants join
	 * the sum, and they fold too */
	std::vector<rtx_insn *> chain;
	rtx_insn *y = next_real(x);
	int si = -1;
	while (y && NONJUMP_INSN_P(y)) {
		int uid = INSN_UID(y);
		si = uid < (int)t.s->by_uid.size() ? t.s->by_uid[uid] : -1;
		if (si >= 0)
			break;
		rtx ps = PATTERN(y);
		if (GET_CODE(ps) != SET || !REG_P(SET_DEST(ps)) ||
		    REGNO(SET_DEST(ps)) != REGNO(d) ||
		    GET_MODE(SET_DEST(ps)) != Pmode ||
		    GET_CODE(SET_SRC(ps)) != PLUS ||
		    !rtx_equal_p(XEXP(SET_SRC(ps), 0), d) ||
		    !CONST_INT_P(XEXP(SET_SRC(ps), 1)) ||
		    find_reg_note(y, REG_INC, NULL_RTX))
			return false;
		v.c += (uint64_t)INTVAL(XEXP(SET_SRC(ps), 1));
		chain.push_back(y);
		y = next_real(y);
	}
	if (!y || !NONJUMP_INSN_P(y) || si < 0)
		return false;
	const SavedInsn &sv = t.s->insns[si];
	if (!sv.ins || sv.bb != cur || sv.pos < last_pos)
		return false;
	for (int k = 0; k < sv.ins->nops; k++)
		if (sv.ins->ops[k].kind == OK_HREG && sv.ins->ops[k].reg == c)
			return false;
	rtx ys = single_set(y);
	if (!ys || !REG_P(SET_DEST(ys)) || REGNO(SET_DEST(ys)) != REGNO(d) ||
	    GET_MODE(SET_DEST(ys)) != Pmode ||
	    reads_of(SET_SRC(ys), REGNO(d)) != 1 ||
	    find_reg_note(y, REG_INC, NULL_RTX))
		return false;
	rtx py = PATTERN(y);
	if (GET_CODE(py) == PARALLEL) {
		for (int k = 0; k < XVECLEN(py, 0); k++) {
			rtx e = XVECEXP(py, 0, k);
			if (e == ys)
				continue;
			if (GET_CODE(e) != CLOBBER || reads_of(e, REGNO(d)))
				return false;
		}
	} else if (py != ys) {
		return false;
	}
	v.ok = true;
	v.dest = d;
	t.sum[c] = v;
	t.fold_reg = c;
	t.fold_y = y;
	t.fold_used = false;
	bool ok = match_insn(t, sv, y) && t.fold_used;
	t.binds.clear();
	t.fail.clear();
	if (!ok) {
		t.sum[c] = RegSum();
		t.fold_reg = -1;
		t.fold_y = nullptr;
	} else {
		t.fold_chain = chain;
	}
	t.fold_used = false;
	return ok;
}
