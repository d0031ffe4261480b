"""The table's look (issue 16): the height a new deal uses, messages in the status line
that never cover a card, the Examples banner above the table."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from playwright.sync_api import expect


def _e2e_examples():
    # by path: tests/ has a module of the same name
    spec = importlib.util.spec_from_file_location("e2e_examples", Path(__file__).with_name("test_examples.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


open_example = _e2e_examples().open_example

EH, SH = "EH1-N-AAAAAAF", "SH1-C4-AAAAAJ2"

# every card's rectangle and the table's, in page pixels
RECTS = """() => {
  const r = (el) => { const b = el.getBoundingClientRect();
    return { x: b.left, y: b.top, w: b.width, h: b.height }; };
  return { table: r(document.getElementById('table')),
           cards: [...document.querySelectorAll('.card')].map(r) };
}"""


def sized(harness, code: str, width: int, height: int):
    t = harness(code)
    t.page.set_viewport_size({"width": width, "height": height})
    t.page.wait_for_function("() => true")   # one round trip: the resize is observed
    # the layout follows the table's size in the next frame
    expect(t.page.locator("#table")).to_have_js_property("clientHeight",
                                                         height - header_and_status(t))
    return t


def header_and_status(t) -> int:
    return t.page.evaluate("""() => document.querySelector('.bar').offsetHeight
        + document.querySelector('.status-line').offsetHeight
        + (document.getElementById('example-banner').hidden ? 0
           : document.getElementById('example-banner').offsetHeight)""")


def settle(t) -> dict:
    """The rectangles once every card is at rest (no card in flight)."""
    expect(t.page.locator(".card.flying")).to_have_count(0)
    t.page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return t.page.evaluate(RECTS)


@pytest.mark.parametrize("code", [EH, SH])
@pytest.mark.parametrize("size", [(1152, 720), (1920, 1080)])
def test_a_new_deal_uses_the_height_of_the_table(harness, code, size):
    t = sized(harness, code, *size)
    rects = settle(t)
    table = rects["table"]
    bottom = max(c["y"] + c["h"] for c in rects["cards"])
    empty = (table["y"] + table["h"] - bottom) / table["h"]
    assert 0 <= empty <= 0.15, f"{code} at {size}: {empty:.1%} of the table empty below"


@pytest.mark.parametrize("code", [EH, SH])
def test_nothing_is_clipped_at_800_by_600(harness, code):
    t = sized(harness, code, 800, 600)
    rects = settle(t)
    table = rects["table"]
    for c in rects["cards"]:
        assert c["x"] >= table["x"] and c["x"] + c["w"] <= table["x"] + table["w"] + 0.5
        assert c["y"] >= table["y"] and c["y"] + c["h"] <= table["y"] + table["h"] + 0.5


def overlaps(a: dict, b: dict) -> bool:
    if "width" in a:
        a = {"x": a["x"], "y": a["y"], "w": a["width"], "h": a["height"]}
    return (min(a["x"] + a["w"], b["x"] + b["w"]) > max(a["x"], b["x"])
            and min(a["y"] + a["h"], b["y"] + b["h"]) > max(a["y"], b["y"]))


def test_a_refusal_is_shown_in_the_status_line_and_covers_no_card(harness):
    t = sized(harness, EH, 1152, 720)
    t.drag("t5", 4, "t1")                   # 7S onto 9C: refused (EH-04)
    expect(t.refusal).to_be_visible()
    rects = settle(t)
    box = t.refusal.bounding_box()
    table = rects["table"]
    assert box["y"] >= table["y"] + table["h"] - 0.5     # below the table
    assert not any(overlaps(box, c) for c in rects["cards"])


def test_the_examples_banner_and_messages_leave_the_table_alone(harness):
    t = sized(harness, EH, 1152, 720)
    open_example(t, "seahaven", watch=False)
    key_run = t.page.locator(".card.example-run").first
    expect(key_run).to_be_visible()
    rects = settle(t)
    table = rects["table"]
    banner = t.page.get_by_test_id("example-banner").bounding_box()
    assert banner["y"] + banner["height"] <= table["y"] + 0.5
    assert not any(overlaps(banner, c) for c in rects["cards"])
    src = t.page.locator(".card.example-run").first
    pile, index = src.get_attribute("data-in"), int(src.get_attribute("data-index"))
    empty = t.page.locator(".pile.example-target").get_attribute("data-pile")
    t.drag(pile, index, empty)              # more cards than may go: refused (SH-08)
    expect(t.refusal).to_be_visible()
    box = t.refusal.bounding_box()
    rects = settle(t)
    assert not any(overlaps(box, c) for c in rects["cards"])
    assert box["y"] >= rects["table"]["y"] + rects["table"]["h"] - 0.5
