"""FreeCell (FC-03 … FC-08): a complete search on a compact copy of the position (cards as
ints ``suit * 16 + rank``), so it can prove a deal unwinnable. Moves are the engine's moves:
single cards, and runs of alternating colours moved atomically, capped by the FC-08 group
limit ``(free cells + 1) × 2^(empty columns)`` (the destination column not counted). Only
reductions that keep the search complete are used:

* A card goes to its foundation at once ("auto-play") when it is safe there: an Ace or a 2,
  or a card of rank r when both foundations of the other colour hold r − 1 cards or more.
  Then every card it could hold in a column (the other colour's r − 1) is home already, so no
  later move can need it in the tableau.
* Cards taken back from a foundation (FC-13) are not tried: the verdicts are those of
  Microsoft FreeCell, which has no such move, and of the published results (deal 11 982
  cannot be won). A card that is safe (above) is never needed back in any case.
* Positions are compared as multisets of columns and of cells; the foundations are implied.
* Of several free cells only the first is tried, of several empty columns only the first; a
  cell card never moves to another cell; a whole column never moves into an empty column.

The search is ``freecell_search.FreeCellSearch``. Its rounds run compiled (``csearch/fc_*.c``:
the same moves, order, keys, scores and node counts, so the same lines and verdicts) when the
extension is built; the Python rounds are the fallback and the tests' oracle
(tests/test_freecell_core.py).
"""

from __future__ import annotations

from types import ModuleType

from ..game import Game
from .base import Result
from .core import compiled
from .freecell_search import FreeCellSearch, builds

_core: ModuleType | None = compiled()   # the same search compiled, where built
if not hasattr(_core, "freecell_depth_first"):  # pragma: no cover - a build from before it
    _core = None


# the generation written into the batch's rows (tools/winnable_batch.py; 3: the compiled
# search; 4: rounds with best-first under two more weightings)
GENERATION = 4

ONE_CARD_MOVES = False  # runs move as a whole (FC-08)


def fits(top: int, face: int) -> bool:
    """A card of ``face`` may be built on ``top`` (FC-04: the other colour, one rank lower)."""
    return builds(top, face)


def compiled_search() -> ModuleType | None:
    """The compiled search (``csearch``), or None where it was not built."""
    return _core


def search_round(game: Game, kind: str, budget: int, compiled: bool = True,
                 weights: tuple[int, ...] = FreeCellSearch.WEIGHTS[0],
                 ) -> tuple[list[tuple] | None, int, bool]:
    """One round (``kind`` "best_first" scored with ``weights``, or "depth_first") of
    ``budget`` positions from the game's position after its safe foundation moves: (internal
    moves of a win or None, positions, every position seen). For tests and
    bench/freecell_core.py."""
    s = FreeCellSearch(game, None, None, _core if compiled else None)
    s.auto()
    s.start = (list(s.cols), list(s.cells), list(s.found))
    return s.round(kind, budget, weights)


def solve(game: Game, limit_seconds: float | None, max_nodes: int | None,
          compiled: bool = True) -> Result:
    """FreeCell's verdict from the game's current position (the game is not changed);
    ``compiled``: the compiled search when built (else this module's)."""
    return FreeCellSearch(game, limit_seconds, max_nodes, _core if compiled else None).run()


__all__ = ["FreeCellSearch", "ONE_CARD_MOVES", "builds", "compiled_search", "fits", "search_round",
           "solve"]
