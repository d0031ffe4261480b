#!/usr/bin/env bash
# Set up (if needed) and run all tests (unit + e2e); extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export QT_API=pyside6 PYWEBVIEW_GUI=qt
[ "$(id -u)" != 0 ] || export QTWEBENGINE_DISABLE_SANDBOX=1
source tools/display.sh

dirs=()
for d in tests e2e; do [ -d "$d" ] && dirs+=("$d"); done
((${#dirs[@]})) || { echo "test.sh: FAIL: neither tests/ nor e2e/ exists" >&2; exit 1; }
echo "test.sh: e2e failure artefacts (screenshots, console logs) go to $PWD/artifacts/"

bash tools/lint.sh
# the C search core under ASan and UBSan over 2 000 positions and hostile states (issue 41)
bash tools/sanitize.sh

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
