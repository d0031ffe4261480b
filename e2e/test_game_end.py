"""The end of a game as a player sees it (issue 42 item 7): no hint left lit under the win
window; the win cascade leaves the table empty while the window is up (no card pops back
under it), and the foundations come back once it is closed."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from harptowers.api import Api
from test_keyboard import _load_won_games, _set_up


def won_but_one(harness, **settings):
    won = _load_won_games()
    words = won.SEAHAVEN_MOVES.split()
    api = Api(won.SEAHAVEN_CODE)
    if settings:
        api.settings(settings)
    _set_up(api, " ".join(words[:-1]))
    assert words[-1] == "t1-f2"
    return harness(won.SEAHAVEN_CODE, api=api)


def test_the_last_hint_is_not_left_lit_under_the_win_window(harness):
    t = won_but_one(harness, anim_speed="off")        # the window comes at once
    page = t.page
    page.keyboard.press("h")
    expect(t.card("t1", 0)).to_have_class(re.compile(r"\bhint-source\b"), timeout=20_000)
    t.tap("t1", 0)                                    # the hinted move wins
    expect(page.get_by_test_id("dialog-win")).to_be_visible()
    assert page.locator(".hint").count() == 0         # gone with the win, not 2 s later


def test_the_cascade_leaves_the_table_empty_until_the_win_window_closes(harness):
    t = won_but_one(harness)
    page = t.page
    # every foundation card the cascade took, and whether one was drawn again under the window
    page.evaluate("""() => { window.__popped = 0;
      new MutationObserver((ms) => { for (const m of ms) {
        const el = m.target;
        if (m.oldValue && m.oldValue.includes('cheer-hidden') && !el.classList.contains('cheer-hidden')
            && !document.querySelector('[data-testid="dialog-win"][open]')) window.__popped++; } })
        .observe(document.getElementById('table'),
                 { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true }); }""")
    t.tap("t1", 0)
    cascade = page.get_by_test_id("celebration")
    expect(cascade).to_be_visible()
    expect(cascade).to_have_count(0, timeout=15_000)  # it runs to its end (about 2 s)
    win = page.get_by_test_id("dialog-win")
    expect(win).to_be_visible()
    assert page.evaluate("() => window.__popped") == 0, "cards popped back before the window"
    shown = page.locator('.card[data-in^="f"]:not(.cheer-hidden)')
    expect(shown).to_have_count(0)                     # the table stays as the cascade left it
    page.keyboard.press("Escape")
    expect(win).to_be_hidden()
    expect(shown).to_have_count(52)                    # the won foundations again


def test_a_foundation_hint_lights_the_one_pile_the_card_goes_to(harness):
    """Issue 42 (gaps): the hint K♥ → foundation lights f2, where the won game puts it (its
    last move, t1-f2), not the whole strip of foundations."""
    t = won_but_one(harness)
    page = t.page
    page.keyboard.press("h")
    expect(t.card("t1", 0)).to_have_class(re.compile(r"\bhint-source\b"), timeout=20_000)
    expect(t.pile("f2")).to_have_class(re.compile(r"\bhint-target\b"))
    lit = page.locator(".hint-target").evaluate_all(
        "(els) => els.map((el) => el.dataset.pile || el.dataset.in)")
    assert set(lit) == {"f2"}, lit
