"""Our solver next to Debian's fc-solve (freecell-solver-bin) on the same Seahaven deals.

    python bench/solver.py [--deals 200] [--first 1] [--variant C4] [--limit 10] [--json-only]
    python bench/solver.py --game easy-harp [--deals 200] [--limit 60]   (bench/solver_harp.py)

Ours is timed inside the process (``Result.seconds``); fc-solve as a whole process
(``fc-solve -g seahaven_towers --freecells-num N -sel -m``, board on stdin). Each of our
"winnable" verdicts, and each of fc-solve's solutions translated to our notation
(``translate``), is replayed through ``harp-towers replay`` in a subprocess (unless
``--no-replay``). Prints one JSON object (per-deal rows and the summary), then a table.

fc-solve's Seahaven caps a run at free cells + 1 (empty columns take only Kings and it
does not count them), stricter than SH-08, so every deal it solves must be winnable for us,
and every deal we prove unwinnable must be unsolved by it.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))
sys.path.insert(0, str(ROOT / "bench"))

import solver_harp  # noqa: E402
from harptowers.engine import new_game, parse_move  # noqa: E402
from harptowers.engine.codes import format_code  # noqa: E402
from harptowers.engine.solvers import solve  # noqa: E402
from solver_harp import cli, pct  # noqa: E402


def board(game) -> str:
    """fc-solve's board text: a Freecells line, then each column bottom → top."""
    lines = ["Freecells: " + " ".join(c[0].text if c else "-" for c in game.cells)]
    lines += [" ".join(c.text for c in col) for col in game.columns]
    return "\n".join(lines) + "\n"


