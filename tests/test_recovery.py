"""One bad value costs its part only (issue 14, item 9): a number of thousands of digits, a
NaN, or nesting thousands deep anywhere in the file resets the part that holds it, and the
other parts load as saved.

Expected values: the document this test saved first (through ``storage.save``), then broke
by hand in the bytes.
"""

from __future__ import annotations

import json

import pytest

from harptowers import storage
from harptowers.engine import parse_moves
from harptowers.storage import GameRecord

NAME = "harp-towers.json"
DEEP = "[" * 5_000 + "]" * 5_000


def good_document() -> dict:
    rec = GameRecord.start("EH1-N-AAAAAAB")
    for m in parse_moves("s w-f1 t2-f1 s"):
        rec.play(m)
    rec.seconds = 12.5
    stats = storage.record_start(storage.default_stats(), rec.key, rec.id)
    return storage.document({"language": "hr", "four_colour": True}, rec, stats,
                            {"x": 10, "y": 20, "width": 1000, "height": 700,
                             "maximized": False})


def write_with(folder, doc: dict, part: str, key: str, raw: str) -> None:
    """Save ``doc`` with ``doc[part][key]`` replaced by the raw JSON text ``raw``."""
    marker = "__MARK__"
    doc = json.loads(json.dumps(doc))
    doc[part][key] = marker
    text = json.dumps(doc).replace(json.dumps(marker), raw)
    (folder / NAME).write_text(text)


def kept(got, doc: dict, lost: str) -> None:
    """Every part but ``lost`` is as saved; ``lost`` is at its default."""
    have = got.document()
    fresh = storage.document()
    for part in ("settings", "game", "stats", "window"):
        want = fresh[part] if part == lost else doc[part]
        assert have[part] == want, part
    assert got.problem == "bad-part" and got.reset == [lost]
    assert got.moved_to is not None and got.moved_to.exists()  # the whole file is kept aside


@pytest.mark.parametrize("part, key, raw", [
    ("window", "x", "9" * 5_000),
    ("window", "width", "-" + "9" * 4_400),
    ("stats", "games", DEEP),
    ("stats", "current", "NaN"),
    ("settings", "language", DEEP),
    ("settings", "interactive_rules", "Infinity"),
    ("game", "score", "1" * 10_000),
    ("game", "actions", DEEP),
])
def test_one_bad_value_costs_its_part_only(tmp_path, part, key, raw):
    doc = good_document()
    write_with(tmp_path, doc, part, key, raw)
    got = storage.load(tmp_path)
    kept(got, doc, part)
    assert len(got.notice) < 1_000  # the notice does not quote the value whole


def test_deep_nesting_in_a_key_nobody_reads_costs_nothing(tmp_path):
    doc = good_document()
    text = json.dumps({**doc, "later": "__MARK__"}).replace('"__MARK__"', DEEP)
    (tmp_path / NAME).write_text(text)
    got = storage.load(tmp_path)
    assert got.notice is None and got.document() == doc


def test_a_file_nested_too_deep_and_broken_is_still_not_json(tmp_path):
    (tmp_path / NAME).write_text('{"schema": 1, "settings": ' + DEEP + ', "stats": {')
    got = storage.load(tmp_path)
    assert got.problem == "not-json" and got.document() == storage.document()


def test_a_huge_schema_number_is_not_a_document(tmp_path):
    (tmp_path / NAME).write_text('{"schema": ' + "1" * 5_000 + ', "settings": {}}')
    assert storage.load(tmp_path).problem == "not-a-document"


def test_a_clock_beyond_what_the_page_can_show_costs_the_game_only(tmp_path):
    doc = good_document()
    write_with(tmp_path, doc, "game", "seconds", "1e306")
    kept(storage.load(tmp_path), doc, "game")
