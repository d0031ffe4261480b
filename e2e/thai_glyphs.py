"""Does the page draw Thai letters, or boxes? Shared by e2e/test_thai_font.py (the Qt window)
and e2e/webkit/test_webkit_fonts.py (WebKit), both run with no Thai font on the system:
``FONTCONFIG_FILE`` points at a configuration whose only font folder is DejaVu's (Latin, Greek,
Cyrillic; what a minimal Debian container has). With no font at all Chromium's renderer
crashes (no default typeface), so a font-less system is not a state the app can meet anyway.

``MEASURE`` runs in the page and answers, for the header's Thai text (its buttons):
- ``shapes``: how many different bitmaps the page's distinct Thai letters give when drawn (canvas) in the
  page's own font stack, and ``fallback_shapes`` the same in plain ``sans-serif`` (no web font):
  missing glyphs all come out as the same box (or nothing), real letters differ;
- ``width`` of the header text in the page's font against ``fallback_width``, the same text in
  a family that does not exist (the fallback boxes);
- ``loaded``: the unicode ranges of the shipped font's faces that the page has loaded.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

FONTCONFIG = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>{dirs}<cachedir>{cache}</cachedir></fontconfig>
"""


def fc_list(conf: Path, pattern: str = ":") -> list[str]:
    out = subprocess.run(["fc-list", pattern, "family"], capture_output=True, text=True,
                         check=True, env=dict(os.environ, FONTCONFIG_FILE=str(conf)))
    return sorted({line.strip() for line in out.stdout.splitlines() if line.strip()})


def no_thai_fontconfig(folder: Path) -> Path:
    """A fontconfig file whose only font folder holds DejaVu Sans (no Thai glyph in it);
    checked with fc-list: some fonts, none for Thai."""
    dejavu = subprocess.run(["fc-match", "-f", "%{file}", "DejaVu Sans"], capture_output=True,
                            text=True, check=True).stdout
    assert "DejaVu" in dejavu, f"DejaVu Sans is not installed (fonts-dejavu-core): {dejavu!r}"
    (folder / "fc-cache").mkdir(parents=True, exist_ok=True)
    path = folder / "fonts-no-thai.conf"
    path.write_text(FONTCONFIG.format(dirs=f"<dir>{Path(dejavu).parent}</dir>",
                                      cache=folder / "fc-cache"))
    assert fc_list(path), "the configuration finds no font at all"
    assert fc_list(path, ":lang=th") == [], f"a Thai font is still found: {fc_list(path, ':lang=th')}"
    return path


MEASURE = """async () => {
  await document.fonts.ready;
  const thai = (s) => [...s].filter((c) => c >= '\\u0e01' && c <= '\\u0e2e');
  const el = [...document.querySelectorAll('.bar button')]
    .sort((a, b) => thai(b.textContent).length - thai(a.textContent).length)[0];
  const text = el.textContent.trim();
  const letters = [...new Set(thai(text))];
  const family = getComputedStyle(el).fontFamily;
  await document.fonts.load(`32px ${family}`, letters.join(''));
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 48;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  const shapes = (font) => new Set(letters.map((c) => {
    g.clearRect(0, 0, 48, 48);
    g.font = font;
    g.fillText(c, 8, 36);
    const alpha = g.getImageData(0, 0, 48, 48).data.filter((_, i) => i % 4 === 3);
    return alpha.join(',');
  })).size;
  const span = document.createElement('span');
  span.textContent = text;
  span.style.cssText = 'position:absolute;white-space:nowrap;font-size:32px;visibility:hidden';
  document.body.append(span);
  span.style.fontFamily = family;
  const width = span.getBoundingClientRect().width;
  span.style.fontFamily = '"No Such Font Harp"';
  const fallbackWidth = span.getBoundingClientRect().width;
  span.remove();
  return { text, letters: letters.length, family,
           shapes: shapes(`32px ${family}`), fallback_shapes: shapes('32px sans-serif'),
           width, fallback_width: fallbackWidth,
           loaded: [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Noto Sans Thai'
                                             && f.status === 'loaded').map((f) => f.unicodeRange) };
}"""


def assert_thai_drawn(m: dict) -> None:
    """What ``MEASURE`` found, with no system font: Thai letters, drawn by the shipped font."""
    assert m["letters"] >= 4, f"the header shows too few Thai letters to tell: {m}"
    # the control: without the web font every letter is the same box (no system Thai font)
    assert m["fallback_shapes"] == 1, f"a system font draws Thai here: not a clean check {m}"
    assert m["shapes"] == m["letters"], f"Thai letters came out as boxes: {m}"
    assert abs(m["width"] - m["fallback_width"]) > 1, f"same width as the boxes: {m}"
    assert any("E01" in r.upper() for r in m["loaded"]), f"the Thai face is not loaded: {m}"
