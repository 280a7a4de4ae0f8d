#!/bin/sh
# isa.sh - GCC's C torture execute suite built for an ISA with the plugin
# checking both allocations, run, and compared with plain GCC.
#
#   isa.sh [--march "x86-64-v3 native"] [--levels "-O2 -Os"] [--jobs N]
#          [--subset N] [--every K] [--out DIR] [--plugin SO]
#
# For each -march and level and each gcc.c-torture/execute/*.c (the first
# N with --subset, every K-th in name order with --every), compiles it
# twice, plainly and with the plugin
# (-fplugin-arg-ssara-verify=both, records in json=), runs each binary
# (10 s limit) and records pass (exit 0), fail or nobuild.  Prints per
# -march and level one line: files; functions (records), captured,
# unsupported; GCC's allocation verified, unverified, violations (with
# the share verified of the captured); ssara's allocation verified, not
# verified, not allocated; runs passing plainly and with the plugin, and
# the files whose outcome differs (the plugin must not change the code).
# Then the unsupported and unverified reasons, ranked, and every
# violation (exit 1 on a violation or a differing outcome).
# -march=native on a CPU without AVX-512F says so (the CPU's own ISA is
# what native then means).  Needs gcc-12-source (make deps).
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
OUT=$SRCDIR/build/isa
PLUGIN=$SRCDIR/build/ssara.so
CC=${CC:-gcc}
marches="x86-64-v3 native"
levels="-O2 -Os"
subset=0
every=1
jobs=2

# outcome DIR BIN: pass, fail (exit status not 0, or 10 s) or nobuild.
outcome() {
	[ -x "$1/$2" ] || { echo nobuild; return; }
	(cd "$1" && timeout 10 "./$2" >/dev/null 2>&1) && echo pass || echo fail
}

# one MARCH LEVEL FILE: both builds and runs; prints "NAME PLAIN PLUGIN".
one() {
	ma=$1 lv=$2 f=$3
	b=$(basename "$f" .c)
	d=$OUT/run-$ma$lv/$b
	mkdir -p "$d"
	$CC -march="$ma" $lv -w -fno-diagnostics-color "$f" -o "$d/plain" -lm \
		>"$d/plain.log" 2>&1
	# no -w here: it would silence the plugin's "is wrong" warnings
	$CC -march="$ma" $lv -fno-diagnostics-color -fplugin="$PLUGIN" \
		-fplugin-arg-ssara-verify=both -fplugin-arg-ssara-verbose \
		-fplugin-arg-ssara-json="$d/records.json" \
		"$f" -o "$d/ssara" -lm >"$d/ssara.log" 2>&1
	echo "$b $(outcome "$d" plain) $(outcome "$d" ssara)"
}

if [ "${1:-}" = --one ]; then
	OUT=$ISA_OUT PLUGIN=$ISA_PLUGIN
	one "$2" "$3" "$4"
	exit 0
fi
while [ $# -gt 0 ]; do
	case $1 in
	--march) marches=$2; shift;;
	--levels) levels=$2; shift;;
	--subset) subset=$2; shift;;
	--every) every=$2; shift;;
	--jobs) jobs=$2; shift;;
	--out) OUT=$2; shift;;
	--plugin) PLUGIN=$2; shift;;
	*) echo "isa.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
