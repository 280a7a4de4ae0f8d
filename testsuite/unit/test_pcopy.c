/* test_pcopy.c - parallel copy sequentialization: hand-computed sequences
 * and counts, then 10,000 random copies simulated symbolically, counted
 * against an independently computed optimum, and cross-checked with
 * verify/'s pcopy_check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pcopy.h"
#include "verify.h"

/* A function to hold the instructions: p1..p8 gpr 8, p9..p16 sse 16,
 * slots s0..s7 of 16 bytes. */
static Fn *holder(void)
{
	Fn *fn = fn_new("pc", target_x86_64());
	for (int p = 1; p <= 16; p++)
		fn_declare_pseudo(fn, p, p <= 8 ? RC_GPR : RC_SSE,
				  p <= 8 ? 8 : 16);
	for (int s = 0; s < 8; s++)
		fn_declare_slot(fn, s, 16);
	return fn;
}

static Loc R(int r)
{
	return (Loc){LOC_REG, r};
}

static Loc S(int s)
{
	return (Loc){LOC_SLOT, s};
}

/* A pair named by the class's first pseudo. */
static PcopyPair P(Loc d, Loc s, int cls)
{
	int v = cls == RC_GPR ? 1 : 9;
	return (PcopyPair){d, s, v, v};
}

static void loc_name(const Fn *fn, Loc l, char *buf, size_t len)
{
	if (l.kind == LOC_REG)
		snprintf(buf, len, "%s", fn->target->regs[l.num].name);
	else
		snprintf(buf, len, "s%d", l.num);
}

/* "swap ax dx; move cx ax": the sequence, destination first (in fn's
 * arena). */
static char *render(const Fn *fn, const PcopySeq *seq)
{
	char *buf = ARENA_NEW(fn->arena, char, 4096);
	size_t n = 0;
	buf[0] = 0;
	for (int k = 0; k < seq->nins; k++) {
		const Ins *i = seq->ins[k];
		char a[16], b[16];
		loc_name(fn, i->ops[0].loc, a, sizeof a);
		loc_name(fn, i->ops[1].loc, b, sizeof b);
		n += (size_t)snprintf(buf + n, 4096 - n, "%s%s %s %s",
				      k ? "; " : "", ins_kind_name(i->kind), a,
				      b);
	}
	return buf;
}

/* Symbolic index of a location: registers 0..34, slot s at 64 + s. */
static int sym(Loc l)
{
	return l.kind == LOC_REG ? l.num : 64 + l.num;
}

/* Replays seq on contents (each location starts with itself) and checks
 * the instruction kinds against their locations, every destination, and
 * every location that is neither a destination, free, nor a scratch slot
 * (number >= nslot0).  Returns false after reporting. */
static bool simulate(const Fn *fn, const PcopyPair *pc, int n, RegSet free,
		     int nslot0, const PcopySeq *seq, const char *what)
{
	enum { NLOC = 64 + 256 };
	int c[NLOC];
	bool touched[NLOC] = {false};
	for (int k = 0; k < NLOC; k++)
		c[k] = k;
	for (int k = 0; k < seq->nins; k++) {
		const Ins *i = seq->ins[k];
		Loc d = i->ops[0].loc, s = i->ops[1].loc;
		bool ds = d.kind == LOC_SLOT, ss = s.kind == LOC_SLOT;
		bool kind_ok = (i->kind == IK_MOVE && !ds && !ss) ||
			       (i->kind == IK_SPILL && ds && !ss) ||
			       (i->kind == IK_RELOAD && !ds && ss) ||
			       (i->kind == IK_SWAP && !ds && !ss);
		if (!t_check(kind_ok && i->nops == 2 && i->uid == 0, __FILE__,
			     __LINE__, "%s: instruction %d: bad kind %s", what,
			     k, ins_kind_name(i->kind)))
			return false;
		touched[sym(d)] = touched[sym(s)] = true;
		if (i->kind == IK_SWAP) {
			int t = c[sym(d)];
			c[sym(d)] = c[sym(s)];
			c[sym(s)] = t;
		} else {
			c[sym(d)] = c[sym(s)];
		}
	}
	bool isdst[NLOC] = {false};
	for (int k = 0; k < n; k++) {
		isdst[sym(pc[k].dst)] = true;
		if (!t_check(c[sym(pc[k].dst)] == sym(pc[k].src), __FILE__,
			     __LINE__, "%s: pair %d: destination holds %d, not %d",
			     what, k, c[sym(pc[k].dst)], sym(pc[k].src)))
			return false;
	}
	for (int l = 0; l < NLOC; l++) {
		if (isdst[l] || !touched[l] || c[l] == l)
			continue;
		bool scratch = l < 64 ? RS_HAS(free, l) : l - 64 >= nslot0;
		if (!t_check(scratch, __FILE__, __LINE__,
			     "%s: location %d clobbered", what, l))
			return false;
	}
	(void)fn;
	return true;
}

