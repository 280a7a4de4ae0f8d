/* order.cc - choosing between two orders of commutative operands that
 * both match: the hints (what the block's earlier instructions put
 * where, GCC's ORIGINAL_REGNO, memory equivalences, words reloaded
 * alone) and the [comm] mark that leaves the order to the checker.
 */
#include "postra.h"

int alone_binds(const std::vector<Binding> &b, size_t from)
{
	int n = 0;
	for (size_t k = from; k < b.size(); k++)
		n += b[k].word >= 0;
	return n;
}

int known_at(const Tr &t, Loc l)
{
	if (l.kind == LOC_REG && l.num >= 0 && l.num < TGT_NREGS)
		return t.known_reg[l.num];
	if (l.kind == LOC_SLOT) {
		auto it = t.known_slot.find(l.num);
		return it == t.known_slot.end() ? -1 : it->second;
	}
	return -1;
}

/* Whether binding b agrees with what the instructions translated before
 * in the block put at its location: p itself, or the constant of one of
 * p's [remat] definitions. */
static bool known_agrees(const Tr &t, const Binding &b)
{
	int v = known_at(t, b.loc);
	if (v >= 0)
		return v == b.pseudo;
	if (v == -1 || b.pseudo < 0 ||
	    b.pseudo >= (int)t.remat_const.size() || !t.remat_const[b.pseudo])
		return false;
	const Const &k = t.alloc->konst[-2 - v];
	const Op *o = t.remat_const[b.pseudo];
	return const_same(o->kind, o->imm, o->sym, k.kind, k.imm, k.sym);
}

int hint_score(const Tr &t, size_t mark,
	       const std::vector<const_rtx> &regs)
{
	int n = 0;
	for (size_t k = mark; k < t.binds.size(); k++)
		if (!t.binds[k].def && known_agrees(t, t.binds[k]))
			n++;
	for (const_rtx r : regs)
		for (size_t k = mark; k < t.binds.size(); k++)
			if ((int)ORIGINAL_REGNO(r) == t.binds[k].pseudo &&
			    t.binds[k].loc.kind == LOC_REG &&
			    t.binds[k].loc.num == capture_core_reg(REGNO(r)))
				n++;
	return n;
}

bool mem_bound(const Tr &t, const std::vector<Binding> &bs,
	       size_t from)
{
	for (size_t k = from; k < bs.size(); k++) {
		Loc l = bs[k].loc;
		if (l.kind != LOC_CONST || l.num < 0 || l.num >= t.alloc->nconst)
			continue;
		const Const &c = t.alloc->konst[l.num];
		if (c.kind == OK_MEMSYM && c.sym && strncmp(c.sym, ".LC", 3))
			return true;
	}
	return false;
}

int own_equiv_score(const Tr &t, const std::vector<Binding> &bs,
		    size_t from)
{
	int n = 0;
	const Fn *o = t.cap->fn;
	for (size_t k = from; k < bs.size(); k++) {
		Loc l = bs[k].loc;
		if (l.kind != LOC_CONST || l.num < 0 || l.num >= t.alloc->nconst)
			continue;
		const Const &c = t.alloc->konst[l.num];
		bool argp = c.sym && strcmp(c.sym, "%argp") == 0;
		bool found = false;
		for (int b = 0; b < o->nblk && !found; b++)
			for (const Ins *i = o->blk[b]->first; i && !found;
			     i = i->next)
				for (int m = 0; m < i->nmem && !found; m++) {
					const MemRef &r = i->mem[m];
					int64_t off = r.off;
					if (r.kind != MR_LD || r.base == MB_ANY)
						continue;
					if (r.base == MB_FRAME)
						off += t.frame_argp;
					bool same =
						r.base == MB_SYM
							? !argp && c.sym &&
								  !strcmp(r.sym, c.sym) &&
								  off == c.imm
							: argp && off == c.imm;
					if (same && i->nops > 0 &&
					    i->ops[0].kind == OK_PSEUDO &&
					    i->ops[0].reg == bs[k].pseudo)
						found = true;
				}
		n += found;
	}
	return n;
}

void regs_in(const_rtx x, std::vector<const_rtx> *out)
{
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, x, NONCONST)
		if (REG_P(*iter))
			out->push_back(*iter);
}

bool commutative_code(int code)
{
	return GET_RTX_CLASS(code) == RTX_COMM_ARITH ||
	       GET_RTX_CLASS(code) == RTX_COMM_COMPARE;
}

/* How many saved nodes of t.cur_sv's pattern and call usage are
 * (reg p). */
static int saved_occurrences(const Tr &t, int p)
{
	int n = 0;
	const SavedInsn &sv = *t.cur_sv;
	for (int root : {sv.pat, sv.usage})
		if (root >= 0)
			for (int k = root; k < t.s->nodes[root].end; k++)
				if (t.s->nodes[k].code == REG &&
				    t.s->nodes[k].regno == p)
					n++;
	return n;
}

