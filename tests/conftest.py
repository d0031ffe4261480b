"""Shared set-up for the unit tests. The engine is imported from backend/ when the package is
not installed; ht_support (next to this file) holds the independent reference implementation
and the position builder."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "backend") not in sys.path:
    sys.path.insert(0, str(ROOT / "backend"))
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

import ht_support  # noqa: E402

# No example database in the working tree; runs stay reproducible through the seeds they print.
settings.register_profile("harptowers", database=None)
settings.load_profile("harptowers")


@pytest.fixture
def build():
    """``build("eh", tableau=[...], stock=..., ...)``: a hand-made position (ht_support.build)."""
    return ht_support.build


@pytest.fixture
def make_api(request):
    """``make_api(code)``: an Api whose hint solver process is stopped after the test."""
    from harptowers.api import Api

    def make(code: str | None = None, **kw) -> Api:
        api = Api(code, **kw)
        request.addfinalizer(api._close_hints)
        return api
    return make


def pytest_configure(config):
    """``-m not slow`` unquoted (a caller that splits words): pytest reads the marker
    expression "not" and a path "slow". While the expression ends with an operator, the words
    that name no file go back into it, so the command means what it was meant to."""
    expr = config.option.markexpr.split()
    while expr and expr[-1] in ("not", "and", "or"):
        word = next((a for a in config.args if not Path(a).exists()), None)
        if word is None:
            break
        config.args.remove(word)
        expr.append(word)
    config.option.markexpr = " ".join(expr)
