/* capture.h - what the parts of the capture share (internal to
 * names.cc, operands.cc and capture.cc; plugin.h declares the entry
 * points and what other parts use).
 *
 * GCC's pre-RA RTL of one function into the core IR.  Every rule is
 * written down in docs/CAPTURE.md; the comments say which rule a
 * function implements.  Everything is copied into the Fn's arena: no
 * pointer into RTL survives (GCC's GC runs between passes and LRA
 * rewrites REG rtx in place).  The parts, each calling only the ones
 * before it:
 *
 *   names.cc     how the IR names what the RTL holds: hard registers
 *                (core numbers, the sets of a class and mode), symbols,
 *                constants, read-only memory (also used by memfx.cc and
 *                postra/)
 *   operands.cc  the builder's operands: the class of each pseudo, the
 *                IR operands of registers, constants and addresses, the
 *                alternative of each insn (constraints) and the walk of
 *                its pattern that gives each operand its role
 *   capture.cc   instructions and functions: each insn's instruction,
 *                its kind and copies, then the whole function
 *                (capture_function)
 */
#ifndef SSARA_CAPTURE_H
#define SSARA_CAPTURE_H

#define INCLUDE_STRING
#define INCLUDE_VECTOR
#include "gcc-plugin.h"
#include "tree.h"
#include "tree-pass.h"
#include "rtl.h"
#include "memmodel.h"
#include "tm_p.h"
#include "sreal.h"
#include "function.h"
#include "basic-block.h"
#include "cfgloop.h"
#include "emit-rtl.h"
#include "insn-config.h"
#include "recog.h"
#include "regs.h"
#include "hard-reg-set.h"
#include "addresses.h"
#include "function-abi.h"
#include "target.h"
#include "real.h"
#include "rtl-iter.h"
#include "print-rtl.h"
#include "diagnostic-core.h"

#include "plugin.h"
#include "subst.h"

extern "C" {
#include "core/cfg.h"
#include "core/liveness.h"
#include "core/pressure.h"
}

/* Whether the capture models the x87 registers (class x87) yet; while
 * false, st0..st7 stay unmodelled and a function using them is refused
 * ("x87 register"), as before the core had the class. */
static const bool capture_x87 = true;

/* ---------------------------------------------------------------- */
/* The builder: one function's translation in progress.             */

struct Builder {
	function *fun;
	Fn *fn;
	const char *why = nullptr;  /* first reason to give up, static text
				       or in fn's arena */
	int next_scratch;           /* next pseudo number for a SCRATCH */
	bool frame_pointer;
	/* The instruction being translated. */
	std::vector<Op> ops;
	std::vector<int> op_src;    /* per op: recog operand, or -1 */
	RegSet clobbers = 0;
	basic_block bb;
	rtx_insn *insn;
	/* Per pseudo: the class forced by an earlier attempt, or -1.  Kept
	 * across attempts (owned by capture_function). */
	std::vector<signed char> *cls_override;
	/* Pseudos the first alternative that failed only on register
	 * classes wants in the other class: (pseudo, class). */
	std::vector<std::pair<int, int>> wants;
	bool restart = false;       /* retry the function with new classes */
	std::vector<std::pair<int, int>> staged; /* the wants to apply then */
	/* Per pseudo: whether a read that needs the other class gets a
	 * cross-class copy (CAPTURE.md "Pseudos in both classes").  Kept
	 * across attempts (owned by capture_function). */
	std::vector<bool> *split;
	std::vector<int> staged_split; /* pseudos to split at the retry */
	/* The insn being translated: per recog operand, the pseudo of the
	 * other class that reads it through a copy, or -1. */
	int copy_to[MAX_RECOG_OPERANDS];
	int next_copy_uid;          /* UIDs of the copies: above GCC's */
	std::vector<Ins *> copies_after; /* of the insn's definitions */
	/* Whether operand_fits accepts a pseudo operand as memory only
	 * (memonly_fits); set by choose_alternative for its last tries. */
	bool memonly = false;
	/* The commutative pair choose_alternative swapped for the insn
	 * being translated (its first operand), or -1. */
	int swapped = -1;
	/* With substitution: where each operand sits in the RTL (subst.h);
	 * nullptr otherwise. */
	SubstSites *sites = nullptr;
	/* Scratch of capture_insn and finish_ins, reused insn after insn:
	 * the walk's extra operands, the operand order, positions and the
	 * operands kept. */
	std::vector<Op> walk_ops;
	std::vector<int> walk_src, fin_order, fin_pos, fin_keep;
};

/* The kind of a recog operand for the alternative choice. */
enum OperandShape { SH_REG, SH_MEM, SH_CONST, SH_SCRATCH, SH_OTHER };

/* The roles of a pattern walk (the IR flags, and a clobber). */
enum Role { R_NONE = 0, R_USE = OF_USE, R_DEF = OF_DEF,
	    R_CLOBBER = 16 };

struct Walk {
	Builder *b;
	int role[MAX_RECOG_OPERANDS];
	bool have_recog;
};

/* ---------------------------------------------------------------- */
/* names.cc: hard registers (capture-only parts).                   */

/* Fills the map of GCC hard registers to core registers (once). */
void regmap_init(void);

/* Whether core register c is one the capture models (maps back to c). */
bool core_modelled(int c);

/* The reason a hard register the core does not model makes a function
 * unsupported. */
const char *unmodelled_reason(int regno);

/* The class other than cls that a pseudo of class cls is wanted in when
 * an operand admits only the registers regs: mask for a gpr pseudo that
 * only mask registers fit, else sse for gpr and gpr for the others
 * (CAPTURE.md "Pseudos"). */
