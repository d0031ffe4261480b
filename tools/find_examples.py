"""Find the two Examples-page situations in real deals (APP-04, APP-05) and write them to
backend/harptowers/engine/examples.json. Re-checked by tests/test_examples.py.

    .venv/bin/python tools/find_examples.py [--max-deal N] [--nodes N]

1. Easy Harp (EH-05): an ordered run of at least 3 face-up cards at the top of a column whose
   first card would fit on another column; the run taken apart card by card, top card first,
   each card to a legal place, ends with that first card on the other column.
2. Seahaven (SH-08): exactly 1 free cell, 2 empty columns, and a King-led same-suit run of
   5 … 8 cards (above other cards) that cannot go into an empty column (limit 4) though 8 may
   move onto an occupied column.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import DealCode, parse_code  # noqa: E402
from harptowers.engine.registry import games  # noqa: E402
from harptowers.engine.search import solve, useful_steps  # noqa: E402


def goal(g) -> bool:
    run = g.example_situation()
    return run is not None and run["index"] > 0  # a run above other cards, as in play


def few_taps(g):
    """Search steps with at most 3 stock taps before a waste card plays: short examples."""
    return [s for s in useful_steps(g) if len(s) <= 4]


def find(game: str, variant: str, goal, max_deal: int, nodes: int):
    """The shortest move list found over deals 1 … max_deal (the page replays it)."""
    best = None
    for n in range(1, max_deal + 1):
        g = new_game(DealCode(game, variant, n))
        moves, visited = solve(g, nodes, order=few_taps, goal=goal)
        print(f"{game} deal {n}: {len(moves) if moves is not None else 'no'} moves "
              f"({visited} positions)", file=sys.stderr)
        if moves is not None and (best is None or len(moves) < len(best[1].split())):
            best = str(g.code), " ".join(map(str, moves)), max_deal
    return best


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--max-deal", type=int, default=400)
    p.add_argument("--nodes", type=int, default=3000)
    a = p.parse_args()
    for cls in games():
        for name in cls.examples:
            variant = parse_code(cls.examples[name]["code"]).variant   # the one shipped
            found = find(cls.name, variant, goal, a.max_deal, a.nodes)
            if not found:
                print(f"no {name} example in deals 1 … {a.max_deal}", file=sys.stderr)
                return 1
            code, moves, searched = found
            print(f"{cls.__module__}: examples = "
                  f"{json.dumps({name: {'code': code, 'moves': moves}})}  # {searched} deals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
