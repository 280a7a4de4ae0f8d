/* verify.c - the symbolic allocation checker (docs/VERIFY.md): the
 * driver.
 *
 * Values: pseudo p of the original is value p; hard register r is value
 * npseudo + r (what an original instruction last wrote to r, or r's
 * content at the entry).  Locations: hard register r is location r, slot
 * s of the allocation is location TGT_NREGS + s.  A state maps every
 * location to a hash-consed set of values (set 0 is empty).  Only block
 * exit states are stored, sparsely (the non-empty locations); a block is
 * replayed on a dense working state with a reverse index (value ->
 * locations holding it), so that one instruction costs the same whatever
 * the number of locations.
 *
 * verify_fn runs these steps, each in a file of its own (vstate.h
 * declares the state and what the files share):
 *   setup.c      the correspondence between o and f: blocks, edges,
 *                instructions by uid;
 *   ovalues.c    what the original says of its values (widths,
 *                remats, unnamed values);
 *   vlive.c      the liveness of the original values, and W;
 *   setjmp.c     calls that return twice: their regions, and the
 *                second return's state;
 *   scc.c        the order of the data flow: strongly connected
 *                components in topological order;
 *   run, here:   a block of no cycle replayed once, checking; a cycle
 *                to its fixed point, then checked; each block's entry
 *                state from join.c, then the block replayed (replay,
 *                here), instruction by instruction:
 *     original.c   an original instruction, its operands checked by
 *                  check.c; memory.c, the memory it reads and writes;
 *     inserted.c   an inserted move, swap, copy, remat or opaque one;
 *     recompute.c  an inserted remat of an original instruction;
 *     memload.c    an inserted load of a memory operand;
 *   violation.c  the reports: violations, not proven, notes.
 * Beneath them: valset.c (hash-consed sets), values.c (locations,
 * spans, names), state.c (the working state), words.c (pending writes
 * and transfers by word position).
 */
#include "vstate.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- Setting up and freeing the state ---------------------------------- */

/* c->konst and c->nconst: f's constants, then with GCC's allocation the
 * immediates and address constants of the original's [remat]
 * instructions f does not name (an address constant's location says
 * which pseudos hold that address: a write through one is placed,
 * mem_resolve). */
static void setup_konst(Chk *c)
{
	const Fn *f = c->f, *o = c->o;
	int n = f->nconst, cap = f->nconst;
	if (c->gcc)
		for (int b = 0; b < o->nblk; b++)
			for (const Ins *i = o->blk[b]->first; i; i = i->next)
				if (i->flags & INS_REMAT)
					cap += i->nops;
	Const *k = ARENA_NEW(c->a, Const, cap + 1);
	if (f->nconst)
		memcpy(k, f->konst, sizeof(Const) * (size_t)f->nconst);
	for (int b = 0; c->gcc && b < o->nblk; b++)
		for (const Ins *i = o->blk[b]->first; i; i = i->next) {
			if (!(i->flags & INS_REMAT))
				continue;
			for (int j = 0; j < i->nops; j++) {
				const Op *x = &i->ops[j];
				if ((x->kind != OK_IMM && x->kind != OK_SYM) ||
				    (x->flags & OF_DEF))
					continue;
				bool have = false;
				for (int m = 0; m < n && !have; m++)
					have = const_same(k[m].kind, k[m].imm,
							  k[m].sym, x->kind,
							  x->imm, x->sym);
				if (!have)
					k[n++] = (Const){x->kind, x->imm,
							 x->sym};
			}
		}
	c->konst = k;
	c->nconst = n;
}

/* ---- The caller's reusable tables (VerifyCtx) ------------------------ */

void *ctx_table(void *t, size_t sz, int *cap, int n)
{
	if (n <= *cap)
		return t;
	free(t);
	int k = *cap > 0 ? *cap : 64;
	while (k < n)
		k *= 2;
	*cap = k;
	void *p = verify_xrealloc(NULL, sz * (size_t)k);
	memset(p, 0, sz * (size_t)k);
	return p;
}

