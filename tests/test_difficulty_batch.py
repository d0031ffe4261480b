"""tools/difficulty_batch.py (issue 39): its rank correlation and reliability worked out by
hand, and the
hints' batch on Dask's local cluster writing rows it then skips."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import difficulty_batch  # noqa: E402


def test_spearman_by_hand():
    assert difficulty_batch.ranks([10, 30, 20, 20]) == [1, 4, 2.5, 2.5]
    assert difficulty_batch.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == 1.0
    assert difficulty_batch.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == -1.0
    # ranks x 1 2 3 4 5, y 2 1 4 3 5: d² = 1+1+1+1+0 = 4, ρ = 1 - 6·4 / (5·24) = 0.8
    assert difficulty_batch.spearman([1, 2, 3, 4, 5], [2, 1, 4, 3, 5]) == 0.8
    assert difficulty_batch.spearman([1, 2], [1, 2]) is None        # too few
    assert difficulty_batch.spearman([1, 2, 3], [5, 5, 5]) is None  # no order to compare


@pytest.mark.slow
def test_the_hints_batch_writes_a_row_a_deal_and_skips_it_next_time(tmp_path, monkeypatch):
    monkeypatch.setattr(difficulty_batch, "ROWS", tmp_path)
    first = difficulty_batch.run_hints("klondike", "D1", 2, 0, 2, None, 1)
    rows = [json.loads(x) for x in (tmp_path / "klondike-D1.jsonl").read_text().splitlines()]
    assert sorted(r["deal"] for r in rows) == [1, 3]           # the first two winnable deals
    assert all(r["layouts"] == 2 and 0 <= r["won"] <= 2 for r in rows)
    assert first == {"game": "klondike", "variant": "D1", "deals": 2, "layouts": 4,
                     "won": sum(r["won"] for r in rows)}
    assert difficulty_batch.run_hints("klondike", "D1", 2, 0, 2, None, 1) == first
    assert len((tmp_path / "klondike-D1.jsonl").read_text().splitlines()) == 2   # none again


def test_reliability_by_hand():
    # shares 0.2 and 0.8 of 10 layouts: their variance (0.3² + 0.3²) / 1 = 0.18; a share's
    # own noise 0.2·0.8 / 9 = 0.01778 each; reliability 1 - 0.01778 / 0.18 = 0.90
    got = difficulty_batch.reliability([{"won": 2, "layouts": 10}, {"won": 8, "layouts": 10}])
    assert got == {"share_variance": 0.18, "layout_noise_variance": 0.0178, "reliability": 0.9}
    same = difficulty_batch.reliability([{"won": 5, "layouts": 10}] * 3)
    assert same["reliability"] is None            # no spread at all: nothing to tell apart
