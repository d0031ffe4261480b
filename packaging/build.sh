#!/usr/bin/env bash
# Build the desktop bundle and its archive into dist/ (see packaging/build.py, docs/packaging.md).
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python packaging/build.py "$@"
