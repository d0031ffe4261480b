"""``harp-towers --serve``: the same table for a browser, on 127.0.0.1 only, behind a
per-run secret token (requests without it get 403). docs/durability.md has the threat model.

- Every request must name this server in ``Host`` (127.0.0.1 or localhost, this port): a
  page that rebinds its own name to 127.0.0.1 gets 403.
- An action (``POST /api/<method>``) must carry the token in the ``X-Harp-Token`` header
  and the type ``application/json``, and, when the browser says where it comes from
  (``Origin``, ``Sec-Fetch-Site``), come from this server's own origin. The cookie alone
  never acts: ports do not separate sites, so a page on another port of 127.0.0.1 gets it
  too. A header and that content type make a browser ask first (CORS), and no answer here
  allows it.
- The cookie lets the page load its own files; only from the same origin.
- A connection is held without a thread until it sends its request (at most ``MAX_HELD``
  held, each dropped after ``TIMEOUT`` seconds of silence); at most ``MAX_CONNECTIONS``
  requests are served at once, each read with the same timeout.
"""

from __future__ import annotations

import contextlib
import errno
import hmac
import json
import logging
import mimetypes
import secrets
import selectors
import sys
import threading
import time
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from .api import Api

log = logging.getLogger("harptowers.serve")

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'")
# the bridge exposes only these game methods
METHODS = ("state", "new_game", "play", "tap", "double_tap", "stock", "undo", "redo",
           "settings", "statistics", "dismiss", "examples", "open_example", "example_step",
           "leave_example", "clock", "hint", "read_code")
MAX_CONNECTIONS = 32     # requests served at once
MAX_HELD = 512           # connections held open waiting for their request
BACKLOG = 128
TIMEOUT = 2.0            # seconds a connection may stay silent (a browser sends at once)
MAX_BODY = 1024 * 1024   # the largest request body read (a pasted text is far smaller)


