"""Thai renders with no font on the system: the app ships its own (frontend/fonts, loaded by
css/fonts.css). The real window runs with ``FONTCONFIG_FILE`` pointing at a configuration with
DejaVu Sans only, so neither QtWebEngine nor Qt finds a system font with Thai in it."""

from __future__ import annotations

from thai_glyphs import MEASURE, assert_thai_drawn, no_thai_fontconfig
from test_languages import choose_language


def test_thai_table_renders_with_no_system_thai_font(app, tmp_path, monkeypatch):
    conf = no_thai_fontconfig(tmp_path)
    monkeypatch.setenv("FONTCONFIG_FILE", str(conf))   # start_app passes os.environ on
    t = app("EH1-N-AAAAAAF")
    choose_language(t, "th")
    assert_thai_drawn(t.page.evaluate(MEASURE))
