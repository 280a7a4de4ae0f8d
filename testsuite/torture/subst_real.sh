#!/bin/sh
# subst_real.sh - ssara's allocation emitted on real code: libiberty and
# zlib from gcc-12-source, and zlib's example and minigzip run.
#
#   subst_real.sh [--levels "-O0 -O2"] [--out DIR] [--plugin SO]
#                 [--callgrind] [--regs N]
#
# Per level: compiles every libiberty and zlib file with the plugin
# substituting (json= records, verbose), and prints the captured and
# substituted functions (share), the end-to-end violations the check of
# the emitted code found, and the reasons GCC's allocation was kept,
# ranked.  Then links zlib's example and minigzip twice, plainly and
# from the substituted objects, runs both (example's self test; minigzip
# compressing and decompressing a fixed input: the concatenated zlib
# sources) and compares the outputs; prints the code size (text bytes of
# the zlib objects) of both, and the compile time of both builds of the
# level.  --callgrind adds the instructions minigzip executes
# compressing that input (valgrind's callgrind, stable on a noisy
# machine), plain against substituted.  --regs N gives both builds
# -ffixed- of all but N allocatable general registers (bx bp r10..r15
# first, the registers that carry no argument) and the plugin regs=N.
# Exit 1 on a violation, a broken build or a differing output.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
OUT=$SRCDIR/build/subst-real
PLUGIN=$SRCDIR/build/ssara.so
CC=${CC:-gcc}
levels=-O2
cg=0
regs=0
while [ $# -gt 0 ]; do
	case $1 in
	--levels) levels=$2; shift;;
	--out) OUT=$2; shift;;
	--plugin) PLUGIN=$2; shift;;
	--callgrind) cg=1;;
	--regs) regs=$2; shift;;
	*) echo "subst_real.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
. "$SRCDIR/testsuite/torture/sources.sh"
[ -f "$PLUGIN" ] || { echo "subst_real.sh: no plugin $PLUGIN" >&2; exit 2; }
SRC=$SRCDIR/build/torture/src
gcc_sources "$SRC" subst_real.sh $G/zlib
libiberty_config "$SRC" subst_real.sh
Z="adler32 compress crc32 deflate gzclose gzlib gzread gzwrite infback
inffast inflate inftrees trees uncompr zutil"
ZF="-DHAVE_UNISTD_H -DHAVE_STDARG_H -D_LARGEFILE64_SOURCE=1 -I$SRC/$G/zlib"
fixed=$(fixed_for_regs "$regs")
pl="-fplugin=$PLUGIN -fplugin-arg-ssara-substitute -fplugin-arg-ssara-verbose"
[ "$regs" -gt 0 ] && pl="$pl -fplugin-arg-ssara-regs=$regs"
status=0

