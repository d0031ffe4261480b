"""Deal codes handed to the app while a game is in progress (a second launch, or the command
line with a saved game) are asked about first; a save file that cannot be read is said, and
fast clicks on the stock only draw (EH-11)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

SH = "SH1-C4-AAAAAJ2"


def second_launch(data_dir: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, HARP_TOWERS_DATA_DIR=str(data_dir), QT_API="pyside6")
    exe = Path(sys.executable).with_name("harp-towers")
    return subprocess.run([str(exe), *args], env=env, capture_output=True, text=True, timeout=60)


@pytest.mark.rule("APP-07")
def test_a_second_launch_hands_its_code_to_the_first_window(app, data_dir):
    t = app("EH1-N-AAAAAAF")
    t.stock()
    expect(t.moves).to_have_text("1")
    r = second_launch(data_dir, SH)
    assert r.returncode == 0, r.stderr
    expect(t.page.get_by_test_id("dialog-confirm")).to_be_visible()   # a game is in progress
    t.page.get_by_test_id("confirm-yes").click()
    expect(t.code).to_have_text(SH)


def test_the_command_line_code_waits_for_the_player_when_a_game_was_saved(app, data_dir):
    t = app("EH1-N-AAAAAAF")
    t.stock()
    expect(t.moves).to_have_text("1")
    t.process.terminate()
    t.process.wait(10)
    t2 = app(SH)
    expect(t2.page.get_by_test_id("dialog-confirm")).to_be_visible()
    expect(t2.code).to_have_text("EH1-N-AAAAAAF")    # nothing changes before the answer
    t2.page.keyboard.press("Escape")                 # keep my game
    expect(t2.code).to_have_text("EH1-N-AAAAAAF")
    expect(t2.moves).to_have_text("1")


def test_a_corrupt_save_file_is_set_aside_and_said(app, data_dir):
    (data_dir / "harp-towers.json").write_bytes(b'{"schema": 1, "game": [garbage')
    t = app()
    expect(t.refusal).to_be_visible()
    assert list(data_dir.glob("harp-towers.json.corrupt-*"))


@pytest.mark.rule("EH-11")
def test_fast_clicks_on_the_stock_only_draw(harness):
    t = harness("EH1-N-AAAAAAF")
    box = t.pile("s").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    for _ in range(30):
        t.page.mouse.click(x, y)          # raw clicks 40 ms apart: the drawn cards are still flying
        t.page.wait_for_timeout(40)       # (pacing the input, not waiting for a state)
    # wait until the table has settled: every click answered, every card landed
    for _ in range(100):
        moves = int(t.moves.text_content())
        if t.cards("w").count() == moves and t.cards("s").count() == 59 - moves:
            break
        t.page.wait_for_timeout(100)
    # every accepted action was a draw: nothing was tapped onto a foundation or a column
    assert moves >= 10
    expect(t.cards("w")).to_have_count(moves)
    expect(t.score).to_have_text("0")
    for f in range(1, 9):
        expect(t.cards(f"f{f}")).to_have_count(0)
