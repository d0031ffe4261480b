"""Klondike's solvers side by side: the compiled search (``klondike.solve_c``) and the Python
one (``klondike.solve_python``) on the same deals, each deal from its start.

    python bench/solver_klondike.py [--variants D1,D3] [--first 1] [--last 200]
                                    [--limit-c 30] [--limit-py 5] [--json FILE]

Per variant and per search: the verdicts, the time per deal (median, p90, p99, max; the
search's own time, no start-up), positions a second, and the deals where the two disagree
on a decided verdict (there must be none). Every compiled win is replayed through the
engine. Prints one JSON object, then a table. Wall-clock figures move with the machine's
load (the JSON keeps the load average).
"""

from __future__ import annotations

import argparse
import copy
import json
import os
import statistics
import sys
import time
from pathlib import Path

import _common  # noqa: F401  (sets sys.path)

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.solvers import klondike  # noqa: E402


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(q * len(xs)))], 4) if xs else float("nan")


def summary(rows: list[dict], key: str) -> dict:
    secs = [r[key]["seconds"] for r in rows]
    nodes = sum(r[key]["nodes"] for r in rows)
    counts: dict[str, int] = {}
    for r in rows:
        counts[r[key]["verdict"]] = counts.get(r[key]["verdict"], 0) + 1
    return {"verdicts": counts, "median_s": pct(secs, 0.5), "p90_s": pct(secs, 0.9),
            "p99_s": pct(secs, 0.99), "max_s": round(max(secs), 4) if secs else None,
            "total_s": round(sum(secs), 1),
            "positions_per_s": round(nodes / sum(secs)) if sum(secs) else None,
            "mean_s": round(statistics.fmean(secs), 4) if secs else None}


def run(variant: str, first: int, last: int, limit_c: float, limit_py: float) -> dict:
    rows = []
    for deal in range(first, last + 1):
        g = new_game(format_code("klondike", variant, deal))
        row: dict = {"deal": deal}
        for key, fn, limit in (("c", klondike.solve_c, limit_c),
                               ("py", klondike.solve_python, limit_py)):
            t0 = time.perf_counter()
            res = fn(g, limit, None)
            row[key] = {"verdict": res.verdict, "nodes": res.nodes,
                        "seconds": time.perf_counter() - t0}
            if key == "c" and res.verdict == "winnable":
                h = copy.deepcopy(g)
                for m in res.solution or []:
                    h.play(m)
                row["replayed"] = h.won
        rows.append(row)
    decided = [r for r in rows if "unknown" not in (r["c"]["verdict"], r["py"]["verdict"])]
    return {"variant": variant, "deals": [first, last], "limit_c_s": limit_c,
            "limit_py_s": limit_py, "c": summary(rows, "c"), "python": summary(rows, "py"),
            "wins_replayed": sum(1 for r in rows if r.get("replayed")),
            "wins_not_replayed": sum(1 for r in rows if r.get("replayed") is False),
            "disagree": [r["deal"] for r in decided if r["c"]["verdict"] != r["py"]["verdict"]],
            "c_only_decided": sum(1 for r in rows if r["c"]["verdict"] != "unknown"
                                  and r["py"]["verdict"] == "unknown")}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variants", default="D1,D3")
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--last", type=int, default=200)
    p.add_argument("--limit-c", type=float, default=30.0)
    p.add_argument("--limit-py", type=float, default=5.0)
    p.add_argument("--json", type=Path)
    a = p.parse_args(argv)
    if not klondike.has_core():
        print("bench: the compiled core is not built (bash tools/setup.sh)", file=sys.stderr)
        return 2
    out = {"load_average": os.getloadavg(),
           "runs": [run(v, a.first, a.last, a.limit_c, a.limit_py)
                    for v in a.variants.split(",")]}
    print(json.dumps(out))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1) + "\n")
    print(f"{'variant':8} {'search':7} {'verdicts':45} {'median':>8} {'p90':>8} {'p99':>8} "
          f"{'max':>8} {'pos/s':>9}")
    for r in out["runs"]:
        for key in ("c", "python"):
            s = r[key]
            print(f"{r['variant']:8} {key:7} {json.dumps(s['verdicts']):45} {s['median_s']:8} "
                  f"{s['p90_s']:8} {s['p99_s']:8} {s['max_s']:8} {s['positions_per_s']!s:>9}")
        print(f"{r['variant']:8} wins replayed {r['wins_replayed']}, not replayed "
              f"{r['wins_not_replayed']}, disagreements {r['disagree']}, decided by C only "
              f"{r['c_only_decided']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
