/* selfalloc.cc - ssara's own allocation inside the compiler
 * (-fplugin-arg-ssara-verify=ssara|both).
 *
 * Runs the SSA-based allocator (core/alloc.h) on a copy of the capture
 * with every allocatable register (or as many as regs= says), then the
 * checker (verify/verify.h) on the result.  Nothing here touches RTL:
 * the allocation is only measured and checked, GCC's own allocation is
 * what the compiler emits.
 */
#include <cstring>

#include "plugin.h"

extern "C" {
#include "verify/verify.h"
}

/* Whether fn has a value of class x87 (a long double pseudo). */
static bool has_x87_pseudo(const Fn *fn)
{
	for (int p = 0; p < fn->npseudo; p++)
		if (fn->pseudo[p].cls == RC_X87)
			return true;
	return false;
}

void selfalloc_run(Capture *cap)
{
	AllocOpts o;
	memset(&o, 0, sizeof o);
	o.nregs[RC_GPR] = opts.regs_gpr;
	o.nregs[RC_SSE] = opts.regs_sse;
	memset(&cap->ssara.st, 0, sizeof cap->ssara.st);
	char err[256] = "";
	double t0 = seconds_now();
	Fn *a = ssa_alloc(cap->fn, &o, &cap->ssara.st, err, sizeof err);
	cap->ssara.seconds = seconds_now() - t0;
	cap->ssara.done = true;
	if (!a) {
		cap->ssara.error = err[0] ? err : "refused";
		return;
	}
	/* Never substituted (see the head of this file); for x87 values it
	 * could not be as it is: reg-stack wants no x87 value live across
	 * an abnormal or EH edge, which the allocator does not enforce
	 * (docs/ALLOC.md, "Substituting"). */
	if (opts.verbose && has_x87_pseudo(cap->fn))
		fprintf(stderr,
			"ssara: %s: x87 values: GCC's allocation is kept, "
			"ssara's is only checked (reg-stack needs no x87 value "
			"live across an abnormal or EH edge, which ssara does "
			"not enforce)\n",
			cap->name.c_str());
	VerifyResult res;
	t0 = seconds_now();
	verify_fn(cap->fn, a, &res);
	cap->check_ssara.seconds = seconds_now() - t0;
	check_fill(&res, &cap->check_ssara);
	verify_result_free(&res);
	fn_free(a);
}
