"""bench/positions.py: the Easy Harp position bench/memory.py plays its cycle on."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from positions import harp_single  # noqa: E402

from harptowers.engine import new_game, parse_move  # noqa: E402
from harptowers.engine.codes import parse_code  # noqa: E402
from harptowers.engine.notation import STOCK_TAP  # noqa: E402


def test_the_memory_cycle_comes_back_to_its_position_after_talon_plus_one_rounds():
    pos = harp_single(depth=300, talon=49)
    g = new_game(parse_code(pos["code"]))
    for m in pos["moves"]:
        g.play(parse_move(m))
    assert len(g.stock) + len(g.waste) == 49
    move = parse_move(f"{pos['src']}-{pos['dst']}")
    col = g.columns[move.src.index]
    assert pos["index"] == len(col) - 1 and len(col) - g.down[move.src.index] >= 2

    def seen():
        return [str(c) for c in g.stock], [str(c) for c in g.waste], [list(map(str, c)) for c in g.columns]

    start = seen()
    rounds = []
    for r in range(1, 101):   # bench/memory.py's cycle: stock, move, undo, stock, undo
        g.play(STOCK_TAP)
        g.play(move)
        g.undo()
        g.play(STOCK_TAP)
        g.undo()
        if seen() == start:
            rounds.append(r)
    assert rounds == [50, 100]    # 5 × 50 = 250 actions: every 500-action checkpoint alike
