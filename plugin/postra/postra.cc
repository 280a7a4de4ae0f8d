/* postra.cc - GCC's allocation after reload, checked against the
 * capture (docs/POSTRA.md): postra_verify's steps.  See postra.h for
 * the parts and their order.
 *
 *   translate         GCC's allocation as an allocated function of the
 *                     core IR (translate.cc), or the reason it cannot be
 *   dump_alloc        -fplugin-arg-ssara-dump: DIR/<file>.<fn>.gcc.ir
 *   check_alloc       the checker's verdict (verify/), wrong values that
 *                     are not provably wrong made unverified
 *   add_translation_violations
 *                     what the translation found itself: memory at
 *                     another address, jumps going elsewhere, insns
 *                     that do not satisfy their constraints
 */
#include "postra.h"

/* Whether pseudo p of the capture fn is, at each of its definitions,
 * the low bytes of one other pseudo: every instruction defining p is an
 * ord whose only pseudo operands are p (its only definition, whole) and
 * a use q[0, size(p)] (a narrowing move, `*movqi_internal =p453,
 * p131[0,1]`); *q gets that pseudo (the same at every definition). */
static bool low_part_of(const Fn *fn, int p, int *q)
{
	int found = -1, defs = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			bool defines = false;
			int use = -1, other = 0;
			for (int k = 0; k < i->nops; k++) {
				const Op &o = i->ops[k];
				if (o.kind != OK_PSEUDO)
					continue;
				if (o.reg == p && (o.flags & OF_DEF))
					defines = true;
				else if (o.reg != p && (o.flags & OF_USE) &&
					 !(o.flags & OF_DEF) && o.sub_off == 0 &&
					 p < fn->npseudo &&
					 o.sub_size == fn->pseudo[p].size)
					use = use < 0 ? o.reg : -2;
				else
					other++;
			}
			if (!defines)
				continue;
			defs++;
			if (i->kind != IK_ORD || other || use < 0 ||
			    (found >= 0 && use != found))
				return false;
			found = use;
		}
	*q = found;
	return defs > 0;
}

/* Whether violation v is a wrong value the checker does not decide:
 * the wanted pseudo p is the low part of another, q (low_part_of), and
 * the location holds q, or at least p's size of q's low bytes
 * (Violation.held).  The checker does not model that a location holding
 * q holds p's bytes as long as q is unchanged, which LRA's inheritance
 * uses (a byte of p131 moved from r14 for p453, 920625-1.c synth at
 * -O2): not provably wrong. */
static bool low_part_value(const Fn *fn, const Violation &v)
{
	int q;
	if (v.kind != VK_WRONG_VALUE || v.exp_pseudo < 0 ||
	    v.exp_pseudo >= fn->npseudo || !low_part_of(fn, v.exp_pseudo, &q))
		return false;
	for (int k = 0; k < v.nheld; k++)
		if (v.held[k].pseudo == q &&
		    (v.held[k].low == 0 ||
		     v.held[k].low >= fn->pseudo[v.exp_pseudo].size))
			return true;
	return false;
}

/* Whether every violation of res is a wrong value that is not provably
 * wrong: last written by an unmodelled inserted insn (by_opaque), or the
 * low part of a pseudo the location holds (low_part_value); *lowpart
 * tells whether one was the latter. */
static bool all_unprovable(const VerifyResult *res, const Fn *fn,
			   bool *lowpart)
{
	*lowpart = false;
	for (int k = 0; k < res->nviol; k++) {
		const Violation &v = res->viol[k];
		if (v.kind == VK_WRONG_VALUE && v.by_opaque)
			continue;
		if (!low_part_value(fn, v))
			return false;
		*lowpart = true;
	}
	return res->nviol > 0;
}


/* Writes alloc as DIR/<file>.<fn>.gcc.ir. */
static void dump_alloc(const Fn *alloc)
{
	const char *base = strrchr(main_input_filename, '/');
	base = base ? base + 1 : main_input_filename;
	std::string path = std::string(opts.dump_dir) + "/" + base + "." +
			   alloc->name + ".gcc.ir";
	FILE *f = fopen(path.c_str(), "w");
	if (!f)
		return;
	ir_print(f, alloc);
	fclose(f);
}

/* Checks alloc, the translation, against the capture: fills c (a
 * violation at its insn's location, locs by UID).  Violations that are
 * not provably wrong values make the function unverified instead. */
static void check_alloc(Capture *cap, Fn *alloc,
			const std::vector<unsigned> &locs, Check &c)
{
	VerifyResult res;
	verify_fn(cap->fn, alloc, &res);
	check_fill(&res, &c);
	bool lowpart = false;
	if (res.verdict == VERDICT_VIOLATION &&
	    all_unprovable(&res, cap->fn, &lowpart)) {
		/* Every wrong value was last written by an insn GCC
		 * inserted whose effect the translation does not model
		 * (LRA recomputing a value in another block), or is
		 * the low part of a value the location holds: not
		 * provably wrong. */
		c.verdict = "unverified";
		c.reason = lowpart ? "value is the low part of another "
				     "pseudo held there"
				   : "value last written by an "
				     "unmodelled inserted insn";
		c.texts.clear();
		c.locs.clear();
		c.violations = 0;
	}
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

void postra_verify(function *fun, Capture *cap)
{
	double t0 = seconds_now();
	Check &c = cap->check_gcc;
	if (!cap->saved) {
		c.verdict = "unverified";
		c.reason = "internal error: nothing saved before IRA";
		return;
	}
	Tr t;
	t.fun = fun;
	t.cap = cap;
	t.s = cap->saved;
	std::vector<unsigned> locs(get_max_uid() + 1, 0);
	std::vector<int> bad_uids;
	Fn *alloc = translate(t, locs, bad_uids);
	if (opts.dump_dir && t.why.empty())
		dump_alloc(alloc);
	if (!t.why.empty()) {
		c.verdict = "unverified";
		c.reason = t.why;
	} else {
		check_alloc(cap, alloc, locs, c);
	}
	add_translation_violations(cap, t, bad_uids, locs, c);
	fn_free(alloc);
	c.seconds = seconds_now() - t0;
}
