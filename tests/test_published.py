"""The published winnability figures (docs/solver.md) are what the result rows say: the counts
and the 95 % Wilson interval are recomputed here from tools/results/*.jsonl."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ROW = re.compile(r"^\| (Seahaven C\d|Easy Harp N|FreeCell S|Klondike D\d) \| (\d+)–(\d+) \| (\d+) \| "
                 r"(\d+) \| (\d+) \| (?:≥ )?([\d.]+) \(([\d.]+)–([\d.]+)\)")
FILES = {"Seahaven C4": "seahaven-towers-C4", "Seahaven C2": "seahaven-towers-C2",
         "Seahaven C1": "seahaven-towers-C1", "Easy Harp N": "easy-harp-N",
         "FreeCell S": "freecell-S", "Klondike D1": "klondike-D1", "Klondike D3": "klondike-D3"}


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    p = k / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return 100 * (mid - half), 100 * (mid + half)


def table() -> list[tuple]:
    text = (ROOT / "docs" / "solver.md").read_text(encoding="utf-8")
    return [m.groups() for line in text.splitlines() if (m := ROW.match(line))]


def verdicts(name: str, first: int, last: int) -> dict[int, str]:
    """The last row for each deal, a replayed win never replaced by a later unknown."""
    out: dict[int, str] = {}
    for line in (ROOT / "tools" / "results" / f"{FILES[name]}.jsonl").read_text().splitlines():
        r = json.loads(line)
        if first <= r["deal"] <= last and out.get(r["deal"]) != "winnable":
            out[r["deal"]] = r["verdict"]
    return out


def test_every_variant_has_a_row():
    assert sorted(r[0] for r in table()) == sorted(FILES)


@pytest.mark.parametrize("row", table(), ids=lambda r: r[0])
def test_a_published_row_is_what_the_results_say(row):
    name, first, last, won, lost, unknown, pct, lo, hi = row
    v = verdicts(name, int(first), int(last))
    assert len(v) == int(last) - int(first) + 1            # every deal of the range was solved
    counts = [sum(1 for x in v.values() if x == k) for k in ("winnable", "unwinnable", "unknown")]
    assert counts == [int(won), int(lost), int(unknown)]
    share = 100 * int(won) / len(v)
    assert float(pct) == pytest.approx(share, abs=0.051)
    w_lo, w_hi = wilson(int(won), len(v))
    assert (float(lo), float(hi)) == (pytest.approx(w_lo, abs=0.051), pytest.approx(w_hi, abs=0.051))


@pytest.mark.parametrize("lang", ["en", "ca", "hr", "th"])
def test_the_faq_says_the_published_figures(lang):
    """Each language's FAQ answer gives every variant's share as the table has it."""
    cat = json.loads((ROOT / "frontend" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
    body = cat["help"]["faq"]["winnable"]["body"]
    # a share never breaks from its sign at the end of a line ("14.95 / %"): no-break spaces
    assert " %" not in body
    sep = "," if lang in ("ca", "hr") else "."
    for row in table():
        name, won, unknown, pct = row[0], row[3], row[5], row[6]
        assert pct.replace(".", sep) + "\u00a0%" in body, (name, pct)
        if name in ("Easy Harp N", "FreeCell S") or name.startswith("Klondike"):
            assert won in body and unknown in body
