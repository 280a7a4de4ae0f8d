/* fuzz_verify.c - libFuzzer target for the allocation checker.
 *
 * The input is two IR texts separated by the first "%%" (ORIG, then
 * ALLOC).  When both parse, verify_fn runs on every pair of functions of
 * the same name (and verify_print renders the result): it must neither
 * crash, nor hang, nor leak, whatever the two functions are.  Inputs
 * without the separator, or where either text does not parse, are
 * uninteresting (the parser has its own target, fuzz_parse.c).
 *
 *   make build/fuzz_verify
 *   ./build/fuzz_verify -timeout=10 -max_len=16384 CORPUS \
 *       testsuite/fuzz/corpus_verify
 *
 * The seed corpus is every testsuite/ir/verify/NAME.orig.ir joined with
 * each of its allocations (testsuite/fuzz/mkcorpus_verify.sh).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irtext.h"
#include "verify.h"

/* Position of the first "%%" in data, or size when there is none. */
static size_t separator(const uint8_t *data, size_t size)
{
	for (size_t i = 0; i + 1 < size; i++)
		if (data[i] == '%' && data[i + 1] == '%')
			return i;
	return size;
}

/* Checks every function of alloc against the one of the same name in
 * orig, printing the results into a throw-away stream. */
static void verify_pairs(const IrFile *orig, const IrFile *alloc)
{
	FILE *sink = fopen("/dev/null", "w");
	for (int i = 0; i < alloc->nfn; i++)
		for (int j = 0; j < orig->nfn; j++) {
			if (strcmp(alloc->fn[i]->name, orig->fn[j]->name))
				continue;
			VerifyResult r;
			verify_fn(orig->fn[j], alloc->fn[i], &r);
			if (sink)
				verify_print(sink, "<alloc>", alloc->fn[i]->name,
					     &r);
			verify_result_free(&r);
		}
	if (sink)
		fclose(sink);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t sep = separator(data, size);
	if (sep == size)
		return 0;
	const Target *t = target_x86_64();
	IrFile o, a;
	IrError err;
	if (!ir_parse("<orig>", (const char *)data, sep, t, &o, &err))
		return 0;
	if (!ir_parse("<alloc>", (const char *)data + sep + 2, size - sep - 2,
		      t, &a, &err)) {
		irfile_free(&o);
		return 0;
	}
	verify_pairs(&o, &a);
	irfile_free(&o);
	irfile_free(&a);
	return 0;
}
