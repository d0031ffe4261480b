"""The app's log (issue 7): a rotating log file and a crash trace file in the user's state
folder; stderr only when that folder cannot be written (issue 14)."""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import os
import platform
import sys
from pathlib import Path

from .. import __version__
from ..storage.files import is_regular_or_missing

APP_SLUG = "harp-towers"  # the platformdirs folder name (native.APP_SLUG)
LOG_NAME = "harp-towers.log"
CRASH_LOG_NAME = "harp-towers.crash.log"

log = logging.getLogger("harptowers.desktop.native")
_crash_file = None  # faulthandler writes into it from a signal handler: keep it open


def state_dir() -> Path:
    """Where logs go: ``$HARP_TOWERS_DATA_DIR`` when set (tests, parallel runs), else the
    platform's user state folder (``~/.local/state/harp-towers`` on Linux)."""
    override = os.environ.get("HARP_TOWERS_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_state_dir(APP_SLUG, appauthor=False))


def setup_logging(folder: Path | None = None, *, console_level: int = logging.WARNING) -> Path:
    """Log INFO and above to ``folder/harp-towers.log`` (1 MB, 3 old files kept) and WARNING
    and above to stderr; write Python tracebacks of hard crashes (segfaults in Qt, aborts) to
    ``folder/harp-towers.crash.log``. ``folder`` defaults to ``state_dir()``. Safe to call twice.
    Returns the log file's path."""
    global _crash_file
    folder = Path(folder) if folder is not None else state_dir()
    path = folder / LOG_NAME
    root = logging.getLogger()
    for h in list(root.handlers):
        if getattr(h, "_harptowers", False):
            root.removeHandler(h)
            h.close()
    fmt = logging.Formatter("%(asctime)s %(levelname)-7s %(name)s [%(threadName)s] %(message)s")
    handlers: list[logging.Handler] = []
    failed = None
    try:  # a folder that cannot be written (a file, read-only, a full disk) costs the log only
        folder.mkdir(parents=True, exist_ok=True)
        if not is_regular_or_missing(path):  # a FIFO there would hang the start
            raise OSError(f"{path} is not a regular file")
        file_handler = logging.handlers.RotatingFileHandler(path, maxBytes=1_000_000,
                                                            backupCount=3, encoding="utf-8")
        file_handler.setFormatter(fmt)
        file_handler.setLevel(logging.INFO)
        handlers.append(file_handler)
    except OSError as e:
        failed = e
    console = logging.StreamHandler(sys.stderr)
    console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    console.setLevel(console_level)
    handlers.append(console)
    for h in handlers:
        h._harptowers = True  # type: ignore[attr-defined]
        root.addHandler(h)
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)
    if failed is not None:
        log.warning("no log file in %s: %s", folder, failed)
    if _crash_file is None and failed is None:
        try:
            if not is_regular_or_missing(folder / CRASH_LOG_NAME):
                raise OSError(f"{folder / CRASH_LOG_NAME} is not a regular file")
            _crash_file = open(folder / CRASH_LOG_NAME, "a", encoding="utf-8")  # noqa: SIM115
            faulthandler.enable(_crash_file, all_threads=True)
        except OSError as e:
            log.warning("no crash log: %s", e)
    log.info("Harp & Towers %s on Python %s, %s%s, pid %d", __version__,
             platform.python_version(), platform.platform(),
             " (bundle)" if getattr(sys, "frozen", False) else "", os.getpid())
    return path


# ---- Qt application identity ---------------------------------------------------------------

