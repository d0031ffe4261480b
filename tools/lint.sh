#!/usr/bin/env bash
# The quick guardrails, run by tools/test.sh before the tests: ruff (all Python), mypy --strict
# (the engine), and node --test (the page's pure modules: layout, announcements).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check backend tests e2e tools bench packaging
.venv/bin/mypy
node --test tests/js/
