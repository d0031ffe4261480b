#!/usr/bin/env bash
# Set up (if needed) and start Harp & Towers; extra arguments go to the app.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export QT_API=pyside6 PYWEBVIEW_GUI=qt
[ "$(id -u)" != 0 ] || export QTWEBENGINE_DISABLE_SANDBOX=1
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "start.sh: no DISPLAY or WAYLAND_DISPLAY; running on virtual screen Xvfb :99 (invisible)" >&2
  if [ ! -e /tmp/.X11-unix/X99 ]; then
    Xvfb :99 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
    XPID=$!
    trap '{ kill $XPID; wait $XPID; } 2>/dev/null || true' EXIT
    for _ in $(seq 50); do [ -e /tmp/.X11-unix/X99 ] && break; sleep 0.1; done
  fi
  export DISPLAY=:99
fi
.venv/bin/harp-towers "$@"
