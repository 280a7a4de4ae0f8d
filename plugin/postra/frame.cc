/* frame.cc - the frame: the soft frame and argument pointers and their
 * elimination to sp or the hard frame pointer (addresses relative to the
 * argument pointer), the frame memory the program itself accesses, sp's
 * offset through the function, and the stack slots the allocator uses
 * (found while translating, declared at the end).
 */
#include "postra.h"

bool soft_pointer(int regno)
{
	return regno == FRAME_POINTER_REGNUM || regno == ARG_POINTER_REGNUM;
}

bool stack_mem(Tr &t, const_rtx x, int64_t *off)
{
	return MEM_P(x) && argp_offset(t, XEXP(x, 0), off);
}

bool argp_offset(const Tr &t, const_rtx a, int64_t *off)
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

void find_program_mem(Tr &t)
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

bool in_program_mem(const Tr &t, int64_t off, int size)
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

std::string argp_str(int64_t off)
{
	return "[argp" + std::string(off < 0 ? "" : "+") + std::to_string(off) +
	       "]";
}

Loc slot_loc(Tr &t, const_rtx x, int sub, int size)
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

bool eliminated_p(const_rtx x)
{
	if (GET_CODE(x) == PLUS && CONST_INT_P(XEXP(x, 1)))
		x = XEXP(x, 0);
	return REG_P(x) && (REGNO(x) == STACK_POINTER_REGNUM ||
			    (frame_pointer_needed &&
			     REGNO(x) == HARD_FRAME_POINTER_REGNUM));
}

int soft_pointer_value(Tr &t, const_rtx x)
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

void sp_step(rtx_insn *insn, int64_t *delta)
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

std::vector<int64_t> sp_at_entry(function *fun)
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

bool declare_slots(Tr &t)
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
