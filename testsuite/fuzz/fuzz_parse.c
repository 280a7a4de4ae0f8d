/* fuzz_parse.c - libFuzzer target for the IR text parser.
 *
 * Any bytes: the parser must either reject them cleanly or accept them;
 * accepted input must print, re-parse to an equal IR and print again to
 * the same text (docs/IR.md: print and parse round-trip exactly).  A
 * broken round trip calls abort() so that libFuzzer records the input.
 *
 *   make build/fuzz_parse
 *   ./build/fuzz_parse testsuite/fuzz/corpus_parse
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "irtext.h"

/* All functions of f, printed back to back as a file would hold them. */
static char *print_file(const IrFile *f, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);
	if (!m)
		abort();
	for (int i = 0; i < f->nfn; i++)
		ir_print(m, f->fn[i]);
	if (fclose(m) != 0)
		abort();
	return buf;
}

/* Stops the run, showing what went wrong with which text. */
static void die(const char *what, const char *detail, const char *text)
{
	fprintf(stderr, "fuzz_parse: %s: %s\n--- printed text:\n%s", what,
		detail, text);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const Target *t = target_x86_64();
	IrFile a, b;
	IrError err;
	if (!ir_parse("<fuzz>", (const char *)data, size, t, &a, &err))
		return 0;
	size_t len1, len2;
	char *text1 = print_file(&a, &len1);
	if (!ir_parse("<printed>", text1, len1, t, &b, &err))
		die("printed text does not parse", err.msg, text1);
	if (a.nfn != b.nfn)
		die("function count differs", "", text1);
	char why[256];
	for (int i = 0; i < a.nfn; i++)
		if (!fn_equal(a.fn[i], b.fn[i], why, sizeof why))
			die("re-parsed function differs", why, text1);
	char *text2 = print_file(&b, &len2);
	if (len1 != len2 || memcmp(text1, text2, len1) != 0)
		die("second print differs", text2, text1);
	free(text1);
	free(text2);
	irfile_free(&a);
	irfile_free(&b);
	return 0;
}
