"""The solver: verdicts (winnable with a solution, proven unwinnable, unknown) for both games
under our exact rules.

``solve(game, limit_seconds=…, max_nodes=…)`` reads the game's current position (it never
changes it) and returns a :class:`Result`.

Seahaven Towers (SH-03 … SH-09): a complete depth-first search on a compact copy of the
position (cards as ints ``suit * 16 + rank``), so it can prove a deal unwinnable. Moves are
the engine's moves: single cards, and runs moved atomically onto their successor or, when
King-led, into an empty column, capped by the SH-08 group limit
``(free cells + 1) × 2^(empty columns)`` (the destination column not counted). Only
reductions that keep the search complete are used:

* Every card that can go to its foundation goes at once ("auto-play"). In Seahaven this is
  always safe: the only card that can ever be built on X is X−1 of the same suit, which is
  already home; removing X from the tableau frees a cell or a column and shortens runs, so
  every move sequence of the position with X still out can be replayed without it
  (docs/solver.md has the proof). The same argument shows that taking a card back from a
  foundation (SH-13) never helps, so the search never does it.
* Positions are compared as multisets of columns and of cells (which column or cell holds
  what does not change what can be played); the foundations are implied by the rest.
* Of several free cells only the first is tried, of several empty columns only the first;
  a cell card never moves to another cell; a King-led run that fills its column never moves
  to an empty column (each gives a position already counted).

Easy Harp (EH-04 … EH-11): a "thoughtful" search (it knows the face-down cards and the
stock) on a compact position: a portfolio of greedy best-first searches with different
heuristic weights, see ``_HarpSearch``. It uses move pruning that is not proven safe, so it
answers only "winnable" or "unknown", never "unwinnable".
"""

from __future__ import annotations

import heapq
import time
from dataclasses import dataclass, field

from .cards import KING
from .game import Game
from .notation import STOCK_TAP, Move, PileRef

WINNABLE, UNWINNABLE, UNKNOWN = "winnable", "unwinnable", "unknown"
DEFAULT_SECONDS = 10.0
# Move-ordering weights of the Seahaven DFS, one tuple per ordering of the portfolio (see
# _SeahavenSearch.moves): cell→column, King cell→empty, King run→empty, run→column, breaking
# a run into a cell, card→cell, ×distance, column-emptying card→cell, lone King→cell,
# ×distance for column moves.
ORDERINGS = ((0, 1, 2, 1, 40, 8, 2, 12, 30, 1), (0, 1, 2, 1, 40, 8, 1, 12, 30, 2))


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


class _Limit(Exception):
    pass


class _Budgeted:
    """The limits both searches share: a deadline, an overall node limit, and rounds with
    their own node budget."""

    def _limits(self, limit_seconds: float | None, max_nodes: int | None) -> None:
        self.deadline = None if limit_seconds is None else time.perf_counter() + limit_seconds
        self.max_nodes = max_nodes
        self.nodes = 0

    def out_of_budget(self, nodes: int, budget: int) -> bool:
        """True past the round's node budget; raises _Limit past the overall node limit or
        the deadline (the round's nodes counted in the "unknown" result)."""
        if nodes > budget:
            return True
        if (self.max_nodes is not None and self.nodes + nodes > self.max_nodes) or \
                (self.deadline is not None and time.perf_counter() > self.deadline):
            self.nodes += nodes
            raise _Limit
        return False


def solve(game: Game, limit_seconds: float | None = DEFAULT_SECONDS,
          max_nodes: int | None = None) -> Result:
    """Solve from the game's current position; ``game`` is left exactly as it was.

    ``limit_seconds`` / ``max_nodes``: give up with verdict ``"unknown"`` past either
    (None: no limit)."""
    t0 = time.perf_counter()
    if game.won:
        return Result(WINNABLE, [], 0, 0.0)
    if game.decks > 1:
        res = _HarpSearch(game, limit_seconds, max_nodes).run(game)
    else:
        res = _SeahavenSearch(game, limit_seconds, max_nodes).run()
    res.seconds = time.perf_counter() - t0
    return res


# ======================================================================================
# Seahaven Towers
# ======================================================================================

_F = PileRef("f", -1)


