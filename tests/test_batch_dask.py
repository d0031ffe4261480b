"""The deal batch on Dask's local cluster (issue 39, item 5): the same rows and list as the
shipped results, resumable, with a progress bar."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import batch  # noqa: E402
import winnable_batch  # noqa: E402

SHIPPED = ROOT / "backend" / "harptowers" / "data" / "winnable" / "seahaven-towers-C1.v1.txt"


@pytest.fixture
def folders(tmp_path, monkeypatch):
    monkeypatch.setattr(winnable_batch, "RESULTS", tmp_path / "results")
    monkeypatch.setattr(winnable_batch, "LISTS", tmp_path / "lists")
    return tmp_path


def test_a_batch_on_a_local_cluster_finds_the_shipped_verdicts_and_resumes(folders, capsys):
    # Seahaven with one cell, deals 50-56: only 53 is winnable in the shipped list
    shipped = {int(n) for n in SHIPPED.read_text().split()}
    deals = range(50, 57)
    assert winnable_batch.main(["seahaven-towers", "C1", "50", "56", "--workers", "2"]) == 0
    rows = [json.loads(line) for line in
            (folders / "results" / "seahaven-towers-C1.jsonl").read_text().splitlines()]
    assert sorted(r["deal"] for r in rows) == list(deals)
    verdicts = {r["deal"]: r["verdict"] for r in rows}
    assert {n for n, v in verdicts.items() if v == "winnable"} == shipped & set(deals) == {53}
    assert all(v == "unwinnable" for n, v in verdicts.items() if n != 53)
    listed = (folders / "lists" / "seahaven-towers-C1.v1.txt").read_text().split()
    assert listed == ["53"]
    out, err = capsys.readouterr()
    assert json.loads(out)["verdicts"] == {"winnable": 1, "unwinnable": 6}
    assert "7/7 seahaven-towers C1 deals" in err and "[" + "#" * 30 + "]" in err
    # run again: every deal is in the results, nothing is solved twice
    assert winnable_batch.main(["seahaven-towers", "C1", "50", "56", "--workers", "1"]) == 0
    again = (folders / "results" / "seahaven-towers-C1.jsonl").read_text().splitlines()
    assert len(again) == len(rows)


def test_a_batch_on_a_cluster_started_apart_as_the_tool_documents(folders, tmp_path):
    """A scheduler and a worker started by hand, outside the checkout's tools/ (as on another
    machine): the tool's own code goes with each call."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    dask = str(Path(sys.executable).parent / "dask")
    address = f"tcp://127.0.0.1:{port}"
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                               "--no-dashboard"], cwd=tmp_path, stderr=subprocess.DEVNULL)]
    procs.append(subprocess.Popen([dask, "worker", address, "--nworkers", "1", "--nthreads", "1",
                                   "--no-dashboard"], cwd=tmp_path, stderr=subprocess.DEVNULL))
    try:
        assert winnable_batch.main(["seahaven-towers", "C1", "52", "54", "--scheduler", address]) == 0
    finally:
        for p in procs:
            p.terminate()
            p.wait(30)
    listed = (folders / "lists" / "seahaven-towers-C1.v1.txt").read_text().split()
    assert listed == ["53"]


def test_the_progress_bar_counts_and_draws_a_line_each_tenth():
    lines: list[str] = []
    p = batch.Progress(20, "deals", lines.append)
    for _ in range(20):
        p.step()
    assert len(lines) == 11                          # 0/10 … 10/10: the first step, then each tenth
    assert lines[0].startswith("[#" + "." * 29 + "] 1/20 deals")            # 30 x 1/20, rounded down
    assert lines[5].startswith("[" + "#" * 15 + "." * 15 + "] 10/20 deals")
    assert lines[-1].startswith("[" + "#" * 30 + "] 20/20 deals")


def test_which_deals_are_solved_again():
    """A win never; an older solver's undecided deal with --redo-older; an unknown with
    --retry-unknown when this run has a bigger limit or more processes a deal."""
    redo = winnable_batch.redo
    unknown = {"verdict": "unknown", "limit": 120.0, "solver": 6}
    assert not redo({"verdict": "winnable", "limit": 1.0, "solver": 1}, 120, True, True, 6, 2)
    assert redo({**unknown, "solver": 5}, 10, False, True, 6)
    assert not redo(unknown, 120, False, True, 6, 2)
    assert not redo(unknown, 120, True, False, 6)          # the same limit, one process
    assert redo(unknown, 121, True, False, 6)              # a bigger limit
    assert redo(unknown, 120, True, False, 6, 2)           # two processes a deal
    assert not redo({**unknown, "jobs": 2}, 120, True, False, 6, 2)
