"""Find proven-winnable deals and write the shipped lists (issue 9). Never run in CI.

    python tools/winnable_batch.py seahaven-towers C4 1 2000 [--limit 10] [--workers N]
    python tools/winnable_batch.py easy-harp N 1 500 --limit 30
    python tools/winnable_batch.py easy-harp N 501 10000 --limit 60 --workers 1 --jobs 2

Each deal is solved with ``engine.solver.solve`` on a Dask cluster (tools/batch.py): a local
one of ``--workers`` processes by default, or the cluster at ``--scheduler ADDRESS`` (how to
start one over many machines is in tools/batch.py). Every result is appended, one JSON line per deal, to
``tools/results/<game>-<variant>.jsonl`` as it arrives, so an interrupted run resumes where
it stopped (deals already there are skipped). A winnable verdict is kept only after its
solution was replayed to a win through the engine's checked path. At the end the list
``backend/harptowers/data/winnable/<game>-<variant>.v1.txt`` (one deal number per line,
sorted) is rewritten from every result file line, and the figures are printed: the share of
winnable deals with its 95 % Wilson interval (unknown deals counted as not winnable, and
counted apart). Each row names the solver generation that made it (the solver module's ``GENERATION``);
``--redo-older`` solves again the deals an older solver left undecided (a win, once replayed,
stays a win).

The issue's 10 000 deals per variant take hours on two cores: the tool is resumable, so
run it in pieces (``nice -n 19``, ``--workers 1`` on a shared machine).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))
sys.path.insert(0, str(ROOT / "tools"))

from batch import cluster, results  # noqa: E402

from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.registry import games  # noqa: E402
from harptowers.engine.solvers.deals import generation, solve_deal  # noqa: E402

RESULTS = ROOT / "tools" / "results"
LISTS = ROOT / "backend" / "harptowers" / "data" / "winnable"
LIST_VERSION = 1


def load(path: Path) -> dict[int, dict]:
    """The result of each deal: its last line, except that a replayed win is never replaced
    (a later run that does not find it again in its time leaves it winnable)."""
    done: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                old = done.get(r["deal"])
                if old is None or old["verdict"] != "winnable" or r["verdict"] == "winnable":
                    done[r["deal"]] = r
    return done


def import_rows(game: str, variant: str, rows: Path) -> int:
    """Append the rows of ``bench/solver_harp.py`` (same solver, ``harp-towers solve``, wins
    replayed through ``harp-towers replay``) to the results; a win that did not replay is
    not taken. Returns the number of rows taken."""
    path = RESULTS / f"{game}-{variant}.jsonl"
    taken = 0
    with path.open("a") as out:
        for line in rows.read_text().splitlines():
            if not line.strip():
                continue
            r = json.loads(line)
            if r["verdict"] == "winnable" and not r.get("replayed"):
                continue
            if r.get("solver", 2) != generation(game):
                continue  # an older solver's row (taken when it was new)
            row = {"deal": r["deal"], "verdict": r["verdict"], "nodes": r["nodes"],
                   "seconds": r["seconds"], "moves": r.get("moves", 0), "limit": r["limit"],
                   "solver": generation(game)}
            for key in ("max_nodes", "jobs"):  # a node limit; processes per deal
                if r.get(key):
                    row[key] = r[key]
            out.write(json.dumps(row) + "\n")
            taken += 1
    return taken


def write_list(game: str, variant: str, done: dict[int, dict]) -> Path:
    LISTS.mkdir(parents=True, exist_ok=True)
    path = LISTS / f"{game}-{variant}.v{LIST_VERSION}.txt"
    wins = sorted(n for n, r in done.items() if r["verdict"] == "winnable")
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(f"{n}\n" for n in wins))
    tmp.replace(path)
    return path


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of the share k / n, in per cent."""
    if not n:
        return (float("nan"), float("nan"))
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (round(100 * (c - h), 2), round(100 * (c + h), 2))


