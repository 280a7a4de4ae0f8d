/* capture.cc - GCC's pre-RA RTL of one function into the core IR.
 *
 * Every rule is written down in docs/CAPTURE.md; the comments here say
 * which rule a function implements.  Everything is copied into the Fn's
 * arena: no pointer into RTL survives (GCC's GC runs between passes and
 * LRA rewrites REG rtx in place).
 */
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

extern "C" {
#include "core/cfg.h"
#include "core/liveness.h"
#include "core/pressure.h"
}

/* ---------------------------------------------------------------- */
/* The register file: GCC hard register numbers <-> core numbers.    */

static int core_of_gcc[FIRST_PSEUDO_REGISTER];
static bool regmap_ready;

/* Whether the capture models the x87 registers (class x87) yet; while
 * false, st0..st7 stay unmodelled and a function using them is refused
 * ("x87 register"), as before the core had the class. */
static const bool capture_x87 = true;

static void regmap_init(void)
{
	if (regmap_ready)
		return;
	const Target *t = target_x86_64();
	for (int r = 0; r < FIRST_PSEUDO_REGISTER; r++)
		core_of_gcc[r] = -1;
	for (int c = 0; c < TGT_NREGS; c++)
		if (t->regs[c].gccno < FIRST_PSEUDO_REGISTER &&
		    (capture_x87 || t->regs[c].cls != RC_X87))
			core_of_gcc[t->regs[c].gccno] = c;
	regmap_ready = true;
}

/* Whether core register c is one the capture models (maps back to c). */
static bool core_modelled(int c)
{
	return capture_core_reg(target_x86_64()->regs[c].gccno) == c;
}

int capture_core_reg(int regno)
{
	regmap_init();
	return regno >= 0 && regno < FIRST_PSEUDO_REGISTER ? core_of_gcc[regno]
							   : -1;
}

/* The reason a hard register the core does not model makes a function
 * unsupported. */
static const char *unmodelled_reason(int regno)
{
	if (STACK_REGNO_P(regno) || regno == FPSR_REG)
		return "x87 register";
	if (MMX_REGNO_P(regno))
		return "MMX register";
	if (MASK_REGNO_P(regno))
		return "AVX-512 mask register";
	if (EXT_REX_SSE_REGNO_P(regno))
		return "AVX-512 register xmm16-xmm31";
	return "unmodelled hard register";
}

/* Register sets per (GCC class, mode), cleared per function because a
 * function's target attributes may change hard_regno_mode_ok. */
struct SetCache {
	RegSet set[N_REG_CLASSES][MAX_MACHINE_MODE];
	bool known[N_REG_CLASSES][MAX_MACHINE_MODE];
};
static SetCache *set_cache;

static void set_cache_clear(void)
{
	if (!set_cache)
		set_cache = XNEW(SetCache);
	memset(set_cache->known, 0, sizeof set_cache->known);
}

/* Whether a value of mode m can live in core register c: hard_regno_mode_ok
 * and every register it spans modelled and of c's class. */
static bool reg_holds_mode(int c, machine_mode m)
{
	const Target *t = target_x86_64();
	int g = t->regs[c].gccno;
	if (!targetm.hard_regno_mode_ok(g, m))
		return false;
	int n = hard_regno_nregs(g, m);
	for (int k = 1; k < n; k++) {
		int c2 = capture_core_reg(g + k);
		if (c2 < 0 || t->regs[c2].cls != t->regs[c].cls)
			return false;
	}
	return true;
}

/* Allocatable core registers of GCC class cl that hold mode m (sp, flags
 * and the soft pointers excluded; bp included). */
static RegSet class_set(reg_class_t cl, machine_mode m)
{
	if (set_cache->known[cl][m])
		return set_cache->set[cl][m];
	const Target *t = target_x86_64();
	RegSet s = 0;
	for (int c = 0; c < TGT_NREGS; c++) {
		if (RS_HAS(t->never_alloc, c) || !core_modelled(c))
			continue;
		int g = t->regs[c].gccno;
		if (!reg_holds_mode(c, m))
			continue;
		if (in_hard_reg_set_p(reg_class_contents[cl], m, g))
			s |= RS_BIT(c);
	}
	set_cache->set[cl][m] = s;
	set_cache->known[cl][m] = true;
	return s;
}

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
};

static void give_up(Builder &b, const char *why)
{
	if (!b.why)
		b.why = fn_strdup(b.fn, why, strlen(why));
}

/* give_up with a reason that names an insn pattern. */
static void give_up_insn(Builder &b, const char *what, rtx_insn *insn)
{
	if (b.why)
		return;
	if (getenv("SSARA_DEBUG"))
		print_rtl_single(stderr, insn);
	char buf[200];
	int code = INSN_CODE(insn);
	snprintf(buf, sizeof buf, "%s (%s)", what,
		 code >= 0                             ? get_insn_name(code)
		 : asm_noperands(PATTERN(insn)) >= 0 ? "asm"
						     : "unrecognised");
	give_up(b, buf);
}

/* "pseudo of mode M: what", in a static buffer. */
static const char *mode_reason(const char *what, machine_mode m)
{
	static char buf[128];
	snprintf(buf, sizeof buf, "pseudo of mode %s: %s", GET_MODE_NAME(m),
		 what);
	return buf;
}

/* The core class of a pseudo of mode m (CAPTURE.md "Pseudos"), or -1 with
 * *why set. */
static int class_of_mode(machine_mode m, const char **why)
{
	int size = GET_MODE_SIZE(m).to_constant();
	switch (GET_MODE_CLASS(m)) {
	case MODE_INT:
	case MODE_PARTIAL_INT:
		if (size <= 16)
			return RC_GPR;
		*why = "integer pseudo wider than 16 bytes";
		return -1;
	case MODE_COMPLEX_INT:
		if (size <= 16 && targetm.hard_regno_mode_ok(AX_REG, m))
			return RC_GPR;
		*why = "complex integer pseudo wider than 16 bytes";
		return -1;
	case MODE_COMPLEX_FLOAT:
		/* SCmode and DCmode: general registers hold them, SSE
		 * registers do not (VALID_FP_MODE_P, VALID_SSE_REG_MODE).
		 * XCmode (32 bytes, two XF parts at subreg offsets 0 and
		 * 16): class x87, two consecutive stN registers, as GCC
		 * holds it (hard_regno_mode_ok of st0 with XCmode;
		 * CAPTURE.md "Pseudos", session 7). */
		if (size <= 16 && targetm.hard_regno_mode_ok(AX_REG, m) &&
		    !targetm.hard_regno_mode_ok(FIRST_SSE_REG, m))
			return RC_GPR;
		if (m == XCmode && capture_x87 &&
		    targetm.hard_regno_mode_ok(FIRST_STACK_REG, m))
			return RC_X87;
		*why = "complex float pseudo";
		return -1;
	case MODE_CC:
		*why = "condition-code pseudo";
		return -1;
	case MODE_FLOAT:
	case MODE_DECIMAL_FLOAT:
	case MODE_VECTOR_INT:
	case MODE_VECTOR_FLOAT:
		if (targetm.hard_regno_mode_ok(FIRST_SSE_REG, m))
			return RC_SSE;
		if (m == XFmode && capture_x87)
			return RC_X87;
		if (m == XFmode)
			*why = "x87 long double pseudo";
		else
			*why = mode_reason("SSE registers cannot hold", m);
		return -1;
	default:
		*why = mode_reason("unsupported", m);
		return -1;
	}
}

/* The class of pseudo regno: the one its mode gives, unless an earlier
 * attempt found that an instruction needs it in the other class
 * (CAPTURE.md "Pseudos"). */
static int pseudo_class(Builder &b, int regno, const char **why)
{
	if (regno < (int)b.cls_override->size() &&
	    (*b.cls_override)[regno] >= 0)
		return (*b.cls_override)[regno];
	return class_of_mode(PSEUDO_REGNO_MODE(regno), why);
}

/* Declares pseudo regno (mode from regno_reg_rtx) on first sight; false
 * if its mode has no core class. */
static bool declare_pseudo(Builder &b, int regno)
{
	if (regno < b.fn->npseudo && b.fn->pseudo[regno].cls >= 0)
		return true;
	machine_mode m = PSEUDO_REGNO_MODE(regno);
	const char *why = nullptr;
	int cls = pseudo_class(b, regno, &why);
	if (cls < 0) {
		give_up(b, why);
		return false;
	}
	fn_declare_pseudo(b.fn, regno, cls, GET_MODE_SIZE(m).to_constant());
	return true;
}

static Op new_op(int kind, int flags)
{
	Op o;
	memset(&o, 0, sizeof o);
	o.kind = (uint8_t)kind;
	o.flags = (uint8_t)flags;
	o.tie = -1;
	o.from = -1;
	return o;
}

static void push_op(Builder &b, const Op &o, int src)
{
	b.ops.push_back(o);
	b.op_src.push_back(src);
}

const char *capture_symbol_spelling(const char *s)
{
	if (*s == '*')
		s++;
	if (!(ISALPHA(*s) || *s == '_' || *s == '.'))
		return nullptr;
	for (const char *p = s; *p; p++)
		if (!(ISALNUM(*p) || *p == '_' || *p == '.' || *p == '$'))
			return nullptr;
	return s;
}

/* A symbol name as the IR spells it ([A-Za-z_.][A-Za-z0-9_.$]*), copied
 * into the function, or NULL when it cannot be spelled. */
static const char *ir_symbol(Builder &b, const char *s)
{
	s = capture_symbol_spelling(s);
	return s ? fn_strdup(b.fn, s, strlen(s)) : nullptr;
}

/* Folds word w into the name h of a constant wider than 64 bits
 * (splitmix64's finaliser over h ^ w): two different constants get the
 * same name with probability about 2^-64 per pair. */
