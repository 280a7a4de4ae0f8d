/* inserted.c - the transfer of the instructions the allocation
 * inserted: moves (whole, partial, of a declared width, from constant
 * locations), swaps, parallel copies, remats of a pseudo and opaque
 * instructions, with the checks of their kinds.  Built on words.c. */
#include "vstate.h"

#include <stdlib.h>

/* ---- Partial moves (docs/VERIFY.md "Partial moves") -------------------- */

/* Width of a partial move (docs/VERIFY.md "Partial moves"): an inserted
 * move whose destination names the low 1 or 2 bytes of a pseudo
 * (`move =p84[0,2] @ax, p82 @dx`); 0 for any other instruction. */
static int part_move_width(const Ins *i)
{
	if (i->kind != IK_MOVE || i->nops != 2)
		return 0;
	const Op *d = &i->ops[0];
	if (d->kind != OK_PSEUDO || d->sub_off != 0 || d->sub_size < 1 ||
	    d->sub_size > PF_MOVEW)
		return 0;
	return d->sub_size;
}

/* A partial move of width w: register d's low w bytes get register s's
 * low w bytes, the rest of d is kept.  Afterwards d holds: for every
 * pseudo v it held (or held outside fewer low bytes), v outside its low
 * w bytes, when v is wider than w; every pseudo s held of at most w
 * bytes; for every wider pseudo s held (or held the low w bytes or
 * more of), v's low w bytes.  Nothing else: a part fact of d that the
 * move overwrites goes. */
static void do_part_move(Chk *c, const Ins *i, int pos, int w)
{
	int d = op_loc(c, &i->ops[0]), s = op_loc(c, &i->ops[1]);
	if (d < 0 || s < 0 || d >= TGT_NREGS || s >= TGT_NREGS) {
		if (c->checking) {
			char bd[64], bs[64];
			violation(c, VK_MOVE_KIND, i, pos, -1, d,
				  "a partial move must copy a register into a "
				  "register, not %s from %s",
				  loc_name(c, d, bd, sizeof bd),
				  loc_name(c, s, bs, sizeof bs));
		}
		if (d >= 0)
			wset(c, d, 0);
		return;
	}
	int n = 0, v, kind, pw;
	const int *a = set_v(&c->sp, c->cur[d]);
	for (int k = 0, na = set_n(&c->sp, c->cur[d]); k < na; k++) {
		if (pf_of(c, a[k], &v, &kind, &pw)) {
			if (kind == PF_REST)
				vbuf_push(c, &n, pf_id(c, v, PF_REST,
						       pw > w ? pw : w));
		} else if (a[k] < c->npseudo && value_size(c, a[k]) > w) {
			vbuf_push(c, &n, pf_id(c, a[k], PF_REST, w));
		}
	}
	const int *b = set_v(&c->sp, c->cur[s]);
	bool low = i->ops[1].sub_off == 0;
	for (int k = 0, nb = set_n(&c->sp, c->cur[s]); low && k < nb; k++) {
		if (pf_of(c, b[k], &v, &kind, &pw)) {
			if (kind == PF_LOW && pw >= w)
				vbuf_push(c, &n, pf_id(c, v, PF_LOW, w));
		} else if (b[k] < c->npseudo) {
			vbuf_push(c, &n, value_size(c, b[k]) <= w
						 ? b[k]
						 : pf_id(c, b[k], PF_LOW, w));
		}
	}
	qsort(c->vbuf, (size_t)n, sizeof(int), cmp_int);
	int u = 0;
	for (int k = 0; k < n; k++)
		if (!u || c->vbuf[k] != c->vbuf[u - 1])
			c->vbuf[u++] = c->vbuf[k];
	int set = set_intern(&c->sp, c->vbuf, u);
	clobber(c, i->clobbers);
	wset(c, d, set);
}

/* ---- Widths of what a move or a load carries --------------------------- */

/* The bytes a location must have received for the fact "it holds v" to
 * be true: a pseudo's size; a hard register's value, the widest the
 * original puts there (hw); a part fact, the bytes it is about (PF_LOW:
 * its low w bytes, PF_REST: up to the pseudo's size); the unknown memory
 * value none. */
static int value_width(const Chk *c, int v)
{
	int b, kind, w;
	if (v < c->npseudo)
		return c->o->pseudo[v].size;
	if (v < c->nval)
		return c->hw[v - c->npseudo];
	if (pf_of(c, v, &b, &kind, &w))
		return kind == PF_LOW ? w : value_size(c, b);
	if (wd_of(c, v, &b, &w))
		return 8; /* a word fact: the location's low 8 bytes */
	if (mv_of(c, v) >= 0)
		return c->mvw[mv_of(c, v)]; /* MV(U): its W bytes */
	return 0;
}

