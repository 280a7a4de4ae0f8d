#!/bin/sh
# gcc_verdicts.sh - the checker's verdicts on GCC's own allocation over a
# subset of GCC's torture suite (docs/POSTRA.md).
#
#   gcc_verdicts.sh [--subset N] [--levels "-O0 -O2 -Os"] [--out DIR]
#
# Needs build/ssara.so and the torture sources extracted by
# testsuite/torture/run.sh (build/torture/src).  Compiles the first N
# files of execute/ (sorted) with the plugin at each level, appends the
# records to OUT/gcc-LEVEL.json and prints per level: functions,
# verified / violation / unverified, and the unverified reasons ranked
# (uid numbers and offsets replaced by N).  Exit 0 unless setup fails.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
PLUGIN=${SSARA_PLUGIN:-$SRCDIR/build/ssara.so}
EXEC=${SSARA_TORTURE_SRC:-$SRCDIR/build/torture/src}/gcc-12.2.0/gcc/testsuite/gcc.c-torture/execute
subset=200
levels="-O0 -O2 -Os"
OUT=$SRCDIR/build/gcc-verdicts
while [ $# -gt 0 ]; do
	case $1 in
	--subset) subset=$2; shift;;
	--levels) levels=$2; shift;;
	--out) OUT=$2; shift;;
	*) echo "gcc_verdicts.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
[ -f "$PLUGIN" ] || { echo "no $PLUGIN" >&2; exit 2; }
[ -d "$EXEC" ] || { echo "no $EXEC (run testsuite/torture/run.sh once)" >&2; exit 2; }
mkdir -p "$OUT"
ls "$EXEC"/*.c | sort | head -n "$subset" > "$OUT/files"
for lv in $levels; do
	j=$OUT/gcc$lv.json
	rm -f "$j"
	while read -r f; do
		timeout 60 gcc $lv -w -c "$f" -o "$OUT/x.o" -fplugin="$PLUGIN" \
			-fplugin-arg-ssara-json="$j" >/dev/null 2>&1
	done < "$OUT/files"
	echo "== $lv: $(wc -l < "$OUT/files") files"
	jq -r 'select(.status=="captured") | .verify.gcc |
		if .verdict=="unverified" then "unverified: " + .reason
		else .verdict end' "$j" |
		sed -E 's/[0-9]+/N/g' | sort | uniq -c | sort -rn
	jq -r 'select(.status!="captured") | "not captured"' "$j" | sort | uniq -c
done