static uint64_t const_mix(uint64_t h, uint64_t w)
{
	uint64_t z = h ^ (w + 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* The name of a constant whose words are w[0..n-1]: the one word itself
 * when n is 1 or every word above the first is zero and the value is
 * not wider than 64 bits, else 0 when every word is zero, else a mix of
 * the count and all the words. */
static int64_t const_name(const uint64_t *w, int n, bool wide)
{
	bool zero = true;
	for (int k = 0; k < n; k++)
		zero = zero && w[k] == 0;
	if (zero)
		return 0;
	if (!wide && n >= 1)
		return (int64_t)w[0];
	uint64_t h = const_mix(0, (uint64_t)n);
	for (int k = 0; k < n; k++)
		h = const_mix(h, w[k]);
	return (int64_t)h;
}

int64_t capture_const_bits(const_rtx x)
{
	switch (GET_CODE(x)) {
	case CONST_INT:
		return INTVAL(x);
	case CONST_WIDE_INT: {
		/* every element: a 128-bit integer is not named by its low
		 * 64 bits alone */
		uint64_t w[8];
		int n = CONST_WIDE_INT_NUNITS(x) < 8 ? CONST_WIDE_INT_NUNITS(x)
						      : 8;
		for (int k = 0; k < n; k++)
			w[k] = (uint64_t)CONST_WIDE_INT_ELT(x, k);
		if (n == 1)
			return (int64_t)w[0];
		return const_name(w, n, true);
	}
	case CONST_DOUBLE:
		if (GET_MODE(x) == VOIDmode)
			return CONST_DOUBLE_LOW(x);
		if (SCALAR_FLOAT_MODE_P(GET_MODE(x))) {
			long l[4] = {0, 0, 0, 0};
			real_to_target(l, CONST_DOUBLE_REAL_VALUE(x),
				       GET_MODE(x));
			uint64_t w[2] = {
				((uint64_t)(uint32_t)l[1] << 32) | (uint32_t)l[0],
				((uint64_t)(uint32_t)l[3] << 32) | (uint32_t)l[2]};
			/* XFmode and TFmode have more than 64 bits: 1.0L
			 * and 2.0L share their low 64 (the mantissa) */
			return const_name(w, 2,
					  GET_MODE_SIZE(GET_MODE(x)).to_constant() > 8);
		}
		return 0;
	case CONST_VECTOR: {
		/* every element, not 0 for all vectors */
		int n = CONST_VECTOR_NUNITS(x).to_constant();
		uint64_t h = const_mix(0, (uint64_t)n);
		bool zero = true;
		for (int k = 0; k < n; k++) {
			uint64_t e = (uint64_t)capture_const_bits(
				CONST_VECTOR_ELT(x, k));
			zero = zero && e == 0;
			h = const_mix(h, e);
		}
		return zero ? 0 : (int64_t)h;
	}
	default:
		return 0;
	}
}

/* Appends the operand of constant x (imm or sym). */
static void add_const(Builder &b, rtx x, int src)
{
	rtx base = x, off = NULL_RTX;
	if (GET_CODE(x) == CONST)
		base = XEXP(x, 0);
	if (GET_CODE(base) == PLUS && CONST_INT_P(XEXP(base, 1))) {
		off = XEXP(base, 1);
		base = XEXP(base, 0);
	}
	if (GET_CODE(base) == SYMBOL_REF || GET_CODE(base) == LABEL_REF) {
		Op o = new_op(OK_SYM, OF_USE);
		char buf[32];
		const char *name;
		if (GET_CODE(base) == SYMBOL_REF) {
			name = XSTR(base, 0);
		} else {
			rtx lab = label_ref_label(base);
			snprintf(buf, sizeof buf, ".L%d",
				 LABEL_P(lab) ? CODE_LABEL_NUMBER(lab) : 0);
			name = buf;
		}
		o.sym = ir_symbol(b, name);
		if (!o.sym) {
			give_up(b, "symbol name the IR cannot spell");
			return;
		}
		o.imm = off ? INTVAL(off) : 0;
		push_op(b, o, src);
		return;
	}
	Op o = new_op(OK_IMM, OF_USE);
	o.imm = capture_const_bits(x);
	push_op(b, o, src);
}

/* Appends the hard register operands of (reg:M regno), one per register
 * it spans (CAPTURE.md "Hard registers"). */
static void add_hard(Builder &b, int regno, machine_mode m, int flags,
		     int src)
{
	int n = hard_regno_nregs(regno, m);
	for (int k = 0; k < n; k++) {
		int c = capture_core_reg(regno + k);
		if (c < 0) {
			give_up(b, unmodelled_reason(regno + k));
			return;
		}
		Op o = new_op(OK_HREG, flags);
		o.reg = c;
		push_op(b, o, src);
	}
}

/* Appends the operand of register x (REG or SUBREG of REG) with flags.
 * A def of a subreg that GCC's dataflow treats as read-modify-write
 * (read_modify_subreg_p) becomes USE|DEF. */
static void add_reg(Builder &b, rtx x, int flags, int src)
{
	rtx r = x;
	int off = 0, size = 0;
	if (GET_CODE(x) == SUBREG) {
		r = SUBREG_REG(x);
		if ((flags & OF_DEF) && read_modify_subreg_p(x))
			flags |= OF_USE;
		if (HARD_REGISTER_P(r)) {
			int h = subreg_regno(x);
			add_hard(b, h, GET_MODE(x), flags, src);
			return;
		}
		off = (int)SUBREG_BYTE(x).to_constant();
		size = (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
		if (size >= (int)GET_MODE_SIZE(GET_MODE(r)).to_constant()) {
			/* Paradoxical or same-size subreg: the whole register
			 * (CAPTURE.md "Subregs"). */
			off = 0;
			size = 0;
		}
	}
	if (HARD_REGISTER_P(r)) {
		add_hard(b, REGNO(r), GET_MODE(r), flags, src);
		return;
	}
	if (!declare_pseudo(b, REGNO(r)))
		return;
	Op o = new_op(OK_PSEUDO, flags);
	o.reg = (int)REGNO(r);
	o.sub_off = (uint8_t)off;
	o.sub_size = (uint8_t)size;
	push_op(b, o, src);
}

/* The registers of address x: uses (autoincrement: read and written).
 * Registers in the index position (under MULT or ASHIFT) get the index
 * class, others the base class, as allowed set. */
static void add_address(Builder &b, rtx x, reg_class_t cl, int src)
{
	switch (GET_CODE(x)) {
	case REG:
	case SUBREG: {
		size_t before = b.ops.size();
		add_reg(b, x, OF_USE, src);
		for (size_t k = before; k < b.ops.size(); k++)
			if (b.ops[k].kind == OK_PSEUDO) {
				machine_mode m = PSEUDO_REGNO_MODE(b.ops[k].reg);
				RegSet any = class_set(GENERAL_REGS, m);
				RegSet s = class_set(cl, m);
				b.ops[k].allowed = (s & any) == any ? 0 : s;
			}
		return;
	}
	case PRE_DEC:
	case PRE_INC:
	case POST_DEC:
	case POST_INC:
		add_reg(b, XEXP(x, 0), OF_USE | OF_DEF, src);
		return;
	case PRE_MODIFY:
	case POST_MODIFY:
		add_reg(b, XEXP(x, 0), OF_USE | OF_DEF, src);
		add_address(b, XEXP(x, 1), cl, src);
		return;
	case MULT:
	case ASHIFT:
		add_address(b, XEXP(x, 0), INDEX_REG_CLASS, src);
		add_address(b, XEXP(x, 1), INDEX_REG_CLASS, src);
		return;
	default:
		break;
	}
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	for (int k = 0; k < GET_RTX_LENGTH(GET_CODE(x)); k++) {
		if (fmt[k] == 'e')
			add_address(b, XEXP(x, k), cl, src);
		else if (fmt[k] == 'E')
			for (int j = 0; j < XVECLEN(x, k); j++)
				add_address(b, XVECEXP(x, k, j), cl, src);
	}
}

/* The base register class of addresses of mode m. */
static reg_class_t base_class(machine_mode m)
{
	return base_reg_class(m, ADDR_SPACE_GENERIC, MEM, SCRATCH);
}

/* ---------------------------------------------------------------- */
/* Constraints: choosing the alternative (CAPTURE.md "Constraints").  */

/* Calls f(cn) for each constraint of operand i's alternative row oa (the
 * text up to the next ','), until f returns true; whether one did.  'g'
 * is passed as CONSTRAINT__UNKNOWN; matching digits are skipped. */
template <typename F>
static bool any_constraint(const operand_alternative *oa, int i, F f)
{
	const char *p = oa[i].constraint;
	for (;;) {
		char c = *p;
		if (c == '\0' || c == ',')
			return false;
		if (c == '#') {
			while (*p && *p != ',')
				p++;
			continue;
		}
		if (ISDIGIT(c)) {
			char *end;
			strtoul(p, &end, 10);
			p = end;
			continue;
		}
		switch (c) {
		case '=': case '+': case '&': case '%': case '?': case '!':
		case '*': case '^': case '$': case ' ': case '\t':
			p++;
			continue;
		default:
			break;
		}
		if (c == 'g') {
			if (f(CONSTRAINT__UNKNOWN))
				return true;
			p++;
			continue;
		}
		if (f(lookup_constraint(p)))
			return true;
		p += CONSTRAINT_LEN(c, p);
	}
}

/* Whether non-register operand x (memory or constant) fits operand i of
 * alternative row oa. */
static bool nonreg_fits(rtx x, const operand_alternative *oa, int i)
{
	if (oa[i].anything_ok)
		return true;
	if (MEM_P(x) && oa[i].memory_ok)
		return true;
	int m = oa[i].matches;
	if (m >= 0 && rtx_equal_p(x, recog_data.operand[m]))
		return true;
	return any_constraint(oa, i, [x](enum constraint_num cn) {
		if (cn == CONSTRAINT__UNKNOWN) /* 'g' */
			return MEM_P(x) || CONSTANT_P(x);
		switch (get_constraint_type(cn)) {
		case CT_CONST_INT:
			return CONST_INT_P(x) &&
			       insn_const_int_ok_for_constraint(INTVAL(x), cn);
		case CT_MEMORY:
		case CT_SPECIAL_MEMORY:
		case CT_RELAXED_MEMORY:
		case CT_FIXED_FORM:
			return constraint_satisfied_p(x, cn);
		case CT_ADDRESS:
			return true;
		default:
			return false;
		}
	});
}

/* Whether a pseudo in operand i of alternative row oa could be in memory
 * instead of a register: a memory constraint, 'g', or a target
 * constraint that allows memory. */
static bool alt_memory_ok(const operand_alternative *oa, int i)
{
	if (oa[i].memory_ok || oa[i].anything_ok)
		return true;
	return any_constraint(oa, i, [](enum constraint_num cn) {
		if (cn == CONSTRAINT__UNKNOWN)
			return true;
		enum constraint_type t = get_constraint_type(cn);
		if (t == CT_MEMORY || t == CT_SPECIAL_MEMORY ||
		    t == CT_RELAXED_MEMORY)
			return true;
		if (t != CT_FIXED_FORM)
			return false;
		bool r = false, mem = false;
		insn_extra_constraint_allows_reg_mem(cn, &r, &mem);
		return mem;
	});
}

/* The kind of a recog operand for the alternative choice. */
enum OperandShape { SH_REG, SH_MEM, SH_CONST, SH_SCRATCH, SH_OTHER };

static OperandShape shape_of(rtx x)
{
	if (REG_P(x) || (GET_CODE(x) == SUBREG && REG_P(SUBREG_REG(x))))
		return SH_REG;
	if (MEM_P(x))
		return SH_MEM;
	if (GET_CODE(x) == SCRATCH)
		return SH_SCRATCH;
	if (CONSTANT_P(x))
		return SH_CONST;
	return SH_OTHER;
}

static rtx reg_of(rtx x)
{
	return GET_CODE(x) == SUBREG ? SUBREG_REG(x) : x;
}

/* The mode whose registers a register operand needs: a pseudo's own mode
 * (it lives whole in its register), a scratch's or hard register's mode. */
static machine_mode reg_mode(rtx x)
{
	rtx r = reg_of(x);
	if (REG_P(r) && !HARD_REGISTER_P(r))
		return PSEUDO_REGNO_MODE(REGNO(r));
	return GET_MODE(x);
}

/* The registers operand i may be in under alternative alt (alt row oa),
 * within its value's class; 0 when none.  A paradoxical subreg of a
 * pseudo whose own mode no register of the class holds takes the
 * subreg's mode ((subreg:SI (reg:HI p) 0) read by an SSE insn: LRA
 * loads the pseudo's register into an SSE register in SImode). */
static RegSet operand_regs(const operand_alternative *oa, int i)
{
	rtx x = recog_data.operand[i];
	machine_mode m = reg_mode(x);
	reg_class_t cl = oa[i].cl;
	if (oa[i].anything_ok)
		cl = ALL_REGS;
	RegSet s = class_set(cl, m);
	if (!s && GET_CODE(x) == SUBREG && paradoxical_subreg_p(x))
		s = class_set(cl, GET_MODE(x));
	return s;
}

/* The core class operand i's value has, or -1. */
static int operand_value_class(Builder &b, int i)
{
	rtx x = recog_data.operand[i];
	if (GET_CODE(x) == SCRATCH) {
		const char *why;
		return class_of_mode(GET_MODE(x), &why);
	}
	rtx r = reg_of(x);
	if (!HARD_REGISTER_P(r)) {
		if (!declare_pseudo(b, REGNO(r)))
			return -1;
		return b.fn->pseudo[REGNO(r)].cls;
	}
	int c = capture_core_reg(REGNO(r));
	return c < 0 ? -1 : target_x86_64()->regs[c].cls;
}

/* Number of mentions of pseudo regno in x (REG rtx of that number,
 * inside subregs too, SET destinations included). */
static int reg_mentions(rtx x, unsigned regno)
{
	int n = 0;
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, x, NONCONST)
		if (REG_P(*iter) && REGNO(*iter) == regno)
			n++;
	return n;
}

/* Whether recog operand i of insn (extracted) is a whole definition
 * (OP_OUT) of a pseudo, a register or a subreg at least as wide as it,
 * whose every other mention in the pattern is a recog operand (or a
 * duplicate of one) that only reads it (OP_IN), and no duplicate of
 * operand i reads it.  Written in the other class into a new pseudo, the
 * value then reaches the pseudo through a copy after the insn; the reads
 * get copies of their own before it (CAPTURE.md "Pseudos in both
 * classes").  Session 7: the count used to be count_occurrences (...,
 * 0), which skips a SET_DEST that is the register itself, so a plain
 * register definition qualified only when one other mention read the
 * pseudo, and that read was renamed to the new pseudo written after it
 * (980506-2.c __nextafterf: `=p124, p124 mem` read p124 undefined); a
 * definition mentioned nowhere else (*vec_extractv2di_1) never
 * qualified. */
static bool copied_def(rtx_insn *insn, int i)
{
	rtx x = recog_data.operand[i];
	rtx r = reg_of(x);
	if (recog_data.operand_type[i] != OP_OUT || !REG_P(r) ||
	    (GET_CODE(x) == SUBREG &&
	     maybe_lt(GET_MODE_SIZE(GET_MODE(x)), GET_MODE_SIZE(GET_MODE(r)))))
		return false;
	unsigned p = REGNO(r);
	int at_ops = 0;
	for (int j = 0; j < recog_data.n_operands; j++) {
		rtx rj = reg_of(recog_data.operand[j]);
		if (!REG_P(rj) || REGNO(rj) != p)
			continue;
		if (j != i && recog_data.operand_type[j] != OP_IN)
			return false;
		at_ops += reg_mentions(recog_data.operand[j], p);
	}
	for (int d = 0; d < recog_data.n_dups; d++) {
		int j = recog_data.dup_num[d];
		rtx rj = reg_of(recog_data.operand[j]);
		if (!REG_P(rj) || REGNO(rj) != p)
			continue;
		if (j == i)
			return false;
		at_ops += reg_mentions(recog_data.operand[j], p);
	}
	return reg_mentions(PATTERN(insn), p) == at_ops;
}

/* Whether a pseudo in recog operand i is split (its reads and single
 * definitions of the other class go through a copy) and operand i only
 * reads it (OP_IN) or is such a definition (copied_def): such an
 * operand may be in a register of the other class, read from a copy
 * that capture_operands inserts before the insn, or written to one
 * copied after it (CAPTURE.md "Pseudos in both classes"). */
static bool copied_read(Builder &b, int i)
{
	rtx x = recog_data.operand[i];
	rtx r = reg_of(x);
	if (!REG_P(r) || HARD_REGISTER_P(r))
		return false;
	unsigned p = REGNO(r);
	if (p >= b.split->size() || !(*b.split)[p])
		return false;
	if (recog_data.operand_type[i] == OP_IN)
		return true;
	return copied_def(b.insn, i);
}

/* Whether recog operand i of an asm (b.insn) is a pseudo that
 * alternative row oa lets be memory only: no register class (an asm "m"
 * or "o"), memory allowed, no matching constraint.  Such an operand is
 * captured as `{} mem` (OF_MEMONLY, CAPTURE.md "Constraints"). */
static bool asm_memonly(Builder &b, const operand_alternative *oa, int i)
{
	rtx r = reg_of(recog_data.operand[i]);
	if (INSN_CODE(b.insn) >= 0 || asm_noperands(PATTERN(b.insn)) < 0)
		return false;
	if (!REG_P(r) || HARD_REGISTER_P(r) || oa[i].anything_ok ||
	    oa[i].matches >= 0 || oa[i].cl != NO_REGS)
		return false;
	return alt_memory_ok(oa, i);
}

/* Whether pseudo operand i (of core class cls) may be memory only under
 * alternative row oa (CAPTURE.md "Memory-only operands"): its constraint
 * admits no register of cls (nor of the other class: operand_fits asked)
 * but admits memory, and it is no matching constraint.  GCC's allocation
 * must then put it in memory: fild's integer ("m"), fistp's ("=m"), an
 * SSE-class float in an x87 insn's "fm" (no SSE<->x87 register move). */
static bool memonly_fits(const operand_alternative *oa, int i, int cls)
{
	const Target *t = target_x86_64();
	if (oa[i].matches >= 0 || oa[i].anything_ok ||
	    (operand_regs(oa, i) & t->class_regs[cls]))
		return false;
	return alt_memory_ok(oa, i);
}

/* Whether pseudo operand i (of core class cls) of an asm (b.insn), whose
 * alternative admits only the registers regs, is an SSE-class float that
 * only x87 registers fit (an asm "=t", "u" or "f" of a double or float:
 * pr34966.c `atan`): the pseudo is then wanted in class x87, as IRA and
 * LRA put it there (CAPTURE.md "Floats in x87 registers").  Only for an
 * asm: an x87 insn's SSE-class operand that no register fits is read from
 * memory (memonly_fits), as before. */
static bool x87_wanted(Builder &b, RegSet regs, int i, int cls)
{
	const Target *t = target_x86_64();
	rtx x = recog_data.operand[i];
	if (cls != RC_SSE || !(regs & t->class_regs[RC_X87]) ||
	    INSN_CODE(b.insn) >= 0 || asm_noperands(PATTERN(b.insn)) < 0 ||
	    GET_CODE(x) != REG)
		return false;
	machine_mode m = GET_MODE(x);
	return GET_MODE_CLASS(m) == MODE_FLOAT &&
	       targetm.hard_regno_mode_ok(FIRST_STACK_REG, m);
}

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
static bool part_in_no_reg(rtx x, int cls)
{
	if (GET_CODE(x) != SUBREG || !REG_P(SUBREG_REG(x)) ||
	    HARD_REGISTER_P(SUBREG_REG(x)) || cls < 0 || cls >= RC_NALLOC)
		return false;
	machine_mode im = GET_MODE(SUBREG_REG(x)), om = GET_MODE(x);
	if (!known_lt(GET_MODE_SIZE(om), GET_MODE_SIZE(im)))
		return false; /* the whole pseudo (add_reg) */
	const Target *t = target_x86_64();
	for (int c = 0; c < TGT_NREGS; c++) {
		int h = t->regs[c].gccno;
		if (!RS_HAS(t->class_regs[cls], c) || !core_modelled(c) ||
		    !targetm.hard_regno_mode_ok(h, im))
			continue;
		if (simplify_subreg_regno(h, im, SUBREG_BYTE(x), om) >= 0)
			return false;
	}
	return true;
}

/* Whether operand i fits alternative row oa when every pseudo operand is
 * in a register.  Not strict: memory and constant operands always fit
 * (the allocator would load them into a register). */
static bool operand_fits(Builder &b, const operand_alternative *oa, int i,
			 bool strict, std::vector<std::pair<int, int>> *wants,
			 int *ncopy)
{
	rtx x = recog_data.operand[i];
	const Target *t = target_x86_64();
	switch (shape_of(x)) {
	case SH_REG:
	case SH_SCRATCH: {
		if (oa[i].anything_ok)
			return true;
		int m = oa[i].matches;
		if (m >= 0) {
			/* Matched to memory or a constant: the allocator
			 * needs a temporary register (not strict). */
			OperandShape sm = shape_of(recog_data.operand[m]);
			return sm == SH_REG || sm == SH_SCRATCH ||
			       rtx_equal_p(x, recog_data.operand[m]) ||
			       !strict;
		}
		rtx r = reg_of(x);
		if (REG_P(r) && HARD_REGISTER_P(r)) {
			int regno = GET_CODE(x) == SUBREG ? subreg_regno(x)
							  : (int)REGNO(r);
			int c = capture_core_reg(regno);
			if (c >= 0 && RS_HAS(t->never_alloc, c) &&
			    c != R_FLAGS)
				/* sp and the soft pointers: eliminated
				 * later, any register class will do. */
				return oa[i].cl != NO_REGS;
			return in_hard_reg_set_p(reg_class_contents[oa[i].cl],
						 GET_MODE(x), regno);
		}
		RegSet regs = operand_regs(oa, i);
		if (GET_CODE(x) == SCRATCH)
			return regs != 0;
		if (asm_memonly(b, oa, i)) {
			/* in memory: costs as much as a cross-class copy,
			 * so an alternative with the pseudo in a register
			 * is preferred (LRA counts it a loser) */
			if (ncopy)
				(*ncopy)++;
			return true;
		}
		int cls = operand_value_class(b, i);
		if (cls < 0)
			return false;
		/* a part no register of cls names: memory only where the
		 * alternative admits memory (costs as an asm pseudo in
		 * memory), else perhaps the other class, as below */
		bool nopart = part_in_no_reg(x, cls);
		if (!nopart && (regs & t->class_regs[cls]))
			return true;
		if (nopart && alt_memory_ok(oa, i)) {
			if (ncopy)
				(*ncopy)++;
			return true;
		}
		int other = cls == RC_GPR ? RC_SSE : RC_GPR;
		if (!(regs & t->class_regs[other])) {
			if (x87_wanted(b, regs, i, cls)) {
				if (wants)
					wants->push_back(
						{(int)REGNO(r), RC_X87});
				return false;
			}
			return b.memonly && memonly_fits(oa, i, cls);
		}
		if (copied_read(b, i)) {
			if (ncopy)
				(*ncopy)++;
			return true;
		}
		if (wants)
			wants->push_back({(int)REGNO(r), other});
		return false;
	}
	case SH_MEM:
	case SH_CONST:
		return !strict || nonreg_fits(x, oa, i);
	default:
		return true;
	}
}

/* Number of '*' in the alternative whose constraint text starts at p:
 * LRA disparages such an alternative slightly. */
static unsigned stars(const char *p)
{
	unsigned n = 0;
	for (; *p && *p != ','; p++)
		n += *p == '*';
	return n;
}

/* Among the enabled and preferred alternatives in which every operand
 * fits (strict or not, see operand_fits), the first of the least
 * disparaged ('?' 6, '!' 600 as GCC counts them, '*' 1); -1 when none
 * fits.  Then, if
 * b.wants is empty, it gets the pseudos that the first alternative
 * failing only on register classes wants in the other class. */
static int first_fitting(Builder &b, alternative_mask ok, bool strict)
{
	int nalt = recog_data.n_alternatives;
	int nop = recog_data.n_operands;
	int best = -1;
	unsigned best_reject = 0;
	std::vector<std::pair<int, int>> wants, first_wants;
	for (int a = 0; a < nalt; a++) {
		if (!TEST_BIT(ok, a))
			continue;
		const operand_alternative *oa = &recog_op_alt[a * nop];
		bool fits = true, class_only = true;
		unsigned reject = 0;
		int ncopy = 0;
		wants.clear();
		for (int i = 0; i < nop; i++) {
			size_t before = wants.size();
			if (!operand_fits(b, oa, i, strict, &wants, &ncopy)) {
				fits = false;
				if (wants.size() == before)
					class_only = false;
			}
			reject += oa[i].reject;
		}
		if (!fits) {
			if (class_only && first_wants.empty())
				first_wants = wants;
			continue;
		}
		for (int i = 0; i < nop; i++)
			reject += stars(oa[i].constraint);
		/* a cross-class copy, or an asm pseudo in memory, costs as
		 * much as '!': an alternative reading the value in a register
		 * of its own class is preferred */
		reject += 600 * (unsigned)ncopy;
		if (best < 0 || reject < best_reject) {
			best = a;
			best_reject = reject;
		}
	}
	if (best < 0 && b.wants.empty())
		b.wants = first_wants;
	return best;
}

/* The first operand of a commutative pair ('%' in its constraint), or
 * -1. */
static int commutative_operand(void)
{
	for (int i = 0; i + 1 < recog_data.n_operands; i++)
		for (const char *p = recog_data.constraints[i]; *p && *p != ',';
		     p++)
			if (*p == '%')
				return i;
	return -1;
}

/* Exchanges recog operands c and c+1 (value and location), as LRA does
 * for a commutative pair. */
static void swap_operands(int c)
{
	std::swap(recog_data.operand[c], recog_data.operand[c + 1]);
	std::swap(recog_data.operand_loc[c], recog_data.operand_loc[c + 1]);
}

/* The alternative a register allocator would pick with every pseudo in a
 * register (CAPTURE.md "Constraints"): the first alternative that fits
 * strictly; else the same with a commutative pair swapped (then *swapped
 * is the pair's first operand, to be swapped back by the caller); else
 * the first alternative in which the register operands fit (memory and
 * constant operands left for the allocator to load).  -1 when none fits;
 * 0 when the insn has no constraints. */
static int choose_alternative(Builder &b, rtx_insn *insn, int *swapped)
{
	*swapped = -1;
	if (recog_data.n_alternatives == 0)
		return 0;
	alternative_mask ok = get_preferred_alternatives(insn, b.bb);
	int a = first_fitting(b, ok, true);
	if (a >= 0)
		return a;
	int c = commutative_operand();
	if (c >= 0) {
		swap_operands(c);
		a = first_fitting(b, ok, true);
		if (a >= 0) {
			*swapped = c;
			return a;
		}
		swap_operands(c);
	}
	a = first_fitting(b, ok, false);
	if (a >= 0 || !b.wants.empty())
		return a;
	/* Last: pseudo operands that only memory fits (memonly_fits), in
	 * an insn no alternative fits otherwise, so that no insn captured
	 * with registers changes. */
	b.memonly = true;
	a = first_fitting(b, ok, true);
	if (a < 0)
		a = first_fitting(b, ok, false);
	b.memonly = false;
	b.wants.clear();
	return a;
}

/* ---------------------------------------------------------------- */
/* The pattern walk: roles of recog operands, registers outside them.  */

enum Role { R_NONE = 0, R_USE = OF_USE, R_DEF = OF_DEF,
	    R_CLOBBER = 16 };

struct Walk {
	Builder *b;
	int role[MAX_RECOG_OPERANDS];
	bool have_recog;
};

/* The recog operand whose location (or duplicate location) loc is, or
 * -1. */
static int operand_at(const Walk &w, rtx *loc)
{
	if (!w.have_recog)
		return -1;
	for (int i = 0; i < recog_data.n_operands; i++)
		if (recog_data.operand_loc[i] == loc)
			return i;
	for (int d = 0; d < recog_data.n_dups; d++)
		if (recog_data.dup_loc[d] == loc)
			return recog_data.dup_num[d];
	return -1;
}

static bool is_leaf(int i)
{
	return !recog_data.is_operator[i] &&
	       shape_of(recog_data.operand[i]) != SH_OTHER;
}

static void walk_use(Walk &w, rtx *loc);

/* A register met outside the recog operands, in role r. */
static void extra_reg(Walk &w, rtx x, int r)
{
	Builder &b = *w.b;
	rtx reg = reg_of(x);
	if (!REG_P(reg)) {
		walk_use(w, &XEXP(x, 0));
		return;
	}
	if (r == R_CLOBBER) {
		if (HARD_REGISTER_P(reg)) {
			int regno = GET_CODE(x) == SUBREG ? subreg_regno(x)
							  : (int)REGNO(reg);
			int n = hard_regno_nregs(regno, GET_MODE(x));
			for (int k = 0; k < n; k++) {
				int c = capture_core_reg(regno + k);
				/* Clobbers of registers the core does not
				 * model are no loss: nothing lives there. */
				if (c >= 0)
					b.clobbers |= RS_BIT(c);
			}
			return;
		}
		r = R_DEF;
	}
	add_reg(b, x, r, -1);
}

/* Walks a destination (SET_DEST, CLOBBER operand). */
static void walk_dest(Walk &w, rtx *loc, int r)
{
	rtx x = *loc;
	int i = operand_at(w, loc);
	if (i >= 0) {
		w.role[i] |= r == R_CLOBBER ? R_DEF : r;
		if (is_leaf(i))
			return;
	}
	switch (GET_CODE(x)) {
	case REG:
	case SUBREG:
		if (GET_CODE(x) == SUBREG && !REG_P(SUBREG_REG(x))) {
			walk_dest(w, &SUBREG_REG(x), r);
			return;
		}
		extra_reg(w, x, r);
		return;
	case STRICT_LOW_PART:
		walk_dest(w, &XEXP(x, 0), R_USE | R_DEF);
		return;
	case ZERO_EXTRACT:
	case SIGN_EXTRACT:
		walk_dest(w, &XEXP(x, 0), R_USE | R_DEF);
		walk_use(w, &XEXP(x, 1));
		walk_use(w, &XEXP(x, 2));
		return;
	case MEM:
		walk_use(w, &XEXP(x, 0));
		return;
	case PARALLEL:
		for (int k = 0; k < XVECLEN(x, 0); k++) {
			rtx e = XVECEXP(x, 0, k);
			if (GET_CODE(e) == EXPR_LIST)
				walk_dest(w, &XEXP(e, 0), r);
			else
				walk_dest(w, &XVECEXP(x, 0, k), r);
		}
		return;
	case SCRATCH:
	case PC:
		return;
	default:
		walk_use(w, loc);
		return;
	}
}

/* Walks a part of a pattern that is read. */
static void walk_use(Walk &w, rtx *loc)
{
	rtx x = *loc;
	if (!x)
		return;
	int i = operand_at(w, loc);
	if (i >= 0) {
		if (!MEM_P(x))
			w.role[i] |= R_USE;
		if (is_leaf(i))
			return;
	}
	switch (GET_CODE(x)) {
	case REG:
		extra_reg(w, x, R_USE);
		return;
	case SUBREG:
		if (REG_P(SUBREG_REG(x))) {
			extra_reg(w, x, R_USE);
			return;
		}
		break;
	case SET:
		walk_dest(w, &SET_DEST(x), R_DEF);
		walk_use(w, &SET_SRC(x));
		return;
	case CLOBBER:
		walk_dest(w, &XEXP(x, 0), R_CLOBBER);
		return;
	case PRE_DEC:
	case PRE_INC:
	case POST_DEC:
	case POST_INC:
		if (REG_P(XEXP(x, 0)) && operand_at(w, &XEXP(x, 0)) < 0) {
			extra_reg(w, XEXP(x, 0), R_USE | R_DEF);
			return;
		}
		break;
	default:
		break;
	}
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	for (int k = 0; k < GET_RTX_LENGTH(GET_CODE(x)); k++) {
		if (fmt[k] == 'e')
			walk_use(w, &XEXP(x, k));
		else if (fmt[k] == 'E')
			for (int j = 0; j < XVECLEN(x, k); j++)
				walk_use(w, &XVECEXP(x, k, j));
	}
}

/* Walks a whole pattern (or a CALL_INSN_FUNCTION_USAGE entry). */
static void walk_pattern(Walk &w, rtx *loc)
{
	rtx x = *loc;
	switch (GET_CODE(x)) {
	case PARALLEL:
		for (int k = 0; k < XVECLEN(x, 0); k++)
			walk_pattern(w, &XVECEXP(x, 0, k));
		return;
	case COND_EXEC:
		walk_use(w, &COND_EXEC_TEST(x));
		walk_pattern(w, &COND_EXEC_CODE(x));
		return;
	case USE:
		walk_use(w, &XEXP(x, 0));
		return;
	default:
		walk_use(w, loc);
		return;
	}
}

/* ---------------------------------------------------------------- */
/* Instructions.                                                     */

/* Appends recog operand i as IR operands with role flags fl under
 * alternative row oa (NULL: no constraints). */
static void add_operand(Builder &b, int i, int fl,
			const operand_alternative *oa)
{
	rtx x = recog_data.operand[i];
	const Target *t = target_x86_64();
	switch (shape_of(x)) {
	case SH_REG:
	case SH_SCRATCH: {
		size_t first = b.ops.size();
		if (GET_CODE(x) == SCRATCH) {
			/* A scratch gets the class its alternative allows,
			 * general registers first. */
			RegSet regs = oa ? operand_regs(oa, i) : 0;
			int cls = (regs & t->class_regs[RC_GPR])   ? RC_GPR
				  : (regs & t->class_regs[RC_SSE]) ? RC_SSE
				  : (regs & t->class_regs[RC_X87]) ? RC_X87
								   : -1;
			/* A scratch tied to another operand ("=1": that
			 * operand's register is destroyed) has its class. */
			if (oa && oa[i].matches >= 0 &&
			    shape_of(recog_data.operand[oa[i].matches]) ==
				    SH_REG)
				cls = operand_value_class(b, oa[i].matches);
			if (cls < 0) {
				give_up_insn(b, "scratch of no modelled class",
					     b.insn);
				return;
			}
			int p = b.next_scratch++;
			fn_declare_pseudo(b.fn, p, cls,
					  GET_MODE_SIZE(GET_MODE(x)).to_constant());
			Op o = new_op(OK_PSEUDO, OF_DEF);
			o.reg = p;
			push_op(b, o, i);
		} else {
			add_reg(b, x, fl, i);
			/* a read through a cross-class copy names the copy */
			for (size_t k = first; k < b.ops.size(); k++)
				if (b.copy_to[i] >= 0 &&
				    b.ops[k].kind == OK_PSEUDO &&
				    b.ops[k].reg == (int)REGNO(reg_of(x)))
					b.ops[k].reg = b.copy_to[i];
		}
		if (!oa)
			return;
		for (size_t k = first; k < b.ops.size(); k++) {
			Op &o = b.ops[k];
			if (oa[i].earlyclobber && (o.flags & OF_DEF))
				o.flags |= OF_EARLY;
			if (alt_memory_ok(oa, i))
				if (o.kind == OK_PSEUDO)
					o.flags |= OF_MEM;
			if (o.kind != OK_PSEUDO || oa[i].matches >= 0)
				continue;
			if (asm_memonly(b, oa, i)) {
				o.flags |= OF_MEMONLY | OF_MEM;
				o.allowed = 0;
				continue;
			}
			int cls = b.fn->pseudo[o.reg].cls;
			if (part_in_no_reg(x, cls)) {
				if (!(o.flags & OF_MEM)) {
					give_up_insn(b, "part of a pseudo no "
						     "register names, no memory "
						     "alternative", b.insn);
					return;
				}
				o.flags |= OF_MEMONLY;
				o.allowed = 0;
				continue;
			}
			machine_mode m = reg_mode(x);
			RegSet any = class_set(ALL_REGS, m) &
				     t->class_regs[cls];
			RegSet s = operand_regs(oa, i) & t->class_regs[cls];
			o.allowed = s == any ? 0 : s;
			/* no register of its class: memory only (the
			 * alternative fits through memonly_fits) */
			if (!s && !oa[i].anything_ok && (o.flags & OF_MEM))
				o.flags |= OF_MEMONLY;
		}
		return;
	}
	case SH_MEM:
		add_address(b, XEXP(x, 0), base_class(GET_MODE(x)), i);
		return;
	case SH_CONST:
		add_const(b, x, i);
		return;
	default:
		return;
	}
}

/* A pseudo operand j tied to operand `to` of the other register class
 * (`*vec_dupv2di =p97 (sse), p92 (gpr) ^0`: the read must be in the
 * def's SSE register) gets the registers of the tied operand's class as
 * its register set: the allocator then copies the value into that class
 * first (CAPTURE.md "Constraints"). */
static void cross_class_tie(Builder &b, Ins *ins, int j, int to)
{
	Op &o = ins->ops[j];
	if (o.kind != OK_PSEUDO)
		return;
	int cj = op_class(b.fn, &o), ct = op_class(b.fn, &ins->ops[to]);
	if (cj < 0 || ct < 0 || cj == ct || ct >= RC_NALLOC)
		return;
	const Op &t = ins->ops[to];
	o.allowed = t.kind == OK_PSEUDO && t.allowed
			    ? t.allowed
			    : target_allocatable(target_x86_64(), ct,
						 b.fn->frame_pointer);
}

/* Orders the operands: definitions first, then uses, each in the order
 * found; remaps ties.  Merges repeated mentions of one register outside
 * the recog operands. */
static Ins *finish_ins(Builder &b, int kind, int uid, const char *name,
		       const std::vector<int> &tie_to_src)
{
	int n = (int)b.ops.size();
	std::vector<int> order, pos(n, -1);
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < n; k++) {
			bool def = (b.ops[k].flags & OF_DEF) != 0;
			if (def == (pass == 0))
				order.push_back(k);
		}
	/* Merge duplicates among the extra (non-recog) register operands. */
	std::vector<int> keep;
	for (int k : order) {
		const Op &o = b.ops[k];
		int merged = -1;
		if (b.op_src[k] < 0 &&
		    (o.kind == OK_PSEUDO || o.kind == OK_HREG))
			for (int j : keep) {
				const Op &q = b.ops[j];
				if (b.op_src[j] < 0 && q.kind == o.kind &&
				    q.reg == o.reg && q.sub_off == o.sub_off &&
				    q.sub_size == o.sub_size &&
				    q.allowed == o.allowed) {
					merged = j;
					break;
				}
			}
		if (merged >= 0) {
			b.ops[merged].flags |= o.flags;
			pos[k] = pos[merged];
			continue;
		}
		pos[k] = (int)keep.size();
		keep.push_back(k);
	}
	Ins *ins = ins_new(b.fn, kind, (int)keep.size());
	ins->uid = uid;
	ins->name = name ? fn_strdup(b.fn, name, strlen(name)) : nullptr;
	ins->clobbers = b.clobbers;
	/* First IR operand of each recog operand, for ties. */
	std::vector<int> first_of(MAX_RECOG_OPERANDS, -1);
	for (int k = 0; k < n; k++)
		if (b.op_src[k] >= 0 && first_of[b.op_src[k]] < 0)
			first_of[b.op_src[k]] = pos[k];
	for (size_t j = 0; j < keep.size(); j++) {
		int k = keep[j];
		ins->ops[j] = b.ops[k];
		ins->ops[j].tie = -1;
		int src = b.op_src[k];
		if (src >= 0 && tie_to_src[src] >= 0) {
			int to = first_of[tie_to_src[src]];
			const Op &q = ins->ops[j];
			/* matched to a memory-only operand: LRA goes
			 * through a temporary register the IR does not
			 * show (CAPTURE.md "Constraints", step 4) */
			if (to >= 0 && to != (int)j &&
			    (q.kind == OK_PSEUDO || q.kind == OK_HREG) &&
			    ins->ops[to].kind != OK_IMM &&
			    ins->ops[to].kind != OK_SYM &&
			    !(ins->ops[to].flags & OF_MEMONLY) &&
			    !(q.flags & OF_MEMONLY)) {
				ins->ops[j].tie = (int8_t)to;
				cross_class_tie(b, ins, (int)j, to);
			}
		}
	}
	b.ops.clear();
	b.op_src.clear();
	b.clobbers = 0;
	return ins;
}

/* Whether insn is a whole-register copy between two registers of one
 * allocatable class (CAPTURE.md "Kinds"). */
static bool is_copy(Builder &b, rtx pat)
{
	if (GET_CODE(pat) != SET)
		return false;
	rtx d = SET_DEST(pat), s = SET_SRC(pat);
	if (!REG_P(d) || !REG_P(s) || GET_MODE(d) != GET_MODE(s) ||
	    REGNO(d) == REGNO(s))
		return false;
	int cls[2];
	rtx r[2] = {d, s};
	for (int k = 0; k < 2; k++) {
		if (HARD_REGISTER_P(r[k])) {
			if (hard_regno_nregs(REGNO(r[k]), GET_MODE(r[k])) != 1)
				return false;
			int c = capture_core_reg(REGNO(r[k]));
			if (c < 0 || RS_HAS(target_x86_64()->never_alloc, c))
				return false;
			cls[k] = target_x86_64()->regs[c].cls;
		} else {
			const char *why;
			cls[k] = pseudo_class(b, REGNO(r[k]), &why);
		}
	}
	if (cls[0] < 0 || cls[0] >= RC_NALLOC || cls[1] < 0 ||
	    cls[1] >= RC_NALLOC)
		return false;
	/* a float between an SSE and an x87 register: no register move
	 * exists, the copy goes through memory (CAPTURE.md "Floats in x87
	 * registers") */
	return cls[0] == cls[1] ||
	       (GET_MODE_CLASS(GET_MODE(d)) == MODE_FLOAT &&
		(cls[0] == RC_X87) != (cls[1] == RC_X87) &&
		cls[0] != RC_GPR && cls[1] != RC_GPR);
}

/* The copy in b.ops (is_copy) between an x87 and an SSE value: its
 * pseudo operands get `mem` (OF_MEM), since x86 has no register move
 * between the two, so one side of the copy is memory (fld/fst of a
 * slot; CAPTURE.md "Floats in x87 registers"). */
static void x87_copy_mem(Builder &b)
{
	if (b.ops.size() != 2)
		return;
	const Target *t = target_x86_64();
	int cls[2];
	for (int k = 0; k < 2; k++) {
		const Op &o = b.ops[k];
		cls[k] = o.kind == OK_PSEUDO ? b.fn->pseudo[o.reg].cls
					     : t->regs[o.reg].cls;
	}
	if (cls[0] == cls[1] || (cls[0] != RC_X87 && cls[1] != RC_X87))
		return;
	for (Op &o : b.ops)
		if (o.kind == OK_PSEUDO)
			o.flags |= OF_MEM;
}

/* Whether x is the low part of an address constant ((subreg:SI
 * (symbol_ref:DI a) 0), loaded by lea). */
static bool lowpart_constant(rtx x)
{
	return GET_CODE(x) == SUBREG && CONSTANT_P(SUBREG_REG(x)) &&
	       known_eq(SUBREG_BYTE(x), 0);
}

/* Whether insn only sets a whole pseudo to a constant (an immediate, an
 * address constant, a constant-pool load, or the float_extend of a
 * constant-pool float: capture_extend_value), clobbering at most flags:
 * the instruction can be recomputed anywhere (IR `[remat]`). */
static bool is_remat(rtx_insn *insn)
{
	rtx pat = PATTERN(insn);
	rtx set = pat;
	if (GET_CODE(pat) == PARALLEL) {
		set = NULL_RTX;
		for (int k = 0; k < XVECLEN(pat, 0); k++) {
			rtx e = XVECEXP(pat, 0, k);
			if (GET_CODE(e) == SET && !set)
				set = e;
			else if (GET_CODE(e) != CLOBBER ||
				 !REG_P(XEXP(e, 0)) ||
				 REGNO(XEXP(e, 0)) != FLAGS_REG)
				return false;
		}
	}
	if (!set || GET_CODE(set) != SET)
		return false;
	rtx d = SET_DEST(set), s = SET_SRC(set);
	if (!REG_P(d) || HARD_REGISTER_P(d))
		return false;
	if (lowpart_constant(s))
		return true;
	if (CONSTANT_P(s))
		return true;
	if (capture_extend_value(s))
		return true;
	return capture_readonly_mem(s);
}

/* Whether insn is exactly (set (reg p) (reg frame|argp)), p a pseudo of
 * the pointer's mode, captured as ins `=p, %frame` / `=p, %argp`
 * ([ptrcopy], CAPTURE.md "Kinds"): a copy of a soft pointer, whose
 * value never changes in the function. */
static bool is_ptr_copy(rtx_insn *insn, const Ins *ins)
{
	rtx pat = PATTERN(insn);
	if (GET_CODE(pat) != SET)
		return false;
	rtx d = SET_DEST(pat), s = SET_SRC(pat);
	if (!REG_P(d) || HARD_REGISTER_P(d) || !REG_P(s) ||
	    (REGNO(s) != FRAME_POINTER_REGNUM &&
	     REGNO(s) != ARG_POINTER_REGNUM) ||
	    GET_MODE(d) != GET_MODE(s) || GET_MODE(s) != Pmode)
		return false;
	const Op *o = ins->ops;
	int want = capture_core_reg(REGNO(s));
	return ins->nops == 2 && o[0].kind == OK_PSEUDO &&
	       o[0].reg == (int)REGNO(d) &&
	       (o[0].flags & (OF_DEF | OF_USE)) == OF_DEF && !o[0].sub_size &&
	       o[1].kind == OK_HREG && o[1].reg == want &&
	       (o[1].flags & (OF_DEF | OF_USE)) == OF_USE;
}

/* For a [remat] insn (is_remat) that loads read-only memory: the
 * constant it loads (capture_pool_value, an immediate) when it is a
 * constant-pool entry the IR can write as one, else the memory as
 * [$SYM+OFF] (OK_MEMSYM), appended as a use, so that a checker can
 * compare it with what an allocator rematerialises (the post-RA
 * translation names such memory the same way); for one that loads the
 * low part of an address constant, that constant. */
static void add_pool_operand(Builder &b, rtx_insn *insn)
{
	rtx set = single_set(insn);
	rtx s = set ? SET_SRC(set) : NULL_RTX;
	if (s && lowpart_constant(s)) {
		/* Not a recog operand of its own: its value (the register
		 * takes the low part). */
		add_const(b, SUBREG_REG(s), -1);
		return;
	}
	if (rtx v = s ? capture_extend_value(s) : NULL_RTX) {
		/* the extended constant: an XF float, named by its bits */
		add_const(b, v, -1);
		return;
	}
	if (!s || !MEM_P(s))
		return;
	if (rtx v = capture_pool_value(s)) {
		add_const(b, v, -1);
		return;
	}
	rtx a = XEXP(s, 0), off = NULL_RTX;
	if (GET_CODE(a) == CONST)
		a = XEXP(a, 0);
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1))) {
		off = XEXP(a, 1);
		a = XEXP(a, 0);
	}
	const char *name = ir_symbol(b, XSTR(a, 0));
	if (!name) {
		give_up(b, "symbol name the IR cannot spell");
		return;
	}
	Op o = new_op(OK_MEMSYM, OF_USE);
	o.sym = name;
	o.imm = off ? INTVAL(off) : 0;
	push_op(b, o, -1);
}

