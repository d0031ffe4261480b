"""Suits, ranks, cards and the unshuffled decks."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

RANK_CHARS = "A23456789TJQK"  # index + 1 is the rank: A = 1 ... K = 13
ACE, KING = 1, 13


class Suit(IntEnum):
    """The four suits in the spec's order (spades, hearts, diamonds, clubs)."""

    S = 0
    H = 1
    D = 2
    C = 3

    @property
    def red(self) -> bool:
        return self in (Suit.H, Suit.D)

    @property
    def char(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``copy`` tells the two decks of Easy Harp apart (0 or 1)."""

    rank: int  # 1 (Ace) ... 13 (King)
    suit: Suit
    copy: int = 0
    # Derived once, for speed on the search path: colour, notation text (``7H``, ``TD``,
    # ``KS``; no copy) and ``face``, an int equal for the two copies (suit * 16 + rank).
    red: bool = field(init=False, compare=False, repr=False)
    text: str = field(init=False, compare=False, repr=False)
    face: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "red", self.suit in (Suit.H, Suit.D))
        object.__setattr__(self, "text", RANK_CHARS[self.rank - 1] + self.suit.name)
        object.__setattr__(self, "face", int(self.suit) * 16 + self.rank)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"card({self.text!r}, {self.copy})" if self.copy else f"card({self.text!r})"


_CARDS = {(r, s, c): Card(r, s, c) for r in range(1, 14) for s in Suit for c in (0, 1)}


def card(text: str, copy: int = 0) -> Card:
    """The card for notation text such as ``"7H"`` (case-insensitive).

    Raises ValueError for anything that is not a rank character and a suit letter.
    """
    t = text.strip().upper()
    if len(t) == 3 and t.startswith("10"):
        t = "T" + t[2]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in "SHDC":
        raise ValueError(f"not a card: {text!r} (expected rank A23456789TJQK and suit SHDC)")
    return _CARDS[(RANK_CHARS.index(t[0]) + 1, Suit[t[1]], copy)]


def deck(copies: int = 1) -> list[Card]:
    """The unshuffled deck: for each copy, suits S H D C, each Ace..King (52 × copies cards)."""
    return [_CARDS[(r, s, c)] for c in range(copies) for s in Suit for r in range(1, 14)]
