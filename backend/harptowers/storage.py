"""Settings, the saved game, statistics and window geometry on disk (docs/storage.md).

One JSON document, ``harp-towers.json``, in the data folder (``HARP_TOWERS_DATA_DIR`` when set,
else ``platformdirs.user_data_dir("harp-towers")``)::

    {"schema": 1, "settings": {...}, "game": {...} | null, "stats": {...}, "window": {...}}

One file, so that one atomic write keeps the saved game and the statistics consistent with
each other (a win is never on disk without the game that made it, and the reverse).

- ``load()`` never raises: a file it cannot use is moved aside (``<name>.corrupt-<UTC time>``)
  and the answer carries defaults and a ``notice`` for the player.
- ``save()`` writes atomically (temporary file in the same folder, flush, fsync, rename, fsync
  the folder). ``Saver`` does the same on a background thread, keeping only the newest
  pending document, so the bridge never waits for the disk.
- ``GameRecord`` is a game plus every action applied to it; replaying the actions through the
  engine's checked path restores position, score, counter, passes and undo history exactly.
- ``record_start`` / ``record_win`` / ``record_abandon`` / ``reset_stats`` are pure functions
  over the statistics section.
"""

from __future__ import annotations

import atexit
import contextlib
import copy
import json
import logging
import math
import os
import secrets
import stat
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .engine import DealCode, IllegalMove, InvalidCode, InvalidMove, new_game, parse_code
from .engine import registry
from .engine.codes import VARIANTS
from .engine.game import Action, Game
from .engine.notation import Move, parse_move

log = logging.getLogger("harptowers.storage")

SCHEMA = 1
APP_NAME = "harp-towers"
FILE_NAME = "harp-towers.json"
ENV_VAR = "HARP_TOWERS_DATA_DIR"
MAX_BYTES = 32 * 1024 * 1024  # far above any real file (a 10 000-action game is ~80 kB)
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
    # last game played and its variant: at first, the first registered game
    "game": registry.games()[0].name,
    "variant": next(iter(registry.games()[0].variants)),
    # New game window, "Winnable deals only" (issue 9), per "<game>/<variant>": each game
    # says where it starts on (Seahaven with 2 or 1 cells, where most deals cannot be won)
    "winnable_only": {f"{g.name}/{v}": on for g in registry.games()
                      for v, on in g.winnable_only.items()},
}
STATS_KEYS = registry.KEYS
WINDOW_KEYS: dict[str, type] = {"x": int, "y": int, "width": int, "height": int,
                                "maximized": bool}

# ---- deterministic kill points (tests) -----------------------------------------------------
CRASH_POINTS = ("after-write-before-fsync", "after-fsync-before-rename",
                "after-rename-before-dirsync")
_crash_at: str | None = None
"""Set to one of CRASH_POINTS to make the next atomic write stop there (tests only)."""


class SimulatedCrash(BaseException):
    """Raised at the kill point named by ``_crash_at``. A BaseException, so no cleanup runs on
    the way out (the temporary file stays behind), as after a real kill."""


def _crash() -> None:
    """What a kill point does; a subprocess test replaces it with ``os._exit``."""
    raise SimulatedCrash(_crash_at)


def _kill_point(name: str) -> None:
    if _crash_at == name:
        _crash()


