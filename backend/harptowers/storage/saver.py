"""Writing documents: ``save`` (now) and ``Saver`` (on a background thread)."""

from __future__ import annotations

import atexit
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .atomic import SimulatedCrash, write_atomic
from .schema import encode
from .where import FILE_NAME, _folder

log = logging.getLogger("harptowers.storage")


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
                # looked up on the package, where tests replace it
                sys.modules[__package__].write_atomic(self.path, data)
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

