"""The difficulty of a deal (issue 39, docs/difficulty.md): easy, medium or hard (★, ★★,
★★★), for the proven-winnable deals that were measured, read from the shipped tables.

``data/difficulty/<game>-<variant>.v1.txt`` (written by tools/difficulty_batch.py): comment
lines start with ``#``; ``# measure: <id>`` names the measure, ``# cuts: <a> <b>`` its cut
points and ``# levels: <easy> <medium> <hard>`` how many deals each level has; every other
line is ``<deal> <level> <value>`` (level 1 easy, 2 medium, 3 hard; the measured value). A
deal with no line has no difficulty: nothing is ever guessed for it.

The measures (which one a variant ships is its game's ``Game.difficulty``):

* ``hint-share``: the share of sampled layouts of the hidden cards that the app's hints,
  followed from the start, win (``hints/follow.py``); higher is easier.
* ``nodes``: the positions the solver searched to prove the deal winnable, every card known
  (the winnability batch's rows); higher is harder.

Either way the levels are the thirds of the variant's measured deals (``tertiles``): the
third the measure finds easiest is easy, and so on; deals tied at a cut go to the harder
level under hint-share and to the easier one under nodes (the cut value is the last of its
third).

The page's first view needs only the counts (the header) and the level of one deal (one
search of the text): the whole table is parsed only when New game asks for a level.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources

LEVELS = ("easy", "medium", "hard")   # level 1, 2, 3
MEASURES = ("hint-share", "nodes")
TABLE_VERSION = 1
HEADER_CHARS = 2048    # a table's header lines fit in its first characters


@dataclass(frozen=True)
class Table:
    """One variant's shipped table: its measure, cuts and each measured deal's level."""

    measure: str = ""
    cuts: tuple[float, float] | None = None
    levels: dict[int, int] = field(default_factory=dict)   # deal → 1, 2 or 3
    values: dict[int, float] = field(default_factory=dict)  # deal → its measured value


def tertiles(values: Sequence[float]) -> tuple[float, float]:
    """The cut points ``(a, b)`` that split ``values`` in thirds: ``a`` the largest value of
    the lowest third (the value at rank ⌈n/3⌉ of the sorted values), ``b`` the one at rank
    ⌈2n/3⌉. A value ≤ a is level 1, ≤ b level 2, above b level 3 (ties go down). Raises
    ValueError on no values."""
    if not values:
        raise ValueError("no values to cut")
    s = sorted(values)
    n = len(s)
    return s[-(-n // 3) - 1], s[-(-2 * n // 3) - 1]


def level_of(measure: str, value: float, cuts: tuple[float, float]) -> int:
    """The level (1 easy, 2 medium, 3 hard) of ``value`` under ``measure`` and its cuts."""
    low, high = cuts
    if measure == "hint-share":   # the share the hints win: higher is easier
        return 3 if value <= low else 2 if value <= high else 1
    if measure == "nodes":        # search effort: higher is harder
        return 1 if value <= low else 2 if value <= high else 3
    raise ValueError(f"unknown measure {measure!r} ({', '.join(MEASURES)})")


def parse(text: str) -> Table:
    """A table from the text of its file (the module's docstring). Raises ValueError on a
    malformed line."""
    measure, cuts = "", None
    levels: dict[int, int] = {}
    values: dict[int, float] = {}
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("#"):
            key, _, rest = line[1:].partition(":")
            if key.strip() == "measure":
                measure = rest.strip()
            elif key.strip() == "cuts":
                a, b = rest.split()
                cuts = (float(a), float(b))
            continue
        if not line:
            continue
        deal, level, value = line.split()
        if level not in ("1", "2", "3"):
            raise ValueError(f"level {level!r} of deal {deal} is not 1, 2 or 3")
        levels[int(deal)] = int(level)
        values[int(deal)] = float(value)
    return Table(measure, cuts, levels, values)


@functools.cache
def _text(game: str, variant: str) -> str:
    res = resources.files("harptowers").joinpath(
        "data", "difficulty", f"{game}-{variant}.v{TABLE_VERSION}.txt")
    try:
        return res.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return ""


@functools.cache
def table(game: str, variant: str) -> Table:
    """The shipped table of ``game``/``variant`` (an empty one when none is shipped)."""
    return parse(_text(game, variant))


@functools.lru_cache(maxsize=256)
def level(game: str, variant: str, number: int) -> str | None:
    """``"easy"``, ``"medium"`` or ``"hard"`` for a measured deal; None for any other."""
    found = re.search(rf"^{int(number)} ([123]) ", _text(game, variant), re.MULTILINE)
    return LEVELS[int(found.group(1)) - 1] if found else None


@functools.cache
def deals(game: str, variant: str, name: str) -> tuple[int, ...]:
    """The measured deals of level ``name`` (one of LEVELS), ascending. Raises ValueError
    for another name."""
    if name not in LEVELS:
        raise ValueError(f"unknown difficulty {name!r} ({', '.join(LEVELS)})")
    n = LEVELS.index(name) + 1
    return tuple(sorted(d for d, lv in table(game, variant).levels.items() if lv == n))


def counts(game: str, variant: str) -> dict[str, int]:
    """How many measured deals each level has (the page greys out an empty one): the
    header's ``# levels:`` line (a new dict each call)."""
    return dict(zip(LEVELS, _counts(game, variant)))


@functools.cache
def _counts(game: str, variant: str) -> tuple[int, ...]:
    for line in _text(game, variant)[:HEADER_CHARS].splitlines():
        if not line.startswith("#"):
            break
        key, _, rest = line[1:].partition(":")
        if key.strip() == "levels":
            return tuple(map(int, rest.split()))
    return (0, 0, 0)


__all__ = ["LEVELS", "MEASURES", "Table", "counts", "deals", "level", "level_of",
           "parse", "table", "tertiles"]
