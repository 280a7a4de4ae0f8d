/* translate.cc - the translation of GCC's allocation: each post-RA
 * block's insns into instructions of the allocation (translate_block
 * tries the rules of the other files in order), then the function
 * (translate): blocks, deleted insns, cross-class copies, slots.
 */
#include "postra.h"

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

bool insn_writes_memory(rtx_insn *insn)
{
	if (CALL_P(insn))
		return true;
	bool w = false;
	note_stores(insn, note_mem_store, &w);
	return w;
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

/* Translates one post-RA block's insns into blk; records which captured
 * insns survive (seen) and the locations of all insns (locs). */
/* Whether insn is one of the new insns folded with the current
 * fold_sum (t.fold_chain). */
static bool in_fold_chain(const Tr &t, const rtx_insn *insn)
{
	for (const rtx_insn *c : t.fold_chain)
		if (c == insn)
			return true;
	return false;
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
	t.mem_any = t.const_any = 0;
	for (int c = 0; c < 16; c++)
		t.sum[c] = RegSum();
	t.fold_reg = -1;
	t.fold_y = nullptr;
	t.fold_chain.clear();
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
		if (new_simple_jump(t, insn) || edge_block_jump(t, insn))
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
		Ins *hoist_at = nullptr;
		bool folded = false;
		if (insn == t.fold_y)
			t.fold_used = false;
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
		} else if (t.fold_y && in_fold_chain(t, insn)) {
			/* a constant added to a folded sum (fold_sum) */
			folded = true;
		} else if (cur >= 0 &&
			   ((si = reemitted(t, insn, cur, last_pos)) >= 0 ||
			    (si = narrow_reemitted(t, insn, cur, last_pos)) >=
				    0)) {
			/* A captured insn LRA deleted and emitted again in
			 * another form (an eliminated soft pointer), or a
			 * deleted captured load run here narrowed to the low
			 * bytes the next captured insn reads. */
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
			   (si = hoisted_load(t, insn, cur, last_pos, survivor,
					      &hoist_at)) >= 0) {
			/* A deleted captured load LRA emitted after
			 * surviving insns that cannot change what it reads:
			 * it runs at its own place, before hoist_at. */
			ins = located_copy(t, t.s->insns[si].ins);
			if (ins)
				survivor[si] = ins;
			else
				hoist_at = nullptr;
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
		} else if (cur >= 0 && fold_sum(t, insn, cur, last_pos)) {
			/* `R = R + C` folded into the captured insn after it,
			 * which reads R through its sum: left out */
			folded = true;
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
		if (insn == t.fold_y) {
			/* the insn a new one folded into (fold_sum): its
			 * located copy must have read R through the sum */
			if (!t.fold_used && t.why.empty())
				unverified(t, "folded sum not read" +
						      uid_str(uid));
			t.fold_reg = -1;
			t.fold_y = nullptr;
			t.fold_chain.clear();
		}
		if (!folded)
			track_sums(t, insn,
				   !(uid < (int)t.s->by_uid.size() &&
				     t.s->by_uid[uid] >= 0));
		sp_step(insn, &t.sp_delta);
		if (ins && ins->kind == IK_CALL && CALL_P(insn) &&
		    returns_first_arg(insn))
			ins->flags |= INS_RETARG;
		if (ins) {
			if (hoist_at)
				ins_insert_before(blk, hoist_at, ins);
			else
				ins_append(blk, ins);
			note_soft_values(t, ins);
		}
		hoist_at = nullptr;
		if (ins && t.why.empty()) {
			/* an x87 constant extended through a slot */
			rtx ext = extended_const(t, insn);
			int r = ext ? capture_core_reg(REGNO(SET_DEST(ext)))
				    : -1;
			if (r >= 0) {
				t.const_src[r] = ext;
				t.const_any |= RS_BIT(r);
			}
		}
		if (insn_writes_memory(insn)) {
			/* A loaded memory operand is that memory's value
			 * only until memory may change. */
			for (RegSet m = t.mem_any; m; m &= m - 1)
				t.mem_src[regset_first(m)] = NULL_RTX;
			t.mem_any = 0;
		}
		forget_moved_addresses(t, insn);
	}
}

Fn *translate(Tr &t, std::vector<unsigned> &locs,
	      std::vector<int> &bad_uids)
{
	const Fn *o = t.cap->fn;
	Fn *a = fn_new(o->name, o->target);
	t.alloc = a;
	a->by_gcc = true;
	a->allocated = true;
	a->frame_pointer = frame_pointer_needed;
	a->avx512 = o->avx512; /* the ISA's registers (docs/IR.md) */
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
	{
		/* sized first: one allocation per block */
		std::vector<int> nper;
		for (const SavedInsn &sv : t.s->insns) {
			if (sv.bb >= (int)nper.size())
				nper.resize(sv.bb + 1, 0);
			nper[sv.bb]++;
		}
		if (nper.size() > t.by_block.size())
			t.by_block.resize(nper.size());
		for (size_t b = 0; b < nper.size(); b++)
			t.by_block[b].reserve(nper[b]);
		for (size_t k = 0; k < t.s->insns.size(); k++)
			t.by_block[t.s->insns[k].bb].push_back((int)k);
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
