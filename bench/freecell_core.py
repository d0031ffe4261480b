"""FreeCell's search compiled (``csearch/fc_*.c``) next to its Python original: positions
per second and the time of a whole solve, on the same positions.

    .venv/bin/python bench/freecell_core.py [--deals 30] [--repeats 5] [--python-repeats 1]

Figures:
* deal 617 (won) and deal 11 982 (proven unwinnable): the whole solve
  (``freecell.solve``, no limit), best of ``--repeats`` runs compiled and of
  ``--python-repeats`` in Python; both must report the same verdict and positions.
* positions per second: depth-first and best-first rounds of 100 000 positions (or fewer,
  when a round ends first) from Microsoft deals 1 … ``--deals``, summed; the same rounds in
  both (the node counts are checked equal).

Wall-clock figures move with the machine's load (the JSON keeps the load average). Nothing
asserts.
"""

from __future__ import annotations

import time

from _common import emit, loadavg, machine, parser, table

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import DealCode  # noqa: E402
from harptowers.engine.solvers import freecell  # noqa: E402


def deal(n: int):
    return new_game(DealCode("freecell", "S", n))


def best_time(fn, repeats: int):
    """(the least seconds of ``repeats`` calls, the last call's result)."""
    best, res = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        res = fn()
        best = min(best, time.perf_counter() - t0)
    return best, res


def whole(number: int, repeats: int, py_repeats: int) -> dict:
    g = deal(number)
    c_s, c = best_time(lambda: freecell.solve(g, None, None), repeats)
    p_s, p = best_time(lambda: freecell.solve(g, None, None, compiled=False), py_repeats)
    return {"deal": number, "verdict": c.verdict, "positions": c.nodes,
            "same_as_python": (c.verdict, c.nodes, c.solution) == (p.verdict, p.nodes,
                                                                 p.solution),
            "c_seconds": round(c_s, 4), "python_seconds": round(p_s, 3),
            "speedup": round(p_s / c_s, 1)}


def rates(deals: int, budget: int) -> dict:
    out = {}
    for kind in ("depth_first", "best_first"):
        secs = {True: 0.0, False: 0.0}
        nodes = {True: 0, False: 0}
        for n in range(1, deals + 1):
            g = deal(n)
            for compiled in (True, False):
                t0 = time.perf_counter()
                _, k, _ = freecell.search_round(g, kind, budget, compiled)
                secs[compiled] += time.perf_counter() - t0
                nodes[compiled] += k
        out[kind] = {"positions": nodes[True], "same_counts": nodes[True] == nodes[False],
                     "c_per_s": round(nodes[True] / secs[True]),
                     "python_per_s": round(nodes[False] / secs[False]),
                     "speedup": round(secs[False] / secs[True], 1)}
    return out


def main() -> None:
    p = parser(__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=30, help="deals 1 … N for the rates")
    p.add_argument("--budget", type=int, default=100_000, help="positions a round")
    p.add_argument("--repeats", type=int, default=5, help="runs of each compiled solve")
    p.add_argument("--python-repeats", type=int, default=1, help="runs of each Python solve")
    a = p.parse_args()
    if freecell.compiled_search() is None:
        raise SystemExit("freecell_core: the compiled search is not built (tools/setup.sh)")
    load0 = loadavg()
    solves = [whole(n, a.repeats, a.python_repeats) for n in (617, 11982)]
    per_s = rates(a.deals, a.budget)
    result = {"bench": "freecell_core", "machine": machine(), "load_before": load0,
              "load_after": loadavg(), "solves": solves, "rates": per_s,
              "deals": a.deals, "budget": a.budget}
    rows = [[f"deal {s['deal']}", s["verdict"], s["positions"], s["c_seconds"],
             s["python_seconds"], s["speedup"], "yes" if s["same_as_python"] else "NO"]
            for s in solves]
    text = table("FreeCell: whole solves (best of runs)",
                 ["", "verdict", "positions", "C s", "Python s", "×", "same"], rows)
    rows = [[kind, r["positions"], r["c_per_s"], r["python_per_s"], r["speedup"],
             "yes" if r["same_counts"] else "NO"] for kind, r in per_s.items()]
    text += "\n\n" + table(f"FreeCell: positions per second (deals 1 … {a.deals}, rounds of "
                           f"{a.budget:,})", ["round", "positions", "C /s", "Python /s", "×",
                                             "same"], rows)
    emit(result, text, a)


if __name__ == "__main__":
    main()
