"""What the searches of the open games with cells share (Seahaven Towers, FreeCell): a
compact position (columns as bytes of cards ``suit * 16 + rank``, cells as ints, 0 for an
empty cell, each suit's foundation height), moves as tuples ``(src_kind, src_index, dst_kind,
dst_index, count)`` with kinds ``'t' 'c' 'f'`` (a foundation's index is the suit), and the
two complete searches over them: depth-first and greedy best-first. A game's search adds
its own moves, auto-play, key, ``load`` and ``score`` (seahaven.py, freecell_search.py)."""

from __future__ import annotations

import heapq

from ..game import Game
from ..notation import Move, PileRef
from .base import ANY_FOUNDATION as _F
from .base import Budgeted


class CellSearch(Budgeted):
    """The shared part; subclasses define ``key``, ``after``, ``moves``, ``load`` and
    ``score``. ``TIE``: how the best-first search orders positions of equal score (-1: the
    newest first, +1: the oldest first)."""

    TIE = -1
    # the position the searches start from (after the first auto-play), set by ``run``
    start: tuple[list[bytes], list[int], list[int]]

    def _position(self, g: Game, limit_seconds: float | None, max_nodes: int | None) -> None:
        # columns as bytes (immutable: slicing is cheap and the key joins them as they are)
        self.cols: list[bytes] = [bytes(c.face for c in col) for col in g.columns]
        self.cells: list[int] = [c[0].face if c else 0 for c in g.cells]
        # height of each suit's foundation: the foundation index is the suit
        self.found: list[int] = [0, 0, 0, 0]
        for s, f in zip(g.found_suits, g.foundations):
            self.found[int(s)] = len(f)
        self.ncells = len(self.cells)
        self._limits(limit_seconds, max_nodes)

    def key(self) -> bytes:
        raise NotImplementedError

    def after(self, m: tuple) -> list[tuple]:
        raise NotImplementedError

    def moves(self) -> list[tuple]:
        raise NotImplementedError

    def load(self, k: bytes) -> None:
        raise NotImplementedError

    def score(self) -> int:
        raise NotImplementedError

    def apply(self, m: tuple) -> None:
        sk, si, dk, di, n = m
        cols = self.cols
        if sk == "t":
            src = cols[si]
            moving = src[-n:]
            cols[si] = src[:-n]
        else:
            moving = bytes((self.cells[si],))
            self.cells[si] = 0
        if dk == "t":
            cols[di] += moving
        elif dk == "c":
            self.cells[di] = moving[0]
        else:
            self.found[di] += 1

    def undo(self, m: tuple) -> None:
        sk, si, dk, di, n = m
        cols = self.cols
        if dk == "t":
            dst = cols[di]
            moving = dst[-n:]
            cols[di] = dst[:-n]
        elif dk == "c":
            moving = bytes((self.cells[di],))
            self.cells[di] = 0
        else:
            self.found[di] -= 1
            moving = bytes((di * 16 + self.found[di] + 1,))
        if sk == "t":
            cols[si] += moving
        else:
            self.cells[si] = moving[0]

    def reset(self) -> None:
        cols, cells, found = self.start
        self.cols, self.cells, self.found = list(cols), list(cells), list(found)

    def run_dfs(self, budget: int) -> tuple[list[tuple] | None, int, bool]:
        """Depth-first from the start position. Returns (internal moves of a win or None,
        nodes, True when the whole space was seen)."""
        seen = {self.key()}
        path: list[list[tuple]] = []  # per step: the move and the auto-moves after it
        stack = [iter(self.moves())]
        nodes = 0
        while stack:
            m = next(stack[-1], None)
            if m is None:
                stack.pop()
                if path:
                    for r in reversed(path.pop()):
                        self.undo(r)
                continue
            nodes += 1
            if nodes & 1023 == 0 and self.out_of_budget(nodes, budget):
                return None, nodes, False
            self.apply(m)
            recs = self.after(m)
            if sum(self.found) == 52:
                path.append(recs)
                return [r for step in path for r in step], nodes, False
            k = self.key()
            if k in seen:
                for r in reversed(recs):
                    self.undo(r)
                continue
            seen.add(k)
            path.append(recs)
            stack.append(iter(self.moves()))
        return None, nodes, True

    def run_bfs(self, budget: int) -> tuple[list[tuple] | None, int, bool]:
        """Greedy best-first (``score``) over the same moves; complete like the DFS."""
        k0 = self.key()
        parent: dict[bytes, bytes | None] = {k0: None}
        heap = [(self.score(), 0, k0)]
        count = 0
        nodes = 0
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            if self.out_of_budget(nodes, budget):
                return None, nodes, False
            _, _, k = pop(heap)
            self.load(k)
            for m in self.moves():
                nodes += 1
                self.apply(m)
                recs = self.after(m)
                k2 = self.key()
                if k2 not in parent:
                    parent[k2] = k
                    if sum(self.found) == 52:
                        return self._rebuild(parent, k2), nodes, False
                    count += self.TIE
                    push(heap, (self.score(), count, k2))
                for r in reversed(recs):
                    self.undo(r)
        return None, nodes, True

    def _rebuild(self, parent: dict, k: bytes) -> list[tuple]:
        """The internal moves from the start position through the chain of keys to ``k``."""
        keys = []
        while k is not None:
            keys.append(k)
            k = parent[k]
        keys.reverse()
        self.reset()
        sol: list[tuple] = []
        for nxt in keys[1:]:
            for m in self.moves():
                self.apply(m)
                recs = self.after(m)
                if self.key() == nxt:
                    sol += recs
                    break
                for r in reversed(recs):
                    self.undo(r)
            else:
                raise AssertionError("solver: lost the path")
        return sol

    @staticmethod
    def _to_move(m: tuple) -> Move:
        sk, si, dk, di, n = m
        dst = _F if dk == "f" else PileRef(dk, di)
        return Move(PileRef(sk, si), dst, n)
