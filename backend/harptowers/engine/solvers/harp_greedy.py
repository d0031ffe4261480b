"""Easy Harp: a greedy best-first search over a narrowed set of moves, for finding wins fast
(never for proofs: its narrowing is not shown safe, so it never answers "unwinnable").
``easy_harp.HarpSearch`` runs it beside the complete searches, one heuristic weight vector
after another (``WEIGHTS``); a win it finds is a real win (checked move by move when it is
turned into engine moves).

Moves: a column's top card to a foundation or onto a card of the other colour one rank
higher (EH-04, EH-05), a King or a King-led run into the first empty column (EH-06; not when
it already fills its column), a pool card to a foundation, onto a column or (a King) into
the first empty column. After every move the safe foundation moves are played at once. The
narrowing: a card leaves a column only when that turns a face-down card, empties the column,
or uncovers a card that can then go home or onto another column's top; a pool card goes onto
a column only when some column top (or, with look-ahead 1, another pool card with such a
use) can then be built on it.
"""

from __future__ import annotations

import heapq
import random

from types import ModuleType

from .base import Budgeted
from .core import compiled
from .harp_position import FoundationPairs, build_tables

_core: ModuleType | None = compiled()   # the same searches compiled, where built

_OPP = ((1, 2), (0, 3), (0, 3), (1, 2))  # the suits of the other colour
_BYTE = [bytes((i,)) for i in range(256)]
_PARENTS, _CHILDREN = build_tables(13)  # full decks only


