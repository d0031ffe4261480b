"""The player-text catalogues (APP-13, issue 6): tools/i18n_check.py passes on the real
catalogues and finds the faults planted in broken copies."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FRONTEND = REPO / "frontend"


def _load_checker():
    spec = importlib.util.spec_from_file_location("i18n_check", REPO / "tools" / "i18n_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


i18n_check = _load_checker()


def _copy(tmp_path: Path, with_code: bool = False) -> Path:
    """A copy of the catalogues (and, with_code, of the page's code) to break."""
    if with_code:
        shutil.copytree(FRONTEND / "js", tmp_path / "js")
        shutil.copy(FRONTEND / "index.html", tmp_path / "index.html")
    shutil.copytree(FRONTEND / "i18n", tmp_path / "i18n")
    return tmp_path / "i18n"


def _edit(folder: Path, lang: str, change) -> None:
    path = folder / f"{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")


@pytest.mark.rule("APP-13")
def test_the_real_catalogues_pass():
    assert i18n_check.check(FRONTEND / "i18n") == []


@pytest.mark.rule("APP-13")
def test_every_language_of_the_issue_is_there():
    names = {p.stem for p in (FRONTEND / "i18n").glob("*.json")}
    assert {"en", "ca", "hr", "th"} <= names


@pytest.mark.rule("APP-13")
def test_a_missing_key_is_found(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "ca", lambda d: d["refusal"].pop("EH-05"))
    problems = i18n_check.check(folder)
    assert "ca: missing key refusal.EH-05" in problems
    assert all(p.startswith("ca:") for p in problems)


@pytest.mark.rule("APP-13")
def test_a_missing_nested_help_key_is_found(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "th", lambda d: d["help"]["faq"]["group"].pop("body"))
    assert "th: missing key help.faq.group.body" in i18n_check.check(folder)


@pytest.mark.rule("APP-13")
def test_a_renamed_placeholder_is_found(tmp_path):
    folder = _copy(tmp_path)

    def rename(d):
        assert "{card}" in d["refusal"]["EH-04"]
        d["refusal"]["EH-04"] = d["refusal"]["EH-04"].replace("{card}", "{karta}")

    _edit(folder, "hr", rename)
    problems = i18n_check.check(folder)
    assert any(p.startswith("hr: refusal.EH-04") and "{card} missing" in p for p in problems)
    assert any(p.startswith("hr: refusal.EH-04") and "{karta}" in p for p in problems)


@pytest.mark.rule("APP-13")
def test_a_dropped_number_in_a_reminder_is_found(tmp_path):
    folder = _copy(tmp_path)

    def drop(d):
        text = d["refusal"]["SH-08"]["to-empty"]
        d["refusal"]["SH-08"]["to-empty"] = text.replace("{limit_occupied}", "8")

    _edit(folder, "ca", drop)
    assert any("refusal.SH-08.to-empty" in p and "{limit_occupied} missing" in p
               for p in i18n_check.check(folder))


@pytest.mark.rule("APP-13")
def test_a_missing_croatian_few_form_is_found(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "hr", lambda d: d["units"]["cards"].pop("few"))
    problems = i18n_check.check(folder)
    assert any(p.startswith("hr: units.cards") and "'few' missing" in p for p in problems)


@pytest.mark.rule("APP-13")
def test_a_plural_form_the_language_lacks_is_found(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "th", lambda d: d["units"]["cards"].update({"one": "{n} ใบ"}))
    assert any(p.startswith("th: units.cards") and "'one' is not a category of th" in p
               for p in i18n_check.check(folder))


@pytest.mark.rule("APP-13")
def test_text_where_plural_forms_are_needed_is_found(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "ca", lambda d: d["units"].update({"moves": "{n} jugades"}))
    assert any(p.startswith("ca: units.moves: should be plural forms")
               for p in i18n_check.check(folder))


@pytest.mark.rule("APP-13")
def test_a_stale_key_is_found(tmp_path):
    folder = _copy(tmp_path)
    _edit(folder, "ca", lambda d: d["button"].update({"old_button": "Vell"}))
    assert "ca: key button.old_button is not in English (stale?)" in i18n_check.check(folder)


@pytest.mark.rule("APP-13")
def test_a_key_the_code_uses_must_be_in_english(tmp_path):
    folder = _copy(tmp_path, with_code=True)
    assert i18n_check.check(folder) == []
    help_js = tmp_path / "js" / "help.js"
    help_js.write_text(help_js.read_text(encoding="utf-8") + "\nt('help.no_such_key');\n",
                       encoding="utf-8")
    html = tmp_path / "index.html"
    html.write_text(html.read_text(encoding="utf-8").replace(
        'data-i18n="button.undo"', 'data-i18n="button.undo_gone"'), encoding="utf-8")
    problems = i18n_check.check(folder)
    assert any(p.startswith("js/help.js:") and "help.no_such_key" in p for p in problems)
    assert any(p.startswith("index.html:") and "button.undo_gone" in p for p in problems)


@pytest.mark.rule("APP-13")
def test_a_catalogue_the_page_does_not_offer_is_found(tmp_path):
    folder = _copy(tmp_path, with_code=True)
    (folder / "th.json").unlink()
    assert "js/i18n.js: LANGUAGES offers th but th.json is missing" in i18n_check.check(folder)