/* Whether x is read-only memory at an address constant: a constant-pool
 * entry, or a MEM_READONLY_P (never modified while the program runs),
 * not volatile, symbol plus a constant. */
bool capture_readonly_mem(const_rtx x)
{
	if (!MEM_P(x) || MEM_VOLATILE_P(x))
		return false;
	rtx a = XEXP(x, 0);
	if (GET_CODE(a) == SYMBOL_REF && CONSTANT_POOL_ADDRESS_P(a))
		return true;
	if (!MEM_READONLY_P(x))
		return false;
	if (GET_CODE(a) == CONST)
		a = XEXP(a, 0);
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1)))
		a = XEXP(a, 0);
	return GET_CODE(a) == SYMBOL_REF;
}

/* The constant a constant-pool MEM x holds, in x's mode, when the IR
 * writes it as an immediate of the same bits (capture_const_bits): an
 * integer or a scalar float of at most 8 bytes; NULL_RTX otherwise (not
 * a pool entry, a vector, a wider value). */
rtx capture_pool_value(const_rtx x)
{
	if (!MEM_P(x) || MEM_VOLATILE_P(x) ||
	    GET_MODE_SIZE(GET_MODE(x)).to_constant() > 8)
		return NULL_RTX;
	rtx a = XEXP(x, 0);
	if (GET_CODE(a) != SYMBOL_REF || !CONSTANT_POOL_ADDRESS_P(a))
		return NULL_RTX;
	rtx v = avoid_constant_pool_reference(CONST_CAST_RTX(x));
	if (v == x)
		return NULL_RTX;
	if (CONST_INT_P(v))
		return v;
	if (GET_CODE(v) == CONST_DOUBLE && SCALAR_FLOAT_MODE_P(GET_MODE(v)) &&
	    GET_MODE_SIZE(GET_MODE(v)).to_constant() <= 8)
		return v;
	return NULL_RTX;
}

