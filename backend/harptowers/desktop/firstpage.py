"""index.html as the window serves it: with the first view model and the catalogues the first
frame needs written into it (issue 18), so the page draws the table at once instead of waiting
for pywebview's bridge (injected only when the page has loaded) and a ``state`` round trip.

The page reads ``<script type="application/json" id="harp-first">`` (never executed, so the
page's Content-Security-Policy is untouched); a page served without it (``--serve``, the test
harness) asks the bridge as before.

The window's page also carries its stylesheets in one ``<style>`` (``inline_styles``): the
window's files are answered one by one on the GUI thread, and nine fewer of them before the
modules cut the start (issue 40, bench/README.md). The CSP allows inline styles.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any, Mapping

MARKER = b"<!-- first-state -->"
LANGUAGES = ("en", "ca", "hr", "th")   # frontend/js/i18n.js LANGUAGES
ELEMENT_ID = "harp-first"


def _safe(text: str) -> str:
    """JSON text that cannot end the script element or open a comment inside it: ``<``, ``>``
    and ``&`` occur only inside JSON strings, where their escapes mean the same."""
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def system_language(env: Mapping[str, str] = os.environ) -> str | None:
    """The language of the process locale among LANGUAGES (what the page's "auto" will most
    likely pick from navigator.languages), or None."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            base = value.split(":")[0].split(".")[0].replace("-", "_").split("_")[0].lower()
            return base if base in LANGUAGES else None
    return None


def languages_for(setting: Any, env: Mapping[str, str] = os.environ) -> list[str]:
    """English (every other catalogue falls back to it) and the language the setting names."""
    wanted = setting if setting in LANGUAGES else system_language(env)
    return ["en"] + ([wanted] if wanted and wanted != "en" else [])


def first_data(state: dict[str, Any], root: Path,
               env: Mapping[str, str] = os.environ) -> str:
    """The element's JSON text: ``{"state": view model, "i18n": {code: catalogue}}``. The
    catalogues go in as the files' own text (no parse and dump)."""
    setting = (state.get("settings") or {}).get("language")
    catalogues = []
    for code in languages_for(setting, env):
        path = root / "i18n" / f"{code}.json"
        if path.is_file():
            catalogues.append(f'"{code}":{path.read_text("utf-8").strip()}')
    text = ('{"state":' + json.dumps(state, ensure_ascii=False, separators=(",", ":"))
            + ',"i18n":{' + ",".join(catalogues) + "}}")
    return _safe(text)


STYLESHEET = re.compile(rb'[ \t]*<link rel="stylesheet" href="([\w/.-]+\.css)">\r?\n?')
CSS_URL = re.compile(rb"""url\(\s*(["']?)([^"')]+)\1\s*\)""")


def _rebased(css: bytes, folder: str) -> bytes:
    """``css`` from the file in ``folder`` (relative to the page), its relative ``url()``s
    made relative to the page; ``data:`` and absolute ones unchanged."""
    def fix(m: re.Match[bytes]) -> bytes:
        quote, url = m.group(1), m.group(2).decode()
        if re.match(r"[a-z][a-z0-9+.-]*:|/|#", url, re.I):
            return m.group(0)
        path = os.path.normpath(os.path.join(folder, url)).replace(os.sep, "/")
        return b"url(" + quote + path.encode() + quote + b")"
    return CSS_URL.sub(fix, css)


def inline_styles(html: bytes, root: Path) -> bytes:
    """``html`` with its ``<link rel="stylesheet">`` files (under ``root``) in one ``<style>``
    where the first was, in the same order. Unchanged when a file is missing, lies outside
    ``root`` or holds text that would end the element."""
    links = list(STYLESHEET.finditer(html))
    parts = []
    for m in links:
        target = (root / m.group(1).decode()).resolve()
        if root.resolve() not in target.parents or not target.is_file():
            return html
        css = target.read_bytes()
        if b"</style" in css.lower():
            return html
        folder = os.path.dirname(m.group(1).decode())
        parts.append(_rebased(css, folder).strip())
    if not parts:
        return html
    style = b"  <style>\n" + b"\n".join(parts) + b"\n  </style>\n"
    first = links[0].start()
    return html[:first] + style + STYLESHEET.sub(b"", html[first:])


def page(html: bytes, state: dict[str, Any], root: Path,
         env: Mapping[str, str] = os.environ) -> bytes:
    """``html`` (index.html) with its stylesheets inline (``inline_styles``) and the element in
    place of MARKER (else before ``</head>``)."""
    html = inline_styles(html, root)
    element = (f'<script type="application/json" id="{ELEMENT_ID}">'
               f"{first_data(state, root, env)}</script>").encode()
    if MARKER in html:
        return html.replace(MARKER, element, 1)
    return html.replace(b"</head>", element + b"\n</head>", 1)
