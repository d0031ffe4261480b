"""Storage, part two (issue 5, docs/storage.md): every kind of unusable file is moved aside with
a notice and the app starts from the defaults, never an exception; and the background saver.

Expected values come from the test itself: documents the test wrote and the defaults of
RULES.md (APP-06) typed out by hand (ht_storage).
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from harptowers import storage
from ht_storage import (DEFAULT_SETTINGS, KEYS, NAME, ZERO, files, snap,
                        two_saves)



@pytest.fixture(autouse=True)
def _no_kill_point(monkeypatch):
    monkeypatch.setattr(storage, "_crash_at", None)


# ---- unusable files: moved aside, notice, defaults, never an exception ---------------------
def _valid_bytes() -> bytes:
    return storage.encode(two_saves()[0])


CORRUPT = {
    "garbage-bytes": (b"\x00\xff\xfe\x81garbage\x9c\x00" * 7, "not-json"),
    "truncated-json": (_valid_bytes()[: len(_valid_bytes()) // 2], "not-json"),
    "truncated-one-byte": (_valid_bytes()[:-2], "not-json"),
    "empty-file": (b"", "not-json"),
    "only-whitespace": (b" \n\t\n", "not-json"),
    "not-utf8": ('{"schema": 1, "settings": {"language": "é"}}'.encode("latin-1"), "not-json"),
    "a-list": (b"[1, 2, 3]", "not-a-document"),
    "a-string": (b'"harp"', "not-a-document"),
    "null": (b"null", "not-a-document"),
    "no-schema": (b'{"settings": {"language": "en"}}', "not-a-document"),
    "schema-as-text": (b'{"schema": "1"}', "not-a-document"),
    "schema-true": (b'{"schema": true}', "not-a-document"),
    "schema-zero": (b'{"schema": 0}', "not-a-document"),
    "schema-float": (b'{"schema": 1.0}', "not-a-document"),
    "schema-999": (b'{"schema": 999, "settings": {}, "game": null}', "future-schema"),
    "schema-2-otherwise-fine": (_valid_bytes().replace(b'"schema":1', b'"schema":2'),
                                "future-schema"),
    "deep-nesting": (b"[" * 100_000 + b"]" * 100_000, "not-json"),
}


def check_fresh_start(got, folder: Path, problem: str) -> None:
    assert got.problem == problem
    assert isinstance(got.notice, str) and got.notice
    assert got.settings == DEFAULT_SETTINGS
    assert got.game is None
    assert got.stats == {"games": {k: ZERO for k in KEYS}, "current": None,
        "history": [], "daily_won": {}}
    assert got.window == {}
    assert sorted(got.reset) == ["game", "settings", "stats", "window"]
    assert got.moved_to is not None and got.moved_to.parent == folder
    assert got.moved_to.name.startswith(NAME + ".corrupt-")
    assert str(got.moved_to) in got.notice
    assert not (folder / NAME).exists()
    # and the app carries on: the next save and load are clean
    storage.save(got.document(), folder)
    again = storage.load(folder)
    assert again.notice is None and again.settings == DEFAULT_SETTINGS


@pytest.mark.parametrize("kind", sorted(CORRUPT))
def test_an_unusable_file_is_moved_aside_with_a_notice(tmp_path, kind):
    content, problem = CORRUPT[kind]
    (tmp_path / NAME).write_bytes(content)
    got = storage.load(tmp_path)
    check_fresh_start(got, tmp_path, problem)
    assert got.moved_to.read_bytes() == content  # kept as it was, for the curious


def test_future_schema_notice_says_newer_version(tmp_path):
    (tmp_path / NAME).write_bytes(CORRUPT["schema-999"][0])
    assert "newer version" in storage.load(tmp_path).notice


def test_a_folder_where_the_file_should_be_is_moved_aside(tmp_path):
    (tmp_path / NAME).mkdir()
    (tmp_path / NAME / "inside.txt").write_text("x")
    got = storage.load(tmp_path)
    check_fresh_start(got, tmp_path, "not-a-file")
    assert (got.moved_to / "inside.txt").read_text() == "x"


@pytest.mark.skipif(os.name == "nt" or os.geteuid() == 0,
                    reason="needs POSIX permissions that apply (not root)")
def test_an_unreadable_file_is_moved_aside(tmp_path):
    (tmp_path / NAME).write_bytes(_valid_bytes())
    (tmp_path / NAME).chmod(0)
    check_fresh_start(storage.load(tmp_path), tmp_path, "unreadable")


def test_two_bad_files_in_the_same_second_get_different_names(tmp_path):
    moved = []
    for _ in range(3):
        (tmp_path / NAME).write_bytes(b"junk")
        moved.append(storage.load(tmp_path).moved_to)
    assert len(set(moved)) == 3 and all(m.read_bytes() == b"junk" for m in moved)


def test_a_bad_saved_game_costs_only_the_game(tmp_path):
    doc, _, _ = two_saves()
    doc["game"]["actions"].append("t9-t9")  # refused by the rules on replay
    (tmp_path / NAME).write_text(json.dumps(doc), "utf-8")
    got = storage.load(tmp_path)
    assert got.problem == "bad-part" and got.reset == ["game"]
    assert got.game is None
    assert got.stats == doc["stats"] and got.settings == doc["settings"]
    assert got.window == doc["window"]
    assert "saved game" in got.notice and str(got.moved_to) in got.notice
    assert json.loads(got.moved_to.read_text("utf-8")) == doc


@pytest.mark.parametrize("part, value, reset", [
    ("settings", {"double_click": "yes"}, "settings"),
    ("settings", [], "settings"),
    ("settings", {"game": "no-such-game"}, "settings"),
    ("stats", {"games": {"easy-harp/N": {"played": 1, "won": 2}}}, "stats"),
    ("stats", {"games": {"easy-harp/N": {"seconds": "long"}}}, "stats"),
    ("stats", {"current": {"id": 5}}, "stats"),
    ("stats", "many", "stats"),
    ("window", {"width": "wide"}, "window"),
    ("game", [], "game"),
    ("game", {"code": "EH1-N-AAAAAAB"}, "game"),
])
def test_one_bad_part_is_reset_and_the_rest_kept(tmp_path, part, value, reset):
    doc, _, a = two_saves()
    doc[part] = value
    (tmp_path / NAME).write_text(json.dumps(doc), "utf-8")
    got = storage.load(tmp_path)
    assert got.problem == "bad-part" and got.reset == [reset] and got.moved_to.exists()
    kept = {"settings": got.settings, "stats": got.stats, "window": got.window}
    fresh = storage.document()
    for name, value_now in kept.items():
        assert value_now == (fresh[name] if name == reset else doc[name])
    if reset == "game":
        assert got.game is None
    else:
        assert snap(got.game.game) == snap(a.game)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=400))
def test_load_never_raises_on_any_bytes(tmp_path_factory, content):
    folder = tmp_path_factory.mktemp("bytes")
    (folder / NAME).write_bytes(content)
    got = storage.load(folder)
    storage.encode(got.document())  # whatever came back is a valid document


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=20)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({"schema": st.just(1)}, optional={
    "settings": _json | st.fixed_dictionaries({}, optional={k: _json for k in DEFAULT_SETTINGS}),
    "game": _json, "stats": _json | st.fixed_dictionaries({"games": _json, "current": _json}),
    "window": _json}))
def test_load_never_raises_on_any_schema_1_shape(tmp_path_factory, doc):
    folder = tmp_path_factory.mktemp("shapes")
    (folder / NAME).write_text(json.dumps(doc), "utf-8")
    got = storage.load(folder)
    storage.encode(got.document())
    assert (got.notice is None) == (got.problem is None)


# ---- the background saver ------------------------------------------------------------------
def test_saver_writes_in_the_background_and_flush_waits(tmp_path):
    saver = storage.Saver(tmp_path)
    doc_a, doc_b, _ = two_saves()
    saver.submit(doc_a)
    assert saver.flush(10)
    assert storage.load(tmp_path).document() == doc_a
    saver.submit(doc_b)
    assert saver.close()
    assert storage.load(tmp_path).document() == doc_b
    assert files(tmp_path) == [NAME]
    with pytest.raises(RuntimeError):
        saver.submit(doc_a)
    assert saver.close()  # idempotent


def test_saver_keeps_only_the_newest_pending_document(tmp_path, monkeypatch):
    entered, release = threading.Event(), threading.Event()
    real = storage.write_atomic
    written = []

    def slow(path, data):
        entered.set()
        release.wait(10)
        real(path, data)
        written.append(json.loads(data)["settings"]["language"])

    monkeypatch.setattr(storage, "write_atomic", slow)
    saver = storage.Saver(tmp_path)
    saver.submit(storage.document({"language": "l0"}))
    assert entered.wait(10)  # the writer is stuck on the disk …
    for i in range(1, 30):   # … and submit still returns at once
        saver.submit(storage.document({"language": f"l{i}"}))
    assert not saver.flush(0.05)
    release.set()
    assert saver.flush(10)
    assert written == ["l0", "l29"]
    assert saver.writes == 2
    assert storage.load(tmp_path).settings["language"] == "l29"
    saver.close()


def test_saver_submit_encodes_at_once_so_the_caller_may_change_its_dict(tmp_path):
    saver = storage.Saver(tmp_path)
    doc = storage.document({"language": "en"})
    saver.submit(doc)
    doc["settings"]["language"] = "xx"
    saver.close()
    assert storage.load(tmp_path).settings["language"] == "en"


def test_saver_refuses_an_invalid_document_at_submit(tmp_path):
    saver = storage.Saver(tmp_path)
    with pytest.raises(ValueError):
        saver.submit({"schema": 1, "settings": {"language": 5}})
    saver.close()
    assert not (tmp_path / NAME).exists()


def test_saver_reports_a_disk_error_and_tries_again_later(tmp_path):
    folder = tmp_path / "blocked"
    folder.write_text("a file where the folder should be")
    errors = []
    saver = storage.Saver(folder, on_error=errors.append)
    saver.submit(storage.document({"language": "a"}))
    assert saver.flush(10)
    assert len(errors) == 1 and isinstance(errors[0], OSError)
    assert saver.last_error is errors[0] and saver.writes == 0
    folder.unlink()
    saver.submit(storage.document({"language": "b"}))
    assert saver.close()
    assert saver.last_error is None and saver.writes == 1
    assert storage.load(folder).settings["language"] == "b"


def test_saver_killed_mid_write_still_has_the_change_in_its_journal(tmp_path, monkeypatch):
    # The document write was killed: the file is still doc_a, but doc_b was journaled when
    # it was submitted (issue 14, item 7), so loading gives doc_b.
    doc_a, doc_b, _ = two_saves()
    saver = storage.Saver(tmp_path)
    saver.submit(doc_a)
    assert saver.flush(10)
    monkeypatch.setattr(storage, "_crash_at", "after-fsync-before-rename")
    saver.submit(doc_b)
    assert not saver.flush(10)  # the writer "died"
    monkeypatch.setattr(storage, "_crash_at", None)
    assert json.loads((tmp_path / NAME).read_bytes())["settings"] == doc_a["settings"]
    got = storage.load(tmp_path)
    assert got.document() == doc_b and got.replayed == 1