. "$SRCDIR/testsuite/torture/sources.sh"
[ -f "$PLUGIN" ] || { echo "isa.sh: no plugin $PLUGIN (make build/ssara.so)" >&2; exit 2; }
gcc_sources "$OUT/src" isa.sh
EXE=$OUT/src/$G/gcc/testsuite/gcc.c-torture/execute
ls "$EXE"/*.c | LC_ALL=C sort | awk -v k="$every" '(NR - 1) % k == 0' \
	>"$OUT/files.all"
if [ "$subset" -gt 0 ]; then
	head -n "$subset" "$OUT/files.all" >"$OUT/files"
else
	cp "$OUT/files.all" "$OUT/files"
fi
total=$(wc -l <"$OUT/files")

# What -march=native means here: GCC's own expansion, and whether the
# CPU has AVX-512F.
native=$($CC -march=native -Q --help=target 2>/dev/null |
	awk '$1 == "-march=" { print $2; exit }')
if echo | $CC -march=native -dM -E - 2>/dev/null | grep -q '__AVX512F__'; then
	echo "isa.sh: -march=native is GCC's $native with what this CPU has, AVX-512F included"
else
	echo "isa.sh: -march=native is $native: this CPU has no AVX-512F;" \
		"native runs use what it has (no AVX-512 registers)"
fi

status=0
ISA_OUT=$OUT ISA_PLUGIN=$PLUGIN
export ISA_OUT ISA_PLUGIN CC
for ma in $marches; do
	for lv in $levels; do
		k=$ma$lv
		rm -rf "$OUT/run-$k"
		mkdir -p "$OUT/run-$k"
		echo "isa.sh: -march=$ma $lv: $total files ($jobs jobs)" >&2
		while read -r f; do
			echo "$ma $lv $f"
		done <"$OUT/files" |
			xargs -P "$jobs" -n 3 sh "$SRCDIR/testsuite/torture/isa.sh" --one \
			>"$OUT/results-$k" 2>/dev/null
		LC_ALL=C sort -o "$OUT/results-$k" "$OUT/results-$k"
		cat "$OUT/run-$k"/*/records.json 2>/dev/null >"$OUT/records-$k.json"
		# one record per function (docs/RECORDS.md)
		awk -v k="-march=$ma $lv" -v files="$total" '
		{
			n++
			if ($0 !~ /"status":"captured"/) { uns++; next }
			cap++
			g = $0
			if (g ~ /"verify":\{"gcc":\{"verdict":"/) {
				sub(/.*"verify":\{"gcc":\{"verdict":"/, "", g); sub(/".*/, "", g)
			} else g = "none"
			s = $0
			if (s ~ /"ssara":\{"verdict":"/) {
				sub(/.*"ssara":\{"verdict":"/, "", s); sub(/".*/, "", s)
			} else s = "none"
			if (g == "verified") gv++; else if (g == "violation") gx++; else gu++
			if (s == "verified") sv++; else if (s == "none") sn++; else so++
		}
		END {
			printf "%s: files %d; functions %d, captured %d, unsupported %d; ", k, files, n, cap, uns
			printf "GCC verified %d (%.2f%%), unverified %d, violations %d; ", gv, cap ? 100 * gv / cap : 0, gu, gx
			printf "ssara verified %d, not verified %d, not allocated %d", sv, so, sn
		}' "$OUT/records-$k.json"
		awk '{ n++; if ($2 == "pass") p++; if ($3 == "pass") s++
			if ($2 != $3) { d++; diff = diff " " $1 "(" $2 "->" $3 ")" } }
			END { printf "; runs plain %d, with plugin %d, differing %d%s\n", p, s, d, diff }' \
			"$OUT/results-$k"
		awk '$2 != $3' "$OUT/results-$k" | grep -q . && status=1
		grep -h "is wrong" "$OUT/run-$k"/*/ssara.log |
			sed 's/^[^:]*:[0-9]*:[0-9]*: //' >"$OUT/wrong-$k"
		[ -s "$OUT/wrong-$k" ] && status=1
	done
done
for ma in $marches; do
	for lv in $levels; do
		k=$ma$lv
		echo "-march=$ma $lv: reasons (unsupported, unverified), ranked:"
		grep -ho "unsupported: .*\|unverified: .*" \
			"$OUT/run-$k"/*/ssara.log 2>/dev/null |
			sed 's/ (uid [0-9]*)//; s/p[0-9][0-9]*/pN/g; s/[0-9][0-9]*/N/g' |
			LC_ALL=C sort | uniq -c | sort -rn | head -12
		echo "-march=$ma $lv: violation messages: $(wc -l <"$OUT/wrong-$k")"
		head -5 "$OUT/wrong-$k"
	done
done
exit $status