/* Cross-checks with verify/'s pcopy_check (free registers and new slots
 * are scratch). */
static bool cross_check(const Fn *fn, const PcopyPair *pc, int n, RegSet free,
			int nslot0, const PcopySeq *seq, const char *what)
{
	PcPair pp[64];
	PcStep st[256];
	Loc scratch[64];
	int ns = 0;
	for (int k = 0; k < n; k++)
		pp[k] = (PcPair){pc[k].dst, pc[k].src};
	for (int k = 0; k < seq->nins; k++) {
		const Ins *i = seq->ins[k];
		st[k] = (PcStep){i->kind == IK_SWAP ? PC_SWAP : PC_MOVE,
				 i->ops[0].loc, i->ops[1].loc};
	}
	for (int r = 0; r < TGT_NREGS; r++)
		if (RS_HAS(free, r))
			scratch[ns++] = R(r);
	for (int s = nslot0; s < fn->nslot && ns < 64; s++)
		scratch[ns++] = S(s);
	PcResult res;
	char err[200] = "";
	if (!t_check(pcopy_check(pp, n, st, seq->nins, scratch, ns, &res, err,
				 sizeof err),
		     __FILE__, __LINE__, "%s: pcopy_check: %s", what, err))
		return false;
	bool ok = t_check(res.nwrong == 0, __FILE__, __LINE__,
			  "%s: pcopy_check finds %d wrong", what, res.nwrong);
	pcopy_result_free(&res);
	return ok;
}

/* Runs one hand case: expected sequence text, move and swap counts; also
 * simulated and cross-checked. */
static void hand(const PcopyPair *pc, int n, RegSet free, bool no_swaps,
		 const char *want, int moves, int swaps)
{
	Fn *fn = holder();
	int nslot0 = fn->nslot;
	PcopyIn in = {.pair = pc, .npair = n, .free = free,
		      .no_swaps = no_swaps};
	PcopySeq seq;
	char err[200] = "";
	if (t_check(pcopy_sequentialize(fn, &in, &seq, err, sizeof err),
		    __FILE__, __LINE__, "%s", err)) {
		CHECK_STR(render(fn, &seq), want);
		CHECK_INT(seq.moves, moves);
		CHECK_INT(seq.swaps, swaps);
		simulate(fn, pc, n, free, nslot0, &seq, want);
		cross_check(fn, pc, n, free, nslot0, &seq, want);
	}
	fn_free(fn);
}

static void case_swap_gpr(void)
{
	PcopyPair pc[] = {P(R(R_AX), R(R_DX), RC_GPR),
			  P(R(R_DX), R(R_AX), RC_GPR)};
	hand(pc, 2, 0, false, "swap ax dx", 0, 1);
}

/* SSE: xmm0 saved into the free xmm2, xmm0 <- xmm1, xmm1 <- xmm2. */
static void case_swap_sse(void)
{
	PcopyPair pc[] = {P(R(R_XMM0), R(R_XMM1), RC_SSE),
			  P(R(R_XMM1), R(R_XMM0), RC_SSE)};
	hand(pc, 2, RS_BIT(R_XMM2), false,
	     "move xmm2 xmm0; move xmm0 xmm1; move xmm1 xmm2", 3, 0);
}

/* SSE without a free register: a scratch slot (s8, the first new one). */
static void case_swap_sse_noreg(void)
{
	PcopyPair pc[] = {P(R(R_XMM0), R(R_XMM1), RC_SSE),
			  P(R(R_XMM1), R(R_XMM0), RC_SSE)};
	hand(pc, 2, 0, false,
	     "spill s8 xmm0; move xmm0 xmm1; reload xmm1 s8", 3, 0);
}

/* a -> b -> c -> a (dx <- ax, cx <- dx, ax <- cx): the cycle read from
 * dx on: [dx ax cx]; swap dx ax puts ax's content in dx, swap ax cx puts
 * cx's in ax and dx's (now in ax) in cx. */
