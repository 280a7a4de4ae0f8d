/* postra.cc - GCC's allocation after reload, as an allocated function of
 * the core IR, checked against the capture (docs/POSTRA.md).
 *
 * postra_save (capture pass, before IRA) copies each captured insn's
 * pattern into a compact pre-order tree (codes, modes, register numbers,
 * constants, symbol names: no rtx pointer survives).  postra_verify (audit
 * pass, right after reload) walks the post-RA insns: an insn whose UID
 * was captured is the capture's instruction with a location on every
 * pseudo operand, found by matching its saved pattern against the post-RA
 * pattern; an insn with a new UID is an inserted instruction (move,
 * spill, reload, remat, or opaque); a captured UID that is gone is a
 * deleted instruction kept at its original position.  Then the checker
 * (verify/) decides.  Whatever cannot be translated makes the function
 * unverified with a short, stable reason; nothing here changes the RTL.
 */
#define INCLUDE_STRING
#define INCLUDE_VECTOR
#define INCLUDE_MAP
#include "gcc-plugin.h"
#include "tree.h"
#include "rtl.h"
#include "memmodel.h"
#include "tm_p.h"
#include "function.h"
#include "basic-block.h"
#include "emit-rtl.h"
#include "insn-config.h"
#include "recog.h"
#include "regs.h"
#include "hard-reg-set.h"
#include "function-abi.h"
#include "rtl-iter.h"
#include "output.h"
#include "print-rtl.h"


#include "plugin.h"

extern "C" {
#include "core/irtext.h"
#include "verify/verify.h"
}

/* ---------------------------------------------------------------- */
/* Saved patterns.                                                   */

enum { VEC_CODE = -1 }; /* a node standing for an rtvec ('E' field) */

/* One rtx of a saved pattern, in pre-order; the subtree of node i is
 * nodes [i, end). */
struct PNode {
	int code;    /* rtx_code, or VEC_CODE */
	int mode;    /* machine_mode */
	int nkid;
	int end;
	int regno;   /* REG */
	int64_t val; /* CONST_INT and other constants' bits, SUBREG_BYTE,
		      * LABEL_REF's label number, a hash of other int fields */
	int sym;     /* SYMBOL_REF: index into SavedInsns::syms, else -1 */
	/* A leaf constant's exact value (const_words): cw words from
	 * SavedInsns::cwords[cw0]; val holds only its low 64 bits. */
	int cw0 = 0, cw = 0;
};

/* One captured insn as it was before IRA. */
struct SavedInsn {
	int uid;
	int bb;        /* GCC block index */
	int pos;       /* position in the capture's block */
	int pat;       /* root node of PATTERN */
	int usage;     /* root node of CALL_INSN_FUNCTION_USAGE, or -1 */
	Ins *ins;      /* the capture's instruction (owned by cap->fn) */
	HARD_REG_SET abi_clobbers; /* calls: insn_callee_abi's full set */
	unsigned abi_id;
	/* A conditional jump's targets before IRA (GCC block indices, the
	 * capture's block ids; -1 the exit, JT_UNKNOWN none): its label's
	 * block and its fall-through edge's destination (jump_semantics). */
	int jlabel, jfall;
};

struct SavedInsns {
	std::vector<PNode> nodes;
	std::vector<std::string> syms;
	std::vector<int64_t> cwords;   /* leaf constants' words (PNode.cw0) */
	std::vector<SavedInsn> insns;  /* in capture order */
	std::vector<int> by_uid;       /* uid -> index into insns, or -1 */
	/* Per block before IRA: (uid of its head insn, uid of its block
	 * note, GCC index).  IRA may renumber the blocks (compact_blocks);
	 * those insns keep their UIDs. */
	std::vector<std::pair<std::pair<int, int>, int>> heads;
	int first_scratch = 0;         /* max_reg_num () at the capture */
	/* The capture's cross-class copies (CAPTURE.md "Pseudos in both
	 * classes"; UIDs above GCC's): each with the UID of the insn that
	 * reads its destination, or minus the UID of the insn that defines
	 * its source. */
	std::vector<std::pair<const Ins *, int>> class_copies;
	/* The captured insns that read such a copy are saved as a clone
	 * naming the copy's source instead (GCC's RTL reads the source);
	 * clone -> the capture's instruction. */
	std::map<const Ins *, const Ins *> orig_of;
};

/* A hash of the integer fields of x that are not operands. */
static int64_t int_fields(const_rtx x)
{
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	uint64_t h = 0;
	for (int k = 0; k < GET_RTX_LENGTH(GET_CODE(x)); k++)
		if (fmt[k] == 'i' || fmt[k] == 'n')
			h = h * 1000003u + (uint64_t)(unsigned)XINT(x, k);
		else if (fmt[k] == 'w')
			h = h * 1000003u + (uint64_t)XWINT(x, k);
	return (int64_t)h;
}

static bool leaf_constant_p(const_rtx x)
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

/* Whether saved leaf constant node n has exactly the value of x (same
 * code and mode, compared by the caller). */
static bool same_const_words(const SavedInsns *s, const PNode &n,
			     const_rtx x)
{
	std::vector<int64_t> w;
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
		std::vector<int64_t> w;
		const_words(x, &w);
		s->nodes[me].cw0 = (int)s->cwords.size();
		s->nodes[me].cw = (int)w.size();
		s->cwords.insert(s->cwords.end(), w.begin(), w.end());
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

enum { JT_UNKNOWN = -3 };

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
	for (int i = 0; i < cap->fn->nblk; i++)
		for (Ins *ins = cap->fn->blk[i]->first; ins; ins = ins->next)
			if (ins->uid > 0 && ins->uid < (int)ins_of.size())
				ins_of[ins->uid] = ins;
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

/* ---------------------------------------------------------------- */
/* The translation state of one function.                            */

static const int64_t SP_UNKNOWN = INT64_MIN;

/* Where an operand of one insn was found: per pseudo, its location as a
 * use and as a definition. */
struct Binding {
	int pseudo;
	bool def;
	Loc loc;
	/* >= 0: loc is the register holding this 8-byte word of the pseudo
	 * alone (a reload register, not where the pseudo lives; the
	 * operand gets OF_WORD, docs/POSTRA.md "Words reloaded alone") */
	int word = -1;
};

/* A memory operand of the insn being matched that the post-RA insn reads
 * from a register (docs/POSTRA.md "Loaded memory operands"): the core
 * register read, the operand's width, the core register a new insn
 * loaded that memory into (its mem_src, matched against the saved MEM),
 * and the saved MEM node. */
struct MemOp {
	int reg, width, src, node;
};

struct SlotInfo {
	int64_t off; /* from the argument pointer (the CFA) */
	int size;
	bool mixed = false; /* (slots) accessed in part or in two sizes */
};

struct Tr {
	function *fun;
	Capture *cap;
	SavedInsns *s;
	Fn *alloc;
	std::string why;               /* first reason: unverified */
	/* Eliminations: argp = sp + e_sp = hfp + e_fp (at the body). */
	int64_t e_sp = 0, e_fp = 0;
	int64_t frame_argp = 0;        /* frame - argp */
	/* The frame memory the program itself accesses (MEMs at the soft
	 * frame or argument pointer before IRA: locals in memory, incoming
	 * arguments, the return address): never an allocator's slot. */
	std::vector<SlotInfo> program_mem;
	int64_t sp_delta = 0;          /* sp - sp at the body entry */
	std::map<int64_t, int> slot_of; /* canonical offset -> slot */
	std::vector<SlotInfo> slots;
	/* The insn being translated. */
	rtx_insn *insn = nullptr;
	int uid = 0;
	std::vector<Binding> binds;
	std::vector<MemOp> memops;     /* backtracks with binds */
	std::vector<int> scratch_ops;  /* pseudos of the capture's scratches */
	int next_scratch = 0;
	bool elim = false;             /* a soft pointer was eliminated */
	/* Matching with frame addresses compared loosely (wrong_frame_addr):
	 * a soft pointer address that elimination moved to another offset
	 * is taken, and the first such pair (relative to argp: before IRA,
	 * after reload) noted in frame_pre / frame_post. */
	bool loose_frame = false;
	bool frame_moved = false;
	int64_t frame_pre = 0, frame_post = 0;
	/* Captured insns whose frame memory is at another address after
	 * reload: (uid, diagnostic), violations. */
	std::vector<std::pair<int, std::string>> wrong_addr;
	std::string fail;              /* why the pattern match failed */
	std::vector<int> old_of;       /* post-RA block index -> before */
	/* Per post-RA block index: the capture blocks (ids) whose insns it
	 * holds, in order (the first is old_of; GCC merged the others into
	 * it), empty for a block the allocator added. */
	std::vector<std::vector<int>> chain;
	/* Per post-RA block index of a block the allocator added on an
	 * edge: the capture block (index) the edge leaves and the index of
	 * the edge in its successors; -1 otherwise. */
	std::vector<int> edge_from, edge_k;
	/* Per capture block index: it is an edge after reload (CfgMap's
	 * skip, for through_edges); set by same_cfg. */
	std::vector<bool> skip;
	/* A soft pointer operand that LRA put into a general register
	 * (after `R = sp + C`): (core soft register, core R). */
	std::vector<std::pair<int, int>> soft_in;
	/* The two pseudos of a commutative node whose two orders both
	 * matched, kept in the positional order: the located instruction
	 * gets [comm K] on their operands (comm_candidate).  Backtracks
	 * with binds; at most one per insn. */
	std::vector<std::pair<int, int>> comm;
	const SavedInsn *cur_sv = nullptr; /* match_insn's insn, or NULL */
	std::vector<bool> present;        /* uid still there after reload */
	std::vector<std::vector<int>> by_block; /* old block -> saved insns */
	std::vector<bool> adopted;        /* saved insn re-emitted */
	std::vector<bool> moved;          /* saved load run later (moved_load) */
	/* Per core register: the soft pointer (core number) whose value a
	 * new insn moved into it, as long as nothing else wrote it since in
	 * this block; -1 otherwise. */
	int soft_val[TGT_NREGS];
	/* Per core register: the memory a new insn loaded into it (valid
	 * during postra_verify only), as long as nothing else wrote it
	 * since in this block; NULL otherwise. */
	rtx mem_src[TGT_NREGS];
	rtx pending_mem = NULL_RTX;    /* set by new_insn for such a load */
	/* Per core register with mem_src: the new insn that loaded it, the
	 * opaque instruction translating that insn, and whether before the
	 * load the register held something the translation does not model
	 * for a pseudo (addr_val, calc_val, a load of memory): for
	 * merged_load. */
	rtx_insn *mem_insn[TGT_NREGS];
	Ins *mem_ins[TGT_NREGS];
	bool mem_prev_bad[TGT_NREGS];
	rtx_insn *pending_insn = nullptr; /* the insn of pending_mem */
	bool pending_prev_bad = false;
	/* The register whose mem_src match is expanding (the address of a
	 * memory operand LRA loaded into it), or -1; and the register of
	 * such a load whose own address register the current insn's match
	 * bound a pseudo at (merged_load), or -1. */
	int in_mem_src = -1;
	int mem_self = -1;
	/* Per core register: a new insn set it to sp or the frame pointer
	 * plus a constant, and nothing else wrote it since in this block. */
	bool addr_val[TGT_NREGS];
	bool pending_addr = false;     /* set by new_insn for such an insn */
	/* Per core register: a new insn computed it from other registers
	 * (neither a move, a load, a constant nor an address), and nothing
	 * else wrote it since in this block. */
	bool calc_val[TGT_NREGS];
	bool pending_calc = false;     /* set by new_insn for such an insn */
	/* Per core register: the SET of a new insn that loaded a constant
	 * (an immediate, an address constant, read-only memory at an
	 * address constant) into it (its first register), as long as
	 * nothing wrote any of its registers since in this block; NULL
	 * otherwise. */
	rtx const_src[TGT_NREGS];
	rtx pending_const = NULL_RTX;  /* set by new_insn for such a load */
	/* What the translation believes a location holds, from the
	 * instructions translated so far in this block (a hint only, to
	 * choose between two operand orders that both match; the checker
	 * proves or refutes the choice): a pseudo (>= 0), constant location
	 * k (-2 - k), or -1.  Registers, then slots by number. */
	int known_reg[TGT_NREGS];
	std::map<int, int> known_slot;
	/* Per captured pseudo: the constant operand of a [remat] definition
	 * of it, or NULL. */
	std::vector<const Op *> remat_const;
	/* Per core general register: the sum a chain of new insns of this
	 * block left in it (RegSum; docs/POSTRA.md "Sums computed step by
	 * step"), as long as nothing wrote it or a register of the sum
	 * since. */
	struct RegSum {
		bool ok = false;
		machine_mode mode = VOIDmode;
		uint64_t c = 0;   /* constants and pointers rel. to argp */
		int nptr = 0;     /* terms standing for the argument pointer */
		std::vector<rtx> raw; /* registers read, unchanged since */
		rtx dest = NULL_RTX; /* the register holding the sum */
	} sum[16];
};

static void unverified(Tr &t, const std::string &why)
{
	if (t.why.empty())
		t.why = why;
}

static std::string uid_str(int uid)
{
	return " (uid " + std::to_string(uid) + ")";
}

/* ---------------------------------------------------------------- */
/* Stack slots.                                                      */

static bool soft_pointer(int regno)
{
	return regno == FRAME_POINTER_REGNUM || regno == ARG_POINTER_REGNUM;
}

/* Whether x is a MEM at sp or (with a frame pointer) the hard frame
 * pointer plus a constant; then *off is its address relative to the
 * argument pointer, or SP_UNKNOWN when sp's offset is not known here. */
static bool argp_offset(const Tr &t, const_rtx a, int64_t *off);

static bool stack_mem(Tr &t, const_rtx x, int64_t *off)
{
	return MEM_P(x) && argp_offset(t, XEXP(x, 0), off);
}

/* Whether address a is sp or (with a frame pointer) the hard frame
 * pointer, maybe plus a constant; then *off is where it points relative
 * to the argument pointer here (sp = argp + sp_delta - e_sp, hard frame
 * pointer = argp - e_fp), or SP_UNKNOWN when sp's offset is not known
 * here. */
static bool argp_offset(const Tr &t, const_rtx a, int64_t *off)
{
	int64_t c = 0;
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1))) {
		c = INTVAL(XEXP(a, 1));
		a = XEXP(a, 0);
	}
	if (!REG_P(a))
		return false;
	if (REGNO(a) == STACK_POINTER_REGNUM) {
		*off = t.sp_delta == SP_UNKNOWN ? SP_UNKNOWN
						: t.sp_delta + c - t.e_sp;
		return true;
	}
	if (frame_pointer_needed && REGNO(a) == HARD_FRAME_POINTER_REGNUM) {
		*off = c - t.e_fp;
		return true;
	}
	return false;
}

