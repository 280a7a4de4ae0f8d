/* alloc.c - the allocator's driver (see alloc.h, docs/ALLOC.md): the
 * pipeline on one function as a flat list of steps, each timed and its
 * statistics recorded around it by one helper (step); the retries with
 * hard-register webs made values (hardweb.h).  The sub-passes live in
 * the files each step names. */
#include "alloc.h"

#include <time.h>

#include "allocstats.h"
#include "coalesce.h"
#include "colour.h"
#include "constraints.h"
#include "ehedge.h"
#include "err.h"
#include "hardweb.h"
#include "philift.h"
#include "locations.h"
#include "memonly.h"
#include "spill_everywhere.h"
#include "twice.h"
#include "regset.h"
#include "remat.h"
#include "spill.h"
#include "ssa.h"
#include "ssadestr.h"
#include "widemove.h"
#include "x87.h"

#include <stdio.h>
#include <stdlib.h>

/* The phases AllocStats times (t_ssa ... t_destruct), in pipeline order,
 * and the steps no phase times. */
enum Phase {
	PH_SSA,
	PH_SPILL,
	PH_CONSTR,
	PH_COLOUR,
	PH_COALESCE,
	PH_DESTRUCT,
	PH_UNTIMED,
	NPHASE
};

/* The pipeline's state on one function: its input, what a step hands on
 * to later ones, and the time spent in each phase so far. */
typedef struct Pipe {
	Fn *fn;              /* a copy of the original; becomes the result */
	const AllocOpts *o;
	const RegSet *avail; /* alloc_regset's sets, of the original */
	char *err;
	size_t errlen;
	X87Marks xm;         /* x87 copies made memory only, to restore */
	Ssa ssa;
	bool memonly;        /* fn has memory-only operands */
	ConstrParts parts;
	ConstrWords words;
	ConstrStats cs;
	Live *lv;            /* fn's liveness when a step left it known
				(ssa_construct -> constr_prepare without
				memory-only operands; constr_prepare ->
				alloc_fits -> spill_fn, or -> constr_split
				when nothing spilled; constr_split ->
				colour_fn) */
	const Live *clv;     /* the same from colour_fn to ssa_destruct
				(coalescing changes only registers, locate
				nothing, drop_memphis phis of slots only,
				widemove_lower within blocks unless it
				splits) */
	const Cfg *cfg;      /* fn's Cfg and dominator tree (or NULL) when a
				step left them known, from lower_pressure
				to colour_fn: nothing between changes an
				edge */
	const DomTree *dom;
	const Cfg *scfg;     /* the Cfg of the liveness ssa_construct
				handed on, and its dominator tree (or
				NULL): fn's still when lower_pressure finds
				it is the Cfg of the liveness it has (no
				step between changes an edge); then handed
				on, or to the spiller */
	const DomTree *sdom;
	SpillResult res;     /* the spiller's, when it ran */
	bool spilled;        /* the spiller ran */
	Colour col;
	CoalesceStats co;
	Loc *loc;            /* every pseudo's location */
	SsaDestrStats ds;
	double t[NPHASE];    /* seconds per phase */
} Pipe;

/* A step: runs one sub-pass on p; true on success, else false with the
 * reason in p->err. */
typedef bool StepRun(Pipe *p);

/* Records what a step that succeeded tells the statistics. */
typedef void StepNote(const Pipe *p, AllocStats *st);

/* One entry of the pipeline. */
typedef struct Step {
	int phase;       /* the phase its time counts in */
	StepRun *run;
	StepNote *note;  /* NULL: nothing to record */
} Step;

/* Seconds on the monotonic clock. */
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the steps, in pipeline order ---- */

/* Each step below runs the sub-pass it names on p->fn with what earlier
 * steps left in p; the pipeline table says what each requires and
 * establishes.  A note records a step's statistics when it succeeded. */

