/* save.cc - what the post-RA translation keeps of the capture before IRA
 * (postra_save, postra_free): each captured insn's pattern as a compact
 * pre-order tree (codes, modes, register numbers, constants, symbol
 * names: no rtx pointer survives), a jump's targets, the call ABI, and
 * the capture's cross-class copies.
 */
#include "postra.h"

/* Per rtx code: 1 when its format has an integer field ('i', 'n' or
 * 'w'), 2 when not, 0 not yet known. */
static unsigned char code_has_ints[NUM_RTX_CODE];

int64_t int_fields(const_rtx x)
{
	unsigned char &has = code_has_ints[GET_CODE(x)];
	if (!has)
		has = strpbrk(GET_RTX_FORMAT(GET_CODE(x)), "inw") ? 1 : 2;
	if (has == 2)
		return 0;
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	uint64_t h = 0;
	for (int k = 0; k < GET_RTX_LENGTH(GET_CODE(x)); k++)
		if (fmt[k] == 'i' || fmt[k] == 'n')
			h = h * 1000003u + (uint64_t)(unsigned)XINT(x, k);
		else if (fmt[k] == 'w')
			h = h * 1000003u + (uint64_t)XWINT(x, k);
	return (int64_t)h;
}

bool leaf_constant_p(const_rtx x)
{
	switch (GET_CODE(x)) {
	case CONST_INT:
	case CONST_DOUBLE:
	case CONST_WIDE_INT:
	case CONST_VECTOR:
	case CONST_FIXED:
	case CONST_POLY_INT:
	case LABEL_REF:
	case SYMBOL_REF:
		return true;
	default:
		return false;
	}
}

/* Appends the exact value of leaf constant x (leaf_constant_p) to *w,
 * every bit of it: an integer's words (a CONST_WIDE_INT's count and
 * elements), a float's target words (all four: XFmode and TFmode have
 * more than 64 bits), a vector's element count and elements, a fixed
 * value's two words.  Two constants of one code and mode with the same
 * words are the same value (capture_const_bits keeps 64 bits only). */
static void const_words(const_rtx x, std::vector<int64_t> *w)
{
	switch (GET_CODE(x)) {
	case CONST_INT:
		w->push_back(INTVAL(x));
		break;
	case CONST_WIDE_INT:
		w->push_back(CONST_WIDE_INT_NUNITS(x));
		for (int k = 0; k < CONST_WIDE_INT_NUNITS(x); k++)
			w->push_back(CONST_WIDE_INT_ELT(x, k));
		break;
	case CONST_DOUBLE:
		if (GET_MODE(x) == VOIDmode) {
			w->push_back(CONST_DOUBLE_LOW(x));
			w->push_back(CONST_DOUBLE_HIGH(x));
		} else {
			long l[4] = {0, 0, 0, 0};
			real_to_target(l, CONST_DOUBLE_REAL_VALUE(x),
				       GET_MODE(x));
			for (int k = 0; k < 4; k++)
				w->push_back(l[k]);
		}
		break;
	case CONST_VECTOR: {
		int n = (int)GET_MODE_NUNITS(GET_MODE(x)).to_constant();
		w->push_back(n);
		for (int k = 0; k < n; k++)
			const_words(CONST_VECTOR_ELT(x, k), w);
		break;
	}
	case CONST_FIXED:
		w->push_back((int64_t)CONST_FIXED_VALUE_LOW(x));
		w->push_back((int64_t)CONST_FIXED_VALUE_HIGH(x));
		break;
	case CONST_POLY_INT:
		for (unsigned k = 0; k < NUM_POLY_INT_COEFFS; k++)
			w->push_back(CONST_POLY_INT_COEFFS(x)[k].to_shwi());
		break;
	default:
		break;
	}
}

bool same_const_words(const SavedInsns *s, const PNode &n,
		      const_rtx x)
{
	/* the words of x: reused from call to call (the compiler runs
	 * one function at a time) */
	static std::vector<int64_t> w;
	w.clear();
	const_words(x, &w);
	if ((int)w.size() != n.cw)
		return false;
	for (int k = 0; k < n.cw; k++)
		if (s->cwords[n.cw0 + k] != w[k])
			return false;
	return true;
}

