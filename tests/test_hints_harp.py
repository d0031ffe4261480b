"""Easy Harp hints with face-down cards (issue 15): in a dead end, where every sample of the
face-down cards is proven unwinnable, the hint says the game is lost from here instead of
"draw a card" again and again (which is what the hints did when they had led a game into a
dead end)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from harptowers.hints import search as hints
from harptowers.engine import new_game, parse_move
from harptowers.engine.solvers import UNWINNABLE, solve

# Where following the hints left EH1-N-AAAAAAD on one run (bench/hints_follow.py): 44 cards
# home, 11 face down, the stock seen. Nothing can free the Aces and Twos under the two long
# columns. (e2e/test_hints.py shows the page's answer to it.)
DEAD = json.loads((Path(__file__).parent / "positions" / "easy-harp-dead-end.json").read_text())


def test_a_dead_end_for_every_sample_says_lost_not_a_stock_tap(make_api):
    hidden = hints.unseen(DEAD)
    assert len(hidden) == 11 and sum(t is None for c in DEAD["columns"] for t in c) == 11
    for seed in range(3):  # dead whatever the hidden cards: deals other than the hints' own
        cards = list(hidden)
        random.Random(f"test:{seed}").shuffle(cards)
        assert solve(hints.build(DEAD, cards), limit_seconds=None,
                     max_nodes=50_000).verdict == UNWINNABLE
    r = hints.solve_position(DEAD, seconds=None)
    assert r["verdict"] == hints.LOST and r["solution"] is None and r["samples"] >= 1
    api = make_api("EH1-N-AAAAAAD")
    api._game = hints.build(DEAD, hidden)
    answer = api.hint()
    assert answer["ok"] and answer["hint"] == {"verdict": "lost"}


def test_a_position_with_a_way_on_is_never_said_lost():
    g = new_game("EH1-N-AAAAAAD")
    for _ in range(len(g.stock) + 1):  # one whole pass: the stock is seen
        g.play(parse_move("s"))
    pos = hints.position(g)
    assert pos["seen_stock"] is not None
    r = hints.solve_position(pos, seconds=None, samples=2, sample_nodes=2_000)
    assert r["verdict"] in (hints.GUESS, hints.WINNABLE) and r["solution"]



def test_no_sample_is_searched_past_the_hints_time_limit(monkeypatch):
    # each sample's search had only its node budget: one started just before the limit ran
    # to the end of its budget (hints of 5–6.5 s against a limit of 4 s were seen)
    calls = []

    def bounded(game, limit_seconds=None, max_nodes=None):
        calls.append((limit_seconds, max_nodes))
        assert limit_seconds is not None and limit_seconds <= 0.5
        return solve(game, limit_seconds=limit_seconds, max_nodes=max_nodes)

    monkeypatch.setattr(hints, "solve", bounded)
    # whatever the node budget, the search gets the time left, never more
    r = hints.solve_position(DEAD, seconds=0.5, samples=1, sample_nodes=10**9)
    assert calls and calls[0][1] == 10**9
    assert r["verdict"] in (hints.GUESS, hints.UNKNOWN, hints.LOST)
