"""Keyboard-only play and screen-reader support (issue 10), in the harness and the real window.

Every move here is a key press: no pointer, mouse or touch event reaches the page (counted).
Score and counter are checked against ``harp-towers replay`` of the same moves (a subprocess),
the polite live region (``data-testid="announce"``) after a move and after a refusal, and an
axe-core scan (the ``axe-playwright-python`` package, which bundles axe.min.js) of the table,
every dialog and the help pages finds no serious or critical violation, at 100 % and at the
CSS size of 200 % zoom.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from harptowers.api import Api
from playwright.sync_api import expect

from test_flow import replay, table_for  # noqa: F401  (table_for is a fixture)

EH = "EH1-N-AAAAAAF"
SH = "SH1-C4-AAAAAJ2"
ROOT = Path(__file__).resolve().parents[1]



def on_table(t) -> None:
    """Bring the keyboard focus onto the table (a table key does that from nowhere)."""
    t.key("ArrowLeft")
    assert t.focused()[0] is not None


# ---- whole flows ---------------------------------------------------------------------


@pytest.mark.rule("APP-01")
@pytest.mark.rule("APP-02")
@pytest.mark.rule("APP-03")
@pytest.mark.rule("APP-09")
@pytest.mark.rule("APP-13")
@pytest.mark.rule("EH-10")
@pytest.mark.rule("EH-11")
@pytest.mark.rule("EH-14")
def test_easy_harp_by_keyboard(table_for):
    t = table_for(EH)
    t.watch_pointer()
    expect(t.code).to_have_text(EH)
    on_table(t)

    t.kb_move("t3", 2, "t1")                 # 9C onto TH: Enter, arrows, Enter; KC turns up
    expect(t.card("t1", 1)).to_have_attribute("data-card", "9C")
    expect(t.announce).to_have_text(
        "Nine of Clubs to column 1. King of Clubs turned face up. 5 points.")
    assert t.focused() == ("t1", 1)          # the focus follows the card it put down

    t.key("s")                               # S: the stock, 8S onto the waste
    expect(t.top("w")).to_have_attribute("data-card", "8S")
    expect(t.announce).to_have_text("Eight of Spades onto the waste. Stock: 58 cards.")

    t.kb_move("t7", 6, "t4")                 # QH onto KS, AD turns up
    t.kb_goto("t7", 5)
    t.key("f")                               # F: the tap, AD to its foundation
    expect(t.cards("f5")).to_have_count(1)
    expect(t.announce).to_have_text("Ace of Diamonds to the Diamonds foundation. "
                                    "Three of Hearts turned face up. 15 points.")
    want = replay(EH, "t3-t1 s t7-t4 t7-f")
    t.expect_counts(want["score"], want["moves"])

    t.key("Control+z")                       # undo: AD back, 3H face down again
    expect(t.card("t7", 5)).to_have_attribute("data-card", "AD")
    undone = replay(EH, "t3-t1 s t7-t4")
    expect(t.announce).to_have_text(f"Undone: Ace of Diamonds back to column 7. "
                                    f"Score {undone['score']}.")
    t.expect_counts(undone["score"], 4)      # the counter does not go down

    # The same card dropped on the foundation area: play({to: "f"}), the engine picks f5.
    t.kb_move("t7", 5, "f")
    expect(t.cards("f5")).to_have_count(1)
    assert t.focused() == ("f5", None)
    t.expect_counts(want["score"], 5)

    # A refusal: 7S onto 9C. The card stays, the live region says the toast's reminder.
    t.kb_move("t5", 4, "t1")
    expect(t.refusal).to_contain_text("does not fit")
    expect(t.announce).to_have_text(t.refusal.inner_text())
    expect(t.card("t5", 4)).to_have_attribute("data-card", "7S")
    assert t.focused() == ("t5", 4)          # back on the card it tried to move
    t.expect_counts(want["score"], 5)

    # Escape puts picked-up cards back without asking Python anything.
    t.kb_goto("t2")
    t.key("Enter")
    expect(t.announce).to_contain_text("Picked up Six of Clubs")
    t.key("ArrowRight", "Escape")
    expect(t.announce).to_have_text("Put back.")
    assert t.focused() == ("t2", 1)
    t.expect_counts(want["score"], 5)
    assert t.pointer_events() == 0


@pytest.mark.rule("APP-02")
@pytest.mark.rule("APP-13")
@pytest.mark.rule("SH-08")
@pytest.mark.rule("SH-09")
@pytest.mark.rule("SH-11")
def test_seahaven_group_move_by_keyboard(table_for):
    t = table_for(SH)
    t.watch_pointer()
    expect(t.code).to_have_text(SH)
    on_table(t)

    t.kb_goto("t6")
    t.key(".")                               # "." is the tap too: AD to its foundation
    expect(t.cards("f3")).to_have_count(1)
    t.kb_move("c1", None, "t5")              # 9D from a cell onto TD: +5
    expect(t.announce).to_have_text("Nine of Diamonds to column 5. 5 points.")
    t.kb_move("t7", None, "t2")              # 7D onto 8D
    t.kb_goto("t2", 4)                       # Up from the top card: the 8D under it
    t.key("Enter")                           # the run 8D 7D is picked up together
    expect(t.announce).to_contain_text("Picked up 2 cards from Eight of Diamonds")
    t.kb_goto("t5")
    t.key("Enter")                           # one group move (SH-08, SH-09)
    expect(t.cards("t5")).to_have_count(8)
    assert t.pile_texts("t5")[-3:] == ["9D", "8D", "7D"]
    expect(t.announce).to_have_text("2 cards from Eight of Diamonds to column 5.")
    want = replay(SH, "t6-f c1-t5 t7-t2 t2:2-t5")
    t.expect_counts(want["score"], want["moves"])

    t.kb_move("t3", None, "t1")              # 7H onto 5D: refused (SH-04)
    expect(t.refusal).to_contain_text("does not fit")
    expect(t.announce).to_have_text(t.refusal.inner_text())
    t.expect_counts(want["score"], want["moves"])
    assert t.pointer_events() == 0


@pytest.mark.rule("EH-15")
def test_double_tap_key(harness):
    t = harness(EH)
    t.watch_pointer()
    on_table(t)
    t.kb_goto("t3")
    t.key("d")                               # D: the double-tap search finds TH in column 1
    expect(t.card("t1", 1)).to_have_attribute("data-card", "9C")
    want = replay(EH, "t3-t1")
    t.expect_counts(want["score"], want["moves"])
    expect(t.announce).to_have_text(
        "Nine of Clubs to column 1. King of Clubs turned face up. 5 points.")
    t.kb_goto("t9")
    t.key("d")                               # 2S: nowhere to go, said at once (no tap timing)
    expect(t.refusal).to_contain_text("nowhere to go")
    expect(t.announce).to_have_text(t.refusal.inner_text())
    assert t.pointer_events() == 0


# ---- what a screen reader gets -------------------------------------------------------


def test_accessible_names(harness):
    t = harness(EH)
    on_table(t)
    expect(t.pile("s")).to_have_attribute("aria-label", "Stock, 59 cards, passes: 0")
    expect(t.pile("t5")).to_have_attribute("aria-label", "Column 5, 5 cards, 4 face down")
    expect(t.pile("t1")).to_have_attribute("aria-label", "Column 1, 1 card")
    expect(t.pile("f1")).to_have_attribute("aria-label", "Foundation 1 for Spades, empty")
    expect(t.card("t5", 4)).to_have_attribute("aria-label", "Seven of Spades")
    t.kb_goto("t7")
    t.key("f")                               # QH: no foundation yet → a refusal
    t.kb_move("t7", 6, "t4")
    t.kb_goto("t7", 5)
    t.key("f")
    expect(t.pile("f5")).to_have_attribute("aria-label", "Foundation 5 for Diamonds, up to Ace")
    t.key("s")
    expect(t.pile("w")).to_have_attribute("aria-label", "Waste, 1 card, top: Eight of Spades")
    # The focused card is described by its pile; face-down cards are out of the tree.
    t.kb_goto("t4", 4)
    expect(t.card("t4", 4)).to_have_attribute("aria-describedby", "pile-t4")
    expect(t.page.get_by_role("img", name="Queen of Hearts")).to_be_focused()
    expect(t.card("t4", 0)).to_have_attribute("aria-hidden", "true")
    expect(t.page.get_by_role("group", name="Column 4, 5 cards, 3 face down")).to_have_count(1)


@pytest.mark.rule("APP-03")
def test_refusal_without_interactive_rules_still_heard(harness):
    api = Api(EH)
    api.settings({"interactive_rules": False})
    t = harness(EH, api=api)
    on_table(t)
    t.kb_move("t5", 4, "t1")
    expect(t.announce).to_have_text("Not allowed.")
    expect(t.refusal).to_be_hidden()


def _load_won_games():
    spec = importlib.util.spec_from_file_location("won_games", ROOT / "tests" / "test_won_games.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _set_up(api: Api, moves: str) -> None:
    """Play ``moves`` on the Api before the page opens (the position, not the test)."""
    for m in moves.split():
        if m == "s":
            assert api.stock()["ok"]
            continue
        src, dst = m.split("-")
        count = 1
        if ":" in src:
            src, n = src.split(":")
            count = int(n)
        pile = next(p for p in api.state()["state"]["piles"] if p["id"] == src)
        answer = api.play({"from": src, "index": len(pile["cards"]) - count, "to": dst})
        assert answer["ok"], (m, answer)


@pytest.mark.rule("SH-10")
def test_win_is_announced_and_focus_returns(harness):
    won = _load_won_games()
    words = won.SEAHAVEN_MOVES.split()
    api = Api(won.SEAHAVEN_CODE)
    _set_up(api, " ".join(words[:-1]))
    assert words[-1] == "t1-f2"
    t = harness(won.SEAHAVEN_CODE, api=api)
    t.watch_pointer()
    on_table(t)
    t.kb_goto("t1")
    t.key("f")                               # the last card: K♥ to its foundation
    want = replay(won.SEAHAVEN_CODE, won.SEAHAVEN_MOVES)
    expect(t.announce).to_contain_text(
        f"You won! Score {want['score']}, {want['moves']} moves.")
    dialog = t.page.get_by_test_id("dialog-win")
    expect(dialog).to_be_visible()
    expect(t.page.get_by_test_id("win-new")).to_be_focused()
    t.page.keyboard.press("Escape")          # the dialog closes; the focus is back on the table
    expect(dialog).to_be_hidden()
    expect(t.page.locator("#table :focus")).to_have_count(1)
    assert t.focused()[0] == "t1"
    assert t.pointer_events() == 0


# ---- dialogs, help, settings ---------------------------------------------------------


def test_dialog_traps_focus_and_gives_it_back(harness):
    t = harness(EH)
    on_table(t)
    t.kb_goto("t3")
    t.key("F1")                              # Help from the table
    help_dlg = t.page.get_by_test_id("dialog-help")
    expect(help_dlg).to_be_visible()
    for _ in range(8):                       # Tab and Shift+Tab never leave the dialog
        t.page.keyboard.press("Tab")
        assert t.page.evaluate("() => Boolean(document.activeElement.closest('#dlg-help'))")
    for _ in range(8):
        t.page.keyboard.press("Shift+Tab")
        assert t.page.evaluate("() => Boolean(document.activeElement.closest('#dlg-help'))")
    t.page.keyboard.press("Escape")
    expect(help_dlg).to_be_hidden()
    expect(t.card("t3", 2)).to_be_focused()  # where it was

    settings = t.page.get_by_test_id("btn-settings")
    settings.focus()
    t.page.keyboard.press("Enter")
    dlg = t.page.get_by_test_id("dialog-settings")
    expect(dlg).to_be_visible()
    for _ in range(12):
        t.page.keyboard.press("Tab")
        assert t.page.evaluate("() => Boolean(document.activeElement.closest('#dlg-settings'))")
    t.page.keyboard.press("Escape")
    expect(settings).to_be_focused()


def test_large_cards_setting_goes_through_python(harness):
    t = harness(EH)
    t.watch_pointer()
    width = t.card("t1", 0).bounding_box()["width"]
    t.page.get_by_test_id("btn-settings").focus()
    t.page.keyboard.press("Enter")
    box = t.page.get_by_test_id("set-large")
    box.focus()
    t.page.keyboard.press("Space")           # settings({large_cards: true})
    expect(t.page.locator("body.large-cards")).to_have_count(1)
    assert t.api.state()["state"]["settings"]["large_cards"] is True
    t.page.keyboard.press("Escape")
    assert t.card("t1", 0).bounding_box()["width"] >= width
    assert t.pointer_events() == 0


def test_shortcuts_listed_in_help_and_about(harness):
    t = harness(EH)
    t.page.get_by_test_id("btn-about").focus()
    t.page.keyboard.press("Enter")
    keys = t.page.get_by_test_id("about-keys").locator("kbd")
    expect(keys.first).to_be_visible()
    about = keys.all_inner_texts()
    for k in ("Enter", "F", "D", "S", "Ctrl+Z", "F1"):
        assert k in about, (k, about)
    t.page.keyboard.press("Escape")
    t.page.keyboard.press("F1")
    tab = t.page.get_by_test_id("tab-keys")
    tab.focus()
    t.page.keyboard.press("Enter")
    keys = t.page.get_by_test_id("help-keys").locator("kbd")
    expect(keys.first).to_be_visible()
    listed = keys.all_inner_texts()
    for k in ("Tab", "Shift+Tab", "Enter", "Space", "Escape", "F", ".", "D", "S", "Ctrl+Z"):
        assert k in listed, (k, listed)
    # one list in both places (issue 42: About lacked Redo, H, Ctrl+N, Ctrl+V and T)
    for k in ("Ctrl+Y", "Ctrl+Shift+Z", "H", "Ctrl+N", "Ctrl+V", "T"):
        assert k in about, (k, about)
    assert about == listed


# ---- axe-core -------------------------------------------------------------------------


def axe_problems(page) -> list[str]:
    """Serious and critical axe-core violations on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    # Let the dialogs' fade-in (and any other finite animation) end first: axe reads
    # the colours as drawn, and a half-faded button fails the contrast check.
    page.evaluate("""() => Promise.all(document.getAnimations()
        .filter(a => a.effect && a.effect.getTiming().iterations !== Infinity)
        .map(a => a.finished.catch(() => null)))""")
    results = Axe().run(page)
    return [f"{v['impact']} {v['id']}: {v['help']} {[n['target'] for n in v['nodes']][:5]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def _scan_all(t, size: str) -> dict[str, list[str]]:
    page = t.page
    found: dict[str, list[str]] = {}

    def scan(name: str) -> None:
        found[f"{size} {name}"] = axe_problems(page)

    on_table(t)
    scan("table")
    t.kb_goto("t3")
    t.key("Enter")                           # holding a card: targets lit, frame dashed
    scan("table holding")
    t.key("Escape")
    for button, dialog in [("btn-new", "dialog-new"), ("btn-settings", "dialog-settings"),
                           ("btn-about", "dialog-about")]:
        page.get_by_test_id(button).focus()
        page.keyboard.press("Enter")
        expect(page.get_by_test_id(dialog)).to_be_visible()
        scan(dialog)
        page.keyboard.press("Escape")
        expect(page.get_by_test_id(dialog)).to_be_hidden()
    page.get_by_test_id("btn-help").focus()
    page.keyboard.press("Enter")
    tabs = page.locator('#dlg-help [role="tab"]')
    expect(tabs.first).to_be_visible()
    for i in range(tabs.count()):
        tabs.nth(i).focus()
        page.keyboard.press("Enter")
        expect(tabs.nth(i)).to_have_attribute("aria-selected", "true")
        scan(f"help {tabs.nth(i).get_attribute('data-tab')}")
    page.keyboard.press("Escape")
    return found


@pytest.mark.parametrize("size", ["100%", "200%"])
def test_axe_table_dialogs_and_help(harness, size):
    t = harness(EH)
    if size == "200%":                       # the CSS viewport of 1280 × 720 at 200 % zoom
        t.page.set_viewport_size({"width": 640, "height": 360})
    found = _scan_all(t, size)
    # A game in progress: the confirm dialog of a new deal, then Seahaven's table.
    t.kb_move("t3", 2, "t1")
    t.page.get_by_test_id("btn-new").focus()
    t.page.keyboard.press("Enter")
    t.page.get_by_test_id("code-input").focus()
    t.page.keyboard.type(SH)
    t.page.keyboard.press("Enter")
    expect(t.page.get_by_test_id("dialog-confirm")).to_be_visible()
    found[f"{size} dialog-confirm"] = axe_problems(t.page)
    t.page.keyboard.press("Enter")           # the focus is on "Start the new game"
    expect(t.code).to_have_text(SH)
    found[f"{size} seahaven table"] = axe_problems(t.page)
    assert not {k: v for k, v in found.items() if v}, found


def test_axe_win_dialog(harness):
    won = _load_won_games()
    words = won.SEAHAVEN_MOVES.split()
    api = Api(won.SEAHAVEN_CODE)
    _set_up(api, " ".join(words[:-1]))
    t = harness(won.SEAHAVEN_CODE, api=api)
    on_table(t)
    t.kb_goto("t1")
    t.key("f")
    expect(t.page.get_by_test_id("dialog-win")).to_be_visible()
    assert axe_problems(t.page) == []
