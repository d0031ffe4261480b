"""The compiled Easy Harp searches against their Python originals, the oracle (issue 39):
each search as the portfolio runs it (``harp_core``: the greedy search kept and resumed, the
complete best-first and depth-first searches; fixed weights, and random weights with random
tie-breaks drawn from the same ``random.Random``), on positions from random play of real
deals, early and late (``harp_positions``), with budgets from none to thousands of positions
and an overall node limit now and then. Each must give the same line, count of positions,
end (won, budget spent, every position seen, limit) and random state after. The whole
portfolio (``HarpSearch.run``) must give the same verdict, solution and count.

The quick run takes a few dozen positions; the ``slow`` one 1 000 per search."""

from __future__ import annotations

import random
import time
from collections import Counter

import pytest
from harp_positions import positions, stuck

from harptowers.engine import new_game
from harptowers.engine.codes import format_code
from harptowers.engine.solvers import harp_core
from harptowers.engine.solvers.base import Budgeted, Limit
from harptowers.engine.solvers.easy_harp import HarpSearch, position_of
from harptowers.engine.solvers.harp_greedy import GreedySearch
from harptowers.engine.solvers.harp_position import HarpPosition

BUDGETS = (0, 1, 10, 100, 500, 1_000, 3_000)
QUICK_BUDGETS = (0, 1, 10, 100, 400, 1_500)


class Limits(Budgeted):
    def __init__(self, max_nodes: int | None) -> None:
        self._limits(None, max_nodes)


def _random_weights(rng: random.Random, n: int) -> tuple[int, ...]:
    w = tuple(rng.randint(1, 8) for _ in range(n))  # as HarpSearch.restarts draws them
    return w + (rng.randint(0, 1),) if n == 6 else w


def greedy(state, weights, seed, budgets, cap, compiled: bool) -> list:
    """The greedy search run for each of ``budgets`` in turn (each call going on from the
    last): what each call returned, then the random state."""
    lim = Limits(cap)
    g = harp_core.Greedy(lim, state) if compiled else GreedySearch(lim, state)
    g.H = weights
    g.jitter = None if seed is None else random.Random(seed)
    out: list = []
    for b in budgets:
        try:
            sol, nodes = g.run_bfs(b)
        except Limit:
            out.append(("limit", lim.nodes))
            break
        out.append(("won" if sol else "round", sol, nodes))
        if sol is not None:
            break
    return out + [g.jitter and g.jitter.getstate()]


def complete(kind: str, state, weights, seed, budget, cap, compiled: bool) -> tuple:
    search = HarpSearch(HarpPosition(*state[:4]), None, cap)
    if not compiled:
        search.core = None
    assert search._compiled() == compiled
    search.H = weights
    search.jitter = None if seed is None else random.Random(seed)
    try:
        sol, nodes, done = search.run_bfs(budget) if kind == "best_first" else \
            search.run_dfs(budget)
        end = "won" if sol else "done" if done else "round"
        r: tuple = (end, sol, nodes)
    except Limit:
        r = ("limit", None, search.nodes)
    return r + (search.jitter and search.jitter.getstate(),)


