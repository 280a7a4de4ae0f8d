#!/bin/sh
# inject.sh - detection rate of the checker of GCC's allocation, measured
# by injecting faults into GCC's post-RA RTL (-fplugin-arg-ssara-inject).
#
#   inject.sh [--files N | --list "NAME.c ..."] [--kinds "K ..."] [--max M]
#             [--site N] [--levels "-O2 -O0"] [--jobs J] [--out DIR] [--strict]
#   inject.sh --misses MISSFILE [--jobs J] [--out DIR]   (re-run listed misses)
#   inject.sh --summary DIR       (the table and the misses of a finished run)
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
# --site N injects only site N (no site count).
# Every miss (behaviour changed, not detected) is built and run again
# (--recheck: the injected build twice and the build with the plugin but
# no fault, each against the plain build) and classed:
#   (a)  verified with the fault: the checker accepted it (a soundness bug);
#   (b)  unverified without the fault too;
#   (b') verified without the fault, not verified with it;
#   (c)  not captured (unchecked) without the fault;
#   (v)  a violation already without the fault;
#   (d)  the program changed for another reason (an injected run behaved
#        as the plain one, or the plugin build without the fault did not).
# The misses are written to DIR/misses.list, one a line: KIND LEVEL SITE
# FILE FN CLASS CLEAN-VERDICT VERDICT ("inject.sh --misses" re-runs them).
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
KINDS_ALL="drop-reload redirect-use swap-moves reuse-slot call-clobbered frame-offset invert-jump redirect-jump"

# verdict ERRFILE FN: the checker's verdict on FN in a verbose compile's
# messages: violation, verified, unverified:REASON, unchecked:REASON (not
# captured, with the capture's reason) or unchecked (no message); spaces
# in a reason are _, uid numbers dropped.
verdict() {
	if grep -q "ssara: GCC's allocation of '$2' is wrong" "$1"; then
		echo violation
	elif grep -q "ssara: GCC's allocation of '$2' verified" "$1"; then
		echo verified
	elif grep -q "ssara: GCC's allocation of '$2' unverified: " "$1"; then
		echo "unverified:$(sed -n "s/.*ssara: GCC's allocation of '$2' unverified: //p" "$1" |
			head -1 | sed 's/ (uid [0-9]*)//; s/ /_/g')"
	elif grep -q "ssara: '$2' unsupported: " "$1"; then
		echo "unchecked:$(sed -n "s/.*ssara: '$2' unsupported: //p" "$1" |
			head -1 | sed 's/ (uid [0-9]*)//; s/ /_/g')"
	else
		echo unchecked
	fi
}

# --- one job: FILE LEVEL KIND M (in the environment: OUT, PLUGIN) -------
# Prints "I KIND LEVEL N FILE FN UID CHANGED DETECTED VERDICT CLEAN" per
# injection, "S KIND LEVEL COUNT FILE" once (the unit's sites of KIND),
# and "B KIND LEVEL N FILE" for a compile broken by the
# injection.  VERDICT: the checker's verdict on FN with the injection
# (violation, verified, unverified:REASON, or unchecked when there is
# none: an unsupported function); CLEAN: the same without injection.
if [ "${1:-}" = --one ]; then
	src=$2 lvl=$3 kind=$4 max=$5 first=${6:-1}
	name=$(basename "$src" .c)
	d=$OUT/work/$name$lvl
	n=$first
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
	if [ "$n" -gt "$max" ] && [ "$first" -eq 1 ]; then
		# sites beyond the last one injected: count them all (no
		# injection at a site number past the unit's last)
		sites=$(LC_ALL=C timeout 120 "$CC" $lvl -c "$src" -o /dev/null \
			-fplugin="$PLUGIN" -fplugin-arg-ssara-inject="$kind:1000000000" 2>&1 |
			sed -n 's/^ssara-inject-sites: [^ ]* [^ ]* //p' | head -1)
		echo "S $kind $lvl ${sites:-?} $src"
	fi
	exit 0
fi

