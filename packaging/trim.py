"""What the PyInstaller bundle leaves out (used by harp-towers.spec; see docs/packaging.md).

PyInstaller's Qt hooks collect every translation and Chromium locale of each Qt module they
pull in (about 60 MB for QtWebEngine + QtBase). The app speaks the languages in
``LANGUAGES``; Qt's own strings (file dialogs, the few Qt message boxes) and Chromium's (the
rare built-in error pages) fall back to English for any other locale, so dropping the rest is
safe. Paths are matched by their destination inside the bundle with ``/`` separators, so the
same rules hold on Linux, Windows and macOS.
"""

from __future__ import annotations

import re

# The languages the app is translated into. Keep this in step with frontend/i18n/.
LANGUAGES = ("en", "ca", "hr", "th")
# Chromium names its locale packs by BCP 47 tag; English comes as en-US (the fallback) and en-GB.
CHROMIUM_LOCALES = ("en-US", "en-GB", "ca", "hr", "th")

# Python packages that must never end up in the bundle: other Qt bindings (qtpy could pick
# them up at build time; PySide6 is our LGPL choice) and pywebview back ends we never use
# (window.py always asks for gui="qt").
EXCLUDED_MODULES = [
    "PyQt5", "PyQt6", "PySide2", "shiboken2",
    "tkinter", "_tkinter",
    "webview.platforms.gtk", "webview.platforms.cef", "webview.platforms.android",
    "webview.platforms.cocoa", "webview.platforms.winforms", "webview.platforms.edgechromium",
    "webview.platforms.mshtml", "webview.platforms.win32",
    "gi", "cefpython3", "clr", "clr_loader", "pythonnet",
    # PySide6 modules that QtWebEngineCore's hook lists because libQt6WebEngineCore links
    # their C++ libraries. The libraries still come along (they are link dependencies); leaving
    # out the Python modules stops the hooks from collecting all of Qt's QML tree (~30 MB).
    "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets", "PySide6.QtPositioning",
    "PySide6.QtDBus",
    # qtpy tries this one at import time for old PyQt5 (inside a suppress(ImportError)).
    "qtpy.QtDataVisualization", "PySide6.QtDataVisualization",
]

# Chromium's developer tools front end (the inspector's own pages, 11 MB). Qt's deployment notes
# list it as needed only for the DevTools UI; the remote-debugging protocol that the checks
# and tests attach with (CDP) works without it (packaging/check.py plays a move that way).
_DEVTOOLS = re.compile(r"(?:^|/)qtwebengine_devtools_resources\.pak$")

_QM = re.compile(r"(?:^|/)translations/\w+?_([a-z]{2,3})(?:_[A-Z]{2}|_[A-Z][a-z]{3})?\.qm$")
_PAK = re.compile(r"(?:^|/)qtwebengine_locales/([A-Za-z0-9_-]+)\.pak$")


def keep_data(dest: str) -> bool:
    """False for a Qt translation or a Chromium locale pack of a language the app doesn't speak,
    and for the developer tools' front end."""
    dest = dest.replace("\\", "/")
    if _DEVTOOLS.search(dest):
        return False
    m = _QM.search(dest)
    if m:
        return m.group(1) in LANGUAGES
    m = _PAK.search(dest)
    if m:
        return m.group(1) in CHROMIUM_LOCALES
    return True


# Qt plugins and libraries that PySide6's hooks collect but a desktop window never loads.
# Found by reading /proc/PID/maps of the running bundle and its QtWebEngineProcess; the check
# (packaging/check.py) runs the app with them gone and also fails if any kept library still
# needs a dropped one. Matched against the destination path with "/" separators.
_UNUSED = re.compile(
    r"(?:^|/)plugins/(?:qmltooling|position|egldeviceintegrations|generic)/"  # QML debugging,
    # geolocation (the page never asks), embedded-Linux input without a window system
    r"|(?:^|/)plugins/platforms/(?:lib)?q(?:eglfs|linuxfb|vnc|minimalegl|vkkhrdisplay)\b"
    # embedded and remote platforms; kept: xcb, wayland, offscreen (headless tests), minimal,
    # and windows/cocoa on those systems
    r"|(?:^|/)plugins/platforminputcontexts/(?:lib)?qtvirtualkeyboardplugin\b"
    r"|(?:^|/)plugins/imageformats/(?:lib)?qpdf\b"
    r"|(?:^|/)(?:lib)?Qt6?(?:VirtualKeyboard\w*|Pdf|EglFSDeviceIntegration|EglFsKmsSupport)"
    r"(?:\.so[.\d]*|\.dll|\.dylib)?$"
    r"|(?:^|/)Qt(?:VirtualKeyboard\w*|Pdf)\.framework/"
)


def keep_binary(dest: str) -> bool:
    """False for a Qt plugin or library that the app never loads (see _UNUSED)."""
    return not _UNUSED.search(dest.replace("\\", "/"))
