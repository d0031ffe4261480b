"""Crash testing as SQLite does it (issue 41): a scripted session through the bridge, killed
at every crash point of the save path (each hit of each point: the document's atomic write,
the fold of the journal into it, the journal's rotation), and faulted at every write (ENOSPC,
EIO, a short write). What the bridge acknowledged before the kill is what loads after it.

The expected state is the one the bridge answered last before the kill (its position, the
settings and statistics the session held), never what the storage code computes.
"""

from __future__ import annotations

import errno
import os
import threading
import time

import pytest

from harptowers import storage
from harptowers.api import Api
from harptowers.engine import parse_moves
from harptowers.storage import saver as saver_module
from test_durability import bridge_args, position
from test_won_games import EASY_HARP_CODE, EASY_HARP_MOVES

MOVES = parse_moves(EASY_HARP_MOVES)


class Gate:
    """Document writes wait for a permit, so the test decides when each happens: changes
    pile up in the journal meanwhile (a rotation), then one write folds them."""

    def kill(self) -> None:
        self.killed = True
        for _ in range(5):
            self.permits.release()

    def __init__(self, monkeypatch, fault=None) -> None:
        self.permits = threading.Semaphore(0)
        self.real = storage.atomic.write_atomic
        self.fault = fault
        self.killed = False
        monkeypatch.setattr(storage, "write_atomic", self.write)

    def write(self, path, data):
        assert self.permits.acquire(timeout=20)
        if self.killed:  # the run was killed: this writer ends as the process would
            raise storage.SimulatedCrash("killed")
        if self.fault is not None:
            self.fault("document")
        self.real(path, data)


def script(api: Api):
    """The session: moves, a setting, more moves, a new game (a loss counted), moves."""
    for m in MOVES[:4]:
        yield bridge_args(api, m)
    yield "settings", {"four_colour": True}
    for m in MOVES[4:7]:
        yield bridge_args(api, m)
    yield "new_game", {"code": "EH1-N-AAAAAAB"}
    yield "stock", None
    yield "stock", None


def acknowledged(api: Api, answer: dict) -> tuple:
    s = api._session
    return (position(answer["state"]), dict(s.settings), storage.stats_view(s.stats))


def loaded(folder) -> tuple:
    got = storage.load(folder)
    api = Api(loaded=got)
    s = api._session
    return (position(api.state()["state"]), dict(s.settings), storage.stats_view(s.stats))


def run(folder, monkeypatch, crash_at: str | None = None, hit: int = 0, fault=None,
        kill_on_failure: bool = False):
    """Play the script, letting a document write happen after every third call; stop at the
    kill (with ``kill_on_failure``, as soon as saving fails). Returns (what was acknowledged
    last, hits of ``crash_at``, whether it was killed)."""
    hits = [0]

    def crash():
        hits[0] += 1
        if hits[0] == hit:
            raise storage.SimulatedCrash(crash_at)

    monkeypatch.setattr(storage, "_crash_at", crash_at)
    monkeypatch.setattr(storage, "_crash", crash)
    monkeypatch.setattr(saver_module, "JOURNAL_LIMIT", 1)  # rotate whenever lines are left
    gate = Gate(monkeypatch, fault)
    saver = storage.Saver(folder)
    api = Api(EASY_HARP_CODE, saver=saver)
    last = acknowledged(api, api.state())
    for i, (method, arg) in enumerate(script(api)):
        answer = getattr(api, method)(arg)
        assert answer["ok"], answer
        last = acknowledged(api, answer)
        for _ in range(2000):  # the writer holds a document at the gate (the same each run)
            if saver._busy or saver._dead or saver.status == "failing":
                break
            time.sleep(0.005)
        if kill_on_failure and saver.status == "failing":
            gate.kill()
            return last, hits[0], True
        if i % 3 == 1:  # one document write, then wait for it (or for the kill)
            before = saver.writes
            gate.permits.release()
            for _ in range(2000):
                # written, and the next document taken (so the run is the same every time)
                if (saver.writes > before and saver._pending is None) or saver._dead \
                        or saver.status == "failing":
                    break
                time.sleep(0.005)
            if saver._dead or (kill_on_failure and saver.status == "failing"):
                gate.kill()
                return last, hits[0], True
    for _ in range(20):  # the end: the last writes (a kill may still come)
        gate.permits.release()
    saver.flush(20)
    if kill_on_failure and saver.status == "failing":
        gate.kill()
        return last, hits[0], True
    if not saver._dead:
        saver._closed = True  # no close(): a kill leaves the journal as it is
        with saver._cond:
            saver._cond.notify_all()
    return last, hits[0], saver._dead


