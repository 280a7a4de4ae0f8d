/* postra.cc - GCC's allocation after reload, checked against the
 * capture (docs/POSTRA.md): postra_verify's steps.  See postra.h for
 * the parts and their order.
 *
 *   translate         GCC's allocation as an allocated function of the
 *                     core IR (translate.cc), or the reason it cannot be
 *   (dump)            -fplugin-arg-ssara-dump: DIR/<stem>.<fn>.gcc.ir
 *   check_alloc       the checker's verdict (verify/)
 *   add_translation_violations
 *                     what the translation found itself: memory at
 *                     another address, jumps going elsewhere, insns
 *                     that do not satisfy their constraints
 */
#include "postra.h"

/* Checks alloc, the translation, against the capture: fills c (a
 * violation at its insn's location, locs by UID).  Wrong values that
 * are not provably wrong are the checker's business too (unverified,
 * docs/VERIFY.md "opaque"), so that `ssara verify` on the dumps gives
 * this verdict. */
static void check_alloc(Capture *cap, Fn *alloc,
			const std::vector<unsigned> &locs, Check &c)
{
	VerifyResult res;
	verify_fn_in(checker_ctx(), cap->fn, alloc, &res);
	check_fill(&res, &c);
	for (int i = 0; i < res.nviol && i < (int)c.locs.size(); i++) {
		int uid = res.viol[i].uid;
		if (uid > 0 && uid < (int)locs.size())
			c.locs[i] = locs[uid];
	}
	verify_result_free(&res);
}

/* Adds to c the violations the translation found itself: captured
 * memory or jumps at another address after reload (t.wrong_addr), and
 * insns that do not satisfy their constraints (bad_uids). */
static void add_translation_violations(const Capture *cap, const Tr &t,
				       const std::vector<int> &bad_uids,
				       const std::vector<unsigned> &locs,
				       Check &c)
{
	for (auto &w : t.wrong_addr) {
		c.texts.push_back(cap->name + ": uid " + std::to_string(w.first) +
				  ": " + w.second);
		c.locs.push_back(locs[w.first]);
		c.violations++;
		c.verdict = "violation";
		c.reason.clear();
	}
	for (int uid : bad_uids) {
		c.texts.push_back(cap->name + ": uid " + std::to_string(uid) +
				  ": does not satisfy its constraints");
		c.locs.push_back(locs[uid]);
		c.violations++;
		c.verdict = "violation";
		c.reason.clear();
	}
}

/* The translation's vectors whose capacity is kept from one function
 * to the next (state of the plugin between functions, so that a
 * function's translation does not allocate them again): lent to each
 * function's Tr, cleared as a new Tr's are, and taken back after. */
struct TrKept {
	std::vector<SlotInfo> program_mem, slots;
	std::vector<Binding> binds;
	std::vector<MemOp> memops;
	std::vector<int> scratch_ops, old_of, edge_from, edge_k, edge_prev;
	std::vector<bool> skip, present, adopted, moved;
	std::vector<std::pair<int, int>> soft_in, comm;
	std::vector<const Op *> remat_const;
	std::vector<rtx_insn *> fold_chain;
	std::vector<Loc> at_buf;
};

/* Lends k's vectors to t (lending) or takes them back. */
static void exchange_kept(Tr &t, TrKept &k, bool lending)
{
	kept_exchange_all(lending, t.program_mem, k.program_mem,
			  t.slots, k.slots, t.binds, k.binds,
			  t.memops, k.memops, t.scratch_ops, k.scratch_ops,
			  t.old_of, k.old_of, t.edge_from, k.edge_from,
			  t.edge_k, k.edge_k, t.edge_prev, k.edge_prev,
			  t.skip, k.skip, t.present, k.present,
			  t.adopted, k.adopted, t.moved, k.moved,
			  t.soft_in, k.soft_in, t.comm, k.comm,
			  t.remat_const, k.remat_const,
			  t.fold_chain, k.fold_chain, t.at_buf, k.at_buf);
}

void postra_verify(function *fun, Capture *cap)
{
	double t0 = seconds_now();
	Check &c = cap->check_gcc;
	if (!cap->saved) {
		c.verdict = "unverified";
		c.reason = "internal error: nothing saved before IRA";
		return;
	}
	static TrKept kept;
	Tr t;
	exchange_kept(t, kept, true);
	t.fun = fun;
	t.cap = cap;
	t.s = cap->saved;
	std::vector<unsigned> locs(get_max_uid() + 1, 0);
	std::vector<int> bad_uids;
	Fn *alloc = translate(t, locs, bad_uids);
	if (opts.dump_dir && t.why.empty())
		records_dump_ir(alloc, ".gcc.ir");
	if (!t.why.empty()) {
		c.verdict = "unverified";
		c.reason = t.why;
	} else {
		check_alloc(cap, alloc, locs, c);
		AllocStats st;
		alloc_count(alloc, &st);
		cap->gcc_slots = true;
		cap->gcc_slot_reads = st.slot_reads;
		cap->gcc_slot_writes = st.slot_writes;
	}
	add_translation_violations(cap, t, bad_uids, locs, c);
	exchange_kept(t, kept, false);
	fn_free(alloc);
	c.seconds = seconds_now() - t0;
}
