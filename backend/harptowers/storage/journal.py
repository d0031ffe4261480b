"""The journal: every change, appended before the bridge answers (docs/durability.md).

``harp-towers.journal`` beside the document holds one JSON line per change since the document
was last written, each behind its own check (issue 41: as SQLite's WAL frames and
LevelDB's log records carry theirs)::

    h1 <length> <crc32> {"seq": 8, "settings": {...}, "stats": {...}, "window": {...}, "game": GAME}

``h1`` names the line format, ``<length>`` is the byte length of the JSON (decimal) and
``<crc32>`` its CRC-32 (8 hex digits). Journals written before the check (lines that start
with ``{``) are still read, without it.

``GAME`` is null, a whole saved game, or, when the game is the one of the line before (or of
the document) with actions added, the game without its ``actions`` plus ``"base": n`` (the
number of actions it builds on) and ``"tail": [...]`` (the actions added). So a line is short
whatever the length of the game.

A line is appended with one ``os.write`` to a file opened ``O_APPEND``: once the call returns,
the line is the operating system's and survives a kill of the app (not a power loss: the
document's atomic write, with its fsync, is what survives that). The background writer folds
the lines into the document (which records the ``seq`` of its last change) and empties the
journal. ``replay`` applies, over the document, the lines whose ``seq`` is above the
document's. A torn last line (a write cut short by a kill: it has no end of line) is
dropped quietly. A line that fails its check anywhere else is damage: it is skipped and
reported, and every later line is still applied for what stands on its own (settings,
statistics, window, a whole game); a game given as a delta that no longer fits the game
reached is reported as lost, never guessed.
"""

from __future__ import annotations

import json
import os
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import files

JOURNAL_NAME = "harp-towers.journal"
PARTS = ("settings", "stats", "window")
MAX_JOURNAL = 64 * 1024 * 1024  # far above any real journal (it is folded at 256 kB)
_TAG = b"h1"


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def line(seq: int, doc: dict[str, Any], prev: dict[str, Any] | None) -> bytes:
    """The journal line of ``doc`` (a valid document) as change ``seq``. ``prev``: the saved
    game of the state before (the previous line's, or the document's), or None."""
    out: dict[str, Any] = {"seq": seq}
    for k in PARTS:
        out[k] = doc.get(k, {})
    out["game"] = game_entry(prev, doc.get("game"))
    return checked(_dumps(out).encode("utf-8"))


def checked(payload: bytes) -> bytes:
    """``payload`` (one JSON text, no end of line) as a checked journal line."""
    return b"%s %d %08x %s\n" % (_TAG, len(payload), zlib.crc32(payload), payload)


def payload_of(raw: bytes) -> bytes | None:
    """The JSON of one journal line (without its end of line) when its check holds (an old
    unchecked line: as it is), else None."""
    if raw.startswith(b"{"):
        return raw
    parts = raw.split(b" ", 3)
    if len(parts) != 4 or parts[0] != _TAG or not parts[1].isdigit() or len(parts[2]) != 8:
        return None
    try:
        crc = int(parts[2], 16)
    except ValueError:
        return None
    body = parts[3]
    if int(parts[1]) != len(body) or zlib.crc32(body) != crc:
        return None
    return body


def game_entry(prev: dict[str, Any] | None, game: dict[str, Any] | None) -> Any:
    """``game`` as a journal entry: a delta over ``prev`` when it only added actions."""
    if game is None:
        return None
    if prev is not None and prev.get("id") == game["id"] and prev.get("code") == game["code"]:
        base = len(prev["actions"])
        acts = game["actions"]
        if len(acts) >= base and acts[:base] == prev["actions"]:
            out = {k: v for k, v in game.items() if k != "actions"}
            out["base"], out["tail"] = base, acts[base:]
            return out
    return game


_SEQ = re.compile(rb'\{"seq":(\d{1,18})[,}]')


def line_seq(raw: bytes) -> int:
    """The ``seq`` of a journal line (``line`` writes it first), or -1 (a damaged line)."""
    body = payload_of(raw)
    m = _SEQ.match(body) if body is not None else None
    return int(m.group(1)) if m else -1


