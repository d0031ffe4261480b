"""One running app per data folder: a second launch hands its text (a deal code, or "") to
the first and exits.

- The lock: ``instance.lock`` in the data folder, held with an OS file lock (``flock`` on
  POSIX, ``msvcrt.locking`` on Windows) for the life of the first instance. The OS drops it
  when the process dies however it dies, so a lock left by a dead process is simply taken.
- The channel: the first instance listens on 127.0.0.1 (a free port) and writes
  ``instance.json`` = ``{"port", "secret", "pid"}`` (mode 0600) in the data folder. A second
  launch sends one line ``{"secret", "text"}`` and waits for ``{"ok": true}``. The same code
  path on every OS; the secret keeps other local programs out.

Usage::

    primary = single.acquire(folder)
    if primary is None:                       # another instance runs
        sys.exit(0 if single.hand_over(folder, code or "") else 1)
    primary.set_handler(on_text)              # called on the listener thread
    ...
    primary.close()
"""

from __future__ import annotations

import hmac
import json
import logging
import os
import secrets
import socket
import threading
import time
from pathlib import Path
from collections.abc import Callable
from typing import IO

from . import platforms
from ..storage import data_dir, write_atomic
from ..storage.files import is_regular_or_missing, read_regular

INFO_MAX = 4096  # instance.json is a port and a secret

log = logging.getLogger("harptowers.desktop.single")

LOCK_NAME = "instance.lock"
INFO_NAME = "instance.json"
MAX_MESSAGE = 64 * 1024


def _try_lock(f: IO[bytes]) -> bool:
    return platforms.try_lock(f)   # flock on POSIX, msvcrt.locking on Windows


def _open_lock(folder: Path) -> IO[bytes]:
    if not is_regular_or_missing(folder / LOCK_NAME):  # a FIFO there would hang the start
        raise OSError(f"{folder / LOCK_NAME} is not a regular file")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return open(folder / LOCK_NAME, "a+b")
    except OSError:
        # A read-only folder (or a full disk) may still hold the lock file: a lock needs
        # only a descriptor, not the right to write.
        return open(folder / LOCK_NAME, "rb")


def is_running(folder: str | os.PathLike[str] | None = None) -> bool:
    """True when some instance (this process included) holds the lock of ``folder``."""
    folder = Path(folder) if folder is not None else data_dir()
    try:
        f = _open_lock(folder)
    except OSError:
        return False
    with f:
        return not _try_lock(f)  # closing the file releases a lock we just took


class Primary:
    """The first instance: holds the lock and receives the texts of later launches.

    Texts that arrive before ``set_handler`` are kept and delivered by it, in order.
    """

    def __init__(self, folder: Path, lock: IO[bytes], server: socket.socket, secret: str) -> None:
        self.folder = folder
        self.port: int = server.getsockname()[1]
        self._lock_file = lock
        self._server = server
        self._secret = secret
        self._guard = threading.Lock()
        self._handler: Callable[[str], None] | None = None
        self._queued: list[str] = []
        self._closed = False
        self._thread = threading.Thread(target=self._serve, name="harp-towers-single",
                                        daemon=True)
        self._thread.start()

    def set_handler(self, handler: Callable[[str], None]) -> None:
        """Deliver every handed-over text to ``handler(text)`` (first the queued ones, on
        this thread; later ones on the listener thread). ``text`` is what the second launch
        passed: a deal code, any text, or "" (just bring the window to the front)."""
        with self._guard:
            self._handler = handler
            queued, self._queued = self._queued, []
        for text in queued:
            self._call(handler, text)

    def close(self) -> None:
        """Stop listening, remove ``instance.json`` and release the lock. Idempotent."""
        with self._guard:
            if self._closed:
                return
            self._closed = True
        try:
            info = json.loads(read_regular(self.folder / INFO_NAME, INFO_MAX))
            if info.get("secret") == self._secret:
                (self.folder / INFO_NAME).unlink()
        except (OSError, ValueError, AttributeError):
            pass
        # A blocked accept() is not woken by close() on every OS: knock, then join.
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1.0).close()
        except OSError:
            pass
        self._thread.join(2)
        self._server.close()
        self._lock_file.close()

    def __enter__(self) -> Primary:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @staticmethod
    def _call(handler: Callable[[str], None], text: str) -> None:
        try:
            handler(text)
        except Exception:
            log.exception("the hand-over handler failed")

    def _take(self, text: str) -> Callable[[str], None] | None:
        """Queue ``text`` when no handler is set yet, else return the handler to call."""
        with self._guard:
            if self._handler is None:
                self._queued.append(text)
            return self._handler

    def _serve(self) -> None:
        self._server.settimeout(0.5)  # a fallback should the knock in close() not arrive
        while not self._closed:
            try:
                conn, _ = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                if self._closed:
                    return
                try:
                    text = self._receive(conn)
                    if text is None:
                        continue
                    # Queued (or about to be handled) before the sender hears "ok": a
                    # set_handler() after hand_over() returned sees every text.
                    handler = self._take(text)
                    conn.sendall(b'{"ok": true}\n')
                except (OSError, ValueError):
                    continue
            if handler is not None:
                self._call(handler, text)

    def _receive(self, conn: socket.socket) -> str | None:
        conn.settimeout(2.0)
        buf = b""
        while b"\n" not in buf:
            chunk = conn.recv(4096)
            if not chunk:
                return None
            buf += chunk
            if len(buf) > MAX_MESSAGE:
                return None
        msg = json.loads(buf.split(b"\n", 1)[0].decode("utf-8"))
        if not (isinstance(msg, dict) and isinstance(msg.get("secret"), str)
                and isinstance(msg.get("text"), str)
                and hmac.compare_digest(msg["secret"].encode(), self._secret.encode())):
            return None
        return msg["text"]