/* value_width of an id in location l: a wide value in a general
 * register is its first word there (8 bytes, docs/VERIFY.md "Words of a
 * wide value"). */
static int value_width_at(const Chk *c, int v, int l)
{
	int b, w;
	if (wide_value(c, v) && gpr_loc(c, l))
		return 8;
	if (x87_loc(c, l) && (x87_multi(c, v) || wd_of(c, v, &b, &w)))
		return 16; /* an x87 part: 16 bytes */
	return value_width(c, v);
}

/* What a location gets from the width low bytes of a location holding
 * set s: the values of s at most width bytes wide (value_width); in a
 * register or a slot (reg) also, for each wider pseudo of s or low part
 * of one,
 * the fact that its low bytes are there (PF_LOW, of the widest part-fact
 * width within width).  Nothing about the rest of a wider value. */
static int narrow_set(Chk *c, int s, int width, int l)
{
	bool reg = (l >= 0 && l < TGT_NREGS) || is_slot(c, l);
	int lw = width >= 8 ? 8 : width >= 4 ? 4 : width >= 2 ? 2 : width;
	int n = 0, na = set_n(&c->sp, s), b, kind, pw;
	for (int k = 0; k < na; k++) {
		int v = set_v(&c->sp, s)[k];
		if (value_width_at(c, v, l) <= width)
			vbuf_push(c, &n, v);
		else if (!reg || lw < 1)
			continue;
		else if (v < c->npseudo)
			vbuf_push(c, &n, pf_id(c, v, PF_LOW, lw));
		else if (pf_of(c, v, &b, &kind, &pw) && kind == PF_LOW)
			vbuf_push(c, &n, pf_id(c, b, PF_LOW, lw));
	}
	qsort(c->vbuf, (size_t)n, sizeof(int), cmp_int);
	int u = 0;
	for (int k = 0; k < n; k++)
		if (!u || c->vbuf[k] != c->vbuf[u - 1])
			c->vbuf[u++] = c->vbuf[k];
	return set_intern(&c->sp, c->vbuf, u);
}

/* The bytes an inserted move copies when its operands say (the smaller
 * declared width of the two, docs/IR.md `@ax:4`); 0 when neither does
 * (then the values are copied whole, as the operands' pseudos or one
 * register each). */
static int move_width(const Chk *c, const Ins *i)
{
	int a = alloc_op_size(c, &i->ops[0]), b = alloc_op_size(c, &i->ops[1]);
	return a && b ? (a < b ? a : b) : a ? a : b;
}

/* The width of a load into location d whose operands declare no width:
 * one register of d's class (8 bytes for a slot). */
static int default_load_width(const Chk *c, int d)
{
	if (d < 0 || d >= TGT_NREGS)
		return 8;
	int cls = c->t->regs[d].cls;
	return cls >= 0 && cls < RC_NALLOC ? c->t->class_bytes[cls] : 8;
}

/* The part facts a load of width bytes from writable memory location s
 * holding set s_set gives register d: for each pseudo p of the set
 * wider than width, "p's low W bytes" (W the widest part-fact width
 * within width).  Proof: "M holds p" means M's bytes from its address on
 * are p's (an original access of p's size at exactly M's address), the
 * load reads width bytes from that same address, and x86 is
 * little-endian, so it reads p's low bytes.  Nothing for a slot or
 * another non-register destination (part facts live in registers). */
static int mem_low_parts(Chk *c, int s_set, int d, int width)
{
	/* one register: a general register takes at most 8 bytes (a
	 * wider load fills a span, whose further registers hold further
	 * bytes, not low ones) */
	if (d < 0 || d >= TGT_NREGS || width < 1 ||
	    (gpr_loc(c, d) && width > 8))
		return 0;
	int lw = width >= 8 ? 8 : width >= 4 ? 4 : width >= 2 ? 2 : 1;
	int out = 0, n = set_n(&c->sp, s_set);
	for (int k = 0; k < n; k++) {
		int v = set_v(&c->sp, s_set)[k];
		if (v < c->npseudo && c->o->pseudo[v].size > width)
			out = set_add(&c->sp, out, pf_id(c, v, PF_LOW, lw));
	}
	return out;
}

