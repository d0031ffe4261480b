"""The solvers: verdicts (winnable with a solution, proven unwinnable, unknown) for every
game under our exact rules, one module per game on a shared base (``base``).

``solve(game, limit_seconds=…, max_nodes=…)`` reads the game's current position (it never
changes it) and returns a :class:`Result`. Which solver serves which game is decided here
and only here (``SOLVERS``, keyed by the game's class).
"""

from __future__ import annotations

import time
from types import ModuleType

from ..easy_harp import EasyHarp
from ..game import Game
from ..seahaven import Seahaven
from . import easy_harp, seahaven
from .base import DEFAULT_SECONDS, UNKNOWN, UNWINNABLE, WINNABLE, Result

# game class -> its solver module (``solve(game, limit_seconds, max_nodes)``, ``HIDDEN``:
# whether the player cannot see some cards, so that hints must not use the solver directly)
SOLVERS: dict[type[Game], ModuleType] = {EasyHarp: easy_harp, Seahaven: seahaven}


def solver_for(game: Game | type[Game]) -> ModuleType:
    """The solver module of a game (or game class). Raises KeyError for a game without one."""
    cls = game if isinstance(game, type) else type(game)
    for klass in cls.__mro__:
        if klass in SOLVERS:
            return SOLVERS[klass]
    raise KeyError(f"no solver for {cls.__name__}")


def solve(game: Game, limit_seconds: float | None = DEFAULT_SECONDS,
          max_nodes: int | None = None) -> Result:
    """Solve from the game's current position; ``game`` is left exactly as it was.

    ``limit_seconds`` / ``max_nodes``: give up with verdict ``"unknown"`` past either
    (None: no limit)."""
    t0 = time.perf_counter()
    if game.won:
        return Result(WINNABLE, [], 0, 0.0)
    res = solver_for(game).solve(game, limit_seconds, max_nodes)
    res.seconds = time.perf_counter() - t0
    return res


__all__ = ["DEFAULT_SECONDS", "Result", "SOLVERS", "UNKNOWN", "UNWINNABLE", "WINNABLE",
           "solve", "solver_for"]
