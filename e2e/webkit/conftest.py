"""The ``--serve`` page in WebKitGTK's MiniBrowser through WebKitWebDriver (selenium).

``wk(code)`` starts ``harp-towers --serve code`` with its own data folder, opens its URL in a
fresh MiniBrowser under the display (Xvfb from tools/test.sh) and returns a ``WkTable``. A failing
test leaves a screenshot in artifacts/ like the other e2e suites; the per-game screenshots the
tests take on purpose go to artifacts/webkit/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# e2e/webkit's helpers by their plain names, like e2e/conftest.py does for e2e/
if str(Path(__file__).resolve().parent) not in sys.path:
    sys.path.insert(0, str(Path(__file__).resolve().parent))

from wktable import WkTable  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts"
MINIBROWSER = Path(os.environ.get(
    "HARP_MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"))
DRIVER = os.environ.get("HARP_WEBKIT_DRIVER", "WebKitWebDriver")


def start_driver(env: dict[str, str] | None = None):
    """A MiniBrowser in automation mode; ``env`` replaces the browser's environment."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    driver_path = shutil.which(DRIVER)
    if not driver_path or not MINIBROWSER.exists():
        pytest.fail(f"WebKit is not installed ({DRIVER}, {MINIBROWSER}): run tools/setup.sh "
                    "(Debian package webkit2gtk-driver)")
    options = Options()
    options.binary_location = str(MINIBROWSER)
    options.add_argument("--automation")
    service = Service(executable_path=driver_path, env=env)
    d = webdriver.WebKitGTK(options=options, service=service)
    d.set_window_size(1280, 800)
    return d


def serve(code: str, data_dir: Path) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, HARP_TOWERS_DATA_DIR=str(data_dir))
    exe = Path(sys.executable).with_name("harp-towers")
    proc = subprocess.Popen([str(exe), "--serve", code], env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = proc.stdout.readline()
    if "open " not in line:
        proc.kill()
        raise RuntimeError(f"harp-towers --serve said {line!r}")
    return proc, line.split("open ", 1)[1].strip()


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


@pytest.fixture
def wk(request, tmp_path):
    """Factory: ``wk(code, env=None)`` → WkTable on the served page in WebKit."""
    def make(code: str, env: dict[str, str] | None = None) -> WkTable:
        data = tmp_path / f"data-{len(opened)}"
        data.mkdir()
        proc, url = serve(code, data)
        try:
            d = start_driver(env)
        except BaseException:
            _stop(proc)
            raise
        opened.append((proc, d))
        d.get(url)
        t = WkTable(d)
        t.wait_ready()
        t.url = url
        return t

    opened: list = []
    yield make
    rep = getattr(request.node, "rep_call", None)
    for proc, d in opened:
        if rep is not None and rep.failed:
            ARTIFACTS.mkdir(exist_ok=True)
            name = request.node.nodeid.replace("/", "_").replace("::", "-")
            try:
                d.save_screenshot(str(ARTIFACTS / f"{name}.png"))
            except Exception:  # noqa: BLE001 - the browser may be gone
                pass
        d.quit()
        _stop(proc)


def pytest_configure(config):
    # selenium 4.x's WebKitGTK driver still passes the server address the old way
    config.addinivalue_line("filterwarnings",
                            "ignore:setting remote_server_addr:DeprecationWarning")


def pytest_collection_modifyitems(items):
    """A WebKit test whose browser process died under it (WebDriver's empty "unknown error",
    seen once in a full CI run on a loaded machine, never alone) or whose MiniBrowser page
    crashed or hung ("session deleted because of page crash or hang": about one run in four
    on 2026-12-07, with the page of main before that day's changes too) runs once more, in a
    new browser; any other failure, an assertion included, fails at once."""
    for item in items:
        if "webkit" in item.path.parts:
            item.add_marker(pytest.mark.flaky(
                reruns=1, only_rerun=["WebDriverException", "page crash or hang"]))
