"""Easy Harp's search on more cores (``harp-towers solve --jobs``, ``harp_helpers``): a helper
process runs restarts of its own beside the main search; its win is the answer and replays;
a search bounded by positions, or won in its first round, never starts one; no helper
outlives its search, even when the solving process is killed."""

from __future__ import annotations

import multiprocessing
import random
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from harptowers.engine import new_game
from harptowers.engine.codes import format_code
from harptowers.engine.solvers import WINNABLE, easy_harp, solve
from harptowers.engine.solvers.easy_harp import HarpSearch, position_of

ROOT = Path(__file__).resolve().parents[1]
HARD = 14  # generation 5 alone leaves it unknown at 60 s; generation 4's restarts win it


def replays_to_a_win(code: str, solution) -> bool:
    g = new_game(code)
    for m in solution:
        g.play(m)
    return g.won


@pytest.mark.slow
def test_a_helper_wins_with_the_restarts_of_units_of_10_000():
    """Deal 14 with two processes: the win is the helper's, and it is what the restarts of
    10 000-position units (× Luby) from the position after the safe moves find when run
    alone in this process; it replays to a win."""
    code = format_code("easy-harp", "N", HARD)
    res = solve(new_game(code), limit_seconds=120, jobs=2)
    assert res.verdict == WINNABLE
    assert res.info.get("found_by") == "helper 1"
    assert replays_to_a_win(code, res.solution)

    game = new_game(code)
    search = HarpSearch(position_of(game), None, None)
    first = [m for m, _ in search.pos.auto()]
    search.start = search.pos.copy_state()
    search.rng = random.Random(search.seed())
    search.attempt, search.restart_unit = 0, 2 * easy_harp.RESTART
    alone = first + search.restarts(sys.maxsize)
    assert res.solution == easy_harp.engine_moves(game, alone)


class Counted:
    started = 0

    def __init__(self, *args, **kwargs) -> None:
        type(self).started += 1
        raise AssertionError("no helper expected")


@pytest.mark.slow
def test_no_helper_for_a_node_limit_or_a_first_round_win(monkeypatch):
    """A node limit (the same answer on any machine) keeps the search in one process, and
    so does a deal won in the first round (deal 3: about 21 000 positions)."""
    monkeypatch.setattr(easy_harp, "Helpers", Counted)
    Counted.started = 0
    hard = new_game(format_code("easy-harp", "N", HARD))
    assert solve(hard, limit_seconds=60, max_nodes=40_000, jobs=2).verdict == "unknown"
    easy = new_game(format_code("easy-harp", "N", 3))
    assert solve(easy, limit_seconds=60, jobs=2).verdict == WINNABLE
    assert Counted.started == 0


@pytest.mark.slow
def test_no_helper_outlives_its_search():
    """Deal 54 (no search has won it) for 3 s on two processes: unknown, and once the
    answer is back no helper process is left."""
    res = solve(new_game(format_code("easy-harp", "N", 54)), limit_seconds=3, jobs=2)
    assert res.verdict == "unknown"
    assert multiprocessing.active_children() == []


def _children(pid: int) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                stat = Path(f"/proc/{d}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(d))
    return out


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_killed_solve_leaves_no_helper():
    """``harp-towers solve`` killed (SIGKILL: no clean-up runs) while its helper searches:
    the helper sees its parent gone and ends within a second."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "backend"))
    code = format_code("easy-harp", "N", 54)
    p = subprocess.Popen([sys.executable, "-m", "harptowers", "solve", code, "--limit", "60",
                          "--jobs", "2"], env=env, stdout=subprocess.DEVNULL)
    try:
        t0 = time.monotonic()
        helpers: list[int] = []
        while not helpers and time.monotonic() - t0 < 30:
            time.sleep(0.1)
            helpers = [c for c in _children(p.pid) if _running(c)]
        assert helpers, "no helper started"
        time.sleep(0.5)
        p.send_signal(signal.SIGKILL)
        p.wait()
        t1 = time.monotonic()
        while any(_running(c) for c in helpers) and time.monotonic() - t1 < 5:
            time.sleep(0.05)
        assert not any(_running(c) for c in helpers)
        assert time.monotonic() - t1 < 1.5
    finally:
        p.kill()
        p.wait()


def test_jobs_outside_the_machine_is_refused():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "backend"))
    for jobs in ("0", str((os.cpu_count() or 1) + 1)):
        p = subprocess.run([sys.executable, "-m", "harptowers", "solve", "EH1-N-AAAAAAB",
                            "--jobs", jobs], env=env, capture_output=True, text=True,
                           timeout=60)
        assert p.returncode == 2
        assert "--jobs must be from 1 to" in p.stderr
