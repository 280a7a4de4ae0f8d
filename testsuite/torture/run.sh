#!/bin/sh
# run.sh - the plugin on real code: GCC's torture suite and libiberty.
#
#   run.sh [--full] [--subset N] [--levels "-O0 -O2"] [--jobs N] [--out DIR]
#
# Extracts gcc/testsuite/gcc.c-torture/{execute,compile} and libiberty from
# /usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz (package gcc-12-source) into
# OUT/src once, configures libiberty there (for its config.h), then
# compiles every file at every level twice, without and with the plugin
# (one.sh), and reports: files, functions, captured vs unsupported with
# the reasons ranked, GCC crashes, objects identical with and without the
# plugin, and IR round-trip failures (the plugin's check mode prints,
# parses and compares every capture).
#
# Default: --subset 150 at -O2, torture files only (what `make check`
# runs).  --full: every file of execute, compile and libiberty at -O0,
# -O2 and -Os.  Exit status 0 when there is no crash, no broken compile,
# no object difference and no round-trip failure, else 1; 2 on a setup
# error.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
OUT=$SRCDIR/build/torture
PLUGIN=$SRCDIR/build/ssara.so
CC=${CC:-gcc}
full=0
subset=150
levels=-O2
jobs=2
while [ $# -gt 0 ]; do
	case $1 in
	--full) full=1; levels="-O0 -O2 -Os";;
	--subset) subset=$2; shift;;
	--levels) levels=$2; shift;;
	--jobs) jobs=$2; shift;;
	--out) OUT=$2; shift;;
	*) echo "run.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
[ -f "$PLUGIN" ] || { echo "run.sh: no plugin at $PLUGIN (make build/ssara.so)" >&2; exit 2; }
[ -f "$TARBALL" ] || { echo "run.sh: no $TARBALL (make deps installs gcc-12-source)" >&2; exit 2; }

# --- sources, extracted once ---------------------------------------------
SRC=$OUT/src
. "$SRCDIR/testsuite/torture/sources.sh"
gcc_sources "$SRC" torture
LIBIB=$SRC/$G/libiberty
if [ $full = 1 ]; then libiberty_config "$SRC" torture; fi

# --- the file lists ------------------------------------------------------
T=$SRC/$G/gcc/testsuite/gcc.c-torture
rm -rf "$OUT/obj" "$OUT/dump" "$OUT"/records*.json "$OUT/results"
mkdir -p "$OUT"
ls "$T"/execute/*.c "$T"/compile/*.c | sort >"$OUT/torture.list"
if [ $full = 1 ]; then
	cp "$OUT/torture.list" "$OUT/files.list"
else
	n=$(wc -l <"$OUT/torture.list")
	awk -v n="$n" -v k="$subset" 'BEGIN { s = n / k; if (s < 1) s = 1; next_i = 0 }
		NR - 1 >= next_i && c < k { print; c++; next_i += s }' \
		"$OUT/torture.list" >"$OUT/files.list"
fi
nfiles=$(wc -l <"$OUT/files.list")
nlib=0
if [ $full = 1 ]; then
	ls "$LIBIB"/*.c | sort >"$OUT/libiberty.list"
	nlib=$(wc -l <"$OUT/libiberty.list")
fi
nlevels=$(echo $levels | wc -w)
total=$(( (nfiles + nlib) * nlevels ))
echo "torture: $nfiles torture files + $nlib libiberty files at $levels: $total compiles, $jobs jobs"

# --- the compiles --------------------------------------------------------
# A private copy of the plugin: a rebuild during the run changes nothing.
cp "$PLUGIN" "$OUT/ssara.so" && PLUGIN=$OUT/ssara.so || exit 2
export OUT PLUGIN CC
start=$(date +%s)
{
	for lvl in $levels; do
		while read -r f; do
			case $f in */execute/*) s=execute;; *) s=compile;; esac
			printf '%s %s %s\n' "$f" "$lvl" "$s"
		done <"$OUT/files.list"
		if [ $full = 1 ]; then
			while read -r f; do printf '%s %s libiberty\n' "$f" "$lvl"; done <"$OUT/libiberty.list"
		fi
	done
} | EXTRA_CFLAGS= xargs -P "$jobs" -L 1 sh -c '
	case $3 in
	libiberty) EXTRA_CFLAGS="-DHAVE_CONFIG_H -I$OUT/src/gcc-12.2.0/libiberty-build -I$OUT/src/gcc-12.2.0/libiberty -I$OUT/src/gcc-12.2.0/include"
		EXTRA_CFLAGS="-DHAVE_CONFIG_H -I$OUT/src/libiberty-build -I$OUT/src/gcc-12.2.0/libiberty -I$OUT/src/gcc-12.2.0/include";;
	*) EXTRA_CFLAGS=;;
	esac
	export EXTRA_CFLAGS
	exec "$0" "$@"' "$SRCDIR/testsuite/torture/one.sh" |
	while read -r line; do
		echo "$line" >>"$OUT/results"
		n=$(wc -l <"$OUT/results")
		if [ $((n % 500)) -eq 0 ]; then
			echo "torture: $n/$total compiles ($(( $(date +%s) - start )) s)"
		fi
	done
secs=$(( $(date +%s) - start ))

# --- the report ----------------------------------------------------------
R=$OUT/results
count() { grep -c "^R $1 " "$R"; }
ok=$(count ok); differ=$(count differ); nocomp=$(count nocompile)
broke=$(count broke); crash=$(count crash)
rtfail=$(awk '{ s += $3 } END { print s + 0 }' "$R")
cat "$OUT"/records*.json 2>/dev/null >"$OUT/records.all"
nfn=$(wc -l <"$OUT/records.all")
ncap=$(grep -c '"status":"captured"' "$OUT/records.all")
nuns=$(grep -c '"status":"unsupported"' "$OUT/records.all")
pct=$(awk -v c="$ncap" -v n="$nfn" 'BEGIN { if (n) printf "%.2f", 100 * c / n; else print "0" }')
echo "torture: compiles $(wc -l <"$R") in $secs s: $ok identical objects, $differ different, $nocomp not compiling (without the plugin either), $broke broken by the plugin"
echo "torture: gcc crashes $crash"
echo "torture: functions $nfn: captured $ncap ($pct%), unsupported $nuns"
for lvl in $levels; do
	f=$OUT/records$lvl.json
	[ -f "$f" ] || continue
	n=$(wc -l <"$f"); c=$(grep -c '"status":"captured"' "$f")
	echo "torture:   $lvl: functions $n, captured $c"
done
echo "torture: round-trip failures $rtfail"
if [ "$nuns" -gt 0 ]; then
	echo "torture: unsupported reasons:"
	sed -n 's/.*"reason":"\([^"]*\)".*/\1/p' "$OUT/records.all" | sort | uniq -c | sort -rn | sed 's/^/torture:   /'
fi
grep -v '^R ok \|^R nocompile ' "$R" | head -20 | sed 's/^/torture: problem: /'
# The records read back from the objects built with the plugin.
if [ -x "$SRCDIR/build/ssara-report" ]; then
	"$SRCDIR/build/ssara-report" --totals "$OUT/obj" 2>&1 | sed 's/^/torture: report: /'
fi
echo "torture: summary: compiles=$(wc -l <"$R") crashes=$crash differ=$differ broke=$broke functions=$nfn captured=$ncap unsupported=$nuns roundtrip_failures=$rtfail"
[ "$crash" -eq 0 ] && [ "$differ" -eq 0 ] && [ "$broke" -eq 0 ] && [ "$rtfail" -eq 0 ]