VerifyCtx *verify_ctx_new(void)
{
	VerifyCtx *x = verify_xrealloc(NULL, sizeof *x);
	memset(x, 0, sizeof *x);
	return x;
}

void verify_ctx_free(VerifyCtx *x)
{
	if (!x)
		return;
	free(x->hold);
	free(x->tmark);
	free(x->pfmark);
	free(x->isdef);
	free(x->srcst);
	free(x->srchead);
	free(x->hloc);
	free(x->hnext);
	free(x->pnext);
	free(x->vbuf);
	free(x->trip);
	free(x);
}

/* n bytes at p zeroed (p may be NULL when n is 0). */
static void zero(void *p, size_t n)
{
	if (n)
		memset(p, 0, n);
}

/* Clears x's stamped tables and restarts its stamps at 0 when they have
 * grown past half their range, so that no check's stamps can wrap. */
static void ctx_restamp(VerifyCtx *x)
{
	if (x->stamp < INT_MAX / 2 && x->rstamp < INT_MAX / 2)
		return;
	zero(x->hold, sizeof *x->hold * (size_t)x->caphold);
	zero(x->tmark, sizeof(int) * (size_t)x->captmark);
	zero(x->pfmark, sizeof(int) * (size_t)x->cappfmark);
	zero(x->isdef, sizeof(int) * (size_t)x->capisdef);
	zero(x->srcst, sizeof(int) * (size_t)x->capsrcst);
	x->stamp = x->rstamp = 0;
}

/* c's stamped tables and scratch buffers, lent by x (chk_free gives
 * them back): the tables sized for c, the stamps continuing x's. */
static void chk_borrow(Chk *c, VerifyCtx *x, int nids, int nl)
{
	c->x = x;
	ctx_restamp(x);
	c->stamp = x->stamp;
	c->rstamp = x->rstamp;
	x->hold = ctx_table(x->hold, sizeof *x->hold, &x->caphold, nids);
	x->tmark = ctx_table(x->tmark, sizeof(int), &x->captmark, nl);
	x->pfmark = ctx_table(x->pfmark, sizeof(int), &x->cappfmark,
			      c->nval + 1);
	c->hold = x->hold;
	c->tmark = x->tmark;
	c->pfmark = x->pfmark;
	c->hloc = x->hloc;
	c->hnext = x->hnext;
	c->caph = x->caph;
	c->pnext = x->pnext;
	c->cappnext = x->cappnext;
	c->vbuf = x->vbuf;
	c->capvbuf = x->capvbuf;
	c->trip = x->trip;
	c->captrip = x->captrip;
}

/* Gives c's borrowed tables and buffers (grown or not) back to x. */
static void chk_return(Chk *c)
{
	VerifyCtx *x = c->x;
	x->stamp = c->stamp;
	x->rstamp = c->rstamp;
	x->hloc = c->hloc;
	x->hnext = c->hnext;
	x->caph = c->caph;
	x->pnext = c->pnext;
	x->cappnext = c->cappnext;
	x->vbuf = c->vbuf;
	x->capvbuf = c->capvbuf;
	x->trip = c->trip;
	x->captrip = c->captrip;
}

