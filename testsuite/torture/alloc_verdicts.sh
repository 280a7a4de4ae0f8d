#!/bin/sh
# usage: alloc_verdicts.sh SSARA DUMPDIR OUTDIR [ssara alloc options]
# Allocates every IR dump (one function per file, as the plugin's dump=
# option writes them) under DUMPDIR with `ssara alloc --verify OPTIONS`,
# ALLOC_JOBS (default 2) jobs at a time, and counts the verdicts.  GCC's allocations the
# plugin dumps beside them (*.gcc.ir) are not inputs.
set -eu
ssara=$1; dump=$2; out=$3; shift 3
rm -rf "$out"; mkdir -p "$out"
find "$dump" -name '*.ir' ! -name '*.gcc.ir' | sort > "$out/list"
split -l 150 -d -a 3 "$out/list" "$out/batch."
ls "$out"/batch.* | xargs -P "${ALLOC_JOBS:-2}" -I{} sh -c "xargs -a {} $ssara alloc --verify $* > {}.out 2>/dev/null || true"
cat "$out"/*.out > "$out/all"
n=$(wc -l < "$out/list")
v=$(grep -cE '^# [^ ]+: verified$' "$out/all" || true)
x=$(grep -cE '^# [^ ]+: violation' "$out/all" || true)
r=$(grep -cE '^# [^ ]+: not allocated' "$out/all" || true)
s=$(grep -cE '^# [^ ]+: unsupported' "$out/all" || true)
echo "functions $n: unsupported $s, verified $v, violation $x, not allocated $r"
