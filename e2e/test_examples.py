"""The Examples page end to end (APP-04, APP-05): each example opens from the page, replays
its recorded moves up to the key position, and the rule it shows holds under real pointer
drags; the expected reminder text is built here from the English catalogue and the numbers of
the rule table (SH-08), not read from the page's own code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harptowers.engine import examples

CATALOGUE = json.loads((Path(__file__).resolve().parents[1] / "frontend/i18n/en.json").read_text())


def english(template: str, **params) -> str:
    """Fill ``{name}`` and ``{name:unit}`` the way the catalogue describes, English plurals."""
    def one(m: re.Match) -> str:
        name, unit = m.group(1), m.group(2)
        value = params[name]
        if not unit:
            return str(value)
        forms = CATALOGUE["units"][unit]
        return forms["one" if value == 1 else "other"].replace("{n}", str(value))
    return re.sub(r"\{(\w+)(?::(\w+))?\}", one, template)


SUITS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def card_text(code: str) -> str:
    return CATALOGUE["cards"]["rank_short"][code[0]] + SUITS[code[1]]


def english_list(items: list[str]) -> str:
    """English's long conjunction list: "a", "a and b", "a, b, and c"."""
    if len(items) < 3:
        return " and ".join(items)
    return ", ".join(items[:-1]) + ", and " + items[-1]


def easy_harp_words(key: dict, piles: dict[str, list[str]]) -> str:
    """The banner's words at the key position, from the catalogue and the table as it is."""
    ex = CATALOGUE["example"]
    col = piles[f"t{key['column'] + 1}"]
    run = col[key["index"]:]
    tops = {p: (cards[-1] if cards else None) for p, cards in piles.items()}
    steps = []
    for n, move in enumerate(key["apart"]):
        dst, card = move.split("-")[1], run[-1 - n]
        if dst.startswith("f"):
            steps.append(english(ex["eh_to_foundation"], card=card_text(card)))
        elif tops.get(dst) is None:
            steps.append(english(ex["eh_to_empty"], card=card_text(card), n=dst[1:]))
        else:
            steps.append(english(ex["eh_to_column"], card=card_text(card),
                                 onto=card_text(tops[dst]), n=dst[1:]))
        tops[dst] = card
    intro = english(ex["eh_try"], cards=" ".join(map(card_text, run)), **{"from": key["column"] + 1},
                    onto=card_text(piles[f"t{key['onto'] + 1}"][-1]),
                    to=key["onto"] + 1)
    return f"{intro} {english(ex['eh_apart'], steps=english_list(steps))} {ex['yours']}"


def open_example(t, name: str, watch: bool = True):
    """From the header, open the Examples page and start one; watch the replay (or skip it)
    up to the key position."""
    t.page.get_by_test_id("btn-help").click()
    t.page.get_by_test_id("open-examples").click()
    t.page.get_by_test_id(f"example-{name}").click()
    expect(t.page.get_by_test_id("example-banner")).to_be_visible()
    if not watch:
        t.page.get_by_test_id("example-skip").click()
    expect(t.page.locator('[data-testid="example-banner"][data-phase="key"]')).to_have_count(
        1, timeout=60_000)
    key = examples.load()[name]["key"]
    total = len(examples.load_plain()[name]["moves"].split())
    expect(t.moves).to_have_text(str(total))
    return key, total