static void chk_init(Chk *c, const Fn *o, const Fn *f, VerifyCtx *x)
{
	memset(c, 0, sizeof *c);
	c->o = o;
	c->f = f;
	c->t = f->target;
	c->a = arena_new();
	pool_init(&c->sp);
	c->npseudo = o->npseudo;
	c->nval = o->npseudo + TGT_NREGS;
	c->gcc = f->by_gcc;
	c->cbase = TGT_NREGS + f->nslot;
	setup_konst(c);
	c->abase = c->cbase + c->nconst;
	setup_av(c);
	setup_mv(c);
	c->nloc = c->abase + c->nav;
	c->nblk = f->nblk;
	int n = f->nblk + 1, nv = c->nval + 1, nl = c->nloc + 1;
	c->npred = ARENA_NEW(c->a, int, n);
	c->pred = ARENA_NEW(c->a, int *, n);
	c->oblk = ARENA_NEW(c->a, int, n);
	c->eorig = ARENA_NEW(c->a, int, n);
	c->ibase = ARENA_NEW(c->a, int, n);
	c->rpo = ARENA_NEW(c->a, int, n);
	c->reach = ARENA_NEW(c->a, bool, n);
	c->exit = ARENA_NEW(c->a, State, n);
	c->has_exit = ARENA_NEW(c->a, bool, n);
	c->eh_ins = ARENA_NEW(c->a, const Ins *, n);
	c->abcall = ARENA_NEW(c->a, bool, n);
	c->eh_exit = ARENA_NEW(c->a, State, n);
	c->has_eh_exit = ARENA_NEW(c->a, bool, n);
	c->nphi = ARENA_NEW(c->a, int, o->nblk + 1);
	c->phi = ARENA_NEW(c->a, const Ins **, o->nblk + 1);
	c->remat_def = ARENA_NEW(c->a, const Ins *, c->npseudo + 1);
	c->cur = ARENA_NEW(c->a, int, nl);
	c->tlist = ARENA_NEW(c->a, int, nl);
	c->tbuf = ARENA_NEW(c->a, int, nl);
	c->klist = ARENA_NEW(c->a, int, nl);
	nv = nall_ids(c) + 1; /* per id, part and word facts included */
	chk_borrow(c, x, nv, nl); /* hold, tmark, pfmark */
	/* isdef, srcst, srchead: at the first edge with phis (edge_state) */
	c->acc.loc = ARENA_NEW(c->a, int, nl);
	c->acc.set = ARENA_NEW(c->a, int, nl);
	c->acc2.loc = ARENA_NEW(c->a, int, nl);
	c->acc2.set = ARENA_NEW(c->a, int, nl);
	c->isW = ARENA_NEW(c->a, bool, nv);
	/* per value (below nval; read only where isW holds, setup_live
	 * writes every one) */
	c->widx = arena_alloc_raw(c->a, sizeof(int) * (size_t)(c->nval + 1));
	c->live = ARENA_NEW(c->a, int *, n);
	c->nlive = ARENA_NEW(c->a, int, n);
	c->tmp.loc = ARENA_NEW(c->a, int, nl);
	c->tmp.set = ARENA_NEW(c->a, int, nl);
	c->budget = 4000000;
	c->ws = verify_xrealloc(NULL, sizeof *c->ws);
	memset(c->ws, 0, sizeof *c->ws);
	mem_setup(c);
	c->kws = verify_xrealloc(NULL, sizeof *c->kws);
	memset(c->kws, 0, sizeof *c->kws);
}

static void chk_free(Chk *c)
{
	pool_free(&c->sp);
	chk_return(c);
	free(c->setw);
	free(c->reason.s);
	for (int k = 0; k < c->nsoft; k++)
		free(c->soft[k]);
	free(c->soft);
	free(c->uremat);
	arena_free(c->a);
	if (c->ws)
		free(c->ws->w);
	free(c->ws);
	if (c->kws)
		free(c->kws->w);
	free(c->kws);
}

/* ---- Replaying a block ------------------------------------------------- */

/* Replays f block b from the loaded state; in eh_mode up to its
 * throwing instruction (eh_ins), whose reads and clobbers are followed
 * by the EH edge's effects, and not beyond. */