/* The constant (float_extend:M X) computes, X a constant-pool MEM
 * holding a scalar float of a narrower float mode (capture_pool_value):
 * that float converted to M, a CONST_DOUBLE of mode M, which the IR
 * names by all its bits (capture_const_bits); NULL_RTX for anything
 * else, and for a NaN (whose extension GCC's real arithmetic and the
 * x87's fld may quiet differently).  Extending a float to a wider
 * format is exact, so the value depends only on X's bits and M: the
 * capture names a [remat] `(set (reg p) (float_extend:XF (mem .LC0)))`
 * by it, and the post-RA translation names the same expression, or a
 * pool entry of mode M holding that value, the same way. */
rtx capture_extend_value(const_rtx x)
{
	if (GET_CODE(x) != FLOAT_EXTEND || !SCALAR_FLOAT_MODE_P(GET_MODE(x)))
		return NULL_RTX;
	rtx v = capture_pool_value(XEXP(x, 0));
	if (!v || GET_CODE(v) != CONST_DOUBLE ||
	    !SCALAR_FLOAT_MODE_P(GET_MODE(v)))
		return NULL_RTX;
	scalar_float_mode to = as_a<scalar_float_mode>(GET_MODE(x));
	scalar_float_mode from = as_a<scalar_float_mode>(GET_MODE(v));
	if (GET_MODE_PRECISION(from) >= GET_MODE_PRECISION(to) ||
	    REAL_VALUE_ISNAN(*CONST_DOUBLE_REAL_VALUE(v)))
		return NULL_RTX;
	REAL_VALUE_TYPE r;
	real_convert(&r, to, CONST_DOUBLE_REAL_VALUE(v));
	if (!real_identical(&r, CONST_DOUBLE_REAL_VALUE(v)))
		return NULL_RTX; /* not exact: no such widening */
	return const_double_from_real_value(r, to);
}

