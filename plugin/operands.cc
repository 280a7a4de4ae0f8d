/* operands.cc - the operands of the instruction being built
 * (capture.h's Builder): the core class of each pseudo (CAPTURE.md
 * "Pseudos"), the IR operands of registers, constants and addresses,
 * the alternative chosen for an insn (CAPTURE.md "Constraints"), and
 * the walk of its pattern that gives each recog operand its role and
 * finds the registers outside them.
 */
#include "capture.h"

/* ---------------------------------------------------------------- */
/* Pseudos and operands (CAPTURE.md "Pseudos", "Operands").         */

void give_up(Builder &b, const char *why)
{
	if (!b.why)
		b.why = fn_strdup(b.fn, why, strlen(why));
}

void give_up_insn(Builder &b, const char *what, rtx_insn *insn)
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
		/* OImode and XImode (32 and 64 bytes): one SSE register
		 * (ymm, zmm) where the ISA lets one hold it, as IRA has
		 * them, else memory */
		if (targetm.hard_regno_mode_ok(FIRST_SSE_REG, m))
			return RC_SSE;
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
		 * CAPTURE.md "Pseudos"). */
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

int other_class(int cls, RegSet regs)
{
	const Target *t = target_x86_64();
	/* a general value that only mask registers fit goes to class mask
	 * (a compare's __mmask in "k"), a mask value that general ones
	 * fit to gpr; otherwise general <-> SSE as always (an x87 value's
	 * "other" class stays gpr, which no SSE or x87 operand meets) */
	if (cls == RC_GPR && !(regs & t->class_regs[RC_SSE]) &&
	    (regs & t->class_regs[RC_MASK]))
		return RC_MASK;
	return cls == RC_GPR ? RC_SSE : RC_GPR;
}

int pseudo_class(Builder &b, int regno, const char **why)
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

Op new_op(int kind, int flags)
{
	Op o;
	memset(&o, 0, sizeof o);
	o.kind = (uint8_t)kind;
	o.flags = (uint8_t)flags;
	o.tie = -1;
	o.from = -1;
	return o;
}

void push_op(Builder &b, const Op &o, int src)
{
	b.ops.push_back(o);
	b.op_src.push_back(src);
}

const char *ir_symbol(Builder &b, const char *s)
{
	s = capture_symbol_spelling(s);
	return s ? fn_strdup(b.fn, s, strlen(s)) : nullptr;
}

void add_const(Builder &b, rtx x, int src)
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

void add_reg(Builder &b, rtx x, int flags, int src)
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

void add_address(Builder &b, rtx x, reg_class_t cl, int src)
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

reg_class_t base_class(machine_mode m)
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

/* A stack slot of operand i's mode (a word for a constant), as an
 * allocator's slot would be: (mem (plus sp 16)). */
static rtx slot_shaped_mem(int i)
{
	machine_mode m = GET_MODE(recog_data.operand[i]);
	if (m == VOIDmode)
		m = word_mode;
	return gen_rtx_MEM(m, plus_constant(Pmode, stack_pointer_rtx, 16));
}

bool alt_memory_ok(const operand_alternative *oa, int i)
{
	if (oa[i].memory_ok || oa[i].anything_ok)
		return true;
	rtx slot = NULL_RTX;
	return any_constraint(oa, i, [&](enum constraint_num cn) {
		if (cn == CONSTRAINT__UNKNOWN)
			return true;
		enum constraint_type t = get_constraint_type(cn);
		if (t == CT_MEMORY || t == CT_SPECIAL_MEMORY ||
		    t == CT_RELAXED_MEMORY)
			return true;
		if (t != CT_FIXED_FORM)
			return false;
		/* insn_extra_constraint_allows_reg_mem says "memory" for any
		 * test it cannot read, x86's `n` in `*movqi_internal`'s "qn"
		 * too: ask the constraint about a slot itself (`BM` takes
		 * one, `n` does not) */
		if (!slot)
			slot = slot_shaped_mem(i);
		return constraint_satisfied_p(slot, cn);
	});
}

OperandShape shape_of(rtx x)
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

rtx reg_of(rtx x)
{
	return GET_CODE(x) == SUBREG ? SUBREG_REG(x) : x;
}

machine_mode reg_mode(rtx x)
{
	rtx r = reg_of(x);
	if (REG_P(r) && !HARD_REGISTER_P(r))
		return PSEUDO_REGNO_MODE(REGNO(r));
	return GET_MODE(x);
}

RegSet operand_regs(const operand_alternative *oa, int i)
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

int operand_value_class(Builder &b, int i)
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
 * classes").  The mentions are not counted with count_occurrences
 * (..., 0), which skips a SET_DEST that is the register itself: with it
 * a plain register definition would qualify only when one other mention
 * read the pseudo, and that read would be renamed to the new pseudo
 * written after it (980506-2.c __nextafterf: `=p124, p124 mem` read p124
 * undefined); a definition mentioned nowhere else (*vec_extractv2di_1)
 * would never qualify. */
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

bool copied_read(Builder &b, int i)
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

bool asm_memonly(Builder &b, const operand_alternative *oa, int i)
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

bool part_in_no_reg(rtx x, int cls)
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
		int other = other_class(cls, regs);
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
				/* the rest decides nothing once this
				 * alternative's wants cannot be kept */
				if (!class_only || !first_wants.empty() ||
				    best >= 0)
					break;
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
		if (best_reject == 0)
			break; /* no later alternative is less disparaged */
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

void swap_operands(int c)
{
	std::swap(recog_data.operand[c], recog_data.operand[c + 1]);
	std::swap(recog_data.operand_loc[c], recog_data.operand_loc[c + 1]);
}

int choose_alternative(Builder &b, rtx_insn *insn, int *swapped)
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

void walk_pattern(Walk &w, rtx *loc)
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
