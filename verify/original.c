/* original.c - the transfer of an original instruction at its place in
 * f (checked first by check.c): copies relabel, other definitions kill
 * and redefine, deleted ones (GCC's allocation) keep what they can;
 * plus what copies, calls returning an argument and [ptrcopy] add. */
#include "vstate.h"

#include <stdlib.h>
#include <string.h>

/* ---- Copies and clobbers of the original ------------------------------- */

/* Whether original o of GCC's allocation is an `ord` flagged [ptrcopy]:
 * exactly "p := %frame" (or %argp), which the capture checked on its
 * RTL (docs/IR.md); replayed as the copy it is (docs/VERIFY.md "Copies
 * of the soft pointers"). */
static bool ptr_copy(const Chk *c, const Ins *o)
{
	return c->gcc && o->kind == IK_ORD && (o->flags & INS_PTRCOPY) &&
	       o->nops == 2 && o->ops[0].kind == OK_PSEUDO &&
	       !o->ops[0].sub_size &&
	       (o->ops[0].flags & (OF_DEF | OF_USE)) == OF_DEF &&
	       o->ops[1].kind == OK_HREG &&
	       (o->ops[1].reg == R_FRAME || o->ops[1].reg == R_ARGP) &&
	       (o->ops[1].flags & (OF_DEF | OF_USE)) == OF_USE && !o->nmem &&
	       !o->clobbers;
}

/* Whether original o of GCC's allocation is an `ord` flagged [xcopy]:
 * exactly "p := q", two whole pseudos of one size in two classes, which
 * the capture checked on its RTL (docs/IR.md); replayed as the copy it
 * is (docs/VERIFY.md "Copies between classes"). */
static bool class_copy(const Chk *c, const Ins *o)
{
	return c->gcc && o->kind == IK_ORD && (o->flags & INS_XCOPY) &&
	       o->nops == 2 && o->ops[0].kind == OK_PSEUDO &&
	       !o->ops[0].sub_size &&
	       (o->ops[0].flags & (OF_DEF | OF_USE)) == OF_DEF &&
	       o->ops[1].kind == OK_PSEUDO && !o->ops[1].sub_size &&
	       (o->ops[1].flags & (OF_DEF | OF_USE)) == OF_USE &&
	       value_size(c, o->ops[0].reg) == value_size(c, o->ops[1].reg) &&
	       !o->nmem && !o->clobbers;
}

/* Whether original o of GCC's allocation copies its sources' values
 * without being a `copy` ([ptrcopy], [xcopy]): after it executes, every
 * location holding a source also holds its destination
 * (ptr_copy_holders). */
static bool flagged_copy(const Chk *c, const Ins *o)
{
	return ptr_copy(c, o) || class_copy(c, o);
}

bool copy_like(const Ins *o)
{
	if (o->kind != IK_COPY && o->kind != IK_PCOPY)
		return false;
	if (o->nops % 2)
		return false;
	for (int k = 0; k < o->nops; k++)
		if (!op_is_value(&o->ops[k]) || o->ops[k].sub_size ||
		    (o->ops[k].flags & OF_DEF) != (k % 2 ? 0 : OF_DEF))
			return false;
	return true;
}

/* Whether deleted original o is a move of the low part of a value: an
 * ord named "*mov..." (or sse.md's "mov<mode>_internal") whose operands
 * are exactly a whole pseudo d and a
 * use of the first size(d) bytes of a wider pseudo s (`ord
 * "*movqi_internal" =p83, p86[0,1]`) or of a general register (`ord
 * "*movsi_internal" =p92, %ax`), nothing else (no clobbers, no
 * memory).  Its source register, left in place, holds d in its low
 * bytes: LRA deletes such a move when d and s share a register. */
