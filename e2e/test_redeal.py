"""A redeal moves as one pile (issue 18): the waste's top card flies to the stock, turning
over, and the other cards ride with it, hidden until it lands, instead of every card of the
waste flying at once; then the stock holds every card, face down, in place."""

from __future__ import annotations

from playwright.sync_api import expect

from e2e.conftest import open_harness
from harptowers.api import Api

EH = "EH1-N-AAAAAAF"


def test_the_waste_goes_back_to_the_stock_as_one_pile(browser, static_url, request, data_dir):
    api = Api(EH)
    while api.state()["state"]["piles"][0]["cards"]:   # the stock, drawn to the end
        assert api.stock()["ok"]
    waste = len(api.state()["state"]["piles"][1]["cards"])
    assert waste > 6
    t = open_harness(browser, static_url, request, EH, api=api)
    expect(t.cards("w")).to_have_count(waste)
    t.page.evaluate("""() => {
        window.__most = 0;
        window.__hidden = 0;
        const seen = () => {
            window.__most = Math.max(window.__most, document.querySelectorAll('.card.flying').length);
            window.__hidden = Math.max(window.__hidden, [...document.querySelectorAll('.card[data-in="s"]')]
                .filter((el) => el.style.visibility === 'hidden').length);
            if (!window.__stop) requestAnimationFrame(seen);
        };
        requestAnimationFrame(seen);
    }""")
    t.stock()
    expect(t.cards("s")).to_have_count(waste)
    expect(t.page.locator(".card.flying")).to_have_count(0)
    t.page.evaluate("() => { window.__stop = true; }")
    # while it moved: one card flew, all the others rode with it, hidden
    assert t.page.evaluate("() => [window.__most, window.__hidden]") == [1, waste - 1]
    # landed: every card of the stock is shown, face down, and takes a tap again
    expect(t.page.locator('.card[data-in="s"][style*="hidden"]')).to_have_count(0)
    expect(t.page.locator('.card[data-in="s"][data-face="up"]')).to_have_count(0)
    t.stock()
    expect(t.cards("w")).to_have_count(1)
    expect(t.top("w")).to_have_attribute("data-face", "up")
