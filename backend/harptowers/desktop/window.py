"""The desktop window: pywebview with the Qt backend (PySide6) hosting frontend/.

Qt and pywebview are imported here only, when a window opens, so ``replay`` and the
engine run on machines with no display.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from typing import Callable

from . import bridge_calls, firstpage, native, platforms
from ..start import frontend_dir, open_session

log = logging.getLogger("harptowers")


def _keep_running(exc_type, exc, tb) -> None:
    """An exception in a Qt slot must not abort the app (RECIPES.md): log it instead."""
    log.error("uncaught exception", exc_info=(exc_type, exc, tb))


def _patch_qt_page(first_page: Callable[[bytes], bytes] | None = None) -> None:
    """pywebview 6.2.1 answers web permission requests with a plain int, which PySide6
    ignores (the page's promise never settles). Answer with the enum, and let the page use
    the clipboard (APP-08) through the page settings instead of a permission prompt. Every
    page's profile serves ``harp://`` (``_scheme_handler``, index.html through ``first_page``)."""
    from qtpy.QtWebEngineCore import QWebEnginePage, QWebEngineSettings
    from webview.platforms import qt as webview_qt

    page_cls = webview_qt.BrowserView.WebPage
    original_init = page_cls.__init__
    handlers = []   # one, made with the first page (after the QApplication), kept alive here

    def init(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        profile = self.profile()
        if profile.urlSchemeHandler(SCHEME) is None:
            handlers.append(_scheme_handler(frontend_dir(), first_page))
            profile.installUrlSchemeHandler(SCHEME, handlers[-1])
        s = self.settings()
        s.setAttribute(QWebEngineSettings.WebAttribute.JavascriptCanAccessClipboard, True)
        s.setAttribute(QWebEngineSettings.WebAttribute.JavascriptCanPaste, True)

    def on_permission(self, url, feature):
        self.setFeaturePermission(url, feature, QWebEnginePage.PermissionPolicy.PermissionDeniedByUser)

    page_cls.__init__ = init  # type: ignore[method-assign]
    page_cls.onFeaturePermissionRequested = on_permission  # type: ignore[method-assign]


SCHEME = b"harp"
START_PAGE = f"{SCHEME.decode()}://app/index.html"
MIME_TYPES = {".html": b"text/html", ".js": b"text/javascript", ".css": b"text/css",
              ".json": b"application/json", ".svg": b"image/svg+xml", ".png": b"image/png"}


def _register_scheme() -> None:
    """The page comes from ``harp://app/``, served from frontend/ by Qt itself (a scheme
    handler), not through pywebview's HTTP server: that server answers each of the ~25 files
    on a new connection and a new Python thread, ~150 ms of the start-up (bench/startup.py).
    Must run before the QApplication exists. The scheme is secure (the clipboard API needs a
    secure context), CORS-enabled (ES modules) and open to fetch() (the translations)."""
    from qtpy.QtWebEngineCore import QWebEngineUrlScheme

    scheme = QWebEngineUrlScheme(SCHEME)
    scheme.setSyntax(QWebEngineUrlScheme.Syntax.Host)
    flag = QWebEngineUrlScheme.Flag
    scheme.setFlags(flag.SecureScheme | flag.CorsEnabled | flag.FetchApiAllowed)
    QWebEngineUrlScheme.registerScheme(scheme)


def _scheme_handler(root: Path, first_page: Callable[[bytes], bytes] | None = None):
    """A QWebEngineUrlSchemeHandler answering ``harp://app/<path>`` with the file under
    ``root``; anything outside ``root`` or missing is "not found". index.html goes through
    ``first_page`` (the first view model written into it: firstpage.py)."""
    from qtpy.QtCore import QBuffer, QByteArray, QIODevice
    from qtpy.QtWebEngineCore import QWebEngineUrlRequestJob, QWebEngineUrlSchemeHandler

    root = root.resolve()

    class Handler(QWebEngineUrlSchemeHandler):
        def requestStarted(self, job):  # noqa: N802 (Qt's name)
            target = (root / job.requestUrl().path().lstrip("/")).resolve()
            if root not in target.parents or not target.is_file():
                job.fail(QWebEngineUrlRequestJob.Error.UrlNotFound)
                return
            data = target.read_bytes()
            if first_page is not None and target == root / "index.html":
                try:
                    data = first_page(data)
                except Exception:   # the page then asks the bridge for its first view model
                    log.exception("first view model not written into the page")
            body = QBuffer(job)   # freed with the job
            body.setData(QByteArray(data))
            body.open(QIODevice.OpenModeFlag.ReadOnly)
            job.reply(MIME_TYPES.get(target.suffix, b"application/octet-stream"), body)

    return Handler()


class _Callbacks(dict):
    """pywebview 6.2.1 files a callback under a new id for every ``evaluate_js`` (every bridge
    call is answered by one) and drops only those that get called, so the ``None`` of a call
    without a callback stays for good: ~0.2 kB a call (bench/memory.py --tracemalloc). This
    ``window._callbacks`` keeps only real callbacks."""

    def __setitem__(self, key, value):
        if value is not None:
            super().__setitem__(key, value)


def qt_environment() -> str:
    """Set what the window's Qt stack reads from the environment, before Qt is imported:
    the Qt binding, pywebview's backend, the malloc arenas (``platforms.limit_malloc_arenas``)
    and the renderer (``native.choose_renderer``, returned). bench/ starts its bare floor
    pages through this too, so they run exactly as the app does."""
    os.environ.setdefault("QT_API", "pyside6")
    os.environ.setdefault("PYWEBVIEW_GUI", "qt")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        os.environ.setdefault("QTWEBENGINE_DISABLE_SANDBOX", "1")
    platforms.limit_malloc_arenas(platforms.system(), os.environ)   # before Qt starts its renderer
    return native.choose_renderer()


def run(code: str | None = None) -> int:
    """Open the app window (on ``code`` when given) and block until it closes."""
    renderer = qt_environment()
    native.setup_logging()
    log.info("renderer: %s", renderer)
    sys.excepthook = _keep_running
    session = open_session(code)
    if session is None:
        return 0
    api, saver, primary = session
    import webview

    _register_scheme()
    bridge_calls.install()
    root = frontend_dir()
    # The first view model goes with the page (issue 18): the table is drawn before the bridge
    # is up. Made when the page asks for index.html (a reload gets a fresh one).
    _patch_qt_page(lambda html: firstpage.page(html, api.state()["state"], root))
    native.set_app_identity()
    window = webview.create_window(
        native.APP_NAME, url=None, js_api=api,
        background_color="#0b5d3b", text_select=False,
        **native.window_kwargs(api._session.window or None))
    assert window is not None
    native.attach(window, save_geometry=api._set_window)
    # pywebview takes any URL that is not http(s) or file for a path to serve with its own
    # HTTP server; harp:// is served by Qt, so the window is made with no URL (no server
    # starts) and is told the page to load here.
    window._resolve_url = lambda url: START_PAGE  # type: ignore[method-assign]
    window._callbacks = _Callbacks()

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
