/* interp.c - the IR interpreter (interp.h states the semantics). */
#include "interp.h"

#include <stdlib.h>
#include <string.h>

struct Interp {
	const Fn *fn;
	Arena *arena;
	bool alloc;           /* allocated mode: locations, not pseudos */
	uint64_t regs[TGT_NREGS];
	uint64_t *val;        /* original mode: per pseudo */
	uint64_t *slot;       /* allocated mode: per slot */
	uint64_t *buf, *buf2; /* words read by one instruction */
	int maxops;
	const Ins **remat_def; /* allocated mode: per pseudo, its [remat] def */
	/* the run in progress */
	const InterpRun *run;
	Trace *out;
	size_t pos;           /* comparing: next word of run->ref */
	bool differs;
	long norig, steps, budget, cap;
	long entries;         /* blocks entered (counted against cap too) */
};

/* ---- The semantic functions ------------------------------------------- */

/* splitmix64's finalizer: a bijection that mixes every bit. */
static uint64_t mix(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	x ^= x >> 31;
	return x;
}

/* An order-sensitive combination of h with x. */
static uint64_t comb(uint64_t h, uint64_t x)
{
	return mix(h ^ (x + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)));
}

static uint64_t comb_words(uint64_t h, const uint64_t *w, int n)
{
	for (int k = 0; k < n; k++)
		h = comb(h, w[k]);
	return comb(h, (uint64_t)n);
}

static uint64_t str_hash(const char *s)
{
	uint64_t h = 1469598103934665603ull;
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

uint64_t interp_header(int uid, int nreads)
{
	return (1ull << 63) | ((uint64_t)(uint32_t)nreads << 32) |
	       (uint32_t)uid;
}

uint64_t interp_init_reg(uint64_t seed, int r)
{
	return comb(comb(0x5265676973746572ull, seed), (uint64_t)r);
}

uint64_t interp_def_value(int uid, int k, const uint64_t *reads, int n)
{
	uint64_t h = comb(comb(0x446566ull, (uint64_t)uid), (uint64_t)k);
	return comb_words(h, reads, n);
}

/* The value def k of a [remat] instruction of this kind and name computes
 * from the constants it reads (in distinct mode, its uid too). */
static uint64_t remat_value(const Interp *in, const Ins *i, int k,
			    const uint64_t *reads, int n)
{
	uint64_t h = comb(comb(0x52656d6174ull, (uint64_t)i->kind),
			  str_hash(i->name));
	if (in->run->distinct)
		h = comb(h, (uint64_t)i->uid);
	return comb_words(comb(h, (uint64_t)k), reads, n);
}

uint64_t interp_garbage(uint64_t salt, long step, int r)
{
	return comb(comb(comb(0x47617262ull, salt), (uint64_t)step),
		    (uint64_t)r);
}

uint64_t interp_choice(uint64_t seed, const uint64_t *reads, int n,
		       long norig)
{
	return comb(comb_words(comb(0x4272616e6368ull, seed), reads, n),
		    (uint64_t)norig);
}

uint64_t interp_part(uint64_t w, int k)
{
	return comb(comb(0x50617274ull, w), (uint64_t)k);
}

/* ---- Locations ---------------------------------------------------------- */

/* Registers a pseudo operand's value occupies in allocated mode. */
static int width(const Interp *in, const Op *o)
{
	const Fn *fn = in->fn;
	if (o->kind == OK_LOC && o->imm > 0 && o->loc.kind == LOC_REG &&
	    o->loc.num >= 0 && o->loc.num < TGT_NREGS) {
		int n = target_nregs(fn->target,
				     fn->target->regs[o->loc.num].cls,
				     (int)(o->imm > 64 ? 64 : o->imm));
		return n < 1 ? 1 : n;
	}
	if (o->kind != OK_PSEUDO || o->reg < 0 || o->reg >= fn->npseudo ||
	    fn->pseudo[o->reg].cls < 0)
		return 1;
	int n = target_nregs(fn->target, fn->pseudo[o->reg].cls,
			     fn->pseudo[o->reg].size);
	return n < 1 ? 1 : n;
}

/* The word of a constant: an immediate is itself, an address constant
 * a hash of its symbol and offset, read-only memory a hash of those. */
static uint64_t const_word(int kind, int64_t imm, const char *sym)
{
	if (kind == OK_IMM)
		return (uint64_t)imm;
	uint64_t a = comb(str_hash(sym ? sym : ""), (uint64_t)imm);
	return kind == OK_MEMSYM ? comb(0x4d656d6f7279ull, a) : a;
}

static uint64_t read_loc(Interp *in, Loc l, int n)
{
	if (l.kind == LOC_CONST && l.num >= 0 && l.num < in->fn->nconst) {
		const Const *k = &in->fn->konst[l.num];
		return const_word(k->kind, k->imm, k->sym);
	}
	if (l.kind == LOC_REG && l.num >= 0 && l.num < TGT_NREGS) {
		uint64_t w = in->regs[l.num];
		for (int k = 1; k < n && l.num + k < TGT_NREGS; k++)
			if (in->regs[l.num + k] != interp_part(w, k))
				w = comb(w, in->regs[l.num + k]);
		return w;
	}
	if (l.kind == LOC_SLOT && l.num >= 0 && l.num < in->fn->nslot)
		return in->slot[l.num];
	return interp_garbage(in->run->salt, -3, l.num);
}

static void write_loc(Interp *in, Loc l, int n, uint64_t w)
{
	if (l.kind == LOC_REG && l.num >= 0 && l.num < TGT_NREGS) {
		in->regs[l.num] = w;
		for (int k = 1; k < n && l.num + k < TGT_NREGS; k++)
			in->regs[l.num + k] = interp_part(w, k);
	} else if (l.kind == LOC_SLOT && l.num >= 0 &&
		   l.num < in->fn->nslot) {
		in->slot[l.num] = w;
	}
}

static uint64_t read_op(Interp *in, const Op *o)
{
	switch (o->kind) {
	case OK_IMM:
	case OK_SYM:
	case OK_MEMSYM:
		return const_word(o->kind, o->imm, o->sym);
	case OK_LOC:
		return read_loc(in, o->loc, width(in, o));
	case OK_HREG:
		return in->regs[o->reg];
	default:
		if (in->alloc)
			return read_loc(in, o->loc, width(in, o));
		return in->val[o->reg];
	}
}

static void write_op(Interp *in, const Op *o, uint64_t w)
{
	if (o->kind == OK_HREG)
		in->regs[o->reg] = w;
	else if ((o->kind == OK_PSEUDO || o->kind == OK_LOC) && in->alloc)
		write_loc(in, o->loc, width(in, o), w);
	else if (o->kind == OK_PSEUDO)
		in->val[o->reg] = w;
}

/* ---- The trace ---------------------------------------------------------- */

static void emit(Interp *in, uint64_t w)
{
	if (in->differs)
		return;
	const Trace *ref = in->run->ref;
	if (ref) {
		if (in->pos >= ref->n || ref->w[in->pos] != w)
			in->differs = true;
		in->pos++;
		return;
	}
	Trace *t = in->out;
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 1024;
		t->w = realloc(t->w, sizeof(uint64_t) * t->cap);
		if (!t->w)
			abort();
	}
	t->w[t->n++] = w;
}

