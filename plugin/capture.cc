/* capture.cc - GCC's pre-RA RTL of one function into the core IR:
 * each insn's instruction (its operands from operands.cc, its kind,
 * [remat] and [ptrcopy] marks, cross-class copies), then the function
 * (capture_function: blocks, retries with new pseudo classes,
 * validation, memory effects, sizes).  See capture.h for the parts.
 */
#include "capture.h"

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
			int cls = (regs & t->class_regs[RC_GPR])    ? RC_GPR
				  : (regs & t->class_regs[RC_SSE])  ? RC_SSE
				  : (regs & t->class_regs[RC_X87])  ? RC_X87
				  : (regs & t->class_regs[RC_MASK]) ? RC_MASK
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
			if (b.sites)
				b.sites->extra_mode[p] = GET_MODE(x);
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
			    : fn_allocatable(b.fn, ct);
}

/* With substitution: the RTL site of each kept operand (subst.h), by
 * uid.  A pseudo that is recog operand src itself (a register, subreg
 * or scratch) sits at recog_data.operand_loc[src] (swapped already when
 * choose_alternative swapped a commutative pair) and at its match_dups;
 * others (address registers, registers outside the recog operands,
 * copies) are found in the pattern by their pseudo.  Called while
 * recog_data describes the insn. */
static void record_sites(Builder &b, int uid, const std::vector<int> &keep)
{
	if (b.swapped >= 0)
		b.sites->swapped[uid] = {recog_data.operand_loc[b.swapped],
					 recog_data.operand_loc[b.swapped + 1]};
	std::vector<OpSite> &v = b.sites->by_uid[uid];
	v.assign(keep.size(), OpSite());
	for (size_t j = 0; j < keep.size(); j++) {
		int k = keep[j], src = b.op_src[k];
		if (src < 0 || b.ops[k].kind != OK_PSEUDO)
			continue;
		OperandShape sh = shape_of(recog_data.operand[src]);
		if (sh != SH_REG && sh != SH_SCRATCH)
			continue;
		OpSite &st = v[j];
		st.loc = recog_data.operand_loc[src];
		for (int d = 0; d < recog_data.n_dups; d++) {
			int n = recog_data.dup_num[d];
			if (b.swapped >= 0 &&
			    (n == b.swapped || n == b.swapped + 1))
				st.bad = true;
			else if (n == src)
				st.dups.push_back(recog_data.dup_loc[d]);
		}
	}
}

/* Orders the operands: definitions first, then uses, each in the order
 * found; remaps ties.  Merges repeated mentions of one register outside
 * the recog operands. */
/* [comm K] on ins (docs/IR.md) when recog operands c and c + 1 are
 * commutative (`%` in c's constraint, GCC's mark) and became ins's
 * operands K and K + 1 (first_of: the first IR operand of each recog
 * operand), both reads of pseudos: an allocator may exchange them. */
static void mark_commutative(Ins *ins, const int *first_of)
{
	for (int c = 0; c + 1 < recog_data.n_operands; c++) {
		const char *s = recog_data.constraints[c];
		int k = first_of[c];
		if (!s || !strchr(s, '%') || k < 0 || first_of[c + 1] != k + 1)
			continue;
		const Op &x = ins->ops[k], &y = ins->ops[k + 1];
		if (x.kind != OK_PSEUDO || y.kind != OK_PSEUDO ||
		    (x.flags & OF_DEF) || (y.flags & OF_DEF))
			continue;
		ins->flags |= INS_COMM;
		ins->comm = k;
		return;
	}
}

/* [mirror K] on ins (docs/IR.md) when recog operands m and m + 1 have
 * their constraints exchanged in another alternative (mirror_pair) and
 * became ins's operands K and K + 1 (first_of as for mark_commutative),
 * both reads of pseudos, one of them tied: an allocator may take that
 * alternative. */
static void mark_mirror(Ins *ins, const int *first_of, int m)
{
	if (m < 0 || (ins->flags & INS_COMM))
		return;
	int k = first_of[m];
	if (k < 0 || first_of[m + 1] != k + 1)
		return;
	const Op &x = ins->ops[k], &y = ins->ops[k + 1];
	if (x.kind != OK_PSEUDO || y.kind != OK_PSEUDO ||
	    (x.flags & OF_DEF) || (y.flags & OF_DEF) || (x.tie < 0) == (y.tie < 0))
		return;
	ins->flags |= INS_MIRROR;
	ins->comm = k;
}

