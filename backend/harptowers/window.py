"""The desktop window: pywebview with the Qt backend (PySide6) hosting frontend/.

Qt and pywebview are imported here only, when a window opens, so ``replay`` and the
engine run on machines with no display.
"""

from __future__ import annotations

import logging
import os
import sys
from importlib import resources
from pathlib import Path

from . import native, single, storage, today
from .api import Api

log = logging.getLogger("harptowers")


def frontend_dir() -> Path:
    """The folder holding index.html: inside the package (wheel, bundle) or the checkout."""
    here = Path(str(resources.files("harptowers"))) / "frontend"
    if (here / "index.html").exists():
        return here
    return Path(__file__).resolve().parents[2] / "frontend"


def _keep_running(exc_type, exc, tb) -> None:
    """An exception in a Qt slot must not abort the app (RECIPES.md): log it instead."""
    log.error("uncaught exception", exc_info=(exc_type, exc, tb))


def _patch_qt_page() -> None:
    """pywebview 6.2.1 answers web permission requests with a plain int, which PySide6
    ignores (the page's promise never settles). Answer with the enum, and let the page use
    the clipboard (APP-08) through the page settings instead of a permission prompt."""
    from qtpy.QtWebEngineCore import QWebEnginePage, QWebEngineSettings
    from webview.platforms import qt as webview_qt

    page_cls = webview_qt.BrowserView.WebPage
    original_init = page_cls.__init__

    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        s = self.settings()
        s.setAttribute(QWebEngineSettings.WebAttribute.JavascriptCanAccessClipboard, True)
        s.setAttribute(QWebEngineSettings.WebAttribute.JavascriptCanPaste, True)

    def on_permission(self, url, feature):
        self.setFeaturePermission(url, feature, QWebEnginePage.PermissionPolicy.PermissionDeniedByUser)

    page_cls.__init__ = init
    page_cls.onFeaturePermissionRequested = on_permission


def open_session(code: str | None) -> tuple[Api, storage.Saver, single.Primary] | None:
    """Become the one instance of the data folder and load the saved state into an Api.
    None when another instance runs: ``code`` (if any) was handed over to it."""
    folder = storage.data_dir()
    primary = single.acquire(folder)
    if primary is None:
        handed = single.hand_over(folder, code or "")
        print("Harp & Towers is already running" + (": the deal was handed over to it"
              if handed and code else ""), file=sys.stderr)
        return None
    loaded = storage.load(folder)
    if loaded.notice:
        log.warning("%s", loaded.notice)
    saver = storage.Saver(folder, on_error=lambda e: log.error("saving failed: %s", e))
    return Api(code, loaded=loaded, saver=saver, today=today.local_date), saver, primary


def run(code: str | None = None) -> int:
    """Open the app window (on ``code`` when given) and block until it closes."""
    os.environ.setdefault("QT_API", "pyside6")
    os.environ.setdefault("PYWEBVIEW_GUI", "qt")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
    native.setup_logging()
    log.info("renderer: %s", native.choose_renderer())
    sys.excepthook = _keep_running
    session = open_session(code)
    if session is None:
        return 0
    api, saver, primary = session
    import webview

    _patch_qt_page()
    native.set_app_identity()
    window = webview.create_window(
        native.APP_NAME, url=str(frontend_dir() / "index.html"), js_api=api,
        background_color="#0b5d3b", text_select=False,
        **native.window_kwargs(api._window or None))
    native.attach(window, save_geometry=api._set_window)

    def handed_over(text: str) -> None:
        api._hand_over(text)
        window.restore()
        window.evaluate_js("window.harpTowers && window.harpTowers.refresh()")

    primary.set_handler(handed_over)
    try:
        webview.start(gui="qt", private_mode=True)
    finally:
        api._close_hints()  # the solver process of the hints (issue 9)
        saver.close()
        primary.close()
    return 0
