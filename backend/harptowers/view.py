"""The view model the page draws (docs/bridge.md): a pure function of the session.

Every pile with its cards (a face-down card only as an opaque id), and for every card that
may move now the piles it may go to (``to``, from the engine's ``legal_moves``, like
chessground's ``movable.dests``): the page highlights them and settles a legal drop at once,
and never decides a rule itself. Actions come structured (``action_view``), so the page never
reads move notation.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Protocol, cast

from . import __version__
from .engine import difficulty
from .engine.cards import Card
from .engine.game import Game
from .engine.notation import STOCK, WASTE, Move, PileRef
from .engine.codes import format_code
from .engine.registry import catalogue
from .storage.stats import new_records
from .view_types import (ActionView, CardView, CatalogueEntry, ExampleKey, ExampleView,
                         Notice, PageSettings, PileKind, PileView, StockTap, UndoPreview,
                         ViewModel)

if TYPE_CHECKING:
    from .storage.record import GameRecord


class Session(Protocol):
    """What the view model is made from (session.py's Session; named by its shape, as the
    session imports ``action_view`` from here)."""

    @property
    def game(self) -> Game: ...
    rec: GameRecord
    settings: dict[str, Any]
    stats: dict[str, Any]
    example: dict[str, Any] | None
    pending: str | None
    notice: dict[str, Any] | None

KIND: dict[str, PileKind] = {"s": "stock", "w": "waste", "f": "foundation", "c": "cell", "t": "column"}
PAGE_SETTINGS = {"interactive_rules": bool, "double_click": bool, "four_colour": bool,
                 "large_cards": bool, "language": str, "winnable_only": dict,
                 "deck": str, "card_back": str, "felt": str, "anim_speed": str,
                 "theme": str}


def refs(g: Game) -> list[PileRef]:
    """Every pile of the game, in the order the view lists them."""
    return ([STOCK, WASTE] if g.has_stock else [STOCK]) \
        + [PileRef("f", i) for i in range(len(g.foundations))] \
        + [PileRef("c", i) for i in range(len(g.cells))] \
        + [PileRef("t", i) for i in range(len(g.columns))]


def destinations(g: Game) -> dict[tuple[str, int], list[str]]:
    """(pile id, card index) → the piles the card there (with those above it) may go to."""
    out: dict[tuple[str, int], list[str]] = {}
    for m in g.legal_moves():
        if m.dst is not None:
            key = (str(m.src), len(g.pile(m.src)) - m.count)
            out.setdefault(key, []).append(str(m.dst))
    return out


def stock_tap(g: Game) -> StockTap | None:
    """What a tap on the stock does now, for the page to show at once: a draw of the game's
    ``draw`` top cards (fewer when fewer are left) onto the waste, a redeal of the whole
    waste while the game allows one, or nothing."""
    if not g.has_stock:
        return None
    if g.stock:
        return {"from": "s", "to": "w", "count": min(g.draw, len(g.stock))}
    return {"from": "w", "to": "s", "count": len(g.waste), "recycle": True} \
        if g.can_redeal() else None


def view(s: Session, salt: bytes, rev: int = 0) -> ViewModel:
    """``rev`` orders the answers: a page that drew a newer view ignores an older one."""
    g, rec = s.game, s.rec
    dests = destinations(g)
    piles: list[PileView] = []
    for ref in refs(g):
        cards = g.pile(ref) if ref.kind != "s" or g.has_stock else []
        hidden = len(cards) - (g.face_up(ref) if cards else 0)
        out: list[CardView] = []
        for i, c in enumerate(cards):
            cid = g.card_id(c)
            if i < hidden:
                # opaque, stable while hidden, and different in every game (no card can be
                # recognised from an earlier deal)
                out.append({"id": "x" + hashlib.blake2s(f"{rec.id}:{cid}".encode(), key=salt,
                                                        digest_size=5).hexdigest(), "up": False})
            else:
                card: CardView = {"id": cid, "card": c.text, "up": True}
                to = dests.get((str(ref), i))
                if to:
                    card["to"] = to
                out.append(card)
        pile: PileView = {"id": str(ref), "kind": KIND[ref.kind], "cards": out}
        if ref.kind == "f":
            pile["suit"] = g.found_suits[ref.index].name
        if ref == STOCK and not g.won:
            tap = stock_tap(g)
            if tap:
                pile["tap"] = tap
                pile["taps"] = [list(run) for run in g.stock_taps()]
        piles.append(pile)
    return {"version": __version__, "rev": rev, "game": g.name, "code": str(g.code), "deal": g.code.number,
            "variant": g.code.variant, "score": g.score, "moves": g.moves, "won": g.won,
            "passes": g.passes, "can_undo": bool(g.history),
            "undo": cast(UndoPreview | None, g.undo_preview()),
            "can_redo": bool(g.undone),
            "deal_of_day": rec.daily,
            "difficulty": difficulty.level(g.code.game, g.code.variant, g.code.number),
            "settings": page_settings(s.settings),
            "elapsed_ms": round(rec.seconds * 1000), "hints": rec.hints,
            "new_records": new_records(s.stats, rec.id) if g.won and s.example is None else [],
            "example": example_view(s), "pending_code": s.pending,
            "notice": cast(Notice | None, s.notice),
            "catalogue": catalogue_view(), "piles": piles}


EXAMPLE_DEAL = 5  # the deal number of the example code the New game window shows


def catalogue_view() -> list[CatalogueEntry]:
    """The registry's catalogue, each variant with ``example_code``: a code of that game and
    variant for the New game window's code field."""
    out = cast(list[CatalogueEntry], catalogue())
    for g in out:
        for v in g["variants"]:
            v["example_code"] = format_code(g["game"], v["id"], EXAMPLE_DEAL)
    return out