class GreedySearch(Budgeted, FoundationPairs):
    """Easy Harp on a compact position, knowing every card ("thoughtful"): columns as
    ``bytes`` of faces with ``down[i]`` face-down cards at the bottom, the stock and waste as
    one pool of face counts (draw one with unlimited redeals reaches every card of it), and
    the foundation heights two slots per suit (kept higher first). Internal moves:
    ``(kind, src, dst, n)`` with kind 0 column → foundation, 1 column → column (``n`` cards:
    one, or a King-led run into an empty column, EH-05/EH-06), 2 pool → foundation,
    3 pool → column; ``src`` is a column index or a pool face.

    Move pruning keeps it incomplete (no "unwinnable"): a card leaves a column only when
    that turns a card, empties the column, or uncovers a card that can go somewhere; a pool
    card goes to a column only when a column top (or, one step further, another pool card
    with such a use) can then be built on it; foundation cards never come back (EH-17)."""

    def __init__(self, search: Budgeted, state: tuple) -> None:
        cols, down, pool, found, home = state
        self.cols, self.down, self.pool, self.found = \
            list(cols), list(down), list(pool), list(found)
        self.home = home
        self.search = search

    def out_of_budget(self, nodes: int, budget: int) -> bool:
        return self.search.out_of_budget(nodes, budget)

    def solution(self, internal: list[tuple]) -> list[tuple]:
        return as_moves(internal)

    BUDGET = 10_000
    # heuristic weights (see score): cards not home, face-down cards, breaks in face-up
    # runs, empty columns (a bonus), pool cards, depth of each foundation's next card; then
    # how far a pool card's use may be looked for (moves: 0 or 1 more pool card)
    WEIGHTS = ((3, 6, 3, 4, 1, 5, 1), (2, 8, 3, 4, 1, 8, 1), (3, 3, 1, 4, 1, 3, 1),
               (3, 6, 3, 4, 1, 2, 1), (3, 6, 3, 4, 1, 5, 0), (2, 5, 2, 6, 1, 4, 1))
    H: tuple[int, ...] = WEIGHTS[0]
    jitter: random.Random | None = None  # random tie-breaks (restarts)
    partial: list[tuple] = []  # after a search without a win: the way to its best position
    _open: tuple | None = None  # (parent, heap, best, count) of a search to go on with

    # ---- position ----------------------------------------------------------------------
    def key(self) -> bytes:
        cols = sorted([_BYTE[d] + c for d, c in zip(self.down, self.cols)])
        return b"\xff".join(cols) + b"\xfe" + bytes(self.pool)

    def can_home(self, c: int) -> bool:
        s, r = c >> 4, c & 15
        f = self.found
        return f[2 * s] == r - 1 or f[2 * s + 1] == r - 1

    def safe(self, c: int) -> bool:
        """Nothing can ever need ``c`` in a column: an Ace or 2, or all four cards that could
        lie on it (both copies of both other-colour cards one rank lower) are home."""
        r = c & 15
        if r <= 2:
            return True
        f = self.found
        a, b = _OPP[c >> 4]
        return f[2 * a + 1] >= r - 1 and f[2 * b + 1] >= r - 1

    def apply(self, m: tuple) -> bool:
        """Play ``m``; returns True when it turned a face-down card."""
        kind, src, dst, n = m
        if kind >= 2:
            self.pool[src] -= 1
            if kind == 2:
                self._home(src)
            else:
                self.cols[dst] += bytes((src,))
            return False
        col = self.cols[src]
        moving = col[-n:]
        col = col[:-n]
        self.cols[src] = col
        turned = bool(self.down[src]) and self.down[src] == len(col)
        if turned:
            self.down[src] -= 1
        if kind == 0:
            self._home(moving[0])
        else:
            self.cols[dst] += moving
        return turned

    def undo(self, m: tuple, turned: bool) -> None:
        kind, src, dst, n = m
        if kind >= 2:
            self.pool[src] += 1
            if kind == 2:
                self._unhome(src)
            else:
                self.cols[dst] = self.cols[dst][:-1]
            return
        moving = self.cols[dst][-n:]  # kind 1 (kind 0 is undone in unstep)
        self.cols[dst] = self.cols[dst][:-n]
        if turned:
            self.down[src] += 1
        self.cols[src] += moving

    def step(self, m: tuple) -> list:
        """Play ``m`` and the safe foundation moves after it; returns undo records."""
        recs = [(m, self._apply_rec(m))]
        recs += self.auto()
        return recs

    def _apply_rec(self, m: tuple) -> tuple:
        if m[0] == 0:
            c = self.cols[m[1]][-1]
            return (self.apply(m), c)
        return (self.apply(m), None)

    def unstep(self, recs: list) -> None:
        for m, (turned, c) in reversed(recs):
            if m[0] == 0:
                self._unhome(c)
                if turned:
                    self.down[m[1]] += 1
                self.cols[m[1]] += bytes((c,))
            else:
                self.undo(m, turned)

    def auto(self) -> list:
        """Send home every column top and pool card that is ``safe``; returns records. Only
        the next card of each foundation slot can go, so only those are looked for."""
        out: list[tuple[tuple, tuple]] = []
        pool, cols, f = self.pool, self.cols, self.found
        again = True
        while again:
            again = False
            for slot in range(8):
                c = (slot >> 1) * 16 + f[slot] + 1
                if f[slot] == 13 or not self.safe(c):
                    continue
                if pool[c]:
                    m = (2, c, -1, 1)
                    out.append((m, (self.apply(m), None)))
                    again = True
                    break
                for i, col in enumerate(cols):
                    if col and col[-1] == c:
                        m = (0, i, -1, 1)
                        out.append((m, (self.apply(m), c)))
                        again = True
                        break
                if again:
                    break
        return out

    def moves(self) -> list[tuple]:
        """Candidate moves, best first."""
        cols, down, pool = self.cols, self.down, self.pool
        tops: dict[int, list[int]] = {}
        empty = -1
        for i, col in enumerate(cols):
            if col:
                tops.setdefault(col[-1], []).append(i)
            elif empty < 0:
                empty = i
        scored: list[tuple[int, int, tuple]] = []
        parents, children = _PARENTS.__getitem__, _CHILDREN.__getitem__

        def has_dest(u: int, skip: tuple[int, int]) -> bool:
            if self.can_home(u):
                return True
            for p in parents(u):
                for j in tops.get(p, ()):
                    if j not in skip:
                        return True
            return False

        for i, col in enumerate(cols):
            if not col:
                continue
            n, d = len(col), down[i]
            q = col[-1]
            if self.can_home(q):
                scored.append((0, d, (0, i, -1, 1)))
            rest = n - 1
            for p in parents(q):
                for j in tops.get(p, ()):
                    if rest == 0:
                        s = 3
                    elif rest == d:
                        s = 1
                    else:
                        u = col[-2]
                        if self.can_home(u):
                            s = 2
                        elif has_dest(u, (i, j)) or ((u & 15) == 13 and empty >= 0):
                            s = 4
                        else:
                            continue
                    scored.append((s, d, (1, i, j, 1)))
            if empty >= 0 and n > 1:
                k = n - 1
                while k > d and (col[k - 1] & 15) == (col[k] & 15) + 1 and \
                        ((col[k - 1] >> 4) in _OPP[col[k] >> 4]):
                    k -= 1
                if (col[k] & 15) == 13 and k > 0:
                    s = 1 if k == d else 4
                    scored.append((s, d, (1, i, empty, n - k)))

        def needed(c: int, depth: int) -> bool:
            for ch in children(c):
                if ch in tops:
                    return True
                if depth and pool[ch] and (ch != c) and needed(ch, depth - 1):
                    return True
            return False

        for c in [c for c in range(64) if pool[c]]:
            if self.can_home(c):
                scored.append((1, 0, (2, c, -1, 1)))
            dests = [j for p in parents(c) for j in tops.get(p, ())]
            if (c & 15) == 13 and empty >= 0:
                dests.append(empty)
            if dests and needed(c, self.H[6]):
                for j in dests:
                    scored.append((5, 0, (3, c, j, 1)))
        scored.sort(key=lambda t: (t[0], t[1]))
        return [m for _, _, m in scored]

    # ---- search ------------------------------------------------------------------------

    def score(self) -> int:
        W = self.H
        h = W[0] * (104 - self.home) + W[1] * sum(self.down) + W[4] * sum(self.pool)
        for i, col in enumerate(self.cols):
            for k in range(self.down[i] + 1, len(col)):
                a, b = col[k - 1], col[k]
                if (a & 15) != (b & 15) + 1 or (a >> 4) not in _OPP[b >> 4]:
                    h += W[2]
            if not col:
                h -= W[3]
        if W[5]:
            depth = [99] * 64
            for col in self.cols:
                n = len(col)
                for k, c in enumerate(col):
                    if n - 1 - k < depth[c]:
                        depth[c] = n - 1 - k
            f, pool = self.found, self.pool
            for slot in range(8):
                if f[slot] < 13:
                    c = (slot >> 1) * 16 + f[slot] + 1
                    if not pool[c]:
                        h += W[5] * depth[c]
        return h if self.jitter is None else 4 * h + self.jitter.randrange(4)

    def run_bfs(self, budget: int) -> tuple[list[tuple] | None, int]:
        """Best-first from the start for ``budget`` positions; called again after running
        out of budget, it goes on where it stopped (``_open``) rather than starting over."""
        if self._open is None:
            state = (tuple(self.cols), tuple(self.down), tuple(self.pool), tuple(self.found),
                     self.home)
            k0 = self.key()
            parent: dict[bytes, tuple] = {k0: (None, [])}
            heap = [(self.score(), 0, k0, state)]
            best = heap[0][:3]  # the best-scored position seen: where ``partial`` leads
            count = 0
        else:
            parent, heap, best, count = self._open
        self._open = (parent, heap, best, count)
        nodes = 0
        while heap:
            if self.out_of_budget(nodes, budget):
                self._open = (parent, heap, best, count)
                self.partial = _path(parent, best[2])
                return None, nodes
            _, _, k, (cols, down, pool, found, home) = heapq.heappop(heap)
            self.cols, self.down, self.pool, self.found, self.home = \
                list(cols), list(down), list(pool), list(found), home
            for m in self.moves():
                nodes += 1
                recs = self.step(m)
                k2 = self.key()
                if k2 not in parent:
                    parent[k2] = (k, [mm for mm, _ in recs])
                    if self.home == 104:
                        return _path(parent, k2), nodes
                    count -= 1
                    item = (self.score(), count, k2)
                    best = min(best, item)
                    heapq.heappush(heap, item + ((tuple(self.cols), tuple(self.down),
                                                  tuple(self.pool), tuple(self.found),
                                                  self.home),))
                self.unstep(recs)
        self.partial = _path(parent, best[2])
        return None, nodes


