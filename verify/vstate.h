/* vstate.h - the checker's internal header (its API is verify.h): the
 * types and the state Chk, declared once; the small set, value and id
 * helpers, inline; and, grouped by the file that defines them, the
 * functions one file of verify/ defines and another calls. */
#ifndef SSARA_VSTATE_H
#define SSARA_VSTATE_H

#include <stdint.h>

#include "verify.h"

/* ---- Allocation and strings (valset.c) --------------------------------- */

/* A malloc'ed string being built. */
typedef struct Str {
	char *s;
	size_t n, cap;
} Str;

/* ---- Hash-consed sets of values (valset.c) ----------------------------- */

/* Every set is stored once, sorted, and named by an id; equal sets have
 * equal ids.  Sets are never freed before the pool. */
typedef struct SetPool {
	int *mem;   /* members of all sets, back to back */
	int nmem, capmem;
	int *off, *len;
	int nset, capset;
	int *tab;   /* open addressing over set ids; -1 = free */
	int tabcap; /* a power of two */
	int *buf;   /* scratch for building a set */
	int capbuf;
	int *single; /* per value v >= 0: the id of {v}, or 0 not yet */
	int capsingle;
} SetPool;

static inline const int *set_v(const SetPool *p, int s)
{
	return p->mem + p->off[s];
}

static inline int set_n(const SetPool *p, int s)
{
	return p->len[s];
}