static void case_cycle3_gpr(void)
{
	PcopyPair pc[] = {P(R(R_DX), R(R_AX), RC_GPR),
			  P(R(R_CX), R(R_DX), RC_GPR),
			  P(R(R_AX), R(R_CX), RC_GPR)};
	hand(pc, 3, 0, false, "swap dx ax; swap ax cx", 0, 2);
}

static void case_cycle3_sse(void)
{
	PcopyPair pc[] = {P(R(R_XMM1), R(R_XMM0), RC_SSE),
			  P(R(R_XMM2), R(R_XMM1), RC_SSE),
			  P(R(R_XMM0), R(R_XMM2), RC_SSE)};
	hand(pc, 3, RS_BIT(R_XMM3) | RS_BIT(R_XMM4), false,
	     "move xmm3 xmm1; move xmm1 xmm0; move xmm0 xmm2; move xmm2 xmm3",
	     4, 0);
}

/* The general-register cycle without swaps: 4 moves as for SSE. */
static void case_cycle3_noswaps(void)
{
	PcopyPair pc[] = {P(R(R_DX), R(R_AX), RC_GPR),
			  P(R(R_CX), R(R_DX), RC_GPR),
			  P(R(R_AX), R(R_CX), RC_GPR)};
	hand(pc, 3, RS_BIT(R_BX), true,
	     "move bx dx; move dx ax; move ax cx; move cx bx", 4, 0);
}

static void case_fanout(void)
{
	PcopyPair pc[] = {P(R(R_DX), R(R_AX), RC_GPR),
			  P(R(R_CX), R(R_AX), RC_GPR)};
	hand(pc, 2, 0, false, "move dx ax; move cx ax", 2, 0);
}

/* b <- a, c <- b: c = b must come first. */
static void case_chain(void)
{
	PcopyPair pc[] = {P(R(R_DX), R(R_AX), RC_GPR),
			  P(R(R_CX), R(R_DX), RC_GPR)};
	hand(pc, 2, 0, false, "move cx dx; move dx ax", 2, 0);
}

/* a -> b, b -> a, a -> c: the tail c = a first, then the swap. */
static void case_cycle_tail(void)
{
	PcopyPair pc[] = {P(R(R_DX), R(R_AX), RC_GPR),
			  P(R(R_AX), R(R_DX), RC_GPR),
			  P(R(R_CX), R(R_AX), RC_GPR)};
	hand(pc, 3, 0, false, "move cx ax; swap dx ax", 1, 1);
}

/* Moves only: the tail copy holds a's content, so the cycle needs no
 * temporary: c = a, a = b, b = c (3 moves for 3 pairs). */
static void case_cycle_tail_sse(void)
{
	PcopyPair pc[] = {P(R(R_XMM1), R(R_XMM0), RC_SSE),
			  P(R(R_XMM0), R(R_XMM1), RC_SSE),
			  P(R(R_XMM2), R(R_XMM0), RC_SSE)};
	hand(pc, 3, RS_BIT(R_XMM5), false,
	     "move xmm2 xmm0; move xmm0 xmm1; move xmm1 xmm2", 3, 0);
}

static void case_identity(void)
{
	PcopyPair pc[] = {P(R(R_AX), R(R_AX), RC_GPR),
			  P(R(R_DX), R(R_CX), RC_GPR),
			  P(S(3), S(3), RC_GPR)};
	hand(pc, 3, 0, false, "move dx cx", 1, 0);
	hand(pc, 1, 0, false, "", 0, 0);
}

/* A spill, a reload, a slot to slot copy through the free bx. */
static void case_slots(void)
{
	PcopyPair pc[] = {P(S(0), R(R_AX), RC_GPR),
			  P(R(R_DX), S(1), RC_GPR),
			  P(S(2), S(3), RC_GPR)};
	hand(pc, 3, RS_BIT(R_BX), false,
	     "spill s0 ax; reload dx s1; reload bx s3; spill s2 bx", 4, 0);
}

/* Register and slot exchanged: moves through the free cx, no swap. */
static void case_slot_cycle(void)
{
	PcopyPair pc[] = {P(R(R_AX), S(0), RC_GPR),
			  P(S(0), R(R_AX), RC_GPR)};
	hand(pc, 2, RS_BIT(R_CX), false,
	     "move cx ax; reload ax s0; spill s0 cx", 3, 0);
}

