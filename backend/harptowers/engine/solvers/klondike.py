"""Klondike (KL-04 … KL-11), thoughtful: every card known, face-down ones included. A
depth-first search with a table of positions already searched, on a compact copy of the
position (cards as ints ``suit * 16 + rank``; columns as bytes with their face-down counts).

The stock and the waste are one sequence ``deck`` (the waste bottom → top, then the stock
in the order it is drawn) with a pointer ``p`` (cards in the waste; its top is
``deck[p - 1]``). A tap moves ``p`` on by the draw (one or three, KL-10) or, at the end,
back to 0 (the waste turned over); a step of the search is "so many taps, then the waste's
top card to a foundation or a column", so every card the stock can bring up is one step.

Reductions that keep the search complete (a position proven lost is lost):

* A card goes to its foundation at once when nothing could ever need it on the tableau: its
  rank is 1 or 2, or both foundations of the other colour hold its rank − 1 and the other
  foundation of its colour its rank − 2. Waste cards only in draw one (in draw three taking
  a card out of the waste changes which cards the next taps bring up).
* Columns compared as a multiset; in draw one the pointer does not count (every card of the
  stock can be reached from anywhere), in draw three only where it is not a multiple of
  three (from those the same pointers are reachable).
* Of several empty columns only the first is tried; a pile that fills its column never
  moves into an empty one; Aces and 2s never come back from their foundations.

``solve`` runs the compiled search (``csearch/klondike.c``, the same state and steps, with
more reductions: docs/solver.md, "Klondike") when the extension ``_core`` is there, and this
one otherwise; this one stays as the oracle the tests compare the compiled one with
(``solve_python``).
"""

from __future__ import annotations

import heapq
import sys
import time

from ..game import Game
from ..notation import STOCK_TAP, Move, PileRef
from .base import ANY_FOUNDATION as _F
from .base import UNKNOWN, UNWINNABLE, WINNABLE, Result
from .core import compiled

ONE_CARD_MOVES = False   # face-up runs move as a whole (KL-05)
GENERATION = 3           # the batch's rows: 2 adds the best-first first phase, 3 the C search
MAX_ENTRIES = 1 << 25    # positions the compiled search remembers (16 bytes each, at most 1 GiB)
KING = 13
RED = (False, True, True, False)   # suits S H D C
OTHER_SAME = (3, 2, 1, 0)          # the other suit of the same colour
OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
WASTE = PileRef("w")


def fits(top: int, face: int) -> bool:
    """Card ``face`` builds on ``top``: opposite colour, one rank lower (KL-04)."""
    return RED[top >> 4] != RED[face >> 4] and (top & 15) == (face & 15) + 1


class _Stop(Exception):
    pass


