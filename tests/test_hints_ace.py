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


def test_after_the_first_pass_a_draw_three_stock_is_searched_not_tapped_for_ever():
    """A tap drawing three shows only every third stock card, so the stock is never "seen"
    as a draw-one stock is; the hints went on hinting the stock tap for the first pass for
    ever (every Klondike draw-three game followed by the hints went round the stock)."""
    g = new_game("KL1-D3-AAAAAAC")

    def aces_home():   # an Ace in sight is hinted before anything else: out of the way
        while (ace := hints.ace_home(g)) is not None:
            g.play(ace)

    while g.passes == 0:
        aces_home()
        g.play(parse_move("s"))
    aces_home()
    pos = hints.position(g)
    assert pos["seen_stock"] is None and pos["stock"] > 0
    after = hints.solve_position(pos, seconds=1.0)
    assert not after.get("first_pass"), after
    assert after["verdict"] in ("winnable", "guess", "unknown", "lost"), after