static bool lowpart_move(const Chk *c, const Ins *o)
{
	/* the shape first, the names (strings) only for a candidate */
	if (!c->gcc || o->kind != IK_ORD || o->nops != 2 || o->clobbers ||
	    o->nmem || !o->name)
		return false;
	/* sse2_storelpd: (vec_select:DF (reg:V2DF) [0]), the low double;
	 * *vec_extract..._0: element 0 of a vector, its low bytes */
	size_t nl = strlen(o->name);
	bool low_select = (strcmp(o->name, "sse2_storelpd") == 0 ||
			   /* sse.md's low half of a 32- or 64-byte
			    * vector (vextracti64x4 $0: a ymm's bytes
			    * are the zmm's low 32) */
			   strncmp(o->name, "vec_extract_lo_", 15) == 0 ||
			   (strncmp(o->name, "*vec_extract", 12) == 0 &&
			    nl > 14 && strcmp(o->name + nl - 2, "_0") == 0));
	/* sse.md's vector moves are "mov<mode>_internal" (no '*') */
	bool vec_move = strncmp(o->name, "mov", 3) == 0 &&
			nl > 9 && strcmp(o->name + nl - 9, "_internal") == 0;
	if (strncmp(o->name, "*mov", 4) != 0 && !low_select && !vec_move)
		return false;
	const Op *d = &o->ops[0], *s = &o->ops[1];
	if (d->kind != OK_PSEUDO || d->sub_size ||
	    (d->flags & (OF_USE | OF_DEF)) != OF_DEF ||
	    (s->flags & (OF_USE | OF_DEF)) != OF_USE)
		return false;
	int dsize = value_size(c, value_of(c, d));
	/* a hard register's low bytes: (set (reg:SI p) (reg:SI ax)) */
	if (s->kind == OK_HREG)
		return c->f->target->regs[s->reg].cls == RC_GPR && dsize <= 8;
	if (s->kind != OK_PSEUDO)
		return false;
	/* a whole move that was captured as an ord (`*movsi_internal
	 * =p95, p92 mem`) is a copy; sse2_storelpd reads the whole
	 * vector and writes its low eight bytes */
	if (!s->sub_size && low_select)
		return s->kind == OK_PSEUDO &&
		       dsize < value_size(c, value_of(c, s)) &&
		       value_size(c, value_of(c, s)) >= 16;
	/* a wide value of one register (an SSE vector of 16..64 bytes;
	 * its locations hold it whole) copies as a whole: no word facts
	 * to carry, unlike a general pair's */
	if (!s->sub_size)
		return value_size(c, value_of(c, s)) == dsize &&
		       (!wide_value(c, value_of(c, s)) ||
			(c->o->pseudo[s->reg].cls == RC_SSE &&
			 c->o->pseudo[d->reg].cls == RC_SSE));
	return s->sub_off == 0 && s->sub_size == dsize &&
	       s->sub_size < value_size(c, value_of(c, s));
}

/* The hard registers original instruction o clobbers: their values leave
 * every location and are undefined from here on this path (the original
 * reads garbage if it reads them before writing them). */
static void undefine_clobbered(Chk *c, const Ins *o)
{
	/* with original instructions moved or reordered (violations
	 * already) the replay is not the original's order: no undefined
	 * values then, the stricter rule */
	if (c->nviol_setup)
		return;
	for (RegSet m = o->clobbers; m; m &= m - 1) {
		int r = regset_first(m);
		if (r >= TGT_NREGS)
			break;
		int v = c->npseudo + r;
		kill_value(c, v);
		if (c->isW[v])
			bit_set(c->curD, c->widx[v], false);
	}
}

/* Whether original o is replayed as a copy when deleted (do_deleted):
 * its operands are (destination, source) pairs. */
static bool deleted_copy(const Chk *c, const Ins *o)
{
	return copy_like(o) || flagged_copy(c, o) || lowpart_move(c, o);
}

bool w_close_copies(Chk *c)
{
	bool more = false;
	for (int b = 0; b < c->o->nblk; b++)
		for (const Ins *o = c->o->blk[b]->first; o; o = o->next) {
			if (!deleted_copy(c, o))
				continue;
			for (int k = 0; k + 1 < o->nops; k += 2) {
				int d = value_of(c, &o->ops[k]);
				if (c->isW[value_of(c, &o->ops[k + 1])] &&
				    !c->isW[d]) {
					c->isW[d] = true;
					more = true;
				}
			}
		}
	return more;
}