class Alone:
    """Stands for a Primary when the data folder cannot hold a lock at all (it is a file, a
    dangling link, read-only without a lock file): the app runs, unguarded and unreachable
    by a second launch; it cannot save there either, so two of them cannot spoil a file."""

    def set_handler(self, handler: Callable[[str], None]) -> None:
        pass

    def close(self) -> None:
        pass


def acquire_or_alone(folder: str | os.PathLike[str] | None = None) -> Primary | Alone | None:
    """``acquire(folder)``, or an ``Alone`` when the folder cannot hold the lock."""
    try:
        return acquire(folder)
    except OSError as e:
        log.error("no single-instance lock in %s: %s", folder, e)
        return Alone()


def acquire(folder: str | os.PathLike[str] | None = None,
            on_message: Callable[[str], None] | None = None) -> Primary | None:
    """Become the one instance of ``folder`` (default: the data folder), or None when another
    instance holds it. ``on_message`` is the same as a later ``set_handler``. Creates the
    folder. Raises OSError when the folder or the socket cannot be made."""
    folder = Path(folder) if folder is not None else data_dir()
    lock = _open_lock(folder)
    if not _try_lock(lock):
        lock.close()
        return None
    try:
        server = socket.create_server(("127.0.0.1", 0))
        secret = secrets.token_hex(16)
        info = {"port": server.getsockname()[1], "secret": secret, "pid": os.getpid()}
    except BaseException:
        lock.close()
        raise
    try:
        write_atomic(folder / INFO_NAME, json.dumps(info).encode("utf-8"))
    except OSError as e:  # a full disk: this app runs, a second launch cannot hand over
        log.error("could not write %s: %s", folder / INFO_NAME, e)
    primary = Primary(folder, lock, server, secret)
    if on_message is not None:
        primary.set_handler(on_message)
    return primary


def hand_over(folder: str | os.PathLike[str] | None, text: str, timeout: float = 5.0) -> bool:
    """Send ``text`` to the instance running on ``folder``. True once it has confirmed; False
    when no instance holds the lock, or none answered within ``timeout`` seconds (it may be
    starting: the port file is retried until then). Raises ValueError for a text over 64 kB."""
    folder = Path(folder) if folder is not None else data_dir()
    if len(json.dumps({"secret": "0" * 32, "text": text}).encode("utf-8")) >= MAX_MESSAGE:
        raise ValueError(f"the text to hand over is longer than {MAX_MESSAGE} bytes")
    deadline = time.monotonic() + timeout
    while True:
        if not is_running(folder):
            return False
        try:
            info = json.loads(read_regular(folder / INFO_NAME, INFO_MAX))
            port, secret = int(info["port"]), str(info["secret"])
        except (OSError, ValueError, KeyError, TypeError):
            port = 0
            secret = ""
        if port:
            line = json.dumps({"secret": secret, "text": text}) + "\n"
            left = max(0.1, deadline - time.monotonic())
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=min(left, 3.0)) as s:
                    s.sendall(line.encode("utf-8"))
                    reply = s.makefile("rb").readline(1024)
                if json.loads(reply or b"null") == {"ok": True}:
                    return True
            except (OSError, ValueError):
                pass
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)
