/* memfx.cc - the memory effects of captured insns (docs/CAPTURE.md,
 * "Memory effects"): which memory each insn loads into a pseudo, stores
 * from a pseudo or may write, and whether the address of some memory at
 * the soft frame or argument pointer escapes.  The checker of GCC's
 * allocation (docs/VERIFY.md, "Memory") proves memory equivalences with
 * them.
 */
#define INCLUDE_STRING
#define INCLUDE_VECTOR
#include "gcc-plugin.h"
#include "tree.h"
#include "rtl.h"
#include "memmodel.h"
#include "tm_p.h"
#include "function.h"
#include "basic-block.h"
#include "emit-rtl.h"
#include "regs.h"
#include "rtl-iter.h"

#include "plugin.h"


/* Whether x is the soft frame or argument pointer. */
static bool soft_reg_p(const_rtx x)
{
	return REG_P(x) && (REGNO(x) == FRAME_POINTER_REGNUM ||
			    REGNO(x) == ARG_POINTER_REGNUM);
}

enum { ESC_FRAME = 1, ESC_OTHER = 2 };

/* Which soft-pointer addresses are used in x other than as a direct
 * memory operand (MEM at SOFT or SOFT + const_int): ESC_FRAME for the
 * soft frame pointer, ESC_OTHER for the argument pointer or the hard
 * frame pointer (which before allocation counts as such a use). */
static int escapes_in(const_rtx x)
{
	if (!x)
		return 0;
	if (MEM_P(x)) {
		const_rtx a = XEXP(x, 0);
		if (soft_reg_p(a) ||
		    (GET_CODE(a) == PLUS && soft_reg_p(XEXP(a, 0)) &&
		     CONST_INT_P(XEXP(a, 1))))
			return 0;
		return escapes_in(a);
	}
	if (REG_P(x))
		return REGNO(x) == FRAME_POINTER_REGNUM ? ESC_FRAME
		       : soft_reg_p(x) || REGNO(x) == HARD_FRAME_POINTER_REGNUM
			       ? ESC_OTHER
			       : 0;
	int m = 0;
	const char *fmt = GET_RTX_FORMAT(GET_CODE(x));
	for (int i = 0; fmt[i]; i++) {
		if (fmt[i] == 'e')
			m |= escapes_in(XEXP(x, i));
		if (fmt[i] == 'E')
			for (int j = 0; j < XVECLEN(x, i); j++)
				m |= escapes_in(XVECEXP(x, i, j));
	}
	return m;
}

/* The base and offset of MEM x's address: SOFT + C (MB_FRAME/MB_ARGP),
 * SYMBOL + C (MB_SYM, sym set; false when the IR cannot spell it), or
 * MB_ANY for anything else. */
static void mem_address(const_rtx x, MemRef *m)
{
	const_rtx a = XEXP(x, 0);
	m->base = MB_ANY;
	m->off = 0;
	m->sym = nullptr;
	m->reg = 0;
	if (GET_CODE(a) == CONST)
		a = XEXP(a, 0);
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1))) {
		m->off = INTVAL(XEXP(a, 1));
		a = XEXP(a, 0);
	}
	if (soft_reg_p(a)) {
		m->base = REGNO(a) == ARG_POINTER_REGNUM ? MB_ARGP : MB_FRAME;
	} else if (GET_CODE(a) == SYMBOL_REF && !SYMBOL_REF_TLS_MODEL(a) &&
		   !CONSTANT_POOL_ADDRESS_P(a)) {
		/* (a pool entry is read-only: the capture lists it as an
		 * operand, CAPTURE.md "Remat") */
		m->sym = capture_symbol_spelling(XSTR(a, 0));
		if (m->sym)
			m->base = MB_SYM;
	}
	if (m->base == MB_ANY)
		m->off = 0;
}

/* MEM x as a known access of kind k (MR_*): its address and size; false
 * when the address is not known or the size not 1..64 bytes. */
