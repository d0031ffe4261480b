"""Our solver next to Debian's fc-solve (freecell-solver-bin) on the same Seahaven deals.

    python bench/solver.py [--deals 200] [--first 1] [--variant C4] [--limit 10] [--json-only]

Ours is timed inside the process (``Result.seconds``); fc-solve as a whole process
(``fc-solve -g seahaven_towers --freecells-num N -sel``, board on stdin). Each of our
"winnable" verdicts is replayed through ``harp-towers replay`` in a subprocess (unless
``--no-replay``). Prints one JSON object (per-deal rows and the summary), then a table.

fc-solve's Seahaven caps a run at free cells + 1 (empty columns take only Kings and it
does not count them), stricter than SH-08, so every deal it solves must be winnable for us,
and every deal we prove unwinnable must be unsolved by it.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.solver import solve  # noqa: E402


def board(game) -> str:
    """fc-solve's board text: a Freecells line, then each column bottom → top."""
    lines = ["Freecells: " + " ".join(c[0].text if c else "-" for c in game.cells)]
    lines += [" ".join(c.text for c in col) for col in game.columns]
    return "\n".join(lines) + "\n"


def fc_solve(game, limit: float) -> tuple[str, float]:
    """(verdict, seconds of the whole process): winnable, unwinnable (its own, stricter
    rules), or unknown (iterations exceeded, time limit)."""
    cmd = ["fc-solve", "-g", "seahaven_towers", "--freecells-num", str(len(game.cells)),
           "-sel", "-"]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, input=board(game), capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return "unknown", time.perf_counter() - t0
    dt = time.perf_counter() - t0
    out = p.stdout
    if "This game is solveable" in out:
        return "winnable", dt
    if "I could not solve" in out:
        return "unwinnable", dt
    return "unknown", dt


def replay_wins(code: str, solution: str) -> bool:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "backend") + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, "-m", "harptowers", "replay", code, solution, "--json"],
                       capture_output=True, text=True, env=env, timeout=120)
    return p.returncode == 0 and json.loads(p.stdout)["won"] is True


def compare(number: int, variant: str = "C4", limit: float = 10.0, replay: bool = True) -> dict:
    code = format_code("seahaven-towers", variant, number)
    g = new_game(code)
    res = solve(g, limit_seconds=limit)
    row = {"deal": number, "code": code, "verdict": res.verdict, "seconds": res.seconds,
           "nodes": res.nodes, "solution_moves": len(res.solution or [])}
    if shutil.which("fc-solve"):
        row["fc_verdict"], row["fc_seconds"] = fc_solve(new_game(code), limit)
    if res.verdict == "winnable" and replay:
        row["replayed"] = replay_wins(code, res.solution_text())
    return row


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def summary(rows: list[dict]) -> dict:
    ours = [r["seconds"] for r in rows]
    out = {"deals": len(rows),
           "ours": {"median_s": statistics.median(ours), "p90_s": pct(ours, 0.9),
                    "max_s": max(ours), "verdicts": _count(r["verdict"] for r in rows)}}
    if rows and "fc_verdict" in rows[0]:
        fc = [r["fc_seconds"] for r in rows]
        out["fc_solve"] = {"median_s": statistics.median(fc), "p90_s": pct(fc, 0.9),
                           "max_s": max(fc), "verdicts": _count(r["fc_verdict"] for r in rows)}
        def deals(ours: set, theirs: set) -> list[int]:
            return [r["deal"] for r in rows if r["verdict"] in ours and r["fc_verdict"] in theirs]

        out["agreement"] = {
            "fc_solved_but_not_ours": deals({"unwinnable", "unknown"}, {"winnable"}),
            "ours_unwinnable_but_fc_solved": deals({"unwinnable"}, {"winnable"}),
            "ours_winnable_fc_not": deals({"winnable"}, {"unwinnable", "unknown"}),
        }
        out["agreement"]["ok"] = not (out["agreement"]["fc_solved_but_not_ours"]
                                      or out["agreement"]["ours_unwinnable_but_fc_solved"])
        out["median_ratio_ours_over_fc"] = out["ours"]["median_s"] / out["fc_solve"]["median_s"]
    rep = [r for r in rows if "replayed" in r]
    out["replayed"] = {"checked": len(rep), "won": sum(1 for r in rep if r["replayed"])}
    return out


def _count(it) -> dict:
    d: dict = {}
    for v in it:
        d[v] = d.get(v, 0) + 1
    return d


def table(s: dict) -> str:
    lines = [f"{'':10} {'median':>10} {'p90':>10} {'max':>10}  verdicts"]
    for name in ("ours", "fc_solve"):
        if name in s:
            x = s[name]
            v = ", ".join(f"{k} {n}" for k, n in sorted(x["verdicts"].items()))
            lines.append(f"{name:10} {x['median_s'] * 1000:8.1f}ms {x['p90_s'] * 1000:8.1f}ms "
                         f"{x['max_s'] * 1000:8.0f}ms  {v}")
    if "agreement" in s:
        a = s["agreement"]
        lines.append(f"agreement: {'OK' if a['ok'] else 'FAILED'}  (fc-solve solved, ours not: "
                     f"{a['fc_solved_but_not_ours']}; ours unwinnable, fc-solve solved: "
                     f"{a['ours_unwinnable_but_fc_solved']}; ours winnable, fc-solve not: "
                     f"{len(a['ours_winnable_fc_not'])})")
        lines.append(f"median ours / fc-solve: {s['median_ratio_ours_over_fc']:.2f}")
    lines.append(f"replayed through `harp-towers replay`: {s['replayed']['won']} won of "
                 f"{s['replayed']['checked']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--variant", default="C4", choices=["C4", "C2", "C1"])
    p.add_argument("--limit", type=float, default=10.0, help="seconds per deal, each solver")
    p.add_argument("--no-replay", action="store_true")
    p.add_argument("--json-only", action="store_true")
    a = p.parse_args(argv)
    rows = [compare(n, a.variant, a.limit, not a.no_replay)
            for n in range(a.first, a.first + a.deals)]
    s = summary(rows)
    print(json.dumps({"variant": a.variant, "limit_s": a.limit, "summary": s, "rows": rows}))
    if not a.json_only:
        print(table(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
