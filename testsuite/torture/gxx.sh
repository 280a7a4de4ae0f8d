#!/bin/sh
# gxx.sh - the plugin on GCC's C++ tests: g++.dg/eh's run tests
# (`dg-do run`, the default suite) or every test of g++.dg/torture
# (its subdirectory included), each built with g++ and the plugin
# checking both allocations, and plainly; the run tests run.
#
#   gxx.sh [--suite eh|torture] [--opts "-O2"] [--plugin PATH] [--out DIR]
#          [--replay] [--part K/N]
#
# Extracts the suite from /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz into
# OUT/src once (OUT default build/SUITE).  The files' own dg-options are
# not used: every file is built with OPTS (default -O2), -w, and
# -fplugin-arg-ssara-verify=both with the records in OUT/records.json,
# then again without the plugin.  A run test (`dg-do run`) is linked and
# run (exit 0 within 20 s: ok); any other test is compiled (-c).
# Prints the functions (captured or not), the verdicts on GCC's
# allocation and on ssara's, and the tests by outcome, "plugin build /
# plain build": run tests ok, fail (ran, exit not 0 or out of time),
# no build; other tests built or not.  "same" counts the tests whose two
# builds had one outcome.  OUT/run.txt has one line per test: name,
# kind (run or compile), the plugin build's outcome, the plain build's.
# OUT/json/NAME.json are the records of one test.  With --replay the
# plugin also dumps each function (OUT/dump/NAME/) and `ssara verify`
# (SSARA_BIN, default build/ssara) checks each dumped allocation of GCC
# again: the functions whose replayed verdict (verified, unverified,
# violation) is the compiler's, and those where it is not, listed in
# OUT/replay.txt with both verdicts; a function the translation gave up
# on (unverified) has no dumped allocation to replay.  PLUGIN_ARGS
# (environment) adds plugin arguments: with
# -fplugin-arg-ssara-substitute the tests run ssara's code, the counts
# of functions substituted and kept are printed, and "allocation by gcc"
# is the check of the emitted code.  --part K/N: only the K-th of N
# interleaved parts of the tests (name order), for a run split in pieces
# (each into its own OUT; the parts' counts add up to the whole).
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
OUT=
PLUGIN=$SRCDIR/build/ssara.so
opts=-O2
suite=eh
replay=0
part=1/1
SSARA_BIN=${SSARA_BIN:-$SRCDIR/build/ssara}
. "$SRCDIR/testsuite/torture/replay.sh"
while [ $# -gt 0 ]; do
	case $1 in
	--suite) suite=$2; shift;;
	--opts) opts=$2; shift;;
	--plugin) PLUGIN=$2; shift;;
	--out) OUT=$2; shift;;
	--replay) replay=1;;
	--part) part=$2; shift;;
	*) echo "gxx.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
case $suite in
eh|torture) ;;
*) echo "gxx.sh: unknown suite '$suite' (eh or torture)" >&2; exit 2;;
esac
[ -n "$OUT" ] || OUT=$SRCDIR/build/$suite
pk=${part%/*} pn=${part#*/}
case $part in
*[!0-9/]*|/*|*/|*/*/*) echo "gxx.sh: --part wants K/N, not '$part'" >&2; exit 2;;
*/*) ;;
*) echo "gxx.sh: --part wants K/N, not '$part'" >&2; exit 2;;
esac
[ "$pk" -ge 1 ] && [ "$pk" -le "$pn" ] || { echo "gxx.sh: --part $part: K must be 1..N" >&2; exit 2; }
[ -f "$PLUGIN" ] || { echo "gxx.sh: no plugin at $PLUGIN (make build/ssara.so)" >&2; exit 2; }
G=gcc-12.2.0
E=$G/gcc/testsuite/g++.dg/$suite
if [ ! -f "$OUT/src/.extracted" ]; then
	[ -f "$TARBALL" ] || { echo "gxx.sh: no $TARBALL (make deps installs gcc-12-source)" >&2; exit 2; }
	rm -rf "$OUT/src" && mkdir -p "$OUT/src" &&
		tar xJf "$TARBALL" -C "$OUT/src" "$E" &&
		touch "$OUT/src/.extracted" || exit 2
fi
[ $replay = 0 ] || [ -x "$SSARA_BIN" ] || { echo "gxx.sh: no $SSARA_BIN (make build/ssara)" >&2; exit 2; }
rm -rf "$OUT/bin" "$OUT/json" "$OUT/dump" "$OUT/records.json" "$OUT/run.txt" "$OUT/replay.txt"
mkdir -p "$OUT/bin" "$OUT/json"
: >"$OUT/run.txt"

# outcome KIND EXE: run tests: ok or fail (exit not 0, or past 20 s);
# compile tests: built
outcome() {
	if [ "$1" = compile ]; then echo built
	elif timeout 20 "$2" >/dev/null 2>&1; then echo ok
	else echo fail
	fi
}

