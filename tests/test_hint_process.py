"""The solver process never freezes anything (issue 19): one that does not answer in time
is killed, the hint says "unknown", and the next hint starts a fresh process."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from harptowers.hints import search as hints
from harptowers.api import Api
from harptowers.hints.service import SolverProcess

SH314 = "SH1-C4-AAAAAJ2"


def wait_for(predicate, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")
def test_a_stopped_solver_is_killed_and_replaced():
    api = Api(SH314)
    # a loaded machine may take seconds to spawn a process: the grace is long but for the
    # search that meets the stopped one
    solver = SolverProcess(seconds=1.0, grace=60.0)
    pos = hints.position(api._game)
    try:
        assert solver.search(pos)["verdict"] == hints.WINNABLE    # the process works
        first = solver.pid
        os.kill(first, signal.SIGSTOP)
        solver.grace = 1.0
        t0 = time.monotonic()
        assert solver.search(pos) == {"verdict": hints.UNKNOWN, "solution": None}
        assert time.monotonic() - t0 < 10                            # not hanging for ever
        with pytest.raises(ProcessLookupError):                     # killed and reaped
            os.kill(first, 0)
        solver.grace = 60.0
        assert solver.search(pos)["verdict"] == hints.WINNABLE      # a fresh one answers
        assert solver.pid not in (None, first)
    finally:
        solver.close()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")
def test_actions_answer_while_a_hint_waits_for_a_stopped_solver():
    api = Api("EH1-N-AAAAAAF")
    api._solver = SolverProcess(seconds=1.0, grace=1.0)
    pos = hints.position(api._game)
    api._solver.grace = 60.0                # a loaded machine may take seconds to spawn it
    api._solver.search(pos)                 # started, and warm
    api._solver.grace = 1.0
    assert api._solver.pid is not None
    os.kill(api._solver.pid, signal.SIGSTOP)
    result: dict = {}
    hint = threading.Thread(target=lambda: result.update(api.hint()))
    hint.start()
    try:
        time.sleep(0.2)                     # the hint is waiting for the stopped solver
        assert hint.is_alive()
        a = api.stock()                     # a draw is answered meanwhile
        assert a["ok"] and a["action"]["from"] == "s" and hint.is_alive()
        hint.join(10)
        assert result["ok"] and result["hint"] == {"verdict": "stale"}   # the game changed
    finally:
        api._close_hints()
