/* bind.cc - binding a pseudo of the saved pattern to where the post-RA
 * insn has it: a register (or a word of it alone), a stack slot, a
 * constant or a memory equivalence; or the reason it cannot be located.
 */
#include "postra.h"

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

bool bind(Tr &t, int p, int sub, int size, const_rtx x, int role)
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
		if (c == t.fold_reg && (role & OF_USE)) {
			t.fail = "register of a folded sum read alone";
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
		if (c == t.fold_reg && (role & OF_USE)) {
			/* R's content before the new insn folded into this
			 * one (fold_sum): read through its sum only */
			if (!t.in_tracked) {
				t.fail = "register of a folded sum read alone";
				return false;
			}
			t.fold_used = true;
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
		int xsize = (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
		/* p, or the low `size` bytes of p read (subreg byte 0), in
		 * memory at p's address: the location of that memory, which
		 * the checker must prove holds p (its low bytes are the
		 * first ones there: little-endian) */
		int mk = !sub && ((!size && xsize == psize) ||
				  (size && size < psize && xsize == size &&
				   !(role & OF_DEF)))
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