/* Whether operand o of a captured instruction is a whole output only
 * (no use, no subreg). */
static bool whole_output(const Op &o)
{
	return (o.flags & (OF_DEF | OF_USE)) == OF_DEF && !o.sub_size;
}

/* How many operands of ci are pseudo p as a whole output only. */
static int output_operands(const Ins *ci, int p)
{
	int n = 0;
	for (int k = 0; k < ci->nops; k++)
		n += ci->ops[k].kind == OK_PSEUDO && ci->ops[k].reg == p &&
		     whole_output(ci->ops[k]);
	return n;
}

int sole_use_operand(const Ins *ci, int p)
{
	int at = -1;
	for (int k = 0; k < ci->nops; k++) {
		const Op &o = ci->ops[k];
		if (o.kind != OK_PSEUDO || o.reg != p || whole_output(o))
			continue;
		if (at >= 0 || (o.flags & OF_DEF) || o.sub_size)
			return -1;
		at = k;
	}
	return at;
}

/* Whether post-RA x's two operands are GCC's commutative operand pair
 * ('%') of t.insn, c and c+1 in that order; *d0, *d1 = how many
 * match_dups each has.  Clobbers recog_data. */
static bool percent_pair(const Tr &t, const_rtx x, int *d0, int *d1)
{
	if (!t.insn || recog_memoized(t.insn) < 0)
		return false;
	extract_insn(t.insn);
	int c = -1;
	for (int k = 0; k + 1 < recog_data.n_operands && c < 0; k++)
		for (const char *p = recog_data.constraints[k]; *p && *p != ',';
		     p++)
			if (*p == '%')
				c = k;
	rtx y = const_cast<rtx>(x);
	if (c < 0 || recog_data.operand_loc[c] != &XEXP(y, 0) ||
	    recog_data.operand_loc[c + 1] != &XEXP(y, 1))
		return false;
	*d0 = *d1 = 0;
	for (int d = 0; d < recog_data.n_dups; d++) {
		*d0 += recog_data.dup_num[d] == c;
		*d1 += recog_data.dup_num[d] == c + 1;
	}
	return true;
}

bool same_kids(const Tr &t, int i, std::pair<int, int> pair)
{
	const PNode &n = t.s->nodes[i];
	if (n.nkid != 2)
		return false;
	const PNode &a = t.s->nodes[i + 1];
	const PNode &b = t.s->nodes[a.end];
	return a.code == REG && b.code == REG && a.regno == pair.first &&
	       b.regno == pair.second;
}

bool comm_candidate(const Tr &t, int i, const_rtx x, int *pa,
		    int *pb)
{
	const PNode &n = t.s->nodes[i];
	if (!t.cur_sv || !t.cur_sv->ins || n.nkid != 2)
		return false;
	/* each kid a pseudo, or a lowpart subreg of one as wide as it
	 * (`(subreg:V2SI (reg:DI p100) 0)`, whole in the capture) */
	auto kid = [&](int k) -> PNode {
		const PNode &x = t.s->nodes[k];
		if (x.code != SUBREG || x.val != 0 || x.nkid != 1)
			return x;
		PNode r = t.s->nodes[k + 1];
		if (r.code != REG ||
		    maybe_ne(GET_MODE_SIZE((machine_mode)x.mode),
			     GET_MODE_SIZE((machine_mode)r.mode)))
			return x;
		r.end = x.end;
		return r;
	};
	const PNode a = kid(i + 1);
	const PNode b = kid(a.end);
	if (a.code != REG || b.code != REG || a.regno < FIRST_PSEUDO_REGISTER ||
	    b.regno < FIRST_PSEUDO_REGISTER || a.regno == b.regno)
		return false;
	const Ins *ci = t.cur_sv->ins;
	const Fn *o = t.cap->fn;
	int ka = sole_use_operand(ci, a.regno), kb = sole_use_operand(ci, b.regno);
	if (ka < 0 || kb < 0 || (ka - kb != 1 && kb - ka != 1) ||
	    a.regno >= o->npseudo || b.regno >= o->npseudo ||
	    o->pseudo[a.regno].size != o->pseudo[b.regno].size)
		return false;
	*pa = a.regno;
	*pb = b.regno;
	/* (an output naming one of them, `x = x + y`, is its own operand,
	 * whichever order the two inputs are in) */
	int na = saved_occurrences(t, a.regno) - output_operands(ci, a.regno);
	int nb = saved_occurrences(t, b.regno) - output_operands(ci, b.regno);
	if (na == 1 && nb == 1)
		return true;
	int d0, d1;
	if (!t.insn)
		return false;
	const char *name = INSN_CODE(t.insn) >= 0
				   ? get_insn_name(INSN_CODE(t.insn))
				   : nullptr;
	return name && ci->name && strcmp(name, ci->name) == 0 &&
	       percent_pair(t, x, &d0, &d1) && na == 1 + d0 && nb == 1 + d1;
}
