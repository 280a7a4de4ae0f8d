/* deleted.cc - captured insns GCC deleted, put back at their original
 * place (no-op moves as executed, dropped simple jumps kept as the
 * block's edge), and the capture's cross-class copies.
 */
#include "postra.h"

/* The hard register (GCC number) of pseudo p in the insn of uid after
 * reload: reg_renumber's, or with a substituted allocation the one the
 * writer put there (Capture.subst_reg); -1 if none. */
static int hard_of(const Tr &t, int uid, int p)
{
	if (t.cap->substituted) {
		auto it = t.cap->subst_reg.find((long long)uid << 32 |
						(unsigned)p);
		return it == t.cap->subst_reg.end() ? -1 : it->second;
	}
	if (p < FIRST_PSEUDO_REGISTER || p >= max_reg_num())
		return -1;
	return reg_renumber[p];
}

/* The hard register (core number) pseudo p got in the insn of uid, or
 * -1. */
static int renumbered(const Tr &t, int uid, int p)
{
	int r = hard_of(t, uid, p);
	return r < 0 ? -1 : capture_core_reg(r);
}

/* The hard register (GCC number) that rtx node i names: a hard REG, or
 * a pseudo's register after reload, or through a SUBREG at a whole word
 * the word's register; -1 if none. */
static int node_hard_reg(const Tr &t, int uid, int i)
{
	const std::vector<PNode> &nd = t.s->nodes;
	int words = 0;
	if (nd[i].code == SUBREG) {
		if (nd[i].val % UNITS_PER_WORD)
			return -1;
		words = (int)(nd[i].val / UNITS_PER_WORD);
		i++;
	}
	if (nd[i].code != REG)
		return -1;
	int r = nd[i].regno;
	if (r >= FIRST_PSEUDO_REGISTER)
		r = hard_of(t, uid, r);
	if (r < 0 || (words && !GENERAL_REGNO_P(r)))
		return -1;
	/* A word of a value in consecutive general registers (ax:dx,
	 * r8:r9). */
	return r + words;
}

bool noop_move(const Tr &t, const SavedInsn &sv)
{
	const Ins *ci = sv.ins;
	const std::vector<PNode> &nd = t.s->nodes;
	if (ci->kind != IK_ORD || nd[sv.pat].code != SET)
		return false;
	int d = node_hard_reg(t, sv.uid, sv.pat + 1);
	int s = node_hard_reg(t, sv.uid, nd[sv.pat + 1].end);
	if (d < 0 || d != s)
		return false;
	for (int k = 0; k < ci->nops; k++) {
		const Op &o = ci->ops[k];
		if (o.kind == OK_PSEUDO &&
		    (o.sub_off % UNITS_PER_WORD ||
		     renumbered(t, sv.uid, o.reg) < 0))
			return false;
		if (o.kind != OK_PSEUDO && o.kind != OK_HREG)
			return false;
	}
	return true;
}

/* The allocation's copy of deleted captured insn sv: without locations
 * and flagged deleted, or, for a no-op move, as executed. */
static Ins *deleted_copy(Tr &t, const SavedInsn &sv)
{
	const Ins *ci = sv.ins;
	bool noop = noop_move(t, sv);
	Ins *ins = ins_new(t.alloc, ci->kind, ci->nops);
	ins->uid = ci->uid;
	/* the capture's [comm K] is the original's; the translation marks
	 * its own (mark_comm) */
	ins->flags = (ci->flags & ~(INS_COMM | INS_MIRROR)) |
		     (noop ? 0 : INS_DELETED);
	ins->name = ci->name ? fn_strdup(t.alloc, ci->name, strlen(ci->name))
			     : nullptr;
	ins->clobbers = ci->clobbers;
	for (int j = 0; j < ci->nops; j++) {
		ins->ops[j] = ci->ops[j];
		if (noop && ci->ops[j].kind == OK_PSEUDO)
			ins->ops[j].loc = {LOC_REG,
					   renumbered(t, ci->uid, ci->ops[j].reg)};
		if (ci->ops[j].sym)
			ins->ops[j].sym = fn_strdup(t.alloc, ci->ops[j].sym,
						    strlen(ci->ops[j].sym));
	}
	resplit(t, ci, ins);
	return ins;
}

