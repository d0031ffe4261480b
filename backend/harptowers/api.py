"""The bridge facade exposed to the page (docs/bridge.md): thin, locked, JSON in and out.

pywebview walks an exposed object's public attributes into JS, so the engine and the
session live in ``_private`` attributes and only the game methods are public.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import secrets
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from datetime import date
from typing import Any, Callable

from . import __version__, examples, hints, storage
from .engine import DealCode, IllegalMove, InvalidCode, InvalidMove, parse_code, parse_moves
from .engine.codes import VARIANTS, deal_of_the_day
from .engine.game import Game
from .engine.notation import STOCK, STOCK_TAP, Move, PileRef, parse_pile
from .engine.published import winnable_deals
from .storage import GameRecord

_PAGE_SETTINGS = {"interactive_rules": bool, "double_click": bool, "four_colour": bool,
                  "large_cards": bool, "language": str, "winnable_only": dict}
# A hint waits this long for the solver process beyond the search's own limit (the first
# hint also starts the process).
_HINT_GRACE = 8.0
_KIND = {"s": "stock", "w": "waste", "f": "foundation", "c": "cell", "t": "column"}


class BadArgument(ValueError):
    """A malformed bridge call: the page sent something no player action can produce."""


class Api:
    """Every player action is one method; each returns the whole view model (docs/bridge.md).

    ``code``: the deal to open (when a started game was saved, it waits as ``pending_code``
    for the player to confirm). ``loaded``: what ``storage.load`` found (None: start from
    defaults and save nothing). ``saver``: where documents go after every change (written
    outside the lock). ``today`` gives the player's local date (injected in tests).
    """

    def __init__(self, code: str | None = None, *, loaded: storage.Loaded | None = None,
                 saver: storage.Saver | None = None,
                 today: Callable[[], date] = date.today) -> None:
        self._lock = threading.Lock()
        self._today = today
        self._saver = saver
        self._salt = secrets.token_bytes(8)
        self._settings = dict(loaded.settings if loaded else storage.DEFAULT_SETTINGS)
        self._stats = loaded.stats if loaded else storage.default_stats()
        self._window = dict(loaded.window) if loaded else {}
        self._notice = {"problem": loaded.problem, "text": loaded.notice} \
            if loaded and loaded.notice else None
        self._example: dict[str, Any] | None = None  # the sandbox of the Examples page
        self._stash: GameRecord | None = None  # the player's game meanwhile
        self._pending: str | None = None
        self._hint_pool: ProcessPoolExecutor | None = None  # started by the first hint
        self._hint_pool_lock = threading.Lock()
        # the last search's answer: {"id": attempt, "sigs": [position before each move],
        # "moves": [Move], "verdict"}; serves the next hints while the player follows it
        self._hint_cache: dict[str, Any] | None = None
        self._hint_seconds = hints.SECONDS
        saved = loaded.game if loaded else None
        wanted = parse_code(code) if code else None
        if saved is not None and (wanted is None or saved.started):
            self._rec = saved
            self._pending = str(wanted) if wanted and wanted != saved.game.code else None
        else:
            self._rec = GameRecord.start(wanted or DealCode(
                self._settings["game"], self._settings["variant"], secrets.randbelow(999_999) + 1))

    @property
    def _game(self) -> Game:
        return self._rec.game

    @_game.setter
    def _game(self, game: Game) -> None:  # tests build positions by hand
        self._rec.game = game

    # ---- plumbing --------------------------------------------------------------------
    def _call(self, action: Callable[[], dict[str, Any] | None]) -> dict[str, Any]:
        with self._lock:
            try:
                extra = action() or {}
                changed = extra.pop("_changed", False)
                answer = {"ok": True, **extra}
                if changed and self._saver is not None:
                    # journaled before the answer, in the order of the actions (issue 14)
                    self._saver.submit(self._document())
            except IllegalMove as e:
                answer = {"ok": False, "refusal": {"rule": e.rule, "params": e.params}}
            except InvalidCode as e:
                answer = {"ok": False, "error": {"code": "invalid-code", "message": str(e),
                                                 "reason": e.reason, "part": e.part}}
            except (BadArgument, InvalidMove) as e:
                code = "bad-argument" if isinstance(e, BadArgument) else "invalid-move"
                answer = {"ok": False, "error": {"code": code, "message": str(e)}}
            self._notice = storage.save_notice(self._saver, self._notice)
            answer["state"] = self._view()
        return answer

    def _document(self) -> dict[str, Any]:
        """What goes to disk: the player's game, never an example (it is a sandbox)."""
        rec = self._stash if self._example is not None else self._rec
        return storage.document(self._settings, rec, self._stats, self._window)

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
            if t is int and k in a and not -storage.SAFE_INT <= a[k] <= storage.SAFE_INT:
                raise BadArgument(f"{k!r} is not a number the page can send")
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
        act = self._rec.play(move)
        if self._example is None:
            rec, g = self._rec, self._game
            self._stats = storage.record_start(self._stats, rec.key, rec.id)
            if g.won:
                self._stats = storage.record_win(self._stats, rec.key, rec.id, score=g.score,
                                                 moves=g.moves, seconds=rec.seconds,
                                                 hints=rec.hints)
        return {"action": {"move": str(act.move), "points": act.points,
                           "turned": act.turned.text if act.turned else None},
                "_changed": True}

    def _replace(self, code: DealCode, daily: bool) -> None:
        """A new game in place of the current one; leaving a started game counts as a loss."""
        if self._example is not None:
            self._rec, self._example, self._stash = self._stash, None, None
        rec = self._rec
        self._stats = storage.record_abandon(self._stats, rec.id, score=rec.game.score,
                                             seconds=rec.seconds)
        self._rec = GameRecord.start(code, daily=daily)
        self._settings.update(game=code.game, variant=code.variant)
        self._pending = None

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
                    # opaque, stable while hidden, and different in every game (no card
                    # can be recognised from an earlier deal)
                    out.append({"id": "x" + hashlib.blake2s(f"{self._rec.id}:{cid}".encode(),
                                                            key=self._salt, digest_size=5
                                                            ).hexdigest(), "up": False})
                else:
                    out.append({"id": cid, "card": c.text, "up": True})
            pile = {"id": str(ref), "kind": _KIND[ref.kind], "cards": out}
            if ref.kind == "f":
                pile["suit"] = g.found_suits[ref.index].name
            piles.append(pile)
        return {"version": __version__, "game": g.name, "code": str(g.code), "deal": g.code.number,
                "variant": g.code.variant, "score": g.score, "moves": g.moves, "won": g.won,
                "passes": g.passes, "can_undo": bool(g.history), "deal_of_day": self._rec.daily,
                "settings": self._page_settings(), "elapsed_ms": round(self._rec.seconds * 1000),
                "hints": self._rec.hints,
                "example": self._example_view(), "pending_code": self._pending,
                "notice": self._notice, "piles": piles}

    def _page_settings(self) -> dict[str, Any]:
        return {k: self._settings[k] for k in _PAGE_SETTINGS}

    def _example_view(self) -> dict[str, Any] | None:
        ex = self._example
        if ex is None:
            return None
        out = {"name": ex["name"], "step": ex["step"], "total": len(ex["moves"]), "key": None}
        if ex["step"] == len(ex["moves"]):
            key = (examples.harp_run if ex["name"] == "easy-harp" else examples.seahaven_run)(self._game)
            if key:
                col = self._game.columns[key["column"]]
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
        """Start a deal: ``{"code": text}`` or ``{"game", "variant", "mode": new|daily|same}``;
        with ``"winnable": true`` a new deal is drawn from the shipped proven-winnable list
        (uniformly). A bad code is an error and the current game is untouched (APP-07)."""
        def run() -> dict[str, Any]:
            args = self._args(a, code=str, game=str, variant=str, mode=str, winnable=bool)
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
                    pool = winnable_deals(game, variant) if args.get("winnable") else ()
                    number = pool[secrets.randbelow(len(pool))] if pool \
                        else secrets.randbelow(999_999) + 1
                    code, daily = DealCode(game, variant, number), False
                elif mode == "daily":
                    code, daily = deal_of_the_day(game, variant, self._today()), True
                elif mode == "same":
                    code, daily = DealCode(game, variant, g.code.number), self._rec.daily
                else:
                    raise BadArgument(f"unknown mode {mode!r} (new, daily, same)")
            self._replace(code, daily)
            return {"_changed": True}
        return self._call(run)

    def dismiss(self, a: Any = None) -> dict[str, Any]:
        """The player answered the pending-code question with "keep my game", or read the
        notice: both are cleared."""
        def run() -> None:
            self._args(a)
            self._pending = self._notice = None
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
            return {"action": {"move": str(self._rec.undo()), "undo": True}, "_changed": True}
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

    def hint(self, a: Any = None) -> dict[str, Any]:
        """The next move of a win from here (issue 9): ``{"hint": {"from": "t3", "index": 4,
        "to": "t5" | "f" | "c1"}}`` (the stock tap: ``{"from": "s", "index": null, "to":
        null}``), or ``{"hint": {"verdict": "unwinnable" | "unknown" | "stale"}}``.

        The search runs in the solver process; the lock is not held meanwhile. ``stale``: the
        game changed while it ran. A move or an "unwinnable" answer counts as a hint used.
        Easy Harp hints see only what the player sees (hints.py)."""
        job: dict[str, Any] = {}

        def prepare() -> dict[str, Any]:
            self._args(a)
            g = self._game
            if g.won:
                raise IllegalMove(g.undo_rule, reason="won")
            cached = self._cached_hint()
            if cached is not None:
                return self._give(cached)
            job.update(rec=self._rec, n=len(self._rec.actions), pos=hints.position(g))
            return {}

        first = self._call(prepare)
        if not job:
            return first
        result = self._search(job["pos"])

        def finish() -> dict[str, Any]:
            if self._rec is not job["rec"] or len(self._rec.actions) != job["n"]:
                return {"hint": {"verdict": "stale"}}
            return self._give(self._learn(result))
        return self._call(finish)

    def _search(self, pos: dict[str, Any]) -> dict[str, Any]:
        """Run ``hints.solve_position`` in the solver process (started on first use, one
        worker, "spawn"); "unknown" when it does not answer in time."""
        with self._hint_pool_lock:
            if self._hint_pool is None:
                self._hint_pool = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=hints.worker_init)
            pool = self._hint_pool
        try:
            future = pool.submit(hints.solve_position, pos, self._hint_seconds)
            return future.result(timeout=self._hint_seconds + _HINT_GRACE)
        except FutureTimeout:
            return {"verdict": hints.UNKNOWN, "solution": None}
        except Exception:  # noqa: BLE001 - the process died: the next hint starts a new one
            with self._hint_pool_lock:
                if self._hint_pool is pool:
                    self._hint_pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            return {"verdict": hints.UNKNOWN, "solution": None}

    def _close_hints(self) -> None:
        """Stop the solver process (when the app quits); a later hint starts a new one."""
        with self._hint_pool_lock:
            pool, self._hint_pool = self._hint_pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def _cached_hint(self) -> dict[str, Any] | None:
        """The cached answer when the position is one the last solution passes through."""
        c = self._hint_cache
        if c is None or c["id"] != self._rec.id:
            return None
        sig = hints.signature(self._game)
        for k, s in enumerate(c["sigs"]):
            if s == sig:
                if c["verdict"] != hints.WINNABLE:
                    return {"verdict": c["verdict"]}
                return {"move": c["moves"][k]}
        return None

    def _learn(self, result: dict[str, Any]) -> dict[str, Any]:
        """Turn the solver's answer into a hint; cache a Seahaven solution (or verdict)."""
        g = self._game
        verdict = result["verdict"]
        if verdict == hints.GUESS:  # Easy Harp, no sample won: a move by what is visible
            return {"move": parse_moves(result["solution"])[0], "guess": True}
        if verdict == hints.WINNABLE:
            moves = parse_moves(result["solution"] or "")
            if not moves:  # nothing left to do (cannot happen: the game is not won)
                return {"verdict": hints.UNKNOWN}
            if not g.twins:
                copy = hints.build(hints.position(g))
                self._hint_cache = {"id": self._rec.id, "verdict": verdict, "moves": moves,
                                    "sigs": hints.follow(copy, moves)}
            return {"move": moves[0]}
        if verdict == hints.UNWINNABLE:
            self._hint_cache = {"id": self._rec.id, "verdict": verdict, "moves": [],
                                "sigs": [hints.signature(g)]}
        return {"verdict": verdict}

    def _give(self, answer: dict[str, Any]) -> dict[str, Any]:
        """The bridge answer for a hint; a move or "unwinnable" counts as a hint used."""
        if "move" in answer:
            out = hints.hint_of(self._game, answer["move"])
            if answer.get("guess"):
                out["guess"] = True
        else:
            out = {"verdict": answer["verdict"]}
        if "move" in answer or answer["verdict"] == hints.UNWINNABLE:
            self._rec.hints += 1
            return {"hint": out, "_changed": self._example is None}
        return {"hint": out}

    def settings(self, a: Any = None) -> dict[str, Any]:
        """Read (``{}``) or change settings (APP-06); remembered between runs."""
        def run() -> dict[str, Any]:
            args = self._args(a, **_PAGE_SETTINGS)
            if "language" in args and not 0 < len(args["language"]) <= 35:
                raise BadArgument("language must be a short language tag or 'auto'")
            if "winnable_only" in args:
                unknown = set(args["winnable_only"]) - set(storage.STATS_KEYS)
                if unknown:
                    raise BadArgument(f"winnable_only: unknown key {sorted(unknown)[0]!r}")
                try:  # a partial change: the other games keep theirs
                    args["winnable_only"] = storage.winnable_only_shape(
                        args["winnable_only"], self._settings["winnable_only"])
                except ValueError as e:
                    raise BadArgument(str(e)) from None
            self._settings.update(args)
            return {"settings": self._page_settings(), "_changed": bool(args)}
        return self._call(run)

    def statistics(self, a: Any = None) -> dict[str, Any]:
        """Statistics per game and variant; ``{"reset": true}`` (optionally with ``"key":
        "easy-harp/N"``) sets them back to zero."""
        def run() -> dict[str, Any]:
            args = self._args(a, reset=bool, key=str)
            if args.get("key") is not None and args["key"] not in storage.STATS_KEYS:
                raise BadArgument(f"unknown statistics key {args['key']!r}")
            if args.get("reset"):
                self._stats = storage.reset_stats(self._stats, args.get("key"))
            return {"statistics": storage.stats_view(self._stats), "_changed": bool(args.get("reset"))}
        return self._call(run)

    def clock(self, a: Any = None) -> dict[str, Any]:
        """The page's game clock: ``{"elapsed_ms": n}`` (active time, paused while hidden)."""
        def run() -> dict[str, Any]:
            args = self._args(a, elapsed_ms=int)
            if args.get("elapsed_ms", 0) < 0:
                raise BadArgument("elapsed_ms must be >= 0")
            if "elapsed_ms" in args:
                self._rec.seconds = args["elapsed_ms"] / 1000
            return {"_changed": self._example is None}
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
                self._stash = self._rec
            self._rec = GameRecord.start(ex["code"])
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
                self._rec = self._stash
            self._stash = self._example = None
            return {}
        return self._call(run)

    # ---- for the window (not called by the page) -----------------------------------------
    def _hand_over(self, text: str) -> None:
        """A second launch handed over ``text`` (a deal code, or "" to show the window): it
        waits as ``pending_code`` for the player to confirm."""
        with self._lock:
            try:
                self._pending = str(parse_code(text)) if text.strip() else self._pending
            except InvalidCode:
                pass

    def _set_window(self, geometry: dict[str, Any]) -> None:
        with self._lock:
            self._window = dict(geometry)
            if self._saver:
                self._saver.submit(self._document())