/* Fills t.program_mem from the saved patterns. */
static void find_program_mem(Tr &t)
{
	const std::vector<PNode> &nd = t.s->nodes;
	for (size_t i = 0; i + 1 < nd.size(); i++) {
		if (nd[i].code != MEM)
			continue;
		size_t a = i + 1;
		int64_t c = 0;
		if (nd[a].code == PLUS && nd[a].nkid == 2 &&
		    nd[nd[a + 1].end].code == CONST_INT) {
			c = nd[nd[a + 1].end].val;
			a = a + 1;
		}
		if (nd[a].code != REG || !soft_pointer(nd[a].regno))
			continue;
		int64_t off = c + (nd[a].regno == FRAME_POINTER_REGNUM
					   ? t.frame_argp
					   : 0);
		int size = (int)GET_MODE_SIZE((machine_mode)nd[i].mode)
				   .to_constant();
		t.program_mem.push_back({off, size > 0 ? size : 1});
	}
}

/* Whether [off, off+size) overlaps the program's own frame memory. */
static bool in_program_mem(const Tr &t, int64_t off, int size)
{
	for (const SlotInfo &m : t.program_mem)
		if (off < m.off + m.size && m.off < off + size)
			return true;
	return false;
}

/* The slot starting at canonical offset off, at least size bytes; whole:
 * this access covers exactly [off, off+size) (else, or when sizes
 * differ, the slot is mixed). */
static int slot_at(Tr &t, int64_t off, int size, bool whole)
{
	auto it = t.slot_of.find(off);
	if (it != t.slot_of.end()) {
		SlotInfo &si = t.slots[it->second];
		if (size != si.size || !whole)
			si.mixed = true;
		if (size > si.size)
			si.size = size;
		return it->second;
	}
	int n = (int)t.slots.size();
	t.slots.push_back({off, size, !whole});
	t.slot_of[off] = n;
	return n;
}

/* "[argp+16]" */
static std::string argp_str(int64_t off)
{
	return "[argp" + std::string(off < 0 ? "" : "+") + std::to_string(off) +
	       "]";
}

/* The location of stack MEM x (a value starting sub bytes before it, of
 * size bytes), or LOC_NONE with a reason in t.fail. */
static Loc slot_loc(Tr &t, const_rtx x, int sub, int size)
{
	int64_t off;
	Loc l = {LOC_NONE, 0};
	if (!stack_mem(t, x, &off))
		return l;
	if (off == SP_UNKNOWN) {
		t.fail = "stack pointer offset unknown";
		return l;
	}
	off -= sub;
	int w = (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
	if (off >= 0 || in_program_mem(t, off + sub, w)) {
		t.fail = "pseudo replaced by memory equivalence " +
			 argp_str(off);
		return l;
	}
	bool whole = sub == 0 && w == size;
	if (w > size)
		size = w;
	if (size <= 0 || size > 64) {
		t.fail = "stack slot of " + std::to_string(size) + " bytes";
		return l;
	}
	l.kind = LOC_SLOT;
	l.num = slot_at(t, off, size, whole);
	return l;
}

/* ---------------------------------------------------------------- */
/* Constants.                                                        */

/* The interned constant location of constant x (an immediate or an
 * address constant), or -1. */
static int const_of(Tr &t, const_rtx x, int kind_for_sym)
{
	const_rtx base = x;
	int64_t off = 0;
	if (GET_CODE(base) == CONST)
		base = XEXP(base, 0);
	if (GET_CODE(base) == PLUS && CONST_INT_P(XEXP(base, 1))) {
		off = INTVAL(XEXP(base, 1));
		base = XEXP(base, 0);
	}
	if (GET_CODE(base) == SYMBOL_REF) {
		const char *s = capture_symbol_spelling(XSTR(base, 0));
		if (!s)
			return -1;
		return fn_intern_const(t.alloc, kind_for_sym, off, s);
	}
	if (GET_CODE(base) == LABEL_REF) {
		rtx lab = label_ref_label(base);
		char buf[32];
		snprintf(buf, sizeof buf, ".L%d",
			 LABEL_P(lab) ? CODE_LABEL_NUMBER(lab) : 0);
		return fn_intern_const(t.alloc, kind_for_sym, off, buf);
	}
	if (kind_for_sym != OK_SYM)
		return -1;
	if (!leaf_constant_p(x) && GET_CODE(x) != CONST)
		return -1;
	return fn_intern_const(t.alloc, OK_IMM, capture_const_bits(x),
			       nullptr);
}

/* Whether x is read-only memory at an address constant (the constant
 * pool, a MEM_READONLY_P symbol): capture_readonly_mem, the capture's
 * own test. */
static bool readonly_mem_p(const_rtx x)
{
	return capture_readonly_mem(x);
}

/* The constant location of read-only memory x (readonly_mem_p): the
 * immediate a constant-pool entry holds when the IR writes it as one
 * (capture_pool_value: the capture names such a load the same way),
 * else [$sym+off]; -1 when the IR cannot name it. */
static int mem_const(Tr &t, const_rtx x)
{
	if (rtx v = capture_pool_value(x))
		return fn_intern_const(t.alloc, OK_IMM, capture_const_bits(v),
				       nullptr);
	return const_of(t, XEXP(x, 0), OK_MEMSYM);
}

/* The constant location of the read-only entry whose bytes from sub on
 * read-only memory x reads (x a part of a pseudo over 8 bytes, which
 * the IR names by address, [$sym+off], never by an immediate): [$sym +
 * off - sub]; -1 when x's address is no symbol plus a constant.  The
 * checker proves the pseudo is that entry (a deleted load of it) and
 * reads the operand's bytes [sub, sub+size) there. */
static int part_mem_const(Tr &t, const_rtx x, int sub)
{
	const_rtx a = XEXP(x, 0);
	int64_t off = 0;
	if (GET_CODE(a) == CONST)
		a = XEXP(a, 0);
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1))) {
		off = INTVAL(XEXP(a, 1));
		a = XEXP(a, 0);
	}
	if (GET_CODE(a) != SYMBOL_REF)
		return -1;
	const char *s = capture_symbol_spelling(XSTR(a, 0));
	return s ? fn_intern_const(t.alloc, OK_MEMSYM, off - sub, s) : -1;
}

/* The constant location naming memory MEM x when the capture lists its
 * memory effects (memfx, docs/VERIFY.md "Memory"): a non-volatile access
 * at SYMBOL + C (not thread-local, not read-only: those are constants)
 * or at a canonical argp offset that the program itself accesses (or an
 * incoming argument, at or above argp); -1 otherwise. */
