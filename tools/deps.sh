#!/bin/sh
# Installs the Debian packages ssara needs, only those that are missing.
#   deps.sh         what building, `make demo` and the benchmarks need
#   deps.sh check   that and what only `make check` needs: chromium, in
#                   which the HTML report's pages are loaded and looked at
#                   (testsuite/unit/test_html.c)
set -e
PKGS="gcc g++ make libc6-dev binutils xz-utils gcc-12-plugin-dev libelf-dev libiberty-dev libglpk-dev gcc-12-source clang valgrind"
[ "${1:-}" = check ] && PKGS="$PKGS chromium"
missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "ssara: installing missing packages:$missing"
SUDO=
[ "$(id -u)" = 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