/* x87_copies_via_memory (x87.h) into p->xm. */
static bool x87_copies_memside(Pipe *p)
{
	return x87_copies_via_memory(p->fn, &p->xm, p->err, p->errlen);
}

/* ssa_construct (ssa.h) into p->ssa, the SSA form's liveness in
 * p->lv. */
static bool construct_ssa(Pipe *p)
{
	bool ok = ssa_construct_dom(p->fn, &p->ssa, &p->lv, &p->sdom, p->err,
				    p->errlen);
	p->scfg = p->lv ? p->lv->cfg : NULL;
	return ok;
}

/* The phis SSA construction inserted. */
static void note_ssa(const Pipe *p, AllocStats *st)
{
	st->nphi = p->ssa.nphi;
}

/* memonly_mark_uses (memonly.h) when fn has memory-only operands
 * (p->memonly); their uses are no register uses any more, so p->lv is
 * dropped. */
static bool mark_memonly(Pipe *p)
{
	p->memonly = memonly_has(p->fn);
	if (p->memonly) {
		memonly_mark_uses(p->fn);
		p->lv = NULL;
	}
	return true;
}

/* Keeps p->lv fn's liveness after a step that inserted instructions
 * whose new pseudos live within one block, next to the instruction
 * whose operands they replace (live_add_pseudos). */
static void lv_add_pseudos(Pipe *p)
{
	if (p->lv)
		live_add_pseudos(p->lv, p->fn->npseudo);
}

/* constr_partial (constraints.h) into p->parts: each merge right
 * before its partial def. */
static bool split_parts(Pipe *p)
{
	constr_partial(p->fn, &p->ssa, &p->parts);
	lv_add_pseudos(p);
	return true;
}

/* constr_cross_words (constraints.h): each copy right before the
 * instruction reading it. */
static bool copy_cross_words(Pipe *p)
{
	constr_cross_words(p->fn, &p->ssa);
	lv_add_pseudos(p);
	return true;
}

/* constr_words (constraints.h) into p->words: each extract right after
 * its instruction. */
static bool split_words(Pipe *p)
{
	constr_words(p->fn, &p->ssa, &p->words);
	lv_add_pseudos(p);
	return true;
}

/* constr_prepare (constraints.h), its counts into p->cs; p->lv, fn's
 * liveness or NULL, becomes fn's liveness afterwards. */
static bool prepare_constraints(Pipe *p)
{
	return constr_prepare_live(p->fn, &p->ssa, &p->cs, &p->lv, p->err,
				   p->errlen);
}

/* Lowers register pressure to |avail[c]| per class (spill.h) when the
 * function has memory-only operands or does not fit as it is
 * (regset.h), with the [remat] marks the checker would refuse hidden
 * (remat.h); p->res holds the slot of every value kept in memory. */
static bool lower_pressure(Pipe *p)
{
	char why[200];
	int maxlive[RC_NALLOC] = {0};
	Live *lv = p->lv; /* fn's liveness, or NULL */
	p->lv = NULL;
	/* why the function does not fit is not reported: the spiller runs */
	if (!p->memonly &&
	    alloc_fits_live(p->fn, &lv, p->avail, maxlive, NULL, 0)) {
		p->lv = lv; /* fn stays as it is */
		p->cfg = lv->cfg;
		if (p->sdom && lv->cfg == p->scfg)
			p->dom = p->sdom;
		return true;
	}
	SpillOpts so;
	for (int c = 0; c < RC_NALLOC; c++)
		so.regs[c] = p->avail[c];
	/* remat_hide changes no operand: lv stays fn's liveness */
	Ins **hidden = remat_hide(p->fn, &p->ssa);
	/* SSA construction's dominator tree is fn's when lv still has its
	 * Cfg */
	const DomTree *dom = lv && p->sdom && lv->cfg == p->scfg ? p->sdom
								 : NULL;
	bool ok = spill_fn_live(p->fn, lv, dom, &so, &p->res, why, sizeof why);
	remat_restore(hidden);
	if (!ok)
		return err_set(p->err, p->errlen, "spilling: %s", why);
	p->spilled = true;
	p->cfg = p->res.cfg;
	p->dom = p->res.dom;
	return true;
}