/* Two slots exchanged with one free register: a slot-slot edge remains
 * after any break, so the temporary is a scratch slot (s8) and bx does
 * the transits: s8 <- s0, s0 <- s1, s1 <- s8, each via bx. */
static void case_slot_slot_cycle(void)
{
	PcopyPair pc[] = {P(S(0), S(1), RC_GPR), P(S(1), S(0), RC_GPR)};
	hand(pc, 2, RS_BIT(R_BX), false,
	     "reload bx s0; spill s8 bx; reload bx s1; spill s0 bx; "
	     "reload bx s8; spill s1 bx",
	     6, 0);
	/* With two free registers cx (first in core order) is the
	 * temporary: it takes s0's content, so the edge s1 <- s0 becomes
	 * s1 <- cx, and bx does the one transit left, s0 <- s1. */
	hand(pc, 2, RS_BIT(R_BX) | RS_BIT(R_CX), false,
	     "reload cx s0; reload bx s1; spill s0 bx; spill s1 cx", 4, 0);
}

/* No free register: bx (holding p3) is borrowed for the slot transit,
 * saved to a scratch slot (s8) and restored. */
static void case_borrow(void)
{
	Fn *fn = holder();
	int nslot0 = fn->nslot;
	PcopyPair pc[] = {P(S(2), S(3), RC_GPR)};
	PcopyBorrow bw[] = {{R_BX, 3}};
	PcopyIn in = {.pair = pc, .npair = 1, .borrow = bw, .nborrow = 1};
	PcopySeq seq;
	char err[200] = "";
	if (t_check(pcopy_sequentialize(fn, &in, &seq, err, sizeof err),
		    __FILE__, __LINE__, "%s", err)) {
		CHECK_STR(render(fn, &seq), "spill s8 bx; reload bx s3; "
					    "spill s2 bx; reload bx s8");
		CHECK_INT(seq.moves, 4);
		CHECK_INT(seq.nscratch, 1);
		CHECK_INT(seq.ins[0]->ops[1].reg, 3);
		simulate(fn, pc, 1, 0, nslot0, &seq, "borrow");
	}
	/* without a register to borrow: a clear failure */
	in.nborrow = 0;
	CHECK(!pcopy_sequentialize(fn, &in, &seq, err, sizeof err));
	CHECK(strstr(err, "needs a gpr register") != NULL);
	fn_free(fn);
}

/* Both classes in one copy: a general value goes into the slot an SSE
 * value leaves; the SSE reload must come first. */
static void case_classes(void)
{
	PcopyPair pc[] = {P(S(0), R(R_AX), RC_GPR),
			  P(R(R_XMM1), S(0), RC_SSE)};
	hand(pc, 2, 0, false, "reload xmm1 s0; spill s0 ax", 2, 0);
}

/* A cycle through both classes via slots: s0 <- ax, ax <- s1 (general),
 * s1 <- xmm0, xmm0 <- s0 (SSE).  Read from s0: [s0 ax s1 xmm0]; s0's
 * content is SSE, saved in the free xmm2; then s0 <- ax, ax <- s1,
 * s1 <- xmm0, xmm0 <- xmm2. */
static void case_classes_cycle(void)
{
	PcopyPair pc[] = {P(S(0), R(R_AX), RC_GPR), P(R(R_AX), S(1), RC_GPR),
			  P(S(1), R(R_XMM0), RC_SSE),
			  P(R(R_XMM0), S(0), RC_SSE)};
	hand(pc, 4, RS_BIT(R_BX) | RS_BIT(R_XMM2), false,
	     "reload xmm2 s0; spill s0 ax; reload ax s1; spill s1 xmm0; "
	     "move xmm0 xmm2",
	     5, 0);
}