class _SeahavenSearch(_Budgeted):
    """Complete DFS on a compact position. Internal moves are tuples
    ``(src_kind, src_index, dst_kind, dst_index, count)`` with kinds ``'t' 'c' 'f'``
    (a foundation's index is the suit)."""

    def __init__(self, g: Game, limit_seconds: float | None, max_nodes: int | None) -> None:
        # columns as bytes (immutable: slicing is cheap and the key joins them as they are)
        self.cols: list[bytes] = [bytes(c.face for c in col) for col in g.columns]
        self.cells: list[int] = [c[0].face if c else 0 for c in g.cells]
        # height of each suit's foundation: the foundation index is the suit (SH-06)
        self.found: list[int] = [0, 0, 0, 0]
        for s, f in zip(g.found_suits, g.foundations):
            self.found[int(s)] = len(f)
        self.ncells = len(self.cells)
        self._limits(limit_seconds, max_nodes)
        self.w = ORDERINGS[0]

    # ---- position ----------------------------------------------------------------------
    def key(self) -> bytes:
        """Columns and cells as multisets; the foundations follow from the rest."""
        cells = bytes(sorted(c for c in self.cells if c))
        return b"\xff".join(sorted(self.cols)) + b"\xfe" + cells

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
    def reset(self) -> None:
        cols, cells, found = self.start
        self.cols, self.cells, self.found = list(cols), list(cells), list(found)

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
        except _Limit:
            return Result(UNKNOWN, None, self.nodes)
        finally:
            self.reset()

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

    def run_bfs(self, budget: int) -> tuple[list[tuple] | None, int, bool]:
        """Greedy best-first (``score``) over the same moves; complete like the DFS."""
        import heapq

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
                    count -= 1
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


# ======================================================================================
# Easy Harp
# ======================================================================================
# Faces are ints ``suit * 16 + rank`` (the two copies of a card are alike); suits S H D C
# = 0 1 2 3, red = H, D.
_OPP = ((1, 2), (0, 3), (0, 3), (1, 2))  # the suits of the other colour
_BYTE = [bytes((i,)) for i in range(256)]


class _HarpSearch(_Budgeted):
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

    def __init__(self, g: Game, limit_seconds: float | None, max_nodes: int | None) -> None:
        self.cols: list[bytes] = [bytes(c.face for c in col) for col in g.columns]
        self.down: list[int] = list(g.down)
        self.pool: list[int] = [0] * 64
        for c in g.stock + g.waste:
            self.pool[c.face] += 1
        per_suit: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
        for s, f in zip(g.found_suits, g.foundations):
            per_suit[int(s)].append(len(f))
        self.found = [0] * 8
        for s, hs in per_suit.items():
            hs.sort(reverse=True)
            self.found[2 * s], self.found[2 * s + 1] = hs
        self.home = sum(self.found)
        self._limits(limit_seconds, max_nodes)

    BUDGET = 10_000
    # heuristic weights (see score): cards not home, face-down cards, breaks in face-up
    # runs, empty columns (a bonus), pool cards, depth of each foundation's next card; then
    # how far a pool card's use may be looked for (moves: 0 or 1 more pool card)
    WEIGHTS = ((3, 6, 3, 4, 1, 5, 1), (2, 8, 3, 4, 1, 8, 1), (3, 3, 1, 4, 1, 3, 1),
               (3, 6, 3, 4, 1, 2, 1), (3, 6, 3, 4, 1, 5, 0), (2, 5, 2, 6, 1, 4, 1))
    H = WEIGHTS[0]

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

    def _home(self, c: int) -> None:
        s, r = c >> 4, c & 15
        f = self.found
        if f[2 * s] == r - 1:
            f[2 * s] = r
        else:
            f[2 * s + 1] = r
        self.home += 1

    def _unhome(self, c: int) -> None:
        s, r = c >> 4, c & 15
        f = self.found
        if f[2 * s + 1] == r:
            f[2 * s + 1] = r - 1
        else:
            f[2 * s] = r - 1
        self.home -= 1

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

    def _apply_rec(self, m: tuple):
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
        out = []
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

        def parents(c: int) -> list[int]:
            r = c & 15
            if r == 13:
                return []
            a, b = _OPP[c >> 4]
            return [a * 16 + r + 1, b * 16 + r + 1]

        def children(c: int) -> tuple[int, int]:
            r = c & 15
            a, b = _OPP[c >> 4]
            return a * 16 + r - 1, b * 16 + r - 1

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

    def run(self, g: Game) -> Result:
        """Best-first searches with several heuristics (``WEIGHTS``), each under a node
        budget, the budgets growing ×2 a round: a deal one of them finds easy is found
        fast, and no single heuristic's blind spot holds the others up."""
        first = self.auto()
        if self.home == 104:
            return Result(WINNABLE, _harp_moves(g, [m for m, _ in first]), 1)
        start = (list(self.cols), list(self.down), list(self.pool), list(self.found), self.home)
        budget = self.BUDGET
        try:
            while True:
                for w in self.WEIGHTS:
                    self.H = w
                    cols, down, pool, found, home = start
                    self.cols, self.down, self.pool, self.found, self.home = \
                        list(cols), list(down), list(pool), list(found), home
                    sol, nodes = self.run_bfs(budget)
                    self.nodes += nodes
                    if sol is not None:
                        return Result(WINNABLE, _harp_moves(g, [m for m, _ in first] + sol),
                                      self.nodes, info={"weights": w, "budget": budget})
                budget *= 2
        except _Limit:
            return Result(UNKNOWN, None, self.nodes)

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
        return h

    def run_bfs(self, budget: int) -> tuple[list[tuple] | None, int]:
        state = (tuple(self.cols), tuple(self.down), tuple(self.pool), tuple(self.found),
                 self.home)
        k0 = self.key()
        parent: dict[bytes, tuple] = {k0: (None, [])}
        heap = [(self.score(), 0, k0, state)]
        count = 0
        nodes = 0
        while heap:
            if self.out_of_budget(nodes, budget):
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
                        out = []
                        while k2 is not None:
                            k2, ms = parent[k2]
                            out.append(ms)
                        return [mm for ms in reversed(out) for mm in ms], nodes
                    count -= 1
                    heapq.heappush(heap, (self.score(), count, k2,
                                          (tuple(self.cols), tuple(self.down), tuple(self.pool),
                                           tuple(self.found), self.home)))
                self.unstep(recs)
        return None, nodes


