/* postra.h - what the parts of the post-RA translation share (internal
 * to plugin/postra/; plugin/plugin.h declares the entry points).
 *
 * GCC's allocation after reload, as an allocated function of the core
 * IR, checked against the capture (docs/POSTRA.md).  postra_save
 * (capture pass, before IRA) copies each captured insn's pattern into a
 * compact pre-order tree (codes, modes, register numbers, constants,
 * symbol names: no rtx pointer survives).  postra_verify (audit pass,
 * right after reload) walks the post-RA insns: an insn whose UID was
 * captured is the capture's instruction with a location on every pseudo
 * operand, found by matching its saved pattern against the post-RA
 * pattern; an insn with a new UID is an inserted instruction (move,
 * spill, reload, remat, or opaque); a captured UID that is gone is a
 * deleted instruction kept at its original position.  Then the checker
 * (verify/) decides.  Whatever cannot be translated makes the function
 * unverified with a short, stable reason; nothing here changes the RTL.
 *
 * The files, each calling only files listed before it (the matcher's
 * recursion stays inside match.cc):
 *
 *   save.cc       the saved patterns (postra_save, postra_free)
 *   frame.cc      soft pointers, elimination, sp, stack slots
 *   cfg.cc        the blocks: the post-RA CFG against the capture's
 *   constants.cc  constants and memory equivalences
 *   sums.cc       sums with a frame address
 *   bind.cc       where a pseudo is (bind)
 *   order.cc      choosing between two orders of commutative operands
 *   match.cc      matching a saved pattern against the post-RA one
 *   newinsn.cc    new insns; what the block's registers hold
 *   located.cc    surviving captured insns and their located copies
 *   deleted.cc    deleted captured insns put back
 *   remat.cc      recomputed values
 *   reemit.cc     captured insns LRA rewrote or emitted again
 *   jumps.cc      jumps whose label changed
 *   translate.cc  translate_block, translate
 *   postra.cc     postra_verify: translate, check, report
 *
 * The state of one function's translation is a Tr, passed to every
 * step; nothing here is global.
 */
#ifndef SSARA_POSTRA_H
#define SSARA_POSTRA_H

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

#include "plugin/plugin.h"

extern "C" {
#include "core/irtext.h"
#include "verify/verify.h"
}

/* ---------------------------------------------------------------- */
/* The saved patterns (save.cc).                                     */

enum { VEC_CODE = -1 }; /* a node standing for an rtvec ('E' field) */
enum { JT_UNKNOWN = -3 }; /* SavedInsn.jlabel, jfall: no target known */

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


/* ---------------------------------------------------------------- */
/* The translation state of one function.                            */

/* sp's offset from its value at the body's entry when not known. */
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
	/* Per post-RA block added after another added block on one edge
	 * (a chain): that block's index, else -1 (same_cfg). */
	std::vector<int> edge_prev;
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
	RegSet mem_any = 0; /* holds every register whose mem_src is set */
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
	RegSet const_any = 0; /* holds every register whose const_src is set */
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
	/* A new insn folded into the captured insn after it (fold_sum):
	 * the core register it wrote, whose sum t.sum holds in terms of its
	 * content before the new insn (-1: none), and that captured insn;
	 * in_tracked while match_tracked binds a sum's raw terms, fold_used
	 * once it bound one at fold_reg. */
	int fold_reg = -1;
	rtx_insn *fold_y = nullptr;
	std::vector<rtx_insn *> fold_chain; /* further new insns folded */
	bool in_tracked = false;
	bool fold_used = false;
	/* located_copy's per-operand use locations (reused, not state) */
	std::vector<Loc> at_buf;
};

typedef Tr::RegSum RegSum;

/* Makes the function unverified with reason why, unless it already is
 * (the first reason stays). */
/* ---------------------------------------------------------------- */
/* Helpers every part uses.                                          */

inline void unverified(Tr &t, const std::string &why)
{
	if (t.why.empty())
		t.why = why;
}

