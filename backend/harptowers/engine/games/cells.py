"""What the games with free cells share (Seahaven Towers, FreeCell): every card face up,
cells that hold one card each, foundations built up in suit from the Ace, and runs that move
as a group as far as the free cells and empty columns allow. The rule ids are each game's own
(its ``tag``: ``SH-05``, ``FC-05``); the numbers are the same in both rule sets."""

from __future__ import annotations

from ..cards import KING, Card
from ..errors import IllegalMove, InvalidMove
from ..game import Game
from ..notation import Move, PileRef


def group_limit(free_cells: int, empty_columns: int) -> int:
    """The most cards a run can move (rule 08 of each game): (free cells + 1) ×
    2^(empty columns), the destination column not counted."""
    return (free_cells + 1) << empty_columns


class CellGame(Game):
    """A game says how a run is made (``is_group``) and what a column takes (``takes``)."""

    def is_group(self, cards: list[Card]) -> bool:
        """Rules 03 and 08: ``cards`` (two or more) may move together."""
        raise NotImplementedError

    def takes(self, column: list[Card], card: Card) -> bool:
        """Rules 04 and 07: ``column`` (maybe empty) takes ``card``, the first of what moves."""
        raise NotImplementedError

    def free_cells(self) -> int:
        return sum(1 for c in self.cells if not c)

    def check(self, m: Move) -> Move:
        tag = self.tag
        if m.dst is None:
            raise InvalidMove(f"{self.title} has no stock")
        if m.src.kind not in "tcf" or m.dst.kind not in "tcf":
            bad = m.src if m.src.kind not in "tcf" else m.dst
            raise InvalidMove(f"{self.title} has no pile {str(bad)!r}")
        src = self.pile(m.src)
        if m.dst.index >= 0:
            self.pile(m.dst)
        if m.src == m.dst:
            raise InvalidMove(f"{str(m.src)!r} cannot move onto itself")
        if not 1 <= m.count <= len(src):
            raise InvalidMove(f"{str(m.src)!r} has {len(src)} cards, not {m.count}")
        moving = src[-m.count:]
        first = moving[0]
        if m.src.kind == "f" and (m.count > 1 or m.dst.kind == "f"):
            raise IllegalMove(f"{tag}-13", card=first.text)
        if m.count > 1 and not self.is_group(moving):
            raise IllegalMove(f"{tag}-03", card=first.text, reason="not-a-run")
        if m.dst.kind == "c":
            if m.count > 1:
                raise IllegalMove(f"{tag}-05", reason="one-card")
            empty_cells = [i for i, c in enumerate(self.cells) if not c]
            i = (empty_cells[0] if empty_cells else -1) if m.dst.index < 0 else m.dst.index
            if i < 0 or self.cells[i]:
                raise IllegalMove(f"{tag}-05", reason="full")
            return Move(m.src, PileRef("c", i))
        if m.dst.kind == "f":
            f = self.foundations[first.suit]
            need = None if len(f) == KING else Card(len(f) + 1, first.suit).text
            if m.count > 1 or (m.dst.index >= 0 and m.dst.index != first.suit) \
                    or len(f) != first.rank - 1:
                raise IllegalMove(f"{tag}-06", card=first.text, need=need)
            return Move(m.src, PileRef("f", int(first.suit)), 1)
        col = self.columns[m.dst.index]
        if not self.takes(col, first):
            if not col:
                raise IllegalMove(f"{tag}-07", card=first.text)
            raise IllegalMove(f"{tag}-04", card=first.text, onto=col[-1].text)
        if m.count > 1:
            free = self.free_cells()
            empty = sum(1 for column in self.columns if not column)
            limit = group_limit(free, empty - (0 if col else 1))
            if m.count > limit:
                raise IllegalMove(f"{tag}-08", count=m.count, limit=limit, free_cells=free,
                                  empty_columns=empty, to_empty=not col,
                                  limit_occupied=group_limit(free, empty))
        return m