def apply(doc: dict[str, Any], entry: Any, lenient: bool = False
          ) -> tuple[dict[str, Any] | None, bool]:
    """``(doc with the journal entry applied, whether its game was)``; ``(None, False)`` when
    the entry is malformed. A game delta that does not build on ``doc``'s game: None, or,
    ``lenient`` (after damage), the entry's other parts over ``doc``'s game and False."""
    if not isinstance(entry, dict) or not all(isinstance(entry.get(k), dict) for k in PARTS):
        return None, False
    new = dict(doc)
    for k in PARTS:
        new[k] = entry[k]
    game = entry.get("game")
    if isinstance(game, dict) and "base" in game:
        cur = doc.get("game")
        base, tail = game.get("base"), game.get("tail")
        if not (isinstance(cur, dict) and isinstance(cur.get("actions"), list)
                and cur.get("id") == game.get("id") and cur.get("code") == game.get("code")
                and type(base) is int and base == len(cur["actions"])
                and isinstance(tail, list)):
            return (new, False) if lenient else (None, False)
        game = {k: v for k, v in game.items() if k not in ("base", "tail")}
        game["actions"] = cur["actions"] + tail
    elif game is not None and not isinstance(game, dict):
        return (new, False) if lenient else (None, False)
    new["game"] = game
    return new, True


@dataclass
class Replayed:
    """What ``replay`` reached. ``end``: the bytes of the journal up to its last whole line
    (a writer cuts a torn last line off there before appending). ``problem``: None, or
    ``"not-a-file"``, ``"too-large"``, ``"unreadable"`` (nothing applied), or ``"damaged"``
    (``damaged`` lines failed their check or could not be used; ``games_lost`` later lines'
    games did not fit and were not applied). ``raw``: the bytes read."""

    doc: dict[str, Any]
    seq: int
    end: int = 0
    applied: int = 0
    problem: str | None = None
    damaged: int = 0
    games_lost: int = 0
    raw: bytes = b""


def _entry(raw: bytes, loads: Any) -> Any:
    body = payload_of(raw)
    if body is None:
        return None
    try:
        entry = loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    return entry if isinstance(entry, dict) and type(entry.get("seq")) is int else None


def replay(doc: dict[str, Any], seq: int, path: Path, loads=json.loads) -> Replayed:
    """Apply the journal at ``path`` over ``doc`` (whose last change is ``seq``). A missing
    journal applies nothing; one that is not a regular file, too large or unreadable applies
    nothing and says so (``problem``)."""
    out = Replayed(doc, seq)
    try:
        raw = files.read_regular(path, MAX_JOURNAL)
    except (FileNotFoundError, NotADirectoryError):  # no folder: said at saving
        return out
    except files.NotRegular:
        out.problem = "not-a-file"
        return out
    except files.TooLarge:
        out.problem = "too-large"
        return out
    except OSError:  # TimeoutError too
        out.problem = "unreadable"
        return out
    out.raw = raw
    pieces = raw.split(b"\n")
    out.end = len(raw) - len(pieces[-1])  # the last piece has no end of line: torn, dropped
    for piece in pieces[:-1]:
        entry = _entry(piece, loads)
        if entry is None:
            out.damaged += 1
            continue
        n = entry["seq"]
        if n <= out.seq:
            continue
        new, with_game = apply(out.doc, entry, lenient=True)
        if new is None:
            out.damaged += 1
            continue
        if not with_game:
            out.games_lost += 1
        out.doc, out.seq, out.applied = new, n, out.applied + 1
    if out.damaged or out.games_lost:
        out.problem = "damaged"
    return out


def open_for_append(path: Path, keep: int) -> int:
    """Open the journal for appending, cut to its first ``keep`` bytes (what ``replay`` could
    read). Returns the descriptor. Raises OSError."""
    fd = files.open_append(path)  # a FIFO there: an error at once, not a wait
    try:
        if os.fstat(fd).st_size != keep:
            os.ftruncate(fd, keep)
    except OSError:
        os.close(fd)
        raise
    return fd


def append(fd: int, data: bytes) -> None:
    """Write all of ``data`` at the end of the journal. Raises OSError (disk full …)."""
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]
