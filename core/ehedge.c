/* ehedge.c - exception edges for the allocator (ehedge.h). */
#include "ehedge.h"

#include "cfg.h"
#include "err.h"
#include "liveness.h"

/* Whether block b ends in a throwing instruction: it has an EH
 * successor. */
static bool throws(const Blk *b)
{
	for (int k = 0; k < b->nsucc; k++)
		if (b->succ[k].flags & EF_EH)
			return true;
	return false;
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

/* False with err set when, at the end of a block of fn ending in a
 * throwing instruction i, a register the widening would add to what i
 * clobbers holds a hard-register value that a normal successor finds
 * live (and i does not write), or, i not a call (its clobbers then come
 * before it), that i reads (eh_widen's contract). */
static bool eh_hardregs_free(Fn *fn, char *err, size_t errlen)
{
	const Target *t = fn->target;
	Live *lv = NULL;
	for (int b = 0; b < fn->nblk; b++) {
		const Blk *bb = fn->blk[b];
		const Ins *i = bb->last;
		if (!i || i->kind == IK_PHI || !throws(bb))
			continue;
		RegSet added = t->call_clobbered & ~t->never_alloc &
			       ~(i->kind == IK_CALL ? i->clobbers : 0);
		RegSet across = 0;
		if (!lv)
			lv = live_compute(fn, cfg_build(fn));
		for (int k = 0; k < bb->nsucc; k++) {
			if (bb->succ[k].flags & EF_EH)
				continue;
			for (int r = 0; r < TGT_NREGS; r++)
				if (live_in_has(lv, bb->succ[k].blk,
						fn->npseudo + r))
					across |= RS_BIT(r);
		}
		RegSet live = (across & ~hard_ops(i, OF_DEF)) |
			      (i->kind == IK_CALL ? 0 : hard_ops(i, OF_USE));
		if (added & live)
			return err_set(err, errlen,
				       "b%d uid %d: hard register %s lives "
				       "across a throwing instruction whose "
				       "EH edge clobbers it",
				       bb->id, i->uid,
				       t->regs[regset_first(added & live)]
					       .name);
	}
	return true;
}

bool eh_widen(Fn *fn, EhWide *w, char *err, size_t errlen)
{
	const Target *t = fn->target;
	if (!eh_hardregs_free(fn, err, errlen))
		return false;
	w->n = 0;
	w->maxuid = 0;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next)
			if (i->uid > w->maxuid)
				w->maxuid = i->uid;
	w->uid = ARENA_NEW(fn->arena, int, fn->nblk + 1);
	w->clob = ARENA_NEW(fn->arena, RegSet, fn->nblk + 1);
	int next = w->maxuid;
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		bool eh = false;
		for (int k = 0; k < bb->nsucc; k++)
			eh |= (bb->succ[k].flags & EF_EH) != 0;
		Ins *i = bb->last;
		if (!eh || !i || i->kind == IK_PHI)
			continue;
		if (i->kind == IK_CALL) {
			w->uid[w->n] = i->uid;
			w->clob[w->n++] = i->clobbers;
			i->clobbers |= t->call_clobbered;
			continue;
		}
		Ins *a = ins_new(fn, IK_ORD, 0);
		a->uid = ++next;
		a->name = "eh_edge";
		a->clobbers = t->call_clobbered & ~t->never_alloc;
		ins_insert_before(bb, i, a);
	}
	return true;
}

void eh_unwiden(Fn *fn, const EhWide *w)
{
	for (int b = 0; b < fn->nblk; b++) {
		Blk *bb = fn->blk[b];
		for (Ins *i = bb->first, *nx; i; i = nx) {
			nx = i->next;
			if (i->uid > w->maxuid && i->kind == IK_ORD &&
			    i->nops == 0) {
				ins_remove(bb, i);
				continue;
			}
			for (int k = 0; k < w->n; k++)
				if (i->uid == w->uid[k] && i->kind == IK_CALL)
					i->clobbers = w->clob[k];
		}
	}
}

