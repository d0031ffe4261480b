"""Hints in the real front end (issue 9): the Hint button lights up a move, the player drags it
with a real pointer, again and again, until the win; the H key and the "no win" toast; the New
game window's "Winnable deals only" box."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from harptowers.hints import search as hints
from harptowers.api import Api
from harptowers.engine.published import winnable_deals
from playwright.sync_api import expect

SH314 = "SH1-C4-AAAAAJ2"     # Seahaven deal 314, 4 cells: winnable (87 moves by the solver)
BY_POINTER = 5               # the last moves, each hinted and dragged in the page

_HINTED = """() => {
  const src = [...document.querySelectorAll('.card.hint-source')];
  const target = document.querySelector('.pile.hint-target, .foundation-area.hint-target');
  if (!src.length || !target) return null;
  return {from: src[0].dataset.in, index: Math.min(...src.map((e) => Number(e.dataset.index))),
          to: target.dataset.pile};
}"""


@pytest.fixture
def api(request):
    made = []
    request.addfinalizer(lambda: [a._close_hints() for a in made])

    def make(code: str) -> Api:
        made.append(Api(code))
        return made[-1]
    return make


@pytest.mark.rule("SH-10")
def test_playing_the_hinted_moves_wins(harness, api):
    a = api(SH314)
    # The same hints, taken through the Api, bring the game to its last moves quickly …
    first = a.hint()["hint"]
    total = len(a._hint_cache._c["moves"])
    assert total > BY_POINTER
    def move(h):  # a hint also says the move in words (card, place, …): play takes the move
        return {k: h[k] for k in ("from", "index", "to")}
    a.play(move(first))
    for _ in range(total - BY_POINTER - 1):
        assert a.play(move(a.hint()["hint"]))["ok"]
    t = harness(SH314, api=a)
    page = t.page
    moves = a._game.moves
    # … and the page plays the rest: Hint, then drag what lights up, until the win.
    for _ in range(BY_POINTER):
        page.get_by_test_id("btn-hint").click()
        expect(page.locator(".card.hint-source").first).to_be_visible()
        hinted = page.evaluate(_HINTED)
        assert hinted is not None
        t.drag(hinted["from"], hinted["index"], hinted["to"])
        moves += 1
        expect(t.moves).to_have_text(str(moves))
    expect(page.get_by_test_id("win")).to_be_visible()
    expect(page.get_by_test_id("win-hints")).to_have_text(str(total))
    assert a._game.won and a._session.rec.hints == total


def test_the_h_key_says_when_no_win_is_possible(harness, api):
    # Seahaven deal 37 with 2 cells: both cells filled by the deal and no move at all
    # (tests/test_solver.py proves it unwinnable)
    code = "SH1-C2-AAAAABF"
    t = harness(code, api=api(code))
    t.page.keyboard.press("h")
    expect(t.refusal).to_have_text("No win is possible from here.")
    expect(t.page.locator(".hint")).to_have_count(0)


def test_winnable_deals_only_box(harness):
    t = harness(SH314)
    page = t.page
    page.get_by_test_id("btn-new").click()
    dlg = page.get_by_test_id("dialog-new")
    box = page.get_by_test_id("winnable-only")
    expect(box).not_to_be_checked()                  # Seahaven Easy: off by default
    dlg.locator('input[name="variant"][value="C1"]').check()
    expect(box).to_be_checked()                      # Hard: on by default
    page.get_by_test_id("deal-new").click()
    expect(dlg).to_be_hidden()
    expect(page.get_by_test_id("variant")).not_to_have_text("")
    state = page.evaluate("() => window.harpTowers.state")
    assert state["variant"] == "C1" and state["deal"] in winnable_deals("seahaven-towers", "C1")
    # unticked for Hard, it stays unticked for Hard (the setting) and Medium keeps its own
    page.get_by_test_id("btn-new").click()
    expect(box).to_be_checked()
    box.uncheck()
    expect(page.locator("#toast")).to_be_hidden()
    dlg.locator('input[name="variant"][value="C2"]').check()
    expect(box).to_be_checked()
    dlg.locator('input[name="variant"][value="C1"]').check()
    expect(box).not_to_be_checked()
    page.keyboard.press("Escape")
    expect(dlg).to_be_hidden()
    assert t.api._session.settings["winnable_only"]["seahaven-towers/C1"] is False


def test_an_easy_harp_hint_is_said_in_words_and_a_stock_hint_stays(harness, api):
    """Issue 15: the hint says the move from its structured fields ("Q♥ onto K♠: turns a
    card"); a stock hint lights the stock's top card too and stays until the next action."""
    code = "EH1-N-AAAAAAF"      # column 7 shows Q♥ over 6 face-down cards, column 4 K♠
    a = api(code)
    answers = iter([{"verdict": "guess", "solution": "t7-t4", "samples": 4},
                    {"verdict": "winnable", "solution": "s", "votes": 2, "samples": 4}])
    a._solver.search = lambda pos: next(answers)
    t = harness(code, api=a)
    page = t.page
    page.get_by_test_id("btn-hint").click()
    expect(page.locator("#toast")).to_contain_text("Q♥ onto K♠: turns a card")
    expect(page.locator('.card.hint-source[data-in="t7"]')).to_have_count(1)
    page.get_by_test_id("btn-hint").click()
    expect(page.locator("#toast")).to_contain_text("draw a card from the stock")
    stock_top = page.locator('.card.hint-source[data-in="s"]')
    expect(stock_top).to_have_count(1)
    page.wait_for_timeout(2600)                    # longer than a move hint stays lit
    expect(stock_top).to_have_count(1)
    page.mouse.click(5, 5)                         # the next action ends it
    expect(page.locator(".hint")).to_have_count(0)


def test_a_dead_end_with_face_down_cards_says_so_not_draw_a_card(harness, api):
    """Issue 15: where every deal of the face-down cards the hint tries is proven lost (a
    position the hints once led a game into), H says so and lights nothing; it used to say
    "draw a card from the stock" again and again."""
    dead = json.loads((Path(__file__).resolve().parents[1] / "tests" / "positions"
                       / "easy-harp-dead-end.json").read_text())
    a = api(dead["code"])
    a._game = hints.build(dead, hints.unseen(dead))
    t = harness(dead["code"], api=a)
    t.page.keyboard.press("h")
    expect(t.refusal).to_have_text("No win found from here: with every deal of the face-down "
                                   "cards tried, the game is lost. Undo some moves, or start "
                                   "a new game.")
    expect(t.page.locator(".hint")).to_have_count(0)
