"""``harp-towers --serve``: 127.0.0.1 only, a per-run token (403 without it), a strict CSP;
and in both modes the page loads nothing from anywhere but 127.0.0.1 (issue: app window)."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
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
    json_type = {"Content-Type": "application/json"}
    assert status(base + "/api/state", b"null", {"X-Harp-Token": token, **json_type})[0] == 200
    assert status(base + "/api/__init__", b"null", {"X-Harp-Token": token, **json_type})[0] == 404


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


# ---- issue 14: other origins, hostile numbers, load ------------------------------------------
def parts(url: str) -> tuple[str, str]:
    p = urlsplit(url)
    return f"{p.scheme}://{p.netloc}", p.query.split("token=", 1)[1]


def api_call(url: str, method: str, arg, headers: dict | None = None) -> tuple[int, dict | None]:
    base, token = parts(url)
    h = {"X-Harp-Token": token, "Content-Type": "application/json", **(headers or {})}
    req = urllib.request.Request(f"{base}/api/{method}", data=json.dumps(arg).encode(),
                                 headers=h)
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, None


def test_a_page_on_another_port_of_127_0_0_1_cannot_act(served, browser, static_url):
    """The cookie goes with requests from any port of 127.0.0.1 (ports do not separate
    sites): such a page must not reset the statistics, replace the game or change settings."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(served)
    t = Table(page)
    t.wait_ready()
    t.stock()
    expect(t.moves).to_have_text("1")
    before = api_call(served, "statistics", {})[1]["statistics"]["easy-harp/N"]
    assert before["played"] == 1
    base, _ = parts(served)
    evil = context.new_page()
    # another origin: 127.0.0.1, another port; a page of no CSP (the table's own page
    # would not let its scripts reach another port at all)
    evil.goto(static_url.rsplit("/", 1)[0] + "/no-such-page")
    assert urlsplit(evil.url).port != urlsplit(served).port
    results = evil.evaluate("""async (base) => {
        const tries = [
          ['statistics', '{"reset": true}', 'text/plain', 'no-cors'],
          ['new_game', '{"code": "SH1-C4-AAAAAJ2"}', 'text/plain', 'no-cors'],
          ['settings', '{"four_colour": true}', 'application/x-www-form-urlencoded', 'no-cors'],
          ['new_game', '{"code": "SH1-C4-AAAAAJ2"}', 'application/json', 'cors'],
        ];
        const out = [];
        for (const [m, body, type, mode] of tries) {
          try {
            const r = await fetch(base + '/api/' + m, {method: 'POST', body, mode,
              credentials: 'include', headers: {'Content-Type': type}});
            out.push(r.type + ' ' + r.status);
          } catch (e) { out.push('blocked'); }
        }
        return out;
    }""", base)
    assert results[3] == "blocked"  # the browser asked first, and was not allowed
    state = api_call(served, "state", None)[1]["state"]
    assert state["code"] == "EH1-N-AAAAAAF" and state["moves"] == 1
    assert state["settings"]["four_colour"] is False
    assert api_call(served, "statistics", {})[1]["statistics"]["easy-harp/N"] == before
    context.close()


def test_actions_need_the_header_token_json_and_this_origin(served):
    base, token = parts(served)
    assert api_call(served, "state", None)[0] == 200
    cookie = {"Cookie": f"harp_token={token}"}
    req = urllib.request.Request(f"{base}/api/state", data=b"null",
                                 headers={**cookie, "Content-Type": "application/json"})
    assert status(req.full_url, req.data, dict(req.headers))[0] == 403  # the cookie alone
    assert api_call(served, "state", None, {"Content-Type": "text/plain"})[0] == 403
    assert api_call(served, "state", None, {"Origin": "http://127.0.0.1:1"})[0] == 403
    assert api_call(served, "state", None, {"Sec-Fetch-Site": "same-site"})[0] == 403
    port = urlsplit(served).port
    assert api_call(served, "state", None, {"Host": f"rebound.example:{port}"})[0] == 403
    assert status(f"{base}/js/main.js", None, {**cookie, "Sec-Fetch-Site": "same-site"})[0] == 403
    assert status(f"{base}/js/main.js", None, {**cookie, "Sec-Fetch-Site": "same-origin"})[0] == 200
    assert api_call(served, "state", None, {"Origin": base})[0] == 200


def test_a_number_no_page_could_send_breaks_nothing(served):
    base, token = parts(served)
    body = b'{"elapsed_ms": 1' + b"0" * 308 + b"}"
    req = urllib.request.Request(f"{base}/api/clock", data=body, headers={
        "X-Harp-Token": token, "Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        answer = json.loads(r.read())
    assert answer["ok"] is False and answer["error"]["code"] == "bad-argument"
    code, later = api_call(served, "stock", None)
    assert code == 200 and later["ok"] is True


@pytest.fixture
def served_few_files(data_dir):
    """--serve with at most 128 open files, as a small system limit would allow."""
    env = dict(os.environ, HARP_TOWERS_DATA_DIR=str(data_dir))
    exe = Path(sys.executable).with_name("harp-towers")

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (128, 128))

    proc = subprocess.Popen([str(exe), "--serve", "EH1-N-AAAAAAF"], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, preexec_fn=limit)
    url = proc.stdout.readline().split("open ", 1)[1].strip()
    yield url, proc
    proc.terminate()
    proc.wait(10)


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_idle_connections_neither_spin_nor_lock_out_the_table(served_few_files):
    url, proc = served_few_files
    host, port = urlsplit(url).hostname, urlsplit(url).port
    idle = []
    for _ in range(140):  # more than the server may have files open
        s = socket.socket()
        s.settimeout(5)
        with contextlib.suppress(OSError):
            s.connect((host, port))
        idle.append(s)
    time.sleep(0.5)
    cpu = cpu_seconds(proc.pid)
    time.sleep(2.0)
    assert cpu_seconds(proc.pid) - cpu < 1.0  # not spinning (a spin burns ~2 s in 2 s)
    code, answer = api_call(url, "state", None)  # waits for idle ones to time out
    assert code == 200 and answer["ok"] is True
    for s in idle:
        s.close()


def test_a_hundred_simultaneous_calls_are_all_answered(served):
    barrier = threading.Barrier(100)
    codes = []

    def one() -> None:
        barrier.wait()
        try:
            codes.append(api_call(served, "state", None)[0])
        except OSError as e:
            codes.append(str(e))

    threads = [threading.Thread(target=one) for _ in range(100)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(60)
    assert codes == [200] * 100
