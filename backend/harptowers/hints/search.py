"""Hints (issue 9): the next move of a win from the current position.

The bridge (``Api.hint``) takes a snapshot of what the player can see (``position``) under
its lock, hands it to a worker process (``solve_position``, run by a one-worker
``ProcessPoolExecutor`` with the "spawn" context) and waits without holding the lock.

* A position that hides nothing (Seahaven Towers always; Easy Harp once every card is face
  up and the stock is empty or seen) is solved as it is and the hint is the solver's first move; the
  whole solution comes back so that the following hints, while the player follows it, need
  no new search (the Api caches it).
* Easy Harp (and Klondike) before its first redeal: the stock holds cards nobody has seen,
  and going through it costs nothing (EH-11), so the hint is the stock tap (``first_pass``:
  the page says why). After it the player has seen every stock card go by, and ``position``
  lists them; where a tap draws three, the stock's cards count as unseen from then on.
* A position that hides cards (face-down column cards): ``position`` never puts them in the
  snapshot (a face-down card is ``None``). The worker *determinizes*: it lists the cards
  the player cannot see (the deck(s) minus every visible card) and deals them at random into
  the hidden places. First the ways on to the next turned card are weighed across such
  deals (``hint_ways``): the hint is the way that wins the most of them, and its moves serve
  the next hints up to that card. When no way wins a single deal, the samples are solved
  whole as follows (``SAMPLES`` deals; while none is won and time allows, up to
  ``ROUNDS`` rounds of as many, each round with twice the node budget; each deal from a
  fixed seed, so the same visible position always gets the same deals, and a deal already
  tried in the round is skipped), solves each under its node budget, and never past the
  hint's time limit (a sample cut short by it counts as not won), and answers, in this
  order of preference:
  the first move that most won samples begin with (not counting their stock taps,
  ``first_move``); where most lost samples' best lines begin (the greedy search's way to
  the best position it reached, ``best_line``: a "guess"); a progress move chosen by what
  is visible (``visible_move``). When every sample tried was *proven* unwinnable the
  answer is "lost" instead: a dead end, as far as the samples tell, and the page says so
  rather than suggesting the stock again. The sample and its line come back as the plan
  (``plan.py``), which the app's hint cache follows for the next hints while everything seen
  fits it. The real hidden cards never
  reach the worker, so no hint can depend on them; such a position never gets
  "unwinnable".
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import random
import threading
import time
from collections import Counter
from typing import Any

from . import plan as hint_plan
from .plan import shortcut, signature
from ..engine import new_game, parse_code
from ..engine.cards import Card, card, deck
from ..engine.game import Game
from ..engine.notation import STOCK_TAP, Move, parse_moves
from ..engine.registry import game_class
from ..engine.solvers.base import ANY_FOUNDATION
from ..engine.solvers import UNKNOWN, UNWINNABLE, WINNABLE, hint_ways_for, solve, solver_for

SECONDS = 4.0          # time limit of one hint's search
SAMPLES = 4            # hidden cards: deals of the unseen cards tried
SAMPLE_NODES = 12_000  # hidden cards: solver positions per sample (a node budget: deterministic)
LINE_NODES = 4_000     # a lost sample: positions the greedy search gets for its best line
ROUNDS = 3             # without a won sample: rounds of SAMPLES more, each with twice the budget
SEED = "harp-towers-hint"
GUESS = "guess"        # no sample won; a move chosen by what is visible
LOST = "lost"          # every sample tried was proven unwinnable: no move to suggest


def worker_init() -> None:
    """Initializer of the solver process: it ends when the app's process ends, however that
    ends (a killed app leaves no solver behind)."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="harp-towers-parent-watch", daemon=True).start()


def position(g: Game) -> dict[str, Any]:
    """What the player sees, as plain data: card ids (``7H`` / ``7H.1``), a face-down card
    as None, the stock as a count; after the first redeal also the stock's cards
    (``seen_stock``, bottom → top): each of them went by face up on the waste in the pass
    before, in this order (EH-11), so the player has seen them all. Before the first redeal
    it is None: the stock holds cards nobody has seen."""
    cid = g.card_id
    return {
        "code": str(g.code),
        "columns": [[cid(c) if k >= d else None for k, c in enumerate(col)]
                    for col, d in zip(g.columns, g.down)],
        "stock": len(g.stock),
        # every stock card went by face up on the waste only when a tap draws one card
        "seen_stock": [cid(c) for c in g.stock] if g.passes and g.draw == 1 else None,
        "waste": [cid(c) for c in g.waste],
        "foundations": [[cid(c) for c in f] for f in g.foundations],
        "cells": [[cid(c) for c in cell] for cell in g.cells],
        "score": g.score,
        "passes": g.passes,
    }


