"""The real app under a bench: ``harp-towers`` (or bench/_launch.py) in its own data folder,
with its own CDP port, Playwright attached over CDP as e2e/conftest.py does; and a saved
position to open it on. bench/_common.py re-exports these."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from _procs import children_tree, stop_tree, tree_memory

BENCH = Path(__file__).resolve().parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def qt_env(port: int, env: dict[str, str] | None = None) -> dict[str, str]:
    """``env`` (default: ours) for a pywebview app on Qt with its DevTools on ``port``."""
    env = dict(os.environ if env is None else env, QT_API="pyside6", PYWEBVIEW_GUI="qt",
               QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{port}")
    if os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
    return env


def app_env(port: int, data_dir: Path) -> dict[str, str]:
    return dict(qt_env(port), HARP_TOWERS_DATA_DIR=str(data_dir))


def harp_exe() -> Path:
    exe = Path(sys.executable).with_name("harp-towers")
    if not exe.exists():
        raise SystemExit(f"{exe} is missing: run the README's set-up (pip install -e '.[app,test]')")
    return exe


def pyside_drops_refs() -> bool:
    """True for PySide6 6.12.x on Python < 3.12: its runJavaScript/QWebChannel path drops a
    reference to None/True per call and the app aborts after ~1 500-2 000 bridge calls
    (pyproject pins 6.11.3 for that reason; bench/memory.py checks it every run)."""
    if sys.version_info >= (3, 12):
        return False
    try:
        from importlib.metadata import version

        return version("PySide6").startswith("6.12")
    except Exception:
        return False


REFCOUNT_PAD = 300_000   # extra references to each of None/True/False: some 300 000 bridge calls


class App:
    """The real app in its own data folder, Playwright attached over CDP.

    ``launcher``: start it through bench/_launch.py (the same ``harptowers.cli.main`` with
    timestamps of the start-up phases written to ``marks_file``) instead of the
    ``harp-towers`` script.
    """

    def __init__(self, playwright, *args: str, data_dir: Path | None = None,
                 launcher: bool = False, refcount_guard: bool = False,
                 backend: Path | None = None) -> None:
        self.pw = playwright
        self.args = list(args)
        # backend: another checkout's backend/ folder (startup.py --against): the app is
        # started from it, with this interpreter and its installed libraries
        self.backend = backend
        self._tmp = None
        if data_dir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="harp-bench-")
            data_dir = Path(self._tmp.name)
        self.data_dir = Path(data_dir)
        # refcount_guard: start through bench/_launch.py with the None/True/False padding
        # (see there) when this PySide6 is known to abort after ~1 500-2 000 bridge calls
        self.refcount_guard = refcount_guard and pyside_drops_refs()
        self.launcher = launcher or self.refcount_guard
        self.marks_file = self.data_dir / "bench-marks.jsonl"
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.browser = None
        self.page = None
        self.console: list[str] = []
        self.spawn_wall = 0.0

    # -- life cycle
    def start(self) -> "App":
        env = app_env(self.port, self.data_dir)
        if self.refcount_guard:
            env["HARP_BENCH_REFCOUNT_PAD"] = str(REFCOUNT_PAD)
        if self.launcher:
            env["HARP_BENCH_MARKS"] = str(self.marks_file)
            cmd = [sys.executable, str(BENCH / "_launch.py"), *self.args]
        elif self.backend is not None:
            start = (f"import sys; sys.path.insert(0, {str(self.backend)!r}); "
                     "from harptowers.cli import main; sys.exit(main())")
            cmd = [sys.executable, "-c", start, *self.args]
        else:
            cmd = [str(harp_exe()), *self.args]
        self._log = open(self.data_dir / "app.log", "w")
        self.spawn_wall = time.time()
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT)
        return self

    def wait_debugger(self, timeout: float = 30, poll: float = 0.05) -> None:
        deadline = time.monotonic() + timeout
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/version", timeout=1).read()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the app did not start:\n" + self.log_text()) from None
                time.sleep(poll)

    def attach(self, timeout: float = 30) -> Any:
        self.wait_debugger(timeout)
        self.browser = self.pw.chromium.connect_over_cdp(f"http://127.0.0.1:{self.port}",
                                                         no_defaults=True)
        deadline = time.monotonic() + timeout
        while not self.browser.contexts or not self.browser.contexts[0].pages:
            if time.monotonic() > deadline:
                raise RuntimeError("no page in the app")
            time.sleep(0.05)
        self.page = self.browser.contexts[0].pages[0]
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.wait_for_selector('body[data-ready="1"]', state="attached",
                                    timeout=timeout * 1000)
        return self.page

    def cdp(self):
        return self.page.context.new_cdp_session(self.page)

    def stop(self, quiet: bool = False) -> None:
        self.exit_before_stop = self.proc.poll() if self.proc is not None else None
        if self.exit_before_stop is not None and not quiet:
            tail = "\n".join(self.log_text().splitlines()[-25:])
            print(f"!! the app had exited with status {self.exit_before_stop}; its log ends:\n{tail}",
                  file=sys.stderr, flush=True)
        if self.browser is not None:
            try:
                self.browser.close()   # only disconnects
            except Exception:
                pass
            self.browser = None
        if self.proc is not None and self.proc.poll() is None:
            stop_tree(self.proc, children_tree(self.proc.pid))
        if getattr(self, "_log", None):
            self._log.close()
            self._log = None
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> "App":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def log_text(self) -> str:
        try:
            return (self.data_dir / "app.log").read_text()
        except OSError:
            return ""

    def marks(self) -> dict[str, float]:
        out: dict[str, float] = {}
        try:
            for line in self.marks_file.read_text().splitlines():
                out.update(json.loads(line))
        except (OSError, ValueError):
            pass
        return out

    def memory(self) -> dict[str, Any]:
        return tree_memory(self.proc.pid)


def save_position(data_dir: Path, code: str, moves: list[str], settings: dict | None = None) -> None:
    """Put a saved game (``code`` with ``moves`` played) into ``data_dir``: the app, started
    without a code, opens on that position exactly as a player would find it."""
    from harptowers import storage
    from harptowers.engine import parse_move

    rec = storage.GameRecord.start(code)
    for m in moves:
        rec.play(parse_move(m))
    storage.save(storage.document(settings or {}, rec), data_dir)