# --- one recheck: KIND LEVEL N FILE --------------------------------------
# Builds FILE with the fault again and runs it twice, and runs the build
# with the plugin but no fault (the baseline's clean.exe) once, each
# compared with the plain build (exit status and output); prints
# "R KIND LEVEL N FILE INJ1 INJ2 CLEAN", each same or diff.
if [ "${1:-}" = --recheck ]; then
	kind=$2 lvl=$3 n=$4 src=$5
	name=$(basename "$src" .c)
	d=$OUT/work/$name$lvl
	b=$d/$kind.$n.re
	# same EXE: "same" when EXE behaves as the plain build
	same() {
		sh -c 'cd "$1" && exec timeout 10 $NOASLR "$2" >"$3" 2>/dev/null' sh "$d" "$1" "$b.out" 2>/dev/null
		if [ "$?" = "$(cat "$d/base.status")" ] && cmp -s "$b.out" "$d/base.out"; then
			echo same
		else
			echo diff
		fi
	}
	r1=diff r2=diff
	if LC_ALL=C timeout 120 "$CC" $lvl -w "$src" -o "$b.exe" -fplugin="$PLUGIN" \
		-fplugin-arg-ssara-inject="$kind:$n" -lm >/dev/null 2>&1; then
		r1=$(same "$b.exe") r2=$(same "$b.exe")
	else
		r1=broken r2=broken
	fi
	echo "R $kind $lvl $n $src $r1 $r2 $(same "$d/clean.exe")"
	rm -f "$b.exe" "$b.out"
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

# --- the table of a run: OUT/results --------------------------------------
# recheck_misses: appends an R line (--recheck) for every miss of
# $OUT/results that has none.
recheck_misses() {
	awk '$1 == "R" { r[$2 " " $3 " " $4 " " $5] = 1 }
	     $1 == "I" && $8 == 1 && $9 == 0 { m[++n] = $2 " " $3 " " $4 " " $5 }
	     END { for (i = 1; i <= n; i++) if (!(m[i] in r)) print m[i] }' "$R" |
		xargs -r -P "$jobs" -L 1 sh "$SELF" --recheck >>"$R.re"
	cat "$R.re" >>"$R" && rm -f "$R.re"
}

# report KINDS: prints the table per kind of $R (with the misses' classes
# from the R lines), the misses grouped by kind, class and the verdict
# without the fault, and writes $OUT/misses.list.
report() {
	awk -v kinds="$1" -v mfile="$OUT/misses.list" '
	$1 == "R" { re[$2 " " $3 " " $4 " " $5] = ($6 == "diff" && $7 == "diff" && $8 == "same") ? "ok" : "d" }
	$1 == "I" { I[++ni] = $0 }
	$1 == "B" { brk[$2]++ }
	$1 == "S" && $4 != "?" { sites[$2] += $4 }
	function pct(a, b) { return b ? sprintf("%.0f%%", 100 * a / b) : "-" }
	# the class of a miss (fields of its I line), "d" when the recheck
	# does not confirm the fault as the cause (or did not run)
	function class(kind, lvl, n, src, v, cv,   key) {
		key = kind " " lvl " " n " " src
		if (!(key in re) || re[key] == "d") return "d"
		if (v == "verified") return "a"
		if (cv == "violation") return "v"
		if (cv ~ /^unchecked/) return "c"
		if (cv == "verified") return "b\047"
		return "b"
	}
	END {
		C[1] = "a"; C[2] = "b"; C[3] = "b\047"; C[4] = "c"; C[5] = "v"; C[6] = "d"
		printf "" >mfile
		for (j = 1; j <= ni; j++) {
			split(I[j], f, " "); k = f[2]
			inj[k]++; chg[k] += f[8]; det[k] += f[9]
			if (f[8]) dc[k] += f[9]; else dn[k] += f[9]
			if (f[10] ~ /^unverified/) unv[k]++
			if (f[10] ~ /^unchecked/) unc[k]++
			if (f[11] == "violation") pre[k]++
			if (f[11] == "verified") { cver[k]++; if (f[8]) { vchg[k]++; vdet[k] += f[9] } }
			if (f[8] && !f[9]) {
				c = class(k, f[3], f[4], f[5], f[10], f[11])
				mc[k, c]++
				np = split(f[5], p, "/")
				printf "%s %s %s %s %s %s %s %s\n", k, f[3], f[4], p[np], f[6], c, f[11], f[10] >mfile
				g = k SUBSEP c SUBSEP f[11]
				if (!(g in grp)) { ng++; G[ng] = g }
				grp[g] = grp[g] (grp[g] == "" ? "" : ", ") p[np] " " f[6] " " f[3] ":" f[4]
				gn[g]++
			}
		}
		close(mfile)
		printf "| kind | sites | injected | behaviour changed | detected | detected among changed | changed in functions verified without the fault: detected | detected among unchanged | unverified | unchecked | wrong already without injection | misses (a) | (b) | (b\047) | (c) | (v) | (d) | broken compiles |\n"
		printf "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
		nk = split(kinds, K, " ")
		for (i = 1; i <= nk; i++) {
			k = K[i]; c = chg[k] + 0; u = inj[k] - c
			printf "| %s | %d | %d | %d | %d | %d/%d (%s) | %d/%d (%s) | %d/%d (%s) | %d | %d | %d", k, sites[k], inj[k], c, det[k], dc[k], c, pct(dc[k], c), vdet[k], vchg[k], pct(vdet[k], vchg[k]), dn[k], u, pct(dn[k], u), unv[k], unc[k], pre[k]
			for (x = 1; x <= 6; x++) { printf " | %d", mc[k, C[x]]; tm[x] += mc[k, C[x]] }
			printf " | %d |\n", brk[k]
			ts += sites[k]; ti += inj[k]; tc += c; td += det[k]; tdc += dc[k]; tdn += dn[k]; tb += brk[k]
			tu += unv[k]; tn += unc[k]; tp += pre[k]; tvc += vchg[k]; tvd += vdet[k]
		}
		printf "| all | %d | %d | %d | %d | %d/%d (%s) | %d/%d (%s) | %d/%d (%s) | %d | %d | %d", ts, ti, tc, td, tdc, tc, pct(tdc, tc), tvd, tvc, pct(tvd, tvc), tdn, ti - tc, pct(tdn, ti - tc), tu, tn, tp
		for (x = 1; x <= 6; x++) printf " | %d", tm[x]
		printf " | %d |\n", tb
		if (ng) print "\nMisses by kind, class and verdict without the fault (FILE FN LEVEL:SITE):"
		for (i = 1; i <= nk; i++)
			for (x = 1; x <= 6; x++)
				for (j = 1; j <= ng; j++) {
					split(G[j], h, SUBSEP)
					if (h[1] == K[i] && h[2] == C[x])
						printf "- %s (%s) %s: %d: %s\n", h[1], h[2], h[3], gn[G[j]], grp[G[j]]
				}
	}' "$R"
}