static void replay(Chk *c, int b)
{
	c->cur_blk = b;
	int pos = 0, base = c->ibase[b];
	for (const Ins *i = c->f->blk[b]->first; i; i = i->next, pos++) {
		const Ins *o = c->om[base + pos];
		if (o) {
			do_original(c, i, o, pos + 1);
			if (c->nsj && o->kind == IK_CALL)
				sj_after_call(c, base + pos);
			if (c->eh_mode && o == c->eh_ins[b])
				return;
			kill_overlaps(c, i);
			if (c->nsj && (o->flags & INS_TWICE))
				sj_second_return(c, base + pos);
			continue;
		}
		switch (i->kind) {
		case IK_MOVE:
		case IK_SPILL:
		case IK_RELOAD:
		case IK_COPY:
			do_move(c, i, pos + 1);
			break;
		case IK_SWAP:
			do_swap(c, i, pos + 1);
			break;
		case IK_PCOPY:
			do_pcopy(c, i, pos + 1);
			break;
		case IK_REMAT:
			if (i->of > 0)
				do_remat_of(c, i, pos + 1, base + pos);
			else
				do_remat(c, i, pos + 1);
			break;
		case IK_OPAQUE:
			if (i->of > 0)
				do_mem_load(c, i, pos + 1);
			else
				do_opaque(c, i);
			break;
		default: /* phis left in place are no-ops (setup) */
			break;
		}
		copy_extend(c, i);
		kill_overlaps(c, i);
	}
}

/* The state on b's EH edges (docs/VERIFY.md "Exception edges"): b
 * replayed again from its entry up to the throwing instruction, then
 * the edge's effects (eh_effects; also when the instruction is not in
 * b, a violation reported elsewhere).  Returns whether it changed. */
static bool eh_replay(Chk *c, int b)
{
	if (!join(c, b))
		return false;
	load(c, &c->acc);
	c->eh_mode = true;
	c->eh_hit = false;
	replay(c, b);
	if (!c->eh_hit)
		eh_effects(c);
	c->eh_mode = false;
	State ns;
	if (!unload(c, &ns, c->has_eh_exit[b] ? &c->eh_exit[b] : NULL, true))
		return false;
	c->eh_exit[b] = ns;
	c->has_eh_exit[b] = true;
	return true;
}

/* ---- The fixed point and the checks ------------------------------------ */

/* Where each block's checking replay put its reports: per list
 * (violations, what is not proven, notes), the first and one past the
 * last index; lo = hi when it reported nothing or was not replayed. */
typedef struct {
	int lo[3], hi[3];
} Reports;

/* at[0..2]: the current lengths of the three report lists. */
static void reports_mark(const Chk *c, int *at)
{
	at[0] = c->nviol;
	at[1] = c->nsoft;
	at[2] = c->nnote;
}

/* Replays b from its entry state (join) with the checks on, recording
 * where its reports went in *r; with keep, stores its exit state as the
 * fixed point's does (unload) and returns whether it changed. */
static bool check_block(Chk *c, int b, Reports *r, bool keep)
{
	if (!join(c, b))
		return false;
	load(c, &c->acc);
	reports_mark(c, r->lo);
	c->checking = true;
	replay(c, b);
	c->checking = false;
	reports_mark(c, r->hi);
	if (!keep) {
		unload(c, NULL, NULL, false);
		return false;
	}
	State ns;
	bool changed = unload(c, &ns, c->has_exit[b] ? &c->exit[b] : NULL,
			      true);
	if (changed) {
		c->exit[b] = ns;
		c->has_exit[b] = true;
	}
	return changed;
}

/* One block of the fixed point: b replayed from its entry state, its
 * exit state (and EH edge state) stored; returns whether either
 * changed. */
static bool step(Chk *c, int b)
{
	if (!join(c, b))
		return false;
	load(c, &c->acc);
	replay(c, b);
	State ns;
	bool changed =
		unload(c, &ns, c->has_exit[b] ? &c->exit[b] : NULL, true);
	if (changed) {
		c->exit[b] = ns;
		c->has_exit[b] = true;
	}
	/* the EH state has the same entry, not the same end */
	if (c->eh_ins[b] && eh_replay(c, b))
		changed = true;
	return changed;
}

