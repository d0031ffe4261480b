"""A card's face is made once (issue 18): a card drawn, put back by Undo (face down, its face
taken out of the document) and drawn again shows the very same face element, not new markup,
so a long session does not make and drop card faces at every flip. A face-down card still
carries no face in the document."""

from __future__ import annotations

from playwright.sync_api import expect

EH = "EH1-N-AAAAAAF"

TOP_FRONT = "() => document.querySelector('.card[data-in=\"w\"] .front')"


def test_a_card_drawn_again_gets_its_own_face_back(harness):
    t = harness(EH)
    stock = t.cards("s").count()
    t.stock()
    expect(t.cards("w")).to_have_count(1)
    expect(t.top("w")).to_have_attribute("data-face", "up")
    code = t.top("w").get_attribute("data-card")
    t.page.evaluate(f"() => {{ ({TOP_FRONT})().__seen = true; }}")
    t.undo()
    expect(t.cards("w")).to_have_count(0)
    expect(t.cards("s")).to_have_count(stock)
    # the card is face down again, with no face in the document once it has landed
    expect(t.page.locator('.card[data-in="s"] .front')).to_have_count(0)
    expect(t.page.locator(f'.card[data-card="{code}"]')).to_have_count(0)
    t.stock()
    expect(t.top("w")).to_have_attribute("data-card", code)
    assert t.page.evaluate(f"() => ({TOP_FRONT})().__seen === true")
    assert t.page.locator('.card[data-in="w"] .front').count() == 1