/* ---- The holders of a copy's sources ----------------------------------- */

/* Pushes onto ws, for every location holding id sid now (only constant
 * locations with kconst_only), that location with id did. */
static void push_id_holders(Chk *c, int sid, int did, Writes *ws,
			    bool kconst_only)
{
	if (c->hold[sid].stamp != c->stamp)
		return;
	for (int h = c->hold[sid].head; h >= 0; h = c->hnext[h])
		if (!kconst_only || is_kconst(c, c->hloc[h]))
			push_write(ws, c->hloc[h], did);
}

/* For each (destination, source) operand pair of copy-like o: pushes
 * onto ws, for every location holding the source now (only constant
 * locations with kconst_only), that location with the destination's
 * value (Write.set). */
static void push_source_holders(Chk *c, const Ins *o, Writes *ws,
				bool kconst_only)
{
	for (int k = 0; k < o->nops; k += 2) {
		int dv = value_of(c, &o->ops[k]);
		int sv = value_of(c, &o->ops[k + 1]);
		push_id_holders(c, sv, dv, ws, kconst_only);
		/* and its part facts, between values of one size: d = s,
		 * so s's low w bytes (or s outside them) are d's (a
		 * __mmask16 moved into k6 with 2 bytes, then the capture's
		 * cross-class copy of its SImode pseudo into a mask pseudo
		 * read as `p723[0,2]`; docs/VERIFY.md "Deleted original
		 * instructions") */
		if (sv < c->npseudo && dv < c->npseudo &&
		    value_size(c, sv) == value_size(c, dv))
			for (int kind = 0; kind < PF_NKIND; kind++)
				for (int w = 1; w <= PF_MAXW; w *= 2)
					push_id_holders(c, pf_id(c, sv, kind, w),
							pf_id(c, dv, kind, w),
							ws, kconst_only);
		/* and word by word, between wide values of one size */
		if (!wide_value(c, sv) || !wide_value(c, dv) ||
		    value_size(c, sv) != value_size(c, dv))
			continue;
		for (int w = 0; w < WD_MAX; w++)
			push_id_holders(c, wd_id(c, sv, w), wd_id(c, dv, w), ws,
					kconst_only);
	}
}

/* Adds each queued (location, id) of ws below location limit to what
 * that location holds, then empties ws. */
static void add_queued(Chk *c, Writes *ws, int limit)
{
	for (int k = 0; k < ws->n; k++) {
		int l = ws->w[k].loc;
		if (l < limit)
			wset(c, l, set_add(&c->sp, c->cur[l], ws->w[k].set));
	}
	ws->n = 0;
}

/* Whether deleted original o moves a wide pseudo into the general
 * registers that return or pass it, word by word: an ord named "*mov..."
 * whose operands are n >= 2 hard general registers written, then one
 * whole pseudo of 8n bytes read (`ord "*movti_internal" =%ax, =%dx,
 * p82 mem`), nothing clobbered, no memory.  LRA deletes it when the
 * pseudo is in those registers already. */
static bool split_move(const Chk *c, const Ins *o)
{
	if (!c->gcc || o->kind != IK_ORD || o->nops < 3 || o->clobbers ||
	    o->nmem || !o->name || strncmp(o->name, "*mov", 4) != 0)
		return false;
	int n = o->nops - 1;
	const Op *s = &o->ops[n];
	if (s->kind != OK_PSEUDO || (s->flags & (OF_USE | OF_DEF)) != OF_USE ||
	    s->sub_size || value_size(c, value_of(c, s)) != 8 * n ||
	    !wide_value(c, value_of(c, s)))
		return false;
	for (int k = 0; k < n; k++)
		if (o->ops[k].kind != OK_HREG ||
		    (o->ops[k].flags & (OF_USE | OF_DEF)) != OF_DEF ||
		    c->f->target->regs[o->ops[k].reg].cls != RC_GPR)
			return false;
	return true;
}