static bool known_access(const_rtx x, int k, MemRef *m)
{
	m->kind = (uint8_t)k;
	mem_address(x, m);
	m->size = 0;
	if (!GET_MODE_SIZE(GET_MODE(x)).is_constant())
		return false;
	int size = (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
	if (m->base == MB_ANY || size < 1 || size > 64)
		return false;
	m->size = size;
	return true;
}

/* Whether pat is one SET, alone or with CLOBBERs of registers. */
static bool lone_set_p(const_rtx pat)
{
	if (GET_CODE(pat) == SET)
		return true;
	if (GET_CODE(pat) != PARALLEL || GET_CODE(XVECEXP(pat, 0, 0)) != SET)
		return false;
	for (int i = 1; i < XVECLEN(pat, 0); i++) {
		const_rtx e = XVECEXP(pat, 0, i);
		if (GET_CODE(e) != CLOBBER || !REG_P(XEXP(e, 0)))
			return false;
	}
	return true;
}

/* Whether x is a whole pseudo register. */
static bool pseudo_p(const_rtx x)
{
	return REG_P(x) && !HARD_REGISTER_P(x);
}

/* Whether address a is computed from the hard stack pointer alone: sp,
 * sp + const_int, or an autoincrement of sp (a push: PRE_DEC, PRE_INC,
 * POST_DEC, POST_INC, or PRE_MODIFY / POST_MODIFY by sp + const_int).
 * Such an address is stack memory, never a symbol's storage. */
static bool stack_address_p(const_rtx a)
{
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1)))
		a = XEXP(a, 0);
	else if (GET_CODE(a) == PRE_DEC || GET_CODE(a) == PRE_INC ||
		 GET_CODE(a) == POST_DEC || GET_CODE(a) == POST_INC)
		a = XEXP(a, 0);
	else if (GET_CODE(a) == PRE_MODIFY || GET_CODE(a) == POST_MODIFY) {
		const_rtx m = XEXP(a, 1);
		if (GET_CODE(m) != PLUS || XEXP(m, 0) != XEXP(a, 0) ||
		    !CONST_INT_P(XEXP(m, 1)))
			return false;
		a = XEXP(a, 0);
	}
	return REG_P(a) && REGNO(a) == STACK_POINTER_REGNUM;
}

/* Whether MEM x of 1..64 bytes is at a pseudo of fn plus a constant,
 * (reg p) or (plus (reg p) (const_int K)): *m the write [wr pP+K:S]. */
static bool pseudo_access(const Fn *fn, const_rtx x, MemRef *m)
{
	const_rtx a = XEXP(x, 0);
	int64_t off = 0;
	if (GET_CODE(a) == PLUS && CONST_INT_P(XEXP(a, 1))) {
		off = INTVAL(XEXP(a, 1));
		a = XEXP(a, 0);
	}
	if (!pseudo_p(a) || (int)REGNO(a) >= fn->npseudo ||
	    fn->pseudo[REGNO(a)].cls < 0)
		return false;
	/* a block (BLKmode: rep movs, a block clear) by its MEM_SIZE, which
	 * GCC's alias analysis takes as the bytes it may write */
	int size = 0;
	if (GET_MODE(x) == BLKmode) {
		if (MEM_SIZE_KNOWN_P(x) && MEM_SIZE(x).is_constant())
			size = (int)MEM_SIZE(x).to_constant();
	} else if (GET_MODE_SIZE(GET_MODE(x)).is_constant()) {
		size = (int)GET_MODE_SIZE(GET_MODE(x)).to_constant();
	}
	if (size < 1 || size > 64)
		return false;
	*m = {MR_WR, MB_REG, size, off, nullptr, (int)REGNO(a)};
	return true;
}

/* Adds the write of MEM x to ins: a known address and size, else the
 * stack at sp ([wr %sp]) for an address computed from sp alone
 * (stack_address_p), else at a pseudo plus a constant (pseudo_access:
 * the checker places it when the pseudo's value is a known address),
 * else any memory; a soft-pointer write of unknown size makes fn's
 * addresses escape (an unknown write must reach that memory). */
static void add_write(Fn *fn, Ins *ins, const_rtx x)
{
	MemRef m;
	if (!known_access(x, MR_WR, &m)) {
		if (m.base == MB_FRAME || m.base == MB_ARGP)
			fn->escapes = true;
		if (stack_address_p(XEXP(x, 0)))
			m = {MR_WR, MB_STACK, 0, 0, nullptr, 0};
		else if (!pseudo_access(fn, x, &m))
			m = {MR_WR, MB_ANY, 0, 0, nullptr, 0};
	}
	ins_add_mem(fn, ins, m);
}

/* The memory written by the destination x of a SET or CLOBBER. */
static void add_dest(Fn *fn, Ins *ins, const_rtx x)
{
	while (GET_CODE(x) == STRICT_LOW_PART || GET_CODE(x) == ZERO_EXTRACT ||
	       GET_CODE(x) == SUBREG)
		x = XEXP(x, 0);
	if (MEM_P(x))
		add_write(fn, ins, x);
}

/* The memory writes of pattern x (SETs and CLOBBERs, in PARALLELs and
 * COND_EXECs); the store of st_dest, listed as [st], is skipped. */
static void add_writes(Fn *fn, Ins *ins, const_rtx x, const_rtx st_dest)
{
	switch (GET_CODE(x)) {
	case SET:
	case CLOBBER:
		if (XEXP(x, 0) != st_dest)
			add_dest(fn, ins, XEXP(x, 0));
		break;
	case PARALLEL:
		for (int i = 0; i < XVECLEN(x, 0); i++)
			add_writes(fn, ins, XVECEXP(x, 0, i), st_dest);
		break;
	case COND_EXEC:
		add_writes(fn, ins, COND_EXEC_CODE(x), st_dest);
		break;
	default:
		break;
	}
}

