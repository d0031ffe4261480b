"""index.html preloads every ES module, so the page fetches them all at once at start-up
(issue 8: a module found only through another module's import costs a round trip each)."""

from __future__ import annotations

import re
from pathlib import Path

FRONTEND = Path(__file__).resolve().parents[1] / "frontend"


def test_every_module_is_preloaded_or_the_entry_point():
    html = (FRONTEND / "index.html").read_text(encoding="utf-8")
    preloaded = set(re.findall(r'<link rel="modulepreload" href="js/([\w-]+\.js)">', html))
    entry = set(re.findall(r'<script type="module" src="js/([\w-]+\.js)"[^>]*>', html))
    modules = {p.name for p in (FRONTEND / "js").glob("*.js")}
    assert entry == {"main.js"}
    assert preloaded | entry == modules
    assert not preloaded & entry
