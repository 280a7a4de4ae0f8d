/* located.cc - captured insns that survive: matching a whole insn
 * against its saved pattern (a '%' operand pair either way, frame
 * addresses compared loosely), and the copy of its captured instruction
 * with a location on every pseudo operand, memory operands loaded
 * through a register included.
 */
#include "postra.h"

/* ---------------------------------------------------------------- */
/* Matching a whole insn.                                           */

void begin_match(Tr &t, const SavedInsn &si, rtx_insn *insn)
{
	t.binds.clear();
	t.soft_in.clear();
	t.comm.clear();
	t.memops.clear();
	t.cur_sv = &si;
	t.insn = insn;
	t.fail.clear();
	t.elim = false;
	t.scratch_ops.clear();
	t.next_scratch = 0;
}

/* Matches the saved pattern (and call usage) of si against insn; fills
 * t.binds.  False with t.fail possibly empty (a different shape). */
static bool match_insn_once(Tr &t, const SavedInsn &si, rtx_insn *insn)
{
	begin_match(t, si, insn);
	for (int k = 0; k < si.ins->nops; k++) {
		const Op &o = si.ins->ops[k];
		if (o.kind == OK_PSEUDO && o.reg >= t.s->first_scratch)
			t.scratch_ops.push_back(o.reg);
	}
	if (!match(t, si.pat, PATTERN(insn), OF_USE))
		return false;
	if (si.usage >= 0) {
		rtx u = CALL_INSN_FUNCTION_USAGE(insn);
		if (!u || !match(t, si.usage, u, OF_USE))
			return false;
	}
	return true;
}

/* The first operand n of recognised insn whose constraint has '%': the
 * machine description declares the insn commutative in operands n and
 * n + 1, and LRA may exchange them; -1 if none.  When n >= 0, recog_data
 * holds insn's extraction. */
static int commutative_operand(rtx_insn *insn)
{
	if (INSN_CODE(insn) < 0 || asm_noperands(PATTERN(insn)) >= 0)
		return -1;
	/* the constraints extract_insn would copy, read in place: the
	 * insn is extracted only when it has such a pair */
	const insn_data_d &d = insn_data[INSN_CODE(insn)];
	for (int n = 0; n + 1 < d.n_operands; n++)
		if (d.operand[n].constraint &&
		    strchr(d.operand[n].constraint, '%')) {
			extract_insn(insn);
			return n;
		}
	return -1;
}

/* The places of a '%' operand pair and of their duplicates in an insn
 * (copied from recog_data, which matching may refill). */
struct OpPair {
	rtx *loc[2];
	std::vector<std::pair<rtx *, int>> dups; /* place, 0 or 1 */
};

/* Exchanges the pair's operands in place (and their duplicates), as LRA
 * does for a '%' pair; again to undo. */
static void swap_operands(const OpPair &p)
{
	rtx x = *p.loc[0];
	*p.loc[0] = *p.loc[1];
	*p.loc[1] = x;
	for (const auto &d : p.dups)
		*d.first = *p.loc[d.second];
}

bool match_insn(Tr &t, const SavedInsn &si, rtx_insn *insn)
{
	int n = commutative_operand(insn);
	OpPair pr;
	if (n >= 0) {
		pr.loc[0] = recog_data.operand_loc[n];
		pr.loc[1] = recog_data.operand_loc[n + 1];
		for (int d = 0; d < recog_data.n_dups; d++)
			if (recog_data.dup_num[d] == n ||
			    recog_data.dup_num[d] == n + 1)
				pr.dups.push_back({recog_data.dup_loc[d],
						   recog_data.dup_num[d] - n});
	}
	bool ok = match_insn_once(t, si, insn);
	if (n < 0 || (ok && !t.comm.empty()))
		return ok; /* [comm]: the checker takes either order */
	std::vector<const_rtx> regs;
	regs_in(PATTERN(insn), &regs);
	int score = ok ? hint_score(t, 0, regs) : -1;
	std::string fail = t.fail;
	swap_operands(pr);
	bool ok2 = match_insn_once(t, si, insn);
	int score2 = ok2 ? hint_score(t, 0, regs) : -1;
	swap_operands(pr);
	if (ok2 && score2 > score)
		return true; /* the exchanged match's bindings */
	if (!ok) {
		t.fail = fail;
		return false;
	}
	return match_insn_once(t, si, insn);
}

