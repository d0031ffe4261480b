#!/usr/bin/env bash
# The packaging check (run by .ci/run, not skippable there): build the bundle and its archive,
# validate the .desktop and metainfo files, install/uninstall into a temporary HOME, start the
# installed app and the one from a fresh venv under Xvfb and play a move over CDP.
# Details: packaging/check.py; extra arguments go to it (e.g. --runs 1).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
[ "$(id -u)" != 0 ] || export QTWEBENGINE_DISABLE_SANDBOX=1
XPID=
trap '[ -z "$XPID" ] || { kill $XPID; wait $XPID; } 2>/dev/null || true' EXIT
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  n=99
  while [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
  Xvfb :$n -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  XPID=$!
  for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done
  [ -e /tmp/.X11-unix/X$n ] || { echo "check.sh: Xvfb :$n did not start" >&2; exit 1; }
  export DISPLAY=:$n
  echo "check.sh: no display; using Xvfb on DISPLAY=:$n" >&2
fi
exec .venv/bin/python packaging/check.py "$@"
