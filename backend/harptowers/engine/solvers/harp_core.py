"""Easy Harp's searches compiled (``csearch/``), as ``easy_harp.HarpSearch`` runs them: the
thin driver between the portfolio and the core. Each call runs one round of one search in C
with the limits of the whole search (the positions left under ``max_nodes``, the seconds left
before the deadline, the ``watch``), looked at where the Python searches look, so a search
bounded by positions finds the same verdict, line and count either way
(tests/test_harp_oracle.py). The restarts' random tie-breaks are drawn in C from the
``random.Random``'s own state, which comes back afterwards: the draws are the same as the
Python searches' and the weights of the next restart too.

The Python searches (``HarpSearch.py_run_bfs`` …, ``harp_greedy.GreedySearch``) run only
where the core was not built (``core.py`` says so once) and on the reduced decks of the
tests; they are the oracle the core is tested against.
"""

from __future__ import annotations

import random
import time
from types import ModuleType
from typing import Any

from .base import Budgeted, Limit
from .core import compiled
from .harp_greedy import as_moves

CORE: ModuleType | None = compiled()
if not hasattr(CORE, "HarpGreedy"):  # pragma: no cover - a build from before it
    CORE = None


def _limits(search: Budgeted) -> tuple[int | None, float | None]:
    """The positions and seconds the whole search has left (None: no such limit)."""
    cap = None if search.max_nodes is None else search.max_nodes - search.nodes
    secs = None if search.deadline is None else search.deadline - time.perf_counter()
    return cap, secs


def _rng_in(rng: random.Random | None) -> tuple | None:
    return None if rng is None else rng.getstate()[1]


def _rng_out(rng: random.Random | None, inner: tuple | None) -> None:
    if rng is not None and inner is not None:
        version, _, gauss = rng.getstate()
        rng.setstate((version, inner, gauss))


def _ended(search: Budgeted, status: str, nodes: int) -> None:
    """A limit of the whole search: the round's positions counted, then ``Limit``."""
    if status == "limit":
        search.nodes += nodes
        raise Limit


def best_first(search: Budgeted, state: tuple, weights: tuple[int, ...], budget: int,
               rng: random.Random | None) -> tuple[list[tuple] | None, int, bool]:
    """``HarpSearch.run_bfs`` from ``state``: (the moves of a win or None, positions,
    every position seen)."""
    assert CORE is not None
    cap, secs = _limits(search)
    status, line, nodes, inner = CORE.harp_best_first(state, weights, budget, cap, secs,
                                                      search.watch, _rng_in(rng))
    _rng_out(rng, inner)
    _ended(search, status, nodes)
    return (None if line is None else [tuple(m) for m in line]), nodes, status == "done"


def depth_first(search: Budgeted, state: tuple,
                budget: int) -> tuple[list[tuple] | None, int, bool]:
    """``HarpSearch.run_dfs`` from ``state``, as ``best_first``."""
    assert CORE is not None
    cap, secs = _limits(search)
    status, line, nodes = CORE.harp_depth_first(state, budget, cap, secs, search.watch)
    _ended(search, status, nodes)
    return (None if line is None else [tuple(m) for m in line]), nodes, status == "done"


class Greedy:
    """``harp_greedy.GreedySearch`` as the portfolio uses it (``H``, ``jitter``,
    ``run_bfs``, ``solution``), compiled: one search kept in C, so that a later
    ``run_bfs`` goes on where the last one stopped."""

    def __init__(self, search: Budgeted, state: tuple) -> None:
        self.search = search
        self.state = state
        self.H: tuple[int, ...] = ()
        self.jitter: random.Random | None = None
        self._kept: Any = None  # the C search (``_core.HarpGreedy``), made at the first run

    def run_bfs(self, budget: int) -> tuple[list[tuple] | None, int]:
        assert CORE is not None
        if self._kept is None:  # its weights stay those of its first run, as there
            self._kept = CORE.HarpGreedy(self.state, self.H)
        cap, secs = _limits(self.search)
        status, line, nodes, inner = self._kept.run(budget, cap, secs, self.search.watch,
                                                    _rng_in(self.jitter))
        _rng_out(self.jitter, inner)
        _ended(self.search, status, nodes)
        return (None if line is None else [tuple(m) for m in line]), nodes

    def solution(self, internal: list[tuple]) -> list[tuple]:
        return as_moves(internal)


__all__ = ["CORE", "Greedy", "best_first", "depth_first"]