/* Whether deleted original o builds a wide pseudo from the general
 * registers that returned it, word by word: an ord named "*mov..."
 * whose operands are one whole pseudo of 8n bytes written, then n >= 2
 * hard general registers read (`ord "*movti_internal" =p3321, %ax,
 * %dx`), nothing clobbered, no memory.  LRA deletes it when the pseudo
 * got those registers. */
static bool join_move(const Chk *c, const Ins *o)
{
	if (!c->gcc || o->kind != IK_ORD || o->nops < 3 || o->clobbers ||
	    o->nmem || !o->name || strncmp(o->name, "*mov", 4) != 0)
		return false;
	int n = o->nops - 1;
	const Op *d = &o->ops[0];
	if (d->kind != OK_PSEUDO || (d->flags & (OF_USE | OF_DEF)) != OF_DEF ||
	    d->sub_size || value_size(c, value_of(c, d)) != 8 * n ||
	    !wide_value(c, value_of(c, d)))
		return false;
	for (int k = 1; k <= n; k++)
		if (o->ops[k].kind != OK_HREG ||
		    (o->ops[k].flags & (OF_USE | OF_DEF)) != OF_USE ||
		    c->f->target->regs[o->ops[k].reg].cls != RC_GPR)
			return false;
	return true;
}

/* For join_move o: pushes onto ws, for every location holding the k-th
 * register's value now, that location with word k of the pseudo. */
static void push_join_holders(Chk *c, const Ins *o, Writes *ws)
{
	int n = o->nops - 1, dv = value_of(c, &o->ops[0]);
	for (int k = 0; k < n; k++) {
		int sv = value_of(c, &o->ops[k + 1]);
		if (c->hold[sv].stamp != c->stamp)
			continue;
		for (int h = c->hold[sv].head; h >= 0; h = c->hnext[h])
			push_write(ws, c->hloc[h], word_at(c, c->hloc[h], dv, k));
	}
}

/* For split_move o: pushes onto ws, for every location holding word k
 * of the source now, that location with the k-th register's value. */
static void push_split_holders(Chk *c, const Ins *o, Writes *ws)
{
	int n = o->nops - 1, sv = value_of(c, &o->ops[n]);
	for (int k = 0; k < n; k++) {
		int dv = value_of(c, &o->ops[k]);
		if (k == 0)
			push_id_holders(c, sv, dv, ws, false);
		push_id_holders(c, wd_id(c, sv, k), dv, ws, false);
	}
}

/* ---- Deleted original instructions (GCC's allocation) ------------------ */

/* Whether a block of the allocation holds only deleted original
 * instructions (or none). */
static bool only_deleted(const Blk *k)
{
	for (const Ins *i = k->first; i; i = i->next)
		if (i->uid == 0 || !(i->flags & INS_DELETED))
			return false;
	return true;
}

/* Whether deleted branch i of allocation block b decides nothing: it is
 * the block's last instruction and every edge of b reaches one block n,
 * directly or through a block of only deleted instructions whose only
 * successor is n (GCC removed the branch once reload had emptied the
 * blocks between, pr53411.c fn4).  Whichever edge the original took,
 * nothing runs before n; the values of each path are checked on the
 * allocation's edges as they are. */
static bool branch_joins(const Chk *c, const Ins *i, int b)
{
	const Blk *k = c->f->blk[b];
	if (i->next || k->nsucc < 2)
		return false;
	int n = -1;
	for (int pass = 0; pass < 2 && n < 0; pass++) {
		int d0 = k->succ[0].blk;
		const Blk *g0 = c->f->blk[d0];
		int cand = pass == 0 ? d0
				     : g0->nsucc == 1 && only_deleted(g0)
					       ? g0->succ[0].blk
					       : -1;
		if (cand < 0)
			continue;
		bool ok = true;
		for (int e = 0; e < k->nsucc && ok; e++) {
			int d = k->succ[e].blk;
			const Blk *g = c->f->blk[d];
			ok = d == cand || (g->nsucc == 1 &&
					   g->succ[0].blk == cand &&
					   only_deleted(g));
		}
		if (ok)
			n = cand;
	}
	return n >= 0;
}

