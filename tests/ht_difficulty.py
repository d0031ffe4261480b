"""The shipped difficulty tables read plainly, apart from the code under test: each data line
is ``<deal> <level 1-3> <value>`` (engine/difficulty.py's docstring)."""

from __future__ import annotations

from pathlib import Path

TABLES = Path(__file__).resolve().parents[1] / "backend" / "harptowers" / "data" / "difficulty"
NAMES = {"1": "easy", "2": "medium", "3": "hard"}


def shipped(game: str, variant: str) -> dict[int, str]:
    """deal → "easy" | "medium" | "hard" as the shipped file says."""
    out = {}
    for line in (TABLES / f"{game}-{variant}.v1.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            deal, level, _ = line.split()
            out[int(deal)] = NAMES[level]
    return out
