"""The journal as a checked log (issue 41, items 1 and 2): a FIFO in its place does not hang
the start; a torn last line is dropped quietly; damage anywhere else is reported, the journal
kept aside byte for byte, and every later line applied for what stands on its own.

Expected values are what the test itself did through the bridge (its own moves and settings),
never what the storage code computes.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import zlib
from pathlib import Path

import pytest

from typeguard import check_type

from harptowers import storage
from harptowers.view_types import ViewModel
from harptowers.api import Api
from harptowers.engine import parse_moves
from test_durability import play, position
from test_won_games import EASY_HARP_CODE, EASY_HARP_MOVES

JOURNAL = "harp-towers.journal"
BACKEND = Path(__file__).resolve().parents[1] / "backend"


@pytest.fixture
def stuck_disk(monkeypatch):
    """The document writer never finishes: only the journal holds the changes."""
    release = threading.Event()
    monkeypatch.setattr(storage, "write_atomic", lambda path, data: release.wait(30))
    yield
    release.set()


def session(tmp_path: Path) -> tuple[Api, list, list[dict]]:
    """Six journal lines: 3 moves, the four-colour setting, 2 moves; the document never
    written (the writer is stuck), so the journal alone holds them."""
    moves = parse_moves(EASY_HARP_MOVES)
    api = Api(EASY_HARP_CODE, saver=storage.Saver(tmp_path))
    states = play(api, moves, 3)
    states.append(api.settings({"four_colour": True})["state"])
    states += play(api, moves[3:], 2)
    return api, moves, states


def lines_of(tmp_path: Path) -> list[bytes]:
    raw = (tmp_path / JOURNAL).read_bytes()
    assert raw.endswith(b"\n")
    return raw.split(b"\n")[:-1]


def write_lines(tmp_path: Path, lines: list[bytes]) -> bytes:
    raw = b"".join(x + b"\n" for x in lines)
    (tmp_path / JOURNAL).write_bytes(raw)
    return raw


def test_each_line_carries_its_length_and_crc32(tmp_path, stuck_disk):
    session(tmp_path)
    for raw in lines_of(tmp_path):
        tag, length, crc, body = raw.split(b" ", 3)
        assert tag == b"h1" and int(length) == len(body)
        assert int(crc, 16) == zlib.crc32(body)  # zlib's CRC-32, as the docs say
        assert json.loads(body)["seq"] >= 1


def test_a_torn_last_line_is_dropped_quietly(tmp_path, stuck_disk):
    _api, _moves, states = session(tmp_path)
    lines = lines_of(tmp_path)
    whole = write_lines(tmp_path, lines[:-1])
    (tmp_path / JOURNAL).write_bytes(whole + lines[-1][:30])  # a kill mid-append
    got = storage.load(tmp_path)
    assert got.notice is None and got.problem is None
    assert got.replayed == 5
    assert position(Api(loaded=got).state()["state"]) == position(states[-2])


def _flip(line: bytes) -> bytes:
    i = len(line) // 2
    return line[:i] + bytes([line[i] ^ 0x20]) + line[i + 1:]


DAMAGE = {
    "garbage between lines": lambda lines: lines[:2] + [b"\x00garbage\xff{]"] + lines[2:],
    "a flipped byte in line 1": lambda lines: [_flip(lines[0])] + lines[1:],
    "bad UTF-8 at the start of line 2": lambda lines: [lines[0], b"\xff\xfe" + lines[1]]
    + lines[2:],
    "line 3 cut short": lambda lines: lines[:2] + [lines[2][:40]] + lines[3:],
}


@pytest.mark.parametrize("kind", DAMAGE)
def test_damage_before_the_last_line_is_reported_and_the_later_lines_still_count(
        tmp_path, stuck_disk, kind):
    api, moves, states = session(tmp_path)
    lines = lines_of(tmp_path)
    damaged = write_lines(tmp_path, DAMAGE[kind](lines))
    got = storage.load(tmp_path)
    assert got.problem == "journal-damaged"
    # the settings of the later lines were applied (line 4 turned on the four colours)
    assert got.settings["four_colour"] is True
    # kept aside byte for byte
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(JOURNAL + ".corrupt-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    # told to the player in the page's notice, with what the page needs to word it
    state = Api(loaded=got).state()["state"]
    check_type(state, ViewModel)   # the declared shape (view_types.py)
    view = state["notice"]
    assert view["problem"] == "journal-damaged" and view["damaged"] >= 1
    if kind == "garbage between lines":  # nothing of the game was lost
        assert view["game_lost"] is False
        assert got.game.actions == [str(m) for m in moves[:5]]
    else:  # a game delta after the damage does not fit: reported, never guessed
        assert view["game_lost"] is True
        assert got.game is None or len(got.game.actions) < 5
    # the recovered state was written: the next start loads it without a notice, once
    again = storage.load(tmp_path)
    assert again.notice is None
    assert again.settings == got.settings and again.seq == got.seq


def test_an_old_unchecked_journal_is_still_read(tmp_path, stuck_disk):
    _api, _moves, states = session(tmp_path)
    old = [raw.split(b" ", 3)[3] for raw in lines_of(tmp_path)]  # the lines before issue 41
    write_lines(tmp_path, old)
    got = storage.load(tmp_path)
    assert got.notice is None and got.replayed == 6
    assert position(Api(loaded=got).state()["state"]) == position(states[-1])


def test_a_fifo_in_place_of_the_journal_does_not_hang_the_start(tmp_path):
    os.mkfifo(tmp_path / JOURNAL)
    script = ("import sys; from harptowers import storage\n"
              "got = storage.load(sys.argv[1]); s = storage.Saver(sys.argv[1], loaded=got)\n"
              "print(got.problem, s.status); s.close()\n")
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True,
                         text=True, timeout=60, env={"PYTHONPATH": str(BACKEND),
                                                     "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["journal-unusable", "ok"]
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(JOURNAL + ".corrupt-")]
    assert len(aside) == 1 and aside[0].is_fifo()


@pytest.mark.parametrize("name", ["harp-towers.json", "harp-towers.unsaved", "instance.json",
                                  "instance.lock", "harp-towers.log", "harp-towers.crash.log"])
def test_no_fifo_among_the_files_read_at_start_hangs_it(tmp_path, name):
    os.mkfifo(tmp_path / name)
    script = ("import sys; from harptowers import storage; from harptowers.desktop import logs, single\n"
              "logs.setup_logging(__import__('pathlib').Path(sys.argv[1]))\n"
              "got = storage.load(sys.argv[1]); s = storage.Saver(sys.argv[1], loaded=got)\n"
              "single.is_running(sys.argv[1]); single.acquire_or_alone(sys.argv[1])\n"
              "s.close(); print('started')\n")
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True,
                         text=True, timeout=60, env={"PYTHONPATH": str(BACKEND),
                                                     "PATH": "/usr/bin:/bin"})
    assert out.stdout.strip() == "started", out.stderr
