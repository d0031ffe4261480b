"""Lines of moves, for every game: the exact position as a key, and a line without its
detours (used by the hints and the solvers' ways)."""

from __future__ import annotations

import copy

from ..game import Game
from ..notation import Move


def signature(g: Game) -> tuple:
    """The exact position (which pile holds what, either copy of a card alike), for the
    Api's solution cache and for ``shortcut``."""
    return (tuple(tuple(c.face for c in col) for col in g.columns), tuple(g.down),
            tuple(c.face for c in g.stock), tuple(c.face for c in g.waste),
            tuple(len(f) for f in g.foundations),
            tuple(c[0].face if c else 0 for c in g.cells))


def shortcut(g: Game, line: list[Move]) -> list[Move]:
    """``line`` without its detours: where it comes back to a position it was in before
    (every card where it was, the stock and waste in the same order), the moves in between
    are left out, so a hint never says a move and then its undoing. ``g`` is not changed."""
    g = copy.deepcopy(g)
    out: list[Move] = []
    at = {signature(g): 0}  # position → how many moves of ``out`` lead to it
    for m in line:
        g.play(m)
        out.append(m)
        sig = signature(g)
        if sig in at:
            del out[at[sig]:]
            at = {s: i for s, i in at.items() if i <= len(out)}
        else:
            at[sig] = len(out)
    return out


__all__ = ["shortcut", "signature"]
