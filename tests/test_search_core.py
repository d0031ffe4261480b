"""Easy Harp's searches compiled (``engine/solvers/csearch``, issue 15): each must find exactly
what its Python original finds: the greedy search (``harp_greedy.GreedySearch.run_bfs``: the
same line, count of positions and best score) and the complete best-first and depth-first
searches (``easy_harp.HarpSearch.run_bfs`` / ``run_dfs``: the same win and count), on
positions sampled as the hints sample them, early and late in a deal, with budgets from a
few hundred positions to a win."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from harptowers.hints import search as hints
from harptowers.engine import new_game, parse_move
from harptowers.engine.solvers import harp_greedy
from harptowers.engine.solvers.easy_harp import HarpSearch, complete_run, position_of
from harptowers.engine.solvers.harp_greedy import GreedySearch


MIDGAME = json.loads((Path(__file__).parent / "positions" / "easy-harp-midgame.json")
                     .read_text())


def _states():
    """After the first pass through the stock, each deal with its face-down cards dealt at
    random (as the hints do), then the Aces home (the searches start from there)."""
    for code, seed in (("EH1-N-AAAAAAB", 1), ("EH1-N-AAAAAAD", 2), ("EH1-N-AAAAAAM", 3)):
        g = new_game(code)
        for _ in range(len(g.stock) + 1):
            g.play(parse_move("s"))
        yield code, _sampled(hints.position(g), seed)
    for seed in range(3):  # late: 46 home, 13 face down (where the hints left a game)
        yield "midgame", _sampled(MIDGAME, seed)


def _sampled(pos: dict, seed: int) -> tuple:
    cards = hints.unseen(pos)
    random.Random(seed).shuffle(cards)
    p = position_of(hints.build(pos, cards))
    p.auto()
    return p.copy_state()


def test_the_compiled_search_is_built():
    # setup.py builds it with the package (tools/setup.sh); without it the hints weigh fewer
    # samples (hint_ways.SLOW), so a missing build is a failure here, not a quiet fallback
    assert harp_greedy.compiled_searches() is not None


@pytest.mark.slow
@pytest.mark.parametrize("weights", GreedySearch.WEIGHTS)
def test_the_compiled_search_finds_what_the_python_search_finds(weights):
    wins = 0
    for code, state in _states():
        for budget in (300, 4_000, 25_000):
            c = harp_greedy.run(state, weights, budget)
            py = harp_greedy.run(state, weights, budget, compiled=False)
            assert c == py, (code, budget)
            wins += c[0]
    assert wins >= 1                                     # a win is compared too, not only lines


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["best_first", "depth_first"])
def test_the_compiled_complete_searches_find_what_the_python_searches_find(kind):
    wins = 0
    for code, state in _states():
        for weights in HarpSearch.WEIGHTS[:2] if kind == "best_first" else [()]:
            for budget in (300, 5_000, 20_000):
                c = complete_run(state, kind, budget, weights=weights or HarpSearch.WEIGHTS[0])
                py = complete_run(state, kind, budget, compiled=False,
                                  weights=weights or HarpSearch.WEIGHTS[0])
                assert (c[0], c[2]) == (py[0], py[2]), (code, budget)
                assert (c[1] and [tuple(m) for m in c[1]]) == (py[1] and list(py[1]))
                wins += c[0]
    assert wins >= 2


def test_the_three_compiled_searches_agree_on_a_few_quick_runs():
    """The quick loop's share of the two tests above (those are marked slow)."""
    (_, early), (_, late) = list(_states())[0], list(_states())[-1]
    w = GreedySearch.WEIGHTS[0]
    for state in (early, late):
        for budget in (300, 3_000):
            assert harp_greedy.run(state, w, budget) == \
                harp_greedy.run(state, w, budget, compiled=False)
            for kind in ("best_first", "depth_first"):
                c, py = complete_run(state, kind, budget), \
                    complete_run(state, kind, budget, compiled=False)
                assert (c[0], c[2]) == (py[0], py[2])
                assert (c[1] and [tuple(m) for m in c[1]]) == (py[1] and list(py[1]))


def test_bad_input_is_refused_with_a_message():
    core = harp_greedy.compiled_searches()
    assert core is not None
    _, state = next(_states())
    cols, down, pool, found, home = state
    w = GreedySearch.WEIGHTS[0]
    with pytest.raises(ValueError, match="9 columns expected"):
        core.greedy((cols[:8], down, pool, found, home), w, 10)
    with pytest.raises(ValueError, match="pool: 64 values expected"):
        core.greedy((cols, down, pool[:10], found, home), w, 10)
    with pytest.raises(ValueError, match="column 0: 0 is not a card"):
        core.greedy(((bytes([0]) + cols[0][1:],) + cols[1:], down, pool, found, home), w, 10)
    with pytest.raises(ValueError, match="103 cards: a position holds 104"):
        core.depth_first((cols, down, pool, found, home - 1), 10)
    with pytest.raises(ValueError, match="weights: 5 values expected"):
        core.best_first(state, w, 10)


@pytest.mark.parametrize("bad, error", [
    (None, TypeError),
    ([1, 2, 3, 4, 5], TypeError),
    ("state", TypeError),
])
def test_a_state_that_is_not_a_tuple_of_five_is_a_type_error(bad, error):
    core = harp_greedy.compiled_searches()
    with pytest.raises(error, match="state: a tuple"):  # was SystemError for None
        core.depth_first(bad, 10)


@pytest.mark.parametrize("home", [2 ** 31 - 1, 2 ** 31 - 2, 2 ** 63, -1, 105])
def test_a_home_out_of_range_is_refused_before_any_sum(home):
    # UBSan found a signed overflow in the sum of the cards for a home near INT_MAX
    core = harp_greedy.compiled_searches()
    _, (cols, down, pool, found, _home) = next(_states())
    for call in (lambda s: core.depth_first(s, 10),
                 lambda s: core.greedy(s, GreedySearch.WEIGHTS[0], 10)):
        with pytest.raises(ValueError, match="home: .* is out of range"):
            call((cols, down, pool, found, home))
    with pytest.raises(TypeError, match="home: an int expected"):
        core.depth_first((cols, down, pool, found, 1.0), 10)


def test_the_foundations_and_the_copies_of_each_card_must_add_up():
    core = harp_greedy.compiled_searches()
    _, (cols, down, pool, found, home) = next(_states())
    assert home >= 1
    f = list(found)
    k = next(i for i, x in enumerate(f) if x)  # an Ace is home
    f[k] -= 1
    with pytest.raises(ValueError):
        core.depth_first((cols, down, pool, tuple(f), home), 10)
    # a column card turned into another card: one face has 3 copies, another 1
    i = next(i for i, c in enumerate(cols) if len(c) >= 2)
    c = bytearray(cols[i])
    c[0] = c[1]
    if c[0] == cols[i][0]:
        pytest.skip("the two bottom cards are the same face")
    twisted = cols[:i] + (bytes(c),) + cols[i + 1:]
    with pytest.raises(ValueError, match="copies"):
        core.depth_first((twisted, down, pool, found, home), 10)