# build LEVEL DIR MODE: compiles libiberty and zlib into DIR, plainly
# (MODE plain) or substituting (MODE subst); prints the seconds taken.
build() {
	lv=$1 d=$2 mode=$3
	rm -rf "$d" && mkdir -p "$d"
	if [ "$mode" = subst ]; then
		p="$pl -fplugin-arg-ssara-json=$d/records.json"
	else
		p=""
	fi
	t0=$(date +%s.%N)
	for f in "$SRC/$G"/libiberty/*.c; do
		b=$(basename "$f" .c)
		# shellcheck disable=SC2086
		$CC $lv $fixed -c "$f" -o "$d/lib-$b.o" -DHAVE_CONFIG_H \
			-I"$SRC/libiberty-build" -I"$SRC/$G/libiberty" \
			-I"$SRC/$G/include" $p >"$d/lib-$b.log" 2>&1 ||
			echo "lib-$b" >>"$d/failed"
	done
	for z in $Z example minigzip; do
		# shellcheck disable=SC2086
		$CC $lv $fixed -c "$SRC/$G/zlib/$z.c" -o "$d/z-$z.o" $ZF $p \
			>"$d/z-$z.log" 2>&1 || echo "z-$z" >>"$d/failed"
	done
	t1=$(date +%s.%N)
	echo "$t0 $t1" | awk '{ printf "%.1f", $2 - $1 }'
}

# run_zlib DIR: links example and minigzip from DIR's zlib objects, runs
# them on the fixed input; writes DIR/zlib.out.  (Its variables are
# named apart from the caller's: sh has no local variables.)
run_zlib() {
	rz=$1
	zo=""
	for z in $Z; do zo="$zo $rz/z-$z.o"; done
	# shellcheck disable=SC2086
	$CC -o "$rz/example" "$rz/z-example.o" $zo &&
		$CC -o "$rz/minigzip" "$rz/z-minigzip.o" $zo || return 1
	{
		(cd "$rz" && timeout 60 ./example 2>&1)
		timeout 60 "$rz/minigzip" -c <"$OUT/input" >"$rz/input.gz" &&
			timeout 60 "$rz/minigzip" -d -c <"$rz/input.gz" | cmp - "$OUT/input" &&
			echo "minigzip round trip: same bytes"
		cksum <"$rz/input.gz"
	} >"$rz/zlib.out" 2>&1
}

mkdir -p "$OUT"
cat "$SRC/$G"/zlib/*.c "$SRC/$G"/zlib/*.h >"$OUT/input"
for lv in $levels; do
	echo "== $lv${fixed:+ ($fixed, regs=$regs)}"
	tp=$(build "$lv" "$OUT/plain$lv" plain)
	ts=$(build "$lv" "$OUT/subst$lv" subst)
	d=$OUT/subst$lv
	# files of other systems (pex-win32.c ...) fail both ways
	touch "$OUT/plain$lv/failed" "$d/failed"
	echo "$lv: files that build in neither: $(tr '\n' ' ' <"$OUT/plain$lv/failed")"
	broke=$(sort "$d/failed" | comm -23 - "$(sort "$OUT/plain$lv/failed" >"$OUT/pf" && echo "$OUT/pf")")
	[ -n "$broke" ] && { echo "$lv: build only plainly: $broke"; status=1; }
	echo "$lv: compile time, libiberty + zlib: plain ${tp} s, substituted ${ts} s"
	awk -v lv="$lv" '
		/"status":"captured"/ { c++ }
		/"substituted":true/ { s++ }
		END { printf "%s: functions captured %d, substituted %d (%.2f%%)\n",
			lv, c, s, c ? 100 * s / c : 0 }' "$d/records.json"
	grep -h "is wrong" "$d"/*.log >"$d/wrong"
	echo "$lv: end-to-end violations in substituted code: $(wc -l <"$d/wrong")"
	[ -s "$d/wrong" ] && { status=1; head -5 "$d/wrong" | cut -c1-300; }
	echo "$lv: unverified substituted functions: $(grep -h "substituted allocation of .* unverified" "$d"/*.log | wc -l)"
	echo "$lv: reasons GCC's allocation was kept:"
	grep -ho '"substitute_reason":"[^"]*"' "$d/records.json" |
		sed 's/"substitute_reason":"//; s/"$//; s/uid [0-9]*/uid N/g; s/p[0-9][0-9]*/pN/g' |
		sort | uniq -c | sort -rn | head -10
	run_zlib "$OUT/plain$lv" && run_zlib "$d" || { echo "$lv: zlib programs did not link"; status=1; continue; }
	if cmp -s "$OUT/plain$lv/zlib.out" "$d/zlib.out"; then
		echo "$lv: zlib example and minigzip: same output ($(grep -c . "$d/zlib.out") lines)"
	else
		echo "$lv: zlib example and minigzip: OUTPUT DIFFERS"
		diff "$OUT/plain$lv/zlib.out" "$d/zlib.out" | head -5
		status=1
	fi
	sp=0 ss=0
	for z in $Z; do
		a=$(size -A "$OUT/plain$lv/z-$z.o" | awk '$1 == ".text" { print $2 }')
		b=$(size -A "$d/z-$z.o" | awk '$1 == ".text" { print $2 }')
		sp=$((sp + a)) ss=$((ss + b))
	done
	echo "$sp $ss" | awk -v lv="$lv" '{ printf "%s: zlib .text bytes: plain %d, substituted %d (%.3fx)\n", lv, $1, $2, $2 / $1 }'
	if [ "$cg" = 1 ]; then
		for m in plain subst; do
			dd=$OUT/$m$lv
			valgrind --tool=callgrind --callgrind-out-file="$dd/cg.out" \
				"$dd/minigzip" -c <"$OUT/input" >/dev/null 2>"$dd/cg.log"
			grep -o 'Collected : [0-9]*' "$dd/cg.log" | awk '{ print $3 }' >"$dd/cg.ir"
		done
		echo "$(cat "$OUT/plain$lv/cg.ir") $(cat "$d/cg.ir")" | awk -v lv="$lv" \
			'{ printf "%s: minigzip -c, executed instructions: plain %d, substituted %d (%.4fx)\n", lv, $1, $2, $2 / $1 }'
	fi
done
exit $status
