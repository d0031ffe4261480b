"""The one page object for the card table, shared by the harness and the real-window suites.

Every move is a real pointer action on card elements (mouse or touch); tests never call
``pywebview.api`` themselves.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect


class Table:
    def __init__(self, page: Page) -> None:
        self.page = page

    # ---- finding things ---------------------------------------------------------------
    def card(self, pile: str, index: int) -> Locator:
        """The card at ``index`` (0 = bottom) of pile ``pile`` (``t3``, ``w``, ``c1`` …)."""
        return self.page.locator(f'.card[data-in="{pile}"][data-index="{index}"]')

    def cards(self, pile: str) -> Locator:
        return self.page.locator(f'.card[data-in="{pile}"]')

    def pile(self, pile: str) -> Locator:
        return self.page.locator(f'.pile[data-pile="{pile}"]')

    def top(self, pile: str) -> Locator:
        """The top card (highest ``data-index``; page order is not pile order)."""
        return self.card(pile, self.cards(pile).count() - 1)

    @property
    def score(self) -> Locator:
        return self.page.get_by_test_id("score")

    @property
    def moves(self) -> Locator:
        return self.page.get_by_test_id("moves")

    @property
    def code(self) -> Locator:
        return self.page.get_by_test_id("deal-code")

    @property
    def refusal(self) -> Locator:
        return self.page.get_by_test_id("refusal")

    def wait_ready(self) -> None:
        expect(self.page.locator('body[data-ready="1"]')).to_have_count(1, timeout=20_000)

    def pile_texts(self, pile: str) -> list[str]:
        """The pile's cards bottom → top as the replay JSON writes them (face-down lower case
        is unknown to the page, so a face-down card reads ``"??"``)."""
        return self.page.evaluate(
            """(pile) => [...document.querySelectorAll(`.card[data-in="${pile}"]`)]
                 .sort((a, b) => a.dataset.index - b.dataset.index)
                 .map((el) => el.dataset.face === 'up' ? el.dataset.card : '??')""", pile)

    # ---- acting -----------------------------------------------------------------------
    def _centre(self, loc: Locator) -> tuple[float, float]:
        # A card still flying back (a refused drop) takes no pointer: wait as a hand would.
        expect(loc).not_to_have_class(re.compile(r"(^|\s)flying(\s|$)"))
        loc.scroll_into_view_if_needed()
        box = loc.bounding_box()
        assert box, f"{loc} is not on screen"
        return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 20)

    def _target(self, pile: str) -> tuple[float, float]:
        if pile == "f":
            pile = "f1"
        cards = self.cards(pile)
        box = (cards.last if cards.count() else self.pile(pile)).bounding_box()
        assert box, f"pile {pile} is not on screen"
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def drag(self, src: str, index: int, dst: str) -> None:
        """Press on a card, move it in small steps onto pile ``dst``, release."""
        x, y = self._centre(self.card(src, index))
        tx, ty = self._target(dst)
        m = self.page.mouse
        m.move(x, y)
        m.down()
        m.move(x + 8, y + 8, steps=2)
        m.move(tx, ty, steps=12)
        m.up()

    def touch_drag(self, src: str, index: int, dst: str) -> None:
        """The same drag with touch events (CDP Input.dispatchTouchEvent)."""
        x, y = self._centre(self.card(src, index))
        tx, ty = self._target(dst)
        cdp = self.page.context.new_cdp_session(self.page)
        try:
            def touch(kind: str, px: float, py: float) -> None:
                points = [] if kind == "touchEnd" else [{"x": px, "y": py, "id": 1}]
                cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})
            touch("touchStart", x, y)
            for i in range(1, 13):
                touch("touchMove", x + (tx - x) * i / 12, y + (ty - y) * i / 12)
            touch("touchEnd", tx, ty)
        finally:
            cdp.detach()

    def tap(self, pile: str, index: int | None = None) -> None:
        loc = self.pile(pile) if index is None else self.card(pile, index)
        loc.click(position=None)

    def double_tap(self, pile: str, index: int) -> None:
        self.card(pile, index).dblclick()

    def stock(self) -> None:
        self.pile("s").click()

    def undo(self) -> None:
        self.page.keyboard.press("Control+z")

    def expect_counts(self, score: int, moves: int) -> None:
        expect(self.moves).to_have_text(str(moves))
        expect(self.score).to_have_text(str(score))

    # ---- keyboard only (issue 10): no pointer event at all -----------------------------
    @property
    def announce(self) -> Locator:
        """The polite live region screen readers hear."""
        return self.page.get_by_test_id("announce")

    def key(self, *keys: str) -> None:
        """Press keys one after the other; after each, wait until its bridge call is answered."""
        for k in keys:
            self.page.keyboard.press(k)
            expect(self.page.locator("#table[data-kb-busy]")).to_have_count(0)

    def focused(self) -> tuple[str | None, int | None]:
        """Where the keyboard focus is on the table: (pile, card index), index None on a pile
        (stock, waste, foundation, cell, empty column, the foundation area ``f``)."""
        pile, index = self.page.evaluate(
            """() => { const a = document.activeElement;
                 if (!a || !a.closest('#table')) return [null, null];
                 if (a.classList.contains('card')) return [a.dataset.in, Number(a.dataset.index)];
                 return [a.dataset.pile || null, null]; }""")
        return pile, index

    def kb_goto(self, pile: str, index: int | None = None) -> None:
        """Walk the keyboard focus to ``pile`` (and card ``index`` of a column) with Tab and
        the arrow keys only."""
        if self.focused()[0] is None:
            self.key("ArrowLeft")              # from nowhere, a table key brings the focus there
        for _ in range(12):                    # from the header: Tab reaches the table
            if self.focused()[0] is not None:
                break
            self.key("Tab")
        want_column = pile.startswith("t")
        for _ in range(6):
            here = self.focused()[0]
            assert here is not None, "the keyboard focus left the table"
            if here.startswith("t") == want_column:
                break
            self.key("Tab" if want_column else "Shift+Tab")
        self.key("Home")
        for _ in range(14):
            if self.focused()[0] == pile:
                break
            self.key("ArrowRight")
        assert self.focused()[0] == pile, f"no keyboard path to {pile}: at {self.focused()}"
        if index is None:
            return
        for _ in range(30):
            at = self.focused()[1]
            if at == index:
                return
            self.key("ArrowUp" if at is not None and at > index else "ArrowDown")
        raise AssertionError(f"no keyboard path to {pile}[{index}]: at {self.focused()}")

    def kb_move(self, src: str, index: int | None, dst: str) -> None:
        """Pick up the card at ``index`` of ``src`` (a pile's top card when None) with Enter,
        walk to ``dst`` (``"f"``: the foundation area) and drop it with Enter."""
        self.kb_goto(src, index)
        self.key("Enter")
        self.kb_goto(dst)
        self.key("Enter")

    def watch_pointer(self) -> None:
        """Count every trusted pointer, mouse and touch event from now on (keys make none)."""
        self.page.evaluate(
            """() => { window.__pointerEvents = 0;
                 for (const t of ['pointerdown', 'pointerup', 'mousedown', 'mouseup',
                                  'touchstart', 'touchend', 'wheel'])
                   window.addEventListener(t, (e) => { if (e.isTrusted) window.__pointerEvents++; },
                                           true); }""")

    def pointer_events(self) -> int:
        return self.page.evaluate("() => window.__pointerEvents")
