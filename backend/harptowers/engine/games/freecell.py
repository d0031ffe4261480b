"""FreeCell (FC-01 … FC-16): one deck, 8 columns, 4 free cells, build down in alternating
colours; the deal number is Microsoft's deal number, dealt as Microsoft FreeCell deals it."""

from __future__ import annotations

from typing import Any

from ..cards import KING, Card, Suit
from ..errors import IllegalMove, InvalidMove
from ..game import Game
from ..notation import Move, PileRef
from ..runs import alternating, is_run, run_start

COLUMNS = 8
CELLS = 4
MS_SUITS = (Suit.C, Suit.D, Suit.H, Suit.S)   # Microsoft's deck: AC AD AH AS 2C 2D …


def ms_deal(number: int) -> list[Card]:
    """FC-02: Microsoft FreeCell's deal ``number`` in the order the cards are dealt (card k
    goes to column k mod 8). Microsoft C's ``rand`` seeded with the number: ``seed = seed ×
    214013 + 2531011`` (32 bits), ``rand = (seed >> 16) & 0x7fff``; each card is
    ``deck[rand % cards left]``, which is then swapped with the last card and removed."""
    cards = [Card(r, s) for r in range(1, 14) for s in MS_SUITS]
    seed = number
    out = []
    for left in range(52, 0, -1):
        seed = (seed * 214013 + 2531011) & 0xFFFFFFFF
        j = ((seed >> 16) & 0x7FFF) % left
        cards[j], cards[left - 1] = cards[left - 1], cards[j]
        out.append(cards.pop())
    return out


def is_alternating_run(cards: list[Card]) -> bool:
    """Alternating colours, consecutive descending ranks (FC-03, FC-08)."""
    return is_run(cards, alternating)


def group_limit(free_cells: int, empty_columns: int) -> int:
    """FC-08: (free cells + 1) × 2^(empty columns), the destination column not counted."""
    return (free_cells + 1) << empty_columns


def fits(column: list[Card], card: Card) -> bool:
    """FC-04 / FC-07: any card on an empty column; else opposite colour, one rank lower."""
    return alternating(column[-1], card) if column else True