/* The values an immediate load of width bytes (1 to 7) of constant
 * location s into general register d also gives from the other
 * immediates (docs/VERIFY.md "Narrow immediates"): for each constant
 * location k holding values whose low lw bytes (the largest of 4, 2, 1
 * not above width) equal s's, narrow_set of CONST(k) at lw (a wider
 * value's low lw bytes, a value at most lw wide whole).  GCC writes a
 * constant in the mode of its use, canonical there: the low byte of p =
 * 242 is loaded as `movb $-14`.  Sound: CONST(k) holds v only where v
 * equals k's constant (truncated to v's size), so v's low lw bytes are
 * k's, which are s's, which the load writes. */
static int imm_low_parts(Chk *c, int s, int d, int width)
{
	if (width < 1 || width >= 8 || !gpr_loc(c, d))
		return 0;
	const Const *ks = &c->konst[s - c->cbase];
	if (ks->kind != OK_IMM)
		return 0;
	int out = 0;
	for (int l = c->cbase; l < c->abase; l++) {
		const Const *k = &c->konst[l - c->cbase];
		if (l == s || k->kind != OK_IMM || !c->cur[l])
			continue;
		uint64_t x = (uint64_t)k->imm ^ (uint64_t)ks->imm;
		int lw = width >= 4 ? 4 : width >= 2 ? 2 : 1;
		while (lw >= 1 && (x & ((UINT64_C(1) << (8 * lw)) - 1)))
			lw /= 2;
		if (lw >= 1)
			out = set_union(&c->sp, out,
					narrow_set(c, c->cur[l], lw, d));
	}
	return out;
}

/* What a load of width bytes (0: default_load_width of d) from location
 * s into d reads (docs/VERIFY.md "Constant locations"): from an immediate
 * or read-only memory, the values of CONST(s) at most width bytes wide (a
 * narrower load gives the constant truncated, which is not a wider value
 * equal to the constant), with an immediate also imm_low_parts; from writable memory only the values of that
 * width (a fact "M holds p" is about p's bytes at M, established by an
 * access of p's size).  Any other location: what it holds. */
static int mem_read_set(Chk *c, int s, int d, int width)
{
	int set = c->cur[s];
	if (!is_kconst(c, s))
		return set;
	bool mem = c->mloc && c->mloc[s - c->cbase].mem;
	if (!mem && width <= 0)
		width = default_load_width(c, d);
	if (!mem) /* and the mark K (kc_id): loaded from a constant */
		return set_add(&c->sp,
			       set_union(&c->sp, narrow_set(c, set, width, d),
					 imm_low_parts(c, s, d, width)),
			       kc_id(c));
	int n = set_n(&c->sp, set), low = mem_low_parts(c, set, d, width);
	for (int k = n - 1; k >= 0; k--) {
		int v = set_v(&c->sp, set)[k];
		if (value_size(c, v) != width)
			set = set_del(&c->sp, set, v);
	}
	/* plus the low parts of the wider values (mem_low_parts), which a
	 * subreg use of those low bytes finds; nothing proven (M holds
	 * nothing): the content is some unknown value, U (number nval),
	 * which makes a use not proven rather than wrong */
	set = set_union(&c->sp, set, low);
	return set_n(&c->sp, set) ? set : set_single(&c->sp, c->nval);
}

/* An inserted move from a constant location s (an immediate, read-only
 * or writable memory) into d (width bytes): d's span gets what
 * mem_read_set reads. */
static void mem_load(Chk *c, const Ins *i, int d, int s, int width)
{
	int n = span_n(c, d, alloc_op_size(c, &i->ops[0]));
	int set = mem_read_set(c, s, d, width);
	clobber(c, i->clobbers);
	write_from_one(c, d, n, s, set);
}

/* ---- x87 transfers (docs/VERIFY.md "x87 transfers") -------------------- */

/* Whether locations d and s are registers of two classes one of which
 * is x87: x86 has no register move between the x87 stack and general or
 * SSE registers (GCC's secondary memory, docs/VERIFY.md "x87 transfers"). */
static bool no_reg_move(const Chk *c, int d, int s)
{
	if (d < 0 || s < 0 || d >= TGT_NREGS || s >= TGT_NREGS)
		return false;
	int cd = c->t->regs[d].cls, cs = c->t->regs[s].cls;
	return cd != cs && (cd == RC_X87 || cs == RC_X87);
}

void check_reg_move(Chk *c, const Ins *i, int pos, int k, int d,
		    int s)
{
	if (!c->checking || !no_reg_move(c, d, s))
		return;
	char bd[64], bs[64];
	violation(c, VK_MOVE_KIND, i, pos, k, d,
		  "no register move from %s to %s (x87: through memory only)",
		  loc_name(c, s, bs, sizeof bs), loc_name(c, d, bd, sizeof bd));
}

