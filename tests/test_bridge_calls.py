"""Bridge calls leave the GUI thread at once (desktop/bridge_calls.py, issue 40): pywebview's
own handling runs on the one bridge worker, in the order the page made the calls, and the
answer still comes back through the window as pywebview sends it."""

from __future__ import annotations

import sys
import threading

import pytest

webview_qt = pytest.importorskip("webview.platforms.qt")

from harptowers.desktop import bridge_calls  # noqa: E402


class Window:
    """What pywebview's handling reads of a window: the API and ``evaluate_js``."""

    def __init__(self, api) -> None:
        self._functions: dict = {}
        self._js_api = api
        self.scripts: list[str] = []
        self.answered = threading.Semaphore(0)

    def evaluate_js(self, script: str) -> None:
        self.scripts.append(script)
        self.answered.release()


@pytest.fixture
def installed(monkeypatch):
    monkeypatch.setattr(webview_qt, "js_bridge_call", webview_qt.js_bridge_call)
    monkeypatch.setattr(bridge_calls, "_pool", None)
    switch = sys.getswitchinterval()
    bridge_calls.install()
    yield
    bridge_calls._pool.shutdown(wait=True)
    sys.setswitchinterval(switch)


def test_the_gui_thread_only_hands_the_call_over(installed):
    ran_on: list[str] = []
    release = threading.Event()
    seen: list[str] = []

    class Api:
        def play(self, arg):
            release.wait(10)          # the call is still working …
            seen.append(arg["to"])
            return {"ok": True, "to": arg["to"]}

    original_starts = []
    real = bridge_calls._pool.submit

    def watched(fn, *args):
        original_starts.append(fn.__name__)
        return real(lambda *a: (ran_on.append(threading.current_thread().name), fn(*a)), *args)

    bridge_calls._pool.submit = watched  # type: ignore[method-assign]
    w = Window(Api())
    webview_qt.js_bridge_call(w, "play", [{"to": "c1"}], "id-1")
    webview_qt.js_bridge_call(w, "play", [{"to": "c2"}], "id-2")
    assert w.scripts == []            # … and the caller has already returned
    release.set()
    assert w.answered.acquire(timeout=10) and w.answered.acquire(timeout=10)
    assert original_starts == ["js_bridge_call", "js_bridge_call"]   # pywebview's own handling
    assert ran_on and all(name.startswith("harp-bridge") for name in ran_on)
    assert sorted(seen) == ["c1", "c2"]
    assert ('window.pywebview._returnValuesCallbacks["play"]["id-1"]'
            """({value: '{"ok": true, "to": "c1"}'})""") in w.scripts


def test_the_switch_interval_bounds_the_gui_threads_wait(installed):
    assert sys.getswitchinterval() == pytest.approx(bridge_calls.SWITCH_S)
