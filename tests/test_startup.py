"""The app starts whatever the data folder is (issue 14, item 5): a file, a dangling link,
read-only (with a good save inside, which loads), or on a full disk. It plays, and its first
answer tells the player, once, that games cannot be saved and why (the page words it in the
player's language from ``notice.problem`` and ``notice.reason``).

Each start runs in a child process the way the window does it (log set-up, single instance,
load, saver, Api), so a traceback there fails the test.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from harptowers import storage
from harptowers.desktop import native
from harptowers.desktop import single
from harptowers.api import Api

ROOT = Path(__file__).resolve().parents[1]
SAVED = "EH1-N-AAAAAAB"

_CHILD = r"""
import json
from harptowers.desktop import native
from harptowers.start import open_session
native.setup_logging()
api, saver, primary = open_session(None)
first = api.state()["state"]
played = api.stock()
second = api.state()["state"]
print(json.dumps({"notice": first["notice"], "code": first["code"], "moves": first["moves"],
                  "played": played["ok"], "again": second["notice"] != first["notice"]}))
saver.close(2)
primary.close()
"""


def start(folder: Path) -> dict:
    env = dict(os.environ, HARP_TOWERS_DATA_DIR=str(folder),
               PYTHONPATH=str(ROOT / "backend"))
    run = subprocess.run([sys.executable, "-c", _CHILD], env=env, capture_output=True,
                         text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout.splitlines()[-1])


def saved_folder(folder: Path) -> None:
    api = Api(SAVED, saver=storage.Saver(folder))
    for _ in range(3):
        api.stock()
    api._saver.close()


def test_a_data_folder_that_is_a_file(tmp_path):
    folder = tmp_path / "data"
    folder.write_text("not a folder")
    got = start(folder)
    assert got["notice"] == {"problem": "no-save", "reason": "not-a-folder"}
    assert got["played"] and got["again"] is False  # said once: the next answer is the same
    assert folder.read_text() == "not a folder"


def test_a_data_folder_that_is_a_dangling_link(tmp_path):
    folder = tmp_path / "data"
    folder.symlink_to(tmp_path / "gone")
    got = start(folder)
    assert got["notice"] == {"problem": "no-save", "reason": "not-a-folder"}
    assert got["played"]


@pytest.fixture
def read_only(tmp_path):
    """``make(folder)`` makes ``folder`` read-only: by its mode for a normal user; for root
    (who writes through any mode) by a read-only bind mount, skipped where not allowed."""
    mounted = []

    def make(folder: Path) -> None:
        if os.geteuid() != 0:
            for p in folder.iterdir():
                p.chmod(0o444)
            folder.chmod(0o555)
            return
        ok = subprocess.run(["mount", "--bind", str(folder), str(folder)],
                            capture_output=True).returncode == 0
        mounted.append(folder) if ok else None
        if not ok or subprocess.run(["mount", "-o", "remount,ro,bind", str(folder)],
                                    capture_output=True).returncode != 0:
            pytest.skip("cannot make a read-only folder here")

    yield make
    for folder in mounted:
        subprocess.run(["umount", str(folder)], check=False)
    for p in [tmp_path, *tmp_path.rglob("*")]:
        with contextlib.suppress(OSError):
            p.chmod(0o755 if p.is_dir() else 0o644)


def test_a_read_only_folder_with_a_good_save_loads_it(tmp_path, read_only):
    folder = tmp_path / "data"
    saved_folder(folder)
    read_only(folder)
    got = start(folder)
    assert got["code"] == SAVED and got["moves"] == 3
    assert got["notice"] == {"problem": "no-save", "reason": "read-only"}
    assert got["played"]


@pytest.fixture
def tiny_disk():
    """A 1 MB file system (tmpfs), filled up; skipped where mounting is not allowed."""
    d = Path(tempfile.mkdtemp(prefix="harp-full-"))
    if os.geteuid() != 0 or subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs",
                                            str(d)], capture_output=True).returncode != 0:
        d.rmdir()
        pytest.skip("cannot mount a small file system here")
    yield d
    subprocess.run(["umount", str(d)], check=False)
    shutil.rmtree(d, ignore_errors=True)


def fill(folder: Path) -> None:
    with contextlib.suppress(OSError), open(folder / "filler", "wb") as f:
        while True:
            f.write(b"\0" * 4096)
            f.flush()


def test_a_full_disk_with_a_good_save_loads_it(tiny_disk):
    folder = tiny_disk / "data"
    saved_folder(folder)
    fill(tiny_disk)
    got = start(folder)
    assert got["code"] == SAVED and got["moves"] == 3
    assert got["notice"] == {"problem": "no-save", "reason": "disk-full"}
    assert got["played"]


def test_a_full_disk_is_seen_at_start(tmp_path, monkeypatch):
    monkeypatch.setattr(storage.saver, "_free_space", lambda folder: 4096)
    saver = storage.Saver(tmp_path)
    api = Api(SAVED, saver=saver)
    assert api.state()["state"]["notice"] == {"problem": "no-save", "reason": "disk-full"}
    saver.close()


def test_the_log_set_up_survives_a_folder_it_cannot_write(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    try:
        native.setup_logging(blocked / "logs")  # no exception: the log goes to stderr only
    finally:
        native.setup_logging(tmp_path / "logs")


def test_the_single_instance_set_up_survives_a_folder_that_is_a_file(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with pytest.raises(OSError):
        single.acquire(blocked)
    alone = single.acquire_or_alone(blocked)
    assert isinstance(alone, single.Alone)
    alone.set_handler(print)
    alone.close()
