"""Statistics: pure functions over the statistics section (they return a new dict and never
change their input).

Per game and variant (``games``): counts, streaks and records. Beside them the last
``HISTORY_MAX`` finished attempts (``history``, newest first) and the dates whose deal of the
day was won (``daily_won``: per game and variant, ``{"YYYY-MM": mask}`` with bit ``d - 1``
set for day ``d``; the last ``DAILY_MONTHS`` months with a win). Files written
before the records and the history load with their defaults (schema.py)."""

from __future__ import annotations

from typing import Any

from ..engine import DealCode
from ..engine import registry
from ..engine.difficulty import LEVELS  # a deal's difficulty

STATS_KEYS = registry.KEYS  # every registered game and variant, also one registered later
HISTORY_MAX = 50            # finished attempts kept in the history
DAILY_MONTHS = 36          # months of won deals of the day kept per game and variant
RESULTS = ("won", "lost", "abandoned")
RECORDS = ("best_time", "fewest_moves")  # the records a win can set (no loop improves them)


def stats_key(code: DealCode) -> str:
    """``"<game>/<variant>"`` (``Game.name`` and a variant id)."""
    return f"{code.game}/{code.variant}"


def copy_stats(stats: dict[str, Any]) -> dict[str, Any]:
    """A copy sharing nothing that can change with ``stats`` (its leaves are numbers, text and
    None), made far faster than ``copy.deepcopy`` (this runs for every saved change)."""
    cur = stats.get("current")
    return {"games": {k: dict(e) for k, e in stats["games"].items()},
            "current": None if cur is None else {**cur, **(
                {"records": list(cur["records"])} if "records" in cur else {})},
            "history": [dict(r) for r in stats.get("history", [])],
            "daily_won": {k: dict(m) for k, m in stats.get("daily_won", {}).items()}}


def default_entry() -> dict[str, Any]:
    """The statistics of one game and variant before any play. ``best_seconds``: the
    shortest win; ``won_seconds`` / ``timed_wins``: the time of the wins counted since the
    records existed (their average; older wins have no time of their own)."""
    return {"played": 0, "won": 0, "best_score": None, "fewest_moves": None,
            "streak": 0, "best_streak": 0, "seconds": 0.0, "hints": 0,
            "best_seconds": None, "won_seconds": 0.0, "timed_wins": 0,
            # games played and won whose deal has a difficulty, by level
            **{f"{lv}_{n}": 0 for lv in LEVELS for n in ("played", "won")}}


def default_stats() -> dict[str, Any]:
    """``{"games": {key: entry for every game/variant}, "current": None, "history": [],
    "daily_won": {}}``.

    ``current`` is the attempt counted last: ``{"id", "key", "won"}`` and, once won,
    ``"records"`` (the records that win set); it makes a second win of the same attempt
    (after undoing out of a win) count once."""
    return {"games": {k: default_entry() for k in STATS_KEYS}, "current": None,
            "history": [], "daily_won": {}}


def record_start(stats: dict[str, Any], key: str, game_id: str,
                 level: str | None = None) -> dict[str, Any]:
    """Count attempt ``game_id`` as played under ``key`` (and under its deal's difficulty
    ``level``, when it has one). Idempotent: call it after every
    accepted action, or only after the first (then ``stats`` itself comes back). An unfinished other attempt still marked
    current counts as a loss (its streak ends) as if abandoned."""
    cur = stats["current"]
    if cur is not None and cur["id"] == game_id:
        return stats  # nothing changes (called after every action: no copy)
    new = copy_stats(stats)
    cur = new["current"]
    if cur is not None and not cur["won"]:
        new["games"].setdefault(cur["key"], default_entry())["streak"] = 0
    e = new["games"].setdefault(key, default_entry())
    e["played"] += 1
    if level in LEVELS:
        e[f"{level}_played"] = e.get(f"{level}_played", 0) + 1
    new["current"] = {"id": game_id, "key": key, "won": False}
    return new


def _log(new: dict[str, Any], row: dict[str, Any]) -> None:
    """Put ``row`` first in the history; the oldest rows beyond HISTORY_MAX go."""
    new["history"] = [row, *new.get("history", [])][:HISTORY_MAX]


