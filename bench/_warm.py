"""The OS file cache as a second launch of the day finds it, before every start.

This machine (a VM) pages out file-cache pages nobody touched for about six seconds (the
kernel's DAMON reclaim: ``/sys/kernel/mm/damon/admin``). In a run that starts our app, the
bare pywebview page and Aisleriot in turn, the Qt libraries are then half in memory for the
app that starts right after another Qt app and half on disk for the one that starts after
Aisleriot: which app pays for the disk depends on the order, not on the app (bench/README.md,
"The slow starts"). ``FileCache`` reads the same files before every start of every app, so
each starts on a warm cache, as bench/startup.py says it measures.

The files: those mapped by any process of an app measured so far (``learn(pids)``: shared
libraries, Qt's resource packs, fonts, ICU data) and every file under ``DIRS`` (Python's
modules, pywebview, qtpy, PySide6's Python side, our backend and frontend), which Python and
Chromium read without keeping them mapped.
"""

from __future__ import annotations

import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHUNK = 1 << 20
# not read at start-up: other packages installed beside the standard library, its tests
SKIP = {"site-packages", "dist-packages", "test", "tests", "idlelib", "tkinter", "lib2to3",
        "ensurepip", "turtledemo"}


def _package_dir(name: str) -> list[Path]:
    for base in sys.path:
        d = Path(base) / name
        if d.is_dir():
            return [d]
    return []


def default_dirs() -> list[Path]:
    dirs = [Path(sysconfig.get_paths()["stdlib"]), ROOT / "backend", ROOT / "frontend"]
    for name in ("webview", "qtpy", "shiboken6", "bottle.py", "proxy_tools"):
        dirs += _package_dir(name)
    return dirs


def mapped_files(pids: list[int]) -> set[Path]:
    """Regular files mapped by any of ``pids`` (from /proc/PID/maps)."""
    out: set[Path] = set()
    for pid in pids:
        try:
            lines = Path(f"/proc/{pid}/maps").read_text().splitlines()
        except OSError:
            continue
        for line in lines:
            parts = line.split(maxsplit=5)
            if len(parts) == 6 and parts[5].startswith("/") and not parts[5].startswith(
                    ("/dev/", "/memfd:", "/proc/", "/sys/", "/tmp/")) \
                    and not parts[5].endswith("(deleted)"):
                out.add(Path(parts[5]))
    return out


class FileCache:
    def __init__(self, dirs: list[Path] | None = None) -> None:
        self.files: set[Path] = set()
        for d in default_dirs() if dirs is None else dirs:
            if d.is_file():
                self.files.add(d)
            elif d.is_dir():
                self.files.update(p for p in d.rglob("*") if p.is_file()
                                  and not SKIP.intersection(p.relative_to(d).parts))
        self.log: list[dict] = []   # one entry per warm(): files, MB, seconds

    def learn(self, pids: list[int]) -> None:
        self.files |= {p for p in mapped_files(pids) if p.is_file()}

    def warm(self) -> dict:
        """Read every file through once; returns what it read and how long it took (a slow
        read is the disk: what the reclaim had paged out)."""
        t0, size, buf = time.perf_counter(), 0, bytearray(CHUNK)
        for path in sorted(self.files):
            try:
                with open(path, "rb", buffering=0) as f:
                    while n := f.readinto(buf):
                        size += n
            except OSError:
                continue
        out = {"files": len(self.files), "mb": round(size / 1e6, 1),
               "s": round(time.perf_counter() - t0, 3)}
        self.log.append(out)
        return out
