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

    tracemalloc.start(int(os.environ.get("HARP_BENCH_TRACEMALLOC_FRAMES") or 1))
    _first_snap = []

    def _dump(signum, frame):
        folder = os.environ.get("HARP_TOWERS_DATA_DIR", ".")
        snap = tracemalloc.take_snapshot().filter_traces(
            [tracemalloc.Filter(False, tracemalloc.__file__)])
        top = [{"where": str(s.traceback), "kb": round(s.size / 1024, 1), "count": s.count}
               for s in snap.statistics("lineno")[:25]]
        # what grew since the first dump (by traceback, so a site below the top 25 shows too)
        if not _first_snap:
            _first_snap.append(snap)
        grew = [{"where": " <- ".join(str(f) for f in reversed(s.traceback)),
                 "kb": round(s.size_diff / 1024, 1), "count": s.count_diff}
                for s in snap.compare_to(_first_snap[0], "traceback")[:15] if s.size_diff > 0]
        tmp = os.path.join(folder, "tracemalloc.json.tmp")
        with open(tmp, "w") as f:
            json.dump({"total_kb": round(sum(s.size for s in snap.traces) / 1024, 1),
                       "top": top, "grew_since_first": grew}, f)
        os.replace(tmp, os.path.join(folder, "tracemalloc.json"))

    signal.signal(signal.SIGUSR1, _dump)

if os.environ.get("HARP_BENCH_MALLOC"):
    # bench/memory.py --malloc: SIGUSR2 writes glibc's malloc statistics (mallinfo2: bytes
    # the allocator holds, in use and free, over all arenas; the number of arenas from
    # malloc_info), then malloc_trim(0) (free pages of every arena back to the system) and
    # the statistics again, to malloc.json in the data folder. What the trim gives back is
    # allocator high-water, not a leak.
    import ctypes
    import re
    import signal

    _libc = ctypes.CDLL("libc.so.6")

    class _Mallinfo2(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks",
                     "uordblks", "fordblks", "keepcost")]

    _libc.mallinfo2.restype = _Mallinfo2
    _libc.malloc_trim.argtypes = [ctypes.c_size_t]
    _libc.fopen.restype = ctypes.c_void_p
    _libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    _libc.fclose.argtypes = [ctypes.c_void_p]
    _libc.malloc_info.argtypes = [ctypes.c_int, ctypes.c_void_p]

    def _stats(folder: str) -> dict:
        m = _libc.mallinfo2()
        out = {"held_kb": (m.arena + m.hblkhd) // 1024, "sbrk_and_arenas_kb": m.arena // 1024,
               "mmapped_kb": m.hblkhd // 1024, "in_use_kb": (m.uordblks + m.hblkhd) // 1024,
               "free_kb": m.fordblks // 1024, "top_pad_kb": m.keepcost // 1024}
        path = os.path.join(folder, "malloc_info.xml")
        fp = _libc.fopen(path.encode(), b"w")
        if fp:
            _libc.malloc_info(0, fp)
            _libc.fclose(fp)
            with open(path) as f:
                out["arenas"] = len(re.findall(r'<heap nr="', f.read()))
        return out

    def _malloc(signum, frame):
        folder = os.environ.get("HARP_TOWERS_DATA_DIR", ".")
        before = _stats(folder)
        t = time.perf_counter()
        released = _libc.malloc_trim(0)
        out = {"before_trim": before, "after_trim": _stats(folder), "released": released,
               "trim_ms": round((time.perf_counter() - t) * 1000, 1)}
        tmp = os.path.join(folder, "malloc.json.tmp")
        with open(tmp, "w") as f:
            json.dump(out, f)
        os.replace(tmp, os.path.join(folder, "malloc.json"))

    signal.signal(signal.SIGUSR2, _malloc)

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
