"""What every game shares: the position, the checked and unchecked move paths, history,
undo of 100 actions (EH-18, SH-14), redo (APP-14), score, move counter, and the replay JSON."""

from __future__ import annotations

from collections import deque
from typing import Any, NamedTuple, cast

from .cards import Card, Suit
from .codes import DealCode, parse_code
from . import messages
from .errors import IllegalMove, InvalidMove
from .notation import STOCK, STOCK_TAP, Move, PileRef
from .registry import game_class

HISTORY = 100  # EH-18, SH-14, APP-09


class Action(NamedTuple):
    """An accepted action: the move as applied (``f``/``c`` resolved to a slot), the points
    it added, and the card a face-down card turned up as (EH-08), or None."""

    move: Move
    points: int
    turned: Card | None


class _Record(NamedTuple):
    move: Move
    turned: bool
    score_before: int
    recycled: bool
    drawn: int = 0  # a stock tap: the cards it turned onto the waste


class Game:
    """A game in progress. Each game is one subclass in ``engine/games/`` (listed by
    ``registry``) carrying its rules — ``deal``, ``check`` (the checked path's rule
    predicates), ``points``, ``legal_moves``, ``double_tap`` — and its metadata below.

    Piles: ``columns`` (bottom → top) with ``down[i]`` face-down cards at the bottom of
    column i, ``stock`` and ``waste`` (top = last), ``foundations`` with ``found_suits``,
    ``cells`` (each a list of 0 or 1 card).
    """

    # ---- metadata (registry.py derives codes, storage keys, the page's catalogue from it)
    name = ""            # "klondike": storage keys, the page's catalogue keys
    title = ""           # "Easy Harp": English, for the command line
    tag = ""             # "KL": the deal-code tag, and the prefix of the game's rule ids
    order = 100          # where the page lists it among the games (lower first)
    variants: dict[str, str] = {}   # variant id → English label; the first is the default
    decks = 1            # 2: every card exists twice (card ids get .0 / .1)
    hidden = False       # cards are dealt face down: hints must not see them
    has_stock = False
    draw = 1             # the stock: cards one tap turns onto the waste (the last tap: what is left)
    redeals: int | None = None  # the stock: times the waste may be turned over again (None: always)
    stock_rule = ""      # the rule a tap that does nothing is refused by (EH-11)
    group_rule = ""      # the rule limiting how many cards move together, if any (SH-08)
    refusals: dict[str, str] = {}  # rule id → an English line for the command line (APP-13)
    # the Examples page (APP-04): name → {"code", "moves"}: a real deal and the moves up to a
    # position where ``example_situation`` holds (found by tools/find_examples.py)
    examples: dict[str, dict[str, str]] = {}
    scoring: dict[str, int] = {}    # the scoring table, for docs and the page
    daily_streams: dict[str, int] = {}  # variant → stream of the deal-of-the-day formula
    winnable_only: dict[str, bool] = {}  # variant → default of "winnable deals only"
    difficulty: dict[str, str] = {}  # variant → the measure of its deals' difficulty table
                                     # (engine/difficulty.py: "hint-share" or "nodes")
    solver = ""          # its module in engine/solvers ("" : none; solve and hints say unknown)
    hint_ways = ""       # hidden cards: its module in engine/solvers that weighs ways on across
                         # samples of them (``weigh``); "": the samples are solved whole
    undo_rule = ""       # EH-18 / SH-14
    tap_rule = ""        # EH-14 / SH-11
    double_rule = ""     # EH-15 / SH-12
    redo_rule = "APP-14"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        messages.TEXTS.update(cls.refusals)   # the command line's texts of its refusals

    def __init__(self, code: DealCode) -> None:
        self.code = code
        self.columns: list[list[Card]] = []
        self.down: list[int] = []
        self.stock: list[Card] = []
        self.waste: list[Card] = []
        self.foundations: list[list[Card]] = []
        self.found_suits: list[Suit] = []
        self.cells: list[list[Card]] = []
        self.score = 0
        self.moves = 0
        self.passes = 0
        self.home = 0  # cards on the foundations
        self.history: deque[_Record] = deque(maxlen=HISTORY)
        self.undone: list[Move] = []  # undone moves, the next redo last (APP-14)
        self.deal()
        self._piles = {"t": self.columns, "f": self.foundations, "c": self.cells,
                       "w": [self.waste], "s": [self.stock]}

    def deal(self) -> None:
        raise NotImplementedError

    # ---- looking at the position -------------------------------------------------------
    @property
    def total(self) -> int:
        return 52 * self.decks

    @property
    def won(self) -> bool:
        """All cards on the foundations (EH-12, SH-10)."""
        return self.home == self.total

    def pile(self, ref: PileRef) -> list[Card]:
        """The list behind a pile reference (bottom → top). Raises InvalidMove when this
        game has no such pile."""
        piles = self._piles.get(ref.kind)
        if piles is None or not 0 <= ref.index < len(piles) or (ref.kind in "sw" and not self.has_stock):
            raise InvalidMove(f"{self.title} has no pile {str(ref)!r}")
        return piles[ref.index]

    def face_up(self, ref: PileRef) -> int:
        """How many cards of the pile are face up (columns may hide cards; the stock hides all)."""
        p = self.pile(ref)
        if ref.kind == "t":
            return len(p) - self.down[ref.index]
        return 0 if ref.kind == "s" else len(p)

    def can_redeal(self) -> bool:
        """The stock is empty and the waste may be turned over to be the stock again."""
        return (not self.stock and bool(self.waste)
                and (self.redeals is None or self.passes < self.redeals))

    def stock_draws(self, cards: int) -> list[list[int]]:
        """Runs of draws from a stock of ``cards``: ``[n, k]``, n taps of k cards each."""
        full, rest = divmod(cards, self.draw)
        return [run for run in ([full, self.draw], [1, rest]) if run[0] and run[1]]

    def stock_taps(self) -> list[tuple[str, int, int]]:
        """The taps on the stock from now on, as runs: ``("draw", n, k)`` for n taps that each
        draw k cards, ``("recycle", 1, m)`` for a tap that turns the m waste cards over into the
        stock, up to the end of the next pass (while redeals are left). Empty when a tap does
        nothing."""
        if not self.has_stock:
            return []
        runs = [("draw", n, k) for n, k in self.stock_draws(len(self.stock))]
        total = len(self.stock) + len(self.waste)
        left = None if self.redeals is None else self.redeals - self.passes
        if total and (left is None or left > 0):
            runs += [("recycle", 1, total)] + [("draw", n, k) for n, k in self.stock_draws(total)]
        return runs

    def check_stock(self, m: Move) -> Move:
        """A tap on the stock: accepted when it draws or redeals; refused by ``stock_rule``
        (``reason``: "empty", or "no-redeal" when the redeals are used up) when it does
        nothing. Raises InvalidMove for a move that is not a tap."""
        if m.src != STOCK or m.dst is not None:
            raise InvalidMove(f"not a move: {str(m)!r}")
        if not self.stock and not self.can_redeal():
            raise IllegalMove(self.stock_rule, reason="no-redeal" if self.waste else "empty")
        return m

    def card_id(self, c: Card) -> str:
        """Stable id of a physical card: ``7H.0``/``7H.1`` in Easy Harp, ``7H`` in Seahaven."""
        return f"{c.text}.{c.copy}" if self.decks > 1 else c.text

    # ---- the checked path (bridge, replay) ---------------------------------------------
    def check(self, move: Move) -> Move:
        """The move as it would be applied, with ``f``/``c`` resolved. Raises IllegalMove
        (rule id + params) or InvalidMove. Changes nothing."""
        raise NotImplementedError

    def points(self, move: Move, turned: bool) -> int:
        raise NotImplementedError

    def play(self, move: Move) -> Action:
        """Check and apply one action; one undo step, one move on the counter (APP-02).

        Raises IllegalMove (nothing changed) when the rules refuse it, also for any action
        on a won game (EH-18, SH-14), or InvalidMove when it cannot be read on this position.
        """
        if self.won:
            raise IllegalMove(self.undo_rule, reason="won")
        action = self._step(self.check(move))
        self.moves += 1
        self.undone.clear()  # a new action: nothing left to redo (APP-14)
        return action

    def _step(self, resolved: Move) -> Action:
        before = self.score
        rec = self._apply(resolved)
        self.history.append(rec)
        turned = None
        if rec.turned:
            turned = self.columns[resolved.src.index][-1]
        return Action(resolved, self.score - before, turned)

    def undo(self) -> Move:
        """Undo the last action: position and score exactly as before, the move counter
        unchanged (EH-18, SH-14). Raises IllegalMove when there is nothing to undo."""
        if not self.history:
            raise IllegalMove(self.undo_rule, reason="nothing-to-undo")
        rec = self.history.pop()
        self._undo(rec)
        self.undone.append(rec.move)
        return rec.move

    def undo_preview(self) -> dict[str, Any] | None:
        """What ``undo`` would move, for the page to show at once: ``count`` cards from pile
        ``from`` back onto ``to``; ``down``: they arrive face down (a draw taken back);
        ``hide``: the top card of ``to`` turns face down first (it was turned up by the
        move). None when there is nothing to undo, or for a redeal, whose waste the page
        cannot show before Python does."""
        if not self.history:
            return None
        rec = self.history[-1]
        m = rec.move
        if m.dst is None:
            return None if rec.recycled else {"from": "w", "to": "s", "count": rec.drawn,
                                               "down": True, "hide": False}
        return {"from": str(m.dst), "to": str(m.src), "count": m.count, "down": False,
                "hide": rec.turned}

    def redo(self) -> Action:
        """Play the last undone action again, exactly as it was first played (APP-14): the
        same position, score, turned card and stock order; the move counter unchanged.
        Raises IllegalMove (APP-14) when nothing was undone since the last new action."""
        if not self.undone:
            raise IllegalMove(self.redo_rule, reason="nothing-to-redo")
        return self._step(self.undone.pop())

    def restart(self) -> None:
        """Same deal afresh: score, counter and history empty (EH-18)."""
        self.__init__(self.code)  # type: ignore[misc]

    # ---- the unchecked fast path (search) ----------------------------------------------
    def _apply(self, m: Move) -> _Record:
        before = self.score
        if m.dst is None:
            if self.stock:
                n = min(self.draw, len(self.stock))
                self.waste.extend(self.stock[:-n - 1:-1])
                del self.stock[-n:]
                return _Record(m, False, before, False, n)
            self.stock[:] = self.waste[::-1]
            self.waste.clear()
            self.passes += 1
            return _Record(m, False, before, True)
        src = self._piles[m.src.kind][m.src.index]
        dst = self._piles[m.dst.kind][m.dst.index]
        n = m.count
        dst.extend(src[-n:])
        del src[-n:]
        turned = False
        if m.src.kind == "t":
            i = m.src.index
            if self.down[i] and self.down[i] == len(src):
                self.down[i] -= 1
                turned = True
        if m.dst.kind == "f":
            self.home += n
        elif m.src.kind == "f":
            self.home -= n
        self.score = max(0, before + self.points(m, turned))
        return _Record(m, turned, before, False)

    def _undo(self, rec: _Record) -> None:
        m = rec.move
        self.score = rec.score_before
        if m.dst is None:
            if rec.recycled:
                self.waste[:] = self.stock[::-1]
                self.stock.clear()
                self.passes -= 1
            else:
                self.stock.extend(self.waste[:-rec.drawn - 1:-1])
                del self.waste[-rec.drawn:]
            return
        src = self._piles[m.src.kind][m.src.index]
        dst = self._piles[m.dst.kind][m.dst.index]
        if rec.turned:
            self.down[m.src.index] += 1
        src.extend(dst[-m.count:])
        del dst[-m.count:]
        if m.dst.kind == "f":
            self.home -= m.count
        elif m.src.kind == "f":
            self.home += m.count

    def legal_moves(self) -> list[Move]:
        """Every action ``play`` accepts now, with concrete destinations (no ``f``/``c``)."""
        raise NotImplementedError

    # ---- taps (EH-14/15, SH-11/12, APP-11) ---------------------------------------------
    def _tapped(self, ref: PileRef, index: int) -> tuple[Card, int]:
        """The card tapped and the count of cards from it to the top. Raises InvalidMove."""
        p = self.pile(ref)
        if ref.kind == "s" or not 0 <= index < len(p):
            raise InvalidMove(f"{str(ref)!r} has no card at index {index!r}")
        if index < len(p) - self.face_up(ref):
            raise InvalidMove(f"the card at index {index} of {str(ref)!r} is face down")
        return p[index], len(p) - index

    def tap(self, ref: PileRef, index: int) -> Move:
        """What a single tap on a card does (EH-14, SH-11): the move to a foundation, or the
        stock tap for the stock. Raises IllegalMove (``tap_rule``) when nothing moves."""
        if self.won:
            raise IllegalMove(self.undo_rule, reason="won")
        if ref == STOCK:
            return self.check(STOCK_TAP)
        c, count = self._tapped(ref, index)
        if count != 1 or ref.kind == "f":
            raise IllegalMove(self.tap_rule, card=c.text)
        try:
            return self.check(Move(ref, PileRef("f", -1)))
        except IllegalMove:
            raise IllegalMove(self.tap_rule, card=c.text) from None

    def double_tap(self, ref: PileRef, index: int, tableau: bool = True) -> Move:
        """The move a double tap makes (EH-15, SH-12); with ``tableau`` False (the
        "Double click" setting off) only a foundation is tried. Raises IllegalMove."""
        raise NotImplementedError

    def _first_legal(self, ref: PileRef, count: int, dests: list[PileRef]) -> Move | None:
        """The first destination in order that ``check`` accepts; remembers the first refusal
        by the game's ``group_rule`` (SH-08), to explain why nothing moved."""
        self._blocked: IllegalMove | None = None
        for d in dests:
            try:
                return self.check(Move(ref, d, count))
            except IllegalMove as e:
                if e.rule == self.group_rule and self._blocked is None:
                    self._blocked = e
        return None

    def _columns_by_length(self, own: PileRef) -> list[PileRef]:
        """Occupied columns other than ``own``, longest first, ties leftmost (EH-15, SH-12)."""
        order = sorted((i for i, c in enumerate(self.columns) if c and not (own.kind == "t" and own.index == i)),
                       key=lambda i: (-len(self.columns[i]), i))
        return [PileRef("t", i) for i in order]

    def _empty_columns(self) -> list[PileRef]:
        return [PileRef("t", i) for i, c in enumerate(self.columns) if not c]

    def example_situation(self) -> dict[str, Any] | None:
        """The Examples page's key situation when this position shows it (APP-04, APP-05):
        ``{"rule", "column", "index", "count", "to", …}`` (``to``: the column the run is
        to be tried on), or None. A game without an example has none."""
        return None

    def example_key(self) -> dict[str, Any] | None:
        """The key situation as the page lights it and says it: ``{"rule", "from", "index",
        "count", "cards", "to", "says"}``; ``says`` is a list of texts, each ``{"key": a
        catalogue key, "params": {…}}``, where a string param is a card (``"9C"``), a list
        of strings a run of cards, a list of texts a list said in words, a number a number.
        None when this position does not show it."""
        key = self.example_situation()
        if key is None:
            return None
        col = self.columns[key["column"]]
        out = {"rule": key["rule"], "from": f"t{key['column'] + 1}", "index": key["index"],
               "count": key["count"], "cards": [c.text for c in col[key["index"]:]],
               "to": f"t{key['to'] + 1}"}
        return {**out, **self.example_words(key, out)}

    def example_words(self, key: dict[str, Any], out: dict[str, Any]) -> dict[str, Any]:
        """The game's own fields of ``example_key`` (``key``: the situation, ``out``: the
        fields every game has), with ``says``."""
        return {"says": []}

    # ---- text forms ------------------------------------------------------------------
    def replay_json(self) -> dict[str, Any]:
        """The canonical position (DESIGN.md): piles bottom → top, a face-down card in
        lower case, an empty cell as null."""
        def txt(cards: list[Card], down: int = 0) -> list[str]:
            return [c.text.lower() if i < down else c.text for i, c in enumerate(cards)]
        return {
            "code": str(self.code), "game": self.name, "deal": self.code.number,
            "score": self.score, "moves": self.moves, "won": self.won,
            "stock": txt(self.stock, len(self.stock)), "waste": txt(self.waste),
            "foundations": [txt(f) for f in self.foundations],
            "tableau": [txt(c, d) for c, d in zip(self.columns, self.down)],
            "cells": [c[0].text if c else None for c in self.cells],
        }


def new_game(code: DealCode | str) -> Game:
    """A fresh game for a deal code (a DealCode or any text holding one). Raises InvalidCode."""
    if isinstance(code, str):
        code = parse_code(code)
    return cast(Game, game_class(code.game)(code))
