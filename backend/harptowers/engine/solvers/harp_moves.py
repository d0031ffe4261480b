"""Easy Harp's solver moves back to engine moves: a win found on the compact position
(``harp_position``) played on the real game, each move through the checked path."""

from __future__ import annotations

from ..game import Game
from ..notation import STOCK_TAP, Move, PileRef
from .base import ANY_FOUNDATION
from .harp_position import BACK, HOME, POOL_COL, POOL_HOME


def engine_moves(g: Game, internal: list[tuple]) -> list[Move]:
    """The engine moves of an internal move list, each played on ``g`` through the checked
    path (a pool card is reached by the fewest stock taps from the real stock and waste
    order); ``g`` is put back as it was."""
    snap = _snapshot(g)
    out: list[Move] = []
    try:
        for kind, src, dst, n, face in internal:
            if kind in (POOL_HOME, POOL_COL):
                for _ in range(_taps_to(g, face)):
                    out.append(STOCK_TAP)
                    g._apply(STOCK_TAP)
                ref = PileRef("w")
            elif kind == BACK:
                ref = PileRef("f", next(i for i, f in enumerate(g.foundations)
                                        if f and f[-1].face == face))
            else:
                ref = PileRef("t", src)
            m = Move(ref, ANY_FOUNDATION if kind in (HOME, POOL_HOME) else PileRef("t", dst), n)
            g._apply(g.check(m))
            out.append(m)
        return out
    finally:
        _restore(g, snap)


def _snapshot(g: Game) -> tuple:
    return ([list(c) for c in g.columns], list(g.down), list(g.stock), list(g.waste),
            [list(f) for f in g.foundations], g.home, g.score, g.passes)


def _restore(g: Game, s: tuple) -> None:
    cols, down, stock, waste, found, g.home, g.score, g.passes = s
    for dst, src in zip(g.columns, cols):
        dst[:] = src
    g.down[:] = down
    g.stock[:] = stock
    g.waste[:] = waste
    for dst, src in zip(g.foundations, found):
        dst[:] = src


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


__all__ = ["engine_moves"]