/* Whether the spiller ran. */
static void note_spill(const Pipe *p, AllocStats *st)
{
	if (p->spilled)
		st->spilled = true;
}

/* Records the spiller's new pseudos as versions of the originals they
 * carry, for the renaming after SSA destruction. */
static bool adopt_versions(Fn *fn, Ssa *ssa, const SpillResult *res,
			   char *err, size_t errlen)
{
	int n = fn->npseudo;
	if (n > ssa->origin_cap) {
		ssa->origin = arena_grow(fn->arena, ssa->origin,
					 sizeof(int) * (size_t)ssa->origin_cap,
					 sizeof(int) * (size_t)n);
		ssa->origin_cap = n;
	}
	for (int p = ssa->norigin; p < n; p++) {
		int c = p < res->npseudo ? res->copy_of[p] : -1;
		if (fn->pseudo[p].cls < 0) {
			ssa->origin[p] = -1;
			continue;
		}
		if (c < 0 || c >= ssa->norigin || ssa->origin[c] < 0)
			return err_set(err, errlen,
				       "spilling: p%d carries no "
				       "known value",
				       p);
		ssa->origin[p] = ssa->origin[c];
	}
	ssa->norigin = n;
	return true;
}

/* The step of adopt_versions (nothing to do when the spiller did not
 * run). */
static bool adopt_spilled_versions(Pipe *p)
{
	return !p->spilled ||
	       adopt_versions(p->fn, &p->ssa, &p->res, p->err, p->errlen);
}

/* constr_split (constraints.h), its counts added to p->cs; the
 * liveness of its result in p->lv. */
static bool split_constrained(Pipe *p)
{
	const Live *lv = p->lv;
	p->lv = NULL;
	return constr_split_dom(p->fn, &p->ssa, p->avail, p->cfg, &p->dom, lv,
				&p->lv, &p->cs, p->err, p->errlen);
}

/* phi_lift (philift.h) when asked for (AllocOpts.phi_lift). */
static bool lift_phis(Pipe *p)
{
	if (p->o->phi_lift) {
		phi_lift(p->fn, &p->ssa);
		p->cfg = NULL; /* not told */
		p->dom = NULL;
		p->lv = NULL;
	}
	return true;
}

/* The copies of constr_prepare and constr_split. */
static void note_split(const Pipe *p, AllocStats *st)
{
	st->prep_copies = p->cs.ncopy;
	st->perms = p->cs.nperm;
	st->perm_values = p->cs.npairs;
	st->recon_phis = p->cs.nphi;
}

/* colour_fn_cfg (colour.h) into p->col, with fn's Cfg, dominator tree
 * and liveness when known; its liveness kept in p->clv. */
static bool colour_values(Pipe *p)
{
	const Live *lv = p->lv;
	p->lv = NULL;
	bool ok = colour_fn_cfg(p->fn, p->avail, p->o->bias, p->cfg, p->dom,
				lv, &p->col, p->err, p->errlen);
	p->clv = p->col.lv;
	return ok;
}

/* The pressure colouring met. */
static void note_colour(const Pipe *p, AllocStats *st)
{
	for (int c = 0; c < RC_NALLOC; c++)
		st->maxlive[c] = p->col.maxlive[c];
}

/* coalesce (coalesce.h) on p->col, or with o->no_coalesce only the
 * affinity colouring satisfied, into p->co; o->probe around it. */
static bool coalesce_values(Pipe *p)
{
	if (p->o->probe) {
		p->o->probe(p->fn, &p->col, false, p->o->probe_arg);
		p->clv = NULL; /* the probe may change fn */
	}
	if (p->o->no_coalesce)
		p->co.aff_before = p->co.aff_after =
			colour_aff_satisfied(&p->col, &p->co.aff_total);
	else
		coalesce(p->fn, &p->col, &p->co);
	if (p->o->probe)
		p->o->probe(p->fn, &p->col, true, p->o->probe_arg);
	return true;
}

