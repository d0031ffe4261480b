"""A won sample kept as a plan (issue 15): while what the player sees still fits it, the next
hints come from its solution without a new search.

A sample (hints.py) is a full game whose hidden cards were dealt at random from the cards
the player cannot see; its solution wins it. After the player plays the hinted move, the
sample with the same move played is still a possible truth as long as every card the player
can now see is where the sample has it (a turned card is the sample's card; every waste card
is in the sample's stock or waste; the same foundations). Then the rest of its solution
still wins it, and its next move is a good hint. A stock tap by the player changes nothing
the sample cares about (the stock and waste are one pool to the solver). When a card turns
up that the sample had elsewhere, the plan is dropped and new samples are solved.

A plan is made in the solver process from samples of the visible position only (it never
sees a real hidden card) and comes back with the hint; the app keeps it in its one hint cache
(service.HintCache), which follows it with ``next_hint`` without asking the solver again.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.game import Game
from ..engine.solvers.lines import shortcut, signature
from ..engine.notation import STOCK_TAP, Move

def steps_of(solution: list[Move]) -> list[list[Move]]:
    """The solution cut into steps: the stock taps before a move, and the move."""
    out: list[list[Move]] = []
    cur: list[Move] = []
    for m in solution:
        cur.append(m)
        if m.dst is not None:
            out.append(cur)
            cur = []
    return out


def make(code: str, sample: Game, solution: list[Move], won: bool = True) -> dict[str, Any]:
    """A plan: a sample (at the position the hint was asked from) and its solution, or
    (``won`` False) the moves to the best position its search reached (both already
    without detours: ``shortcut``). ``won``: it ends in a win of its sample."""
    return {"code": code, "game": sample, "steps": steps_of(solution), "won": won}


def _fits(g: Game, pos: dict[str, Any]) -> bool:
    """Everything the player sees in ``pos`` is where the sample ``g`` has it."""
    if len(pos["columns"]) != len(g.columns):
        return False
    for spec, col, down in zip(pos["columns"], g.columns, g.down):
        if len(spec) != len(col) or sum(t is None for t in spec) != down:
            return False
        for t, c in zip(spec, col):
            if t is not None and t.split(".")[0] != c.text:
                return False
    heights = sorted((s, len(f)) for s, f in zip(g.found_suits, g.foundations))
    theirs = sorted((s, len(f)) for s, f in zip(g.found_suits, pos["foundations"]))
    if heights != theirs or pos["stock"] + len(pos["waste"]) != len(g.stock) + len(g.waste):
        return False
    pool = Counter(c.text for c in g.stock + g.waste)
    return not (Counter(t.split(".")[0] for t in pos["waste"]) - pool)


def _play(g: Game, step: list[Move]) -> None:
    for m in step:
        g._apply(g.check(m))


def next_hint(p: dict[str, Any], pos: dict[str, Any]) -> str | None:
    """The next move of plan ``p`` as the player can play it (a waste card that is not the
    real waste top: the stock tap), or None when the plan no longer fits ``pos`` (then it is
    done with). The plan follows the player: a move of it played is taken off it."""
    if p["code"] != pos["code"]:
        return None
    g: Game = p["game"]
    if not _fits(g, pos):
        # the player played the plan's next move: the sample plays it too, and must still fit
        try:
            _play(g, p["steps"][0])
        except Exception:  # noqa: BLE001 - the sample cannot follow: the plan is done with
            return None
        p["steps"].pop(0)
        if not _fits(g, pos):
            return None
    if not p["steps"]:
        return None
    step = p["steps"][0]
    move = step[-1]
    if move.src.kind != "w":
        return str(move)
    # a pool card: the move itself when the real waste top is that card, else a tap
    trial = [list(w) for w in (g.stock, g.waste)]
    for m in step[:-1]:
        g._apply(m)
    face = g.waste[-1].text if g.waste else None
    g.stock[:], g.waste[:] = trial
    top = pos["waste"][-1].split(".")[0] if pos["waste"] else None
    return str(move) if face is not None and face == top else str(STOCK_TAP)


__all__ = ["make", "next_hint", "shortcut", "signature", "steps_of"]
