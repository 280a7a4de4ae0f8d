#!/bin/sh
# Writes the seed corpus of fuzz_verify.c: for every NAME.orig.ir of
# testsuite/ir/verify/ (and of its gcc/ and clobber/, the file name then
# prefixed "gcc." or "clobber."), one file per allocation NAME.VARIANT.ir
# holding the original, a line "%%", and the allocation.
# usage: sh testsuite/fuzz/mkcorpus_verify.sh [SRCDIR [OUTDIR]]
src=${1:-.}
out=${2:-$src/testsuite/fuzz/corpus_verify}
mkdir -p "$out"
for sub in "" gcc/ clobber/; do
	dir="$src"/testsuite/ir/verify/$sub
	prefix=$(echo "$sub" | tr / .)
	for orig in "$dir"*.orig.ir; do
		[ -e "$orig" ] || continue
		name=$(basename "$orig" .orig.ir)
		for alloc in "$dir$name".*.ir; do
			[ "$alloc" = "$orig" ] && continue
			variant=$(basename "$alloc" .ir)
			{ cat "$orig"; echo '%%'; cat "$alloc"; } \
				> "$out/$prefix$variant"
		done
	done
done