# --- the driver -----------------------------------------------------------
OUT=$SRCDIR/build/inject
files=40
list=
kinds=$KINDS_ALL
max=3
site=
levels="-O2 -O0"
jobs=2
strict=0
summary=
misses=
while [ $# -gt 0 ]; do
	case $1 in
	--files) files=$2; shift;;
	--list) list=$2; shift;;
	--kinds) kinds=$2; shift;;
	--max) max=$2; shift;;
	--site) site=$2; shift;;
	--levels) levels=$2; shift;;
	--jobs) jobs=$2; shift;;
	--out) OUT=$2; shift;;
	--strict) strict=1;;
	--summary) summary=$2; shift;;
	--misses) misses=$2; shift;;
	*) echo "inject.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
# Programs run without address-space randomisation where setarch can
# (a corrupted program reads stale registers: with ASLR whether its
# behaviour changes may differ from run to run).
NOASLR=
setarch -R true 2>/dev/null && NOASLR="setarch -R"
if [ -n "$summary" ]; then
	# a finished run (its plugin copy, work directory and results)
	OUT=$summary R=$summary/results PLUGIN=$summary/ssara.so
	[ -f "$R" ] && [ -f "$PLUGIN" ] || { echo "inject.sh: no run in $summary" >&2; exit 2; }
	export OUT PLUGIN CC NOASLR
	# verdicts again from the compiles' messages (an older driver gave
	# no reason for a function not captured)
	while read -r line; do
		set -- $line
		if [ "$1" = I ] && [ "${10}" = unchecked ] || [ "$1" = I ] && [ "${11}" = unchecked ]; then
			d=$OUT/work/$(basename "$5" .c)$3
			if [ -f "$d/$2.$4.err" ] && [ -f "$d/clean.err" ]; then
				line="I $2 $3 $4 $5 $6 $7 $8 $9 $(verdict "$d/$2.$4.err" "$6") $(verdict "$d/clean.err" "$6")"
			fi
		fi
		echo "$line"
	done <"$R" >"$R.new" && mv "$R.new" "$R"
	recheck_misses
	report "$(awk '$1 == "I" || $1 == "S" { print $2 }' "$R" | awk '!s[$0]++' | tr '\n' ' ')"
	exit 0
fi
PLUGIN=$SRCDIR/build/ssara.so
[ -f "$PLUGIN" ] || { echo "inject.sh: no plugin at $PLUGIN (make build/ssara.so)" >&2; exit 2; }