/* Whether bb has an edge to the exit block. */
static bool exits(function *fun, basic_block bb)
{
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (e->dest == EXIT_BLOCK_PTR_FOR_FN(fun))
			return true;
	return false;
}

/* The callee's name of a direct call, or NULL. */
static const char *callee_name(rtx_insn *insn)
{
	rtx call = get_call_rtx_from(insn);
	if (!call)
		return nullptr;
	rtx mem = XEXP(call, 0);
	if (!MEM_P(mem) || GET_CODE(XEXP(mem, 0)) != SYMBOL_REF)
		return nullptr;
	const char *s = XSTR(XEXP(mem, 0), 0);
	return *s == '*' ? s + 1 : s;
}

/* The call's ABI clobber set over the modelled registers. */
static RegSet call_clobbers(rtx_insn *insn)
{
	HARD_REG_SET hs = insn_callee_abi(insn).full_reg_clobbers();
	const Target *t = target_x86_64();
	RegSet s = 0;
	for (int c = 0; c < TGT_NREGS; c++) {
		if (c == R_SP || c == R_ARGP || c == R_FRAME ||
		    !core_modelled(c))
			continue;
		if (TEST_HARD_REG_BIT(hs, t->regs[c].gccno))
			s |= RS_BIT(c);
	}
	return s;
}

