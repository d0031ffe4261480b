#!/usr/bin/env bash
# The C search core under AddressSanitizer and UndefinedBehaviorSanitizer (issue 41, item 6):
# built into a temporary folder (the installed build is untouched) and driven over 2 000
# positions of real Easy Harp deals, 1 000 of FreeCell deals and deals 617 and 11 982 solved
# whole, 500 of Klondike deals (tools/klondike_drive.py), and hostile states of each game
# (tools/sanitize_drive.py). Any sanitizer report fails the run. A few minutes on 2 shared cores.
set -euo pipefail
cd "$(dirname "$0")/.."
py=.venv/bin/python
positions="${1:-2000}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
inc="$($py -c 'import sysconfig; print(sysconfig.get_paths()["include"])')"
ext="$($py -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')"
gcc -shared -fPIC -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
  -fno-sanitize-recover=all -I"$inc" backend/harptowers/engine/solvers/csearch/*.c \
  -o "$tmp/_core$ext"
asan="$(gcc -print-file-name=libasan.so)"
[ -e "$asan" ] || { echo "sanitize.sh: FAIL: no libasan ($asan)" >&2; exit 1; }
rc=0
LD_PRELOAD="$asan" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  "$py" tools/sanitize_drive.py "$tmp" "$positions" 2> "$tmp/log" || rc=$?
if [ "$rc" != 0 ] || grep -qE "runtime error|AddressSanitizer|LeakSanitizer" "$tmp/log"; then
  cat "$tmp/log" >&2
  echo "sanitize.sh: FAIL (exit $rc)" >&2
  exit 1
fi
echo "sanitize.sh: no sanitizer report"
