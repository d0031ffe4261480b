"""The game clock pauses while a window covers the table (issue 42): Help, Statistics,
Settings, a question. Time is driven by Playwright's clock, not waited for."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

EH = "EH1-N-AAAAAAF"


def open_window(page, which: str) -> None:
    if which == "help":
        page.keyboard.press("F1")
    elif which == "stats":
        page.keyboard.press("t")
    elif which == "settings":
        page.get_by_test_id("btn-settings").click()
    else:                                            # a question: leave the game for a new one?
        page.get_by_test_id("btn-new").click()
        page.get_by_test_id("deal-new").click()
        expect(page.get_by_test_id("dialog-confirm")).to_be_visible()
        return
    expect(page.locator("dialog[open]")).to_have_count(1)


@pytest.mark.parametrize("which", ["help", "stats", "settings", "question"])
def test_the_clock_stops_while_a_window_covers_the_table(harness, which):
    t = harness(EH)
    page = t.page
    page.clock.install()
    page.reload()
    t.wait_ready()
    clock = page.get_by_test_id("clock")
    t.stock()                                        # the first move starts the clock
    expect(t.moves).to_have_text("1")
    page.clock.run_for(3_000)
    expect(clock).to_have_text("00:03")
    open_window(page, which)
    page.clock.run_for(60_000)                        # a minute reading, the table covered
    expect(clock).to_have_text("00:03")
    page.keyboard.press("Escape")
    if which == "question":                          # "keep my game", then the New game window
        expect(page.get_by_test_id("dialog-confirm")).to_be_hidden()
        expect(clock).to_have_text("00:03")
        page.keyboard.press("Escape")
    expect(page.locator("dialog[open]")).to_have_count(0)
    page.clock.run_for(2_000)
    expect(clock).to_have_text("00:05")
    assert 5_000 <= t.api.state()["state"]["elapsed_ms"] < 6_000   # what the statistics get
