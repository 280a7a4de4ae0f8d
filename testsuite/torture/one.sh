#!/bin/sh
# one.sh SRC LEVEL SUITE - compiles SRC at LEVEL twice, without and with
# the plugin (dump, json, check), compares the objects without .ssara and
# prints one line:
#   R STATUS ROUNDTRIP_FAILURES NOTES SUITE LEVEL SRC
# STATUS: ok | differ (objects differ) | nocompile (plain GCC fails too) |
#         broke (only the plugin run fails) | crash (GCC crashed with the
#         plugin and not without).
# Environment: OUT (work directory), PLUGIN (the .so), CC, EXTRA_CFLAGS.
src=$1
lvl=$2
suite=$3
name=$(basename "$src" .c)
obj=$OUT/obj/$suite$lvl
dump=$OUT/dump/$suite$lvl
mkdir -p "$obj" "$dump"
b=$obj/$name
# shellcheck disable=SC2086
timeout 300 "$CC" $lvl -w -fno-diagnostics-color -c "$src" -o "$b.plain.o" \
	$EXTRA_CFLAGS >"$b.plain.err" 2>&1
p=$?
# shellcheck disable=SC2086
timeout 300 "$CC" $lvl -w -fno-diagnostics-color -c "$src" -o "$b.ssara.o" \
	$EXTRA_CFLAGS -fplugin="$PLUGIN" -fplugin-arg-ssara-dump="$dump" \
	-fplugin-arg-ssara-json="$OUT/records$lvl.json" \
	-fplugin-arg-ssara-check >"$b.ssara.err" 2>&1
s=$?
rt=$(grep -c 'does not round-trip' "$b.ssara.err")
notes=$(grep -c 'ssara:' "$b.ssara.err")
if [ $s -ne 0 ]; then
	if grep -q 'internal compiler error\|Segmentation fault\|Killed signal' "$b.ssara.err" &&
		! grep -q 'internal compiler error\|Segmentation fault\|Killed signal' "$b.plain.err"; then
		st=crash
	elif [ $p -ne 0 ]; then
		st=nocompile
	else
		st=broke
	fi
elif [ $p -ne 0 ]; then
	st=broke
else
	objcopy -R .ssara "$b.ssara.o" "$b.cmp.o" && objcopy "$b.plain.o" "$b.plaincmp.o"
	if cmp -s "$b.cmp.o" "$b.plaincmp.o"; then st=ok; else st=differ; fi
fi
# Keep the evidence of anything that is not plainly fine; of a good
# compile keep the object built with the plugin (for ssara-report).
if [ "$rt" -eq 0 ] && { [ $st = ok ] || [ $st = nocompile ]; }; then
	[ $st = ok ] && mv "$b.ssara.o" "$b.o"
	rm -f "$b".plain.* "$b".ssara.* "$b".cmp.o "$b".plaincmp.o
else
	rm -f "$b.cmp.o" "$b.plaincmp.o"
fi
echo "R $st $rt $notes $suite $lvl $src"
