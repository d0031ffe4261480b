"""Window behaviour under a real window manager (openbox under Xvfb): the saved size and
position are used at start and saved again when the app closes (issue: native feel)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time

import pytest

from harptowers import storage


@pytest.fixture
def window_manager():
    if not shutil.which("openbox") or not os.environ.get("DISPLAY"):
        pytest.skip("openbox and an X display are needed")
    wm = subprocess.Popen(["openbox", "--sm-disable"], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # openbox takes the display before the app maps its window
    yield
    wm.terminate()
    wm.wait(10)


def test_saved_geometry_is_used_and_saved_again(window_manager, app, data_dir):
    geometry = {"x": 60, "y": 50, "width": 1000, "height": 680, "maximized": False}
    storage.save(storage.document(window=geometry), data_dir)
    t = app("EH1-N-AAAAAAF")
    size = t.page.evaluate("[window.innerWidth, window.innerHeight]")
    assert size == [1000, 680]
    t.process.terminate()                 # a normal close: the geometry is written again
    t.process.wait(20)
    saved = json.loads((data_dir / storage.FILE_NAME).read_text())["window"]
    assert (saved["width"], saved["height"], saved["maximized"]) == (1000, 680, False)
    assert abs(saved["x"] - 60) <= 2 and abs(saved["y"] - 50) <= 40   # the frame's title bar
