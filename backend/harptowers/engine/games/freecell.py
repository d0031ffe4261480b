"""FreeCell (FC-01 … FC-16): one deck, 8 columns, 4 free cells, build down in alternating
colours; the deal number is Microsoft's deal number, dealt as Microsoft FreeCell deals it."""

from __future__ import annotations

from typing import Any

from ..cards import Card, Suit
from ..errors import IllegalMove
from ..notation import Move, PileRef
from ..runs import alternating, is_run, run_start
from .cells import CellGame, group_limit

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



def fits(column: list[Card], card: Card) -> bool:
    """FC-04 / FC-07: any card on an empty column; else opposite colour, one rank lower."""
    return alternating(column[-1], card) if column else True


class FreeCell(CellGame):
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

    def is_group(self, cards: list[Card]) -> bool:
        return is_alternating_run(cards)

    def takes(self, column: list[Card], card: Card) -> bool:
        """FC-04 / FC-07: opposite colour, one rank lower; an empty column takes any card."""
        return fits(column, card)

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