/* The fixed point over blocks blk[0..n-1] (in reverse post-order): all
 * queued at the start, sweeps process the queued ones, a change queues
 * the successors among them (in[s]; with calls that return twice,
 * sj_requeue may queue any).  Returns false (unverified) when it does
 * not end. */
static bool fixed_point(Chk *c, const int *blk, int n, const bool *in)
{
	bool *queued = ARENA_NEW(c->a, bool, c->nblk + 1);
	for (int k = 0; k < n; k++)
		queued[blk[k]] = true;
	/* States only shrink (sets lose values, `def` gains them), so the
	 * sweeps end; the cap is a guard against a bug, not a limit. */
	int sweeps = 0;
	for (bool again = true; again;) {
		if (++sweeps > 100000)
			return unverified(c, "no fixed point after %d sweeps "
					     "(a bug in the checker)",
					  sweeps - 1);
		again = false;
		for (int k = 0; k < n; k++) {
			int b = blk[k];
			if (!queued[b])
				continue;
			queued[b] = false;
			bool changed = step(c, b);
			if (c->nsj && sj_requeue(c, queued))
				again = true;
			if (!changed)
				continue;
			const Blk *bb = c->f->blk[b];
			for (int s = 0; s < bb->nsucc; s++)
				if (in[bb->succ[s].blk]) {
					queued[bb->succ[s].blk] = true;
					again = true;
				}
		}
	}
	return true;
}

/* Reorders the elements [base, n) of arr (each sz bytes): those no
 * block's checking replay reported first, in their order, then block
 * 0's (r[0].lo[kind]..hi[kind]), block 1's, ...: the order of checking
 * the blocks one after the other in block order. */
static void reports_order(char *arr, size_t sz, int base, int n,
			  const Reports *r, int nblk, int kind)
{
	if (n - base < 2)
		return;
	char *t = verify_xrealloc(NULL, sz * (size_t)(n - base));
	bool *own = verify_xrealloc(NULL, (size_t)(n - base));
	memset(own, 0, (size_t)(n - base));
	for (int b = 0; b < nblk; b++)
		for (int k = r[b].lo[kind]; k < r[b].hi[kind]; k++)
			own[k - base] = true;
	int m = 0;
	for (int k = base; k < n; k++)
		if (!own[k - base])
			memcpy(t + sz * (size_t)m++, arr + sz * (size_t)k, sz);
	for (int b = 0; b < nblk; b++)
		for (int k = r[b].lo[kind]; k < r[b].hi[kind]; k++)
			memcpy(t + sz * (size_t)m++, arr + sz * (size_t)k, sz);
	memcpy(arr + sz * (size_t)base, t, sz * (size_t)(n - base));
	free(t);
	free(own);
}

/* The data flow in the order of setup_sccs: a component without a cycle
 * is one block whose predecessors' states are final, replayed once with
 * the checks on; a cycle goes to its fixed point, then each of its
 * blocks is replayed once more with the checks on.  With calls that
 * return twice (whose second return feeds any block) every block goes
 * to the fixed point first.  The reports are then put in block order,
 * as one checking pass in block order would give them. */
