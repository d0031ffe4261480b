"""Easy Harp's compiled searches against the Python ones (issue 39): positions a second of
each search, and the time the whole portfolio (``harp-towers solve``) takes to decide a few
deals, both ways. In-process, one core; run it niced on a quiet machine.

    python bench/harp_core.py [--deals 2,5,8,14] [--limit 60] [--budget 20000]

Positions a second: each search from the start of deals 1-4 (the Aces home), one round of
``--budget`` positions (greedy with its first weights, best-first with its first weights,
depth-first). Deciding: ``HarpSearch.run`` on each of ``--deals`` under ``--limit`` seconds
(the Python search gets the same limit). Prints one JSON object, then a short table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

import _common  # noqa: F401  (sets sys.path)

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.solvers import harp_core  # noqa: E402
from harptowers.engine.solvers.base import Budgeted  # noqa: E402
from harptowers.engine.solvers.easy_harp import HarpSearch, position_of  # noqa: E402
from harptowers.engine.solvers.harp_greedy import GreedySearch  # noqa: E402
from harptowers.engine.solvers.harp_position import HarpPosition  # noqa: E402


def _state(deal: int) -> tuple:
    p = position_of(new_game(format_code("easy-harp", "N", deal)))
    p.auto()
    return p.copy_state()


def rate(kind: str, states: list[tuple], budget: int, compiled: bool) -> float:
    """Positions a second of one search over ``states``."""
    nodes, t = 0, time.perf_counter()
    for state in states:
        if kind == "greedy":
            lim = Budgeted()
            lim._limits(None, None)
            g = harp_core.Greedy(lim, state) if compiled else GreedySearch(lim, state)
            g.H = GreedySearch.WEIGHTS[0]
            nodes += g.run_bfs(budget)[1]
            continue
        s = HarpSearch(HarpPosition(*state[:4]), None, None)
        if not compiled:
            s.core = None
        nodes += (s.run_bfs if kind == "best_first" else s.run_dfs)(budget)[1]
    return nodes / (time.perf_counter() - t)


def decide(deal: int, limit: float, compiled: bool) -> dict:
    s = HarpSearch(position_of(new_game(format_code("easy-harp", "N", deal))), limit, None)
    if not compiled:
        s.core = None
    t = time.perf_counter()
    verdict, _ = s.run()
    return {"verdict": verdict, "seconds": round(time.perf_counter() - t, 3), "nodes": s.nodes}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", default="2,5,8,14")
    ap.add_argument("--limit", type=float, default=60.0)
    ap.add_argument("--budget", type=int, default=20_000)
    a = ap.parse_args()
    if harp_core.CORE is None:
        sys.exit("the compiled searches are not built (pip install -e .)")
    states = [_state(d) for d in (1, 2, 3, 4)]
    out: dict = {"budget": a.budget, "limit": a.limit, "rate": {}, "decide": {}}
    for kind in ("greedy", "best_first", "depth_first"):
        c, py = rate(kind, states, a.budget, True), rate(kind, states, a.budget, False)
        out["rate"][kind] = {"c": round(c), "python": round(py), "ratio": round(c / py, 1)}
    for deal in [int(x) for x in a.deals.split(",")]:
        out["decide"][deal] = {"c": decide(deal, a.limit, True),
                               "python": decide(deal, a.limit, False)}
    print(json.dumps(out))
    print(f"{'search':<12} {'C pos/s':>10} {'Python pos/s':>13} {'ratio':>6}")
    for kind, r in out["rate"].items():
        print(f"{kind:<12} {r['c']:>10} {r['python']:>13} {r['ratio']:>6}")
    print(f"{'deal':<6} {'C':>22} {'Python':>22}")
    for deal, r in out["decide"].items():
        c, py = r["c"], r["python"]
        print(f"{deal:<6} {c['verdict']:>10} {c['seconds']:>8.2f} s   "
              f"{py['verdict']:>10} {py['seconds']:>8.2f} s")


if __name__ == "__main__":
    main()
