"""Seahaven Towers (SH-03 … SH-09): a complete search on a compact copy of the position
(cards as ints ``suit * 16 + rank``), so it can prove a deal unwinnable. Moves are the
engine's moves: single cards, and runs moved atomically onto their successor or, when
King-led, into an empty column, capped by the SH-08 group limit
``(free cells + 1) × 2^(empty columns)`` (the destination column not counted). Only
reductions that keep the search complete are used (docs/solver.md has the proofs):

* Every card that can go to its foundation goes at once ("auto-play"); taking a card back
  from a foundation (SH-13) never helps, so the search never does it.
* Positions are compared as multisets of columns and of cells; the foundations are implied.
* Of several free cells only the first is tried, of several empty columns only the first;
  a cell card never moves to another cell; a King-led run that fills its column never moves
  to an empty column.
"""

from __future__ import annotations


from ..cards import KING
from ..game import Game
from .base import UNKNOWN, UNWINNABLE, WINNABLE, Limit, Result
from .cell_search import CellSearch

# Move-ordering weights of the Seahaven DFS, one tuple per ordering of the portfolio (see
# SeahavenSearch.moves): cell→column, King cell→empty, King run→empty, run→column, breaking
# a run into a cell, card→cell, ×distance, column-emptying card→cell, lone King→cell,
# ×distance for column moves.
ORDERINGS = ((0, 1, 2, 1, 40, 8, 2, 12, 30, 1), (0, 1, 2, 1, 40, 8, 1, 12, 30, 2))


