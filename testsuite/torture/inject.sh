#!/bin/sh
# inject.sh - detection rate of the checker of GCC's allocation, measured
# by injecting faults into GCC's post-RA RTL (-fplugin-arg-ssara-inject).
#
#   inject.sh [--files N | --list "NAME.c ..."] [--kinds "K ..."] [--max M]
#             [--levels "-O2 -O0"] [--jobs J] [--out DIR] [--strict]
#
# Programs: N files of gcc.c-torture/execute (spread evenly over the
# sorted list, as run.sh picks its subset; 0 = all; default 40) or the
# files named by --list, extracted into
# build/torture/src as run.sh does, kept when plain GCC builds them and
# they exit 0 within 10 s at that level.  For each program, level, kind
# and site number n = 1..M (stopping at the first n without a site):
# compile with the plugin and inject=KIND:n, and see
#   injected   the plugin printed "ssara-inject: FILE FN KIND n UID";
#   detected   a warning "ssara: GCC's allocation of 'FN' is wrong" for
#              the injected function (and none for it without injection);
#   changed    the program's exit status or output differs from the
#              plain build's (a crash or a 10 s timeout included).
#   sites      the number of sites of KIND in the unit (the plugin
#              prints it when N is past the last site; with M sites or
#              more, one more compile counts them).
# A compile that fails with the injection (invalid RTL) is "broken".
# The table also counts the injected functions the checker left
# "unverified" (with the reason in the per-injection lines), those it did
# not check ("unchecked": unsupported by the capture), and those it
# already reported wrong without injection (a false alarm or a GCC bug:
# such a warning is not counted as a detection).
# Prints one line per injection, then a table per kind.  Exit status 1
# when a compile broke (the injector left invalid RTL) and, with
# --strict, when a behaviour-changing fault was not detected in a
# function whose allocation the checker verifies without injection (the
# others are listed with the checker's reason, not counted); 2 on a
# setup error; else 0.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
CC=${CC:-gcc}
SELF=$SRCDIR/testsuite/torture/inject.sh
KINDS_ALL="drop-reload redirect-use swap-moves reuse-slot call-clobbered frame-offset invert-jump"

# --- one job: FILE LEVEL KIND M (in the environment: OUT, PLUGIN) -------
# Prints "I KIND LEVEL N FILE FN UID CHANGED DETECTED VERDICT CLEAN" per
# injection, "S KIND LEVEL COUNT FILE" once (the unit's sites of KIND),
# and "B KIND LEVEL N FILE" for a compile broken by the
# injection.  VERDICT: the checker's verdict on FN with the injection
# (violation, verified, unverified:REASON, or unchecked when there is
# none: an unsupported function); CLEAN: the same without injection.
if [ "${1:-}" = --one ]; then
	src=$2 lvl=$3 kind=$4 max=$5
	name=$(basename "$src" .c)
	d=$OUT/work/$name$lvl
	# verdict ERRFILE FN
	verdict() {
		if grep -q "ssara: GCC's allocation of '$2' is wrong" "$1"; then
			echo violation
		elif grep -q "ssara: GCC's allocation of '$2' verified" "$1"; then
			echo verified
		elif grep -q "ssara: GCC's allocation of '$2' unverified: " "$1"; then
			echo "unverified:$(sed -n "s/.*ssara: GCC's allocation of '$2' unverified: //p" "$1" |
				head -1 | sed 's/ (uid [0-9]*)//; s/ /_/g')"
		else
			echo unchecked
		fi
	}
	n=1
	while [ "$n" -le "$max" ]; do
		b=$d/$kind.$n
		LC_ALL=C timeout 120 "$CC" $lvl -fno-diagnostics-color "$src" -o "$b.exe" \
			-fplugin="$PLUGIN" -fplugin-arg-ssara-inject="$kind:$n" \
			-fplugin-arg-ssara-verbose -lm >"$b.err" 2>&1
		st=$?
		line=$(grep '^ssara-inject: ' "$b.err" | head -1)
		if [ -z "$line" ]; then
			[ $st -ne 0 ] && echo "B $kind $lvl $n $src"
			sites=$(sed -n 's/^ssara-inject-sites: [^ ]* [^ ]* //p' "$b.err" | head -1)
			echo "S $kind $lvl ${sites:-?} $src"
			break
		fi
		if [ $st -ne 0 ]; then
			echo "B $kind $lvl $n $src"
			n=$((n + 1))
			continue
		fi
		fn=$(echo "$line" | cut -d' ' -f3)
		uid=$(echo "$line" | cut -d' ' -f6)
		v=$(verdict "$b.err" "$fn")
		cv=$(verdict "$d/clean.err" "$fn")
		det=0
		[ "$v" = violation ] && [ "$cv" != violation ] && det=1
		# (in a shell of its own, whose report of a signal goes nowhere)
		sh -c 'cd "$1" && exec timeout 10 $NOASLR "$2" >"$3" 2>/dev/null' sh "$d" "$b.exe" "$b.out" 2>/dev/null
		rs=$?
		chg=0
		if [ "$rs" != "$(cat "$d/base.status")" ] || ! cmp -s "$b.out" "$d/base.out"; then
			chg=1
		fi
		echo "I $kind $lvl $n $src $fn $uid $chg $det $v $cv"
		rm -f "$b.exe"
		n=$((n + 1))
	done
	if [ "$n" -gt "$max" ]; then
		# sites beyond the last one injected: count them all (no
		# injection at a site number past the unit's last)
		sites=$(LC_ALL=C timeout 120 "$CC" $lvl -c "$src" -o /dev/null \
			-fplugin="$PLUGIN" -fplugin-arg-ssara-inject="$kind:1000000000" 2>&1 |
			sed -n 's/^ssara-inject-sites: [^ ]* [^ ]* //p' | head -1)
		echo "S $kind $lvl ${sites:-?} $src"
	fi
	exit 0
