"""The hints followed on sampled layouts (hints/follow.py, issue 39): a layout keeps every card
the player sees at the start and deals the rest again; a row of the batch comes out the same
on another run (node budgets, no time limit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harptowers.engine import new_game
from harptowers.hints import follow, search

def cards(g) -> list[str]:
    return sorted(c.text for c in [*g.stock, *(c for col in g.columns for c in col)])


ROWS = Path(__file__).resolve().parents[1] / "tools" / "results" / "difficulty"


@pytest.mark.parametrize("code", ["KL1-D1-AAAAAAF", "EH1-N-AAAAAAF"])
def test_a_layout_is_the_deal_as_seen_with_the_hidden_cards_dealt_again(code):
    real = new_game(code)
    seen = search.position(real)
    layouts = [follow.layout(code, k) for k in range(3)]
    for g in layouts:
        assert search.position(g) == seen                 # what the player sees: the same
        assert cards(g) == cards(real)                    # the same cards in all
    hidden = [[c.text for c in g.stock] for g in layouts]
    assert hidden[0] != hidden[1] != hidden[2]            # the unseen cards dealt otherwise
    assert [c.text for c in follow.layout(code, 1).stock] == hidden[1]   # from its seed


@pytest.mark.slow
def test_a_shipped_row_comes_out_the_same_again():
    row = json.loads((ROWS / "klondike-D1.jsonl").read_text().splitlines()[0])
    again = follow.layout_share("klondike", "D1", row["deal"], row["layouts"])
    assert (again["won"], again["hints"], again["ends"]) == (row["won"], row["hints"], row["ends"])
