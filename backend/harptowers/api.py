"""The bridge facade exposed to the page (docs/bridge.md): thin, locked, JSON in and out.

pywebview walks an exposed object's public attributes into JS, so the engine and the
session live in ``_private`` attributes and only the game methods are public.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from datetime import date
from typing import Any, Callable

from . import __version__, examples
from .engine import DealCode, IllegalMove, InvalidCode, InvalidMove, new_game, parse_code, parse_moves
from .engine.codes import VARIANTS, deal_of_the_day
from .engine.game import Game
from .engine.notation import STOCK, STOCK_TAP, Move, PileRef, parse_pile

DEFAULT_SETTINGS = {"interactive_rules": True, "double_click": True, "four_colour": False,
                    "language": "en"}
_SETTING_TYPES = {"interactive_rules": bool, "double_click": bool, "four_colour": bool,
                  "language": str}
_KIND = {"s": "stock", "w": "waste", "f": "foundation", "c": "cell", "t": "column"}


class BadArgument(ValueError):
    """A malformed bridge call: the page sent something no player action can produce."""


class Api:
    """Every player action is one method; each returns the whole view model (docs/bridge.md).

    ``today`` gives the player's local date (injected in tests); ``on_change`` is called after
    every accepted action, outside the lock, with no arguments (autosave hooks in there).
    """

    def __init__(self, code: str | None = None, *, today: Callable[[], date] = date.today,
                 on_change: Callable[[], None] | None = None) -> None:
        self._lock = threading.Lock()
        self._today = today
        self._on_change = on_change
        self._settings = dict(DEFAULT_SETTINGS)
        self._salt = secrets.token_bytes(8)
        self._daily = False
        self._elapsed_ms = 0
        self._example: dict[str, Any] | None = None  # the sandbox of the Examples page
        self._stash: tuple[Game, bool, int] | None = None  # the player's game meanwhile
        self._game: Game = new_game(parse_code(code) if code else DealCode("easy-harp", "N", 1))

    # ---- plumbing --------------------------------------------------------------------
    def _call(self, action: Callable[[], dict[str, Any] | None]) -> dict[str, Any]:
        changed = False
        with self._lock:
            try:
                extra = action() or {}
                changed = extra.pop("_changed", False)
                answer = {"ok": True, **extra}
            except IllegalMove as e:
                answer = {"ok": False, "refusal": {"rule": e.rule, "params": e.params}}
            except InvalidCode as e:
                answer = {"ok": False, "error": {"code": "invalid-code", "message": str(e),
                                                 "reason": e.reason, "part": e.part}}
            except (BadArgument, InvalidMove) as e:
                code = "bad-argument" if isinstance(e, BadArgument) else "invalid-move"
                answer = {"ok": False, "error": {"code": code, "message": str(e)}}
            answer["state"] = self._view()
        if changed and self._on_change:
            self._on_change()
        return answer

    @staticmethod
    def _args(a: Any, **types: type) -> dict[str, Any]:
        if a is None:
            a = {}
        if not isinstance(a, dict):
            raise BadArgument(f"expected an object, got {type(a).__name__}")
        unknown = set(a) - set(types)
        if unknown:
            raise BadArgument(f"unknown argument {sorted(unknown)[0]!r}")
        for k, t in types.items():
            if k in a and (not isinstance(a[k], t) or (t is int and isinstance(a[k], bool))):
                raise BadArgument(f"{k!r} must be {t.__name__}, got {a[k]!r}")
        return a

    def _ref(self, a: dict[str, Any], key: str, any_ok: bool = False) -> PileRef:
        if key not in a:
            raise BadArgument(f"missing {key!r}")
        try:
            ref = parse_pile(a[key], any_ok=any_ok)
        except InvalidMove as e:
            raise BadArgument(str(e)) from None
        if ref.index >= 0:
            self._game.pile(ref)  # unknown piles of this game: InvalidMove
        return ref

    def _index(self, a: dict[str, Any], ref: PileRef) -> int:
        if "index" not in a:
            raise BadArgument("missing 'index'")
        n = len(self._game.pile(ref))
        if not 0 <= a["index"] < n:
            raise BadArgument(f"index {a['index']} is outside {str(ref)!r} ({n} cards)")
        return a["index"]

    def _do(self, move: Move) -> dict[str, Any]:
        act = self._game.play(move)
        return {"action": {"move": str(act.move), "points": act.points,
                           "turned": act.turned.text if act.turned else None},
                "_changed": True}

    def _view(self) -> dict[str, Any]:
        g = self._game
        piles = []
        refs = ([STOCK, PileRef("w")] if g.has_stock else [STOCK]) \
            + [PileRef("f", i) for i in range(len(g.foundations))] \
            + [PileRef("c", i) for i in range(len(g.cells))] \
            + [PileRef("t", i) for i in range(len(g.columns))]
        for ref in refs:
            cards = g.pile(ref) if ref.kind != "s" or g.has_stock else []
            hidden = len(cards) - (g.face_up(ref) if cards else 0)
            out = []
            for i, c in enumerate(cards):
                cid = g.card_id(c)
                if i < hidden:
                    out.append({"id": "x" + hashlib.blake2s(cid.encode(), key=self._salt,
                                                            digest_size=5).hexdigest(), "up": False})
                else:
                    out.append({"id": cid, "card": c.text, "up": True})
            pile = {"id": str(ref), "kind": _KIND[ref.kind], "cards": out}
            if ref.kind == "f":
                pile["suit"] = g.found_suits[ref.index].name
            piles.append(pile)
        view = {"version": __version__, "game": g.name, "code": str(g.code), "deal": g.code.number,
                "variant": g.code.variant, "score": g.score, "moves": g.moves, "won": g.won,
                "passes": g.passes, "can_undo": bool(g.history), "deal_of_day": self._daily,
                "settings": dict(self._settings), "elapsed_ms": self._elapsed_ms,
                "example": self._example_view(), "piles": piles}
        return view

    def _example_view(self) -> dict[str, Any] | None:
        ex = self._example
        if ex is None:
            return None
        out = {"name": ex["name"], "step": ex["step"], "total": len(ex["moves"]), "key": None}
        if ex["step"] == len(ex["moves"]):
            key = (examples.harp_run if ex["name"] == "easy-harp" else examples.seahaven_run)(self._game)
            if key:
                g = self._game
                col = g.columns[key["column"]]
                out["key"] = {
                    "rule": "EH-05" if ex["name"] == "easy-harp" else "SH-08",
                    "from": f"t{key['column'] + 1}", "index": key["index"], "count": key["count"],
                    "cards": [c.text for c in col[key["index"]:]],
                    "to": f"t{(key['onto'] if 'onto' in key else key['empty']) + 1}",
                    **{k: key[k] for k in ("apart", "limit", "limit_occupied", "also") if k in key}}
        return out

    # ---- the bridge --------------------------------------------------------------------
    def state(self, a: Any = None) -> dict[str, Any]:
        """The current view model; changes nothing."""
        return self._call(lambda: self._args(a) and None)

    def new_game(self, a: Any = None) -> dict[str, Any]:
        """Start a deal: ``{"code": text}`` or ``{"game", "variant", "mode": new|daily|same}``.
        A bad code is an error and the current game is untouched (APP-07)."""
        def run() -> dict[str, Any]:
            args = self._args(a, code=str, game=str, variant=str, mode=str)
            g = self._game
            if "code" in args:
                code = parse_code(args["code"], g.code.game, g.code.variant)
                daily = False
            else:
                game = args.get("game", g.code.game)
                if game not in VARIANTS:
                    raise BadArgument(f"unknown game {game!r}")
                variant = args.get("variant", g.code.variant if game == g.code.game
                                   else VARIANTS[game][0])
                if variant not in VARIANTS[game]:
                    raise BadArgument(f"unknown variant {variant!r} for {game}")
                mode = args.get("mode", "new")
                if mode == "new":
                    code, daily = DealCode(game, variant, secrets.randbelow(999_999) + 1), False
                elif mode == "daily":
                    code, daily = deal_of_the_day(game, variant, self._today()), True
                elif mode == "same":
                    code, daily = DealCode(game, variant, g.code.number), self._daily
                else:
                    raise BadArgument(f"unknown mode {mode!r} (new, daily, same)")
            self._game, self._daily = new_game(code), daily
            return {"_changed": True}
        return self._call(run)

    def play(self, a: Any = None) -> dict[str, Any]:
        """Move the card at ``index`` of pile ``from`` (and all above it) onto ``to``."""
        def run() -> dict[str, Any]:
            args = self._args(a, **{"from": str, "index": int, "to": str})
            src = self._ref(args, "from")
            index = self._index(args, src)
            dst = self._ref(args, "to", any_ok=True)
            return self._do(Move(src, dst, len(self._game.pile(src)) - index))
        return self._call(run)

    def tap(self, a: Any = None) -> dict[str, Any]:
        """A single tap on a card (EH-14, SH-11)."""
        def run() -> dict[str, Any]:
            args = self._args(a, pile=str, index=int)
            ref = self._ref(args, "pile")
            if ref == STOCK:
                return self._do(STOCK_TAP)
            return self._do(self._game.tap(ref, self._index(args, ref)))
        return self._call(run)

    def double_tap(self, a: Any = None) -> dict[str, Any]:
        """A double tap on a card (EH-15, SH-12), honouring the "double_click" setting."""
        def run() -> dict[str, Any]:
            args = self._args(a, pile=str, index=int)
            ref = self._ref(args, "pile")
            if ref == STOCK:
                return self._do(STOCK_TAP)
            index = self._index(args, ref)
            return self._do(self._game.double_tap(ref, index, self._settings["double_click"]))
        return self._call(run)

    def stock(self, a: Any = None) -> dict[str, Any]:
        """Tap the stock: draw one card, or redeal when it is empty (EH-11)."""
        return self._call(lambda: self._args(a) and None or self._do(STOCK_TAP))

    def undo(self, a: Any = None) -> dict[str, Any]:
        """Undo the last action (EH-18, SH-14)."""
        def run() -> dict[str, Any]:
            self._args(a)
            return {"action": {"move": str(self._game.undo()), "undo": True}, "_changed": True}
        return self._call(run)

    def targets(self, a: Any = None) -> dict[str, Any]:
        """The piles that would accept the card at ``index`` of ``pile`` and those above it."""
        def run() -> dict[str, Any]:
            args = self._args(a, pile=str, index=int)
            g = self._game
            src = self._ref(args, "pile")
            count = len(g.pile(src)) - self._index(args, src)
            out = []
            if not g.won and src != STOCK:
                for kind, piles in (("f", g.foundations), ("c", g.cells), ("t", g.columns)):
                    for i in range(len(piles)):
                        dst = PileRef(kind, i)
                        if dst == src:
                            continue
                        try:
                            g.check(Move(src, dst, count))
                            out.append(str(dst))
                        except (IllegalMove, InvalidMove):
                            pass
            return {"targets": out}
        return self._call(run)

    def settings(self, a: Any = None) -> dict[str, Any]:
        """Read (``{}``) or change settings (APP-06)."""
        def run() -> dict[str, Any]:
            args = self._args(a, **_SETTING_TYPES)
            changed = bool(args)
            self._settings.update(args)
            return {"settings": dict(self._settings), "_changed": changed}
        return self._call(run)

    # ---- the Examples page (APP-04, APP-05): a sandbox, never saved over the player's game
    def examples(self, a: Any = None) -> dict[str, Any]:
        """The examples: ``{"examples": [{"name", "code", "total"}]}``."""
        def run() -> dict[str, Any]:
            self._args(a)
            data = examples.load_plain()
            return {"examples": [{"name": k, "code": v["code"], "total": len(v["moves"].split())}
                                 for k, v in data.items()]}
        return self._call(run)

    def open_example(self, a: Any = None) -> dict[str, Any]:
        """Start an example (``{"name": "easy-harp" | "seahaven"}``) at its deal; the player's
        game waits aside until ``leave_example``. ``example_step`` plays the recorded moves."""
        def run() -> dict[str, Any]:
            args = self._args(a, name=str)
            data = examples.load_plain()
            if args.get("name") not in data:
                raise BadArgument(f"unknown example {args.get('name')!r}")
            ex = data[args["name"]]
            if self._stash is None:
                self._stash = (self._game, self._daily, self._elapsed_ms)
            self._game, self._daily, self._elapsed_ms = new_game(ex["code"]), False, 0
            self._example = {"name": args["name"], "moves": parse_moves(ex["moves"]), "step": 0}
            return {}
        return self._call(run)

    def example_step(self, a: Any = None) -> dict[str, Any]:
        """Play the next recorded move of the open example."""
        def run() -> dict[str, Any]:
            self._args(a)
            ex = self._example
            if ex is None or ex["step"] >= len(ex["moves"]):
                raise BadArgument("no example move left to play")
            answer = self._do(ex["moves"][ex["step"]])
            ex["step"] += 1
            answer["_changed"] = False
            return answer
        return self._call(run)

    def leave_example(self, a: Any = None) -> dict[str, Any]:
        """Back to the player's game as it was before the example opened."""
        def run() -> dict[str, Any]:
            self._args(a)
            if self._stash is not None:
                self._game, self._daily, self._elapsed_ms = self._stash
            self._stash = self._example = None
            return {}
        return self._call(run)

    def clock(self, a: Any = None) -> dict[str, Any]:
        """The page's game clock: ``{"elapsed_ms": n}`` (active time, paused while hidden)."""
        def run() -> dict[str, Any]:
            args = self._args(a, elapsed_ms=int)
            if args.get("elapsed_ms", 0) < 0:
                raise BadArgument("elapsed_ms must be >= 0")
            self._elapsed_ms = args.get("elapsed_ms", self._elapsed_ms)
            return {"_changed": self._example is None}
        return self._call(run)