/* Whether the sorted array a[0..n-1] contains v (binary search). */
static inline bool sorted_contains(const int *a, int n, int v)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (a[mid] == v)
			return true;
		if (a[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

static inline bool set_has(const SetPool *p, int s, int v)
{
	return sorted_contains(set_v(p, s), p->len[s], v);
}

/* ---- The checker's state ----------------------------------------------- */

/* Memory a constant location of GCC's allocation names (docs/VERIFY.md,
 * "Memory"): base (MB_SYM or MB_ARGP), offset, extent in bytes.  (The
 * value number nval, U, stands for memory content that nothing proves
 * equal to a value.) */
typedef struct MemLoc {
	bool mem;        /* writable memory the model tracks */
	uint8_t base;
	int64_t off;
	int size;        /* widest original access at exactly this address,
			  * or 64 */
	const char *sym;
} MemLoc;

/* A sparse state: the non-empty locations in increasing order. */
typedef struct State {
	int n;
	int *loc, *set;
	uint64_t *def; /* bitset over W (below): the values possibly
			* defined on some path; NULL when W is empty */
} State;

/* A call that returns twice (setjmp.c; docs/VERIFY.md "Calls that
 * return twice"). */
typedef struct SjCall {
	int blk, idx;   /* its f block and instruction index */
	bool *call;     /* per instruction of f: a call of its region
			 * (a longjmp back to it may leave from there) */
	int ncall;
	uint8_t *kill;  /* per value: defined in its region */
	State mem;      /* the meet of the memory states after the
			 * region's calls (has_mem) */
	bool has_mem;
	bool dirty;     /* mem changed: replay the call's block */
	RegSet changed; /* registers whose facts the meet with the second
			 * return removed (checking pass): violation.c
			 * names the second return as their writer */
} SjCall;

/* The checker's state for one pair of functions, the original o and its
 * allocation f: what setup derives from them, the fixed point's exit
 * states, the working state of the block being replayed, scratch, and
 * the results. */
typedef struct Chk {
	const Fn *o, *f; /* original, allocated */
	const Target *t;
	bool gcc;        /* f->by_gcc: the rules for GCC's allocation */
	int cbase;       /* location of constant 0 (after the slots) */
	/* The constant locations: f's table, then (GCC's allocation) each
	 * immediate of an original [remat] that f's table lacks, which no
	 * ALLOC operand names but whose CONST() narrow immediates read
	 * (docs/VERIFY.md "Constant locations") */
	const Const *konst;
	int nconst;
	int abase;       /* location of availability 0 (after the
			  * constants; docs/VERIFY.md "Recomputation") */
	int nav;         /* original instructions some remat recomputes */
	int *avuid;      /* their uids, one availability location each */
	int *avof, navof; /* per uid below navof: 1 + its index in avuid,
			   * or 0 */
	const Ins **avdef; /* and the instructions */
	const Ins **avcopy; /* or the deleted copy into a hard register
			     * (deleted_hcopy) whose location it is */
	bool *recread;   /* per value: read by an original instruction that
			  * an inserted remat recomputes ([of D]), or NULL
			  * when there is none: never pruned */
	int *avat;       /* per instruction of f: an original that is one
			  * of them, or a remat of one: its availability
			  * location; else -1 */
	int *oconst;     /* per instruction of f whose original is a
			  * [remat] of p from one constant c: the location
			  * of c (CONST(c)), else -1 */
	struct MemLoc *mloc; /* per constant location of f (memfx originals,
			      * GCC's allocation): memory it names, or NULL */
	char **soft;     /* reasons the verdict cannot be "verified"
			  * though nothing is wrong (docs/VERIFY.md,
			  * "GCC's allocation") */
	int nsoft, capsoft;
	/* inserted remats whose recomputation was not proven (their
	 * value, written anyway, is not provably wrong: writers_text) */
	const Ins **uremat;
	int nuremat, capuremat;
	int nviol_setup; /* missing or reordered original instructions */
	/* Loaded memory operands (docs/VERIFY.md "Memory operands loaded
	 * into a register"): per original instruction U of f flagged
	 * [mem @R:W], the value MV(U), "the W bytes of U's memory operand
	 * as U reads them", an id after the word facts (mv_id). */
	int nmv;
	int *mvuid;          /* U's uid */
	const Ins **mvorig;  /* U in the original */
	int *mvw;            /* W */
	int **mvaddr, *nmvaddr; /* the address values the loads [of U] list */
	Arena *a;
	struct VerifyCtx *x; /* the caller's reusable tables (verify.h) */
	SetPool sp;
	int npseudo;     /* o->npseudo: values npseudo.. are hard registers */
	int nval, nloc;

	/* Blocks of f. */
	int nblk;
	int *npred, **pred; /* from the successor lists, not trusted */
	int *oblk;          /* original block index, or -1: an extra block */
	int *eorig;         /* original block the outgoing edges leave */
	int *ibase;         /* index of the block's first instruction in om */
	const Ins **om;     /* per instruction of f: its original, or NULL */
	int *rpo, nrpo;
	bool *reach;

	/* Per original block: its phis. */
	int *nphi;
	const Ins ***phi;
	/* Per original pseudo: its definition if rematerializable. */
	const Ins **remat_def;
	/* Per value (pseudos, then hard registers): whether the original
	 * names it only by uninterpreted computations (setup_unnamed). */
	bool *unnamed;
	/* Per hard register: the widest value the original puts in it
	 * (setup_hard_widths). */
	int hw[TGT_NREGS];

	/* Fixed point. */
	State *exit;
	bool *has_exit;
	/* Exceptions (docs/VERIFY.md "Exception edges"): per f block, the
	 * original instruction that throws at its end (the last one of an
	 * original block with an EH successor), else NULL; the state on its
	 * EH edges; eh_mode while a block is replayed up to it for that. */
	/* Calls that return twice (setjmp.c). */
	int nsj;
	SjCall *sj;
	const Ins **eh_ins;
	bool *abcall;        /* per f block: its eh_ins's edges are
			      * non-local gotos (EF_ABCALL), not EH */
	State *eh_exit;
	bool *has_eh_exit;
	bool eh_mode, eh_hit;
	bool unprovable;     /* gcc_unprovable made the verdict */

	/* Working state of the block being replayed. */
	int *cur;            /* per location: set id */
	int *tmark, *tlist;  /* locations touched since the block's entry */
	int ntouch, nsorted; /* tlist[0..nsorted-1] is sorted (the entry) */
	int *tbuf;
	int stamp;           /* one per block replay */
	struct Holders {     /* per value: list of locations holding it, */
		int stamp, head; /* valid when stamp is the replay's */
	} *hold;
	int *hloc, *hnext;
	int nh, caph;
	int *pfmark;         /* per value below nval: the stamp of the last
			      * replay that gave a location one of its part
			      * facts (h_add); no part fact of it is held
			      * in this replay when it is not the stamp */
	int *klist;          /* scratch: holders of a value being killed */

	/* Values possibly undefined: W = the pseudos live at the entry (a
	 * use reachable without a definition) and the phi defs fed by them.
	 * A value of W that no path has defined yet is held by every
	 * location (reading it anywhere is as good as the original). */
	bool *isW;
	int *widx;           /* per value: its index in W, or -1 */
	int nW, nwords;      /* |W|, 64-bit words of a bitset over W */
	uint64_t *curD;      /* the working state's `def` */
	/* Live values at each block's entry (sorted), for pruning slots. */
	int **live, *nlive;

	/* Join and relabelling scratch. */
	State acc, acc2, tmp;
	int *isdef, *srcst, *srchead, rstamp;
	int *pnext, cappnext;
	int *vbuf, capvbuf;
	int *trip, captrip;  /* word facts of a transfer (trips_of) */
	char *setw;          /* set_has_w memo, per set id */
	int capsetw;

	/* Results. */
	bool checking;
	int cur_blk;         /* block being replayed */
	Violation *viol;
	int nviol, capviol;
	char **note;
	int nnote, capnote;
	Str reason;
	long budget;         /* instructions the writer searches may scan */
	int *wseen, *wqueue, wstamp;
	bool prune;          /* prune_slots on (off: for messages only) */
	struct Writes *ws;   /* pending writes of a parallel step */
	struct Writes *kws;  /* constant locations a copy adds to */
} Chk;

/* The caller's reusable tables (verify.h): the stamped tables of Chk
 * (an entry is valid when its stamp is the check's current one) and
 * its growable scratch buffers, kept from one function to the next.
 * Stamps only grow from one check to the next, so that no table needs
 * clearing between functions; a grown table starts cleared (stamp 0,
 * older than any in use).  chk_init lends them to a Chk, chk_free
 * takes them back. */
struct VerifyCtx {
	int stamp, rstamp;       /* the last stamps a check used */
	struct Holders *hold;    /* per id (Chk.hold) */
	int *tmark;              /* per location (Chk.tmark) */
	int *pfmark;             /* per value (Chk.pfmark) */
	int *isdef, *srcst, *srchead; /* per id (Chk.isdef...) */
	int caphold, captmark, cappfmark, capisdef, capsrcst, capsrchead;
	int *hloc, *hnext, caph; /* Chk's growable buffers */
	int *pnext, cappnext;
	int *vbuf, capvbuf;
	int *trip, captrip;
};

/* Table t of entries of sz bytes (capacity *cap) with room for n
 * entries: t itself, or a new cleared table (t freed, *cap set). */
void *ctx_table(void *t, size_t sz, int *cap, int n);

/* ---- Values and locations ---------------------------------------------- */

static inline bool op_is_value(const Op *op)
{
	return op->kind == OK_PSEUDO || op->kind == OK_HREG;
}

/* The value an operand of the original names. */
static inline int value_of(const Chk *c, const Op *op)
{
	return op->kind == OK_HREG ? c->npseudo + op->reg : op->reg;
}

/* Bytes of value v (hard-register values: one register). */
static inline int value_size(const Chk *c, int v)
{
	return v < c->npseudo ? c->o->pseudo[v].size : 0;
}

/* The checker's location of l in the allocation: register, slot, then
 * constant locations; -1 if l is none or out of range. */
static inline int loc_index(const Chk *c, Loc l)
{
	if (l.kind == LOC_REG && l.num >= 0 && l.num < TGT_NREGS)
		return l.num;
	if (l.kind == LOC_SLOT && l.num >= 0 && l.num < c->f->nslot)
		return TGT_NREGS + l.num;
	if (l.kind == LOC_CONST && l.num >= 0 && l.num < c->f->nconst)
		return c->cbase + l.num;
	return -1;
}

/* Location of an operand of the allocation, or -1. */
static inline int op_loc(const Chk *c, const Op *op)
{
	if (op->kind == OK_HREG)
		return op->reg;
	if (op->kind != OK_PSEUDO && op->kind != OK_LOC)
		return -1;
	return loc_index(c, op->loc);
}

/* Whether location l is a stack slot, resp. a constant location. */
static inline bool is_slot(const Chk *c, int l)
{
	return l >= TGT_NREGS && l < c->cbase;
}

static inline bool is_kconst(const Chk *c, int l)
{
	return l >= c->cbase && l < c->abase;
}

/* ---- Part facts (partial moves, docs/VERIFY.md "Partial moves") ----
 * Besides values, a register may hold a fact about part of a pseudo v,
 * for a width w of 1, 2, 4 or 8 bytes:
 *   PF_REST: the register equals v outside its low w bytes (x86's movb /
 *            movw into the low bytes of a register, which keep the
 *            rest: w of 1 or 2 only, PF_MOVEW);
 *   PF_LOW:  its low w bytes equal v's low w bytes (those moves, and a
 *            move or load of w bytes of a wider value, "Widths").
 * Each is a value id of its own after the c->nval real ones (8 per
 * value), so that sets, joins and holders treat them like values; a
 * definition of v kills them with v; slots hold only PF_LOW
 * (slot_parts). */
enum { PF_REST, PF_LOW, PF_NKIND };
#define PF_MAXW 8  /* widths 1, 2, 4, 8: loops step w *= 2 */
#define PF_NW 4    /* number of widths */
#define PF_MOVEW 2 /* widest partial move */

/* Index of width w (1, 2, 4 or 8) among the part-fact widths. */
static inline int pf_wi(int w)
{
	return w >= 8 ? 3 : w >= 4 ? 2 : w - 1;
}

static inline int pf_id(const Chk *c, int v, int kind, int w)
{
	return c->nval + (v * PF_NKIND + kind) * PF_NW + pf_wi(w);
}

/* Number of value ids, part facts included. */
static inline int nval_ids(const Chk *c)
{
	return c->nval * (1 + PF_NKIND * PF_NW);
}

/* The mark K, "loaded from a constant location" (docs/VERIFY.md "GCC's
 * allocation", loads of constants): the id after every value and part
 * fact.  It never stands for a value (no use is satisfied by it); a use
 * that finds it where its value is missing is not proven, like a use
 * at the constant location itself.  Registers only (slots strip it with
 * the part facts). */
static inline int kc_id(const Chk *c)
{
	return nval_ids(c);
}

/* Whether id is a part fact; its value, kind and width. */
static inline bool pf_of(const Chk *c, int id, int *v, int *kind, int *w)
{
	if (id < c->nval || id >= kc_id(c))
		return false;
	int k = id - c->nval;
	*w = 1 << (k % PF_NW);
	*kind = k / PF_NW % PF_NKIND;
	*v = k / PF_NW / PF_NKIND;
	return true;
}

/* ---- Word facts (docs/VERIFY.md "Words of a wide value") -------------
 * A pseudo wider than 8 bytes (wide_value) has words of 8 bytes.  Its
 * word i has an id of its own after K (wd_id), meaning "the low 8 bytes
 * of this location are word i of v".  In a general register (gpr_loc),
 * whose 8 bytes are one word, word 0 is written as v itself (never
 * wd_id(v, 0)), so v there means "this register is v's first word";
 * elsewhere (a slot, a constant or memory location, an SSE register) v
 * means the whole of v from byte 0.  Single-register values are never
 * wide and keep their plain ids. */
#define WD_MAX 8

/* Whether v is a pseudo of 9 to 8 * WD_MAX bytes. */
static inline bool wide_value(const Chk *c, int v)
{
	if (v < 0 || v >= c->npseudo)
		return false;
	int size = value_size(c, v);
	return size > 8 && size <= 8 * WD_MAX;
}

/* Words of wide value v. */
static inline int nwords(const Chk *c, int v)
{
	return (value_size(c, v) + 7) / 8;
}

/* The id of word i of pseudo v (an id of its own, also for i = 0). */
static inline int wd_id(const Chk *c, int v, int i)
{
	return kc_id(c) + 1 + v * WD_MAX + i;
}

/* The first id after the word facts: MV(U) of loaded memory operand j
 * is mv_base + j. */
static inline int mv_base(const Chk *c)
{
	return kc_id(c) + 1 + c->npseudo * WD_MAX;
}

static inline int mv_id(const Chk *c, int j)
{
	return mv_base(c) + j;
}

/* The loaded memory operand an id is MV of, or -1. */
static inline int mv_of(const Chk *c, int id)
{
	int j = id - mv_base(c);
	return j >= 0 && j < c->nmv ? j : -1;
}

/* Number of ids: values, part facts, K, word facts, MV ids. */
static inline int nall_ids(const Chk *c)
{
	return mv_base(c) + c->nmv;
}

/* Whether id is a word fact; its value and word. */
static inline bool wd_of(const Chk *c, int id, int *v, int *i)
{
	if (id <= kc_id(c) || id >= mv_base(c))
		return false;
	int k = id - kc_id(c) - 1;
	*v = k / WD_MAX;
	*i = k % WD_MAX;
	return true;
}

/* Whether location l is a general register: one word. */
static inline bool gpr_loc(const Chk *c, int l)
{
	return l >= 0 && l < TGT_NREGS && c->t->regs[l].cls == RC_GPR;
}

/* Whether location l is an x87 register: one 16-byte part of a value
 * (docs/VERIFY.md "Words of a wide value", x87 parts). */
static inline bool x87_loc(const Chk *c, int l)
{
	return l >= 0 && l < TGT_NREGS && c->t->regs[l].cls == RC_X87;
}

/* Whether v is an x87 pseudo of several registers (a complex long
 * double, 32 bytes: two 16-byte parts, parts 0 and 1 at words 0 and 2).
 * In an x87 register, v itself means "v's part 0" and word fact 2k
 * (wd_id(v, 2k)) "v's part k", bytes 16k..16k+15 (words 2k and 2k+1). */
static inline bool x87_multi(const Chk *c, int v)
{
	return v >= 0 && v < c->npseudo && c->o->pseudo[v].cls == RC_X87 &&
	       value_size(c, v) > 16 && wide_value(c, v);
}

/* The id saying "location l holds word i of v": in a general register,
 * v itself for word 0. */
static inline int word_at(const Chk *c, int l, int v, int i)
{
	return i == 0 && gpr_loc(c, l) ? v : wd_id(c, v, i);
}

/* The value a word fact is about; any other id itself.  (A word fact
 * of a value of W undefined on one side of a join is kept like the
 * value: join2.) */
static inline int word_base(const Chk *c, int id)
{
	int v, i;
	return wd_of(c, id, &v, &i) ? v : id;
}

/* The value an id is about: a word fact's or a part fact's pseudo, the
 * id itself otherwise. */
static inline int id_value(const Chk *c, int id)
{
	int v, a, b;
	if (wd_of(c, id, &v, &a) || pf_of(c, id, &v, &a, &b))
		return v;
	return id;
}

/* ---- Values possibly undefined (W): bitsets over W --------------------- */

static inline bool bit(const uint64_t *d, int k)
{
	return (d[k / 64] >> (k % 64)) & 1;
}

static inline void bit_set(uint64_t *d, int k, bool on)
{
	if (on)
		d[k / 64] |= (uint64_t)1 << (k % 64);
	else
		d[k / 64] &= ~((uint64_t)1 << (k % 64));
}

/* Whether v is a value of W that no path has defined in state def. */
static inline bool undefined(const Chk *c, const uint64_t *def, int v)
{
	return c->isW[v] && !bit(def, c->widx[v]);
}

/* ---- Pending writes of a parallel step (words.c) ----------------------- */

/* One pending write of a parallel step. */
typedef struct Write {
	int loc, set;
} Write;

struct Writes {
	Write *w;
	int n, cap;
};
typedef struct Writes Writes;

/* ---- valset.c: allocation, strings, hash-consed sets ------------------- */

/* realloc, aborting with a message when memory runs out (n 0:
 * one byte). */
void *verify_xrealloc(void *p, size_t n);

/* p (elements of size sz, capacity *cap) grown to hold at least n. */
void *grow(void *p, size_t sz, int *cap, int n);

/* Appends printf-formatted text to s. */
void str_addf(Str *s, const char *fmt, ...);

/* The id of the set v[0..n-1] (sorted, no duplicates); v must not point
 * into p->mem. */
int set_intern(SetPool *p, const int *v, int n);

/* An empty pool: only set 0, the empty set. */
void pool_init(SetPool *p);

/* Frees what pool p owns. */
void pool_free(SetPool *p);

/* The set {v}. */
int set_single(SetPool *p, int v);

/* Set s plus v. */
int set_add(SetPool *p, int s, int v);

/* Set s without v. */
int set_del(SetPool *p, int s, int v);

/* The intersection of sets x and y. */
int set_inter(SetPool *p, int x, int y);

/* The union of sets x and y. */
int set_union(SetPool *p, int x, int y);

/* ---- values.c: locations, spans, names --------------------------------- */

/* Bytes of what an inserted operand moves: its pseudo as the allocation
 * declares it, a bare location's width (0: one register), a hard
 * register: one register. */
int alloc_op_size(const Chk *c, const Op *op);

/* Number of locations a value of size bytes occupies from location l: a
 * run of consecutive registers (core order), or one slot. */
int span_n(const Chk *c, int l, int size);

/* The part [*lo, *hi) of the span of n locations at l that a reading
 * operand of the original reads: a subreg use reads the registers its
 * bytes cover; a partial def of whole registers at one end of the span
 * (`+p93[0,8]` of a value in two general registers: the word is
 * replaced, the others kept) reads the others; anything else the whole
 * span. */
void read_range(const Chk *c, const Op *op, int l, int n, int *lo,
		int *hi);

/* The name of location l in messages (a register, s3, $imm, $sym+off,
 * [sym+off], avail(uid N), nowhere), written into buf. */
const char *loc_name(const Chk *c, int l, char *buf, size_t n);

/* The name of id v in messages (p3, %di, a part fact p3[..4] or
 * p3[4..], a word fact p3:w1, constant, memory, mem(uid N)), written
 * into buf. */
const char *value_name(const Chk *c, int v, char *buf, size_t n);

/* ---- state.c: the working state ---------------------------------------- */

/* Location l now holds set s (a constant location: without part facts,
 * which registers keep; a slot: only the PF_LOW ones, slot_parts). */
void wset(Chk *c, int l, int s);

/* Whether v is an address value of loaded memory operand j: one an
 * inserted load [of U] lists (mvaddr). */
bool mv_names(const Chk *c, int j, int v);

/* Whether loaded memory operand j's instruction U names value v. */
bool mv_u_names(const Chk *c, int j, int v);

/* Memory may have changed (a store, a call, an unmodelled inserted
 * instruction): every location holding an MV(U) holds the unknown memory
 * content U (c->nval) instead, so that a use of it there is not proven
 * rather than wrong (the write may not reach U's operand). */
void mv_kill_all(Chk *c);

/* Value v is redefined: no location holds it, or a part fact of it, any
 * more; nor MV(U) of an instruction U naming v (U's address, computed
 * from v, may now be another one). */
void kill_value(Chk *c, int v);

/* Wide value v gets word w replaced (a write of that word alone,
 * OF_WORD): every fact of the old word w leaves its locations, and so
 * does v as a whole (a slot, an SSE register, memory, an availability
 * location); the facts of its other words stay, since they are the new
 * value's too.  Word 0 in a general register is v itself and its part
 * facts (its low bytes), which go with w = 0 and stay otherwise. */
void kill_word(Chk *c, int v, int w);

/* An original definition of v (after kill_value). */
void defined(Chk *c, int v);

/* The id a read of value v at location l finds in the p-th location of
 * its span: word p of v when v is wide and l a general register (span
 * register p holds word p), v itself otherwise. */
int read_id(const Chk *c, int l, int p, int v);

/* Whether the p-th location of the span at l holds what a read of v
 * finds there (read_id), or v is undefined on every path. */
bool holds_at(Chk *c, int l, int p, int v);

/* Whether register l holds the part of pseudo v that operand oo of the
 * original reads, by a part fact: a partial def of its low k bytes
 * (`+v[0,k]`, k below a register) reads v outside them; a use of its
 * low k bytes (`v[0,k]`) reads them.  A slot holds only "v's low w
 * bytes" (slot_parts), which a use of v's low k <= w bytes reads. */
bool holds_part(Chk *c, const Op *oo, int l, int v);

/* Starts replaying a block from the sparse state st. */
void load(Chk *c, const State *st);

/* qsort's comparison of ints, increasing. */
int cmp_int(const void *x, const void *y);

/* Ends a replay: the sparse state into *out (arena), the working state
 * cleared.  Returns whether *out differs from *old. */
bool unload(Chk *c, State *out, const State *old, bool want);

/* ---- join.c: joins ----------------------------------------------------- */

/* Adds id to the set being built in c->vbuf[0..*n-1]. */
void vbuf_push(Chk *c, int *n, int id);

/* The operand of phi p that comes from original block ob, or NULL. */
const Op *phi_src(const Ins *p, int ob);

/* Whether value v is live at the entry of f block b. */
bool live_at(const Chk *c, int b, int v);

/* The entry state of f block b into c->acc: the join over the edges from
 * predecessors that have an exit state (and the function entry's state
 * for the entry block), slots pruned.  False if there is none yet. */
bool join(Chk *c, int b);
/* c->acc := c->acc joined with in (a location holds v if it does on
 * both sides, a side whose paths leave v of W undefined holding it). */
void join_acc(Chk *c, const State *in);

/* ---- violation.c: reports and violations ------------------------------- */

/* Records why the two functions cannot be compared (the first reason
 * only); returns false, for `return unverified(...)`. */
bool unverified(Chk *c, const char *fmt, ...);

/* A use or an instruction whose correctness the checker cannot prove
 * (and cannot refute): the verdict will be "unverified" unless there is
 * a violation.  Recorded only in the checking pass (and by setup). */
void not_proven(Chk *c, const char *fmt, ...);

/* Appends the note "FN: note: ..." to the result. */
void add_note(Chk *c, const char *fmt, ...);

/* Frees what violation v owns (its text and held list). */
void viol_free(Violation *v);

/* Records in w what set s holds of pseudos: whole values and low-bytes
 * part facts, in the set's order (Violation.held). */
void held_pseudos(const Chk *c, int s, Violation *w);

/* Appends a violation; text is the part after "FN: bB: LABEL: ". */
Violation *violation(Chk *c, int kind, const Ins *i, int pos,
		     int op, int l, const char *fmt, ...);

/* "{p3,%di}" */
void set_text(Chk *c, int s, Str *out);

/* Describes where the content of location l at instruction i (position
 * pos of f block b) came from: the writers that reach it backwards.
 * Returns whether an inserted opaque instruction is among the writers
 * the text names. */
bool writers_text(Chk *c, int b, const Ins *at, int l, Str *out);

/* ---- words.c: pending writes, transfers by word ------------------------ */

/* Queues the write of set s into location l. */
void push_write(Writes *ws, int l, int s);

/* Queues the writes of a transfer dst (nd parts) <- src (ns parts):
 * register to register of equal width part by part, otherwise every
 * destination part gets what the whole source holds; extra (a value, or
 * -1) is added to each.  Between word spans (word_span), the facts of
 * wide values go by word position instead (trips_of, add_trips), and
 * extra as its word of the destination's position. */
void queue_copy(Chk *c, Writes *ws, int dst, int nd, int src, int ns,
		int extra);

/* The n locations of a span at d get what one location sl holds (set s,
 * as a load of it reads): by word position between word spans. */
void write_from_one(Chk *c, int d, int n, int sl, int s);

/* The n locations of a span at l get exactly value v, word by word
 * (read_id): a definition. */
void write_def(Chk *c, int l, int n, int v);

/* Performs the writes queued in ws, in order, and empties it. */
void apply_writes(Chk *c, Writes *ws);

/* The registers of s lose their contents. */
void clobber(Chk *c, RegSet s);
/* The edge from f block a to its successor b leaves by an original EH
 * edge (setup_eh). */
bool eh_edge(const Chk *c, int a, int b);
/* What an EH edge does after the throwing instruction's reads and
 * clobbers (original.c). */
void eh_effects(Chk *c);
/* The registers whose content the exceptional edges of f block b lose:
 * the call-clobbered ones on EH edges (the unwinder restores the
 * others), all but sp, argp and frame on non-local goto edges (where
 * eh_effects then gives bp its entry value, the frame pointer the
 * receiver restores). */
RegSet exc_lost(const Chk *c, int b);

/* ---- inserted.c: inserted instructions --------------------------------- */

/* A violation at operand k of i when it transfers between registers d
 * and s that no_reg_move says cannot be moved between. */
void check_reg_move(Chk *c, const Ins *i, int pos, int k, int d,
		    int s);

/* An inserted move, spill, reload or copy (a partial move:
 * do_part_move): its kind checked, then the destination span gets what
 * the source holds, narrowed to the move's width (a constant source:
 * mem_load). */
void do_move(Chk *c, const Ins *i, int pos);

/* An inserted opaque instruction (GCC's allocation): every location its
 * defs name, and its clobbers, lose their contents. */
void do_opaque(Chk *c, const Ins *i);

/* An inserted swap: the two spans exchange what they hold (not both
 * slots). */
void do_swap(Chk *c, const Ins *i, int pos);

/* An inserted parallel copy: every source read, then every destination
 * written. */
void do_pcopy(Chk *c, const Ins *i, int pos);

/* Whether operands x and y are the same constant. */
bool const_equal(const Op *x, const Op *y);

/* An inserted remat of the pseudo its def names: accepted if the
 * original defines that pseudo only by identical [remat] instructions and
 * the remat's constants (if it lists any) are theirs. */
void do_remat(Chk *c, const Ins *i, int pos);

/* ---- check.c: checks of an original instruction ------------------------ */

/* The word that allocated operand ao (of original operand oo) reads or
 * writes alone in its register (OF_WORD, docs/IR.md "alone": a one-word
 * subreg of a wide value, LRA's reload of that word), or -1 when ao is
 * an ordinary operand.  alone_valid has checked the shape. */
int alone_word(const Op *ao, const Op *oo);

/* Whether allocated operand ao may carry OF_WORD for original operand
 * oo: oo is an 8-byte subreg at a whole word of a wide pseudo, read or
 * partially defined (`+p[8,8]`), and ao is in a general register. */
bool alone_valid(const Chk *c, const Op *ao, const Op *oo);

/* Whether a read of value v at location l that does not find v is not
 * proven rather than wrong: l holds the mark K (GCC loaded a constant
 * into it: the values l holds besides are equal to that constant), and
 * v is unnamed (setup_unnamed: the original computes it only by
 * instructions whose result GCC may know to be that constant). */
bool kc_unproven(Chk *c, int l, int v);

/* Checks every value operand of original instruction i (original o).
 * With [comm K] (GCC's allocation), operands K and K+1 are accepted in
 * either order when one order is proven for both; otherwise they are
 * checked (and reported) in the order located. */
void check_operands(Chk *c, const Ins *i, const Ins *o, int pos);

/* ---- original.c: transfer of an original instruction ------------------- */

/* Whether an original copy or parallel copy preserves its sources'
 * values in its destinations: whole registers, no subreg. */
bool copy_like(const Ins *o);

/* An original instruction: checks, then uses read, clobbers, defs. */
void do_original(Chk *c, const Ins *i, const Ins *o, int pos);

/* After inserted instruction i: each register or slot it wrote that
 * holds the source s of a deleted copy `copy =d, s` whose availability
 * location holds both d and s also holds d (copy_equal's fact, kept
 * through joins: on every path the copy ran and neither value changed
 * since, so s's value is d's).  strcmp-1.c main at -Os: p92 recomputed
 * into p86's register on a loop's back edge. */
void copy_extend(Chk *c, const Ins *i);

/* After instruction i: every slot declared with an offset that shares a
 * byte with a slot i wrote holds nothing known (docs/VERIFY.md
 * "Overlapping slots").  Only removes facts. */
void kill_overlaps(Chk *c, const Ins *i);

/* Adds to W the destination of every original copy that do_deleted
 * replays as one (a copy, [ptrcopy], a low-part move) whose source is in
 * W: a deleted copy gives its destination its source's status
 * (docs/VERIFY.md "Values that may be undefined").  Returns whether W
 * grew. */
bool w_close_copies(Chk *c);

/* ---- memory.c: memory locations ---------------------------------------- */

/* Fills c->mloc: the writable memory locations of f, when the original
 * lists its memory effects (memfx) and f is GCC's allocation. */
void mem_setup(Chk *c);

/* Before original o's definitions: its memory writes (a call: any)
 * empty the locations they may change. */
void mem_before(Chk *c, const Ins *o);

/* After original o's definitions: a load p := [M] or a store [M] := p
 * leaves p in M's location too (sound: M equals p on this path; any
 * later write that may reach M, and any redefinition of p, removes it). */
void mem_after(Chk *c, const Ins *o);

/* After original instruction number idx of f (a [remat] of p from one
 * constant c): p is also in CONST(c). */
void remat_proof(Chk *c, const Ins *o, int idx);

/* ---- recompute.c: recomputations ([of N]) ------------------------------ */

/* After original instruction o (the one at f-instruction idx) executed:
 * if o is recomputed somewhere, AV(o) := o's values. */
void av_executed(Chk *c, const Ins *o, int idx);

/* Whether inserted remat i was recorded as not proven
 * (note_unproven_remat). */
bool unproven_remat(const Chk *c, const Ins *i);

/* An inserted remat i of original instruction D = i->of (the f-instruction
 * at idx): accepted when every location it reads holds, now, the value D
 * read there (else a violation: the recomputation reads something else)
 * and AV(D) holds D's values (else not proven: one of them may have
 * been redefined since D, or D may not have run on every path).  Then
 * its destination holds D's value p (assumed also when refused, so that
 * the uses it feeds do not repeat the report). */
void do_remat_of(Chk *c, const Ins *i, int pos, int idx);

/* The availability location of original uid (an [of] target), or -1. */
int av_loc(const Chk *c, int uid);

/* The distinct uids that inserted remats of f recompute ([of N]): one
 * availability location each, after the constants. */
void setup_av(Chk *c);

/* ---- memload.c: memory operands loaded into a register ----------------- */

/* An inserted load of the memory operand of original instruction U
 * (`opaque =@R:W, pA @LA, ... [of U]`, GCC's allocation): checks that
 * each address operand's location holds that value of U's (the load
 * computes U's address from U's values: the translation matched the two
 * addresses); then R holds MV(U) when the original lists its memory
 * writes (memfx) and W is U's operand width ([mem @R':W] on U).
 * Otherwise an opaque instruction that writes no memory. */
void do_mem_load(Chk *c, const Ins *i, int pos);

/* At original instruction i (flagged [mem @R:W]) of f: R must hold
 * MV(U), U = i: then on every path an inserted load read U's memory
 * operand at U's address with the values U reads, none of them
 * redefined and no memory written since (docs/VERIFY.md).  Checking
 * pass only. */
void mv_check_use(Chk *c, const Ins *i, int pos);

/* One MV id per original instruction of f flagged [mem @R:W] (GCC's
 * allocation), with its original and width. */
void setup_mv(Chk *c);

/* ---- setup.c: the correspondence between o and f ----------------------- */

/* Blocks: every original block is in f, the extra blocks of f lie on
 * split edges, the edges of f between original blocks are the original
 * edges. */
bool setup_blocks(Chk *c);

/* Reverse post-order of the blocks of f reachable from the entry. */
void setup_rpo(Chk *c);

/* ---- scc.c: the order of the data flow --------------------------------- */

/* The strongly connected components of f's reached blocks (after
 * setup_rpo) in topological order: component k's blocks are
 * order[first[k]..first[k+1]-1], in reverse post-order; cyclic[k] says
 * whether it has a cycle (more than one block, or a block its own
 * successor).  order holds c->nrpo blocks, first and cyclic one more
 * than the components; returns the number of components. */
int setup_sccs(Chk *c, int *order, int *first, bool *cyclic);

/* Whether instructions x and y have one kind and the same operands but
 * for the values they name: flags (OF_WORD and OF_SOFT aside, and on
 * x's mirrored pair [mirror K] whether memory is acceptable), subregs,
 * constants. */
bool same_shape(const Ins *x, const Ins *y);

/* Instructions: uid correspondence, shapes, phis. */
bool setup_ins(Chk *c);

/* ---- ovalues.c: what the original says of its values ------------------- */

/* c->hw[r]: the widest value the original puts in hard register r or
 * reads from it as its entry value (docs/VERIFY.md "Widths").  A def of
 * r by a copy writes its pseudo's size; any other def (a call's result,
 * an ord) the whole register.  A use reads a def's value, whose width
 * that def counts, when a def of r comes before it in its block;
 * otherwise it may read the entry value: a copy reads its pseudo's
 * size, any other use (a call's argument, ret) the whole register.
 * Clobbers only make r undefined. */
void setup_hard_widths(Chk *c);

/* Which pseudos of o may be rematerialized: defined only by identical
 * [remat] instructions with one def and constants otherwise. */
void setup_remat(Chk *c);

/* c->unnamed: the values (pseudos and hard registers) every definition
 * of which in the original is unnamed_def (the greatest fixed point, so
 * copies in a cycle of unnamed values stay unnamed); a value without
 * definitions, or live at the entry (its entry value may be read: an
 * incoming argument), is named.  Decides only between a violation and
 * "not proven" where a register holds nothing but a constant GCC loaded
 * (kc_unproven), never a verdict "verified". */
void setup_unnamed(Chk *c);

/* ---- vlive.c: liveness of the original values -------------------------- */

/* Liveness on f's blocks (for pruning slots), and W from the original:
 * the pseudos live at its entry, and the phi defs they feed. */
void setup_live(Chk *c);

/* setjmp.c.  The calls flagged [twice], their regions, and the liveness
 * of the values a second return reads extended over the region; false
 * (unverified) beyond the calls it models.  After setup_live. */
bool setup_setjmp(Chk *c);
/* Forgets the memory states (a new run of the fixed point). */
void sj_reset(Chk *c);
/* After original call idx of f (replayed): its memory state met into
 * those of the calls that return twice whose region it is in. */
void sj_after_call(Chk *c, int idx);
/* After call idx of f that returns twice: the working state met with
 * its second return's (registers as after the call but for the values
 * the region defines, memory as after the region's calls). */
void sj_second_return(Chk *c, int idx);
/* Queues the block of every call that returns twice whose memory state
 * changed; whether there was one. */
bool sj_requeue(Chk *c, bool *queued);
/* Whether f instruction idx is a call that returns twice whose second
 * return changed what register l holds (in the checking pass). */
bool sj_changed(const Chk *c, int idx, int l);

#endif /* SSARA_VSTATE_H */
