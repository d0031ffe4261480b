"""``pip install .`` into a fresh venv outside the repo: ``harp-towers replay`` works there,
and bad input gives one line on stderr, a non-zero status and no traceback (issue: engine)."""

import json
import subprocess
import venv
from pathlib import Path

import pytest

from harptowers.desktop.platforms import venv_executable

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow  # a fresh venv and a pip install


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    home = tmp_path_factory.mktemp("fresh")
    venv.create(home / "venv", with_pip=True)
    py = venv_executable(home / "venv", "python")
    subprocess.run([py, "-m", "pip", "install", "-q", "--disable-pip-version-check", str(ROOT)],
                   check=True, cwd=home, capture_output=True)
    return home, venv_executable(home / "venv", "harp-towers")


def run(installed, *args):
    home, exe = installed
    return subprocess.run([exe, *args], cwd=home, capture_output=True, text=True, timeout=60)


@pytest.mark.rule("APP-07")
def test_replay_from_an_installed_wheel(installed):
    r = run(installed, "replay", "SH1-C4-AAAAAJ2", "t6-f", "--json")
    assert r.returncode == 0, r.stderr
    pos = json.loads(r.stdout)
    # deal 314: column 6 ends with AD (pinned layout), which goes to the diamonds foundation
    assert pos["foundations"][2] == ["AD"]
    assert pos["score"] == 10 and pos["moves"] == 1
    home, _ = installed
    qt = subprocess.run([venv_executable(home / "venv", "python"), "-c",
                         "import sys, harptowers.cli.replay, harptowers.cli; "
                         "print(any(m.split('.')[0] in ('webview', 'PySide6', 'qtpy') "
                         "for m in sys.modules))"], capture_output=True, text=True)
    assert qt.stdout.strip() == "False"


@pytest.mark.parametrize("args, quoted", [
    (["replay", "EH1-N-AAAA0AF", "s"], "'0'"),
    (["replay", "XX1-N-AAAAAAF", "s"], "'XX'"),
    (["replay", "EH1-N-AAAAAAF", "t3-t1 t3:x-t9"], "'t3:x-t9'"),
    (["replay", "EH1-N-AAAAAAF", "t12-t1"], "'t12'"),
])
def test_bad_input_one_line_no_traceback(installed, args, quoted):
    r = run(installed, *args)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert quoted in lines[0]
    assert "Traceback" not in r.stderr
