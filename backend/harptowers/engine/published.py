"""The published data files shipped inside the package (issue 9), read with importlib.resources:

* ``data/winnable/<game>-<variant>.v1.txt``: proven-winnable deal numbers, one a line, sorted
  (written by tools/winnable_batch.py; every number's win was replayed through the engine).
* ``data/daily/<game>-<variant>.v1.txt``: the deal of the day, ``YYYY-MM-DD <deal>`` a line,
  append-only (written by tools/daily_mapping.py). ``#`` starts a comment line.

A missing file reads as empty (the callers then fall back: a random deal, the formula).
"""

from __future__ import annotations

import functools
from datetime import date
from importlib import resources

LIST_VERSION = 1


def _text(folder: str, game: str, variant: str) -> str:
    res = resources.files("harptowers").joinpath("data", folder,
                                                 f"{game}-{variant}.v{LIST_VERSION}.txt")
    try:
        return res.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return ""


@functools.cache
def winnable_deals(game: str, variant: str) -> tuple[int, ...]:
    """The shipped proven-winnable deal numbers of ``game``/``variant``, ascending."""
    out = []
    for line in _text("winnable", game, variant).splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(int(line))
    return tuple(sorted(out))


@functools.cache
def daily_mapping(game: str, variant: str) -> dict[date, int]:
    """The published date → deal mapping of ``game``/``variant``."""
    out: dict[date, int] = {}
    for line in _text("daily", game, variant).splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            day, number = line.split()
            out[date.fromisoformat(day)] = int(number)
    return out