/* The affinity weight, satisfied before and after coalescing. */
static void note_coalescing(const Pipe *p, AllocStats *st)
{
	st->aff_total = p->co.aff_total;
	st->aff_colour = p->co.aff_before;
	st->aff_final = p->co.aff_after;
	st->recoloured = p->co.nrecolour;
}

/* colour_valid (colour.h): an invalid colouring is an internal error,
 * reported. */
static bool check_colouring(Pipe *p)
{
	char why[200];
	if (!colour_valid(p->fn, &p->col, why, sizeof why))
		return err_set(p->err, p->errlen,
			       "internal: invalid colouring: %s", why);
	return true;
}

/* locations (locations.h) into p->loc, with the spiller's slots. */
static bool locate(Pipe *p)
{
	p->loc = locations(p->fn, &p->col, p->spilled ? p->res.slot_of : NULL);
	return true;
}

/* drop_memory_phis (locations.h). */
static bool drop_memphis(Pipe *p)
{
	drop_memory_phis(p->fn);
	return true;
}

/* widemove_lower (widemove.h). */
static bool lower_wide_moves(Pipe *p)
{
	bool split;
	bool ok = widemove_lower_split(p->fn, &p->ssa, p->loc, &split, p->err,
				       p->errlen);
	if (split)
		p->clv = NULL;
	return ok;
}

/* ssa_destruct_within (ssadestr.h), temporaries within p->avail. */
static bool destruct_ssa(Pipe *p)
{
	const Live *lv = p->clv;
	p->clv = NULL;
	return ssa_destruct_live(p->fn, &p->ssa, p->loc, p->avail, lv, &p->ds,
				 p->err, p->errlen);
}

/* The edges SSA destruction split. */
static void note_destruct(const Pipe *p, AllocStats *st)
{
	st->split_edges = p->ds.nsplit;
}

/* constr_partial_finish (constraints.h) on p->parts. */
static bool finish_parts(Pipe *p)
{
	return constr_partial_finish(&p->parts, p->err, p->errlen);
}

/* constr_words_finish (constraints.h) on p->words. */
static bool finish_words(Pipe *p)
{
	return constr_words_finish(&p->words, p->err, p->errlen);
}

/* drop_null_moves (locations.h). */
static bool drop_nullmoves(Pipe *p)
{
	drop_null_moves(p->fn);
	return true;
}

/* drop_redundant_moves (locations.h). */
static bool drop_redundant(Pipe *p)
{
	drop_redundant_moves(p->fn);
	return true;
}

/* x87_moves_via_memory (x87.h). */
static bool x87_moves_memory(Pipe *p)
{
	return x87_moves_via_memory(p->fn, p->err, p->errlen);
}

/* x87_copies_restore (x87.h) on p->xm. */
static bool restore_x87_copies(Pipe *p)
{
	x87_copies_restore(&p->xm);
	return true;
}

/* The phases' times and the counts of the allocated function (the
 * pipeline has succeeded). */
static void note_result(const Pipe *p, AllocStats *st)
{
	st->t_ssa = p->t[PH_SSA];
	st->t_spill = p->t[PH_SPILL];
	st->t_constr = p->t[PH_CONSTR];
	st->t_colour = p->t[PH_COLOUR];
	st->t_coalesce = p->t[PH_COALESCE];
	st->t_destruct = p->t[PH_DESTRUCT];
	alloc_count(p->fn, st);
}

/* The pipeline, in order; before each step, what it requires -> what
 * it establishes (or breaks). */
