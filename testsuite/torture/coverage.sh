#!/bin/sh
# coverage.sh - how much of GCC's register allocation the checker verifies:
# GCC's torture suite (gcc.c-torture/execute and compile), libiberty and
# zlib compiled at several levels with the plugin's checker on GCC's
# allocation (-fplugin-arg-ssara-verify=gcc), then the records read back
# by ssara-report (docs/REPORT.md) per level, and an SVG picture.
#
#   coverage.sh [--subset N] [--levels "-O2 -Os"] [-j N] [--ssara]
#               [--suites "execute compile libiberty zlib"] [--out DIR]
#               [--cflags "-march=native"] [--replay] [--plugin SO]
#               [--part K/N]
#
# --subset N   only the first N torture files (name order) of execute and
#              of compile; libiberty and zlib are always compiled whole
# --part K/N   only the K-th of N interleaved parts of the file list (the
#              files at positions K, K+N, K+2N, ... in list order), to
#              run a corpus in pieces, each with its own --out DIR (a
#              DIR/src made beforehand, e.g. a link to another run's
#              extracted sources, is used as it is); ssara-report
#              --totals over the parts' DIR/LEVEL/SUITE gives the whole
# --suites S   which of execute, compile (the torture suite), libiberty
#              and zlib (default: all four)
# --levels L   the optimisation levels (default "-O0 -O1 -O2 -O3 -Os")
# -j N         parallel compiles (xargs -P; default: the number of CPUs)
# --ssara      also ssara's own allocation, checked
#              (-fplugin-arg-ssara-verify=both instead of gcc)
# --cflags F   more compiler options for every compile, e.g. an -march
# --replay     the plugin also dumps each function and `ssara verify`
#              (SSARA_BIN, default build/ssara) checks each dumped
#              allocation of GCC again against the compiler's verdict
#              (its record): DIR/LEVEL/SUITE/NAME.replay has a line
#              "same FN" or "differ FN: compiler V, replay W" per dumped
#              function; a function the translation gave up on
#              (unverified) has no dumped allocation to replay
# --plugin SO  the plugin (default build/ssara.so)
# --out DIR    work directory (default build/coverage): sources in
#              DIR/src (extracted once from the GCC source tarball,
#              /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz, like run.sh),
#              objects in DIR/LEVEL/SUITE/NAME.o, compile logs of failures
#              in DIR/LEVEL/SUITE/NAME.err, DIR/results (one line per
#              compile), DIR/report.txt (ssara-report --totals --by opt),
#              DIR/coverage.svg
#
# A compile that fails with the plugin is compiled again without it: if
# that fails too the file does not compile at this level (torture files
# that need special options; counted, not an error), else the plugin
# broke it.  Exit status 0 when the plugin broke nothing and crashed
# nothing, 1 otherwise, 2 on a setup error.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
CC=${CC:-gcc}
. "$SRCDIR/testsuite/torture/sources.sh"
. "$SRCDIR/testsuite/torture/replay.sh"

# --- one compile (run by xargs: coverage.sh --one SRC LEVEL SUITE) -------
# Environment: OUT, PLUGIN, VERIFY, CC, XFLAGS, REPLAY, SSARA_BIN.  Prints "R STATUS SUITE LEVEL SRC",
# STATUS ok | nocompile | broke | crash.
# replay_one BASE: `ssara verify` on each allocation of GCC dumped in
# BASE.d, its verdict against the compiler's in BASE.json (docs/RECORDS.md);
# writes BASE.replay, and removes BASE.d when every verdict is the same.
replay_one() {
	replay_verdicts "$1.d" "$1.json" >"$1.replay"
	grep -q '^differ' "$1.replay" || rm -rf "$1.d"
}

