"""The served page in WebKit (WebKitGTK's MiniBrowser; macOS's WKWebView is the same engine):
both Examples end to end and a short flow per game, with real pointer drags; keyboard play;
the deal code copied to the system clipboard. Scores and counters are checked against
``harp-towers replay`` of the same moves, the Examples' reminders against the English
catalogue (the same expectations as the Chromium suites, e2e/test_examples.py and
e2e/test_flow.py). Each game leaves a screenshot in artifacts/webkit/."""

from __future__ import annotations

import re
import subprocess

import pytest

from harptowers.engine import examples
from e2e.test_examples import CATALOGUE, english  # tests/ has a test_examples too
from test_flow import EH, SH, replay
from wktable import ARTIFACTS_SHOTS, eventually

def shot(t, name: str) -> None:
    ARTIFACTS_SHOTS.mkdir(parents=True, exist_ok=True)
    t.d.save_screenshot(str(ARTIFACTS_SHOTS / f"{name}.png"))


def open_example(t, name: str, watch: bool) -> tuple[dict, int]:
    t.click_testid("btn-help")
    t.click_testid("open-examples")
    t.click_testid(f"example-{name}")
    t.wait_css('[data-testid="example-banner"]')
    if not watch:
        t.click_testid("example-skip")
    t.wait_css('[data-testid="example-banner"][data-phase="key"]', 1, 60)
    total = len(examples.load_plain()[name]["moves"].split())
    t.wait_text("moves", str(total))
    return examples.load()[name]["key"], total


def easy_harp_example(t, watch: bool) -> None:
    key, total = open_example(t, "easy-harp", watch)
    src, j, count, onto = f"t{key['column'] + 1}", key["index"], key["count"], f"t{key['onto'] + 1}"
    run = t.pile_texts(src)[j:]
    assert len(run) == count >= 3
    t.drag(src, j, onto)                          # the whole run: refused (EH-05)
    want = english(CATALOGUE["refusal"]["EH-05"], count=count)
    eventually(lambda: t.refusal_text() == want, what=f"the reminder {want!r}")
    t.wait_card(src, j, run[0])
    assert t.pile_texts(src)[j:] == run           # every card back in its place
    t.wait_text("moves", str(total))
    for n, move in enumerate(key["apart"], 1):    # card by card, top card first
        t.drag(src, len(run) - n + j, move.split("-")[1])
        t.wait_text("moves", str(total + n))
    assert t.top_card(onto) == run[0]


def seahaven_example(t, watch: bool) -> None:
    key, total = open_example(t, "seahaven", watch)
    src, j, count, empty = f"t{key['column'] + 1}", key["index"], key["count"], f"t{key['empty'] + 1}"
    run = t.pile_texts(src)[j:]
    assert 4 < count <= 8 and run[0][0] == "K"
    t.drag(src, j, empty)                         # into an empty column: only 4 may go
    want = english(CATALOGUE["refusal"]["SH-08"]["to-empty"], count=count, free_cells=1,
                   empty_columns=2, limit=4, limit_occupied=8)
    eventually(lambda: t.refusal_text() == want, what=f"the reminder {want!r}")
    assert t.pile_texts(src)[j:] == run
    assert t.count(empty) == 0
    t.wait_text("moves", str(total))
    if key["also"]:                               # a run of 5 … 8 onto an occupied column
        m = re.fullmatch(r"t(\d+):(\d+)-(t\d+)", key["also"])
        also_src, n, dst = f"t{m.group(1)}", int(m.group(2)), m.group(3)
        t.drag(also_src, t.count(also_src) - n, dst)
        t.wait_text("moves", str(total + 1))


@pytest.mark.rule("APP-04")
@pytest.mark.rule("APP-05")
@pytest.mark.rule("EH-05")
@pytest.mark.rule("SH-08")
def test_both_examples_in_webkit(wk):
    t = wk(EH)
    easy_harp_example(t, watch=False)
    t.click_testid("leave-example")
    t.wait_text("deal-code", EH)                  # the player's game is back, untouched
    t.expect_counts(0, 0)
    seahaven_example(t, watch=True)


