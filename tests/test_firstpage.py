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


def test_the_window_page_carries_its_stylesheets_inline_in_order():
    html = firstpage.page(INDEX, {"rev": 1}, ROOT, env={})
    links = re.findall(rb'<link rel="stylesheet" href="(css/[\w.-]+\.css)">', INDEX)
    assert len(links) >= 9 and b'rel="stylesheet"' not in html
    style = re.search(rb"<style>(.*?)</style>", html, re.S).group(1)
    at = 0
    for link in links:   # each file's rules, in the order the links had
        css = (ROOT / link.decode()).read_bytes().replace(b'url("../', b'url("').strip()
        found = style.find(css, at)
        assert found >= at, link
        at = found + len(css)
    # the fonts' urls now point from the page's folder at files that exist
    fonts = re.findall(rb'url\("([^"]+\.woff2)"\)', style)
    assert len(fonts) == 3 and all((ROOT / f.decode()).is_file() for f in fonts)
    # the styles come before the modules, as the links did
    assert html.index(b"<style>") < html.index(b'src="js/main.js"')


def test_styles_stay_linked_when_a_file_cannot_be_inlined(tmp_path):
    (tmp_path / "css").mkdir()
    (tmp_path / "css" / "a.css").write_text("a { color: red }")
    (tmp_path / "css" / "b.css").write_text("b::after { content: '</style>' }")
    html = b'<head>\n  <link rel="stylesheet" href="css/a.css">\n  <link rel="stylesheet" href="css/b.css">\n</head>'
    assert firstpage.inline_styles(html, tmp_path) == html   # would end the element
    missing = b'<head>\n  <link rel="stylesheet" href="css/a.css">\n  <link rel="stylesheet" href="css/c.css">\n</head>'
    assert firstpage.inline_styles(missing, tmp_path) == missing
    outside = b'<head>\n  <link rel="stylesheet" href="../x.css">\n</head>'
    assert firstpage.inline_styles(outside, tmp_path) == outside


def test_relative_urls_are_rebased_and_others_left_alone():
    css = b'a{background:url(img/x.png)} b{src:url("../f/y.woff2")} c{background:url(data:image/png;base64,AA==)} d{x:url(\'/abs.png\')}'
    out = firstpage._rebased(css, "css")
    assert out == (b'a{background:url(css/img/x.png)} b{src:url("f/y.woff2")} '
                   b'c{background:url(data:image/png;base64,AA==)} d{x:url(\'/abs.png\')}')
