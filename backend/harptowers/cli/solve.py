"""``harp-towers solve CODE [--from "MOVES"] [--limit SECONDS] [--nodes N] [--json]``: solve
a deal, or the position after some moves, and print the verdict and the solution in replay
notation."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from ..engine.solvers import DEFAULT_SECONDS, solve
from .replay import replay


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="harp-towers solve",
        description="Solve a deal (or the position after --from moves) under the app's rules.")
    p.add_argument("code", help="deal code, e.g. SH1-C4-AAAAAJ2")
    p.add_argument("--from", dest="moves", default="", metavar="MOVES",
                   help='moves played first, in notation, e.g. "t3-t5 t1-c"')
    p.add_argument("--limit", type=float, default=DEFAULT_SECONDS, metavar="SECONDS",
                   help="give up with 'unknown' after this many seconds "
                        f"(default {DEFAULT_SECONDS:g})")
    p.add_argument("--nodes", type=int, default=None, metavar="N",
                   help="give up with 'unknown' after this many positions (a limit that "
                        "does not depend on the machine's load)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="processes a search bounded by time alone may use (Easy Harp: "
                        "restarts on more cores once its first round has not won; "
                        "default 1)")
    p.add_argument("--json", action="store_true",
                   help='print {"verdict", "solution", "nodes", "seconds"}')
    return p


def main(args: Any) -> int:
    """Exit status 0 with a verdict; 1 when a --from move is refused; the caller maps bad
    codes and unreadable moves (InvalidCode, InvalidMove) to status 2."""
    if args.limit is not None and not args.limit > 0:
        print("harp-towers: --limit must be a positive number of seconds", file=sys.stderr)
        return 2
    if args.nodes is not None and args.nodes <= 0:
        print("harp-towers: --nodes must be a positive number of positions", file=sys.stderr)
        return 2
    if not 1 <= args.jobs <= (os.cpu_count() or 1):
        print(f"harp-towers: --jobs must be from 1 to {os.cpu_count() or 1} (this machine's "
              "processors)", file=sys.stderr)
        return 2
    game, refused = replay(args.code, args.moves)
    if refused:
        print(f"harp-towers: move {refused['index']} {refused['move']!r} refused: "
              f"{refused['message']}", file=sys.stderr)
        return 1
    res = solve(game, limit_seconds=args.limit, max_nodes=args.nodes, jobs=args.jobs)
    if args.json:
        print(json.dumps(res.as_json()))
    else:
        print(f"{game.code}: {res.verdict} ({res.nodes} positions, {res.seconds:.2f} s)")
        if res.solution is not None:
            print(res.solution_text())
    return 0


if __name__ == "__main__":
    sys.exit(main(parser().parse_args()))