/* Appends x (may be NULL: nothing) to s in pre-order; returns its root. */
static int save_rtx(SavedInsns *s, const_rtx x)
{
	int me = (int)s->nodes.size();
	PNode n;
	n.code = GET_CODE(x);
	n.mode = GET_MODE(x);
	n.nkid = 0;
	n.regno = -1;
	n.val = 0;
	n.sym = -1;
	s->nodes.push_back(n);
	if (REG_P(x)) {
		s->nodes[me].regno = REGNO(x);
	} else if (GET_CODE(x) == SYMBOL_REF) {
		s->nodes[me].sym = (int)s->syms.size();
		s->syms.push_back(XSTR(x, 0));
	} else if (GET_CODE(x) == LABEL_REF) {
		rtx lab = label_ref_label(x);
		s->nodes[me].val = LABEL_P(lab) ? CODE_LABEL_NUMBER(lab) : 0;
	} else if (leaf_constant_p(x)) {
		s->nodes[me].val = capture_const_bits(x);
		int cw0 = (int)s->cwords.size();
		const_words(x, &s->cwords);
		s->nodes[me].cw0 = cw0;
		s->nodes[me].cw = (int)s->cwords.size() - cw0;
	} else if (GET_CODE(x) == SUBREG) {
		s->nodes[me].val = SUBREG_BYTE(x).to_constant();
		save_rtx(s, SUBREG_REG(x));
		s->nodes[me].nkid = 1;
	} else {
		s->nodes[me].val = int_fields(x);
		const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
		int nk = 0;
		for (int k = 0; k < GET_RTX_LENGTH(GET_CODE(x)); k++) {
			if (fmt[k] == 'e' && XEXP(x, k)) {
				save_rtx(s, XEXP(x, k));
				nk++;
			} else if (fmt[k] == 'E' || fmt[k] == 'V') {
				int v = (int)s->nodes.size();
				PNode vn = n;
				vn.code = VEC_CODE;
				vn.mode = 0;
				vn.val = 0;
				vn.nkid = XVEC(x, k) ? XVECLEN(x, k) : 0;
				s->nodes.push_back(vn);
				for (int j = 0; j < s->nodes[v].nkid; j++)
					save_rtx(s, XVECEXP(x, k, j));
				s->nodes[v].end = (int)s->nodes.size();
				nk++;
			}
		}
		s->nodes[me].nkid = nk;
	}
	s->nodes[me].end = (int)s->nodes.size();
	return me;
}

/* Clone of captured instruction ci (in the capture's arena, same
 * neighbours) whose pseudo operands name src[q] for every copy
 * destination q; ci itself when it names none. */
static Ins *unsplit_clone(Fn *fn, Ins *ci, const std::map<int, int> &src)
{
	bool any = false;
	for (int k = 0; k < ci->nops; k++)
		any |= ci->ops[k].kind == OK_PSEUDO && src.count(ci->ops[k].reg);
	if (!any)
		return ci;
	Ins *c = ins_new(fn, ci->kind, ci->nops);
	Op *ops = c->ops;
	*c = *ci;
	c->ops = ops;
	for (int k = 0; k < ci->nops; k++) {
		ops[k] = ci->ops[k];
		if (ops[k].kind == OK_PSEUDO && src.count(ops[k].reg))
			ops[k].reg = src.at(ops[k].reg);
	}
	return c;
}

/* Fills s->class_copies from the capture (instructions with a UID above
 * GCC's, all cross-class copies), and points ins_of at the clones of
 * their readers (unsplit_clone). */
static void save_class_copies(SavedInsns *s, Fn *fn,
			      std::vector<Ins *> &ins_of)
{
	std::map<int, int> src;
	for (int i = 0; i < fn->nblk; i++)
		for (Ins *ins = fn->blk[i]->first; ins; ins = ins->next) {
			if (ins->uid < (int)ins_of.size())
				continue;
			/* `=q, p` before a read of q, or `=p, q` after the
			 * definition of q; q is the capture's new pseudo */
			bool after = ins->ops[0].reg < s->first_scratch;
			const Ins *at = after ? ins->prev : ins->next;
			while (at && at->uid >= (int)ins_of.size())
				at = after ? at->prev : at->next;
			s->class_copies.push_back(
				{ins, at ? (after ? -at->uid : at->uid) : 0});
			if (after)
				src[ins->ops[1].reg] = ins->ops[0].reg;
			else
				src[ins->ops[0].reg] = ins->ops[1].reg;
		}
	if (src.empty())
		return;
	for (Ins *&ins : ins_of)
		if (ins) {
			Ins *c = unsplit_clone(fn, ins, src);
			if (c != ins)
				s->orig_of[c] = ins;
			ins = c;
		}
}

