"""Thai in WebKit with no Thai font on the system (see e2e/thai_glyphs.py): the page's shipped
font draws the letters, where plain sans-serif draws boxes."""

from __future__ import annotations

import os

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from thai_glyphs import MEASURE, assert_thai_drawn, no_thai_fontconfig
from wktable import eventually


def test_thai_renders_in_webkit_with_no_system_thai_font(wk, tmp_path):
    conf = no_thai_fontconfig(tmp_path)
    t = wk("EH1-N-AAAAAAF", env=dict(os.environ, FONTCONFIG_FILE=str(conf)))
    t.click_testid("btn-settings")
    Select(t.d.find_element(By.CSS_SELECTOR, '[data-testid="set-language"]')).select_by_value("th")
    t.press("Escape")
    eventually(lambda: t.js("return document.documentElement.lang").startswith("th"),
               what="the page in Thai")
    assert_thai_drawn(t.page.evaluate(MEASURE))