def compare(count: int, seed: int, budgets: tuple[int, ...]) -> Counter:
    """Every search on ``count`` positions, C and Python; returns how each ended, per
    search."""
    assert harp_core.CORE is not None
    rng = random.Random(seed)
    ends: Counter = Counter()
    for label, state in positions(count, seed):
        budget = rng.choice(budgets)
        cap = rng.choice([None, None, None, rng.randint(0, max(budget, 1))])
        for name, weights, jit in (("greedy", GreedySearch.WEIGHTS[rng.randrange(6)], None),
                                   ("greedy jitter", _random_weights(rng, 6), rng.random()),
                                   ("best_first", HarpSearch.WEIGHTS[rng.randrange(4)], None),
                                   ("best_first jitter", _random_weights(rng, 5), rng.random()),
                                   ("depth_first", (), None)):
            if name.startswith("greedy"):
                parts = rng.choice([[budget], [budget // 3, budget // 3, budget],
                                    [0, budget // 2, budget]])
                c = greedy(state, weights, jit, parts, cap, True)
                py = greedy(state, weights, jit, parts, cap, False)
                end = c[-2][0]
            else:
                kind = name.split()[0]
                c = complete(kind, state, weights, jit, budget, cap, True)
                py = complete(kind, state, weights, jit, budget, cap, False)
                end = c[0]
            assert c == py, (name, label, budget, cap, weights)
            ends[name, end] += 1
    return ends


def test_the_core_finds_what_the_oracle_finds_quick():
    ends = compare(24, 1, QUICK_BUDGETS)
    assert sum(ends.values()) == 24 * 5
    for name in ("greedy", "best_first", "depth_first"):  # not only budgets spent
        assert sum(n for (s, e), n in ends.items() if s == name and e != "round") >= 2, ends


@pytest.mark.slow
def test_the_core_finds_what_the_oracle_finds_on_1000_positions_per_search():
    ends = compare(1_000, 2, BUDGETS)
    print(sorted(ends.items()))  # how the searches ended (pytest -rP shows it)
    per: Counter = Counter()
    for (name, _), n in ends.items():
        per[name] += n
    assert all(per[n] == 1_000 for n in ("greedy", "greedy jitter", "best_first",
                                         "best_first jitter", "depth_first")), per
    for name in per:  # every way of ending is compared, for every search
        assert ends[name, "won"] >= 10 and ends[name, "limit"] >= 10, ends
        assert ends[name, "round"] >= 100, ends
    # no position of a real deal played at random ran out of positions: that end is
    # compared on positions made for it (next test)


def test_the_core_ends_as_the_oracle_does_where_every_position_is_seen():
    rng = random.Random(3)
    for seed in range(30):
        state = stuck(seed)
        for kind, weights, jit in (("best_first", HarpSearch.WEIGHTS[0], None),
                                   ("best_first", _random_weights(rng, 5), rng.random()),
                                   ("depth_first", (), None)):
            c = complete(kind, state, weights, jit, 10_000, None, True)
            assert c == complete(kind, state, weights, jit, 10_000, None, False)
            assert c[0] == "done" and c[2] >= 1, (seed, kind)


def portfolio(deal: int, max_nodes: int, compiled: bool) -> tuple:
    search = HarpSearch(position_of(new_game(format_code("easy-harp", "N", deal))), None,
                        max_nodes)
    if not compiled:
        search.core = None
    verdict, sol = search.run()
    return verdict, sol, search.nodes, search.attempt


def test_the_portfolio_decides_as_the_oracle_does():
    """Deal 5 for 120 000 positions: round 0 and into round 1 (the kept greedy searches go
    on, then restarts with random weights and tie-breaks)."""
    c = portfolio(5, 120_000, True)
    assert c == portfolio(5, 120_000, False)
    assert c[0] == "unknown" and c[2] == 120_002 and c[3] >= 2


@pytest.mark.slow
@pytest.mark.parametrize("deal", [2, 8, 14, 54])
def test_the_portfolio_decides_as_the_oracle_does_far_into_the_restarts(deal):
    c = portfolio(deal, 400_000, True)
    assert c == portfolio(deal, 400_000, False)
    assert c[3] >= 10 or c[0] == "winnable"


def test_the_core_keeps_to_the_seconds_and_the_watch():
    """Deal 14 (undecided at 60 s): stopped by the deadline soon after it, and by a ``watch`` that says stop, with the positions counted."""
    pos = position_of(new_game(format_code("easy-harp", "N", 14)))
    search = HarpSearch(pos, 0.3, None)
    t = time.perf_counter()
    assert search.run()[0] == "unknown"
    assert 0.3 <= time.perf_counter() - t < 1.0
    assert search.nodes > 100_000  # the core ran: the Python searches reach ~15 000 in 0.3 s
    calls = []
    search = HarpSearch(pos, None, None)
    search.watch = lambda: calls.append(1) or len(calls) > 3
    assert search.run()[0] == "unknown"
    assert len(calls) == 4 and search.nodes > 0


def test_a_bad_random_state_or_a_failing_watch_is_an_error():
    core = harp_core.CORE
    assert core is not None
    _, state = next(positions(1, 1))
    w = HarpSearch.WEIGHTS[0]
    with pytest.raises(TypeError, match="rng: a tuple of 625"):
        core.harp_best_first(state, w, 10, None, None, None, (1, 2))
    with pytest.raises(ValueError, match="rng: a value out of range"):
        core.harp_best_first(state, w, 10, None, None, None, (0,) * 624 + (625,))
    with pytest.raises(TypeError, match="watch"):
        core.harp_depth_first(state, 10, None, None, 5)

    def watch() -> bool:
        raise RuntimeError("the watch failed")

    with pytest.raises(RuntimeError, match="the watch failed"):  # asked after 256 positions
        core.harp_depth_first(state, 10_000, None, None, watch)
