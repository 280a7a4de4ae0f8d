#!/bin/sh
# overhead.sh - compile time without the plugin, with it at the default
# (verify=gcc: the capture, the check of GCC's allocation, the records)
# and with verify=both (ssara's allocation and its check as well), in
# the same run.
#
#   sh testsuite/torture/overhead.sh [--rounds N] [--levels "-O0 -O2"]
#       [--subset K] [--plugins "SO..."] [--max S] [--times F]
#
# The corpus: libiberty and zlib (GCC's sources, as bench/real.sh
# compiles them) and gcc.c-torture/{execute,compile}, compiled only
# (-c), one compile at a time; files plain GCC cannot compile are left
# out.  Each file is compiled, in turn, without the plugin and with each
# plugin at verify=gcc and verify=both, so that the variants alternate
# compile by compile; N rounds (default 3) of that, and each variant's
# time of a file is its best (minimum) over the rounds; the table sums
# these minima per suite and level and over all.
# --subset K   K torture files (every n/K-th of the sorted list) instead
#              of all
# --plugins L  the plugin builds to compare (default build/ssara.so);
#              each is a path to a file named ssara.so
# --times F    also writes every compile's times to F, one line per
#              compile and variant: VARIANT LEVEL SUITE FILE WALL_NS CPU_NS
# --max S      compiles plain GCC does not finish within S seconds (default
#              10) are left out: GCC 12 needs most of a minute for
#              compile/20001226-1.c at -O2 (and loops on asmgoto-5.c at
#              -O0), and such a compile's noise alone would decide a sum
# Prints two Markdown tables, wall time and processor time (user and
# system time of the compiler driver and what it ran, from wait4: it
# leaves out the waits for a processor that make wall time move on a
# shared machine): seconds, and the plugin's share over plain.
set -u
SRCDIR=${SSARA_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
TARBALL=${SSARA_GCC_TARBALL:-/usr/src/gcc-12/gcc-12.2.0-dfsg.tar.xz}
CC=${CC:-gcc}
rounds=3
levels="-O0 -O2"
subset=
plugins=$SRCDIR/build/ssara.so
max=10
times=
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) rounds=$2; shift;;
	--levels) levels=$2; shift;;
	--subset) subset=$2; shift;;
	--plugins) plugins=$2; shift;;
	--max) max=$2; shift;;
	--times) times=$2; shift;;
	*) echo "overhead.sh: unknown argument '$1'" >&2; exit 2;;
	esac
	shift
done
for p in $plugins; do
	[ -f "$p" ] || { echo "overhead.sh: no plugin $p" >&2; exit 2; }