class KlondikeSearch:
    """State: ``(cols, downs, deck, p, found)``: columns as bytes bottom → top, their
    face-down counts, the stock sequence and its pointer, each suit's foundation height."""

    def __init__(self, g: Game, limit_seconds: float | None, max_nodes: int | None) -> None:
        self.draw = g.draw
        cols = tuple(bytes(c.face for c in col) for col in g.columns)
        deck = bytes(c.face for c in g.waste) + bytes(c.face for c in reversed(g.stock))
        found = [0, 0, 0, 0]
        for s, f in zip(g.found_suits, g.foundations):
            found[int(s)] = len(f)
        self.start = (cols, tuple(g.down), deck, len(g.waste), tuple(found))
        self.limit_seconds, self.limit_nodes = limit_seconds, max_nodes
        self.deadline: float | None = None
        self.max_nodes: int | None = None
        self.pruned = False
        self.nodes = 0
        self.seen: set[tuple] = set()
        self.complete = True

    # ---- the position ----------------------------------------------------------------
    def key(self, st: tuple) -> tuple:
        cols, downs, deck, p, _ = st
        if self.draw == 1 or p % self.draw == 0 or p == len(deck):
            p = 0
        return tuple(sorted(zip(downs, cols))), deck, p

    def reach(self, deck: bytes, p: int) -> list[tuple[int, int]]:
        """``(taps, q)``: the pointers the stock reaches, each the first time, q > 0."""
        out, seen, q, taps = [], set(), p, 0
        n = len(deck)
        while n and q not in seen:
            seen.add(q)
            if q:
                out.append((taps, q))
            q = 0 if q == n else min(q + self.draw, n)
            taps += 1
        return out

    @staticmethod
    def _home(found: tuple, suit: int) -> tuple:
        f = list(found)
        f[suit] += 1
        return tuple(f)

    def _from_col(self, st: tuple, i: int, n: int) -> tuple[tuple, tuple, bytes]:
        cols, downs = list(st[0]), list(st[1])
        moving = cols[i][-n:]
        cols[i] = cols[i][:-n]
        if downs[i] and downs[i] == len(cols[i]):
            downs[i] -= 1
        return tuple(cols), tuple(downs), moving

    def safe(self, found: tuple, face: int) -> bool:
        r, s = face & 15, face >> 4
        if found[s] != r - 1:
            return False
        a, b = OPPOSITE[s]
        return r <= 2 or (found[a] >= r - 1 and found[b] >= r - 1 and found[OTHER_SAME[s]] >= r - 2)

    def auto(self, st: tuple) -> tuple[tuple, list[tuple]]:
        """Play the safe foundation moves; the new state and the moves."""
        done: list[tuple] = []
        again = True
        while again:
            again = False
            cols, downs, deck, p, found = st
            for i, col in enumerate(cols):
                if col and self.safe(found, col[-1]):
                    c2, d2, m = self._from_col(st, i, 1)
                    st = (c2, d2, deck, p, self._home(found, m[0] >> 4))
                    done.append((0, "t", i, "f", m[0] >> 4, 1))
                    again = True
                    break
            else:
                if self.draw == 1 and p and self.safe(found, deck[p - 1]):
                    st = (cols, downs, deck[:p - 1] + deck[p:], p - 1,
                          self._home(found, deck[p - 1] >> 4))
                    done.append((0, "w", 0, "f", deck[p - 1] >> 4, 1))
                    again = True
        return st, done

    # ---- the moves -------------------------------------------------------------------
    def moves(self, st: tuple) -> list[tuple[int, tuple]]:
        """``(rank, move)``, a move ``(taps, src kind, src index, dst kind, dst index, n)``."""
        cols, downs, deck, p, found = st
        out: list[tuple[int, tuple]] = []
        empty = next((i for i, c in enumerate(cols) if not c), -1)
        want: dict[int, list[int]] = {}   # a card → the columns whose top it fits on
        for d, dcol in enumerate(cols):
            if dcol and dcol[-1] & 15 > 1:
                top = dcol[-1]
                for s in OPPOSITE[top >> 4]:
                    want.setdefault(s * 16 + (top & 15) - 1, []).append(d)
        # a King that an emptied column could take (the first phase empties columns for it)
        waiting = self.pruned and (any(c & 15 == KING for c in deck) or any(
            c & 15 == KING for col in cols for c in col[1:]))
        for i, col in enumerate(cols):
            if not col:
                continue
            top = col[-1]
            if found[top >> 4] == (top & 15) - 1:
                out.append((0 if len(col) - 1 == downs[i] else 2, (0, "t", i, "f", top >> 4, 1)))
            for j in range(len(col) - 1, downs[i] - 1, -1):
                if j < len(col) - 1 and not fits(col[j], col[j + 1]):
                    break
                n = len(col) - j
                reveals = j == downs[i] and j > 0
                if self.pruned and not reveals and not (
                        (j == 0 and waiting) or
                        (j > downs[i] and found[col[j - 1] >> 4] == (col[j - 1] & 15) - 1)):
                    continue   # the first phase: a move that uncovers nothing useful
                if (col[j] & 15) == KING:
                    if empty >= 0 and j > 0:
                        out.append((1 if reveals else 7, (0, "t", i, "t", empty, n)))
                    continue
                rank = 1 if reveals else (3 if j == 0 else 8)
                for d in want.get(col[j], ()):
                    out.append((rank, (0, "t", i, "t", d, n)))
        for taps, q in self.reach(deck, p):
            c = deck[q - 1]
            base = 0 if taps == 0 else 4
            if found[c >> 4] == (c & 15) - 1:
                out.append((base + 1, (taps, "w", 0, "f", c >> 4, 1)))
            if (c & 15) == KING:
                if empty >= 0:
                    out.append((base + 3, (taps, "w", 0, "t", empty, 1)))
                continue
            for d in want.get(c, ()):
                out.append((base + 2, (taps, "w", 0, "t", d, 1)))
        for s in range(4 if not self.pruned else 0):
            if found[s] > 2:
                for d in want.get(s * 16 + found[s], ()):
                    out.append((9, (0, "f", s, "t", d, 1)))
        out.sort(key=lambda t: t[0])
        return out

    def apply(self, st: tuple, m: tuple) -> tuple:
        taps, sk, si, dk, di, n = m
        cols, downs, deck, p, found = st
        if sk == "t":
            cols, downs, moving = self._from_col(st, si, n)
        elif sk == "w":
            for _ in range(taps):
                p = 0 if p == len(deck) else min(p + self.draw, len(deck))
            moving = deck[p - 1:p]
            deck, p = deck[:p - 1] + deck[p:], p - 1
        else:
            moving = bytes((si * 16 + found[si],))
            found = tuple(f - 1 if k == si else f for k, f in enumerate(found))
        if dk == "f":
            found = self._home(found, di)
        else:
            cols = tuple(c + moving if k == di else c for k, c in enumerate(cols))
        return cols, downs, deck, p, found

    # ---- the search ------------------------------------------------------------------
    def run(self) -> tuple[str, list[tuple] | None]:
        """Two phases: first a best-first search on the pruned moves (only moves that
        uncover a card, let the card beneath go home or empty a column for a King; nothing
        back from the foundations) for half the budget, which finds most wins quickly but
        proves nothing; then the complete depth-first search."""
        now = time.perf_counter()
        for pruned, share in ((True, 0.5), (False, 1.0)):
            self.pruned, self.seen, self.complete = pruned, set(), True
            self.deadline = None if self.limit_seconds is None else now + self.limit_seconds * share
            self.max_nodes = None if self.limit_nodes is None else int(self.limit_nodes * share)
            try:
                path = self._best_first() if pruned else self._dfs(self.start, 0)
            except _Stop:
                if not pruned:
                    return UNKNOWN, None
                continue
            if path is not None:
                return WINNABLE, path
        return (UNWINNABLE if self.complete else UNKNOWN), None

    @staticmethod
    def _h(st: tuple) -> int:
        """Lower is better: face-down cards, cards not home, cards in the stock."""
        return 10 * sum(st[1]) + 3 * (52 - sum(st[4])) + len(st[2])

    def _best_first(self) -> list[tuple] | None:
        st, done = self.auto(self.start)
        k0 = self.key(st)
        came: dict[tuple, tuple] = {k0: (None, done)}
        if sum(st[4]) == 52:
            return done
        heap = [(self._h(st), 0, st, k0)]
        tie = 0
        while heap:
            _, _, st, k = heapq.heappop(heap)
            self.nodes += 1
            if self.nodes & 255 == 0 and (
                    (self.deadline is not None and time.perf_counter() > self.deadline)
                    or (self.max_nodes is not None and self.nodes > self.max_nodes)):
                raise _Stop
            for _, m in self.moves(st):
                nst, auto = self.auto(self.apply(st, m))
                nk = self.key(nst)
                if nk in came:
                    continue
                came[nk] = (k, [m] + auto)
                if sum(nst[4]) == 52:
                    path: list[tuple] = []
                    key: tuple | None = nk
                    while key is not None:
                        back, moves = came[key]
                        path[:0] = moves
                        key = back
                    return path
                tie += 1
                heapq.heappush(heap, (self._h(nst), tie, nst, nk))
        return None

    def _dfs(self, st: tuple, depth: int) -> list[tuple] | None:
        st, done = self.auto(st)
        if sum(st[4]) == 52:
            return done
        k = self.key(st)
        if k in self.seen:
            return None
        self.seen.add(k)
        self.nodes += 1
        if self.nodes & 1023 == 0 and (
                (self.deadline is not None and time.perf_counter() > self.deadline)
                or (self.max_nodes is not None and self.nodes > self.max_nodes)):
            raise _Stop
        if depth > 2000:
            self.complete = False
            return None
        for _, m in self.moves(st):
            rest = self._dfs(self.apply(st, m), depth + 1)
            if rest is not None:
                return done + [m] + rest
        return None


