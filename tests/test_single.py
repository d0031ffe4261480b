"""One instance per data folder (issue 5): a second launch hands its text to the first.

Two "instances" run in this process as threads on a tmp folder; a dead process's lock is
made by a real child process that dies without cleaning up.
"""

from __future__ import annotations

import json
import queue
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from harptowers.desktop import single

ROOT = Path(__file__).resolve().parents[1]


def collector():
    q: queue.Queue[str] = queue.Queue()
    return q, q.put


def test_the_second_instance_hands_its_code_to_the_first(tmp_path):
    got, on_text = collector()
    first = single.acquire(tmp_path, on_text)
    assert first is not None
    answers = {}

    def second():
        p = single.acquire(tmp_path)
        answers["primary"] = p
        answers["handed"] = single.hand_over(tmp_path, "EH1-N-AAAAAAF")

    t = threading.Thread(target=second)
    t.start()
    t.join(20)
    assert answers == {"primary": None, "handed": True}
    assert got.get(timeout=5) == "EH1-N-AAAAAAF"
    first.close()


def test_texts_are_passed_as_they_are_and_empty_means_just_show_yourself(tmp_path):
    got, on_text = collector()
    with single.acquire(tmp_path, on_text):
        for text in ["", "play SH1-C4-AAAAAJ2 with me\nplease ✓", "x" * 30_000]:
            assert single.hand_over(tmp_path, text)
            assert got.get(timeout=5) == text


def test_texts_before_the_handler_is_set_wait_for_it(tmp_path):
    primary = single.acquire(tmp_path)
    assert single.hand_over(tmp_path, "one") and single.hand_over(tmp_path, "two")
    seen = []
    primary.set_handler(seen.append)
    assert seen == ["one", "two"]
    assert single.hand_over(tmp_path, "three")
    deadline = time.monotonic() + 5
    while len(seen) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert seen == ["one", "two", "three"]
    primary.close()


def test_a_failing_handler_does_not_stop_the_listener(tmp_path):
    calls = []

    def handler(text):
        calls.append(text)
        if text == "boom":
            raise RuntimeError("handler bug")

    with single.acquire(tmp_path, handler):
        assert single.hand_over(tmp_path, "boom")
        assert single.hand_over(tmp_path, "after")
        deadline = time.monotonic() + 5
        while len(calls) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
    assert calls == ["boom", "after"]


def test_nobody_running_means_no_hand_over_and_no_wait(tmp_path):
    t0 = time.monotonic()
    assert single.hand_over(tmp_path, "EH1-N-AAAAAAF", timeout=10) is False
    assert time.monotonic() - t0 < 2
    assert not single.is_running(tmp_path)


def test_closing_frees_the_folder_for_the_next_instance(tmp_path):
    first = single.acquire(tmp_path)
    assert single.is_running(tmp_path)
    first.close()
    first.close()  # idempotent
    assert not (tmp_path / single.INFO_NAME).exists()
    assert not single.is_running(tmp_path)
    got, on_text = collector()
    second = single.acquire(tmp_path, on_text)
    assert second is not None
    assert single.hand_over(tmp_path, "again") and got.get(timeout=5) == "again"
    second.close()


def test_each_data_folder_has_its_own_instance(tmp_path):
    a = single.acquire(tmp_path / "a")
    b = single.acquire(tmp_path / "b")
    assert a is not None and b is not None and a.port != b.port
    a.close()
    b.close()


def test_many_launches_at_once_make_exactly_one_primary(tmp_path):
    results, barrier = [], threading.Barrier(8)

    def launch():
        barrier.wait()
        results.append(single.acquire(tmp_path))

    threads = [threading.Thread(target=launch) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    primaries = [r for r in results if r is not None]
    assert len(results) == 8 and len(primaries) == 1
    primaries[0].close()


def test_a_wrong_secret_is_ignored(tmp_path):
    got, on_text = collector()
    with single.acquire(tmp_path, on_text) as primary:
        with socket.create_connection(("127.0.0.1", primary.port), timeout=5) as s:
            s.sendall(json.dumps({"secret": "guess", "text": "EH1-N-AAAAAAB"}).encode() + b"\n")
            assert s.recv(100) == b""  # closed without an answer
        with socket.create_connection(("127.0.0.1", primary.port), timeout=5) as s:
            s.sendall(b"not json at all\n")
            assert s.recv(100) == b""
        assert single.hand_over(tmp_path, "real")
        assert got.get(timeout=5) == "real"
        assert got.empty()


def test_a_text_too_long_to_hand_over_is_refused(tmp_path):
    with single.acquire(tmp_path), pytest.raises(ValueError):
        single.hand_over(tmp_path, "x" * 70_000)


def test_a_primary_still_starting_is_waited_for(tmp_path):
    """The lock is taken before instance.json exists: hand_over retries until it appears."""
    lock = single._open_lock(tmp_path)
    assert single._try_lock(lock)
    got, on_text = collector()
    result = {}
    t = threading.Thread(target=lambda: result.update(ok=single.hand_over(tmp_path, "late")))
    t.start()
    time.sleep(0.3)  # the second launch is now polling
    lock.close()
    primary = single.acquire(tmp_path, on_text)
    t.join(20)
    assert result == {"ok": True} and got.get(timeout=5) == "late"
    primary.close()


_CHILD = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
from harptowers.desktop import single
p = single.acquire(sys.argv[2])
print("primary" if p else "none", p.port if p else 0, flush=True)
os._exit(0)   # die holding the lock: no close(), instance.json stays behind
"""


def test_a_lock_left_by_a_dead_process_is_taken_over(tmp_path):
    r = subprocess.run([sys.executable, "-c", _CHILD, str(ROOT / "backend"), str(tmp_path)],
                       check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[0] == "primary"
    dead_port = int(r.stdout.split()[1])
    # its files are still there …
    assert (tmp_path / single.LOCK_NAME).exists()
    assert json.loads((tmp_path / single.INFO_NAME).read_text())["port"] == dead_port
    # … but the lock died with it
    assert not single.is_running(tmp_path)
    got, on_text = collector()
    primary = single.acquire(tmp_path, on_text)
    assert primary is not None
    assert single.hand_over(tmp_path, "EH1-N-AAAAAJ2")
    assert got.get(timeout=5) == "EH1-N-AAAAAJ2"
    primary.close()


_HOLDER = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from harptowers.desktop import single
seen = []
p = single.acquire(sys.argv[2], seen.append)
print("ready", flush=True)
while not seen:
    time.sleep(0.01)
print("got", seen[0], flush=True)
p.close()
"""


def test_a_second_process_hands_over_to_a_first_process(tmp_path):
    holder = subprocess.Popen([sys.executable, "-c", _HOLDER, str(ROOT / "backend"),
                               str(tmp_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "ready"
        assert single.acquire(tmp_path) is None
        assert single.hand_over(tmp_path, "SH1-C1-AAAAAAB")
        assert holder.stdout.readline().strip() == "got SH1-C1-AAAAAAB"
        assert holder.wait(20) == 0
    finally:
        if holder.poll() is None:
            holder.kill()
    assert not single.is_running(tmp_path)