/* A deleted original instruction (GCC's allocation), docs/VERIFY.md:
 * copies relabel, a [remat] from a constant goes into the constant's
 * location, other definitions leave every location; its uses are not
 * checked. */
static void do_deleted(Chk *c, const Ins *o, int idx)
{
	int ndef = 0;
	for (int k = 0; k < o->nops; k++)
		ndef += op_is_value(&o->ops[k]) && (o->ops[k].flags & OF_DEF);
	bool mwrite = false, vread = false;
	for (int k = 0; k < o->nmem; k++) {
		mwrite |= o->mem[k].kind != MR_LD;
		vread |= o->mem[k].kind == MR_RD; /* a volatile read */
	}
	if (mwrite || o->kind == IK_CALL)
		mv_kill_all(c); /* its store may have moved: memory changed */
	if (o->kind == IK_CALL || o->kind == IK_BRANCH || o->kind == IK_RET ||
	    ndef == 0 || (mwrite && c->mloc) || vread) {
		if (c->checking)
			not_proven(c, "uid %d (%s) deleted: its effect is not "
				      "modelled",
				   o->uid, o->name ? o->name
						   : ins_kind_name(o->kind));
		undefine_clobbered(c, o);
		return;
	}
	Writes *ws = c->ws;
	ws->n = 0;
	bool copy = deleted_copy(c, o);
	if (copy) {
		/* the holders of each source before any destination dies:
		 * Write.set holds the destination value here */
		push_source_holders(c, o, ws, false);
	} else if (split_move(c, o)) {
		push_split_holders(c, o, ws);
	} else if (join_move(c, o)) {
		push_join_holders(c, o, ws);
	}
	undefine_clobbered(c, o);
	for (int k = 0; k < o->nops; k++) {
		const Op *oo = &o->ops[k];
		if (!op_is_value(oo) || !(oo->flags & OF_DEF))
			continue;
		int v = value_of(c, oo);
		kill_value(c, v);
		/* the copy of a value of W has its source's status
		 * (w_close_copies put v in W): undefined on every path
		 * here, or possibly defined (then in its holders) */
		if (!copy || !undefined(c, c->curD,
					value_of(c, &o->ops[k + 1])))
			defined(c, v);
		else if (c->isW[v])
			bit_set(c->curD, c->widx[v], false);
	}
	add_queued(c, ws, c->nloc);
	remat_proof(c, o, idx);
	av_executed(c, o, idx);
	mem_after(c, o);
}

/* ---- Calls that return an argument; copies and constants; [ptrcopy] ---- */

/* Before a [retarg] call i (original o; docs/VERIFY.md "Calls that
 * return an argument"): the pseudos its first argument register %di
 * holds, which the call returns in %ax (a set; 0 when not such a call).
 * Hard-register values are left out (the call clobbers %di, so "what
 * an original instruction last wrote to di" is gone after it). */
static int retarg_before(Chk *c, const Ins *i, const Ins *o)
{
	if (o->kind != IK_CALL || !(i->flags & INS_RETARG))
		return 0;
	int s = c->cur[R_DI], n = set_n(&c->sp, s), m = 0;
	/* a copy: interning may move the pool's members */
	int *v = verify_xrealloc(NULL, sizeof(int) * (size_t)(n ? n : 1));
	for (int k = 0; k < n; k++)
		if (set_v(&c->sp, s)[k] < c->npseudo)
			v[m++] = set_v(&c->sp, s)[k];
	int keep = set_intern(&c->sp, v, m);
	free(v);
	return keep;
}

/* After call o's clobbers and defs: %ax also holds the argument's
 * pseudos arg (retarg_before) that the call itself did not define. */
