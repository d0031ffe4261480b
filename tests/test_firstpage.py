"""index.html with the first view model in it (issue 18, firstpage.py)."""

from __future__ import annotations

import json
import re

from harptowers.desktop import firstpage
from harptowers.api import Api
from harptowers.start import frontend_dir

ROOT = frontend_dir()
INDEX = (ROOT / "index.html").read_bytes()


def given(html: bytes) -> dict:
    m = re.search(rb'<script type="application/json" id="harp-first">(.*?)</script>', html, re.S)
    assert m, "no first-state element"
    return json.loads(m.group(1))


def test_the_page_carries_the_view_model_and_english():
    state = Api("SH1-C4-AAAAAJ2").state()["state"]
    html = firstpage.page(INDEX, state, ROOT, env={"LANG": "C.UTF-8"})
    data = given(html)
    assert data["state"] == state
    assert set(data["i18n"]) == {"en"}
    assert data["i18n"]["en"] == json.loads((ROOT / "i18n" / "en.json").read_text("utf-8"))
    assert firstpage.MARKER not in html and html.count(b'id="harp-first"') == 1
    # before the module that reads it (a module runs after the document is parsed anyway)
    assert html.index(b'id="harp-first"') < html.index(b'src="js/main.js"')


def test_text_that_would_end_the_element_is_escaped():
    state = {"rev": 1, "settings": {"language": "en"}, "x": "</script><!-- & -->"}
    html = firstpage.page(INDEX, state, ROOT, env={})
    inside = re.search(rb'id="harp-first">(.*?)</script>', html, re.S).group(1)
    assert b"<" not in inside and b">" not in inside
    assert given(html)["state"]["x"] == "</script><!-- & -->"


def test_the_chosen_language_goes_along_else_the_locale():
    def langs(setting, env):
        return set(given(firstpage.page(INDEX, {"settings": {"language": setting}}, ROOT, env))["i18n"])
    assert langs("hr", {"LANG": "th_TH.UTF-8"}) == {"en", "hr"}
    assert langs("auto", {"LANG": "th_TH.UTF-8"}) == {"en", "th"}
    assert langs("auto", {"LANGUAGE": "ca:es", "LANG": "en_GB.UTF-8"}) == {"en", "ca"}
    assert langs("auto", {"LANG": "de_DE.UTF-8"}) == {"en"}
    assert langs("auto", {}) == {"en"}


def test_a_page_without_the_marker_gets_it_in_its_head():
    html = firstpage.page(b"<html><head></head><body></body></html>", {"rev": 3}, ROOT, env={})
    assert given(html)["state"] == {"rev": 3}
    assert html.index(b"harp-first") < html.index(b"</head>")
