"""A kill while the disk is still full (issue 41, item 8): the next start tells the player
which moves were lost, once. Expected figures are the move counters the bridge answered."""

from __future__ import annotations

import errno

from typeguard import check_type

from harptowers import storage
from harptowers.view_types import ViewModel
from harptowers.api import Api
from harptowers.engine import parse_moves
from test_durability import play
from test_won_games import EASY_HARP_CODE, EASY_HARP_MOVES


def full_disk(monkeypatch, after: list[int]) -> None:
    """Every document write fails; journal appends fail once ``after[0]`` is set."""
    real_append = storage.journal.append

    def append(fd, data):
        if after[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_append(fd, data)

    def write(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage.journal, "append", append)
    monkeypatch.setattr(storage, "write_atomic", write)


def test_a_kill_while_the_disk_is_full_is_told_at_the_next_start_once(tmp_path, monkeypatch):
    moves = parse_moves(EASY_HARP_MOVES)
    failing = [False]
    full_disk(monkeypatch, failing)
    api = Api(EASY_HARP_CODE, saver=storage.Saver(tmp_path))
    saved = play(api, moves, 26)[-1]["moves"]
    failing[0] = True
    reached = play(api, moves[26:], 10)[-1]["moves"]
    assert reached > saved
    # the app is killed here; the disk is still full at the restart
    got = storage.load(tmp_path)
    assert got.game is not None and got.game.game.moves == saved
    state = Api(loaded=got).state()["state"]
    check_type(state, ViewModel)   # the declared shape (view_types.py)
    notice = state["notice"]
    assert notice["problem"] == "unsaved-lost"
    assert (notice["what"], notice["reason"], notice["saved"], notice["reached"]) == \
        ("moves", "disk-full", saved, reached)
    # once: the next run's saver blanks the note; a later start says nothing
    storage.Saver(tmp_path, loaded=got).close(1)
    assert storage.load(tmp_path).notice is None


def test_no_notice_when_saving_worked_again_before_the_kill(tmp_path, monkeypatch):
    moves = parse_moves(EASY_HARP_MOVES)
    failing = [True]
    real_write = storage.write_atomic
    full_disk(monkeypatch, failing)
    saver = storage.Saver(tmp_path)
    api = Api(EASY_HARP_CODE, saver=saver)
    play(api, moves, 5)
    failing[0] = False
    monkeypatch.setattr(storage, "write_atomic", real_write)  # the disk has room again
    last = play(api, moves[5:], 1)[-1]["moves"]
    assert saver.flush(10)
    got = storage.load(tmp_path)
    assert got.notice is None and got.game.game.moves == last


def test_a_different_game_lost_is_told_as_such(tmp_path, monkeypatch):
    moves = parse_moves(EASY_HARP_MOVES)
    failing = [False]
    full_disk(monkeypatch, failing)
    api = Api(EASY_HARP_CODE, saver=storage.Saver(tmp_path))
    play(api, moves, 3)
    failing[0] = True
    assert api.new_game({"code": "EH1-N-AAAAAAB"})["ok"]
    got = storage.load(tmp_path)
    assert str(got.game.game.code) == EASY_HARP_CODE
    state = Api(loaded=got).state()["state"]
    check_type(state, ViewModel)   # the declared shape (view_types.py)
    notice = state["notice"]
    assert notice["problem"] == "unsaved-lost" and notice["what"] == "game"


def test_a_lost_setting_is_told_too(tmp_path, monkeypatch):
    moves = parse_moves(EASY_HARP_MOVES)
    failing = [False]
    full_disk(monkeypatch, failing)
    api = Api(EASY_HARP_CODE, saver=storage.Saver(tmp_path))
    play(api, moves, 3)
    failing[0] = True
    assert api.settings({"four_colour": True})["ok"]
    got = storage.load(tmp_path)
    assert got.settings["four_colour"] is False and len(got.game.actions) == 3
    state = Api(loaded=got).state()["state"]
    check_type(state, ViewModel)   # the declared shape (view_types.py)
    notice = state["notice"]
    assert notice["problem"] == "unsaved-lost" and notice["what"] == "changes"