bool place_class_copies(Tr &t)
{
	for (auto &cc : t.s->class_copies) {
		int uid = cc.second < 0 ? -cc.second : cc.second;
		Ins *user = nullptr;
		Blk *ub = nullptr;
		for (int b = 0; b < t.alloc->nblk && !user; b++)
			for (Ins *i = t.alloc->blk[b]->first; i; i = i->next)
				if (i->uid == uid && i->kind != IK_REMAT) {
					user = i;
					ub = t.alloc->blk[b];
					break;
				}
		if (!user || uid == 0) {
			unverified(t, "reader of a cross-class copy not found" +
					      uid_str(uid));
			return false;
		}
		const Ins *ci = cc.first;
		Ins *ins = ins_new(t.alloc, ci->kind, ci->nops);
		ins->uid = ci->uid;
		ins->flags = INS_DELETED;
		for (int j = 0; j < ci->nops; j++)
			ins->ops[j] = ci->ops[j];
		if (cc.second < 0)
			ins_insert_after(ub, user, ins);
		else
			ins_insert_before(ub, user, ins);
	}
	return true;
}

/* The register (core number) of a no-op move's pseudos (noop_move). */
static int noop_reg(const Tr &t, const Ins *ci)
{
	for (int k = 0; k < ci->nops; k++)
		if (ci->ops[k].kind == OK_PSEUDO)
			return renumbered(t, ci->uid, ci->ops[k].reg);
	return 0;
}

/* With a substituted allocation: prev moved over the inserted
 * instructions the writer emitted before original uid since the
 * original before it (Capture.subst_new_before), stopping at next. */
static Ins *skip_new(const Tr &t, Blk *b, Ins *prev, const Ins *next,
		     int uid)
{
	auto it = t.cap->subst_new_before.find(uid);
	int n = it == t.cap->subst_new_before.end() ? 0 : it->second;

	for (Ins *i = prev ? prev->next : b->first;
	     n > 0 && i && i != next && i->uid == 0; i = i->next, n--)
		prev = i;
	return prev;
}

void place_deleted(Tr &t, const std::vector<Ins *> &survivor)
{
	size_t n = t.s->insns.size();
	size_t k = 0;
	while (k < n) {
		const SavedInsn &first = t.s->insns[k];
		if ((survivor[k] && !t.moved[k]) || !first.ins) {
			k++;
			continue;
		}
		/* The gap: deleted insns k..e-1 of one block. */
		size_t e = k;
		RegSet noop_regs = 0;
		while (e < n && t.s->insns[e].bb == first.bb &&
		       (!survivor[e] || t.moved[e])) {
			const SavedInsn &sv = t.s->insns[e];
			if (sv.ins && !t.moved[e] && noop_move(t, sv))
				noop_regs |= RS_BIT(noop_reg(t, sv.ins));
			e++;
		}
		Ins *prev = nullptr;
		for (size_t j = k; j-- > 0 && t.s->insns[j].bb == first.bb;)
			if (survivor[j] && !t.moved[j]) {
				prev = survivor[j];
				break;
			}
		Ins *next = e < n && t.s->insns[e].bb == first.bb ? survivor[e]
								   : nullptr;
		Blk *b = t.alloc->blk[fn_block_by_id(t.alloc, first.bb)];
		/* After the last inserted instruction of the gap that writes
		 * a no-op move's register (LRA brought the value there);
		 * with a substituted allocation, where the writer put it. */
		for (Ins *i = prev ? prev->next : b->first;
		     !t.cap->substituted && i && i != next; i = i->next)
			if (i->uid == 0 && (writes_regs(i) & noop_regs))
				prev = i;
		for (size_t j = k; j < e; j++) {
			if (!t.s->insns[j].ins || t.moved[j])
				continue; /* (a moved load runs later) */
			if (t.cap->substituted)
				prev = skip_new(t, b, prev, next,
						t.s->insns[j].uid);
			Ins *ins = deleted_copy(t, t.s->insns[j]);
			if (block_jump(t, t.s->insns[j])) {
				/* Its block's only edge, as it was. */
				ins->flags &= ~INS_DELETED;
				ins_append(b, ins);
			} else {
				ins_insert_after(b, prev, ins);
			}
			prev = ins;
		}
		k = e;
	}
}