static void case_malformed(void)
{
	Fn *fn = holder();
	PcopySeq seq;
	char err[200] = "";
	PcopyPair dup[] = {P(R(R_AX), R(R_DX), RC_GPR),
			   P(R(R_AX), R(R_CX), RC_GPR)};
	PcopyIn in = {.pair = dup, .npair = 2};
	CHECK(!pcopy_sequentialize(fn, &in, &seq, err, sizeof err));
	CHECK(strstr(err, "one destination") != NULL);
	PcopyPair none[] = {{(Loc){LOC_NONE, 0}, R(R_AX), 1, 1}};
	in = (PcopyIn){.pair = none, .npair = 1};
	CHECK(!pcopy_sequentialize(fn, &in, &seq, err, sizeof err));
	PcopyPair cls[] = {P(R(R_XMM0), R(R_AX), RC_GPR)};
	in = (PcopyIn){.pair = cls, .npair = 1};
	CHECK(!pcopy_sequentialize(fn, &in, &seq, err, sizeof err));
	PcopyPair undeclared[] = {P(S(30), R(R_AX), RC_GPR)};
	in = (PcopyIn){.pair = undeclared, .npair = 1};
	CHECK(!pcopy_sequentialize(fn, &in, &seq, err, sizeof err));
	fn_free(fn);
}

/* ---- random copies ---- */

typedef struct Rng {
	uint64_t s;
} Rng;

static int rnd(Rng *r, int n)
{
	r->s = r->s * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((r->s >> 33) % (uint64_t)n);
}

/* The optimum, computed from the copy graph alone: non-trivial pairs,
 * nodes on cycles, cycles, and cycles without a tail (no copy out of the
 * cycle reads one of its nodes). */
typedef struct Opt {
	int pairs, oncycle, cycles, pure;
} Opt;

static Opt optimum(const PcopyPair *pc, int n)
{
	Opt o = {0};
	int pred[64], dst[64], m = 0;
	int cyc[64];
	for (int k = 0; k < n; k++) {
		if (sym(pc[k].dst) == sym(pc[k].src))
			continue;
		o.pairs++;
		dst[m] = sym(pc[k].dst);
		pred[m++] = sym(pc[k].src);
	}
	/* node x is on a cycle when following pred from x comes back */
	for (int k = 0; k < m; k++) {
		cyc[k] = -1;
		int x = dst[k];
		for (int step = 0; step <= m; step++) {
			int j = -1;
			for (int q = 0; q < m; q++)
				if (dst[q] == x)
					j = q;
			if (j < 0)
				break;
			x = pred[j];
			if (x == dst[k]) {
				cyc[k] = 1;
				break;
			}
		}
	}
	/* a cycle's id: its smallest location */
	int id[64];
	for (int k = 0; k < m; k++) {
		id[k] = -1;
		if (cyc[k] < 0)
			continue;
		o.oncycle++;
		int x = dst[k], best = x;
		do {
			int j = 0;
			while (dst[j] != x)
				j++;
			x = pred[j];
			if (x < best)
				best = x;
		} while (x != dst[k]);
		id[k] = best;
	}
	for (int k = 0; k < m; k++) {
		if (id[k] < 0 || id[k] != dst[k])
			continue;
		o.cycles++;
		bool tail = false;
		for (int q = 0; q < m; q++) {
			/* pair q reads a node of this cycle, writes outside */
			bool reads = false;
			for (int j = 0; j < m; j++)
				if (id[j] == id[k] && dst[j] == pred[q])
					reads = true;
			if (reads && id[q] != id[k])
				tail = true;
		}
		o.pure += !tail;
	}
	return o;
}

/* One random copy over nreg registers of class cls (plus nslot slots
 * when slots > 0), random free registers among the rest of a pool. */
/* How many random copies had cycles, and cycles with tails. */
typedef struct Seen {
	int cycles, tails;
} Seen;