# ---- where ---------------------------------------------------------------------------------
def data_dir() -> Path:
    """The data folder: ``$HARP_TOWERS_DATA_DIR`` when set and not empty, else
    ``platformdirs.user_data_dir("harp-towers", appauthor=False)``. Not created here."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def _folder(folder: str | os.PathLike[str] | None) -> Path:
    return Path(folder) if folder is not None else data_dir()


# ---- the saved game ------------------------------------------------------------------------
def new_game_id() -> str:
    """A fresh random id for one attempt at a deal (statistics count each id once)."""
    return secrets.token_hex(8)


@dataclass(eq=False)
class GameRecord:
    """A game in progress and every action applied to it, in order.

    ``actions``: engine notation of each accepted move as applied (``"t3-t1"``, ``"s"``,
    ``"w-f3"``), ``"undo"`` or ``"redo"``. ``seconds``: active time played (the caller adds to it).
    ``daily``: the deal of the day. ``id``: this attempt (a restart of the same deal is a new
    attempt with a new id). ``hints``: hints given in this attempt (issue 9). Use
    ``play``/``undo`` instead of the Game's own so that the list stays complete.
    """

    game: Game
    actions: list[str] = field(default_factory=list)
    seconds: float = 0.0
    daily: bool = False
    id: str = field(default_factory=new_game_id)
    hints: int = 0

    @classmethod
    def start(cls, code: DealCode | str, *, daily: bool = False) -> GameRecord:
        """A fresh game of ``code`` with a new id. Raises InvalidCode."""
        return cls(new_game(code), daily=daily)

    @property
    def started(self) -> bool:
        """True from the first move on (a game counts in the statistics from there)."""
        return bool(self.actions)

    @property
    def key(self) -> str:
        """The statistics key, ``"<game>/<variant>"``."""
        return stats_key(self.game.code)

    def play(self, move: Move) -> Action:
        """``game.play(move)`` and record it. Raises what ``Game.play`` raises (then nothing
        is recorded)."""
        act = self.game.play(move)
        self.actions.append(str(act.move))
        return act

    def undo(self) -> Move:
        """``game.undo()`` and record it. Raises IllegalMove when there is nothing to undo."""
        m = self.game.undo()
        self.actions.append(UNDO)
        return m

    def redo(self) -> Action:
        """``game.redo()`` and record it. Raises IllegalMove when there is nothing to redo."""
        act = self.game.redo()
        self.actions.append(REDO)
        return act

    def to_json(self) -> dict[str, Any]:
        """``{"code", "actions", "seconds", "daily", "id", "hints", "score", "moves"}``;
        ``score`` and ``moves`` are a check that the replay reached the same place."""
        return {"code": str(self.game.code), "actions": list(self.actions),
                "seconds": self.seconds, "daily": self.daily, "id": self.id,
                "hints": self.hints, "score": self.game.score, "moves": self.game.moves}

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Rebuild by replaying the actions on the checked path. Raises ValueError saying
        what is wrong (shape, a bad code, an action the rules refuse, a different result)."""
        d = _game_shape(data)
        try:
            game = new_game(parse_code(d["code"]))
        except InvalidCode as e:
            raise ValueError(f"bad deal code: {e}") from None
        for i, text in enumerate(d["actions"]):
            try:
                if text == UNDO:
                    game.undo()
                elif text == REDO:
                    game.redo()
                else:
                    game.play(parse_move(text))
            except (IllegalMove, InvalidMove) as e:
                raise ValueError(f"action {i} ({text!r}) cannot be replayed: {e}") from None
        if (game.score, game.moves) != (d["score"], d["moves"]):
            raise ValueError(f"the actions replay to score {game.score} and {game.moves} moves, "
                             f"not the saved {d['score']} and {d['moves']}")
        return cls(game, list(d["actions"]), float(d["seconds"]), d["daily"], d["id"],
                   d["hints"])


# ---- statistics (pure functions: they return a new dict and never change their input) ------
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


# ---- the document --------------------------------------------------------------------------
def document(settings: dict[str, Any] | None = None,
             game: GameRecord | dict[str, Any] | None = None,
             stats: dict[str, Any] | None = None,
             window: dict[str, Any] | None = None) -> dict[str, Any]:
    """A schema-1 document; missing parts are defaults. Copies what it is given, so the
    caller may keep changing its own objects."""
    g = game.to_json() if isinstance(game, GameRecord) else copy.deepcopy(game)
    return {"schema": SCHEMA,
            "settings": {**DEFAULT_SETTINGS, **(settings or {})},
            "game": g,
            "stats": copy.deepcopy(stats) if stats is not None else default_stats(),
            "window": dict(window or {})}


class _Bad(ValueError):
    pass


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_count(v: Any) -> bool:
    return _is_int(v) and v >= 0


def _is_seconds(v: Any) -> bool:
    return (_is_int(v) or isinstance(v, float)) and math.isfinite(v) and v >= 0


