#!/usr/bin/env bash
# The packaging check (run by .ci/run, not skippable there): build the bundle and its archive,
# validate the .desktop and metainfo files, install/uninstall into a temporary HOME, start the
# installed app and the one from a fresh venv under Xvfb and play a move over CDP; then the
# .deb: build it from that bundle, apt-get install it, play a move, apt-get purge it.
# Details: packaging/check.py and packaging/deb_check.py; extra arguments go to check.py.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
[ "$(id -u)" != 0 ] || export QTWEBENGINE_DISABLE_SANDBOX=1
source tools/display.sh
.venv/bin/python packaging/check.py "$@"  # not exec: the EXIT trap stops our Xvfb
.venv/bin/python packaging/deb_check.py
