"""The hints followed from the start of a deal, on sampled layouts of its hidden cards: the
measure of difficulty of a game with hidden cards (issue 39, docs/difficulty.md).

A *layout* is the deal as the player sees it at the start, with the cards the player cannot
see (face down in the columns, and the stock before it has been gone through) dealt again
at random into their places (seed ``"<code>:layout:<k>"``): a deal the player could be
facing, as far as anything visible tells. On each layout the hints are asked and played as
a player who follows them would (``follow``): each hint is the app's own
(``search.solve_position`` on ``search.position``, which never sees a hidden card), with
its node budgets and **no time limit**, so a row is the same on any machine however busy;
each hint is asked afresh (the app's cache, which bench/hints_follow.py asks first as the
app does, would serve a won sample's plan while it fits what is seen; the shipped tables were
measured so, ``POLICY``).
A position that hides nothing is solved whole under ``OPEN_NODES`` positions (the app's hint
takes 4 s there) and its solution followed to the end. A game stops when it is won, when a
hint has no move, when a position comes back a third time (the hints go round in circles),
or past ``MAX_HINTS`` hints.

``layout_share(game, variant, number, layouts)`` is one batch row (tools/difficulty_batch.py,
on Dask like the winnability batch): ``{"deal", "layouts", "won", "hints", "seconds",
"policy"}``; its share ``won / layouts`` is the deal's measure.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from . import search
from ..engine import new_game
from ..engine.codes import format_code
from ..engine.game import Game
from ..engine.notation import parse_moves
from ..engine.solvers import WINNABLE, solve

MAX_HINTS = 1500        # hints asked in one game at most (a won Easy Harp game: ~950)
OPEN_NODES = 300_000    # a position that hides nothing: the solver's positions
POLICY = 1              # the rows' version of this procedure (and of the hints it follows)


def layout(code: str, k: int) -> Game:
    """Deal ``code`` with its hidden cards dealt again at random (layout ``k``): what the
    player sees at the start is the same card for card."""
    pos = search.position(new_game(code))
    cards = search.unseen(pos)
    random.Random(f"{code}:layout:{k}").shuffle(cards)
    return search.build(pos, cards)


def follow(g: Game, max_hints: int = MAX_HINTS) -> dict[str, Any]:
    """Play the hints on ``g`` (changed) until it is won or they stop: ``{"won", "end",
    "hints"}`` with ``end`` one of ``won``, ``circles``, ``limit`` or the verdict of the
    hint that had no move."""
    asked = 0
    seen: Counter[tuple] = Counter()
    end = "limit"
    while asked < max_hints:
        sig = search.signature(g)
        seen[sig] += 1
        if seen[sig] >= 3:
            end = "circles"
            break
        pos = search.position(g)
        asked += 1
        if search.hides(pos):
            r = search.solve_position(pos, seconds=None)
            moves = parse_moves(r["solution"])[:1] if r.get("solution") else []
        else:  # nothing hidden: the whole solution, as the app's hint cache serves it
            res = solve(search.build(pos), limit_seconds=None, max_nodes=OPEN_NODES)
            r = {"verdict": res.verdict}
            moves = list(res.solution or []) if res.verdict == WINNABLE else []
        if not moves:
            end = str(r["verdict"])
            break
        for m in moves:
            g.play(m)
        if g.won:
            end = "won"
            break
    return {"won": g.won, "end": end, "hints": asked}


def layout_share(game: str, variant: str, number: int, layouts: int,
                 max_hints: int = MAX_HINTS) -> dict[str, Any]:
    """The hints followed on ``layouts`` layouts of one deal: a row of the batch."""
    code = format_code(game, variant, number)
    t0 = time.perf_counter()
    ends: Counter[str] = Counter()
    won = hints = 0
    for k in range(layouts):
        r = follow(layout(code, k), max_hints)
        won += r["won"]
        hints += r["hints"]
        ends[r["end"]] += 1
    return {"deal": number, "layouts": layouts, "won": won, "hints": hints,
            "ends": dict(ends), "seconds": round(time.perf_counter() - t0, 1),
            "policy": POLICY}


__all__ = ["MAX_HINTS", "OPEN_NODES", "POLICY", "follow", "layout", "layout_share"]
