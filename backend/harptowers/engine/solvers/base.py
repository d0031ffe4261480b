"""What the game solvers share: the verdicts, the :class:`Result`, and the limits (a
deadline, an overall node limit, rounds with their own node budget)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..notation import Move, PileRef

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
DEFAULT_SECONDS = 10.0
ANY_FOUNDATION = PileRef("f", -1)


@dataclass
class Result:
    """A verdict: ``"winnable"`` (``solution`` holds moves that win from the position,
    foundation moves written ``…-f``), ``"unwinnable"`` (the complete search found no win)
    or ``"unknown"`` (a limit was reached first). ``nodes``: positions generated;
    ``seconds``: wall time of the search."""

    verdict: str
    solution: list[Move] | None = None
    nodes: int = 0
    seconds: float = 0.0
    info: dict = field(default_factory=dict)

    def solution_text(self) -> str | None:
        return None if self.solution is None else " ".join(str(m) for m in self.solution)

    def as_json(self) -> dict:
        return {"verdict": self.verdict, "solution": self.solution_text(),
                "nodes": self.nodes, "seconds": round(self.seconds, 4)}


class Limit(Exception):
    pass


class Budgeted:
    """The limits both searches share: a deadline, an overall node limit, and rounds with
    their own node budget, and a ``watch`` (None, or a function that says when to stop:
    another process has found the answer)."""

    watch: Callable[[], bool] | None = None

    def _limits(self, limit_seconds: float | None, max_nodes: int | None) -> None:
        self.deadline = None if limit_seconds is None else time.perf_counter() + limit_seconds
        self.max_nodes = max_nodes
        self.nodes = 0

    def out_of_budget(self, nodes: int, budget: int) -> bool:
        """True past the round's node budget; raises Limit past the overall node limit or
        the deadline, or when ``watch`` says so (the round's nodes counted in the result)."""
        if nodes > budget:
            return True
        if (self.max_nodes is not None and self.nodes + nodes > self.max_nodes) or \
                (self.deadline is not None and time.perf_counter() > self.deadline) or \
                (self.watch is not None and self.watch()):
            self.nodes += nodes
            raise Limit
        return False



__all__ = ["ANY_FOUNDATION", "DEFAULT_SECONDS", "Result", "UNKNOWN", "UNWINNABLE", "WINNABLE",
           "Budgeted", "Limit"]
