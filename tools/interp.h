/* interp.h - an IR interpreter: the behaviour oracle for the checker's
 * mutation testing and fuzzing (independent of verify/).
 *
 * It runs an original function on pseudo values, or an allocated one on a
 * machine state (hard registers and stack slots), and records the
 * observable trace: for every original instruction executed (identified
 * by its uid), the words its reading operands read, in operand order; at
 * `ret` the words it reads; and how the run stopped.  Two runs of one
 * program behave alike when their traces are equal.
 *
 * Semantics (both modes alike, so that a correct allocation reproduces the
 * original's trace exactly):
 * - Values are 64-bit words.  An original instruction computes def k as
 *   interp_def_value(uid, k, words read): an uninterpreted function, so a
 *   wrong input shows in the trace of every later reader.  An instruction
 *   flagged [remat] computes its value from its kind, name and constants
 *   only (not its uid), so that an inserted remat can recompute it.
 *   Constants read as their value; copies and pcopies copy.
 * - Clobbers (a call's ABI set, explicit clobbers, an inserted
 *   instruction's clobbers) write garbage: interp_garbage(salt, step, r).
 *   A call defines its results like any instruction (hash of its inputs).
 * - An early-clobber def that is not tied and does not read is written
 *   with garbage before the instruction reads its operands: a use sharing
 *   its location reads garbage, as on the machine.
 * - A branch chooses its successor by interp_choice of the seed, the
 *   words it read and the number of original instructions executed so
 *   far, modulo the number of successors (the count makes a loop whose
 *   condition does not change exit with probability 1/2 per trip instead
 *   of never; it is the same in two runs that behave alike).  A block
 *   that ends without a branch and has several successors chooses by the
 *   seed, that count and its label.  Diverging values change the path,
 *   and the path shows in the trace.
 * - Initial state: hard register r holds interp_init_reg(seed, r) (the
 *   same in every run with that seed); an unwritten pseudo (original) or
 *   slot (allocated) holds garbage from the salt, which the two runs being
 *   compared take different: a read of garbage is a difference whenever
 *   the garbage reaches the trace.
 * - Allocated mode: an original instruction reads each use from its
 *   operand's location (a hard-register operand from that register) and
 *   writes each def to its location; inserted move, spill, reload, copy,
 *   pcopy and swap move words between locations; a remat writes the value
 *   of the [remat] instruction of the same function that defines the
 *   pseudo it names (recomputed with the remat's constants when it lists
 *   any).  Phis still present copy their sources in parallel on entry.
 * - GCC's forms (docs/IR.md), for robustness only (GCC's allocation is not
 *   expected to reproduce the trace: its equalities to constants are not
 *   modelled): a constant location and a [$sym] operand read a word of
 *   the constant; a bare location reads and writes that location (its
 *   width in registers); an opaque instruction writes garbage to its defs
 *   and clobbers; a deleted instruction does not run.
 * - Subregs are not modelled: an operand reads or writes the whole
 *   register (or pseudo) as one word.  A value of n registers (16-byte
 *   general values) at r stores w in r and interp_part(w, k) in r+k; a
 *   read of it yields w only when the parts agree, else a mix of them.
 *   A slot holds one word whatever its size.
 * - A run stops at `ret`, at a block without successors, after `budget`
 *   original instructions, or after a cap on all steps (inserted
 *   instructions and blocks included); the trace ends with the reason.
 */
#ifndef SSARA_INTERP_H
#define SSARA_INTERP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir.h"

#define INTERP_BUDGET 20000 /* original instructions per run by default */

/* Why a run stopped (the last word of a trace). */
enum { IS_RET = 1, IS_END, IS_BUDGET, IS_CAP };

/* A trace: per original instruction executed a header word
 * interp_header(uid, nreads) followed by the nreads words read; then the
 * stop reason.  w is malloc'ed (trace_free). */
typedef struct Trace {
	uint64_t *w;
	size_t n, cap;
	int stop;   /* IS_* */
	long norig; /* original instructions executed */
	long steps; /* every instruction executed, inserted ones included */
} Trace;

/* One run.  ref: when not NULL, nothing is recorded; the run stops at the
 * first word that differs from ref and interp_run returns whether the
 * whole trace equals ref.  seen: when not NULL, seen[uid] is set for
 * every original instruction executed with uid < nseen. */
typedef struct InterpRun {
	uint64_t seed;    /* initial registers and branch choices */
	uint64_t salt;    /* garbage; differs between the runs compared */
	long budget;      /* original instructions; 0 = INTERP_BUDGET */
	const Trace *ref;
	uint8_t *seen;
	int nseen;
	bool distinct;    /* original copies yield a hash of their uid and
			   * the word copied, [remat] definitions include
			   * their uid: a copy is then a different word from
			   * its source (to tell a wrong location that held
			   * an equal word under another name) */
} InterpRun;

typedef struct Interp Interp;

/* Prepares fn (original, or allocated when fn->allocated) for runs; fn
 * must outlive the result and not change while it is used. */
Interp *interp_new(const Fn *fn);
void interp_free(Interp *in);

/* Runs the function once.  With r->ref == NULL, fills *out (initialize it
 * to zeros; free with trace_free) and returns true.  With r->ref, out may
 * be NULL; returns true iff the trace equals *r->ref. */
bool interp_run(Interp *in, const InterpRun *r, Trace *out);

void trace_free(Trace *t);

/* Index of the first word where a and b differ, or -1 when equal. */
long trace_diff(const Trace *a, const Trace *b);

/* The semantic functions, exported so that tests can compute expected
 * traces by hand. */
uint64_t interp_header(int uid, int nreads);
uint64_t interp_init_reg(uint64_t seed, int r);
uint64_t interp_def_value(int uid, int k, const uint64_t *reads, int n);
uint64_t interp_garbage(uint64_t salt, long step, int r);
/* A branch read reads[0..n-1] after norig original instructions (itself
 * included) takes successor interp_choice(...) % nsucc; a block without a
 * branch uses its label as the one word read. */
uint64_t interp_choice(uint64_t seed, const uint64_t *reads, int n,
		       long norig);
uint64_t interp_part(uint64_t w, int k);

#endif
