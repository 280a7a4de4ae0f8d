#!/bin/sh
# real.sh - ssara's time against GCC's IRA+LRA on real code, in the same
# compiles: libiberty and zlib from GCC's sources, compiled one file at a
# time with the plugin checking both allocations
# (-fplugin-arg-ssara-verify=both); the plugin's own records (time_us,
# ssara_ra.us, verify.*.us, docs/RECORDS.md) are summed by ssara-report.
#
#   sh bench/real.sh [--levels "-O2 -O0"] [--regs N] [--cflags F] [--out DIR]
#
# --levels L  optimisation levels (default "-O2 -O0")
# --regs N    ssara allocates with N general registers instead of all
#             (-fplugin-arg-ssara-regs=N)
# --cflags F  more compiler flags for every compile, e.g. the -ffixed-
#             options that leave both allocators 7 general registers
#             (docs/ALLOC.md, "Registers the user fixed")
# --out DIR   objects and reports (default build/bench-real): DIR/LEVEL/*.o
# SSARA_PLUGIN=SO measures another build of the plugin (default build/ssara.so)
#
# Prints, per level, the times table of `ssara-report --totals`: each
# part's milliseconds and its share of IRA+LRA.  Compiles run one at a
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
while [ $# -gt 0 ]; do
	case $1 in
	--levels) levels=$2; shift;;
	--regs) regs=$2; shift;;
	--cflags) cflags=$2; shift;;
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
Z="adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback
inffast inflate inftrees trees uncompr zutil"
extra="-fplugin-arg-ssara-times $cflags"
[ -n "$regs" ] && extra="$extra -fplugin-arg-ssara-regs=$regs"
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
	printf '\n' >&2
	echo "== libiberty + zlib, $lvl ($(ls "$d"/*.o | wc -l) objects)"
	"$REPORT" --totals "$d"/*.o | sed -n '/^times/,/functions timed/p'
done