/* Whether a transfer between locations d and s of width w converts the
 * x87 format: one is an x87 register, the other is not (a load or store:
 * fld/fst of 4, 8 or 16 bytes reads or writes an SF, DF or XF).  Only a
 * value of exactly w bytes then survives (docs/VERIFY.md "x87
 * transfers"). */
static bool x87_convert(const Chk *c, int d, int s)
{
	bool dx = d >= 0 && d < TGT_NREGS && c->t->regs[d].cls == RC_X87;
	bool sx = s >= 0 && s < TGT_NREGS && c->t->regs[s].cls == RC_X87;
	return dx != sx && d >= 0 && s >= 0;
}

/* The whole values (pseudos, hard-register values) of set s of exactly
 * width bytes (x87_convert): no part or word fact survives a format
 * conversion. */
static int exact_width_set(Chk *c, int s, int width)
{
	int n = 0, na = set_n(&c->sp, s);
	for (int k = 0; k < na; k++) {
		int v = set_v(&c->sp, s)[k];
		if (v < c->nval && value_width(c, v) == width)
			vbuf_push(c, &n, v);
	}
	return set_intern(&c->sp, c->vbuf, n);
}

/* ---- Moves, spills, reloads, opaque instructions, swaps, copies -------- */

static const char *kind_needs[] = {
	[IK_SPILL] = "a spill must store a register into a slot",
	[IK_RELOAD] = "a reload must load a register from a slot",
	[IK_MOVE] = "a move must copy a register into a register",
};

void do_move(Chk *c, const Ins *i, int pos)
{
	int pw = part_move_width(i);
	if (pw) {
		do_part_move(c, i, pos, pw);
		return;
	}
	int d = op_loc(c, &i->ops[0]), s = op_loc(c, &i->ops[1]);
	bool dslot = d >= TGT_NREGS, sslot = is_slot(c, s);
	bool skonst = is_kconst(c, s);
	bool bad = (dslot && sslot) ||
		   (i->kind == IK_SPILL && (!dslot || sslot)) ||
		   (i->kind == IK_RELOAD && (dslot || !sslot)) ||
		   (i->kind == IK_MOVE && !skonst && (dslot || sslot));
	if (c->checking && bad) {
		char bd[64], bs[64];
		loc_name(c, d, bd, sizeof bd);
		loc_name(c, s, bs, sizeof bs);
		if (dslot && sslot)
			violation(c, VK_STACK_TO_STACK, i, pos, -1, d,
				  "stack-to-stack move from %s to %s", bs, bd);
		else
			violation(c, VK_MOVE_KIND, i, pos, -1, d,
				  "%s, not %s from %s", kind_needs[i->kind],
				  bd, bs);
	}
	/* A constant source (GCC's allocation) is an immediate, read-only
	 * or writable memory: a move may load it into a register or store
	 * it into a slot, a spill store it into a slot; the destination
	 * gets the values of CONST(c) the load's width covers. */
	int size = alloc_op_size(c, &i->ops[0]);
	if (s >= 0 && d >= 0 && is_kconst(c, s)) {
		int w = alloc_op_size(c, &i->ops[1]);
		mem_load(c, i, d, s, w ? w : size);
		return;
	}
	queue_copy(c, c->ws, d, span_n(c, d, size), s, span_n(c, s, size), -1);
	/* a move of W bytes carries no value wider than W (movl, movd,
	 * a 4-byte spill: the rest of a wider value is not copied) */
	int mw = move_width(c, i);
	for (int k = 0; mw && k < c->ws->n; k++)
		c->ws->w[k].set = narrow_set(c, c->ws->w[k].set, mw,
					     c->ws->w[k].loc);
	for (int k = 0; mw && x87_convert(c, d, s) && k < c->ws->n; k++)
		c->ws->w[k].set = exact_width_set(c, c->ws->w[k].set, mw);
	check_reg_move(c, i, pos, -1, d, s);
	clobber(c, i->clobbers);
	apply_writes(c, c->ws);
}

void do_opaque(Chk *c, const Ins *i)
{
	mv_kill_all(c); /* it may write memory */
	clobber(c, i->clobbers);
	if (c->mloc) /* it may write memory: any writable location */
		for (int k = 0; k < c->nconst; k++)
			if (c->mloc[k].mem)
				wset(c, c->cbase + k, 0);
	for (int k = 0; k < i->nops; k++) {
		const Op *op = &i->ops[k];
		int l = op_loc(c, op);
		if (!(op->flags & OF_DEF) || l < 0)
			continue;
		for (int p = 0, n = span_n(c, l, alloc_op_size(c, op)); p < n;
		     p++)
			wset(c, l + p, 0);
	}
}

