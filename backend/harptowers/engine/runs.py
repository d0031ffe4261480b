"""Card sequences shared by every game's rule predicates, move lists and searches.

A game's ``check`` (can this run leave that pile, can it land on this one), its
``legal_moves``, the example finders and the solvers all ask the same questions: does a
card build on another, is this stretch of cards a run, where does the run at the top of a
column start. Each question is answered here once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import KING, Card

Builds = Callable[[Card, Card], bool]


def alternating(onto: Card, card: Card) -> bool:
    """``card`` builds on ``onto``: opposite colour, one rank lower (Klondike-like columns)."""
    return onto.red != card.red and onto.rank == card.rank + 1


def in_suit(onto: Card, card: Card) -> bool:
    """``card`` builds on ``onto``: same suit, one rank lower (Seahaven-like columns)."""
    return onto.suit == card.suit and onto.rank == card.rank + 1


def is_run(cards: Sequence[Card], builds: Builds) -> bool:
    """Every card builds on the one below it."""
    return all(builds(a, b) for a, b in zip(cards, cards[1:]))


def is_king_led(cards: Sequence[Card], builds: Builds) -> bool:
    """A run whose lowest card is a King."""
    return bool(cards) and cards[0].rank == KING and is_run(cards, builds)


def run_start(cards: Sequence[Card], builds: Builds, lowest: int = 0) -> int:
    """Index where the run at the top of ``cards`` starts (never below ``lowest``, e.g.
    the first face-up card); ``len(cards)`` for no cards."""
    j = len(cards) - 1
    if j < 0:
        return 0
    while j > lowest and builds(cards[j - 1], cards[j]):
        j -= 1
    return j


def fits_column(column: Sequence[Card], card: Card, builds: Builds) -> bool:
    """A card may land on a column: on its top card when it builds on it, or alone on an
    empty column when it is a King."""
    return builds(column[-1], card) if column else card.rank == KING