/* The instruction of b's operands (name: a string that lives as long
 * as the compiler, GCC's pattern name or a literal, or nullptr). */
static Ins *finish_ins(Builder &b, int kind, int uid, const char *name,
		       const int *tie_to_src, int mirror = -1)
{
	int n = (int)b.ops.size();
	std::vector<int> &order = b.fin_order, &pos = b.fin_pos;
	order.clear();
	pos.assign(n, -1);
	for (int pass = 0; pass < 2; pass++)
		for (int k = 0; k < n; k++) {
			bool def = (b.ops[k].flags & OF_DEF) != 0;
			if (def == (pass == 0))
				order.push_back(k);
		}
	/* Merge duplicates among the extra (non-recog) register operands. */
	std::vector<int> &keep = b.fin_keep;
	keep.clear();
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
	ins->name = name; /* static: GCC's pattern name or a literal */
	ins->clobbers = b.clobbers;
	/* First IR operand of each recog operand, for ties. */
	int first_of[MAX_RECOG_OPERANDS];
	for (int k = 0; k < MAX_RECOG_OPERANDS; k++)
		first_of[k] = -1;
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
		/* soft only as a tie of a whole pseudo read to a whole
		 * pseudo defined (not read-modified-written), one class */
		const Op &q = ins->ops[j];
		if (q.tie < 0 || q.kind != OK_PSEUDO || q.sub_size ||
		    (q.flags & (OF_USE | OF_DEF)) != OF_USE ||
		    ins->ops[q.tie].kind != OK_PSEUDO ||
		    ins->ops[q.tie].sub_size ||
		    (ins->ops[q.tie].flags & (OF_USE | OF_DEF)) != OF_DEF ||
		    b.fn->pseudo[q.reg].cls != b.fn->pseudo[ins->ops[q.tie].reg].cls)
			ins->ops[j].flags &= (uint8_t)~OF_SOFT;
	}
	if (kind == IK_ORD) {
		mark_commutative(ins, first_of);
		mark_mirror(ins, first_of, mirror);
	}
	if (b.sites && uid > 0)
		record_sites(b, uid, keep);
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

/* Whether insn is exactly (set (reg p) (reg q)), p and q pseudos of one
 * mode, captured as ins `=p, q` ([xcopy], CAPTURE.md "Kinds"): a
 * register copy that is_copy refused because p and q are in two classes
 * (a DImode value moved into a pseudo that vec_concatv2di wants in SSE
 * registers). */
