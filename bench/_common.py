"""Shared plumbing of the benchmarks: machine facts, statistics, output, a display, and the
real app (Qt window, Playwright attached over CDP, as in e2e/conftest.py).

Not a test helper: nothing here asserts. Every bench script prints one JSON object, then a
readable table, and with ``--json FILE`` also writes the JSON there.
"""

from __future__ import annotations

import argparse
import atexit
import json
import math
import os
import platform
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
sys.path.insert(0, str(ROOT / "backend"))


# ---- facts about the machine ------------------------------------------------------------
def machine() -> dict[str, Any]:
    model = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        nproc = int(subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip())
    except (OSError, ValueError):
        nproc = os.cpu_count() or 0
    try:
        load = [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]
    except OSError:
        load = []
    versions = {"python": platform.python_version()}
    for name in ("pywebview", "PySide6"):
        try:
            from importlib.metadata import version

            versions[name] = version(name)
        except Exception:
            pass
    return {"date": datetime.now(timezone.utc).astimezone().isoformat(timespec="seconds"),
            "nproc": nproc, "cpu": model, "loadavg": load, "os": platform.platform(),
            "versions": versions}


def loadavg() -> list[float]:
    try:
        return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]
    except OSError:
        return []


# ---- statistics -------------------------------------------------------------------------
def pct(values: list[float], p: float) -> float:
    """Percentile ``p`` (0…100) with linear interpolation (numpy's default)."""
    if not values:
        return math.nan
    s = sorted(values)
    k = (len(s) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def summary(values: Iterable[float], nd: int = 3) -> dict[str, Any]:
    v = [float(x) for x in values if x is not None and not math.isnan(x)]
    if not v:
        return {"n": 0}
    return {"n": len(v), "min": round(min(v), nd), "p50": round(pct(v, 50), nd),
            "p95": round(pct(v, 95), nd), "p99": round(pct(v, 99), nd),
            "max": round(max(v), nd), "mean": round(statistics.fmean(v), nd)}


def verdict(value: float, budget: float, *, below: bool = True) -> str:
    """"ok" when ``value`` meets the budget (≤ when ``below``, ≥ otherwise), else "MISSED"."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    return "ok" if (value <= budget if below else value >= budget) else "MISSED"


# ---- output -----------------------------------------------------------------------------
def table(title: str, header: list[str], rows: list[list[Any]]) -> str:
    def fmt(x: Any) -> str:
        if isinstance(x, float):
            return f"{x:,.3f}" if abs(x) < 100 else f"{x:,.1f}"
        return str(x)
    cells = [[fmt(c) for c in r] for r in rows]
    numeric = [[isinstance(c, (int, float)) and not isinstance(c, bool) for c in r] for r in rows]
    widths = [max(len(h), *(len(r[i]) for r in cells)) if cells else len(h)
              for i, h in enumerate(header)]
    line = "  ".join("-" * w for w in widths)
    out = [title, line, "  ".join(h.ljust(w) for h, w in zip(header, widths)), line]
    for r, num in zip(cells, numeric):
        out.append("  ".join(c.rjust(w) if n else c.ljust(w)
                             for c, w, n in zip(r, widths, num)).rstrip())
    out.append(line)
    return "\n".join(out)


def parser(description: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--json", metavar="FILE", help="also write the JSON result to FILE")
    p.add_argument("--quiet", action="store_true", help="print only the table, not the JSON")
    return p


def emit(result: dict[str, Any], text: str, args: argparse.Namespace) -> None:
    blob = json.dumps(result, indent=1, sort_keys=False)
    if not args.quiet:
        print(blob)
    print()
    print(text, flush=True)
    if args.json:
        Path(args.json).write_text(blob + "\n")


# ---- a display --------------------------------------------------------------------------
_XVFB: subprocess.Popen | None = None


def ensure_display() -> str:
    """Use $DISPLAY when set; else start a private Xvfb (stopped at exit) on a free number."""
    global _XVFB
    if os.environ.get("DISPLAY"):
        return os.environ["DISPLAY"]
    if not shutil.which("Xvfb"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        return "offscreen"
    for n in range(91, 140):
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{n}").exists():
                break
            if proc.poll() is not None:
                break
            time.sleep(0.1)
        if proc.poll() is None:
            _XVFB = proc
            atexit.register(_stop_xvfb)
            os.environ["DISPLAY"] = f":{n}"
            return os.environ["DISPLAY"]
    raise RuntimeError("no free X display for Xvfb")


def display_is_xvfb(display: str | None = None) -> bool:
    """True when the X display is served by an Xvfb (ours or another): only then may the
    benches move its pointer with XTest."""
    display = display or os.environ.get("DISPLAY", "")
    if not display.startswith(":"):
        return False
    num = display[1:].split(".")[0]
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            args = (d / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if args and Path(args[0].decode(errors="replace")).name == "Xvfb" \
                and f":{num}".encode() in args:
            return True
    return False


def _stop_xvfb() -> None:
    if _XVFB is not None and _XVFB.poll() is None:
        _XVFB.terminate()
        try:
            _XVFB.wait(5)
        except subprocess.TimeoutExpired:
            _XVFB.kill()


# ---- processes --------------------------------------------------------------------------
def children_tree(pid: int) -> list[int]:
    """``pid`` and every descendant (from /proc/*/stat)."""
    parent: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        # the command may hold spaces and parentheses: ppid is the 2nd field after the last ')'
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        parent[int(d.name)] = ppid
    out = [pid]
    i = 0
    while i < len(out):
        out += [c for c, p in parent.items() if p == out[i]]
        i += 1
    return out


def tree_cpu_seconds(pid: int, per_process: bool = False):
    """User + system CPU seconds of ``pid`` and its descendants so far (reaped children
    included through cutime/cstime); with ``per_process`` a dict pid-name → seconds too."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    each: dict[str, float] = {}
    for p in children_tree(pid):
        try:
            stat = Path(f"/proc/{p}/stat").read_text()
        except OSError:
            continue
        f = stat[stat.rindex(")") + 2:].split()
        ticks = int(f[11]) + int(f[12]) + int(f[13]) + int(f[14])
        total += ticks
        each[f"{p} {proc_name(p)}"] = ticks / tick
    return (total / tick, each) if per_process else total / tick


def thread_cpu(pid: int) -> dict[str, float]:
    """CPU seconds so far of every thread of ``pid`` and its descendants, summed by
    "process kind: thread name" (Qt's GUI thread is the python process's MainThread;
    QtWebEngine's browser-side threads — VizCompositorThread, Chrome_InProcGpuThread,
    llvmpipe-N — live in that process too)."""
    tick = os.sysconf("SC_CLK_TCK")
    out: dict[str, float] = {}
    for p in children_tree(pid):
        kind = "python" if p == pid else f"webengine-{p}"
        try:
            tasks = list(Path(f"/proc/{p}/task").iterdir())
        except OSError:
            continue
        for t in tasks:
            try:
                stat = (t / "stat").read_text()
            except OSError:
                continue
            name = stat[stat.index("(") + 1:stat.rindex(")")]
            f = stat[stat.rindex(")") + 2:].split()
            key = f"{kind}: {name}"
            out[key] = out.get(key, 0) + (int(f[11]) + int(f[12])) / tick
    return out


def thread_cpu_delta(before: dict[str, float], after: dict[str, float], top: int = 10) -> dict[str, float]:
    d = {k: after[k] - before.get(k, 0) for k in after}
    return {k: round(v, 3) for k, v in sorted(d.items(), key=lambda kv: -kv[1])[:top] if v > 0}


def proc_name(pid: int) -> str:
    try:
        args = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except OSError:
        return "?"
    exe = Path(args[0].decode(errors="replace")).name
    kind = next((a.decode()[7:] for a in args if a.startswith(b"--type=")), "")
    if exe.startswith("python"):
        return "python (harp-towers)"
    return f"{exe} {kind}".strip()


def smaps_rollup(pid: int) -> dict[str, int]:
    """kB fields of /proc/<pid>/smaps_rollup (Rss, Pss, Private_Dirty, Swap, …)."""
    out: dict[str, int] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            parts = line.split()
            if len(parts) >= 3 and parts[-1] == "kB":
                out[parts[0].rstrip(":")] = int(parts[1])
    except OSError:
        pass
    return out


def tree_memory(pid: int) -> dict[str, Any]:
    procs = []
    for p in children_tree(pid):
        m = smaps_rollup(p)
        if not m:
            continue
        try:
            threads = len(list(Path(f"/proc/{p}/task").iterdir()))
        except OSError:
            threads = 0
        procs.append({"pid": p, "name": proc_name(p), "pss_kb": m.get("Pss", 0),
                      "rss_kb": m.get("Rss", 0), "private_dirty_kb": m.get("Private_Dirty", 0),
                      "uss_kb": m.get("Private_Clean", 0) + m.get("Private_Dirty", 0),
                      "anon_kb": m.get("Anonymous", 0), "threads": threads})
    # PSS shares every shared page among all its users: other processes mapping the same Qt
    # libraries (another harp-towers, a test run) lower ours. USS (private pages) and
    # Anonymous do not move with them: they are the leak-relevant figures.
    return {"pss_kb": sum(p["pss_kb"] for p in procs), "rss_kb": sum(p["rss_kb"] for p in procs),
            "uss_kb": sum(p["uss_kb"] for p in procs), "anon_kb": sum(p["anon_kb"] for p in procs),
            "processes": procs}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def app_env(port: int, data_dir: Path) -> dict[str, str]:
    env = dict(os.environ, QTWEBENGINE_REMOTE_DEBUGGING=f"127.0.0.1:{port}",
               HARP_TOWERS_DATA_DIR=str(data_dir), QT_API="pyside6", PYWEBVIEW_GUI="qt")
    if os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
    return env


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
                 launcher: bool = False, refcount_guard: bool = False) -> None:
        self.pw = playwright
        self.args = list(args)
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
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
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


def sigint_safe() -> None:
    """Ctrl+C stops the bench (and, through atexit/finally, its app and Xvfb) cleanly."""
    signal.signal(signal.SIGINT, signal.default_int_handler)