static void retarg_after(Chk *c, const Ins *o, int arg)
{
	for (int k = 0; k < set_n(&c->sp, arg); k++) {
		int v = set_v(&c->sp, arg)[k]; /* read before set_add */
		bool def = false;
		for (int j = 0; j < o->nops; j++)
			if (op_is_value(&o->ops[j]) &&
			    (o->ops[j].flags & OF_DEF) &&
			    value_of(c, &o->ops[j]) == v)
				def = true;
		if (!def)
			wset(c, R_AX, set_add(&c->sp, c->cur[R_AX], v));
	}
}

/* GCC's allocation, before original copy o executes: queues in kw, for
 * every constant location holding a pair's source, the pair's
 * destination (Write.set: the value), to be added after the copy
 * (copy_consts_apply).  Sound: d = s after the copy, and CONST(c)
 * holding s means s equals c on every path here. */
static void copy_consts_queue(Chk *c, const Ins *o, Writes *kw)
{
	kw->n = 0;
	if (!c->gcc)
		return;
	push_source_holders(c, o, kw, true);
}

/* Adds each queued destination value to its constant location. */
static void copy_consts_apply(Chk *c, Writes *kw)
{
	for (int k = 0; k < kw->n; k++)
		wset(c, kw->w[k].loc,
		     set_add(&c->sp, c->cur[kw->w[k].loc], kw->w[k].set));
	kw->n = 0;
}

/* After an executed [ptrcopy] o (p := the soft pointer): every location
 * holding the pointer's value also holds p (the pointer's own location
 * included, which a later move from the pointer copies).  Sound: p
 * equals the pointer's value from here until p is redefined, and the
 * pointer never changes.  Likewise after an [xcopy] (p := q): p equals
 * q's value until either is redefined, and a redefinition of q kills q
 * only, leaving p where q's old value still is. */
static void ptr_copy_holders(Chk *c, const Ins *o)
{
	Writes *ws = c->ws;
	ws->n = 0;
	push_source_holders(c, o, ws, false);
	add_queued(c, ws, c->nloc);
}

/* After an executed lowpart_move o from a low part of pseudo s (d := the
 * low size(d) bytes of s): every register or slot holding s, or a low
 * part of s of at least size(d) bytes, also holds d (a
 * location holds d when its low size(d) bytes are d's).  Sound: d
 * equals those bytes of s from here until either is redefined, and a
 * redefinition of s removes s and its part facts only, leaving d where
 * s's old bytes still are.  GCC relies on it: LRA reloads d for a read
 * from the register that still holds s (`movl %ebp, %r8d` for d in a
 * slot, s in bp; binutils' _bfd_coff_link_input_bfd at -O2;
 * testsuite/ir/verify/gcc/lowheld.*). */
static void lowpart_holders(Chk *c, const Ins *o)
{
	const Op *d = &o->ops[0], *s = &o->ops[1];
	if (s->kind != OK_PSEUDO || !s->sub_size)
		return;
	int dv = value_of(c, d), sv = value_of(c, s);
	int dsize = value_size(c, dv);
	Writes *ws = c->ws;
	ws->n = 0;
	push_id_holders(c, sv, dv, ws, false);
	for (int w = dsize; w <= PF_MAXW; w *= 2)
		push_id_holders(c, pf_id(c, sv, PF_LOW, w), dv, ws, false);
	add_queued(c, ws, c->cbase);
}

/* ---- An original instruction ------------------------------------------- */

/* ---- Exception edges --------------------------------------------------- */

/* Whether o is the instruction whose EH edge is being replayed. */
static bool eh_at(const Chk *c, const Ins *o)
{
	return c->eh_mode && o == c->eh_ins[c->cur_blk];
}

RegSet exc_lost(const Chk *c, int b)
{
	return c->abcall[b] ? target_goto_lost() : c->t->call_clobbered;
}

