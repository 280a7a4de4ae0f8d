/* constants.cc - constants and memory equivalences: the constant
 * location that names an immediate, an address constant, read-only
 * memory or memory the capture models (a pseudo's memory equivalence),
 * and the capture's [remat] constants.
 */
#include "postra.h"

int const_of(Tr &t, const_rtx x, int kind_for_sym)
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

bool readonly_mem_p(const_rtx x)
{
	return capture_readonly_mem(x);
}

int mem_const(Tr &t, const_rtx x)
{
	if (rtx v = capture_pool_value(x))
		return fn_intern_const(t.alloc, OK_IMM, capture_const_bits(v),
				       nullptr);
	return const_of(t, XEXP(x, 0), OK_MEMSYM);
}

int part_mem_const(Tr &t, const_rtx x, int sub)
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

int mem_equiv_const(Tr &t, const_rtx x)
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

void init_remat_const(Tr &t)
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
