"""Every rule of the spec has a test that proves it (DESIGN.md "Tests").

Reads every rule id (written ``**EH-01**``) from ../shared/spec/RULES.md and scans the text
of tests/ and e2e/ for rule markers (stacked decorators or several ids in one marker, also
inside ``pytest.param(..., marks=...)``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES_MD = Path(__file__).resolve().parents[2] / "shared" / "spec" / "RULES.md"

# Rules carried only by the user interface: marked in the e2e suite later. The meta-test also
# fails when one of these already has a marked test, so that this set only shrinks.
PENDING: set[str] = set()   # every UI-only rule (EH-16, APP-01 … APP-06, APP-08 … APP-10)
#                             is already marked in the e2e suite; add an id here only for a
#                             rule whose proof is still to come there

_ID = re.compile(r"""["']((?:EH|SH|APP)-\d+)["']""")
# the marker call, written so that this file's own text never matches it
_MARK = re.compile(r"mark\.rule" + r"\(([^)]*)\)", re.S)


def spec_ids() -> list[str]:
    if not RULES_MD.exists():
        pytest.skip(f"the spec is not next to the repository: {RULES_MD} is missing")
    ids = re.findall(r"\*\*((?:EH|SH|APP)-\d+)\*\*", RULES_MD.read_text(encoding="utf-8"))
    assert ids, "no rule ids found in RULES.md"
    return ids


def marked_ids() -> dict[str, set[str]]:
    """rule id → the files whose tests are marked with it."""
    out: dict[str, set[str]] = {}
    for folder in ("tests", "e2e"):
        base = REPO / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*.py")):
            if path.resolve() == Path(__file__).resolve():
                continue
            for args in _MARK.findall(path.read_text(encoding="utf-8")):
                for rid in _ID.findall(args):
                    out.setdefault(rid, set()).add(str(path.relative_to(REPO)))
    return out


def test_the_scanner_reads_both_marker_forms(tmp_path):
    text = ('@pytest.' + 'mark.rule("SH-04", "SH-07")\n'
            '@pytest.' + 'mark.rule(\n    "EH-05",\n)\n'
            'pytest.param(1, marks=pytest.' + 'mark.rule("APP-07"))\n')
    found = {rid for args in _MARK.findall(text) for rid in _ID.findall(args)}
    assert found == {"SH-04", "SH-07", "EH-05", "APP-07"}


def test_every_rule_has_a_marked_test():
    ids = spec_ids()
    marked = marked_ids()
    missing = [rid for rid in ids if rid not in marked and rid not in PENDING]
    assert not missing, f"rules without a test marked with them: {missing}"


def test_pending_rules_are_not_yet_marked():
    ids = spec_ids()
    marked = marked_ids()
    done = sorted(rid for rid in PENDING if rid in marked)
    assert not done, f"remove from PENDING, they now have marked tests: {done}"
    unknown = sorted(PENDING - set(ids))
    assert not unknown, f"PENDING names ids that RULES.md does not have: {unknown}"


def test_every_marked_id_exists_in_the_spec():
    ids = set(spec_ids())
    marked = marked_ids()
    typos = {rid: sorted(files) for rid, files in marked.items() if rid not in ids}
    assert not typos, f"markers naming ids that RULES.md does not have: {typos}"


def test_rule_ids_are_unique_in_the_spec():
    ids = spec_ids()
    assert len(ids) == len(set(ids))