/* ---- Instructions ------------------------------------------------------- */

static void clobber(Interp *in, RegSet s)
{
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(s, r))
			in->regs[r] = interp_garbage(in->run->salt, in->steps, r);
}

/* Whether operand k of i is tied to, or tied from, a reading operand. */
static bool tied_to_read(const Fn *fn, const Ins *i, int k)
{
	const Op *o = &i->ops[k];
	if (o->tie >= 0 && o->tie < i->nops && op_reads(fn, &i->ops[o->tie]))
		return true;
	for (int m = 0; m < i->nops; m++)
		if (i->ops[m].tie == k && op_reads(fn, &i->ops[m]))
			return true;
	return false;
}

/* Copies the sources of pairs (=d0, s0, =d1, s1, ...) to their
 * destinations: all read, then i's clobbers, then all written.  A nonzero
 * tag makes each word a hash of the tag and the source word instead. */
static void parallel_copy(Interp *in, const Ins *i, int tag)
{
	int np = i->nops / 2;
	for (int k = 0; k < np; k++) {
		in->buf2[k] = read_op(in, &i->ops[2 * k + 1]);
		if (tag)
			in->buf2[k] = comb(comb(0x436f7079ull, (uint64_t)tag),
					   in->buf2[k]);
	}
	clobber(in, i->clobbers);
	for (int k = 0; k < np; k++)
		write_op(in, &i->ops[2 * k], in->buf2[k]);
}

/* An original instruction (or any instruction the allocator should not
 * have inserted): early clobbers, reads (traced), clobbers, defs. */
