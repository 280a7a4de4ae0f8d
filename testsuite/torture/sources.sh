# sources.sh - sourced by the torture drivers (run.sh, dump_ir.sh,
# coverage.sh, inject.sh): the parts of GCC's source tarball they compile.
# Needs TARBALL and CC; sets G, the tarball's top directory.

G=gcc-12.2.0

# gcc_sources SRC TAG [PATH...]: extracts gcc.c-torture/{execute,compile},
# libiberty, include, the configure helpers and the extra tarball paths
# (e.g. $G/zlib) into SRC, once (marker SRC/.extracted); progress and
# errors are prefixed with TAG.  Exits 2 on failure.
gcc_sources() {
	_src=$1 _tag=$2
	shift 2
	[ -f "$_src/.extracted" ] && return 0
	[ -f "$TARBALL" ] || { echo "$_tag: no $TARBALL (make deps installs gcc-12-source)" >&2; exit 2; }
	echo "$_tag: extracting sources from $TARBALL"
	rm -rf "$_src" && mkdir -p "$_src" || exit 2
	tar xJf "$TARBALL" -C "$_src" \
		$G/gcc/testsuite/gcc.c-torture/execute \
		$G/gcc/testsuite/gcc.c-torture/compile \
		$G/libiberty $G/include "$@" \
		$G/install-sh $G/config.guess $G/config.sub $G/mkinstalldirs || exit 2
	touch "$_src/.extracted"
}

# libiberty_config SRC TAG: runs libiberty's configure in
# SRC/libiberty-build once, for its config.h.  Exits 2 on failure.
libiberty_config() {
	[ -f "$1/libiberty-build/config.h" ] && return 0
	echo "$2: configuring libiberty (for config.h)"
	mkdir -p "$1/libiberty-build"
	(cd "$1/libiberty-build" && CC=$CC "$1/$G/libiberty/configure" >configure.log 2>&1) ||
		{ echo "$2: libiberty's configure failed (see $1/libiberty-build/configure.log)" >&2; exit 2; }
}

# fixed_for_regs N: the -ffixed- options that leave N allocatable general
# registers (of the 15 besides sp), taking first the registers that carry
# no argument (bx bp r10..r15); nothing for N = 0.
fixed_for_regs() {
	_n=15 _f=""
	if [ "$1" -gt 0 ]; then
		for _r in rbx rbp r10 r11 r12 r13 r14 r15 r9 r8 rcx rdx rsi rdi rax; do
			[ $_n -le "$1" ] && break
			_f="$_f -ffixed-$_r"
			_n=$((_n - 1))
		done
	fi
	echo "$_f"
}