def record_win(stats: dict[str, Any], key: str, game_id: str, *, score: int, moves: int,
               seconds: float, hints: int = 0, code: str | None = None,
               day: str | None = None, daily_day: str | None = None,
               level: str | None = None) -> dict[str, Any]:
    """Count a win of attempt ``game_id`` (also counting it as played if it was not yet);
    ``hints``: hints the attempt used, added to the entry's ``hints`` (hints used in won
    games). A second win of the same attempt changes no figure and sets no record.

    With ``code`` (the deal code) and ``day`` (ISO date) the win goes into the history;
    ``daily_day``: the date whose deal of the day this is (marked won in ``daily_won``).
    ``level``: the deal's difficulty (counted, and kept in the history row), or None.
    ``current["records"]`` lists the records this win set (RECORDS order): a time or a move
    count below every earlier win's, or the first win's."""
    new = record_start(stats, key, game_id, level)
    if new["current"]["won"]:
        if not new["current"].get("records"):
            return new
        # won again after undoing out of the win: this win counts for nothing, so it sets no
        # record either (the first win keeps the ones it set in the figures)
        new = copy_stats(new) if new is stats else new
        new["current"]["records"] = []
        return new
    new = copy_stats(new) if new is stats else new
    cur = new["current"]
    cur["won"] = True
    e = new["games"][cur["key"]]
    records = []
    if e["best_seconds"] is None or seconds < e["best_seconds"]:
        records.append("best_time")
    if e["fewest_moves"] is None or moves < e["fewest_moves"]:
        records.append("fewest_moves")
    cur["records"] = records
    e["won"] += 1
    e["streak"] += 1
    e["best_streak"] = max(e["best_streak"], e["streak"])
    e["best_score"] = score if e["best_score"] is None else max(e["best_score"], score)
    e["fewest_moves"] = moves if e["fewest_moves"] is None else min(e["fewest_moves"], moves)
    e["best_seconds"] = seconds if e["best_seconds"] is None else min(e["best_seconds"], seconds)
    e["seconds"] += seconds
    e["won_seconds"] += seconds
    e["timed_wins"] += 1
    e["hints"] = e.get("hints", 0) + hints
    if level in LEVELS:
        e[f"{level}_won"] = e.get(f"{level}_won", 0) + 1
    if code is not None and day is not None:
        _log(new, {"code": code, "key": cur["key"], "result": "won", "moves": moves,
                   "seconds": float(seconds), "date": day, "daily": daily_day is not None,
                   **({"level": level} if level in LEVELS else {})})
    if daily_day is not None:
        months = new.setdefault("daily_won", {}).setdefault(cur["key"], {})
        month, mday = daily_day[:7], int(daily_day[8:10])
        months[month] = months.get(month, 0) | 1 << (mday - 1)
        for old in sorted(months)[:-DAILY_MONTHS]:
            del months[old]
    return new


def daily_days(stats: dict[str, Any]) -> dict[str, list[str]]:
    """``daily_won`` as the page reads it: per game and variant the ISO dates, in order."""
    out = {}
    for key, months in stats.get("daily_won", {}).items():
        out[key] = [f"{m}-{d:02d}" for m in sorted(months) for d in range(1, 32)
                    if months[m] >> (d - 1) & 1]
    return out


def record_abandon(stats: dict[str, Any], game_id: str, *, score: int, seconds: float,
                   moves: int = 0, code: str | None = None, day: str | None = None,
                   stuck: bool = False, daily: bool = False,
                   level: str | None = None) -> dict[str, Any]:
    """The player leaves attempt ``game_id`` for another game (New game, Same deal, a pasted
    code). Started and not won: a loss (streak ends; its score and time count), in the
    history (with ``code`` and ``day``) as ``"lost"`` when no move was left (``stuck``), else
    ``"abandoned"`` (with its deal's difficulty ``level``, when it has one); its score sets no record. Won, or never started: nothing is counted. Either way it is no longer
    current."""
    new = copy_stats(stats)
    cur = new["current"]
    if cur is None or cur["id"] != game_id:
        return new
    new["current"] = None
    if not cur["won"]:
        e = new["games"].setdefault(cur["key"], default_entry())
        e["streak"] = 0
        e["seconds"] += seconds   # its score is no record: records come from wins (issue 42)
        if code is not None and day is not None:
            _log(new, {"code": code, "key": cur["key"],
                       "result": "lost" if stuck else "abandoned", "moves": moves,
                       "seconds": float(seconds), "date": day, "daily": daily,
                       **({"level": level} if level in LEVELS else {})})
    return new


def reset_stats(stats: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    """Statistics of ``key`` (or of everything when None) back to zero: its figures, its
    history rows and its won days. The attempt in progress is forgotten too; it counts again
    from its next ``record_start``."""
    if key is None:
        return default_stats()
    new = copy_stats(stats)
    new["games"][key] = default_entry()
    if new["current"] is not None and new["current"]["key"] == key:
        new["current"] = None
    new["history"] = [r for r in new.get("history", []) if r["key"] != key]
    new.setdefault("daily_won", {}).pop(key, None)
    return new


def win_rate(entry: dict[str, Any]) -> float | None:
    """``won / played`` (0.0 … 1.0), or None before any game."""
    return entry["won"] / entry["played"] if entry["played"] else None


def average_win(entry: dict[str, Any]) -> float | None:
    """The average time of the timed wins in seconds, or None before any."""
    return entry["won_seconds"] / entry["timed_wins"] if entry["timed_wins"] else None


def stats_view(stats: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """For the Statistics page: every key's entry plus ``win_rate`` and ``average_seconds``;
    no ``best_score`` without a win (files from before counted unfinished games' scores)."""
    return {k: {**e, "win_rate": win_rate(e), "average_seconds": average_win(e),
                **({} if e["won"] else {"best_score": None})}
            for k, e in stats["games"].items()}


def new_records(stats: dict[str, Any], game_id: str) -> list[str]:
    """The records the win of attempt ``game_id`` set (empty unless it is the current
    attempt and won)."""
    cur = stats.get("current")
    if cur is None or cur["id"] != game_id or not cur["won"]:
        return []
    return list(cur.get("records", []))
