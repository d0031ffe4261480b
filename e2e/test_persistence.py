"""Deal codes through the system clipboard and nothing lost between runs, in the real window
under Xvfb (APP-08, issue: clipboard, autosave)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest
from playwright.sync_api import expect

from test_flow import replay

SH = "SH1-C4-AAAAAJ2"


def eventually(check, timeout: float = 10.0):
    """Wait for ``check()`` to return a truthy value (a condition, not a fixed sleep)."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


def saved_moves(data_dir) -> int | None:
    try:
        game = json.loads((data_dir / "harp-towers.json").read_text())["game"]
        return game["moves"] if game else None
    except (OSError, ValueError, KeyError):
        return None


def xsel(*args: str, text: str | None = None) -> str:
    out = subprocess.run(["xsel", "-b", *args], input=text, text=True, timeout=10,
                         stdout=subprocess.DEVNULL if text is not None else subprocess.PIPE)
    return out.stdout or ""


@pytest.mark.rule("APP-08")
def test_copy_the_deal_code_to_the_system_clipboard(app):
    t = app("EH1-N-AAAAAAF")
    xsel("-i", text="something else")
    t.code.click()
    expect(t.code).to_have_text("EH1-N-AAAAAAF")
    # the X selection changes owner asynchronously
    assert eventually(lambda: xsel("-o").strip() == "EH1-N-AAAAAAF")


@pytest.mark.rule("APP-07")
@pytest.mark.rule("APP-08")
def test_ctrl_v_opens_a_code_found_inside_a_sentence(app):
    t = app("EH1-N-AAAAAAF")
    xsel("-i", text="Try this one tonight:\nsh1 c4 aaaaaj2 — it's a nice deal!")
    # the felt in the bottom-left corner (a new deal's columns reach down to the bottom)
    box = t.page.locator("#table").bounding_box()
    t.page.locator("#table").click(position={"x": 4, "y": box["height"] - 4})
    t.page.keyboard.press("Control+v")
    # the question names the deal found (issue 16), asked even with no game in progress
    expect(t.page.get_by_test_id("confirm-title")).to_have_text(f"Open {SH}?")
    expect(t.code).to_have_text("EH1-N-AAAAAAF")
    t.page.get_by_test_id("confirm-yes").click()
    expect(t.code).to_have_text(SH)
    expect(t.cards("c1")).to_have_count(1)


@pytest.mark.rule("APP-09")
def test_kill_9_then_restart_resumes_the_game_and_undo(app, data_dir):
    t = app(SH)
    t.tap("t6", 4)
    expect(t.cards("f3")).to_have_count(1)
    t.drag("c1", 0, "t5")
    want = replay(SH, "t6-f c1-t5")
    t.expect_counts(want["score"], want["moves"])
    assert eventually(lambda: saved_moves(data_dir) == 2)  # written off the bridge thread
    os.kill(t.process.pid, signal.SIGKILL)
    t.process.wait(10)
    t2 = app()
    expect(t2.code).to_have_text(SH)
    t2.expect_counts(want["score"], want["moves"])
    assert t2.pile_texts("t5")[-2:] == ["TD", "9D"]
    t2.undo()
    t2.expect_counts(replay(SH, "t6-f")["score"], want["moves"])
    expect(t2.cards("c1")).to_have_count(1)
