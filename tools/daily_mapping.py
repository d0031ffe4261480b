"""Publish the deal of the day: append date → deal lines (issue 9, APP-12). Never run in CI.

    python tools/daily_mapping.py [--from 2026-12-01] [--until 2027-12-31] [--data DIR]

For every game and variant, ``<DATA>/daily/<game>-<variant>.v1.txt`` (DATA defaults to
backend/harptowers/data) gets one line ``YYYY-MM-DD <deal>`` for each date of the range that it
does not list yet. The deal is the proven-winnable deal at index
``daily_number(game, variant, date) % len(list)`` of the shipped list
``<DATA>/winnable/<game>-<variant>.v1.txt`` (sorted ascending): the formula on the date alone
still decides (docs/deals.md §6), and the deal is one the solver has won.

The file is append-only: existing lines are never rewritten or reordered, so a published date
keeps its deal even after the winnable list grows. The one exception, ``--republish GAME
VARIANT --from DATE --why TEXT``, picks a stream's dates from DATE (after today) on again from
today's list, for a stream first published from a list far too small; it says so in the file. Each run that appends writes first a
comment line naming the list it picked from (its deal count and the first 16 hex digits of its
SHA-256), so that anyone can check the picks of that block.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "backend"))

from harptowers.engine.codes import VARIANTS, daily_number  # noqa: E402

DATA = ROOT / "backend" / "harptowers" / "data"
FIRST = date(2026, 12, 1)
LAST = date(2027, 12, 31)
VERSION = 1


def list_path(data: Path, game: str, variant: str) -> Path:
    return data / "winnable" / f"{game}-{variant}.v{VERSION}.txt"


def mapping_path(data: Path, game: str, variant: str) -> Path:
    return data / "daily" / f"{game}-{variant}.v{VERSION}.txt"


def read_list(path: Path) -> tuple[list[int], str]:
    """The winnable deal numbers (ascending) and the list's short SHA-256."""
    raw = path.read_bytes()
    numbers = sorted(int(x) for x in raw.decode().split() if x.strip())
    return numbers, hashlib.sha256(raw).hexdigest()[:16]


def listed_dates(path: Path) -> set[date]:
    out = set()
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                out.add(date.fromisoformat(line.split()[0]))
    return out


def pick(game: str, variant: str, day: date, numbers: list[int]) -> int:
    return numbers[daily_number(game, variant, day) % len(numbers)]


def extend(game: str, variant: str, first: date, last: date, data: Path = DATA) -> int:
    """Append the missing dates of ``first`` … ``last``; returns how many lines were added."""
    numbers, digest = read_list(list_path(data, game, variant))
    if not numbers:
        raise SystemExit(f"{game} {variant}: the winnable list is empty")
    path = mapping_path(data, game, variant)
    have = listed_dates(path)
    days = []
    d = first
    while d <= last:
        if d not in have:
            days.append(d)
        d += timedelta(days=1)
    if not days:
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    new_file = not path.exists() or path.stat().st_size == 0
    with path.open("a", encoding="utf-8", newline="\n") as out:
        if new_file:
            out.write(f"# Harp & Towers deal of the day, {game} {variant}: YYYY-MM-DD deal.\n"
                      "# Append-only: a published line never changes (tools/daily_mapping.py).\n")
        out.write(f"# {days[0]} … {days[-1]}: list winnable/{list_path(data, game, variant).name} "
                  f"deals={len(numbers)} sha256={digest} index=daily_number%deals\n")
        for d in days:
            out.write(f"{d.isoformat()} {pick(game, variant, d, numbers)}\n")
    return len(days)


def republish(game: str, variant: str, first: date, last: date, why: str,
              data: Path = DATA) -> int:
    """The one exception to append-only, for a stream published from a list far too small
    (Klondike's first lists held 49 and 47 deals for 396 days, so a deal came back often, and
    on consecutive days): drop its lines from ``first`` on (a later date than any played),
    say why in a comment, and pick those dates again from today's list."""
    path = mapping_path(data, game, variant)
    kept = [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("#") or date.fromisoformat(line.split()[0]) < first]
    path.write_text("\n".join(kept) + f"\n# Re-published from {first}: {why}\n", encoding="utf-8")
    return extend(game, variant, first, last, data)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--from", dest="first", type=date.fromisoformat, default=FIRST)
    p.add_argument("--until", dest="last", type=date.fromisoformat, default=LAST)
    p.add_argument("--data", type=Path, default=DATA, help="the package's data folder")
    p.add_argument("--republish", nargs=2, metavar=("GAME", "VARIANT"),
                   help="pick the dates from --from on again from today's list (see republish)")
    p.add_argument("--why", default="", help="with --republish: the reason, kept in the file")
    a = p.parse_args(argv)
    if a.republish:
        if a.first <= date.today() or not a.why:
            raise SystemExit("--republish needs a --from after today and a --why")
        n = republish(*a.republish, a.first, a.last, a.why, a.data)
        print(f"{' '.join(a.republish)}: {n} date(s) picked again")
        return 0
    for game, variants in VARIANTS.items():
        for variant in variants:
            n = extend(game, variant, a.first, a.last, a.data)
            print(f"{game} {variant}: {n} date(s) added")
    return 0


if __name__ == "__main__":
    sys.exit(main())
