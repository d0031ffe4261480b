"""Nothing lost (issue 14, items 6, 7 and 8; docs/durability.md): every answered action is in
the journal before its answer; a torn last line is ignored; saves follow the order of the
actions; a failing disk is told to the player once, retried, and its end told too.

Expected values are the game the test itself played (its own list of actions) and the
positions the bridge answered; never what the storage code computes.
"""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from harptowers import storage
from harptowers.api import Api
from harptowers.engine import parse_moves
from test_won_games import EASY_HARP_CODE, EASY_HARP_MOVES, SEAHAVEN_CODE, SEAHAVEN_MOVES

ROOT = Path(__file__).resolve().parents[1]
JOURNAL = "harp-towers.journal"


def bridge_args(api: Api, move) -> tuple[str, dict | None]:
    """The bridge call the page makes for ``move`` (engine notation) in ``api``'s game."""
    if str(move) == "s":
        return "stock", None
    n = len(api._game.pile(move.src))
    return "play", {"from": str(move.src), "index": n - move.count, "to": str(move.dst)}


def play(api: Api, moves: list, n: int) -> list[dict]:
    """Play the first ``n`` of ``moves`` through the bridge; the answered states."""
    states = []
    for m in moves[:n]:
        method, arg = bridge_args(api, m)
        answer = getattr(api, method)(arg)
        assert answer["ok"], answer
        states.append(answer["state"])
    return states


def visible(piles: list[dict]) -> list:
    """What the player sees of the piles (hidden cards carry a per-run id: only "down")."""
    return [(p["id"], [c.get("card", "down") for c in p["cards"]]) for p in piles]


def position(state: dict) -> tuple:
    return (state["code"], state["score"], state["moves"], visible(state["piles"]))


@pytest.fixture
def stuck_disk(monkeypatch):
    """The document writer never finishes: only the journal can keep what was answered."""
    release = threading.Event()
    monkeypatch.setattr(storage, "write_atomic", lambda path, data: release.wait(30))
    yield
    release.set()


@pytest.mark.parametrize("code, moves", [(EASY_HARP_CODE, EASY_HARP_MOVES),
                                         (SEAHAVEN_CODE, SEAHAVEN_MOVES)])
def test_every_answered_action_is_on_disk_before_its_answer(tmp_path, stuck_disk, code, moves):
    moves = parse_moves(moves)
    api = Api(code, saver=storage.Saver(tmp_path))
    states = play(api, moves, 25)
    # a restart now (the app killed) reads the folder as it is
    got = storage.load(tmp_path)
    assert got.game is not None and got.replayed == 25
    assert got.game.actions == [str(m) for m in moves[:25]]
    again = Api(loaded=got)
    assert position(again.state()["state"]) == position(states[-1])


