"""The note of changes that could not be saved (issue 41, item 8).

When the journal cannot take a change (the disk is full), nothing more can be added to the
disk, so a kill then loses the change and the next start could not say so. The saver
therefore keeps ``harp-towers.unsaved``: a file of ``SIZE`` bytes made while the disk still
had room, overwritten in place (no new block is needed) with what the first failed change
and the last one were, and blanked once a document holding every change is written. The
next start reads it: when the game it restored is short of the moves the note names, the
player is told what was lost, once (the saver blanks the note when it starts).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from . import files

NAME = "harp-towers.unsaved"
SIZE = 256
_BLANK = b" " * (SIZE - 1) + b"\n"


def prepare(folder: Path) -> int | None:
    """A descriptor on the note, made ``SIZE`` bytes long and blank; None when it cannot be
    made (the disk is already full, the folder read-only)."""
    try:
        fd = files.open_append(folder / NAME)
    except OSError:
        return None
    try:
        os.close(fd)
        fd = os.open(folder / NAME, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        os.pwrite(fd, _BLANK, 0) if hasattr(os, "pwrite") else os.write(fd, _BLANK)
        os.ftruncate(fd, SIZE)
    except OSError:
        os.close(fd)
        return None
    return fd


def mark(fd: int | None, reason: str, seq: int, doc: dict[str, Any]) -> None:
    """Note that change ``seq`` (the document ``doc``) could not be journaled. Never raises."""
    if fd is None:
        return
    game = doc.get("game") or {}
    note = {"reason": reason, "seq": seq, "id": str(game.get("id", ""))[:64],
            "actions": len(game.get("actions", ())), "moves": game.get("moves", 0)}
    data = json.dumps(note, separators=(",", ":")).encode()[:SIZE - 1]
    try:
        _put(fd, data.ljust(SIZE - 1) + b"\n")
    except OSError:
        pass


def clear(fd: int | None) -> None:
    """Blank the note (every change is on disk again). Never raises."""
    if fd is not None:
        try:
            _put(fd, _BLANK)
        except OSError:
            pass


def _put(fd: int, data: bytes) -> None:
    if hasattr(os, "pwrite"):
        os.pwrite(fd, data, 0)
    else:  # Windows: no pwrite
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, data)


def read(folder: Path) -> dict[str, Any] | None:
    """The note left by the last run, or None (none, blank or unreadable)."""
    try:
        raw = files.read_regular(folder / NAME, 4 * SIZE)
        note = json.loads(raw) if raw.strip() else None
    except (OSError, ValueError):
        return None
    ok = (isinstance(note, dict) and isinstance(note.get("id"), str)
          and all(type(note.get(k)) is int and note[k] >= 0 for k in ("seq", "actions", "moves"))
          and isinstance(note.get("reason"), str))
    return note if ok else None


def lost(note: dict[str, Any] | None, game: Any, seq: int) -> dict[str, Any] | None:
    """What the player lost: ``{"what", "reason", "saved", "reached"}``, or None when the
    state restored (its last change ``seq``, its game ``game``) holds every change noted.
    ``what``: ``"moves"`` (the game restored at move ``saved``, not ``reached``), ``"game"``
    (a game started since was lost; ``saved`` None) or ``"changes"`` (the game is whole; a
    setting or the statistics may be as before)."""
    if note is None or note["seq"] <= seq:
        return None
    out = {"what": "changes", "reason": note["reason"], "saved": None, "reached": note["moves"]}
    if game is None or getattr(game, "id", None) != note["id"]:
        out["what"] = "game"
    elif len(game.actions) < note["actions"]:
        out["what"], out["saved"] = "moves", game.game.moves
    return out