void eh_effects(Chk *c)
{
	c->eh_hit = true;
	RegSet cc = exc_lost(c, c->cur_blk);
	bool ab = c->abcall[c->cur_blk];
	clobber(c, cc);
	for (RegSet m = cc; m; m &= m - 1) {
		int r = regset_first(m);
		if (r >= TGT_NREGS)
			break;
		int v = c->npseudo + r;
		kill_value(c, v);
		if (!c->nviol_setup && c->isW[v])
			bit_set(c->curD, c->widx[v], false);
	}
	if (ab) {
		/* the non-local goto reloads the hard frame pointer from
		 * the save area the function's entry code filled with bp's
		 * entry value (an original instruction reading %bp) */
		int v = c->npseudo + R_BP;
		defined(c, v);
		wset(c, R_BP, set_single(&c->sp, v));
		return;
	}
	/* the unwinder's data for the landing pad (EH_RETURN_DATA_REGNO) */
	static const int data[] = {R_AX, R_DX};
	for (int k = 0; k < 2; k++) {
		int v = c->npseudo + data[k];
		kill_value(c, v);
		defined(c, v);
		wset(c, data[k], set_single(&c->sp, v));
	}
}

/* ---- An original instruction ------------------------------------------- */

/* For GCC's allocation: when original o (allocation instruction i) is a
 * move of a whole pseudo s into a whole hard register R, an ord named
 * "*mov..." with nothing else (`ord "*movv4qi_internal" =%di, p89`), and
 * s is read at R itself, which holds s now: s.  Else -1.  Such a move
 * leaves the register's low size(s) bytes as they were (at most a
 * zero-extension above them), so R still holds s after it besides R's
 * new value (a V4QI pseudo, class sse, that GCC keeps in di and passes
 * in di again: pr60960.c `main` at -O2 -march=native, where IPA-RA
 * keeps di across the call). */
static int self_move_value(Chk *c, const Ins *i, const Ins *o)
{
	if (!c->gcc || o->kind != IK_ORD || o->nops != 2 || o->clobbers ||
	    o->nmem || !o->name || strncmp(o->name, "*mov", 4) != 0)
		return -1;
	const Op *d = &o->ops[0], *s = &o->ops[1];
	if (d->kind != OK_HREG || s->kind != OK_PSEUDO || d->sub_size ||
	    s->sub_size || (d->flags & (OF_USE | OF_DEF)) != OF_DEF ||
	    (s->flags & (OF_USE | OF_DEF)) != OF_USE)
		return -1;
	int l = op_loc(c, &i->ops[0]), sv = value_of(c, s);
	if (l < 0 || l >= TGT_NREGS || op_loc(c, &i->ops[1]) != l ||
	    c->t->regs[l].cls >= RC_NALLOC ||
	    value_size(c, sv) > c->t->class_bytes[c->t->regs[l].cls] ||
	    !set_has(&c->sp, c->cur[l], sv))
		return -1;
	return sv;
}

