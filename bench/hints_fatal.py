"""Where following the hints lost a game: the move after which the real position (every card
known) is no longer found winnable, and what the hint that led there rested on.

    python bench/hints_fatal.py [--rows bench/results/hints-easy-harp.jsonl]
                                [--limit 10] [--jobs 2] [--only CODE,CODE]

Reads the lost games' rows of ``bench/hints_follow.py`` (they keep the moves played and the
hints that searched) and bisects each game's moves with the solver (``--limit`` seconds and
``--jobs`` processes per position): the deal is winnable, the last position is not found so,
and the first position not found winnable follows the fatal move. "Not found winnable" within
the limit is not a proof: a move found this way that cannot lose (a stock tap: a whole pass
brings the same position back) marks a position the solver could not settle, and the row says
so (``settled`` false). Prints one JSON line per game: the fatal move, cards home and face
down before it, and the last search at or before it (its verdict, won samples of samples
tried: a "guess" when none was won), then a summary by kind of search.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.notation import parse_moves  # noqa: E402
from harptowers.engine.solvers import WINNABLE, solve  # noqa: E402


def replayed(code: str, moves: list, k: int):
    g = new_game(code)
    for m in moves[:k]:
        g.play(m)
    return g


def fatal(row: dict, limit: float, jobs: int) -> dict:
    moves = parse_moves(row["moves"])
    lo, hi = 0, len(moves)  # the deal (proven winnable) and the position the hints left
    while hi - lo > 1:
        mid = (lo + hi) // 2
        v = solve(replayed(row["code"], moves, mid), limit_seconds=limit, jobs=jobs).verdict
        lo, hi = (mid, hi) if v == WINNABLE else (lo, mid)
    g = replayed(row["code"], moves, lo)
    before = [s for s in row.get("searches", []) if s["at"] <= lo]
    last = before[-1] if before else None
    kind = "none" if last is None else (
        "guess" if last["verdict"] != "winnable" else
        "weak" if (last["votes"] or 0) * 2 <= (last["samples"] or 0) else "strong")
    return {"code": row["code"], "at": lo, "fatal": str(moves[lo]), "home": g.home,
            "down": sum(g.down), "settled": moves[lo].dst is not None, "search": last,
            "kind": kind}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rows", type=Path, default=ROOT / "bench" / "results" /
                   "hints-easy-harp.jsonl")
    p.add_argument("--limit", type=float, default=10.0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--only", default="")
    a = p.parse_args(argv)
    only = set(filter(None, a.only.split(",")))
    kinds: Counter = Counter()
    for line in a.rows.read_text().splitlines():
        row = json.loads(line) if line.strip() else {}
        if row.get("won", True) or "moves" not in row or (only and row["code"] not in only):
            continue
        out = fatal(row, a.limit, a.jobs)
        kinds[out["kind"] if out["settled"] else "not settled"] += 1
        print(json.dumps(out), flush=True)
    print(json.dumps({"fatal_after": dict(kinds)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
