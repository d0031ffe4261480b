"""``harp-towers`` with start-up timestamps: the same ``harptowers.cli.main`` the console
script runs, plus wall-clock marks (``time.time()``) of its phases appended as JSON lines to
``$HARP_BENCH_MARKS``. Used by bench/startup.py for the break-down only; the headline cold
start is measured on the real ``harp-towers`` script.

Marks: interpreter (first line of this file), cli_imported, webview_import (start of
``import webview``), webview_imported, pyside6_import / pyside6_imported,
webengine_import / webengine_imported (``PySide6.QtWebEngineCore``, first needed by
``window._patch_qt_page``), webview_start (``webview.start`` called),
qt_import (start of ``import webview.platforms.qt``: PySide6 + QtWebEngine),
qt_imported, qt_create_window (Qt application about to be created), browser_view
(the QMainWindow + QWebEngineView + profile built; the page load is requested right after),
load_finished (Qt's loadFinished: the page's load event), first_bridge_call (the page's
first ``Api`` call: ``state``, sent once pywebview's api is ready).
"""

import time

_T0 = time.time()

import importlib.abc  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402

_OUT = os.environ.get("HARP_BENCH_MARKS")
_seen: dict[str, float] = {}


def mark(name: str, t: float | None = None) -> None:
    if name in _seen or not _OUT:
        return
    _seen[name] = time.time() if t is None else t
    with open(_OUT, "a") as f:
        f.write(json.dumps({name: _seen[name]}) + "\n")


mark("interpreter", _T0)

# $HARP_BENCH_REFCOUNT_PAD=N: hold N extra references to None, True and False. PySide6
# 6.12's QWebEnginePage.runJavaScript (which pywebview uses to answer every bridge call)
# drops one reference to one of them per call; on Python < 3.12, where they are not
# immortal, the process aborts ("Fatal Python error: bool_dealloc" / "none_dealloc") after
# some 1 500-2 000 bridge calls. The long benches pad the counts so they can measure the
# rest; the crash itself is what bench/memory.py reports without the pad.
_PAD = [None, True, False] * int(os.environ.get("HARP_BENCH_REFCOUNT_PAD") or 0)


def _after_webview(mod) -> None:
    mark("webview_imported")
    start = mod.start

    def timed_start(*a, **kw):
        mark("webview_start")
        return start(*a, **kw)
    mod.start = timed_start


def _after_qt(mod) -> None:
    mark("qt_imported")
    create = mod.create_window

    def timed_create(window):
        if window.uid == "master":
            mark("qt_create_window")
        return create(window)
    mod.create_window = timed_create
    view = mod.BrowserView
    init = view.__init__

    def timed_init(self, *a, **kw):
        init(self, *a, **kw)
        mark("browser_view")
    view.__init__ = timed_init
    loaded = view.on_load_finished

    def timed_loaded(self):   # exactly one argument: Qt passes `ok` to a slot that takes it
        mark("load_finished")
        return loaded(self)
    view.on_load_finished = timed_loaded
    # the signal was connected to the bound method inside __init__, which now runs after
    # this patch, so the wrapper is what Qt calls.


if os.environ.get("HARP_BENCH_TRACEMALLOC"):
    # bench/memory.py --tracemalloc: SIGUSR1 writes the largest allocation sites (by line)
    # to tracemalloc.json in the data folder. Python runs the handler on the main thread
    # (pywebview's 500 ms Qt timer gives it the chance).
    import signal
    import tracemalloc

    tracemalloc.start(1)

    def _dump(signum, frame):
        folder = os.environ.get("HARP_TOWERS_DATA_DIR", ".")
        snap = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)])
        top = [{"where": str(s.traceback), "kb": round(s.size / 1024, 1), "count": s.count}
               for s in snap.statistics("lineno")[:25]]
        tmp = os.path.join(folder, "tracemalloc.json.tmp")
        with open(tmp, "w") as f:
            json.dump({"total_kb": round(sum(s.size for s in snap.traces) / 1024, 1),
                       "top": top}, f)
        os.replace(tmp, os.path.join(folder, "tracemalloc.json"))

    signal.signal(signal.SIGUSR1, _dump)

_HOOKS = {"webview": ("webview_import", _after_webview),
          "PySide6": ("pyside6_import", lambda mod: mark("pyside6_imported")),
          "PySide6.QtWebEngineCore": ("webengine_import", lambda mod: mark("webengine_imported")),
          "webview.platforms.qt": ("qt_import", _after_qt)}


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if fullname not in _HOOKS:
            return None
        before, after = _HOOKS[fullname]
        mark(before)
        for finder in sys.meta_path:
            if finder is self:
                continue
            spec = finder.find_spec(fullname, path, target) if hasattr(finder, "find_spec") else None
            if spec is not None:
                break
        else:
            return None
        loader = spec.loader
        exec_module = loader.exec_module

        def wrapped(module):
            exec_module(module)
            after(module)
        loader.exec_module = wrapped
        return spec


sys.meta_path.insert(0, _Finder())

from harptowers import api as _api  # noqa: E402
from harptowers import cli  # noqa: E402

mark("cli_imported")
_state = _api.Api.state


def _timed_state(self, a=None):
    mark("first_bridge_call")
    return _state(self, a)


_timed_state.__doc__ = _state.__doc__
_api.Api.state = _timed_state

if __name__ == "__main__":
    sys.argv[0] = "harp-towers"
    sys.exit(cli.main())
