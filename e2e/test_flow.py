"""A short whole game flow per game, in the harness and in the real window: a new deal by
code, moves by real pointer drags and taps, undo, a refusal; score and counter checked
against ``harp-towers replay`` of the same moves (run as a subprocess)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from playwright.sync_api import expect

EH = "EH1-N-AAAAAAF"
SH = "SH1-C4-AAAAAJ2"


def replay(code: str, moves: str) -> dict:
    out = subprocess.run([sys.executable, "-m", "harptowers", "replay", code, moves, "--json"],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


@pytest.fixture(params=["harness", "app"])
def table_for(request):
    """``table_for(code)``: the table on that deal, opened the way a player would: the
    harness starts on it, the real app is started with the code on its command line."""
    if request.param == "harness":
        make = request.getfixturevalue("harness")
        return lambda code: make(code)
    make = request.getfixturevalue("app")
    return lambda code: make(code)


@pytest.mark.rule("APP-01")
@pytest.mark.rule("APP-02")
@pytest.mark.rule("EH-16")
@pytest.mark.rule("APP-09")
def test_easy_harp_flow(table_for):
    t = table_for(EH)
    expect(t.code).to_have_text(EH)
    t.drag("t3", 2, "t1")               # 9C onto TH, KC turns up
    expect(t.card("t1", 1)).to_have_attribute("data-card", "9C")
    expect(t.card("t3", 1)).to_have_attribute("data-card", "KC")
    t.stock()                           # 8S onto the waste
    expect(t.top("w")).to_have_attribute("data-card", "8S")
    t.drag("t7", 6, "t4")               # QH onto KS, AD turns up
    t.tap("t7", 5)                      # AD to its foundation
    expect(t.cards("f5")).to_have_count(1)
    want = replay(EH, "t3-t1 s t7-t4 t7-f")
    t.expect_counts(want["score"], want["moves"])
    t.undo()                            # AD comes back, 3H turns face down again
    want_undone = replay(EH, "t3-t1 s t7-t4")
    t.expect_counts(want_undone["score"], 4)   # the counter does not go down
    expect(t.card("t7", 5)).to_have_attribute("data-card", "AD")
    assert t.pile_texts("t7") == ["??"] * 5 + ["AD"]
    t.drag("t5", 4, "t1")               # 7S onto 9C: refused (EH-04), 7S goes back
    expect(t.refusal).to_be_visible()
    expect(t.card("t5", 4)).to_have_attribute("data-card", "7S")
    t.expect_counts(want_undone["score"], 4)


@pytest.mark.rule("SH-09")
@pytest.mark.rule("SH-11")
def test_seahaven_flow(table_for):
    t = table_for(SH)
    expect(t.code).to_have_text(SH)
    t.tap("t6", 4)                      # AD to the diamonds foundation
    expect(t.cards("f3")).to_have_count(1)
    t.drag("c1", 0, "t5")               # 9D from a cell onto TD: +5
    t.drag("t7", 4, "t2")               # 7D onto 8D
    t.drag("t2", 4, "t5")               # the run 8D 7D onto 9D: one group move
    expect(t.cards("t5")).to_have_count(8)
    assert t.pile_texts("t5")[-3:] == ["9D", "8D", "7D"]
    want = replay(SH, "t6-f c1-t5 t7-t2 t2:2-t5")
    t.expect_counts(want["score"], want["moves"])
    t.undo()                            # the whole group comes back in one step
    expect(t.cards("t2")).to_have_count(6)
    t.expect_counts(replay(SH, "t6-f c1-t5 t7-t2")["score"], 4)
    t.drag("t3", 4, "t1")               # 7H onto 5D: refused (SH-04)
    expect(t.refusal).to_be_visible()
    expect(t.card("t3", 4)).to_have_attribute("data-card", "7H")
