#!/bin/sh
# csmith.sh - the checker's verdicts on csmith programs, and whether GCC's
# code is right on them.
#
#   csmith.sh [-O LEVEL] [-o OUTDIR] FIRST LAST [PLUGIN]
#
# For each seed N in FIRST..LAST: generates `csmith --seed N` (Debian
# packages csmith and libcsmith-dev; nothing is committed), compiles it at
# LEVEL (default -O0) with the plugin checking both allocations
# (-fplugin-arg-ssara-verify=both -fplugin-arg-ssara-verbose; not -w,
# which would hide the violations: they are warnings) and without it, runs both programs (10 s each) and, as an independent reference,
# the program built plainly at the other level (-O2 for -O0, -O0 for
# anything else).  One progress line per seed on stderr; at the end a
# table on stdout:
#   functions              captured functions
#   gcc/ssara verified...  verdicts on GCC's and on ssara's allocation
#                          (violation: functions with at least one)
#   violation messages     "is wrong" warnings, all of them
#   no verdict             captured functions with none of the three
#   same checksum          programs whose plugin build, plain build and
#                          reference print the same checksum
#   differ                 programs where two of those differ
#   timeout/nobuild        programs that ran out of time or did not build
# A program that runs out of time built with the plugin is not run in
# its other builds.
# OUTDIR (default a temporary directory, removed unless -o) keeps, per
# seed, sN.c, the compiler's messages sN.err and a line of counts sN.row;
# OUTDIR/violations lists every violation message with its seed.  A seed
# whose sN.row and sN.err are in OUTDIR already is not done again (an
# interrupted run resumes; remove OUTDIR to start afresh).
# CSMITH_REPLAY=1: the plugin also dumps each function (OUTDIR/sN.d/)
# and `ssara verify` (SSARA_BIN, default build/ssara) checks each dumped
# allocation of GCC again; the table adds the functions whose replayed
# verdict (verified, unverified, violation) is the compiler's and those
# where it is not, listed in OUTDIR/replay.txt with both verdicts (their
# dumps kept; the others removed).  A function the translation gave up
# on (unverified) has no dumped allocation to replay.
# Environment: CC (default gcc), CSMITH_INC (default /usr/include/csmith),
# CSMITH_TIMEOUT (default 10), CSMITH_RUN=0 (only the verdicts: compile
# with the plugin, build and run nothing), EXTRA_CFLAGS, PLUGIN_ARGS
# (more plugin arguments, e.g. -fplugin-arg-ssara-substitute: the plugin
# build then runs ssara's code, and the table adds the functions
# substituted and the violations the check of the emitted code found).
# shellcheck disable=SC2086 # $lvl, $ref and $extra are word lists
set -eu
lvl=-O0
out=
while [ $# -gt 0 ]; do
	case $1 in
	-O) lvl=$2; shift 2 ;;
	-o) out=$2; shift 2 ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || { echo "usage: $0 [-O LEVEL] [-o OUTDIR] FIRST LAST [PLUGIN]" >&2; exit 2; }
first=$1; last=$2
here=$(cd "$(dirname "$0")/../.." && pwd)
plugin=${3:-$here/build/ssara.so}
CC=${CC:-gcc}
inc=${CSMITH_INC:-/usr/include/csmith}
tmo=${CSMITH_TIMEOUT:-10}
norun=${CSMITH_RUN:-1}; [ "$norun" = 0 ] && norun=1 || norun=0
extra=${EXTRA_CFLAGS:-}
pargs=${PLUGIN_ARGS:-}
replay=${CSMITH_REPLAY:-0}
bin=${SSARA_BIN:-$here/build/ssara}
command -v csmith >/dev/null || { echo "csmith: not installed" >&2; exit 77; }
[ -f "$inc/csmith.h" ] || { echo "$inc/csmith.h: missing (libcsmith-dev)" >&2; exit 77; }
[ -f "$plugin" ] || { echo "$plugin: missing" >&2; exit 2; }
[ "$replay" = 0 ] || [ -x "$bin" ] || { echo "$bin: missing (make build/ssara)" >&2; exit 2; }
keep=1
if [ -z "$out" ]; then out=$(mktemp -d); keep=0; fi
mkdir -p "$out"
case $lvl in -O0) ref=-O2 ;; *) ref=-O0 ;; esac

# replay S E: `ssara verify` on each allocation of GCC dumped in S.d
# against the compiler's verdict on that function in E (its messages);
# prints "SAME DIFFER" and lists the differing ones in $out/replay.txt
replay() {
	rs=0; rd=0
	for g in "$1.d"/*.gcc.ir; do
		[ -f "$g" ] || continue
		line=$("$bin" verify "${g%.gcc.ir}.ir" "$g" 2>&1 | head -n 1)
		fn=${line%%: *}
		w=$(echo "${line#*: }" | sed 's/[ :(].*//')
		q="GCC's allocation of \\(‘\\|'\\)$fn\\(’\\|'\\)"
		if grep -q "warning: ssara: $q is wrong: " "$2"; then v=violation
		elif grep -q "note: ssara: $q verified$" "$2"; then v=verified
		elif grep -q "note: ssara: $q unverified: " "$2"; then v=unverified
		else v=none
		fi
		if [ "$w" = "$v" ]; then rs=$((rs + 1))
		else
			rd=$((rd + 1))
			echo "$(basename "$1") $fn: compiler $v, replay $w" >> "$out/replay.txt"
		fi
	done
	[ "$rd" -gt 0 ] || rm -rf "$1.d"
	echo "$rs $rd"
}