class FreeCell(Game):
    name = "freecell"
    title = "FreeCell"
    tag = "FC"
    order = 30
    variants = {"S": "Standard"}
    scoring = {"to-foundation": 10, "from-foundation": -10}
    daily_streams = {"S": 5}
    winnable_only = {"S": False}
    difficulty = {"S": "nodes"}
    solver = "freecell"
    undo_rule, tap_rule, double_rule = "FC-14", "FC-11", "FC-12"
    group_rule = "FC-08"
    examples = {"freecell": {"code": "FC1-S-AAAAABO",
                             "moves": "t1-c1 t1-c2 t1-t4 t1:2-t7 t1-c3 t1-t4"}}
    refusals = {
        "FC-03": "only the top card of a column, or a run at the top of it, moves",
        "FC-04": "{card} does not fit on {onto}: opposite colour, one rank lower",
        "FC-05": "a cell holds one card",
        "FC-06": "{card} does not go on that foundation",
        "FC-08": "this run of {count} is too long: {limit} can move with {free_cells} free cells "
                 "and {empty_columns} empty columns",
        "FC-11": "no foundation takes {card}",
        "FC-12": "{card} has nowhere to go",
        "FC-13": "a card taken back from a foundation goes onto a column or into a cell",
        "FC-14": "{reason}",
    }

    def deal(self) -> None:
        """FC-01/FC-02: Microsoft's deal, 52 cards face up round the 8 columns (7, 7, 7, 7,
        6, 6, 6, 6 cards); 4 empty cells and 4 empty foundations."""
        self.columns[:] = [[] for _ in range(COLUMNS)]
        for k, c in enumerate(ms_deal(self.code.number)):
            self.columns[k % COLUMNS].append(c)
        self.down[:] = [0] * COLUMNS
        self.cells[:] = [[] for _ in range(CELLS)]
        self.foundations[:] = [[] for _ in Suit]
        self.found_suits[:] = list(Suit)

    def free_cells(self) -> int:
        return sum(1 for c in self.cells if not c)

    def check(self, m: Move) -> Move:
        if m.dst is None:
            raise InvalidMove("FreeCell has no stock")
        if m.src.kind not in "tcf" or m.dst.kind not in "tcf":
            bad = m.src if m.src.kind not in "tcf" else m.dst
            raise InvalidMove(f"FreeCell has no pile {str(bad)!r}")
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
            raise IllegalMove("FC-13", card=first.text)
        if m.count > 1 and not is_alternating_run(moving):
            raise IllegalMove("FC-03", card=first.text, reason="not-a-run")
        if m.dst.kind == "c":
            if m.count > 1:
                raise IllegalMove("FC-05", reason="one-card")
            empty_cells = [i for i, c in enumerate(self.cells) if not c]
            i = (empty_cells[0] if empty_cells else -1) if m.dst.index < 0 else m.dst.index
            if i < 0 or self.cells[i]:
                raise IllegalMove("FC-05", reason="full")
            return Move(m.src, PileRef("c", i))
        if m.dst.kind == "f":
            f = self.foundations[first.suit]
            need = None if len(f) == KING else Card(len(f) + 1, first.suit).text
            if m.count > 1 or (m.dst.index >= 0 and m.dst.index != first.suit) \
                    or len(f) != first.rank - 1:
                raise IllegalMove("FC-06", card=first.text, need=need)
            return Move(m.src, PileRef("f", int(first.suit)), 1)
        col = self.columns[m.dst.index]
        if not fits(col, first):
            raise IllegalMove("FC-04", card=first.text, onto=col[-1].text)
        if m.count > 1:
            free = self.free_cells()
            empty = sum(1 for column in self.columns if not column)
            limit = group_limit(free, empty - (0 if col else 1))
            if m.count > limit:
                raise IllegalMove("FC-08", count=m.count, limit=limit, free_cells=free,
                                  empty_columns=empty, to_empty=not col,
                                  limit_occupied=group_limit(free, empty))
        return m

    def points(self, m: Move, turned: bool) -> int:
        """FC-16: +10 onto a foundation, −10 a card taken back from one, else 0."""
        assert m.dst is not None   # FreeCell has no stock tap
        if m.dst.kind == "f":
            return 10
        return -10 if m.src.kind == "f" else 0

    # ---- the fast path ---------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.won:
            return []
        out: list[Move] = []
        cols = self.columns
        free_cells = [i for i, c in enumerate(self.cells) if not c]
        nfree = len(free_cells)
        nempty = sum(1 for c in cols if not c)
        sources: list[tuple[PileRef, Card]] = []
        for i, cell in enumerate(self.cells):
            if cell:
                sources.append((PileRef("c", i), cell[0]))
        for i, f in enumerate(self.foundations):
            if f:
                sources.append((PileRef("f", i), f[-1]))
        for i, col in enumerate(cols):
            if not col:
                continue
            ref = PileRef("t", i)
            sources.append((ref, col[-1]))
            for j in range(len(col) - 2, run_start(col, alternating) - 1, -1):  # runs of 2+
                n = len(col) - j
                for d, dcol in enumerate(cols):
                    if d != i and fits(dcol, col[j]) \
                            and n <= group_limit(nfree, nempty - (0 if dcol else 1)):
                        out.append(Move(ref, PileRef("t", d), n))
        for ref, c in sources:
            if ref.kind != "f" and len(self.foundations[c.suit]) == c.rank - 1:
                out.append(Move(ref, PileRef("f", int(c.suit))))
            out.extend(Move(ref, PileRef("c", k)) for k in free_cells)  # FC-05, cell to cell too
            for d, dcol in enumerate(cols):
                if not (ref.kind == "t" and ref.index == d) and fits(dcol, c):
                    out.append(Move(ref, PileRef("t", d)))
        return out

    # ---- double tap (FC-12) ----------------------------------------------------------
    def double_tap(self, ref: PileRef, index: int, tableau: bool = True) -> Move:
        if self.won:
            raise IllegalMove(self.undo_rule, reason="won")
        c, count = self._tapped(ref, index)
        if ref.kind not in "tc":
            raise IllegalMove("FC-12", card=c.text)
        if count > 1 and not is_alternating_run(self.columns[ref.index][index:]):
            raise IllegalMove("FC-03", card=c.text, reason="not-a-run")
        dests = [PileRef("f", -1)] if count == 1 else []
        if tableau:
            dests += self._columns_by_length(ref)
            if count == 1 and ref.kind != "c":
                dests.append(PileRef("c", -1))
            dests += self._empty_columns()[:1]
        m = self._first_legal(ref, count, dests)
        if m is None:  # with the tableau search off, the reminder says so
            raise self._blocked or IllegalMove(
                "FC-12", card=c.text, **({} if tableau else {"reason": "search-off"}))
        return m

    # ---- the Examples page (APP-05): the FC-08 situation --------------------------------
    def example_situation(self) -> dict[str, Any] | None:
        """Exactly 1 empty column, and an alternating run at the top of a column (above other
        cards) longer than the limit into the empty column, (free cells + 1), but no longer
        than the limit onto an occupied column, 2 × (free cells + 1). Returns ``{"rule",
        "column", "index", "count", "to", "limit", "limit_occupied"}`` or None."""
        empties = self._empty_columns()
        if len(empties) != 1:
            return None
        free = self.free_cells()
        into_empty, onto_occupied = group_limit(free, 0), group_limit(free, 1)
        for i, col in enumerate(self.columns):
            j = run_start(col, alternating)
            if col and j > 0 and into_empty < len(col) - j <= onto_occupied:
                return {"rule": "FC-08", "column": i, "index": j, "count": len(col) - j,
                        "to": empties[0].index, "limit": into_empty,
                        "limit_occupied": onto_occupied}
        return None

    def example_words(self, key: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
        """The run tried into the empty column (refused: FC-08's limit), in words."""
        says = [{"key": "example.fc_try", "params": {
            "free_cells": self.free_cells(), "limit": key["limit"],
            "limit_occupied": key["limit_occupied"], "count": key["count"],
            "cards": out["cards"], "from": key["column"] + 1, "to": key["to"] + 1}}]
        return {"limit": key["limit"], "limit_occupied": key["limit_occupied"], "says": says}
