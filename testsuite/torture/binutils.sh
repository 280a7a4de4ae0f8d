#!/bin/sh
# binutils.sh - the plugin on real code from outside GCC's source tree:
# binutils 2.40's BFD library and its x86 disassembler (libopcodes), from
# Debian's binutils-source, built by their own makefiles with
# -fplugin=ssara and -fplugin-arg-ssara-verify=both at each level.  Prints
# per level the totals of the objects' records (ssara-report --totals)
# and every function whose verdict on either allocation is a violation.
#
# usage: sh testsuite/torture/binutils.sh [--levels "-O2 -Os"] [--out DIR]
#   --levels  the optimisation levels (default "-O0 -O2 -Os")
#   --out     the work directory (default build/binutils): the sources
#             (once), the configured tree (once), and per level a
#             directory of the objects built with the plugin
# SSARA_PLUGIN=SO measures another build of the plugin (default
# build/ssara.so).  Needs binutils-source (installed with apt-get when
# missing and run as root).  Exit: 0 when neither allocation has a
# violation, 1 when one has, 2 when the set-up fails.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
PLUGIN=${SSARA_PLUGIN:-$SRCDIR/build/ssara.so}
REPORT=$SRCDIR/build/ssara-report
TARBALL=/usr/src/binutils/binutils-2.40.tar.xz
B=binutils-2.40
levels="-O0 -O2 -Os"
OUT=$SRCDIR/build/binutils
while [ $# -gt 0 ]; do
	case $1 in
	--levels) levels=$2; shift 2;;
	--out) OUT=$2; shift 2;;
	*) echo "usage: sh $0 [--levels \"-O2 -Os\"] [--out DIR]" >&2; exit 2;;
	esac
done
case $OUT in /*) ;; *) OUT=$(pwd)/$OUT;; esac
for f in "$PLUGIN" "$REPORT"; do
	[ -f "$f" ] || { echo "binutils: no $f (run make)" >&2; exit 2; }
done

# the sources, once
if [ ! -f "$TARBALL" ]; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "binutils: installing binutils-source"
		apt-get install -y binutils-source >/dev/null 2>&1
	fi
	[ -f "$TARBALL" ] || { echo "binutils: no $TARBALL (apt-get install binutils-source)" >&2; exit 2; }
fi
mkdir -p "$OUT" || exit 2
if [ ! -f "$OUT/src/.extracted" ]; then
	echo "binutils: extracting $TARBALL"
	rm -rf "$OUT/src" && mkdir -p "$OUT/src" &&
		tar xJf "$TARBALL" -C "$OUT/src" &&
		touch "$OUT/src/.extracted" || exit 2
fi

# configured once, without the plugin; what bfd links with built plainly
if [ ! -f "$OUT/obj/.configured" ]; then
	echo "binutils: configuring (bfd, opcodes and what they need)"
	rm -rf "$OUT/obj" && mkdir -p "$OUT/obj" || exit 2
	(cd "$OUT/obj" &&
		"$OUT/src/$B/configure" --disable-nls --disable-gdb \
			--disable-gprofng --disable-werror --without-zstd \
			--disable-shared CFLAGS="-O2 -g0" >configure.log 2>&1 &&
		make configure-libiberty configure-libsframe configure-zlib \
			configure-bfd configure-opcodes >>configure.log 2>&1 &&
		make all-libiberty all-libsframe all-zlib \
			>>configure.log 2>&1) ||
		{ echo "binutils: configure failed (see $OUT/obj/configure.log)" >&2; exit 2; }
	touch "$OUT/obj/.configured"
fi

CCP="gcc -fplugin=$PLUGIN -fplugin-arg-ssara-verify=both"
status=0
for lvl in $levels; do
	dir=$OUT/$lvl
	rm -rf "$dir" && mkdir -p "$dir" || exit 2
	for lib in bfd opcodes; do
		echo "binutils: $lvl: building $lib with the plugin"
		make -C "$OUT/obj/$lib" clean >/dev/null 2>&1
		# -k: a compile the plugin broke is counted below, the rest
		# still built
		make -k -C "$OUT/obj/$lib" CC="$CCP" CFLAGS="$lvl -g0 -w" \
			all >"$dir/$lib.log" 2>&1 ||
			echo "binutils: $lvl: make $lib failed (see $dir/$lib.log)"
		for o in "$OUT/obj/$lib"/*.o; do
			[ -f "$o" ] && cp "$o" "$dir/$lib-$(basename "$o")"
		done
	done
	n=$(ls "$dir"/*.o 2>/dev/null | wc -l)
	echo "binutils: $lvl: $n objects"
	"$REPORT" --totals "$dir"/*.o 2>/dev/null | sed "s/^/binutils: $lvl: /"
	"$REPORT" "$dir"/*.o 2>/dev/null | grep 'violation:' >"$dir/violations.txt"
	if [ -s "$dir/violations.txt" ]; then
		status=1
		sed "s/^/binutils: $lvl: /" "$dir/violations.txt"
	fi
done
exit $status