def _card(text: str) -> Card:
    t, _, cp = text.partition(".")
    return card(t, int(cp) if cp else 0)


def unseen(pos: dict[str, Any]) -> list[Card]:
    """The cards the player cannot see, in deck order: the whole deck(s) minus every
    visible card."""
    g = new_game(pos["code"])
    seen = {_card(t) for col in pos["columns"] for t in col if t is not None}
    seen |= {_card(t) for pile in pos["foundations"] + pos["cells"] for t in pile}
    seen |= {_card(t) for t in pos["waste"] + (pos.get("seen_stock") or [])}
    return [c for c in deck(g.decks) if c not in seen]


def build(pos: dict[str, Any], hidden: list[Card] | None = None) -> Game:
    """A game in the position ``pos``; its face-down places (columns bottom → top, then the
    stock bottom → top when it has not been seen) take the cards of ``hidden`` in order."""
    g = new_game(pos["code"])
    fill = iter(hidden or [])
    for col, spec in zip(g.columns, pos["columns"]):
        col[:] = [next(fill) if t is None else _card(t) for t in spec]
    g.down[:] = [sum(1 for t in spec if t is None) for spec in pos["columns"]]
    seen = pos.get("seen_stock")
    if seen is not None:
        g.stock[:] = [_card(t) for t in seen]
    else:
        g.stock[:] = [next(fill) for _ in range(pos["stock"])] if g.has_stock else []
    g.waste[:] = [_card(t) for t in pos["waste"]]
    for f, spec in zip(g.foundations, pos["foundations"]):
        f[:] = [_card(t) for t in spec]
    for cell, spec in zip(g.cells, pos["cells"]):
        cell[:] = [_card(t) for t in spec]
    g.home = sum(len(f) for f in g.foundations)
    g.score, g.passes = pos["score"], pos["passes"]
    return g


def solve_position(pos: dict[str, Any], seconds: float | None = SECONDS,
                   samples: int = SAMPLES, sample_nodes: int = SAMPLE_NODES) -> dict[str, Any]:
    """The worker's job. A position with nothing hidden (no face-down card, no stock) is
    solved as it is: ``{"verdict", "solution": "t2-f c1-t2 …" | None}``. Otherwise the
    unseen cards are sampled: ``{"verdict": "winnable", "solution": "<first move>", "votes":
    n, "samples": n}``, ``{"verdict": "guess", "solution": "<move>"}`` (no sample won:
    ``visible_move``), ``{"verdict": "lost"}`` (every sample tried was proven unwinnable)
    or ``{"verdict": "unknown"}``; never "unwinnable" (a lost sample proves nothing about
    the real hidden cards)."""
    if not hides(pos):
        g = build(pos)
        res = solve(g, limit_seconds=seconds)
        line = shortcut(g, res.solution) if res.solution else None
        return {"verdict": res.verdict, "solution": " ".join(map(str, line)) if line else None}
    return _sampled(pos, seconds, samples, sample_nodes)


def hides(pos: dict[str, Any]) -> bool:
    """True when ``pos`` has cards the player has not seen (face down in a column, or in a
    stock not yet gone through)."""
    return ((pos["stock"] > 0 and pos.get("seen_stock") is None)
            or any(t is None for col in pos["columns"] for t in col))


def ace_home(g: Game) -> Move | None:
    """An Ace in sight (a column's top, the waste's top) that can go to a foundation: safe
    in every game here, as nothing is ever built on an Ace in a column. ``g`` may hold a
    sample of the hidden cards; the move never depends on them."""
    for m in g.legal_moves():
        if m.dst is not None and m.dst.kind == "f" and m.src.kind in ("t", "w") \
                and g.pile(m.src)[-1].rank == 1:
            return Move(m.src, ANY_FOUNDATION)   # the pile it lands on is the engine's choice
    return None


def first_move(solution: list[Move], g: Game) -> str:
    """What a sampled win starts with, as the player can play it: its first move that is
    not a stock tap; a waste card that the taps before it would bring up is a stock tap
    (the real stock is not the sample's), the visible waste top is itself."""
    taps = 0
    for m in solution:
        if m == STOCK_TAP or m.dst is None:
            taps += 1
            continue
        if m.src.kind == "w" and taps:
            return str(STOCK_TAP)
        return str(m)
    return str(STOCK_TAP)


