"""The card table in WebKitGTK's MiniBrowser, driven through WebDriver the way a player does:
pointer drags (W3C actions), clicks and keys; state read from the DOM.

``WkTable`` is e2e/table.py's ``Table`` with its Playwright parts replaced: the DOM queries that
``Table`` runs through ``page.evaluate`` (pile texts, focus, pointer counting) and its keyboard
walks (``kb_goto``, ``kb_move``) are inherited unchanged through a small ``page`` shim.
"""

from __future__ import annotations

import time
from pathlib import Path

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.keys import Keys

from table import Table

TIMEOUT = 15.0
ARTIFACTS_SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "webkit"

KEYS = {"ArrowLeft": Keys.ARROW_LEFT, "ArrowRight": Keys.ARROW_RIGHT, "ArrowUp": Keys.ARROW_UP,
        "ArrowDown": Keys.ARROW_DOWN, "Enter": Keys.ENTER, "Tab": Keys.TAB, "Home": Keys.HOME,
        "End": Keys.END, "Escape": Keys.ESCAPE, "Control": Keys.CONTROL, "Shift": Keys.SHIFT}


def eventually(check, timeout: float = TIMEOUT, what: str = "condition"):
    """Poll ``check()`` until it returns something truthy; its last value on failure."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what} "
                                 f"(last: {value!r})")
        time.sleep(0.05)


class WkPage:
    """Enough of Playwright's ``Page.evaluate`` for ``Table``'s DOM queries."""

    def __init__(self, driver) -> None:
        self.driver = driver

    def evaluate(self, expression: str, *args):
        expression = expression.strip()
        if expression.startswith(("(", "async")):
            return self.driver.execute_script(f"return ({expression}).apply(null, arguments)",
                                              *args)
        return self.driver.execute_script(f"return ({expression})")


class WkTable(Table):
    def __init__(self, driver) -> None:
        super().__init__(WkPage(driver))
        self.d = driver

    # ---- reading the DOM ------------------------------------------------------------
    def js(self, script: str, *args):
        return self.d.execute_script(script, *args)

    def text(self, testid: str) -> str:
        return self.js("const e = document.querySelector(`[data-testid=\"${arguments[0]}\"]`);"
                       "return e ? e.textContent.trim() : null", testid)

    def wait_text(self, testid: str, want: str, timeout: float = TIMEOUT) -> None:
        eventually(lambda: self.text(testid) == want, timeout, f"{testid} to read {want!r}")

    def wait_css(self, selector: str, count: int = 1, timeout: float = TIMEOUT) -> None:
        eventually(lambda: self.js("return document.querySelectorAll(arguments[0]).length",
                                   selector) == count, timeout, f"{count} of {selector}")

    def wait_ready(self) -> None:
        self.wait_css('body[data-ready="1"]', 1, 30)

    def count(self, pile: str) -> int:
        return self.js("return document.querySelectorAll(`.card[data-in=\"${arguments[0]}\"]`)"
                       ".length", pile)

    def card_of(self, pile: str, index: int) -> str | None:
        return self.js("const e = document.querySelector(`.card[data-in=\"${arguments[0]}\"]"
                       "[data-index=\"${arguments[1]}\"]`); return e ? e.dataset.card : null",
                       pile, index)

    def wait_card(self, pile: str, index: int, card: str) -> None:
        eventually(lambda: self.card_of(pile, index) == card, TIMEOUT,
                   f"{card} at {pile}[{index}]")

    def wait_count(self, pile: str, n: int) -> None:
        eventually(lambda: self.count(pile) == n, TIMEOUT, f"{n} cards on {pile}")

    def top_card(self, pile: str) -> str | None:
        return self.card_of(pile, self.count(pile) - 1)

    def expect_counts(self, score: int, moves: int) -> None:
        self.wait_text("moves", str(moves))
        self.wait_text("score", str(score))

    def refusal_text(self) -> str | None:
        """The refusal toast's text while it shows (it is position: fixed, so no
        offsetParent: visible = laid out and not hidden)."""
        return self.js("const e = document.querySelector('[data-testid=\"refusal\"]');"
                       "return e && !e.hidden && e.getClientRects().length &&"
                       " getComputedStyle(e).visibility !== 'hidden' ? e.textContent.trim() : null")

    def _box(self, selector: str) -> dict | None:
        return self.js("const e = document.querySelector(arguments[0]); if (!e) return null;"
                       "e.scrollIntoView({block: 'nearest'}); const r = e.getBoundingClientRect();"
                       "return {x: r.x, y: r.y, w: r.width, h: r.height,"
                       "        flying: e.classList.contains('flying')}", selector)

    # ---- acting: real pointer and key input through WebDriver ---------------------------
    def _settled(self, selector: str) -> dict:
        """The element's box once it is at rest: not flying, and the same on two reads 100 ms
        apart (a banner growing above the table shifts it; a press then lands on a neighbour)."""
        def still():
            a = self._box(selector)
            if not a or a["flying"]:
                return None
            time.sleep(0.1)
            return a if self._box(selector) == a else None
        return eventually(still, TIMEOUT, f"{selector} at rest")

    def _grip(self, pile: str, index: int) -> tuple[float, float]:
        """Where a hand presses a card: near its top, inside the strip the next card of the
        fan leaves visible."""
        box = self._settled(f'.card[data-in="{pile}"][data-index="{index}"]')
        above = self._box(f'.card[data-in="{pile}"][data-index="{index + 1}"]')
        strip = above["y"] - box["y"] if above and above["y"] > box["y"] else box["h"]
        return box["x"] + box["w"] / 2, box["y"] + min(box["h"] / 2, 20, strip / 2)

    def hover_grip(self, pile: str, index: int) -> tuple[float, float]:
        """Bring the pointer over the card first, as a hand does, and look again: the table
        may re-lay a crowded column under the pointer (in WebKit a 5-card run moved 20 px up
        and a press at the first place landed on the next card)."""
        x, y = self._grip(pile, index)
        for _ in range(3):
            ab = ActionBuilder(self.d)
            ab.pointer_action.move_to_location(int(x), int(y))
            ab.perform()
            nx, ny = self._grip(pile, index)
            if (int(nx), int(ny)) == (int(x), int(y)):
                break
            x, y = nx, ny
        return x, y

    def _target(self, pile: str) -> tuple[float, float]:
        pile = "f1" if pile == "f" else pile
        n = self.count(pile)
        sel = (f'.card[data-in="{pile}"][data-index="{n - 1}"]' if n
               else f'.pile[data-pile="{pile}"]')
        box = self._box(sel)
        assert box, f"pile {pile} is not on screen"
        return box["x"] + box["w"] / 2, box["y"] + box["h"] / 2

    def drag(self, src: str, index: int, dst: str) -> None:
        """Press on a card, move it in small steps onto pile ``dst``, release (W3C pointer
        actions in viewport coordinates, as a mouse would)."""
        x, y = self.hover_grip(src, index)
        tx, ty = self._target(dst)
        ab = ActionBuilder(self.d, duration=16)
        ptr = ab.pointer_action
        ptr.move_to_location(int(x), int(y))
        ptr.pointer_down()
        ptr.move_to_location(int(x + 8), int(y + 8))
        for i in range(1, 13):
            ptr.move_to_location(int(x + (tx - x) * i / 12), int(y + (ty - y) * i / 12))
        ptr.pointer_up()
        ab.perform()

    def click_at(self, selector: str) -> None:
        box = eventually(lambda: (b := self._box(selector)) and not b["flying"] and b,
                         TIMEOUT, f"{selector} on screen")
        ab = ActionBuilder(self.d)
        ab.pointer_action.move_to_location(int(box["x"] + box["w"] / 2),
                                           int(box["y"] + min(box["h"] / 2, 20)))
        ab.pointer_action.click()
        ab.perform()

    def tap(self, pile: str, index: int | None = None) -> None:
        self.click_at(f'.pile[data-pile="{pile}"]' if index is None
                      else f'.card[data-in="{pile}"][data-index="{index}"]')

    def stock(self) -> None:
        self.tap("s")

    def click_testid(self, testid: str) -> None:
        """Click the middle of a shown ``[data-testid]`` element with the pointer. Located
        afresh each time (no element handle: the page may re-render it meanwhile)."""
        sel = f'[data-testid="{testid}"]'
        box = eventually(lambda: (b := self._box(sel)) and b["w"] > 0 and b["h"] > 0 and b,
                         TIMEOUT, f"{testid} shown")
        ab = ActionBuilder(self.d)
        ab.pointer_action.move_to_location(int(box["x"] + box["w"] / 2),
                                           int(box["y"] + box["h"] / 2))
        ab.pointer_action.click()
        ab.perform()

    def press(self, combo: str) -> None:
        """One key or chord as Playwright writes it: "Enter", "Shift+Tab", "Control+z"."""
        *mods, key = combo.split("+")
        a = ActionChains(self.d)
        for m in mods:
            a.key_down(KEYS[m])
        a.send_keys(KEYS.get(key, key))
        for m in reversed(mods):
            a.key_up(KEYS[m])
        a.perform()

    def key(self, *keys: str) -> None:
        """Press keys one after the other; after each, wait until its bridge call is answered."""
        for k in keys:
            self.press(k)
            self.wait_css("#table[data-kb-busy]", 0)

    def undo(self) -> None:
        self.press("Control+z")