class SeahavenSearch(CellSearch):
    """Complete DFS on a compact position. Internal moves are tuples
    ``(src_kind, src_index, dst_kind, dst_index, count)`` with kinds ``'t' 'c' 'f'``
    (a foundation's index is the suit)."""

    def __init__(self, g: Game, limit_seconds: float | None, max_nodes: int | None) -> None:
        self._position(g, limit_seconds, max_nodes)   # a foundation's index is its suit (SH-06)
        self.w = ORDERINGS[0]

    # ---- position ----------------------------------------------------------------------
    def key(self) -> bytes:
        """Columns and cells as multisets; the foundations follow from the rest."""
        cells = bytes(sorted(c for c in self.cells if c))
        return b"\xff".join(sorted(self.cols)) + b"\xfe" + cells

    def after(self, m: tuple) -> list[tuple]:
        """The move ``m`` and the foundation moves it lets ``auto`` play. Between moves no
        card can go home (``auto`` ran), so only the card ``m`` uncovers can start one."""
        if m[0] == "t":
            col = self.cols[m[1]]
            if col:
                c = col[-1]
                if self.found[c >> 4] == (c & 15) - 1:
                    return [m] + self.auto()
        return [m]

    def auto(self) -> list[tuple]:
        """Play every foundation move there is, until none is left (safe in Seahaven).
        Returns the moves played, in order."""
        out: list[tuple] = []
        found, cols, cells = self.found, self.cols, self.cells
        again = True
        while again:
            again = False
            for i, c in enumerate(cells):
                if c and found[c >> 4] == (c & 15) - 1:
                    cells[i] = 0
                    found[c >> 4] += 1
                    out.append(("c", i, "f", c >> 4, 1))
                    again = True
            for i, col in enumerate(cols):
                n = len(col)
                while n:
                    c = col[n - 1]
                    if found[c >> 4] != (c & 15) - 1:
                        break
                    n -= 1
                    found[c >> 4] += 1
                    out.append(("t", i, "f", c >> 4, 1))
                    again = True
                if n < len(col):
                    cols[i] = col[:n]
        return out

    def moves(self) -> list[tuple]:
        """Candidate moves, best first (lower score first)."""
        cols, cells, found = self.cols, self.cells, self.found
        W = self.w
        empty = -1
        nempty = 0
        top_at: dict[int, int] = {}
        for i, col in enumerate(cols):
            if col:
                top_at[col[-1]] = i
            else:
                nempty += 1
                if empty < 0:
                    empty = i
        free = -1
        nfree = 0
        for i, c in enumerate(cells):
            if not c:
                nfree += 1
                if free < 0:
                    free = i
        scored: list[tuple[int, tuple]] = []
        # cell -> column (building, or a King into an empty column)
        for i, c in enumerate(cells):
            if not c:
                continue
            d = top_at.get(c + 1)
            if d is not None and (c & 15) < KING:
                scored.append((W[0], ("c", i, "t", d, 1)))
            elif (c & 15) == KING and empty >= 0:
                scored.append((W[1], ("c", i, "t", empty, 1)))
        limit_occ = (nfree + 1) << nempty
        limit_empty = (nfree + 1) << (nempty - 1) if nempty else 0
        for i, col in enumerate(cols):
            if not col:
                continue
            n = len(col)
            j = n - 1
            while j > 0 and col[j - 1] == col[j] + 1:
                j -= 1
            head = col[j]
            run = n - j
            # what the move uncovers: how far that card is from its foundation
            if j:
                below = col[j - 1]
                dist = (below & 15) - found[below >> 4] - 1
            else:
                dist = -1  # empties the column
            if (head & 15) == KING:
                if j and empty >= 0 and run <= limit_empty:
                    scored.append((W[2] + dist * W[9], ("t", i, "t", empty, run)))
            else:
                d = top_at.get(head + 1)
                if d is not None and run <= limit_occ:
                    scored.append((W[3] + dist * W[9], ("t", i, "t", d, run)))
            if free >= 0:
                top = col[-1]
                if run > 1:
                    # breaking a run: the card under it is its own successor
                    scored.append((W[4] + (top & 15) - found[top >> 4], ("t", i, "c", free, 1)))
                else:
                    if j:
                        s = W[5] + dist * W[6]
                    else:
                        s = W[8] if (top & 15) == KING else W[7]
                    scored.append((s, ("t", i, "c", free, 1)))
        scored.sort(key=lambda t: t[0])
        return [m for _, m in scored]

    # ---- search ------------------------------------------------------------------------
    def run(self) -> Result:
        """A portfolio of complete searches with node budgets growing ×4 a round: DFS,
        best-first, DFS with the second ordering. Any search that ends within its budget has seen
        every reachable position, so its "no win" is a proof; a limit gives "unknown"."""
        first = self.auto()
        if sum(self.found) == 52:
            return Result(WINNABLE, [self._to_move(m) for m in first], 1)
        self.start = (list(self.cols), list(self.cells), list(self.found))
        budget = 20_000
        rounds = [(self.run_dfs, ORDERINGS[0]), (self.run_bfs, ORDERINGS[0]),
                  (self.run_dfs, ORDERINGS[1])]
        try:
            while True:
                for method, w in rounds:
                    self.w = w
                    self.reset()
                    sol, nodes, done = method(budget)
                    self.nodes += nodes
                    if sol is not None:
                        return Result(WINNABLE, [self._to_move(r) for r in first + sol],
                                      self.nodes)
                    if done:
                        return Result(UNWINNABLE, None, self.nodes)
                budget *= 4
        except Limit:
            return Result(UNKNOWN, None, self.nodes)
        finally:
            self.reset()

    # ---- best-first ----------------------------------------------------------------------
    def load(self, k: bytes) -> None:
        """Set the position from a key (columns in key order, cells first)."""
        colpart, _, cellpart = k.partition(b"\xfe")
        self.cols = colpart.split(b"\xff")
        self.cells = list(cellpart) + [0] * (self.ncells - len(cellpart))
        low = [14, 14, 14, 14]
        for col in self.cols:
            for c in col:
                if (c & 15) < low[c >> 4]:
                    low[c >> 4] = c & 15
        for c in cellpart:
            if (c & 15) < low[c >> 4]:
                low[c >> 4] = c & 15
        self.found = [x - 1 for x in low]

    def score(self) -> int:
        """Heuristic distance to a win (lower is better)."""
        found = self.found
        h = (52 - sum(found)) * 4
        for col in self.cols:
            for k in range(1, len(col)):
                if col[k] + 1 != col[k - 1]:
                    h += 3
        for c in self.cells:
            if c:
                h += 2
            else:
                h -= 2
        for col in self.cols:
            if not col:
                h -= 4
            else:
                # depth of the next card of each suit in this column
                n = len(col)
                for k, c in enumerate(col):
                    if found[c >> 4] == (c & 15) - 1:
                        h += (n - 1 - k) * 2
        return h


# the generation written into the batch's rows (tools/winnable_batch.py)
GENERATION = 2

ONE_CARD_MOVES = False  # runs move as a whole (SH-08)


def fits(top: int, face: int) -> bool:
    """A card of ``face`` may be built on ``top`` (SH-04: same suit, one rank lower)."""
    return top == face + 1


def solve(game: Game, limit_seconds: float | None, max_nodes: int | None) -> Result:
    """Seahaven's verdict from the game's current position (the game is not changed)."""
    return SeahavenSearch(game, limit_seconds, max_nodes).run()


__all__ = ["ONE_CARD_MOVES", "ORDERINGS", "SeahavenSearch", "fits", "solve"]
