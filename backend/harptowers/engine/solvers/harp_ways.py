"""Easy Harp hints on hidden cards: ways on, weighed across samples (issue 15).

A hint with face-down cards left cannot know them; it deals the unseen cards at random into
the hidden places (``SAMPLES`` deals, the same ones for the same visible position). Until the
next face-down card turns, what a player can do depends on visible cards only (the stock has
been seen, and stock and waste are one pool): so a *way on* — the moves up to and including
the one that turns the next card, or a whole line when none turns — can be played on every
sample alike. The card it turns is each sample's own, which is what a player faces.

1. Ways: the solver's searches on each sample, one after another until one wins (``NODES``
   positions each: the greedy search over narrowed moves, then best-first and depth-first
   over every move, foundation cards taken back included); the line of a greedy or
   best-first win, or else the greedy search's way to the best position it reached (a
   depth-first win's line wanders: no way to show), is cut after the first move that
   turns a card (a line that turns none is a way only when it puts more cards home). Ways
   that end in the same position are one; at most ``MAX_WAYS``.
2. Weighing: every way is played on every sample and the same searches go on from there.
   The way that wins the most samples is the hint (ties: the lower sum of the greedy
   search's best scores, a heuristic distance to a win); its moves are the plan
   (``hint_plan``) up to the card it turns.

Every way is weighed on the same samples, sample by sample; a sample that the time limit
cuts short is left out for all of them. The searches run on threads, one a core (at most
``THREADS``), and are read in the samples' order, so the hint is the same on any machine
when no time limit cuts the weighing short. Weighing whole ways on many samples, rather than
following the one sample a search happened to win, keeps a hint from spending cards on what
only that sample's hidden cards would reward. Without the compiled search the budgets shrink
(``SLOW``) so that a hint still answers in time.
"""

from __future__ import annotations

import os
import random
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..cards import Card
from ..game import Game
from . import harp_greedy
from .easy_harp import complete_run, position_of
from .harp_greedy import GreedySearch
from .harp_moves import engine_moves
from .harp_position import HOME, POOL_COL, POOL_HOME, HarpPosition
from .lines import shortcut

SAMPLES = 16        # deals of the unseen cards
NODES = (20_000, 15_000, 15_000)  # positions: greedy, best-first, depth-first (each a run)
MAX_WAYS = 10       # ways weighed (the first found, in sample order)
SLOW = (4, (2_000, 0, 0), 4)  # SAMPLES, NODES, MAX_WAYS for the searches in Python
WEIGHTS = GreedySearch.WEIGHTS[0]
THREADS = 4         # at most, searching samples side by side (``threads``)


def _position(state: tuple) -> HarpPosition:
    cols, down, pool, found, _ = state
    return HarpPosition(list(cols), list(down), list(pool), list(found))


def _harp_form(state: tuple, line: list[tuple]) -> list[tuple]:
    """The greedy search's moves ``(kind, src, dst, n)`` as ``harp_position`` moves
    ``(kind, src, dst, n, face)``."""
    p = _position(state)
    out = []
    for kind, src, dst, n in line:
        if kind in (POOL_HOME, POOL_COL):
            m = (kind, -1, dst, n, src)
        else:
            col = p.cols[src]
            m = (kind, src, dst, n, col[-1] if kind == HOME else col[-n])
        p.apply(m)
        out.append(m)
    return out


def _after(state: tuple, way: list[tuple]) -> tuple:
    p = _position(state)
    for m in way:
        p.apply(m)
    return p.copy_state()


def _cut(state: tuple, line: list[tuple]) -> list[tuple]:
    """``line`` up to and including its first move that turns a card; a line that turns
    none only when it ends with more cards home (else nothing: moving cards about without
    either could lead back to where it started, and the hints would go round in circles)."""
    p = _position(state)
    for k, m in enumerate(line):
        if p.apply(m):
            return line[:k + 1]
    return list(line) if p.home > state[4] else []


def _search(state: tuple, nodes: tuple[int, int, int]) -> tuple[bool, list[tuple], int]:
    """(won, line, score): the greedy search, then (without a win) best-first and
    depth-first over every move. The line is the greedy or best-first win, or else the
    greedy search's line to its best position (with that position's score): a depth-first
    win counts as a win, but its line (hundreds of moves, cards home and back again) is no
    way to show a player."""
    won, line, _, best = harp_greedy.run(state, WEIGHTS, nodes[0])
    line = _harp_form(state, line)
    if won:
        return True, line, 0
    if nodes[1]:
        found, sol, _ = complete_run(state, "best_first", nodes[1])
        if found and sol is not None:
            return True, list(sol), 0
    won = bool(nodes[2]) and complete_run(state, "depth_first", nodes[2])[0]
    return won, line, best


