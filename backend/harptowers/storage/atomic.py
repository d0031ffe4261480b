"""Atomic writes: a crash at any instant leaves either the old file or the new one."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from pathlib import Path

CRASH_POINTS = ("after-write-before-fsync", "after-fsync-before-rename",
                "after-rename-before-dirsync",
                # the saver's (saver.py): a fold of the journal into the document, a rotation
                "fold-after-write-before-cut", "rotation-after-copy-before-replace",
                "rotation-after-replace-before-reopen")


class SimulatedCrash(BaseException):
    """Raised at the kill point named by ``storage._crash_at``. A BaseException, so no cleanup
    runs on the way out (the temporary file stays behind), as after a real kill."""


def _kill_point(name: str) -> None:
    # The switch lives on the package (``storage._crash_at``, ``storage._crash``), where the
    # tests set it.
    pkg = sys.modules[__package__]
    if getattr(pkg, "_crash_at", None) == name:
        pkg._crash()


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


