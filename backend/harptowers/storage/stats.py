"""Statistics: pure functions over the statistics section (they return a new dict and never
change their input)."""

from __future__ import annotations

import copy
from typing import Any

from ..engine import DealCode
from ..engine import registry

STATS_KEYS = registry.KEYS  # every registered game and variant, also one registered later


def stats_key(code: DealCode) -> str:
    """``"easy-harp/N"``, ``"seahaven-towers/C4"`` …"""
    return f"{code.game}/{code.variant}"


def default_entry() -> dict[str, Any]:
    """The statistics of one game and variant before any play."""
    return {"played": 0, "won": 0, "best_score": None, "fewest_moves": None,
            "streak": 0, "best_streak": 0, "seconds": 0.0, "hints": 0}


def default_stats() -> dict[str, Any]:
    """``{"games": {key: entry for every game/variant}, "current": None}``.

    ``current`` is the attempt counted last: ``{"id", "key", "won"}``; it makes a second win
    of the same attempt (after undoing out of a win) count once."""
    return {"games": {k: default_entry() for k in STATS_KEYS}, "current": None}


def record_start(stats: dict[str, Any], key: str, game_id: str) -> dict[str, Any]:
    """Count attempt ``game_id`` as played under ``key``. Idempotent: call it after every
    accepted action, or only after the first. An unfinished other attempt still marked
    current counts as a loss (its streak ends) as if abandoned."""
    new = copy.deepcopy(stats)
    cur = new["current"]
    if cur is not None and cur["id"] == game_id:
        return new
    if cur is not None and not cur["won"]:
        new["games"].setdefault(cur["key"], default_entry())["streak"] = 0
    e = new["games"].setdefault(key, default_entry())
    e["played"] += 1
    new["current"] = {"id": game_id, "key": key, "won": False}
    return new


def record_win(stats: dict[str, Any], key: str, game_id: str, *, score: int, moves: int,
               seconds: float, hints: int = 0) -> dict[str, Any]:
    """Count a win of attempt ``game_id`` (also counting it as played if it was not yet);
    ``hints``: hints the attempt used, added to the entry's ``hints`` (hints used in won
    games). A second win of the same attempt changes nothing."""
    new = record_start(stats, key, game_id)
    cur = new["current"]
    if cur["won"]:
        return new
    cur["won"] = True
    e = new["games"][cur["key"]]
    e["won"] += 1
    e["streak"] += 1
    e["best_streak"] = max(e["best_streak"], e["streak"])
    e["best_score"] = score if e["best_score"] is None else max(e["best_score"], score)
    e["fewest_moves"] = moves if e["fewest_moves"] is None else min(e["fewest_moves"], moves)
    e["seconds"] += seconds
    e["hints"] = e.get("hints", 0) + hints
    return new


def record_abandon(stats: dict[str, Any], game_id: str, *, score: int,
                   seconds: float) -> dict[str, Any]:
    """The player leaves attempt ``game_id`` for another game (New game, Same deal, a pasted
    code). Started and not won: a loss (streak ends; its score and time count). Won, or never
    started: nothing is counted. Either way it is no longer current."""
    new = copy.deepcopy(stats)
    cur = new["current"]
    if cur is None or cur["id"] != game_id:
        return new
    new["current"] = None
    if not cur["won"]:
        e = new["games"].setdefault(cur["key"], default_entry())
        e["streak"] = 0
        e["best_score"] = score if e["best_score"] is None else max(e["best_score"], score)
        e["seconds"] += seconds
    return new


def reset_stats(stats: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    """Statistics of ``key`` (or of everything when None) back to zero. The attempt in
    progress is forgotten too; it counts again from its next ``record_start``."""
    if key is None:
        return default_stats()
    new = copy.deepcopy(stats)
    new["games"][key] = default_entry()
    if new["current"] is not None and new["current"]["key"] == key:
        new["current"] = None
    return new


def win_rate(entry: dict[str, Any]) -> float | None:
    """``won / played`` (0.0 … 1.0), or None before any game."""
    return entry["won"] / entry["played"] if entry["played"] else None


def stats_view(stats: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """For the Statistics dialog: every key's entry plus ``win_rate``."""
    return {k: {**e, "win_rate": win_rate(e)} for k, e in stats["games"].items()}

