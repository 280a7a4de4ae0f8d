/* nextuse.h - global next-use distances (Braun and Hack 2009).
 *
 * Time is counted in instructions.  In a block B the non-phi instructions
 * are numbered 0 .. len(B)-1; a read by instruction t happens at time t;
 * the end of B is time len(B), where the phi sources of B's successors
 * coming from B are read.  Phis take no time.
 *
 * For a value v live at B's entry (v in live_in(B)):
 *   in(B, v)  = t of the first non-phi instruction of B reading v, if any,
 *               else len(B) + out(B, v);
 * for a value v live at B's end (v in live_out(B)):
 *   out(B, v) = min over the edges B -> S of
 *                 0                           if v is a phi source of S
 *                                             on that edge,
 *                 in(S, v) + exit(B, S)       if v is in live_in(S),
 * where exit(B, S) is NU_LOOP_EXIT when the edge leaves a natural loop
 * (B is in a loop that does not contain S): a use after a loop is
 * farther than any use inside it; else NU_RARE_EDGE when S is less than
 * a quarter as frequent as B (freq(S) * 4 < freq(B)): a use only on an
 * unlikely path is far; else 0.  Sums saturate below NU_INF; NU_INF
 * means "never used again".  The distances are the least fixed point of
 * these equations over the reachable blocks (the CFG's cycles make them
 * recursive); values that are not live have no distance.
 *
 * Cost: O(sum over reachable blocks of |live_out| x successors) per sweep
 * over the blocks in post-order; the number of sweeps is about the loop
 * nesting depth plus two.  Memory: one distance per live-set member.
 */
#ifndef SSARA_NEXTUSE_H
#define SSARA_NEXTUSE_H

#include <stdint.h>

#include "cfg.h"
#include "ir.h"
#include "liveness.h"
#include "loops.h"

typedef uint32_t NuDist;

#define NU_INF ((NuDist)0xffffffffu)
#define NU_LOOP_EXIT ((NuDist)1 << 20)
#define NU_RARE_EDGE ((NuDist)1 << 12)

/* The delay of read operand k of instruction i of fn: 0 for a read that
 * needs its value in a register, more for one that may do without (it
 * counts as a read that much later). */
typedef NuDist (*NuReadDelay)(const Fn *fn, const Ins *i, int k);

typedef struct NextUse {
	const Live *lv;
	NuReadDelay delay; /* or NULL: every read at its time */
	int nblk;
	int *len;     /* per block: number of non-phi instructions */
	int *nops;    /* per reachable block: nu_block_nops */
	NuDist **in;  /* per block: parallel to lv->in[b] */
	NuDist **out; /* per block: parallel to lv->out[b] */
	NuDist **rdelay; /* with delay, per reachable block: the delay of
			  * each read operand of its non-phi instructions
			  * (counted as nuscan_block's nxt) */
	int sweeps;   /* sweeps the fixed point took (statistics) */
} NextUse;

/* a + b, saturating: NU_INF if either is NU_INF, else at most
 * NU_INF - 1. */
static inline NuDist nu_add(NuDist a, NuDist b)
{
	if (a == NU_INF || b == NU_INF)
		return NU_INF;
	NuDist s = a + b;
	if (s < a || s >= NU_INF)
		return NU_INF - 1;
	return s;
}

/* Requires lv = live_compute(fn, cfg) and lp = loops_find(fn, cfg, dom),
 * both for fn's current instructions and edges.  Computes the distances of
 * the reachable blocks (unreachable blocks get NU_INF everywhere), storage
 * in a. */
NextUse *nextuse_compute(const Fn *fn, const Cfg *cfg, const Live *lv,
			 const Loops *lp, Arena *a);

/* nextuse_compute with each read at its time plus delay(fn, i, k) (the
 * least over a block's reads of a value counts, for in(B, v) as for the
 * scans of nuscan_block). */
NextUse *nextuse_compute_delayed(const Fn *fn, const Cfg *cfg,
				 const Live *lv, const Loops *lp, Arena *a,
				 NuReadDelay delay);

/* in(b, v), resp. out(b, v); NU_INF when v is not live there.  Binary
 * search. */
NuDist nextuse_in(const NextUse *nu, int b, int v);
NuDist nextuse_out(const NextUse *nu, int b, int v);

/* A scan of one block, backwards, giving each operand the time of the
 * next read of its value after its instruction. */
typedef struct NuScan {
	int nval;
	NuDist *cur; /* per value, valid where stamp[v] == blk */
	int *stamp;
	int blk;
	/* Registers an instruction clobbers that a later instruction reads
	 * without setting them first (the read gets what the clobber left):
	 * live after the clobber like a definition.  One entry per such
	 * register, by decreasing instruction time. */
	int nclob, capclob;
	int *clob_t;      /* the clobbering instruction's time */
	int *clob_v;      /* the register's value number */
	NuDist *clob_next; /* the time of the read */
	Arena *a;
} NuScan;

/* An empty scanner for fn's values, storage in a. */
void nuscan_init(NuScan *s, const Fn *fn, Arena *a);

/* Requires nu valid for fn.  Scans block b: for the k-th operand of b's
 * non-phi instructions (counted in order over the whole block), nxt[k] =
 * the time of the first read of that operand's value by a later
 * instruction of b (the instruction's own reads do not count), or
 * len(b) + out(b, v) if there is none and v is live at b's end, else
 * NU_INF (with nu's delay: the least over the later reads of their time
 * plus delay).  A definition or clobber of v ends the search: what follows it
 * reads another value.  Afterwards nuscan_time(s, v) is the time of v's
 * first read in b (or len + out) as seen from b's entry, for the values
 * live after b's phis (live-ins and phi definitions). */
void nuscan_block(const Fn *fn, const NextUse *nu, int b, NuScan *s,
		  NuDist *nxt);

/* After nuscan_block: the time from the block's entry (NU_INF if v is not
 * read before being redefined and not live out).  The clob_* arrays list
 * the clobbered registers read again (see NuScan). */
static inline NuDist nuscan_time(const NuScan *s, int v)
{
	return v >= 0 && s->stamp[v] == s->blk ? s->cur[v] : NU_INF;
}

/* Number of operands of b's non-phi instructions (the size nxt needs). */
int nu_block_nops(const Blk *b);

#endif