bool wrong_frame_addr(Tr &t, const SavedInsn &si, rtx_insn *insn)
{
	t.loose_frame = true;
	t.frame_moved = false;
	bool ok = match_insn(t, si, insn) && t.frame_moved;
	t.loose_frame = false;
	if (!ok)
		return false;
	char buf[160];
	snprintf(buf, sizeof buf,
		 "frame memory at argp%+lld before IRA is at argp%+lld after "
		 "elimination",
		 (long long)t.frame_pre, (long long)t.frame_post);
	t.wrong_addr.push_back({INSN_UID(insn), buf});
	return true;
}

bool has_pseudo(const Ins *i)
{
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].kind == OK_PSEUDO)
			return true;
	return false;
}

static void note_written(rtx dest, const_rtx, void *data)
{
	RegSet *s = (RegSet *)data;
	if (GET_CODE(dest) == SUBREG)
		dest = SUBREG_REG(dest);
	if (!REG_P(dest))
		return;
	int n = hard_regno_nregs(REGNO(dest), GET_MODE(dest));
	for (int k = 0; k < n; k++) {
		int c = capture_core_reg(REGNO(dest) + k);
		if (c >= 0)
			*s |= RS_BIT(c);
	}
}

bool writes_hard_defs(rtx_insn *insn, const Ins *ci)
{
	RegSet w = 0;
	note_stores(insn, note_written, &w);
	for (int k = 0; k < ci->nops; k++)
		if (ci->ops[k].kind == OK_HREG && (ci->ops[k].flags & OF_DEF) &&
		    !RS_HAS(w, ci->ops[k].reg))
			return false;
	return true;
}

/* ---------------------------------------------------------------- */
/* The located copy.                                                */

/* The bound location of pseudo p as a def (def) or a use, or LOC_NONE;
 * *word (when given) its Binding.word (-1 when none). */
static Loc bound(const Tr &t, int p, bool def, int *word = nullptr)
{
	if (word)
		*word = -1;
	for (const Binding &b : t.binds)
		if (b.pseudo == p && b.def == def) {
			if (word)
				*word = b.word;
			return b.loc;
		}
	return {LOC_NONE, 0};
}

static bool same_loc(Loc a, Loc b)
{
	return a.kind == b.kind && a.num == b.num;
}

/* The use locations of the pseudo operands of ci when a pseudo was
 * found at several use locations (else `at` stays LOC_NONE for them):
 * at[k] for operand k.  A read-modify-write operand takes its def's
 * location, a use tied to a def that def's location, the others the
 * locations not yet given, in order (then the first).  Every location
 * the post-RA insn reads p from must be some operand's, so that the
 * checker proves each holds p; false (reason set) when one is left. */
static bool use_locs_of(Tr &t, const Ins *ci, std::vector<Loc> &at)
{
	at.assign(ci->nops, Loc{LOC_NONE, 0});
	for (int k = 0; k < ci->nops; k++) {
		const Op &o = ci->ops[k];
		if (o.kind != OK_PSEUDO || !(o.flags & OF_USE) ||
		    at[k].kind != LOC_NONE)
			continue;
		/* counted first: most reads are bound once, and need no
		 * list */
		int nu = 0;
		for (const Binding &b : t.binds)
			nu += b.pseudo == o.reg && !b.def;
		if (nu < 2)
			continue;
		std::vector<Loc> u;
		bool alone = false;
		for (const Binding &b : t.binds)
			if (b.pseudo == o.reg && !b.def) {
				u.push_back(b.loc);
				alone |= b.word >= 0;
			}
		if (alone) {
			unverified(t, "word of a pseudo reloaded alone" +
					      uid_str(ci->uid));
			return false;
		}
		std::vector<bool> given(u.size(), false);
		std::vector<int> ks;
		for (int j = k; j < ci->nops; j++)
			if (ci->ops[j].kind == OK_PSEUDO &&
			    ci->ops[j].reg == o.reg &&
			    (ci->ops[j].flags & OF_USE))
				ks.push_back(j);
		/* the location a def fixes: its own, or its tied def's */
		auto fixed = [&](int j) {
			const Op &oj = ci->ops[j];
			if (oj.flags & OF_DEF)
				return bound(t, oj.reg, true);
			if (oj.tie >= 0 && oj.tie < ci->nops &&
			    ci->ops[oj.tie].kind == OK_PSEUDO)
				return bound(t, ci->ops[oj.tie].reg, true);
			return Loc{LOC_NONE, 0};
		};
		for (int j : ks) {
			Loc f = fixed(j);
			for (size_t m = 0; m < u.size(); m++)
				if (f.kind != LOC_NONE && same_loc(f, u[m])) {
					at[j] = u[m];
					given[m] = true;
				}
			if ((ci->ops[j].flags & OF_DEF) &&
			    at[j].kind == LOC_NONE) {
				unverified(t, "read-modify-write operand in two "
					      "locations" + uid_str(ci->uid));
				return false;
			}
		}
		for (int j : ks) {
			if (at[j].kind != LOC_NONE)
				continue;
			size_t m = 0;
			while (m < u.size() && given[m])
				m++;
			at[j] = u[m < u.size() ? m : 0];
			if (m < u.size())
				given[m] = true;
		}
		for (size_t m = 0; m < u.size(); m++)
			if (!given[m]) {
				unverified(t, "p" + std::to_string(o.reg) +
						      " in two locations" +
						      uid_str(ci->uid));
				return false;
			}
	}
	return true;
}

