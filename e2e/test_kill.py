"""Nothing lost to a kill (issue 14, item 7; docs/durability.md): the real app (Qt, under
Xvfb) is killed with SIGKILL at random moments while a script plays as fast as the bridge
answers, and restarted, again and again, in both games. After every restart the position is
the one of the last answer the page received, or one action further (the kill fell between
the engine's decision and the answer); the save always loads.

The script plays from the page, through the same bridge the page uses
(``window.pywebview.api``); each ``page.evaluate`` returns once the answer has reached the
page, so the test knows a lower bound of what the page has been shown. The clock survives a
kill and a quit to the second.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import sys
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harptowers import storage
from harptowers.api import Api
from harptowers.engine import parse_moves

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from test_won_games import (  # noqa: E402
    EASY_HARP_CODE, EASY_HARP_MOVES, SEAHAVEN_CODE, SEAHAVEN_MOVES)

KILLS = 26  # per game: 52 in all

# One action through the page's bridge; the call the page makes for a move in notation.
_STEP = """async ([move, sizes]) => {
    const api = window.pywebview.api;
    let answer;
    if (move === 's') answer = await api.stock(null);
    else {
        const [src, dst] = move.split('-');
        const [pile, count] = src.split(':');
        const n = sizes[pile];
        answer = await api.play({from: pile, index: n - Number(count || 1), to: dst});
    }
    if (!answer.ok) return {error: JSON.stringify(answer.error || answer.refusal)};
    const sizes2 = {};
    for (const p of answer.state.piles) sizes2[p.id] = p.cards.length;
    return {sizes: sizes2};
}"""


def sizes_of(state: dict) -> dict:
    return {p["id"]: len(p["cards"]) for p in state["piles"]}


def visible(piles: list[dict]) -> list:
    return [(p["id"], [c.get("card", "down") for c in p["cards"]]) for p in piles]


def expected(code: str, moves: list[str], n: int) -> list:
    """The position after the first ``n`` moves, played by the engine in this process."""
    api = Api(code)
    for m in parse_moves(" ".join(moves[:n])):
        api._session.rec.play(m)
    return visible(api.state()["state"]["piles"])


def kill_after(proc, delay: float) -> threading.Timer:
    timer = threading.Timer(delay, lambda: proc.poll() is None and os.kill(proc.pid,
                                                                         signal.SIGKILL))
    timer.start()
    return timer


@pytest.mark.parametrize("code, moves", [(EASY_HARP_CODE, EASY_HARP_MOVES),
                                         (SEAHAVEN_CODE, SEAHAVEN_MOVES)],
                         ids=["easy-harp", "seahaven"])
def test_sigkill_during_fast_play_loses_no_answered_action(app, data_dir, code, moves):
    moves = moves.split()
    rng = random.Random(f"kill-{code}")
    kills = 0
    args: tuple[str, ...] = (code,)
    while kills < KILLS:
        t = app(*args)
        args = ()  # later starts resume the saved game
        state = t.page.evaluate("window.pywebview.api.state(null)")["state"]
        got = storage.load(data_dir)
        assert got.problem is None, got.notice
        done = len(got.game.actions) if got.game else 0
        if done == len(moves):  # the whole game was played: start it again
            t.process.kill()
            t.process.wait(10)
            for name in (storage.FILE_NAME, storage.JOURNAL_NAME):
                (data_dir / name).unlink(missing_ok=True)
            args = (code,)
            continue
        sizes = sizes_of(state)
        answered = done
        timer = kill_after(t.process, rng.uniform(0.02, 0.4))
        try:
            while answered < len(moves):
                result = t.page.evaluate(_STEP, [moves[answered], sizes])
                assert "error" not in result, (answered, moves[answered], result)
                sizes = result["sizes"]
                answered += 1
        except AssertionError:
            raise
        except Exception:  # the page died with the app: the kill came
            pass
        timer.join()
        t.process.wait(10)
        if t.process.returncode != -signal.SIGKILL:  # the game ended before the kill
            continue
        kills += 1
        with contextlib.suppress(Exception):
            t.page.context.browser.close()
        got = storage.load(data_dir)
        assert got.problem is None, got.notice
        n = len(got.game.actions)
        assert got.game.actions == [str(m) for m in parse_moves(" ".join(moves[:n]))]
        assert n in (answered, answered + 1), f"kill {kills}: {answered} answered, {n} kept"
        assert visible(Api(loaded=got).state()["state"]["piles"]) == expected(code, moves, n)
    assert kills == KILLS


def shown_seconds(t) -> int:
    mm, ss = t.page.locator('[data-testid="clock"]').inner_text().split(":")
    return int(mm) * 60 + int(ss)


@pytest.mark.parametrize("how", ["kill", "quit"])
def test_the_clock_survives_a_kill_and_a_quit_to_the_second(app, data_dir, how):
    t = app(EASY_HARP_CODE)
    t.stock()
    expect(t.moves).to_have_text("1")
    expect(t.page.locator('[data-testid="clock"]')).to_have_text("00:03", timeout=10_000)
    time.sleep(0.6)
    shown = shown_seconds(t)
    if how == "kill":
        os.kill(t.process.pid, signal.SIGKILL)
    else:
        t.process.terminate()  # a normal close, as Ctrl+Q
    t.process.wait(20)
    t2 = app()
    elapsed = t2.page.evaluate("window.harpTowers.state.elapsed_ms")
    assert shown <= elapsed // 1000 <= shown + 1, (shown, elapsed)
