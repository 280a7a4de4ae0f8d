/* cfg.cc - the blocks (docs/POSTRA.md, "Blocks"): which capture block
 * each post-RA block is, the blocks GCC merged, emptied, removed or added
 * on an edge, whether GCC's CFG after reload is the capture's up to
 * those, and the allocation's blocks for the added ones.
 */
#include "postra.h"

/* The block index before IRA of post-RA block bb (found by its head
 * insn's or its block note's UID), or -1. */
static int old_index(const Tr &t, basic_block bb)
{
	int h = INSN_UID(BB_HEAD(bb)), n = INSN_UID(bb_note(bb));
	for (const auto &e : t.s->heads)
		if (e.first.first == h || e.first.second == n)
			return e.second;
	return -1;
}

int through_edges(const Fn *o, const std::vector<bool> &skip, int b)
{
	for (int steps = 0; steps <= o->nblk; steps++) {
		const Blk *k = o->blk[b];
		if (!skip[b])
			return b;
		if (k->nsucc == 0)
			return -1;
		b = k->succ[0].blk;
	}
	return -2;
}

/* The capture's CFG as seen by the mapping (same_cfg): per capture block
 * index, the number of predecessors, whether a post-RA block starts
 * with it (head), whether it was merged into the end of another one,
 * and whether a captured insn of it is still there after reload. */
struct CfgMap {
	std::vector<int> npred;
	std::vector<bool> head, merged, live, skip;
};

/* The block (index) every successor edge of capture block cur leads to
 * when cur ends in a branch between that block and blocks none of
 * whose insns is left after reload (each with cur as its only
 * predecessor and that block as its only successor, starting no block
 * after reload), so that after reload, with the branch deleted, control
 * falls from cur into it whichever way the branch went: n reached by
 * all nsucc paths, and by no other predecessor.  -1 otherwise. */
static int branch_to_one(const Fn *o, const CfgMap &m, int cur)
{
	const Blk *k = o->blk[cur];
	if (k->nsucc < 2)
		return -1;
	/* an emptied block: no insn left, not a post-RA block's start, cur
	 * its only predecessor, one ordinary successor */
	auto emptied = [&](int d) {
		const Blk *g = o->blk[d];
		return !m.live[d] && !m.head[d] && !m.merged[d] &&
		       m.npred[d] == 1 && d != o->entry && g->nsucc == 1 &&
		       !(g->succ[0].flags & EF_ABNORMAL);
	};
	for (int e = 0; e < k->nsucc; e++)
		if (k->succ[e].flags & EF_ABNORMAL)
			return -1;
	int d0 = k->succ[0].blk;
	int cand[2] = {d0, emptied(d0) ? o->blk[d0]->succ[0].blk : -1};
	for (int c : cand) {
		if (c < 0 || m.npred[c] != k->nsucc)
			continue;
		bool ok = true;
		for (int e = 0; e < k->nsucc && ok; e++) {
			int d = k->succ[e].blk;
			ok = d == c ||
			     (emptied(d) && o->blk[d]->succ[0].blk == c);
		}
		if (ok)
			return c;
	}
	return -1;
}

/* Whether GCC may have merged capture block target (index) into the end
 * of capture block cur: following cur's only successor n, n has cur as
 * its only predecessor, is not the entry and starts no block after
 * reload; going on through such n none of whose insns is left (their
 * deleted insns stay in their own block, an edge). */
static bool merge_step(const Fn *o, const CfgMap &m, int cur, int target)
{
	for (int steps = 0; steps < o->nblk; steps++) {
		const Blk *k = o->blk[cur];
		int n;
		if (k->nsucc > 1) {
			n = branch_to_one(o, m, cur);
			if (n < 0)
				return false;
		} else {
			if (k->nsucc != 1 || (k->succ[0].flags & EF_ABNORMAL))
				return false;
			n = k->succ[0].blk;
			if (m.npred[n] != 1)
				return false;
		}
		if (m.head[n] || m.merged[n] || n == o->entry)
			return false;
		if (n == target)
			return true;
		if (m.live[n])
			return false;
		cur = n;
	}
	return false;
}

/* Fills t.chain[bb->index]: the capture blocks (ids) whose surviving
 * insns post-RA block bb holds, in order, when each next one is merged
 * into the previous (merge_step); an insn of any other block stays for
 * translate_block to report. */