static void capture_operands(Builder &b, Blk *blk, rtx_insn *insn, int code,
			     int alt);

/* Whether every recog operand naming pseudo p (whole or a subreg) only
 * reads it (OP_IN). */
static bool reads_only(int p)
{
	for (int i = 0; i < recog_data.n_operands; i++) {
		rtx r = reg_of(recog_data.operand[i]);
		if (REG_P(r) && (int)REGNO(r) == p &&
		    recog_data.operand_type[i] != OP_IN)
			return false;
	}
	return true;
}

/* Pseudo p, moved to the other class by an earlier attempt, is wanted in
 * class cls by the current insn (CAPTURE.md "Pseudos in both classes").
 * If the insn only reads p, p is split: it keeps its class and the reads
 * of the other class go through copies; if it writes p, p goes back to
 * cls (its definition's class) and is split, so the reads that moved it
 * get the copies.  False when p was split already: a definition needs
 * the other class (defined in both, or read-modify-written there). */
static bool class_conflict(Builder &b, int p, int cls)
{
	if (p < (int)b.split->size() && (*b.split)[p])
		return false;
	if (!reads_only(p))
		b.staged.push_back({p, cls});
	b.staged_split.push_back(p);
	b.restart = true;
	return true;
}

/* Whether recog operand i of the extracted insn under alternative row oa
 * is a read of a split pseudo that the alternative wants in the other
 * class (operand_fits accepted it through copied_read). */