def figures(done: dict[int, dict]) -> dict:
    counts: dict[str, int] = {}
    for r in done.values():
        counts[r["verdict"]] = counts.get(r["verdict"], 0) + 1
    n = len(done)
    w = counts.get("winnable", 0)
    decided = w + counts.get("unwinnable", 0)
    return {"deals": n, "verdicts": counts,
            "winnable_pct": round(100 * w / n, 2) if n else None,
            "winnable_ci95": wilson(w, n) if n else None,
            "unknown": counts.get("unknown", 0),
            "winnable_pct_of_decided": round(100 * w / decided, 2) if decided else None,
            "range": [min(done), max(done)] if done else None}


def redo(r: dict, limit: float, retry_unknown: bool, redo_older: bool, solver: int,
         jobs: int = 1) -> bool:
    """Whether a deal already in the results is solved again (``solver``: the game's
    current solver generation; ``jobs``: processes per deal this time)."""
    if r["verdict"] == "winnable":
        return False
    if redo_older and r.get("solver", 1) < solver:
        return True
    return retry_unknown and r["verdict"] == "unknown" and (
        r.get("limit", 0) < limit or r.get("jobs", 1) < jobs)


def run(game: str, variant: str, first: int, last: int, limit: float, cl,
        retry_unknown: bool = False, redo_older: bool = False, jobs: int = 1) -> dict:
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{game}-{variant}.jsonl"
    done = load(path)
    todo = [n for n in range(first, last + 1)
            if n not in done or
            redo(done[n], limit, retry_unknown, redo_older, generation(game), jobs)]
    with path.open("a") as out:
        calls = [(game, variant, n, limit, jobs) for n in todo]
        for r in results(cl, solve_deal, calls, f"{game} {variant} deals"):
            out.write(json.dumps(r) + "\n")
            out.flush()
            done[r["deal"]] = r
    write_list(game, variant, done)
    return figures({n: r for n, r in done.items() if first <= n <= last})


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=[g.name for g in games() if g.solver])
    p.add_argument("variant", help="C4, C2, C1 (Seahaven) or N (Easy Harp)")
    p.add_argument("first", type=int)
    p.add_argument("last", type=int)
    p.add_argument("--limit", type=float, default=10.0, help="seconds per deal")
    p.add_argument("--workers", type=int, default=None,
                   help="processes of the local cluster (default: one per core)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a Dask cluster's scheduler (tcp://HOST:8786) instead of a local one")
    p.add_argument("--jobs", type=int, default=1,
                   help="processes per deal (Easy Harp); with --workers 1 on two cores")
    p.add_argument("--retry-unknown", action="store_true",
                   help="solve again the deals left unknown under a smaller limit or "
                   "fewer processes (--jobs)")
    p.add_argument("--redo-older", action="store_true",
                   help="solve again the deals an older solver left undecided")
    p.add_argument("--import-rows", type=Path, metavar="JSONL",
                   help="take the rows of bench/solver_harp.py into the results, then report")
    p.add_argument("--report-only", action="store_true",
                   help="print the figures of the results file, solve nothing")
    a = p.parse_args(argv)
    format_code(a.game, a.variant, a.first)  # a bad game/variant stops here
    if a.import_rows:
        print(f"taken: {import_rows(a.game, a.variant, a.import_rows)} rows", file=sys.stderr)
        write_list(a.game, a.variant, load(RESULTS / f"{a.game}-{a.variant}.jsonl"))
    if a.report_only or a.import_rows:
        done = load(RESULTS / f"{a.game}-{a.variant}.jsonl")
        fig = figures({n: r for n, r in done.items() if a.first <= n <= a.last})
        print(json.dumps({"game": a.game, "variant": a.variant, **fig}))
        return 0
    with cluster(a.scheduler, a.workers) as cl:
        fig = run(a.game, a.variant, a.first, a.last, a.limit, cl, a.retry_unknown,
                  a.redo_older, a.jobs)
    print(json.dumps({"game": a.game, "variant": a.variant, "limit_s": a.limit, **fig}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
