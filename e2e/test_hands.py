"""The table under a real player's hands (issue 19): every stock click is a draw at any
speed, a burst of clicks on one card is one gesture, redo by keys and button. The counts are
read back from what Python recorded (the saved game's actions), replayed independently by
``harp-towers replay``."""

from __future__ import annotations

import json
import time

import pytest
from playwright.sync_api import expect

from test_flow import replay, table_for  # noqa: F401  (table_for is a fixture)
from test_persistence import eventually

EH = "EH1-N-AAAAAAF"          # Easy Harp deal 5: 59 cards in the stock
SH_C = "SH1-C4-AAAAAAC"       # Seahaven deal 2: column 1 is 6D 3H 2S AD 9S
SH314 = "SH1-C4-AAAAAJ2"      # Seahaven deal 314: AD on top of column 6
TAPS = 130                    # stock clicks: two passes and a redeal each, then 10 cards


def centre(t, loc):
    box = loc.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 20)


def clicks(t, x, y, n, ms):
    for _ in range(n):
        t.page.mouse.click(x, y)
        t.page.wait_for_timeout(ms)


def recorded(t, data_dir) -> list[str]:
    """The actions Python recorded: the harness's in-process Api, or the real app's save."""
    if getattr(t, "api", None) is not None:
        return list(t.api._session.rec.actions)
    return json.loads((data_dir / "harp-towers.json").read_text())["game"]["actions"]


@pytest.mark.rule("EH-11", "APP-11")
@pytest.mark.parametrize("ms", [40, 60, 100, 150])
def test_every_stock_click_is_a_draw_or_a_redeal(harness, ms):
    t = harness(EH)
    x, y = centre(t, t.pile("s"))
    clicks(t, x, y, TAPS, ms)
    expect(t.moves).to_have_text(str(TAPS))
    acts = recorded(t, None)
    assert acts == ["s"] * TAPS                       # no foundation or column move
    assert replay(EH, " ".join(acts))["moves"] == TAPS
    assert t.page.get_by_test_id("refusal").is_hidden()
    # 130 taps on 59 cards: two redeals (60 taps each) and 10 cards drawn again
    assert t.api._game.passes == 2 and len(t.api._game.waste) == 10


@pytest.mark.rule("EH-11", "APP-11")
@pytest.mark.parametrize("ms", [40, 60, 100, 150])
def test_stock_clicks_in_the_real_window(app, data_dir, ms):
    t = app(EH)
    x, y = centre(t, t.pile("s"))
    clicks(t, x, y, TAPS, ms)
    expect(t.moves).to_have_text(str(TAPS))
    assert eventually(lambda: len(recorded(t, data_dir)) == TAPS)
    acts = recorded(t, data_dir)
    assert acts == ["s"] * TAPS                       # no foundation or column move
    out = replay(EH, " ".join(acts))                  # two redeals, 10 cards drawn again
    assert out["moves"] == TAPS and len(out["waste"]) == 10 and len(out["stock"]) == 49
    assert t.page.get_by_test_id("refusal").is_hidden()


@pytest.mark.rule("APP-11", "SH-11", "SH-12")
@pytest.mark.parametrize("n, ms", [(3, 50), (3, 120), (4, 40), (4, 90)])
def test_a_burst_on_a_card_whose_tap_is_refused_makes_at_most_one_move(harness, n, ms):
    t = harness(SH_C)
    assert t.pile_texts("t1") == ["6D", "3H", "2S", "AD", "9S"]
    x, y = centre(t, t.card("t1", 4))
    clicks(t, x, y, n, ms)
    t.page.wait_for_timeout(500)
    acts = recorded(t, None)
    assert len(acts) <= 1, acts                       # the double tap at most (9S → a column)
    assert "AD" in t.pile_texts("t1")                 # the Ace under it never went home


@pytest.mark.rule("APP-11", "SH-11")
@pytest.mark.parametrize("n, ms", [(2, 60), (3, 50), (4, 40), (4, 120)])
def test_a_burst_on_a_card_whose_tap_moves_it_makes_exactly_one_move(harness, n, ms):
    t = harness(SH314)
    assert t.pile_texts("t6")[-1] == "AD"
    x, y = centre(t, t.card("t6", 4))
    clicks(t, x, y, n, ms)
    t.page.wait_for_timeout(500)
    assert recorded(t, None) == ["t6-f3"]


