#!/bin/sh
# verdicts.sh - every verdict ssara gives on a directory of IR dumps, one
# line each, in a stable order: the comparison behind "behaviour
# unchanged" (run it with the old and the new build, then diff -r).
#
#   verdicts.sh SSARA DUMPDIR OUTDIR
#
# DUMPDIR is what dump_ir.sh writes (F.ir captured, F.gcc.ir GCC's
# allocation).  OUTDIR gets:
#   verify   `ssara verify F.ir F.gcc.ir`: the replayed check of GCC's
#            allocation
#   alloc    `ssara alloc --verify F.ir`: ssara's allocation, checked
#   alloc4   the same with --regs 4
#   notes    the compiler's own notes and warnings (dump_ir.sh --notes),
#            when DUMPDIR has them
# VERDICT_JOBS (default 2) files at a time.
set -eu
ssara=$(realpath "$1"); dump=$2; out=$(realpath -m "$3")
rm -rf "$out"; mkdir -p "$out"
# Paths relative to DUMPDIR, so that two dump directories compare.
(cd "$dump" && find . -name '*.ir' ! -name '*.gcc.ir' | sed 's|^\./||' |
	LC_ALL=C sort) > "$out/list"
export ssara
(cd "$dump" && xargs -a "$out/list" -P "${VERDICT_JOBS:-2}" -n 50 sh -c '
	for n in "$@"; do
		g=${n%.ir}.gcc.ir
		[ -f "$g" ] && "$ssara" verify "$n" "$g" 2>&1 | sed "s|^|$n [verify] |"
		"$ssara" alloc --verify "$n" 2>&1 | grep "^#" | sed "s|^|$n [alloc] |"
		"$ssara" alloc --verify --regs 4 "$n" 2>&1 | grep "^#" | sed "s|^|$n [alloc4] |"
	done' sh) > "$out/raw"
for k in verify alloc alloc4; do
	grep -F " [$k] " "$out/raw" | LC_ALL=C sort > "$out/$k" || true
done
rm -f "$out/raw"
find "$dump" -name '*.notes' | LC_ALL=C sort | while read -r f; do
	sed "s|^|${f#"$dump"/}: |" "$f"
done > "$out/notes"
wc -l "$out/verify" "$out/alloc" "$out/alloc4" "$out/notes"
