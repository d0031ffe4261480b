"""Desktop-native touches for the app window (issue 7), called from window.py.

- ``setup_logging()``: a rotating log file (and a crash trace file) in the user's state folder.
- ``set_app_identity()``: the Qt application name, desktop-file id (Wayland app_id, X11
  WM_CLASS) and the multi-size window icon; routes Qt's own messages into the log; makes the
  page's ``prefers-color-scheme`` follow the desktop's dark or light setting.
- ``choose_renderer()``: Qt Quick's software scene graph where there is no GPU to draw with.
- ``window_kwargs(saved)``: size, position, minimum size and maximized state for
  ``webview.create_window``: the saved geometry when it still fits a screen, else a size that
  fits the primary screen, centred.
- ``attach(window, save_geometry)``: F11 full screen, Ctrl+Q / Ctrl+W, and the geometry handed
  to ``save_geometry(dict)`` when the window closes or the app quits.

Qt is imported inside the functions only (through qtpy, as pywebview does), so importing this
module costs nothing on a machine with no display. Geometry dicts are plain JSON:
``{"x": int, "y": int, "width": int, "height": int, "maximized": bool}``, where x and y are the
top-left of the window frame in desktop coordinates (what ``QWidget.move`` takes) and width and
height the inside of the window (what ``QWidget.resize`` takes), in device-independent pixels.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import os
import platform
import sys
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from . import __version__

APP_ID = "io.github.harptowers.HarpTowers"  # reverse-DNS id: .desktop, metainfo, icon, app_id
APP_NAME = "Harp & Towers"  # what people read: window title, menus, dialogs
APP_SLUG = "harp-towers"  # command, WM_CLASS / StartupWMClass, platformdirs folder name
MIN_SIZE = (900, 600)  # the smallest window the table is laid out for
DEFAULT_SIZE = (1280, 800)  # first start, when the screen has room for it
FIT = 0.9  # a first-start window takes at most this share of the screen's free area
FRAME_ALLOWANCE = 40  # title bar height kept free when a saved window must shrink to fit
LOG_NAME = "harp-towers.log"
CRASH_LOG_NAME = "harp-towers.crash.log"

log = logging.getLogger("harptowers.native")
Rect = tuple[int, int, int, int]  # x, y, width, height

_crash_file = None  # faulthandler writes into it from a signal handler: keep it open
_icon_cache = None


# ---- folders and logging -------------------------------------------------------------------

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
            _crash_file = open(folder / CRASH_LOG_NAME, "a", encoding="utf-8")  # noqa: SIM115
            faulthandler.enable(_crash_file, all_threads=True)
        except OSError as e:
            log.warning("no crash log: %s", e)
    log.info("Harp & Towers %s on Python %s, %s%s, pid %d", __version__,
             platform.python_version(), platform.platform(),
             " (bundle)" if getattr(sys, "frozen", False) else "", os.getpid())
    return path


# ---- Qt application identity ---------------------------------------------------------------

def ensure_qapplication():
    """The QApplication, created the way pywebview would if there is none yet (pywebview then
    reuses it). QtWebEngineWidgets is imported first: it must be loaded before the app exists."""
    from qtpy import QtWebEngineWidgets  # noqa: F401
    from qtpy.QtCore import QCoreApplication, Qt
    from qtpy.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
        app = QApplication(sys.argv)
    return app


def icon_dir() -> Path | None:
    """The folder holding ``hicolor/NxN/apps/<APP_ID>.png``: inside the package (the bundle
    puts it there; a wheel does when the package carries an ``icons`` folder), else the
    checkout's ``packaging/icons``."""
    candidates = [Path(str(resources.files("harptowers"))) / "icons",
                  Path(__file__).resolve().parents[2] / "packaging" / "icons"]
    for d in candidates:
        if (d / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png").is_file():
            return d
    return None


def app_icon():
    """A QIcon with every PNG size of the app icon, or the desktop theme's icon named APP_ID
    (installed by install.sh or a distribution package), or a null icon."""
    global _icon_cache
    if _icon_cache is not None:
        return _icon_cache
    from qtpy.QtGui import QIcon

    icon = QIcon()
    folder = icon_dir()
    if folder is not None:
        for png in sorted(folder.glob(f"hicolor/*/apps/{APP_ID}.png")):
            icon.addFile(str(png))
    if icon.isNull():
        icon = QIcon.fromTheme(APP_ID)
    _icon_cache = icon
    return icon


def set_app_identity():
    """Name the app for the desktop (creating the QApplication if needed) and give every
    window the app icon. Call once, before ``webview.create_window``. Returns the app.

    Sets the application name (``harp-towers``: X11 WM_CLASS, matched by the .desktop file's
    StartupWMClass), display name (``Harp & Towers``; Qt appends it to window titles that do
    not already end with it, so title the window ``"Harp & Towers"`` or ``"… — Harp & Towers"``),
    version, desktop file name (the Wayland app_id, so the compositor finds the .desktop entry
    and its icon), the window icon, and on Windows the AppUserModelID (taskbar grouping and
    icon). Qt's own warnings go to the log from then on, and the page's
    ``prefers-color-scheme`` follows the desktop's dark or light setting
    (``follow_color_scheme``)."""
    if sys.platform == "win32":
        try:
            import ctypes

            ctypes.windll.shell32.SetCurrentProcessExplicitAppUserModelID(APP_ID)
        except (AttributeError, OSError) as e:
            log.warning("no AppUserModelID: %s", e)
    app = ensure_qapplication()
    app.setApplicationName(APP_SLUG)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(APP_ID)
    icon = app_icon()
    if icon.isNull():
        log.warning("no app icon found (icon_dir() is None and the theme has no %s)", APP_ID)
    else:
        app.setWindowIcon(icon)
    _route_qt_messages()
    scheme = follow_color_scheme(app)
    try:
        from qtpy import API_NAME, QT_VERSION

        log.info("Qt %s through %s, platform %s, colour scheme %s", QT_VERSION, API_NAME,
                 app.platformName(), scheme or "unknown")
    except ImportError:
        pass
    return app


RENDERER_ENV = "HARP_TOWERS_RENDERER"


def choose_renderer(environ: dict[str, str] | None = None, render_nodes: Sequence[str] | None = None) -> str:
    """How the web page gets into the window; call before Qt is imported. QtWebEngine hands
    its frames to Qt Quick's scene graph, which draws with OpenGL by default. On Linux with no
    GPU device (no ``/dev/dri/renderD*``, no ``/dev/nvidia*``: a VM, a container, Xvfb) Mesa
    falls back to llvmpipe, which emulates the GPU on the CPU at about three times the cost
    of Qt Quick's own software renderer (bench/README.md: CPU per action and action
    latency). There this sets ``QT_QUICK_BACKEND=software``.

    ``HARP_TOWERS_RENDERER`` = ``gpu`` or ``software`` decides instead; a ``QT_QUICK_BACKEND``
    already set is left alone. Returns ``"software"``, ``"gpu"`` or ``"preset"`` (left alone).
    ``environ`` defaults to ``os.environ`` (changed in place); ``render_nodes`` to the device
    files found."""
    from . import platforms

    env = os.environ if environ is None else environ
    on = platforms.system()
    if render_nodes is None and on == "linux":
        render_nodes = [str(p) for pattern in ("/dev/dri/renderD*", "/dev/nvidia[0-9]*")
                        for p in Path("/").glob(pattern.lstrip("/"))]
    wanted = platforms.renderer(on, env, render_nodes or [])
    if wanted == "software":
        env["QT_QUICK_BACKEND"] = "software"
    return wanted


def color_scheme(app=None) -> str | None:
    """``"dark"`` or ``"light"``: ``$HARP_TOWERS_COLOR_SCHEME`` when set, else what Qt reads
    from the desktop (Qt 6.5+: GNOME and KDE settings, the XDG portal, Windows, macOS), else
    None (unknown, e.g. under Xvfb)."""
    forced = os.environ.get("HARP_TOWERS_COLOR_SCHEME", "").strip().lower()
    if forced in ("dark", "light"):
        return forced
    if app is None:
        return None
    try:
        from qtpy.QtCore import Qt

        scheme = app.styleHints().colorScheme()
    except (AttributeError, ImportError):  # Qt before 6.5
        return None
    return {Qt.ColorScheme.Dark: "dark", Qt.ColorScheme.Light: "light"}.get(scheme)


def follow_color_scheme(app=None) -> str | None:
    """Make the page's ``prefers-color-scheme`` follow the desktop. QtWebEngine 6.12 does not
    take it from Qt (a dark QStyleHints scheme or palette still reads "light" in the page), so
    this tells Chromium through QTWEBENGINE_CHROMIUM_FLAGS, which it reads when the first page
    is made: call before ``webview.create_window``. Returns the scheme applied, or None. A
    change of the desktop's scheme while the app runs is not followed."""
    scheme = color_scheme(app)
    if scheme is not None:
        # Blink's PreferredColorScheme enum (Chromium 140 in Qt 6.12): kDark = 0, kLight = 1
        flag = f"--blink-settings=preferredColorScheme={0 if scheme == 'dark' else 1}"
        flags = os.environ.get("QTWEBENGINE_CHROMIUM_FLAGS", "")
        if "preferredColorScheme" not in flags:
            os.environ["QTWEBENGINE_CHROMIUM_FLAGS"] = f"{flags} {flag}".strip()
    return scheme


def _route_qt_messages() -> None:
    from qtpy.QtCore import QtMsgType, qInstallMessageHandler

    qt_log = logging.getLogger("qt")
    levels = {QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
              QtMsgType.QtWarningMsg: logging.WARNING, QtMsgType.QtCriticalMsg: logging.ERROR,
              QtMsgType.QtFatalMsg: logging.CRITICAL}

    def handler(mode, context, message):
        qt_log.log(levels.get(mode, logging.WARNING), "%s", message)

    qInstallMessageHandler(handler)


# ---- geometry ------------------------------------------------------------------------------

def screens() -> tuple[list[Rect], tuple[int, int]]:
    """The free area (without panels and docks) of each screen, primary first, and the
    top-left corner of the primary screen, which pywebview adds to a window's x and y."""
    app = ensure_qapplication()
    primary = app.primaryScreen()
    if primary is None:
        return [], (0, 0)
    ordered = [primary] + [s for s in app.screens() if s is not primary]
    rects = []
    for s in ordered:
        g = s.availableGeometry()
        rects.append((g.x(), g.y(), g.width(), g.height()))
    origin = primary.geometry().topLeft()
    return rects, (origin.x(), origin.y())


def _valid_geometry(saved: Any) -> dict | None:
    if not isinstance(saved, Mapping):
        return None
    try:
        g = {k: int(saved[k]) for k in ("x", "y", "width", "height")}
    except (KeyError, TypeError, ValueError):
        return None
    if g["width"] <= 0 or g["height"] <= 0:
        return None
    g["maximized"] = bool(saved.get("maximized", False))
    return g


def _overlap(a: Rect, b: Rect) -> int:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(w, 0) * max(h, 0)


def _clamp(v: int, lo: int, hi: int) -> int:
    return max(lo, min(v, hi)) if hi >= lo else lo


def window_kwargs(saved: Mapping[str, Any] | None, screen_rects: Sequence[Rect] | None = None,
                  *, origin: tuple[int, int] = (0, 0), min_size: tuple[int, int] = MIN_SIZE,
                  default_size: tuple[int, int] = DEFAULT_SIZE) -> dict[str, Any]:
    """Keyword arguments for ``webview.create_window``: ``width``, ``height``, ``x``, ``y``,
    ``min_size`` and ``maximized``.

    ``saved`` is a geometry dict from an earlier run (see the module docstring) or None; it is
    used when its overlap with one screen is at least a quarter of the smaller of the two,
    shrunk and moved to fit that screen. Otherwise the window gets ``default_size`` capped at
    90 % of the primary screen's free area, centred on it (still maximized if it was). The
    minimum size shrinks on screens smaller than ``min_size``.

    ``screen_rects`` are the screens' free areas, primary first (as ``screens()`` gives); when
    None, Qt is asked (this creates the QApplication). ``origin`` is the primary screen's
    top-left, which pywebview adds to x and y (``screens()`` supplies it when Qt is asked)."""
    if screen_rects is None:
        screen_rects, origin = screens()
    rects = [tuple(int(v) for v in r) for r in screen_rects if r[2] > 0 and r[3] > 0]
    if not rects:
        return {"width": default_size[0], "height": default_size[1], "min_size": min_size,
                "maximized": False}
    primary = rects[0]
    geom = _valid_geometry(saved)
    screen = primary
    was_maximized = bool(geom and geom["maximized"])
    if geom is not None:
        frame = (geom["x"], geom["y"], geom["width"], geom["height"] + FRAME_ALLOWANCE)
        screen = max(rects, key=lambda r: _overlap(frame, r))
        if _overlap(frame, screen) * 4 < min(frame[2] * frame[3], screen[2] * screen[3]):
            geom, screen = None, primary  # mostly off every screen: a monitor went away
    sx, sy, sw, sh = screen
    min_w, min_h = min(min_size[0], sw), min(min_size[1], max(sh - FRAME_ALLOWANCE, 1))
    if geom is not None:
        w = _clamp(geom["width"], min_w, sw)
        h = geom["height"] if geom["height"] + FRAME_ALLOWANCE <= sh else sh - FRAME_ALLOWANCE
        h = _clamp(h, min_h, sh)
        x = _clamp(geom["x"], sx, sx + sw - w)
        y = _clamp(geom["y"], sy, sy + sh - h - FRAME_ALLOWANCE)
        maximized = geom["maximized"]
    else:
        w = max(min_w, min(default_size[0], int(sw * FIT)))
        h = max(min_h, min(default_size[1], int(sh * FIT)))
        x = sx + (sw - w) // 2
        y = sy + max((sh - h - FRAME_ALLOWANCE) // 2, 0)
        maximized = was_maximized
    return {"width": w, "height": h, "x": x - origin[0], "y": y - origin[1],
            "min_size": (min_w, min_h), "maximized": maximized}


def read_geometry(qt_window) -> dict[str, Any]:
    """The geometry dict of a Qt top-level window (pywebview's ``window.native``); for a
    maximized or full-screen window, the size and place it returns to. Call on the GUI thread."""
    maximized = bool(qt_window.isMaximized())
    if not maximized and not qt_window.isFullScreen():
        frame, inside = qt_window.frameGeometry(), qt_window.geometry()
        return {"x": frame.x(), "y": frame.y(), "width": inside.width(),
                "height": inside.height(), "maximized": False}
    normal = qt_window.normalGeometry()
    handle = qt_window.windowHandle()
    left, top = 0, 0
    if handle is not None:
        m = handle.frameMargins()
        left, top = m.left(), m.top()
    return {"x": normal.x() - left, "y": normal.y() - top, "width": normal.width(),
            "height": normal.height(), "maximized": maximized}


def toggle_fullscreen(qt_window) -> None:
    """Full screen on or off, back to maximized when it was. Call on the GUI thread."""
    from qtpy.QtCore import Qt

    if qt_window.isFullScreen():
        if qt_window.property("harptowersWasMaximized"):
            qt_window.showMaximized()
        else:
            qt_window.showNormal()
    else:
        qt_window.setProperty("harptowersWasMaximized", bool(qt_window.isMaximized()))
        qt_window.setWindowState(qt_window.windowState() | Qt.WindowState.WindowFullScreen)
    if hasattr(qt_window, "is_fullscreen"):  # pywebview's own flag, used by its toggle
        qt_window.is_fullscreen = bool(qt_window.windowState() & Qt.WindowState.WindowFullScreen)


def install_shortcuts(qt_window) -> list:
    """F11 (and the platform's full-screen key) toggles full screen; Ctrl+Q and Ctrl+W close
    the window (Cmd on macOS). Call on the GUI thread. Returns the QShortcut objects."""
    from qtpy.QtGui import QKeySequence

    try:
        from qtpy.QtGui import QShortcut  # Qt 6
    except ImportError:  # Qt 5
        from qtpy.QtWidgets import QShortcut

    made = []

    def add(seq, slot):
        if seq.isEmpty():
            return
        sc = QShortcut(seq, qt_window)
        sc.activated.connect(slot)
        made.append(sc)

    add(QKeySequence("F11"), lambda: toggle_fullscreen(qt_window))
    std = QKeySequence(QKeySequence.StandardKey.FullScreen)
    if std.toString() != "F11":
        add(std, lambda: toggle_fullscreen(qt_window))
    add(QKeySequence("Ctrl+Q"), qt_window.close)
    add(QKeySequence("Ctrl+W"), qt_window.close)
    return made


def _normal_tracker(qt_window):
    """A Qt event filter remembering the window's last normal geometry (not maximized, full
    screen or minimized), recorded 300 ms after the last move or resize so that the steps of
    a maximize never count as normal. Frame margins differ between normal and maximized
    windows, so this beats reading ``normalGeometry()`` at close time."""
    from qtpy.QtCore import QEvent, QObject, QTimer

    class Tracker(QObject):
        def __init__(self) -> None:
            super().__init__(qt_window)
            self.normal: dict[str, Any] | None = None
            self.timer = QTimer(self)
            self.timer.setSingleShot(True)
            self.timer.setInterval(300)
            self.timer.timeout.connect(self.record)

        def record(self) -> None:
            w = qt_window
            if w.isVisible() and not (w.isMaximized() or w.isFullScreen() or w.isMinimized()):
                self.normal = read_geometry(w)

        def eventFilter(self, obj, event) -> bool:  # Qt's name for it
            if event.type() in (QEvent.Type.Move, QEvent.Type.Resize,
                                QEvent.Type.WindowStateChange):
                self.timer.start()
            return False

    tracker = Tracker()
    # Before the first show the window sits where pywebview moved it: that is the normal
    # geometry even when it then opens maximized.
    pos, size = qt_window.pos(), qt_window.size()
    tracker.normal = {"x": pos.x(), "y": pos.y(), "width": size.width(),
                      "height": size.height(), "maximized": False}
    qt_window.installEventFilter(tracker)
    return tracker


def attach(window, save_geometry: Callable[[dict[str, Any]], None] | None = None) -> None:
    """Wire a pywebview window (before ``webview.start``): shortcuts once its Qt window exists,
    and ``save_geometry(dict)`` once when the window closes or the app quits (Ctrl+C included).
    Exceptions from ``save_geometry`` are logged, never raised into Qt."""
    state: dict[str, Any] = {"saved": False, "tracker": None}

    def save(qt_window) -> None:
        if state["saved"] or save_geometry is None:
            return
        state["saved"] = True
        try:
            geometry = read_geometry(qt_window)
            if qt_window.isFullScreen():  # F11 remembers whether it left a maximized window
                geometry["maximized"] = bool(qt_window.property("harptowersWasMaximized"))
            normal = state["tracker"].normal if state["tracker"] is not None else None
            if normal and (geometry["maximized"] or qt_window.isFullScreen()):
                geometry = {**normal, "maximized": geometry["maximized"]}
            log.info("window geometry at close: %s", geometry)
            save_geometry(geometry)
        except Exception:  # a failed save must not stop the app closing
            log.exception("saving the window geometry failed")

    def before_show(window) -> None:  # runs on the GUI thread, before the window shows
        qt_window = window.native
        qt_window._harptowers_shortcuts = install_shortcuts(qt_window)
        state["tracker"] = _normal_tracker(qt_window)
        from qtpy.QtWidgets import QApplication

        QApplication.instance().aboutToQuit.connect(lambda: save(qt_window))

    def closing(window) -> None:  # GUI thread, from closeEvent
        save(window.native)

    window.events.before_show += before_show
    window.events.closing += closing