# run EXE: its output's last line (the checksum), or TIMEOUT / FAIL
run() {
	rc=0
	timeout "$tmo" "$1" > "$1.out" 2>/dev/null || rc=$?
	if [ $rc -eq 0 ]; then tail -n 1 "$1.out"
	elif [ $rc -eq 124 ]; then echo TIMEOUT
	else echo FAIL
	fi
	rm -f "$1.out"
}

n=$first
while [ "$n" -le "$last" ]; do
	s=$out/s$n
	[ -f "$s.c" ] || (cd "$out" && csmith --seed "$n") > "$s.c" # csmith writes platform.info into its directory
	if [ -f "$s.row" ] && [ -f "$s.err" ]; then
		n=$((n + 1)); continue # done by an earlier run into OUTDIR
	fi
	dump=
	if [ "$replay" != 0 ]; then
		rm -rf "$s.d"; mkdir -p "$s.d"; dump=-fplugin-arg-ssara-dump=$s.d
	fi
	if [ "$norun" = 1 ]; then
		"$CC" $lvl -c "$s.c" -I"$inc" -o /dev/null $extra \
			-fplugin="$plugin" -fplugin-arg-ssara-verify=both $pargs $dump \
			-fplugin-arg-ssara-verbose -fno-diagnostics-color 2> "$s.err" &&
			run=notrun || run=nobuild
	elif "$CC" $lvl -c "$s.c" -I"$inc" -o "$s.p.o" $extra \
		-fplugin="$plugin" -fplugin-arg-ssara-verify=both $pargs $dump \
		-fplugin-arg-ssara-verbose -fno-diagnostics-color 2> "$s.err" &&
		"$CC" "$s.p.o" -o "$s.p" &&
		"$CC" $lvl -w "$s.c" -I"$inc" -o "$s.g" $extra &&
		"$CC" $ref -w "$s.c" -I"$inc" -o "$s.r" $extra; then
		a=$(run "$s.p"); b=; c=
		# a program that runs out of time with the plugin's build
		# does in the others too (the same code): not run again
		if [ "$a" != TIMEOUT ]; then b=$(run "$s.g"); c=$(run "$s.r"); fi
		if [ "$a" = TIMEOUT ] || [ "$b" = TIMEOUT ] || [ "$c" = TIMEOUT ]; then
			run=timeout
		elif [ "$a" = "$b" ] && [ "$b" = "$c" ] && [ "$a" != FAIL ]; then
			run=same
		else
			run=differ
		fi
	else
		run=nobuild
	fi
	rm -f "$s.p.o" "$s.p" "$s.g" "$s.r"
	e=$s.err
	f=$(grep -c "note: ssara: .* captured: " "$e" || true)
	row="$f"
	for w in "GCC's" "ssara's"; do
		v=$(grep -c "note: ssara: $w allocation of .* verified$" "$e" || true)
		u=$(grep -c "note: ssara: $w allocation of .* unverified: " "$e" || true)
		x=$(grep "warning: ssara: $w allocation of .* is wrong: " "$e" |
			sed "s/.*allocation of \(.*\) is wrong: .*/\1/" | sort -u | wc -l)
		m=$(grep -c "warning: ssara: $w allocation of .* is wrong: " "$e" || true)
		row="$row $v $u $x $m"
	done
	sub=$(grep -c "note: ssara: .*allocation substituted$" "$e" || true)
	subx=$(grep -c "warning: ssara: ssara's substituted allocation of .* is wrong: " "$e" || true)
	rp="0 0"
	[ "$replay" = 0 ] || rp=$(replay "$s" "$e")
	echo "$row $run $sub $subx $rp" > "$s.row"
	echo "csmith $lvl seed $n: $row $run" >&2
	n=$((n + 1))
done
n=$first
while [ "$n" -le "$last" ]; do
	grep "warning: ssara: .* is wrong: " "$out/s$n.err" | sed "s|^[^ ]* |s$n: |" || true
	n=$((n + 1))
done > "$out/violations"
n=$first
while [ "$n" -le "$last" ]; do cat "$out/s$n.row"; n=$((n + 1)); done | awk -v lvl="$lvl${extra:+ $extra}" -v f="$first" -v l="$last" '
{ for (i = 1; i <= 9; i++) t[i] += $i; r[$10]++; t[11] += $11; t[12] += $12; t[13] += $13; t[14] += $14 }
END {
	printf "csmith seeds %d..%d at %s\n", f, l, lvl
	printf "%-22s %8d\n", "functions", t[1]
	printf "%-22s %8s %8s\n", "", "GCC", "ssara"
	printf "%-22s %8d %8d\n", "verified", t[2], t[6]
	printf "%-22s %8d %8d\n", "unverified", t[3], t[7]
	printf "%-22s %8d %8d\n", "violation (functions)", t[4], t[8]
	printf "%-22s %8d %8d\n", "violation (messages)", t[5], t[9]
	printf "%-22s %8d %8d\n", "no verdict", t[1] - t[2] - t[3] - t[4], t[1] - t[6] - t[7] - t[8]
	if (t[11] + t[12] > 0) {
		printf "%-22s %8d\n", "substituted", t[11]
		printf "%-22s %8d\n", "substituted violations", t[12]
	}
	if (t[13] + t[14] > 0) {
		printf "%-22s %8d\n", "replay same verdict", t[13]
		printf "%-22s %8d\n", "replay other verdict", t[14]
	}
	printf "%-22s %8d\n", "same checksum", r["same"]
	printf "%-22s %8d\n", "differ", r["differ"]
	printf "%-22s %8d\n", "timeout", r["timeout"]
	printf "%-22s %8d\n", "nobuild", r["nobuild"]
	if (r["notrun"]) printf "%-22s %8d\n", "not run", r["notrun"]
}'
[ $keep -eq 1 ] || rm -rf "$out"