static int mem_equiv_const(Tr &t, const_rtx x)
{
	if (!t.cap->fn->memfx || !MEM_P(x) || MEM_VOLATILE_P(x) ||
	    readonly_mem_p(x))
		return -1;
	int64_t off;
	if (stack_mem(t, x, &off)) {
		int w = (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
		if (off == SP_UNKNOWN || (off < 0 && !in_program_mem(t, off, w)))
			return -1;
		return fn_intern_const(t.alloc, OK_MEMSYM, off, "%argp");
	}
	const_rtx a = XEXP(x, 0), b = a;
	if (GET_CODE(b) == CONST)
		b = XEXP(b, 0);
	if (GET_CODE(b) == PLUS && CONST_INT_P(XEXP(b, 1)))
		b = XEXP(b, 0);
	if (GET_CODE(b) != SYMBOL_REF || SYMBOL_REF_TLS_MODEL(b))
		return -1;
	return const_of(t, a, OK_MEMSYM);
}

/* ---------------------------------------------------------------- */
/* Matching a saved pattern against the post-RA one.                 */


/* Whether x is what elimination makes of a soft pointer: sp or (in a
 * function with a frame pointer) the hard frame pointer, maybe plus a
 * constant.  Without a frame pointer bp is an ordinary register. */
static bool eliminated_p(const_rtx x)
{
	if (GET_CODE(x) == PLUS && CONST_INT_P(XEXP(x, 1)))
		x = XEXP(x, 0);
	return REG_P(x) && (REGNO(x) == STACK_POINTER_REGNUM ||
			    (frame_pointer_needed &&
			     REGNO(x) == HARD_FRAME_POINTER_REGNUM));
}

/* Records pseudo p's location as a use or def of the current insn.  A
 * use may be found at several locations (LRA copied one of two reads of
 * p into another register, `p * p` as `ax * dx`): each is recorded, in
 * pattern order, and use_locs_of gives every one of them an operand.
 * False (t.fail set) when a def already has another location. */
static bool bind_loc(Tr &t, int p, bool def, Loc l, int word = -1)
{
	bool other = false;
	for (const Binding &b : t.binds)
		if (b.pseudo == p && b.def == def) {
			if (b.loc.kind == l.kind && b.loc.num == l.num &&
			    b.word == word)
				return true;
			other = true;
		}
	if (other && def) {
		t.fail = "p" + std::to_string(p) + " in two locations";
		return false;
	}
	t.binds.push_back({p, def, l, word});
	return true;
}

/* Whether a subreg of sub bytes into pseudo p, size bytes, found in
 * general register c (core number) that is not where p lives, can be
 * located as that word alone: one whole 8-byte word of a general pseudo
 * wider than a word (the checker's word facts, docs/VERIFY.md "Words of
 * a wide value", say which word a register holds). */
static bool word_alone_ok(const Fn *orig, int p, int sub, int size, int c)
{
	return orig->pseudo[p].cls == RC_GPR &&
	       orig->pseudo[p].size > UNITS_PER_WORD && size == UNITS_PER_WORD &&
	       sub % UNITS_PER_WORD == 0 && sub < orig->pseudo[p].size &&
	       c >= 0 && c < 16;
}

/* Number of bindings of b from index from on that locate a word alone
 * (Binding.word). */
static int alone_binds(const std::vector<Binding> &b, size_t from)
{
	int n = 0;
	for (size_t k = from; k < b.size(); k++)
		n += b[k].word >= 0;
	return n;
}

/* Calls visit(i) for each operand of the captured function f that
 * defines pseudo p (OF_DEF), with the instruction i holding it, in block
 * and insn order; stops at the first visit returning false and returns
 * false then, true when every visit returned true (or none was made). */
template <typename Visit>
static bool each_def(const Fn *f, int p, Visit visit)
{
	for (int b = 0; b < f->nblk; b++)
		for (const Ins *i = f->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++) {
				const Op &o = i->ops[k];
				if (o.kind == OK_PSEUDO && o.reg == p &&
				    (o.flags & OF_DEF) && !visit(i))
					return false;
			}
	return true;
}

/* Whether every captured definition of pseudo p is a [ptrcopy] of the
 * soft pointer whose core register is ptr (there is one): then a
 * register a new insn set to that pointer (LRA's recomputation of p's
 * address equivalence) may be read for p, which the checker proves
 * (the copy relabels the pointer's holders, docs/VERIFY.md "Copies of
 * the soft pointers").  A choice only; -1 for ptr: false. */
static bool ptr_copy_of(const Tr &t, int p, int ptr)
{
	if (ptr < 0)
		return false;
	int ndef = 0;
	bool all = each_def(t.cap->fn, p, [&](const Ins *i) {
		ndef++;
		return (i->flags & INS_PTRCOPY) && i->ops[1].reg == ptr;
	});
	return all && ndef > 0;
}

/* Bytes one register of core class cls holds for a subreg at an offset
 * in a register: a word for general registers (a 16-byte value in a
 * pair), 16 for x87 (an XF part of a complex long double in a pair of
 * stN); 0 for SSE (one register per value, no offset subreg in one). */
static int reg_unit(int cls)
{
	return cls == RC_GPR ? UNITS_PER_WORD : cls == RC_X87 ? 16 : 0;
}

/* The location of pseudo p (sub bytes into it, size bytes when a
 * subreg, else 0) given post-RA rtx x; binds it with role. */
static bool bind(Tr &t, int p, int sub, int size, const_rtx x, int role)
{
	Loc l = {LOC_NONE, 0};
	int word = -1; /* a word alone (Binding.word) */
	const Fn *orig = t.cap->fn;
	if (p >= orig->npseudo || orig->pseudo[p].cls < 0) {
		t.fail = "p" + std::to_string(p) + " not in the capture";
		return false;
	}
	int psize = orig->pseudo[p].size;
	if (GET_CODE(x) == SUBREG && REG_P(SUBREG_REG(x)) &&
	    HARD_REGISTER_P(SUBREG_REG(x))) {
		int r = subreg_regno(x);
		int c = capture_core_reg(r);
		if (c < 0) {
			t.fail = "unmodelled register";
			return false;
		}
		l = {LOC_REG, c};
		if (sub) {
			t.fail = "subreg of a subreg";
			return false;
		}
	} else if (REG_P(x)) {
		int c = capture_core_reg(REGNO(x));
		if (c < 0 || !HARD_REGISTER_P(x)) {
			t.fail = "unmodelled register";
			return false;
		}
		if ((role & OF_USE) && t.mem_src[c] &&
		    mem_equiv_const(t, t.mem_src[c]) < 0) {
			if (t.in_mem_src == c && t.mem_ins[c] &&
			    t.mem_ins[c]->kind == IK_OPAQUE &&
			    !t.mem_prev_bad[c]) {
				/* the address of the memory loaded into c, read
				 * from c before that load: merged_load */
				t.mem_self = c;
			} else {
				t.fail = "reload from a memory equivalence";
				return false;
			}
		}
		if ((role & OF_USE) && t.calc_val[c]) {
			/* A new insn recomputed the value (LRA's
			 * rematerialization of an instruction with
			 * register inputs): the checker cannot tell whether
			 * those inputs still hold the values they had. */
			t.fail = "pseudo rematerialized from a computation";
			return false;
		}
		if (((role & OF_USE) && t.addr_val[c] &&
		     !ptr_copy_of(t, p, t.soft_val[c])) ||
		    eliminated_p(x)) {
			/* sp, the frame pointer, or a register a new insn set
			 * to sp/fp + C: p's value is an address in the frame
			 * that LRA recomputed from its equivalence. */
			t.fail = "pseudo replaced by an address equivalence";
			return false;
		}
		int creg = c;
		int unit = reg_unit(orig->pseudo[p].cls);
		if (sub) {
			if (!unit || sub % unit ||
			    t.cap->fn->target->regs[c].cls !=
				    orig->pseudo[p].cls) {
				t.fail = "subreg at an offset in a register";
				return false;
			}
			/* GCC's and the core's orders agree within a class
			 * (ax dx cx bx si di bp sp, r8-r15; st0-st7), so the
			 * value's first register is sub / unit registers
			 * before this one. */
			c -= sub / unit;
		}
		if (orig->pseudo[p].cls == RC_X87 && psize > unit &&
		    (p >= max_reg_num() ||
		     reg_renumber[p] != (int)REGNO(x) - sub / unit)) {
			/* An XF part of a complex long double in a register
			 * that is not where the pseudo lives: the IR has no
			 * part of an x87 value alone (OF_WORD is for
			 * general-register words). */
			t.fail = "part of an x87 pseudo reloaded alone";
			return false;
		}
		if (orig->pseudo[p].cls != RC_X87 && size &&
		    psize > UNITS_PER_WORD &&
		    (p >= max_reg_num() ||
		     reg_renumber[p] != (int)REGNO(x) - sub / UNITS_PER_WORD)) {
			/* A word of a multi-word pseudo in a register that is
			 * not where the pseudo lives: a reload register
			 * holding that word alone, located as such. */
			if (!word_alone_ok(orig, p, sub, size, creg)) {
				t.fail = "word of a pseudo reloaded alone";
				return false;
			}
			c = creg;
			word = sub / UNITS_PER_WORD;
		} else if (c < 0 || t.cap->fn->target->regs[c].cls !=
					    t.cap->fn->target->regs[creg].cls) {
			t.fail = "subreg below the first register";
			return false;
		}
		l = {LOC_REG, c};
	} else if (MEM_P(x)) {
		int64_t off;
		int mk = !sub && !size && GET_MODE_SIZE(GET_MODE(x)).to_constant() == psize
				 ? mem_equiv_const(t, x)
				 : -1;
		if (stack_mem(t, x, &off)) {
			l = slot_loc(t, x, sub, psize);
			if (l.kind == LOC_NONE && mk >= 0) {
				/* p replaced by its memory equivalence */
				t.fail.clear();
				l = {LOC_CONST, mk};
			}
			if (l.kind == LOC_NONE)
				return false;
		} else if (readonly_mem_p(x) && !sub && !size) {
			int k = mem_const(t, x);
			if (k < 0) {
				t.fail = "read-only memory the IR cannot name";
				return false;
			}
			l = {LOC_CONST, k};
		} else if (readonly_mem_p(x) && size && psize > 8 &&
			   !(role & OF_DEF)) {
			/* a part of p read in read-only memory (p's
			 * equivalence, a constant-pool vector): p at the
			 * whole entry, sub bytes before x */
			int k = part_mem_const(t, x, sub);
			if (k < 0) {
				t.fail = "read-only memory the IR cannot name";
				return false;
			}
			l = {LOC_CONST, k};
		} else if (mk >= 0) {
			l = {LOC_CONST, mk};
		} else {
			t.fail = "pseudo replaced by memory";
			return false;
		}
	} else if (CONSTANT_P(x)) {
		if (sub || size) {
			t.fail = "subreg replaced by a constant";
			return false;
		}
		int k = const_of(t, x, OK_SYM);
		if (k < 0) {
			t.fail = "constant the IR cannot name";
			return false;
		}
		l = {LOC_CONST, k};
	} else if (rtx v = capture_extend_value(x)) {
		/* LRA put p's equivalence, the extension of a constant-pool
		 * float, in its place: p at that extended constant, which
		 * the checker proves p equals (CONST(c) holds p only after
		 * a [remat] definition of p from the same constant, the
		 * capture naming float_extend the same way). */
		if (sub || size || (role & OF_DEF) ||
		    GET_MODE_SIZE(GET_MODE(x)).to_constant() != psize) {
			t.fail = "pseudo replaced by float_extend of another width";
			return false;
		}
		l = {LOC_CONST, fn_intern_const(t.alloc, OK_IMM,
						capture_const_bits(v), nullptr)};
	} else if (eliminated_p(x)) {
		t.fail = "pseudo replaced by an address equivalence";
		return false;
	} else {
		t.fail = std::string("pseudo replaced by ") +
			 GET_RTX_NAME(GET_CODE(x));
		return false;
	}
	if ((role & OF_USE) && !bind_loc(t, p, false, l, word))
		return false;
	if ((role & OF_DEF) && !bind_loc(t, p, true, l, word))
		return false;
	return true;
}

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

/* Whether saved node i is a PARALLEL of one SET first, then only
 * CLOBBERs of hard registers. */
static bool parallel_set_clobbers(const Tr &t, int i)
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

/* What t believes location l holds (Tr.known_reg), or -1. */
static int known_at(const Tr &t, Loc l)
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

/* How many of the bindings from mark on agree with the hint GCC leaves
 * on a register that was a pseudo (ORIGINAL_REGNO), plus how many uses
 * agree with what the block's earlier instructions put there
 * (known_agrees); used only to choose between two operand orders that
 * both match. */
static int hint_score(const Tr &t, size_t mark,
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

/* Whether a binding of bs from index from on puts a pseudo in writable
 * memory (a memory equivalence: [%argp+N], or [$sym+N] other than a
 * constant-pool entry .LC*). */
static bool mem_bound(const Tr &t, const std::vector<Binding> &bs,
		      size_t from = 0)
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

/* How many bindings of bs from index from on put a pseudo p at memory
 * that a captured [ld] loads p from (its own memory equivalence). */
static int own_equiv_score(const Tr &t, const std::vector<Binding> &bs,
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

/* The hard REGs in x. */
static void regs_in(const_rtx x, std::vector<const_rtx> *out)
{
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, x, NONCONST)
		if (REG_P(*iter))
			out->push_back(*iter);
}

static bool commutative_code(int code)
{
	return GET_RTX_CLASS(code) == RTX_COMM_ARITH ||
	       GET_RTX_CLASS(code) == RTX_COMM_COMPARE;
}

static bool match(Tr &t, int i, const_rtx x, int role);
static bool match_other_loaded(Tr &t, int i, const_rtx x, int role);
static int mode_bytes(const_rtx x);

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

/* The operand of captured instruction ci naming pseudo p when exactly
 * one does and it is a whole use (no def, no subreg), else -1. */
static int sole_use_operand(const Ins *ci, int p)
{
	int at = -1;
	for (int k = 0; k < ci->nops; k++) {
		const Op &o = ci->ops[k];
		if (o.kind != OK_PSEUDO || o.reg != p)
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

/* Whether saved node i's two kids are (reg pair.first) and (reg
 * pair.second), in that order. */
static bool same_kids(const Tr &t, int i, std::pair<int, int> pair)
{
	const PNode &n = t.s->nodes[i];
	if (n.nkid != 2)
		return false;
	const PNode &a = t.s->nodes[i + 1];
	const PNode &b = t.s->nodes[a.end];
	return a.code == REG && b.code == REG && a.regno == pair.first &&
	       b.regno == pair.second;
}

/* Whether saved commutative node i, both of whose orders match post-RA
 * x, may be kept in the positional order with a [comm] mark (docs/
 * POSTRA.md) instead of a guess; *pa, *pb = its kids' pseudos.  The
 * kids are two distinct pseudos ((reg p), nothing around them), each
 * named by exactly one operand of the captured instruction, a whole
 * use, the two adjacent and of one size; and exchanging the two
 * pseudos' values throughout the insn is exchanging these two kids,
 * which the operation allows: either each pseudo occurs once in the
 * saved pattern (the code is commutative), or x's operands are GCC's
 * '%' pair of the post-RA insn, which has the capture's pattern name
 * (so the saved pattern has the pair at the same places), and each
 * pseudo occurs once plus once per match_dup of its operand (LRA
 * exchanges a pair with its duplicates: the md declares that the insn
 * computes the same). */
static bool comm_candidate(const Tr &t, int i, const_rtx x, int *pa,
			   int *pb)
{
	const PNode &n = t.s->nodes[i];
	if (!t.cur_sv || !t.cur_sv->ins || n.nkid != 2)
		return false;
	const PNode &a = t.s->nodes[i + 1];
	const PNode &b = t.s->nodes[a.end];
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
	int na = saved_occurrences(t, a.regno), nb = saved_occurrences(t, b.regno);
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

/* The terms of a sum of saved nodes from node i (PLUS nodes of mode
 * `mode` flattened): constants added into *c, soft pointers into *soft
 * (their node indices), the rest into *rest. */
static void saved_terms(const Tr &t, int i, int mode, int64_t *c,
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

/* Whether a soft pointer address (pre) and its eliminated form (post),
 * both relative to the argument pointer, are the same address; in loose
 * mode a different one is taken too and noted. */
static bool same_offset(Tr &t, int64_t pre, int64_t post)
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

/* Whether soft pointer `soft` (FRAME_POINTER_REGNUM or
 * ARG_POINTER_REGNUM) plus c equals post-RA x, sp or the hard frame
 * pointer maybe plus a constant (eliminated_p), at this point: both
 * relative to the argument pointer (frame = argp + frame_argp, sp = argp
 * + sp_delta - e_sp, hard frame pointer = argp - e_fp).  Elimination
 * only renames the pointer and folds the constants: any other offset is
 * a different address.  False with t.fail set when sp's offset is not
 * known here. */
static bool elim_equal(Tr &t, int soft, int64_t c, const_rtx x)
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

/* The terms of a saved sum and of a post-RA sum (saved_terms,
 * post_terms). */
struct ElimSum {
	int64_t sc = 0, pc = 0;
	std::vector<int> soft, srest;
	std::vector<const_rtx> elim, prest;
};

/* Whether saved node i is a sum with one soft pointer term and post-RA
 * x a sum (of the same mode) with one eliminated pointer term; fills *e
 * with their terms. */
static bool elim_terms(const Tr &t, int i, const_rtx x, ElimSum *e)
{
	const PNode &n = t.s->nodes[i];
	if (GET_CODE(x) != PLUS || n.mode != GET_MODE(x))
		return false;
	saved_terms(t, i, n.mode, &e->sc, &e->soft, &e->srest);
	post_terms(x, GET_MODE(x), &e->pc, &e->elim, &e->prest);
	return e->soft.size() == 1 && e->elim.size() == 1;
}

static bool elim_sum(const Tr &t, int i, const_rtx x)
{
	ElimSum e;
	return elim_terms(t, i, x, &e);
}

static bool has_tracked(const Tr &t, const_rtx x);

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

/* ---------------------------------------------------------------- */
/* Sums computed step by step (docs/POSTRA.md).                      */

typedef Tr::RegSum RegSum;

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

/* Adds x, a term of a Pmode sum, to *v: a constant; sp or (with a frame
 * pointer) the hard frame pointer, as the argument pointer plus its
 * offset here; a register with a tracked sum (t.sum), as its terms
 * (*expanded set); another general register in Pmode as a raw term;
 * with other_ok, any other rtx as a raw term.  Arithmetic modulo 2^64,
 * as the machine's.  False when a term is not allowed or sp's offset is
 * not known here. */
static bool add_terms(const Tr &t, const_rtx x, bool other_ok, RegSum *v,
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

/* Whether post-RA x (a register or a Pmode sum) reads a register with a
 * tracked sum. */
static bool has_tracked(const Tr &t, const_rtx x)
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

/* Updates t.sum after insn (is_new: its UID was not captured): every
 * sum whose register or one of whose raw registers insn writes (its
 * sets and clobbers, a call's ABI clobbers, autoincrements) is
 * forgotten; then a new insn `(set (reg:DI R) S)`, S a sum of
 * constants, sp/fp and general registers (add_terms), leaves its sum in
 * R, unless insn also writes one of S's registers.  Contract: t.sum[c],
 * while ok, is exactly what register c holds (modulo 2^64, the argument
 * pointer counted nptr times, each raw register's current content). */
static void track_sums(Tr &t, rtx_insn *insn, bool is_new)
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
		for (size_t k = 0; k < srest.size() && ok; k++)
			ok = match(t, srest[k],
				   v.raw[swap ? srest.size() - 1 - k : k], role);
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
	std::vector<int> kids;
	for (int k = i + 1; k < n.end; k = t.s->nodes[k].end)
		kids.push_back(k);
	std::vector<std::pair<int, const_rtx>> ex; /* 'e' operands */
	int slot = 0;
	for (int k = 0; k < GET_RTX_LENGTH(GET_CODE(x)); k++) {
		if (fmt[k] == 'e' && XEXP(x, k)) {
			if (slot >= (int)kids.size())
				return false;
			ex.push_back({kids[slot++], XEXP(x, k)});
		} else if (fmt[k] == 'E' || fmt[k] == 'V') {
			if (slot >= (int)kids.size())
				return false;
			int v = kids[slot++];
			const PNode &vn = t.s->nodes[v];
			if (vn.code != VEC_CODE)
				return false;
			int len = XVEC(x, k) ? XVECLEN(x, k) : 0;
			if (len != vn.nkid)
				return false;
			int j = 0;
			for (int c = v + 1; c < vn.end;
			     c = t.s->nodes[c].end, j++)
				ex.push_back({c, XVECEXP(x, k, j)});
		}
	}
	if (slot != (int)kids.size())
		return false;
	if (swap && ex.size() >= 2)
		std::swap(ex[0].second, ex[1].second);
	/* Roles: a SET's destination is a def, a CLOBBER's too, the
	 * register under a STRICT_LOW_PART or an extract destination is
	 * read and written; addresses are read. */
	int code = GET_CODE(x);
	for (size_t k = 0; k < ex.size(); k++) {
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

/* Matches saved node i against post-RA x in role (OF_USE / OF_DEF),
 * binding pseudos; false with t.fail (maybe empty: a different shape). */
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

static bool match(Tr &t, int i, const_rtx x, int role)
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
		t.binds.resize(mark);
		t.soft_in.resize(smark);
		t.comm.resize(cmark);
		t.memops.resize(mmark);
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
				t.binds.resize(mark);
				t.soft_in.resize(smark);
				t.comm.resize(cmark);
				t.memops.resize(mmark);
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
				t.binds.resize(mark);
				t.soft_in.resize(smark);
				t.comm.resize(cmark);
				t.memops.resize(mmark);
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
			t.binds.resize(mark);
			t.soft_in.resize(smark);
			t.comm.resize(cmark);
			t.memops.resize(mmark);
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
		t.binds.resize(mark);
		t.soft_in.resize(smark);
		t.comm.resize(cmark);
		t.memops.resize(mmark);
		t.next_scratch = scr;
		t.elim = false;
		ok = match_plus_elim(t, i, x, role);
	}
	if (!ok && n.code == PLUS)
		ok = retry_tracked(t, i, x, role, mark, smark, cmark, scr);
	t.elim = t.elim || elim;
	return ok;
}

/* ---------------------------------------------------------------- */
/* Original insns.                                                   */

/* Clears t's match state (bindings, swapped pairs, scratches, the
 * failure text) for matching captured insn si against insn. */
static void begin_match(Tr &t, const SavedInsn &si, rtx_insn *insn)
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
 * n + 1, and LRA may exchange them; -1 if none. */
static int commutative_operand(rtx_insn *insn)
{
	if (INSN_CODE(insn) < 0 || asm_noperands(PATTERN(insn)) >= 0)
		return -1;
	extract_insn(insn);
	for (int n = 0; n + 1 < recog_data.n_operands; n++)
		if (recog_data.constraints[n] &&
		    strchr(recog_data.constraints[n], '%'))
			return n;
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

/* Matches saved insn si against insn (match_insn_once); for an insn
 * with a '%' operand pair (commutative_operand) also with the pair
 * exchanged, keeping the exchanged match when only it matches or when
 * its hints (hint_score) agree more, unless the first match carries a
 * [comm] mark (t.comm): LRA may have exchanged them, and
 * by the machine description the insn computes the same either way.
 * The RTL is restored before returning. */
static bool match_insn(Tr &t, const SavedInsn &si, rtx_insn *insn)
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

/* Whether insn is captured insn si but for the addresses of frame
 * memory: it matches when soft pointer addresses are compared loosely,
 * and one of them is at another offset after elimination.  Elimination
 * only renames the frame and argument pointers (ira.cc / lra's
 * elimination offsets, here t.e_sp, t.e_fp, t.frame_argp and the tracked
 * sp adjustments), so the program's own frame memory accessed by this
 * insn is another memory: a violation.  Then t.binds is that match and
 * t.wrong_addr has the diagnostic. */
static bool wrong_frame_addr(Tr &t, const SavedInsn &si, rtx_insn *insn)
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

/* Whether instruction i has a pseudo operand. */
static bool has_pseudo(const Ins *i)
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

/* Whether insn writes every hard register that captured instruction ci
 * defines. */
static bool writes_hard_defs(rtx_insn *insn, const Ins *ci)
{
	RegSet w = 0;
	note_stores(insn, note_written, &w);
	for (int k = 0; k < ci->nops; k++)
		if (ci->ops[k].kind == OK_HREG && (ci->ops[k].flags & OF_DEF) &&
		    !RS_HAS(w, ci->ops[k].reg))
			return false;
	return true;
}

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
		std::vector<Loc> u;
		bool alone = false;
		for (const Binding &b : t.binds)
			if (b.pseudo == o.reg && !b.def) {
				u.push_back(b.loc);
				alone |= b.word >= 0;
			}
		if (u.size() < 2)
			continue;
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
 * operands K and K+1, each pseudo bound at one use location and no def.
 * False with a reason otherwise. */
static bool mark_comm(Tr &t, const Ins *ci, Ins *ins)
{
	if (t.comm.empty())
		return true;
	int ka = sole_use_operand(ci, t.comm[0].first);
	int kb = sole_use_operand(ci, t.comm[0].second);
	int uses = 0, defs = 0;
	for (const Binding &b : t.binds)
		if (b.pseudo == t.comm[0].first || b.pseudo == t.comm[0].second)
			(b.def ? defs : uses)++;
	if (t.comm.size() != 1 || ka < 0 || kb < 0 ||
	    (ka - kb != 1 && kb - ka != 1) || uses != 2 || defs) {
		unverified(t, "commutative operands in several locations" +
				      uid_str(ci->uid));
		return false;
	}
	ins->flags |= INS_COMM;
	ins->comm = ka < kb ? ka : kb;
	return true;
}

/* A copy of the capture's instruction with the locations of t.binds;
 * NULL with a reason when a pseudo operand has none, or a def two. */
/* When ci is the clone of a captured instruction that reads cross-class
 * copies (save_class_copies), ins (built from ci) gets the capture's
 * pseudos back: the copy's destination, at the location found for its
 * source (the checker proves the location holds the destination). */
static void resplit(const Tr &t, const Ins *ci, Ins *ins)
{
	auto it = t.s->orig_of.find(ci);
	if (it == t.s->orig_of.end())
		return;
	for (int k = 0; k < ins->nops; k++)
		if (ins->ops[k].kind == OK_PSEUDO)
			ins->ops[k].reg = it->second->ops[k].reg;
}

static Ins *located_copy(Tr &t, const Ins *ci)
{
	std::vector<Loc> at;
	if (!use_locs_of(t, ci, at))
		return nullptr;
	Ins *ins = ins_new(t.alloc, ci->kind, ci->nops);
	ins->uid = ci->uid;
	ins->flags = ci->flags;
	ins->name = ci->name ? fn_strdup(t.alloc, ci->name, strlen(ci->name))
			     : nullptr;
	ins->clobbers = ci->clobbers;
	for (int k = 0; k < ci->nops; k++) {
		Op o = ci->ops[k];
		if (o.sym)
			o.sym = fn_strdup(t.alloc, o.sym, strlen(o.sym));
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
/* New insns.                                                        */

static int mode_bytes(const_rtx x)
{
	return (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
}

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

/* The registers insn clobbers (CLOBBER of a hard register). */
static RegSet clobbered_regs(rtx_insn *insn)
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

/* The core register of the soft pointer (frame or argument pointer)
 * whose value x (sp or the frame pointer plus a constant) is at this
 * point, or -1. */
static int soft_pointer_value(Tr &t, const_rtx x)
{
	int64_t argp; /* x relative to the argument pointer */
	if (!argp_offset(t, x, &argp) || argp == SP_UNKNOWN)
		return -1;
	if (argp == 0)
		return capture_core_reg(ARG_POINTER_REGNUM);
	if (argp == t.frame_argp)
		return capture_core_reg(FRAME_POINTER_REGNUM);
	return -1;
}

/* The inserted instruction for new insn (IR kinds move, spill, reload,
 * remat, opaque; docs/POSTRA.md), or NULL with t.why set.  With opaque,
 * always IK_OPAQUE. */
static Ins *new_insn(Tr &t, rtx_insn *insn, bool opaque)
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
/* The stack pointer.                                                */

/* Adds insn's change of sp to *delta (SP_UNKNOWN when not a constant). */
static void sp_step(rtx_insn *insn, int64_t *delta)
{
	if (*delta == SP_UNKNOWN)
		return;
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, PATTERN(insn), NONCONST) {
		const_rtx x = *iter;
		enum rtx_code c = GET_CODE(x);
		if (GET_RTX_CLASS(c) == RTX_AUTOINC && REG_P(XEXP(x, 0)) &&
		    REGNO(XEXP(x, 0)) == STACK_POINTER_REGNUM) {
			/* The MEM around it gives the size; find it. */
			continue;
		}
		if (MEM_P(x)) {
			rtx a = XEXP(x, 0);
			if (GET_RTX_CLASS(GET_CODE(a)) != RTX_AUTOINC ||
			    !REG_P(XEXP(a, 0)) ||
			    REGNO(XEXP(a, 0)) != STACK_POINTER_REGNUM)
				continue;
			int64_t size = mode_bytes(x);
			switch (GET_CODE(a)) {
			case PRE_DEC:
			case POST_DEC:
				*delta -= size;
				break;
			case PRE_INC:
			case POST_INC:
				*delta += size;
				break;
			default: {
				rtx m = XEXP(a, 1);
				if (GET_CODE(m) == PLUS && CONST_INT_P(XEXP(m, 1)))
					*delta += INTVAL(XEXP(m, 1));
				else
					*delta = SP_UNKNOWN;
				return;
			}
			}
		} else if (c == SET && REG_P(SET_DEST(x)) &&
			   REGNO(SET_DEST(x)) == STACK_POINTER_REGNUM) {
			rtx s = SET_SRC(x);
			if (GET_CODE(s) == PLUS && REG_P(XEXP(s, 0)) &&
			    REGNO(XEXP(s, 0)) == STACK_POINTER_REGNUM &&
			    CONST_INT_P(XEXP(s, 1)))
				*delta += INTVAL(XEXP(s, 1));
			else
				*delta = SP_UNKNOWN;
			return;
		}
	}
}

/* sp's offset at each block's entry (by GCC index), propagated from the
 * entry block: SP_UNKNOWN where paths disagree or a change is not a
 * constant. */
static std::vector<int64_t> sp_at_entry(function *fun)
{
	const int64_t UNSET = INT64_MAX;
	std::vector<int64_t> in(last_basic_block_for_fn(fun), UNSET);
	std::vector<basic_block> work;
	basic_block first = single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun));
	in[first->index] = 0;
	work.push_back(first);
	while (!work.empty()) {
		basic_block bb = work.back();
		work.pop_back();
		int64_t d = in[bb->index];
		rtx_insn *insn;
		FOR_BB_INSNS(bb, insn)
			if (NONDEBUG_INSN_P(insn))
				sp_step(insn, &d);
		edge e;
		edge_iterator ei;
		FOR_EACH_EDGE(e, ei, bb->succs) {
			if (e->dest == EXIT_BLOCK_PTR_FOR_FN(fun))
				continue;
			int64_t &o = in[e->dest->index];
			int64_t n = o == UNSET ? d : (o == d ? o : SP_UNKNOWN);
			if (n != o) {
				o = n;
				work.push_back(e->dest);
			}
		}
	}
	for (int64_t &v : in)
		if (v == UNSET)
			v = SP_UNKNOWN;
	return in;
}

/* ---------------------------------------------------------------- */
/* The function.                                                     */

/* The block index before IRA of post-RA block bb (found by its head
 * insn's or its block note's UID), or -1. */
static int old_index(const Tr &t, basic_block bb)
{
	int h = INSN_UID(BB_HEAD(bb)), n = INSN_UID(bb_note(bb));
	for (const auto &e : t.s->heads)
		if (e.first.first == h || e.first.second == n)
			return e.second;
	return -1;
}

/* Capture block index b, or where control goes from it through blocks
 * that are edges after reload (skip[i]: at most one successor, and no
 * instructions, or removed with every captured insn deleted): a capture
 * block index, -1 for the exit, -2 for a cycle of such blocks. */
static int through_edges(const Fn *o, const std::vector<bool> &skip, int b)
{
	for (int steps = 0; steps <= o->nblk; steps++) {
		const Blk *k = o->blk[b];
		if (!skip[b])
			return b;
		if (k->nsucc == 0)
			return -1;
		b = k->succ[0].blk;
	}
	return -2;
}

/* The capture's CFG as seen by the mapping (same_cfg): per capture block
 * index, the number of predecessors, whether a post-RA block starts
 * with it (head), whether it was merged into the end of another one,
 * and whether a captured insn of it is still there after reload. */
struct CfgMap {
	std::vector<int> npred;
	std::vector<bool> head, merged, live, skip;
};

/* Whether GCC may have merged capture block target (index) into the end
 * of capture block cur: following cur's only successor n, n has cur as
 * its only predecessor, is not the entry and starts no block after
 * reload; going on through such n none of whose insns is left (their
 * deleted insns stay in their own block, an edge). */
/* The block (index) every successor edge of capture block cur leads to
 * when cur ends in a branch between that block and blocks none of
 * whose insns is left after reload (each with cur as its only
 * predecessor and that block as its only successor, starting no block
 * after reload), so that after reload, with the branch deleted, control
 * falls from cur into it whichever way the branch went: n reached by
 * all nsucc paths, and by no other predecessor.  -1 otherwise. */
static int branch_to_one(const Fn *o, const CfgMap &m, int cur)
{
	const Blk *k = o->blk[cur];
	if (k->nsucc < 2)
		return -1;
	/* an emptied block: no insn left, not a post-RA block's start, cur
	 * its only predecessor, one ordinary successor */
	auto emptied = [&](int d) {
		const Blk *g = o->blk[d];
		return !m.live[d] && !m.head[d] && !m.merged[d] &&
		       m.npred[d] == 1 && d != o->entry && g->nsucc == 1 &&
		       !(g->succ[0].flags & EF_ABNORMAL);
	};
	for (int e = 0; e < k->nsucc; e++)
		if (k->succ[e].flags & EF_ABNORMAL)
			return -1;
	int d0 = k->succ[0].blk;
	int cand[2] = {d0, emptied(d0) ? o->blk[d0]->succ[0].blk : -1};
	for (int c : cand) {
		if (c < 0 || m.npred[c] != k->nsucc)
			continue;
		bool ok = true;
		for (int e = 0; e < k->nsucc && ok; e++) {
			int d = k->succ[e].blk;
			ok = d == c ||
			     (emptied(d) && o->blk[d]->succ[0].blk == c);
		}
		if (ok)
			return c;
	}
	return -1;
}

static bool merge_step(const Fn *o, const CfgMap &m, int cur, int target)
{
	for (int steps = 0; steps < o->nblk; steps++) {
		const Blk *k = o->blk[cur];
		int n;
		if (k->nsucc > 1) {
			n = branch_to_one(o, m, cur);
			if (n < 0)
				return false;
		} else {
			if (k->nsucc != 1 || (k->succ[0].flags & EF_ABNORMAL))
				return false;
			n = k->succ[0].blk;
			if (m.npred[n] != 1)
				return false;
		}
		if (m.head[n] || m.merged[n] || n == o->entry)
			return false;
		if (n == target)
			return true;
		if (m.live[n])
			return false;
		cur = n;
	}
	return false;
}

/* Fills t.chain[bb->index]: the capture blocks (ids) whose surviving
 * insns post-RA block bb holds, in order, when each next one is merged
 * into the previous (merge_step); an insn of any other block stays for
 * translate_block to report. */
static void find_chain(Tr &t, CfgMap &m, basic_block bb)
{
	const Fn *o = t.cap->fn;
	std::vector<int> &ch = t.chain[bb->index];
	ch.assign(1, t.old_of[bb->index]);
	int cur = fn_block_by_id(o, ch[0]);
	rtx_insn *insn;
	FOR_BB_INSNS(bb, insn) {
		if (!NONDEBUG_INSN_P(insn) ||
		    INSN_UID(insn) >= (int)t.s->by_uid.size() ||
		    t.s->by_uid[INSN_UID(insn)] < 0)
			continue;
		int b = t.s->insns[t.s->by_uid[INSN_UID(insn)]].bb;
		int bi = fn_block_by_id(o, b);
		if (b == o->blk[cur]->id || bi < 0 || !merge_step(o, m, cur, bi))
			continue;
		m.merged[bi] = true;
		ch.push_back(b);
		cur = bi;
	}
}

/* The successors of post-RA block bb as capture block ids (through_edges;
 * a block the allocator added on the edge is looked through, and gets
 * t.edge_from); *added gets, per entry, that added block's index or -1.
 * False (unverified) when an added block is not a single edge. */
static bool post_succs(Tr &t, const CfgMap &m, basic_block bb,
		       std::vector<int> *now, std::vector<int> *added)
{
	const Fn *o = t.cap->fn;
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE(e, ei, bb->succs) {
		basic_block y = e->dest, z = y;
		if (y == EXIT_BLOCK_PTR_FOR_FN(t.fun))
			continue;
		if (t.old_of[y->index] < 0) {
			if (!single_pred_p(y) || !single_succ_p(y) ||
			    single_succ(y) == EXIT_BLOCK_PTR_FOR_FN(t.fun) ||
			    t.old_of[single_succ(y)->index] < 0) {
				unverified(t, "block added by the register "
					      "allocator");
				return false;
			}
			z = single_succ(y);
		}
		int d = through_edges(
			o, m.skip, fn_block_by_id(o, t.old_of[z->index]));
		if (d == -1)
			continue;
		now->push_back(d < 0 ? -2 : o->blk[d]->id);
		added->push_back(y == z ? -1 : y->index);
	}
	return true;
}

/* Whether capture block b's successors was (through the blocks that are
 * edges) all lead to the one post-RA successor now (no block added on
 * it) and b's branch is gone after reload: GCC deleted a branch whose
 * edges all reach the same block with nothing left between (pr61222-1.c
 * foo: both arms of a test go to an empty infinite loop).  The
 * allocation keeps b's capture edges; the checker accepts the deleted
 * branch only when it can see that it decides nothing (docs/VERIFY.md
 * "A branch that decides nothing"). */
static bool branch_gone_to(const Tr &t, const Blk *b,
			   const std::vector<int> &was,
			   const std::vector<int> &now)
{
	if (was.size() < 2 || now.size() != 1 || now[0] < 0 || !b->last ||
	    b->last->kind != IK_BRANCH || b->last->uid <= 0 ||
	    (b->last->uid < (int)t.present.size() && t.present[b->last->uid]))
		return false;
	for (int d : was)
		if (d != now[0])
			return false;
	return true;
}

/* Whether GCC's CFG after reload is the capture's, up to what the
 * register allocator may do without changing any path (docs/POSTRA.md,
 * "Blocks"): blocks identified by old_index; a capture block without
 * instructions, or removed with all its captured insns deleted, with
 * one successor, is the edge through it; a block merged into its only
 * predecessor (find_chain) continues it; a block the allocator added
 * with one predecessor and one successor sits on a capture edge.  The
 * successors of each block (the last of its chain) must then be the
 * capture's in order, and the entry the same.  Fills t.old_of, t.chain,
 * t.edge_from, t.edge_k; a reason otherwise. */
static bool same_cfg(Tr &t)
{
	const Fn *o = t.cap->fn;
	int nb = last_basic_block_for_fn(t.fun);
	t.old_of.assign(nb, -1);
	t.chain.assign(nb, {});
	t.edge_from.assign(nb, -1);
	t.edge_k.assign(nb, -1);
	CfgMap m;
	m.npred.assign(o->nblk, 0);
	m.head.assign(o->nblk, false);
	m.merged.assign(o->nblk, false);
	m.live.assign(o->nblk, false);
	m.skip.assign(o->nblk, false);
	for (int i = 0; i < o->nblk; i++)
		for (int k = 0; k < o->blk[i]->nsucc; k++)
			m.npred[o->blk[i]->succ[k].blk]++;
	for (const SavedInsn &sv : t.s->insns)
		if (sv.uid < (int)t.present.size() && t.present[sv.uid] &&
		    fn_block_by_id(o, sv.bb) >= 0)
			m.live[fn_block_by_id(o, sv.bb)] = true;
	basic_block bb;
	FOR_EACH_BB_FN(bb, t.fun) {
		t.old_of[bb->index] = old_index(t, bb);
		int bi = t.old_of[bb->index] < 0
				 ? -1
				 : fn_block_by_id(o, t.old_of[bb->index]);
		if (bi >= 0 && m.head[bi]) {
			unverified(t, "block added by the register allocator");
			return false;
		}
		if (bi >= 0)
			m.head[bi] = true;
		else
			t.old_of[bb->index] = -1;
	}
	FOR_EACH_BB_FN(bb, t.fun)
		if (t.old_of[bb->index] >= 0)
			find_chain(t, m, bb);
	for (int i = 0; i < o->nblk; i++) {
		const Blk *k = o->blk[i];
		bool gone = !m.head[i] && !m.merged[i] && !m.live[i];
		bool edge = k->nsucc == 1 && !(k->succ[0].flags & EF_ABNORMAL);
		m.skip[i] = k->nsucc <= 1 && (!k->first || (gone && edge));
		if (k->first && !m.head[i] && !m.merged[i] && !m.skip[i]) {
			if (getenv("SSARA_DEBUG"))
				fprintf(stderr, "ssara: b%d removed (%d succs, "
						"live %d)\n",
					k->id, k->nsucc, (int)m.live[i]);
			unverified(t, "block removed by the register allocator");
			return false;
		}
	}
	t.skip = m.skip;
	FOR_EACH_BB_FN(bb, t.fun) {
		if (t.old_of[bb->index] < 0)
			continue;
		int last = fn_block_by_id(o, t.chain[bb->index].back());
		const Blk *b = o->blk[last];
		std::vector<int> was, was_k, now, added;
		for (int k = 0; k < b->nsucc; k++) {
			int d = through_edges(o, m.skip, b->succ[k].blk);
			if (d == -1)
				continue;
			was.push_back(d < 0 ? -2 : o->blk[d]->id);
			was_k.push_back(k);
		}
		if (!post_succs(t, m, bb, &now, &added))
			return false;
		bool cycle = false;
		for (int d : was)
			cycle = cycle || d == -2;
		if (!cycle && was != now && branch_gone_to(t, b, was, now))
			was = now;
		if (was != now || cycle) {
			if (getenv("SSARA_DEBUG"))
				fprintf(stderr, "ssara: b%d (was b%d): other "
						"successors\n",
					bb->index, t.old_of[bb->index]);
			unverified(t, "edges changed by the register allocator");
			return false;
		}
		for (size_t j = 0; j < added.size(); j++)
			if (added[j] >= 0) {
				t.edge_from[added[j]] = last;
				t.edge_k[added[j]] = was_k[j];
			}
	}
	FOR_EACH_BB_FN(bb, t.fun)
		if (t.old_of[bb->index] < 0 && t.edge_from[bb->index] < 0) {
			unverified(t, "block added by the register allocator");
			return false;
		}
	basic_block first = single_succ(ENTRY_BLOCK_PTR_FOR_FN(t.fun));
	if (t.old_of[first->index] < 0 ||
	    through_edges(o, m.skip, o->entry) !=
		    through_edges(o, m.skip,
				  fn_block_by_id(o, t.old_of[first->index]))) {
		unverified(t, "edges changed by the register allocator");
		return false;
	}
	return true;
}

/* The core register of the value a call returns that is one of its
 * arguments ((set (reg R) (reg A)) in CALL_INSN_FUNCTION_USAGE: memcpy
 * returns its destination), or -1. */
static int returned_argument(rtx_insn *call)
{
	for (rtx u = CALL_INSN_FUNCTION_USAGE(call); u; u = XEXP(u, 1)) {
		rtx e = XEXP(u, 0);
		if (GET_CODE(e) == SET && REG_P(SET_DEST(e)))
			return capture_core_reg(REGNO(SET_DEST(e)));
	}
	return -1;
}

/* Whether call's usage says it returns its first argument, (set
 * (reg:DI ax) (reg:DI di)): expand_call writes that SET only for a
 * callee with ERF_RETURNS_ARG (a builtin whose documented C semantics
 * return that argument, memcpy, memset, strcpy..., or GCC's internal
 * "fn spec" attribute), docs/VERIFY.md "Calls that return an argument". */
static bool returns_first_arg(rtx_insn *call)
{
	for (rtx u = CALL_INSN_FUNCTION_USAGE(call); u; u = XEXP(u, 1)) {
		rtx e = XEXP(u, 0);
		if (GET_CODE(e) == SET && REG_P(SET_DEST(e)) &&
		    REG_P(SET_SRC(e)) && REGNO(SET_DEST(e)) == AX_REG &&
		    REGNO(SET_SRC(e)) == DI_REG &&
		    GET_MODE(SET_DEST(e)) == DImode &&
		    GET_MODE(SET_SRC(e)) == DImode)
			return true;
	}
	return false;
}

/* Whether inserted instruction i reads core register r. */
static bool reads_loc(const Ins *i, int r)
{
	for (int k = 0; k < i->nops; k++)
		if ((i->ops[k].flags & OF_USE) && i->ops[k].loc.kind == LOC_REG &&
		    i->ops[k].loc.num == r)
			return true;
	return false;
}

/* The next insn of insn's block that is not a debug insn, or NULL. */
static rtx_insn *next_real(rtx_insn *insn)
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

/* For new insn I3 `(set (reg:M R) (mem:M S))` right after new insns I1
 * `(set (reg:N F) K)` and I2 `(set (mem:M S) (float_extend:M (reg:N
 * F)))` (single SETs, nothing volatile, no side effect, the same MEM in
 * I2 and I3), K a float constant of mode N or read-only memory holding
 * one (the constant pool), not a NaN: a SET `(set (reg:M R) K')`, K'
 * K extended to M by GCC's own folding (simplify_const_unary_operation),
 * to stand as R's constant source (t.const_src); else NULL.  LRA emits
 * this for an XFmode constant pushed as an argument (`flds .LC0; fstpt
 * (%rsp); movq (%rsp), %rax; ...; pushq`), the captured push reading the
 * constant itself.  Proof: the three insns are adjacent, so I2 reads
 * what I1 wrote and I3 what I2 stored; extending a non-NaN float to a
 * wider float mode is exact, as the x87's load and store are (a NaN is
 * refused: loading a signalling NaN quietens it). */
static rtx extended_const(const Tr &t, rtx_insn *i3)
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

/* For a captured store (set (mem A) S) (alone, or the first element of
 * a parallel: an asm's output) that LRA turned into (set (reg R) S')
 * (the same parallel's first element) followed by a new insn (set (mem
 * A') (reg R)), R of one mode in both: the new insn, with t.binds from matching A against A' and S
 * against S'; else NULL.  S' may be memory only with ro, and read-only
 * (readonly_mem_p) or memory the allocation models (mem_equiv_const: a
 * pseudo's memory equivalence, which the checker proves holds it). */
static rtx_insn *split_store(Tr &t, const SavedInsn &sv, rtx_insn *insn,
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

/* For a new insn (set (reg R) S') right before captured insn I of
 * capture block cur (after last_pos) whose saved pattern is (set (reg p)
 * S), alone or with clobbers, S not a register (not a copy), and which
 * is now (set D (reg R)), D a register or memory: LRA computed p's
 * value into the reload register R and turned I into the store (or
 * move) of R, an output reload.  Returns I's saved index, with t.binds
 * from matching I's saved pattern against insn (p at R); else -1.
 * Nothing runs between the two, so the captured instruction executed at
 * insn, followed by I as a new move of R, is what runs. */
static int computed_ahead(Tr &t, rtx_insn *insn, int cur, int last_pos)
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

/* Whether insn strictly satisfies its constraints (GCC's own check in
 * final); insns without a pattern number (use, clobber) pass. */
static bool constraints_ok(rtx_insn *insn)
{
	if (GET_CODE(PATTERN(insn)) == USE || GET_CODE(PATTERN(insn)) == CLOBBER)
		return true;
	if (INSN_CODE(insn) < 0 && asm_noperands(PATTERN(insn)) < 0)
		return true;
	extract_insn(insn);
	return constrain_operands(1, get_preferred_alternatives(insn));
}

static void note_mem_store(rtx dest, const_rtx, void *data)
{
	if (MEM_P(dest))
		*(bool *)data = true;
}

/* Whether insn may write memory: a call, or a store or clobber of a MEM
 * (an asm's memory clobber included). */
static bool may_write_memory(rtx_insn *insn)
{
	if (CALL_P(insn))
		return true;
	bool w = false;
	note_stores(insn, note_mem_store, &w);
	return w;
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
	for (int c = 0; c < TGT_NREGS; c++) {
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
		t.binds.resize(mark);
		t.soft_in.resize(smark);
		t.comm.resize(cmark);
		t.memops.resize(mmark);
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

/* Forgets each loaded memory operand (t.mem_src) whose address reads a
 * register insn sets or clobbers: the load read the memory at the
 * address the register held then, and match checks the address
 * register at the later insn that uses the loaded value, which is the
 * same address only while nothing writes the register in between
 * (the load writing its own address register is merged_load's case). */
static void forget_moved_addresses(Tr &t, rtx_insn *insn)
{
	for (int c = 0; c < TGT_NREGS; c++) {
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

/* Whether sv's pattern mentions the frame or argument pointer. */
static bool mentions_soft_pointer(const Tr &t, const SavedInsn &sv)
{
	for (int i = sv.pat; i < t.s->nodes[sv.pat].end; i++)
		if (t.s->nodes[i].code == REG && soft_pointer(t.s->nodes[i].regno))
			return true;
	return false;
}

static RegSet writes_regs(const Ins *i);

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
		int r = o.kind == OK_HREG ? o.reg
			: o.loc.kind == LOC_REG ? o.loc.num
						: -1;
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

/* Fills t.remat_const from the capture's [remat] definitions. */
static void init_remat_const(Tr &t)
{
	const Fn *o = t.cap->fn;
	t.remat_const.assign(o->npseudo, nullptr);
	for (int b = 0; b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next) {
			if (!(i->flags & INS_REMAT) || i->nops != 2 ||
			    i->ops[0].kind != OK_PSEUDO ||
			    !op_is_const(&i->ops[1]))
				continue;
			int p = i->ops[0].reg;
			if (p >= 0 && p < o->npseudo)
				t.remat_const[p] = &i->ops[1];
		}
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
	for (int c = 0; c < TGT_NREGS; c++)
		if (RS_HAS(i->clobbers, c))
			t.known_reg[c] = -1;
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

/* Updates t.soft_val, t.mem_src, t.addr_val and t.calc_val for
 * instruction i appended to the allocation. */
static void note_soft_values(Tr &t, const Ins *i)
{
	for (int c = 0; c < TGT_NREGS; c++)
		if (RS_HAS(i->clobbers, c))
			t.soft_val[c] = -1;
	for (int k = 0; k < i->nops; k++) {
		const Op &o = i->ops[k];
		if (!(o.flags & OF_DEF))
			continue;
		int r = o.kind == OK_HREG ? o.reg
			: o.loc.kind == LOC_REG ? o.loc.num
						: -1;
		if (r >= 0 && r < TGT_NREGS)
			t.soft_val[r] = -1;
	}
	for (int c = 0; c < TGT_NREGS; c++)
		if (RS_HAS(i->clobbers, c))
			t.mem_src[c] = NULL_RTX;
	for (int k = 0; k < i->nops; k++) {
		const Op &o = i->ops[k];
		if (!(o.flags & OF_DEF))
			continue;
		int r = o.kind == OK_HREG ? o.reg
			: o.loc.kind == LOC_REG ? o.loc.num
						: -1;
		if (r >= 0 && r < TGT_NREGS)
			t.mem_src[r] = NULL_RTX;
	}
	if (t.pending_mem && (i->kind == IK_OPAQUE || i->kind == IK_REMAT)) {
		int c = i->ops[0].loc.num;
		t.mem_src[c] = t.pending_mem;
		t.mem_insn[c] = t.pending_insn;
		t.mem_ins[c] = const_cast<Ins *>(i);
		t.mem_prev_bad[c] = i->kind != IK_OPAQUE || t.pending_prev_bad;
	}
	t.pending_mem = NULL_RTX;
	t.pending_insn = nullptr;
	t.pending_prev_bad = false;
	RegSet w = written_span(t, i);
	for (int c = 0; c < TGT_NREGS; c++) {
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
	    i->ops[0].loc.num == capture_core_reg(REGNO(SET_DEST(t.pending_const))))
		t.const_src[i->ops[0].loc.num] = t.pending_const;
	t.pending_const = NULL_RTX;
	for (int c = 0; c < TGT_NREGS; c++)
		if (RS_HAS(writes_regs(i), c))
			t.addr_val[c] = false;
	if (t.pending_addr && i->nops > 0 && i->ops[0].loc.kind == LOC_REG)
		t.addr_val[i->ops[0].loc.num] = true;
	t.pending_addr = false;
	for (int c = 0; c < TGT_NREGS; c++)
		if (RS_HAS(writes_regs(i), c))
			t.calc_val[c] = false;
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

/* For a saved load (saved_load) from SOFT + C and insn: -1 when sv is
 * not such a load (other insns, other addresses); else *want = the
 * saved address relative to the argument pointer, and 1 when insn is a
 * single SET whose source is stack memory (*off its address relative
 * to the argument pointer, stack_mem), 0 when not. */
static int soft_load_offsets(Tr &t, const SavedInsn &sv, rtx_insn *insn,
			     int64_t *want, int64_t *off)
{
	const std::vector<PNode> &nd = t.s->nodes;
	if (!saved_load(t, sv))
		return -1;
	int m = nd[sv.pat + 1].end, a = m + 1;
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
	return set && stack_mem(t, SET_SRC(set), off) ? 1 : 0;
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

static bool noop_move(const Tr &t, const SavedInsn &sv);

/* The saved insn that new insn is a re-emission of (elimination makes
 * LRA delete an insn that mentions a soft pointer and emit it again; a
 * load of a pseudo with a memory equivalence is deleted and emitted
 * again before the use; a register move deleted by IRA is emitted
 * again as a reload): the first captured insn of (old) block bb
 * after position last_pos whose UID is gone, that mentions a soft
 * pointer or is such a load or move, and whose pattern
 * matches insn's, looking no further than the next captured insn still
 * present; -1 if none.  Leaves t.binds filled. */
static int reemitted(Tr &t, rtx_insn *insn, int bb, int last_pos)
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
		if (match_insn(t, sv, insn) && same_load_address(t, sv, insn)) {
			t.adopted[k] = true;
			return k;
		}
	}
	return -1;
}

/* The saved load (saved_load from a soft pointer plus a constant) that
 * insn, a load from other stack memory, re-emits in place of captured
 * store st (saved_store) of the pseudo that load defines: as reemitted (the
 * deleted captured insns of (old) block bb after last_pos, up to the
 * next one still present), but the pattern matched with the eliminated
 * address's constant free (t.loose_frame) and the stack address after
 * elimination different from the saved one (soft_load_offsets).  Only
 * when exactly one such load matches, and no load matches exactly
 * (reemitted was tried first); -1 otherwise.  Then the load is adopted,
 * t.binds are its match, and t.wrong_addr has the diagnostic: insn
 * loads the value the captured load read from other memory (the
 * argument as for wrong_frame_addr: elimination only renames the
 * pointer and folds constants, so the address is another one; the
 * value the captured load gave its pseudo is not what insn loads,
 * unless that other memory happens to hold the same bytes, which the
 * checker does not assume for any location). */
static int reemitted_moved(Tr &t, const SavedInsn &st, rtx_insn *insn,
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

/* For captured store sv, (set (mem A) (reg p)) with p a pseudo, whose
 * insn LRA turned into the load (set (reg R) (mem M)) followed by a new
 * store (set (mem A') (reg R)), R of one mode in both (p has the memory
 * equivalence M and no register: LRA deleted p's load and emits it
 * again where p is needed, here the store): the deleted captured load
 * k of p (saved_load, an `ord`) of (old) block bb before sv, the
 * nearest, not yet placed, commuting with the surviving captured insns
 * it passes (commutes_to, up to last_pos) and matching insn (p at R);
 * *nx gets the new store.  -1 otherwise.  The translation only
 * chooses: k runs at insn (moved later, which the checker accepts
 * only when k commutes with what it passed: docs/VERIFY.md "Moved
 * instructions") and sv at *nx, reading p at R; both are checked as
 * located. */
static int moved_split(Tr &t, const SavedInsn &sv, rtx_insn *insn, int bb,
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

/* The saved load (saved_load, an `ord`) that new insn is, moved later:
 * a captured insn of (old) block bb before position last_pos (a
 * surviving insn comes between its place and insn) whose UID is gone,
 * whose pattern matches insn's, the nearest such; -1 if none.  IRA
 * moves a load of a pseudo with a memory equivalence to its use (a new
 * UID), LRA re-emits such a load there: the checker accepts the
 * instruction at its new place only when it commutes with every
 * original instruction it moved over (docs/VERIFY.md "Moved
 * instructions"), which the translation does not decide.  Leaves
 * t.binds filled. */
static int moved_load(Tr &t, rtx_insn *insn, int bb, int last_pos)
{
	if (bb < 0 || bb >= (int)t.by_block.size())
		return -1;
	return adopt_moved_load(t, insn, bb, last_pos, last_pos, -1);
}

/* Whether saved insn sv is a computation of one pseudo without side
 * effects (docs/POSTRA.md "Recomputed values"): its pattern a SET of a
 * pseudo register, alone or with clobbers of hard registers, with no
 * volatile, asm, call or trap node and no soft pointer (MEMs: see
 * readonly_reads); the
 * captured instruction an `ord` without memory effects whose only
 * definition is operand 0, whole.  Executing it again changes nothing
 * but its destination and clobbers. */
static bool pure_computation(const Tr &t, const SavedInsn &sv)
{
	const Ins *ci = sv.ins;
	if (!ci || ci->kind != IK_ORD || ci->nmem || ci->nops < 1 ||
	    ci->ops[0].kind != OK_PSEUDO ||
	    (ci->ops[0].flags & (OF_DEF | OF_USE)) != OF_DEF ||
	    ci->ops[0].sub_size)
		return false;
	for (int k = 1; k < ci->nops; k++)
		if (ci->ops[k].flags & OF_DEF)
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

/* The saved insn that new insn recomputes (LRA's rematerialization, or a
 * computation it deleted and emitted again where the value is needed):
 * insn sets a hard register to a computation (not a register, memory,
 * constant or frame address) reading no memory but read-only memory,
 * and a pure_computation's pattern matches it (so the saved pattern's
 * MEMs are those read-only ones); capture block cur first, then the
 * others.  Of several that match (x * y and z * y match any product of
 * two registers), the one whose bindings agree most with the hints
 * (hint_score: ORIGINAL_REGNO, what the block put in the registers), the
 * first on a tie: a hint only, the checker proves the recomputation's
 * operands (complex-3.c f at -O1 took uid 49 for LRA's re-emission of
 * uid 52).  -1 if none; else t.binds holds the match. */
static int recomputed(Tr &t, rtx_insn *insn, int cur)
{
	rtx set = single_set(insn);
	if (!set)
		return -1;
	rtx d = SET_DEST(set), s = SET_SRC(set);
	if (!REG_P(d) || !HARD_REGISTER_P(d) || REG_P(s) || MEM_P(s) ||
	    CONSTANT_P(s) || GET_CODE(s) == SUBREG || eliminated_p(s) ||
	    !readonly_reads(insn))
		return -1;
	int n = (int)t.s->insns.size();
	std::vector<const_rtx> regs;
	regs_in(PATTERN(insn), &regs);
	for (int pass = 0; pass < 2; pass++) {
		int best = -1, best_score = -1;
		for (int k = 0; k < n; k++) {
			const SavedInsn &sv = t.s->insns[k];
			if ((sv.bb == cur) != (pass == 0) ||
			    !pure_computation(t, sv))
				continue;
			if (!match_insn(t, sv, insn))
				continue;
			int score = hint_score(t, 0, regs);
			if (score > best_score) {
				best = k;
				best_score = score;
			}
		}
		if (best >= 0 && match_insn(t, t.s->insns[best], insn))
			return best;
	}
	t.binds.clear();
	t.fail.clear();
	return -1;
}

/* The inserted remat for new insn, which recomputes saved insn k
 * (recomputed): the captured instruction's operands at the locations
 * found, `remat ... [of UID]`; NULL with t.why set if an operand has
 * none. */
static Ins *remat_of(Tr &t, int k, rtx_insn *insn)
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

/* Captured insn sv, (set DEST (reg p)) with p a whole pseudo and DEST a
 * register, whose post-RA insn is (set R E) (single_set, R a hard
 * register, E a computation reading no memory but read-only memory):
 * IRA substituted p's definition into its one use (pr99647.c f:
 * `xmm0 = p88` with p88 = vec_duplicate (p86) became `xmm0 =
 * vec_duplicate (xmm0)`).  When p has exactly one captured definition D,
 * a pure_computation, whose pattern matches insn (D computed into R),
 * appends to blk the recomputation `remat ... [of D]` of p at R (its
 * operands where insn reads them) and returns sv's instruction reading
 * p at R (DEST at R).  Proof argument: insn computes D's expression on
 * the operands the remat names, into R; the checker proves those
 * operands hold D's values and none changed since D ran (docs/VERIFY.md
 * "Recomputation"), so R holds p's value after insn, which is what the
 * remat followed by the copy of p into DEST at R says (R really holds p
 * afterwards: no fact the program does not have).  NULL with t.fail
 * untouched otherwise. */
static Ins *folded_def(Tr &t, const SavedInsn &sv, rtx_insn *insn,
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

/* ---------------------------------------------------------------- */
/* Conditional jumps whose label changed (docs/POSTRA.md, "Conditional
 * jumps").                                                          */

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

/* Captured conditional jump si against post-RA jump insn whose label is
 * not the captured one (GCC inverted the jump and exchanged its
 * targets when it reordered the blocks, or redirected it to a block
 * the allocator added on the edge): 1 when both go to the same capture
 * blocks under the same condition (then t.binds has the comparison's
 * operands matched); -1 when the comparison's operands match, its code
 * is the captured one or its reversal, and control goes elsewhere for
 * some value of the condition (a violation, *why); 0 otherwise (the
 * shapes differ: unverified). */
static int jump_semantics(Tr &t, const SavedInsn &si, rtx_insn *insn,
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

/* Captured simple jump si, (set (pc) (label_ref L)), against post-RA
 * simple jump insn whose label is not L (GCC redirected it past a block
 * that reload emptied, an edge after reload, or to a block the
 * allocator added on the edge): 1 when both go to the same capture
 * block (cap_dest of L's block, post_dest of the new label's block);
 * -1 when both are known and differ (a violation, *why: control goes
 * elsewhere); 0 otherwise (unverified).  An unconditional jump has no
 * operand: where it goes is all it does. */
static int simple_jump_semantics(Tr &t, const SavedInsn &si,
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

/* Whether insn is a jump GCC added (its UID was not captured) to the
 * only successor of its block: (set (pc) (label_ref L)).  Such a jump
 * is the block's one edge, which same_cfg compared with the capture's;
 * it moves nothing. */
static bool new_simple_jump(const Tr &t, rtx_insn *insn)
{
	int uid = INSN_UID(insn);
	return JUMP_P(insn) && simplejump_p(insn) &&
	       single_succ_p(BLOCK_FOR_INSN(insn)) &&
	       !(uid < (int)t.s->by_uid.size() && t.s->by_uid[uid] >= 0);
}

/* The sub-shape of a post-RA insn that matched no rule, for the reason
 * "insn changed shape (...)": its pattern's code and its name (the
 * machine description's pattern, "asm" for an asm), so that the ranking
 * of reasons tells the shapes apart: "set, *rep_movsi". */
static std::string shape_name(rtx_insn *insn)
{
	std::string s = GET_RTX_NAME(GET_CODE(PATTERN(insn)));
	if (asm_noperands(PATTERN(insn)) >= 0)
		return s + ", asm";
	int code = INSN_CODE(insn); /* as recognised: nothing re-recognised */
	if (code >= 0)
		return s + ", " + get_insn_name(code);
	return s;
}

/* For a captured copy `=%H, p` into a hard register H (class sse or
 * gpr) from an x87 pseudo p, or the other way round, that LRA made
 * through secondary memory (no register move exists between x87 and
 * other registers; lra-constraints.cc: the copy's destination replaced by
 * a new memory pseudo, then a move from it): the post-RA insn stores p's
 * register into stack slot M, (set M (reg R)), and the next insn, a new
 * one, loads H from the same M.  The located copy (for the caller to
 * append) has its
 * destination a pseudo operand located at M's slot (docs/VERIFY.md: an
 * original hard-register operand may be a located pseudo in the
 * allocation; the value is still %H), its source where the match binds
 * p; the load is then translated as a new insn (a reload of H).  Returns
 * the located copy, or NULL when the shape is not this one
 * (CAPTURE.md "Floats in x87 registers"). */
static Ins *hard_copy_via_mem(Tr &t, const SavedInsn &sv, rtx_insn *insn)
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

/* For a split store (split_store matched, t.binds set): appends the
 * captured instruction of sv, located, to blk (*survivor gets it) and
 * returns the instruction of insn, opaque (it writes the register the
 * new store reads). */
static Ins *run_split(Tr &t, Blk *blk, const SavedInsn &sv, rtx_insn *insn,
		      Ins **survivor)
{
	Ins *c = located_copy(t, sv.ins);
	if (c) {
		ins_append(blk, c);
		note_soft_values(t, c);
		*survivor = c;
	}
	return new_insn(t, insn, true);
}

/* Translates one post-RA block's insns into blk; records which captured
 * insns survive (seen) and the locations of all insns (locs). */
/* Captured insn ins (post-RA insn), whose match read the address of a
 * memory operand from register c = t.mem_self, the very register a new
 * insn (t.mem_insn[c], translated as the opaque t.mem_ins[c]) loaded
 * that memory into: LRA's `mov 8(%rax), %rax` reloading the operand
 * (mem (plus p85 8)) of insn 13 through p85's own register
 * (pr36339.c check_a).  When the load is the insn right before insn and
 * its instruction the last one of blk, the pair is the captured insn
 * run at the load's place: the opaque is removed and c added to ins's
 * clobbers (the load's value dies in the insn, which its ALLOC clobber
 * says); its operands were bound at the load's place (c for the
 * address; a pseudo read from c for anything else is refused by bind).
 * Sound: nothing runs between the two, so the memory the insn reads is
 * what the load read, at the address the registers held before the
 * load, and every other register is the same before either; only c
 * differs after the pair, and it is clobbered.  False when the two are
 * not adjacent. */
/* After located_copy of surviving insn ins: its first memory operand
 * read from a register (t.memops[0]) becomes `[mem @R:W]` on ins, and
 * the opaque load of that memory (the mem_src load the match took the
 * address from) `[of UID]` with the address's pseudos at the registers
 * the load read them from (the bindings that match made), so that the
 * checker proves the address at the load and R's content at ins
 * (docs/POSTRA.md "Loaded memory operands").  Nothing when the load is
 * tied to another insn already, or when its address reads a register
 * that is no bound pseudo's (sp, the frame pointer, a hard register:
 * the checker could not see it change). */
/* Whether v contains x. */
static bool int_in(const std::vector<int> &v, int x)
{
	for (int y : v)
		if (y == x)
			return true;
	return false;
}

static void apply_memops(Tr &t, Ins *ins)
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

static bool merged_load(Tr &t, Blk *blk, Ins *ins, rtx_insn *insn)
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

static void translate_block(Tr &t, basic_block bb, Blk *blk,
			    std::vector<Ins *> &survivor,
			    std::vector<unsigned> &locs,
			    std::vector<int> &bad_uids)
{
	int last_pos = -1;
	/* The capture block (id) whose insns come now (t.chain: a block
	 * merged into this one begins with its first surviving insn);
	 * -1 in a block the allocator added. */
	const std::vector<int> &chain = t.chain[bb->index];
	size_t in_chain = 0;
	int cur = chain.empty() ? -1 : chain[0];
	int returned = -1; /* the register of a call's returned argument */
	rtx_insn *split_nx = nullptr; /* the new store of a split store */
	rtx_insn *out_nx = nullptr; /* a captured insn storing its output
				       computed by a new insn (computed_ahead) */
	rtx_insn *mst_nx = nullptr; /* the new store of a moved split
				       (moved_split), running mst_si */
	int mst_si = -1;
	for (int c = 0; c < TGT_NREGS; c++) {
		t.soft_val[c] = -1;
		t.mem_src[c] = NULL_RTX;
		t.mem_insn[c] = nullptr;
		t.mem_ins[c] = nullptr;
		t.mem_prev_bad[c] = true;
		t.const_src[c] = NULL_RTX;
		t.addr_val[c] = false;
		t.calc_val[c] = false;
		t.known_reg[c] = -1;
	}
	for (int c = 0; c < 16; c++)
		t.sum[c] = RegSum();
	t.known_slot.clear();
	rtx_insn *insn;
	FOR_BB_INSNS(bb, insn) {
		if (!NONDEBUG_INSN_P(insn))
			continue;
		int uid = INSN_UID(insn);
		int was_returned = returned;
		returned = CALL_P(insn) && !returns_first_arg(insn)
				   ? returned_argument(insn)
				   : -1;
		if (uid < (int)locs.size())
			locs[uid] = INSN_LOCATION(insn);
		if (!constraints_ok(insn))
			bad_uids.push_back(uid);
		if (new_simple_jump(t, insn))
			continue; /* the block's only edge, checked by same_cfg */
		if (!t.why.empty()) {
			sp_step(insn, &t.sp_delta);
			continue;
		}
		int si = uid < (int)t.s->by_uid.size() ? t.s->by_uid[uid] : -1;
		int k;
		int jsem;
		t.mem_self = -1;
		std::string jwhy;
		Ins *ins = nullptr;
		if (insn == split_nx) {
			split_nx = nullptr;
		} else if (insn == out_nx) {
			out_nx = nullptr;
			ins = new_insn(t, insn, false);
		} else if (insn == mst_nx) {
			/* The captured store whose insn became the moved
			 * load before: it runs here, reading the register. */
			mst_nx = nullptr;
			const SavedInsn &sv = t.s->insns[mst_si];
			if (match_insn(t, sv, insn)) {
				ins = located_copy(t, sv.ins);
				last_pos = sv.pos;
				if (ins)
					survivor[mst_si] = ins;
			} else {
				unverified(t, "store of a moved load not matched" +
						      uid_str(sv.uid));
			}
		} else if (si >= 0) {
			const SavedInsn &sv = t.s->insns[si];
			if (sv.bb != cur && in_chain + 1 < chain.size() &&
			    chain[in_chain + 1] == sv.bb) {
				/* The next merged block: its insns go to its
				 * own block (the only successor of the
				 * previous one, whose only predecessor it is). */
				cur = chain[++in_chain];
				blk = t.alloc->blk[fn_block_by_id(t.alloc, cur)];
				last_pos = -1;
			}
			if (!sv.ins) {
				unverified(t, "internal error: uid " +
						      std::to_string(uid) +
						      " saved but not captured");
			} else if (sv.bb != cur || sv.pos < last_pos) {
				unverified(t, "insn moved by IRA" + uid_str(uid));
			} else if (CALL_P(insn) &&
				   (insn_callee_abi(insn).id() != sv.abi_id ||
				    insn_callee_abi(insn).full_reg_clobbers() !=
					    sv.abi_clobbers)) {
				unverified(t, "call ABI changed" + uid_str(uid));
			} else if (match_insn(t, sv, insn) ||
				   wrong_frame_addr(t, sv, insn)) {
				ins = located_copy(t, sv.ins);
				last_pos = sv.pos;
				if (ins)
					survivor[si] = ins;
				if (ins && t.mem_self < 0)
					apply_memops(t, ins);
				if (ins && t.mem_self >= 0 &&
				    !merged_load(t, blk, ins, insn))
					unverified(t, "reload from a memory "
						      "equivalence" +
						      uid_str(uid));
			} else if ((ins = folded_def(t, sv, insn, blk))) {
				/* p's definition computed in its use's place
				 * into the use's register */
				last_pos = sv.pos;
				survivor[si] = ins;
			} else if ((jsem = jump_semantics(t, sv, insn,
							  &jwhy)) != 0 ||
				   (jsem = simple_jump_semantics(t, sv, insn,
								 &jwhy)) != 0) {
				/* The same jump, inverted or redirected to an
				 * added block or past an emptied one; or one
				 * going elsewhere. */
				if (jsem < 0)
					t.wrong_addr.push_back({uid, jwhy});
				ins = located_copy(t, sv.ins);
				last_pos = sv.pos;
				if (ins)
					survivor[si] = ins;
			} else if (!has_pseudo(sv.ins) &&
				   !writes_hard_defs(insn, sv.ins)) {
				/* a hard register destination reached through
				 * a reload register: the split store's rule
				 * with that register for the memory */
				if ((split_nx = split_store(t, sv, insn, false))) {
					ins = run_split(t, blk, sv, insn,
							&survivor[si]);
					last_pos = sv.pos;
				} else {
					unverified(t, "output reloaded through "
						      "another register" +
						      uid_str(uid));
				}
			} else if ((split_nx = split_store(t, sv, insn, false))) {
				/* LRA split a store into a computation of the
				 * value into a register (this insn) and a new
				 * store (split_nx, not translated): the captured
				 * instruction reads its operands here, then the
				 * register is written. */
				ins = run_split(t, blk, sv, insn, &survivor[si]);
				last_pos = sv.pos;
			} else if ((k = reemitted(t, insn, t.old_of[bb->index],
						  last_pos)) >= 0 ||
				   (k = reemitted_moved(t, sv, insn,
							t.old_of[bb->index],
							last_pos)) >= 0) {
				/* LRA rewrote sv's insn into a deleted captured
				 * insn before it (a load of a pseudo equivalent
				 * to memory, reloaded where sv stored it): that
				 * insn runs here, and sv counts as deleted, to be
				 * re-emitted by a new insn (a store) or left
				 * deleted.  reemitted_moved: the same load reading
				 * other stack memory, a violation (t.wrong_addr);
				 * tried before the split of a modelled memory
				 * load, which would make it "not proven". */
				ins = located_copy(t, t.s->insns[k].ins);
				last_pos = t.s->insns[k].pos;
				if (ins)
					survivor[k] = ins;
				t.present[uid] = false;
			} else if ((split_nx = split_store(t, sv, insn, true))) {
				/* The same with the value loaded from read-only
				 * memory (LRA reloaded a pseudo equivalent to a
				 * constant-pool entry from it) or from the
				 * pseudo's memory equivalence (an incoming
				 * argument, a global the capture loaded it
				 * from): the pseudo is located at that memory,
				 * which the checker proves holds it. */
				ins = run_split(t, blk, sv, insn, &survivor[si]);
				last_pos = sv.pos;
			} else if ((k = moved_split(t, sv, insn, cur, last_pos,
						    &mst_nx)) >= 0) {
				/* LRA reloaded the stored pseudo from its
				 * memory equivalence in the store's insn: the
				 * deleted load of it runs here (moved later),
				 * the store at the new insn after it. */
				ins = located_copy(t, t.s->insns[k].ins);
				if (ins)
					survivor[k] = ins;
				mst_si = si;
			} else if ((ins = hard_copy_via_mem(t, sv, insn))) {
				last_pos = sv.pos;
				survivor[si] = ins;
			} else if (t.fail.empty()) {
				unverified(t, "insn changed shape (" +
						      shape_name(insn) + ")" +
						      uid_str(uid));
			} else {
				unverified(t, t.fail + uid_str(uid));
			}
		} else if (cur >= 0 &&
			   (si = reemitted(t, insn, cur, last_pos)) >= 0) {
			/* A captured insn LRA deleted and emitted again in
			 * another form (an eliminated soft pointer). */
			ins = located_copy(t, t.s->insns[si].ins);
			last_pos = t.s->insns[si].pos;
			if (ins)
				survivor[si] = ins;
		} else if (cur >= 0 &&
			   (si = moved_load(t, insn, cur, last_pos)) >= 0) {
			/* A captured load moved later, past surviving insns
			 * (last_pos stays: the checker proves the order
			 * equivalent). */
			ins = located_copy(t, t.s->insns[si].ins);
			if (ins)
				survivor[si] = ins;
		} else if (cur >= 0 &&
			   (k = computed_ahead(t, insn, cur, last_pos)) >= 0) {
			/* The captured insn after it computed here into a
			 * reload register; that insn stores the register
			 * (out_nx, a new move). */
			ins = located_copy(t, t.s->insns[k].ins);
			last_pos = t.s->insns[k].pos;
			if (ins)
				survivor[k] = ins;
			out_nx = next_real(insn);
		} else if ((k = recomputed(t, insn, cur)) >= 0) {
			/* A recomputation of a captured insn: the checker
			 * proves its operands unchanged (docs/VERIFY.md). */
			ins = remat_of(t, k, insn);
		} else {
			ins = new_insn(t, insn, false);
			if (ins && was_returned >= 0 && reads_loc(ins, was_returned))
				unverified(t, "value taken from a call's returned "
					      "argument" + uid_str(uid));
			returned = was_returned;
		}
		if (!t.why.empty() && getenv("SSARA_DEBUG")) {
			fprintf(stderr, "ssara: %s: %s\n", t.cap->name.c_str(),
				t.why.c_str());
			print_rtl_single(stderr, insn);
		}
		track_sums(t, insn, !(uid < (int)t.s->by_uid.size() &&
				      t.s->by_uid[uid] >= 0));
		sp_step(insn, &t.sp_delta);
		if (ins && ins->kind == IK_CALL && CALL_P(insn) &&
		    returns_first_arg(insn))
			ins->flags |= INS_RETARG;
		if (ins) {
			ins_append(blk, ins);
			note_soft_values(t, ins);
		}
		if (ins && t.why.empty()) {
			/* an x87 constant extended through a slot */
			rtx ext = extended_const(t, insn);
			if (ext && capture_core_reg(REGNO(SET_DEST(ext))) >= 0)
				t.const_src[capture_core_reg(
					REGNO(SET_DEST(ext)))] = ext;
		}
		if (may_write_memory(insn))
			/* A loaded memory operand is that memory's value
			 * only until memory may change. */
			for (int c = 0; c < TGT_NREGS; c++)
				t.mem_src[c] = NULL_RTX;
		forget_moved_addresses(t, insn);
	}
}

/* The hard register (core number) GCC gave pseudo p, or -1. */
static int renumbered(int p)
{
	if (p < FIRST_PSEUDO_REGISTER || p >= max_reg_num() ||
	    reg_renumber[p] < 0)
		return -1;
	return capture_core_reg(reg_renumber[p]);
}

/* The hard register (GCC number) that rtx node i names: a hard REG, or
 * a pseudo's register after reload, or through a SUBREG at a whole word
 * the word's register; -1 if none. */
static int node_hard_reg(const Tr &t, int i)
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
		r = r < max_reg_num() ? reg_renumber[r] : -1;
	if (r < 0 || (words && !GENERAL_REGNO_P(r)))
		return -1;
	/* A word of a value in consecutive general registers (ax:dx,
	 * r8:r9). */
	return r + words;
}

/* Whether a deleted insn moved a value within one register:
 * (set D S), each a register or a subreg of one at a whole number of
 * words, D and S
 * (pseudos after reload, or hard registers) the same register, captured
 * as an `ord` with only those registers as operands.  GCC deletes such
 * a no-op move; executing it would change nothing, so it stays in the
 * allocation as executed there, its pseudos in their registers (the
 * checker's rule for deleted instructions covers only copies). */
static bool noop_move(const Tr &t, const SavedInsn &sv)
{
	const Ins *ci = sv.ins;
	const std::vector<PNode> &nd = t.s->nodes;
	if (ci->kind != IK_ORD || nd[sv.pat].code != SET)
		return false;
	int d = node_hard_reg(t, sv.pat + 1);
	int s = node_hard_reg(t, nd[sv.pat + 1].end);
	if (d < 0 || d != s)
		return false;
	for (int k = 0; k < ci->nops; k++) {
		const Op &o = ci->ops[k];
		if (o.kind == OK_PSEUDO &&
		    (o.sub_off % UNITS_PER_WORD || renumbered(o.reg) < 0))
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
	ins->flags = ci->flags | (noop ? 0 : INS_DELETED);
	ins->name = ci->name ? fn_strdup(t.alloc, ci->name, strlen(ci->name))
			     : nullptr;
	ins->clobbers = ci->clobbers;
	for (int j = 0; j < ci->nops; j++) {
		ins->ops[j] = ci->ops[j];
		if (noop && ci->ops[j].kind == OK_PSEUDO)
			ins->ops[j].loc = {LOC_REG, renumbered(ci->ops[j].reg)};
		if (ci->ops[j].sym)
			ins->ops[j].sym = fn_strdup(t.alloc, ci->ops[j].sym,
						    strlen(ci->ops[j].sym));
	}
	resplit(t, ci, ins);
	return ins;
}

/* Puts each cross-class copy of the capture (s->class_copies) into the
 * allocation, deleted (it has no counterpart in GCC's code), right
 * before the instruction that reads it: the checker's rule for a deleted
 * copy gives its destination every location that holds its source there
 * (docs/VERIFY.md), GCC's reload register for the read included; false
 * (unverified) when that instruction is not in the allocation. */
static bool place_class_copies(Tr &t)
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

/* Whether captured insn sv is a jump without operands (a simple jump)
 * in a capture block with one successor, not abnormal: deleted after
 * reload, it is kept as executed at the end of its block, since the
 * alloc has the capture's edge there (same_cfg proved that control
 * still goes that way); it reads and writes nothing. */
static bool dropped_jump(const Tr &t, const SavedInsn &sv)
{
	const Fn *o = t.cap->fn;
	int bi = fn_block_by_id(o, sv.bb);
	return sv.ins->kind == IK_BRANCH && sv.ins->nops == 0 &&
	       sv.ins->clobbers == 0 && bi >= 0 && o->blk[bi]->nsucc == 1 &&
	       !(o->blk[bi]->succ[0].flags & EF_ABNORMAL) &&
	       o->blk[bi]->last == sv.ins;
}

/* The register (core number) of a no-op move's pseudos (noop_move). */
static int noop_reg(const Ins *ci)
{
	for (int k = 0; k < ci->nops; k++)
		if (ci->ops[k].kind == OK_PSEUDO)
			return renumbered(ci->ops[k].reg);
	return 0;
}

/* The registers inserted instruction i writes (its located defs). */
static RegSet writes_regs(const Ins *i)
{
	RegSet s = i->clobbers;
	for (int k = 0; k < i->nops; k++)
		if ((i->ops[k].flags & OF_DEF) && i->ops[k].loc.kind == LOC_REG)
			s |= RS_BIT(i->ops[k].loc.num);
	return s;
}

/* Puts each captured insn that GCC deleted into its block, in capture
 * order, after the previous surviving captured insn of that block (its
 * original position).  When the deleted insns between two surviving ones
 * include a no-op move whose register an inserted instruction of that
 * gap writes, they all go after the last such instruction instead: LRA
 * deleted the move after emitting what brings its source into the
 * register. */
static void place_deleted(Tr &t, const std::vector<Ins *> &survivor)
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
				noop_regs |= RS_BIT(noop_reg(sv.ins));
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
		 * a no-op move's register (LRA brought the value there). */
		for (Ins *i = prev ? prev->next : b->first; i && i != next;
		     i = i->next)
			if (i->uid == 0 && (writes_regs(i) & noop_regs))
				prev = i;
		for (size_t j = k; j < e; j++) {
			if (!t.s->insns[j].ins || t.moved[j])
				continue; /* (a moved load runs later) */
			Ins *ins = deleted_copy(t, t.s->insns[j]);
			if (dropped_jump(t, t.s->insns[j])) {
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

/* Whether used slots a and b may be declared overlapping (docs/POSTRA.md
 * "Overlapping slots"): each is accessed only whole and in one size, and
 * no pseudo has an operand in both (pseudos_in: per slot, the pseudos of
 * its operands). */
static bool overlap_ok(const Tr &t, int a, int b,
		       const std::vector<std::vector<int>> &pseudos_in)
{
	if (t.slots[a].mixed || t.slots[b].mixed)
		return false;
	for (int p : pseudos_in[a])
		for (int q : pseudos_in[b])
			if (p == q)
				return false;
	return true;
}

/* Declares the slots; false (unverified) when two that the allocation
 * uses overlap and overlap_ok refuses them (a slot met only while trying
 * a match that failed is declared but unused).  Overlapping slots are
 * declared with their offsets: a write to one kills the others. */
static bool declare_slots(Tr &t)
{
	size_t ns = t.slots.size();
	for (size_t k = 0; k < ns; k++)
		fn_declare_slot(t.alloc, (int)k, t.slots[k].size);
	std::vector<bool> used(ns, false);
	std::vector<std::vector<int>> pseudos_in(ns);
	for (int b = 0; b < t.alloc->nblk; b++)
		for (const Ins *i = t.alloc->blk[b]->first; i; i = i->next)
			for (int k = 0; k < i->nops; k++)
				if (i->ops[k].loc.kind == LOC_SLOT) {
					int s = i->ops[k].loc.num;
					used[s] = true;
					if (i->ops[k].kind == OK_PSEUDO)
						pseudos_in[s].push_back(
							i->ops[k].reg);
				}
	for (size_t a = 0; a < ns; a++)
		for (size_t b = a + 1; b < ns; b++) {
			const SlotInfo &x = t.slots[a], &y = t.slots[b];
			if (!used[a] || !used[b] || x.off >= y.off + y.size ||
			    y.off >= x.off + x.size)
				continue;
			if (!overlap_ok(t, (int)a, (int)b, pseudos_in)) {
				unverified(t, "overlapping stack slots at " +
						      argp_str(std::max(x.off,
									y.off)));
				return false;
			}
			for (size_t s : {a, b}) {
				t.alloc->slot[s].has_off = true;
				t.alloc->slot[s].off = t.slots[s].off;
			}
		}
	return true;
}

/* Writes alloc as DIR/<file>.<fn>.gcc.ir. */
static void dump_alloc(const Fn *alloc)
{
	const char *base = strrchr(main_input_filename, '/');
	base = base ? base + 1 : main_input_filename;
	std::string path = std::string(opts.dump_dir) + "/" + base + "." +
			   alloc->name + ".gcc.ir";
	FILE *f = fopen(path.c_str(), "w");
	if (!f)
		return;
	ir_print(f, alloc);
	fclose(f);
}

/* Adds to t.alloc (the capture's blocks and edges) a block for each
 * post-RA block the allocator added on an edge (same_cfg: t.edge_from,
 * t.edge_k), between the capture block the edge leaves and that edge's
 * target, with an id above the capture's; returns, per post-RA block
 * index, its block index in t.alloc. */
static std::vector<int> add_edge_blocks(Tr &t)
{
	Fn *a = t.alloc;
	int next_id = 0;
	for (int i = 0; i < a->nblk; i++)
		next_id = std::max(next_id, a->blk[i]->id + 1);
	std::vector<int> blk_of(t.old_of.size(), -1);
	basic_block bb;
	FOR_EACH_BB_FN(bb, t.fun) {
		int i = bb->index;
		if (t.old_of[i] >= 0) {
			blk_of[i] = fn_block_by_id(a, t.old_of[i]);
			continue;
		}
		Blk *from = a->blk[t.edge_from[i]];
		Edge e = from->succ[t.edge_k[i]];
		Blk *nb = fn_add_block(a, next_id++);
		nb->freq = from->freq;
		nb->depth = from->depth;
		blk_add_succ(a, nb, e.blk, e.flags);
		from->succ[t.edge_k[i]].blk = nb->idx;
		blk_of[i] = nb->idx;
	}
	return blk_of;
}

/* The allocated function; NULL with t.why when it cannot be built. */
static Fn *translate(Tr &t, std::vector<unsigned> &locs,
		     std::vector<int> &bad_uids)
{
	const Fn *o = t.cap->fn;
	Fn *a = fn_new(o->name, o->target);
	t.alloc = a;
	a->by_gcc = true;
	a->allocated = true;
	a->frame_pointer = frame_pointer_needed;
	for (int p = 0; p < o->npseudo; p++)
		if (o->pseudo[p].cls >= 0)
			fn_declare_pseudo(a, p, o->pseudo[p].cls,
					  o->pseudo[p].size);
	t.present.assign(t.s->by_uid.size(), false);
	{
		basic_block b;
		rtx_insn *insn;
		FOR_EACH_BB_FN(b, t.fun)
			FOR_BB_INSNS(b, insn)
				if (NONDEBUG_INSN_P(insn) &&
				    INSN_UID(insn) < (int)t.present.size())
					t.present[INSN_UID(insn)] = true;
	}
	if (!same_cfg(t))
		return a;
	t.e_sp = ix86_initial_elimination_offset(ARG_POINTER_REGNUM,
						 STACK_POINTER_REGNUM);
	t.e_fp = frame_pointer_needed
			 ? ix86_initial_elimination_offset(
				   ARG_POINTER_REGNUM, HARD_FRAME_POINTER_REGNUM)
			 : 0;
	t.frame_argp = ix86_initial_elimination_offset(FRAME_POINTER_REGNUM,
						       STACK_POINTER_REGNUM) -
		       t.e_sp;
	find_program_mem(t);
	if (o->memfx) { /* the capture's frame accesses on argp offsets */
		a->has_frame_off = true;
		a->frame_off = t.frame_argp;
	}
	for (int i = 0; i < o->nblk; i++) {
		Blk *b = fn_add_block(a, o->blk[i]->id);
		b->freq = o->blk[i]->freq;
		b->depth = o->blk[i]->depth;
	}
	for (int i = 0; i < o->nblk; i++)
		for (int k = 0; k < o->blk[i]->nsucc; k++)
			blk_add_succ(a, a->blk[i], o->blk[i]->succ[k].blk,
				     o->blk[i]->succ[k].flags);
	a->entry = o->entry;
	std::vector<int64_t> sp_in = sp_at_entry(t.fun);
	std::vector<int> blk_of = add_edge_blocks(t);
	t.adopted.assign(t.s->insns.size(), false);
	t.moved.assign(t.s->insns.size(), false);
	init_remat_const(t);
	for (size_t k = 0; k < t.s->insns.size(); k++) {
		int b = t.s->insns[k].bb;
		if (b >= (int)t.by_block.size())
			t.by_block.resize(b + 1);
		t.by_block[b].push_back((int)k);
	}
	std::vector<Ins *> survivor(t.s->insns.size(), nullptr);
	basic_block bb;
	FOR_EACH_BB_FN(bb, t.fun) {
		t.sp_delta = sp_in[bb->index];
		translate_block(t, bb, a->blk[blk_of[bb->index]], survivor,
				locs, bad_uids);
	}
	if (!t.why.empty())
		return a;
	place_deleted(t, survivor);
	if (!place_class_copies(t))
		return a;
	declare_slots(t);
	fn_preds(a);
	return a;
}

/* Whether pseudo p of the capture fn is, at each of its definitions,
 * the low bytes of one other pseudo: every instruction defining p is an
 * ord whose only pseudo operands are p (its only definition, whole) and
 * a use q[0, size(p)] (a narrowing move, `*movqi_internal =p453,
 * p131[0,1]`); *q gets that pseudo (the same at every definition). */
static bool low_part_of(const Fn *fn, int p, int *q)
{
	int found = -1, defs = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			bool defines = false;
			int use = -1, other = 0;
			for (int k = 0; k < i->nops; k++) {
				const Op &o = i->ops[k];
				if (o.kind != OK_PSEUDO)
					continue;
				if (o.reg == p && (o.flags & OF_DEF))
					defines = true;
				else if (o.reg != p && (o.flags & OF_USE) &&
					 !(o.flags & OF_DEF) && o.sub_off == 0 &&
					 p < fn->npseudo &&
					 o.sub_size == fn->pseudo[p].size)
					use = use < 0 ? o.reg : -2;
				else
					other++;
			}
			if (!defines)
				continue;
			defs++;
			if (i->kind != IK_ORD || other || use < 0 ||
			    (found >= 0 && use != found))
				return false;
			found = use;
		}
	*q = found;
	return defs > 0;
}

/* Whether violation v is a wrong value the checker does not decide:
 * the wanted pseudo p is the low part of another, q (low_part_of), and
 * the location holds q, or at least p's size of q's low bytes
 * (Violation.held).  The checker does not model that a location holding
 * q holds p's bytes as long as q is unchanged, which LRA's inheritance
 * uses (a byte of p131 moved from r14 for p453, 920625-1.c synth at
 * -O2): not provably wrong. */
static bool low_part_value(const Fn *fn, const Violation &v)
{
	int q;
	if (v.kind != VK_WRONG_VALUE || v.exp_pseudo < 0 ||
	    v.exp_pseudo >= fn->npseudo || !low_part_of(fn, v.exp_pseudo, &q))
		return false;
	for (int k = 0; k < v.nheld; k++)
		if (v.held[k].pseudo == q &&
		    (v.held[k].low == 0 ||
		     v.held[k].low >= fn->pseudo[v.exp_pseudo].size))
			return true;
	return false;
}

/* Whether every violation of res is a wrong value that is not provably
 * wrong: last written by an unmodelled inserted insn (by_opaque), or the
 * low part of a pseudo the location holds (low_part_value); *lowpart
 * tells whether one was the latter. */
static bool all_unprovable(const VerifyResult *res, const Fn *fn,
			   bool *lowpart)
{
	*lowpart = false;
	for (int k = 0; k < res->nviol; k++) {
		const Violation &v = res->viol[k];
		if (v.kind == VK_WRONG_VALUE && v.by_opaque)
			continue;
		if (!low_part_value(fn, v))
			return false;
		*lowpart = true;
	}
	return res->nviol > 0;
}

void postra_verify(function *fun, Capture *cap)
{
	double t0 = seconds_now();
	Check &c = cap->check_gcc;
	if (!cap->saved) {
		c.verdict = "unverified";
		c.reason = "internal error: nothing saved before IRA";
		return;
	}
	Tr t;
	t.fun = fun;
	t.cap = cap;
	t.s = cap->saved;
	std::vector<unsigned> locs(get_max_uid() + 1, 0);
	std::vector<int> bad_uids;
	Fn *alloc = translate(t, locs, bad_uids);
	if (opts.dump_dir && t.why.empty())
		dump_alloc(alloc);
	if (!t.why.empty()) {
		c.verdict = "unverified";
		c.reason = t.why;
	} else {
		VerifyResult res;
		verify_fn(cap->fn, alloc, &res);
		check_fill(&res, &c);
		bool lowpart = false;
		if (res.verdict == VERDICT_VIOLATION &&
		    all_unprovable(&res, cap->fn, &lowpart)) {
			/* Every wrong value was last written by an insn GCC
			 * inserted whose effect the translation does not model
			 * (LRA recomputing a value in another block), or is
			 * the low part of a value the location holds: not
			 * provably wrong. */
			c.verdict = "unverified";
			c.reason = lowpart ? "value is the low part of another "
					     "pseudo held there"
					   : "value last written by an "
					     "unmodelled inserted insn";
			c.texts.clear();
			c.locs.clear();
			c.violations = 0;
		}
		for (int i = 0; i < res.nviol && i < (int)c.locs.size(); i++) {
			int uid = res.viol[i].uid;
			if (uid > 0 && uid < (int)locs.size())
				c.locs[i] = locs[uid];
		}
		verify_result_free(&res);
	}
	for (auto &w : t.wrong_addr) {
		c.texts.push_back(cap->name + ": uid " + std::to_string(w.first) +
				  ": " + w.second);
		c.locs.push_back(locs[w.first]);
		c.violations++;
		c.verdict = "violation";
		c.reason.clear();
	}
	for (int uid : bad_uids) {
		c.texts.push_back(cap->name + ": uid " + std::to_string(uid) +
				  ": does not satisfy its constraints");
		c.locs.push_back(locs[uid]);
		c.violations++;
		c.verdict = "violation";
		c.reason.clear();
	}
	fn_free(alloc);
	c.seconds = seconds_now() - t0;
}
