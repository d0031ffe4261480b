"""Writing documents: ``save`` (now) and ``Saver`` (on a background thread)."""

from __future__ import annotations

import atexit
import contextlib
import errno
import logging
import os
import re
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import files, journal, unsaved
from .atomic import SimulatedCrash, _kill_point, write_atomic
from .schema import check, dumps
from .where import FILE_NAME, _folder

log = logging.getLogger("harptowers.storage")


def save(doc: dict[str, Any], folder: str | os.PathLike[str] | None = None) -> Path:
    """Write ``doc`` atomically to ``<folder>/harp-towers.json`` and return that path.
    Raises ValueError (not a valid document; nothing written) or OSError (disk)."""
    path = _folder(folder) / FILE_NAME
    write_atomic(path, dumps(check(doc)))
    return path


# What the player is told about saving (the view model's ``notice``; the page words it)
NO_SAVE, SAVE_FAILED, SAVE_WORKS = "no-save", "save-failed", "save-works"
NOTICES = (NO_SAVE, SAVE_FAILED, SAVE_WORKS)
_REASONS = {errno.ENOSPC: "disk-full", errno.EROFS: "read-only", errno.EACCES: "read-only",
            errno.EPERM: "read-only", errno.ENOTDIR: "not-a-folder", errno.EEXIST: "not-a-folder",
            errno.ENOENT: "not-a-folder", errno.ELOOP: "not-a-folder",
            errno.EISDIR: "not-a-folder"}
if hasattr(errno, "EDQUOT"):
    _REASONS[errno.EDQUOT] = "disk-full"
LOW_SPACE = 256 * 1024  # a folder with less free space than this is taken as full
RETRY = (0.5, 5.0)      # a failed write is tried again after 0.5 s, growing to 5 s


def reason(e: BaseException) -> str:
    """Why saving fails, for the player: "disk-full", "read-only", "not-a-folder", "other"."""
    return _REASONS.get(getattr(e, "errno", None) or 0, "other")


_TAIL_SEQ = re.compile(rb'"seq":(\d{1,18})\}\s*$')


def _seq_on_disk(path: Path) -> int:
    """The ``seq`` of the file at ``path`` (written last, so read from its tail), or 0."""
    try:
        m = _TAIL_SEQ.search(files.read_regular(path, 1 << 26)[-64:])  # no wait on a FIFO
    except OSError:
        return 0
    return int(m.group(1)) if m else 0


def _free_space(folder: Path) -> int | None:
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):  # no statvfs on Windows
        return None
    return st.f_bavail * st.f_frsize


