"""Opening the app's own files at start so that no file can hang it (issue 41, item 1).

Every file the app reads or appends to at start (the document, the journal, the unsaved
note, the single-instance files, the log) is opened without blocking (a FIFO or a device in
its place would otherwise wait for ever for a writer or a reader), checked to be a regular
file, bounded in size, and read against a clock.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

READ_SECONDS = 2.0  # a read of one of our files that takes longer than this is given up
_CHUNK = 1 << 16


class NotRegular(OSError):
    """The path is a FIFO, a device, a socket or a folder: not a file the app may use."""


class TooLarge(OSError):
    """The file is larger than the app will read."""


def _open(path: Path, flags: int) -> int:
    fd = os.open(path, flags | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
                 | getattr(os, "O_CLOEXEC", 0), 0o600)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegular(f"{path} is not a regular file")
        if hasattr(os, "O_NONBLOCK"):  # POSIX: reads and writes wait again as usual
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def read_regular(path: Path, limit: int, seconds: float = READ_SECONDS) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them. Raises
    FileNotFoundError (no file), NotRegular, TooLarge (larger than ``limit``, or it grew
    past it while read), TimeoutError (the reads took longer than ``seconds``), OSError."""
    fd = _open(path, os.O_RDONLY)
    try:
        size = os.fstat(fd).st_size
        if size > limit:
            raise TooLarge(f"{path} holds {size} bytes (at most {limit})")
        deadline = time.monotonic() + seconds
        parts: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, _CHUNK)
            if not chunk:
                return b"".join(parts)
            total += len(chunk)
            if total > limit:
                raise TooLarge(f"{path} grew past {limit} bytes")
            parts.append(chunk)
            if time.monotonic() > deadline:
                raise TimeoutError(f"reading {path} took more than {seconds} s")
    finally:
        os.close(fd)


def open_append(path: Path) -> int:
    """A descriptor appending to the regular file at ``path`` (created when missing).
    Raises NotRegular, or OSError (a FIFO without a reader gives ENXIO at once, not a wait)."""
    return _open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND)


def is_regular_or_missing(path: Path) -> bool:
    """True when ``path`` is a regular file or nothing (a dangling link counts as nothing)."""
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except FileNotFoundError:
        return True
    except OSError:
        return False
