"""A display for the benches: $DISPLAY, or a private Xvfb started for the run (bench/_common.py
re-exports these)."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import time
from pathlib import Path

from _procs import all_pids, cmdline

_XVFB: subprocess.Popen | None = None


def ensure_display(size: str = "1280x800") -> str:
    """Use $DISPLAY when set; else start a private Xvfb of ``size`` (stopped at exit) on a
    free number."""
    global _XVFB
    if os.environ.get("DISPLAY"):
        return os.environ["DISPLAY"]
    if not shutil.which("Xvfb"):
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
        return "offscreen"
    for n in range(91, 140):
        if Path(f"/tmp/.X11-unix/X{n}").exists() or Path(f"/tmp/.X{n}-lock").exists():
            continue
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
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
    for pid in all_pids():
        args = cmdline(pid)
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
