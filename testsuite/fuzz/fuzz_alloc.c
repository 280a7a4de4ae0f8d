/* fuzz_alloc.c - libFuzzer target for the allocator, checked.
 *
 * The input is IR text.  When it parses, every function is allocated by
 * ssa_alloc with all registers and with 4 general registers, and each
 * allocation is checked by verify_fn against the function it came from.
 * The allocator may refuse a function (the reason is its answer); it
 * must neither crash, nor hang, nor leak, and an allocation it returns
 * must never be a violation: that is a bug in the allocator or a false
 * alarm of the checker, and the target aborts so that libFuzzer keeps
 * the input.
 *
 *   make build/fuzz_alloc
 *   ./build/fuzz_alloc -timeout=10 -max_len=16384 CORPUS testsuite/ir/alloc
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "alloc.h"
#include "irtext.h"
#include "verify.h"

/* Allocates fn with opts and checks the result; aborts on a violation. */
static void alloc_checked(const Fn *fn, const AllocOpts *opts)
{
	char err[512];
	Fn *a = ssa_alloc(fn, opts, NULL, err, sizeof err);
	if (!a)
		return;
	VerifyResult r;
	verify_fn(fn, a, &r);
	if (r.verdict == VERDICT_VIOLATION) {
		verify_print(stderr, "<alloc>", fn->name, &r);
		abort();
	}
	verify_result_free(&r);
	fn_free(a);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const Target *t = target_x86_64();
	IrFile f;
	IrError err;
	if (!ir_parse("<input>", (const char *)data, size, t, &f, &err))
		return 0;
	AllocOpts all = {0};
	AllocOpts four = {0};
	four.nregs[RC_GPR] = 4;
	for (int i = 0; i < f.nfn; i++) {
		alloc_checked(f.fn[i], &all);
		alloc_checked(f.fn[i], &four);
	}
	irfile_free(&f);
	return 0;
}