static bool class_copy_needed(Builder &b, const operand_alternative *oa,
			      int i)
{
	rtx x = recog_data.operand[i];
	if (shape_of(x) != SH_REG || oa[i].anything_ok || oa[i].matches >= 0 ||
	    !copied_read(b, i))
		return false;
	int p = (int)REGNO(reg_of(x));
	int cls = b.fn->pseudo[p].cls;
	RegSet regs = operand_regs(oa, i);
	const Target *t = target_x86_64();
	int other = cls == RC_GPR ? RC_SSE : RC_GPR;
	return !(regs & t->class_regs[cls]) && (regs & t->class_regs[other]);
}

/* For each read of a split pseudo p that alternative row oa wants in the
 * other class: a new pseudo q of that class and p's size, and `copy =q,
 * p` appended to blk (before the insn), with a UID above every GCC UID
 * of the function; the operand then reads q (b.copy_to).  One copy per
 * pseudo and insn. */
static void insert_class_copies(Builder &b, Blk *blk,
				const operand_alternative *oa)
{
	for (int i = 0; i < recog_data.n_operands; i++) {
		if (!class_copy_needed(b, oa, i))
			continue;
		int p = (int)REGNO(reg_of(recog_data.operand[i]));
		/* one copy per pseudo, insn and direction: a read never
		 * shares the new pseudo a definition writes (defined only
		 * after the insn) */
		bool in = recog_data.operand_type[i] == OP_IN;
		for (int j = 0; j < i && b.copy_to[i] < 0; j++)
			if (b.copy_to[j] >= 0 &&
			    (recog_data.operand_type[j] == OP_IN) == in &&
			    (int)REGNO(reg_of(recog_data.operand[j])) == p)
				b.copy_to[i] = b.copy_to[j];
		if (b.copy_to[i] >= 0)
			continue;
		int q = b.next_scratch++;
		int cls = b.fn->pseudo[p].cls == RC_GPR ? RC_SSE : RC_GPR;
		fn_declare_pseudo(b.fn, q, cls, b.fn->pseudo[p].size);
		bool def = recog_data.operand_type[i] != OP_IN;
		Ins *c = ins_new(b.fn, IK_COPY, 2);
		c->uid = b.next_copy_uid++;
		c->ops[0] = new_op(OK_PSEUDO, OF_DEF);
		c->ops[0].reg = def ? p : q;
		c->ops[1] = new_op(OK_PSEUDO, OF_USE);
		c->ops[1].reg = def ? q : p;
		if (def)
			b.copies_after.push_back(c);
		else
			ins_append(blk, c);
		b.copy_to[i] = q;
	}
}

/* Translates one insn into an instruction appended to blk. */
static void capture_insn(Builder &b, Blk *blk, rtx_insn *insn)
{
	rtx pat = PATTERN(insn);
	int uid = INSN_UID(insn);
	std::vector<int> no_ties(MAX_RECOG_OPERANDS, -1);
	b.insn = insn;
	b.ops.clear();
	b.op_src.clear();
	b.clobbers = 0;

	if (GET_CODE(pat) == ASM_INPUT ||
	    (GET_CODE(pat) == PARALLEL &&
	     GET_CODE(XVECEXP(pat, 0, 0)) == ASM_INPUT)) {
		/* A basic asm: no operands, maybe clobbers. */
		Walk w;
		w.b = &b;
		w.have_recog = false;
		walk_pattern(w, &PATTERN(insn));
		ins_append(blk, finish_ins(b, IK_ORD, uid, "asm", no_ties));
		return;
	}
	if (GET_CODE(pat) == USE || GET_CODE(pat) == CLOBBER) {
		Walk w;
		w.b = &b;
		w.have_recog = false;
		walk_pattern(w, &PATTERN(insn));
		int kind = IK_ORD;
		const char *name = GET_CODE(pat) == USE ? "use" : "clobber";
		if (GET_CODE(pat) == USE && REG_P(XEXP(pat, 0)) &&
		    HARD_REGISTER_P(XEXP(pat, 0)) && exits(b.fun, b.bb)) {
			kind = IK_RET;
			name = nullptr;
		}
		ins_append(blk, finish_ins(b, kind, uid, name, no_ties));
		return;
	}
	if (!CALL_P(insn) && is_copy(b, pat)) {
		add_reg(b, SET_DEST(pat), OF_DEF, -1);
		add_reg(b, SET_SRC(pat), OF_USE, -1);
		b.op_src.assign(b.ops.size(), -2);
		x87_copy_mem(b);
		ins_append(blk, finish_ins(b, IK_COPY, uid, nullptr, no_ties));
		return;
	}
	int code = recog_memoized(insn);
	if (code < 0 && asm_noperands(pat) < 0) {
		give_up_insn(b, "unrecognised insn", insn);
		return;
	}
	extract_insn(insn);
	preprocess_constraints(insn);
	int swapped;
	b.wants.clear();
	for (int &q : b.copy_to)
		q = -1;
	b.copies_after.clear();
	int alt = choose_alternative(b, insn, &swapped);
	capture_operands(b, blk, insn, code, alt);
	if (swapped >= 0)
		swap_operands(swapped);
}

/* Whether recog operand i is a register or a scratch: only such an
 * operand can be tied to another.  A memory operand matched to a
 * register operand (`*vec_interleave_lowv2df =p163, [p107+p82] ^0, p162`,
 * chosen by the non-strict alternative search) is loaded into the
 * def's register by the allocator; its address registers are read where
 * they are, so they are not tied (CAPTURE.md "Constraints"). */
static bool register_shaped(int i)
{
	OperandShape s = shape_of(recog_data.operand[i]);
	return s == SH_REG || s == SH_SCRATCH;
}

/* Appends insn (extracted, constraints preprocessed, alternative alt
 * chosen) with its operands. */
static void capture_operands(Builder &b, Blk *blk, rtx_insn *insn, int code,
			     int alt)
{
	if (b.why)
		return;
	if (alt < 0 && !b.wants.empty()) {
		/* Retry the function with these pseudos in the other class;
		 * one moved already is split instead (class_conflict). */
		std::vector<std::pair<int, int>> moves;
		for (auto &w : b.wants) {
			if (w.first < (int)b.cls_override->size() &&
			    (*b.cls_override)[w.first] >= 0) {
				if (!class_conflict(b, w.first, w.second)) {
					give_up_insn(b, "pseudo needed in both "
							"general and SSE "
							"registers",
						     insn);
					return;
				}
			} else {
				moves.push_back(w);
			}
		}
		b.wants.swap(moves);
		if (getenv("SSARA_DEBUG")) {
			print_rtl_single(stderr, insn);
			for (auto &w : b.wants)
				fprintf(stderr, "wants p%d in class %d\n",
					w.first, w.second);
		}
		/* Go on with the other insns to learn all such pseudos in
		 * one attempt. */
		b.staged.insert(b.staged.end(), b.wants.begin(), b.wants.end());
		b.restart = true;
		return;
	}
	if (alt < 0) {
		give_up_insn(b,
			     code < 0 ? "constraint the IR cannot represent"
				      : "no alternative fits with pseudos in "
					"registers",
			     insn);
		return;
	}
	const operand_alternative *oa =
		recog_data.n_alternatives
			? &recog_op_alt[alt * recog_data.n_operands]
			: nullptr;
	if (oa)
		insert_class_copies(b, blk, oa);

	Walk w;
	w.b = &b;
	w.have_recog = true;
	memset(w.role, 0, sizeof w.role);
	/* The walk below appends the extra registers; the recog operands go
	 * first, so walk into a side list. */
	std::vector<Op> saved_ops;
	std::vector<int> saved_src;
	walk_pattern(w, &PATTERN(insn));
	if (CALL_P(insn))
		for (rtx u = CALL_INSN_FUNCTION_USAGE(insn); u; u = XEXP(u, 1))
			walk_pattern(w, &XEXP(u, 0));
	saved_ops.swap(b.ops);
	saved_src.swap(b.op_src);

	std::vector<int> tie(MAX_RECOG_OPERANDS, -1);
	for (int i = 0; i < recog_data.n_operands; i++)
		if (b.copy_to[i] >= 0 &&
		    w.role[i] != (recog_data.operand_type[i] == OP_IN
					  ? R_USE
					  : R_DEF)) {
			/* the pattern's role is not the constraint's */
			give_up_insn(b, "pseudo needed in both general and "
					"SSE registers",
				     insn);
			return;
		}
	for (int i = 0; i < recog_data.n_operands; i++) {
		int fl = w.role[i] & (OF_USE | OF_DEF);
		if (recog_data.operand_type[i] == OP_INOUT)
			fl |= OF_USE | OF_DEF;
		else if (recog_data.operand_type[i] == OP_OUT)
			fl |= OF_DEF;
		if (!fl)
			fl = OF_USE;
		add_operand(b, i, fl, oa);
		if (oa && oa[i].matches >= 0 && register_shaped(i) &&
		    register_shaped(oa[i].matches))
			tie[i] = oa[i].matches;
	}
	for (size_t k = 0; k < saved_ops.size(); k++)
		push_op(b, saved_ops[k], saved_src[k]);

	int kind = IK_ORD;
	const char *name = code >= 0 ? get_insn_name(code) : "asm";
	if (CALL_P(insn)) {
		kind = IK_CALL;
		name = callee_name(insn);
		b.clobbers |= call_clobbers(insn);
	} else if (JUMP_P(insn)) {
		kind = IK_BRANCH;
	}
	bool remat = kind == IK_ORD && is_remat(insn);
	if (remat)
		add_pool_operand(b, insn);
	Ins *ins = finish_ins(b, kind, INSN_UID(insn), name, tie);
	if (remat)
		ins->flags |= INS_REMAT;
	if (kind == IK_ORD && is_ptr_copy(insn, ins))
		ins->flags |= INS_PTRCOPY;
	ins_append(blk, ins);
	for (Ins *c : b.copies_after)
		ins_append(blk, c);
}