static void run_once(Chk *c)
{
	int n = c->nblk;
	for (int b = 0; b < n; b++)
		c->has_exit[b] = c->has_eh_exit[b] = false;
	sj_reset(c);
	c->checking = false;
	c->budget = 4000000;
	Reports *r = ARENA_NEW(c->a, Reports, n + 1);
	bool *in = ARENA_NEW(c->a, bool, n + 1);
	int base[3];
	reports_mark(c, base);
	if (c->nsj) {
		for (int k = 0; k < c->nrpo; k++)
			in[c->rpo[k]] = true;
		if (!fixed_point(c, c->rpo, c->nrpo, in))
			return;
		for (int b = 0; b < n; b++)
			if (c->reach[b])
				check_block(c, b, &r[b], false);
	} else {
		int *order = ARENA_NEW(c->a, int, n + 1);
		int *first = ARENA_NEW(c->a, int, n + 2);
		bool *cyclic = ARENA_NEW(c->a, bool, n + 2);
		int nscc = setup_sccs(c, order, first, cyclic);
		for (int k = 0; k < nscc; k++) {
			const int *blk = order + first[k];
			int m = first[k + 1] - first[k];
			if (!cyclic[k]) {
				check_block(c, blk[0], &r[blk[0]], true);
				if (c->eh_ins[blk[0]])
					eh_replay(c, blk[0]);
				continue;
			}
			for (int j = 0; j < m; j++)
				in[blk[j]] = true;
			bool ok = fixed_point(c, blk, m, in);
			for (int j = 0; j < m; j++)
				in[blk[j]] = false;
			if (!ok)
				return;
			for (int j = 0; j < m; j++)
				check_block(c, blk[j], &r[blk[j]], false);
		}
	}
	c->checking = true;
	reports_order((char *)c->viol, sizeof *c->viol, base[0], c->nviol, r,
		      n, 0);
	reports_order((char *)c->soft, sizeof *c->soft, base[1], c->nsoft, r,
		      n, 1);
	reports_order((char *)c->note, sizeof *c->note, base[2], c->nnote, r,
		      n, 2);
}

/* Pruning decides no check, so the violations are found with it; but a
 * message naming what a location holds is clearer with the dead values
 * too, so when there are such messages and the function is not huge the
 * analysis is repeated without pruning for their text. */
static void run(Chk *c)
{
	int before = c->nviol, soft = c->nsoft;
	c->prune = true;
	run_once(c);
	if (c->reason.n)
		return;
	bool wrong = false; /* a message that shows what a location holds */
	for (int k = before; k < c->nviol; k++)
		wrong |= c->viol[k].kind == VK_WRONG_VALUE ||
			 c->viol[k].kind == VK_REMAT;
	if (!wrong || (long)c->nloc * c->nblk > 20000000L)
		return;
	int n = c->nviol;
	Violation *keep = c->viol;
	c->viol = NULL;
	c->nviol = c->capviol = 0;
	c->viol = grow(c->viol, sizeof(Violation), &c->capviol, n);
	memcpy(c->viol, keep, sizeof(Violation) * (size_t)before);
	c->nviol = before;
	int soft1 = c->nsoft;
	for (int k = soft; k < soft1; k++)
		free(c->soft[k]);
	c->nsoft = soft;
	c->prune = false;
	run_once(c);
	if (c->nviol != n) { /* cannot happen; keep the pruned run's */
		for (int k = before; k < c->nviol; k++)
			viol_free(&c->viol[k]);
		free(c->viol);
		c->viol = keep;
		c->nviol = c->capviol = n;
		return;
	}
	for (int k = before; k < n; k++)
		viol_free(&keep[k]);
	free(keep);
}

/* ---- The verdict ------------------------------------------------------- */

/* What could not be proven (c->soft) decides the verdict only when
 * there is no violation: then "unverified" with the first reason (and
 * how many more); every other one becomes a note "unverified: ...". */
static void soft_verdict(Chk *c, VerifyResult *res)
{
	if (c->nsoft == 0)
		return;
	int first = 0;
	if (res->verdict == VERDICT_VERIFIED) {
		res->verdict = VERDICT_UNVERIFIED;
		Str r = {0};
		str_addf(&r, "%s", c->soft[0]);
		if (c->nsoft > 1)
			str_addf(&r, " (and %d more, in the notes)",
				 c->nsoft - 1);
		res->reason = r.s;
		first = 1;
	}
	for (int k = first; k < c->nsoft; k++)
		add_note(c, "unverified: %s", c->soft[k]);
}

/* ---- Wrong values GCC's allocation may still have right -------------- */

