"""Shared plumbing of the benchmarks: machine facts, statistics and output here; a display
(_display.py), the app's processes (_procs.py) and the real app (_app.py: Qt window, Playwright
attached over CDP, as in e2e/conftest.py) in their own modules, re-exported from here.

Not a test helper: nothing here asserts. Every bench script prints one JSON object, then a
readable table, and with ``--json FILE`` also writes the JSON there.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import signal
import statistics
import subprocess
import sys
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
    load = loadavg()
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


# issue 40's goals: ours ÷ the floor (a bare page on our own stack, started as the app is)
# for the first cards painted, ready, PSS at 3 s (bench/startup.py) and every first changed
# pixels (bench/pixels.py); bench/run_all.py prints each ratio against them
FLOOR_GOALS = {"cards": 1.15, "ready": 1.1, "pss": 1.05, "pixels": 1.3}


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


def parser(description: str, css: bool = False) -> argparse.ArgumentParser:
    """``--json FILE`` and ``--quiet`` (see ``emit``); with ``css`` the window benches'
    ``--css FILE``."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--json", metavar="FILE", help="also write the JSON result to FILE")
    p.add_argument("--quiet", action="store_true", help="print only the table, not the JSON")
    if css:
        p.add_argument("--css", metavar="FILE", help="a stylesheet injected into our page first "
                       "(to try a rendering change without touching the product)")
    return p


def emit(result: dict[str, Any], text: str, args: argparse.Namespace) -> None:
    blob = json.dumps(result, indent=1, sort_keys=False)
    if not args.quiet:
        print(blob)
    print()
    print(text, flush=True)
    if args.json:
        Path(args.json).write_text(blob + "\n")


def sigint_safe() -> None:
    """Ctrl+C stops the bench (and, through atexit/finally, its app and Xvfb) cleanly."""
    signal.signal(signal.SIGINT, signal.default_int_handler)


# ---- split by concern; every bench imports these names from here -------------------------
from _display import display_is_xvfb, ensure_display  # noqa: E402,F401
from _procs import (children_tree, pids_memory, proc_name, smaps_rollup,  # noqa: E402,F401
                    stop_tree, thread_cpu, thread_cpu_delta, tree_cpu_seconds, tree_memory,
                    wait_gone)
from _app import (REFCOUNT_PAD, App, app_env, free_port, harp_exe,  # noqa: E402,F401
                  pyside_drops_refs, qt_env, save_position)
