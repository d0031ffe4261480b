"""The New game window (issue 42 item 10): picking another game moves nothing under the
pointer; the code field's example is a code of the game and variant chosen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from harptowers.engine import parse_code

EH = "EH1-N-AAAAAAF"
ONE_VARIANT = {"en": "Standard: 4 free cells, Microsoft's deal numbers",
               "th": "มาตรฐาน: ช่องพักว่าง 4 ช่อง ใช้หมายเลขเกมแบบ Microsoft"}


def tops(page) -> dict[str, float]:
    ids = ["deal-new", "deal-daily", "deal-same", "code-input", "code-open", "winnable-only"]
    return {i: page.get_by_test_id(i).bounding_box()["y"] for i in ids}


@pytest.mark.parametrize("lang", ["en", "th"])
def test_picking_a_game_moves_nothing_and_the_example_code_follows_it(harness, lang):
    from harptowers.api import Api
    api = Api(EH)
    api.settings({"language": lang})
    t = harness(EH, api=api)
    page = t.page
    page.get_by_test_id("btn-new").click()
    dlg = page.get_by_test_id("dialog-new")
    expect(dlg).to_be_visible()
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished))")
    before = tops(page)
    box = dlg.bounding_box()
    code = page.get_by_test_id("code-input")
    first = parse_code(code.get_attribute("placeholder"))
    assert (first.game, first.variant) == ("easy-harp", "N")
    sh = dlg.locator('input[name="game"][value="seahaven-towers"]')
    sh.check()
    expect(dlg.locator('input[name="variant"]').first).to_be_visible()
    assert tops(page) == before, "the window's controls moved"
    assert dlg.bounding_box() == box
    example = parse_code(code.get_attribute("placeholder"))
    assert (example.game, example.variant) == ("seahaven-towers", "C4")
    dlg.locator('input[name="variant"][value="C1"]').check()
    example = parse_code(code.get_attribute("placeholder"))
    assert (example.game, example.variant) == ("seahaven-towers", "C1")
    dlg.locator('input[name="game"][value="easy-harp"]').check()
    assert tops(page) == before
    # a game with one variant says what it deals in the same place, in the page's language
    dlg.locator('input[name="game"][value="freecell"]').check()
    assert tops(page) == before
    only = dlg.locator(".variant-choice .only-variant")
    expect(only).to_be_visible()
    assert only.inner_text() == ONE_VARIANT[lang]
    assert parse_code(code.get_attribute("placeholder")).game == "freecell"
    dlg.locator('input[name="game"][value="easy-harp"]').check()
    assert parse_code(code.get_attribute("placeholder")).game == "easy-harp"


@pytest.mark.parametrize("typed", ["ZZ1-N-AAAAAAF", "EH1-Q-AAAAAAF", "99999999999"])
def test_a_bad_code_is_said_before_any_question_about_the_game_in_progress(harness, typed):
    """Tried as a new player: with a game in progress, a bad code first asked "Leave this
    game?", then said the code was wrong and kept the game: a question for nothing."""
    t = harness(EH)
    t.stock()
    expect(t.moves).to_have_text("1")
    page = t.page
    page.get_by_test_id("btn-new").click()
    page.get_by_test_id("code-input").fill(typed)
    page.get_by_test_id("code-open").click()
    expect(page.get_by_test_id("code-error")).to_be_visible()
    expect(page.get_by_test_id("dialog-confirm")).not_to_be_visible()
    expect(t.moves).to_have_text("1")
    page.get_by_test_id("code-input").fill("SH1-C4-AAAAAJ2")   # a good code: asked first
    page.get_by_test_id("code-open").click()
    expect(page.get_by_test_id("dialog-confirm")).to_be_visible()
    page.get_by_test_id("confirm-yes").click()
    expect(page.get_by_test_id("dialog-new")).not_to_be_visible()
    assert t.api._game.code.game == "seahaven-towers"