def _snapshot(g: Game) -> tuple:
    return ([list(c) for c in g.columns], list(g.down), list(g.stock), list(g.waste),
            [list(f) for f in g.foundations], [list(c) for c in g.cells],
            g.home, g.score, g.passes)


def _restore(g: Game, s: tuple) -> None:
    cols, down, stock, waste, found, cells, g.home, g.score, g.passes = s
    for dst, src in zip(g.columns, cols):
        dst[:] = src
    g.down[:] = down
    g.stock[:] = stock
    g.waste[:] = waste
    for dst, src in zip(g.foundations, found):
        dst[:] = src
    for dst, src in zip(g.cells, cells):
        dst[:] = src


def _harp_moves(g: Game, internal: list[tuple]) -> list[Move]:
    """The engine moves of an internal move list, played on ``g`` through the checked path
    (stock taps found from the real stock and waste order); ``g`` is restored after."""
    snap = _snapshot(g)
    out: list[Move] = []
    try:
        for kind, src, dst, n in internal:
            if kind >= 2:
                steps = _taps_to(g, src)
                for _ in range(steps):
                    out.append(STOCK_TAP)
                    g._apply(STOCK_TAP)
                ref = PileRef("w")
            else:
                ref = PileRef("t", src)
            m = Move(ref, _F if kind in (0, 2) else PileRef("t", dst), n)
            g._apply(g.check(m))
            out.append(m)
        return out
    finally:
        _restore(g, snap)


def _taps_to(g: Game, face: int) -> int:
    """Stock taps that bring a card of ``face`` to the top of the waste (fewest)."""
    s, w = g.stock, g.waste
    if w and w[-1].face == face:
        return 0
    for j in range(len(s) - 1, -1, -1):
        if s[j].face == face:
            return len(s) - j
    for i in range(len(w) - 1):
        if w[i].face == face:
            return len(s) + 2 + i
    raise AssertionError(f"solver: no {face} in the stock or waste")


def _generic_f(m: Move) -> Move:
    return Move(m.src, _F, m.count) if m.dst is not None and m.dst.kind == "f" else m


__all__ = ["solve", "Result", "WINNABLE", "UNWINNABLE", "UNKNOWN"]