POINTS = storage.CRASH_POINTS


def test_the_script_reaches_every_crash_point(tmp_path, monkeypatch):
    counts = {}
    for point in POINTS:
        folder = tmp_path / point
        _last, counts[point], killed = run(folder, monkeypatch, point, hit=0)
        assert not killed
    assert all(n >= 2 for n in counts.values()), counts


@pytest.mark.parametrize("point", POINTS)
def test_a_kill_at_every_hit_of_every_crash_point_keeps_what_was_acknowledged(
        tmp_path, monkeypatch, point):
    _last, total, _ = run(tmp_path / "count", monkeypatch, point, hit=0)
    assert total >= 2
    for k in range(1, total + 1):
        folder = tmp_path / f"hit-{k}"
        last, _hits, killed = run(folder, monkeypatch, point, hit=k)
        assert killed, (point, k)
        monkeypatch.setattr(storage, "_crash_at", None)
        assert loaded(folder) == last, (point, k)


def _faults(kind: str, at: int):
    """A fault at the ``at``-th write of its kind: every journal append and document write
    counts. ``kind``: "ENOSPC", "EIO" or "short" (half the bytes, then ENOSPC)."""
    seen = [0]

    def fault(where: str, fd: int | None = None, data: bytes = b"") -> int | None:
        seen[0] += 1
        if seen[0] != at:
            return None
        if kind == "short" and where == "journal":
            n = os.write(fd, data[: len(data) // 2])
            raise OSError(errno.ENOSPC, f"short write of {n} bytes, then the disk is full")
        raise OSError(errno.EIO if kind == "EIO" else errno.ENOSPC, f"{kind} (injected)")
    return fault, seen


@pytest.mark.parametrize("kind", ["ENOSPC", "EIO", "short"])
def test_a_fault_at_every_write_loses_nothing_acknowledged_once_the_disk_works(
        tmp_path, monkeypatch, kind):
    real_append = storage.journal.append
    fault, seen = _faults(kind, 0)
    monkeypatch.setattr(storage, "_crash_at", None)

    def counting(fd, data):
        fault("journal", fd, data)
        real_append(fd, data)

    monkeypatch.setattr(storage.journal, "append", counting)
    run(tmp_path / "count", monkeypatch, fault=fault)
    total = seen[0]
    assert total >= 15
    for at in range(1, total + 1):
        fault, _ = _faults(kind, at)

        def append(fd, data, fault=fault):
            fault("journal", fd, data)
            real_append(fd, data)

        monkeypatch.setattr(storage.journal, "append", append)
        folder = tmp_path / f"at-{at}"
        last, _h, killed = run(folder, monkeypatch, fault=fault)
        assert not killed
        # the writer retried the failed write and wrote the last document: all is there
        assert loaded(folder) == last, (kind, at)


@pytest.mark.parametrize("kind", ["ENOSPC", "EIO", "short"])
def test_a_kill_right_after_a_fault_at_any_write_loses_nothing_untold(
        tmp_path, monkeypatch, kind):
    """The disk fails at one write and the app is killed at once: what loads is what was
    acknowledged, or the player is told at the start what was lost."""
    real_append = storage.journal.append
    monkeypatch.setattr(storage, "_crash_at", None)
    told = 0
    for at in range(1, 16):
        fault, _ = _faults(kind, at)

        def append(fd, data, fault=fault):
            fault("journal", fd, data)
            real_append(fd, data)

        monkeypatch.setattr(storage.journal, "append", append)
        folder = tmp_path / f"at-{at}"
        last, _h, _killed = run(folder, monkeypatch, fault=fault, kill_on_failure=True)
        # (a fault in a rotation's copy fails nothing the player sees: the journal stays)
        if loaded(folder) != last:
            assert storage.load(folder).problem == "unsaved-lost", (kind, at)
            told += 1
    assert told >= 5  # the journal's faults (the document's lose nothing)
