/* recompute.c - inserted remats that recompute an original instruction
 * ([of N], docs/VERIFY.md "Recomputation"), through availability
 * locations after the constants; and the setup of those locations.
 * Setup (setup_ins) fills avdef and avat. */
#include "vstate.h"

#include <stdlib.h>

/* ---- Recomputation of an original instruction ([of N]) -----------------
 * docs/VERIFY.md "Recomputation": availability location AV(D) of an
 * original instruction D that some inserted remat recomputes holds, after
 * D executes, D's defined value and every value it reads; a definition
 * of any of them (original, deleted, phi) or a clobber of a hard
 * register among them removes it from AV(D) as from every location, and
 * joins intersect.  So where AV(D) holds them all, no path since D's
 * last execution changed them. */

void av_executed(Chk *c, const Ins *o, int idx)
{
	int av = c->avat[idx];
	if (av < 0)
		return;
	int s = 0;
	for (int k = 0; k < o->nops; k++)
		if (op_is_value(&o->ops[k]))
			s = set_add(&c->sp, s, value_of(c, &o->ops[k]));
	wset(c, av, s);
}

/* Records inserted remat i as not proven: what it wrote is judged
 * unproven, not wrong, where a later read finds it (writers_text). */
static void note_unproven_remat(Chk *c, const Ins *i)
{
	c->uremat = grow(c->uremat, sizeof(const Ins *), &c->capuremat,
			 c->nuremat + 1);
	c->uremat[c->nuremat++] = i;
}

bool unproven_remat(const Chk *c, const Ins *i)
{
	for (int k = 0; k < c->nuremat; k++)
		if (c->uremat[k] == i)
			return true;
	return false;
}

void do_remat_of(Chk *c, const Ins *i, int pos, int idx)
{
	int nviol0 = c->nviol;
	int av = c->avat[idx];
	const Ins *o = c->avdef[av - c->abase];
	int p = o->ops[0].reg, d = op_loc(c, &i->ops[0]);
	char vb[32], lb[64];
	bool ok = true;
	for (int k = 1; c->checking && ok && k < o->nops; k++) {
		const Op *oo = &o->ops[k];
		if (!op_is_value(oo) && !const_equal(oo, &i->ops[k])) {
			ok = false;
			violation(c, VK_REMAT, i, pos, k, -1,
				  "remat of p%d (uid %d): operand %d is not "
				  "the constant uid %d has",
				  p, o->uid, k, o->uid);
		}
		if (!op_is_value(oo))
			continue;
		int v = value_of(c, oo), l = op_loc(c, &i->ops[k]);
		int lo, hi;
		read_range(c, oo, l, span_n(c, l, value_size(c, v)), &lo, &hi);
		for (int m = lo; ok && m < hi; m++) {
			if (set_has(&c->sp, c->cur[l + m],
				    read_id(c, l, m, v)) ||
			    (m == 0 && holds_part(c, oo, l, v)))
				continue;
			ok = false;
			value_name(c, v, vb, sizeof vb);
			loc_name(c, l + m, lb, sizeof lb);
			if (is_kconst(c, l + m) ||
			    kc_unproven(c, l + m, v) ||
			    (c->mloc &&
			     set_has(&c->sp, c->cur[l + m], c->nval))) {
				not_proven(c, "remat of p%d (uid %d) in b%d: "
					      "%s at %s not proven equal",
					   p, o->uid, c->f->blk[c->cur_blk]->id,
					   vb, lb);
			} else {
				Str s = {0};
				set_text(c, c->cur[l + m], &s);
				violation(c, VK_REMAT, i, pos, k, l + m,
					  "remat of p%d (uid %d): operand %d "
					  "(%s) at %s holds %s instead",
					  p, o->uid, k, vb, lb, s.s);
				free(s.s);
			}
		}
	}
	for (int k = 0; c->checking && ok && k < o->nops; k++) {
		if (!op_is_value(&o->ops[k]))
			continue;
		int v = value_of(c, &o->ops[k]);
		if (set_has(&c->sp, c->cur[av], v))
			continue;
		ok = false;
		not_proven(c, "remat of p%d (uid %d) in b%d: %s may have "
			      "changed since uid %d ran",
			   p, o->uid, c->f->blk[c->cur_blk]->id,
			   value_name(c, v, vb, sizeof vb), o->uid);
	}
	int n = span_n(c, d, c->o->pseudo[p].size);
	if (!ok && c->nviol == nviol0)
		note_unproven_remat(c, i);
	clobber(c, i->clobbers);
	write_def(c, d, n, p);
}

/* ---- Setup: one availability location per recomputed instruction ------- */

int av_loc(const Chk *c, int uid)
{
	if (uid < 0 || uid >= c->navof || !c->avof[uid])
		return -1;
	return c->abase + c->avof[uid] - 1;
}

/* Whether allocated instruction i is a deleted original copy of a
 * pseudo into a hard register or a pseudo (`copy =%di, p90 [deleted]`,
 * GCC's allocation): it gets an availability location (copy_equal). */
static bool deleted_hcopy(const Chk *c, const Ins *i)
{
	return c->gcc && i->uid > 0 && (i->flags & INS_DELETED) &&
	       i->kind == IK_COPY && i->nops == 2 &&
	       (i->ops[0].kind == OK_HREG || i->ops[0].kind == OK_PSEUDO) &&
	       i->ops[1].kind == OK_PSEUDO &&
	       !i->ops[0].sub_size && !i->ops[1].sub_size;
}

void setup_av(Chk *c)
{
	int n = 0, maxuid = 0;
	for (int b = 0; b < c->f->nblk; b++)
		for (const Ins *i = c->f->blk[b]->first; i; i = i->next) {
			n += (i->kind == IK_REMAT && i->of > 0) ||
			     deleted_hcopy(c, i);
			if (i->uid > maxuid)
				maxuid = i->uid;
			if (i->of > maxuid)
				maxuid = i->of;
		}
	c->avuid = ARENA_NEW(c->a, int, n + 1);
	c->avdef = ARENA_NEW(c->a, const Ins *, n + 1);
	c->avcopy = ARENA_NEW(c->a, const Ins *, n + 1);
	c->navof = maxuid + 1;
	c->avof = ARENA_NEW(c->a, int, c->navof);
	for (int b = 0; b < c->f->nblk; b++)
		for (const Ins *i = c->f->blk[b]->first; i; i = i->next)
			if (i->kind == IK_REMAT && i->of > 0 &&
			    av_loc(c, i->of) < 0) {
				c->avuid[c->nav++] = i->of;
				c->avof[i->of] = c->nav;
			} else if (deleted_hcopy(c, i) &&
				   av_loc(c, i->uid) < 0) {
				c->avcopy[c->nav] = i;
				c->avuid[c->nav++] = i->uid;
				c->avof[i->uid] = c->nav;
			}
}