static void exec_original(Interp *in, const Ins *i, uint64_t *branch_hash)
{
	const Fn *fn = in->fn;
	for (int k = 0; k < i->nops; k++) {
		const Op *o = &i->ops[k];
		if ((o->flags & OF_DEF) && (o->flags & OF_EARLY) &&
		    !op_reads(fn, o) && !tied_to_read(fn, i, k))
			write_op(in, o,
				 interp_garbage(in->run->salt, in->steps,
						1000 + k));
	}
	int nr = 0, ca = -1, cb = -1;
	for (int k = 0; k < i->nops; k++)
		if (op_reads(fn, &i->ops[k])) {
			if ((i->flags & INS_COMM) && k == i->comm)
				ca = nr;
			if ((i->flags & INS_COMM) && k == i->comm + 1)
				cb = nr;
			in->buf[nr++] = read_op(in, &i->ops[k]);
		}
	/* a commutative pair [comm K] reads its two values in either
	 * order: in a canonical one */
	if (ca >= 0 && cb >= 0 && in->buf[ca] > in->buf[cb]) {
		uint64_t t = in->buf[ca];
		in->buf[ca] = in->buf[cb];
		in->buf[cb] = t;
	}
	emit(in, interp_header(i->uid, nr));
	for (int k = 0; k < nr; k++)
		emit(in, in->buf[k]);
	if (in->run->seen && i->uid >= 0 && i->uid < in->run->nseen)
		in->run->seen[i->uid] = 1;
	if (i->kind == IK_BRANCH)
		*branch_hash = interp_choice(in->run->seed, in->buf, nr,
					     in->norig);
	if (i->kind == IK_COPY || i->kind == IK_PCOPY) {
		parallel_copy(in, i, in->run->distinct ? i->uid : 0);
		return;
	}
	clobber(in, i->clobbers);
	for (int k = 0; k < i->nops; k++) {
		if (!(i->ops[k].flags & OF_DEF))
			continue;
		uint64_t v = (i->flags & INS_REMAT)
				     ? remat_value(in, i, k, in->buf, nr)
				     : interp_def_value(i->uid, k, in->buf, nr);
		write_op(in, &i->ops[k], v);
	}
}

/* An inserted remat: the value of the [remat] definition of the pseudo it
 * names, from the remat's constants if it lists any, else from the
 * definition's. */
static void exec_remat(Interp *in, const Ins *i)
{
	const Op *d = &i->ops[0];
	const Ins *def = d->kind == OK_PSEUDO ? in->remat_def[d->reg] : NULL;
	uint64_t v;
	if (!def) {
		v = interp_garbage(in->run->salt, -4, d->reg);
	} else {
		const Ins *from = i->nops > 1 ? i : def;
		int nr = 0, k = 0;
		for (int m = 0; m < from->nops; m++)
			if (op_reads(in->fn, &from->ops[m]))
				in->buf[nr++] = read_op(in, &from->ops[m]);
		while (k < def->nops && !((def->ops[k].flags & OF_DEF) &&
					  def->ops[k].reg == d->reg))
			k++;
		v = remat_value(in, def, k, in->buf, nr);
	}
	clobber(in, i->clobbers);
	write_op(in, d, v);
}

/* Inserted instructions move words between locations. */
static void exec_inserted(Interp *in, const Ins *i)
{
	switch (i->kind) {
	case IK_MOVE:
	case IK_SPILL:
	case IK_RELOAD:
	case IK_COPY:
		parallel_copy(in, i, 0);
		return;
	case IK_PCOPY:
		parallel_copy(in, i, 0);
		return;
	case IK_SWAP:
		if (i->nops == 2) {
			uint64_t a = read_op(in, &i->ops[0]);
			uint64_t b = read_op(in, &i->ops[1]);
			write_op(in, &i->ops[0], b);
			write_op(in, &i->ops[1], a);
		}
		clobber(in, i->clobbers);
		return;
	case IK_REMAT:
		if (i->nops >= 1)
			exec_remat(in, i);
		return;
	case IK_OPAQUE: /* effect not modelled: garbage in what it writes */
		clobber(in, i->clobbers);
		for (int k = 0; k < i->nops; k++)
			if (i->ops[k].flags & OF_DEF)
				write_op(in, &i->ops[k],
					 interp_garbage(in->run->salt,
							in->steps, 2000 + k));
		return;
	default:
		return;
	}
}

/* The leading phis of b, entered from block index pred: one parallel
 * copy of the sources from pred. */
static void enter_block(Interp *in, const Blk *b, int pred)
{
	int n = 0;
	const Ins *i;
	for (i = b->first; i && i->kind == IK_PHI; i = i->next)
		for (int k = 1; k < i->nops; k++)
			if (i->ops[k].from == pred) {
				in->buf2[n++] = read_op(in, &i->ops[k]);
				break;
			}
	n = 0;
	for (i = b->first; i && i->kind == IK_PHI; i = i->next)
		for (int k = 1; k < i->nops; k++)
			if (i->ops[k].from == pred) {
				write_op(in, &i->ops[0], in->buf2[n++]);
				break;
			}
}

/* Executes block b; returns the index of the next block, or -1 with the
 * stop reason in *stop. */