static void find_chain(Tr &t, CfgMap &m, basic_block bb)
{
	const Fn *o = t.cap->fn;
	std::vector<int> &ch = t.chain[bb->index];
	ch.assign(1, t.old_of[bb->index]);
	int cur = fn_block_by_id(o, ch[0]);
	rtx_insn *insn;
	FOR_BB_INSNS(bb, insn) {
		if (!NONDEBUG_INSN_P(insn) ||
		    INSN_UID(insn) >= (int)t.s->by_uid.size() ||
		    t.s->by_uid[INSN_UID(insn)] < 0)
			continue;
		int b = t.s->insns[t.s->by_uid[INSN_UID(insn)]].bb;
		int bi = fn_block_by_id(o, b);
		if (b == o->blk[cur]->id || bi < 0 || !merge_step(o, m, cur, bi))
			continue;
		m.merged[bi] = true;
		ch.push_back(b);
		cur = bi;
	}
}

/* The successors of post-RA block bb as capture block ids (through_edges;
 * a block the allocator added on the edge is looked through, and gets
 * t.edge_from); *added gets, per entry, that added block's index or -1.
 * False (unverified) when an added block is not a single edge. */
static bool post_succs(Tr &t, const CfgMap &m, basic_block bb,
		       std::vector<int> *now, std::vector<int> *added)
{
	const Fn *o = t.cap->fn;
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE(e, ei, bb->succs) {
		basic_block y = e->dest, z = y;
		if (y == EXIT_BLOCK_PTR_FOR_FN(t.fun))
			continue;
		/* a chain of added blocks on one edge (a substituted
		 * allocation's split edge behind the jump block that
		 * splitting made for a fall-through edge) */
		basic_block prev = nullptr;
		while (t.old_of[z->index] < 0) {
			if (!single_pred_p(z) || !single_succ_p(z) ||
			    single_succ(z) == EXIT_BLOCK_PTR_FOR_FN(t.fun) ||
			    t.edge_prev[z->index] >= 0) {
				unverified(t, "block added by the register "
					      "allocator");
				return false;
			}
			if (prev)
				t.edge_prev[z->index] = prev->index;
			prev = z;
			z = single_succ(z);
		}
		int d = through_edges(
			o, m.skip, fn_block_by_id(o, t.old_of[z->index]));
		if (d == -1)
			continue;
		now->push_back(d < 0 ? -2 : o->blk[d]->id);
		added->push_back(y == z ? -1 : y->index);
	}
	return true;
}

/* Whether capture block b's successors was (through the blocks that are
 * edges) all lead to the one post-RA successor now (no block added on
 * it) and b's branch is gone after reload: GCC deleted a branch whose
 * edges all reach the same block with nothing left between (pr61222-1.c
 * foo: both arms of a test go to an empty infinite loop).  The
 * allocation keeps b's capture edges; the checker accepts the deleted
 * branch only when it can see that it decides nothing (docs/VERIFY.md
 * "A branch that decides nothing"). */
static bool branch_gone_to(const Tr &t, const Blk *b,
			   const std::vector<int> &was,
			   const std::vector<int> &now)
{
	if (was.size() < 2 || now.size() != 1 || now[0] < 0 || !b->last ||
	    b->last->kind != IK_BRANCH || b->last->uid <= 0 ||
	    (b->last->uid < (int)t.present.size() && t.present[b->last->uid]))
		return false;
	for (int d : was)
		if (d != now[0])
			return false;
	return true;
}

