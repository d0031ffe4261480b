"""The shipped font (frontend/fonts, declared in css/fonts.css): every letter the four
catalogues use falls in one of its faces' unicode ranges, the files and the licence are there,
the page links the CSS, and About credits the font in every language."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

FRONT = Path(__file__).resolve().parents[1] / "frontend"
CSS = (FRONT / "css" / "fonts.css").read_text(encoding="utf-8")
LANGS = ("en", "ca", "hr", "th")


def faces(css: str) -> list[dict]:
    out = []
    for block in re.findall(r"@font-face\s*\{(.*?)\}", css, re.S):
        family = re.search(r"font-family:\s*\"([^\"]+)\"", block).group(1)
        url = re.search(r"url\(\"([^\"]+)\"\)", block).group(1)
        ranges = []
        for part in re.search(r"unicode-range:([^;]+);", block).group(1).split(","):
            lo, _, hi = part.strip().removeprefix("U+").partition("-")
            ranges.append((int(lo, 16), int(hi or lo, 16)))
        out.append({"family": family, "url": url, "ranges": ranges})
    return out


def strings(node) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for v in node.values() for s in strings(v)]
    if isinstance(node, list):
        return [s for v in node for s in strings(v)]
    return []


def letters_used() -> set[str]:
    """Letters and combining marks (Unicode categories L*, M*) of all four catalogues."""
    out = set()
    for lang in LANGS:
        cat = json.loads((FRONT / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        out |= {c for s in strings(cat) for c in s if unicodedata.category(c)[0] in "LM"}
    return out


def test_the_faces_parse_and_their_files_exist():
    found = faces(CSS)
    assert len(found) == 3 and {f["family"] for f in found} == {"Noto Sans Thai"}
    for f in found:
        path = (FRONT / "css" / f["url"]).resolve()
        assert path.is_file() and path.read_bytes()[:4] == b"wOF2", f["url"]
    assert "Open Font License" in (FRONT / "fonts" / "OFL.txt").read_text(encoding="utf-8")


def test_every_catalogue_letter_is_covered():
    ranges = [r for f in faces(CSS) for r in f["ranges"]]
    used = letters_used()
    assert {"ก", "č", "ć", "đ", "š", "ž", "à", "ç"} <= used   # Thai, Croatian, Catalan
    missing = sorted(c for c in used if not any(lo <= ord(c) <= hi for lo, hi in ranges))
    assert missing == [], [f"{c} U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in missing]


def test_the_page_links_the_font_css_and_about_credits_it():
    html = (FRONT / "index.html").read_text(encoding="utf-8")
    assert '<link rel="stylesheet" href="css/fonts.css">' in html
    # chrome.css names the family in its stacks: the shipped faces are used by that name
    assert '"Noto Sans Thai"' in (FRONT / "css" / "chrome.css").read_text(encoding="utf-8")
    for lang in LANGS:
        credits = json.loads((FRONT / "i18n" / f"{lang}.json").read_text("utf-8"))["about"]
        assert "Noto Sans Thai" in credits["credits"] and "Open Font" in credits["credits"], lang


def test_the_range_check_sees_a_letter_outside():
    """The coverage check can fail: a Georgian letter is in no face's range."""
    ranges = [r for f in faces(CSS) for r in f["ranges"]]
    assert not any(lo <= ord("ა") <= hi for lo, hi in ranges)
    assert any(lo <= ord("ก") <= hi for lo, hi in ranges)
