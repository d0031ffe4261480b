"""Storage (issue 5, DESIGN.md "Storage", docs/storage.md): where the file is, the first run
and the round trip, exact restore of a saved game, and atomic writes with kill points.
test_storage_faults.py has the unusable files and the background saver, test_storage_stats.py
the statistics.

Expected values come from the test itself: the live game a record was taken from, documents
the test wrote, and the defaults of RULES.md (APP-06) typed out by hand.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from harptowers import storage
from harptowers.engine import IllegalMove, parse_moves
from harptowers.storage import GameRecord
from ht_storage import (DEFAULT_SETTINGS, KEYS, NAME, WINNABLE_ONLY, ZERO, files, record_of,
                        snap, two_saves)
from test_won_games import EASY_HARP_CODE, EASY_HARP_MOVES, SEAHAVEN_CODE, SEAHAVEN_MOVES

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _no_kill_point(monkeypatch):
    monkeypatch.setattr(storage, "_crash_at", None)


def restored(rec: GameRecord) -> GameRecord:
    """Through JSON text, as on disk."""
    return GameRecord.from_json(json.loads(json.dumps(rec.to_json())))


# ---- where ---------------------------------------------------------------------------------
def test_data_dir_follows_the_environment_variable(monkeypatch, tmp_path):
    monkeypatch.setenv("HARP_TOWERS_DATA_DIR", str(tmp_path / "here"))
    assert storage.data_dir() == tmp_path / "here"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG layout is Linux's")
def test_data_dir_default_is_the_platformdirs_user_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("HARP_TOWERS_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert storage.data_dir() == tmp_path / "xdg" / "harp-towers"
    monkeypatch.setenv("HARP_TOWERS_DATA_DIR", "")  # empty means unset
    assert storage.data_dir() == tmp_path / "xdg" / "harp-towers"


def test_save_and_load_use_the_environment_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("HARP_TOWERS_DATA_DIR", str(tmp_path / "env"))
    storage.save(storage.document(settings={"language": "hr"}))
    assert files(tmp_path / "env") == [NAME]
    assert storage.load().settings["language"] == "hr"


# ---- first run and round trip --------------------------------------------------------------
@pytest.mark.rule("APP-06")
def test_no_file_gives_defaults_and_no_notice(tmp_path):
    got = storage.load(tmp_path / "nothing-yet")
    assert got.settings == DEFAULT_SETTINGS
    assert got.game is None
    assert got.stats == {"games": {k: ZERO for k in KEYS}, "current": None,
        "history": [], "daily_won": {}}
    assert got.window == {}
    assert (got.notice, got.problem, got.moved_to, got.reset) == (None, None, None, [])
    assert not (tmp_path / "nothing-yet").exists()


@pytest.mark.rule("APP-06")
def test_settings_window_stats_and_game_come_back(tmp_path):
    rec = record_of("SH1-C2-AAAAAJ2", ["c1-t5", "undo", "t6-f3"], seconds=12.25, daily=True)
    settings_ = {"interactive_rules": False, "double_click": False, "four_colour": True, "large_cards": True,
                 "language": "hr", "game": "seahaven-towers", "variant": "C2",
                 "winnable_only": {**WINNABLE_ONLY, "seahaven-towers/C2": False},
                 "deck": "classic", "card_back": "red", "felt": "grey", "anim_speed": "fast",
                 "theme": "dark"}
    stats = storage.record_start(storage.default_stats(), rec.key, rec.id)
    window = {"x": -20, "y": 40, "width": 1000, "height": 700, "maximized": False}
    path = storage.save(storage.document(settings_, rec, stats, window), tmp_path)
    assert path == tmp_path / NAME
    got = storage.load(tmp_path)
    assert got.notice is None
    assert got.settings == settings_
    assert got.window == window
    assert got.stats["current"] == {"id": rec.id, "key": "seahaven-towers/C2", "won": False}
    assert got.stats["games"]["seahaven-towers/C2"]["played"] == 1
    assert got.game is not None
    assert (got.game.id, got.game.seconds, got.game.daily) == (rec.id, 12.25, True)
    assert got.game.actions == ["c1-t5", "undo", "t6-f3"]
    assert snap(got.game.game) == snap(rec.game)
    assert got.document() == storage.document(settings_, rec, stats, window)


def test_saved_file_is_plain_versioned_json(tmp_path):
    rec = record_of(EASY_HARP_CODE, ["s", "w-f1"])
    storage.save(storage.document(game=rec), tmp_path)
    data = json.loads((tmp_path / NAME).read_text("utf-8"))
    assert data["schema"] == 1
    assert set(data) == {"schema", "settings", "game", "stats", "window"}
    # the resolved move (w-f → w-f1) is what is stored
    assert data["game"] == {"code": EASY_HARP_CODE, "actions": ["s", "w-f1"], "seconds": 0.0,
                            "daily": False, "id": rec.id, "hints": 0, "score": 10, "moves": 2}


def test_unknown_extra_keys_are_ignored_without_a_notice(tmp_path):
    doc = storage.document(settings={"language": "de"})
    doc["later"] = {"x": 1}
    doc["settings"]["some_new_setting"] = 3
    doc["window"]["monitor"] = "HDMI-1"
    (tmp_path / NAME).write_text(json.dumps(doc), "utf-8")
    got = storage.load(tmp_path)
    assert got.notice is None and got.settings["language"] == "de" and got.window == {}


def test_document_copies_what_it_is_given():
    s = {"language": "fr"}
    stats = storage.default_stats()
    doc = storage.document(settings=s, stats=stats)
    s["language"] = "it"
    stats["games"]["easy-harp/N"]["played"] = 7
    assert doc["settings"]["language"] == "fr"
    assert doc["stats"]["games"]["easy-harp/N"]["played"] == 0


def test_save_refuses_an_invalid_document_and_writes_nothing(tmp_path):
    for bad in ({"schema": 2}, {"schema": True}, [], {"schema": 1, "settings": {"double_click": 1}},
                {"schema": 1, "game": {"code": "EH1-N-AAAAAAB"}},
                {"schema": 1, "stats": {"games": {"easy-harp/N": {"played": -1}}}},
                {"schema": 1, "window": {"width": 1.5}}):
        with pytest.raises(ValueError):
            storage.save(bad, tmp_path)
    assert not (tmp_path / NAME).exists()


# ---- exact restore of a saved game (EH-18, SH-14) ------------------------------------------
@pytest.mark.rule("EH-18")
def test_won_easy_harp_game_with_undos_restores_exactly():
    words = EASY_HARP_MOVES.split()
    actions = words[:30] + ["undo", "undo"] + words[28:] + ["undo", "undo", "undo"]
    rec = record_of(EASY_HARP_CODE, actions)
    # far more than 100 actions: the history was cut to 100, then 3 were undone
    assert len(rec.game.history) == 97
    back = restored(rec)
    assert snap(back.game) == snap(rec.game)
    # and undo goes on identically, down to the bottom of the 100-action history
    while rec.game.history:
        assert back.game.undo() == rec.game.undo()
        assert snap(back.game) == snap(rec.game)
    with pytest.raises(IllegalMove):
        back.game.undo()


@pytest.mark.rule("EH-18", "SH-14")
@pytest.mark.parametrize("code, text", [(EASY_HARP_CODE, EASY_HARP_MOVES),
                                        (SEAHAVEN_CODE, SEAHAVEN_MOVES)])
def test_a_won_game_restores_won_and_undo_still_unwins_it(code, text):
    rec = record_of(code, text.split())
    assert rec.game.won
    back = restored(rec)
    assert back.game.won and snap(back.game) == snap(rec.game)
    rec.undo()
    back.undo()
    assert not back.game.won and snap(back.game) == snap(rec.game)
    assert snap(restored(back).game) == snap(rec.game)


def test_easy_harp_redeals_restore_the_stock_order_and_passes():
    # tap the stock until it is empty, then past it: the waste turns back (a pass)
    rec = GameRecord.start(EASY_HARP_CODE)
    while rec.game.passes < 2:
        rec.play(parse_moves("s")[0])
    rec.undo()
    assert rec.game.passes == 1
    back = restored(rec)
    assert back.game.passes == 1 and snap(back.game) == snap(rec.game)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(code=st.sampled_from(["EH1-N-AAAAAAB", "EH1-N-AAAAAJ2", "SH1-C4-AAAAAAF",
                             "SH1-C2-AAAAAJ2", "SH1-C1-AAAABAA"]),
       seed=st.integers(0, 2**32 - 1), length=st.integers(0, 260))
def test_any_sequence_of_moves_and_undos_restores_exactly(code, seed, length):
    rng = random.Random(seed)
    rec = GameRecord.start(code)
    for _ in range(length):
        moves = rec.game.legal_moves()
        if rec.game.history and (not moves or rng.random() < 0.25):
            rec.undo()
        elif moves:
            rec.play(rng.choice(moves))
        else:
            break
    back = restored(rec)
    assert snap(back.game) == snap(rec.game)
    assert back.actions == rec.actions


@pytest.mark.parametrize("change, why", [
    (lambda g: g["actions"].append("t1-t1"), "cannot be replayed"),
    (lambda g: g["actions"].insert(0, "undo"), "cannot be replayed"),
    (lambda g: g["actions"].append("hello"), "cannot be replayed"),
    (lambda g: g.update(score=g["score"] + 5), "replay to score"),
    (lambda g: g.update(moves=g["moves"] + 1), "replay to score"),
    (lambda g: g.update(code="XX1-N-AAAAAAB"), "bad deal code"),
    (lambda g: g.pop("id"), "no 'id'"),
    (lambda g: g.update(seconds=-1), "'seconds'"),
])
def test_a_record_that_does_not_replay_is_refused(change, why):
    g = record_of(EASY_HARP_CODE, ["s", "w-f1", "s"]).to_json()
    change(g)
    with pytest.raises(ValueError, match=why):
        GameRecord.from_json(g)


def test_game_record_basics():
    a, b = GameRecord.start("SH1-C1-AAAAAAB"), GameRecord.start("SH1-C1-AAAAAAB")
    assert a.id != b.id and not a.started and a.key == "seahaven-towers/C1"
    with pytest.raises(IllegalMove):
        a.undo()
    assert a.actions == []  # nothing refused is recorded
    a.play(a.game.legal_moves()[0])
    assert a.started and len(a.actions) == 1


# ---- atomic writes and kill points ---------------------------------------------------------
@pytest.mark.parametrize("point", ["after-write-before-fsync", "after-fsync-before-rename"])
def test_a_crash_before_the_rename_leaves_exactly_the_previous_save(tmp_path, monkeypatch, point):
    doc_a, doc_b, a = two_saves()
    storage.save(doc_a, tmp_path)
    bytes_a = (tmp_path / NAME).read_bytes()
    monkeypatch.setattr(storage, "_crash_at", point)
    with pytest.raises(storage.SimulatedCrash):
        storage.save(doc_b, tmp_path)
    monkeypatch.setattr(storage, "_crash_at", None)
    assert (tmp_path / NAME).read_bytes() == bytes_a
    assert any(n.endswith(".tmp") for n in files(tmp_path))  # the killed write's leftover
    got = storage.load(tmp_path)
    assert got.notice is None
    assert got.document() == doc_a
    assert snap(got.game.game) == snap(a.game)
    assert got.game.actions == a.actions and got.game.seconds == 30.0


def test_a_crash_after_the_rename_has_the_new_save(tmp_path, monkeypatch):
    doc_a, doc_b, _ = two_saves()
    storage.save(doc_a, tmp_path)
    monkeypatch.setattr(storage, "_crash_at", "after-rename-before-dirsync")
    with pytest.raises(storage.SimulatedCrash):
        storage.save(doc_b, tmp_path)
    monkeypatch.setattr(storage, "_crash_at", None)
    assert storage.load(tmp_path).document() == doc_b
    assert files(tmp_path) == [NAME]


@pytest.mark.parametrize("point", ["after-write-before-fsync", "after-fsync-before-rename"])
def test_a_crash_during_the_first_save_leaves_a_clean_first_run(tmp_path, monkeypatch, point):
    _, doc_b, _ = two_saves()
    monkeypatch.setattr(storage, "_crash_at", point)
    with pytest.raises(storage.SimulatedCrash):
        storage.save(doc_b, tmp_path)
    monkeypatch.setattr(storage, "_crash_at", None)
    got = storage.load(tmp_path)
    assert got.notice is None and got.game is None and got.settings == DEFAULT_SETTINGS


def test_old_leftover_temporaries_are_cleaned_on_load(tmp_path):
    old = tmp_path / f".{NAME}.abc123.tmp"
    new = tmp_path / f".{NAME}.def456.tmp"
    old.write_bytes(b"{partial")
    new.write_bytes(b"{partial")
    os.utime(old, (1_000_000_000, 1_000_000_000))
    storage.load(tmp_path)
    assert not old.exists() and new.exists()  # a young one might be a live write


_CHILD = r"""
import os, sys
sys.path.insert(0, sys.argv[1])
from harptowers import storage
import json
folder, point = sys.argv[2], sys.argv[3]
doc_a, doc_b = json.load(open(sys.argv[4]))
storage.save(doc_a, folder)
storage._crash_at = point
storage._crash = lambda: os._exit(9)   # die on the spot: no cleanup, no flush, no finally
storage.save(doc_b, folder)
os._exit(0)
"""


@pytest.mark.parametrize("point, survivor", [("after-write-before-fsync", "a"),
                                             ("after-fsync-before-rename", "a"),
                                             ("after-rename-before-dirsync", "b")])
def test_a_process_that_dies_at_a_kill_point(tmp_path, point, survivor):
    doc_a, doc_b, _ = two_saves()
    docs = tmp_path / "docs.json"
    docs.write_text(json.dumps([doc_a, doc_b]))
    folder = tmp_path / "data"
    r = subprocess.run([sys.executable, "-c", _CHILD, str(ROOT / "backend"), str(folder), point,
                        str(docs)], check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode == 9, r.stderr
    got = storage.load(folder)
    assert got.notice is None
    assert got.document() == (doc_a if survivor == "a" else doc_b)
