"""Small things a player noticed (issue 16), each with the test that failed before its fix."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from harptowers.api import Api
from harptowers.start import frontend_dir

EN = json.loads((frontend_dir() / "i18n" / "en.json").read_text())
EH, SH = "EH1-N-AAAAAAF", "SH1-C4-AAAAAJ2"


def test_open_with_an_empty_code_field_says_what_is_missing(harness):
    t = harness(EH)
    t.page.get_by_test_id("btn-new").click()
    t.page.get_by_test_id("code-open").click()
    error = t.page.get_by_test_id("code-error")
    expect(error).to_be_visible()
    expect(error).to_have_text(EN["new"]["code_empty"])
    expect(t.code).to_have_text(EH)                  # nothing else happened


def test_a_double_tap_with_double_click_off_says_the_tableau_search_is_off(harness):
    t = harness(EH)
    t.page.get_by_test_id("btn-settings").click()
    t.page.get_by_test_id("set-double").uncheck()
    t.page.keyboard.press("Escape")
    t.double_tap("t5", 4)                            # 7S: no foundation wants it yet
    want = EN["refusal"]["EH-15"]["search-off"].replace("{card}", "7♠")
    expect(t.refusal).to_have_text(want)


def test_a_double_tap_with_double_click_on_still_says_nowhere_to_go(harness):
    t = harness(EH)
    t.double_tap("t1", 0)                            # 10H: no foundation, no column
    want = EN["refusal"]["EH-15"]["default"].replace("{card}", "10♥")
    expect(t.refusal).to_have_text(want)


def test_at_1024_px_the_game_name_is_not_cut(harness):
    t = harness(SH)
    t.page.set_viewport_size({"width": 1024, "height": 700})
    name = t.page.get_by_test_id("game-name")
    expect(name).to_have_text("Seahaven Towers")
    t.page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert name.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the name is cut short"


def test_the_buttons_stay_put_when_the_move_counter_gains_a_digit(harness):
    # The 1000th move used to make the header tighten its buttons when the figures no longer
    # fitted (at 1152 px with a three-digit score), and a click meant for Undo opened New
    # game. Here at the narrowest width whose buttons are not yet tightened at 999 moves.
    api = Api(EH)
    for _ in range(999):
        api.stock()
    t = harness(EH, api=api)
    expect(t.moves).to_have_text("999")
    frames = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

    def buttons_tightened_at(width):
        t.page.set_viewport_size({"width": width, "height": 720})
        t.page.evaluate(frames)
        return t.page.evaluate("() => document.querySelector('.bar').matches('.tight-3, .tight-4')")

    lo, hi = 830, 1400   # tightened at lo, not at hi (narrower, the header wraps)
    assert buttons_tightened_at(lo) and not buttons_tightened_at(hi)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if buttons_tightened_at(mid) else (lo, mid)
    assert not buttons_tightened_at(hi)
    undo = t.page.get_by_test_id("btn-undo").bounding_box()
    t.stock()
    expect(t.moves).to_have_text("1000")
    t.page.evaluate(frames)
    assert t.page.get_by_test_id("btn-undo").bounding_box() == undo


def test_a_code_for_no_game_names_every_game_there_is(harness):
    """Tried as a new player: the error for a code of no game listed three of the four games.
    It names every registered game now, from the catalogue, in the page's language."""
    from harptowers.engine.registry import games

    t = harness("EH1-N-AAAAAAF")
    page = t.page
    page.get_by_test_id("btn-new").click()
    page.get_by_test_id("code-input").fill("ZZ1-N-AAAAAAF")
    page.get_by_test_id("code-open").click()
    error = page.get_by_test_id("code-error")
    expect(error).to_be_visible()
    text = error.inner_text()
    for g in games():
        assert f"{g.tag} ({g.title})" in text, (g.tag, text)
    assert text.count(" or ") == 1 and text.startswith("“ZZ” is not a game")
