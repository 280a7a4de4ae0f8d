/* violation.c - what the checker reports: why two functions cannot be
 * compared (unverified), what it cannot prove, notes, and violations,
 * whose text names what the location holds and which instructions
 * wrote it (a backward search of f, on setup's om and ibase). */
#include "vstate.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- Reasons, unproven uses, notes ------------------------------------- */

bool unverified(Chk *c, const char *fmt, ...)
{
	if (c->reason.n)
		return false;
	va_list ap;
	va_start(ap, fmt);
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	str_addf(&c->reason, "%s", buf);
	return false;
}

void not_proven(Chk *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	Str s = {0};
	str_addf(&s, "%s", buf);
	c->soft = grow(c->soft, sizeof(char *), &c->capsoft, c->nsoft + 1);
	c->soft[c->nsoft++] = s.s;
}

void add_note(Chk *c, const char *fmt, ...)
{
	Str s = {0};
	va_list ap;
	va_start(ap, fmt);
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	str_addf(&s, "%s: note: %s", c->f->name, buf);
	c->note = grow(c->note, sizeof(char *), &c->capnote, c->nnote + 1);
	c->note[c->nnote++] = s.s;
}

/* ---- Violations -------------------------------------------------------- */

void viol_free(Violation *v)
{
	free(v->text);
	free(v->held);
}

void held_pseudos(const Chk *c, int s, Violation *w)
{
	const int *m = c->sp.mem + c->sp.off[s];
	int n = c->sp.len[s];
	w->held = malloc((n ? n : 1) * sizeof *w->held);
	if (!w->held)
		abort();
	for (int k = 0; k < n; k++) {
		int v, kind, wd;
		if (m[k] < c->npseudo)
			w->held[w->nheld++] = (HeldFact){m[k], 0};
		else if (pf_of(c, m[k], &v, &kind, &wd) && kind == PF_LOW &&
			 v < c->npseudo)
			w->held[w->nheld++] = (HeldFact){v, wd};
	}
}

Violation *violation(Chk *c, int kind, const Ins *i, int pos,
		     int op, int l, const char *fmt, ...)
{
	c->viol = grow(c->viol, sizeof(Violation), &c->capviol, c->nviol + 1);
	Violation *v = &c->viol[c->nviol++];
	memset(v, 0, sizeof *v);
	v->kind = kind;
	v->blk = c->f->blk[c->cur_blk]->id;
	v->uid = i ? i->uid : 0;
	v->pos = pos;
	v->op = op;
	v->loc.kind = l < 0	      ? LOC_NONE
		      : l < TGT_NREGS ? LOC_REG
		      : l < c->cbase  ? LOC_SLOT
				      : LOC_CONST;
	v->loc.num = l < TGT_NREGS ? l : l < c->cbase ? l - TGT_NREGS
						      : l - c->cbase;
	v->exp_pseudo = v->exp_hreg = -1;
	Str s = {0};
	str_addf(&s, "%s: b%d: ", c->f->name, v->blk);
	if (i && i->uid)
		str_addf(&s, "uid %d: ", i->uid);
	else if (i)
		str_addf(&s, "inserted %s #%d: ", ins_kind_name(i->kind), pos);
	va_list ap;
	va_start(ap, fmt);
	char buf[1024];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	str_addf(&s, "%s", buf);
	v->text = s.s;
	return v;
}

void set_text(Chk *c, int s, Str *out)
{
	const int *v = set_v(&c->sp, s);
	int n = set_n(&c->sp, s);
	char buf[32];
	str_addf(out, "{");
	int m = 0;
	for (int i = 0; i < n; i++) {
		if (v[i] == kc_id(c))
			continue; /* the mark K is no value (kc_id) */
		if (m < 8)
			str_addf(out, "%s%s", m ? "," : "",
				 value_name(c, v[i], buf, sizeof buf));
		m++;
	}
	if (m > 8)
		str_addf(out, ",... %d in all", m);
	str_addf(out, "}");
}

/* The operands of f instruction i (the k-th of block b, original o or
 * NULL) that write location l: 1 = a definition or move, 2 = a clobber,
 * 0 = none. */
static int ins_writes(const Chk *c, const Ins *i, const Ins *o, int l)
{
	int w = 0;
	if (i->flags & INS_DELETED)
		return 0;
	RegSet clob = i->clobbers | (o ? o->clobbers : 0);
	if (l < TGT_NREGS && RS_HAS(clob, l))
		w = 2;
	int step = 1, first = 0;
	switch (i->kind) {
	case IK_PHI:
		return 0;
	case IK_PCOPY:
		step = 2;
		break;
	case IK_SWAP:
	case IK_OPAQUE:
		break;
	default:
		if (!o)
			step = i->nops; /* op 0 only */
		break;
	}
	for (int k = first; k < i->nops; k += step) {
		const Op *op = &i->ops[k];
		bool writes = o ? (o->ops[k].flags & OF_DEF) != 0
				: i->kind == IK_SWAP || (op->flags & OF_DEF);
		int at = op_loc(c, op);
		if (!writes || at < 0)
			continue;
		int size;
		if (o && op_is_value(&o->ops[k]))
			size = value_size(c, value_of(c, &o->ops[k]));
		else if (i->kind == IK_REMAT && op->reg < c->npseudo &&
			 c->o->pseudo[op->reg].cls >= 0)
			size = c->o->pseudo[op->reg].size;
		else
			size = alloc_op_size(c, op);
		int n = span_n(c, at, size);
		if (l >= at && l < at + n)
			return 1;
	}
	return w;
}