done
TIME=$SRCDIR/build/ssara-bench # --time: wall and processor time
[ -x "$TIME" ] || { echo "overhead.sh: no $TIME (make build/ssara-bench)" >&2; exit 2; }
. "$SRCDIR/testsuite/torture/sources.sh"
SRC=$SRCDIR/build/torture/src
gcc_sources "$SRC" overhead.sh $G/zlib
libiberty_config "$SRC" overhead.sh
T=$SRC/$G/gcc/testsuite/gcc.c-torture
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The corpus: lines "SUITE FILE FLAGS..."
libcfg="-DHAVE_CONFIG_H -I$SRC/libiberty-build -I$SRC/$G/libiberty -I$SRC/$G/include"
zcfg="-DHAVE_UNISTD_H -DHAVE_STDARG_H -D_LARGEFILE64_SOURCE=1 -I$SRC/$G/zlib"
{
	for f in "$SRC/$G"/libiberty/*.c; do echo "lib $f $libcfg"; done
	for z in adler32 compress crc32 deflate gzclose gzlib gzread gzwrite \
		infback inffast inflate inftrees trees uncompr zutil; do
		echo "lib $SRC/$G/zlib/$z.c $zcfg"
	done
} >"$tmp/corpus"
ls "$T"/execute/*.c "$T"/compile/*.c | sort >"$tmp/torture"
if [ -n "$subset" ]; then
	awk -v n="$(wc -l <"$tmp/torture")" -v k="$subset" \
		'BEGIN { s = n / k; if (s < 1) s = 1; next_i = 0 }
		 NR - 1 >= next_i { print; next_i += s }' "$tmp/torture" >"$tmp/t2"
	mv "$tmp/t2" "$tmp/torture"
fi
sed 's/^/torture /' "$tmp/torture" >>"$tmp/corpus"

# The variants: "plain", then per plugin i "gI" and "bI".
variants=plain
i=0
for p in $plugins; do
	i=$((i + 1))
	variants="$variants g$i b$i"
done
# flags VARIANT: the plugin options of a variant
flags() {
	case $1 in
	plain) return;;
	g*) _k=${1#g} _v=gcc;;
	b*) _k=${1#b} _v=both;;
	esac
	set -- $plugins
	eval "_p=\${$_k}"
	echo "-fplugin=$_p -fplugin-arg-ssara-verify=$_v"
}
# Compiles plain GCC cannot do, or not within --max seconds, are dropped
# from the corpus first.
for lvl in $levels; do
	while read -r s f cfg; do
		# shellcheck disable=SC2086
		timeout "$max" "$CC" $lvl -w -c "$f" -o "$tmp/o.o" $cfg 2>/dev/null &&
			echo "$lvl $s $f $cfg"
	done <"$tmp/corpus"
done >"$tmp/compiles"
# One line per compile and variant: "VARIANT LEVEL SUITE FILE WALL CPU",
# both in nanoseconds
for r in $(seq "$rounds"); do
	n=0 total=$(wc -l <"$tmp/compiles")
	while read -r lvl s f cfg; do
		n=$((n + 1))
		printf '\roverhead.sh: round %d/%d, %d/%d' "$r" "$rounds" "$n" "$total" >&2
		for v in $variants; do
			: >"$tmp/t"
			# shellcheck disable=SC2046,SC2086
			"$TIME" --time "$tmp/t" "$CC" $lvl -w -c "$f" -o "$tmp/o.o" \
				$cfg $(flags $v) 2>/dev/null ||
				echo "$v $lvl $f" >>"$tmp/failed"
			read -r wall user sys <"$tmp/t"
			echo "$v $lvl $s $f $wall $((1000 * (user + sys)))"
		done
	done <"$tmp/compiles" >>"$tmp/times"
done
printf '\n' >&2
[ -n "$times" ] && cp "$tmp/times" "$times"
# A compile that failed with a plugin would count as a fast one: the
# run is no measure then.
if [ -s "$tmp/failed" ]; then
	echo "overhead.sh: compiles that plain GCC did and a variant failed:" >&2
	sed 's/^/  /' "$tmp/failed" >&2
	exit 1
fi
# table COL WHAT: per (suite, level) and all, each variant's sum of the
# minima of field COL of the times (5: wall, 6: processor time).
table() {
awk -v variants="$variants" -v rounds="$rounds" -v plugins="$plugins" \
	-v col="$1" -v what="$2" '
{
	k = $1 SUBSEP $2 SUBSEP $3 SUBSEP $4
	if (!(k in best) || $col < best[k]) best[k] = $col
}
END {
	nv = split(variants, v, " ")
	np = split(plugins, pl, " ")
	for (k in best) {
		split(k, a, SUBSEP)
		g = (a[3] == "lib" ? "libiberty + zlib" : "torture") ", " a[2]
		sum[a[1], g] += best[k]
		sum[a[1], "all"] += best[k]
		if (a[1] == "plain") { cnt[g]++; cnt["all"]++; groups[g] = 1 }
	}
	hdr = "| " what ", input (best of " rounds ") | without plugin |"
	sep = "|---|---|"
	for (i = 1; i <= np; i++) {
		lbl = np > 1 ? " (" i ")" : ""
		hdr = hdr " verify=gcc" lbl " | verify=both" lbl " |"
		sep = sep "---|---|"
	}
	print hdr
	print sep
	ng = 0
	for (g in groups) list[++ng] = g
	for (i = 1; i <= ng; i++)
		for (j = i + 1; j <= ng; j++)
			if (list[j] < list[i]) { x = list[i]; list[i] = list[j]; list[j] = x }
	list[++ng] = "all"
	for (i = 1; i <= ng; i++) {
		g = list[i]
		p = sum["plain", g] / 1e9
		line = sprintf("| %s, %d compiles | %.2f s |", g, cnt[g], p)
		for (j = 2; j <= nv; j++) {
			x = sum[v[j], g] / 1e9
			line = line sprintf(" %.2f s (%+.1f%%) |", x, 100 * (x - p) / p)
		}
		print line
	}
}' "$tmp/times"
}
table 5 "wall"
echo
table 6 "processor time"
i=0
for p in $plugins; do
	i=$((i + 1))
	echo "($i) $p"
done
