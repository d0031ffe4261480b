"""Seahaven Towers (SH-01 … SH-16): one deck, 10 columns, 4/2/1 cells, build down in suit."""

from __future__ import annotations

from typing import Any

from ..cards import KING, Card, Suit, deck
from ..errors import IllegalMove
from ..notation import Move, PileRef, parse_move
from ..runs import fits_column, in_suit, is_run, run_start
from ..shuffle import deal_seed, shuffle
from .cells import CellGame, group_limit

COLUMNS = 10


def is_suit_run(cards: list[Card]) -> bool:
    """Same suit, consecutive descending ranks (SH-08)."""
    return is_run(cards, in_suit)



class Seahaven(CellGame):
    name = "seahaven-towers"
    title = "Seahaven Towers"
    tag = "SH"
    order = 20
    variants = {"C4": "4 cells", "C2": "2 cells", "C1": "1 cell"}
    scoring = {"to-foundation": 10, "cell-to-column": 5}
    daily_streams = {"C4": 2, "C2": 3, "C1": 4}
    # most deals with 2 or 1 cells cannot be won: "winnable deals only" starts on there
    winnable_only = {"C4": False, "C2": True, "C1": True}
    difficulty = {"C4": "nodes", "C2": "nodes", "C1": "nodes"}
    solver = "seahaven"
    undo_rule, tap_rule, double_rule = "SH-14", "SH-11", "SH-12"
    group_rule = "SH-08"
    examples = {"seahaven": {
        "code": "SH1-C4-AAAAAAI",
        "moves": "t4-f4 t3:2-t6 t7-t9 t7-f4 t1-c3 t4-t1 t8-t4 t2-c4 t2-f4 "
                 "t8-f4 t8-t9 t8-f3 t2-f3 t2-t9 t2-f1 t8-t4 c4-t9"}}
    refusals = {
        "SH-03": "only the top card of a column, or a run at the top of it, moves",
        "SH-04": "{card} does not fit on {onto}: same suit, one rank lower",
        "SH-05": "a cell holds one card",
        "SH-06": "{card} does not go on that foundation",
        "SH-07": "an empty column takes only a King, alone or with its run",
        "SH-08": "this run of {count} is too long: {limit} can move with {free_cells} free cells "
                 "and {empty_columns} empty columns",
        "SH-11": "no foundation takes {card}",
        "SH-12": "{card} has nowhere to go",
        "SH-13": "a card taken back from a foundation goes onto a column or into a cell",
        "SH-14": "{reason}",
    }

    def is_group(self, cards: list[Card]) -> bool:
        return is_suit_run(cards)

    def takes(self, column: list[Card], card: Card) -> bool:
        """SH-04 / SH-07: same suit, one rank lower; an empty column takes a King."""
        return fits_column(column, card, in_suit)

    def deal(self) -> None:
        """SH-01/SH-02: 52 cards face up, 5 to each of 10 columns dealt row by row; cards 50
        and 51 to cells 1 and 2 (with 1 cell, card 51 goes on top of column 2)."""
        cards = shuffle(deck(1), deal_seed("SH", self.code.number))
        self.columns[:] = [[] for _ in range(COLUMNS)]
        for k in range(50):
            self.columns[k % COLUMNS].append(cards[k])
        self.down[:] = [0] * COLUMNS
        n = int(self.code.variant[1:])  # C4, C2, C1
        self.cells[:] = [[] for _ in range(n)]
        self.cells[0].append(cards[50])
        if n >= 2:
            self.cells[1].append(cards[51])
        else:
            self.columns[1].append(cards[51])
        self.foundations[:] = [[] for _ in Suit]
        self.found_suits[:] = list(Suit)

    def points(self, m: Move, turned: bool) -> int:
        """Scoring table of Seahaven: +10 onto a foundation, +5 cell → column, else 0."""
        if m.dst.kind == "f":  # type: ignore[union-attr]
            return 10
        if m.src.kind == "c" and m.dst.kind == "t":  # type: ignore[union-attr]
            return 5
        return 0

    # ---- the fast path ---------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.won:
            return []
        out: list[Move] = []
        cols = self.columns
        free_cells = [i for i, c in enumerate(self.cells) if not c]
        nfree = len(free_cells)
        empties = [i for i, c in enumerate(cols) if not c]
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
            # runs of 2+ cards at the top of the column
            for j in range(len(col) - 2, run_start(col, in_suit) - 1, -1):
                n = len(col) - j
                for d, dcol in enumerate(cols):
                    if d != i and fits_column(dcol, col[j], in_suit) \
                            and n <= group_limit(nfree, len(empties) - (0 if dcol else 1)):
                        out.append(Move(ref, PileRef("t", d), n))
        for ref, c in sources:
            if ref.kind != "f" and len(self.foundations[c.suit]) == c.rank - 1:
                out.append(Move(ref, PileRef("f", int(c.suit))))
            out.extend(Move(ref, PileRef("c", k)) for k in free_cells)  # SH-05, cell to cell too
            for d, dcol in enumerate(cols):
                if not (ref.kind == "t" and ref.index == d) and fits_column(dcol, c, in_suit):
                    out.append(Move(ref, PileRef("t", d)))
        return out

    # ---- double tap (SH-12) ----------------------------------------------------------
    def double_tap(self, ref: PileRef, index: int, tableau: bool = True) -> Move:
        if self.won:
            raise IllegalMove(self.undo_rule, reason="won")
        c, count = self._tapped(ref, index)
        if ref.kind not in "tc":
            raise IllegalMove("SH-12", card=c.text)
        if count > 1 and not is_suit_run(self.columns[ref.index][index:]):
            raise IllegalMove("SH-03", card=c.text, reason="not-a-run")
        dests = [PileRef("f", -1)] if count == 1 else []
        if tableau:
            dests += self._columns_by_length(ref)
            if c.rank == KING:
                dests += self._empty_columns()
            if count == 1 and ref.kind != "c":
                dests.append(PileRef("c", -1))
        m = self._first_legal(ref, count, dests)
        if m is None:  # with the tableau search off, the reminder says so
            raise self._blocked or IllegalMove(
                "SH-12", card=c.text, **({} if tableau else {"reason": "search-off"}))
        return m

    # ---- the Examples page (APP-05): the SH-08 situation --------------------------------
    def example_situation(self) -> dict[str, Any] | None:
        """Exactly 1 free cell, 2 empty columns, and a King-led same-suit run of 5 … 8 cards
        at the top of a column. Returns ``{"rule", "column", "index", "count", "empty",
        "limit", "limit_occupied", "also"}`` (``also``: another run of 5 … 8 that fits on an
        occupied column, as a move, or None) or None."""
        empties = self._empty_columns()
        if self.free_cells() != 1 or len(empties) != 2:
            return None
        for i, col in enumerate(self.columns):
            j = run_start(col, in_suit)
            if col and col[j].rank == KING and 5 <= len(col) - j <= 8:
                return {"rule": "SH-08", "column": i, "index": j, "count": len(col) - j,
                        "empty": empties[0].index, "to": empties[0].index,
                        "limit": group_limit(1, 1),
                        "limit_occupied": group_limit(1, 2), "also": self._also()}
        return None

    def example_words(self, key: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
        """The King-led run tried into an empty column (refused: SH-08's limit), and another
        run that may still go onto an occupied column (``also``), in words."""
        says = [{"key": "example.sh_try", "params": {
            "free_cells": self.free_cells(), "empty_columns": len(self._empty_columns()),
            "limit": key["limit"], "limit_occupied": key["limit_occupied"],
            "count": key["count"], "cards": out["cards"], "from": key["column"] + 1,
            "to": key["to"] + 1}}]
        fields: dict[str, Any] = {"limit": key["limit"], "limit_occupied": key["limit_occupied"]}
        if key.get("also"):
            m = parse_move(key["also"])
            assert m.dst is not None  # a run onto a column
            run = self.pile(m.src)[-m.count:]
            fields["also"] = {"from": str(m.src), "count": m.count, "to": str(m.dst)}
            says.append({"key": "example.sh_also", "params": {
                "cards": [c.text for c in run], "from": m.src.index + 1, "to": m.dst.index + 1,
                "limit_occupied": key["limit_occupied"]}})
        return {**fields, "says": says}

    def _also(self) -> str | None:
        for i, col in enumerate(self.columns):
            for j in range(run_start(col, in_suit), len(col)):
                n = len(col) - j
                if 5 <= n <= 8 and col[j].rank != KING:
                    others = [PileRef("t", k) for k, c in enumerate(self.columns) if c and k != i]
                    m = self._first_legal(PileRef("t", i), n, others)
                    if m is not None:
                        return str(m)
        return None
