# Sourced by tools/test.sh and packaging/check.sh: when there is no display, start Xvfb on a
# free display number, export DISPLAY, and stop it when the calling script exits.
XPID=
trap '[ -z "$XPID" ] || { kill $XPID; wait $XPID; } 2>/dev/null || true' EXIT
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  n=99
  while [ -e /tmp/.X$n-lock ] || [ -e /tmp/.X11-unix/X$n ]; do n=$((n + 1)); done
  Xvfb :$n -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
  XPID=$!
  for _ in $(seq 50); do [ -e /tmp/.X11-unix/X$n ] && break; sleep 0.1; done
  [ -e /tmp/.X11-unix/X$n ] || { echo "$(basename "$0"): Xvfb :$n did not start" >&2; exit 1; }
  export DISPLAY=:$n
  echo "$(basename "$0"): no display; using Xvfb on DISPLAY=:$n" >&2
fi
