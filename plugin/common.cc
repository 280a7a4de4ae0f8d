/* common.cc - what the parts of the plugin share without calling each
 * other: the options (filled by main.cc from the arguments), the clock
 * that times the passes and checks, the checker's reusable tables and
 * the copy of a checker result into a Check (selfalloc.cc and postra/
 * check an allocation each).
 */
#include <time.h>

#include "plugin.h"

extern "C" {
#include "verify/verify.h"
}

Options opts;

double seconds_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

VerifyCtx *checker_ctx(void)
{
	static VerifyCtx *ctx;
	if (!ctx)
		ctx = verify_ctx_new();
	return ctx;
}

void check_fill(const VerifyResult *res, Check *c)
{
	switch (res->verdict) {
	case VERDICT_VERIFIED:
		c->verdict = "verified";
		break;
	case VERDICT_VIOLATION:
		c->verdict = "violation";
		break;
	default:
		c->verdict = "unverified";
		c->reason = res->reason ? res->reason : "";
		break;
	}
	c->violations = res->nviol;
	for (int i = 0; i < res->nviol; i++) {
		c->texts.push_back(res->viol[i].text);
		c->locs.push_back(0);
	}
}
