# replay.sh - sourced by the drivers that replay dumped allocations
# (coverage.sh, gxx.sh).  Needs SSARA_BIN.

# replay_verdicts DIR JSON: `ssara verify` on each allocation of GCC
# dumped in DIR (F.gcc.ir beside its original F.ir), its verdict against
# the compiler's in the records JSON (docs/RECORDS.md); prints a line
# per function, "same FN" or "differ FN: compiler V, replay W".
replay_verdicts() {
	for _g in "$1"/*.gcc.ir; do
		[ -f "$_g" ] || continue
		_line=$("$SSARA_BIN" verify "${_g%.gcc.ir}.ir" "$_g" 2>&1 | head -n 1)
		_fn=${_line%%: *}
		_w=$(echo "${_line#*: }" | sed 's/[ :(].*//')
		_v=$(grep "\"fn\":\"$_fn\"" "$2" |
			sed -n 's/.*"verify":{"gcc":{"verdict":"\([^"]*\)".*/\1/p' | head -n 1)
		if [ "$_w" = "$_v" ]; then echo "same $_fn"
		else echo "differ $_fn: compiler $_v, replay $_w"
		fi
	done
}