@pytest.mark.rule("APP-14")
def test_redo_by_keys_and_button(table_for):
    t = table_for(EH)
    t.drag("t3", 2, "t1")                              # 9C onto TH, KC turns up: 5 points
    t.expect_counts(5, 1)
    t.stock()
    t.expect_counts(5, 2)
    redo = t.page.get_by_test_id("btn-redo")
    expect(redo).to_be_disabled()
    t.undo()
    t.undo()
    t.expect_counts(0, 2)
    expect(redo).to_be_enabled()
    t.page.keyboard.press("Control+y")
    t.expect_counts(5, 2)
    expect(t.card("t3", 1)).to_have_attribute("data-card", "KC")
    t.page.keyboard.press("Control+Shift+z")
    expect(t.cards("w")).to_have_count(1)
    expect(redo).to_be_disabled()
    t.undo()
    redo.click()
    expect(t.cards("w")).to_have_count(1)
    t.expect_counts(5, 2)
    want = replay(EH, "t3-t1 s")
    assert want["score"] == 5


def solver_pids(app_pid: int) -> list[int]:
    """The app's solver process: a child started by multiprocessing's "spawn"."""
    from pathlib import Path

    out = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            ppid = int((proc / "stat").read_text().rsplit(")", 1)[1].split()[1])
            cmd = (proc / "cmdline").read_bytes()
        except (OSError, IndexError, ValueError):
            continue
        if ppid == app_pid and b"spawn_main" in cmd:
            out.append(int(proc.name))
    return out


def test_a_stuck_hint_never_holds_the_table(app):
    """In the real window, where every bridge call has a thread of its own: with the solver
    process stopped while a hint waits for it, a stock click is still answered at once, and
    the next hint, after the time limit, comes from a fresh process."""
    import os
    import signal

    t = app(EH)
    busy = t.page.locator("body[data-hint-busy]")
    t.page.get_by_test_id("btn-hint").click()            # the first hint starts the solver
    expect(busy).to_have_count(0, timeout=30000)
    assert eventually(lambda: len(solver_pids(t.process.pid)) == 1)
    stopped = solver_pids(t.process.pid)[0]
    os.kill(stopped, signal.SIGSTOP)
    t.page.get_by_test_id("btn-hint").click()
    expect(busy).to_have_count(1)
    x, y = centre(t, t.pile("s"))
    t0 = time.monotonic()
    t.page.mouse.click(x, y)
    expect(t.moves).to_have_text("1")
    waited = time.monotonic() - t0
    assert busy.count() == 1, f"the hint ended first ({waited:.3f} s)"   # the draw did not wait
    expect(busy).to_have_count(0, timeout=30000)        # the stuck solver was given up
    assert eventually(lambda: not os.path.exists(f"/proc/{stopped}"))
    t.page.get_by_test_id("btn-hint").click()
    expect(busy).to_have_count(0, timeout=30000)
    fresh = solver_pids(t.process.pid)
    assert len(fresh) == 1 and fresh[0] != stopped


HOLD = """(method) => {
  const api = window.pywebview.api;
  const real = api[method];
  window.__held = [];
  window.__release = () => { api[method] = real; window.__held.splice(0).forEach((go) => go()); };
  api[method] = (arg) => new Promise((resolve) => window.__held.push(() => real(arg).then(resolve)));
}"""


@pytest.mark.rule("EH-11")
def test_stock_clicks_faster_than_the_answers_are_all_drawn_at_once(harness):
    """Python's answers held back: three clicks 40 ms apart show three cards drawn, and a
    redeal, before any answer; the answers then agree with what was drawn."""
    t = harness(EH)
    x, y = centre(t, t.pile("s"))
    clicks(t, x, y, 57, 10)
    expect(t.moves).to_have_text("57")
    t.page.evaluate(HOLD, "stock")
    clicks(t, x, y, 3, 40)                            # two draws and the redeal
    assert t.page.evaluate("window.__held.length") == 1   # the others wait in the queue
    assert t.cards("s").count() == 59 and t.cards("w").count() == 0
    clicks(t, x, y, 1, 40)                            # and a draw from the new pass
    assert t.cards("s").count() == 58 and t.cards("w").count() == 1
    t.page.evaluate("window.__release()")
    expect(t.moves).to_have_text("61")
    assert recorded(t, None) == ["s"] * 61
    assert t.cards("s").count() == 58 and t.pile_texts("w") == [t.api._game.waste[0].text]


@pytest.mark.rule("EH-18")
def test_undo_is_drawn_before_its_answer(harness):
    """Python's answer to Ctrl+Z held back: the card is back and the card it turned up is face
    down again at once; the answer then agrees (score and counter from Python)."""
    t = harness(EH)
    t.drag("t3", 2, "t1")                             # 9C onto TH turns a card in t3
    t.expect_counts(5, 1)
    before = t.pile_texts("t3")
    assert before[-1] != "??"
    t.page.evaluate(HOLD, "undo")
    t.page.keyboard.press("Control+z")
    assert t.page.evaluate("window.__held.length") == 1
    assert t.pile_texts("t3") == before[:-1] + ["??", "9C"] and t.pile_texts("t1")[-1] == "TH"
    t.page.evaluate("window.__release()")
    t.expect_counts(0, 1)
    assert t.pile_texts("t3") == before[:-1] + ["??", "9C"]
