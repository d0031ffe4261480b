"""The document and its checks: what a schema-1 file may hold, part by part."""

from __future__ import annotations

import copy
import json
import math
import re
from datetime import date
from collections.abc import Callable
from typing import Any

from ..engine import registry
from ..engine.registry import VARIANTS
from .stats import (DAILY_MONTHS, HISTORY_MAX, LEVELS, RECORDS, RESULTS, STATS_KEYS, copy_stats,
                    default_entry, default_stats)

SCHEMA = 1
SAFE_INT = 2 ** 53 - 1        # the largest integer the page (JavaScript) holds exactly
MAX_SECONDS = SAFE_INT / 1000  # so that the clock in milliseconds is such an integer too
UNDO = "undo"                 # the word for an undo in GameRecord.actions
REDO = "redo"                 # and for a redo (APP-14)

DEFAULT_SETTINGS: dict[str, Any] = {
    "interactive_rules": True,   # APP-06
    "double_click": True,        # APP-06
    "four_colour": False,
    "large_cards": False,
    "language": "auto",          # "auto": follow the system locale
    # the table's looks (issue 16); the page falls back to these for a name it does not know
    "deck": "home", "card_back": "blue", "felt": "green", "anim_speed": "normal",
    "theme": "system",           # light or dark, or as the system says (issue 42)
    # last game played and its variant: at first, the first registered game
    "game": registry.games()[0].name,
    "variant": next(iter(registry.games()[0].variants)),
    # New game window, "Winnable deals only" (issue 9), per "<game>/<variant>": each game
    # says where it starts on (Seahaven with 2 or 1 cells, where most deals cannot be won)
    "winnable_only": {f"{g.name}/{v}": on for g in registry.games()
                      for v, on in g.winnable_only.items()},
}
# The look settings: any short name of letters, digits and dashes (the page falls back to
# its default for a name it does not know, so a newer file still loads); the animation
# speed one of its three values.
LOOKS: dict[str, tuple[str, ...] | None] = {"deck": None, "card_back": None, "felt": None,
                                            "theme": None,
                                            "anim_speed": ("normal", "fast", "off")}
LOOK_NAME_MAX = 24
_LOOK_NAME = re.compile(r"[a-z0-9][a-z0-9-]*")