static bool is_class_copy(rtx_insn *insn, const Ins *ins)
{
	rtx pat = PATTERN(insn);
	if (GET_CODE(pat) != SET)
		return false;
	rtx d = SET_DEST(pat), s = SET_SRC(pat);
	if (!REG_P(d) || HARD_REGISTER_P(d) || !REG_P(s) ||
	    HARD_REGISTER_P(s) || REGNO(d) == REGNO(s) ||
	    GET_MODE(d) != GET_MODE(s))
		return false;
	const Op *o = ins->ops;
	return ins->nops == 2 && o[0].kind == OK_PSEUDO &&
	       o[0].reg == (int)REGNO(d) &&
	       (o[0].flags & (OF_DEF | OF_USE)) == OF_DEF && !o[0].sub_size &&
	       o[1].kind == OK_PSEUDO && o[1].reg == (int)REGNO(s) &&
	       (o[1].flags & (OF_DEF | OF_USE)) == OF_USE && !o[1].sub_size;
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

/* The call's ABI clobber set over the modelled registers that exist
 * in the function's ISA (no xmm16-31 or k0-k7 without AVX-512F). */
static RegSet call_clobbers(rtx_insn *insn)
{
	/* the last clobber set seen and its registers: calls of one
	 * function mostly share their ABI */
	static HARD_REG_SET last_hs;
	static RegSet last_s;
	static bool have_last;
	HARD_REG_SET hs = insn_callee_abi(insn).full_reg_clobbers();
	const Target *t = target_x86_64();
	RegSet s = 0;
	if (have_last && hs == last_hs) {
		s = last_s;
	} else {
		for (int c = 0; c < TGT_NREGS; c++) {
			if (c == R_SP || c == R_ARGP || c == R_FRAME ||
			    !core_modelled(c))
				continue;
			if (TEST_HARD_REG_BIT(hs, t->regs[c].gccno))
				s |= RS_BIT(c);
		}
		last_hs = hs;
		last_s = s;
		have_last = true;
	}
	return TARGET_AVX512F ? s : s & ~t->avx512;
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
	int other = other_class(cls, regs);
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
		int cls = other_class(b.fn->pseudo[p].cls,
				      operand_regs(oa, i));
		fn_declare_pseudo(b.fn, q, cls, b.fn->pseudo[p].size);
		if (b.sites)
			b.sites->extra_mode[q] = PSEUDO_REGNO_MODE(p);
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
	int no_ties[MAX_RECOG_OPERANDS];
	for (int k = 0; k < MAX_RECOG_OPERANDS; k++)
		no_ties[k] = -1;
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
	b.swapped = swapped;
	capture_operands(b, blk, insn, code, alt);
	b.swapped = -1;
	if (swapped >= 0)
		swap_operands(swapped);
}

/* Whether recog operand i is a register or a scratch: only such an
 * operand can be tied to another.  A memory operand matched to a
 * register operand (`*vec_interleave_lowv2df =p163, [p107+p82] ^0, p162`,
 * chosen by the non-strict alternative search) is loaded into the
 * def's register by the allocator; its address registers are read where
 * they are, so they are not tied (CAPTURE.md "Constraints"). */
static bool register_shaped(int i);

/* Whether alternative a of the extracted insn has a constraint for
 * operand i that the constant operand satisfies (a non-register
 * constraint: `e`, `n`, `i`, ...). */
static bool alt_takes_const(int a, int i)
{
	const char *p = recog_data.constraints[i];
	for (int k = 0; k < a && *p; p++)
		if (*p == ',')
			k++;
	while (*p && *p != ',') {
		int len = CONSTRAINT_LEN(*p, p);
		constraint_num cn = lookup_constraint(p);
		if (cn != CONSTRAINT__UNKNOWN &&
		    reg_class_for_constraint(cn) == NO_REGS &&
		    constraint_satisfied_p(recog_data.operand[i], cn))
			return true;
		p += len > 0 ? len : 1;
	}
	return false;
}

/* The register class alternative alt gives operand i, a matched
 * operand the class of the operand it matches. */
static reg_class op_class_in(const operand_alternative *oa, int i)
{
	return oa[i].matches >= 0 ? oa[oa[i].matches].cl : oa[i].cl;
}

/* Whether register operand i may be, in the alternative ob, wherever
 * the chosen alternative oa lets it be among the allocatable registers
 * (`l`, the index registers, is `r` but for sp, which no pseudo gets). */
static bool class_fits(const operand_alternative *oa,
		       const operand_alternative *ob, int i)
{
	reg_class_t ca = op_class_in(oa, i);
	if (ca == NO_REGS || ob[i].cl == NO_REGS)
		return false;
	machine_mode m = GET_MODE(recog_data.operand[i]);
	const Target *t = target_x86_64();
	RegSet alloc = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		alloc |= t->class_regs[c];
	alloc &= ~RS_BIT(R_SP);
	RegSet a = class_set(ca, m) & alloc;
	return a && (a & ~class_set(ob[i].cl, m)) == 0;
}

/* Whether fits(a, ob) holds for an enabled alternative a of the
 * extracted insn other than alt (ob: a's operands). */
template <typename F>
static bool other_alt(rtx_insn *insn, int alt, F fits)
{
	int n = recog_data.n_operands;
	alternative_mask ok = get_enabled_alternatives(insn);
	for (int a = 0; a < recog_data.n_alternatives; a++)
		if (a != alt && TEST_BIT(ok, a) && fits(a, &recog_op_alt[a * n]))
			return true;
	return false;
}

/* Whether the one tie of the chosen alternative alt (its operands in
 * oa) is soft: another enabled alternative of the pattern has no tie
 * and accepts the insn with every register operand in a register of
 * the class alt gives it and every constant as it is, and no early
 * clobber (x86's `lea` alternative of a two-address add).  Memory
 * operands and scratches make it hard. */
static bool tie_is_soft(rtx_insn *insn, int alt, const operand_alternative *oa)
{
	int n = recog_data.n_operands, nties = 0;
	for (int i = 0; i < n; i++) {
		OperandShape sh = shape_of(recog_data.operand[i]);
		if (sh != SH_REG && sh != SH_CONST)
			return false;
		nties += oa[i].matches >= 0;
	}
	if (nties != 1)
		return false;
	return other_alt(insn, alt, [&](int a, const operand_alternative *ob) {
		bool fits = true;
		for (int i = 0; i < n && fits; i++) {
			if (ob[i].matches >= 0 || ob[i].matched >= 0 ||
			    ob[i].earlyclobber)
				fits = false;
			else if (shape_of(recog_data.operand[i]) == SH_CONST)
				fits = alt_takes_const(a, i);
			else
				fits = class_fits(oa, ob, i);
		}
		return fits;
	});
}

static bool register_shaped(int i)
{
	OperandShape s = shape_of(recog_data.operand[i]);
	return s == SH_REG || s == SH_SCRATCH;
}

/* Whether operand m may be, in alternative a (operands ob), what the
 * chosen alternative (oa) lets it be: a constant as it is, a register
 * wherever oa lets it be, the same tie, no new early clobber. */
static bool alt_keeps_op(int a, const operand_alternative *oa,
			 const operand_alternative *ob, int m)
{
	OperandShape sh = shape_of(recog_data.operand[m]);
	if (sh == SH_CONST)
		return alt_takes_const(a, m);
	if (sh != SH_REG && sh != SH_SCRATCH)
		return false;
	if (ob[m].matches != oa[m].matches || ob[m].matched != oa[m].matched ||
	    (ob[m].earlyclobber && !oa[m].earlyclobber))
		return false;
	return oa[m].matches >= 0 || class_fits(oa, ob, m);
}

/* Whether input register operand i, which the chosen alternative alt
 * (operands oa) wants in a register, may be memory in another enabled
 * alternative that keeps every other operand as alt has it
 * (alt_keeps_op): OF_MEMALT (docs/CAPTURE.md, "Memory in another
 * alternative"), x86's `add r, r/m` beside the captured `add r/m, r`.
 * (The caller makes sure the pattern has no memory of its own, so that
 * the operand is then the insn's one memory operand.) */
static bool memalt_fits(rtx_insn *insn, int alt, const operand_alternative *oa,
			int i)
{
	int n = recog_data.n_operands;
	if (recog_data.operand_type[i] != OP_IN ||
	    shape_of(recog_data.operand[i]) != SH_REG ||
	    oa[i].matches >= 0 || oa[i].matched >= 0 || alt_memory_ok(oa, i))
		return false;
	return other_alt(insn, alt, [&](int a, const operand_alternative *ob) {
		bool fits = alt_memory_ok(ob, i) && ob[i].matches < 0 &&
			    ob[i].matched < 0;
		for (int m = 0; m < n && fits; m++)
			fits = m == i || alt_keeps_op(a, oa, ob, m);
		return fits;
	});
}

/* Marks OF_MEMALT on the whole-pseudo reads of the recog operands of
 * insn that memalt_fits (b.ops from first on; op_src their operand),
 * unless another operand is memory-only or the pattern has memory of
 * its own: that one is the memory. */
static void mark_memalt(Builder &b, rtx_insn *insn, int alt,
			const operand_alternative *oa, size_t first)
{
	for (size_t k = first; k < b.ops.size(); k++)
		if (b.ops[k].flags & OF_MEMONLY)
			return;
	subrtx_iterator::array_type array;
	FOR_EACH_SUBRTX(iter, array, PATTERN(insn), NONCONST)
		if (MEM_P(*iter))
			return;
	for (int i = 0; i < recog_data.n_operands; i++) {
		if (!memalt_fits(insn, alt, oa, i))
			continue;
		for (size_t k = first; k < b.ops.size(); k++) {
			Op &o = b.ops[k];
			if (b.op_src[k] == i && o.kind == OK_PSEUDO &&
			    o.flags == OF_USE && !o.sub_size)
				o.flags |= OF_MEMALT;
		}
	}
}

/* Whether operand constraints x and y of two alternatives are the same
 * (class, tie, early clobber, memory, anything); which operand matches
 * an output is its own business. */
static bool same_alt_op(const operand_alternative &x,
			const operand_alternative &y)
{
	return x.cl == y.cl && x.matches == y.matches &&
	       x.earlyclobber == y.earlyclobber &&
	       x.memory_ok == y.memory_ok && x.anything_ok == y.anything_ok &&
	       x.is_address == y.is_address;
}

/* The first of two adjacent input register operands i, i + 1 of insn,
 * one tied in the chosen alternative alt (its operands in oa), whose
 * constraints another enabled alternative exchanges, every other
 * operand's being the same (`movcc`'s "rm,0" and "0,rm"); -1 if none. */
static int mirror_pair(rtx_insn *insn, int alt, const operand_alternative *oa)
{
	int n = recog_data.n_operands;
	alternative_mask ok = get_enabled_alternatives(insn);
	for (int i = 0; i + 1 < n; i++) {
		int j = i + 1;
		if ((oa[i].matches >= 0) == (oa[j].matches >= 0) ||
		    !register_shaped(i) || !register_shaped(j) ||
		    recog_data.operand_type[i] != OP_IN ||
		    recog_data.operand_type[j] != OP_IN)
			continue;
		for (int a = 0; a < recog_data.n_alternatives; a++) {
			if (a == alt || !TEST_BIT(ok, a))
				continue;
			const operand_alternative *ob = &recog_op_alt[a * n];
			bool same = same_alt_op(oa[i], ob[j]) &&
				    same_alt_op(oa[j], ob[i]);
			for (int m = 0; m < n && same; m++)
				if (m != i && m != j)
					same = same_alt_op(oa[m], ob[m]);
			if (same)
				return i;
		}
	}
	return -1;
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
	std::vector<Op> &saved_ops = b.walk_ops;
	std::vector<int> &saved_src = b.walk_src;
	walk_pattern(w, &PATTERN(insn));
	if (CALL_P(insn))
		for (rtx u = CALL_INSN_FUNCTION_USAGE(insn); u; u = XEXP(u, 1))
			walk_pattern(w, &XEXP(u, 0));
	saved_ops.swap(b.ops);
	saved_src.swap(b.op_src);
	b.ops.clear();
	b.op_src.clear();

	int tie[MAX_RECOG_OPERANDS];
	for (int k = 0; k < MAX_RECOG_OPERANDS; k++)
		tie[k] = -1;
	bool soft = oa && !CALL_P(insn) && !JUMP_P(insn) &&
		    tie_is_soft(insn, alt, oa);
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
		size_t first = b.ops.size();
		add_operand(b, i, fl, oa);
		if (oa && oa[i].matches >= 0 && register_shaped(i) &&
		    register_shaped(oa[i].matches)) {
			tie[i] = oa[i].matches;
			if (soft)
				for (size_t k = first; k < b.ops.size(); k++)
					if (b.op_src[k] == i)
						b.ops[k].flags |= OF_SOFT;
		}
	}
	if (oa && !CALL_P(insn) && !JUMP_P(insn))
		mark_memalt(b, insn, alt, oa, 0);
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
	int mirror = oa && kind == IK_ORD ? mirror_pair(insn, alt, oa) : -1;
	Ins *ins = finish_ins(b, kind, INSN_UID(insn), name, tie, mirror);
	if (remat)
		ins->flags |= INS_REMAT;
	if (kind == IK_ORD && is_ptr_copy(insn, ins))
		ins->flags |= INS_PTRCOPY;
	if (kind == IK_ORD && is_class_copy(insn, ins))
		ins->flags |= INS_XCOPY;
	if (kind == IK_CALL && find_reg_note(insn, REG_SETJMP, NULL_RTX))
		ins->flags |= INS_TWICE;
	/* a const or pure callee writes no memory of the caller's (expand_call
	 * drops both flags for a call returning in memory, whose callee
	 * writes the return slot) */
	if (kind == IK_CALL && RTL_CONST_OR_PURE_CALL_P(insn))
		ins->flags |= INS_PURE;
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
	cap->uid_rw.assign(n, 0.0);
	cap->uid_cload.assign(n, 0);
	profile_count entry = ENTRY_BLOCK_PTR_FOR_FN(fun)->count;
	basic_block bb;
	rtx_insn *insn;
	FOR_EACH_BB_FN(bb, fun) {
		bool known = false;
		double w = bb->count.to_sreal_scale(entry, &known).to_double();
		if (!known)
			w = 1.0;
		double rw = block_weight(fun, bb);
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
			cap->uid_rw[uid] = rw;
			cap->uid_cload[uid] = (unsigned char)uid_remat_kind(insn);
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
			int flags = (e->flags & EDGE_EH)
					    ? EF_ABNORMAL | EF_EH
				    : (e->flags & EDGE_ABNORMAL_CALL)
					    ? EF_ABNORMAL | EF_ABCALL
				    : (e->flags & EDGE_ABNORMAL) ? EF_ABNORMAL
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

/* The allocatable registers GCC may not use in this unit beyond the
 * target's own fixed ones (the user's -ffixed-REG): fixed_regs of the
 * core's allocatable registers, as core registers (Fn.fixed); without
 * AVX-512F not the AVX-512 registers GCC makes inaccessible (Fn.avx512
 * says they do not exist). */
static RegSet user_fixed_regs(void)
{
	const Target *t = target_x86_64();
	RegSet fixed = 0;
	RegSet alloc = 0;
	for (int c = 0; c < RC_NALLOC; c++)
		alloc |= target_allocatable(t, c, false);
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(alloc, r) && fixed_regs[t->regs[r].gccno] &&
		    (TARGET_AVX512F || !RS_HAS(t->avx512, r)))
			fixed |= RS_BIT(r);
	return fixed;
}

/* Makes cap an unsupported capture of fun with reason why (sizes counted
 * on the RTL); frees the partial translation. */
static void capture_unsupported(function *fun, Capture *cap, Fn *partial,
				const std::string &why)
{
	bool fp = partial->frame_pointer, avx512 = partial->avx512;
	RegSet fixed = partial->fixed;
	fn_free(partial);
	cap->fn = fn_new(cap->name.c_str(), target_x86_64());
	cap->fn->frame_pointer = fp;
	cap->fn->avx512 = avx512;
	cap->fn->fixed = fixed;
	cap->fn->unsupported = fn_strdup(cap->fn, why.c_str(), why.size());
	rtl_size(fun, cap);
}

/* The Builder's vectors whose capacity is kept from one function to
 * the next (state of the plugin between functions, so that a
 * function's capture does not allocate them again): lent to each
 * function's Builder, cleared as a new Builder's are, and taken back
 * when capture_function returns. */
struct BuilderKept {
	std::vector<Op> ops, walk_ops;
	std::vector<int> op_src, walk_src, fin_order, fin_pos, fin_keep;
	std::vector<std::pair<int, int>> wants;
	std::vector<Ins *> copies_after;
};

/* Lends k's vectors to b (lending) or takes them back. */
static void exchange_kept(Builder &b, BuilderKept &k, bool lending)
{
	kept_exchange_all(lending, b.ops, k.ops, b.walk_ops, k.walk_ops,
			  b.op_src, k.op_src, b.walk_src, k.walk_src,
			  b.fin_order, k.fin_order, b.fin_pos, k.fin_pos,
			  b.fin_keep, k.fin_keep, b.wants, k.wants,
			  b.copies_after, k.copies_after);
}

/* Takes the kept vectors back from b when it goes out of scope. */
struct BuilderLoan {
	Builder &b;
	BuilderKept &k;
	~BuilderLoan() { exchange_kept(b, k, false); }
};

void capture_function(function *fun, Capture *cap)
{
	regmap_init();
	set_cache_for(fun->decl);
	cap->name = asm_name(fun);
	note_uids(fun, cap);

	std::vector<signed char> cls_override;
	std::vector<bool> split;
	static BuilderKept kept;
	Builder b;
	exchange_kept(b, kept, true);
	BuilderLoan loan{b, kept};
	for (int attempt = 0;; attempt++) {
		b.fun = fun;
		b.fn = fn_new(cap->name.c_str(), target_x86_64());
		b.next_scratch = max_reg_num();
		b.frame_pointer = needs_frame_pointer(fun);
		b.fn->frame_pointer = b.frame_pointer;
		b.fn->fixed = user_fixed_regs();
		b.fn->avx512 = TARGET_AVX512F;
		b.cls_override = &cls_override;
		b.split = &split;
		b.next_copy_uid = get_max_uid() + 1;
		b.why = nullptr;
		b.restart = false;
		b.staged.clear();
		b.staged_split.clear();
		if (opts.substitute) {
			if (!cap->sites)
				cap->sites = new SubstSites;
			cap->sites->by_uid.clear();
			cap->sites->swapped.clear();
			cap->sites->extra_mode.clear();
			b.sites = cap->sites;
		}
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
