#!/bin/sh
# subst.sh - ssara's allocation emitted: GCC's torture execute suite built
# plainly and with -fplugin-arg-ssara-substitute, run, and compared.
#
#   subst.sh [--levels "-O0 -O2"] [--subset N] [--grep ERE] [--jobs N]
#            [--out DIR] [--regs GPR] [--plugin SO]
#
# For each level and each gcc.c-torture/execute/*.c (the first N with
# --subset; those whose text matches the extended regular expression ERE
# with --grep, e.g. 'setjmp|__label__'), compiles it twice (plain gcc; gcc with the plugin, substitute
# and json=), runs each binary (10 s limit) and records pass (exit 0) or
# fail.  --regs GPR gives the plugin regs=GPR and both compiles -ffixed- of
# the general registers that carry no argument (bx bp r10..r15 first), so
# that both allocators have GPR general registers.
# Prints per level: files, plain passes, substituted passes, the files
# whose outcome differs (each a bug: exit 1), the captured and substituted
# functions (share), the end-to-end verdicts on the emitted code
# (violations: exit 1) and the reasons for keeping GCC's allocation,
# ranked.  Needs gcc-12-source (make deps).
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
OUT=$SRCDIR/build/subst
PLUGIN=$SRCDIR/build/ssara.so
CC=${CC:-gcc}
levels=-O2
subset=0
pattern=
jobs=2
regs=0
# one LEVEL FILE: both builds and runs of FILE; prints "NAME PLAIN SUBST"
# (pass, fail or nobuild).  Uses OUT, CC, PLUGIN, fixed, regs.
one() {
	lv=$1 f=$2
	b=$(basename "$f" .c)
	d=$OUT/run$lv/$b
	mkdir -p "$d"
	$CC $lv $fixed -w -fno-diagnostics-color "$f" -o "$d/plain" -lm >"$d/plain.log" 2>&1
	$CC $lv $fixed -fno-diagnostics-color -fplugin="$PLUGIN" \
		-fplugin-arg-ssara-substitute -fplugin-arg-ssara-verbose \
		-fplugin-arg-ssara-json="$d/records.json" \
		$( [ "$regs" -gt 0 ] && echo -fplugin-arg-ssara-regs=$regs ) \
		"$f" -o "$d/subst" -lm >"$d/subst.log" 2>&1
	echo "$b $(outcome "$d" plain) $(outcome "$d" subst)"
}

# outcome DIR BIN: pass, fail (exit status not 0, or 10 s) or nobuild.
outcome() {
	[ -x "$1/$2" ] || { echo nobuild; return; }
	(cd "$1" && timeout 10 "./$2" >/dev/null 2>&1) && echo pass || echo fail
}

if [ "${1:-}" = --one ]; then
	# a worker: the settings come from the driver's environment
	OUT=$SUBST_OUT PLUGIN=$SUBST_PLUGIN fixed=$SUBST_FIXED regs=$SUBST_REGS
	one "$2" "$3"
	exit 0
fi
while [ $# -gt 0 ]; do
	case $1 in
	--levels) levels=$2; shift;;
	--subset) subset=$2; shift;;
	--grep) pattern=$2; shift;;
	--jobs) jobs=$2; shift;;
	--out) OUT=$2; shift;;
	--regs) regs=$2; shift;;
	--plugin) PLUGIN=$2; shift;;
	*) echo "subst.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
. "$SRCDIR/testsuite/torture/sources.sh"
[ -f "$PLUGIN" ] || { echo "subst.sh: no plugin $PLUGIN (make build/ssara.so)" >&2; exit 2; }
gcc_sources "$OUT/src" subst.sh
EXE=$OUT/src/$G/gcc/testsuite/gcc.c-torture/execute

# The -ffixed- options that leave GPR general registers to both
# allocators: the registers that carry no argument go first.
fixed=$(fixed_for_regs "$regs")

if [ -n "$pattern" ]; then
	grep -lE "$pattern" "$EXE"/*.c | sort >"$OUT/files.all"
else
	ls "$EXE"/*.c | sort >"$OUT/files.all"
fi
if [ "$subset" -gt 0 ]; then
	head -n "$subset" "$OUT/files.all" >"$OUT/files"
else
	cp "$OUT/files.all" "$OUT/files"
fi
total=$(wc -l <"$OUT/files")

status=0
for lv in $levels; do
	rm -rf "$OUT/run$lv"
	mkdir -p "$OUT/run$lv"
	echo "subst.sh: $lv: $total files ($jobs jobs)${fixed:+, $fixed}" >&2
	SUBST_OUT=$OUT SUBST_PLUGIN=$PLUGIN SUBST_FIXED=$fixed SUBST_REGS=$regs
	export SUBST_OUT SUBST_PLUGIN SUBST_FIXED SUBST_REGS CC
	while read -r f; do
		echo "$lv $f"
	done <"$OUT/files" |
		xargs -P "$jobs" -n 2 sh "$SRCDIR/testsuite/torture/subst.sh" --one \
		>"$OUT/results$lv" 2>/dev/null &
	pid=$!
	while kill -0 $pid 2>/dev/null; do
		sleep 20
		echo "subst.sh: $lv: $(wc -l <"$OUT/results$lv")/$total" >&2
	done
	wait $pid
	sort -o "$OUT/results$lv" "$OUT/results$lv"
	cat "$OUT/run$lv"/*/records.json 2>/dev/null >"$OUT/records$lv.json"
	awk -v lv="$lv" '
		{ n++; if ($2 == "pass") p++; if ($3 == "pass") s++
		  if ($2 != $3) { d++; diff = diff " " $1 "(" $2 "->" $3 ")" } }
		END { printf "%s: %d files; plain passes %d, substituted passes %d; differing %d%s\n",
			lv, n, p, s, d, diff }' "$OUT/results$lv"
	awk '$2 != $3' "$OUT/results$lv" | grep -q . && status=1
	awk -v lv="$lv" '
		/"status":"captured"/ { c++ }
		/"substituted":true/ { s++ }
		END { printf "%s: functions captured %d, substituted %d (%.2f%%)\n",
			lv, c, s, c ? 100 * s / c : 0 }' "$OUT/records$lv.json"
	grep -h "is wrong" "$OUT/run$lv"/*/subst.log | sed 's/^[^:]*:[0-9]*:[0-9]*: //' >"$OUT/wrong$lv"
	echo "$lv: end-to-end violations in substituted code: $(wc -l <"$OUT/wrong$lv")"
	[ -s "$OUT/wrong$lv" ] && { status=1; head -5 "$OUT/wrong$lv"; }
	echo "$lv: unverified substituted functions: $(grep -h "substituted allocation of .* unverified" "$OUT/run$lv"/*/subst.log | wc -l)"
	echo "$lv: reasons GCC's allocation was kept:"
	grep -ho '"substitute_reason":"[^"]*"' "$OUT/records$lv.json" |
		sed 's/"substitute_reason":"//; s/"$//; s/uid [0-9]*/uid N/g; s/p[0-9][0-9]*/pN/g; s/b[0-9][0-9]* -> b[0-9]*/bX -> bY/' |
		sort | uniq -c | sort -rn | head -15
done
exit $status
