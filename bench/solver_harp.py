"""Easy Harp through the command line, the way a user would check the solver's bar:
``harp-towers solve CODE --limit S --json`` on each deal, then every win through
``harp-towers replay CODE "SOLUTION" --json``, both in subprocesses.

    python bench/solver_harp.py [--first 1] [--deals 200] [--limit 60] [--nodes N]
                                [--jobs N] [--only 2,5,10] [--rows FILE]
    python bench/solver.py --game easy-harp ...      (the same)

The time per deal is the solver's own (``seconds`` in the JSON: inside the process, no
start-up). Each deal's row is appended to ``--rows`` (default
``bench/results/solver-harp.jsonl``) as it comes, so a long run can stop and go on later:
deals already there (same limits, same solver generation ``SOLVER``) are not solved again.
``--nodes`` adds a limit in positions, which the machine's load does not change (the row
keeps it as ``max_nodes``). ``--jobs N`` gives each deal N processes (``harp-towers solve
--jobs``; the row keeps it as ``jobs``): run one bench at a time then. Prints one JSON object (the
summary: verdicts, the share decided with its 95 % Wilson interval, median / p90 / max
seconds of the decided deals, wins replayed), then a short table.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers.engine.codes import format_code  # noqa: E402

ROWS = ROOT / "bench" / "results" / "solver-harp.jsonl"
# the solver generation of a row (as in tools/winnable_batch.py; rows without it are 2)
SOLVER = 6


def cli(*args: str, timeout: float) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "backend") + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run([sys.executable, "-m", "harptowers", *args], capture_output=True,
                          text=True, env=env, timeout=timeout)


def one(number: int, limit: float, max_nodes: int | None = None, jobs: int = 1) -> dict:
    code = format_code("easy-harp", "N", number)
    extra = ["--nodes", str(max_nodes)] if max_nodes else []
    extra += ["--jobs", str(jobs)] if jobs > 1 else []
    p = cli("solve", code, "--limit", str(limit), *extra, "--json", timeout=limit * 3 + 60)
    out = json.loads(p.stdout)
    row = {"deal": number, "code": code, "limit": limit, "verdict": out["verdict"],
           "seconds": out["seconds"], "nodes": out["nodes"], "solver": SOLVER}
    if max_nodes:
        row["max_nodes"] = max_nodes
    if jobs > 1:
        row["jobs"] = jobs
    if out["solution"]:
        r = cli("replay", code, out["solution"], "--json", timeout=300)
        row["moves"] = len(out["solution"].split())
        row["replayed"] = r.returncode == 0 and json.loads(r.stdout)["won"] is True
    return row


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a share k / n."""
    if not n:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (c - h, c + h)


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else float("nan")


def summary(rows: list[dict]) -> dict:
    counts: dict[str, int] = {}
    for r in rows:
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    decided = [r for r in rows if r["verdict"] in ("winnable", "unwinnable")]
    secs = [r["seconds"] for r in decided]
    wins = [r for r in rows if r["verdict"] == "winnable"]
    lo, hi = wilson(len(decided), len(rows))
    wlo, whi = wilson(len(wins), len(rows))
    return {"deals": len(rows), "verdicts": counts,
            "decided_pct": round(100 * len(decided) / len(rows), 2) if rows else None,
            "decided_ci95": [round(100 * lo, 2), round(100 * hi, 2)],
            "winnable_pct": round(100 * len(wins) / len(rows), 2) if rows else None,
            "winnable_ci95": [round(100 * wlo, 2), round(100 * whi, 2)],
            "decided_median_s": round(statistics.median(secs), 3) if secs else None,
            "decided_p90_s": round(pct(secs, 0.9), 3) if secs else None,
            "decided_max_s": round(max(secs), 3) if secs else None,
            "replayed_to_a_win": sum(1 for r in wins if r.get("replayed")),
            "wins": len(wins)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--limit", type=float, default=60.0, help="seconds per deal")
    p.add_argument("--nodes", type=int, default=None,
                   help="also stop each deal after this many positions (load-independent)")
    p.add_argument("--jobs", type=int, default=1,
                   help="processes per deal (harp-towers solve --jobs; run one bench then)")
    p.add_argument("--only", type=str, default="",
                   help="comma-separated deal numbers: only these (within --first/--deals)")
    p.add_argument("--rows", type=Path, default=ROWS)
    p.add_argument("--report-only", action="store_true", help="summarise the rows file only")
    a = p.parse_args(argv)
    a.rows.parent.mkdir(parents=True, exist_ok=True)
    done: dict[int, dict] = {}
    if a.rows.exists():
        for line in a.rows.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                if r["limit"] == a.limit and r.get("max_nodes") == a.nodes and \
                        r.get("solver", 2) == SOLVER and r.get("jobs", 1) == a.jobs:
                    done[r["deal"]] = r
    wanted: list[int] = list(range(a.first, a.first + a.deals))
    if a.only:
        only = {int(x) for x in a.only.split(",")}
        wanted = [n for n in wanted if n in only]
    if not a.report_only:
        with a.rows.open("a") as out:
            for n in wanted:
                if n not in done:
                    done[n] = one(n, a.limit, a.nodes, a.jobs)
                    out.write(json.dumps(done[n]) + "\n")
                    out.flush()
    rows = [done[n] for n in wanted if n in done]
    s = summary(rows)
    print(json.dumps({"game": "easy-harp", "limit_s": a.limit, "max_nodes": a.nodes,
                      "jobs": a.jobs, "summary": s}))
    nodes = f" and {a.nodes} positions" if a.nodes else ""
    procs = f", {a.jobs} processes a deal" if a.jobs > 1 else ""
    print(f"Easy Harp, {s['deals']} deals, {a.limit:g} s{nodes} limit{procs}: {s['verdicts']}; decided "
          f"{s['decided_pct']} % (95 % CI {s['decided_ci95']}); decided deals: median "
          f"{s['decided_median_s']} s, p90 {s['decided_p90_s']} s, max {s['decided_max_s']} s; "
          f"{s['replayed_to_a_win']} of {s['wins']} wins replayed to a win")
    return 0


if __name__ == "__main__":
    sys.exit(main())
