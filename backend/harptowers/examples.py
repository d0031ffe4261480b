"""The Examples page situations (APP-04, APP-05): real deals and recorded moves up to the key
position, found by tools/find_examples.py and re-checked by tests/test_examples.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .engine import IllegalMove, new_game, parse_moves
from .engine.cards import KING
from .engine.game import Game
from .engine.notation import Move, PileRef
from .engine.seahaven import group_limit, is_suit_run

EXAMPLES_FILE = Path(__file__).with_name("examples.json")


def _alt_run_start(g: Game, i: int) -> int:
    col, j = g.columns[i], len(g.columns[i]) - 1
    while j > g.down[i] and col[j - 1].red != col[j].red and col[j - 1].rank == col[j].rank + 1:
        j -= 1
    return j


def harp_run(g: Game) -> dict[str, Any] | None:
    """Easy Harp, EH-05: a column whose top holds an ordered run of 3+ face-up cards (not
    King-led) whose first card fits on another column, and which can be taken apart card by
    card, top card first, each to a legal place, ending with the first card on that column.
    Returns ``{"column", "index", "count", "onto", "apart": [moves]}`` or None. ``g`` is left
    as it was."""
    for i, col in enumerate(g.columns):
        j = _alt_run_start(g, i)
        count = len(col) - j
        first = col[j] if col else None
        if count < 3 or first.rank == KING:
            continue
        for k, other in enumerate(g.columns):
            if k == i or not other or other[-1].red == first.red or other[-1].rank != first.rank + 1:
                continue
            apart = _take_apart(g, i, count, k)
            if apart:
                return {"column": i, "index": j, "count": count, "onto": k, "apart": apart}
    return None


def _take_apart(g: Game, i: int, count: int, k: int) -> list[str] | None:
    done = []
    try:
        for step in range(count):
            last = step == count - 1
            dests = [PileRef("t", k)] if last else \
                [PileRef("f", -1)] + [PileRef("t", d) for d in range(len(g.columns)) if d not in (i, k)]
            for d in dests:
                try:
                    m = g.check(Move(PileRef("t", i), d))
                except IllegalMove:
                    continue
                done.append(g._apply(m))
                break
            else:
                return None
        return [str(r.move) for r in done]
    finally:
        for r in reversed(done):
            g._undo(r)


def seahaven_run(g: Game) -> dict[str, Any] | None:
    """Seahaven, SH-08: exactly 1 free cell, 2 empty columns, and a King-led same-suit run of
    5 … 8 cards at the top of a column. Returns ``{"column", "index", "count", "empty",
    "limit", "limit_occupied", "also"}`` (``also``: another run of 5 … 8 that fits on an
    occupied column, as a move, or None) or None."""
    if g.has_stock or sum(1 for c in g.cells if not c) != 1:
        return None
    empties = [i for i, c in enumerate(g.columns) if not c]
    if len(empties) != 2:
        return None
    for i, col in enumerate(g.columns):
        for j, c in enumerate(col):
            if c.rank == KING and 5 <= len(col) - j <= 8 and is_suit_run(col[j:]):
                return {"column": i, "index": j, "count": len(col) - j, "empty": empties[0],
                        "limit": group_limit(1, 1), "limit_occupied": group_limit(1, 2),
                        "also": _also(g)}
    return None


def _also(g: Game) -> str | None:
    for i, col in enumerate(g.columns):
        for j in range(len(col)):
            n = len(col) - j
            if 5 <= n <= 8 and col[j].rank != KING and is_suit_run(col[j:]):
                for k, other in enumerate(g.columns):
                    if other and k != i:
                        try:
                            return str(g.check(Move(PileRef("t", i), PileRef("t", k), n)))
                        except IllegalMove:
                            pass
    return None


def load_plain() -> dict[str, Any]:
    """The shipped examples: ``{"easy-harp": {"code", "moves"}, "seahaven": {…}}``."""
    return json.loads(EXAMPLES_FILE.read_text())


def load() -> dict[str, Any]:
    """The shipped examples with their key positions described, for the Examples page:
    ``{"easy-harp": {"code", "moves", "key": {...}}, "seahaven": {...}}``."""
    data = load_plain()
    for name, find in (("easy-harp", harp_run), ("seahaven", seahaven_run)):
        ex = data[name]
        g = play(ex["code"], ex["moves"])
        ex["key"] = find(g)
    return data


def play(code: str, moves: str) -> Game:
    """The game after ``moves`` from the deal ``code`` (checked path)."""
    g = new_game(code)
    for m in parse_moves(moves):
        g.play(m)
    return g