class Saver:
    """Makes every change durable before the bridge answers, and writes documents on a
    background thread (docs/durability.md).

    ``submit(doc)`` appends the change to the journal (one ``os.write``: it survives a kill of
    the app once ``submit`` returns) and hands the document to the writer thread, which writes
    it atomically (with fsync: it survives a power loss) and then empties the journal. Only
    the newest pending document is written. ``order``: the caller's number for the change;
    a document whose ``order`` is not above the last one's is stale and dropped.

    A failed write is logged, kept in ``last_error``, passed to ``on_error`` (on the writer
    thread) and tried again after a pause until it succeeds. ``status`` is "ok" or
    "failing"; ``take_news()`` hands out, once, what the player should be told about it.
    ``loaded``: what ``load`` read from this folder (its ``seq``, and how much of the journal
    is readable). ``writes`` counts completed writes.
    """

    def __init__(self, folder: str | os.PathLike[str] | None = None, *,
                 on_error: Callable[[Exception], None] | None = None,
                 loaded: Any = None) -> None:
        self.folder = _folder(folder)
        self.path = self.folder / FILE_NAME
        self.journal_path = self.folder / journal.JOURNAL_NAME
        self.on_error = on_error
        self.writes = 0
        self.last_error: Exception | None = None
        self.status = "ok"
        self.reason: str | None = None
        self._news: dict[str, Any] | None = None
        self._told_failure = False
        self._cond = threading.Condition()
        self._pending: tuple[bytes, int] | None = None
        self._busy = False
        self._closed = False
        self._dead = False  # the writer stopped at a kill point
        # Numbers go on from the state loaded, or from the file's (never below it: lines
        # numbered at or below the file's would be skipped by the next load)
        self._seq = loaded.seq if loaded is not None else _seq_on_disk(self.path)
        self._order: int | None = None
        game = getattr(loaded, "game", None)
        self._prev = game.to_json() if game is not None else None
        self._jfd: int | None = None
        self._note: int | None = None  # the note of unsaved changes (unsaved.py)
        self._marked = False
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._jfd = journal.open_for_append(self.journal_path,
                                                getattr(loaded, "journal_end", 0))
        except OSError as e:
            self._fail(e, NO_SAVE)
        else:
            self._note = unsaved.prepare(self.folder)  # blanks the last run's note: told once
            free = _free_space(self.folder)
            if free is not None and free < LOW_SPACE:
                self._fail(OSError(errno.ENOSPC, "the disk is full"), NO_SAVE)
        self._thread = threading.Thread(target=self._run, name="harp-towers-saver", daemon=True)
        self._thread.start()
        atexit.register(self.close)

    # ---- the bridge's side -------------------------------------------------------------
    def submit(self, doc: dict[str, Any], order: int | None = None) -> bool:
        """Journal ``doc`` and queue it for writing (it is encoded now, so the caller may change
        it after). False when ``order`` shows it stale (nothing done). Raises ValueError for
        an invalid document, RuntimeError after ``close``. A disk error does not raise: it
        is in ``status`` (and the news)."""
        check(doc)
        with self._cond:
            if self._closed:
                raise RuntimeError("the saver is closed")
            if order is not None:
                if self._order is not None and order <= self._order:
                    return False
                self._order = order
            self._seq += 1
            seq = self._seq
            self._journal(seq, doc)
            self._pending = (dumps({**doc, "seq": seq}), seq)
            self._cond.notify_all()
        return True

    def _journal(self, seq: int, doc: dict[str, Any]) -> None:
        if self._jfd is None:  # unavailable so far: the folder may be usable again
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                self._jfd = journal.open_for_append(self.journal_path, 0)
                self._prev = None
            except OSError as e:
                self._unsaved(e, seq, doc)
                return
        data = journal.line(seq, doc, self._prev)
        try:
            size = os.fstat(self._jfd).st_size
            try:
                journal.append(self._jfd, data)
            except OSError:
                os.ftruncate(self._jfd, size)  # no torn line before the next one
                raise
        except OSError as e:
            self._prev = None  # the next line carries the whole game
            self._fail(e)
            self._unsaved(e, seq, doc)
            return
        game = doc.get("game")
        self._prev = {**game, "actions": list(game["actions"])} if game else None

    def _unsaved(self, e: Exception, seq: int, doc: dict[str, Any]) -> None:
        """A change the journal could not take: noted where the next start looks."""
        unsaved.mark(self._note, reason(e), seq, doc)
        self._marked = True

    def take_news(self) -> dict[str, Any] | None:
        """What to tell the player about saving since the last call, once: ``{"problem":
        "no-save" | "save-failed", "reason": ...}`` or ``{"problem": "save-works"}``; None."""
        with self._cond:
            news, self._news = self._news, None
            if news is not None and news["problem"] != SAVE_WORKS:
                self._told_failure = True
            return news

    def _fail(self, e: Exception, problem: str = SAVE_FAILED) -> None:
        self.last_error = e
        log.error("could not save in %s: %s", self.folder, e)
        if self.status != "failing":
            self.status, self.reason = "failing", reason(e)
            self._news = {"problem": problem, "reason": self.reason}

    def _recovered(self) -> None:
        if self.status == "failing":
            self.status, self.reason = "ok", None
            if self._told_failure:
                self._news = {"problem": SAVE_WORKS}
            else:  # the player never heard of it
                self._news = None
            self._told_failure = False

    def _shorten_journal(self, written: int) -> None:
        _shorten(self, written)

    # ---- waiting and closing -----------------------------------------------------------
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
        """Write what is pending, then stop the thread; an empty journal is removed.
        Idempotent; returns ``flush``'s answer."""
        done = self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join(timeout)
        with self._cond:
            if self._jfd is not None:
                try:
                    empty = os.fstat(self._jfd).st_size == 0
                    os.close(self._jfd)
                    if empty and self.status == "ok" and not self._dead:
                        self.journal_path.unlink()
                except OSError:
                    pass
                self._jfd = None
            if self._note is not None:
                with contextlib.suppress(OSError):
                    os.close(self._note)
                    if not self._marked and self.status == "ok" and not self._dead:
                        (self.folder / unsaved.NAME).unlink()  # a clean quit leaves no note
                self._note = None
        atexit.unregister(self.close)
        return done

    # ---- the writer thread ---------------------------------------------------------------
    def _run(self) -> None:
        retry: tuple[bytes, int] | None = None   # a document whose write failed
        pause = RETRY[0]
        while True:
            with self._cond:
                if retry is not None and self._pending is None and not self._closed:
                    self._cond.wait(pause)
                while self._pending is None and retry is None and not self._closed:
                    self._cond.wait()
                final = False
                if self._pending is not None:
                    item, self._pending = self._pending, None
                elif retry is not None:
                    item, final = retry, self._closed  # closing: one last try
                else:
                    return
                self._busy = True
            try:
                # looked up on the package, where tests replace it
                sys.modules[__package__].write_atomic(self.path, item[0])
                _kill_point("fold-after-write-before-cut")
            except SimulatedCrash:
                with self._cond:
                    self._busy = False
                    self._closed = self._dead = True
                    self._cond.notify_all()
                return
            except Exception as e:  # the app goes on; the write is tried again
                retry, pause = item, min(RETRY[1], pause * 2) if retry else RETRY[0]
                with self._cond:
                    self._fail(e)
                if self.on_error:
                    try:
                        self.on_error(e)
                    except Exception:
                        log.exception("on_error failed")
                if final:
                    with self._cond:
                        self._busy = False
                        self._cond.notify_all()
                    return
            else:
                retry = None
                self.writes += 1
                self.last_error = None
                with self._cond:
                    if self._jfd is not None:
                        try:
                            self._shorten_journal(item[1])
                        except OSError as e:
                            log.error("could not shorten the journal: %s", e)
                        except SimulatedCrash:  # a kill point of the rotation (tests)
                            self._busy = False
                            self._closed = self._dead = True
                            self._cond.notify_all()
                            return
                    if self._marked and item[1] == self._seq:  # every change is on disk
                        unsaved.clear(self._note)
                        self._marked = False
                    self._recovered()
            with self._cond:
                self._busy = False
                self._cond.notify_all()


