"""FreeCell's complete search in Python (freecell.py says what it searches and why it stays
complete). ``FreeCellSearch.run`` plays its rounds here or, given the compiled module
(``csearch/fc_*.c``), there: the same rounds move for move."""

from __future__ import annotations

import time
from types import ModuleType

from ..game import Game
from .base import UNKNOWN, UNWINNABLE, WINNABLE, Limit, Result
from .cell_search import CellSearch

RED = (False, True, True, False)   # suits S H D C (cards.Suit)
OTHER = ((1, 2), (0, 3), (0, 3), (1, 2))   # the suits of the other colour


def builds(onto: int, card: int) -> bool:
    """FC-04: ``card`` goes on ``onto``: the other colour, one rank lower."""
    return (onto & 15) == (card & 15) + 1 and RED[onto >> 4] != RED[card >> 4]


class FreeCellSearch(CellSearch):
    """Complete searches on a compact position. Internal moves are tuples
    ``(src_kind, src_index, dst_kind, dst_index, count)`` with kinds ``'t' 'c' 'f'``
    (a foundation's index is the suit)."""

    TIE = 1   # of equal scores, the oldest position first

    # the best-first score's weights (``score``): cards not home, in cells, empty columns,
    # cards above a lower one, depth of the next cards; the first is the main one
    WEIGHTS = ((4, 4, 4, 3, 1), (4, 2, 4, 3, 1), (4, 4, 4, 1, 1))
    # a round: (search, its weights' index in WEIGHTS, its share of the round's budget)
    ROUNDS = (("best_first", 0, 1), ("depth_first", 0, 4), ("best_first", 1, 1),
              ("best_first", 2, 1))
    W: tuple[int, ...] = WEIGHTS[0]

    def __init__(self, g: Game, limit_seconds: float | None, max_nodes: int | None,
                 core: ModuleType | None = None) -> None:
        self.core = core
        self._position(g, limit_seconds, max_nodes)

    # ---- position ----------------------------------------------------------------------
    def key(self) -> bytes:
        """Columns and cells as multisets; the foundations follow from the rest."""
        return b"\xff".join(sorted(self.cols)) + b"\xfe" + bytes(sorted(self.cells))

    def safe(self, c: int) -> bool:
        """The card can go home now and will never be needed in a column again."""
        s, r = c >> 4, c & 15
        found = self.found
        if found[s] != r - 1:
            return False
        a, b = OTHER[s]
        return r <= 2 or (found[a] >= r - 1 and found[b] >= r - 1)

    def after(self, m: tuple) -> list[tuple]:
        """The move ``m`` and the safe foundation moves it lets ``auto`` play. Between moves
        no safe card is free (``auto`` ran); only a foundation move or the card ``m``
        uncovers can make one."""
        if m[2] == "f":
            return [m] + self.auto()
        if m[0] == "t":
            col = self.cols[m[1]]
            if col and self.safe(col[-1]):
                return [m] + self.auto()
        return [m]

    def auto(self) -> list[tuple]:
        """Play every safe foundation move, until none is left. Returns the moves played."""
        out: list[tuple] = []
        cols, cells, safe = self.cols, self.cells, self.safe
        again = True
        while again:
            again = False
            for i, c in enumerate(cells):
                if c and safe(c):
                    cells[i] = 0
                    self.found[c >> 4] += 1
                    out.append(("c", i, "f", c >> 4, 1))
                    again = True
            for i, col in enumerate(cols):
                n = len(col)
                while n and safe(col[n - 1]):
                    n -= 1
                    self.found[col[n] >> 4] += 1
                    out.append(("t", i, "f", col[n] >> 4, 1))
                    again = True
                if n < len(col):
                    cols[i] = col[:n]
        return out

    def moves(self) -> list[tuple]:
        """Candidate moves, the most promising first."""
        cols, cells, found = self.cols, self.cells, self.found
        empty = -1
        nempty = 0
        for i, col in enumerate(cols):
            if not col:
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
        home: list[tuple] = []
        build: list[tuple] = []
        park: list[tuple] = []
        for i, c in enumerate(cells):
            if not c:
                continue
            if found[c >> 4] == (c & 15) - 1:
                home.append(("c", i, "f", c >> 4, 1))
            for d, col in enumerate(cols):
                if col and builds(col[-1], c):
                    build.append(("c", i, "t", d, 1))
            if empty >= 0:
                park.append(("c", i, "t", empty, 1))
        limit_occ = (nfree + 1) << nempty
        limit_empty = (nfree + 1) << (nempty - 1) if nempty else 0
        for i, col in enumerate(cols):
            if not col:
                continue
            n = len(col)
            top = col[-1]
            if found[top >> 4] == (top & 15) - 1:
                home.append(("t", i, "f", top >> 4, 1))
            j = n - 1
            while j > 0 and builds(col[j - 1], col[j]):
                j -= 1
            for d, dcol in enumerate(cols):
                if d == i or not dcol:
                    continue
                t = dcol[-1]
                # the card of the run that goes on t: rank one lower, the other colour
                k = n - ((t & 15) - 1 - (top & 15)) - 1
                if j <= k < n and builds(t, col[k]) and n - k <= limit_occ:
                    build.append(("t", i, "t", d, n - k))
            if empty >= 0:
                for k in range(max(j, n - limit_empty), n):
                    if k:   # a whole column never moves into an empty one
                        park.append(("t", i, "t", empty, n - k))
            if free >= 0:
                park.append(("t", i, "c", free, 1))
        return home + build + park

    # ---- search ------------------------------------------------------------------------
    def run(self) -> Result:
        """Rounds (``ROUNDS``) whose budgets grow ×4: best-first for a quick win, the complete
        depth-first search with four times the positions (its "no win" is a proof), then
        best-first with the other weights (a deal one score leads astray, another often wins
        in a few thousand positions). A limit gives "unknown"."""
        first = self.auto()
        if sum(self.found) == 52:
            return Result(WINNABLE, [self._to_move(m) for m in first], 1)
        self.start = (list(self.cols), list(self.cells), list(self.found))
        budget = 100_000
        try:
            while True:
                for kind, weights, share in self.ROUNDS:
                    sol, nodes, done = self.round(kind, budget * share, self.WEIGHTS[weights])
                    self.nodes += nodes
                    if sol is not None:
                        return Result(WINNABLE, [self._to_move(r) for r in first + sol],
                                      self.nodes)
                    if done:
                        return Result(UNWINNABLE, None, self.nodes)
                budget *= 4
        except Limit:
            return Result(UNKNOWN, None, self.nodes)
        except MemoryError:  # the positions seen no longer fit: a limit as well
            return Result(UNKNOWN, None, self.nodes, info={"stopped": "memory"})
        finally:
            self.reset()

    def round(self, kind: str, budget: int,
              weights: tuple[int, ...] = WEIGHTS[0]) -> tuple[list[tuple] | None, int, bool]:
        """One round from the start position: ``run_bfs`` ("best_first", scored with
        ``weights``) or ``run_dfs`` ("depth_first"), compiled when built. Raises Limit as
        they do."""
        if self.core is None:
            self.reset()
            self.W = weights
            return (self.run_bfs if kind == "best_first" else self.run_dfs)(budget)
        cols, cells, found = self.start
        state = (tuple(cols), tuple(cells), tuple(found))
        left = None if self.max_nodes is None else self.max_nodes - self.nodes
        secs = None if self.deadline is None else self.deadline - time.perf_counter()
        if kind == "best_first":
            status, line, nodes = self.core.freecell_best_first(state, budget, left, secs,
                                                                weights)
        else:
            status, line, nodes = self.core.freecell_depth_first(state, budget, left, secs)
        if status == "limit":
            self.nodes += nodes
            raise Limit
        return line, nodes, status == "done"

    # ---- best-first ----------------------------------------------------------------------
    def load(self, k: bytes) -> None:
        """Set the position from a key (columns in key order, cells first)."""
        colpart, _, cellpart = k.partition(b"\xfe")
        self.cols = colpart.split(b"\xff")
        self.cells = list(cellpart)
        low = [14, 14, 14, 14]
        for col in self.cols:
            for c in col:
                if (c & 15) < low[c >> 4]:
                    low[c >> 4] = c & 15
        for c in cellpart:
            if c and (c & 15) < low[c >> 4]:
                low[c >> 4] = c & 15
        self.found = [x - 1 for x in low]

    def score(self) -> int:
        """Heuristic distance to a win (lower is better), weighed by ``W``: cards not home,
        cards in cells, an empty column (in favour), every card that lies above a
        lower-ranked card of its column (it must move before that card can go home), how
        deep the next card of each suit is buried."""
        found = self.found
        w_home, w_cell, w_empty, w_order, w_deep = self.W
        h = (52 - sum(found)) * w_home
        h += w_cell * sum(1 for c in self.cells if c)
        for col in self.cols:
            if not col:
                h -= w_empty
                continue
            low = 99
            n = len(col)
            for k, c in enumerate(col):
                r = c & 15
                if r > low:
                    h += w_order
                else:
                    low = r
                if found[c >> 4] == r - 1:
                    h += w_deep * (n - 1 - k)
        return h

