#!/bin/sh
# usage: alloc_spills.sh SSARA DUMPDIR OUTDIR [ssara alloc options]
# Allocates every IR dump under DUMPDIR with `ssara alloc --verify --stats
# OPTIONS` (ALLOC_JOBS, default 2, jobs at a time) and sums, over the functions that are
# verified and that the spill-everywhere baseline also allocates, the
# spill code of both: counts, then the same weighted by block frequency
# (a frequency of 0 counts as 1).  One line per kind.
set -eu
ssara=$1; dump=$2; out=$3; shift 3
rm -rf "$out"; mkdir -p "$out"
find "$dump" -name '*.ir' ! -name '*.gcc.ir' | sort > "$out/list"
split -l 150 -d -a 3 "$out/list" "$out/batch."
ls "$out"/batch.* | xargs -P "${ALLOC_JOBS:-2}" -I{} sh -c "xargs -a {} $ssara alloc --verify --stats $* > {}.out 2>/dev/null || true"
cat "$out"/*.out | grep '^# ' > "$out/all"
awk '
# "# FN: spills S reloads R remats M moves V swaps W copies C; weighted by frequency s r m v w c"
$3 == "spills" && $5 == "reloads" {
	fn = $2; n[fn] = $4 " " $6 " " $8 " " $10 " " $12 " " $14
	w[fn] = $18 " " $19 " " $20 " " $21 " " $22 " " $23
}
$3 == "baseline" && $5 == "spills" {
	b[$2] = $6 " " $8; v = $11; gsub(/[()]/, "", v); bw[$2] = $10 " " v
}
$3 == "verified" { ok[$2] = 1 }
$3 == "verified" || $3 == "violation" || $3 == "not" { done_fn($2) }
function done_fn(fn,   a, c, k) {
	if (ok[fn] && (fn in n) && (fn in b)) {
		nf++
		split(n[fn], a, " "); for (k = 1; k <= 6; k++) S[k] += a[k]
		split(w[fn], a, " "); for (k = 1; k <= 6; k++) W[k] += a[k]
		split(b[fn], a, " "); B[1] += a[1]; B[2] += a[2]
		split(bw[fn], a, " "); BW[1] += a[1]; BW[2] += a[2]
	}
	delete n[fn]; delete w[fn]; delete b[fn]; delete bw[fn]; delete ok[fn]
}
END {
	printf "functions %d\n", nf
	printf "ssara: spills %d reloads %d remats %d moves %d swaps %d copies %d\n", S[1], S[2], S[3], S[4], S[5], S[6]
	printf "ssara weighted: spills %.0f reloads %.0f remats %.0f moves %.0f swaps %.0f copies %.0f\n", W[1], W[2], W[3], W[4], W[5], W[6]
	printf "baseline: spills %d reloads %d\n", B[1], B[2]
	printf "baseline weighted: spills %.0f reloads %.0f\n", BW[1], BW[2]
}' "$out/all"