if [ "$suite" = eh ]; then
	files=$(grep -l "dg-do run" "$OUT/src/$E"/*.C | LC_ALL=C sort)
else
	files=$(find "$OUT/src/$E" -name '*.C' | LC_ALL=C sort)
fi
files=$(echo "$files" | awk -v k="$pk" -v n="$pn" '(NR - k) % n == 0')
for f in $files; do
	# a name per file: its path below the suite, / as _
	n=$(echo "${f#"$OUT/src/$E/"}" | sed 's|/|_|g; s|\.C$||')
	if grep -q "dg-do run" "$f"; then kind=run; link=; else kind=compile; link=-c; fi
	dump=
	if [ $replay = 1 ]; then
		mkdir -p "$OUT/dump/$n"
		dump=-fplugin-arg-ssara-dump=$OUT/dump/$n
	fi
	# shellcheck disable=SC2086
	if timeout 300 g++ $opts -w $link "$f" -fplugin="$PLUGIN" \
		-fplugin-arg-ssara-verify=both ${PLUGIN_ARGS:-} $dump \
		-fplugin-arg-ssara-json="$OUT/json/$n.json" \
		-o "$OUT/bin/$n" >"$OUT/bin/$n.log" 2>&1; then
		p=$(outcome $kind "$OUT/bin/$n")
	else
		p=nobuild
	fi
	# shellcheck disable=SC2086
	if timeout 300 g++ $opts -w $link "$f" -o "$OUT/bin/$n.plain" \
		>/dev/null 2>&1; then
		q=$(outcome $kind "$OUT/bin/$n.plain")
	else
		q=nobuild
	fi
	rm -f "$OUT/bin/$n" "$OUT/bin/$n.plain"
	echo "$n $kind $p $q" >>"$OUT/run.txt"
done
cat "$OUT/json"/*.json >"$OUT/records.json" 2>/dev/null
# one record per function: "status", "verify":{"gcc":{"verdict":...},
# "ssara":{"verdict":...} or null} (docs/RECORDS.md)
awk '
{
	n++
	if ($0 !~ /"status":"captured"/) { other++; next }
	cap++
	g = $0; sub(/.*"verify":\{"gcc":\{"verdict":"/, "", g); sub(/".*/, "", g)
	if ($0 !~ /"verify":\{"gcc":\{"verdict":/) g = "none"
	s = $0
	if (s ~ /"ssara":\{"verdict":"/) { sub(/.*"ssara":\{"verdict":"/, "", s); sub(/".*/, "", s) }
	else s = "none (refused or not run)"
	gv[g]++; sv[s]++
	if ($0 ~ /"substituted":true/) sub_yes++
	if ($0 ~ /"substituted":false/) sub_no++
}
END {
	printf "functions %d: captured %d, unsupported %d\n", n, cap, other
	if (sub_yes + sub_no > 0)
		printf "  substituted %d, kept %d\n", sub_yes, sub_no
	for (k in gv) printf "  allocation by gcc, %s: %d\n", k, gv[k]
	for (k in sv) printf "  allocation by ssara, %s: %d\n", k, sv[k]
}' "$OUT/records.json" | { IFS= read -r head; echo "$head"; LC_ALL=C sort; }
awk '
{ t[$2 " " $3 " / " $4]++; if ($3 == $4) same[$2]++; else diff[$2]++ }
END {
	for (k in t) printf "tests %s: %d\n", k, t[k]
	for (k in same) printf "tests %s, same outcome: %d\n", k, same[k]
	for (k in diff) printf "tests %s, different outcomes: %d\n", k, diff[k]
}' "$OUT/run.txt" | LC_ALL=C sort
[ $replay = 1 ] || exit 0
# replay: each dumped allocation (F.gcc.ir beside its capture F.ir) by
# `ssara verify`, its verdict against the record of the function it
# names; a function with a verdict but no dumped allocation (the
# translation gave up: unverified) has nothing to replay; nor has a test
# that did not compile (no records: the functions dumped before the
# error have no compiler's verdict)
: >"$OUT/replay.txt"
for d in "$OUT/dump"/*; do
	[ -d "$d" ] || continue
	n=$(basename "$d")
	[ -f "$OUT/json/$n.json" ] || continue
	replay_verdicts "$d" "$OUT/json/$n.json" | while IFS= read -r r; do
		case $r in
		same*) echo same ;;
		*) echo "differ $n ${r#differ }" >>"$OUT/replay.txt"; echo differ ;;
		esac
	done
done | sort | uniq -c | awk '{ printf "replay, %s verdict: %d\n", $2 == "same" ? "same" : "different", $1 }'
grep -h '"status":"captured"' "$OUT/json"/*.json 2>/dev/null | grep -c '"verify":{"gcc":{"verdict":' |
	awk '{ printf "replay, functions with a verdict: %d\n", $1 }'
