"""FreeCell through the real page (harness): Microsoft's deal 617 laid out as the published
algorithm deals it, a drag, a run moved as one group, a refusal, its Help page and New game
entry from the catalogue, and a game played to a win."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import expect

from harptowers.api import Api
from harptowers.engine import new_game
from harptowers.engine.solvers import solve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from test_freecell_play import ms_layout  # noqa: E402

FC617 = "FC1-S-AAAAATJ"


def set_up(api: Api, moves: list[str]) -> None:
    """Play ``moves`` on the Api before the page opens (the position, not the test)."""
    for m in moves:
        src, dst = m.split("-")
        count = 1
        if ":" in src:
            src, n = src.split(":")
            count = int(n)
        pile = next(p for p in api.state()["state"]["piles"] if p["id"] == src)
        answer = api.play({"from": src, "index": len(pile["cards"]) - count, "to": dst})
        assert answer["ok"], (m, answer)


def solution_617() -> list[str]:
    res = solve(new_game(FC617), limit_seconds=60)
    assert res.verdict == "winnable"
    return res.solution_text().split()


@pytest.mark.rule("FC-01", "FC-02")
def test_deal_617_is_microsofts_and_the_page_lists_freecell(harness):
    t = harness(FC617)
    expect(t.code).to_have_text(FC617)
    for i, column in enumerate(ms_layout(617)):
        assert t.pile_texts(f"t{i + 1}") == column
    for c in range(1, 5):
        expect(t.cards(f"c{c}")).to_have_count(0)
    t.page.get_by_test_id("btn-help").click()
    tab = t.page.get_by_test_id("tab-rules-fc")
    expect(tab).to_have_text("FreeCell rules")
    expect(tab).to_have_attribute("aria-selected", "true")      # the game being played
    expect(t.page.get_by_test_id("help-rules-fc")).to_contain_text("Microsoft FreeCell")
    t.page.keyboard.press("Escape")
    t.page.get_by_test_id("btn-new").click()
    dlg = t.page.get_by_test_id("dialog-new")
    expect(dlg.locator('input[name="game"][value="freecell"]')).to_be_checked()
    expect(dlg.get_by_text("FreeCell", exact=True)).to_be_visible()


@pytest.mark.rule("FC-04", "FC-09")
def test_a_run_moves_as_one_group_and_a_wrong_colour_is_refused(harness):
    line = solution_617()
    first_run = next(i for i, m in enumerate(line) if ":" in m.split("-")[0])
    api = Api(FC617)
    set_up(api, line[:first_run])
    t = harness(FC617, api=api)
    src, dst = line[first_run].split("-")
    src, n = src[:src.index(":")], int(src[src.index(":") + 1:])
    before_src, before_dst = t.pile_texts(src), t.pile_texts(dst)
    t.drag(src, len(before_src) - n, dst)
    expect(t.cards(dst)).to_have_count(len(before_dst) + n)
    assert t.pile_texts(dst) == before_dst + before_src[-n:]
    assert t.api._game.moves == first_run + 1 and len(t.api._game.history) == first_run + 1
    # a card onto one of its own colour: refused, it flies back
    g = t.api._game
    pairs = [(i, j) for i, a in enumerate(g.columns) for j, b in enumerate(g.columns)
             if i != j and a and b and a[-1].red == b[-1].red]
    i, j = pairs[0]
    t.drag(f"t{i + 1}", len(g.columns[i]) - 1, f"t{j + 1}")
    expect(t.refusal).to_be_visible()
    expect(t.refusal).to_contain_text("other colour")
    assert t.api._game.moves == first_run + 1


@pytest.mark.rule("FC-10")
def test_a_freecell_game_played_to_a_win(harness):
    line = solution_617()
    api = Api(FC617)
    set_up(api, line[:-1])
    t = harness(FC617, api=api)
    last = line[-1].split("-")[0]
    t.tap(last, len(t.pile_texts(last)) - 1)        # the last card to its foundation
    t.page.get_by_test_id("celebration").click()    # skip the cascade
    expect(t.page.get_by_test_id("dialog-win")).to_be_visible()
    assert t.api._game.won


@pytest.mark.rule("FC-08", "FC-07")
def test_the_freecell_example_refuses_the_run_into_the_empty_column(harness):
    from e2e.test_examples import CATALOGUE, card_text, english, open_example
    t = harness("EH1-N-AAAAAAF")
    key, total = open_example(t, "freecell", watch=False)
    src, j, count, empty = f"t{key['column'] + 1}", key["index"], key["count"], f"t{key['to'] + 1}"
    run = t.pile_texts(src)[j:]
    assert len(run) == count == 3
    words = english(CATALOGUE["example"]["fc_try"], free_cells=1, limit=2, limit_occupied=4,
                    count=count, cards=" ".join(map(card_text, run)),
                    **{"from": key["column"] + 1}, to=key["to"] + 1)
    expect(t.page.get_by_test_id("example-text")).to_contain_text(words)
    t.drag(src, j, empty)                         # into the empty column: only 2 may go
    template = CATALOGUE["refusal"]["FC-08"]["to-empty"]
    expect(t.refusal).to_have_text(english(template, count=count, free_cells=1, empty_columns=1,
                                           limit=2, limit_occupied=4))
    assert t.pile_texts(src)[j:] == run
    expect(t.cards(empty)).to_have_count(0)
    expect(t.moves).to_have_text(str(total))
    t.drag(src, j + 1, empty)                     # two of them may go
    expect(t.moves).to_have_text(str(total + 1))
    assert t.pile_texts(empty) == run[1:]