if [ "${1:-}" = --one ]; then
	src=$2 lvl=$3 suite=$4
	dir=$OUT/$lvl/$suite
	name=$(basename "$src" .c)
	mkdir -p "$dir"
	case $suite in
	libiberty) extra="-DHAVE_CONFIG_H -I$OUT/src/libiberty-build -I$OUT/src/$G/libiberty -I$OUT/src/$G/include";;
	zlib) extra="-DHAVE_UNISTD_H -DHAVE_STDARG_H -D_LARGEFILE64_SOURCE=1 -I$OUT/src/$G/zlib";;
	*) extra=;;
	esac
	extra="$extra $XFLAGS"
	dargs=
	if [ "$REPLAY" = 1 ]; then
		rm -rf "$dir/$name.d" "$dir/$name.json" "$dir/$name.replay"
		mkdir -p "$dir/$name.d"
		dargs="-fplugin-arg-ssara-dump=$dir/$name.d -fplugin-arg-ssara-json=$dir/$name.json"
	fi
	# shellcheck disable=SC2086
	if timeout 300 "$CC" $lvl -w -fno-diagnostics-color -c "$src" \
		-o "$dir/$name.o" $extra -fplugin="$PLUGIN" \
		-fplugin-arg-ssara-verify="$VERIFY" -fplugin-arg-ssara-times \
		$dargs >"$dir/$name.err" 2>&1; then
		rm -f "$dir/$name.err"
		st=ok
		[ "$REPLAY" = 1 ] && replay_one "$dir/$name"
	elif grep -q 'internal compiler error\|Segmentation fault\|Killed signal' "$dir/$name.err"; then
		st=crash
	elif timeout 300 "$CC" $lvl -w -c "$src" -o /dev/null $extra >/dev/null 2>&1; then
		st=broke
	else
		st=nocompile
		rm -f "$dir/$name.err"
	fi
	[ $st = ok ] || rm -f "$dir/$name.o"
	echo "R $st $suite $lvl $src"
	exit 0
fi

OUT=$SRCDIR/build/coverage
subset=0
levels="-O0 -O1 -O2 -O3 -Os"
jobs=$(nproc 2>/dev/null || echo 2)
verify=gcc
xflags=
replay=0
PLUGIN=$SRCDIR/build/ssara.so
SSARA_BIN=${SSARA_BIN:-$SRCDIR/build/ssara}
suites="execute compile libiberty zlib"
part=1/1
while [ $# -gt 0 ]; do
	case $1 in
	--subset) subset=$2; shift;;
	--levels) levels=$2; shift;;
	-j) jobs=$2; shift;;
	-j*) jobs=${1#-j};;
	--ssara) verify=both;;
	--out) OUT=$2; shift;;
	--suites) suites=$2; shift;;
	--cflags) xflags=$2; shift;;
	--replay) replay=1;;
	--plugin) PLUGIN=$2; shift;;
	--part) part=$2; shift;;
	*) echo "coverage.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) || exit 2
REPORT=$SRCDIR/build/ssara-report
[ -f "$PLUGIN" ] || { echo "coverage.sh: no plugin at $PLUGIN (make build/ssara.so)" >&2; exit 2; }
[ -x "$REPORT" ] || { echo "coverage.sh: no $REPORT (make build/ssara-report)" >&2; exit 2; }
[ $replay = 0 ] || [ -x "$SSARA_BIN" ] || { echo "coverage.sh: no $SSARA_BIN (make build/ssara)" >&2; exit 2; }
[ -f "$TARBALL" ] || { echo "coverage.sh: no $TARBALL (make deps installs gcc-12-source)" >&2; exit 2; }

# --- sources, extracted once (run.sh's layout, plus zlib) ----------------
SRC=$OUT/src
gcc_sources "$SRC" coverage $G/zlib
has() { case " $suites " in *" $1 "*) return 0;; esac; return 1; }
if has libiberty; then libiberty_config "$SRC" coverage; fi

