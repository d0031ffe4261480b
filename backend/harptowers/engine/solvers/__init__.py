"""The solvers: verdicts (winnable with a solution, proven unwinnable, unknown) for every
game under our exact rules, one module per game on a shared base (``base``).

``solve(game, limit_seconds=…, max_nodes=…)`` reads the game's current position (it never
changes it) and returns a :class:`Result`. Which solver serves a game is the game's own
metadata (``Game.solver``, the name of its module here); a game without one is answered
"unknown".
"""

from __future__ import annotations

import importlib
import time
from types import ModuleType

from ..game import Game
from .base import DEFAULT_SECONDS, UNKNOWN, UNWINNABLE, WINNABLE, Result


def solver_for(game: Game | type[Game]) -> ModuleType:
    """The solver module of a game (or game class): ``solve(game, limit_seconds,
    max_nodes)``, ``fits(top, face)``, ``ONE_CARD_MOVES``. Raises KeyError for a game
    without one."""
    cls = game if isinstance(game, type) else type(game)
    if not cls.solver:
        raise KeyError(f"no solver for {cls.__name__}")
    return importlib.import_module(f"{__package__}.{cls.solver}")


def hint_ways_for(game: Game | type[Game]) -> ModuleType | None:
    """The module that weighs a game's ways on across samples of its hidden cards
    (``weigh``), or None when the game names none (``Game.hint_ways``)."""
    cls = game if isinstance(game, type) else type(game)
    return importlib.import_module(f"{__package__}.{cls.hint_ways}") if cls.hint_ways else None


def solve(game: Game, limit_seconds: float | None = DEFAULT_SECONDS,
          max_nodes: int | None = None, jobs: int = 1) -> Result:
    """Solve from the game's current position; ``game`` is left exactly as it was.

    ``limit_seconds`` / ``max_nodes``: give up with verdict ``"unknown"`` past either
    (None: no limit). ``jobs``: processes a search bounded by time alone may use (a
    solver that has ``JOBS``: Easy Harp's restarts on more cores; one otherwise)."""
    t0 = time.perf_counter()
    if game.won:
        return Result(WINNABLE, [], 0, 0.0)
    try:
        solver = solver_for(game)
    except KeyError:
        return Result(UNKNOWN, None, 0, 0.0)
    if jobs > 1 and getattr(solver, "JOBS", False):
        res = solver.solve(game, limit_seconds, max_nodes, jobs)
    else:
        res = solver.solve(game, limit_seconds, max_nodes)
    res.seconds = time.perf_counter() - t0
    return res


__all__ = ["DEFAULT_SECONDS", "Result", "UNKNOWN", "UNWINNABLE", "WINNABLE", "hint_ways_for",
           "solve", "solver_for"]
