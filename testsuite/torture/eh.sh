#!/bin/sh
# eh.sh - the plugin on GCC's C++ exception tests: the run tests of
# gcc/testsuite/g++.dg/eh (`dg-do run`), each built and linked with g++
# and the plugin checking both allocations, then run.
#
#   eh.sh [--opts "-O2"] [--plugin PATH] [--out DIR]
#
# Extracts g++.dg/eh from /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz into
# OUT/src once.  The files' own dg-options are not used: every file is
# built with OPTS (default -O2), -w, and -fplugin-arg-ssara-verify=both
# with the records in OUT/records.json.  Prints the functions (captured
# or not), the verdicts on GCC's allocation and on ssara's, and how many
# tests built and ran correctly (exit 0 within 20 s) with the plugin;
# OUT/run.txt has one line per test.  A test that fails here fails
# without the plugin too unless the plugin changed its code (see
# `make check`'s identical-objects test); compare with a plain build to
# be sure.  PLUGIN_ARGS (environment) adds plugin arguments: with
# -fplugin-arg-ssara-substitute the tests run ssara's code, the counts
# of functions substituted and kept are printed, and "allocation by gcc"
# is the check of the emitted code.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
OUT=$SRCDIR/build/eh
PLUGIN=$SRCDIR/build/ssara.so
opts=-O2
while [ $# -gt 0 ]; do
	case $1 in
	--opts) opts=$2; shift;;
	--plugin) PLUGIN=$2; shift;;
	--out) OUT=$2; shift;;
	*) echo "eh.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
[ -f "$PLUGIN" ] || { echo "eh.sh: no plugin at $PLUGIN (make build/ssara.so)" >&2; exit 2; }
G=gcc-12.2.0
E=$G/gcc/testsuite/g++.dg/eh
if [ ! -f "$OUT/src/.extracted" ]; then
	[ -f "$TARBALL" ] || { echo "eh.sh: no $TARBALL (make deps installs gcc-12-source)" >&2; exit 2; }
	rm -rf "$OUT/src" && mkdir -p "$OUT/src" &&
		tar xJf "$TARBALL" -C "$OUT/src" "$E" &&
		touch "$OUT/src/.extracted" || exit 2
fi
rm -rf "$OUT/bin" "$OUT/records.json" "$OUT/run.txt"
mkdir -p "$OUT/bin"
: >"$OUT/records.json"
: >"$OUT/run.txt"
for f in $(grep -l "dg-do run" "$OUT/src/$E"/*.C | LC_ALL=C sort); do
	n=$(basename "$f" .C)
	# shellcheck disable=SC2086
	if g++ $opts -w "$f" -fplugin="$PLUGIN" \
		-fplugin-arg-ssara-verify=both ${PLUGIN_ARGS:-} \
		-fplugin-arg-ssara-json="$OUT/records.json" \
		-o "$OUT/bin/$n" >"$OUT/bin/$n.log" 2>&1; then
		if timeout 20 "$OUT/bin/$n" >/dev/null 2>&1; then
			echo "$n run-ok" >>"$OUT/run.txt"
		else
			echo "$n run-fail" >>"$OUT/run.txt"
		fi
	else
		echo "$n build-fail" >>"$OUT/run.txt"
	fi
done
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
for k in run-ok run-fail build-fail; do
	printf "tests %s: %d\n" "$k" "$(grep -c " $k\$" "$OUT/run.txt")"
done