void do_original(Chk *c, const Ins *i, const Ins *o, int pos)
{
	int idx = c->ibase[c->cur_blk] + pos - 1;
	if (i->flags & INS_DELETED) {
		if (o->kind == IK_BRANCH && branch_joins(c, i, c->cur_blk) &&
		    !o->nmem && !o->clobbers && !eh_at(c, o)) {
			bool def = false;
			for (int k = 0; k < o->nops; k++)
				def |= op_is_value(&o->ops[k]) &&
				       (o->ops[k].flags & OF_DEF);
			if (!def)
				return; /* a branch that decides nothing */
		}
		/* a deleted throwing instruction: its definitions left
		 * every location (only facts removed), then the edge */
		do_deleted(c, o, idx);
		if (eh_at(c, o))
			eh_effects(c);
		return;
	}
	if (c->checking)
		check_operands(c, i, o, pos);
	mv_check_use(c, i, pos);
	if (copy_like(o) || flagged_copy(c, o)) {
		copy_consts_queue(c, o, c->kws);
		for (int k = 0; k < o->nops; k += 2) {
			int dv = value_of(c, &o->ops[k]);
			int sv = value_of(c, &o->ops[k + 1]);
			int d = op_loc(c, &i->ops[k]);
			int s = op_loc(c, &i->ops[k + 1]);
			check_reg_move(c, i, pos, k, d, s);
			queue_copy(c, c->ws, d, span_n(c, d, value_size(c, dv)),
				   s, span_n(c, s, value_size(c, sv)), dv);
		}
		clobber(c, o->clobbers | i->clobbers);
		undefine_clobbered(c, o);
		if (eh_at(c, o)) {
			c->ws->n = 0;
			c->kws->n = 0;
			eh_effects(c);
			return;
		}
		for (int k = 0; k < o->nops; k += 2) {
			kill_value(c, value_of(c, &o->ops[k]));
			defined(c, value_of(c, &o->ops[k]));
		}
		apply_writes(c, c->ws);
		copy_consts_apply(c, c->kws);
		if (flagged_copy(c, o))
			ptr_copy_holders(c, o);
		/* an [xcopy] stays an ord that a remat [of] may recompute */
		if (class_copy(c, o))
			av_executed(c, o, idx);
		return;
	}
	int arg = retarg_before(c, i, o);
	int selfv = self_move_value(c, i, o);
	clobber(c, o->clobbers | i->clobbers);
	undefine_clobbered(c, o);
	mem_before(c, o);
	if (eh_at(c, o)) {
		/* thrown: no definition happens, the edge's effects do */
		eh_effects(c);
		return;
	}
	for (int k = 0; k < o->nops; k++) {
		const Op *oo = &o->ops[k];
		if (!op_is_value(oo) || !(oo->flags & OF_DEF))
			continue;
		int v = value_of(c, oo), l = op_loc(c, &i->ops[k]);
		int aw = alone_word(&i->ops[k], oo);
		if (aw >= 0) {
			kill_word(c, v, aw);
			defined(c, v);
			wset(c, l, set_single(&c->sp, word_at(c, l, v, aw)));
			continue;
		}
		kill_value(c, v);
		defined(c, v);
		write_def(c, l, span_n(c, l, value_size(c, v)), v);
	}
	if (selfv >= 0) {
		int l = op_loc(c, &i->ops[0]);
		wset(c, l, set_add(&c->sp, c->cur[l], selfv));
	}
	if (lowpart_move(c, o))
		lowpart_holders(c, o);
	retarg_after(c, o, arg);
	remat_proof(c, o, idx);
	av_executed(c, o, idx);
	mem_after(c, o);
}

/* ---- After any instruction --------------------------------------------- */

void copy_extend(Chk *c, const Ins *i)
{
	if (!c->gcc || !c->avcopy)
		return;
	for (int k = 0; k < i->nops; k++) {
		const Op *op = &i->ops[k];
		int l = op_loc(c, op);
		if (!(op->flags & OF_DEF) || l < 0 || l >= c->cbase)
			continue;
		for (int a = 0; a < c->nav; a++) {
			const Ins *cp = c->avcopy[a];
			if (!cp)
				continue;
			int d = value_of(c, &cp->ops[0]);
			int s = value_of(c, &cp->ops[1]);
			int av = c->cur[c->abase + a];
			if (set_has(&c->sp, av, d) && set_has(&c->sp, av, s) &&
			    set_has(&c->sp, c->cur[l], s) &&
			    !set_has(&c->sp, c->cur[l], d))
				wset(c, l, set_add(&c->sp, c->cur[l], d));
		}
	}
}

void kill_overlaps(Chk *c, const Ins *i)
{
	for (int k = 0; k < i->nops; k++) {
		if (!(i->ops[k].flags & OF_DEF))
			continue;
		int l = op_loc(c, &i->ops[k]);
		if (!is_slot(c, l) || !c->f->slot[l - TGT_NREGS].has_off)
			continue;
		const Slot *w = &c->f->slot[l - TGT_NREGS];
		for (int o = 0; o < c->f->nslot; o++) {
			const Slot *x = &c->f->slot[o];
			if (TGT_NREGS + o == l || !x->size || !x->has_off)
				continue;
			if (x->off < w->off + w->size && w->off < x->off + x->size)
				wset(c, TGT_NREGS + o, 0);
		}
	}
}