static bool random_one(Rng *r, int cls, bool no_swaps, int nslot,
		       Seen *seen, int iter)
{
	static const int gpr[] = {R_AX, R_DX, R_CX, R_BX, R_SI, R_DI,
				  R_R8, R_R9, R_R10};
	int pool[9];
	for (int k = 0; k < 9; k++)
		pool[k] = cls == RC_GPR ? gpr[k] : R_XMM0 + k;
	int nreg = 2 + rnd(r, 5); /* 2..6 registers in play */
	int nloc = nreg + nslot;
	Loc locs[16];
	for (int k = 0; k < nreg; k++)
		locs[k] = R(pool[k]);
	for (int k = 0; k < nslot; k++)
		locs[nreg + k] = S(k);
	/* destinations: a random subset, in random order */
	int perm[16];
	for (int k = 0; k < nloc; k++)
		perm[k] = k;
	for (int k = nloc - 1; k > 0; k--) {
		int j = rnd(r, k + 1), t = perm[k];
		perm[k] = perm[j];
		perm[j] = t;
	}
	int n = rnd(r, 4) == 0 ? rnd(r, nloc + 1) : nloc - rnd(r, 2);
	PcopyPair pc[16];
	/* half of the time the sources permute the destinations (cycles),
	 * some replaced by random locations (tails and trees) */
	bool permute = rnd(r, 2);
	int src[16];
	for (int k = 0; k < n; k++)
		src[k] = perm[k];
	for (int k = n - 1; k > 0; k--) {
		int j = rnd(r, k + 1), t = src[k];
		src[k] = src[j];
		src[j] = t;
	}
	for (int k = 0; k < n; k++) {
		int s = permute && rnd(r, 4) ? src[k] : rnd(r, nloc);
		pc[k] = P(locs[perm[k]], locs[s], cls);
	}
	RegSet free = 0;
	for (int k = nreg; k < 9; k++)
		if (rnd(r, 3) == 0)
			free |= RS_BIT(pool[k]);
	PcopyBorrow bw[] = {{pool[8], cls == RC_GPR ? 2 : 10}};
	bool borrow = !RS_HAS(free, pool[8]) && rnd(r, 2);
	if (nslot && !free && !borrow) {
		free = RS_BIT(pool[7]); /* slots need a register */
	}
	Fn *fn = holder();
	int nslot0 = fn->nslot;
	PcopyIn in = {.pair = pc, .npair = n, .free = free, .borrow = bw,
		      .nborrow = borrow, .no_swaps = no_swaps};
	PcopySeq seq;
	char err[200] = "", what[64];
	snprintf(what, sizeof what, "random %d (%s%s, %d slots)", iter,
		 cls == RC_GPR ? "gpr" : "sse", no_swaps ? " moves" : "",
		 nslot);
	bool ok = t_check(pcopy_sequentialize(fn, &in, &seq, err, sizeof err),
			  __FILE__, __LINE__, "%s: %s", what, err);
	if (ok)
		ok = simulate(fn, pc, n, free, nslot0, &seq, what) &&
		     cross_check(fn, pc, n, free, nslot0, &seq, what);
	if (ok && seen) {
		Opt o = optimum(pc, n);
		seen->cycles += o.cycles > 0;
		seen->tails += o.cycles > o.pure;
		if (cls == RC_GPR && !no_swaps) {
			ok &= t_check(seq.moves == o.pairs - o.oncycle &&
					      seq.swaps == o.oncycle - o.cycles,
				      __FILE__, __LINE__,
				      "%s: %d moves %d swaps, optimum %d + %d",
				      what, seq.moves, seq.swaps,
				      o.pairs - o.oncycle,
				      o.oncycle - o.cycles);
		} else {
			ok &= t_check(seq.moves == o.pairs + o.pure &&
					      seq.swaps == 0,
				      __FILE__, __LINE__,
				      "%s: %d moves, optimum %d", what,
				      seq.moves, o.pairs + o.pure);
		}
	}
	fn_free(fn);
	return ok;
}

/* Both classes and shared slots: each slot starts with a value of a
 * random class; a destination register takes a source of its class, a
 * destination slot a source of either. */
