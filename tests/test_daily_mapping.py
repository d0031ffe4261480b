"""The published, append-only date → deal mapping of the deal of the day (issue 9, APP-12).

Expected values come from ht_support (its own SplitMix64 and its own reading of the data
files), not from the engine.
"""

from __future__ import annotations

import hashlib
import importlib.util
import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest
from harptowers.api import Api
from harptowers.engine.codes import VARIANTS, DealCode, deal_of_the_day
from ht_support import ref_daily, ref_deal_of_the_day, ref_mapping_blocks, ref_winnable

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "backend" / "harptowers" / "data"
# every registered game and variant (the registry's own list, so a new game is checked too)
STREAMS = [(g, v) for g, variants in VARIANTS.items() for v in variants]
FIRST, LAST = date(2026, 12, 1), date(2027, 12, 31)


def tool():
    spec = importlib.util.spec_from_file_location("daily_mapping", ROOT / "tools" / "daily_mapping.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.rule("APP-12")
@pytest.mark.parametrize("game, variant", STREAMS)
def test_every_date_of_the_range_is_listed_with_a_winnable_deal(game, variant):
    winnable = ref_winnable(game, variant)
    lines = [x for b in ref_mapping_blocks(game, variant) for x in b["lines"]]
    days = [d for d, _ in lines]
    assert len(days) == len(set(days)), "a date listed twice"
    want = [FIRST + timedelta(days=i) for i in range((LAST - FIRST).days + 1)]
    assert set(want) <= set(days)
    assert days == sorted(days)
    for d, number in lines:
        assert number in winnable, (d, number)


@pytest.mark.rule("APP-12")
@pytest.mark.parametrize("game, variant", STREAMS)
def test_the_formula_on_the_date_picks_the_deal(game, variant):
    """Each block was picked from the list named in its comment: index daily_number % size.
    For a block made from today's list (same hash) every pick is checked."""
    path = DATA / "winnable" / f"{game}-{variant}.v1.txt"
    sha = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    winnable = ref_winnable(game, variant)
    for block in ref_mapping_blocks(game, variant):
        if block["sha"] != sha:
            continue  # made from an older (smaller) list: its lines are kept as published
        assert block["deals"] == len(winnable)
        for d, number in block["lines"]:
            assert number == winnable[ref_daily(game, variant, d) % len(winnable)]


@pytest.mark.rule("APP-12")
@pytest.mark.parametrize("game, variant", STREAMS)
def test_deal_of_the_day_reads_the_mapping_and_falls_back_to_the_formula(game, variant):
    for d in (FIRST, date(2027, 6, 15), LAST):
        want = ref_deal_of_the_day(game, variant, d)
        assert want in ref_winnable(game, variant)
        assert deal_of_the_day(game, variant, d) == DealCode(game, variant, want)
    for d in (FIRST - timedelta(days=1), date(2031, 1, 1)):   # not listed: the formula
        assert deal_of_the_day(game, variant, d) == DealCode(game, variant, ref_daily(game, variant, d))


def test_the_api_deals_the_listed_deal_of_the_day():
    day = date(2027, 3, 14)
    api = Api("SH1-C4-AAAAAJ2", today=lambda: day)
    s = api.new_game({"game": "seahaven-towers", "variant": "C1", "mode": "daily"})["state"]
    assert s["deal_of_day"] is True
    assert s["deal"] == ref_deal_of_the_day("seahaven-towers", "C1", day)
    assert s["deal"] in ref_winnable("seahaven-towers", "C1")


def test_a_rerun_never_changes_a_published_line(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    before = {p.name: p.read_text() for p in (data / "daily").iterdir()}
    mod = tool()
    assert mod.main(["--data", str(data)]) == 0                     # nothing missing: no change
    assert {p.name: p.read_text() for p in (data / "daily").iterdir()} == before
    # a list that grew, then a later range: the old lines stay exactly as they were
    grown = data / "winnable" / "seahaven-towers-C1.v1.txt"
    numbers = sorted({int(x) for x in grown.read_text().split()} | {999_998})
    grown.write_text("".join(f"{n}\n" for n in numbers))
    assert mod.main(["--data", str(data), "--until", "2028-01-10"]) == 0
    for name, old in before.items():
        new = (data / "daily" / name).read_text()
        assert new.startswith(old) and len(new.splitlines()) == len(old.splitlines()) + 11
        assert "2028-01-10 " in new
    tail = (data / "daily" / "seahaven-towers-C1.v1.txt").read_text().splitlines()[-11:]
    assert tail[0].startswith("# 2028-01-01") and f"deals={len(numbers)}" in tail[0]


@pytest.mark.rule("APP-12")
@pytest.mark.parametrize("variant", ["D1", "D3"])
def test_klondike_is_picked_again_from_its_full_list_after_the_days_already_played(variant):
    """Tried as a new player: Klondike's first lists held under 50 deals for 396 days, and the
    same deal came on consecutive days (6 times drawing one, 12 drawing three). Its dates from
    2026-12-08 on were picked again from the 10 000-deal runs; the days before keep theirs."""
    first = date(2026, 12, 8)
    blocks = ref_mapping_blocks("klondike", variant)
    winnable = ref_winnable("klondike", variant)
    later = [x for b in blocks for x in b["lines"] if x[0] >= first]
    assert {b["deals"] for b in blocks if any(d >= first for d, _ in b["lines"])} == {len(winnable)}
    assert len(winnable) > 8000
    deals = [n for _, n in later]
    assert all(a != b for a, b in zip(deals, deals[1:]))
    earlier = [x for b in blocks for x in b["lines"] if x[0] < first]
    assert len(earlier) == 7
    assert max(b["deals"] for b in blocks if any(d < first for d, _ in b["lines"])) < 50


def test_republish_picks_again_only_the_dates_from_the_one_given(tmp_path):
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    path = data / "daily" / "seahaven-towers-C1.v1.txt"
    before = path.read_text().splitlines()
    grown = data / "winnable" / "seahaven-towers-C1.v1.txt"
    numbers = sorted({int(x) for x in grown.read_text().split()} | set(range(900_000, 900_500)))
    grown.write_text("".join(f"{n}\n" for n in numbers))
    n = tool().republish("seahaven-towers", "C1", date(2027, 6, 1), LAST, "a test", data)
    assert n == (LAST - date(2027, 6, 1)).days + 1
    after = path.read_text().splitlines()
    kept = [x for x in before if x.startswith("#") or x < "2027-06-01"]
    assert after[:len(kept)] == kept
    assert after[len(kept)] == "# Re-published from 2027-06-01: a test"
    assert f"deals={len(numbers)}" in after[len(kept) + 1]
