"""Klondike in the real page (issue 38): listed with its two variants in the New game window,
its Help rules tab from the catalogue, a tap of three on the stock, and its example played
with a real drag: the King-led run into the empty column; a game played to a win. Expected
texts come from the English catalogue file and the independent shuffle (tests/ht_support.py), not from the page."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from ht_support import ref_deck, ref_seed, ref_shuffle  # noqa: E402

CATALOGUE = json.loads((ROOT / "frontend/i18n/en.json").read_text())


def drawn(number: int) -> list[str]:
    """The stock's cards in the order they are drawn (KL-03)."""
    return [t for t, _ in ref_shuffle(ref_deck(1), ref_seed("KL", number))][28:]


@pytest.mark.rule("KL-10", "KL-07")
def test_a_tap_draws_three_and_only_the_top_one_plays(harness):
    t = harness("KL1-D3-AAAAAAH")                   # deal 7
    expect(t.cards("s")).to_have_count(24)
    t.stock()
    expect(t.cards("w")).to_have_count(3)
    assert t.pile_texts("w") == drawn(7)[:3]
    t.expect_counts(0, 1)


@pytest.mark.rule("KL-16")
def test_the_new_game_window_and_help_list_klondike(harness):
    t = harness("KL1-D1-AAAAAAH")
    t.page.get_by_test_id("btn-new").click()
    dlg = t.page.get_by_test_id("dialog-new")
    expect(dlg.locator('input[name="game"][value="klondike"]')).to_be_checked()
    expect(dlg.get_by_text(CATALOGUE["game"]["klondike"], exact=True)).to_be_visible()
    variants = CATALOGUE["new"]["variants"]["klondike"]
    for v in ("D1", "D3"):
        expect(dlg.get_by_text(variants[v])).to_be_visible()
    expect(dlg.locator('input[name="variant"][value="D1"]')).to_be_checked()
    t.page.keyboard.press("Escape")
    t.page.get_by_test_id("btn-help").click()
    tab = t.page.get_by_test_id("tab-rules-kl")
    expect(tab).to_have_text(CATALOGUE["help"]["tab"]["rules_kl"])
    expect(tab).to_have_attribute("aria-selected", "true")
    body = CATALOGUE["help"]["rules_kl"]["brief"]["body"]
    expect(t.page.get_by_test_id("help-rules-kl")).to_contain_text(body)


@pytest.mark.rule("KL-06", "KL-08")
def test_the_example_a_king_led_run_into_the_empty_column(harness):
    t = harness("KL1-D1-AAAAAAB")
    t.page.get_by_test_id("btn-help").click()
    t.page.get_by_test_id("open-examples").click()
    t.page.get_by_test_id("example-klondike").click()
    banner = t.page.locator('[data-testid="example-banner"][data-phase="key"]')
    expect(banner).to_have_count(1, timeout=30_000)
    expect(t.page.get_by_test_id("example-title")).to_have_text(
        CATALOGUE["example"]["klondike"]["title"])
    g = t.api._game
    assert not g.columns[0]                          # column 1 is empty
    run = [c.text for c in g.columns[6][-2:]]
    assert run[0][0] == "K"
    below = len(g.columns[6]) - 3                    # the face-down card under the King
    t.drag("t7", len(g.columns[6]) - 2, "t1")
    expect(t.cards("t1")).to_have_count(2)
    assert t.pile_texts("t1") == run
    expect(t.card("t7", below)).to_have_attribute("data-card", g.columns[6][below].text)


@pytest.mark.rule("KL-12", "KL-13")
def test_a_klondike_game_played_to_a_win(harness):
    """Deal 14 drawing one, solved with every card known; the Api plays all but its last
    twelve actions, the page the rest: stock taps, a tap sends a card home; the win window."""
    from harptowers.api import Api
    from harptowers.engine import new_game
    from harptowers.engine.solvers import solve

    code = "KL1-D1-AAAAAAO"
    res = solve(new_game(code), limit_seconds=60)
    assert res.verdict == "winnable"
    line = res.solution_text().split()
    api = Api(code)
    api.settings({"anim_speed": "off"})

    def split(m: str) -> tuple[str, int, str]:
        src, dst = m.split("-")
        src, _, n = src.partition(":")
        return src, int(n or 1), dst

    for m in line[:-12]:
        if m == "s":
            assert api.stock(None)["ok"]
            continue
        src, count, dst = split(m)
        pile = next(p for p in api.state()["state"]["piles"] if p["id"] == src)
        assert api.play({"from": src, "index": len(pile["cards"]) - count, "to": dst})["ok"], m
    t = harness(code, api=api)
    done = api._game.moves
    for m in line[-12:]:
        if m == "s":
            t.stock()
        else:
            src, count, dst = split(m)
            top = len(t.pile_texts(src)) - count
            if dst.startswith("f"):
                t.tap(src, top)                       # one tap: to its foundation
            else:
                t.drag(src, top, dst)
        done += 1
        expect(t.moves).to_have_text(str(done))
        t.page.wait_for_timeout(500)   # a hand's pace: two taps closer are one gesture (APP-11)
    expect(t.page.get_by_test_id("dialog-win")).to_be_visible()   # no cascade: speed off
    assert t.api._game.won
