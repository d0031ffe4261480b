"""The difficulty of a deal in the page (issue 39): New game's choice among the winnable
deals, the header's stars, and Statistics' last games and wins by level. The levels expected
are read from the shipped files plainly (tests/ht_difficulty.py), not from the code."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect

from harptowers.engine import parse_code

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from ht_difficulty import shipped  # noqa: E402

SH314 = "SH1-C4-AAAAAJ2"


def test_choosing_hard_deals_a_hard_deal_and_statistics_say_so(harness):
    hard = shipped("seahaven-towers", "C1")
    t = harness(SH314)
    page = t.page
    page.get_by_test_id("btn-new").click()
    dlg = page.get_by_test_id("dialog-new")
    choice = page.get_by_test_id("difficulty-choice")
    expect(page.get_by_test_id("winnable-only")).not_to_be_checked()  # 4 cells: off
    hard_input = choice.locator('input[value="hard"]')
    expect(hard_input).to_be_disabled()                # only among winnable deals
    dlg.locator('input[name="variant"][value="C1"]').check()   # 1 cell: winnable only is on
    expect(hard_input).to_be_enabled()
    hard_input.check()
    page.get_by_test_id("deal-new").click()
    expect(dlg).to_be_hidden()
    state = page.evaluate("() => window.harpTowers.state")
    assert state["variant"] == "C1" and hard[state["deal"]] == "hard"
    badge = page.get_by_test_id("difficulty")
    expect(badge).to_have_text("★★★")
    expect(badge).to_have_attribute("aria-label", "Difficulty: Hard")
    # one move, then another deal: the hard game goes into the last games with its stars
    pile, index, to = next((p["id"], i, c["to"][0]) for p in state["piles"]
                           for i, c in enumerate(p["cards"]) if c.get("to"))
    # the new deal is dealt with cards flying to their places: the drop target is where its
    # cards will be once they land (a press during the deal would first finish it)
    expect(page.locator("#table .card.flying")).to_have_count(0)
    t.drag(pile, index, to)
    expect(page.get_by_test_id("moves")).to_have_text("1")
    page.get_by_test_id("btn-new").click()
    dlg.locator('input[name="variant"][value="C4"]').check()
    page.get_by_test_id("deal-new").click()
    page.get_by_test_id("confirm-yes").click()         # leave the game started
    expect(dlg).to_be_hidden()
    page.get_by_test_id("btn-stats").click()
    row = page.locator("#stats-history tr[data-row='0']")
    expect(row.locator("[data-col='code']")).to_have_text(state["code"])
    expect(row.get_by_test_id("history-level")).to_have_text("★★★")
    c1 = page.locator("#stats-table tr[data-key='seahaven-towers/C1'] [data-col='by_level']")
    expect(c1).to_have_text("★★★ 0/1")


def test_a_deal_without_a_measure_shows_no_stars(harness):
    code = "SH1-C4-" + "AAAAAAB"   # deal 1 of 4 cells: measured (medium)
    assert shipped("seahaven-towers", "C4")[parse_code(code).number] == "medium"
    t = harness(code)
    expect(t.page.get_by_test_id("difficulty")).to_have_text("★★")
    t = harness("SH1-C1-AAAAAAB")                 # deal 1 of 1 cell: not winnable, no level
    expect(t.page.get_by_test_id("difficulty")).to_be_hidden()