def _sampled(pos: dict[str, Any], seconds: float | None, samples: int,
             sample_nodes: int) -> dict[str, Any]:
    cls = _game_class(pos)
    hidden = unseen(pos)
    ace = ace_home(build(pos, hidden))
    if ace is not None:  # before any stock tap or search (issue 39)
        return {"verdict": WINNABLE, "solution": str(ace)}
    # the stock first costs nothing while redeals are unlimited (EH-11), once: a draw-three
    # stock stays unseen after it and is sampled like the face-down cards
    if pos["stock"] and not pos["passes"] and pos.get("seen_stock") is None \
            and cls.redeals is None:
        return {"verdict": GUESS, "solution": str(STOCK_TAP), "first_pass": True}
    t0 = time.monotonic()
    ways = hint_ways_for(cls)
    way = ways.weigh(pos, hidden, build, SEED, seconds) if ways is not None else None
    if way is not None and (way["won"] or not way["samples"]):
        return _follow(pos, way)
    if seconds is not None:
        seconds = max(0.0, seconds - (time.monotonic() - t0))
    answer = _solved(pos, hidden, seconds, samples, sample_nodes)
    if way is not None and answer["verdict"] in (GUESS, UNKNOWN):
        # no sample won either way: the way on turns a card or puts one home, where a guess
        # could go back and forth (the hints went round in circles on such guesses)
        return _follow(pos, way)
    return answer


def _follow(pos: dict[str, Any], way: dict[str, Any]) -> dict[str, Any]:
    """The hint of a way on (``Game.hint_ways``' ``weigh``), its moves the plan."""
    sure = bool(way["won"] or way.get("safe"))  # a won sample's way, or an Ace home
    plan = hint_plan.make(pos["code"], way["game"], way["moves"], won=sure)
    planned = hint_plan.next_hint(plan, pos)
    return {"verdict": WINNABLE if sure else GUESS, "solution": planned or str(way["moves"][0]),
            "votes": way["won"], "ways": way["ways"], "samples": way["samples"],
            "plan": plan if planned else None}


