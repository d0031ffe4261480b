"""The header at narrow widths (issue 42 item 4): the game's name and the figures are never
cut; the buttons give way (icons with their names in tooltips), in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harptowers.api import Api
from test_keyboard import _load_won_games, _set_up

I18N = Path(__file__).resolve().parents[1] / "frontend" / "i18n"
BUTTONS = ["new", "undo", "redo", "hint", "stats", "settings", "help", "about"]

CLIPPED = "(el) => el.scrollWidth > el.clientWidth + 0.5"


def name_of(lang: str, game: str) -> str:
    return json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))["game"][game]


def check_header(t, lang: str, game: str, width: int) -> None:
    page = t.page
    name = page.get_by_test_id("game-name")
    expect(name).to_have_text(name_of(lang, game))
    # the header fits itself when it is resized (a ResizeObserver, the next frame): wait for
    # the name to be whole, as a player would look (a cut name times out here)
    page.wait_for_function("""() => { const el = document.querySelector('[data-testid="game-name"]');
        return el.clientWidth > 0 && el.scrollWidth <= el.clientWidth + 0.5; }""", timeout=5_000)
    assert not name.evaluate(CLIPPED), f"the name is cut: {name.bounding_box()}"
    assert not page.locator(".bar-left").evaluate(CLIPPED), "the left part is cut"
    for fig in ("score", "moves", "clock", "deal-code"):
        loc = page.get_by_test_id(fig)
        expect(loc).to_be_visible()
        box = loc.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width, fig
        assert not loc.evaluate(CLIPPED), fig
    left = page.locator(".bar-left").bounding_box()
    stats = page.locator(".bar-stats").bounding_box()
    nav = page.locator(".bar-buttons").bounding_box()
    assert left["x"] + left["width"] <= stats["x"] + 0.5 and stats["x"] + stats["width"] <= nav["x"] + 0.5
    assert nav["x"] + nav["width"] <= width
    for b in BUTTONS:
        btn = page.get_by_test_id(f"btn-{b}")
        expect(btn).to_be_visible()
        box = btn.bounding_box()
        assert box["x"] + box["width"] <= width, b
        # shown as an icon: its name is still its accessible name, and its tooltip
        label = btn.evaluate("(el) => el.textContent.trim()")
        assert label, b
        expect(btn).to_have_accessible_name(label)
        if btn.evaluate("(el) => el.closest('.bar').classList.contains('icons')"):
            assert label in (btn.get_attribute("title") or ""), b
        else:
            assert not btn.evaluate(CLIPPED), b


@pytest.mark.parametrize("lang", ["en", "ca", "hr", "th"])
@pytest.mark.parametrize("width, height", [(900, 600), (1024, 600)])
def test_a_deal_of_the_day_header_keeps_its_name_at_narrow_widths(harness, lang, width, height):
    api = Api("EH1-N-AAAAAAF")
    api.settings({"language": lang})
    assert api.new_game({"mode": "daily", "game": "seahaven-towers", "variant": "C4"})["ok"]
    t = harness("EH1-N-AAAAAAF", api=api)
    t.page.set_viewport_size({"width": width, "height": height})
    expect(t.page.get_by_test_id("daily")).to_be_visible()
    check_header(t, lang, "seahaven-towers", width)


@pytest.mark.parametrize("lang", ["en", "th"])
@pytest.mark.parametrize("width", [1152, 900])
def test_a_four_digit_score_keeps_the_name_whole(harness, lang, width):
    won = _load_won_games()
    api = Api(won.EASY_HARP_CODE)
    api.settings({"language": lang})
    _set_up(api, " ".join(won.EASY_HARP_MOVES.split()[:-1]))
    assert api.state()["state"]["score"] >= 1000
    t = harness(won.EASY_HARP_CODE, api=api)
    t.page.set_viewport_size({"width": width, "height": 720})
    check_header(t, lang, "easy-harp", width)


def test_the_name_stays_whole_when_the_score_reaches_four_digits(harness):
    """The 1152 px case of the issue: the score went from 995 to 1000 during play and cut
    "Easy Ha…"; the figures keep room for four digits from the start."""
    won = _load_won_games()
    words = won.EASY_HARP_MOVES.split()
    api = Api(won.EASY_HARP_CODE)
    _set_up(api, " ".join(words[:347]))
    assert api.state()["state"]["score"] == 995 and words[347] == "w-t1"
    t = harness(won.EASY_HARP_CODE, api=api)
    t.page.set_viewport_size({"width": 1152, "height": 720})
    check_header(t, "en", "easy-harp", 1152)
    t.drag("w", t.cards("w").count() - 1, "t1")      # 995 → 1000
    expect(t.score).to_have_text("1000")
    name = t.page.get_by_test_id("game-name")
    assert not name.evaluate(CLIPPED), f"the name is cut: {name.bounding_box()}"
