"""The Qt pin, kept safe: the installed PySide6 must not drop references on bridge calls.

PySide6 6.12.0 drops one reference to ``True`` on every QWebChannel call from the page to
Python; on Python 3.11, where ``True`` is not immortal, the app aborts after ~1 500 calls
("Fatal Python error: bool_dealloc"). pyproject.toml pins 6.11.3; e2e/test_soak.py makes 3 000
calls in the real window. This is the quick form of that check, to run before moving the pin:
a one-method pywebview window (Qt, offscreen) whose page makes 300 calls, with
``sys.getrefcount(True)`` read in Python before the first and after the last. 6.11.3: no
change; 6.12.0: 300 references fewer (docs/packaging.md, "Moving the Qt pin").

    python -m pytest tests/test_qt_pin.py     # judges this venv's PySide6
    HARP_QT_PROBE_PYTHON=/path/to/candidate/venv/bin/python python -m pytest tests/test_qt_pin.py
                                              # judges another venv's (a candidate pin)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

CALLS = 300

PROBE = r"""
import json, sys
import webview

CALLS = int(sys.argv[1])
seen = {}

class Api:
    def start(self):
        seen["before"] = sys.getrefcount(True)
        return True

    def ping(self):
        return True

    def done(self, n):
        seen["after"] = sys.getrefcount(True)
        seen["calls"] = n
        window.destroy()

PAGE = '''<!doctype html><script>
window.addEventListener('pywebviewready', async () => {
  const api = window.pywebview.api;
  await api.start();
  let n = 0;
  for (let i = 0; i < %d; i++) { if (await api.ping()) n++; }
  await api.done(n);
});
</script>''' % CALLS

window = webview.create_window("qt pin probe", html=PAGE, js_api=Api())
webview.start(gui="qt")
import PySide6
seen["pyside6"] = PySide6.__version__
print("PROBE " + json.dumps(seen), flush=True)
"""


def probe(python: str | None = None, calls: int = CALLS) -> dict:
    """Run the probe in a fresh process; returns before, after, calls and the PySide6 version."""
    python = python or os.environ.get("HARP_QT_PROBE_PYTHON") or sys.executable
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_API="pyside6", PYWEBVIEW_GUI="qt")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
    r = subprocess.run([python, "-c", PROBE, str(calls)], env=env, capture_output=True,
                       text=True, timeout=120, check=False)
    line = next((ln for ln in r.stdout.splitlines() if ln.startswith("PROBE ")), None)
    assert line, f"the probe did not finish (exit {r.returncode}):\n{r.stderr[-2000:]}"
    return json.loads(line.removeprefix("PROBE "))


@pytest.mark.slow
def test_bridge_calls_keep_their_references():
    if not os.environ.get("HARP_QT_PROBE_PYTHON"):
        pytest.importorskip("webview")
        pytest.importorskip("PySide6")
    seen = probe()
    assert seen["calls"] == CALLS
    lost = seen["before"] - seen["after"]
    # a leak of one reference per call loses CALLS; a few either way is ordinary churn
    assert abs(lost) < CALLS // 10, (
        f"PySide6 {seen['pyside6']} changed the references to True by {-lost} over {CALLS} "
        "bridge calls: the app would abort in a long session; keep the pin "
        "(docs/packaging.md)")