def test_a_torn_last_line_is_ignored_and_cut_before_the_next_append(tmp_path, stuck_disk):
    moves = parse_moves(EASY_HARP_MOVES)
    api = Api(EASY_HARP_CODE, saver=storage.Saver(tmp_path))
    states = play(api, moves, 6)
    journal = tmp_path / JOURNAL
    whole = journal.read_bytes()
    lines = whole.split(b"\n")
    assert len(lines) == 7 and lines[-1] == b""  # six complete lines
    journal.write_bytes(whole + lines[2][: len(lines[2]) // 2])  # a kill mid-append
    got = storage.load(tmp_path)
    assert got.replayed == 6 and got.journal_end == len(whole)
    api2 = Api(loaded=got, saver=storage.Saver(tmp_path, loaded=got))
    assert position(api2.state()["state"]) == position(states[-1])
    more = play(api2, moves[6:], 2)
    got2 = storage.load(tmp_path)
    assert got2.game.actions == [str(m) for m in moves[:8]]
    assert position(Api(loaded=got2).state()["state"]) == position(more[-1])


def test_the_writer_folds_the_journal_into_the_document(tmp_path):
    moves = parse_moves(SEAHAVEN_MOVES)
    saver = storage.Saver(tmp_path)
    api = Api(SEAHAVEN_CODE, saver=saver)
    states = play(api, moves, 10)
    assert saver.flush(10)
    assert (tmp_path / JOURNAL).stat().st_size == 0
    doc = json.loads((tmp_path / "harp-towers.json").read_bytes())
    assert doc["game"]["actions"] == [str(m) for m in moves[:10]] and doc["seq"] == 10
    saver.close()
    assert not (tmp_path / JOURNAL).exists()  # a clean quit leaves the one file
    assert position(Api(loaded=storage.load(tmp_path)).state()["state"]) == position(states[-1])


def test_a_journal_line_stays_short_in_a_long_game(tmp_path, stuck_disk):
    api = Api(EASY_HARP_CODE, saver=storage.Saver(tmp_path))
    for _ in range(300):
        api.stock()
    sizes = [len(x) for x in (tmp_path / JOURNAL).read_bytes().split(b"\n")[:-1]]
    assert len(sizes) == 300 and max(sizes[1:]) < sizes[0] + 200  # the actions are not repeated


def test_overlapping_calls_save_in_the_order_of_their_actions(tmp_path):
    saver = storage.Saver(tmp_path)
    first_in, second_done = threading.Event(), threading.Event()
    real = saver.submit
    calls = []

    def submit(doc, *args, **kwargs):
        calls.append(doc)
        if len(calls) == 1:  # the first call is slow to hand its document over …
            first_in.set()
            second_done.wait(1.0)
            return real(doc, *args, **kwargs)
        result = real(doc, *args, **kwargs)
        second_done.set()
        return result

    saver.submit = submit
    api = Api(EASY_HARP_CODE, saver=saver)
    t = threading.Thread(target=api.stock)
    t.start()
    assert first_in.wait(5)
    api.stock()  # … while a second call (another page on --serve) acts
    t.join(10)
    saver.close()
    assert api._session.rec.actions == ["s", "s"]
    assert storage.load(tmp_path).game.actions == ["s", "s"]


def test_a_stale_document_is_dropped(tmp_path):
    saver = storage.Saver(tmp_path)
    assert saver.submit(storage.document({"language": "b"}), order=2)
    assert not saver.submit(storage.document({"language": "a"}), order=1)
    saver.close()
    assert storage.load(tmp_path).settings["language"] == "b"


@pytest.fixture
def full_disk(monkeypatch):
    """A disk that refuses every write while ``state["full"]``."""
    state = {"full": True}
    real_write, real_append = storage.write_atomic, storage.journal.append

    def write(path, data):
        if state["full"]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, data)

    def append(fd, data):
        if state["full"]:
            os.write(fd, data[:5])  # part of the line got out before the disk filled
            raise OSError(errno.ENOSPC, "No space left on device")
        real_append(fd, data)

    monkeypatch.setattr(storage, "write_atomic", write)
    monkeypatch.setattr(storage.journal, "append", append)
    monkeypatch.setattr(storage.saver, "RETRY", (0.05, 0.2))
    return state


def test_a_full_disk_is_told_once_retried_and_its_end_told(tmp_path, full_disk):
    saver = storage.Saver(tmp_path)
    api = Api(EASY_HARP_CODE, saver=saver)
    assert api.state()["state"]["notice"] is None
    full_disk["full"] = True
    notices = [api.stock()["state"]["notice"] for _ in range(5)]
    # told at the first failed action, in words the page translates; the same notice stays
    assert notices[0] == {"problem": "save-failed", "reason": "disk-full"}
    assert all(n == notices[0] for n in notices)
    assert saver.status == "failing"
    full_disk["full"] = False  # space was freed: the retry succeeds on its own
    deadline = time.monotonic() + 10
    while saver.status != "ok" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert api.state()["state"]["notice"] == {"problem": "save-works"}
    api.stock()
    saver.close()
    got = storage.load(tmp_path)
    assert got.game.actions == ["s"] * 6  # nothing played while the disk was full was lost
    assert got.notice is None


def test_a_failure_nobody_heard_of_is_not_told_as_mended(tmp_path, full_disk):
    saver = storage.Saver(tmp_path)
    saver.submit(storage.document({"language": "a"}))
    full_disk["full"] = False
    assert saver.flush(10)
    deadline = time.monotonic() + 10
    while saver.status != "ok" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert saver.take_news() is None
    saver.close()


_CHILD = r"""
import json, sys
from harptowers import storage
from harptowers.api import Api
from harptowers.engine import parse_moves
sys.path.insert(0, sys.argv[4])
from test_durability import bridge_args, visible
folder, code, moves = sys.argv[1], sys.argv[2], parse_moves(sys.argv[3])
loaded = storage.load(folder)
api = Api(code, loaded=loaded, saver=storage.Saver(folder, loaded=loaded))
done = len(api._session.rec.actions) if loaded.game else 0
print(json.dumps({"start": visible(api.state()["state"]["piles"])}), flush=True)
for m in moves[done:]:
    method, arg = bridge_args(api, m)
    a = getattr(api, method)(arg)
    print(json.dumps({"shown": visible(a["state"]["piles"])}), flush=True)
print(json.dumps({"end": True}), flush=True)
"""


@pytest.mark.parametrize("code, moves", [(EASY_HARP_CODE, EASY_HARP_MOVES),
                                         (SEAHAVEN_CODE, SEAHAVEN_MOVES)])
@pytest.mark.slow
def test_a_killed_process_restarts_at_the_last_answer(tmp_path, code, moves):
    """SIGKILL at random moments while a child plays as fast as it can: after each restart
    the position is the last one answered, or one action further (decided, not yet
    answered), never an older one."""
    rng = random.Random(14)
    env = dict(os.environ, PYTHONPATH=str(ROOT / "backend"))
    want = [str(m) for m in parse_moves(moves)]
    for _ in range(8):
        proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(tmp_path), code, moves,
                                 str(ROOT / "tests")], stdout=subprocess.PIPE, env=env)
        before = storage.load(tmp_path)
        answered = [json.loads(proc.stdout.readline())["start"]]
        deadline = time.monotonic() + rng.uniform(0.0, 0.15)
        while time.monotonic() < deadline:
            msg = json.loads(proc.stdout.readline())
            if "end" in msg:
                break
            answered.append(msg["shown"])
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        answered += [json.loads(x)["shown"] for x in proc.stdout.read().splitlines()
                     if "shown" in json.loads(x)]  # answers still in the pipe
        done = len(before.game.actions) if before.game else 0
        got = storage.load(tmp_path)
        assert got.notice is None
        n = len(got.game.actions)
        last = done + len(answered) - 1  # actions behind the last answer
        assert got.game.actions == want[:n]
        assert n in (last, last + 1), f"{n} actions on disk, {last} answered"
        if n == last:
            restored = visible(Api(code, loaded=got).state()["state"]["piles"])
            assert json.loads(json.dumps(restored)) == answered[-1]


