"""Follow the hints as a player would: from the start of deals the solver proved winnable,
ask for a hint, play it, repeat, and count the games the hints alone win.

    python bench/hints_follow.py [--game easy-harp] [--deals 50] [--first-index 0]
                                 [--max-hints 1500] [--game-seconds 900] [--rows FILE]
                                 [--workers 2 | --scheduler ADDRESS]

The games are played ``--workers`` side by side on a local Dask cluster (or on the cluster
at ``--scheduler``: tools/batch.py says how to start one).

Each hint is asked as the app asks it: its one hint cache first (``service.HintCache``: a
kept plan of an earlier hint, or the whole solution of a game with every card in sight), and
only when that has nothing, ``hints.solve_position`` on ``hints.position`` (what the player
sees, nothing hidden leaks), exactly as the app's hint worker runs it, with the app's time
limit (``hints.SECONDS``) and sample budget. A game stops when it is won, when a hint has no
move ("unknown", "lost"), when a position comes back a third time (the hints go round in
circles), or past ``--max-hints`` / ``--game-seconds``. The deals are the first ``--deals``
of the shipped list of proven-winnable deals (``--first-index`` skips some). Each row keeps
every hint's wait (``waits``, seconds, the cache's answers included, as a player waits for
them) and how many the solver answered (``searched``); the summary gives the share won with
its 95 % interval, and the waits' median, 95th percentile, maximum and counts over 1 s and 3 s.
Rows go to ``--rows`` (default
``bench/results/hints-<game>.jsonl``) one per game, so a run
can stop and go on. A lost game's row also says what its last position was, solved with
every card known under ``STALL_NODES`` positions (``stall``: "unwinnable" when the hints
led into a dead end, "winnable" when a win was still there, or "unknown"). Prints one JSON
summary and a line: games won of games played.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))
sys.path.insert(0, str(ROOT / "tools"))

from _common import pct  # noqa: E402
from batch import cluster, results  # noqa: E402
from winnable_batch import wilson  # noqa: E402

from harptowers.hints import search as hints  # noqa: E402
from harptowers.hints.service import HintCache  # noqa: E402
from harptowers.engine import new_game  # noqa: E402
from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.published import winnable_deals  # noqa: E402
from harptowers.engine.solvers import solve  # noqa: E402

STALL_NODES = 300_000  # a lost game's last position, solved with every card known

VARIANT = {"easy-harp": "N", "seahaven-towers": "C4"}
ATTEMPT = "follow"   # the cache's attempt id: one game at a time


def follow(code: str, max_hints: int, game_seconds: float) -> dict:
    g = new_game(code)
    cache = HintCache()   # as the app asks: its one cache first (a kept plan), then the solver
    t0 = time.perf_counter()
    asked = guesses = stock = 0
    waits: list[float] = []   # each hint's wait, cache or solver
    played: list[str] = []
    searches: list[dict] = []  # the hints the solver answered
    seen: Counter = Counter()
    end = "limit"
    while asked < max_hints and time.perf_counter() - t0 < game_seconds:
        sig = hints.signature(g)
        seen[sig] += 1
        if seen[sig] >= 3:
            end = "circles"
            break
        t = time.perf_counter()
        found = cache.lookup(ATTEMPT, g)
        if found is None:
            r = hints.solve_position(hints.position(g))
            found = cache.learn(ATTEMPT, g, r)
            searches.append({"at": len(played), "home": g.home, "down": sum(g.down),
                             "verdict": r["verdict"], "votes": r.get("votes"),
                             "samples": r.get("samples"), "ways": r.get("ways"),
                             "move": (r.get("solution") or "").split()[:1],
                             "seconds": round(time.perf_counter() - t, 2)})
        waits.append(round(time.perf_counter() - t, 3))
        asked += 1
        if "move" not in found:
            end = found["verdict"]
            break
        guesses += bool(found.get("guess"))
        stock += found["move"].dst is None
        g.play(found["move"])
        played.append(str(found["move"]))
        if g.won:
            end = "won"
            break
    row = {"code": code, "won": g.won, "end": end, "hints": asked, "guesses": guesses,
           "stock_hints": stock, "home": g.home, "down": sum(g.down),
           "seconds": round(time.perf_counter() - t0, 1), "slowest_hint": max(waits, default=0),
           "waits": waits, "searched": len(searches)}
    if not g.won:  # where the hints left the game: dead already, or still winnable?
        row["stall"] = solve(g, limit_seconds=None, max_nodes=STALL_NODES).verdict
        row["moves"] = " ".join(played)  # where the game was lost (bench/README.md, "fatal moves")
        row["searches"] = searches
    return row


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="easy-harp", choices=sorted(VARIANT))
    p.add_argument("--deals", type=int, default=50)
    p.add_argument("--first-index", type=int, default=0)
    p.add_argument("--max-hints", type=int, default=1500)
    p.add_argument("--game-seconds", type=float, default=900.0)
    p.add_argument("--rows", type=Path)
    p.add_argument("--workers", type=int, default=2, help="games played side by side")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a Dask cluster instead of a local one")
    a = p.parse_args(argv)
    rows_path = a.rows or ROOT / "bench" / "results" / f"hints-{a.game}.jsonl"
    rows_path.parent.mkdir(parents=True, exist_ok=True)
    done = {}
    if rows_path.exists():
        for line in rows_path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[r["code"]] = r
    variant = VARIANT[a.game]
    deals = winnable_deals(a.game, variant)[a.first_index:a.first_index + a.deals]
    codes = [format_code(a.game, variant, n) for n in deals]
    calls = [(code, a.max_hints, a.game_seconds) for code in codes if code not in done]
    with rows_path.open("a") as out, cluster(a.scheduler, a.workers) as cl:
        for row in results(cl, follow, calls, "games"):
            done[row["code"]] = row
            out.write(json.dumps(row) + "\n")
            out.flush()
    rows = [done[c] for c in codes]
    won = sum(r["won"] for r in rows)
    waits = sorted(x for r in rows for x in r.get("waits", []))
    print(json.dumps({"game": a.game, "games": len(rows), "won": won,
                      "won_95ci": wilson(won, len(rows)),
                      "hints": len(waits), "searched": sum(r.get("searched", 0) for r in rows),
                      "hint_s_p50_p95_max": [round(pct(waits, 50), 3), round(pct(waits, 95), 3),
                                             waits[-1]] if waits else None,
                      "hints_over_1s_3s": [sum(x > 1 for x in waits), sum(x > 3 for x in waits)],
                      "hints_per_won_game": round(sum(r["hints"] for r in rows if r["won"])
                                                  / won, 1) if won else None,
                      "ends": dict(Counter(r["end"] for r in rows)),
                      "slowest_hint_s": max((r.get("slowest_hint", 0) for r in rows),
                                            default=None),
                      "stalls": dict(Counter(r["stall"] for r in rows if "stall" in r))}))
    print(f"{a.game}: the hints alone won {won} of {len(rows)} games")
    return 0


if __name__ == "__main__":
    sys.exit(main())