@pytest.mark.rule("APP-01")
@pytest.mark.rule("EH-16")
def test_easy_harp_flow_in_webkit(wk):
    t = wk(EH)
    t.wait_text("deal-code", EH)
    t.drag("t3", 2, "t1")                         # 9C onto TH, KC turns up
    t.wait_card("t1", 1, "9C")
    t.wait_card("t3", 1, "KC")
    t.stock()                                     # 8S onto the waste
    eventually(lambda: t.top_card("w") == "8S", what="8S on the waste")
    t.drag("t7", 6, "t4")                         # QH onto KS, AD turns up
    t.wait_card("t7", 5, "AD")
    t.tap("t7", 5)                                # AD to its foundation
    t.wait_count("f5", 1)
    want = replay(EH, "t3-t1 s t7-t4 t7-f")
    t.expect_counts(want["score"], want["moves"])
    t.undo()                                      # AD back, 3H face down again
    t.wait_card("t7", 5, "AD")
    t.expect_counts(replay(EH, "t3-t1 s t7-t4")["score"], 4)
    assert t.pile_texts("t7") == ["??"] * 5 + ["AD"]
    t.drag("t5", 4, "t1")                         # 7S onto 9C: refused (EH-04)
    eventually(t.refusal_text, what="a refusal")
    t.wait_card("t5", 4, "7S")
    shot(t, "easy-harp")


@pytest.mark.rule("SH-09")
@pytest.mark.rule("SH-11")
def test_seahaven_flow_in_webkit(wk):
    t = wk(SH)
    t.wait_text("deal-code", SH)
    t.tap("t6", 4)                                # AD to the diamonds foundation
    t.wait_count("f3", 1)
    t.drag("c1", 0, "t5")                         # 9D from a cell onto TD
    eventually(lambda: t.top_card("t5") == "9D", what="9D on column 5")
    t.drag("t7", 4, "t2")                         # 7D onto 8D
    t.wait_count("t2", 6)
    t.drag("t2", 4, "t5")                         # the run 8D 7D onto 9D: one group move
    t.wait_count("t5", 8)
    assert t.pile_texts("t5")[-3:] == ["9D", "8D", "7D"]
    want = replay(SH, "t6-f c1-t5 t7-t2 t2:2-t5")
    t.expect_counts(want["score"], want["moves"])
    t.undo()                                      # the whole group comes back in one step
    t.wait_count("t2", 6)
    t.expect_counts(replay(SH, "t6-f c1-t5 t7-t2")["score"], 4)
    shot(t, "seahaven-towers")


@pytest.mark.rule("APP-13")
def test_keyboard_play_in_webkit(wk):
    t = wk(EH)
    t.watch_pointer()
    t.key("ArrowLeft")                            # a table key brings the focus onto the table
    assert t.focused()[0] is not None
    t.kb_move("t3", 2, "t1")                      # Enter, arrows, Enter: 9C onto TH
    t.wait_card("t1", 1, "9C")
    assert t.focused() == ("t1", 1)
    t.key("s")                                    # S: the stock
    eventually(lambda: t.top_card("w") == "8S", what="8S on the waste")
    t.kb_move("t7", 6, "t4")
    t.kb_goto("t7", 5)
    t.key("f")                                    # F: AD to its foundation
    t.wait_count("f5", 1)
    want = replay(EH, "t3-t1 s t7-t4 t7-f")
    t.expect_counts(want["score"], want["moves"])
    t.key("Control+z")
    t.wait_card("t7", 5, "AD")
    assert t.pointer_events() == 0


def xsel(*args: str, text: str | None = None) -> str:
    out = subprocess.run(["xsel", "-b", *args], input=text, text=True, check=True, timeout=10,
                         stdout=subprocess.DEVNULL if text is not None else subprocess.PIPE)
    return out.stdout or ""


@pytest.mark.rule("APP-08")
def test_copy_the_deal_code_in_webkit(wk):
    t = wk(SH)
    xsel("-i", text="something else")
    t.click_testid("deal-code")
    eventually(lambda: xsel("-o").strip() == SH, what="the code on the clipboard")