void do_swap(Chk *c, const Ins *i, int pos)
{
	int x = op_loc(c, &i->ops[0]), y = op_loc(c, &i->ops[1]);
	if (c->checking && x >= TGT_NREGS && y >= TGT_NREGS) {
		char bx[64], by[64];
		violation(c, VK_STACK_TO_STACK, i, pos, -1, x,
			  "stack-to-stack swap of %s and %s",
			  loc_name(c, x, bx, sizeof bx),
			  loc_name(c, y, by, sizeof by));
	}
	check_reg_move(c, i, pos, -1, x, y);
	int nx = span_n(c, x, alloc_op_size(c, &i->ops[0]));
	int ny = span_n(c, y, alloc_op_size(c, &i->ops[1]));
	queue_copy(c, c->ws, x, nx, y, ny, -1);
	queue_copy(c, c->ws, y, ny, x, nx, -1);
	clobber(c, i->clobbers);
	apply_writes(c, c->ws);
}

void do_pcopy(Chk *c, const Ins *i, int pos)
{
	for (int k = 0; k + 1 < i->nops; k += 2) {
		int d = op_loc(c, &i->ops[k]), s = op_loc(c, &i->ops[k + 1]);
		if (c->checking && d >= TGT_NREGS && s >= TGT_NREGS) {
			char bd[64], bs[64];
			violation(c, VK_STACK_TO_STACK, i, pos, k, d,
				  "operand %d: stack-to-stack move from %s to "
				  "%s",
				  k, loc_name(c, s, bs, sizeof bs),
				  loc_name(c, d, bd, sizeof bd));
		}
		check_reg_move(c, i, pos, k, d, s);
		int size = alloc_op_size(c, &i->ops[k]);
		queue_copy(c, c->ws, d, span_n(c, d, size), s,
			   span_n(c, s, size), -1);
	}
	clobber(c, i->clobbers);
	apply_writes(c, c->ws);
}

/* ---- Remats of a pseudo ------------------------------------------------ */

bool const_equal(const Op *x, const Op *y)
{
	return const_same(x->kind, x->imm, x->sym, y->kind, y->imm, y->sym);
}

void do_remat(Chk *c, const Ins *i, int pos)
{
	int p = i->ops[0].reg, d = op_loc(c, &i->ops[0]);
	for (int k = 1; c->gcc && k < i->nops; k++) {
		int s = op_loc(c, &i->ops[k]);
		if (s < 0 || !is_kconst(c, s))
			continue;
		/* GCC loads a constant: the destination gets CONST(c) */
		int n = span_n(c, d, alloc_op_size(c, &i->ops[0]));
		int w = alloc_op_size(c, &i->ops[k]);
		int set = mem_read_set(c, s, d,
				       w ? w : alloc_op_size(c, &i->ops[0]));
		clobber(c, i->clobbers);
		write_from_one(c, d, n, s, set);
		return;
	}
	const Ins *def = p >= 0 && p < c->npseudo ? c->remat_def[p] : NULL;
	if (c->checking && !def) {
		violation(c, VK_REMAT, i, pos, 0, d,
			  "remat of a value that is not rematerializable "
			  "(p%d)",
			  p);
	} else if (c->checking && i->nops > 1) {
		int k = 0, j = 0;
		bool same = true;
		for (;;) {
			while (k < i->nops && (i->ops[k].flags & OF_DEF))
				k++;
			while (j < def->nops && (def->ops[j].flags & OF_DEF))
				j++;
			if (k == i->nops || j == def->nops) {
				same = k == i->nops && j == def->nops;
				break;
			}
			if (!const_equal(&i->ops[k++], &def->ops[j++])) {
				same = false;
				break;
			}
		}
		if (!same)
			violation(c, VK_REMAT, i, pos, 0, d,
				  "remat of p%d with operands that differ "
				  "from its definition (uid %d)",
				  p, def->uid);
	}
	int size = def ? c->o->pseudo[p].size : alloc_op_size(c, &i->ops[0]);
	int n = span_n(c, d, size);
	clobber(c, i->clobbers);
	/* An invalid remat is reported once; its value is still assumed
	 * present so that the uses it feeds do not repeat the report. */
	if (p >= 0 && p < c->npseudo && c->o->pseudo[p].cls >= 0) {
		write_def(c, d, n, p);
	} else {
		for (int k = 0; k < n; k++)
			wset(c, d + k, 0);
	}
}
