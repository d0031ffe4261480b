"""bench/startup.py's helpers: the files read before every start of an app (bench/_warm.py)
and the paired ratios of our starts against the rivals' (bench/_sidebyside.py)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

from _sidebyside import paired, pool  # noqa: E402
from _warm import FileCache, mapped_files  # noqa: E402


def test_the_files_of_the_folders_are_read_through_but_not_other_packages(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.pyc").write_bytes(b"x" * 3000)
    (tmp_path / "b.js").write_bytes(b"y" * (3 << 20))   # more than one read
    (tmp_path / "site-packages").mkdir()
    (tmp_path / "site-packages" / "big.so").write_bytes(b"z" * 5000)
    cache = FileCache(dirs=[tmp_path])
    assert cache.files == {tmp_path / "pkg" / "a.pyc", tmp_path / "b.js"}
    out = cache.warm()
    assert (out["files"], out["mb"]) == (2, round((3000 + (3 << 20)) / 1e6, 1))
    assert cache.log == [out]


def test_a_running_process_maps_its_interpreter_and_a_gone_one_maps_nothing():
    found = mapped_files([os.getpid()])
    assert Path(os.path.realpath(sys.executable)) in found
    assert all(p.is_absolute() and not str(p).startswith(("/dev/", "/proc/")) for p in found)
    assert mapped_files([2 ** 22 + 7]) == set()   # no such process


def test_learning_adds_the_mapped_files_and_a_file_gone_is_skipped(tmp_path):
    gone = tmp_path / "gone.bin"
    gone.write_bytes(b"1" * 10)
    cache = FileCache(dirs=[tmp_path])
    gone.unlink()
    cache.learn([os.getpid()])
    assert Path(os.path.realpath(sys.executable)) in cache.files
    assert cache.warm()["files"] == len(cache.files)   # the missing file did not stop it


def test_paired_ratios_skip_a_start_without_a_figure_and_bound_their_median():
    p = paired([1.0, 2.0, None, 3.0, 1.2], [1.0, 1.0, 1.0, None, 1.0])
    assert (p["median"], p["pairs"]) == (1.2, 3)   # ratios 1.0, 2.0, 1.2
    lo, hi = p["ci95"]
    assert 1.0 <= lo <= 1.2 <= hi <= 2.0
    assert paired([1.0, 2.0, 1.2], [1.0, 1.0, 1.0]) == p   # the same lists, the same figures
    assert paired([None], [1.0]) is None


def test_pooled_runs_pair_each_start_with_the_rival_start_beside_it(tmp_path):
    def run(ours, bare, ours_ready, bare_ready):
        return {"side_by_side": {
            "ours": {"cards_each_s": ours, "ready_each_s": ours_ready},
            "bare": {"cards_each_s": bare, "ready_each_s": bare_ready},
            "paired": {"bare": {}}}}
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    a.write_text(json.dumps(run([1.1, 0.9], [1.0, 1.0], [2.0, 2.0], [1.0, 4.0])))
    b.write_text(json.dumps(run([1.5], [1.0], [3.0], [2.0])))
    got = pool([a, b])
    assert list(got) == ["bare"]
    assert (got["bare"]["cards"]["median"], got["bare"]["cards"]["pairs"]) == (1.1, 3)
    assert got["bare"]["ready"]["median"] == 1.5   # ratios 2.0, 0.5, 1.5
