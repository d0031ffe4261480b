#!/usr/bin/env bash
# The quick guardrails, run by tools/test.sh before the tests: ruff (all Python), mypy (the whole
# package; strict in the engine and the view model: pyproject.toml), tsc (the page's JS against its JSDoc types and the view model's declarations,
# frontend/README.md), and node --test (the page's pure modules: layout, announcements).
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check backend tests e2e tools bench packaging
.venv/bin/mypy
node_modules/.bin/tsc --noEmit -p .
node --test tests/js/
