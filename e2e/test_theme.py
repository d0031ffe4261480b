"""A light/dark choice in Settings (issue 42, gaps): System follows the system, Light and
Dark hold whatever the system says; kept by Python."""

from __future__ import annotations

from playwright.sync_api import expect

EH = "EH1-N-AAAAAAF"
LIGHT_BAR = "rgb(244, 242, 236)"   # #f4f2ec, css/chrome.css
DARK_BAR = "rgb(27, 33, 30)"       # #1b211e


def test_system_light_and_dark(harness):
    t = harness(EH)
    page = t.page
    bar = page.locator(".bar")
    page.emulate_media(color_scheme="light")
    expect(bar).to_have_css("background-color", LIGHT_BAR)
    page.get_by_test_id("btn-settings").click()
    theme = page.get_by_test_id("set-theme")
    expect(theme).to_have_value("system")
    theme.select_option("dark")
    expect(bar).to_have_css("background-color", DARK_BAR)
    assert t.api.state()["state"]["settings"]["theme"] == "dark"
    page.emulate_media(color_scheme="dark")
    theme.select_option("light")                     # light on a dark system
    expect(bar).to_have_css("background-color", LIGHT_BAR)
    expect(page.get_by_test_id("dialog-settings")).to_have_css("background-color",
                                                               "rgb(251, 250, 247)")
    theme.select_option("system")
    expect(bar).to_have_css("background-color", DARK_BAR)
    page.keyboard.press("Escape")
    theme_after = t.api.state()["state"]["settings"]["theme"]
    assert theme_after == "system"