fi

# --- one baseline: FILE LEVEL -------------------------------------------
# Builds plainly and with the plugin (no injection); prints "P FILE LEVEL"
# when the plain program builds and exits 0.
if [ "${1:-}" = --base ]; then
	src=$2 lvl=$3
	name=$(basename "$src" .c)
	d=$OUT/work/$name$lvl
	mkdir -p "$d"
	LC_ALL=C timeout 120 "$CC" $lvl -w "$src" -o "$d/base.exe" -lm >"$d/base.err" 2>&1 || exit 0
	sh -c 'cd "$1" && exec timeout 10 $NOASLR "$2" >"$3" 2>/dev/null' sh "$d" "$d/base.exe" "$d/base.out" 2>/dev/null
	rs=$?
	echo $rs >"$d/base.status"
	[ $rs -eq 0 ] || exit 0
	LC_ALL=C timeout 120 "$CC" $lvl -fno-diagnostics-color "$src" -o "$d/clean.exe" \
		-fplugin="$PLUGIN" -fplugin-arg-ssara-verbose -lm >"$d/clean.err" 2>&1 || exit 0
	echo "P $src $lvl"
	exit 0
fi

# --- the driver -----------------------------------------------------------
OUT=$SRCDIR/build/inject
files=40
list=
kinds=$KINDS_ALL
max=3
levels="-O2 -O0"
jobs=2
strict=0
while [ $# -gt 0 ]; do
	case $1 in
	--files) files=$2; shift;;
	--list) list=$2; shift;;
	--kinds) kinds=$2; shift;;
	--max) max=$2; shift;;
	--levels) levels=$2; shift;;
	--jobs) jobs=$2; shift;;
	--out) OUT=$2; shift;;
	--strict) strict=1;;
	*) echo "inject.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
PLUGIN=$SRCDIR/build/ssara.so
[ -f "$PLUGIN" ] || { echo "inject.sh: no plugin at $PLUGIN (make build/ssara.so)" >&2; exit 2; }

# The sources, extracted once where run.sh puts them (same marker).
SRC=$SRCDIR/build/torture/src
. "$SRCDIR/testsuite/torture/sources.sh"
gcc_sources "$SRC" inject
E=$SRC/$G/gcc/testsuite/gcc.c-torture/execute

