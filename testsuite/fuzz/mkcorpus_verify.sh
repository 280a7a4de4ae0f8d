#!/bin/sh
# Writes the seed corpus of fuzz_verify.c: for every NAME.orig.ir of
# testsuite/ir/verify/, one file per allocation NAME.VARIANT.ir holding
# the original, a line "%%", and the allocation.
# usage: sh testsuite/fuzz/mkcorpus_verify.sh [SRCDIR [OUTDIR]]
src=${1:-.}
out=${2:-$src/testsuite/fuzz/corpus_verify}
mkdir -p "$out"
for orig in "$src"/testsuite/ir/verify/*.orig.ir; do
	name=$(basename "$orig" .orig.ir)
	for alloc in "$src"/testsuite/ir/verify/"$name".*.ir; do
		[ "$alloc" = "$orig" ] && continue
		variant=$(basename "$alloc" .ir)
		{ cat "$orig"; echo '%%'; cat "$alloc"; } > "$out/$variant"
	done
done
