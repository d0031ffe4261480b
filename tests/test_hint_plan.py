"""Easy Harp hint lines (issue 15, hint_plan.shortcut): a solver's winning line may move a
card and move it straight back, or go once round the whole stock; followed as hints, that
reads as a move and its undoing, and the hints bench counted such a game as going round in
circles. The kept lines leave those detours out."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

from harptowers.hints import plan as hint_plan
from harptowers.engine.solvers import harp_ways
from harptowers.hints import search as hints
from harptowers.engine.notation import parse_move

# Where following the hints left EH1-N-AAAAAAL on one run (bench/hints_follow.py): 46 cards
# home, 13 face down, the stock seen (12 cards, 6 on the waste).
MIDGAME = json.loads((Path(__file__).parent / "positions" / "easy-harp-midgame.json")
                     .read_text())


def _game():
    return hints.build(MIDGAME, hints.unseen(MIDGAME))


def test_once_round_the_stock_is_no_move_at_all():
    g = _game()
    s = parse_move("s")
    assert (len(g.stock), len(g.waste)) == (12, 6)
    taps = 12 + 1 + 6              # the stock through, the redeal, the waste cards again
    assert hint_plan.shortcut(g, [s] * taps) == []
    assert hint_plan.shortcut(g, [s] * (taps + 1)) == [s]
    assert hint_plan.shortcut(g, [s] * (taps - 1)) == [s] * (taps - 1)


def test_a_card_moved_and_moved_back_is_left_out():
    g = _game()
    there, back = _there_and_back(g)
    home = parse_move("t2-f")
    assert hint_plan.shortcut(g, [there, back, home]) == [home]
    assert hint_plan.shortcut(g, [home, there, back]) == [home]
    assert hint_plan.shortcut(g, [home, there]) == [home, there]
    assert (len(g.stock), len(g.columns[1])) == (12, 5)        # g itself is not changed


def test_the_vote_and_the_kept_plan_skip_a_detour(monkeypatch):
    # a sample's win that starts by moving a card and moving it back: the hint is the move
    # after the detour, and the kept plan goes on from there (without the cut, the hint was
    # the detour's first half, and the next hint its undoing)
    g = _game()
    there, back = _there_and_back(g)
    home, loop = parse_move("t2-f"), [parse_move("s")] * 19
    win = [there, back, home] + loop
    monkeypatch.setattr(hints, "solve", lambda *a, **k: SimpleNamespace(
        verdict=hints.WINNABLE, solution=list(win)))
    monkeypatch.setattr(harp_ways, "weigh", lambda *a, **k: None)  # samples solved whole
    r = hints.solve_position(MIDGAME, seconds=5)
    assert (r["verdict"], r["solution"]) == (hints.WINNABLE, "t2-f")
    assert r["plan"]["steps"] == [[home]] and r["plan"]["won"]


def _there_and_back(g):
    """A column's top card onto another column, where nothing turns, and the move back."""
    return next((m, r) for m in g.legal_moves() if m.dst is not None
                and m.src.kind == m.dst.kind == "t"
                and len(g.columns[m.src.index]) - 1 > g.down[m.src.index]
                for r in [parse_move(f"{m.dst}-{m.src}")] if _legal_after(m, r))


def _legal_after(m, r) -> bool:
    t = _game()
    t.play(m)
    return any(str(x) == str(r) for x in t.legal_moves())
