"""Issue 13 through the page: a game registered by the tests alone is listed, dealt and
played by the real front end, and a drag is exactly one bridge call."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harptowers.engine import registry

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from toy_game import ToyPatience, ToyStock  # noqa: E402

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
    # one variant: nothing to choose, the window names it (the game's own label, no catalogue text)
    expect(dlg.locator(".variant-choice .only-variant")).to_have_text("Normal")
    expect(dlg.locator('input[name="variant"]')).to_have_count(0)


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


@pytest.fixture
def toy_stock():
    registry.register(ToyStock)
    yield ToyStock
    registry.unregister(ToyStock.name)


def add_toy_texts(route) -> None:
    """The toy's catalogue texts, as its four catalogues would carry them (here English)."""
    response = route.fetch()
    data = response.json()
    data["help"]["rules_ts"] = {"deal": {"h": "The deal", "body": "Two columns and a stock of eight."}}
    data["help"]["tab"]["rules_ts"] = "Toy Stock"
    data["example"]["toy-stock"] = {"title": "A tap of three", "text": "One tap draws three."}
    data["example"]["toy_try"] = "The waste shows {card}; the column ends with {cards}."
    route.fulfill(response=response, json=data)


def test_a_registered_games_rules_page_and_example_come_from_the_catalogue(harness, toy_stock):
    """Issue 37: Help's Rules tabs and the Examples page list a game the page never names."""
    t = harness("TS1-N-AAAAAAL")
    t.page.route("**/i18n/en.json", add_toy_texts)
    t.page.reload()
    t.wait_ready()
    t.page.get_by_test_id("btn-help").click()
    tab = t.page.get_by_test_id("tab-rules-ts")
    expect(tab).to_have_text("Toy Stock")
    expect(tab).to_have_attribute("aria-selected", "true")      # the game being played
    expect(t.page.get_by_test_id("help-rules-ts")).to_contain_text("Two columns and a stock of eight.")
    tabs = t.page.locator('#dlg-help [role="tab"]')
    names = [g.name for g in registry.games()]
    expect(tabs).to_have_count(len(names) + 3)                   # each game's rules, FAQ, Examples, keys
    assert tabs.nth(names.index(ToyStock.name)).get_attribute("data-testid") == "tab-rules-ts"
    t.page.get_by_test_id("open-examples").click()
    t.page.get_by_test_id("example-toy-stock").click()
    banner = t.page.locator('[data-testid="example-banner"][data-phase="key"]')
    expect(banner).to_have_count(1, timeout=30_000)
    g = t.api._game
    waste, top = g.waste[-1].text, g.columns[0][-1].text
    suit = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

    def shown(code: str) -> str:
        return {"T": "10"}.get(code[0], code[0]) + suit[code[1]]
    expect(t.page.get_by_test_id("example-text")).to_contain_text(
        f"The waste shows {shown(waste)}; the column ends with {shown(top)}.")
