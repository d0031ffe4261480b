"""Search on the engine's unchecked fast path (``Game._apply`` / ``Game._undo``).

A depth-first search with a transposition table and move ordering over *steps*: a step is
one move, or, in Easy Harp, a run of stock taps followed by playing the card they bring to
the top of the waste (draw-one with unlimited redeals makes every stock and waste card
reachable, so the search treats them as one pool). It knows every card, face-down ones
included ("thoughtful" play): right for choosing deals and recording won games, not for
hints that must not reveal hidden cards.
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

from .cards import KING, Card
from .game import Game
from .notation import STOCK_TAP, Move, PileRef
from .solvers import solver_for

Step = Sequence[Move]
WASTE = PileRef("w")


def position_key(g: Game) -> Hashable:
    """A key equal for positions that play the same: columns and cells as multisets (which
    column holds a pile does not matter), twin cards alike, and the stock and waste as one
    pool (every card in them can be reached)."""
    cols = tuple(sorted((d, *[c.face for c in col]) for col, d in zip(g.columns, g.down)))
    cells = tuple(sorted(c[0].face for c in g.cells if c))
    pool = tuple(sorted(c.face for c in g.stock + g.waste))
    return cols, cells, pool, tuple(len(f) for f in g.foundations)


def _to_foundation(g: Game, c: Card) -> bool:
    return any(s == c.suit and len(f) == c.rank - 1 for s, f in zip(g.found_suits, g.foundations))


def _fits_column(g: Game, c: Card, col: list[Card]) -> bool:
    if not col:
        return c.rank == KING
    return bool(solver_for(g).fits(col[-1].face, c.face))


def _pool_steps(g: Game) -> list[tuple[int, Step]]:
    """Easy Harp: for each card of the stock and waste that can be played somewhere, the
    stock taps that bring it to the top of the waste, then the move."""
    out: list[tuple[int, Step]] = []
    s, w = g.stock, g.waste
    # taps needed for each card: waste top 0; stock[j]: len(s) - j; waste[i] after a redeal
    reach = [(w[-1], 0)] if w else []
    reach += [(s[j], len(s) - j) for j in range(len(s) - 1, -1, -1)]
    reach += [(w[i], len(s) + 2 + i) for i in range(len(w) - 1)]
    done = set()
    for c, taps in reach:
        if c.face in done:
            continue
        done.add(c.face)
        dests = []
        if _to_foundation(g, c):
            i = next(i for i, (su, f) in enumerate(zip(g.found_suits, g.foundations))
                     if su == c.suit and len(f) == c.rank - 1)
            dests.append((0, PileRef("f", i)))
        for i, col in enumerate(g.columns):
            if col and _fits_column(g, c, col):
                dests.append((3, PileRef("t", i)))
        if c.rank == KING:
            e = next((i for i, col in enumerate(g.columns) if not col), None)
            if e is not None:
                dests.append((5, PileRef("t", e)))
        for rank, d in dests:
            out.append((rank + (1 if taps else 0), (STOCK_TAP,) * taps + (Move(WASTE, d),)))
    return out


def useful_steps(g: Game) -> list[Step]:
    """Good steps first, without those that never help: taking cards back from a
    foundation, a pile that fills its column moving into an empty one, and in a game of
    one-card moves shifting a card off a column that hides nothing unless that frees a
    foundation card."""
    one_card = solver_for(g).ONE_CARD_MOVES
    scored: list[tuple[int, Step]] = []
    for m in g.legal_moves():
        if m.dst is None or m.src.kind in "fw":
            continue  # stock and waste: _pool_steps
        src, dst = m.src.kind, m.dst.kind
        reveals = False
        if src == "c" and dst == "c":
            continue  # cell to cell changes nothing
        if src == "t":
            col = g.columns[m.src.index]
            rest = len(col) - m.count
            if dst == "t" and not g.columns[m.dst.index] and rest == 0:
                continue
            reveals = bool(rest) and g.down[m.src.index] == rest
            if one_card and dst == "t" and rest and not reveals and not g.down[m.src.index] \
                    and not _to_foundation(g, col[rest - 1]):
                continue
        if dst == "f":
            rank = 0
        elif reveals:
            rank = 1
        elif dst == "t" and g.columns[m.dst.index]:
            rank = 2 if src != "c" else 3
        elif dst == "t":
            rank = 4
        else:
            rank = 7 if src == "t" and len(g.columns[m.src.index]) == 1 else 6
        scored.append((rank, (m,)))
    if g.has_stock:
        scored += _pool_steps(g)
    scored.sort(key=lambda t: t[0])
    return [s for _, s in scored]


def solve(g: Game, max_nodes: int = 200_000,
          order: Callable[[Game], list[Step]] = useful_steps,
          key: Callable[[Game], Hashable] = position_key,
          goal: Callable[[Game], bool] = lambda g: g.won) -> tuple[list[Move] | None, int]:
    """Search for a position meeting ``goal`` (by default a won game) from the current one.

    Returns ``(moves, nodes)``: the moves that reach it, in order (None when none was found
    within ``max_nodes`` positions or the space was exhausted) and the positions visited.
    ``g`` is left exactly as it was (score included; history and counter untouched).
    """
    seen = {key(g)}
    path: list[list] = []  # one list of undo records per step taken
    stack = [iter(order(g))]
    nodes = 0
    try:
        while stack:
            if goal(g):
                return [r.move for recs in path for r in recs], nodes
            step = next(stack[-1], None)
            if step is None:
                stack.pop()
                if path:
                    for r in reversed(path.pop()):
                        g._undo(r)
                continue
            recs = [g._apply(m) for m in step]
            k = key(g)
            nodes += 1
            if k in seen or nodes > max_nodes:
                for r in reversed(recs):
                    g._undo(r)
                if nodes > max_nodes:
                    return None, nodes
                continue
            seen.add(k)
            path.append(recs)
            stack.append(iter(order(g)))
        return None, nodes
    finally:
        while path:
            for r in reversed(path.pop()):
                g._undo(r)