def held_cap() -> int:
    """How many connections may be held: ``MAX_HELD``, or fewer under a small limit on open
    files (half of it, less room for the app's own files)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):  # Windows: no such limit here
        return MAX_HELD
    if soft == resource.RLIM_INFINITY:
        return MAX_HELD
    return max(8, min(MAX_HELD, soft // 2 - 32))


class BoundedServer(ThreadingHTTPServer):
    """Connections are accepted at once and held, without a thread, until they send
    something (issue 41, item 7): then a handler thread serves them, at most
    ``MAX_CONNECTIONS`` at a time. A connection silent for ``TIMEOUT`` seconds is dropped;
    at most ``MAX_HELD`` are held (the oldest silent one goes for a new one). So idle or
    half-open connections neither run the process out of file descriptors nor keep an
    authorised call waiting behind them (300 idle connections used to delay one by 7.8 s)."""

    daemon_threads = True
    request_queue_size = BACKLOG

    def __init__(self, *args, **kwargs) -> None:
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._held: dict[Any, tuple[Any, float]] = {}  # socket: (address, since)
        self._held_lock = threading.Lock()
        self._selector = selectors.DefaultSelector()
        self._stopping = threading.Event()
        self._cap = held_cap()
        super().__init__(*args, **kwargs)
        self._watcher = threading.Thread(target=self._watch, name="harp-towers-serve-watch",
                                         daemon=True)
        self._watcher.start()

    def process_request(self, request, client_address) -> None:
        """Hold the new connection until it sends its request (no thread meanwhile)."""
        with self._held_lock:
            if len(self._held) >= min(self._cap, MAX_HELD):
                self._drop(min(self._held, key=lambda s: self._held[s][1]))
            self._held[request] = (client_address, time.monotonic())
            self._selector.register(request, selectors.EVENT_READ)

    def get_request(self):
        try:
            return super().get_request()
        except OSError as e:
            if e.errno in (errno.EMFILE, errno.ENFILE):  # out of files: no busy loop
                time.sleep(0.05)
            raise

    def _drop(self, sock) -> None:
        """Under ``_held_lock``: forget and close a held connection."""
        self._held.pop(sock, None)
        with contextlib.suppress(KeyError, ValueError, OSError):
            self._selector.unregister(sock)
        with contextlib.suppress(OSError):
            self.shutdown_request(sock)

    def _watch(self) -> None:
        while not self._stopping.is_set():
            try:
                events = self._selector.select(0.1) if self._held else []
            except (OSError, ValueError):
                events = []
            if not events:
                time.sleep(0.01 if self._held else 0.05)
            now = time.monotonic()
            with self._held_lock:
                for key, _ in events:
                    sock = key.fileobj
                    if sock not in self._held:
                        continue
                    addr = self._held.pop(sock)[0]
                    with contextlib.suppress(KeyError, ValueError):
                        self._selector.unregister(sock)
                    threading.Thread(target=self._serve_one, args=(sock, addr),
                                     daemon=True).start()
                for sock, (_addr, since) in list(self._held.items()):
                    if now - since > TIMEOUT:
                        self._drop(sock)

    def _serve_one(self, sock, addr) -> None:
        with self._slots:  # at most MAX_CONNECTIONS requests served at once
            self.process_request_thread(sock, addr)

    def server_close(self) -> None:
        self._stopping.set()
        with self._held_lock:
            for sock in list(self._held):
                self._drop(sock)
        super().server_close()
        self._selector.close()


def make_server(api: Api, root: Path, port: int = 0, token: str | None = None
                ) -> tuple[ThreadingHTTPServer, str]:
    """An HTTP server bound to 127.0.0.1 serving ``root`` and ``/api/<method>``.
    Returns the server (not yet serving) and the token."""
    secret: str = token or secrets.token_urlsafe(24)
    root = root.resolve()

    class Handler(BaseHTTPRequestHandler):
        timeout = TIMEOUT

        def log_message(self, *args) -> None:  # quiet
            pass

        def _origins(self) -> set[str]:
            port = self.server.server_address[1]  # type: ignore[index]  # an (host, port) pair
            return {f"http://127.0.0.1:{port}", f"http://localhost:{port}"}

        def _own_host(self) -> bool:
            host = self.headers.get("Host", "")
            return f"http://{host}" in self._origins()

        def _same_origin(self) -> bool:
            """False when the browser says the request comes from another origin."""
            origin = self.headers.get("Origin")
            if origin is not None and origin not in self._origins():
                return False
            return self.headers.get("Sec-Fetch-Site", "same-origin") in ("same-origin", "none")

        @staticmethod
        def _match(given: str) -> bool:
            return hmac.compare_digest(given.encode(), secret.encode())

        def _authorised(self) -> bool:
            """For files: the token in the URL, or the cookie from this origin."""
            if not self._own_host():
                return False
            url = urlsplit(self.path)
            given = parse_qs(url.query).get("token", [""])[0]
            if given:
                return self._match(given)
            if not self._same_origin():
                return False
            cookies = dict(p.strip().split("=", 1)
                           for p in self.headers.get("Cookie", "").split(";") if "=" in p)
            return self._match(cookies.get("harp_token", ""))

        def _may_act(self) -> bool:
            """For actions: the token in the header, JSON, from this origin."""
            ctype = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
            return (self._own_host() and self._same_origin() and ctype == "application/json"
                    and self._match(self.headers.get("X-Harp-Token", "")))

        def _send(self, status: int, body: bytes, ctype: str, cookie: bool = False) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Content-Security-Policy", CSP)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Cache-Control", "no-store")
            if cookie:
                self.send_header("Set-Cookie",
                                 f"harp_token={secret}; HttpOnly; SameSite=Strict; Path=/")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            if not self._authorised():
                return self._send(403, b"403: this table needs its token\n", "text/plain")
            path = urlsplit(self.path).path
            target = (root / path.lstrip("/")).resolve()
            if path == "/":
                target = root / "index.html"
            if root not in target.parents and target != root / "index.html" or not target.is_file():
                return self._send(404, b"not found\n", "text/plain")
            ctype = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
            if target.suffix == ".js":
                ctype = "text/javascript"
            self._send(200, target.read_bytes(), ctype, cookie=path == "/")

        def do_POST(self) -> None:
            if not self._may_act():
                return self._send(403, b"{}", "application/json")
            path = urlsplit(self.path).path
            method = path.removeprefix("/api/")
            if not path.startswith("/api/") or method not in METHODS:
                return self._send(404, b"{}", "application/json")
            try:
                length = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                length = -1
            if not 0 <= length <= MAX_BODY:
                return self._send(413, b"{}", "application/json")
            try:
                arg = json.loads(self.rfile.read(length) or b"null")
            except (ValueError, RecursionError):
                arg = "not JSON"  # Api answers a clear error
            try:
                answer = getattr(api, method)(arg)
            except Exception:  # a bug: the page gets an answer, the log the traceback
                log.exception("bridge call %s failed", method)
                body = {"ok": False, "error": {"code": "internal", "message": "internal error"}}
                return self._send(500, json.dumps(body).encode(), "application/json")
            self._send(HTTPStatus.OK, json.dumps(answer).encode(), "application/json")

    server = BoundedServer(("127.0.0.1", port), Handler)
    return server, secret


def serve(code: str | None = None, port: int = 0) -> int:
    """Run ``--serve`` until interrupted; prints the URL (with its token) to open."""
    from .start import frontend_dir, open_session

    session = open_session(code)
    if session is None:
        return 1
    api, saver, primary = session
    try:
        server, token = make_server(api, frontend_dir(), port)
    except OSError as e:
        print(f"harp-towers: cannot serve on 127.0.0.1:{port}: {e.strerror or e}", file=sys.stderr)
        saver.close()
        primary.close()
        return 2
    host, real_port = server.server_address[:2]
    host = host.decode() if isinstance(host, bytes) else host
    print(f"Harp & Towers: open http://{host}:{real_port}/?token={token}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        saver.close()
        primary.close()
    print("stopped", file=sys.stderr)
    return 0
