#!/usr/bin/env bash
# Set up (if needed) and run all tests (unit + e2e); extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export QT_API=pyside6 PYWEBVIEW_GUI=qt
[ "$(id -u)" != 0 ] || export QTWEBENGINE_DISABLE_SANDBOX=1
XPID=
trap '[ -z "$XPID" ] || { kill $XPID; wait $XPID; } 2>/dev/null || true' EXIT
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  n=99
  while [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
  Xvfb :$n -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  XPID=$!
  for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done
  [ -e /tmp/.X11-unix/X$n ] || { echo "test.sh: Xvfb :$n did not start" >&2; exit 1; }
  export DISPLAY=:$n
  echo "test.sh: no display; using Xvfb on DISPLAY=:$n" >&2
fi

dirs=()
for d in tests e2e; do [ -d "$d" ] && dirs+=("$d"); done
((${#dirs[@]})) || { echo "test.sh: FAIL: neither tests/ nor e2e/ exists" >&2; exit 1; }
echo "test.sh: e2e failure artefacts (screenshots, console logs) go to $PWD/artifacts/"

rc=0
.venv/bin/python -m pytest "${dirs[@]}" -q -p no:cacheprovider "$@" || rc=$?
if [ "$rc" = 5 ]; then
  echo "test.sh: FAIL: pytest collected no tests (exit 5)" >&2
  rc=1
fi
if [ -d artifacts ] && [ -n "$(find artifacts -type f | head -1)" ]; then
  echo "test.sh: artefacts in $PWD/artifacts/:"
  find artifacts -type f | sort | sed 's/^/  /'
fi
exit "$rc"
