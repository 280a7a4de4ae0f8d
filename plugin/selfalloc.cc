/* selfalloc.cc - ssara's own allocation inside the compiler
 * (-fplugin-arg-ssara-verify=ssara|both).
 *
 * Runs the SSA-based allocator (core/alloc.h) on a copy of the capture
 * with every allocatable register (or as many as regs= says), then the
 * checker (verify/verify.h) on the result.  Nothing here touches RTL:
 * the allocation is measured and checked; with substitute, a verified
 * one goes on to subst.cc, which writes it into the RTL.
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

Fn *selfalloc_run(Capture *cap, bool keep)
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
		return nullptr;
	}
	/* x87 values are never substituted: reg-stack wants no x87 value
	 * live across an abnormal or EH edge, which the allocator does not
	 * enforce (docs/SUBST.md). */
	if (opts.verbose && !opts.substitute && has_x87_pseudo(cap->fn))
		fprintf(stderr,
			"ssara: %s: x87 values: GCC's allocation is kept, "
			"ssara's is only checked (reg-stack needs no x87 value "
			"live across an abnormal or EH edge, which ssara does "
			"not enforce)\n",
			cap->name.c_str());
	VerifyResult res;
	t0 = seconds_now();
	verify_fn_in(checker_ctx(), cap->fn, a, &res);
	cap->check_ssara.seconds = seconds_now() - t0;
	check_fill(&res, &cap->check_ssara);
	bool verified = res.verdict == VERDICT_VERIFIED;
	verify_result_free(&res);
	if (keep && verified)
		return a;
	fn_free(a);
	return nullptr;
}