bool writers_text(Chk *c, int b, const Ins *at, int l, Str *out)
{
	enum { MAXW = 4 };
	struct {
		const Ins *i;
		int blk, how; /* 1 write, 2 clobber, 3 function entry,
			       * 4 an exceptional edge, 5 the second
			       * return of a call (sj_changed) */
		bool ab;      /* how 4: a non-local goto's edge, not EH */
	} w[MAXW];
	int nw = 0, more = 0;
	if (!c->wseen) {
		c->wseen = ARENA_NEW(c->a, int, 2 * c->nblk + 2);
		c->wqueue = ARENA_NEW(c->a, int, 2 * c->nblk + 2);
	}
	int *seen = c->wseen, *queue = c->wqueue, qh = 0, qt = 0;
	c->wstamp++;
	/* The first block is scanned from `at` back, the others from their
	 * end; a block reached again around a loop is scanned whole. */
	const Ins *start = at->prev;
	int cb = b;
	bool first = true, eh = false; /* eh: cb left by its EH edge */
	for (;;) {
		const Blk *bb = c->f->blk[cb];
		int base = c->ibase[cb], k = 0;
		const Ins *i;
		int found = 0;
		if (first) {
			for (i = bb->first; i != at; i = i->next)
				k++;
			k--;
		} else if (eh) {
			/* from the throwing instruction: the EH edge empties
			 * the call-clobbered registers (ax and dx get the
			 * unwinder's data); the instruction's clobbers
			 * happened, its definitions did not */
			start = bb->last;
			k = blk_nins(bb) - 1;
			while (start && c->om[base + k] != c->eh_ins[cb]) {
				start = start->prev;
				k--;
			}
			if (start && l < TGT_NREGS &&
			    RS_HAS(exc_lost(c, cb), l)) {
				found = 4;
				i = start;
			} else if (start &&
				   ins_writes(c, start, c->om[base + k], l) == 2) {
				found = 2;
				i = start;
			} else if (start) {
				start = start->prev;
				k--;
			}
		} else {
			start = bb->last;
			k = blk_nins(bb) - 1;
		}
		for (i = found ? i : start; !found && i && c->budget > 0;
		     i = i->prev, k--) {
			c->budget--;
			found = c->nsj && sj_changed(c, base + k, l)
					? 5
					: ins_writes(c, i, c->om[base + k], l);
			if (found)
				break;
		}
		if (c->budget <= 0) {
			more = -1;
			break;
		}
		if (found) {
			if (nw < MAXW) {
				w[nw].i = i;
				w[nw].blk = bb->id;
				w[nw].ab = c->abcall[cb];
				w[nw++].how = found;
			} else {
				more++;
			}
		} else {
			if (cb == c->f->entry) {
				if (nw < MAXW) {
					w[nw].i = NULL;
					w[nw].blk = bb->id;
					w[nw].ab = false;
					w[nw++].how = 3;
				} else {
					more++;
				}
			}
			for (int p = 0; p < c->npred[cb]; p++) {
				int a = c->pred[cb][p];
				int e = 2 * a + eh_edge(c, a, cb);
				if (seen[e] != c->wstamp && c->reach[a]) {
					seen[e] = c->wstamp;
					queue[qt++] = e;
				}
			}
		}
		first = false;
		if (qh == qt)
			break;
		cb = queue[qh] / 2;
		eh = queue[qh++] % 2;
	}
	if (more < 0 || nw == 0)
		return false;
	if (nw == 1 && w[0].how == 3) {
		str_addf(out, l < TGT_NREGS ? " (unchanged since the function "
					      "entry)"
					    : " (never written)");
		return false;
	}
	if (nw == 1 && w[0].how == 4) {
		str_addf(out, " (clobbered by the %s edge of %suid %d)",
			 w[0].ab ? "non-local goto" : "EH",
			 w[0].i->kind == IK_CALL ? "call " : "", w[0].i->uid);
		return false;
	}
	if (nw == 1 && w[0].how == 5) {
		str_addf(out, " (restored by the second return of call uid %d)",
			 w[0].i->uid);
		return false;
	}
	if (nw == 1 && w[0].how == 2) {
		str_addf(out, " (clobbered by %suid %d)",
			 w[0].i->kind == IK_CALL ? "call " : "", w[0].i->uid);
		return false;
	}
	bool opaque = false;
	str_addf(out, " (last written by ");
	for (int k = 0; k < nw; k++) {
		if (k)
			str_addf(out, " or ");
		if (w[k].how == 3)
			str_addf(out, "the function entry");
		else if (w[k].how == 4)
			str_addf(out, "the %s edge of %suid %d",
				 w[k].ab ? "non-local goto" : "EH",
				 w[k].i->kind == IK_CALL ? "call " : "",
				 w[k].i->uid);
		else if (w[k].how == 5)
			str_addf(out, "the second return of call uid %d",
				 w[k].i->uid);
		else if (w[k].how == 2)
			str_addf(out, "the clobbers of %suid %d",
				 w[k].i->kind == IK_CALL ? "call " : "",
				 w[k].i->uid);
		else if (w[k].i->uid)
			str_addf(out, "uid %d", w[k].i->uid);
		else {
			str_addf(out, "inserted %s in b%d",
				 ins_kind_name(w[k].i->kind), w[k].blk);
			opaque |= w[k].i->kind == IK_OPAQUE ||
				  (w[k].i->kind == IK_REMAT &&
				   unproven_remat(c, w[k].i));
		}
	}
	if (more)
		str_addf(out, " or %d more", more);
	str_addf(out, ")");
	return opaque;
}
