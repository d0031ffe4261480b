"""Easy Harp's compact position for the exact search, and its moves (docs/solver.md).

Faces are ints ``suit * 16 + rank`` (the two copies of a card are alike); suits S H D C =
0 1 2 3, red = H, D. ``top`` is the highest rank (13; fewer on the reduced decks of the
tests), a card of rank ``top`` plays the King's part (EH-06).

* ``cols``: each column as ``bytes`` of faces, bottom → top, the first ``down[i]`` face down
  (the search knows them: "thoughtful").
* ``pool``: the stock and the waste as one multiset of faces (count per face): draw one with
  free, unlimited redeals (EH-11) brings every card of it to the top of the waste.
* ``found``: two slot heights per suit, the higher first (which slot holds which height
  never matters, EH-10). The foundations follow from the rest, so the key leaves them out.

Internal moves are tuples ``(kind, src, dst, n, face)``: kind ``HOME`` column → foundation,
``COL`` column → column (``n`` cards: one, or a King-led run into an empty column),
``POOL_HOME`` pool → foundation, ``POOL_COL`` pool → column, ``BACK`` foundation → column
(EH-17). ``src`` / ``dst`` are column indices (-1 where there is none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game

HOME, COL, POOL_HOME, POOL_COL, BACK = 0, 1, 2, 3, 4
OPP = ((1, 2), (0, 3), (0, 3), (1, 2))  # the suits of the other colour
RED = (False, True, True, False)
_BYTE = [bytes((i,)) for i in range(256)]


def build_tables(top: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
    """Per face (EH-04), looked up rather than worked out for every card of every position:
    the faces it may be built on (none for rank ``top``, the King's part) and the faces
    that may be built on it (none for an Ace)."""
    parents: list[tuple[int, ...]] = []
    children: list[tuple[int, ...]] = []
    for c in range(64):
        r, (a, b) = c & 15, OPP[c >> 4]
        parents.append(() if r >= top else (a * 16 + r + 1, b * 16 + r + 1))
        children.append(() if r <= 1 else (a * 16 + r - 1, b * 16 + r - 1))
    return parents, children


class FoundationPairs:
    """The two foundations of each suit as heights ``found[2 * suit]`` (the higher) and
    ``found[2 * suit + 1]``, and the count of cards home: a card goes onto the pile it
    continues, and comes back off the one it tops."""

    found: list[int]
    home: int

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


class HarpPosition(FoundationPairs):
    """A position and its apply / undo; ``steps`` lists the moves the search tries."""

    def __init__(self, cols: list[bytes], down: list[int], pool: list[int],
                 found: list[int], top: int = 13) -> None:
        self.cols = list(cols)
        self.down = list(down)
        self.pool = list(pool)
        self.found = list(found)
        self.top = top
        self.total = 8 * top
        self.home = sum(found)
        self._parents, self._children = build_tables(top)

    def copy_state(self) -> tuple:
        return (tuple(self.cols), tuple(self.down), tuple(self.pool), tuple(self.found),
                self.home)

    def set_state(self, s: tuple) -> None:
        cols, down, pool, found, self.home = s
        self.cols, self.down, self.pool, self.found = \
            list(cols), list(down), list(pool), list(found)

    def key(self) -> bytes:
        """Columns as a multiset (with their face-down counts) and the pool; the
        foundations follow from the rest (every card is somewhere)."""
        cols = sorted([_BYTE[d] + c for d, c in zip(self.down, self.cols)])
        return b"\xff".join(cols) + b"\xfe" + bytes(self.pool)

    @property
    def won(self) -> bool:
        return self.home == self.total

    # ---- foundations -------------------------------------------------------------------
    def can_home(self, c: int) -> bool:
        s, r = c >> 4, c & 15
        f = self.found
        return f[2 * s] == r - 1 or f[2 * s + 1] == r - 1

    def can_take(self, c: int) -> bool:
        """``c`` is the top card of one of its suit's slots (EH-17)."""
        s, r = c >> 4, c & 15
        f = self.found
        return f[2 * s] == r or f[2 * s + 1] == r

    def safe(self, c: int) -> bool:
        """Played home at once (docs/solver.md): an Ace only. (A 2 is not always safe, nor a
        card whose four possible guests are home: tests/test_solver_harp.py has a deal for
        each that only a card kept out of its foundation wins.)"""
        return (c & 15) == 1

    # ---- apply / undo ------------------------------------------------------------------
    def apply(self, m: tuple) -> bool:
        """Play ``m``; True when it turned a face-down card (EH-08)."""
        kind, src, dst, n, c = m
        if kind == HOME or kind == COL:
            col = self.cols[src]
            rest = len(col) - n
            self.cols[src] = col[:rest]
            turned = rest > 0 and self.down[src] == rest
            if turned:
                self.down[src] -= 1
            if kind == HOME:
                self._home(c)
            else:
                self.cols[dst] += col[rest:]
            return turned
        if kind == BACK:
            self._unhome(c)
        else:
            self.pool[c] -= 1
        if kind == POOL_HOME:
            self._home(c)
        else:
            self.cols[dst] += _BYTE[c]
        return False

    def undo(self, m: tuple, turned: bool) -> None:
        kind, src, dst, n, c = m
        if kind == HOME or kind == COL:
            if kind == HOME:
                self._unhome(c)
                moving = _BYTE[c]
            else:
                d = self.cols[dst]
                moving = d[-n:]
                self.cols[dst] = d[:-n]
            if turned:
                self.down[src] += 1
            self.cols[src] += moving
            return
        if kind == POOL_HOME:
            self._unhome(c)
        else:
            self.cols[dst] = self.cols[dst][:-1]
        if kind == BACK:
            self._home(c)
        else:
            self.pool[c] += 1

    def auto(self) -> list[tuple]:
        """Send home every column top and pool card that is ``safe``, until none is left;
        returns the records ``(move, turned)``."""
        out: list[tuple] = []
        pool, cols, f = self.pool, self.cols, self.found
        top = self.top
        again = True
        while again:
            again = False
            for slot in range(8):
                if f[slot] == top:
                    continue
                c = (slot >> 1) * 16 + f[slot] + 1
                if not self.safe(c):
                    continue
                if pool[c]:
                    m = (POOL_HOME, -1, -1, 1, c)
                    out.append((m, self.apply(m)))
                    again = True
                    break
                for i, col in enumerate(cols):
                    if col and col[-1] == c:
                        m = (HOME, i, -1, 1, c)
                        out.append((m, self.apply(m)))
                        again = True
                        break
                if again:
                    break
        return out

    # ---- moves -------------------------------------------------------------------------
    def moves(self, must: tuple | None) -> list[tuple[int, tuple, tuple | None]]:
        """Every move the search tries from here, as ``(score, move, obligation)``, lower
        scores first. ``must`` is the obligation left by the move before (None, or
        ``(land, leave)``: column indices one of which the next move must land on, or take
        its top card from). The obligations are the search's two reductions
        (docs/solver.md argues them): a card from the pool is put on a
        column only when a card lands on it next; a column's top card that moves onto
        another column without turning or emptying anything is followed next by a move of
        the card it uncovered or a move onto either of the two."""
        cols, down, pool = self.cols, self.down, self.pool
        top = self.top
        tops: dict[int, list[int]] = {}
        empty = -1
        for i, col in enumerate(cols):
            if col:
                tops.setdefault(col[-1], []).append(i)
            elif empty < 0:
                empty = i
        land, leave = must if must else ((), ())
        parents, children = self._parents, self._children
        out: list[tuple[int, tuple, tuple | None]] = []
        # ranks the column tops need as parents, per colour: a placed card must lead to one
        low = [99, 99]
        for c in tops:
            red = RED[c >> 4]
            r = c & 15
            if r < low[red]:
                low[red] = r
        for i, col in enumerate(cols):
            if not col:
                continue
            n, d = len(col), down[i]
            t = col[-1]
            rest = n - 1
            free = not must or i in leave
            if rest and rest == d:
                base, ob = 10 - d, None  # turns a card: the column hiding most first
            elif rest == 0:
                base, ob = 12, None
            else:
                base, ob = 20, True
            if free and self.can_home(t):
                out.append((base - 2, (HOME, i, -1, 1, t), None))
            for p in parents[t]:
                for j in tops.get(p, ()):
                    if free or j in land:
                        out.append((base, (COL, i, j, 1, t), ((i, j), (i,)) if ob else None))
            if empty >= 0 and rest and (free or empty in land):
                if (t & 15) == top:
                    out.append((base + 1, (COL, i, empty, 1, t),
                                ((i, empty), (i,)) if ob else None))
                else:
                    k = rest
                    while k > d and (col[k - 1] & 15) == (col[k] & 15) + 1 and \
                            RED[col[k - 1] >> 4] != RED[col[k] >> 4]:
                        k -= 1
                    if (col[k] & 15) == top and k > 0:
                        out.append((10 - d if k == d else 21, (COL, i, empty, n - k, col[k]),
                                    None if k == d else ((i, empty), (i,))))
        in_pool = [c for c, k in enumerate(pool) if k]
        if not must:
            for c in in_pool:
                if self.can_home(c):
                    out.append((35, (POOL_HOME, -1, -1, 1, c), None))
        # a card from the pool onto a column (a card must land on it next), a foundation's
        # top card back onto a column (EH-17; no obligation: docs/solver.md); only pool cards
        # and foundation tops can, in the order of their faces
        f = self.found
        ftops = {(slot >> 1) * 16 + f[slot] for slot in range(8) if f[slot]}
        for c in sorted(ftops.union(in_pool)):
            r = c & 15
            if not r or r > top:
                continue
            back = c in ftops
            # a placed pool card needs a lander: some column top lower than it
            placed = pool[c] and min(low) < r
            if not (back or placed):
                continue
            dests = [j for p in parents[c] for j in tops.get(p, ())]
            if r == top and empty >= 0:
                dests.append(empty)
            if not dests:
                continue
            # the best thing a card could do by landing on it next: turn a card (the column
            # hiding most first), empty a column, or anything else
            score = 40
            for ch in children[c]:
                for i in tops.get(ch, ()):
                    rest = len(cols[i]) - 1
                    if rest and rest == down[i]:
                        score = min(score, 11 - down[i])
                    elif rest == 0:
                        score = min(score, 13)
                    else:
                        score = min(score, 25)
            for j in dests:
                if must and j not in land:
                    continue
                if placed:
                    out.append((score, (POOL_COL, -1, j, 1, c), ((j,), ())))
                if back:
                    out.append((score + 6, (BACK, -1, j, 1, c), None))
        return out


def position_of(g: Game) -> HarpPosition:
    """The compact copy of ``g``'s position (every card known)."""
    pool = [0] * 64
    for c in g.stock + g.waste:
        pool[c.face] += 1
    found = [0] * 8
    per_suit: dict[int, list[int]] = {0: [], 1: [], 2: [], 3: []}
    for suit, f in zip(g.found_suits, g.foundations):
        per_suit[int(suit)].append(len(f))
    for s, hs in per_suit.items():
        hs.sort(reverse=True)
        found[2 * s], found[2 * s + 1] = hs
    return HarpPosition([bytes(c.face for c in col) for col in g.columns], list(g.down),
                        pool, found)


__all__ = ["BACK", "COL", "HOME", "HarpPosition", "OPP", "POOL_COL", "POOL_HOME", "RED",
           "build_tables", "position_of"]
