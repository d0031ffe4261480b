"""The bridge facade exposed to the page (docs/bridge.md): the lock, argument checks, and one
line per method. The session (session.py) acts, the view model (view.py) describes, the hint
service (hinting.py) searches.

pywebview walks an exposed object's public attributes into JS, so everything else lives in
``_private`` attributes and only the page's methods are public.
"""

from __future__ import annotations

import copy
import secrets
import threading
from datetime import date
from typing import Any, Callable

from . import examples, storage
from .engine import IllegalMove, InvalidCode, InvalidMove, parse_code
from .engine.game import Game
from .engine.notation import STOCK, Move, PileRef, parse_pile
from .session import BadArgument, Session
from .view import PAGE_SETTINGS, page_settings, view

__all__ = ["Api", "BadArgument"]


class Api:
    """Every player action is one method; each returns ``{"ok", "state", …}`` with the whole
    view model (docs/bridge.md). ``saver``: where documents go after every change (journaled
    under the lock before the answer, written to the file on the saver's thread; issue 14).
    ``today`` gives the player's local date (injected in tests)."""

    def __init__(self, code: str | None = None, *, loaded: storage.Loaded | None = None,
                 saver: storage.Saver | None = None,
                 today: Callable[[], date] = date.today) -> None:
        self._lock = threading.Lock()
        self._saver = saver
        self._salt = secrets.token_bytes(8)
        self._session = Session(code, loaded, today)
        # the hint service (and the solver it imports) is loaded by the first hint, not at start-up
        self._hints: tuple[Any, Any] | None = None
        self._rev = 0  # every answer's view model is numbered, in the order they were made

    @property
    def _game(self) -> Game:
        return self._session.game

    @_game.setter
    def _game(self, game: Game) -> None:  # tests build positions by hand
        self._session.rec.game = game

    def _hint_service(self) -> tuple[Any, Any]:
        if self._hints is None:
            from . import hinting

            self._hints = (hinting.SolverProcess(), hinting.HintCache())
        return self._hints

    @property
    def _solver(self) -> Any:
        return self._hint_service()[0]

    @_solver.setter
    def _solver(self, solver: Any) -> None:  # tests put in a solver of their own
        self._hints = (solver, self._hint_service()[1])

    @property
    def _hint_cache(self) -> Any:
        return self._hint_service()[1]

    # ---- plumbing --------------------------------------------------------------------
    def _call(self, action: Callable[[], dict[str, Any] | None],
              with_state: bool = True) -> dict[str, Any]:
        with self._lock:
            try:
                extra = action() or {}
                changed = extra.pop("_changed", False)
                answer = {"ok": True, **extra}
                if changed and self._saver is not None:
                    # journaled before the answer, in the order of the actions (issue 14)
                    self._saver.submit(self._session.document())
            except IllegalMove as e:
                answer = {"ok": False, "refusal": {"rule": e.rule, "params": e.params}}
            except InvalidCode as e:
                answer = {"ok": False, "error": {"code": "invalid-code", "message": str(e),
                                                 "reason": e.reason, "part": e.part}}
            except (BadArgument, InvalidMove) as e:
                code = "bad-argument" if isinstance(e, BadArgument) else "invalid-move"
                answer = {"ok": False, "error": {"code": code, "message": str(e)}}
            s = self._session
            s.notice = storage.save_notice(self._saver, s.notice)  # a save failed, or works again
            self._rev += 1
            if with_state or not answer["ok"]:
                answer["state"] = view(s, self._salt, self._rev)
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

    def _card(self, a: Any) -> tuple[PileRef, int]:
        """``{"pile", "index"}``: a pile of this game and a card in it (the stock: no card)."""
        args = self._args(a, pile=str, index=int)
        ref = self._ref(args, "pile")
        return ref, -1 if ref == STOCK else self._index(args, ref)

    def _index(self, args: dict[str, Any], ref: PileRef) -> int:
        if "index" not in args:
            raise BadArgument("missing 'index'")
        n = len(self._game.pile(ref))
        if not 0 <= args["index"] < n:
            raise BadArgument(f"index {args['index']} is outside {str(ref)!r} ({n} cards)")
        return int(args["index"])

    def _move(self, a: Any) -> Move:
        """``{"from", "index", "to"}``: the card at ``index`` of ``from`` and all above it."""
        args = self._args(a, **{"from": str, "index": int, "to": str})
        src = self._ref(args, "from")
        index = self._index(args, src)
        dst = self._ref(args, "to", any_ok=True)
        return Move(src, dst, len(self._game.pile(src)) - index)

    # ---- the bridge --------------------------------------------------------------------
    def state(self, a: Any = None) -> dict[str, Any]:
        """The current view model; changes nothing."""
        return self._call(lambda: self._args(a) and None)

    def new_game(self, a: Any = None) -> dict[str, Any]:
        """Start a deal: ``{"code": text}`` or ``{"game", "variant", "mode": new|daily|same}``;
        with ``"winnable": true`` a new deal is drawn from the shipped proven-winnable list;
        a daily deal of a past day the calendar shows with ``"day": "YYYY-MM-DD"``.
        A bad code is an error and the current game is untouched (APP-07)."""
        return self._call(lambda: self._session.new_game(
            self._args(a, code=str, game=str, variant=str, mode=str, winnable=bool, day=str)))

    def dismiss(self, a: Any = None) -> dict[str, Any]:
        """The player answered the pending-code question with "keep my game", or read the
        notice: both are cleared."""
        def run() -> None:
            self._args(a)
            self._session.pending = self._session.notice = None
        return self._call(run)

    def play(self, a: Any = None) -> dict[str, Any]:
        """Move the card at ``index`` of pile ``from`` (and all above it) onto ``to``."""
        return self._call(lambda: self._session.play(self._move(a)))

    def tap(self, a: Any = None) -> dict[str, Any]:
        """A single tap on a card (EH-14, SH-11); on the stock, a draw."""
        return self._call(lambda: self._session.tap(*self._card(a)))

    def double_tap(self, a: Any = None) -> dict[str, Any]:
        """A double tap on a card (EH-15, SH-12), honouring the "double_click" setting."""
        return self._call(lambda: self._session.double_tap(*self._card(a)))

    def stock(self, a: Any = None) -> dict[str, Any]:
        """Tap the stock: draw one card, or redeal when it is empty (EH-11)."""
        return self._call(lambda: self._args(a) and None or self._session.tap(STOCK, -1))

    def undo(self, a: Any = None) -> dict[str, Any]:
        """Undo the last action (EH-18, SH-14)."""
        return self._call(lambda: self._args(a) and None or self._session.undo())

    def redo(self, a: Any = None) -> dict[str, Any]:
        """Redo the last undone action (APP-14)."""
        return self._call(lambda: self._args(a) and None or self._session.redo())

    def hint(self, a: Any = None) -> dict[str, Any]:
        """The next move of a win from here (issue 9): ``{"hint": {"from": "t3", "index": 4,
        "to": "t5" | "f" | "c1"}}`` (the stock tap: ``{"from": "s", "index": null, "to":
        null}``), or ``{"hint": {"verdict": "unwinnable" | "unknown" | "stale"}}``.

        The search runs in the solver process without the lock, so every other call answers
        meanwhile; ``stale``: the game changed while it ran. Games with hidden cards are
        searched on what the player sees only (hints.py)."""
        job: dict[str, Any] = {}
        from . import hinting

        def prepare() -> dict[str, Any]:
            self._args(a)
            g, rec = self._game, self._session.rec
            if g.won:
                raise IllegalMove(g.undo_rule, reason="won")
            cached = self._hint_cache.lookup(rec.id, g)
            if cached is not None:
                return self._give(cached)
            job.update(rec=rec, n=len(rec.actions), pos=hinting.hints.position(g))
            return {}

        first = self._call(prepare)
        if not job:
            return first
        result = self._solver.search(job["pos"])

        def finish() -> dict[str, Any]:
            rec = self._session.rec
            if rec is not job["rec"] or len(rec.actions) != job["n"]:
                return {"hint": {"verdict": "stale"}}
            return self._give(self._hint_cache.learn(rec.id, self._game, result))
        return self._call(finish)

    def _give(self, found: dict[str, Any]) -> dict[str, Any]:
        from . import hinting

        out, used = hinting.answer(self._game, found)
        if not used:
            return {"hint": out}
        self._session.rec.hints += 1
        return {"hint": out, "_changed": self._session.example is None}

    def settings(self, a: Any = None) -> dict[str, Any]:
        """Read (``{}``) or change settings (APP-06); remembered between runs."""
        def run() -> dict[str, Any]:
            args = self._args(a, **PAGE_SETTINGS)
            if "language" in args and not 0 < len(args["language"]) <= 35:
                raise BadArgument("language must be a short language tag or 'auto'")
            for name in storage.LOOKS:
                if name in args and (problem := storage.look_problem(name, args[name])):
                    raise BadArgument(problem)
            if "winnable_only" in args:
                unknown = set(args["winnable_only"]) - set(storage.STATS_KEYS)
                if unknown:
                    raise BadArgument(f"winnable_only: unknown key {sorted(unknown)[0]!r}")
                try:  # a partial change: the other games keep theirs
                    args["winnable_only"] = storage.winnable_only_shape(
                        args["winnable_only"], self._session.settings["winnable_only"])
                except ValueError as e:
                    raise BadArgument(str(e)) from None
            self._session.settings.update(args)
            return {"settings": page_settings(self._session.settings), "_changed": bool(args)}
        return self._call(run)

    def statistics(self, a: Any = None) -> dict[str, Any]:
        """The Statistics page: ``{"statistics": {key: figures}, "history": [last finished
        attempts, newest first], "daily_won": {key: [ISO dates]}, "today": ISO date,
        "daily_from": the first ISO date whose deal the calendar offers}``.
        ``{"reset": true}`` sets everything back to zero; with ``"key": "easy-harp/N"`` only
        that game and variant (its figures, history rows and won days)."""
        def run() -> dict[str, Any]:
            args = self._args(a, reset=bool, key=str)
            if args.get("key") is not None and args["key"] not in storage.STATS_KEYS:
                raise BadArgument(f"unknown statistics key {args['key']!r}")
            s = self._session
            if args.get("reset"):
                s.stats = storage.reset_stats(s.stats, args.get("key"))
            return {"statistics": storage.stats_view(s.stats),
                    "history": copy.deepcopy(s.stats["history"]),
                    "daily_won": storage.daily_days(s.stats),
                    "today": s.today().isoformat(), "daily_from": s.daily_from(),
                    "_changed": bool(args.get("reset"))}
        return self._call(run)

    def read_code(self, a: Any = None) -> dict[str, Any]:
        """Read a deal code out of ``{"text": …}`` (a paste) and change nothing: ``{"code":
        "SH1-C2-AAAAAJ2"}``, or the ``invalid-code`` error of ``new_game``. A bare number
        means a deal of ``game``/``variant`` when given, else of the game being played."""
        def run() -> dict[str, Any]:
            args = self._args(a, text=str, game=str, variant=str)
            if "text" not in args:
                raise BadArgument("missing 'text'")
            g = self._game.code
            game = args.get("game", g.game)
            variant = args.get("variant", g.variant if game == g.game else None)
            return {"code": str(parse_code(args["text"], game, variant))}
        return self._call(run)

    def clock(self, a: Any = None) -> dict[str, Any]:
        """The page's game clock: ``{"elapsed_ms": n}`` (active time, paused while hidden).
        With ``"state": false`` an accepted report is answered without the view model (the
        page reports every second shown and draws nothing from the answer: issue 18)."""
        def run() -> dict[str, Any]:
            args = self._args(a, elapsed_ms=int, state=bool)
            if args.get("elapsed_ms", 0) < 0:
                raise BadArgument("elapsed_ms must be >= 0")
            if "elapsed_ms" in args:
                self._session.rec.seconds = args["elapsed_ms"] / 1000
            return {"_changed": self._session.example is None}
        return self._call(run, with_state=not (isinstance(a, dict) and a.get("state") is False))

    # ---- the Examples page (APP-04, APP-05): a sandbox, never saved over the player's game
    def examples(self, a: Any = None) -> dict[str, Any]:
        """The examples: ``{"examples": [{"name", "code", "total"}]}``."""
        def run() -> dict[str, Any]:
            self._args(a)
            return {"examples": [{"name": k, "code": v["code"], "total": len(v["moves"].split())}
                                 for k, v in examples.load_plain().items()]}
        return self._call(run)

    def open_example(self, a: Any = None) -> dict[str, Any]:
        """Start an example (``{"name": "easy-harp" | "seahaven"}``) at its deal; the player's
        game waits aside until ``leave_example``. ``example_step`` plays the recorded moves."""
        return self._call(lambda: self._session.open_example(self._args(a, name=str).get("name")))

    def example_step(self, a: Any = None) -> dict[str, Any]:
        """Play the next recorded move of the open example."""
        return self._call(lambda: self._args(a) and None or self._session.example_step())

    def leave_example(self, a: Any = None) -> dict[str, Any]:
        """Back to the player's game as it was before the example opened."""
        return self._call(lambda: self._args(a) and None or self._session.leave_example())

    # ---- for the window (not called by the page) -----------------------------------------
    def _hand_over(self, text: str) -> None:
        """A second launch handed over ``text`` (a deal code, or "" to show the window): it
        waits as ``pending_code`` for the player to confirm."""
        with self._lock:
            try:
                self._session.hand_over(text)
            except InvalidCode:
                pass

    def _set_window(self, geometry: dict[str, Any]) -> None:
        with self._lock:
            self._session.window = dict(geometry)
            if self._saver is not None:
                self._saver.submit(self._session.document())

    def _close_hints(self) -> None:
        """Stop the solver process (when the app quits); a later hint starts a new one."""
        if self._hints is not None:
            self._hints[0].close()