/* Fills si->jlabel and si->jfall for a conditional jump insn of block bb
 * (before IRA): the block its label heads and the destination of bb's
 * fall-through edge; JT_UNKNOWN otherwise.  For a simple jump
 * (set (pc) (label_ref L)), jlabel only (simple_jump_semantics). */
static void save_jump_targets(basic_block bb, rtx_insn *insn, SavedInsn *si)
{
	si->jlabel = si->jfall = JT_UNKNOWN;
	if (JUMP_P(insn) && simplejump_p(insn)) {
		rtx lab = JUMP_LABEL(insn);
		if (lab && LABEL_P(lab) && BLOCK_FOR_INSN(lab) &&
		    BB_HEAD(BLOCK_FOR_INSN(lab)) == lab)
			si->jlabel = BLOCK_FOR_INSN(lab)->index;
		return;
	}
	if (!JUMP_P(insn) || !any_condjump_p(insn))
		return;
	rtx ref = condjump_label(insn);
	if (ref && GET_CODE(ref) == LABEL_REF) {
		rtx lab = label_ref_label(ref);
		if (LABEL_P(lab) && BLOCK_FOR_INSN(lab) &&
		    BB_HEAD(BLOCK_FOR_INSN(lab)) == lab)
			si->jlabel = BLOCK_FOR_INSN(lab)->index;
	}
	edge e = find_fallthru_edge(bb->succs);
	if (e)
		si->jfall = e->dest == EXIT_BLOCK_PTR_FOR_FN(cfun)
				    ? -1
				    : e->dest->index;
}

void postra_save(function *fun, Capture *cap)
{
	SavedInsns *s = new SavedInsns;
	cap->saved = s;
	s->first_scratch = max_reg_num();
	s->by_uid.assign(get_max_uid() + 1, -1);
	std::vector<Ins *> ins_of(get_max_uid() + 1, nullptr);
	size_t nins = 0;
	for (int i = 0; i < cap->fn->nblk; i++)
		for (Ins *ins = cap->fn->blk[i]->first; ins; ins = ins->next) {
			nins++;
			if (ins->uid > 0 && ins->uid < (int)ins_of.size())
				ins_of[ins->uid] = ins;
		}
	/* room for the usual sizes at once (growth still works) */
	s->insns.reserve(nins);
	s->nodes.reserve(8 * nins);
	save_class_copies(s, cap->fn, ins_of);
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		int pos = 0;
		s->heads.push_back({{(int)INSN_UID(BB_HEAD(bb)),
				     (int)INSN_UID(bb_note(bb))},
				    bb->index});
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn))
				continue;
			SavedInsn si;
			si.uid = INSN_UID(insn);
			si.bb = bb->index;
			si.pos = pos++;
			si.ins = ins_of[si.uid];
			si.pat = save_rtx(s, PATTERN(insn));
			si.usage = -1;
			CLEAR_HARD_REG_SET(si.abi_clobbers);
			si.abi_id = 0;
			save_jump_targets(bb, insn, &si);
			if (CALL_P(insn)) {
				if (CALL_INSN_FUNCTION_USAGE(insn))
					si.usage = save_rtx(
						s, CALL_INSN_FUNCTION_USAGE(insn));
				function_abi abi = insn_callee_abi(insn);
				si.abi_clobbers = abi.full_reg_clobbers();
				si.abi_id = abi.id();
			}
			s->by_uid[si.uid] = (int)s->insns.size();
			s->insns.push_back(si);
		}
	}
}

void postra_free(Capture *cap)
{
	delete cap->saved;
	cap->saved = nullptr;
}
