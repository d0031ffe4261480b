"""Text forms of piles and moves (DESIGN.md "Notation").

Piles: ``s`` stock, ``w`` waste, ``t1``…``t10`` columns, ``f1``…``f8`` foundations, ``f`` any
foundation (EH-10, SH-06), ``c1``…``c4`` cells, ``c`` the first free cell.
Moves: ``t3-t5`` (top card), ``t3:4-t1`` (a run of 4), ``w-f``, ``c2-t7``, ``f2-t4``, ``s``.
Indices in text are 1-based; ``PileRef.index`` is 0-based, and -1 means "any" (``f``, ``c``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import InvalidMove, quoted

KINDS = "swftc"


@dataclass(frozen=True, slots=True)
class PileRef:
    """A pile: kind (``s w f t c``) and 0-based index; index -1 is ``f``/``c`` (any)."""

    kind: str
    index: int = 0

    def __str__(self) -> str:
        if self.kind in "sw":
            return self.kind
        return self.kind if self.index < 0 else f"{self.kind}{self.index + 1}"

    def __repr__(self) -> str:
        return f"pile({str(self)!r})"


STOCK = PileRef("s")
WASTE = PileRef("w")


@dataclass(frozen=True, slots=True)
class Move:
    """A move: ``count`` cards from the top of ``src`` onto ``dst``; the stock tap has
    ``src == STOCK`` and ``dst is None``."""

    src: PileRef
    dst: PileRef | None
    count: int = 1

    def __str__(self) -> str:
        if self.dst is None:
            return "s"
        src = str(self.src) + (f":{self.count}" if self.count != 1 else "")
        return f"{src}-{self.dst}"

    def __repr__(self) -> str:
        return f"move({str(self)!r})"


STOCK_TAP = Move(STOCK, None)
_PILE = re.compile(r"([swftc])(\d{0,2})")
_MOVE = re.compile(r"([wftc]\d{0,2})(?::(\d{1,2}))?-([wftc]\d{0,2})")


def parse_pile(text: str, *, any_ok: bool = False) -> PileRef:
    """``"t3"`` → ``PileRef("t", 2)``. ``f``/``c`` alone only with ``any_ok``.
    Raises InvalidMove quoting the text."""
    m = _PILE.fullmatch(text.strip().lower()) if isinstance(text, str) else None
    if not m:
        raise InvalidMove(f"not a pile: {quoted(text)} (s, w, t1…t10, f1…f8, c1…c4)")
    kind, digits = m.groups()
    if kind in "sw":
        if digits:
            raise InvalidMove(f"not a pile: {quoted(text)} ({kind} has no number)")
        return PileRef(kind)
    if not digits:
        if any_ok and kind in "fc":
            return PileRef(kind, -1)
        raise InvalidMove(f"not a pile: {quoted(text)} ({kind} needs a number, as {kind}1)")
    if int(digits) < 1:
        raise InvalidMove(f"not a pile: {quoted(text)} (piles are numbered from 1)")
    return PileRef(kind, int(digits) - 1)


def pile(text: str) -> PileRef:
    """Shorthand for ``parse_pile(text, any_ok=True)``."""
    return parse_pile(text, any_ok=True)


def parse_move(text: str) -> Move:
    """``"t3:4-t1"`` → ``Move(t3, t1, 4)``. Raises InvalidMove quoting the text."""
    t = text.strip().lower() if isinstance(text, str) else ""
    if t == "s":
        return STOCK_TAP
    m = _MOVE.fullmatch(t)
    if not m:
        raise InvalidMove(f"not a move: {quoted(text)} (moves look like t3-t5, t3:4-t1, w-f, s)")
    src, count, dst = m.groups()
    src_ref = parse_pile(src)
    n = int(count) if count else 1
    if n < 1:
        raise InvalidMove(f"not a move: {quoted(text)} (a run has at least 1 card)")
    return Move(src_ref, parse_pile(dst, any_ok=True), n)


def move(text: str) -> Move:
    """Shorthand for ``parse_move``."""
    return parse_move(text)


def parse_moves(text: str) -> list[Move]:
    """Whitespace- or comma-separated moves. Raises InvalidMove naming the first bad one
    and its 0-based index."""
    out = []
    for i, word in enumerate(re.split(r"[\s,]+", text.strip()) if text.strip() else []):
        try:
            out.append(parse_move(word))
        except InvalidMove as e:
            raise InvalidMove(f"move {i}: {e}") from None
    return out
