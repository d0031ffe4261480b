"""More cores for one long Easy Harp search (``harp-towers solve --jobs N``).

Hard deals are won by restarts (docs/solver.md): short best-first runs with random weights,
where a win comes early in a run or not at all. They need no shared state, so a second core
can run restarts of its own beside the main search (``HarpSearch.run``, which keeps its
depth-first rounds and its proof). A helper starts when the main search's first round has
not won: easy deals never pay for it. Helper ``k`` (from 1) runs restarts only, of
``RESTART × 2**k`` positions × the Luby sequence, drawn from its own random sequence (the
deal's seed plus ``k - 1``), until the main search's deadline; so helper 1 plays the
restarts of solver generation 4 (units of 10 000). The first win, from either side, is the
answer; the others are stopped. A helper only finds wins, never a proof, and it stops by
itself when the main process is gone.

A helper is a separate process started with "spawn" (the same on every platform; a frozen
bundle runs itself again, ``multiprocessing.freeze_support`` in ``cli``). With helpers the
solution found can depend on which process got there first, so a search bounded by
positions (``max_nodes``: the same answer on any machine) never uses them.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import multiprocessing.process
import random
import sys
import time
from collections.abc import Callable

from .base import Limit
from .harp_position import HarpPosition

POLL = 0.02  # seconds between two looks at a helper's pipe (from the main search)


class Helpers:
    """The helper processes of one search; ``won()`` is the main search's ``watch``."""

    def __init__(self, search: type, pos: HarpPosition, state: tuple, seed: int, unit: int,
                 jobs: int, seconds: float) -> None:
        """``search``: the search class each helper runs (its restarts), named by reference so
        a spawned helper imports it itself."""
        ctx = multiprocessing.get_context("spawn")
        self.procs: list[multiprocessing.process.BaseProcess] = []
        self.conns: list[multiprocessing.connection.Connection] = []
        self.solution: list[tuple] | None = None
        self.by = 0  # the helper (from 1) whose win it is
        self.nodes = 0
        self._next = 0.0
        for k in range(1, jobs):
            here, there = ctx.Pipe(duplex=False)
            p = ctx.Process(target=_work, args=(search, pos, state, seed + k - 1, unit << k,
                                                seconds, there), daemon=True,
                            name=f"harp-towers-solver-helper-{k}")
            p.start()
            there.close()
            self.procs.append(p)
            self.conns.append(here)

    def won(self) -> bool:
        """True once a helper has sent a win (looked at every ``POLL`` seconds at most)."""
        now = time.perf_counter()
        if now < self._next:
            return False
        self._next = now + POLL
        for k, conn in enumerate(self.conns, 1):
            try:
                if not conn.poll():
                    continue
                sol, nodes = conn.recv()
            except (EOFError, OSError):  # a helper that died: the main search goes on
                conn.close()
                continue
            self.nodes += nodes
            if sol is not None:
                self.solution, self.by = sol, k
                return True
        return False

    def stop(self) -> None:
        for p in self.procs:
            if p.is_alive():
                p.terminate()
        for p in self.procs:
            p.join(timeout=5)
        for conn in self.conns:
            conn.close()


def _work(search_class: type, pos: HarpPosition, state: tuple, seed: int, unit: int,
          seconds: float, conn: multiprocessing.connection.Connection) -> None:
    """A helper: restarts from ``state`` until a win or the deadline; sends
    ``(internal moves or None, positions)``."""
    search = search_class(pos, seconds, None)
    search.start = state
    search.rng = random.Random(seed)
    search.attempt = 0
    search.restart_unit = unit
    parent = multiprocessing.parent_process()
    if parent is not None:
        search.watch = _gone(parent)
    try:
        sol = search.restarts(sys.maxsize)
    except Limit:
        sol = None
    try:
        conn.send((sol, search.nodes))
    except OSError:  # the main search is gone
        pass


def _gone(parent: multiprocessing.process.BaseProcess) -> Callable[[], bool]:
    """A ``watch`` that is True once the main process has ended (looked at every
    ``POLL`` seconds)."""
    nxt = [0.0]

    def watch() -> bool:
        now = time.perf_counter()
        if now < nxt[0]:
            return False
        nxt[0] = now + POLL
        return not parent.is_alive()

    return watch


__all__ = ["Helpers"]
