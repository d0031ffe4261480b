"""``harp-towers --serve``: the same table for a browser, on 127.0.0.1 only, behind a
per-run secret token (requests without it get 403)."""

from __future__ import annotations

import hmac
import json
import mimetypes
import secrets
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .api import Api

CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'")
# the bridge exposes only these game methods
METHODS = ("state", "new_game", "play", "tap", "double_tap", "stock", "undo", "redo",
           "settings", "statistics", "dismiss", "examples", "open_example", "example_step",
           "leave_example", "clock", "hint")


def make_server(api: Api, root: Path, port: int = 0, token: str | None = None
                ) -> tuple[ThreadingHTTPServer, str]:
    """An HTTP server bound to 127.0.0.1 serving ``root`` and ``/api/<method>``.
    Returns the server (not yet serving) and the token."""
    token = token or secrets.token_urlsafe(24)
    root = root.resolve()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # quiet
            pass

        def _authorised(self) -> bool:
            url = urlsplit(self.path)
            given = parse_qs(url.query).get("token", [""])[0] or self.headers.get("X-Harp-Token", "")
            cookies = dict(p.strip().split("=", 1) for p in self.headers.get("Cookie", "").split(";")
                           if "=" in p)
            given = given or cookies.get("harp_token", "")
            return hmac.compare_digest(given.encode(), token.encode())

        def _send(self, status: int, body: bytes, ctype: str, cookie: bool = False) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Content-Security-Policy", CSP)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Cache-Control", "no-store")
            if cookie:
                self.send_header("Set-Cookie", f"harp_token={token}; HttpOnly; SameSite=Strict; Path=/")
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
            if not self._authorised():
                return self._send(403, b"{}", "application/json")
            path = urlsplit(self.path).path
            method = path.removeprefix("/api/")
            if not path.startswith("/api/") or method not in METHODS:
                return self._send(404, b"{}", "application/json")
            length = int(self.headers.get("Content-Length") or 0)
            try:
                arg = json.loads(self.rfile.read(length) or b"null")
            except ValueError:
                arg = "not JSON"  # Api answers a clear error
            answer = getattr(api, method)(arg)
            self._send(HTTPStatus.OK, json.dumps(answer).encode(), "application/json")

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    return server, token


def serve(code: str | None = None, port: int = 0) -> int:
    """Run ``--serve`` until interrupted; prints the URL (with its token) to open."""
    from .window import frontend_dir, open_session

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
