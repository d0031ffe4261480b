"""The table's keyboard focus frame shows for keyboard use only (issue 42 item 8): a window
closed with Escape while playing with the mouse leaves no frame on the table."""

from __future__ import annotations

from playwright.sync_api import expect

EH = "EH1-N-AAAAAAF"

SHOWN = "(el) => getComputedStyle(el).display !== 'none' && !el.hidden"


def test_escape_from_a_window_while_playing_with_the_mouse_shows_no_frame(harness):
    t = harness(EH)
    page = t.page
    frame = page.locator(".kb-focus")
    page.keyboard.press("ArrowRight")                # the keyboard once: the frame shows
    assert frame.evaluate(SHOWN)
    t.stock()                                        # then the mouse: the frame goes
    expect(t.moves).to_have_text("1")
    assert not frame.evaluate(SHOWN)
    for key in ("t", "F1"):                          # a window by its key, closed with Escape
        page.keyboard.press(key)
        expect(page.locator("dialog[open]")).to_have_count(1)
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
        page.evaluate("() => new Promise((r) => setTimeout(r, 0))")   # focus.js gives it back
        assert not frame.evaluate(SHOWN), f"a focus frame after closing the window of {key}"
    for opener in ("btn-settings", "btn-stats"):     # a window by the mouse, Escape
        page.get_by_test_id(opener).click()
        expect(page.locator("dialog[open]")).to_have_count(1)
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
        page.evaluate("() => new Promise((r) => setTimeout(r, 0))")
        assert not frame.evaluate(SHOWN), f"a focus frame after closing {opener}"
    t.kb_goto("t3")                                  # the keyboard again: the frame is back
    expect(frame).to_have_css("display", "block")


def test_the_first_tab_offers_a_link_straight_to_the_table(harness):
    """Issue 42 (gaps): eight Tabs through the header came before the table; the first Tab
    now shows a link that goes straight there."""
    t = harness(EH)
    page = t.page
    link = page.get_by_test_id("skip-to-table")
    expect(link).not_to_be_in_viewport()
    page.keyboard.press("Tab")
    expect(link).to_be_focused()
    expect(link).to_be_in_viewport()
    expect(link).to_have_text("Skip to the cards")
    page.keyboard.press("Enter")
    assert t.focused()[0] is not None, "the focus is not on the table"
    expect(page.locator(".kb-focus")).to_have_css("display", "block")


def test_after_a_window_closes_a_click_on_a_card_takes_the_keys_to_the_table(harness):
    """Tried as a new player: Settings, Escape, a click on a card, then Space opened Settings
    again (the focus stayed on its button, as a press on a card keeps the focus where it is)
    and the arrows did nothing."""
    t = harness(EH)
    page = t.page
    page.get_by_test_id("btn-settings").click()
    expect(page.locator("dialog[open]")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    expect(page.get_by_test_id("btn-settings")).to_be_focused()     # given back, as it should
    t.card("t3", len(t.pile_texts("t3")) - 1).click()
    assert t.focused()[0] is not None, "the keys do not go to the table"
    expect(page.locator(".kb-focus")).to_be_hidden()                # a mouse click: no frame
    page.keyboard.press("Space")                                    # picks up the card there
    expect(page.locator(".kb-focus.holding")).to_be_visible()
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.keyboard.press("Escape")                                   # puts it back
    expect(page.locator(".kb-focus.holding")).to_have_count(0)
    before = t.focused()
    page.keyboard.press("ArrowRight")
    assert t.focused() != before
