"""The view model the page draws (docs/bridge.md): a pure function of the session.

Every pile with its cards (a face-down card only as an opaque id), and for every card that
may move now the piles it may go to (``to``, from the engine's ``legal_moves``, like
chessground's ``movable.dests``): the page highlights them and settles a legal drop at once,
and never decides a rule itself. Actions come structured (``action_view``), so the page never
reads move notation.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from . import __version__
from .engine.cards import Card
from .engine.game import Game
from .engine.notation import STOCK, WASTE, Move, PileRef, parse_move
from .engine.registry import catalogue
from .storage.stats import new_records

if TYPE_CHECKING:
    from .session import Session

KIND = {"s": "stock", "w": "waste", "f": "foundation", "c": "cell", "t": "column"}
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


def stock_tap(g: Game) -> dict[str, Any] | None:
    """What a tap on the stock does now, for the page to show at once (EH-11): a draw of the
    top card onto the waste, a redeal of the whole waste, or nothing."""
    if not g.has_stock:
        return None
    if g.stock:
        return {"from": "s", "to": "w", "count": 1}
    return {"from": "w", "to": "s", "count": len(g.waste), "recycle": True} if g.waste else None


def view(s: Session, salt: bytes, rev: int = 0) -> dict[str, Any]:
    """``rev`` orders the answers: a page that drew a newer view ignores an older one."""
    g, rec = s.game, s.rec
    dests = destinations(g)
    piles = []
    for ref in refs(g):
        cards = g.pile(ref) if ref.kind != "s" or g.has_stock else []
        hidden = len(cards) - (g.face_up(ref) if cards else 0)
        out: list[dict[str, Any]] = []
        for i, c in enumerate(cards):
            cid = g.card_id(c)
            if i < hidden:
                # opaque, stable while hidden, and different in every game (no card can be
                # recognised from an earlier deal)
                out.append({"id": "x" + hashlib.blake2s(f"{rec.id}:{cid}".encode(), key=salt,
                                                        digest_size=5).hexdigest(), "up": False})
            else:
                card: dict[str, Any] = {"id": cid, "card": c.text, "up": True}
                to = dests.get((str(ref), i))
                if to:
                    card["to"] = to
                out.append(card)
        pile: dict[str, Any] = {"id": str(ref), "kind": KIND[ref.kind], "cards": out}
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
            "passes": g.passes, "can_undo": bool(g.history), "undo": g.undo_preview(),
            "can_redo": bool(g.undone),
            "deal_of_day": rec.daily, "settings": page_settings(s.settings),
            "elapsed_ms": round(rec.seconds * 1000), "hints": rec.hints,
            "new_records": new_records(s.stats, rec.id) if g.won and s.example is None else [],
            "example": example_view(s), "pending_code": s.pending, "notice": s.notice,
            "catalogue": catalogue(), "piles": piles}


def page_settings(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: settings[k] for k in PAGE_SETTINGS}


def action_view(g: Game, move: Move, *, points: int = 0, turned: Card | None = None,
                undo: bool = False, recycled: bool = False) -> dict[str, Any]:
    """An action as the page animates and announces it: ``{"move", "from", "to", "count",
    "cards": [ids, bottom → top], "points", "turned" (the text of the card a face-down
    card turned up as), "turned_id", "undo"}``; a stock tap is a draw
    (``s`` → ``w``) or, with ``recycled``, a redeal (``w`` → ``s``, every card). With ``undo``
    it is the action taken back, ``from``/``to`` still as it was played; ``g`` is the
    position after the action (or after its undo)."""
    out: dict[str, Any] = {"move": str(move), "points": points, "undo": undo,
                           "turned": turned.text if turned else None,
                           "turned_id": g.card_id(turned) if turned else None}
    if move.dst is None:
        if recycled:
            pile = g.waste if undo else g.stock
            return {**out, "from": "w", "to": "s", "count": len(pile), "recycle": True,
                    "cards": [g.card_id(c) for c in pile]}
        top = g.stock[-1] if undo else g.waste[-1]
        return {**out, "from": "s", "to": "w", "count": 1, "recycle": False,
                "cards": [g.card_id(top)]}
    where = g.pile(move.src) if undo else g.pile(move.dst)
    return {**out, "from": str(move.src), "to": str(move.dst), "count": move.count,
            "cards": [g.card_id(c) for c in where[-move.count:]]}


def example_view(s: Session) -> dict[str, Any] | None:
    ex = s.example
    if ex is None:
        return None
    out = {"name": ex["name"], "step": ex["step"], "total": len(ex["moves"]), "key": None}
    if ex["step"] == len(ex["moves"]):
        key = s.game.example_situation()
        if key:
            col = s.game.columns[key["column"]]
            out["key"] = {
                "rule": key["rule"], "from": f"t{key['column'] + 1}", "index": key["index"],
                "count": key["count"], "cards": [c.text for c in col[key["index"]:]],
                "to": f"t{(key['onto'] if 'onto' in key else key['empty']) + 1}",
                **{k: key[k] for k in ("limit", "limit_occupied") if k in key}}
            if key.get("also"):  # another run that could go to an occupied column
                m = parse_move(key["also"])
                out["key"]["also"] = {"from": str(m.src), "count": m.count, "to": str(m.dst)}
            if "apart" in key:  # the piles the run's cards go to, top card first
                out["key"]["apart"] = [str(parse_move(m).dst) for m in key["apart"]]
    return out
