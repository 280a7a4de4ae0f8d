#!/bin/sh
# overhead.sh - compile time with and without the plugin, same run.
#
#   sh testsuite/torture/overhead.sh [ROUNDS]
#
# Needs build/ssara.so and the sources run.sh extracted (build/torture/src,
# and build/torture/files.list from a run.sh --subset run).  Compiles, one
# at a time, libiberty's cp-demangle.c at -O2 (ROUNDS times, default 5)
# and the torture subset at -O2 (3 rounds), without the plugin, with it
# (the default: capture, audit, records) and with dump= and check; rounds
# alternate between the variants; prints the best (minimum) time of each
# variant as a Markdown table.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
OUT=$SRCDIR/build/torture
PLUGIN=$SRCDIR/build/ssara.so
rounds=${1:-5}
G=$OUT/src/gcc-12.2.0
demangle=$G/libiberty/cp-demangle.c
[ -f "$demangle" ] && [ -f "$OUT/files.list" ] ||
	{ echo "overhead.sh: run testsuite/torture/run.sh first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/dump"
variant_flags() {
	case $1 in
	plain) echo "";;
	plugin) echo "-fplugin=$PLUGIN";;
	check) echo "-fplugin=$PLUGIN -fplugin-arg-ssara-dump=$tmp/dump -fplugin-arg-ssara-check";;
	esac
}
now() { date +%s.%N; }
# best VAR SECONDS: keeps the minimum in best_VAR
best() {
	eval "cur=\${best_$1:-}"
	if [ -z "$cur" ] || awk -v a="$2" -v b="$cur" 'BEGIN { exit !(a < b) }'; then
		eval "best_$1=$2"
	fi
}
cfg="-DHAVE_CONFIG_H -I$OUT/src/libiberty-build -I$G/libiberty -I$G/include"
[ -f "$OUT/src/libiberty-build/config.h" ] ||
	cfg="-DHAVE_STRING_H -DHAVE_STDLIB_H -DHAVE_LIMITS_H -I$G/libiberty -I$G/include"
for r in $(seq "$rounds"); do
	for v in plain plugin check; do
		t0=$(now)
		# shellcheck disable=SC2046,SC2086
		gcc -O2 -c "$demangle" $cfg -o "$tmp/d.o" $(variant_flags $v) || exit 1
		t1=$(now)
		best "d_$v" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
	done
done
n=$(wc -l <"$OUT/files.list")
for r in 1 2 3; do
	for v in plain plugin check; do
		t0=$(now)
		while read -r f; do
			# shellcheck disable=SC2046
			gcc -O2 -w -c "$f" -o "$tmp/t.o" $(variant_flags $v) 2>/dev/null
		done <"$OUT/files.list"
		t1=$(now)
		best "t_$v" "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')"
	done
done
pct() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%+.1f%%", 100 * (a - b) / b }'; }
echo "| input | without plugin | with plugin | with dump= and check |"
echo "|---|---|---|---|"
printf '| cp-demangle.c, -O2 (best of %s) | %.3f s | %.3f s (%s) | %.3f s (%s) |\n' \
	"$rounds" "$best_d_plain" "$best_d_plugin" "$(pct "$best_d_plugin" "$best_d_plain")" \
	"$best_d_check" "$(pct "$best_d_check" "$best_d_plain")"
printf '| torture subset, %s files, -O2 (best of 3) | %.2f s | %.2f s (%s) | %.2f s (%s) |\n' \
	"$n" "$best_t_plain" "$best_t_plugin" "$(pct "$best_t_plugin" "$best_t_plain")" \
	"$best_t_check" "$(pct "$best_t_check" "$best_t_plain")"