/* " (uid N)", appended to reasons. */
inline std::string uid_str(int uid)
{
	return " (uid " + std::to_string(uid) + ")";
}

/* Bytes of x's mode. */
inline int mode_bytes(const_rtx x)
{
	return (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
}

/* Calls visit(i) for each operand of the captured function f that
 * defines pseudo p (OF_DEF), with the instruction i holding it, in block
 * and insn order; stops at the first visit returning false and returns
 * false then, true when every visit returned true (or none was made). */
template <typename Visit>
bool each_def(const Fn *f, int p, Visit visit)
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

/* The terms of a saved sum and of a post-RA sum (saved_terms,
 * post_terms). */
struct ElimSum {
	int64_t sc = 0, pc = 0;
	std::vector<int> soft, srest;
	std::vector<const_rtx> elim, prest;
};

/* ---------------------------------------------------------------- */
/* save.cc: the saved patterns.                                     */

/* A hash of the integer fields of x that are not operands. */
int64_t int_fields(const_rtx x);

/* Whether x is a constant without operands: an integer, float, vector,
 * fixed-point or polynomial constant, a label or a symbol reference. */
bool leaf_constant_p(const_rtx x);

/* Whether saved leaf constant node n has exactly the value of x (same
 * code and mode, compared by the caller). */
bool same_const_words(const SavedInsns *s, const PNode &n,
		      const_rtx x);

/* ---------------------------------------------------------------- */
/* frame.cc: the frame and the stack slots.                         */

/* Whether GCC register regno is the soft frame or argument pointer. */
bool soft_pointer(int regno);

/* Whether x is a MEM at sp or (with a frame pointer) the hard frame
 * pointer plus a constant; then *off is its address relative to the
 * argument pointer, or SP_UNKNOWN when sp's offset is not known here. */
bool stack_mem(Tr &t, const_rtx x, int64_t *off);

/* Whether address a is sp or (with a frame pointer) the hard frame
 * pointer, maybe plus a constant; then *off is where it points relative
 * to the argument pointer here (sp = argp + sp_delta - e_sp, hard frame
 * pointer = argp - e_fp), or SP_UNKNOWN when sp's offset is not known
 * here. */
bool argp_offset(const Tr &t, const_rtx a, int64_t *off);

/* Fills t.program_mem from the saved patterns. */
void find_program_mem(Tr &t);

/* Whether [off, off+size) overlaps the program's own frame memory. */
bool in_program_mem(const Tr &t, int64_t off, int size);

/* "[argp+16]" */
std::string argp_str(int64_t off);

/* The location of stack MEM x (a value starting sub bytes before it, of
 * size bytes), or LOC_NONE with a reason in t.fail. */
Loc slot_loc(Tr &t, const_rtx x, int sub, int size);

/* Whether x is what elimination makes of a soft pointer: sp or (in a
 * function with a frame pointer) the hard frame pointer, maybe plus a
 * constant.  Without a frame pointer bp is an ordinary register. */
bool eliminated_p(const_rtx x);

/* The core register of the soft pointer (frame or argument pointer)
 * whose value x (sp or the frame pointer plus a constant) is at this
 * point, or -1. */
int soft_pointer_value(Tr &t, const_rtx x);

/* Adds insn's change of sp to *delta (SP_UNKNOWN when not a constant). */
void sp_step(rtx_insn *insn, int64_t *delta);

/* sp's offset at each block's entry (by GCC index), propagated from the
 * entry block: SP_UNKNOWN where paths disagree or a change is not a
 * constant. */
std::vector<int64_t> sp_at_entry(function *fun);

/* Declares the slots; false (unverified) when two that the allocation
 * uses overlap and overlap_ok refuses them (a slot met only while trying
 * a match that failed is declared but unused).  Overlapping slots are
 * declared with their offsets: a write to one kills the others. */
bool declare_slots(Tr &t);

/* ---------------------------------------------------------------- */
/* cfg.cc: the blocks.                                              */

/* Capture block index b, or where control goes from it through blocks
 * that are edges after reload (skip[i]: at most one successor, and no
 * instructions, or removed with every captured insn deleted): a capture
 * block index, -1 for the exit, -2 for a cycle of such blocks. */
int through_edges(const Fn *o, const std::vector<bool> &skip, int b);

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
bool same_cfg(Tr &t);

/* Adds to t.alloc (the capture's blocks and edges) a block for each
 * post-RA block the allocator added on an edge (same_cfg: t.edge_from,
 * t.edge_k), between the capture block the edge leaves and that edge's
 * target, with an id above the capture's; returns, per post-RA block
 * index, its block index in t.alloc. */
std::vector<int> add_edge_blocks(Tr &t);

/* ---------------------------------------------------------------- */
/* constants.cc: constants and memory equivalences.                 */

/* The interned constant location of constant x (an immediate or an
 * address constant), or -1. */
int const_of(Tr &t, const_rtx x, int kind_for_sym);

/* Whether x is read-only memory at an address constant (the constant
 * pool, a MEM_READONLY_P symbol): capture_readonly_mem, the capture's
 * own test. */
bool readonly_mem_p(const_rtx x);

/* The constant location of read-only memory x (readonly_mem_p): the
 * immediate a constant-pool entry holds when the IR writes it as one
 * (capture_pool_value: the capture names such a load the same way),
 * else [$sym+off]; -1 when the IR cannot name it. */
int mem_const(Tr &t, const_rtx x);

/* The constant location of the read-only entry whose bytes from sub on
 * read-only memory x reads (x a part of a pseudo over 8 bytes, which
 * the IR names by address, [$sym+off], never by an immediate): [$sym +
 * off - sub]; -1 when x's address is no symbol plus a constant.  The
 * checker proves the pseudo is that entry (a deleted load of it) and
 * reads the operand's bytes [sub, sub+size) there. */
int part_mem_const(Tr &t, const_rtx x, int sub);

/* The constant location naming memory MEM x when the capture lists its
 * memory effects (memfx, docs/VERIFY.md "Memory"): a non-volatile access
 * at SYMBOL + C (not thread-local, not read-only: those are constants)
 * or at a canonical argp offset that the program itself accesses (or an
 * incoming argument, at or above argp); -1 otherwise. */
int mem_equiv_const(Tr &t, const_rtx x);

/* Fills t.remat_const from the capture's [remat] definitions. */
void init_remat_const(Tr &t);

/* ---------------------------------------------------------------- */
/* sums.cc: sums with a frame address.                              */

/* The terms of a sum of saved nodes from node i (PLUS nodes of mode
 * `mode` flattened): constants added into *c, soft pointers into *soft
 * (their node indices), the rest into *rest. */
void saved_terms(const Tr &t, int i, int mode, int64_t *c,
		 std::vector<int> *soft, std::vector<int> *rest);

/* Whether a soft pointer address (pre) and its eliminated form (post),
 * both relative to the argument pointer, are the same address; in loose
 * mode a different one is taken too and noted. */
bool same_offset(Tr &t, int64_t pre, int64_t post);

/* Whether soft pointer `soft` (FRAME_POINTER_REGNUM or
 * ARG_POINTER_REGNUM) plus c equals post-RA x, sp or the hard frame
 * pointer maybe plus a constant (eliminated_p), at this point: both
 * relative to the argument pointer (frame = argp + frame_argp, sp = argp
 * + sp_delta - e_sp, hard frame pointer = argp - e_fp).  Elimination
 * only renames the pointer and folds the constants: any other offset is
 * a different address.  False with t.fail set when sp's offset is not
 * known here. */
bool elim_equal(Tr &t, int soft, int64_t c, const_rtx x);

/* Whether saved node i is a sum with one soft pointer term and post-RA
 * x a sum (of the same mode) with one eliminated pointer term; fills *e
 * with their terms. */
bool elim_terms(const Tr &t, int i, const_rtx x, ElimSum *e);

/* Whether elim_terms accepts saved node i and post-RA x. */
bool elim_sum(const Tr &t, int i, const_rtx x);

/* Adds x, a term of a Pmode sum, to *v: a constant; sp or (with a frame
 * pointer) the hard frame pointer, as the argument pointer plus its
 * offset here; a register with a tracked sum (t.sum), as its terms
 * (*expanded set); another general register in Pmode as a raw term;
 * with other_ok, any other rtx as a raw term.  Arithmetic modulo 2^64,
 * as the machine's.  False when a term is not allowed or sp's offset is
 * not known here. */
bool add_terms(const Tr &t, const_rtx x, bool other_ok, RegSum *v,
	       bool *expanded);

/* Whether post-RA x (a register or a Pmode sum) reads a register with a
 * tracked sum. */
bool has_tracked(const Tr &t, const_rtx x);

/* Updates t.sum after insn (is_new: its UID was not captured): every
 * sum whose register or one of whose raw registers insn writes (its
 * sets and clobbers, a call's ABI clobbers, autoincrements) is
 * forgotten; then a new insn `(set (reg:DI R) S)`, S a sum of
 * constants, sp/fp and general registers (add_terms), leaves its sum in
 * R, unless insn also writes one of S's registers.  Contract: t.sum[c],
 * while ok, is exactly what register c holds (modulo 2^64, the argument
 * pointer counted nptr times, each raw register's current content). */
void track_sums(Tr &t, rtx_insn *insn, bool is_new);

/* Whether new insn x, `(set (reg:DI R) S)` with S a sum of R itself
 * and constants or sp/fp (add_terms, nothing else), folds into y, the
 * next insn of the block but new insns `(set R (plus R C))`, which join
 * the sum and fold too (t.fold_chain): y is captured insn sv (capture block cur, not
 * before last_pos), sets R (DImode) and reads R once, outside any
 * clobber, and sv's pattern matches y with R replaced by x's sum
 * (match_tracked), binding a pseudo at R through it.  Then x is left
 * out of the translation, t.sum[R] is that sum in terms of R's content
 * before x, and t.fold_reg / t.fold_y are set until y is done; a
 * pseudo read from R other than through the sum fails (bind).  Proof:
 * nothing runs between x and y, y overwrites R, so x's value is seen by
 * y's sum alone, whose arithmetic is exact: the pair computes y's
 * pattern with R's content before x, where the checker proves the
 * pseudo (docs/POSTRA.md "Sums computed step by step"). */
bool fold_sum(Tr &t, rtx_insn *x, int cur, int last_pos);

/* ---------------------------------------------------------------- */
/* bind.cc: where a pseudo is.                                      */

/* The location of pseudo p (sub bytes into it, size bytes when a
 * subreg, else 0) given post-RA rtx x; binds it with role. */
bool bind(Tr &t, int p, int sub, int size, const_rtx x, int role);

/* ---------------------------------------------------------------- */
/* order.cc: choosing an operand order.                             */

/* Number of bindings of b from index from on that locate a word alone
 * (Binding.word). */
int alone_binds(const std::vector<Binding> &b, size_t from);

/* What t believes location l holds (Tr.known_reg), or -1. */
int known_at(const Tr &t, Loc l);

/* How many of the bindings from mark on agree with the hint GCC leaves
 * on a register that was a pseudo (ORIGINAL_REGNO), plus how many uses
 * agree with what the block's earlier instructions put there
 * (known_agrees); used only to choose between two operand orders that
 * both match. */
int hint_score(const Tr &t, size_t mark,
	       const std::vector<const_rtx> &regs);

/* Whether a binding of bs from index from on puts a pseudo in writable
 * memory (a memory equivalence: [%argp+N], or [$sym+N] other than a
 * constant-pool entry .LC*). */
bool mem_bound(const Tr &t, const std::vector<Binding> &bs,
	       size_t from = 0);

/* How many bindings of bs from index from on put a pseudo p at memory
 * that a captured [ld] loads p from (its own memory equivalence). */
int own_equiv_score(const Tr &t, const std::vector<Binding> &bs,
		    size_t from);

/* The hard REGs in x. */
void regs_in(const_rtx x, std::vector<const_rtx> *out);

/* Whether rtx code is commutative (RTX_COMM_ARITH, RTX_COMM_COMPARE). */
bool commutative_code(int code);

/* The operand of captured instruction ci naming pseudo p when exactly
 * one does, outputs of the whole of p aside, and it is a whole use (no
 * def, no subreg), else -1. */
int sole_use_operand(const Ins *ci, int p);

/* Whether saved node i's two kids are (reg pair.first) and (reg
 * pair.second), in that order. */
bool same_kids(const Tr &t, int i, std::pair<int, int> pair);

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
bool comm_candidate(const Tr &t, int i, const_rtx x, int *pa,
		    int *pb);

/* ---------------------------------------------------------------- */
/* match.cc: matching a saved pattern.                              */

/* Whether saved node i is a PARALLEL of one SET first, then only
 * CLOBBERs of hard registers. */
bool parallel_set_clobbers(const Tr &t, int i);

/* Matches saved node i against post-RA x in role (OF_USE / OF_DEF),
 * binding pseudos; false with t.fail (maybe empty: a different shape). */
bool match(Tr &t, int i, const_rtx x, int role);

/* ---------------------------------------------------------------- */
/* newinsn.cc: new insns and what registers hold.                   */

/* The registers insn clobbers (CLOBBER of a hard register). */
RegSet clobbered_regs(rtx_insn *insn);

/* The inserted instruction for new insn (IR kinds move, spill, reload,
 * remat, opaque; docs/POSTRA.md), or NULL with t.why set.  With opaque,
 * always IK_OPAQUE. */
Ins *new_insn(Tr &t, rtx_insn *insn, bool opaque);

/* The next insn of insn's block that is not a debug insn, or NULL. */
rtx_insn *next_real(rtx_insn *insn);

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
rtx extended_const(const Tr &t, rtx_insn *i3);

/* Forgets each loaded memory operand (t.mem_src) whose address reads a
 * register insn sets or clobbers: the load read the memory at the
 * address the register held then, and match checks the address
 * register at the later insn that uses the loaded value, which is the
 * same address only while nothing writes the register in between
 * (the load writing its own address register is merged_load's case). */
void forget_moved_addresses(Tr &t, rtx_insn *insn);

/* Updates t.soft_val, t.mem_src, t.addr_val and t.calc_val for
 * instruction i appended to the allocation. */
void note_soft_values(Tr &t, const Ins *i);

/* The registers inserted instruction i writes (its located defs). */
RegSet writes_regs(const Ins *i);

/* ---------------------------------------------------------------- */
/* located.cc: captured insns that survive.                         */

/* Clears t's match state (bindings, swapped pairs, scratches, the
 * failure text) for matching captured insn si against insn. */
void begin_match(Tr &t, const SavedInsn &si, rtx_insn *insn);

/* Matches saved insn si against insn (match_insn_once); for an insn
 * with a '%' operand pair (commutative_operand) also with the pair
 * exchanged, keeping the exchanged match when only it matches or when
 * its hints (hint_score) agree more, unless the first match carries a
 * [comm] mark (t.comm): LRA may have exchanged them, and
 * by the machine description the insn computes the same either way.
 * The RTL is restored before returning. */
bool match_insn(Tr &t, const SavedInsn &si, rtx_insn *insn);

/* Whether insn is captured insn si but for the addresses of frame
 * memory: it matches when soft pointer addresses are compared loosely,
 * and one of them is at another offset after elimination.  Elimination
 * only renames the frame and argument pointers (ira.cc / lra's
 * elimination offsets, here t.e_sp, t.e_fp, t.frame_argp and the tracked
 * sp adjustments), so the program's own frame memory accessed by this
 * insn is another memory: a violation.  Then t.binds is that match and
 * t.wrong_addr has the diagnostic. */
bool wrong_frame_addr(Tr &t, const SavedInsn &si, rtx_insn *insn);

/* Whether instruction i has a pseudo operand. */
bool has_pseudo(const Ins *i);

/* Whether insn writes every hard register that captured instruction ci
 * defines. */
bool writes_hard_defs(rtx_insn *insn, const Ins *ci);

/* When ci is the clone of a captured instruction that reads cross-class
 * copies (save_class_copies), ins (built from ci) gets the capture's
 * pseudos back: the copy's destination, at the location found for its
 * source (the checker proves the location holds the destination). */
void resplit(const Tr &t, const Ins *ci, Ins *ins);

/* A copy of the capture's instruction with the locations of t.binds;
 * NULL with a reason when a pseudo operand has none, or a def two. */
Ins *located_copy(Tr &t, const Ins *ci);

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
void apply_memops(Tr &t, Ins *ins);

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
bool merged_load(Tr &t, Blk *blk, Ins *ins, rtx_insn *insn);

/* ---------------------------------------------------------------- */
/* deleted.cc: deleted captured insns.                              */

/* Whether a deleted insn moved a value within one register:
 * (set D S), each a register or a subreg of one at a whole number of
 * words, D and S
 * (pseudos after reload, or hard registers) the same register, captured
 * as an `ord` with only those registers as operands.  GCC deletes such
 * a no-op move; executing it would change nothing, so it stays in the
 * allocation as executed there, its pseudos in their registers (the
 * checker's rule for deleted instructions covers only copies). */
bool noop_move(const Tr &t, const SavedInsn &sv);

/* Puts each cross-class copy of the capture (s->class_copies) into the
 * allocation, deleted (it has no counterpart in GCC's code), right
 * before the instruction that reads it: the checker's rule for a deleted
 * copy gives its destination every location that holds its source there
 * (docs/VERIFY.md), GCC's reload register for the read included; false
 * (unverified) when that instruction is not in the allocation. */
bool place_class_copies(Tr &t);

/* Puts each captured insn that GCC deleted into its block, in capture
 * order, after the previous surviving captured insn of that block (its
 * original position).  When the deleted insns between two surviving ones
 * include a no-op move whose register an inserted instruction of that
 * gap writes, they all go after the last such instruction instead: LRA
 * deleted the move after emitting what brings its source into the
 * register. */
void place_deleted(Tr &t, const std::vector<Ins *> &survivor);

/* ---------------------------------------------------------------- */
/* remat.cc: recomputed values.                                     */

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
int recomputed(Tr &t, rtx_insn *insn, int cur);

/* The inserted remat for new insn, which recomputes saved insn k
 * (recomputed): the captured instruction's operands at the locations
 * found, `remat ... [of UID]`; NULL with t.why set if an operand has
 * none. */
Ins *remat_of(Tr &t, int k, rtx_insn *insn);

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
Ins *folded_def(Tr &t, const SavedInsn &sv, rtx_insn *insn,
		Blk *blk);

/* ---------------------------------------------------------------- */
/* reemit.cc: captured insns rewritten or emitted again.            */

/* For a captured store (set (mem A) S) (alone, or the first element of
 * a parallel: an asm's output) that LRA turned into (set (reg R) S')
 * (the same parallel's first element) followed by a new insn (set (mem
 * A') (reg R)), R of one mode in both: the new insn, with t.binds from matching A against A' and S
 * against S'; else NULL.  S' may be memory only with ro, and read-only
 * (readonly_mem_p) or memory the allocation models (mem_equiv_const: a
 * pseudo's memory equivalence, which the checker proves holds it). */
rtx_insn *split_store(Tr &t, const SavedInsn &sv, rtx_insn *insn,
		      bool ro);

/* For a new insn (set (reg R) S') right before captured insn I of
 * capture block cur (after last_pos) whose saved pattern is (set (reg p)
 * S), alone or with clobbers, S not a register (not a copy), and which
 * is now (set D (reg R)), D a register or memory: LRA computed p's
 * value into the reload register R and turned I into the store (or
 * move) of R, an output reload.  Returns I's saved index, with t.binds
 * from matching I's saved pattern against insn (p at R); else -1.
 * Nothing runs between the two, so the captured instruction executed at
 * insn, followed by I as a new move of R, is what runs. */
int computed_ahead(Tr &t, rtx_insn *insn, int cur, int last_pos);

/* The saved insn that new insn is a re-emission of (elimination makes
 * LRA delete an insn that mentions a soft pointer and emit it again; a
 * load of a pseudo with a memory equivalence is deleted and emitted
 * again before the use; a register move deleted by IRA is emitted
 * again as a reload): the first captured insn of (old) block bb
 * after position last_pos whose UID is gone, that mentions a soft
 * pointer or is such a load or move, and whose pattern
 * matches insn's, looking no further than the next captured insn still
 * present; -1 if none.  Leaves t.binds filled. */
int reemitted(Tr &t, rtx_insn *insn, int bb, int last_pos);

/* The deleted captured load L, `(set (reg:M p) (mem:M A))` (an `ord`,
 * M an integer mode), that new insn `(set (reg:N R) (mem:N A'))` runs
 * narrowed to its low bytes (N an integer mode narrower than M, R a
 * general register, the MEM neither volatile nor in another address
 * space, nor memory the allocation models: read-only, or a memory
 * equivalence mem_equiv_const locates, which "Memory equivalences"
 * leaves to the checker): U is the first captured insn of (old) block bb after
 * last_pos still present, and insn's next insn; L is the captured insn
 * right before U, after last_pos, its UID gone and not yet adopted (the
 * deleted ones between last_pos and L mention no memory); U is an `ord` that reads p only as its
 * low N bytes (`(subreg:N (reg p) 0)`) and whose first SET writes
 * another whole pseudo at R itself; no insn of insn's block since the
 * last captured one may write memory; neither insn nor U can throw; A'
 * matches A (same_load_address for a stack address, uses_where_known).
 * LRA deleted L (p has the memory equivalence A) and reloads U's
 * `(subreg:N p 0)` as the N-byte load from A; csmith -O1 seeds 174,
 * 232, 264, 288.  Then L is adopted and t.binds are its match (p's
 * definition at R): L runs at insn.  Proof argument (docs/POSTRA.md
 * "Narrowed re-emitted loads"): nothing between L's place and insn
 * writes memory or runs a captured insn, so A holds what L read; the low
 * N bytes of an M-byte little-endian load are the N-byte load at the
 * same address; the located L claims R holds all of p, which only U can
 * observe before U's definition at R replaces R's content, and U reads
 * only those N bytes.  -1 otherwise. */
int narrow_reemitted(Tr &t, rtx_insn *insn, int bb, int last_pos);

/* Whether insn may write memory: a call, or a store or clobber of a MEM
 * (an asm's memory clobber included). */
bool insn_writes_memory(rtx_insn *insn);

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
int reemitted_moved(Tr &t, const SavedInsn &st, rtx_insn *insn,
		    int bb, int last_pos);

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
int moved_split(Tr &t, const SavedInsn &sv, rtx_insn *insn, int bb,
		int last_pos, rtx_insn **nx);

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
int moved_load(Tr &t, rtx_insn *insn, int bb, int last_pos);

/* The deleted captured load L that new insn (set (reg R) (mem A')), A'
 * a hard register B plus a constant (not sp), runs at L's place: L the
 * nearest captured insn of (old) block bb at or before last_pos whose
 * UID is gone, a saved_load `ord` not yet placed, its pattern matching
 * insn's (uses_where_known); every real insn from S1, the first
 * captured insn after L, to insn a surviving captured insn of bb that
 * is no call, asm or volatile access, has no auto-increment, neither
 * reads nor writes R, does not write B, and writes memory only at B
 * plus a constant, of a known size, outside A''s bytes.  Returns L's
 * index, *at S1's located instruction (the load goes before it), and
 * leaves t.binds filled; -1 otherwise (docs/POSTRA.md "Loads run at
 * their place").  The proof is the translation's: B holds one value
 * from S1 to insn, so nothing between writes A''s bytes, and R is
 * neither read nor written there. */
int hoisted_load(Tr &t, rtx_insn *insn, int bb, int last_pos,
		 const std::vector<Ins *> &survivor, Ins **at);

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
Ins *hard_copy_via_mem(Tr &t, const SavedInsn &sv, rtx_insn *insn);

/* For a split store (split_store matched, t.binds set): appends the
 * captured instruction of sv, located, to blk (*survivor gets it) and
 * returns the instruction of insn, opaque (it writes the register the
 * new store reads). */
Ins *run_split(Tr &t, Blk *blk, const SavedInsn &sv, rtx_insn *insn,
	       Ins **survivor);

/* ---------------------------------------------------------------- */
/* jumps.cc: jumps whose label changed.                             */

/* Captured conditional jump si against post-RA jump insn whose label is
 * not the captured one (GCC inverted the jump and exchanged its
 * targets when it reordered the blocks, or redirected it to a block
 * the allocator added on the edge): 1 when both go to the same capture
 * blocks under the same condition (then t.binds has the comparison's
 * operands matched); -1 when the comparison's operands match, its code
 * is the captured one or its reversal, and control goes elsewhere for
 * some value of the condition (a violation, *why); 0 otherwise (the
 * shapes differ: unverified). */
int jump_semantics(Tr &t, const SavedInsn &si, rtx_insn *insn,
		   std::string *why);

/* Captured simple jump si, (set (pc) (label_ref L)), against post-RA
 * simple jump insn whose label is not L (GCC redirected it past a block
 * that reload emptied, an edge after reload, or to a block the
 * allocator added on the edge): 1 when both go to the same capture
 * block (cap_dest of L's block, post_dest of the new label's block);
 * -1 when both are known and differ (a violation, *why: control goes
 * elsewhere); 0 otherwise (unverified).  An unconditional jump has no
 * operand: where it goes is all it does. */
int simple_jump_semantics(Tr &t, const SavedInsn &si,
			  rtx_insn *insn, std::string *why);

/* Whether insn is a jump GCC added (its UID was not captured) to the
 * only successor of its block: (set (pc) (label_ref L)).  Such a jump
 * is the block's one edge, which same_cfg compared with the capture's;
 * it moves nothing. */
bool new_simple_jump(const Tr &t, rtx_insn *insn);

/* Whether captured insn sv is a jump without operands (a simple jump),
 * the last insn of a capture block with one successor, not abnormal:
 * deleted after reload, it is kept as executed at the end of its block,
 * since the alloc has the capture's edge there (same_cfg proved that
 * control still goes that way); it reads and writes nothing. */
bool block_jump(const Tr &t, const SavedInsn &sv);

/* Whether insn, after reload the jump to the only successor of its
 * block, is such a captured jump (block_jump) of a capture block that
 * is an edge after reload (t.skip): GCC merged the block, emptied by
 * reload but for its jump, into a predecessor and sent the others past
 * it (pr58555.C addServer at -O2).  It is that post-RA block's one
 * edge, which same_cfg compared with the capture's through the edge
 * block; the translation keeps it in its own block as block_jump. */
bool edge_block_jump(const Tr &t, rtx_insn *insn);

/* ---------------------------------------------------------------- */
/* translate.cc: the translation.                                   */

/* The allocated function; NULL with t.why when it cannot be built. */
Fn *translate(Tr &t, std::vector<unsigned> &locs,
	      std::vector<int> &bad_uids);

#endif