static const Step pipeline[] = {
	/* a copy of the original -> x87<->other copies: one side in memory */
	{PH_SSA, x87_copies_memside, NULL},
	/* -> SSA form: one def per pseudo, phis, origins (ssa.h) */
	{PH_SSA, construct_ssa, note_ssa},
	/* SSA -> memory-only uses read slots, are no register uses */
	{PH_SSA, mark_memonly, NULL},
	/* SSA -> partial defs read one merged, tied value (p->parts) */
	{PH_SSA, split_parts, NULL},
	/* SSA -> other-class words tied to a def read a general copy */
	{PH_SSA, copy_cross_words, NULL},
	/* SSA -> ties through a second word are ties of whole values */
	{PH_SSA, split_words, NULL},
	/* SSA -> ties and conflicting fixed uses get copies; still SSA */
	{PH_SSA, prepare_constraints, NULL},
	/* prepared SSA -> pressure within avail everywhere; still SSA */
	{PH_SPILL, lower_pressure, note_spill},
	/* spilled -> the spiller's new pseudos have origins */
	{PH_SPILL, adopt_spilled_versions, NULL},
	/* -> parallel copies before constrained insns; SSA rebuilt */
	{PH_CONSTR, split_constrained, note_split},
	/* split SSA -> with phi_lift, phis' operands and values copied */
	{PH_CONSTR, lift_phis, NULL},
	/* split SSA within avail -> a register per value (p->col) */
	{PH_COLOUR, colour_values, note_colour},
	/* coloured -> recoloured for affinities (p->co) */
	{PH_COALESCE, coalesce_values, note_coalescing},
	/* coloured -> the colouring checked valid */
	{PH_COALESCE, check_colouring, NULL},
	/* coloured -> every pseudo's location (p->loc) */
	{PH_DESTRUCT, locate, NULL},
	/* located -> no memory phis (all in one slot, they move nothing) */
	{PH_DESTRUCT, drop_memphis, NULL},
	/* located -> inserted pcopies move single registers of one class */
	{PH_DESTRUCT, lower_wide_moves, NULL},
	/* -> no SSA: phis are copies on edges, operands located */
	{PH_DESTRUCT, destruct_ssa, note_destruct},
	/* allocated -> the merges of partial defs are their moves */
	{PH_DESTRUCT, finish_parts, NULL},
	/* allocated -> second-word ties as in the original, extracts moves */
	{PH_DESTRUCT, finish_words, NULL},
	/* allocated -> no move whose two sides are in one place */
	{PH_DESTRUCT, drop_nullmoves, NULL},
	/* allocated -> no move into a register holding its value already */
	{PH_DESTRUCT, drop_redundant, NULL},
	/* allocated -> no register move between x87 and other classes */
	{PH_DESTRUCT, x87_moves_memory, NULL},
	/* allocated -> the x87 copies' operands as in the original */
	{PH_UNTIMED, restore_x87_copies, note_result},
};

/* Whether every liveness p holds for fn (p->lv, p->clv) equals
 * live_compute's; otherwise false with the difference, before step k,
 * in p->err.  Each comparison and difference counted in c
 * (AllocOpts.check_live). */
static bool check_handed_live(Pipe *p, size_t k, AllocLiveCheck *c)
{
	const Live *held[2] = {p->lv, p->clv};
	const Live *lv = NULL; /* fn's, computed once when one is held */
	for (int h = 0; h < 2; h++) {
		if (!held[h])
			continue;
		if (!lv)
			lv = live_compute(p->fn, cfg_build(p->fn));
		char why[200];
		c->checks++;
		if (live_same(p->fn, held[h], lv, why, sizeof why))
			continue;
		if (c->diffs++ == 0)
			snprintf(c->first, sizeof c->first,
				 "%s: before pipeline step %zu: %s",
				 p->fn->name, k, why);
		return err_set(p->err, p->errlen,
			       "internal: before pipeline step %zu, the "
			       "liveness handed on is not live_compute's: %s",
			       k, why);
	}
	return true;
}