def as_moves(internal: list[tuple]) -> list[tuple]:
    """This search's moves ``(kind, src, dst, n)`` (a pool move's face in ``src``) in
    ``harp_position``'s form ``(kind, src, dst, n, face)``."""
    return [(k, -1 if k >= 2 else s, d, n, s if k >= 2 else 0) for k, s, d, n in internal]


def compiled_searches() -> ModuleType | None:
    """The compiled searches (``csearch``), or None where they were not built."""
    return _core


def run(state: tuple, weights: tuple[int, ...], budget: int,
        compiled: bool = True) -> tuple[bool, list[tuple], int, int]:
    """One greedy best-first search from ``state`` (``HarpPosition.copy_state``) with
    ``weights`` for ``budget`` positions: ``(won, line, nodes, best)``, the line to a win or to
    the best-scored position reached, and that position's score (0 for a win). The compiled
    search (``csearch/greedy.c``: the same moves, order and scores) when it is built and
    ``compiled``, else this module's."""
    if compiled and _core is not None:
        return _core.greedy(state, weights, budget)
    limits = Budgeted()
    limits._limits(None, None)
    g = GreedySearch(limits, state)
    g.H = weights
    sol, nodes = g.run_bfs(budget)
    if sol is not None:
        return True, sol, nodes, 0
    end = GreedySearch(limits, state)
    end.H = weights
    for m in g.partial:
        end.apply(m)
    return False, g.partial, nodes, end.score()


def _path(parent: dict[bytes, tuple], k: bytes | None) -> list[tuple]:
    """The moves from the start to the position keyed ``k``."""
    out = []
    while k is not None:
        k, ms = parent[k]
        out.append(ms)
    return [mm for ms in reversed(out) for mm in ms]


__all__ = ["GreedySearch", "as_moves", "compiled_searches", "run"]