def fc_solve(game, limit: float) -> tuple[str, float, list[str] | None]:
    """(verdict, seconds of the whole process, fc-solve's solution as its ``-m`` lines or
    None): winnable, unwinnable (its own, stricter rules), or unknown (iterations exceeded,
    time limit)."""
    cmd = ["fc-solve", "-g", "seahaven_towers", "--freecells-num", str(len(game.cells)),
           "-sel", "-m", "-"]
    t0 = time.perf_counter()
    try:
        p = subprocess.run(cmd, input=board(game), capture_output=True, text=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return "unknown", time.perf_counter() - t0, None
    dt = time.perf_counter() - t0
    out = p.stdout
    if "This game is solveable" in out:
        return "winnable", dt, [ln for ln in out.splitlines() if ln.startswith("Move ")]
    if "I could not solve" in out:
        return "unwinnable", dt, None
    return "unknown", dt, None


# fc-solve's -m lines: stacks and freecells numbered from 0, "1 cards" for one card.
_FC_MOVE = re.compile(r"Move (?:a card|(\d+) cards) from (stack|freecell) (\d+) "
                      r"to (?:(stack|freecell) (\d+)|the foundations)")


def fc_cards(lines: list[str]) -> int:
    """How many cards fc-solve's ``-m`` lines move in all. Raises ValueError on a line it
    cannot read."""
    return sum(_fc_parse(ln)[0] for ln in lines)


def _fc_parse(line: str) -> tuple[int, str, int, str, int]:
    m = _FC_MOVE.fullmatch(line.strip())
    if not m:
        raise ValueError(f"not an fc-solve move: {line!r}")
    n, sk, si, dk, di = m.groups()
    return int(n or 1), sk, int(si), dk or "foundations", int(di or 0)


def translate(code: str, lines: list[str]) -> list[str]:
    """fc-solve's ``-m`` solution of the deal ``code`` → our moves (``["t7-c3", "c1-t2",
    "t1:3-t5", "t8-f", …]``), one for one.

    fc-solve numbers its freecells its own way (a card need not go to the first free one);
    our engine fills the first free cell. So fc-solve's position is followed beside ours:
    the card at fc-solve's source is looked up in our position, and each move is played
    through our checked ``Game.play`` (cells come out resolved, foundations as ``f``).
    Raises ValueError on an unreadable line or when the two positions part, and the
    engine's IllegalMove when our rules refuse a move.
    """
    g = new_game(code)
    cols = [[c.text for c in col] for col in g.columns]     # fc-solve's stacks
    cells = [c[0].text if c else None for c in g.cells]     # fc-solve's freecells
    out = []
    for line in lines:
        n, sk, si, dk, di = _fc_parse(line)
        if sk == "stack":
            moving = cols[si][-n:]
            del cols[si][-n:]
        else:
            moving, cells[si] = [cells[si]], None
        if dk == "stack":
            cols[di] += moving
        elif dk == "freecell":
            if cells[di] is not None or n != 1:
                raise ValueError(f"{line!r}: freecell {di} holds {cells[di]}")
            cells[di] = moving[0]
        src = _find(g, moving[0])
        dst = {"stack": f"t{di + 1}", "freecell": "c", "foundations": "f"}[dk]
        act = g.play(parse_move(f"{src}{f':{n}' if n > 1 else ''}-{dst}"))
        out.append(str(act.move) if dk != "foundations" else f"{src}-f")
        ours = ([[c.text for c in col] for col in g.columns],
                sorted(c[0].text for c in g.cells if c))
        if ours != (cols, sorted(c for c in cells if c)):
            raise ValueError(f"after {line!r} the positions differ")
    return out


def _find(g, text: str) -> str:
    """Where the card ``text`` is in our position, as a pile name."""
    for i, c in enumerate(g.cells):
        if c and c[0].text == text:
            return f"c{i + 1}"
    for i, col in enumerate(g.columns):
        if any(c.text == text for c in col):
            return f"t{i + 1}"
    raise ValueError(f"{text} is in no column or cell")


def replay_wins(code: str, solution: str) -> bool:
    p = cli("replay", code, solution, "--json", timeout=120)
    return p.returncode == 0 and json.loads(p.stdout)["won"] is True


def compare(number: int, variant: str = "C4", limit: float = 10.0, replay: bool = True,
            fc_replay: bool = False) -> dict:
    """One deal through both solvers: the row of the JSON output. ``replay``: our win through
    ``harp-towers replay``; ``fc_replay``: fc-solve's, translated, the same way."""
    code = format_code("seahaven-towers", variant, number)
    g = new_game(code)
    res = solve(g, limit_seconds=limit)
    row = {"deal": number, "code": code, "verdict": res.verdict, "seconds": res.seconds,
           "nodes": res.nodes, "solution_moves": len(res.solution or [])}
    fc_lines = None
    if shutil.which("fc-solve"):
        row["fc_verdict"], row["fc_seconds"], fc_lines = fc_solve(new_game(code), limit)
    if res.verdict == "winnable" and replay:
        row["replayed"] = replay_wins(code, res.solution_text())
    if fc_lines and fc_replay:
        try:
            row["fc_replayed"] = replay_wins(code, " ".join(translate(code, fc_lines)))
        except Exception as e:  # noqa: BLE001 - reported, not raised
            row["fc_replayed"], row["fc_translate_error"] = False, str(e)
    return row


def summary(rows: list[dict]) -> dict:
    ours = [r["seconds"] for r in rows]
    out = {"deals": len(rows),
           "ours": {"median_s": statistics.median(ours), "p90_s": pct(ours, 0.9),
                    "max_s": max(ours), "verdicts": dict(Counter(r["verdict"] for r in rows))}}
    if rows and "fc_verdict" in rows[0]:
        fc = [r["fc_seconds"] for r in rows]
        out["fc_solve"] = {"median_s": statistics.median(fc), "p90_s": pct(fc, 0.9),
                           "max_s": max(fc), "verdicts": dict(Counter(r["fc_verdict"] for r in rows))}
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
    rep = [r for r in rows if "fc_replayed" in r]
    out["fc_replayed"] = {"checked": len(rep), "won": sum(1 for r in rep if r["fc_replayed"])}
    return out


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
    lines.append(f"fc-solve's solutions translated and replayed: {s['fc_replayed']['won']} won "
                 f"of {s['fc_replayed']['checked']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if "--game" in argv:  # Easy Harp: bench/solver_harp.py (its own options)
        k = argv.index("--game")
        game, rest = argv[k + 1], argv[:k] + argv[k + 2:]
        if game == "easy-harp":
            return solver_harp.main(rest)
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--first", type=int, default=1)
    p.add_argument("--variant", default="C4", choices=["C4", "C2", "C1"])
    p.add_argument("--limit", type=float, default=10.0, help="seconds per deal, each solver")
    p.add_argument("--no-replay", action="store_true")
    p.add_argument("--json-only", action="store_true")
    a = p.parse_args(argv)
    rows = [compare(n, a.variant, a.limit, not a.no_replay, not a.no_replay)
            for n in range(a.first, a.first + a.deals)]
    s = summary(rows)
    print(json.dumps({"variant": a.variant, "limit_s": a.limit, "summary": s, "rows": rows}))
    if not a.json_only:
        print(table(s))
    return 0


if __name__ == "__main__":
    sys.exit(main())
