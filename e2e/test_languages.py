"""The app in English, Catalan, Croatian and Thai (issue: i18n; APP-13): the EH-05 reminder
is the exact catalogue string with its number, Thai text has a font, and no text overflows
its box on the table, the dialogs and the help pages at 1280×720."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harptowers.engine import examples

I18N = Path(__file__).resolve().parents[1] / "frontend" / "i18n"
LANGUAGES = ["en", "ca", "hr", "th"]


def plural(lang: str, n: int) -> str:
    """CLDR cardinal categories for whole numbers, written out here independently."""
    if lang == "th":
        return "other"
    if lang == "hr":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "other"
    return "one" if n == 1 else "other"


def fill(cat: dict, lang: str, template: str, **params) -> str:
    def one(m: re.Match) -> str:
        value = params[m.group(1)]
        if not m.group(2):
            return str(value)
        forms = cat["units"][m.group(2)]
        return forms.get(plural(lang, value), forms["other"]).replace("{n}", str(value))
    return re.sub(r"\{(\w+)(?::(\w+))?\}", one, template)


OVERFLOWS = """() => [...document.querySelectorAll('body *')].filter((el) => {
    if (el.closest('.sr-only') || !el.offsetParent && getComputedStyle(el).position !== 'fixed') return false;
    const text = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    return text && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'auto';
  }).map((el) => `${el.tagName}.${el.className} "${el.textContent.trim().slice(0, 40)}"`)"""


def choose_language(t, lang: str) -> None:
    t.page.get_by_test_id("btn-settings").click()
    t.page.get_by_test_id("set-language").select_option(lang)
    t.page.keyboard.press("Escape")
    expect(t.page.locator("html")).to_have_attribute("lang", re.compile(f"^{lang}"))


def assert_no_overflow(t, where: str) -> None:
    assert t.page.evaluate(OVERFLOWS) == [], where


@pytest.mark.rule("APP-13")
@pytest.mark.rule("APP-03")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_reminder_font_and_layout_in_each_language(harness, lang):
    cat = json.loads((I18N / f"{lang}.json").read_text())
    ex = examples.load()["easy-harp"]
    t = harness(ex["code"])
    choose_language(t, lang)
    for move in ex["moves"].split():            # reach the example position by real drags
        src, dst = move.split("-")
        before = int(t.moves.text_content())
        t.drag(src, t.cards(src).count() - 1, dst)
        expect(t.moves).to_have_text(str(before + 1))
    key = ex["key"]
    src, j, onto = f"t{key['column'] + 1}", key["index"], f"t{key['onto'] + 1}"
    t.drag(src, j, onto)                         # the whole run: refused, EH-05
    expect(t.refusal).to_have_text(fill(cat, lang, cat["refusal"]["EH-05"], count=key["count"]))
    if lang == "th":
        assert t.page.evaluate("document.fonts.check('16px sans-serif', 'กองไพ่')")
    assert_no_overflow(t, "table")
    for button, dialog in (("btn-new", "dialog-new"), ("btn-settings", "dialog-settings"),
                           ("btn-about", "dialog-about")):
        t.page.get_by_test_id(button).click()
        expect(t.page.get_by_test_id(dialog)).to_be_visible()
        assert_no_overflow(t, dialog)
        t.page.keyboard.press("Escape")
        expect(t.page.get_by_test_id(dialog)).to_be_hidden()
    t.page.get_by_test_id("btn-help").click()
    for tab in ("tab-rules-eh", "tab-rules-sh", "tab-faq", "open-examples", "tab-keys"):
        t.page.get_by_test_id(tab).click()
        assert_no_overflow(t, tab)