rm -rf "$OUT" && mkdir -p "$OUT/work" || exit 2
cp "$PLUGIN" "$OUT/ssara.so" && PLUGIN=$OUT/ssara.so || exit 2
# Programs run without address-space randomisation where setarch can
# (a corrupted program reads stale registers: with ASLR whether its
# behaviour changes may differ from run to run).
NOASLR=
setarch -R true 2>/dev/null && NOASLR="setarch -R"
export OUT PLUGIN CC NOASLR
ls "$E"/*.c | sort >"$OUT/all.list"
n=$(wc -l <"$OUT/all.list")
[ "$files" -eq 0 ] && files=$n
if [ -n "$list" ]; then
	for f in $list; do echo "$E/$f"; done >"$OUT/files.list"
else
	awk -v n="$n" -v k="$files" 'BEGIN { s = n / k; if (s < 1) s = 1; next_i = 0 }
		NR - 1 >= next_i && c < k { print; c++; next_i += s }' \
		"$OUT/all.list" >"$OUT/files.list"
fi
start=$(date +%s)
for lvl in $levels; do
	while read -r f; do printf '%s %s\n' "$f" "$lvl"; done <"$OUT/files.list"
done | xargs -P "$jobs" -L 1 sh "$SELF" --base >"$OUT/pass.list"
echo "inject: $(wc -l <"$OUT/files.list") programs, $(wc -l <"$OUT/pass.list") (program, level) pairs build and pass with plain GCC ($levels)"

R=$OUT/results
total=$(( $(wc -l <"$OUT/pass.list") * $(echo $kinds | wc -w) ))
while read -r _ f lvl; do
	for k in $kinds; do printf '%s %s %s %s\n' "$f" "$lvl" "$k" "$max"; done
done <"$OUT/pass.list" |
	xargs -P "$jobs" -L 1 sh "$SELF" --one |
	while read -r line; do
		echo "$line" >>"$R"
		set -- $line
		if [ "$1" = I ]; then
			echo "inject: $2 $3 n=$4 $(basename "$5") $6 uid $7: changed=$8 detected=$9 verdict=${10} (without injection ${11})"
		elif [ "$1" = S ]; then
			echo "inject: $2 $3 $(basename "$5"): $4 sites"
		else
			echo "inject: BROKEN compile: $2 $3 n=$4 $(basename "$5")"
		fi
	done
touch "$R"
secs=$(( $(date +%s) - start ))

# --- the table ------------------------------------------------------------
echo "inject: $total (program, level, kind) runs in $secs s"
awk -v kinds="$kinds" '
	$1 == "I" { inj[$2]++; chg[$2] += $8; det[$2] += $9
		    if ($8) dc[$2] += $9; else dn[$2] += $9
		    if ($10 ~ /^unverified/) unv[$2]++
		    if ($10 == "unchecked") unc[$2]++
		    if ($11 == "violation") pre[$2]++ }
	$1 == "B" { brk[$2]++ }
	$1 == "S" && $4 != "?" { sites[$2] += $4 }
	function pct(a, b) { return b ? sprintf("%.0f%%", 100 * a / b) : "-" }
	END {
		printf "| kind | sites | injected | behaviour changed | detected | detected among changed | detected among unchanged | unverified | unchecked | wrong already without injection | broken compiles |\n"
		printf "|---|---|---|---|---|---|---|---|---|---|---|\n"
		nk = split(kinds, K, " ")
		for (i = 1; i <= nk; i++) {
			k = K[i]; c = chg[k] + 0; u = inj[k] - c
			printf "| %s | %d | %d | %d | %d | %d/%d (%s) | %d/%d (%s) | %d | %d | %d | %d |\n", k, sites[k], inj[k], c, det[k], dc[k], c, pct(dc[k], c), dn[k], u, pct(dn[k], u), unv[k], unc[k], pre[k], brk[k]
			ts += sites[k]; ti += inj[k]; tc += c; td += det[k]; tdc += dc[k]; tdn += dn[k]; tb += brk[k]
			tu += unv[k]; tn += unc[k]; tp += pre[k]
		}
		printf "| all | %d | %d | %d | %d | %d/%d (%s) | %d/%d (%s) | %d | %d | %d | %d |\n", ts, ti, tc, td, tdc, tc, pct(tdc, tc), tdn, ti - tc, pct(tdn, ti - tc), tu, tn, tp, tb
	}' "$R" | tee "$OUT/table.md"
missed=$(awk '$1 == "I" && $8 == 1 && $9 == 0' "$R" | wc -l)
missed_verified=$(awk '$1 == "I" && $8 == 1 && $9 == 0 && $11 == "verified"' "$R" | wc -l)
broken=$(grep -c '^B ' "$R")
if [ "$missed" -gt 0 ]; then
	echo "inject: behaviour-changing faults not detected:"
	awk '$1 == "I" && $8 == 1 && $9 == 0 { n = split($5, p, "/"); print "inject:   " $2, $3, "n=" $4, p[n], $6, $10, "(without injection " $11 ")" }' "$R"
fi
echo "inject: summary: injected=$(grep -c '^I ' "$R") changed=$(awk '$1 == "I" { s += $8 } END { print s + 0 }' "$R") detected=$(awk '$1 == "I" { s += $9 } END { print s + 0 }' "$R") missed=$missed missed_in_verified=$missed_verified broken=$broken"
if [ "$broken" -gt 0 ] || { [ $strict = 1 ] && [ "$missed_verified" -gt 0 ]; }; then
	exit 1
fi
exit 0
