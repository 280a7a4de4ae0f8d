#!/bin/sh
# dump_ir.sh - the IR dumps the allocator is measured on.
#
#   dump_ir.sh [--level -O2] [--jobs N] [--out DIR] [--plugin SO] [--notes]
#
# Extracts gcc.c-torture/{execute,compile}, libiberty and zlib from GCC's
# sources (as coverage.sh does, into build/torture/src, once), configures
# libiberty for its config.h, and compiles every file once at LEVEL with
# the plugin's dump option: DIR/{execute,compile,libiberty,zlib}/<file>.<hash8>.<fn>.ir
# (default DIR build/torture/irdump; docs/CAPTURE.md, "Dumps": the compiles
# run in SRC, so that two runs name their dumps alike and compare).  Files that plain GCC cannot compile
# are skipped (their dumps, if any, stay).  Prints the number of dumps.
# --plugin SO  the plugin to compile with (default build/ssara.so)
# --suites L  only these suites (default "execute compile libiberty zlib")
# --notes      also check both allocations in the compiler (verify=both,
#              verbose) and keep each compile's notes and diagnostics in
#              DIR/<suite>/<file>.notes: the compiler's verdict lines
# Then: testsuite/torture/alloc_verdicts.sh build/ssara DIR OUT [--regs N]
# or testsuite/torture/verdicts.sh build/ssara DIR OUT.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
TOUT=$SRCDIR/build/torture
PLUGIN=$SRCDIR/build/ssara.so
CC=${CC:-gcc}
level=-O2
jobs=2
DUMP=$TOUT/irdump
notes=
suites="execute compile libiberty zlib"
while [ $# -gt 0 ]; do
	case $1 in
	--level) level=$2; shift;;
	--jobs) jobs=$2; shift;;
	--out) DUMP=$2; shift;;
	--plugin) PLUGIN=$2; shift;;
	--suites) suites=$2; shift;;
	--notes) notes=1;;
	*) echo "dump_ir.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
# absolute: the compiles run in SRC
DUMP=$(realpath -m "$DUMP")
[ -f "$PLUGIN" ] || { echo "dump_ir.sh: no plugin at $PLUGIN (make build/ssara.so)" >&2; exit 2; }
[ -f "$TARBALL" ] || { echo "dump_ir.sh: no $TARBALL" >&2; exit 2; }

SRC=$TOUT/src
. "$SRCDIR/testsuite/torture/sources.sh"
gcc_sources "$SRC" dump_ir $G/zlib
LIBIB=$SRC/$G/libiberty
libiberty_config "$SRC" dump_ir

T=$SRC/$G/gcc/testsuite/gcc.c-torture
rm -rf "$DUMP"
mkdir -p "$DUMP/execute" "$DUMP/compile" "$DUMP/libiberty" "$DUMP/zlib"
# A private copy of the plugin: a rebuild during the run changes nothing.
cp "$PLUGIN" "$DUMP/ssara.so" || exit 2
export DUMP CC SRC level notes
want() { case " $suites " in *" $1 "*) return 0;; esac; return 1; }
{
	want execute && for f in "$T"/execute/*.c; do echo "execute $f"; done
	want compile && for f in "$T"/compile/*.c; do echo "compile $f"; done
	want libiberty && for f in "$LIBIB"/*.c; do echo "libiberty $f"; done
	want zlib &&
	# zlib: the files coverage.sh compiles (a tarball extracted before
	# zlib was part of it has none: skipped)
	for z in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite \
		infback inffast inflate inftrees trees uncompr zutil; do
		[ -f "$SRC/$G/zlib/$z.c" ] && echo "zlib $SRC/$G/zlib/$z.c"
	done
} | xargs -P "$jobs" -L 1 sh -c '
	case $0 in
	libiberty) x="-DHAVE_CONFIG_H -I$SRC/libiberty-build -I$SRC/gcc-12.2.0/libiberty -I$SRC/gcc-12.2.0/include";;
	zlib) x="-DHAVE_UNISTD_H -DHAVE_STDARG_H -D_LARGEFILE64_SOURCE=1 -I$SRC/gcc-12.2.0/zlib";;
	*) x=;;
	esac
	log=/dev/null w=-w a=
	if [ -n "$notes" ]; then
		# warnings kept: a wrong allocation is a warning
		log="$DUMP/$0/$(basename "$1" .c).notes" w=
		x="$x -fno-diagnostics-color -fdiagnostics-plain-output"
		a="-fplugin-arg-ssara-verify=both -fplugin-arg-ssara-verbose"
	fi
	cd "$SRC" || exit 1
	# shellcheck disable=SC2086
	timeout 300 "$CC" $level $w -c "$1" -o /dev/null $x \
		-fplugin="$DUMP/ssara.so" -fplugin-arg-ssara-dump="$DUMP/$0" $a \
		>"$log" 2>&1 || true'
rm -f "$DUMP/ssara.so"
echo "dump_ir: $(find "$DUMP" -name '*.ir' | wc -l) dumps in $DUMP"
