"""The difficulty of the proven-winnable deals (issue 39, docs/difficulty.md). Never run in CI.

    python tools/difficulty_batch.py hints klondike D1 --deals 300 [--layouts 10]
                                     [--first-index 0] [--workers 1 | --scheduler ADDRESS]
    python tools/difficulty_batch.py table klondike D1      # writes the shipped table
    python tools/difficulty_batch.py table --all
    python tools/difficulty_batch.py report                 # counts, cuts, calibration

``hints``: the measure of a game with hidden cards. The first ``--deals`` deals of the shipped
proven-winnable list (after ``--first-index``) are each played ``--layouts`` times, each time
on another random layout of the cards the player cannot see at the start, by following the
app's hints from the start (``harptowers.hints.follow.layout_share``: the hints' own code, its
node budgets, no time limit). One JSON row per deal goes to
``tools/results/difficulty/<game>-<variant>.jsonl`` as it arrives (``{"deal", "layouts",
"won", "hints", "ends", "seconds", "policy"}``), so a run stops and goes on (a deal with a
row of the same policy and layouts is skipped). The calls run on Dask (tools/batch.py): a
local cluster of ``--workers`` processes, or the cluster at ``--scheduler``.

``table``: writes ``backend/harptowers/data/difficulty/<game>-<variant>.v1.txt`` with the
measure the game's class names for the variant (``Game.difficulty``): ``"hint-share"`` from
the rows above, ``"nodes"`` (the search effort of the solver's proof, every card known) from
the winnability rows in ``tools/results/<game>-<variant>.jsonl``. Each shipped line is
``<deal> <level 1-3> <value>``; the header names the measure and the cut points
(``harptowers.engine.difficulty``: how the cuts are made).

``report``: per game and variant the deals of each level and the cuts, and where both
measures exist for the same deals, how they agree (Spearman's rank correlation).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))
sys.path.insert(0, str(ROOT / "tools"))

from harptowers.engine import difficulty  # noqa: E402
from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.published import winnable_deals  # noqa: E402
from harptowers.engine.registry import games  # noqa: E402

TABLES = ROOT / "backend" / "harptowers" / "data" / "difficulty"

RESULTS = ROOT / "tools" / "results"
ROWS = RESULTS / "difficulty"


def rows_path(game: str, variant: str) -> Path:
    return ROWS / f"{game}-{variant}.jsonl"


def load_rows(path: Path) -> dict[int, dict]:
    """The last row of each deal in a JSONL file."""
    done: dict[int, dict] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[r["deal"]] = r
    return done


def run_hints(game: str, variant: str, deals: int, first_index: int, layouts: int,
              scheduler: str | None, workers: int | None) -> dict:
    from batch import cluster, results

    from harptowers.hints.follow import POLICY, layout_share

    path = rows_path(game, variant)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = load_rows(path)
    todo = [n for n in winnable_deals(game, variant)[first_index:first_index + deals]
            if n not in done or done[n]["policy"] != POLICY or done[n]["layouts"] != layouts]
    with path.open("a") as out, cluster(scheduler, workers) as cl:
        calls = [(game, variant, n, layouts) for n in todo]
        for r in results(cl, layout_share, calls, f"{game} {variant} deals"):
            out.write(json.dumps(r) + "\n")
            out.flush()
            done[r["deal"]] = r
    rows = list(done.values())
    return {"game": game, "variant": variant, "deals": len(rows),
            "layouts": sum(r["layouts"] for r in rows), "won": sum(r["won"] for r in rows)}


def measured(game: str, variant: str, measure: str) -> dict[int, float]:
    """Each proven-winnable deal's value under ``measure`` where the rows have one
    (``"moves"``, the length of the solver's solution, only for the report)."""
    winnable = set(winnable_deals(game, variant))
    if measure == "hint-share":
        from harptowers.hints.follow import POLICY

        return {n: r["won"] / r["layouts"] for n, r in load_rows(rows_path(game, variant)).items()
                if n in winnable and r["policy"] == POLICY and r["layouts"]}
    from winnable_batch import load

    field = "moves" if measure == "moves" else "nodes"
    return {n: float(r[field]) for n, r in load(RESULTS / f"{game}-{variant}.jsonl").items()
            if n in winnable and r["verdict"] == "winnable"}


def write_table(game: str, variant: str, measure: str) -> dict:
    """The shipped table of a variant from its rows; returns its counts and cuts."""
    values = measured(game, variant, measure)
    if not values:
        return {"game": game, "variant": variant, "measure": measure, "deals": 0}
    cuts = difficulty.tertiles(list(values.values()))
    levels = {n: difficulty.level_of(measure, v, cuts) for n, v in values.items()}
    TABLES.mkdir(parents=True, exist_ok=True)
    path = TABLES / f"{game}-{variant}.v{difficulty.TABLE_VERSION}.txt"
    head = [f"# Harp & Towers: the difficulty of the proven-winnable deals of {game} {variant}"
            " (docs/difficulty.md)",
            "# written by tools/difficulty_batch.py table: <deal> <level: 1 easy, 2 medium,"
            " 3 hard> <value>",
            f"# measure: {measure}", f"# cuts: {cuts[0]:g} {cuts[1]:g}",
            "# levels: " + " ".join(str(sum(1 for lv in levels.values() if lv == k))
                                    for k in (1, 2, 3))]
    body = [f"{n} {levels[n]} {values[n]:g}" for n in sorted(values)]
    tmp = path.with_suffix(".tmp")
    tmp.write_text("\n".join(head + body) + "\n")
    tmp.replace(path)
    return {"game": game, "variant": variant, "measure": measure, "deals": len(values),
            "cuts": [cuts[0], cuts[1]],
            "levels": {name: sum(1 for lv in levels.values() if lv == k + 1)
                       for k, name in enumerate(difficulty.LEVELS)}}


def ranks(xs: list[float]) -> list[float]:
    """Ranks 1…n, ties sharing their average rank."""
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    out = [0.0] * len(xs)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and xs[order[j + 1]] == xs[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rank correlation of two equally long lists (None: too few, or constant)."""
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    return round(sxy / (sxx * syy) ** 0.5, 3) if sxx and syy else None


def reliability(rows: list[dict]) -> dict:
    """How much of the spread of the deals' shares is the deals' and how much the sampling
    of layouts: the shares' variance across deals, the binomial variance a share of its
    layouts has around the deal's own (estimated per deal, unbiased: p(1-p)/(n-1)), and their
    ratio's complement, the reliability (1: the deals differ as measured; 0: noise only)."""
    shares = [r["won"] / r["layouts"] for r in rows]
    if len(shares) < 2:
        return {}
    mean = sum(shares) / len(shares)
    spread = sum((s - mean) ** 2 for s in shares) / (len(shares) - 1)
    noise = sum(s * (1 - s) / (r["layouts"] - 1) for s, r in zip(shares, rows)
                if r["layouts"] > 1) / len(shares)
    return {"share_variance": round(spread, 4), "layout_noise_variance": round(noise, 4),
            "reliability": round(max(0.0, 1 - noise / spread), 2) if spread else None}


def report(game: str, variant: str) -> dict:
    """The shipped measure's counts and cuts; with hint-share rows, how the solver's effort
    on the same deals agrees with them (and the level the effort's tertiles would give)."""
    t = difficulty.table(game, variant)
    out: dict = {"game": game, "variant": variant, "measure": t.measure,
                 "cuts": list(t.cuts) if t.cuts else None, "deals": len(t.levels),
                 "levels": {name: sum(1 for lv in t.levels.values() if lv == k + 1)
                            for k, name in enumerate(difficulty.LEVELS)}}
    share = measured(game, variant, "hint-share")
    if share:
        nodes = measured(game, variant, "nodes")
        moves = measured(game, variant, "moves")
        both = sorted(set(share) & set(nodes))
        cuts = difficulty.tertiles([nodes[n] for n in nodes])
        by_nodes = [difficulty.level_of("nodes", nodes[n], cuts) for n in both]
        share_cuts = difficulty.tertiles(list(share.values()))
        by_share = [difficulty.level_of("hint-share", share[n], share_cuts) for n in both]
        rows = [r for n, r in load_rows(rows_path(game, variant)).items() if n in share]
        out["calibration"] = {
            "deals": len(both), **reliability(rows),
            "hint_share_mean": round(sum(share[n] for n in both) / len(both), 3) if both else None,
            "spearman_nodes_vs_share": spearman([nodes[n] for n in both],
                                                [share[n] for n in both]),
            "spearman_moves_vs_share": spearman([moves[n] for n in both],
                                                [share[n] for n in both]),
            "same_level": sum(a == b for a, b in zip(by_nodes, by_share)),
            "levels_by_share_within_nodes_level": {
                name: [sum(1 for a, b in zip(by_nodes, by_share) if a == k + 1 and b == j + 1)
                       for j in range(3)] for k, name in enumerate(difficulty.LEVELS)}}
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    h = sub.add_parser("hints", help="follow the hints on sampled layouts (hidden cards)")
    h.add_argument("game")
    h.add_argument("variant")
    h.add_argument("--deals", type=int, default=100)
    h.add_argument("--first-index", type=int, default=0)
    h.add_argument("--layouts", type=int, default=10)
    h.add_argument("--workers", type=int, default=1)
    h.add_argument("--scheduler", metavar="ADDRESS")
    t = sub.add_parser("table", help="write the shipped table of a variant from its rows")
    t.add_argument("game", nargs="?")
    t.add_argument("variant", nargs="?")
    t.add_argument("--all", action="store_true", help="every game and variant")
    sub.add_parser("report", help="counts, cuts and calibration of every shipped table")
    a = p.parse_args(argv)
    every = [(g, v, g.difficulty[v]) for g in games() for v in g.variants if v in g.difficulty]
    if a.command == "table":
        for g, v, measure in every:
            if a.all or (g.name, v) == (a.game, a.variant):
                print(json.dumps(write_table(g.name, v, measure)))
    elif a.command == "report":
        difficulty.table.cache_clear()
        for g, v, _ in every:
            print(json.dumps(report(g.name, v)))
    elif a.command == "hints":
        format_code(a.game, a.variant, 1)  # a bad game/variant stops here
        print(json.dumps(run_hints(a.game, a.variant, a.deals, a.first_index, a.layouts,
                                   a.scheduler, a.workers)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
