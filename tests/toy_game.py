"""A small extra game registered by the tests only (issue 13): one suit, two columns, one
foundation. It proves that a game is one module plus a registry entry: no product file
names it, yet the deal-code reader, the bridge, replay and the page all serve it."""

from __future__ import annotations

from harptowers.engine.cards import Suit, deck
from harptowers.engine.errors import IllegalMove, InvalidMove
from harptowers.engine.game import Game
from harptowers.engine.notation import Move, PileRef
from harptowers.engine.shuffle import deal_seed, shuffle


class ToyPatience(Game):
    """The 13 spades shuffled into two face-up columns (7 and 6); the top card of a column
    goes onto the foundation (Ace up) or onto the other column (any card). Rules TY-01
    (foundation) and TY-02 (a double tap that finds no place)."""

    name = "toy-patience"
    title = "Toy Patience"
    tag = "TY"
    variants = {"N": "Normal"}
    scoring = {"to-foundation": 10}
    daily_streams = {"N": 9}
    winnable_only = {"N": False}
    undo_rule, tap_rule, double_rule = "TY-03", "TY-01", "TY-02"
    total = 13

    def deal(self) -> None:
        cards = shuffle([c for c in deck(1) if c.suit == Suit.S], deal_seed("TY", self.code.number))
        self.columns[:] = [cards[:7], cards[7:]]
        self.down[:] = [0, 0]
        self.foundations[:] = [[]]
        self.found_suits[:] = [Suit.S]

    def check(self, m: Move) -> Move:
        if m.dst is None or m.src.kind != "t" or m.dst.kind not in "tf" or m.count != 1:
            raise InvalidMove(f"not a move of this game: {str(m)!r}")
        src = self.pile(m.src)
        if not src or m.src == m.dst:
            raise InvalidMove(f"nothing to move from {str(m.src)!r}")
        card = src[-1]
        if m.dst.kind == "f":
            if len(self.foundations[0]) != card.rank - 1:
                raise IllegalMove("TY-01", card=card.text)
            return Move(m.src, PileRef("f", 0))
        self.pile(m.dst)
        return m

    def points(self, m: Move, turned: bool) -> int:
        return 10 if m.dst is not None and m.dst.kind == "f" else 0

    def legal_moves(self) -> list[Move]:
        out = []
        for m in (Move(PileRef("t", i), d) for i in (0, 1)
                  for d in (PileRef("f", 0), PileRef("t", 1 - i))):
            try:
                out.append(self.check(m))
            except (IllegalMove, InvalidMove):
                pass
        return [] if self.won else out

    def double_tap(self, ref: PileRef, index: int, tableau: bool = True) -> Move:
        c, _ = self._tapped(ref, index)
        m = self._first_legal(ref, 1, [PileRef("f", -1)] + ([PileRef("t", 1 - ref.index)]
                                                          if tableau else []))
        if m is None:
            raise IllegalMove("TY-02", card=c.text)
        return m


class ToyStock(ToyPatience):
    """The toy with what the first toy skips (issue 37): a stock that draws three with one
    redeal, a face-down card, and a waste whose top card plays. The 13 spades shuffled: t1
    gets cards 0-2 (card 0 face down), t2 cards 3-4, the stock the other 8 (card 12 on top).
    The top card of a column or of the waste goes onto the foundation (Ace up) or onto a
    column (any card). Rules TY-01, TY-02, TY-03 as the first toy's; TY-04 a tap on a stock
    that does nothing."""

    name = "toy-stock"
    title = "Toy Stock"
    tag = "TS"
    hidden = True
    has_stock = True
    draw, redeals = 3, 1
    daily_streams = {"N": 10}
    undo_rule, tap_rule, double_rule, stock_rule = "TS-03", "TS-01", "TS-02", "TS-04"
    examples = {"toy-stock": {"code": "TS1-N-AAAAAAL", "moves": "s"}}   # deal 11, one tap

    def deal(self) -> None:
        cards = shuffle([c for c in deck(1) if c.suit == Suit.S], deal_seed("TS", self.code.number))
        self.columns[:] = [cards[:3], cards[3:5]]
        self.down[:] = [1, 0]
        self.stock[:] = cards[5:]
        self.waste.clear()
        self.foundations[:] = [[]]
        self.found_suits[:] = [Suit.S]

    def check(self, m: Move) -> Move:
        if m.dst is None:
            return self.check_stock(m)
        if m.src.kind not in "tw" or m.dst.kind not in "tf" or m.count != 1:
            raise InvalidMove(f"not a move of this game: {str(m)!r}")
        src = self.pile(m.src)
        if not src or m.src == m.dst or (m.src.kind == "t" and self.face_up(m.src) == 0):
            raise InvalidMove(f"nothing to move from {str(m.src)!r}")
        card = src[-1]
        if m.dst.kind == "f":
            if len(self.foundations[0]) != card.rank - 1:
                raise IllegalMove("TS-01", card=card.text)
            return Move(m.src, PileRef("f", 0))
        self.pile(m.dst)
        return m

    def legal_moves(self) -> list[Move]:
        if self.won:
            return []
        out = []
        srcs = [PileRef("w", 0), PileRef("t", 0), PileRef("t", 1)]
        for m in [Move(PileRef("s", 0), None)] + [Move(s, d) for s in srcs for d in
                                                   (PileRef("f", 0), PileRef("t", 0), PileRef("t", 1))]:
            try:
                out.append(self.check(m))
            except (IllegalMove, InvalidMove):
                pass
        return out

    def double_tap(self, ref: PileRef, index: int, tableau: bool = True) -> Move:
        c, _ = self._tapped(ref, index)
        m = self._first_legal(ref, 1, [PileRef("f", -1)])
        if m is None:
            raise IllegalMove("TS-02", card=c.text)
        return m

    def example_situation(self) -> dict | None:
        """After the first tap: the waste's top card, tried on column 2 (any card fits)."""
        if len(self.waste) != 3 or self.passes:
            return None
        return {"rule": "TS-01", "column": 0, "index": len(self.columns[0]) - 1, "count": 1,
                "to": 1}

    def example_words(self, key: dict, out: dict) -> dict:
        return {"says": [{"key": "example.toy_try", "params": {"card": self.waste[-1].text,
                                                               "cards": out["cards"]}}]}
