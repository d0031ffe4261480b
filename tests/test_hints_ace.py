"""Hints: an Ace in sight goes home before any stock tap or search (issue 39)."""

from __future__ import annotations

import pytest

from harptowers.engine import new_game, parse_move
from harptowers.hints import search as hints
from harptowers.hints import service as hinting


@pytest.mark.parametrize("code", ["EH1-N-AAAAAAD", "KL1-D1-AAAAAAC"])
def test_an_ace_in_sight_is_hinted_home_before_any_stock_tap(code):
    """Issue 39: the first 59 hints of a deal were stock taps while an Ace lay face up and
    could go home. An Ace on a column's top or the waste's top goes home first."""
    g = new_game(code)
    tops = [i for i, (col, d) in enumerate(zip(g.columns, g.down)) if len(col) > d
            and col[-1].rank == 1]
    assert tops, "the deal shows an Ace"
    hint = hints.solve_position(hints.position(g))
    assert hint["solution"] == f"t{tops[0] + 1}-f" and not hint.get("first_pass")
    said, used = hinting.answer(g, hinting.HintCache().learn("x", g, hint))
    assert said["place"] == "foundation" and "guess" not in said and used
    g.play(parse_move(hint["solution"]))
    assert sum(len(f) for f in g.foundations) == 1


def test_an_ace_on_the_waste_is_hinted_home_during_the_first_pass():
    g = new_game("EH1-N-AAAAAAF")
    assert hints.ace_home(g) is None                  # no Ace on a column's top
    taps = 0
    while not (g.waste and g.waste[-1].rank == 1):
        assert hints.solve_position(hints.position(g))["solution"] == "s"
        g.play(parse_move("s"))
        taps += 1
    assert hints.solve_position(hints.position(g))["solution"] == "w-f", taps
