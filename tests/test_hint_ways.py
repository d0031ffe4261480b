"""Easy Harp hints weighed across samples of the hidden cards (issue 15, hint_ways.py): a way
on is the moves up to the next turned card, the same whatever the face-down cards are, and
the hint is the way that wins the most samples."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from harptowers.hints.service import HintCache
from harptowers.engine.solvers import harp_ways as hint_ways
from harptowers.hints import search as hints
from harptowers.engine import new_game, parse_move
from harptowers.engine.solvers.easy_harp import position_of
from harptowers.engine.solvers.harp_position import COL, HOME

# Where following the hints left EH1-N-AAAAAAL on one run: 46 cards home, 13 face down, the
# stock seen (tests/test_hint_plan.py uses it too).
MIDGAME = json.loads((Path(__file__).parent / "positions" / "easy-harp-midgame.json")
                     .read_text())
MIDGAME_HOME = sum(len(f) for f in MIDGAME["foundations"])  # 46


def _real(seed: int):
    """The position with its face-down cards dealt otherwise than any sample of the hints."""
    cards = hints.unseen(MIDGAME)
    random.Random(f"real:{seed}").shuffle(cards)
    return hints.build(MIDGAME, cards)


@pytest.fixture(autouse=True)
def fewer_samples(monkeypatch):
    """Quicker: 8 samples and 5 ways (the app weighs SAMPLES and MAX_WAYS)."""
    monkeypatch.setattr(hint_ways, "SAMPLES", 8)
    monkeypatch.setattr(hint_ways, "MAX_WAYS", 5)


@pytest.mark.rule("EH-08")
def test_a_way_on_plays_alike_whatever_the_hidden_cards_and_ends_where_a_card_turns():
    way = hint_ways.weigh(MIDGAME, hints.unseen(MIDGAME), hints.build, "test", None)
    assert way is not None and 1 <= way["won"] <= way["samples"] == hint_ways.SAMPLES
    moves = way["moves"]
    for seed in range(4):
        g = _real(seed)
        down = sum(g.down)
        for m in moves[:-1]:
            g.play(m)                           # the checked path: raises on an illegal move
            assert sum(g.down) == down          # nothing turns before the way's last move
        g.play(moves[-1])
        assert sum(g.down) == down - 1          # and that one turns a card: 12 face down


@pytest.mark.slow
def test_the_hint_is_the_ways_first_move_and_the_way_serves_the_next_hints():
    first = hints.solve_position(MIDGAME, seconds=None)
    way = hint_ways.weigh(MIDGAME, hints.unseen(MIDGAME), hints.build, hints.SEED, None)
    assert first["verdict"] == hints.WINNABLE and first["votes"] == way["won"]
    assert first["solution"] == str(way["moves"][0])
    g = _real(0)
    cache = HintCache()                          # the app's one cache keeps the way as plan
    cache.learn("attempt", g, first)
    for m in way["moves"][:-1]:                  # while no card turns, the plan answers
        g.play(m)
        nxt = cache.lookup("attempt", g)
        assert nxt is not None and str(nxt["move"]) in {str(x) for x in way["moves"]}


def test_a_way_that_turns_nothing_must_put_cards_home():
    g = _real(0)
    state = position_of(g).copy_state()
    nine_c = g.columns[7][-1]
    assert (nine_c.text, g.columns[0][-1].text, g.columns[1][-1].text) == ("9C", "TD", "4C")
    for text in ("t8-t1", "t1-t8", "t2-f"):     # legal, one after another (the checked path)
        g.play(parse_move(text))
    there = (COL, 7, 0, 1, nine_c.face)         # 9♣ onto t1's 10♦ and back: nothing gained
    back = (COL, 0, 7, 1, nine_c.face)
    home = (HOME, 1, -1, 1, g.foundations[7][-1].face)   # t2's 4♣ onto 3♣: one more home
    assert hint_ways._cut(state, [there, back]) == []
    assert hint_ways._cut(state, [there, back, home]) == [there, back, home]


def test_the_weighing_keeps_to_its_time_limit():
    import time
    t0 = time.perf_counter()
    way = hint_ways.weigh(MIDGAME, hints.unseen(MIDGAME), hints.build, "test", 0.05)
    spent = time.perf_counter() - t0
    assert spent < 1.0
    assert way is None or way["samples"] < hint_ways.SAMPLES


@pytest.mark.rule("EH-09")
def test_an_ace_that_can_go_home_is_the_hint_and_no_guess():
    """An Ace home can never spoil a win (docs/solver.md), so it needs no weighing and the page
    says it plainly, not as "no sure win found yet"."""
    g = new_game("EH1-N-AAAAAAB")
    for _ in range(len(g.stock) + 1):             # the first pass: the stock is seen
        g.play(parse_move("s"))
    cache = HintCache()                          # as the app asks: its cache, then the solver
    for _ in range(len(g.stock) + 1):
        r = cache.lookup("attempt", g)
        if r is None:
            found = hints.solve_position(hints.position(g), seconds=None)
            assert found["verdict"] == hints.WINNABLE and found.get("samples", 0) == 0
            r = cache.learn("attempt", g, found)
        assert "guess" not in r
        g.play(r["move"])
        if str(r["move"]) != "s":
            break
    assert str(r["move"]) == "w-f"
    assert [f[-1].text for f in g.foundations if f] == ["AS"]   # the waste's Ace went home


def test_without_the_compiled_searches_the_python_ones_weigh_fewer_samples(monkeypatch):
    from harptowers.engine.solvers import harp_greedy
    monkeypatch.setattr(harp_greedy, "_core", None)
    way = hint_ways.weigh(MIDGAME, hints.unseen(MIDGAME), hints.build, "test", None)
    assert way is not None and way["samples"] == hint_ways.SLOW[0]
    g = _real(1)
    down = sum(g.down)
    for m in way["moves"]:
        g.play(m)
    assert sum(g.down) == down - 1 or g.home > MIDGAME_HOME



def test_the_weighing_on_threads_gives_the_hint_of_one_thread(monkeypatch):
    """The samples are searched side by side and read in their order: the same way, wins and
    counts as one thread searching them one after another."""
    monkeypatch.setattr(hint_ways, "THREADS", 1)
    assert hint_ways.threads(True) == 1
    one = hint_ways.weigh(MIDGAME, hints.unseen(MIDGAME), hints.build, "test", None)
    monkeypatch.setattr(hint_ways, "THREADS", 4)
    monkeypatch.setattr(hint_ways.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    assert hint_ways.threads(True) == 3 and hint_ways.threads(False) == 1
    many = hint_ways.weigh(MIDGAME, hints.unseen(MIDGAME), hints.build, "test", None)
    assert [str(m) for m in many["moves"]] == [str(m) for m in one["moves"]]
    assert (many["won"], many["samples"], many["ways"]) == (one["won"], one["samples"], one["ways"])


def test_the_compiled_searches_let_go_of_the_gil_while_they_search():
    """Another thread runs while a search runs (the weighing's threads need it). With a switch
    interval of a minute, a thread waiting for the GIL gets it only when the search lets it go
    or when the search's thread ends: the flag then tells which it was."""
    import sys
    import threading
    from harptowers.engine.solvers import harp_greedy
    core = harp_greedy.compiled_searches()
    if core is None:
        pytest.skip("the compiled searches are not built here")
    state = position_of(new_game("EH1-N-AAAAAAB")).copy_state()
    calls = [lambda: core.greedy(state, hint_ways.WEIGHTS, 300_000),
             lambda: core.best_first(state, (1, 1, 1, 1, 1), 300_000),
             lambda: core.depth_first(state, 300_000)]
    old = sys.getswitchinterval()
    sys.setswitchinterval(60.0)
    try:
        for call in calls:
            inside, started = [False], threading.Event()

            def search(call=call, inside=inside, started=started):
                started.set()
                inside[0] = True
                call()
                inside[0] = False

            t = threading.Thread(target=search)
            t.start()
            started.wait()
            seen = inside[0]
            t.join()
            assert seen, "the search held the GIL"
    finally:
        sys.setswitchinterval(old)