static bool random_mixed(Rng *r, int iter)
{
	static const int pool[] = {R_AX, R_DX, R_CX, R_BX, R_XMM0, R_XMM1,
				   R_XMM2, R_SI, R_XMM3};
	Loc locs[12];
	int lcls[12], nloc = 0;
	for (int k = 0; k < 7; k++) {
		locs[nloc] = R(pool[k]);
		lcls[nloc++] = k < 4 ? RC_GPR : RC_SSE;
	}
	for (int k = 0; k < 4; k++) {
		locs[nloc] = S(k);
		lcls[nloc++] = rnd(r, 2) ? RC_GPR : RC_SSE;
	}
	int perm[12];
	for (int k = 0; k < nloc; k++)
		perm[k] = k;
	for (int k = nloc - 1; k > 0; k--) {
		int j = rnd(r, k + 1), t = perm[k];
		perm[k] = perm[j];
		perm[j] = t;
	}
	int n = 1 + rnd(r, nloc);
	PcopyPair pc[12];
	for (int k = 0; k < n; k++) {
		Loc d = locs[perm[k]];
		int c = d.kind == LOC_REG ? lcls[perm[k]] : rnd(r, 2);
		int s;
		do
			s = rnd(r, nloc);
		while (lcls[s] != c);
		pc[k] = P(d, locs[s], c);
	}
	RegSet free = (rnd(r, 2) ? RS_BIT(R_SI) : 0) |
		      (rnd(r, 2) ? RS_BIT(R_XMM3) : 0);
	PcopyBorrow bw[] = {{R_SI, 2}, {R_XMM3, 10}};
	int nb = 0;
	PcopyBorrow use[2];
	for (int k = 0; k < 2; k++)
		if (!RS_HAS(free, bw[k].reg))
			use[nb++] = bw[k];
	Fn *fn = holder();
	int nslot0 = fn->nslot;
	PcopyIn in = {.pair = pc, .npair = n, .free = free, .borrow = use,
		      .nborrow = nb};
	PcopySeq seq;
	char err[200] = "", what[64];
	snprintf(what, sizeof what, "mixed %d", iter);
	bool ok = t_check(pcopy_sequentialize(fn, &in, &seq, err, sizeof err),
			  __FILE__, __LINE__, "%s: %s", what, err) &&
		  simulate(fn, pc, n, free, nslot0, &seq, what) &&
		  cross_check(fn, pc, n, free, nslot0, &seq, what);
	for (int k = 0; ok && k < seq.nins; k++) {
		/* registers hold values of their class only */
		const Ins *i = seq.ins[k];
		for (int o = 0; o < 2; o++) {
			Loc l = i->ops[o].loc;
			int c = fn->pseudo[i->ops[o].reg].cls;
			ok &= t_check(l.kind == LOC_SLOT ||
					      RS_HAS(fn->target->class_regs[c],
						     l.num),
				      __FILE__, __LINE__,
				      "%s: instruction %d: a %s value in %d",
				      what, k, fn->target->class_name[c],
				      l.num);
		}
	}
	fn_free(fn);
	return ok;
}

static void case_random_mixed(void)
{
	Rng r = {4242};
	for (int it = 0; it < 3000; it++)
		if (!random_mixed(&r, it))
			return;
}

static void case_random_registers(void)
{
	Rng r = {12345};
	Seen seen = {0, 0};
	for (int it = 0; it < 10000; it++) {
		int mode = it % 3;
		if (!random_one(&r, mode == 1 ? RC_SSE : RC_GPR, mode == 2, 0,
				&seen, it))
			return;
	}
	/* the generator does exercise cycles and tails */
	CHECK(seen.cycles > 3000);
	CHECK(seen.tails > 500);
}

/* Slots mixed in: correct, and never worse than two instructions per
 * pair plus four per cycle plus the borrow's two. */
static void case_random_slots(void)
{
	Rng r = {999};
	for (int it = 0; it < 3000; it++)
		if (!random_one(&r, it % 2 ? RC_SSE : RC_GPR, false,
				1 + rnd(&r, 4), NULL, it))
			return;
}

void suite_pcopy(void)
{
	t_case("pcopy: swap problem, general registers", case_swap_gpr);
	t_case("pcopy: swap problem, SSE with a free register", case_swap_sse);
	t_case("pcopy: swap problem, SSE through a scratch slot",
	       case_swap_sse_noreg);
	t_case("pcopy: three-cycle, general registers", case_cycle3_gpr);
	t_case("pcopy: three-cycle, SSE", case_cycle3_sse);
	t_case("pcopy: three-cycle, moves only", case_cycle3_noswaps);
	t_case("pcopy: fan-out", case_fanout);
	t_case("pcopy: chain", case_chain);
	t_case("pcopy: cycle with a tail", case_cycle_tail);
	t_case("pcopy: cycle with a tail, moves only", case_cycle_tail_sse);
	t_case("pcopy: identical pairs skipped", case_identity);
	t_case("pcopy: spill, reload, slot to slot", case_slots);
	t_case("pcopy: register-slot cycle", case_slot_cycle);
	t_case("pcopy: slot-slot cycle", case_slot_slot_cycle);
	t_case("pcopy: borrowing a register", case_borrow);
	t_case("pcopy: both classes", case_classes);
	t_case("pcopy: a cycle through both classes", case_classes_cycle);
	t_case("pcopy: malformed input", case_malformed);
	t_case("pcopy: 10,000 random copies, optimal counts",
	       case_random_registers);
	t_case("pcopy: 3,000 random copies with slots",
	       case_random_slots);
	t_case("pcopy: 3,000 random copies of both classes",
	       case_random_mixed);
}
