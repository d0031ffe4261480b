"""Windows as a player meets them (issue 42): each opens at its top with the focus on its
first control; the focus frame shows for the keyboard only."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

EH = "EH1-N-AAAAAAF"

# (button that opens it, the window, its first control)
WINDOWS = [("btn-settings", "dialog-settings", "set-interactive"),
           ("btn-about", "dialog-about", None),
           ("btn-stats", "dialog-stats", None),
           ("btn-new", "dialog-new", None),
           ("btn-help", "dialog-help", None)]

AT_TOP = """(dlg) => [dlg, ...dlg.querySelectorAll('*')].every((el) => el.scrollTop === 0)"""
FIRST = """(dlg) => { const sel = 'a[href], button, input, select, textarea, summary, [tabindex]';
  const ok = [...dlg.querySelectorAll(sel)].filter((el) => !el.disabled && el.tabIndex >= 0
    && el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden'
    && !(el.type === 'radio' && !el.checked && [...dlg.querySelectorAll(
      `input[type=radio][name="${el.name}"]`)].some((r) => r.checked)));
  return ok[0] === document.activeElement; }"""


@pytest.mark.parametrize("size", [(1280, 800), (1024, 600)])
@pytest.mark.parametrize("button, window, first", WINDOWS)
def test_every_window_opens_at_its_top_with_focus_on_its_first_control(
        harness, size, button, window, first):
    t = harness(EH)
    t.page.set_viewport_size({"width": size[0], "height": size[1]})
    t.page.get_by_test_id(button).click()
    dlg = t.page.get_by_test_id(window)
    expect(dlg).to_be_visible()
    assert dlg.evaluate(AT_TOP), "opened scrolled down"
    title = dlg.locator("h2").first
    box, frame = title.bounding_box(), dlg.bounding_box()
    assert box and frame and box["y"] >= frame["y"], "its title is scrolled out of sight"
    assert dlg.evaluate(FIRST), "the focus is not on its first control"
    if first:
        expect(t.page.get_by_test_id(first)).to_be_focused()