/* Marks ins (the located copy of ci) [comm K] for t.comm's pair: their
 * operands K and K+1, each pseudo bound at one use location and no def
 * but as a whole output of ci.
 * False with a reason otherwise. */
static bool mark_comm(Tr &t, const Ins *ci, Ins *ins)
{
	if (t.comm.empty())
		return true;
	int ka = sole_use_operand(ci, t.comm[0].first);
	int kb = sole_use_operand(ci, t.comm[0].second);
	int uses = 0, defs = 0, outs = 0;
	for (const Binding &b : t.binds)
		if (b.pseudo == t.comm[0].first || b.pseudo == t.comm[0].second)
			(b.def ? defs : uses)++;
	/* an output naming one of them (`x = x + y`) is bound on its own */
	for (int k = 0; k < ci->nops; k++) {
		const Op &o = ci->ops[k];
		outs += o.kind == OK_PSEUDO && !o.sub_size &&
			(o.flags & (OF_DEF | OF_USE)) == OF_DEF &&
			(o.reg == t.comm[0].first || o.reg == t.comm[0].second);
	}
	if (t.comm.size() != 1 || ka < 0 || kb < 0 ||
	    (ka - kb != 1 && kb - ka != 1) || uses != 2 || defs != outs) {
		unverified(t, "commutative operands in several locations" +
				      uid_str(ci->uid));
		return false;
	}
	ins->flags |= INS_COMM;
	ins->comm = ka < kb ? ka : kb;
	return true;
}

void resplit(const Tr &t, const Ins *ci, Ins *ins)
{
	auto it = t.s->orig_of.find(ci);
	if (it == t.s->orig_of.end())
		return;
	for (int k = 0; k < ins->nops; k++)
		if (ins->ops[k].kind == OK_PSEUDO)
			ins->ops[k].reg = it->second->ops[k].reg;
}

Ins *located_copy(Tr &t, const Ins *ci)
{
	std::vector<Loc> &at = t.at_buf;
	if (!use_locs_of(t, ci, at))
		return nullptr;
	Ins *ins = ins_new(t.alloc, ci->kind, ci->nops);
	ins->uid = ci->uid;
	/* mark_comm sets its own; no mirror: the insn is GCC's alternative */
	ins->flags = ci->flags & ~(INS_COMM | INS_MIRROR);
	/* the name and symbols are the capture's, which outlives the
	 * translation (postra_verify frees it first) */
	ins->name = ci->name;
	ins->clobbers = ci->clobbers;
	for (int k = 0; k < ci->nops; k++) {
		Op o = ci->ops[k];
		if (o.kind == OK_HREG && (o.flags & OF_USE))
			for (auto &e : t.soft_in)
				if (e.first == o.reg)
					o.reg = e.second;
		if (o.kind == OK_PSEUDO) {
			int uw, dw;
			Loc u = at[k].kind != LOC_NONE
					? at[k]
					: bound(t, o.reg, false, &uw);
			if (at[k].kind != LOC_NONE)
				uw = -1; /* use_locs_of: no word alone */
			Loc d = bound(t, o.reg, true, &dw);
			Loc l = (o.flags & OF_DEF) ? d : u;
			int w = (o.flags & OF_DEF) ? dw : uw;
			if ((o.flags & OF_DEF) && (o.flags & OF_USE)) {
				if (l.kind == LOC_NONE) {
					l = u;
					w = uw;
				} else if (u.kind != LOC_NONE &&
					   (!same_loc(u, d) || uw != dw)) {
					unverified(t, "read-modify-write operand "
						      "in two locations" +
							      uid_str(ci->uid));
					return nullptr;
				}
			}
			if (l.kind == LOC_NONE) {
				unverified(t, "no location found for an "
					      "operand" + uid_str(ci->uid));
				return nullptr;
			}
			if (w >= 0) {
				/* the pseudo's word w alone in a register: only
				 * an operand that is exactly that word reads or
				 * writes it there */
				if (o.sub_size != UNITS_PER_WORD ||
				    o.sub_off != w * UNITS_PER_WORD) {
					unverified(t, "word of a pseudo reloaded "
						      "alone" + uid_str(ci->uid));
					return nullptr;
				}
				o.flags |= OF_WORD;
			}
			o.loc = l;
		}
		ins->ops[k] = o;
	}
	if (!mark_comm(t, ci, ins))
		return nullptr;
	resplit(t, ci, ins);
	return ins;
}