/* Whether pseudo p of the original is, at each of its definitions, the
 * low bytes of one other pseudo: every instruction defining p is an ord
 * whose only pseudo operands are p (defined whole) and a use q[0,
 * size(p)] (a narrowing move, `*movqi_internal =p453, p131[0,1]`); *q
 * gets that pseudo (the same at every definition). */
static bool low_part_of(const Fn *fn, int p, int *q)
{
	int found = -1, defs = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			bool defines = false;
			int use = -1, other = 0;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if (o->kind != OK_PSEUDO)
					continue;
				if (o->reg == p && (o->flags & OF_DEF))
					defines = true;
				else if (o->reg != p && (o->flags & OF_USE) &&
					 !(o->flags & OF_DEF) &&
					 o->sub_off == 0 &&
					 o->sub_size == fn->pseudo[p].size)
					use = use < 0 ? o->reg : -2;
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

/* Whether violation v is a wrong value of pseudo p that is the low part
 * of another, q (low_part_of), at a location holding q or at least p's
 * size of q's low bytes (Violation.held).  The checker does not model
 * that such a location holds p's bytes as long as q is unchanged, which
 * LRA's inheritance uses (a byte of p131 moved from r14 for p453,
 * 920625-1.c synth at -O2): not provably wrong. */
static bool low_part_value(const Fn *fn, const Violation *v)
{
	int q;
	if (v->kind != VK_WRONG_VALUE || v->exp_pseudo < 0 ||
	    v->exp_pseudo >= fn->npseudo || !low_part_of(fn, v->exp_pseudo, &q))
		return false;
	for (int k = 0; k < v->nheld; k++)
		if (v->held[k].pseudo == q &&
		    (v->held[k].low == 0 ||
		     v->held[k].low >= fn->pseudo[v->exp_pseudo].size))
			return true;
	return false;
}

/* GCC's allocation: when every violation is a wrong value that is not
 * provably wrong - last written by an inserted instruction whose effect
 * is not modelled (by_opaque), or the low part of a pseudo the location
 * holds (low_part_value) - the verdict is unverified, with the reason
 * "value last written by an unmodelled inserted insn" or "value is the
 * low part of another pseudo held there", the violations' texts notes. */
static void gcc_unprovable(Chk *c)
{
	if (!c->gcc || c->nviol == 0)
		return;
	bool lowpart = false;
	for (int k = 0; k < c->nviol; k++) {
		const Violation *v = &c->viol[k];
		if (v->kind == VK_WRONG_VALUE && v->by_opaque)
			continue;
		if (!low_part_value(c->o, v))
			return;
		lowpart = true;
	}
	c->unprovable = true;
	unverified(c, "%s", lowpart ? "value is the low part of another "
				      "pseudo held there"
				    : "value last written by an unmodelled "
				      "inserted insn");
	for (int k = 0; k < c->nviol; k++)
		add_note(c, "not provably wrong: %s", c->viol[k].text);
}

/* verify_fn on functions whose pseudo numbers are not sparse. */
static void verify_dense(VerifyCtx *x, const Fn *orig, const Fn *alloc,
			 VerifyResult *res)
{
	memset(res, 0, sizeof *res);
	Chk c;
	chk_init(&c, orig, alloc, x);
	if (orig->unsupported)
		unverified(&c, "unsupported: %s", orig->unsupported);
	else if (alloc->unsupported)
		unverified(&c, "unsupported: %s", alloc->unsupported);
	else if (!alloc->allocated)
		unverified(&c, "not an allocated function");
	else if (alloc->target != orig->target)
		unverified(&c, "the targets differ");
	if (!c.reason.n && setup_blocks(&c) && setup_ins(&c)) {
		c.nviol_setup = c.nviol;
		setup_rpo(&c);
		setup_remat(&c);
		setup_hard_widths(&c);
		setup_live(&c);
		if (c.gcc)
			setup_unnamed(&c);
		if (setup_setjmp(&c)) {
			run(&c);
			if (!c.reason.n)
				gcc_unprovable(&c);
		}
	}
	if (c.reason.n) {
		res->verdict = VERDICT_UNVERIFIED;
		res->reason = c.reason.s;
		c.reason.s = NULL;
		for (int k = 0; k < c.nviol; k++)
			viol_free(&c.viol[k]);
		free(c.viol);
		if (c.unprovable) {
			/* the notes of gcc_unprovable, then what could
			 * not be proven */
			for (int k = 0; k < c.nsoft; k++)
				add_note(&c, "unverified: %s", c.soft[k]);
			res->nnote = c.nnote;
			res->note = c.note;
		} else { /* nothing was checked */
			for (int k = 0; k < c.nnote; k++)
				free(c.note[k]);
			free(c.note);
		}
	} else {
		res->verdict = c.nviol ? VERDICT_VIOLATION : VERDICT_VERIFIED;
		res->nviol = c.nviol;
		res->viol = c.viol;
		soft_verdict(&c, res);
		res->nnote = c.nnote;
		res->note = c.note;
	}
	chk_free(&c);
}

/* *s renamed back by pmap_text. */
static void rename_text(const PseudoMap *m, char **s)
{
	if (!*s)
		return;
	char *t = pmap_text(m, *s);
	free(*s);
	*s = t;
}

void verify_fn(const Fn *orig, const Fn *alloc, VerifyResult *res)
{
	VerifyCtx *x = verify_ctx_new();
	verify_fn_in(x, orig, alloc, res);
	verify_ctx_free(x);
}

void verify_fn_in(VerifyCtx *x, const Fn *orig, const Fn *alloc,
		  VerifyResult *res)
{
	if (!fn_sparse(orig) && !fn_sparse(alloc)) {
		verify_dense(x, orig, alloc, res);
		return;
	}
	/* a few huge pseudo numbers: check densely renamed copies (one
	 * numbering for both), then name the pseudos back */
	PseudoMap m = pmap_build(orig, alloc);
	Fn *o = fn_copy_dense(orig, &m), *a = fn_copy_dense(alloc, &m);
	verify_dense(x, o, a, res);
	fn_free(o);
	fn_free(a);
	rename_text(&m, &res->reason);
	for (int k = 0; k < res->nnote; k++)
		rename_text(&m, &res->note[k]);
	for (int k = 0; k < res->nviol; k++) {
		Violation *v = &res->viol[k];
		rename_text(&m, &v->text);
		if (v->exp_pseudo >= 0 && v->exp_pseudo < m.nnew)
			v->exp_pseudo = m.to_old[v->exp_pseudo];
		for (int j = 0; j < v->nheld; j++)
			if (v->held[j].pseudo >= 0 &&
			    v->held[j].pseudo < m.nnew)
				v->held[j].pseudo = m.to_old[v->held[j].pseudo];
	}
	pmap_free(&m);
}

void verify_result_free(VerifyResult *res)
{
	free(res->reason);
	for (int k = 0; k < res->nviol; k++)
		viol_free(&res->viol[k]);
	free(res->viol);
	for (int k = 0; k < res->nnote; k++)
		free(res->note[k]);
	free(res->note);
	memset(res, 0, sizeof *res);
}

void verify_print(FILE *f, const char *path, const char *fname,
		  const VerifyResult *res)
{
	switch (res->verdict) {
	case VERDICT_VERIFIED:
		fprintf(f, "%s: verified\n", fname);
		break;
	case VERDICT_VIOLATION:
		fprintf(f, "%s: violation (%d)\n", fname, res->nviol);
		break;
	default:
		fprintf(f, "%s: unverified: %s\n", fname, res->reason);
		break;
	}
	for (int k = 0; k < res->nviol; k++)
		fprintf(f, "  %s: %s\n", path, res->viol[k].text);
	for (int k = 0; k < res->nnote; k++)
		fprintf(f, "  %s: %s\n", path, res->note[k]);
}
