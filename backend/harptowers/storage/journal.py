"""The journal: every change, appended before the bridge answers (docs/durability.md).

``harp-towers.journal`` beside the document holds one JSON line per change since the document
was last written::

    {"seq": 8, "settings": {...}, "stats": {...}, "window": {...}, "game": GAME}

``GAME`` is null, a whole saved game, or, when the game is the one of the line before (or of
the document) with actions added, the game without its ``actions`` plus ``"base": n`` (the
number of actions it builds on) and ``"tail": [...]`` (the actions added). So a line is short
whatever the length of the game.

A line is appended with one ``os.write`` to a file opened ``O_APPEND``: once the call returns,
the line is the operating system's and survives a kill of the app (not a power loss: the
document's atomic write, with its fsync, is what survives that). The background writer folds
the lines into the document (which records the ``seq`` of its last change) and empties the
journal. ``replay`` applies, over the document, the lines whose ``seq`` is above the
document's; it stops at a torn or unreadable line (a write cut short by the kill) and at a
``base`` that does not fit, so what it returns is always a state the app was in.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

JOURNAL_NAME = "harp-towers.journal"
PARTS = ("settings", "stats", "window")


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def line(seq: int, doc: dict[str, Any], prev: dict[str, Any] | None) -> bytes:
    """The journal line of ``doc`` (a valid document) as change ``seq``. ``prev``: the saved
    game of the state before (the previous line's, or the document's), or None."""
    out: dict[str, Any] = {"seq": seq}
    for k in PARTS:
        out[k] = doc.get(k, {})
    out["game"] = game_entry(prev, doc.get("game"))
    return (_dumps(out) + "\n").encode("utf-8")


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
    """The ``seq`` of a journal line (``line`` writes it first), or -1."""
    m = _SEQ.match(raw)
    return int(m.group(1)) if m else -1


def apply(doc: dict[str, Any], entry: Any) -> dict[str, Any] | None:
    """``doc`` with the journal ``entry`` applied, or None when the entry is malformed or its
    game does not build on ``doc``'s (then nothing after it may be applied either)."""
    if not isinstance(entry, dict) or not all(isinstance(entry.get(k), dict) for k in PARTS):
        return None
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
            return None
        game = {k: v for k, v in game.items() if k not in ("base", "tail")}
        game["actions"] = cur["actions"] + tail
    elif game is not None and not isinstance(game, dict):
        return None
    new["game"] = game
    return new


def replay(doc: dict[str, Any], seq: int, path: Path,
           loads=json.loads) -> tuple[dict[str, Any], int, int, int]:
    """Apply the journal at ``path`` over ``doc`` (whose last change is ``seq``). Returns
    ``(doc, seq, end, applied)``: the state reached, its ``seq``, the byte length of the
    journal's readable part (a writer truncates it there before appending) and how many lines
    were applied. A missing or unreadable journal applies nothing."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError:
        return doc, seq, 0, 0
    end = applied = 0
    pos = 0
    while True:
        nl = raw.find(b"\n", pos)
        if nl < 0:
            break  # a torn last line: ignored (and cut off before the next append)
        try:
            entry = loads(raw[pos:nl].decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            break
        n = entry.get("seq") if isinstance(entry, dict) else None
        if type(n) is not int:
            break
        if n > seq:
            new = apply(doc, entry)
            if new is None:
                break
            doc, seq, applied = new, n, applied + 1
        pos = end = nl + 1
    return doc, seq, end, applied


def open_for_append(path: Path, keep: int) -> int:
    """Open the journal for appending, cut to its first ``keep`` bytes (what ``replay`` could
    read). Returns the descriptor. Raises OSError."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_BINARY", 0),
                 0o600)
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