/* ---------------------------------------------------------------- */
/* Functions.                                                        */

/* Whether the function will need a frame pointer (IRA's rule, computed
 * before IRA decides). */
static bool needs_frame_pointer(function *fun)
{
	return !flag_omit_frame_pointer ||
	       (fun->calls_alloca && EXIT_IGNORE_STACK) ||
	       crtl->accesses_prior_frames || crtl->stack_realign_needed ||
	       targetm.frame_pointer_required();
}

/* Counts of the RTL for a function the IR could not hold. */
static void rtl_size(function *fun, Capture *cap)
{
	cap->blocks = n_basic_blocks_for_fn(fun) - NUM_FIXED_BLOCKS;
	cap->insns = 0;
	std::vector<bool> seen(max_reg_num(), false);
	int np = 0;
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun)
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn))
				continue;
			cap->insns++;
			subrtx_iterator::array_type array;
			FOR_EACH_SUBRTX(iter, array, PATTERN(insn), NONCONST) {
				const_rtx x = *iter;
				if (REG_P(x) && !HARD_REGISTER_P(x) &&
				    REGNO(x) < seen.size() && !seen[REGNO(x)]) {
					seen[REGNO(x)] = true;
					np++;
				}
			}
		}
	cap->pseudos = np;
}

/* Fills the UID tables of cap: which UIDs exist before RA, which are
 * register-to-register sets (the copies, until the capture names them),
 * and each insn's block weight. */
static void note_uids(function *fun, Capture *cap)
{
	int n = get_max_uid() + 1;
	cap->uid_kind.assign(n, 0);
	cap->uid_weight.assign(n, 0.0f);
	profile_count entry = ENTRY_BLOCK_PTR_FOR_FN(fun)->count;
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		bool known = false;
		double w = bb->count.to_sreal_scale(entry, &known).to_double();
		if (!known)
			w = 1.0;
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn))
				continue;
			int uid = INSN_UID(insn);
			rtx pat = PATTERN(insn);
			bool copy = GET_CODE(pat) == SET &&
				    REG_P(SET_DEST(pat)) &&
				    REG_P(SET_SRC(pat)) && !CALL_P(insn);
			cap->uid_kind[uid] = copy ? 2 : 1;
			cap->uid_weight[uid] = (float)w;
		}
	}
}

/* Translates the blocks and insns; b.why set when giving up. */
static void capture_blocks(Builder &b)
{
	function *fun = b.fun;
	/* The core's target is the x86-64 SysV ABI. */
	if (!TARGET_64BIT || TARGET_X32) {
		give_up(b, "not the x86-64 LP64 target");
		return;
	}
	if (TARGET_64BIT_MS_ABI) {
		give_up(b, "ms_abi function");
		return;
	}
	basic_block bb;
	std::vector<int> pos(last_basic_block_for_fn(fun), -1);
	FOR_EACH_BB_FN(bb, fun) {
		Blk *blk = fn_add_block(b.fn, bb->index);
		blk->freq = bb->count.to_frequency(fun);
		blk->depth = current_loops ? bb_loop_depth(bb) : 0;
		pos[bb->index] = blk->idx;
	}
	FOR_EACH_BB_FN(bb, fun) {
		Blk *blk = b.fn->blk[pos[bb->index]];
		edge e;
		edge_iterator ei;
		FOR_EACH_EDGE(e, ei, bb->succs) {
			if (e->dest == EXIT_BLOCK_PTR_FOR_FN(fun))
				continue;
			int flags = (e->flags & (EDGE_ABNORMAL | EDGE_EH))
					    ? EF_ABNORMAL
					    : 0;
			blk_add_succ(b.fn, blk, pos[e->dest->index], flags);
		}
		b.bb = bb;
		rtx_insn *insn;
		FOR_BB_INSNS(bb, insn) {
			if (!NONDEBUG_INSN_P(insn))
				continue;
			capture_insn(b, blk, insn);
			if (b.why)
				return;
		}
	}
	basic_block first = single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(fun))
				    ? single_succ(ENTRY_BLOCK_PTR_FOR_FN(fun))
				    : nullptr;
	if (!first || first == EXIT_BLOCK_PTR_FOR_FN(fun)) {
		give_up(b, "no single entry block");
		return;
	}
	b.fn->entry = pos[first->index];
}

/* Marks the UIDs of the captured copies (kind 2 in cap->uid_kind). */
static void note_copies(Capture *cap)
{
	for (int i = 0; i < cap->fn->nblk; i++)
		for (Ins *ins = cap->fn->blk[i]->first; ins; ins = ins->next)
			if (ins->kind == IK_COPY && ins->uid > 0 &&
			    ins->uid < (int)cap->uid_kind.size())
				cap->uid_kind[ins->uid] = 2;
}

/* Checks what the IR requires of a capture (declared pseudos, subregs
 * inside their pseudo, ties to an existing other operand, edges to
 * existing blocks, UIDs); NULL when fine, else what is wrong.  A failure
 * is a bug of the capture, not of the input. */
static const char *validate_fn(const Fn *fn)
{
	static char why[160];
	if (fn->nblk == 0)
		return "no blocks";
	if (fn->entry < 0 || fn->entry >= fn->nblk)
		return "entry block out of range";
	for (int i = 0; i < fn->nblk; i++) {
		const Blk *blk = fn->blk[i];
		for (int k = 0; k < blk->nsucc; k++)
			if (blk->succ[k].blk < 0 || blk->succ[k].blk >= fn->nblk)
				return "successor out of range";
		for (const Ins *ins = blk->first; ins; ins = ins->next) {
			if (ins->uid <= 0)
				return "instruction without a UID";
			for (int k = 0; k < ins->nops; k++) {
				const Op *o = &ins->ops[k];
				if (o->tie >= ins->nops || o->tie == k) {
					snprintf(why, sizeof why,
						 "insn %d: bad tie", ins->uid);
					return why;
				}
				if (o->kind != OK_PSEUDO)
					continue;
				if (o->reg >= fn->npseudo ||
				    fn->pseudo[o->reg].cls < 0) {
					snprintf(why, sizeof why,
						 "insn %d: p%d not declared",
						 ins->uid, o->reg);
					return why;
				}
				if (o->sub_size &&
				    o->sub_off + o->sub_size >
					    fn->pseudo[o->reg].size) {
					snprintf(why, sizeof why,
						 "insn %d: subreg outside p%d",
						 ins->uid, o->reg);
					return why;
				}
			}
		}
	}
	return nullptr;
}

/* Maxlive per class from the core's pressure analysis. */
static void compute_maxlive(Capture *cap)
{
	Cfg *cfg = cfg_build(cap->fn);
	Live *lv = live_compute(cap->fn, cfg);
	Pressure pr;
	pressure_compute(cap->fn, lv, &pr);
	for (int c = 0; c < RC_NALLOC; c++)
		cap->maxlive[c] = pr.maxlive[c];
	cap->have_maxlive = true;
}

static const char *asm_name(function *fun)
{
	const char *s = IDENTIFIER_POINTER(DECL_ASSEMBLER_NAME(fun->decl));
	return *s == '*' ? s + 1 : s;
}

/* Makes cap an unsupported capture of fun with reason why (sizes counted
 * on the RTL); frees the partial translation. */
static void capture_unsupported(function *fun, Capture *cap, Fn *partial,
				const std::string &why)
{
	bool fp = partial->frame_pointer;
	fn_free(partial);
	cap->fn = fn_new(cap->name.c_str(), target_x86_64());
	cap->fn->frame_pointer = fp;
	cap->fn->unsupported = fn_strdup(cap->fn, why.c_str(), why.size());
	rtl_size(fun, cap);
}

void capture_function(function *fun, Capture *cap)
{
	regmap_init();
	set_cache_clear();
	cap->name = asm_name(fun);
	note_uids(fun, cap);

	std::vector<signed char> cls_override;
	std::vector<bool> split;
	Builder b;
	for (int attempt = 0;; attempt++) {
		b.fun = fun;
		b.fn = fn_new(cap->name.c_str(), target_x86_64());
		b.next_scratch = max_reg_num();
		b.frame_pointer = needs_frame_pointer(fun);
		b.fn->frame_pointer = b.frame_pointer;
		b.cls_override = &cls_override;
		b.split = &split;
		b.next_copy_uid = get_max_uid() + 1;
		b.why = nullptr;
		b.restart = false;
		b.staged.clear();
		b.staged_split.clear();
		capture_blocks(b);
		if (b.why || !b.restart)
			break;
		if (attempt == 4) {
			give_up(b, "pseudo classes not settled after 5 attempts");
			break;
		}
		for (auto &w : b.staged) {
			if (w.first >= (int)cls_override.size())
				cls_override.resize(w.first + 1, -1);
			cls_override[w.first] = (signed char)w.second;
		}
		for (int p : b.staged_split) {
			if (p >= (int)split.size())
				split.resize(p + 1, false);
			split[p] = true;
		}
		fn_free(b.fn);
	}
	if (b.why) {
		capture_unsupported(fun, cap, b.fn, b.why);
		return;
	}
	if (const char *bad = validate_fn(b.fn)) {
		/* A bug of the capture: tell the user once; GCC's allocation
		 * is unaffected. */
		inform(DECL_SOURCE_LOCATION(fun->decl),
		       "ssara: internal error capturing %qs: %s; the function "
		       "is counted as unsupported",
		       cap->name.c_str(), bad);
		capture_unsupported(fun, cap, b.fn,
				    std::string("internal error: ") + bad);
		return;
	}
	capture_memfx(fun, b.fn);
	cap->fn = b.fn;
	for (unsigned char &k : cap->uid_kind)
		if (k == 2)
			k = 1;
	note_copies(cap);
	fn_preds(b.fn);
	cap->blocks = b.fn->nblk;
	cap->insns = 0;
	for (int i = 0; i < b.fn->nblk; i++)
		cap->insns += blk_nins(b.fn->blk[i]);
	cap->pseudos = 0;
	for (int p = 0; p < b.fn->npseudo; p++)
		if (b.fn->pseudo[p].cls >= 0)
			cap->pseudos++;
	compute_maxlive(cap);
}