def _solved(pos: dict[str, Any], hidden: list[Card], seconds: float | None, samples: int,
            sample_nodes: int) -> dict[str, Any]:
    """The samples solved whole: the vote of their wins, "lost" when each is proven
    unwinnable, else a guess (the module's docstring)."""
    deadline = None if seconds is None else time.monotonic() + seconds
    votes: Counter[str] = Counter()
    leads: Counter[str] = Counter()  # first moves towards the best position of a lost sample
    first_seen: dict[str, int] = {}
    won: dict[str, tuple[Game, list[Move]]] = {}
    lines: dict[str, tuple[Game, list[Move]]] = {}  # the lost samples' best lines
    tried = proven_lost = 0
    distinct: set[tuple[str, ...]] = set()  # the deals tried in this round
    best_line = _best_line(pos)
    budget = sample_nodes
    for k in range(samples * ROUNDS):
        if k % samples == 0 and votes:
            break  # the last round won a sample
        if deadline is not None and time.monotonic() > deadline:
            break
        if k % samples == 0:
            budget, distinct = sample_nodes << (k // samples), set()
        cards = list(hidden)
        random.Random(f"{SEED}:{k}").shuffle(cards)
        deal = tuple(c.text for c in cards)
        if deal in distinct:  # few hidden cards: the same sample again (no new search)
            continue
        distinct.add(deal)
        sample = build(pos, cards)
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        res = solve(sample, limit_seconds=left, max_nodes=budget)  # never past the deadline
        tried += 1
        proven_lost += res.verdict == UNWINNABLE
        if res.verdict == WINNABLE and res.solution:
            line = shortcut(sample, res.solution)  # the vote counts the move it really
            first = first_move(line, sample)       # starts with, not a detour's first half
            votes[first] += 1
            first_seen.setdefault(first, k)
            won.setdefault(first, (sample, line))
        elif LINE_NODES and best_line is not None and res.verdict != UNWINNABLE:
            _, line = best_line(sample, LINE_NODES)
            line = shortcut(sample, line)
            if line:
                first = first_move(line, sample)
                leads[first] += 1
                first_seen.setdefault(first, k)
                lines.setdefault(first, (sample, line))
    def most(counts: Counter[str]) -> str:
        return min(counts, key=lambda m: (-counts[m], first_seen[m]))

    if votes:  # a move a won sample starts with; the stock only when nothing else is left
        best = most(Counter({m: n for m, n in votes.items() if m != str(STOCK_TAP)}) or votes)
        return {"verdict": WINNABLE, "solution": best, "votes": votes[best], "samples": tried,
                "plan": hint_plan.make(pos["code"], *won[best])}
    if tried and proven_lost == tried:  # a dead end whatever the hidden cards (as far as the
        # samples tell): say so, not "draw a card"
        return {"verdict": LOST, "solution": None, "samples": tried}
    if leads:  # no won sample: where most lost samples' best lines start; that line serves
        lead = most(leads)  # the next hints while it fits what is seen
        return {"verdict": GUESS, "solution": lead, "samples": tried,
                "plan": hint_plan.make(pos["code"], *lines[lead], won=False)}
    move = visible_move(build(pos, hidden)) if tried else None
    if move is None:
        return {"verdict": UNKNOWN, "solution": None, "samples": tried}
    return {"verdict": GUESS, "solution": str(move), "samples": tried}


def _game_class(pos: dict[str, Any]) -> type[Game]:
    return game_class(parse_code(pos["code"]).game)


def _best_line(pos: dict[str, Any]) -> Any:
    """The game's solver's search for the best position it reaches on a lost sample
    (``best_line(game, nodes)`` → (score, moves)), or None when its solver has none."""
    try:
        return getattr(solver_for(_game_class(pos)), "best_line", None)
    except KeyError:
        return None


def visible_move(g: Game) -> Move | None:
    """A progress move chosen by what the player sees only (column tops, the waste top, how
    many cards each column hides, the foundations); ``g``'s hidden cards are never looked
    at. In order: a card to a foundation (one that turns a face-down card first); a card off
    a column onto another when that turns a face-down card (the column hiding more first);
    a King-led pile into an empty column when that turns one; the waste top onto a column;
    the stock tap. None when there is no move at all."""
    best: tuple[int, int] | None = None
    choice = None
    for m in g.legal_moves():
        turns = False
        if m.dst is not None and m.src.kind == "t":
            rest = len(g.columns[m.src.index]) - m.count
            turns = bool(rest) and rest == g.down[m.src.index]
        if m.dst is None:
            rank = (5, 0)
        elif m.src.kind == "f":
            continue
        elif m.dst.kind == "f":
            rank = (0, 0 if turns else 1)
        elif m.src.kind == "t":
            if not turns:
                continue  # turns nothing: not without a search behind it
            rank = (1 if g.columns[m.dst.index] else 2, -g.down[m.src.index])
        elif m.src.kind == "w":
            rank = (3, 0)
        else:
            continue
        if best is None or rank < best:
            best, choice = rank, m
    return choice


def hint_of(g: Game, m: Move) -> dict[str, Any]:
    """A move as the page's hint: ``{"from": "t3", "index": 4, "to": "t5" | "f" | "c1"}``
    (the stock tap: ``{"from": "s", "index": None, "to": None}``), and the fields the page
    says it with in words: ``card`` (the card that moves, or the first of a run: ``"9C"``),
    ``count``, ``place`` (``"column"`` onto a card, ``"empty"`` an empty column,
    ``"foundation"``, ``"cell"``, ``"stock"``), ``onto`` (the card it goes onto, or None),
    ``turns`` (True when a face-down card turns face up); ``pile``: the very pile it goes to
    (``"f2"`` where ``to`` says ``"f"``), the one the page lights."""
    if m == STOCK_TAP or m.dst is None:
        return {"from": "s", "index": None, "to": None, "pile": None, "card": None,
                "count": 0, "place": "stock", "onto": None, "turns": False}
    pile = g.pile(m.src)
    moving = pile[len(pile) - m.count]
    onto = None
    if m.dst.kind == "f":
        place = "foundation"
    elif m.dst.kind == "c":
        place = "cell"
    else:
        dst = g.columns[m.dst.index]
        place = "column" if dst else "empty"
        onto = dst[-1].text if dst else None
    rest = len(pile) - m.count
    turns = m.src.kind == "t" and bool(rest) and rest == g.down[m.src.index]
    return {"from": str(m.src), "index": len(pile) - m.count,
            "to": "f" if m.dst.kind == "f" else str(m.dst), "pile": str(g.check(m).dst),
            "card": moving.text, "count": m.count, "place": place, "onto": onto, "turns": turns}


def follow(g: Game, solution: list[Move]) -> list[tuple]:
    """The signatures of the positions along ``solution`` from ``g`` (before each move);
    ``g`` is a throw-away copy and is changed."""
    sigs = []
    for m in solution:
        sigs.append(signature(g))
        g.play(m)
    return sigs


def parse_solution(text: str | None) -> list[Move]:
    return parse_moves(text) if text else []


__all__ = [
    "GUESS",
    "LOST",
    "SECONDS",
    "UNKNOWN",
    "UNWINNABLE",
    "WINNABLE",
    "build",
    "follow",
    "hint_of",
    "position",
    "signature",
    "solve_position",
    "unseen",
]
