"""Desktop-native touches for the app window (issue 7), called from window.py.

- ``setup_logging()`` (logs.py): a rotating log file and a crash trace in the state folder.
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

import logging
import logging.handlers
import os
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from .. import __version__
from . import geometry
from .geometry import Rect
from .logs import setup_logging, state_dir  # noqa: F401 - the window's set-up calls them here

APP_ID = "io.github.harptowers.HarpTowers"  # reverse-DNS id: .desktop, metainfo, icon, app_id
APP_NAME = "Harp & Towers"  # what people read: window title, menus, dialogs
APP_SLUG = "harp-towers"  # command, WM_CLASS / StartupWMClass, platformdirs folder name

log = logging.getLogger("harptowers.desktop.native")

_icon_cache = None


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
                  Path(__file__).resolve().parents[3] / "packaging" / "icons"]
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

def window_kwargs(saved: dict[str, Any] | None) -> dict[str, Any]:
    """``geometry.window_kwargs`` on the screens Qt reports (this creates the QApplication)."""
    rects, origin = screens()
    return geometry.window_kwargs(saved, rects, origin=origin)


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
        from qtpy.QtGui import QShortcut  # type: ignore[attr-defined]  # Qt 6
    except ImportError:  # Qt 5
        from qtpy.QtWidgets import QShortcut  # type: ignore[attr-defined]

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

        app = QApplication.instance()
        assert app is not None  # the window exists: so does its application
        app.aboutToQuit.connect(lambda: save(qt_window))

    def closing(window) -> None:  # GUI thread, from closeEvent
        save(window.native)

    window.events.before_show += before_show
    window.events.closing += closing