def _weigh_one(state: tuple, way: list[tuple], nodes: tuple[int, int, int]) -> tuple:
    """``_search`` from where ``way`` leads on the sample ``state``."""
    return _search(_after(state, way), nodes)


def threads(fast: bool) -> int:
    """Threads to weigh on: one a core up to THREADS when the searches are compiled (they let
    go of the GIL while they search: csearch/module.c), else one."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:   # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(THREADS, cores)) if fast else 1


def _samples(pos: dict[str, Any], hidden: list[Card], build: Any, seed: str,
             n: int) -> tuple[list[tuple[Game, tuple]], dict[str, Any] | None]:
    """Up to ``n`` deals of ``hidden`` into ``pos`` (each deal once), as games and search
    states; or, when a card can go home with no search (an Ace: ``HarpPosition.safe``,
    decided by what is visible), that move as the way."""
    samples: list[tuple[Game, tuple]] = []
    seen: set[tuple[str, ...]] = set()
    for k in range(n):
        cards = list(hidden)
        random.Random(f"{seed}:{k}").shuffle(cards)
        deal = tuple(c.text for c in cards)
        if deal in seen:  # few hidden cards: the same deal again
            continue
        seen.add(deal)
        game = build(pos, cards)
        p = position_of(game)
        safe = p.auto()[:1]
        if safe:
            return [], {"game": game, "moves": engine_moves(game, [m for m, _ in safe]),
                        "won": 0, "ways": 1, "samples": 0, "safe": True}
        samples.append((game, p.copy_state()))
    return samples, None


def weigh(pos: dict[str, Any], hidden: list[Card], build: Any, seed: str,
          seconds: float | None) -> dict[str, Any] | None:
    """The best way on from ``pos`` (what the player sees; ``hidden`` the unseen cards,
    ``build(pos, cards)`` a game with them dealt into the hidden places):
    ``{"game": the sample it came from, "moves": engine moves, "won": samples it won,
    "ways": n, "samples": n}``, or None when no way moves a card or the time limit left no
    sample. An Ace that can go home is the way at once (``samples`` 0, ``safe``: it can
    never spoil a win, docs/solver.md)."""
    fast = harp_greedy.compiled_searches() is not None
    n_samples, nodes, max_ways = (SAMPLES, NODES, MAX_WAYS) if fast else SLOW
    deadline = None if seconds is None else time.perf_counter() + seconds

    def late() -> bool:
        return deadline is not None and time.perf_counter() > deadline

    samples, safe = _samples(pos, hidden, build, seed, n_samples)
    if safe is not None:
        return safe
    pool = ThreadPoolExecutor(threads(fast), thread_name_prefix="harp-hint")
    try:   # the searches run on the pool; their results are read in the samples' order
        found = [pool.submit(_search, state, nodes) for _, state in samples]
        ways: list[tuple[int, list[tuple]]] = []  # (the sample it came from, its moves)
        ends: set[tuple] = set()
        for k, ((_, state), search) in enumerate(zip(samples, found)):
            if late() or len(ways) == max_ways:
                break
            way = _cut(state, search.result()[1])
            end = _after(samples[0][1], way) if way else None
            if end is not None and end not in ends:
                ends.add(end)
                ways.append((k, way))
        for search in found:
            search.cancel()
        rows = [[pool.submit(_weigh_one, state, way, nodes) for _, way in ways]
                for _, state in samples] if ways else []
        wins, dist, weighed = [0] * len(ways), [0] * len(ways), 0
        for row in rows:  # every way on the same samples, a sample at a time
            if late():
                break
            for i, search in enumerate(row):
                won, _, score = search.result()
                wins[i] += won
                dist[i] += score
            weighed += 1
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    if not weighed:
        return None
    best = min(range(len(ways)), key=lambda i: (-wins[i], dist[i], i))
    k, way = ways[best]
    game = samples[k][0]
    moves = shortcut(game, engine_moves(game, way))  # a win's detours left out (hint_plan)
    return {"game": game, "moves": moves, "won": wins[best], "ways": len(ways),
            "samples": weighed}


__all__ = ["MAX_WAYS", "NODES", "SAMPLES", "THREADS", "threads", "weigh"]
