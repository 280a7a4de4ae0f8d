/* ehedge.c - exception edges for the allocator (ehedge.h). */
#include "ehedge.h"

#include "cfg.h"
#include "err.h"
#include "liveness.h"

/* The exceptional edges block b has (EF_EH, EF_ABCALL or both): its
 * last instruction throws, or is a call a non-local goto may leave. */
static int throws(const Blk *b)
{
	int x = 0;
	for (int k = 0; k < b->nsucc; k++)
		x |= b->succ[k].flags & EF_EXC;
	return x;
}

/* The registers the exceptional edges of a block (throws: x) lose: the
 * call-clobbered ones on an EH edge, all but sp and the soft pointers
 * on a non-local goto's (whose receiver restores only sp and the frame
 * pointer, from its save area). */
static RegSet lost_on(const Target *t, int x)
{
	return x & EF_ABCALL ? target_goto_lost() : t->call_clobbered;
}

/* The hard registers instruction i reads (flag OF_USE) or writes
 * (OF_DEF). */
static RegSet hard_ops(const Ins *i, int flag)
{
	RegSet s = 0;
	for (int k = 0; k < i->nops; k++)
		if (i->ops[k].kind == OK_HREG && (i->ops[k].flags & flag))
			s |= RS_BIT(i->ops[k].reg);
	return s;
}

/* Whether pseudo p has a value before instruction i of block b: b
 * writes it before i, or it is live into b. */
static bool has_value_before(const Live *lv, const Blk *b, const Ins *i,
			     int p)
{
	for (const Ins *j = b->first; j && j != i; j = j->next)
		for (int o = 0; o < j->nops; o++)
			if (j->ops[o].kind == OK_PSEUDO && j->ops[o].reg == p &&
			    (j->ops[o].flags & OF_DEF))
				return true;
	return live_in_has(lv, b->idx, p);
}

/* A pseudo the throwing instruction i (the last of bb) writes, that has
 * a value before i and that an EH successor of bb finds live, or -1.  On
 * the EH edge the write has not happened, so the landing pad reads the
 * value from before i, while the pipeline, which knows no such edge,
 * would give it i's.  (Without a value before i, the landing pad reads
 * an undefined value: any content will do.) */
static int def_into_pad(const Live *lv, const Blk *bb, const Ins *i)
{
	for (int k = 0; k < bb->nsucc; k++) {
		if (!(bb->succ[k].flags & EF_EXC))
			continue;
		for (int o = 0; o < i->nops; o++) {
			const Op *d = &i->ops[o];
			if (d->kind == OK_PSEUDO && (d->flags & OF_DEF) &&
			    live_in_has(lv, bb->succ[k].blk, d->reg) &&
			    has_value_before(lv, bb, i, d->reg))
				return d->reg;
		}
	}
	return -1;
}

/* The hard registers whose hard-register values the throwing
 * instruction i (the last of bb) must leave alone in the pipeline's
 * model: those a normal successor finds live (and i does not write)
 * and, i not a call (its added clobbers then come before it), those i
 * reads.  The widening spares them: the value they hold on the normal
 * path keeps every pseudo out of them at i anyway. */
static RegSet held_across(const Fn *fn, const Live *lv, const Blk *bb,
			  const Ins *i)
{
	RegSet across = 0;
	for (int k = 0; k < bb->nsucc; k++) {
		if (bb->succ[k].flags & EF_EXC)
			continue;
		for (int r = 0; r < TGT_NREGS; r++)
			if (live_in_has(lv, bb->succ[k].blk, fn->npseudo + r))
				across |= RS_BIT(r);
	}
	return (across & ~hard_ops(i, OF_DEF)) |
	       (i->kind == IK_CALL ? 0 : hard_ops(i, OF_USE));
}

bool eh_widen(Fn *fn, EhWide *w, char *err, size_t errlen)
{
	const Target *t = fn->target;
	*w = (EhWide){0};
	Live *lv = NULL;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		Ins *i = bb->last;
		int x = throws(bb);
		if (!i || i->kind == IK_PHI || !x)
			continue;
		if (!lv) {
			lv = live_compute(fn, cfg_build(fn));
			w->uid = ARENA_NEW(fn->arena, int, fn->nblk + 1);
			w->clob = ARENA_NEW(fn->arena, RegSet, fn->nblk + 1);
		}
		int p = def_into_pad(lv, bb, i);
		if (p >= 0) {
			eh_unwiden(fn, w);
			return err_set(err, errlen,
				       "b%d uid %d: p%d is written by a "
				       "throwing instruction and read in its "
				       "landing pad (where the write did not "
				       "happen)",
				       bb->id, i->uid, p);
		}
		RegSet lost = lost_on(t, x) & ~held_across(fn, lv, bb, i);
		if (i->kind == IK_CALL) {
			w->uid[w->n] = i->uid;
			w->clob[w->n++] = i->clobbers;
			i->clobbers |= lost;
			continue;
		}
		if (!w->added)
			w->maxuid = fn_max_uid(fn);
		Ins *a = ins_new(fn, IK_ORD, 0);
		a->uid = w->maxuid + ++w->added;
		a->name = "eh_edge";
		a->clobbers = lost & ~t->never_alloc;
		ins_insert_before(bb, i, a);
	}
	return true;
}

void eh_unwiden(Fn *fn, const EhWide *w)
{
	if (!w->n && !w->added)
		return;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		for (Ins *i = bb->first, *nx; i; i = nx) {
			nx = i->next;
			if (w->added && i->uid > w->maxuid &&
			    i->kind == IK_ORD && i->nops == 0) {
				ins_remove(bb, i);
				continue;
			}
			for (int k = 0; k < w->n; k++)
				if (i->uid == w->uid[k] && i->kind == IK_CALL)
					i->clobbers = w->clob[k];
		}
	}
}

