#!/bin/sh
# real.sh - ssara's time against GCC's IRA+LRA on real code, in the same
# compiles: libiberty and zlib from GCC's sources (and with --torture
# GCC's torture suite, compile-only), compiled one file at a time with
# the plugin checking both allocations (-fplugin-arg-ssara-verify=both);
# the plugin's own records (time_us, ssara_ra.us, verify.*.us,
# docs/RECORDS.md) are summed by ssara-report.
#
#   sh bench/real.sh [--levels "-O2 -O0"] [--torture] [--regs N] [--cflags F]
#                    [--out DIR]
#
# --levels L  optimisation levels (default "-O2 -O0")
# --torture   also gcc.c-torture/{execute,compile} (every file, compiled
#             only; files GCC cannot compile are left out, and so are
#             compiles over a minute: GCC 12 itself loops on some, e.g.
#             compile/asmgoto-5.c at -O0, which the suite skips there)
# --regs N    ssara allocates with N general registers instead of all
#             (-fplugin-arg-ssara-regs=N)
# --cflags F  more compiler flags for every compile, e.g. the -ffixed-
#             options that leave both allocators 7 general registers
#             (docs/ALLOC.md, "Registers the user fixed")
# --out DIR   objects and reports (default build/bench-real): DIR/LEVEL/*.o
# SSARA_PLUGIN=SO measures another build of the plugin (default build/ssara.so)
#
# Prints, per level, the times table of `ssara-report --totals`: each
# part's milliseconds and its share of IRA+LRA; with --torture also the
# torture suite's and the sum of all the files', and with more than one
# level the sum over the levels.  Compiles run one at a
# time, so that the wall-clock times the records hold are not shared
# with another compile; the shares still move with the machine's load.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
CC=${CC:-gcc}
PLUGIN=${SSARA_PLUGIN:-$SRCDIR/build/ssara.so}
REPORT=$SRCDIR/build/ssara-report
levels="-O2 -O0"
out=$SRCDIR/build/bench-real
regs=
cflags=
torture=
while [ $# -gt 0 ]; do
	case $1 in
	--levels) levels=$2; shift;;
	--regs) regs=$2; shift;;
	--cflags) cflags=$2; shift;;
	--torture) torture=1;;
	--out) out=$2; shift;;
	*) echo "real.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
[ -f "$PLUGIN" ] && [ -x "$REPORT" ] ||
	{ echo "real.sh: build build/ssara.so and build/ssara-report first" >&2; exit 2; }
. "$SRCDIR/testsuite/torture/sources.sh"
SRC=$SRCDIR/build/torture/src
gcc_sources "$SRC" real.sh $G/zlib
libiberty_config "$SRC" real.sh
T=$SRC/$G/gcc/testsuite/gcc.c-torture
Z="adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback
inffast inflate inftrees trees uncompr zutil"
extra="-fplugin-arg-ssara-times $cflags"
[ -n "$regs" ] && extra="$extra -fplugin-arg-ssara-regs=$regs"
# show_times LABEL OBJECTS...: the times table of the objects' records
show_times() {
	_l=$1
	shift
	echo "== $_l ($# objects)"
	"$REPORT" --totals "$@" | sed -n '/^times/,/functions timed/p'
}
for lvl in $levels; do
	d=$out/$lvl
	rm -rf "$d" && mkdir -p "$d"
	n=0 total=$(($(ls "$SRC/$G"/libiberty/*.c | wc -l) + 15))
	for f in "$SRC/$G"/libiberty/*.c; do
		n=$((n + 1))
		printf '\rreal.sh: %s %d/%d' "$lvl" "$n" "$total" >&2
		# shellcheck disable=SC2086
		"$CC" $lvl -w -c "$f" -o "$d/lib-$(basename "$f" .c).o" \
			-DHAVE_CONFIG_H -I"$SRC/libiberty-build" \
			-I"$SRC/$G/libiberty" -I"$SRC/$G/include" \
			-fplugin="$PLUGIN" -fplugin-arg-ssara-verify=both $extra \
			2>/dev/null || rm -f "$d/lib-$(basename "$f" .c).o"
	done
	for z in $Z; do
		n=$((n + 1))
		printf '\rreal.sh: %s %d/%d' "$lvl" "$n" "$total" >&2
		[ -f "$SRC/$G/zlib/$z.c" ] || continue
		# shellcheck disable=SC2086
		"$CC" $lvl -w -c "$SRC/$G/zlib/$z.c" -o "$d/z-$z.o" \
			-DHAVE_UNISTD_H -DHAVE_STDARG_H -D_LARGEFILE64_SOURCE=1 \
			-I"$SRC/$G/zlib" -fplugin="$PLUGIN" \
			-fplugin-arg-ssara-verify=both $extra 2>/dev/null ||
			rm -f "$d/z-$z.o"
	done
	if [ -n "$torture" ]; then
		m=0 ntor=$(ls "$T"/execute/*.c "$T"/compile/*.c | wc -l)
		for f in "$T"/execute/*.c "$T"/compile/*.c; do
			m=$((m + 1))
			printf '\rreal.sh: %s torture %d/%d' "$lvl" "$m" "$ntor" >&2
			case $f in */execute/*) s=e;; *) s=c;; esac
			o=$d/t$s-$(basename "$f" .c).o
			# shellcheck disable=SC2086
			timeout 60 "$CC" $lvl -w -c "$f" -o "$o" -fplugin="$PLUGIN" \
				-fplugin-arg-ssara-verify=both $extra \
				2>/dev/null || rm -f "$o"
		done
	fi
	printf '\n' >&2
	show_times "libiberty + zlib, $lvl" "$d"/lib-*.o "$d"/z-*.o
	if [ -n "$torture" ]; then
		show_times "torture, $lvl" "$d"/t[ec]-*.o
		show_times "all, $lvl" "$d"/*.o
	fi
done
set -- $levels
if [ $# -gt 1 ]; then
	all=
	for lvl in $levels; do all="$all $out/$lvl/*.o"; done
	# shellcheck disable=SC2086
	show_times "all, $levels" $all
fi
