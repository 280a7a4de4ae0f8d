/* values.c - the locations and spans of values in the allocation, and
 * the names of locations and value ids in messages.  Needs only what
 * chk_init sets (the arithmetic of value ids is inline in vstate.h). */
#include "vstate.h"

/* ---- Locations and spans ----------------------------------------------- */

int alloc_op_size(const Chk *c, const Op *op)
{
	const Fn *f = c->f;
	if (op->kind == OK_PSEUDO && op->reg < f->npseudo &&
	    f->pseudo[op->reg].cls >= 0)
		return f->pseudo[op->reg].size;
	if (op->kind == OK_LOC && op->imm > 0 && op->imm <= 64)
		return (int)op->imm;
	return 0;
}

int span_n(const Chk *c, int l, int size)
{
	if (l >= TGT_NREGS)
		return 1;
	int n = target_nregs(c->t, c->t->regs[l].cls, size);
	if (n < 1)
		n = 1;
	if (l + n > TGT_NREGS)
		n = TGT_NREGS - l;
	return n;
}

void read_range(const Chk *c, const Op *op, int l, int n, int *lo,
		int *hi)
{
	*lo = 0;
	*hi = n;
	if (op->sub_size == 0 || l >= TGT_NREGS || n == 1)
		return;
	int cls = c->t->regs[l].cls;
	int b = cls < RC_NALLOC ? c->t->class_bytes[cls] : 8;
	int first = op->sub_off / b;
	int last = (op->sub_off + op->sub_size - 1) / b;
	if (op->flags & OF_DEF) {
		if (op->sub_off % b || op->sub_size % b || last >= n)
			return;
		if (first == 0)
			*lo = last + 1;
		else if (last + 1 == n)
			*hi = first;
		return;
	}
	if (first < n)
		*lo = first;
	if (last + 1 < n)
		*hi = last + 1;
}

/* ---- Names of locations and value ids ---------------------------------- */

const char *loc_name(const Chk *c, int l, char *buf, size_t n)
{
	if (l < 0) {
		snprintf(buf, n, "nowhere");
	} else if (l < TGT_NREGS) {
		snprintf(buf, n, "%s", c->t->regs[l].name);
	} else if (l < c->cbase) {
		snprintf(buf, n, "s%d", l - TGT_NREGS);
	} else if (l >= c->abase) {
		snprintf(buf, n, "avail(uid %d)", c->avuid[l - c->abase]);
	} else {
		const Const *k = &c->konst[l - c->cbase];
		char off[32] = "";
		if (k->imm > 0)
			snprintf(off, sizeof off, "+%lld", (long long)k->imm);
		else if (k->imm < 0)
			snprintf(off, sizeof off, "%lld", (long long)k->imm);
		if (k->kind == OK_IMM)
			snprintf(buf, n, "$%lld", (long long)k->imm);
		else if (k->kind == OK_SYM)
			snprintf(buf, n, "$%s%s", k->sym ? k->sym : "?", off);
		else /* "%argp" names incoming argument memory */
			snprintf(buf, n, "[%s%s%s]",
				 k->sym && k->sym[0] == '%' ? "" : "$",
				 k->sym ? k->sym : "?", off);
	}
	return buf;
}

const char *value_name(const Chk *c, int v, char *buf, size_t n)
{
	int b, kind, w;
	if (mv_of(c, v) >= 0)
		snprintf(buf, n, "mem(uid %d)", c->mvuid[mv_of(c, v)]);
	else if (wd_of(c, v, &b, &w))
		snprintf(buf, n, "p%d:w%d", b, w);
	else if (pf_of(c, v, &b, &kind, &w))
		snprintf(buf, n, kind == PF_REST ? "p%d[%d..]" : "p%d[..%d]", b,
			 w);
	else if (v < c->npseudo)
		snprintf(buf, n, "p%d", v);
	else if (v == kc_id(c))
		snprintf(buf, n, "constant"); /* K */
	else if (v >= c->nval)
		snprintf(buf, n, "memory"); /* U, docs/VERIFY.md "Memory" */
	else
		snprintf(buf, n, "%%%s", c->t->regs[v - c->npseudo].name);
	return buf;
}