JOURNAL_LIMIT = 256 * 1024  # a journal this long keeps only the lines the file lacks


def _shorten(saver: Saver, written: int) -> None:
    """Called under the saver's lock once the document of change ``written`` is on disk."""
    assert saver._jfd is not None  # the journal is open while documents are written
    if written == saver._seq:  # the document holds every change: the journal may go
        os.ftruncate(saver._jfd, 0)
        return
    if os.fstat(saver._jfd).st_size < JOURNAL_LIMIT:
        return
    # Changes keep coming faster than documents are written (a script playing): keep the
    # lines after ``written`` only, in a new journal renamed over the old one.
    with open(saver.journal_path, "rb") as f:
        lines = f.read().split(b"\n")[:-1]
    keep = [x + b"\n" for x in lines if journal.line_seq(x) > written]
    tmp = saver.journal_path.with_name(saver.journal_path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_BINARY", 0), 0o600)
    try:
        journal.append(fd, b"".join(keep))
    finally:
        os.close(fd)
    _kill_point("rotation-after-copy-before-replace")
    os.replace(tmp, saver.journal_path)
    _kill_point("rotation-after-replace-before-reopen")
    os.close(saver._jfd)
    saver._jfd = journal.open_for_append(saver.journal_path, os.path.getsize(saver.journal_path))


def save_notice(saver: Saver | None, current: dict[str, Any] | None) -> dict[str, Any] | None:
    """The view model's ``notice`` after a bridge call: news about saving replaces the
    current notice when that is a saving one too (or none); a notice about the file read at
    start waits until the player has seen it (``dismiss``)."""
    take = getattr(saver, "take_news", None)  # any object with a submit() may stand in
    if take is None or (current is not None and current.get("problem") not in NOTICES):
        return current
    return take() or current
