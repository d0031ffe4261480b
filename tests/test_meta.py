"""Every rule of the project's rule book has a test that proves it (DESIGN.md "Tests").

Reads every rule id from docs/rules.md (an entry starts with its id in bold, ``**EH-01**``) and
scans the text of tests/ and e2e/ for rule markers (stacked decorators or several ids in one
marker, also inside ``pytest.param(..., marks=...)``). The rule book must carry every id of the
specification ../shared/spec/RULES.md when that file is next to the repository.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_DOC = REPO / "docs" / "rules.md"
SPEC_MD = REPO.parent / "shared" / "spec" / "RULES.md"

# Rules whose proof is still to come. The meta-test also fails when one of these already has a
# marked test, so that this set only shrinks.
PENDING: frozenset[str] = frozenset()

_ID = re.compile(r"""["']((?:[A-Z]{2}|APP)-\d+)["']""")
# the marker call, written so that this file's own text never matches it
_MARK = re.compile(r"mark\.rule" + r"\(([^)]*)\)", re.S)
# an entry of the rule book: its id in bold at the start of a line (after any list or heading
# sign); ids named in running text are not entries
_ENTRY = re.compile(r"^[ \t]*(?:[-*#]+[ \t]+)?\*\*((?:[A-Z]{2}|APP)-\d+)\*\*", re.M)
# the specification writes its ids in bold inside list items
_SPEC_ID = re.compile(r"\*\*((?:[A-Z]{2}|APP)-\d+)\*\*")


def doc_ids(doc: Path = RULES_DOC) -> list[str]:
    """The rule ids of the rule book, in order; a missing or empty book is a failure."""
    assert doc.is_file(), f"the rule book {doc} is missing"
    ids = _ENTRY.findall(doc.read_text(encoding="utf-8"))
    assert ids, f"no rule entries (a line starting with **EH-01** or the like) in {doc}"
    return ids


def marked_ids(repo: Path = REPO) -> dict[str, set[str]]:
    """rule id → the files whose tests are marked with it."""
    out: dict[str, set[str]] = {}
    for folder in ("tests", "e2e"):
        base = repo / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.py")):
            if path.resolve() == Path(__file__).resolve():
                continue
            for args in _MARK.findall(path.read_text(encoding="utf-8")):
                for rid in _ID.findall(args):
                    out.setdefault(rid, set()).add(str(path.relative_to(repo)))
    return out


def unproved(ids: list[str], marked: dict[str, set[str]],
             pending: frozenset[str] = PENDING) -> list[str]:
    """Ids of the rule book with no marked test that PENDING does not excuse."""
    return [rid for rid in ids if rid not in marked and rid not in pending]


def proved_but_pending(marked: dict[str, set[str]],
                       pending: frozenset[str] = PENDING) -> list[str]:
    return sorted(rid for rid in pending if rid in marked)


def missing_from_doc(spec: Path, doc: Path = RULES_DOC) -> list[str]:
    """Ids of the specification that the rule book has no entry for."""
    have = set(doc_ids(doc))
    return [rid for rid in _SPEC_ID.findall(spec.read_text(encoding="utf-8")) if rid not in have]


# ---- the checks ---------------------------------------------------------------------------------

def test_every_rule_has_a_marked_test():
    missing = unproved(doc_ids(), marked_ids())
    assert not missing, f"rules of docs/rules.md without a test marked with them: {missing}"


def test_pending_rules_are_not_yet_marked():
    done = proved_but_pending(marked_ids())
    assert not done, f"remove from PENDING, they now have marked tests: {done}"
    unknown = sorted(PENDING - set(doc_ids()))
    assert not unknown, f"PENDING names ids that docs/rules.md does not have: {unknown}"


def test_every_marked_id_exists_in_the_rule_book():
    ids = set(doc_ids())
    typos = {rid: sorted(files) for rid, files in marked_ids().items() if rid not in ids}
    assert not typos, f"markers naming ids that docs/rules.md does not have: {typos}"


def test_rule_ids_are_unique_in_the_rule_book():
    ids = doc_ids()
    assert len(ids) == len(set(ids)), sorted({rid for rid in ids if ids.count(rid) > 1})


def test_the_rule_book_covers_every_id_of_the_spec():
    if not SPEC_MD.is_file():
        pytest.skip(f"the spec is not next to the repository: {SPEC_MD} is missing")
    assert _SPEC_ID.findall(SPEC_MD.read_text(encoding="utf-8")), "no rule ids in RULES.md"
    missing = missing_from_doc(SPEC_MD)
    assert not missing, f"ids of RULES.md with no entry in docs/rules.md: {missing}"


# ---- the checks can fail ------------------------------------------------------------------------

def test_the_scanner_reads_both_marker_forms():
    text = ('@pytest.' + 'mark.rule("SH-04", "SH-07")\n'
            '@pytest.' + 'mark.rule(\n    "EH-05",\n)\n'
            'pytest.param(1, marks=pytest.' + 'mark.rule("APP-07"))\n')
    found = {rid for args in _MARK.findall(text) for rid in _ID.findall(args)}
    assert found == {"SH-04", "SH-07", "EH-05", "APP-07"}


def test_the_entry_reader_takes_only_entry_heads(tmp_path):
    doc = tmp_path / "rules.md"
    doc.write_text("# Rules\n\n**EH-01** first.\n- **SH-02** listed.\n### **APP-03** heading\n"
                   "Text naming **EH-09** in passing, and EH-10 plain.\n", encoding="utf-8")
    assert doc_ids(doc) == ["EH-01", "SH-02", "APP-03"]


def test_a_missing_or_empty_rule_book_fails(tmp_path):
    with pytest.raises(AssertionError, match="missing"):
        doc_ids(tmp_path / "rules.md")
    (tmp_path / "rules.md").write_text("# Rules\n\nNothing here yet.\n", encoding="utf-8")
    with pytest.raises(AssertionError, match="no rule entries"):
        doc_ids(tmp_path / "rules.md")


def test_a_rule_without_a_marked_test_is_caught(tmp_path):
    doc = tmp_path / "rules.md"
    doc.write_text(RULES_DOC.read_text(encoding="utf-8") + "\n**SH-99** A rule nobody tested.\n",
                   encoding="utf-8")
    marked = marked_ids()
    assert unproved(doc_ids(doc), marked) == unproved(doc_ids(), marked) + ["SH-99"]
    # a pending id is excused until its test comes, then it must leave PENDING
    assert unproved(["SH-98"], {}, frozenset({"SH-98"})) == []
    assert proved_but_pending({"SH-98": {"tests/test_x.py"}}, frozenset({"SH-98"})) == ["SH-98"]


def test_a_spec_id_left_out_of_the_rule_book_is_caught(tmp_path):
    text = RULES_DOC.read_text(encoding="utf-8")
    assert text.count("**EH-07**") == 1
    doc = tmp_path / "rules.md"
    doc.write_text(text.replace("**EH-07**", "EH-07"), encoding="utf-8")
    spec = tmp_path / "RULES.md"
    spec.write_text("- **EH-06** one.\n- **EH-07** two.\n- **SH-01** three.\n", encoding="utf-8")
    assert missing_from_doc(spec, doc) == ["EH-07"]
    assert missing_from_doc(spec, RULES_DOC) == []