def look_problem(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be the look setting ``name``, or None when it can."""
    allowed = LOOKS[name]
    if not isinstance(value, str):
        return f"{name} must be text, got {_shown(value)}"
    if allowed is not None:
        return None if value in allowed else f"{name} must be one of {', '.join(allowed)}"
    if not 0 < len(value) <= LOOK_NAME_MAX or not _LOOK_NAME.fullmatch(value):
        return (f"{name} must be a name of 1 to {LOOK_NAME_MAX} lower-case letters, digits "
                f"and dashes, got {_shown(value)}")
    return None


WINDOW_KEYS: dict[str, type] = {"x": int, "y": int, "width": int, "height": int,
                                "maximized": bool}


def document(settings: dict[str, Any] | None = None,
             game: Any = None,
             stats: dict[str, Any] | None = None,
             window: dict[str, Any] | None = None) -> dict[str, Any]:
    """A schema-1 document; missing parts are defaults. Copies what it is given, so the
    caller may keep changing its own objects."""
    g = game.to_json() if hasattr(game, "to_json") else copy.deepcopy(game)
    return {"schema": SCHEMA,
            "settings": {**DEFAULT_SETTINGS, **(settings or {})},
            "game": g,
            "stats": copy_stats(stats) if stats is not None else default_stats(),
            "window": dict(window or {})}


class _Bad(ValueError):
    pass


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_count(v: Any) -> bool:
    return _is_int(v) and v >= 0


def _is_seconds(v: Any) -> bool:
    return (_is_int(v) or isinstance(v, float)) and math.isfinite(v) and 0 <= v <= MAX_SECONDS


def _shown(v: Any) -> str:
    """``repr(v)`` cut short (and no ValueError for an int of thousands of digits)."""
    if _is_int(v) and not -SAFE_INT <= v <= SAFE_INT:
        return "an integer too large"
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def _settings_shape(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad("settings is not an object")
    out = dict(DEFAULT_SETTINGS)
    for k, default in DEFAULT_SETTINGS.items():
        if k in v:
            if type(v[k]) is not type(default):
                raise _Bad(f"settings.{k} is {_shown(v[k])}, not a {type(default).__name__}")
            out[k] = v[k]
    if out["game"] not in VARIANTS or out["variant"] not in VARIANTS[out["game"]]:
        raise _Bad(f"settings game/variant {out['game']!r}/{out['variant']!r} is unknown")
    if not 0 < len(out["language"]) <= 35:
        raise _Bad("settings.language is empty or too long")
    for name in LOOKS:
        if (problem := look_problem(name, out[name])):
            raise _Bad(f"settings.{problem}")
    out["winnable_only"] = winnable_only_shape(out["winnable_only"])
    return out


def winnable_only_shape(v: Any, base: dict[str, bool] | None = None) -> dict[str, bool]:
    """The "winnable_only" setting: ``{"<game>/<variant>": bool}``; keys of no known
    game/variant are dropped, missing ones come from ``base`` (default: the defaults).
    Raises ValueError for a value that is not a bool."""
    if not isinstance(v, dict):
        raise _Bad("settings.winnable_only is not an object")
    out = dict(base if base is not None else DEFAULT_SETTINGS["winnable_only"])
    for k, x in v.items():
        if k in STATS_KEYS:
            if not isinstance(x, bool):
                raise _Bad(f"settings.winnable_only.{k} is {_shown(x)}, not a bool")
            out[k] = x
    return out


def game_shape(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad("the saved game is not an object")
    checks: dict[str, Callable[[Any], bool]] = {
        "code": lambda x: isinstance(x, str),
        "actions": lambda x: isinstance(x, list) and all(isinstance(a, str) for a in x),
        "seconds": _is_seconds,
        "daily": lambda x: isinstance(x, bool),
        "id": lambda x: isinstance(x, str) and 0 < len(x) <= 64,
        "score": _is_count,
        "moves": _is_count,
    }
    for k, ok in checks.items():
        if k not in v:
            raise _Bad(f"the saved game has no {k!r}")
        if not ok(v[k]):
            raise _Bad(f"the saved game's {k!r} has the wrong type")
    out = {k: v[k] for k in checks}
    out["hints"] = v.get("hints", 0)  # optional: saves from before issue 9 have none
    if not _is_count(out["hints"]):
        raise _Bad("the saved game's 'hints' has the wrong type")
    return out


_SECONDS_KEYS = ("seconds", "won_seconds", "best_seconds")


def _entry_shape(v: Any, key: str) -> dict[str, Any]:
    """One game/variant's figures; a key a file from before the records lacks (best time,
    time of the wins) takes its default."""
    if not isinstance(v, dict):
        raise _Bad(f"statistics of {key} is not an object")
    out = default_entry()
    for k, default in out.items():
        if k not in v:
            continue
        x = v[k]
        if k in _SECONDS_KEYS:
            ok = (x is None and default is None) or _is_seconds(x)
        else:
            ok = (x is None or _is_count(x)) if default is None else _is_count(x)
        if not ok:
            raise _Bad(f"statistics {key}.{k} is {_shown(x)}")
        out[k] = float(x) if k in _SECONDS_KEYS and x is not None else x
    if out["won"] > out["played"] or out["streak"] > out["best_streak"] \
            or out["timed_wins"] > out["won"]:
        raise _Bad(f"statistics of {key} do not add up")
    return out


_ROW_CHECKS: dict[str, Callable[[Any], bool]] = {
    "code": lambda x: isinstance(x, str) and 0 < len(x) <= 40,
    "key": lambda x: isinstance(x, str),  # a registered one: checked in _history_shape
    "result": lambda x: x in RESULTS,
    "moves": _is_count,
    "seconds": _is_seconds,
    "date": lambda x: isinstance(x, str) and _is_iso_date(x),
    "daily": lambda x: isinstance(x, bool),
}


def _is_iso_date(x: str) -> bool:
    try:
        return len(x) == 10 and date.fromisoformat(x).isoformat() == x
    except ValueError:
        return False


def _history_shape(v: Any) -> list[dict[str, Any]]:
    """The last finished attempts; rows of a game no longer registered are dropped."""
    if not isinstance(v, list) or len(v) > HISTORY_MAX:
        raise _Bad("statistics.history is not a list of at most "
                   f"{HISTORY_MAX} rows")
    out = []
    known = set(STATS_KEYS)
    for row in v:
        if not isinstance(row, dict):
            raise _Bad("a statistics.history row is not an object")
        if isinstance(row.get("key"), str) and row["key"] not in known:
            continue
        for k, ok in _ROW_CHECKS.items():
            if k not in row or not ok(row[k]):
                raise _Bad(f"a statistics.history row's {k!r} is missing or wrong")
        kept = {k: float(row[k]) if k == "seconds" else row[k] for k in _ROW_CHECKS}
        if "level" in row:  # the deal's difficulty: optional (rows from before it lack it)
            if row["level"] not in LEVELS:
                raise _Bad("a statistics.history row's 'level' is wrong")
            kept["level"] = row["level"]
        out.append(kept)
    return out


_MONTH = re.compile(r"[0-9]{4}-(0[1-9]|1[0-2])")


def _daily_shape(v: Any) -> dict[str, dict[str, int]]:
    """``{key: {"YYYY-MM": mask of the days won, bit d - 1 for day d}}``."""
    if not isinstance(v, dict):
        raise _Bad("statistics.daily_won is not an object")
    out = {}
    for k, months in v.items():
        if not (isinstance(months, dict) and len(months) <= DAILY_MONTHS
                and all(isinstance(m, str) and _MONTH.fullmatch(m) and _is_int(x)
                        and 0 < x < 1 << 31 for m, x in months.items())):
            raise _Bad(f"statistics.daily_won.{_shown(k)} is not a set of months")
        if k in STATS_KEYS:
            out[k] = dict(months)
    return out


def _stats_shape(v: Any) -> dict[str, Any]:
    """The statistics; ``history`` and ``daily_won`` are optional (files from before them)."""
    if not isinstance(v, dict) or not isinstance(v.get("games", {}), dict):
        raise _Bad("statistics is not an object")
    out = default_stats()
    for k, e in v.get("games", {}).items():
        if k in STATS_KEYS:  # keys of no known game/variant are dropped
            out["games"][k] = _entry_shape(e, k)
    cur = v.get("current")
    if cur is not None:
        if not (isinstance(cur, dict) and isinstance(cur.get("id"), str)
                and cur.get("key") in STATS_KEYS and isinstance(cur.get("won"), bool)):
            raise _Bad("statistics.current is malformed")
        out["current"] = {"id": cur["id"], "key": cur["key"], "won": cur["won"]}
        if "records" in cur:
            recs = cur["records"]
            if not (isinstance(recs, list) and all(r in RECORDS for r in recs)):
                raise _Bad("statistics.current.records is malformed")
            out["current"]["records"] = list(recs)
    out["history"] = _history_shape(v.get("history", []))
    out["daily_won"] = _daily_shape(v.get("daily_won", {}))
    return out


def _window_shape(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad("window is not an object")
    out = {}
    for k, t in WINDOW_KEYS.items():
        if k in v:
            if not (isinstance(v[k], bool) if t is bool else _is_int(v[k])):
                raise _Bad(f"window.{k} is {_shown(v[k])}")
            out[k] = v[k]
    return out


def encode(doc: dict[str, Any]) -> bytes:
    """The bytes ``save`` writes for ``doc`` (UTF-8 JSON). Raises ValueError when ``doc`` is
    not a schema-1 document that ``load`` would accept (actions are not replayed here)."""
    return dumps(check(doc))


def dumps(doc: dict[str, Any]) -> bytes:
    """``doc`` as the file's bytes (no checks)."""
    return (json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            + "\n").encode("utf-8")


def check(doc: Any) -> dict[str, Any]:
    """``doc`` when it is a schema-1 document that ``load`` would accept (actions are not
    replayed here), else ValueError."""
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA or isinstance(doc["schema"], bool):
        raise ValueError(f"not a schema-{SCHEMA} document")
    _settings_shape(doc.get("settings", {}))
    if doc.get("game") is not None:
        game_shape(doc["game"])
    _stats_shape(doc.get("stats", {}))
    _window_shape(doc.get("window", {}))
    return doc

