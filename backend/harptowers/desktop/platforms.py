"""What differs between Linux, Windows and macOS, in small functions that take the system as
an argument, so that each system's answer is tested on any machine (tests/test_platforms.py):

- ``system()``: ``"linux"``, ``"windows"`` or ``"macos"``.
- paths: ``venv_executable()`` (bin/ or Scripts/…exe), ``bundle_paths()`` (what
  packaging/build.py makes on each system and which file runs ``replay``).
- locks: ``try_lock()``, one process per data folder (single.py): ``flock`` or
  ``msvcrt.locking``.
- fonts: ``thai_system_fonts()`` (what each system has for Thai; the page ships its own,
  frontend/fonts, so none is needed), ``fontconfig_thai_families()`` (Linux: which installed
  fonts cover Thai).
- renderer: ``renderer()``, the scene graph Qt Quick should draw QtWebEngine's frames with.
- memory: ``limit_malloc_arenas()`` (Linux, glibc: two malloc arenas per process).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Mapping, Sequence

SYSTEMS = ("linux", "windows", "macos")
RENDERER_ENV = "HARP_TOWERS_RENDERER"


def system(platform: str | None = None) -> str:
    """``sys.platform`` (or ``platform``) as one of SYSTEMS; other Unixes count as linux."""
    p = sys.platform if platform is None else platform
    if p == "win32" or p == "cygwin":
        return "windows"
    if p == "darwin":
        return "macos"
    return "linux"


# ---- paths ----------------------------------------------------------------------------

def venv_executable(venv: Path, name: str, on: str | None = None) -> Path:
    """A console script or the interpreter of the venv at ``venv``."""
    if (on or system()) == "windows":
        return venv / "Scripts" / f"{name}.exe"
    return venv / "bin" / name


def bundle_paths(dist: Path, on: str | None = None) -> dict[str, Path]:
    """Where packaging/build.py puts the bundle on each system: ``top`` (what the archive
    holds), ``window`` (what a player starts) and ``cli`` (what prints ``replay``'s output: a
    windowed .exe has no console, so Windows has a console twin)."""
    on = on or system()
    if on == "windows":
        top = dist / "harp-towers"
        return {"top": top, "window": top / "harp-towers.exe", "cli": top / "harp-towers-cli.exe"}
    if on == "macos":
        top = dist / "Harp & Towers.app"
        exe = top / "Contents" / "MacOS" / "harp-towers"
        return {"top": top, "window": exe, "cli": exe}
    top = dist / "harp-towers"
    return {"top": top, "window": top / "harp-towers", "cli": top / "harp-towers"}


# ---- locks ----------------------------------------------------------------------------

def try_lock(f: IO[bytes], on: str | None = None) -> bool:
    """Take an exclusive lock on the open file ``f`` without waiting; False when another
    holder has it. The OS drops the lock when the process ends, however it ends."""
    if (on or system()) == "windows":
        import msvcrt

        try:
            f.seek(0)
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]  # Windows only
            return True
        except OSError:
            return False
    import fcntl

    try:
        # flock, not lockf: flock locks belong to the open file, so two opens in one process
        # exclude each other too (the in-process tests rely on it).
        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


# ---- fonts ----------------------------------------------------------------------------

def thai_system_fonts(on: str) -> tuple[str, ...]:
    """Thai fonts every install of the system has (none is guaranteed on Linux)."""
    return {"windows": ("Leelawadee UI", "Tahoma"), "macos": ("Thonburi", "Sukhumvit Set"),
            }.get(on, ())


def fontconfig_thai_families(env: dict[str, str] | None = None) -> list[str] | None:
    """The font families fontconfig knows that cover Thai (``fc-list :lang=th``), or None
    where there is no fontconfig (Windows, macOS, or fc-list missing)."""
    try:
        out = subprocess.run(["fc-list", ":lang=th", "family"], capture_output=True, text=True,
                             check=True, timeout=30, env=dict(os.environ if env is None else env))
    except (OSError, subprocess.SubprocessError):
        return None
    return sorted({line.split(",")[0].strip() for line in out.stdout.splitlines()
                   if line.strip()})


# ---- renderer -------------------------------------------------------------------------

def renderer(on: str, env: Mapping[str, str], render_nodes: Sequence[str]) -> str:
    """``"software"`` or ``"gpu"`` for Qt Quick's scene graph, ``"preset"`` when
    ``QT_QUICK_BACKEND`` is already set. ``HARP_TOWERS_RENDERER`` (gpu/software) decides when
    set; else Windows (Direct3D) and macOS (Metal) always have a GPU path, and Linux has one
    only with a render device (``render_nodes``: /dev/dri/renderD*, /dev/nvidia*): without
    one Mesa's llvmpipe would emulate it on the CPU at three times the cost (bench/README.md)."""
    if env.get("QT_QUICK_BACKEND"):
        return "preset"
    wanted = env.get(RENDERER_ENV, "").strip().lower()
    if wanted in ("gpu", "software"):
        return wanted
    if on != "linux":
        return "gpu"
    return "gpu" if render_nodes else "software"


MALLOC_ARENAS = "2"


def limit_malloc_arenas(on: str, env: dict[str, str] | os._Environ[str]) -> bool:
    """Linux: at most two glibc malloc arenas in the processes started from here on (the
    QtWebEngine renderer, the hints' solver) and from now on in this one, unless the user set
    MALLOC_ARENA_MAX. With one arena per thread (the default, up to 8 per core) the renderer's
    many threads each keep freed memory as their own high-water mark, and a long session's
    anonymous memory creeps up (issue 18, bench/memory.py). True when the limit was set."""
    if on != "linux" or "MALLOC_ARENA_MAX" in env:
        return False
    env["MALLOC_ARENA_MAX"] = MALLOC_ARENAS
    try:   # this process started before the variable: tell its malloc too (M_ARENA_MAX = -8)
        import ctypes

        ctypes.CDLL("libc.so.6").mallopt(-8, int(MALLOC_ARENAS))
    except (OSError, AttributeError):
        pass   # not glibc: the variable alone, harmless
    return True