/* Runs s, step k of the pipeline, on p (with o->check_live, after
 * check_handed_live); on success its note records into st. */
static bool step(Pipe *p, size_t k, AllocStats *st)
{
	const Step *s = &pipeline[k];
	if (p->o->check_live && !check_handed_live(p, k, p->o->check_live))
		return false;
	bool ok = s->run(p);
	if (ok && s->note)
		s->note(p, st);
	return ok;
}

/* The pipeline on fn, a copy of the original; the result is fn.  st
 * holds alloc_regset's sets; the statistics of the steps that succeeded
 * are recorded in it (the times only when all did). */
static bool run(Fn *fn, const AllocOpts *o, AllocStats *st, char *err,
		size_t errlen)
{
	Pipe p = {.fn = fn, .o = o, .avail = st->regs, .err = err,
		  .errlen = errlen};
	EhWide w;
	if (!eh_widen(fn, &w, err, errlen))
		return false;
	/* each phase's steps are consecutive: the clock is read where the
	 * phase changes (the steps' notes count in their phase) */
	int ph = pipeline[0].phase;
	double t0 = now();
	for (size_t k = 0; k < sizeof pipeline / sizeof *pipeline; k++) {
		if (pipeline[k].phase != ph) {
			double t = now();
			p.t[ph] += t - t0;
			t0 = t;
			ph = pipeline[k].phase;
		}
		if (!step(&p, k, st))
			return false;
	}
	eh_unwiden(fn, &w);
	return true;
}

/* The pipeline on a copy of orig whose eligible hard-register webs are
 * constrained values (hardweb.h), the original hard-register operands
 * restored in the result.  NULL when orig has no such web (nothing in
 * err) or on failure (the reason in err).  st holds the register sets;
 * it is filled only on success. */
static Fn *alloc_hardwebs(const Fn *orig, const AllocOpts *o, AllocStats *st,
			  char *err, size_t errlen, bool entry)
{
	Fn *fn = fn_copy(orig);
	HardWebs hw;
	if (!(entry ? hardweb_convert_entry(fn, st->regs, &hw)
		    : hardweb_convert(fn, st->regs, &hw))) {
		fn_free(fn);
		return NULL;
	}
	AllocStats again = *st;
	if (!run(fn, o, &again, err, errlen) ||
	    !hardweb_restore(fn, &hw, err, errlen)) {
		fn_free(fn);
		return NULL;
	}
	*st = again;
	st->hardwebs = hw.nweb;
	return fn;
}

/* A function that calls setjmp: a longjmp back restores the registers
 * the call saw, so every value the code after the call reads must be in
 * memory, its latest definition stored, wherever a longjmp may leave
 * from (docs/ALLOC.md "Calls that return twice").  The baseline meets
 * that for every pseudo: each has one slot, stored after each
 * definition and reloaded before each use. */
static Fn *alloc_everywhere(const Fn *orig, AllocStats *st, char *err,
			    size_t errlen)
{
	char why[256];
	Fn *fn = spill_everywhere(orig, why, sizeof why);
	if (!fn) {
		err_set(err, errlen, "a call returns twice, and the "
				     "everywhere-spill allocation fails: %s",
			why);
		return NULL;
	}
	st->everywhere = true;
	alloc_count(fn, st);
	return fn;
}

/* A function that calls setjmp, allocated as GCC does: the values live
 * after such a call in memory (twice.h), the rest by the pipeline; when
 * that fails, the baseline (alloc_everywhere).  st holds the register
 * sets. */
static Fn *alloc_twice(const Fn *orig, const AllocOpts *o, AllocStats *st,
		       char *err, size_t errlen)
{
	AllocStats first = *st;
	char why[512];
	Fn *fn = fn_copy(orig);
	TwiceMem tm;
	if (twice_to_memory(fn, &tm, why, sizeof why) &&
	    run(fn, o, st, why, sizeof why) &&
	    twice_finish(fn, &tm, why, sizeof why)) {
		alloc_count(fn, st);
		st->twice_values = tm.nvalues;
		return fn;
	}
	fn_free(fn);
	*st = first;
	return alloc_everywhere(orig, st, err, errlen);
}

