"""Issue 13 through the page: a game registered by the tests alone is listed, dealt and
played by the real front end, and a drag is exactly one bridge call."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harptowers.engine import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from toy_game import ToyPatience  # noqa: E402

TOY7 = "TY1-N-AAAAAAH"     # toy deal 7


@pytest.fixture
def toy():
    registry.register(ToyPatience)
    yield ToyPatience
    registry.unregister(ToyPatience.name)


def test_a_registered_game_is_listed_dealt_and_played_by_the_page(harness, toy):
    t = harness(TOY7)
    expect(t.code).to_have_text(TOY7)
    g = t.api._game
    assert t.pile_texts("t1") == [c.text for c in g.columns[0]]
    assert t.pile_texts("t2") == [c.text for c in g.columns[1]]
    top = g.columns[0][-1].text
    t.drag("t1", 6, "t2")                               # any card onto the other column
    expect(t.cards("t2")).to_have_count(7)
    assert t.pile_texts("t2")[-1] == top and t.api._game.moves == 1
    # the New game window lists it by the catalogue's title (no catalogue text needed)
    t.page.get_by_test_id("btn-new").click()
    dlg = t.page.get_by_test_id("dialog-new")
    expect(dlg.locator('input[name="game"][value="toy-patience"]')).to_be_checked()
    expect(dlg.get_by_text("Toy Patience")).to_be_visible()
    expect(dlg.locator(".variant-choice")).to_be_hidden()   # one variant: nothing to choose


def actions(t) -> list[str]:
    """The bridge calls made, less the clock's report, which comes every second on its own."""
    return [c for c in t.calls if c != "clock"]


def test_a_drag_is_one_bridge_call_legal_or_refused(harness):
    t = harness("EH1-N-AAAAAAF")      # deal 5: 9C (t3) goes onto TH (t1)
    t.calls.clear()
    t.drag("t3", 2, "t1")
    t.expect_counts(5, 1)
    assert actions(t) == ["play"]
    t.calls.clear()
    t.drag("t9", 8, "t2")             # refused: the card flies back
    expect(t.refusal).to_be_visible()
    assert actions(t) == ["play"]
    t.expect_counts(5, 1)
