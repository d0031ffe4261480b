"""Positions the window benchmarks play from, found with the engine (deterministic: the same
deals and moves on every machine).

- ``harp_single()``: an Easy Harp position with a single-card column → column move that
  turns no card up (so move and undo move exactly one card element).
- ``seahaven_shuttle()``: a Seahaven (C4) position where a column holds exactly a
  King-led suit run of 2+ cards and another column is empty: the run can go back and forth
  between the two columns (a group move each way, SH-08 allows it).
"""

from __future__ import annotations

import random

import _common  # noqa: F401  (sets sys.path)

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import DealCode  # noqa: E402
from harptowers.engine.errors import IllegalMove, InvalidMove  # noqa: E402
from harptowers.engine.notation import Move, PileRef  # noqa: E402
from harptowers.engine.games.seahaven import is_suit_run  # noqa: E402


def _code(game: str, variant: str, n: int) -> str:
    return str(DealCode(game, variant, n))


def harp_single(first: int = 1, depth: int = 60, talon: int | None = None) -> dict:
    """{code, moves (to reach the position), src, dst, index}: the move src → dst of the top
    card of src (index) is legal and turns nothing up. ``talon``: the stock and the waste
    then hold exactly that many cards (a pass through them is ``talon`` + 1 stock taps)."""
    for n in range(first, first + 500):
        g = new_game(DealCode("easy-harp", "N", n))
        rng = random.Random(n)
        played: list[str] = []
        for _ in range(depth):
            left = len(g.stock) + len(g.waste)
            if talon is not None and left < talon:
                break
            for m in g.legal_moves():
                if left != (talon or left) or m.dst is None or m.src.kind != "t" \
                        or m.dst.kind != "t" or m.count != 1:
                    continue
                col = g.columns[m.src.index]
                if len(col) - g.down[m.src.index] >= 2:   # another face-up card stays under it
                    return {"code": _code("easy-harp", "N", n), "moves": played,
                            "src": str(m.src), "dst": str(m.dst), "index": len(col) - 1}
            moves = [m for m in g.legal_moves() if m.dst is not None and m.dst.kind != "f"
                     and (left != talon or m.src.kind != "w")] or g.legal_moves()
            if not moves:
                break
            act = g.play(rng.choice(moves))
            played.append(str(act.move))
    raise RuntimeError("no Easy Harp position with a plain single-card move found")


def _shuttle(g) -> Move | None:
    empties = [i for i, c in enumerate(g.columns) if not c]
    if not empties:
        return None
    for i, col in enumerate(g.columns):
        if 2 <= len(col) <= 8 and col[0].rank == 13 and is_suit_run(col):
            for e in empties:
                m = Move(PileRef("t", i), PileRef("t", e), len(col))
                try:
                    g.check(m)
                    return m
                except (IllegalMove, InvalidMove):
                    pass
    return None


def seahaven_shuttle(first: int = 1, min_left: int = 40) -> dict:
    """{code, moves, src, dst, count}: ``src`` holds exactly a King-led suit run of ``count``
    cards, ``dst`` is empty, and at least ``min_left`` cards are still off the foundations."""
    from harptowers.engine.solvers import solve

    for n in range(first, first + 200):
        code = DealCode("seahaven-towers", "C4", n)
        res = solve(new_game(code), limit_seconds=3)
        if not res.solution:
            continue
        g = new_game(code)
        played: list[str] = []
        for m in res.solution:
            act = g.play(m)
            played.append(str(act.move))
            if 52 - g.home < min_left:
                break
            s = _shuttle(g)
            if s:
                return {"code": str(code), "moves": played, "src": str(s.src), "dst": str(s.dst),
                        "count": s.count}
    raise RuntimeError("no Seahaven position with a shuttling run found")


if __name__ == "__main__":
    print(harp_single())
    print(seahaven_shuttle())