int other_class(int cls, RegSet regs);

/* Makes class_set's register sets those of fndecl's target options:
 * forgets them when the options differ from the last function's. */
void set_cache_for(tree fndecl);

/* Allocatable core registers of GCC class cl that hold mode m (sp, flags
 * and the soft pointers excluded; bp included). */
RegSet class_set(reg_class_t cl, machine_mode m);

/* ---------------------------------------------------------------- */
/* operands.cc: operands, constraints, the pattern walk.            */

/* Gives up the function with reason why (the first reason stays). */
void give_up(Builder &b, const char *why);

/* give_up with a reason that names an insn pattern. */
void give_up_insn(Builder &b, const char *what, rtx_insn *insn);

/* The class of pseudo regno: the one its mode gives, unless an earlier
 * attempt found that an instruction needs it in the other class
 * (CAPTURE.md "Pseudos"). */
int pseudo_class(Builder &b, int regno, const char **why);

/* An operand of kind and flags, nothing else set (tie and from -1). */
Op new_op(int kind, int flags);

/* Appends operand o, from recog operand src (-1: none). */
void push_op(Builder &b, const Op &o, int src);

/* A symbol name as the IR spells it ([A-Za-z_.][A-Za-z0-9_.$]*), copied
 * into the function, or NULL when it cannot be spelled. */
const char *ir_symbol(Builder &b, const char *s);

/* Appends the operand of constant x (imm or sym). */
void add_const(Builder &b, rtx x, int src);

/* Appends the operand of register x (REG or SUBREG of REG) with flags.
 * A def of a subreg that GCC's dataflow treats as read-modify-write
 * (read_modify_subreg_p) becomes USE|DEF. */
void add_reg(Builder &b, rtx x, int flags, int src);

/* The registers of address x: uses (autoincrement: read and written).
 * Registers in the index position (under MULT or ASHIFT) get the index
 * class, others the base class, as allowed set. */
void add_address(Builder &b, rtx x, reg_class_t cl, int src);

/* The base register class of addresses of mode m. */
reg_class_t base_class(machine_mode m);

/* Whether a pseudo in operand i of alternative row oa could be in memory
 * instead of a register: a memory constraint, 'g', or a target
 * constraint that allows memory. */
bool alt_memory_ok(const operand_alternative *oa, int i);

/* The shape of recog operand x. */
OperandShape shape_of(rtx x);

/* The register of x, a REG or a SUBREG of one. */
rtx reg_of(rtx x);

/* The mode whose registers a register operand needs: a pseudo's own mode
 * (it lives whole in its register), a scratch's or hard register's mode. */
machine_mode reg_mode(rtx x);

/* The registers operand i may be in under alternative alt (alt row oa),
 * within its value's class; 0 when none.  A paradoxical subreg of a
 * pseudo whose own mode no register of the class holds takes the
 * subreg's mode ((subreg:SI (reg:HI p) 0) read by an SSE insn: LRA
 * loads the pseudo's register into an SSE register in SImode). */
RegSet operand_regs(const operand_alternative *oa, int i);

/* The core class operand i's value has, or -1. */
int operand_value_class(Builder &b, int i);

/* Whether a pseudo in recog operand i is split (its reads and single
 * definitions of the other class go through a copy) and operand i only
 * reads it (OP_IN) or is such a definition (copied_def): such an
 * operand may be in a register of the other class, read from a copy
 * that capture_operands inserts before the insn, or written to one
 * copied after it (CAPTURE.md "Pseudos in both classes"). */
bool copied_read(Builder &b, int i);

/* Whether recog operand i of an asm (b.insn) is a pseudo that
 * alternative row oa lets be memory only: no register class (an asm "m"
 * or "o"), memory allowed, no matching constraint.  Such an operand is
 * captured as `{} mem` (OF_MEMONLY, CAPTURE.md "Constraints"). */
bool asm_memonly(Builder &b, const operand_alternative *oa, int i);

/* Whether register operand x is a part of a pseudo, p[OFF,SIZE] (a
 * subreg narrower than the pseudo), that no hard register of core class
 * cls holding the pseudo names as a register (CAPTURE.md "Parts no
 * register names"): GCC's simplify_subreg_regno fails for each of them
 * (ix86_can_change_mode_class: an x87 register changes no mode;
 * subreg_get_info: of a value in one register only the lowpart is
 * representable, so not bytes 8..15 of an xmm register; and the part's
 * mode must be valid in the register).  LRA then reloads the pseudo
 * through a spilled pseudo (lra-constraints.cc simplify_operand_subreg,
 * rclass NO_REGS): the part is in memory. */
bool part_in_no_reg(rtx x, int cls);

/* Exchanges recog operands c and c+1 (value and location), as LRA does
 * for a commutative pair. */
void swap_operands(int c);

/* The alternative a register allocator would pick with every pseudo in a
 * register (CAPTURE.md "Constraints"): the first alternative that fits
 * strictly; else the same with a commutative pair swapped (then *swapped
 * is the pair's first operand, to be swapped back by the caller); else
 * the first alternative in which the register operands fit (memory and
 * constant operands left for the allocator to load).  -1 when none fits;
 * 0 when the insn has no constraints. */
int choose_alternative(Builder &b, rtx_insn *insn, int *swapped);

/* Walks a whole pattern (or a CALL_INSN_FUNCTION_USAGE entry). */
void walk_pattern(Walk &w, rtx *loc);

#endif
