"""Cards at rest lie flat (issue 18): one face shown, a 2D position, no 3D pose, so a resting
card needs no composited layer of its own; only a card turning over has both faces in 3D,
and it lies flat again once it has turned. A face-down card right under another at the same
place in the stock shows only its edge; the stock's top card shows its whole back."""

from __future__ import annotations

from playwright.sync_api import expect

EH = "EH1-N-AAAAAAF"

AT_REST = """() => [...document.querySelectorAll('#table .card')].map((el) => {
  const shown = [...el.querySelectorAll('.face')].filter((f) => getComputedStyle(f).display !== 'none');
  return {
    id: el.dataset.id, face: el.dataset.face, pile: el.dataset.in,
    shown: shown.map((f) => (f.classList.contains('back') ? 'back' : 'front')),
    transform: el.style.transform,
    inner: getComputedStyle(el.querySelector('.card-inner')).transform,
    faces3d: shown.filter((f) => getComputedStyle(f).transform !== 'none').length,
  };
})"""

WATCH_TURNS = """() => {
  window.__turned = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target;
      if (el.classList.contains('turning') && getComputedStyle(el.querySelector('.card-inner'))
        .transformStyle === 'preserve-3d' && !window.__turned.includes(el.dataset.id)) {
        window.__turned.push(el.dataset.id);
      }
    }
  }).observe(document.getElementById('table'), { attributes: true, attributeFilter: ['class'], subtree: true });
}"""

BURIED = """() => [...document.querySelectorAll('#table .card[data-in="s"]')].map((el) => ({
  index: Number(el.dataset.index),
  // a buried card's back has no copy of #ht-back at all (cards.js setBuried)
  art: ((u) => Boolean(u) && getComputedStyle(u).display !== 'none')(el.querySelector('.face.back use')),
  copies: el.querySelectorAll('.face.back use').length,
}))"""


def assert_flat(cards):
    for c in cards:
        assert c["shown"] == (["front"] if c["face"] == "up" else ["back"]), c
        assert c["transform"].startswith("translate(") and "3d" not in c["transform"], c
        assert c["inner"] == "none" and c["faces3d"] == 0, c


def test_cards_at_rest_show_one_flat_face(harness):
    t = harness(EH)
    cards = t.page.evaluate(AT_REST)
    assert len(cards) == 104
    assert {c["face"] for c in cards} == {"up", "down"}
    assert_flat(cards)


def test_a_card_turns_over_in_3d_and_then_lies_flat(harness):
    t = harness(EH)
    t.page.evaluate(WATCH_TURNS)
    t.stock()
    expect(t.page.locator("#table .card.turning")).to_have_count(0)
    # while it turned the drawn card had both faces in a 3D pose
    assert t.page.evaluate("() => window.__turned") == [t.top("w").get_attribute("data-id")]
    assert_flat(t.page.evaluate(AT_REST))
    t.undo()
    expect(t.cards("w")).to_have_count(0)
    expect(t.page.locator("#table .card.turning")).to_have_count(0)
    assert_flat(t.page.evaluate(AT_REST))


def test_only_the_stocks_top_card_and_each_step_of_its_edge_show_their_back(harness):
    t = harness(EH)
    stock = t.page.evaluate(BURIED)
    n = len(stock)
    assert n == 59
    # the back's emblem is drawn in #ht-back itself: a copy of it holds no copies of its own
    assert t.page.evaluate("document.querySelectorAll('#ht-back use').length") == 0
    # cards step one pixel every 8 (layout.js): the last of each step shows its edge and back
    for c in stock:
        whole = c["index"] == n - 1 or (c["index"] % 8 == 7 and c["index"] < 56)
        assert c["art"] == whole and c["copies"] == int(whole), c
    t.stock()
    expect(t.cards("s")).to_have_count(n - 1)
    # the card uncovered by the draw shows its whole back at once
    assert t.page.evaluate(BURIED)[-1] == {"index": n - 2, "art": True, "copies": 1}


def test_a_turn_that_ends_before_its_flip_does_leaves_the_card_flat(harness):
    # On a busy machine the flip's frames come late, and the turn ends on its timer before
    # the flip is over; the card must lie flat at once, not go on rotating with one face.
    # Animations at a fifth of their speed (timers unchanged) make that happen every time.
    t = harness(EH)
    cdp = t.page.context.new_cdp_session(t.page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": 0.2})
    t.stock()
    expect(t.cards("w")).to_have_count(1)
    expect(t.page.locator("#table .card.turning")).to_have_count(0)
    assert_flat(t.page.evaluate(AT_REST))
