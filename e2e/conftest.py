"""Two ways to reach the real front end:

- ``harness``: the real ``frontend/`` in Debian's headless Chromium, with
  ``window.pywebview.api`` routed to a real Python ``Api`` in this test process.
- ``app``: the real ``harp-towers`` window (Qt under Xvfb), Playwright attached over CDP.

Both yield a :class:`Table`. A failing test leaves a screenshot and the page's console log in
``artifacts/`` (printed by tools/test.sh).
"""

from __future__ import annotations

import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from harptowers.api import Api
from harptowers.serve import METHODS
from harptowers.start import frontend_dir

# e2e/ is a package (e2e/__init__.py) so that its test modules may share a basename with
# tests/ (test_hints.py, test_examples.py) in one pytest run; its helpers stay importable
# by their plain names (table, test_flow).
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from table import Table

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "artifacts"
CHROMIUM = os.environ.get("HARP_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


def _save_artefacts(request, page, console: list[str]) -> None:
    rep = getattr(request.node, "rep_call", None)
    if rep is None or not rep.failed:
        return
    ARTIFACTS.mkdir(exist_ok=True)
    name = request.node.nodeid.replace("/", "_").replace("::", "-").replace("[", "-").strip("]")
    try:
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"))
    except Exception as e:  # the page may be gone; the log still helps
        console.append(f"(no screenshot: {e})")
    (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(console) + "\n")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def playwright_session():
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session):
    b = playwright_session.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture(scope="session")
def static_url():
    """frontend/ over HTTP on 127.0.0.1 (ES modules do not load from file://)."""
    handler = functools.partial(_QuietHandler, directory=str(frontend_dir()))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/index.html"
    server.shutdown()


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    d = tmp_path / "data"
    d.mkdir()
    monkeypatch.setenv("HARP_TOWERS_DATA_DIR", str(d))
    return d


def _route_api(page, api: Api, calls: list[str]) -> None:
    def call(method, arg):
        calls.append(method)
        return getattr(api, method)(arg)
    page.expose_function("__harpCall", call)
    methods = ", ".join(f"'{m}'" for m in METHODS)
    page.add_init_script(f"""
        window.pywebview = {{ api: {{}} }};
        for (const m of [{methods}]) {{
            window.pywebview.api[m] = (arg) => window.__harpCall(m, arg === undefined ? null : arg);
        }}
        setTimeout(() => window.dispatchEvent(new Event('pywebviewready')), 0);
    """)


def open_harness(browser, static_url, request, code: str, *, touch: bool = False,
                 api: Api | None = None):
    """A page of the real frontend routed to a real in-process Api on ``code``."""
    api = api or Api(code)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, has_touch=touch)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    calls: list[str] = []
    _route_api(page, api, calls)
    page.goto(static_url)
    table = Table(page)
    table.wait_ready()
    table.api = api  # for tests that check the engine side (never to make moves)
    table.calls = calls  # the bridge methods the page called, in order
    request.addfinalizer(lambda: (_save_artefacts(request, page, console), context.close()))
    return table


@pytest.fixture
def harness(browser, static_url, request, data_dir):
    """Factory: ``harness(code, touch=False)`` → Table on the real frontend in Chromium."""
    return lambda code, **kw: open_harness(browser, static_url, request, code, **kw)


def _launch(data_dir: Path, args: tuple[str, ...]):
    """The app on a free debugging port, once that port answers; None when the app could not
    bind it (another process took the port between our look and the app's bind: a run of many
    starts meets that now and then). Returns (process, port, its log file)."""
    port = free_port()
    env = dict(os.environ, QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{port}",
               HARP_TOWERS_DATA_DIR=str(data_dir), QT_API="pyside6", PYWEBVIEW_GUI="qt")
    if os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
    exe = Path(sys.executable).with_name("harp-towers")
    log = open(data_dir / "app.log", "w")
    proc = subprocess.Popen([str(exe), *args], env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while True:
        if "Cannot start http server for devtools" in (data_dir / "app.log").read_text():
            proc.kill()
            proc.wait(10)
            log.close()
            return None
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/json/version", timeout=1).read()
            return proc, port, log
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the app did not start: {(data_dir / 'app.log').read_text()}") from None
            time.sleep(0.05)


def start_app(playwright_session, request, data_dir: Path, *args: str):
    """Start the real app (Qt) with its own data folder; attach over CDP; return Table."""
    for _ in range(3):
        started = _launch(data_dir, args)
        if started is not None:
            break
    else:
        raise RuntimeError(f"the app found no free debugging port: {(data_dir / 'app.log').read_text()}")
    proc, port, log = started
    browser = playwright_session.chromium.connect_over_cdp(f"http://127.0.0.1:{port}",
                                                           no_defaults=True)
    page = browser.contexts[0].pages[0]
    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
    table = Table(page)
    table.process = proc

    def stop() -> None:
        _save_artefacts(request, page, console + [f"--- app.log ---\n{(data_dir / 'app.log').read_text()}"])
        browser.close()
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
        log.close()

    request.addfinalizer(stop)
    table.wait_ready()
    return table


@pytest.fixture
def app(playwright_session, request, data_dir):
    """Factory: ``app(*args)`` → Table on the real window started with those arguments."""
    return lambda *args: start_app(playwright_session, request, data_dir, *args)
