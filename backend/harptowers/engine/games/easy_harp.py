"""Easy Harp (EH-01 … EH-21): two decks, 9 columns, one card moves at a time."""

from __future__ import annotations

from typing import Any

from ..cards import KING, Card, Suit, deck
from ..errors import IllegalMove, InvalidMove
from ..game import Game
from ..notation import STOCK, Move, PileRef, parse_move
from ..runs import alternating, fits_column, is_king_led, run_start
from ..shuffle import deal_seed, shuffle

COLUMNS = 9
FOUNDATION_SUITS = [Suit.S, Suit.S, Suit.H, Suit.H, Suit.D, Suit.D, Suit.C, Suit.C]  # EH-09


def is_king_led_run(cards: list[Card]) -> bool:
    """A King followed by alternating colours and descending ranks (EH-06)."""
    return is_king_led(cards, alternating)


class EasyHarp(Game):
    name = "easy-harp"
    title = "Easy Harp"
    tag = "EH"
    order = 10
    variants = {"N": "Normal"}
    decks = 2
    hidden = True
    has_stock = True
    scoring = {"to-foundation": 10, "waste-to-column": 5, "turned-up": 5}
    daily_streams = {"N": 1}
    winnable_only = {"N": False}
    # the hints are too slow to follow on enough layouts yet: the solver's effort for now
    difficulty = {"N": "nodes"}
    solver = "easy_harp"
    hint_ways = "harp_ways"
    examples = {"easy-harp": {"code": "EH1-N-AAAAAK2", "moves": "t3-f5 t4-f6 t5-t3 t6-t3"}}
    undo_rule, tap_rule, double_rule = "EH-18", "EH-14", "EH-15"
    stock_rule = "EH-11"  # one card a tap (draw = 1), redeals without limit (redeals = None)
    refusals = {
        "EH-04": "{card} does not fit on {onto}: a column takes the opposite colour, one rank lower",
        "EH-05": "only one card moves at a time: take the run of {count} apart, top card first",
        "EH-06": "an empty column takes only a King (or a King-led run), and a King-led run "
                 "goes only into an empty column",
        "EH-07": "only the top card of the waste plays",
        "EH-09": "{card} does not go on that foundation",
        "EH-11": "the stock and the waste only feed each other",
        "EH-14": "no foundation takes {card}",
        "EH-15": "{card} has nowhere to go",
        "EH-17": "a card taken back from a foundation goes onto a column",
        "EH-18": "{reason}",
    }

    def deal(self) -> None:
        """EH-01 … EH-03: 104 cards shuffled; columns of 1 … 9 dealt row by row, only the last
        card of each face up; the other 59 form the stock, deck[45] drawn first."""
        cards = shuffle(deck(2), deal_seed("EH", self.code.number))
        self.columns[:] = [[] for _ in range(COLUMNS)]
        k = 0
        for row in range(COLUMNS):
            for col in range(row, COLUMNS):
                self.columns[col].append(cards[k])
                k += 1
        self.down[:] = list(range(COLUMNS))
        self.stock[:] = cards[k:][::-1]
        self.waste.clear()
        self.foundations[:] = [[] for _ in FOUNDATION_SUITS]
        self.found_suits[:] = FOUNDATION_SUITS

    # ---- rule predicates ---------------------------------------------------------------
    def foundation_accepts(self, i: int, c: Card) -> bool:
        """EH-09: the slot's own suit, Ace on an empty slot, then one rank up."""
        f = self.foundations[i]
        return self.found_suits[i] == c.suit and (f[-1].rank if f else 0) == c.rank - 1

    def _need(self, c: Card, slot: int) -> str | None:
        """The card foundation ``slot`` wants next (-1: the first of the card's suit that is
        not full), or None when it is full."""
        if slot < 0:
            slot = next((i for i, s in enumerate(self.found_suits)
                         if s == c.suit and len(self.foundations[i]) < KING), -1)
        if slot < 0 or len(self.foundations[slot]) == KING:
            return None
        return Card(len(self.foundations[slot]) + 1, self.found_suits[slot]).text

    def check(self, m: Move) -> Move:
        if m.dst is None:
            return self.check_stock(m)  # EH-11: an empty stock and waste: nothing happens
        if m.src.kind not in "twf":
            raise InvalidMove(f"cards do not move from {str(m.src)!r} in Easy Harp (tap the stock: 's')")
        if m.dst.kind == "c":
            raise InvalidMove("Easy Harp has no cells")
        src = self.pile(m.src)
        if m.dst.index >= 0 or m.dst.kind in "sw":
            self.pile(m.dst)
        if m.src == m.dst:
            raise InvalidMove(f"{str(m.src)!r} cannot move onto itself")
        if not 1 <= m.count <= self.face_up(m.src):
            raise InvalidMove(f"{str(m.src)!r} has {self.face_up(m.src)} face-up cards, not {m.count}")
        moving = src[-m.count:]
        first = moving[0]
        if m.src.kind == "w" and m.count > 1:
            raise IllegalMove("EH-07")
        if m.src.kind == "f" and m.dst.kind != "t":
            raise IllegalMove("EH-17", card=first.text)
        if m.dst.kind in "sw":
            raise IllegalMove("EH-11", reason="no-drop")
        if m.count > 1:
            if m.src.kind == "t" and is_king_led_run(moving):
                if m.dst.kind == "t" and not self.columns[m.dst.index]:
                    return m
                raise IllegalMove("EH-06", card=first.text, reason="run-not-to-empty")
            raise IllegalMove("EH-05", count=m.count)
        if m.dst.kind == "f":
            slots = range(len(self.foundations)) if m.dst.index < 0 else [m.dst.index]
            for i in slots:
                if self.foundation_accepts(i, first):
                    return Move(m.src, PileRef("f", i))
            raise IllegalMove("EH-09", card=first.text, need=self._need(first, m.dst.index))
        col = self.columns[m.dst.index]
        if not fits_column(col, first, alternating):
            if not col:
                raise IllegalMove("EH-06", card=first.text, reason="not-king")
            raise IllegalMove("EH-04", card=first.text, onto=col[-1].text)
        return m

    def points(self, m: Move, turned: bool) -> int:
        """Scoring table of Easy Harp: +10 onto a foundation, +5 waste → column, +5 a card
        turned face up; everything else 0."""
        p = 5 if turned else 0
        if m.dst is None:
            return p
        if m.dst.kind == "f":
            return p + 10
        if m.src.kind == "w":
            return p + 5
        return p

    # ---- the fast path ---------------------------------------------------------------
    def _top_run_start(self, i: int) -> int:
        """Index where the alternating descending run at the top of column i starts."""
        return run_start(self.columns[i], alternating, self.down[i])

    def legal_moves(self) -> list[Move]:
        if self.won:
            return []
        out: list[Move] = []
        if self.stock or self.waste:
            out.append(Move(STOCK, None))
        empties = [i for i, c in enumerate(self.columns) if not c]
        sources: list[tuple[PileRef, Card]] = []
        if self.waste:
            sources.append((PileRef("w"), self.waste[-1]))
        for i, column in enumerate(self.columns):
            if column:
                sources.append((PileRef("t", i), column[-1]))
        for i, f in enumerate(self.foundations):
            if f:
                sources.append((PileRef("f", i), f[-1]))
        for ref, c in sources:
            if ref.kind != "f":
                for i in range(len(self.foundations)):
                    if self.foundation_accepts(i, c):
                        out.append(Move(ref, PileRef("f", i)))
            for i, col in enumerate(self.columns):
                if not (ref.kind == "t" and ref.index == i) and fits_column(col, c, alternating):
                    out.append(Move(ref, PileRef("t", i)))
        if empties:
            for i, col in enumerate(self.columns):
                if len(col) > 1:
                    j = self._top_run_start(i)
                    if col[j].rank == KING and j < len(col) - 1:
                        for e in empties:
                            out.append(Move(PileRef("t", i), PileRef("t", e), len(col) - j))
        return out

    # ---- double tap (EH-15) ----------------------------------------------------------
    def double_tap(self, ref: PileRef, index: int, tableau: bool = True) -> Move:
        if self.won:
            raise IllegalMove(self.undo_rule, reason="won")
        if ref == STOCK:
            return self.check(Move(STOCK, None))
        c, count = self._tapped(ref, index)
        if ref.kind not in "tw" or (ref.kind == "w" and count > 1):
            raise IllegalMove("EH-15", card=c.text)
        alone_at_foot = ref.kind == "t" and index == 0 and count == 1  # EH-15: it stays
        if count > 1:
            moving = self.columns[ref.index][index:]
            if not is_king_led_run(moving):
                raise IllegalMove("EH-05", count=count)
            if not tableau:
                raise IllegalMove("EH-15", card=c.text)
            m = self._first_legal(ref, count, self._empty_columns())
            if m is None:
                raise IllegalMove("EH-15", card=c.text)
            return m
        m = self._first_legal(ref, 1, [PileRef("f", -1)])
        if m is None and tableau:
            dests = self._columns_by_length(ref)
            if c.rank == KING and not alone_at_foot:
                dests += self._empty_columns()
            m = self._first_legal(ref, 1, dests)
        if m is None:  # with the tableau search off, the reminder says so
            raise IllegalMove("EH-15", card=c.text, **({} if tableau else {"reason": "search-off"}))
        return m

    # ---- the Examples page (APP-04): the EH-05 situation --------------------------------
    def example_situation(self) -> dict[str, Any] | None:
        """A column whose top holds an ordered run of 3+ face-up cards (not King-led) whose
        first card fits on another column, and which can be taken apart card by card, top
        card first, each to a legal place, ending with the first card on that column.
        Returns ``{"rule", "column", "index", "count", "onto", "apart": [moves]}`` or None.
        The position is left as it was."""
        for i, col in enumerate(self.columns):
            if not col:
                continue
            j = self._top_run_start(i)
            count, first = len(col) - j, col[j]
            if count < 3 or first.rank == KING:
                continue
            for k, other in enumerate(self.columns):
                if k == i or not other or not alternating(other[-1], first):
                    continue
                apart = self._take_apart(i, count, k)
                if apart:
                    return {"rule": "EH-05", "column": i, "index": j, "count": count,
                            "onto": k, "to": k, "apart": apart}
        return None

    def example_words(self, key: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
        """The run tried whole (refused: one card at a time), then taken apart card by card,
        each to the pile ``apart`` names: ``{"apart": [pile ids], "says": [...]}``."""
        tops = {f"t{i + 1}": (c[-1].text if c else None) for i, c in enumerate(self.columns)}
        steps, piles = [], []
        for n, text in enumerate(key["apart"]):
            dst = str(parse_move(text).dst)
            card = out["cards"][-1 - n]
            if dst.startswith("f"):
                steps.append({"key": "example.eh_to_foundation", "params": {"card": card}})
            elif tops.get(dst) is None:
                steps.append({"key": "example.eh_to_empty",
                              "params": {"card": card, "n": int(dst[1:])}})
            else:
                steps.append({"key": "example.eh_to_column",
                              "params": {"card": card, "onto": tops[dst], "n": int(dst[1:])}})
            tops[dst] = card
            piles.append(dst)
        says: list[dict[str, Any]] = [{"key": "example.eh_try", "params": {
            "cards": out["cards"], "from": key["column"] + 1,
            "onto": self.columns[key["to"]][-1].text, "to": key["to"] + 1}}]
        if steps:
            says.append({"key": "example.eh_apart", "params": {"steps": steps}})
        return {"apart": piles, "says": says}

    def _take_apart(self, i: int, count: int, k: int) -> list[str] | None:
        done = []
        try:
            for step in range(count):
                dests = [PileRef("t", k)] if step == count - 1 else [PileRef("f", -1)] + [
                    PileRef("t", d) for d in range(len(self.columns)) if d not in (i, k)]
                m = self._first_legal(PileRef("t", i), 1, dests)
                if m is None:
                    return None
                done.append(self._apply(m))
            return [str(r.move) for r in done]
        finally:
            for r in reversed(done):
                self._undo(r)


__all__ = ["EasyHarp", "is_king_led_run"]
