#!/bin/sh
# hostile.sh - time and memory of `ssara alloc --verify` on inputs built to
# stress one dimension (bench/RESULTS.md "Hostile input"):
#   - one instruction reading p1 through N operands;
#   - a jump table of N blocks joining in one (a phi of N operands);
#   - one small function naming p16777215 (pseudo tables by number).
#
#   hostile.sh [SSARA]     (default build/ssara)
# Prints one Markdown table row per input: "| input | seconds, peak KB |".
set -eu
SRCDIR=$(cd "$(dirname "$0")/.." && pwd)
SSARA=${1:-$SRCDIR/build/ssara}
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT

# operands N: one ord reading p1 N times
operands() {
	{
		printf 'func ops\n  pseudo p1 gpr 8\nb2: freq=1000 depth=0\n'
		printf '  1: copy =p1, %%di\n  2: ord "use" p1'
		i=1
		while [ $i -lt "$1" ]; do printf ', p1'; i=$((i + 1)); done
		printf '\n  3: ret\nend\n'
	} >"$W/ops$1.ir"
	echo "$W/ops$1.ir"
}

# jumptable N: b1 branches to N blocks, each defining its own value,
# joined by one phi in b(N+2)
jumptable() {
	awk -v n="$1" 'BEGIN {
		printf "func jt\n  pseudo p1 gpr 8\n"
		for (k = 2; k <= n + 2; k++) printf "  pseudo p%d gpr 8\n", k
		printf "b1: freq=10000 depth=0 ->"
		for (k = 2; k <= n + 1; k++) printf " b%d", k
		printf "\n  1: copy =p1, %%di\n  2: branch \"tablejump\" p1\n"
		for (k = 2; k <= n + 1; k++)
			printf "b%d: freq=1 depth=0 -> b%d\n  %d: ord \"*movdi_internal\" =p%d, $%d [remat]\n", k, n + 2, k + 1, k, k
		printf "b%d: freq=10000 depth=0\n  %d: phi =p%d", n + 2, n + 3, n + 2
		for (k = 2; k <= n + 1; k++) printf ", p%d from b%d", k, k
		printf "\n  %d: copy =%%ax, p%d\n  %d: ret %%ax\nend\n", n + 4, n + 2, n + 5
	}' >"$W/jt$1.ir"
	echo "$W/jt$1.ir"
}

# sparse: a few instructions, p16777215 among their pseudos
sparse() {
	cat >"$W/sparse.ir" <<'IR'
func big
  pseudo p1 gpr 8
  pseudo p2 gpr 8
  pseudo p16777215 gpr 8
b2: freq=1000 depth=0 -> b3 b4
  1: copy =p1, %di
  2: copy =p16777215, %si
  3: ord "*cmpdi_1" =%flags, p1, p16777215
  4: branch "*jcc" %flags
b3: freq=500 depth=0 -> b4
  5: ord "*adddi_1" =p2, p1 ^0, p16777215 clobber {flags}
  6: copy =p1, p2
b4: freq=1000 depth=0
  7: ord "*adddi_1" =p2, p1 ^0, p16777215 clobber {flags}
  8: copy =%ax, p2
  9: ret %ax
end
IR
	echo "$W/sparse.ir"
}

# row LABEL FILE: alloc --verify at all registers and at 2
row() {
	for regs in 0 2; do
		a=""
		[ $regs -gt 0 ] && a="--regs $regs"
		/usr/bin/time -f "%e s, %M KB" -o "$W/t" "$SSARA" alloc --verify $a "$2" >"$W/out" 2>&1 || true
		v=$(grep -m1 '^# ' "$W/out" | sed 's/^# [^:]*: //')
		printf '| %s, %s registers | %s | %s |\n' "$1" "$( [ $regs -gt 0 ] && echo $regs || echo all)" "$(cat "$W/t")" "$v"
	done
}

echo "| input | time, peak memory | verdict |"
echo "|---|---|---|"
for n in 1000 2000 10000; do row "one instruction reading p1 through $n operands" "$(operands $n)"; done
for n in 4000 16000; do row "a jump table of $n blocks, a phi of $n operands" "$(jumptable $n)"; done
row "one function naming p16777215 ($(wc -c <"$(sparse)") bytes)" "$(sparse)"