def easy_harp_example(t, watch: bool = True) -> None:
    key, total = open_example(t, "easy-harp", watch)
    src, j, count, onto = f"t{key['column'] + 1}", key["index"], key["count"], f"t{key['onto'] + 1}"
    run = t.pile_texts(src)[j:]
    assert len(run) == count >= 3
    piles = {f"t{i}": t.pile_texts(f"t{i}") for i in range(1, 10)}
    expect(t.page.get_by_test_id("example-text")).to_have_text(easy_harp_words(key, piles))
    t.drag(src, j, onto)                          # the whole run: refused (EH-05)
    expect(t.refusal).to_have_text(english(CATALOGUE["refusal"]["EH-05"], count=count))
    expect(t.card(src, j)).to_have_attribute("data-card", run[0])
    assert t.pile_texts(src)[j:] == run           # every card back in its place
    expect(t.moves).to_have_text(str(total))
    for n, move in enumerate(key["apart"], 1):    # card by card, top card first
        dst = move.split("-")[1]
        t.drag(src, len(run) - n + j, dst)
        expect(t.moves).to_have_text(str(total + n))
    expect(t.top(onto)).to_have_attribute("data-card", run[0])


def seahaven_example(t, watch: bool = True) -> None:
    key, total = open_example(t, "seahaven", watch)
    src, j, count, empty = f"t{key['column'] + 1}", key["index"], key["count"], f"t{key['empty'] + 1}"
    assert 4 < count <= 8
    run = t.pile_texts(src)[j:]
    assert run[0][0] == "K"
    t.drag(src, j, empty)                         # into an empty column: only 4 may go
    template = CATALOGUE["refusal"]["SH-08"]["to-empty"]
    expect(t.refusal).to_have_text(english(template, count=count, free_cells=1, empty_columns=2,
                                           limit=4, limit_occupied=8))
    assert t.pile_texts(src)[j:] == run
    expect(t.cards(empty)).to_have_count(0)
    expect(t.moves).to_have_text(str(total))
    if key["also"]:                               # a run of 5 … 8 onto an occupied column
        m = re.fullmatch(r"t(\d+):(\d+)-(t\d+)", key["also"])
        also_src, n, dst = f"t{m.group(1)}", int(m.group(2)), m.group(3)
        t.drag(also_src, t.cards(also_src).count() - n, dst)
        expect(t.moves).to_have_text(str(total + 1))


@pytest.mark.rule("APP-04")
@pytest.mark.rule("EH-05")
@pytest.mark.rule("APP-10")
def test_easy_harp_example_in_the_harness(harness):
    easy_harp_example(harness("EH1-N-AAAAAAF"), watch=False)


@pytest.mark.rule("APP-05")
@pytest.mark.rule("SH-08")
@pytest.mark.rule("APP-03")
def test_seahaven_example_in_the_harness(harness):
    seahaven_example(harness("EH1-N-AAAAAAF"))


@pytest.mark.rule("APP-04")
@pytest.mark.rule("APP-05")
def test_both_examples_in_the_real_window(app):
    t = app("EH1-N-AAAAAAF")
    easy_harp_example(t)
    t.page.get_by_test_id("leave-example").click()
    expect(t.code).to_have_text("EH1-N-AAAAAAF")   # the player's game is back, untouched
    t.expect_counts(0, 0)
    seahaven_example(t)


def test_the_examples_have_teeth(harness, monkeypatch):
    """With the engine's EH-05 check, then its SH-08 limit, switched off, the example tests
    fail: they prove the rules, not the page."""
    from harptowers.engine.games import cells, easy_harp, seahaven

    real_check = easy_harp.EasyHarp.check

    def no_one_card_rule(self, m):
        if m.dst is not None and m.count > 1 and m.dst.kind == "t" and m.src.kind == "t":
            return m
        return real_check(self, m)

    with monkeypatch.context() as mp:
        mp.setattr(easy_harp.EasyHarp, "check", no_one_card_rule)
        with pytest.raises(AssertionError):
            easy_harp_example(harness("EH1-N-AAAAAAF"), watch=False)
    with monkeypatch.context() as mp:
        # the limit as the move check (cells.py) and the legal moves (seahaven.py) read it
        mp.setattr(cells, "group_limit", lambda free, empty: 52)
        mp.setattr(seahaven, "group_limit", lambda free, empty: 52)
        with pytest.raises(AssertionError):
            seahaven_example(harness("EH1-N-AAAAAAF"), watch=False)
