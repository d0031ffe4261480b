"""Klondike's compiled search (``csearch/klondike.c``) against the Python search it replaced
(``klondike.solve_python``, the oracle): the same verdict on every position where the Python
search decides, every compiled win replayed to a win through the engine, hostile arguments
refused with a clear error. Positions: real deals of both variants played at random (early,
middle and late), where the Python search finishes within its node budget."""

from __future__ import annotations

import copy
import random

import pytest
from harptowers.engine import new_game
from harptowers.engine.codes import format_code
from harptowers.engine.solvers import UNKNOWN, UNWINNABLE, WINNABLE, klondike

pytestmark = pytest.mark.skipif(not klondike.has_core(), reason="no compiled core")


def played(variant: str, deal: int, steps: int, seed: int):
    """A real deal after ``steps`` random legal moves (foundation moves preferred)."""
    rng = random.Random(seed)
    g = new_game(format_code("klondike", variant, deal))
    for _ in range(steps):
        moves = g.legal_moves()
        if not moves or g.won:
            break
        home = [m for m in moves if m.dst is not None and m.dst.kind == "f"]
        g.play(rng.choice(home) if home and rng.random() < 0.6 else rng.choice(moves))
    return g


def replays(g, solution) -> bool:
    g = copy.deepcopy(g)
    for m in solution:
        g.play(m)
    return g.won


def positions(variant: str, count: int, seed: int):
    rng = random.Random(seed)
    for k in range(count):
        yield played(variant, rng.randrange(1, 100_000), rng.choice((0, 40, 120, 250, 400)),
                     seed * 1000 + k)


@pytest.mark.slow
@pytest.mark.rule("KL-10", "KL-11")
@pytest.mark.parametrize("variant", ["D1", "D3"])
def test_compiled_and_python_searches_agree_and_compiled_wins_replay(variant):
    counts = {WINNABLE: 0, UNWINNABLE: 0}
    for g in positions(variant, 40, 7 if variant == "D1" else 8):
        if g.won:
            continue
        c = klondike.solve_c(g, 20.0, None)
        assert c.verdict != UNKNOWN
        if c.verdict == WINNABLE:
            assert replays(g, c.solution)
        p = klondike.solve_python(g, None, 30_000)
        if p.verdict != UNKNOWN:
            assert p.verdict == c.verdict, g.code
            counts[p.verdict] += 1
    # both verdicts were compared, each more than a handful of times
    assert counts[WINNABLE] >= 8 and counts[UNWINNABLE] >= 4, counts


@pytest.mark.rule("KL-10")
@pytest.mark.parametrize("variant,deal,verdict",
                         [("D3", 12, UNWINNABLE), ("D3", 25, UNWINNABLE), ("D3", 1, WINNABLE),
                          ("D1", 6, WINNABLE)])
def test_whole_deals_decided(variant, deal, verdict):
    """Deals whose verdict the Python search also reaches (D3 12 and 25 within 60 s) or that
    replay (the wins)."""
    g = new_game(format_code("klondike", variant, deal))
    r = klondike.solve_c(g, 30.0, None)
    assert r.verdict == verdict
    if verdict == WINNABLE:
        assert replays(g, r.solution)


def test_solve_uses_the_compiled_search_and_limits_give_unknown(monkeypatch):
    def python_search(*args):
        raise AssertionError("the Python search ran")

    monkeypatch.setattr(klondike, "solve_python", python_search)
    g = new_game(format_code("klondike", "D3", 2))
    assert klondike.solve(g, None, 5000).verdict == UNKNOWN
    assert klondike.solve_c(g, None, 10_000, max_entries=100).verdict == UNKNOWN


def _args(variant: str = "D3"):
    return klondike.state_of(new_game(format_code("klondike", variant, 3)))


def hostile():
    cols, downs, deck, p, found, draw = _args()
    yield (cols[:6], downs, deck, p, found, draw)
    yield ((b"\x01" * 40,) + cols[1:], downs, deck, p, found, draw)
    yield (("x",) + cols[1:], downs, deck, p, found, draw)
    yield (cols, downs[:6], deck, p, found, draw)
    yield (cols, (7,) + downs[1:], deck, p, found, draw)      # more face down than cards
    yield (cols, (-1,) + downs[1:], deck, p, found, draw)
    yield (cols, (2 ** 70,) + downs[1:], deck, p, found, draw)
    yield (cols, ("1",) + downs[1:], deck, p, found, draw)
    yield (cols, downs, deck + deck, p, found, draw)
    yield (cols, downs, deck, 25, found, draw)
    yield (cols, downs, deck, -1, found, draw)
    yield (cols, downs, deck, p, (0, 0, 0, 14), draw)
    yield (cols, downs, deck, p, (1, 0, 0, 0), draw)          # the Ace twice
    yield (cols, downs, deck[1:], p, found, draw)             # a card missing
    yield (cols, downs, bytes([deck[0]]) + deck[1:-1] + b"\x3f", p, found, draw)
    yield (cols, downs, deck, p, found, 2)
    yield (cols[:6] + (cols[6][:-1] + bytes([cols[0][0]]),), downs, deck, p, found, draw)
    yield (cols, downs, None, p, found, draw)


@pytest.mark.parametrize("args", list(hostile()))
def test_bad_arguments_are_refused_with_a_clear_error(args):
    from harptowers.engine.solvers import _core

    with pytest.raises((TypeError, ValueError, OverflowError)):
        _core.klondike(*args, 1.0, 1000, 1000)


def test_bad_limits_are_refused():
    from harptowers.engine.solvers import _core

    for secs, nodes, entries in ((float("nan"), 1, 10), (1.0, 1, 0), (1.0, 1, 2 ** 40)):
        with pytest.raises((ValueError, OverflowError)):
            _core.klondike(*_args(), secs, nodes, entries)


def test_without_the_compiled_core_the_python_search_answers(monkeypatch):
    monkeypatch.setattr(klondike, "has_core", lambda: False)
    g = new_game(format_code("klondike", "D3", 12))
    assert klondike.solve(g, 30.0, None).verdict == UNWINNABLE   # the Python search's proof