def test_the_journal_stays_short_while_changes_outrun_the_writer(tmp_path, monkeypatch):
    """A script playing faster than documents are written: once the journal passes its
    limit, a finished write leaves only the lines the file lacks; loading gives them all."""
    monkeypatch.setattr(storage.saver, "JOURNAL_LIMIT", 8 * 1024)
    entered, release, second = threading.Event(), threading.Event(), threading.Event()
    real = storage.write_atomic
    writes = []

    def slow(path, data):
        writes.append(json.loads(data)["seq"])
        if len(writes) == 1:
            entered.set()
            release.wait(10)
        else:            # the next document waits until the test has looked
            second.set()
            second_go.wait(10)
        real(path, data)

    second_go = threading.Event()

    monkeypatch.setattr(storage, "write_atomic", slow)
    saver = storage.Saver(tmp_path)
    api = Api(EASY_HARP_CODE, saver=saver)
    api.stock()                      # change 1: its document is being written …
    assert entered.wait(10)
    for _ in range(30):              # … while 30 more changes come (over 8 kB of lines)
        api.stock()
    journal = tmp_path / JOURNAL
    assert journal.stat().st_size > 8 * 1024
    release.set()                    # change 1 is on disk; 2 … 31 are not yet
    assert second.wait(10)           # the writer has shortened the journal and moved on
    assert writes == [1, 31]
    seqs = [storage.journal.line_seq(x) for x in journal.read_bytes().split(b"\n")[:-1]]
    assert seqs == list(range(2, 32))
    got = storage.load(tmp_path)     # as after a kill now
    assert got.game.actions == ["s"] * 31
    second_go.set()
    saver.close()
    assert storage.load(tmp_path).game.actions == ["s"] * 31


def test_a_saver_made_without_loading_numbers_on_from_the_file(tmp_path, stuck_disk):
    # A first run wrote the file (change 5) …
    storage.save({**storage.document({"language": "a"}), "seq": 5}, tmp_path)
    # … a saver made without load() must not number its changes 1, 2 … (a load would skip
    # them as older than the file)
    saver = storage.Saver(tmp_path)
    saver.submit(storage.document({"language": "b"}))
    assert storage.load(tmp_path).settings["language"] == "b"