# The sources, extracted once where run.sh puts them (same marker).
SRC=$SRCDIR/build/torture/src
. "$SRCDIR/testsuite/torture/sources.sh"
gcc_sources "$SRC" inject
E=$SRC/$G/gcc/testsuite/gcc.c-torture/execute

if [ -n "$misses" ]; then
	[ -f "$misses" ] || { echo "inject.sh: no file $misses" >&2; exit 2; }
	misses=$(cd "$(dirname "$misses")" && pwd)/$(basename "$misses")
fi
rm -rf "$OUT" && mkdir -p "$OUT/work" || exit 2
cp "$PLUGIN" "$OUT/ssara.so" && PLUGIN=$OUT/ssara.so || exit 2
export OUT PLUGIN CC NOASLR
ls "$E"/*.c | sort >"$OUT/all.list"
n=$(wc -l <"$OUT/all.list")
[ "$files" -eq 0 ] && files=$n
if [ -n "$misses" ]; then
	# the (file, level) pairs and the kinds of the listed misses ('#'
	# lines and empty ones skipped)
	grep -v '^#' "$misses" | awk 'NF >= 4' >"$OUT/misses.in"
	misses=$OUT/misses.in
	awk '{ print $2, $4 }' "$misses" | awk '!s[$0]++' >"$OUT/pairs.list"
	kinds=$(awk '{ print $1 }' "$misses" | awk '!s[$0]++' | tr '\n' ' ')
elif [ -n "$list" ]; then
	for lvl in $levels; do for f in $list; do echo "$lvl $f"; done; done >"$OUT/pairs.list"
else
	awk -v n="$n" -v k="$files" 'BEGIN { s = n / k; if (s < 1) s = 1; next_i = 0 }
		NR - 1 >= next_i && c < k { print; c++; next_i += s }' \
		"$OUT/all.list" | sed 's,.*/,,' >"$OUT/files.list"
	for lvl in $levels; do
		while read -r f; do echo "$lvl $f"; done <"$OUT/files.list"
	done >"$OUT/pairs.list"
fi
start=$(date +%s)
while read -r lvl f; do printf '%s %s\n' "$E/$f" "$lvl"; done <"$OUT/pairs.list" |
	xargs -r -P "$jobs" -L 1 sh "$SELF" --base >"$OUT/pass.list"
echo "inject: $(awk '{ print $2 }' "$OUT/pairs.list" | sort -u | wc -l) programs, $(wc -l <"$OUT/pass.list") (program, level) pairs build and pass with plain GCC"

R=$OUT/results
# the jobs: FILE LEVEL KIND LAST FIRST
if [ -n "$misses" ]; then
	awk -v e="$E" 'NR == FNR { ok[$2 " " $3] = 1; next }
		(e "/" $4 " " $2) in ok { print e "/" $4, $2, $1, $3, $3 }' "$OUT/pass.list" "$misses"
else
	while read -r _ f lvl; do
		for k in $kinds; do
			if [ -n "$site" ]; then
				printf '%s %s %s %s %s\n' "$f" "$lvl" "$k" "$site" "$site"
			else
				printf '%s %s %s %s 1\n' "$f" "$lvl" "$k" "$max"
			fi
		done
	done <"$OUT/pass.list"
fi >"$OUT/jobs.list"
total=$(wc -l <"$OUT/jobs.list")
xargs -r -P "$jobs" -L 1 sh "$SELF" --one <"$OUT/jobs.list" |
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
echo "inject: $total (program, level, kind) runs in $secs s"
recheck_misses
report "$kinds" | tee "$OUT/table.md"
missed=$(awk '$1 == "I" && $8 == 1 && $9 == 0' "$R" | wc -l)
missed_verified=$(awk '$1 == "I" && $8 == 1 && $9 == 0 && $11 == "verified"' "$R" | wc -l)
broken=$(grep -c '^B ' "$R")
echo "inject: misses listed in $OUT/misses.list (re-run: inject.sh --misses FILE)"
echo "inject: summary: injected=$(grep -c '^I ' "$R") changed=$(awk '$1 == "I" { s += $8 } END { print s + 0 }' "$R") detected=$(awk '$1 == "I" { s += $9 } END { print s + 0 }' "$R") missed=$missed missed_in_verified=$missed_verified broken=$broken"
if [ "$broken" -gt 0 ] || { [ $strict = 1 ] && [ "$missed_verified" -gt 0 ]; }; then
	exit 1
fi
exit 0
