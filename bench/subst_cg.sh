#!/bin/sh
# subst_cg.sh - executed instructions and code size of programs built with
# ssara's allocation substituted, against plain GCC, at all general
# registers and at 7.
#
#   sh bench/subst_cg.sh [--count N] [--level -O2] [--out DIR] [--plugin SO]
#
# Takes the first N csmith programs (Debian's csmith, seeds 1, 2, ...;
# generated here, never committed) that plain gcc builds and runs in
# under a second, and builds each four ways: plain and substituted with
# all registers, plain and substituted with 7 allocatable general
# registers (both with -ffixed-rbx -ffixed-rbp -ffixed-r10 ... -ffixed-r15,
# the registers that carry no argument; the plugin honours them).  Each
# build must print the plain build's checksum.  Prints per program and in
# total the instructions valgrind's callgrind counts (stable on a noisy
# machine) and the .text bytes of the object, substituted against plain.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
PLUGIN=$SRCDIR/build/ssara.so
OUT=$SRCDIR/build/subst-cg
CC=${CC:-gcc}
inc=${CSMITH_INC:-/usr/include/csmith}
count=10
lvl=-O2
while [ $# -gt 0 ]; do
	case $1 in
	--count) count=$2; shift;;
	--level) lvl=$2; shift;;
	--out) OUT=$2; shift;;
	--plugin) PLUGIN=$2; shift;;
	*) echo "subst_cg.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
command -v csmith >/dev/null || { echo "subst_cg.sh: csmith not installed" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "subst_cg.sh: valgrind not installed" >&2; exit 2; }
[ -f "$PLUGIN" ] || { echo "subst_cg.sh: no plugin $PLUGIN" >&2; exit 2; }
F7="-ffixed-rbx -ffixed-rbp -ffixed-r10 -ffixed-r11 -ffixed-r12 -ffixed-r13 -ffixed-r14 -ffixed-r15"
PL="-fplugin=$PLUGIN -fplugin-arg-ssara-substitute"
mkdir -p "$OUT"
rm -f "$OUT/rows"

# insns BIN: the instructions callgrind counts for one run of BIN.
insns() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" \
		2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

# text OBJ: the .text bytes of OBJ.
text() {
	size -A "$1" | awk '$1 == ".text" { print $2 }'
}

seed=0 n=0 status=0
printf '%-6s %14s %14s %7s %14s %14s %7s %7s %7s\n' seed plain16 subst16 ratio \
	plain7 subst7 ratio text16 text7
while [ "$n" -lt "$count" ] && [ "$seed" -lt $((count * 20)) ]; do
	seed=$((seed + 1))
	s=$OUT/s$seed
	(cd "$OUT" && csmith --seed "$seed") >"$s.c" 2>/dev/null || continue
	$CC $lvl -w -I"$inc" "$s.c" -o "$s.p16" 2>/dev/null || continue
	ref=$(timeout 1 "$s.p16" 2>/dev/null) || continue
	echo "subst_cg.sh: seed $seed" >&2
	ok=1
	for v in 16 7; do
		f=""
		[ "$v" = 7 ] && f=$F7
		# shellcheck disable=SC2086
		$CC $lvl -w -I"$inc" $f -c "$s.c" -o "$s.p$v.o" &&
			$CC "$s.p$v.o" -o "$s.p$v" &&
			$CC $lvl -w -I"$inc" $f $PL -c "$s.c" -o "$s.s$v.o" 2>"$s.s$v.err" &&
			$CC "$s.s$v.o" -o "$s.s$v" || { ok=0; break; }
		for b in p s; do
			out=$(timeout 10 "$s.$b$v" 2>/dev/null)
			[ "$out" = "$ref" ] || { echo "subst_cg.sh: seed $seed: $b$v prints another checksum" >&2; ok=0; status=1; }
		done
		grep -q "is wrong" "$s.s$v.err" && { echo "subst_cg.sh: seed $seed: violation at $v registers" >&2; status=1; }
	done
	[ "$ok" = 1 ] || continue
	n=$((n + 1))
	p16=$(insns "$s.p16") s16=$(insns "$s.s16")
	p7=$(insns "$s.p7") s7=$(insns "$s.s7")
	t16=$(echo "$(text "$s.p16.o") $(text "$s.s16.o")" | awk '{ printf "%.3f", $2 / $1 }')
	t7=$(echo "$(text "$s.p7.o") $(text "$s.s7.o")" | awk '{ printf "%.3f", $2 / $1 }')
	echo "$seed $p16 $s16 $p7 $s7 $t16 $t7" >>"$OUT/rows"
	printf '%-6s %14d %14d %7.4f %14d %14d %7.4f %7s %7s\n' "$seed" "$p16" "$s16" \
		"$(echo "$s16 $p16" | awk '{ print $1 / $2 }')" "$p7" "$s7" \
		"$(echo "$s7 $p7" | awk '{ print $1 / $2 }')" "$t16" "$t7"
done
[ -f "$OUT/rows" ] && awk '{ a += $2; b += $3; c += $4; d += $5 }
	END { printf "%-6s %14d %14d %7.4f %14d %14d %7.4f\n", "total", a, b, b / a, c, d, d / c }' "$OUT/rows"
rm -f "$OUT/rows"
exit $status
