"""The command line: ``harp-towers [CODE]`` opens the app; ``harp-towers replay …``."""

from __future__ import annotations

import argparse
import sys

from ..engine import InvalidCode, InvalidMove


def _replay_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="harp-towers replay",
                                description="Play moves from a deal and print the position.")
    p.add_argument("code", help="deal code, e.g. EH1-N-AAAAAAF")
    p.add_argument("moves", nargs="*", help='moves in notation, e.g. "t3-t5 s w-f"')
    p.add_argument("--json", action="store_true", help="print the position as JSON")
    return p


def _port(text: str) -> int:
    if not text.isdigit() or not 0 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number (0 … 65535)")
    return int(text)


def _app_parser() -> argparse.ArgumentParser:
    from ..engine.registry import games
    titles = [g.title for g in games()]
    p = argparse.ArgumentParser(prog="harp-towers", description=(
        f"Solitaire, each game exactly by its rules: {', '.join(titles[:-1])} and {titles[-1]}."),
                                epilog="Subcommands: harp-towers replay CODE \"MOVES\" [--json]; "
                                       "harp-towers solve CODE [--from MOVES] [--limit S] [--jobs N] [--json]")
    p.add_argument("code", nargs="?", help="open this deal (a deal code)")
    p.add_argument("--serve", action="store_true",
                   help="serve the table to a browser on 127.0.0.1 instead of opening a window")
    p.add_argument("--port", type=_port, default=0, help="port for --serve (default: any free)")
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``harp-towers``. Returns the exit status."""
    import multiprocessing

    # A frozen bundle starts the hints' solver process ("spawn") by running itself again:
    # this turns that run into the worker instead of a second app (no-op otherwise).
    multiprocessing.freeze_support()
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] == "replay":
            from . import replay

            return replay.main(_replay_parser().parse_args(argv[1:]))
        if argv and argv[0] == "solve":
            from . import solve

            return solve.main(solve.parser().parse_args(argv[1:]))
        args = _app_parser().parse_args(argv)
        if args.code:
            from ..engine import parse_code

            parse_code(args.code)  # a bad code stops here, before any window opens
        if args.serve:
            from ..serve import serve

            return serve(args.code, args.port)
        from ..desktop.window import run

        return run(args.code)
    except (InvalidCode, InvalidMove) as e:
        print(f"harp-towers: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