bool same_cfg(Tr &t)
{
	const Fn *o = t.cap->fn;
	int nb = last_basic_block_for_fn(t.fun);
	t.old_of.assign(nb, -1);
	t.chain.assign(nb, {});
	t.edge_from.assign(nb, -1);
	t.edge_k.assign(nb, -1);
	t.edge_prev.assign(nb, -1);
	CfgMap m;
	m.npred.assign(o->nblk, 0);
	m.head.assign(o->nblk, false);
	m.merged.assign(o->nblk, false);
	m.live.assign(o->nblk, false);
	m.skip.assign(o->nblk, false);
	for (int i = 0; i < o->nblk; i++)
		for (int k = 0; k < o->blk[i]->nsucc; k++)
			m.npred[o->blk[i]->succ[k].blk]++;
	/* (a block's jump to its only successor alone does not keep it:
	 * if the block is gone, that jump is an edge, edge_block_jump) */
	for (const SavedInsn &sv : t.s->insns)
		if (sv.uid < (int)t.present.size() && t.present[sv.uid] &&
		    fn_block_by_id(o, sv.bb) >= 0 && !block_jump(t, sv))
			m.live[fn_block_by_id(o, sv.bb)] = true;
	basic_block bb;
	FOR_EACH_BB_FN(bb, t.fun) {
		t.old_of[bb->index] = old_index(t, bb);
		int bi = t.old_of[bb->index] < 0
				 ? -1
				 : fn_block_by_id(o, t.old_of[bb->index]);
		if (bi >= 0 && m.head[bi]) {
			unverified(t, "block added by the register allocator");
			return false;
		}
		if (bi >= 0)
			m.head[bi] = true;
		else
			t.old_of[bb->index] = -1;
	}
	FOR_EACH_BB_FN(bb, t.fun)
		if (t.old_of[bb->index] >= 0)
			find_chain(t, m, bb);
	for (int i = 0; i < o->nblk; i++) {
		const Blk *k = o->blk[i];
		bool gone = !m.head[i] && !m.merged[i] && !m.live[i];
		bool edge = k->nsucc == 1 && !(k->succ[0].flags & EF_ABNORMAL);
		m.skip[i] = k->nsucc <= 1 && (!k->first || (gone && edge));
		if (k->first && !m.head[i] && !m.merged[i] && !m.skip[i]) {
			if (getenv("SSARA_DEBUG"))
				fprintf(stderr, "ssara: b%d removed (%d succs, "
						"live %d)\n",
					k->id, k->nsucc, (int)m.live[i]);
			unverified(t, "block removed by the register allocator");
			return false;
		}
	}
	t.skip = m.skip;
	std::vector<int> was, was_k, now, added; /* per block, reused */
	FOR_EACH_BB_FN(bb, t.fun) {
		if (t.old_of[bb->index] < 0)
			continue;
		int last = fn_block_by_id(o, t.chain[bb->index].back());
		const Blk *b = o->blk[last];
		was.clear();
		was_k.clear();
		now.clear();
		added.clear();
		for (int k = 0; k < b->nsucc; k++) {
			int d = through_edges(o, m.skip, b->succ[k].blk);
			if (d == -1)
				continue;
			was.push_back(d < 0 ? -2 : o->blk[d]->id);
			was_k.push_back(k);
		}
		if (!post_succs(t, m, bb, &now, &added))
			return false;
		bool cycle = false;
		for (int d : was)
			cycle = cycle || d == -2;
		if (!cycle && was != now && branch_gone_to(t, b, was, now))
			was = now;
		if (was != now || cycle) {
			if (getenv("SSARA_DEBUG"))
				fprintf(stderr, "ssara: b%d (was b%d): other "
						"successors\n",
					bb->index, t.old_of[bb->index]);
			unverified(t, "edges changed by the register allocator");
			return false;
		}
		for (size_t j = 0; j < added.size(); j++)
			if (added[j] >= 0) {
				t.edge_from[added[j]] = last;
				t.edge_k[added[j]] = was_k[j];
			}
	}
	FOR_EACH_BB_FN(bb, t.fun)
		if (t.old_of[bb->index] < 0 && t.edge_from[bb->index] < 0 &&
		    t.edge_prev[bb->index] < 0) {
			unverified(t, "block added by the register allocator");
			return false;
		}
	basic_block first = single_succ(ENTRY_BLOCK_PTR_FOR_FN(t.fun));
	if (t.old_of[first->index] < 0 ||
	    through_edges(o, m.skip, o->entry) !=
		    through_edges(o, m.skip,
				  fn_block_by_id(o, t.old_of[first->index]))) {
		unverified(t, "edges changed by the register allocator");
		return false;
	}
	return true;
}

std::vector<int> add_edge_blocks(Tr &t)
{
	Fn *a = t.alloc;
	int next_id = 0;
	for (int i = 0; i < a->nblk; i++)
		next_id = std::max(next_id, a->blk[i]->id + 1);
	std::vector<int> blk_of(t.old_of.size(), -1);
	basic_block bb;
	FOR_EACH_BB_FN(bb, t.fun)
		if (t.old_of[bb->index] >= 0)
			blk_of[bb->index] = fn_block_by_id(a, t.old_of[bb->index]);
	/* the first block of each chain on an edge, then the ones after it
	 * (each on its predecessor's single edge), until none is left */
	for (bool more = true; more;) {
		more = false;
		FOR_EACH_BB_FN(bb, t.fun) {
			int i = bb->index;
			if (blk_of[i] >= 0)
				continue;
			int p = t.edge_prev[i];
			if (p >= 0 && blk_of[p] < 0) {
				more = true;
				continue;
			}
			Blk *from = p >= 0 ? a->blk[blk_of[p]]
					   : a->blk[t.edge_from[i]];
			int k = p >= 0 ? 0 : t.edge_k[i];
			Edge e = from->succ[k];
			Blk *nb = fn_add_block(a, next_id++);
			nb->freq = from->freq;
			nb->depth = from->depth;
			blk_add_succ(a, nb, e.blk, e.flags);
			from->succ[k].blk = nb->idx;
			blk_of[i] = nb->idx;
		}
	}
	return blk_of;
}