def page_settings(settings: dict[str, Any]) -> PageSettings:
    return cast(PageSettings, {k: settings[k] for k in PAGE_SETTINGS})


def action_view(g: Game, move: Move, *, points: int = 0, turned: Card | None = None,
                undo: bool = False, recycled: bool = False, drawn: int = 1) -> ActionView:
    """An action as the page animates and announces it: ``{"move", "from", "to", "count",
    "cards": [ids, bottom → top], "points", "turned" (the text of the card a face-down
    card turned up as), "turned_id", "undo"}``; a stock tap is a draw
    (``s`` → ``w``, ``drawn`` cards) or, with ``recycled``, a redeal (``w`` → ``s``, every
    card). With ``undo`` it is the action taken back, ``from``/``to`` still as it was played; ``g`` is the
    position after the action (or after its undo)."""
    recycle: bool | None = None
    if move.dst is None and recycled:
        src, dst, recycle, cards = "w", "s", True, g.waste if undo else g.stock
    elif move.dst is None:
        n = drawn or 1   # bottom → top as on the waste
        src, dst, recycle, cards = "s", "w", False, g.stock[-n:][::-1] if undo else g.waste[-n:]
    else:
        where = g.pile(move.src) if undo else g.pile(move.dst)
        src, dst, cards = str(move.src), str(move.dst), where[-move.count:]
    out: ActionView = {"move": str(move), "from": src, "to": dst, "count": len(cards),
                       "cards": [g.card_id(c) for c in cards], "points": points, "undo": undo,
                       "turned": turned.text if turned else None,
                       "turned_id": g.card_id(turned) if turned else None}
    if recycle is not None:
        out["recycle"] = recycle
    return out


def example_view(s: Session) -> ExampleView | None:
    ex = s.example
    if ex is None:
        return None
    key = s.game.example_key() if ex["step"] == len(ex["moves"]) else None
    return {"name": ex["name"], "step": ex["step"], "total": len(ex["moves"]),
            "key": cast(ExampleKey | None, key)}
