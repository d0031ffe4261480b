"""Reading: ``load`` never fails; a file it cannot use is set aside, part by part."""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import files, journal, unsaved
from .atomic import write_atomic
from .parse import loads, loads_line
from .record import GameRecord
from .schema import (SCHEMA, check, document, dumps, _settings_shape, _stats_shape,
                     _window_shape)
from .where import FILE_NAME, MAX_BYTES, _folder

log = logging.getLogger("harptowers.storage")


@dataclass
class Loaded:
    """What ``load`` found. Every part is usable as is (defaults where nothing was).

    ``problem``: None, or why the file was moved aside: ``"not-a-file"``, ``"unreadable"``,
    ``"too-large"``, ``"not-json"``, ``"not-a-document"``, ``"future-schema"``, ``"bad-part"``
    (some parts kept, see ``reset``); about the journal (issue 41): ``"journal-unusable"``
    (not a file, too large, unreadable: set aside), ``"journal-damaged"`` (lines that failed
    their check: copied aside, the rest applied); ``"unsaved-lost"`` (the last run was killed
    with changes it could not save). ``details``: what the page needs to word the notice. ``notice``: English text for the player, or None.
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
    seq: int = 0           # the last change the state holds (document, then journal)
    journal_end: int = 0   # bytes of the journal that were readable
    replayed: int = 0      # journal lines applied over the document
    details: dict[str, Any] = field(default_factory=dict)  # the notice's figures for the page

    def document(self) -> dict[str, Any]:
        """The loaded parts as a document (for ``save``/``Saver.submit``)."""
        return document(self.settings, self.game, self.stats, self.window)


_PART_NAMES = {"settings": "settings", "game": "the saved game", "stats": "statistics",
               "window": "window position"}


def move_aside(path: Path, raw: bytes | None = None) -> Path | None:
    """Rename ``path`` (file or folder) to ``<name>.corrupt-<UTC yyyymmddThhmmssZ>[-n]``
    beside it; with ``raw`` (the bytes read from it), write those there instead and leave
    ``path`` be. Returns the new path, or None when it could not be made."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    for n in range(100):
        target = path.with_name(f"{path.name}.corrupt-{stamp}" + (f"-{n}" if n else ""))
        if target.exists() or target.is_symlink():
            continue
        try:
            if raw is None:
                os.rename(path, target)
            else:
                write_atomic(target, raw)
            return target
        except OSError as e:
            log.error("could not keep %s aside: %s", path, e)
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
        if (folder / journal.JOURNAL_NAME).exists():  # its lines build on the file
            move_aside(folder / journal.JOURNAL_NAME)
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
    except (FileNotFoundError, NotADirectoryError):  # no file; or no folder (said at saving)
        return _replayed(fresh, folder, path)
    except OSError as e:
        return aside("unreadable", f"could not be read ({e.strerror or e})")
    if not stat.S_ISREG(st.st_mode):
        return aside("not-a-file", "is not a regular file")
    if st.st_size > MAX_BYTES:
        return aside("too-large", f"is too large ({st.st_size} bytes)")
    try:  # no wait on a FIFO put there after the stat, no read without end
        raw = files.read_regular(path, MAX_BYTES)
    except files.NotRegular:
        return aside("not-a-file", "is not a regular file")
    except files.TooLarge:
        return aside("too-large", "is too large")
    except OSError as e:
        return aside("unreadable", f"could not be read ({e.strerror or e})")
    try:
        data = loads(raw.decode("utf-8"))
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

    return _replayed(data, folder, path, aside)


def _replayed(data: dict[str, Any], folder: Path, path: Path,
              aside: Callable[..., Loaded] | None = None) -> Loaded:
    """The document ``data`` with the journal applied, checked part by part."""
    seq: int = data["seq"] if type(data.get("seq")) is int and data["seq"] >= 0 else 0
    jpath = folder / journal.JOURNAL_NAME
    rep = journal.replay(data, seq, jpath, loads_line)
    data, seq, end, applied = rep.doc, rep.seq, rep.end, rep.applied
    if applied:
        log.info("replayed %d journal line(s) over %s", applied, path)
    fresh = document()
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
    result = Loaded(settings, game, stats, window, path=path, seq=seq, journal_end=end,
                    replayed=applied)
    if bad:
        if aside is None:  # only the journal was there: it goes aside alone
            moved = move_aside(folder / journal.JOURNAL_NAME)
            result = Loaded(settings, game, stats, window, path=path, moved_to=moved)
            result.problem, result.reset = "bad-part", bad
            result.notice = f"Part of the saved changes could not be used ({'; '.join(reasons)})"
            return result
        result.seq = result.journal_end = 0
        return aside("bad-part", "; ".join(reasons), bad, result)
    if rep.problem is not None:
        _journal_problem(result, rep, jpath)
    lost = unsaved.lost(unsaved.read(folder), game, seq)
    if lost is not None and result.notice is None:  # the last run could not save its end
        result.problem, result.details = "unsaved-lost", lost
        result.notice = (f"The last changes before Harp & Towers closed could not be saved "
                         f"({lost['reason']})" + (
                             f"; the game was restored at move {lost['saved']}, not at move "
                             f"{lost['reached']}." if lost["what"] == "moves" else "."))
    return result


_JOURNAL_WHY = {"not-a-file": "is not a regular file", "too-large": "is too large",
                "unreadable": "could not be read"}


def _journal_problem(result: Loaded, rep: journal.Replayed, jpath: Path) -> None:
    """Tell the player about a journal that could not be used whole, and keep it aside.

    Not a file, too large, unreadable: moved aside; the changes since the document was
    written are lost. Damaged lines: the journal is copied aside byte for byte, the state
    recovered from the rest is written as the document and the journal emptied (so the
    damage is reported once); when that write fails, the journal stays as it is."""
    if rep.problem in _JOURNAL_WHY:
        result.moved_to = move_aside(jpath)
        result.journal_end = 0
        result.problem, result.details = "journal-unusable", {"why": rep.problem}
        result.notice = (f"The record of the last changes ({jpath}) {_JOURNAL_WHY[rep.problem]};"
                         f" it was set aside and the data saved before it was loaded.")
        return
    result.problem = "journal-damaged"
    result.details = {"damaged": rep.damaged, "game_lost": rep.games_lost > 0}
    result.notice = (f"{rep.damaged} line(s) of the record of the last changes ({jpath}) were "
                     "damaged; the other changes were restored"
                     + (", but not the last moves of the game" if rep.games_lost else "") + ".")
    result.moved_to = move_aside(jpath, rep.raw)
    if result.moved_to is None:
        return
    try:
        doc = {**result.document(), "seq": result.seq}
        write_atomic(result.path or jpath.with_name("harp-towers.json"), dumps(check(doc)))
        os.truncate(jpath, 0)
    except (OSError, ValueError) as e:  # the journal stays: the next start reads it again
        log.error("could not write the state recovered from %s: %s", jpath, e)
        return
    result.journal_end = 0