/* ---------------------------------------------------------------- */
/* Memory operands loaded through a register.                       */

/* Whether v contains x. */
static bool int_in(const std::vector<int> &v, int x)
{
	for (int y : v)
		if (y == x)
			return true;
	return false;
}

void apply_memops(Tr &t, Ins *ins)
{
	if (t.memops.empty())
		return;
	const MemOp &m = t.memops[0];
	Ins *ld = t.mem_ins[m.src];
	if (!ld || ld->kind != IK_OPAQUE || ld->nops != 1 || ld->of ||
	    !t.mem_src[m.src])
		return;
	/* the saved address's pseudos (no hard register, no subreg) */
	std::vector<int> ps;
	for (int k = m.node + 1; k < t.s->nodes[m.node].end; k++) {
		const PNode &n = t.s->nodes[k];
		if (n.code == SUBREG)
			return;
		if (n.code != REG)
			continue;
		if (n.regno < FIRST_PSEUDO_REGISTER)
			return;
		if (!int_in(ps, n.regno))
			ps.push_back(n.regno);
	}
	/* each register of the post-RA address: the one pseudo of them
	 * bound there as a use */
	std::vector<Binding> uses;
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(it, array, XEXP(t.mem_src[m.src], 0), NONCONST) {
		if (!REG_P(*it))
			continue;
		int c = capture_core_reg(REGNO(*it)), p = -1;
		for (const Binding &b : t.binds) {
			if (b.def || b.loc.kind != LOC_REG || b.loc.num != c ||
			    !int_in(ps, b.pseudo))
				continue;
			if (b.word >= 0 || (p >= 0 && p != b.pseudo))
				return;
			p = b.pseudo;
		}
		if (c < 0 || p < 0)
			return;
		bool dup = false;
		for (const Binding &u : uses)
			dup |= u.pseudo == p;
		if (!dup)
			uses.push_back({p, false, {LOC_REG, c}});
	}
	if (uses.empty() || uses.size() != ps.size())
		return;
	Op *ops = ARENA_NEW(t.alloc->arena, Op, uses.size() + 1);
	ops[0] = ld->ops[0];
	for (size_t k = 0; k < uses.size(); k++) {
		Op &o = ops[k + 1];
		o.kind = OK_PSEUDO;
		o.flags = OF_USE;
		o.tie = -1;
		o.from = -1;
		o.reg = uses[k].pseudo;
		o.loc = uses[k].loc;
	}
	ld->ops = ops;
	ld->nops = (int)uses.size() + 1;
	ld->of = ins->uid;
	ins->memat = m.reg + 1;
	ins->memw = m.width;
}

bool merged_load(Tr &t, Blk *blk, Ins *ins, rtx_insn *insn)
{
	int c = t.mem_self;
	t.mem_self = -1;
	if (c < 0 || c >= TGT_NREGS || !t.mem_ins[c] || !t.mem_insn[c] ||
	    blk->last != t.mem_ins[c] ||
	    prev_nondebug_insn(insn) != t.mem_insn[c])
		return false;
	ins_remove(blk, t.mem_ins[c]);
	t.mem_ins[c] = nullptr;
	ins->clobbers |= RS_BIT(c);
	return true;
}
