"""Bridge calls off the GUI thread (issue 40).

pywebview answers every call from the page (``JSBridge.call``, a Qt slot on the GUI thread)
by starting a new Python thread for it, and ``Thread.start`` waits until that thread runs.
The new thread takes the GIL and keeps it while it works, so the GUI thread, waiting to
return, is held for up to the interpreter's switch interval (5 ms) at the moment the frame
that draws the move (the page draws it before it asks) reaches Qt to be shown. Here the slot
only hands the call to one waiting worker and returns at once; the worker runs pywebview's
own handling, unchanged (it still starts a thread per call, so a long call such as a hint
holds no other, and calls start in the order the page made them).

``SWITCH_S``: the GUI thread runs Python for every event of the window (pywebview's event
filter, the geometry tracker of ``native``), so a worker computing an answer can hold it for
a whole switch interval each time; 1 ms bounds that wait.
"""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor

SWITCH_S = 0.001

_pool: ThreadPoolExecutor | None = None


def install() -> None:
    """Route pywebview's Qt bridge calls through the pool (call before ``webview.start``)."""
    global _pool
    from webview.platforms import qt as webview_qt

    if _pool is not None:
        return
    # pywebview's own, imported into its Qt module, where JSBridge.call (the Qt slot) finds it
    original = webview_qt.js_bridge_call  # type: ignore[attr-defined]
    _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="harp-bridge")

    def hand_over(window, func_name, param, value_id):
        assert _pool is not None
        _pool.submit(original, window, func_name, param, value_id)

    webview_qt.js_bridge_call = hand_over  # type: ignore[attr-defined]
    sys.setswitchinterval(SWITCH_S)