/* Adds the volatile effects of pattern x to ins: [wr *] for a volatile
 * asm or an unspec_volatile; for each volatile MEM (a read included:
 * its order matters, and the checker may reorder instructions that
 * write no memory) a write of exactly its bytes when add_write knows
 * them or their base (a volatile access touches only its own bytes; the
 * write says that its content is unknown after it and keeps the insn
 * in place), else [rd *]: a volatile access at an unknown address,
 * which writes nothing unless a SET writes it (then add_writes listed
 * [wr *] or [wr pP+K:S], and [rd *] is dropped). */
static void add_volatile(Fn *fn, Ins *ins, const_rtx x)
{
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(it, array, x, ALL)
	{
		const_rtx e = *it;
		if (GET_CODE(e) == UNSPEC_VOLATILE ||
		    ((GET_CODE(e) == ASM_OPERANDS || GET_CODE(e) == ASM_INPUT) &&
		     MEM_VOLATILE_P(e)))
			ins_add_mem(fn, ins, {MR_WR, MB_ANY, 0, 0, nullptr, 0});
		else if (MEM_P(e) && MEM_VOLATILE_P(e)) {
			MemRef m;
			if (known_access(e, MR_WR, &m) || m.base != MB_ANY ||
			    stack_address_p(XEXP(e, 0)))
				add_write(fn, ins, e);
			else
				ins_add_mem(fn, ins,
					    {MR_RD, MB_ANY, 0, 0, nullptr, 0});
		}
	}
	bool any_write = false;
	for (int k = 0; k < ins->nmem; k++)
		any_write |= ins->mem[k].kind == MR_WR &&
			     (ins->mem[k].base == MB_ANY ||
			      ins->mem[k].base == MB_REG);
	/* a volatile destination is listed twice: keep its first */
	int n = 0;
	for (int k = 0; k < ins->nmem; k++) {
		const MemRef *m = &ins->mem[k];
		bool dup = m->kind == MR_RD && any_write;
		for (int j = 0; j < n && !dup; j++) {
			const MemRef *q = &ins->mem[j];
			dup = q->kind == m->kind && q->base == m->base &&
			      q->size == m->size && q->off == m->off &&
			      q->reg == m->reg &&
			      (q->sym == m->sym ||
			       (q->sym && m->sym && !strcmp(q->sym, m->sym)));
		}
		if (!dup)
			ins->mem[n++] = *m;
	}
	ins->nmem = n;
}

/* Lists insn's memory effects on ins: [ld] for exactly "pseudo := MEM",
 * [st] for exactly "MEM := pseudo" (same mode, not volatile, known
 * address), [wr] for every other memory write, and the volatile effects
 * (add_volatile). */
static void insn_memfx(Fn *fn, Ins *ins, rtx_insn *insn)
{
	rtx pat = PATTERN(insn);
	const_rtx st_dest = nullptr;
	if (lone_set_p(pat)) {
		rtx set = GET_CODE(pat) == SET ? pat : XVECEXP(pat, 0, 0);
		rtx d = SET_DEST(set), s = SET_SRC(set);
		MemRef m;
		if (pseudo_p(d) && MEM_P(s) && !MEM_VOLATILE_P(s) &&
		    GET_MODE(d) == GET_MODE(s) && known_access(s, MR_LD, &m))
			ins_add_mem(fn, ins, m);
		if (MEM_P(d) && pseudo_p(s) && !MEM_VOLATILE_P(d) &&
		    GET_MODE(d) == GET_MODE(s) && known_access(d, MR_ST, &m)) {
			ins_add_mem(fn, ins, m);
			st_dest = d;
		}
	}
	add_writes(fn, ins, pat, st_dest);
	if (volatile_refs_p(pat))
		add_volatile(fn, ins, pat);
}

void capture_memfx(function *fun, Fn *fn)
{
	/* the captured instruction of each insn uid (copies the capture
	 * added have uids above GCC's: no insn has them) */
	int nuid = get_max_uid() + 1;
	std::vector<Ins *> by_uid(nuid, nullptr);
	for (int b = 0; b < fn->nblk; b++)
		for (Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid > 0 && i->uid < nuid)
				by_uid[i->uid] = i;
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun)
	FOR_BB_INSNS(bb, insn)
	{
		if (!NONDEBUG_INSN_P(insn))
			continue;
		int esc = escapes_in(PATTERN(insn)) |
			  (CALL_P(insn)
				   ? escapes_in(CALL_INSN_FUNCTION_USAGE(insn))
				   : 0);
		if (esc & ESC_OTHER)
			fn->escapes = true;
		if (esc & ESC_FRAME)
			fn->frame_escapes = true;
		Ins *ins = by_uid[INSN_UID(insn)];
		if (!ins)
			return; /* not captured: effects unknown, no memfx */
		insn_memfx(fn, ins, insn);
	}
	fn->memfx = true;
}
