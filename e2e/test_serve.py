"""``harp-towers --serve``: 127.0.0.1 only, a per-run token (403 without it), a strict CSP;
and in both modes the page loads nothing from anywhere but 127.0.0.1 (issue: app window)."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from table import Table


@pytest.fixture
def served(data_dir):
    env = dict(os.environ, HARP_TOWERS_DATA_DIR=str(data_dir))
    exe = Path(sys.executable).with_name("harp-towers")
    proc = subprocess.Popen([str(exe), "--serve", "EH1-N-AAAAAAF"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = proc.stdout.readline()
    url = line.split("open ", 1)[1].strip()
    yield url
    proc.terminate()
    proc.wait(10)


def status(url: str, data: bytes | None = None, headers: dict | None = None) -> tuple[int, dict]:
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers)


@pytest.mark.rule("APP-01")
def test_serve_needs_its_token(served):
    parts = urlsplit(served)
    assert parts.hostname == "127.0.0.1"
    base = f"{parts.scheme}://{parts.netloc}"
    token = parts.query.split("token=", 1)[1]
    assert status(base + "/")[0] == 403
    assert status(base + "/?token=wrong")[0] == 403
    assert status(base + "/js/main.js")[0] == 403
    assert status(base + "/api/state", b"null", {"Content-Type": "application/json"})[0] == 403
    code, headers = status(served)
    assert code == 200 and "script-src 'self'" in headers["Content-Security-Policy"]
    assert "unsafe-eval" not in headers["Content-Security-Policy"]
    assert status(base + "/api/state", b"null", {"X-Harp-Token": token})[0] == 200
    assert status(base + "/api/__init__", b"null", {"X-Harp-Token": token})[0] == 404


def test_served_table_plays_and_stays_on_127_0_0_1(served, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    hosts = []
    page.on("request", lambda r: hosts.append(urlsplit(r.url).hostname))
    page.goto(served)
    t = Table(page)
    t.wait_ready()
    t.stock()
    expect(t.moves).to_have_text("1")
    page.close()
    assert hosts and set(hosts) == {"127.0.0.1"}


def test_the_real_window_loads_only_from_its_own_scheme(app):
    """The window's page and every file it loads come from harp://app/ (Qt serves frontend/
    itself, window.py): nothing goes over the network; a file not in frontend/ is not found."""
    t = app("EH1-N-AAAAAAF")
    urls = []
    t.page.on("request", lambda r: urls.append(r.url))
    t.page.reload()
    t.wait_ready()
    assert t.page.url == "harp://app/index.html"
    assert len(urls) >= 20, urls                  # the page, 4 CSS, 18 modules, a translation
    assert {urlsplit(u)[:2] for u in urls if not u.startswith("data:")} == {("harp", "app")}, urls
    found = t.page.evaluate("""async () => Promise.all(['js/main.js', 'nope.js', '../pyproject.toml']
        .map((p) => fetch('harp://app/' + p).then((r) => r.ok, () => false)))""")
    assert found == [True, False, False]