static int exec_block(Interp *in, const Blk *b, int *stop)
{
	uint64_t branch_hash = 0;
	bool branched = false;
	for (const Ins *i = b->first; i; i = i->next) {
		if (i->kind == IK_PHI || (i->flags & INS_DELETED))
			continue; /* a deleted instruction does not run */
		if (++in->steps + in->entries > in->cap) {
			*stop = IS_CAP;
			return -1;
		}
		bool inserted = ins_kind_inserted(i->kind) ||
				(i->uid == 0 && (i->kind == IK_COPY ||
						 i->kind == IK_PCOPY));
		if (inserted) {
			exec_inserted(in, i);
			continue;
		}
		if (in->norig >= in->budget) {
			*stop = IS_BUDGET;
			return -1;
		}
		in->norig++;
		exec_original(in, i, &branch_hash);
		branched |= i->kind == IK_BRANCH;
		if (i->kind == IK_RET) {
			*stop = IS_RET;
			return -1;
		}
		if (in->differs)
			return -1;
	}
	if (b->nsucc == 0) {
		*stop = IS_END;
		return -1;
	}
	if (b->nsucc == 1)
		return b->succ[0].blk;
	if (!branched) {
		uint64_t id = (uint64_t)b->id;
		branch_hash = interp_choice(in->run->seed, &id, 1, in->norig);
	}
	return b->succ[branch_hash % (uint64_t)b->nsucc].blk;
}

/* ---- Runs ---------------------------------------------------------------- */

Interp *interp_new(const Fn *fn)
{
	Arena *a = arena_new();
	Interp *in = ARENA_NEW(a, Interp, 1);
	in->fn = fn;
	in->arena = a;
	in->alloc = fn->allocated;
	in->val = ARENA_NEW(a, uint64_t, fn->npseudo + 1);
	in->slot = ARENA_NEW(a, uint64_t, fn->nslot + 1);
	in->remat_def = ARENA_NEW(a, const Ins *, fn->npseudo + 1);
	in->maxops = 1;
	for (int b = 0; b < fn->nblk; b++)
		for (const Ins *i = fn->blk[b]->first; i; i = i->next) {
			if (i->nops > in->maxops)
				in->maxops = i->nops;
			if (i->kind == IK_REMAT || !(i->flags & INS_REMAT))
				continue;
			for (int k = 0; k < i->nops; k++) {
				const Op *o = &i->ops[k];
				if ((o->flags & OF_DEF) && o->kind == OK_PSEUDO &&
				    !in->remat_def[o->reg])
					in->remat_def[o->reg] = i;
			}
		}
	in->buf = ARENA_NEW(a, uint64_t, in->maxops);
	in->buf2 = ARENA_NEW(a, uint64_t, in->maxops);
	return in;
}

void interp_free(Interp *in)
{
	if (in)
		arena_free(in->arena);
}

/* The initial state of a run: seeded registers, garbage elsewhere. */
static void reset(Interp *in)
{
	const InterpRun *r = in->run;
	for (int k = 0; k < TGT_NREGS; k++)
		in->regs[k] = interp_init_reg(r->seed, k);
	for (int p = 0; p < in->fn->npseudo; p++)
		in->val[p] = interp_garbage(r->salt, -1, p);
	for (int s = 0; s < in->fn->nslot; s++)
		in->slot[s] = interp_garbage(r->salt, -2, s);
	in->pos = 0;
	in->differs = false;
	in->norig = in->steps = in->entries = 0;
	in->budget = r->budget > 0 ? r->budget : INTERP_BUDGET;
	in->cap = 64 * in->budget + 65536;
}

bool interp_run(Interp *in, const InterpRun *r, Trace *out)
{
	Trace scratch = {0};
	in->run = r;
	in->out = out ? out : &scratch;
	reset(in);
	const Fn *fn = in->fn;
	int stop = IS_END, b = fn->nblk ? fn->entry : -1, pred = -1;
	while (b >= 0 && !in->differs) {
		enter_block(in, fn->blk[b], pred);
		if (in->steps + ++in->entries > in->cap) {
			stop = IS_CAP;
			break;
		}
		pred = b;
		b = exec_block(in, fn->blk[b], &stop);
	}
	emit(in, (uint64_t)stop);
	in->out->stop = stop;
	in->out->norig = in->norig;
	in->out->steps = in->steps;
	if (!r->ref)
		return true;
	return !in->differs && in->pos == r->ref->n;
}

void trace_free(Trace *t)
{
	free(t->w);
	memset(t, 0, sizeof *t);
}

long trace_diff(const Trace *a, const Trace *b)
{
	size_t n = a->n < b->n ? a->n : b->n;
	for (size_t k = 0; k < n; k++)
		if (a->w[k] != b->w[k])
			return (long)k;
	return a->n == b->n ? -1 : (long)n;
}
