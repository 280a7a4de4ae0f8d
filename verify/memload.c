/* memload.c - memory operands loaded into a register (docs/VERIFY.md
 * "Memory operands loaded into a register"): the inserted loads [of U],
 * the value MV(U) they give, its check where U reads it; and the setup
 * of the MV ids, which chk_init runs before it counts the ids. */
#include "vstate.h"

#include <stdlib.h>

/* ---- Loads [of U] and their use ---------------------------------------- */

/* The loaded memory operand of original uid u (its MV index), or -1. */
static int mv_index(const Chk *c, int u)
{
	for (int j = 0; j < c->nmv; j++)
		if (c->mvuid[j] == u)
			return j;
	return -1;
}

/* Reports that location l, read by i (position pos) for operand k (or
 * -1), does not hold id want: not proven when l's content is unknown to
 * the checker (a constant or memory location, a register loaded from
 * one, another MV), else a violation naming l's writers. */
static void mv_wrong(Chk *c, const Ins *i, int pos, int k, int l, int want,
		     const char *what)
{
	char vb[48], lb[64];
	value_name(c, want, vb, sizeof vb);
	loc_name(c, l, lb, sizeof lb);
	int s = c->cur[l], n = set_n(&c->sp, s);
	bool unknown = is_kconst(c, l);
	for (int m = 0; m < n; m++) {
		int v = set_v(&c->sp, s)[m];
		unknown |= v == c->nval || v == kc_id(c) || mv_of(c, v) >= 0;
	}
	if (unknown) {
		not_proven(c, "uid %d: %s (%s) at %s, not proven equal",
			   i->uid ? i->uid : i->of, what, vb, lb);
		return;
	}
	Str st = {0}, wr = {0};
	set_text(c, s, &st);
	bool opaque = writers_text(c, c->cur_blk, i, l, &wr);
	Violation *w = violation(c, VK_WRONG_VALUE, i, pos, k, l,
				 "%s (%s) at %s holds %s instead%s", what, vb,
				 lb, st.s, wr.s ? wr.s : "");
	free(st.s);
	free(wr.s);
	w->by_opaque = opaque;
	held_pseudos(c, s, w);
}

void do_mem_load(Chk *c, const Ins *i, int pos)
{
	int j = mv_index(c, i->of);
	bool ok = j >= 0 && i->nops >= 1 && i->ops[0].kind == OK_LOC &&
		  (i->ops[0].flags & OF_DEF);
	for (int k = 1; k < i->nops; k++) {
		const Op *op = &i->ops[k];
		if (!ok || op->kind != OK_PSEUDO || op->flags != OF_USE ||
		    op->sub_size || !mv_u_names(c, j, op->reg)) {
			ok = false;
			break;
		}
		int l = op_loc(c, op), v = op->reg;
		int n = span_n(c, l, value_size(c, v));
		/* a wrong or unproven address is reported here (the verdict
		 * is then no better than unverified); the load still gives
		 * MV(U), so that U does not report it again */
		for (int p = 0; l >= 0 && p < n; p++)
			if (!holds_at(c, l, p, v)) {
				if (c->checking)
					mv_wrong(c, i, pos, k, l + p, v,
						 "address of the loaded memory "
						 "operand");
				break;
			}
	}
	if (c->checking && (j < 0 || (!ok && i->nops >= 1 &&
				     i->ops[0].kind != OK_LOC)))
		not_proven(c, "a malformed inserted load of uid %d's memory "
			      "operand", i->of);
	clobber(c, i->clobbers);
	int d = i->nops >= 1 ? op_loc(c, &i->ops[0]) : -1;
	int w = i->nops >= 1 ? alloc_op_size(c, &i->ops[0]) : 0;
	if (d >= 0)
		for (int p = 0, n = span_n(c, d, w); p < n; p++)
			wset(c, d + p, 0);
	if (ok && c->o->memfx && d >= 0 && d < TGT_NREGS && w == c->mvw[j] &&
	    span_n(c, d, w) == 1)
		wset(c, d, set_single(&c->sp, mv_id(c, j)));
}

void mv_check_use(Chk *c, const Ins *i, int pos)
{
	if (!i->memat || !c->checking)
		return;
	int l = i->memat - 1, j = mv_index(c, i->uid);
	if (j >= 0 && set_has(&c->sp, c->cur[l], mv_id(c, j)))
		return;
	char lb[64];
	if (j < 0 || !c->o->memfx) {
		not_proven(c, "uid %d: memory operand read from %s, not proven "
			      "loaded from it",
			   i->uid, loc_name(c, l, lb, sizeof lb));
		return;
	}
	mv_wrong(c, i, pos, -1, l, mv_id(c, j), "memory operand");
}

/* ---- Setup: the MV ids ------------------------------------------------- */

void setup_mv(Chk *c)
{
	int n = 0;
	for (int b = 0; b < c->f->nblk; b++)
		for (const Ins *i = c->f->blk[b]->first; i; i = i->next)
			n += i->memat > 0;
	if (!n || !c->gcc)
		return;
	c->mvuid = ARENA_NEW(c->a, int, n);
	c->mvorig = ARENA_NEW(c->a, const Ins *, n);
	c->mvw = ARENA_NEW(c->a, int, n);
	for (int b = 0; b < c->f->nblk; b++)
		for (const Ins *i = c->f->blk[b]->first; i; i = i->next) {
			if (!i->memat || mv_index(c, i->uid) >= 0)
				continue;
			const Ins *u = NULL;
			for (int ob = 0; !u && ob < c->o->nblk; ob++)
				for (const Ins *x = c->o->blk[ob]->first; x;
				     x = x->next)
					if (x->uid == i->uid) {
						u = x;
						break;
					}
			if (!u)
				continue; /* setup reports the stray uid */
			c->mvuid[c->nmv] = i->uid;
			c->mvorig[c->nmv] = u;
			c->mvw[c->nmv++] = i->memw;
		}
	c->mvaddr = ARENA_NEW(c->a, int *, n);
	c->nmvaddr = ARENA_NEW(c->a, int, n);
	for (int j = 0; j < c->nmv; j++) {
		int cap = 0;
		for (int b = 0; b < c->f->nblk; b++)
			for (const Ins *i = c->f->blk[b]->first; i; i = i->next)
				if (i->kind == IK_OPAQUE && i->of == c->mvuid[j])
					cap += i->nops;
		c->mvaddr[j] = ARENA_NEW(c->a, int, cap + 1);
		for (int b = 0; b < c->f->nblk; b++)
			for (const Ins *i = c->f->blk[b]->first; i; i = i->next)
				for (int k = 1; i->kind == IK_OPAQUE &&
						i->of == c->mvuid[j] && k < i->nops;
				     k++)
					if (i->ops[k].kind == OK_PSEUDO)
						c->mvaddr[j][c->nmvaddr[j]++] =
							i->ops[k].reg;
	}
}