def _settings_shape(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad("settings is not an object")
    out = dict(DEFAULT_SETTINGS)
    for k, default in DEFAULT_SETTINGS.items():
        if k in v:
            if type(v[k]) is not type(default):
                raise _Bad(f"settings.{k} is {v[k]!r}, not a {type(default).__name__}")
            out[k] = v[k]
    if out["game"] not in VARIANTS or out["variant"] not in VARIANTS[out["game"]]:
        raise _Bad(f"settings game/variant {out['game']!r}/{out['variant']!r} is unknown")
    if not 0 < len(out["language"]) <= 35:
        raise _Bad("settings.language is empty or too long")
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
                raise _Bad(f"settings.winnable_only.{k} is {x!r}, not a bool")
            out[k] = x
    return out


def _game_shape(v: Any) -> dict[str, Any]:
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


def _entry_shape(v: Any, key: str) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad(f"statistics of {key} is not an object")
    out = default_entry()
    for k, default in out.items():
        if k not in v:
            continue
        x = v[k]
        ok = (_is_seconds(x) if k == "seconds"
              else (x is None or _is_count(x)) if default is None else _is_count(x))
        if not ok:
            raise _Bad(f"statistics {key}.{k} is {x!r}")
        out[k] = float(x) if k == "seconds" else x
    if out["won"] > out["played"] or out["streak"] > out["best_streak"]:
        raise _Bad(f"statistics of {key} do not add up")
    return out


def _stats_shape(v: Any) -> dict[str, Any]:
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
    return out


def _window_shape(v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        raise _Bad("window is not an object")
    out = {}
    for k, t in WINDOW_KEYS.items():
        if k in v:
            if not (isinstance(v[k], bool) if t is bool else _is_int(v[k])):
                raise _Bad(f"window.{k} is {v[k]!r}")
            out[k] = v[k]
    return out


def encode(doc: dict[str, Any]) -> bytes:
    """The bytes ``save`` writes for ``doc`` (UTF-8 JSON). Raises ValueError when ``doc`` is
    not a schema-1 document that ``load`` would accept (actions are not replayed here)."""
    if not isinstance(doc, dict) or doc.get("schema") != SCHEMA or isinstance(doc["schema"], bool):
        raise ValueError(f"not a schema-{SCHEMA} document")
    _settings_shape(doc.get("settings", {}))
    if doc.get("game") is not None:
        _game_shape(doc["game"])
    _stats_shape(doc.get("stats", {}))
    _window_shape(doc.get("window", {}))
    return (json.dumps(doc, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            + "\n").encode("utf-8")


# ---- writing -------------------------------------------------------------------------------
def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash at any instant leaves either the old or
    the new file: temporary file in the same folder, write, flush, fsync, rename over, fsync
    the folder. Creates the folder. Raises OSError (the old file is then untouched)."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            _kill_point("after-write-before-fsync")
            os.fsync(f.fileno())
        _kill_point("after-fsync-before-rename")
        _replace(tmp, path)
    except Exception:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _kill_point("after-rename-before-dirsync")
    _fsync_dir(folder)


def _replace(src: str, dst: Path) -> None:
    # Windows refuses the rename while another program (a virus scanner) has dst open.
    for attempt in range(5):
        try:
            os.replace(src, dst)
            return
        except PermissionError:
            if os.name != "nt" or attempt == 4:
                raise
            time.sleep(0.05 * (attempt + 1))


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # no directory handles to fsync; NTFS journals the rename
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def save(doc: dict[str, Any], folder: str | os.PathLike[str] | None = None) -> Path:
    """Write ``doc`` atomically to ``<folder>/harp-towers.json`` and return that path.
    Raises ValueError (not a valid document; nothing written) or OSError (disk)."""
    path = _folder(folder) / FILE_NAME
    write_atomic(path, encode(doc))
    return path


class Saver:
    """Writes documents on a background thread; ``submit`` returns at once.

    Only the newest pending document is written (older pending ones are dropped). A failed
    write is logged, kept in ``last_error`` and passed to ``on_error`` (on the writer thread);
    the next ``submit`` tries again. ``writes`` counts completed writes.
    """

    def __init__(self, folder: str | os.PathLike[str] | None = None, *,
                 on_error: Callable[[Exception], None] | None = None) -> None:
        self.path = _folder(folder) / FILE_NAME
        self.on_error = on_error
        self.writes = 0
        self.last_error: Exception | None = None
        self._cond = threading.Condition()
        self._pending: bytes | None = None
        self._busy = False
        self._closed = False
        self._dead = False  # the writer stopped at a kill point
        self._thread = threading.Thread(target=self._run, name="harp-towers-saver", daemon=True)
        self._thread.start()
        atexit.register(self.close)

    def submit(self, doc: dict[str, Any]) -> None:
        """Queue ``doc`` for writing (it is encoded now, so the caller may change it after).
        Raises ValueError for an invalid document, RuntimeError after ``close``."""
        data = encode(doc)
        with self._cond:
            if self._closed:
                raise RuntimeError("the saver is closed")
            self._pending = data
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted so far is written (or failed). False on timeout or
        when the writer thread has stopped (a simulated crash)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while (self._pending is not None or self._busy) and self._thread.is_alive():
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
            return self._pending is None and not self._busy and not self._dead

    def close(self, timeout: float | None = 10.0) -> bool:
        """Write what is pending, then stop the thread. Idempotent; returns ``flush``'s answer."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        atexit.unregister(self.close)
        return done

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None and not self._closed:
                    self._cond.wait()
                if self._pending is None:
                    return
                data, self._pending = self._pending, None
                self._busy = True
            try:
                write_atomic(self.path, data)
                self.writes += 1
                self.last_error = None
            except SimulatedCrash:
                with self._cond:
                    self._busy = False
                    self._closed = self._dead = True
                    self._cond.notify_all()
                return
            except Exception as e:  # the app goes on; the next submit tries again
                self.last_error = e
                log.error("could not save %s: %s", self.path, e)
                if self.on_error:
                    try:
                        self.on_error(e)
                    except Exception:
                        log.exception("on_error failed")
            with self._cond:
                self._busy = False
                self._cond.notify_all()


# ---- reading -------------------------------------------------------------------------------
@dataclass
class Loaded:
    """What ``load`` found. Every part is usable as is (defaults where nothing was).

    ``problem``: None, or why the file was moved aside: ``"not-a-file"``, ``"unreadable"``,
    ``"too-large"``, ``"not-json"``, ``"not-a-document"``, ``"future-schema"``, ``"bad-part"``
    (some parts kept, see ``reset``). ``notice``: English text for the player, or None.
    ``moved_to``: where the file went (None when nothing was moved or the move failed).
    ``reset``: the parts that start fresh because of the problem
    (``"settings"``, ``"game"``, ``"stats"``, ``"window"``).
    """

    settings: dict[str, Any]
    game: GameRecord | None
    stats: dict[str, Any]
    window: dict[str, Any]
    notice: str | None = None
    problem: str | None = None
    moved_to: Path | None = None
    reset: list[str] = field(default_factory=list)
    path: Path | None = None

    def document(self) -> dict[str, Any]:
        """The loaded parts as a document (for ``save``/``Saver.submit``)."""
        return document(self.settings, self.game, self.stats, self.window)


_PART_NAMES = {"settings": "settings", "game": "the saved game", "stats": "statistics",
               "window": "window position"}


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number")


def move_aside(path: Path) -> Path | None:
    """Rename ``path`` (file or folder) to ``<name>.corrupt-<UTC yyyymmddThhmmssZ>[-n]``
    beside it. Returns the new path, or None when it could not be renamed."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for n in range(100):
        target = path.with_name(f"{path.name}.corrupt-{stamp}" + (f"-{n}" if n else ""))
        if target.exists() or target.is_symlink():
            continue
        try:
            os.rename(path, target)
            return target
        except OSError as e:
            log.error("could not move %s aside: %s", path, e)
            return None
    return None


def _clean_temporaries(folder: Path) -> None:
    # Left by a write that was killed; older than a minute so no live write is touched.
    try:
        for p in folder.glob(f".{FILE_NAME}.*.tmp"):
            with contextlib.suppress(OSError):
                if time.time() - p.stat().st_mtime > 60:
                    p.unlink()
    except OSError:
        pass


def load(folder: str | os.PathLike[str] | None = None) -> Loaded:
    """Read ``<folder>/harp-towers.json``. Never raises.

    No file: defaults, no notice. A file that is not a regular file, cannot be read, is not
    JSON, is not a schema-1 document, or comes from a newer schema: moved aside, everything
    default, ``notice`` says so. A schema-1 document with some unusable parts (wrong types, a
    saved game that does not replay): moved aside too, the good parts kept, the others default.
    """
    try:
        return _load(_folder(folder))
    except Exception as e:  # a last guard: a bug here must not stop the app from starting
        log.exception("load failed")
        d = document()
        return Loaded(d["settings"], None, d["stats"], d["window"], problem="unreadable",
                      notice=f"The saved data could not be read ({e}); starting fresh.")


def _load(folder: Path) -> Loaded:
    path = folder / FILE_NAME
    fresh = document()
    _clean_temporaries(folder)

    def aside(problem: str, why: str, reset: list[str] | None = None,
              kept: Loaded | None = None) -> Loaded:
        moved = move_aside(path)
        where = (f"It was moved to {moved}." if moved else
                 "It could not be moved aside and will be replaced at the next save.")
        if reset is None:
            text = (f"The saved data in {path} {why}. {where} Harp & Towers starts fresh: "
                    f"default settings, no saved game, empty statistics.")
            reset = ["settings", "game", "stats", "window"]
        else:
            parts = ", ".join(_PART_NAMES[p] for p in reset)
            text = (f"Part of the saved data in {path} could not be used ({why}); "
                    f"{parts} start{'s' if len(reset) == 1 else ''} fresh and the rest was "
                    f"kept. {where}")
        base = kept or Loaded(fresh["settings"], None, fresh["stats"], fresh["window"])
        base.notice, base.problem, base.moved_to, base.reset = text, problem, moved, reset
        base.path = path
        return base

    try:
        st = path.stat()
    except FileNotFoundError:
        return Loaded(fresh["settings"], None, fresh["stats"], fresh["window"], path=path)
    except OSError as e:
        return aside("unreadable", f"could not be read ({e.strerror or e})")
    if not stat.S_ISREG(st.st_mode):
        return aside("not-a-file", "is not a regular file")
    if st.st_size > MAX_BYTES:
        return aside("too-large", f"is too large ({st.st_size} bytes)")
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as e:
        return aside("unreadable", f"could not be read ({e.strerror or e})")
    if len(raw) > MAX_BYTES:
        return aside("too-large", "is too large")
    try:
        data = json.loads(raw.decode("utf-8"), parse_constant=_no_constants)
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        what = "is empty" if not raw.strip() else f"is not valid JSON ({type(e).__name__})"
        return aside("not-json", what)
    schema = data.get("schema") if isinstance(data, dict) else None
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        return aside("not-a-document", "is not a Harp & Towers data file (no schema number)")
    if schema > SCHEMA:
        return aside("future-schema",
                     f"was written by a newer version of Harp & Towers (schema {schema}; "
                     f"this version reads schema {SCHEMA})")

    bad: list[str] = []
    reasons: list[str] = []

    def part(name: str, shape: Callable[[Any], Any], default: Any) -> Any:
        if name not in data:
            return default
        try:
            return shape(data[name])
        except Exception as e:  # noqa: BLE001 - one bad part must not cost the others
            bad.append(name)
            reasons.append(str(e))
            return default

    settings = part("settings", _settings_shape, fresh["settings"])
    stats = part("stats", _stats_shape, fresh["stats"])
    window = part("window", _window_shape, fresh["window"])
    game = None
    if data.get("game") is not None:
        game = part("game", GameRecord.from_json, None)
    result = Loaded(settings, game, stats, window, path=path)
    if bad:
        return aside("bad-part", "; ".join(reasons), bad, result)
    return result