def engine_moves(path: list[tuple]) -> list[Move]:
    out: list[Move] = []
    for taps, sk, si, dk, di, n in path:
        out += [STOCK_TAP] * taps
        src = WASTE if sk == "w" else PileRef(sk, si)
        out.append(Move(src, _F if dk == "f" else PileRef("t", di), n))
    return out


def state_of(g: Game) -> tuple:
    """The compiled search's arguments for the game's position: (cols, downs, deck, p,
    found, draw)."""
    cols, downs, deck, p, found = KlondikeSearch(g, None, None).start
    return cols, downs, deck, p, found, g.draw


def solve_c(game: Game, limit_seconds: float | None, max_nodes: int | None,
            max_entries: int = MAX_ENTRIES) -> Result:
    """The compiled search (raises ImportError without the extension)."""
    _core = compiled()
    if _core is None or not hasattr(_core, "klondike"):
        raise ImportError("the compiled searches are not installed")
    cols, downs, deck, p, found, draw = state_of(game)
    verdict, line, nodes = _core.klondike(
        cols, downs, deck, p, found, draw,
        -1.0 if limit_seconds is None else float(limit_seconds),
        -1 if max_nodes is None else int(max_nodes), max_entries)
    kinds = ("t", "w", "f")
    path = None if line is None else [
        (taps, kinds[sk], si, "tf"[dk], di, n) for taps, sk, si, dk, di, n in line]
    moves = None if path is None else engine_moves(path)
    return Result((UNWINNABLE, WINNABLE, UNKNOWN)[verdict], moves, nodes)


def has_core() -> bool:
    return hasattr(compiled(), "klondike")


def solve(game: Game, limit_seconds: float | None, max_nodes: int | None) -> Result:
    """Klondike's verdict from the game's current position (the game is not changed): the
    compiled search when it is there, the Python one otherwise."""
    if has_core():
        return solve_c(game, limit_seconds, max_nodes)
    return solve_python(game, limit_seconds, max_nodes)


def solve_python(game: Game, limit_seconds: float | None, max_nodes: int | None) -> Result:
    """The Python search (the oracle)."""
    search = KlondikeSearch(game, limit_seconds, max_nodes)
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10_000))
    try:
        verdict, path = search.run()
    finally:
        sys.setrecursionlimit(old)
    moves = None if path is None else engine_moves(path)
    return Result(verdict, moves, search.nodes)


__all__ = ["GENERATION", "ONE_CARD_MOVES", "KlondikeSearch", "engine_moves", "fits", "has_core",
           "solve", "solve_c", "solve_python", "state_of"]