/* A pristine copy of the function ssa_alloc allocates: of src renamed
 * by m, or of src itself (m NULL). */
static Fn *pristine(const Fn *src, const PseudoMap *m)
{
	return m ? fn_copy_dense(src, m) : fn_copy(src);
}

/* ssa_alloc on fn, a private copy of the function made by pristine(src,
 * m), which it consumes: the pipeline runs on fn itself (the paths that
 * need the function untouched copy it first, the retries after a
 * failure make another pristine copy).  The result is in fn's
 * numbering. */
static Fn *alloc_dense(Fn *fn, const Fn *src, const PseudoMap *m,
		       const AllocOpts *o, AllocStats *st, char *err,
		       size_t errlen)
{
	AllocOpts dflt = {0};
	AllocStats local;
	if (!o)
		o = &dflt;
	if (!st)
		st = &local;
	*st = (AllocStats){0};
	const Fn *orig = fn; /* untouched until the pipeline runs on it */
	if (orig->unsupported) {
		err_set(err, errlen, "unsupported: %s", orig->unsupported);
		fn_free(fn);
		return NULL;
	}
	if (orig->allocated) {
		err_set(err, errlen, "already allocated");
		fn_free(fn);
		return NULL;
	}
	if (!memonly_supported(orig, err, errlen) ||
	    !x87_phis_copy(orig, err, errlen)) {
		fn_free(fn);
		return NULL;
	}
	st->nins = count_ins(orig);
	alloc_regsets(orig, o->nregs, st->regs);
	for (int c = 0; c < RC_NALLOC; c++)
		st->k[c] = regset_count(st->regs[c]);
	/* the register sets before run's partial statistics; alloc_hardwebs
	 * writes it only on success */
	Fn *a;
	if (twice_has(orig)) {
		a = alloc_twice(orig, o, st, err, errlen);
		fn_free(fn);
		return a;
	}
	AllocStats first = *st;
	char err2[512];
	if (o->hardweb == HARDWEB_ALWAYS &&
	    (a = alloc_hardwebs(orig, o, st, err2, sizeof err2, false))) {
		fn_free(fn);
		return a;
	}
	if (run(fn, o, st, err, errlen))
		return fn;
	fn_free(fn);
	if (o->hardweb != HARDWEB_RETRY)
		return NULL;
	/* The retries' own failures are not reported: the first reason is.
	 * The second retry takes the incoming arguments' webs too. */
	Fn *again = pristine(src, m);
	a = NULL;
	for (int entry = 0; !a && entry < 2; entry++)
		if ((a = alloc_hardwebs(again, o, &first, err2, sizeof err2,
					entry)))
			*st = first;
	fn_free(again);
	return a;
}

Fn *ssa_alloc(const Fn *orig, const AllocOpts *o, AllocStats *st, char *err,
	      size_t errlen)
{
	/* GCC's pseudo numbers start after its hard registers, and some
	 * are unused: allocate a densely renamed copy, so that the tables
	 * of every step go by the pseudos the function has (the renaming
	 * keeps their order: the same allocation, renamed back) */
	PseudoMap m = pmap_build(orig, NULL);
	if (m.nnew == orig->npseudo) {
		pmap_free(&m);
		return alloc_dense(fn_copy(orig), orig, NULL, o, st, err,
				   errlen);
	}
	Fn *a = alloc_dense(fn_copy_dense(orig, &m), orig, &m, o, st, err,
			    errlen);
	if (a) {
		fn_to_old(a, &m);
	} else if (err && errlen) {
		char *t = pmap_text(&m, err);
		snprintf(err, errlen, "%s", t);
		free(t);
	}
	pmap_free(&m);
	return a;
}
