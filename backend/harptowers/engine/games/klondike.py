"""Klondike (KL-01 … KL-18): one deck, 7 columns, the stock one or three cards a tap."""

from __future__ import annotations

from typing import Any

from ..cards import KING, Card, Suit, deck
from ..errors import IllegalMove, InvalidMove
from ..game import Game
from ..notation import STOCK, Move, PileRef
from ..runs import alternating, fits_column, is_king_led, is_run, run_start
from ..shuffle import deal_seed, shuffle

COLUMNS = 7
DEALT = COLUMNS * (COLUMNS + 1) // 2   # 28 cards on the tableau, 24 in the stock


class Klondike(Game):
    name = "klondike"
    title = "Klondike"
    tag = "KL"
    order = 40
    variants = {"D1": "Draw one", "D3": "Draw three"}
    hidden = True
    has_stock = True
    redeals = None       # KL-10: passes through the stock without limit
    scoring = {"to-foundation": 10, "waste-to-column": 5, "turned-up": 5,
               "foundation-to-column": -15}
    daily_streams = {"D1": 11, "D3": 12}
    winnable_only = {"D1": False, "D3": False}
    # draw three: the hints go round the stock (docs/difficulty.md), so the solver's effort
    difficulty = {"D1": "hint-share", "D3": "nodes"}
    solver = "klondike"
    examples = {"klondike": {"code": "KL1-D1-AAAAAAH", "moves": "t6-f3 t3-t2 t3-t7 t1-t3"}}
    undo_rule, tap_rule, double_rule = "KL-15", "KL-13", "KL-14"
    stock_rule = "KL-10"
    refusals = {
        "KL-04": "{card} does not fit on {onto}: a column takes the opposite colour, one rank lower",
        "KL-05": "only a run in order (colours alternating, one rank lower each) moves together",
        "KL-06": "an empty column takes only a King, alone or leading its run",
        "KL-07": "only the top card of the waste plays",
        "KL-09": "{card} does not go on that foundation",
        "KL-10": "the stock and the waste only feed each other",
        "KL-11": "a card taken back from a foundation goes onto a column",
        "KL-13": "no foundation takes {card}",
        "KL-14": "{card} has nowhere to go",
        "KL-15": "{reason}",
    }

    def deal(self) -> None:
        """KL-01 … KL-03: 52 cards shuffled; columns of 1 … 7 dealt row by row, only the last
        card of each face up; the other 24 form the stock, card 28 drawn first. KL-10: the
        variant says how many cards a tap draws."""
        cards = shuffle(deck(1), deal_seed("KL", self.code.number))
        self.draw = 3 if self.code.variant == "D3" else 1
        self.columns[:] = [[] for _ in range(COLUMNS)]
        k = 0
        for row in range(COLUMNS):
            for col in range(row, COLUMNS):
                self.columns[col].append(cards[k])
                k += 1
        self.down[:] = list(range(COLUMNS))
        self.stock[:] = cards[DEALT:][::-1]
        self.waste.clear()
        self.foundations[:] = [[] for _ in Suit]
        self.found_suits[:] = list(Suit)

    # ---- rule predicates ---------------------------------------------------------------
    def _need(self, c: Card) -> str | None:
        f = self.foundations[c.suit]
        return None if len(f) == KING else Card(len(f) + 1, c.suit).text

    def check(self, m: Move) -> Move:
        if m.dst is None:
            return self.check_stock(m)  # KL-10
        if m.src.kind not in "twf":
            raise InvalidMove(f"cards do not move from {str(m.src)!r} in Klondike (tap the stock: 's')")
        if m.dst.kind == "c":
            raise InvalidMove("Klondike has no cells")
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
            raise IllegalMove("KL-07")
        if m.src.kind == "f" and (m.dst.kind != "t" or m.count > 1):
            raise IllegalMove("KL-11", card=first.text)
        if m.dst.kind in "sw":
            raise IllegalMove("KL-10", reason="no-drop")
        if m.count > 1 and not is_run(moving, alternating):
            raise IllegalMove("KL-05", card=first.text, count=m.count)
        if m.dst.kind == "f":
            if m.count > 1 or (m.dst.index >= 0 and m.dst.index != first.suit) \
                    or len(self.foundations[first.suit]) != first.rank - 1:
                raise IllegalMove("KL-09", card=first.text, need=self._need(first))
            return Move(m.src, PileRef("f", int(first.suit)))
        col = self.columns[m.dst.index]
        if not fits_column(col, first, alternating):
            if not col:
                raise IllegalMove("KL-06", card=first.text)
            raise IllegalMove("KL-04", card=first.text, onto=col[-1].text)
        return m

    def points(self, m: Move, turned: bool) -> int:
        """KL-17: +10 onto a foundation, +5 waste → column, +5 a card turned face up,
        −15 a card taken back from a foundation; everything else 0."""
        p = 5 if turned else 0
        if m.dst is None:
            return p
        if m.dst.kind == "f":
            return p + 10
        if m.src.kind == "w":
            return p + 5
        if m.src.kind == "f":
            return p - 15
        return p

    # ---- the fast path ---------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self.won:
            return []
        out: list[Move] = []
        if self.stock or self.waste:
            out.append(Move(STOCK, None))
        cols = self.columns
        sources: list[tuple[PileRef, Card]] = []
        if self.waste:
            sources.append((PileRef("w"), self.waste[-1]))
        for i, f in enumerate(self.foundations):
            if f:
                sources.append((PileRef("f", i), f[-1]))
        for i, col in enumerate(cols):
            if not col:
                continue
            ref = PileRef("t", i)
            sources.append((ref, col[-1]))
            for j in range(len(col) - 2, run_start(col, alternating, self.down[i]) - 1, -1):
                for d, dcol in enumerate(cols):
                    if d != i and fits_column(dcol, col[j], alternating):
                        out.append(Move(ref, PileRef("t", d), len(col) - j))
        for ref, c in sources:
            if ref.kind != "f" and len(self.foundations[c.suit]) == c.rank - 1:
                out.append(Move(ref, PileRef("f", int(c.suit))))
            for d, dcol in enumerate(cols):
                if not (ref.kind == "t" and ref.index == d) and fits_column(dcol, c, alternating):
                    out.append(Move(ref, PileRef("t", d)))
        return out

    # ---- double tap (KL-14) ----------------------------------------------------------
    def double_tap(self, ref: PileRef, index: int, tableau: bool = True) -> Move:
        if self.won:
            raise IllegalMove(self.undo_rule, reason="won")
        if ref == STOCK:
            return self.check(Move(STOCK, None))
        c, count = self._tapped(ref, index)
        if ref.kind not in "tw" or (ref.kind == "w" and count > 1):
            raise IllegalMove("KL-14", card=c.text)
        if count > 1 and not is_run(self.columns[ref.index][index:], alternating):
            raise IllegalMove("KL-05", card=c.text, count=count)
        alone_at_foot = ref.kind == "t" and index == 0     # a King there stays where it is
        dests = [PileRef("f", -1)] if count == 1 else []
        if tableau:
            dests += self._columns_by_length(ref)
            if c.rank == KING and not alone_at_foot:
                dests += self._empty_columns()
        m = self._first_legal(ref, count, dests)
        if m is None:  # with the tableau search off, the reminder says so
            raise IllegalMove("KL-14", card=c.text, **({} if tableau else {"reason": "search-off"}))
        return m

    # ---- the Examples page (APP-04): a King-led run into an empty column (KL-06) ------
    def example_situation(self) -> dict[str, Any] | None:
        """An empty column and, above face-down cards, a face-up King-led run of 2+ cards:
        ``{"rule", "column", "index", "count", "to"}`` or None."""
        empties = self._empty_columns()
        if not empties:
            return None
        for i, col in enumerate(self.columns):
            j = self.down[i]
            if j and len(col) - j >= 2 and is_king_led(col[j:], alternating):
                return {"rule": "KL-06", "column": i, "index": j, "count": len(col) - j,
                        "to": empties[0].index}
        return None

    def example_words(self, key: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
        """The King-led run dragged into the empty column; the card under it turns up."""
        return {"says": [{"key": "example.kl_try", "params": {
            "cards": out["cards"], "from": key["column"] + 1, "to": key["to"] + 1}}]}


__all__ = ["Klondike"]