# --- the file lists: "SRC SUITE" lines -----------------------------------
T=$SRC/$G/gcc/testsuite/gcc.c-torture
for lvl in $levels; do rm -rf "${OUT:?}/$lvl"; done
rm -f "$OUT/results" "$OUT/report.txt" "$OUT/coverage.svg"
: >"$OUT/files.list"
for s in execute compile; do
	has $s || continue
	if [ "$subset" -gt 0 ]; then
		ls "$T/$s"/*.c | sort | head -n "$subset"
	else
		ls "$T/$s"/*.c | sort
	fi | sed "s/\$/ $s/" >>"$OUT/files.list"
done
if has libiberty; then
	ls "$SRC/$G/libiberty"/*.c | sort | sed 's/$/ libiberty/' >>"$OUT/files.list"
fi
if has zlib; then
	for z in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite \
		infback inffast inflate inftrees trees uncompr zutil; do
		echo "$SRC/$G/zlib/$z.c zlib"
	done >>"$OUT/files.list"
fi
pk=${part%/*} pn=${part#*/}
case "$pk/$pn" in
*[!0-9/]*|/*|*/) echo "coverage.sh: --part wants K/N, not '$part'" >&2; exit 2;;
esac
[ "$pk" -ge 1 ] && [ "$pk" -le "$pn" ] || { echo "coverage.sh: --part $part: K must be 1..N" >&2; exit 2; }
awk -v k="$pk" -v n="$pn" '(NR - k) % n == 0' "$OUT/files.list" >"$OUT/files.part"
mv "$OUT/files.part" "$OUT/files.list"
nfiles=$(wc -l <"$OUT/files.list")
nlevels=$(echo $levels | wc -w)
total=$((nfiles * nlevels))
echo "coverage: $nfiles files (part $part) at $levels: $total compiles, $jobs jobs, verify=$verify${xflags:+, cflags $xflags}"

# --- the compiles --------------------------------------------------------
# A private copy of the plugin: a rebuild during the run changes nothing.
cp "$PLUGIN" "$OUT/ssara.so" || exit 2
PLUGIN=$OUT/ssara.so
VERIFY=$verify XFLAGS=$xflags REPLAY=$replay
export OUT PLUGIN VERIFY CC XFLAGS REPLAY SSARA_BIN
start=$(date +%s)
step=$((total / 20))
[ $step -ge 1 ] || step=1
for lvl in $levels; do
	while read -r f s; do printf '%s %s %s\n' "$f" "$lvl" "$s"; done <"$OUT/files.list"
done | xargs -P "$jobs" -L 1 sh "$0" --one |
	{
		n=0
		while read -r line; do
			echo "$line" >>"$OUT/results"
			n=$((n + 1))
			if [ $((n % step)) -eq 0 ] || [ $n -eq $total ]; then
				echo "coverage: $n/$total compiles ($(( $(date +%s) - start )) s)"
			fi
		done
	}
secs=$(( $(date +%s) - start ))

# --- the report ----------------------------------------------------------
R=$OUT/results
count() { grep -c "^R $1 " "$R"; }
ok=$(count ok); nocomp=$(count nocompile); broke=$(count broke); crash=$(count crash)
echo "coverage: $(wc -l <"$R") compiles in $secs s: $ok ok, $nocomp not compiling (without the plugin either), $broke broken by the plugin, $crash crashes"
for lvl in $levels; do
	printf 'coverage:   %s:' "$lvl"
	for s in execute compile libiberty zlib; do
		printf ' %s %s/%s' "$s" "$(grep -c "^R ok $s $lvl " "$R")" "$(grep -c "^R [a-z]* $s $lvl " "$R")"
	done
	echo
done
grep '^R broke \|^R crash ' "$R" | head -20 | sed 's/^/coverage: problem: /'
dirs=
for lvl in $levels; do [ -d "$OUT/$lvl" ] && dirs="$dirs $OUT/$lvl"; done
# shellcheck disable=SC2086
"$REPORT" --totals --by opt --svg "$OUT/coverage.svg" $dirs >"$OUT/report.txt"
echo "coverage: ssara-report exit $? (report in $OUT/report.txt, picture in $OUT/coverage.svg)"
sed -n '/^by opt$/,$p' "$OUT/report.txt"
if [ $replay = 1 ]; then
	for lvl in $levels; do
		for s in execute compile libiberty zlib; do
			has $s || continue
			d=$OUT/$lvl/$s
			[ -d "$d" ] || continue
			same=$(cat "$d"/*.replay 2>/dev/null | grep -c '^same ')
			diff=$(cat "$d"/*.replay 2>/dev/null | grep -c '^differ ')
			echo "coverage: replay $lvl $s: same $same, differ $diff"
			cat "$d"/*.replay 2>/dev/null | grep '^differ ' | head -5 | sed 's/^/coverage:   /'
		done
	done
fi
echo "coverage: summary: compiles=$(wc -l <"$R") seconds=$secs ok=$ok nocompile=$nocomp broke=$broke crash=$crash"
[ "$broke" -eq 0 ] && [ "$crash" -eq 0 ]
