"""Start the app, attach over CDP, see the table, play one move: the steps the packaging checks
share (check.py: the bundle, the venv and the wheel; deb.py: the installed .deb)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ARTIFACTS = ROOT / "artifacts" / "packaging"
READY = 'body[data-ready="1"]'

class CheckFailed(Exception):
    pass


def say(msg: str) -> None:
    print(f"check.py: {msg}", flush=True)


class Steps:
    def __init__(self) -> None:
        self.passed: list[str] = []
        self.times: dict[str, float] = {}

    @contextlib.contextmanager
    def step(self, name: str):
        say(f"--- {name}")
        t0 = time.monotonic()
        yield
        dt = time.monotonic() - t0
        self.times[name] = dt
        self.passed.append(name)
        say(f"ok  {name} ({dt:.1f} s)")


def run(cmd: list, **kw) -> subprocess.CompletedProcess:
    kw.setdefault("check", False)
    kw.setdefault("capture_output", True)
    kw.setdefault("text", True)
    r = subprocess.run([str(c) for c in cmd], **kw)  # noqa: PLW1510 - check is in kw
    if r.returncode != 0:
        raise CheckFailed(f"{' '.join(map(str, cmd))} exited {r.returncode}\n"
                          f"{(r.stdout or '')[-3000:]}{(r.stderr or '')[-3000:]}")
    return r


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def clean_env(home: Path, data_dir: Path, port: int) -> dict[str, str]:
    """The caller's environment (DISPLAY, LANG …) minus anything that would let the app find
    the repo's Python, with a private HOME and data folder."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "XDG_DATA_HOME",
                        "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")}
    env["PATH"] = os.pathsep.join(p for p in env.get("PATH", "").split(os.pathsep)
                                  if not p.startswith(str(ROOT)))
    env.update(HOME=str(home), HARP_TOWERS_DATA_DIR=str(data_dir),
               QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{port}")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"  # Chromium refuses root without it (RECIPES)
    return env


def _tail(path: Path, n: int = 60) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-n:])
    except OSError:
        return "(no output)"


def stop(proc: subprocess.Popen) -> int | None:
    """Ask the app to quit like Ctrl+C does, then insist; end its helper processes too."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.terminate()
            try:
                proc.wait(5)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)  # QtWebEngineProcess helpers, if any are left
    return proc.returncode


def play(pw, label: str, argv: list, *, home: Path, work: Path, move: bool,
         timeout: float = 60, private_data: bool = True) -> dict:
    """Start the app, attach over CDP with the running Playwright ``pw`` (started beforehand:
    its driver takes about a second to start), check the table (and one move). Returns timings."""
    from playwright.sync_api import expect

    port = free_port()
    data_dir = Path(tempfile.mkdtemp(prefix="data-", dir=work))
    out_path = work / f"{label}-{port}.log"
    env = clean_env(home, data_dir, port)
    if not private_data:   # the player's own folders under HOME, as an installed app uses them
        del env["HARP_TOWERS_DATA_DIR"]
    with open(out_path, "wb") as out:
        t0 = time.monotonic()
        proc = subprocess.Popen([str(a) for a in argv], env=env, cwd=home, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    page = None
    result: dict = {"label": label}
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = t0 + timeout
        while True:
            if proc.poll() is not None:
                raise CheckFailed(f"{label}: the app exited ({proc.returncode}) before its "
                                  "DevTools port answered")
            try:
                with urllib.request.urlopen(url + "/json/version", timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise CheckFailed(f"{label}: no DevTools on {url} after {timeout:.0f} s") \
                        from None
                time.sleep(0.05)
        result["devtools_s"] = time.monotonic() - t0
        browser = pw.chromium.connect_over_cdp(url, no_defaults=True,
                                               timeout=max(deadline - time.monotonic(), 1) * 1000)
        while not (browser.contexts and browser.contexts[0].pages):
            if time.monotonic() > deadline:
                raise CheckFailed(f"{label}: the app shows no page")
            time.sleep(0.05)
        page = browser.contexts[0].pages[0]
        try:
            early = page.evaluate("document.body ? document.body.dataset.ready === '1' : false")
        except Exception:  # noqa: BLE001 - the page may be navigating: not ready then
            early = False
        page.wait_for_selector(READY, state="attached",
                               timeout=max(deadline - time.monotonic(), 1) * 1000)
        result["ready_s"] = time.monotonic() - t0
        result["ready_upper_bound"] = bool(early)
        code = page.locator('[data-testid="deal-code"]').inner_text().strip()
        if not code:
            raise CheckFailed(f"{label}: the deal code is empty")
        result["deal_code"] = code
        if move:
            moves = page.locator('[data-testid="moves"]')
            page.locator('[data-pile="s"]').click()
            expect(moves).to_have_text("1", timeout=10_000)
            result["moved"] = True
        browser.close()  # disconnects only; the app keeps running
    except Exception as e:
        if page is not None:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(Exception):
                page.screenshot(path=str(ARTIFACTS / f"{label}.png"))
        stop(proc)
        say(f"{label}: app output (last lines):\n{_tail(out_path)}")
        if isinstance(e, CheckFailed):
            raise
        raise CheckFailed(f"{label}: {type(e).__name__}: {e}") from e
    rc = stop(proc)
    result["exit_status"] = rc
    log_file = data_dir / "harp-towers.log"
    result["log_file"] = log_file.is_file()
    mark = "<=" if result["ready_upper_bound"] else ""
    say(f"{label}: table after {mark}{result['ready_s']:.2f} s (DevTools after "
        f"{result['devtools_s']:.2f} s), deal {result['deal_code']}"
        + (", move ok" if move else "") + f", exit status {rc}"
        + (", log file written" if result["log_file"] else ""))
    if rc not in (0, -signal.SIGINT):
        say(f"{label}: warning: the app did not quit cleanly on SIGINT (status {rc})")
    return result


def timing_runs(pw, label: str, argv: list, runs: int, **kw) -> list[dict]:
    return [play(pw, f"{label}{i + 1}" if runs > 1 else label, argv, move=(i == 0), **kw)
            for i in range(runs)]
