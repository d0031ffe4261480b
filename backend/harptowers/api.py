"""The bridge facade exposed to the page (docs/bridge.md): the lock, argument checks, and one
line per method. The session (session.py) acts, the view model (view.py) describes, the hint
service (hints/service.py) searches.

pywebview walks an exposed object's public attributes into JS, so everything else lives in
``_private`` attributes and only the page's methods are public.
"""

from __future__ import annotations

import secrets
import threading
from datetime import date
from typing import Any, Callable

from . import storage
from .engine import IllegalMove, InvalidCode, InvalidMove
from .engine.errors import quoted
from .engine.game import Game
from .engine.notation import STOCK, Move, PileRef, parse_pile
from .session import BadArgument, Session
from .view import PAGE_SETTINGS, view

__all__ = ["Api", "BadArgument"]

MAX_PASTE = 65_536     # characters of a pasted text read for a deal code (issue 41, item 4)
MAX_MESSAGE = 400      # the longest error message answered (a bad value is quoted short)
_warming = threading.Lock()
_warmed = False


def _warm_hints() -> None:
    """Import the hint service (and its solver) on a background thread, once a process, so
    the first hint does not pay for it (issue 41, item 4)."""
    try:
        from .hints import service  # noqa: F401
    except Exception:  # noqa: BLE001 - the first hint imports it again and says why
        pass


def _start_warming() -> None:
    global _warmed
    with _warming:
        if _warmed:
            return
        _warmed = True
    t = threading.Timer(0.5, _warm_hints)  # after the first paint's work
    t.daemon = True
    t.start()


def paste(text: str) -> str:
    """``text`` when it is short enough to look for a deal code in; else InvalidCode
    ``too-long`` at once, before any reading (a megabyte paste answers in microseconds)."""
    if len(text) > MAX_PASTE:
        raise InvalidCode(f"the text is too long for a deal code ({len(text)} characters; "
                          f"at most {MAX_PASTE})", "too-long", text[:39] + "…")
    return text


def _cut(message: str) -> str:
    """A last bound on an error message, whatever quoted the value in it."""
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 1] + "…"


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
        _start_warming()

    @property
    def _game(self) -> Game:
        return self._session.game

    @_game.setter
    def _game(self, game: Game) -> None:  # tests build positions by hand
        self._session.rec.game = game

    def _hint_service(self) -> tuple[Any, Any]:
        if self._hints is None:
            from .hints import service as hinting

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
                answer = {"ok": False, "error": {"code": "invalid-code", "message": _cut(str(e)),
                                                 "reason": e.reason, "part": _cut(e.part)}}
            except (BadArgument, InvalidMove) as e:
                code = "bad-argument" if isinstance(e, BadArgument) else "invalid-move"
                answer = {"ok": False, "error": {"code": code, "message": _cut(str(e))}}
            self._session.take_save_news(self._saver)
            self._rev += 1
            if with_state or not answer["ok"]:
                answer["state"] = view(self._session, self._salt, self._rev)
        return answer

    def _act(self, a: Any, action: Callable[[], dict[str, Any] | None]) -> dict[str, Any]:
        """A call that takes no argument: ``action`` once ``a`` is checked to be empty."""
        def run() -> dict[str, Any] | None:
            self._args(a)
            return action()
        return self._call(run)

    @staticmethod
    def _args(a: Any, **types: type) -> dict[str, Any]:
        if a is None:
            a = {}
        if not isinstance(a, dict):
            raise BadArgument(f"expected an object, got {type(a).__name__}")
        unknown = set(a) - set(types)
        if unknown:
            raise BadArgument(f"unknown argument {quoted(min(unknown))}")
        for k, t in types.items():
            if k in a and (not isinstance(a[k], t) or (t is int and isinstance(a[k], bool))):
                raise BadArgument(f"{k!r} must be {t.__name__}, got {quoted(a[k])}")
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
        with ``"winnable": true`` a new deal is drawn from the shipped proven-winnable list,
        with ``"difficulty": "easy" | "medium" | "hard"`` beside it from that level's deals;
        a daily deal of a past day the calendar shows with ``"day": "YYYY-MM-DD"``.
        A bad code is an error and the current game is untouched (APP-07)."""
        def run() -> dict[str, Any] | None:
            args = self._args(a, code=str, game=str, variant=str, mode=str, winnable=bool,
                              day=str, difficulty=str)
            if "code" in args:
                paste(args["code"])
            return self._session.new_game(args)
        return self._call(run)

    def dismiss(self, a: Any = None) -> dict[str, Any]:
        """The player answered the pending-code question with "keep my game", or read the
        notice: both are cleared."""
        return self._act(a, self._session.dismiss)

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
        return self._act(a, lambda: self._session.tap(STOCK, -1))

    def undo(self, a: Any = None) -> dict[str, Any]:
        """Undo the last action (EH-18, SH-14)."""
        return self._act(a, self._session.undo)

    def redo(self, a: Any = None) -> dict[str, Any]:
        """Redo the last undone action (APP-14)."""
        return self._act(a, self._session.redo)

    def hint(self, a: Any = None) -> dict[str, Any]:
        """The next move of a win from here (issue 9): ``{"hint": {"from": "t3", "index": 4,
        "to": "t5" | "f" | "c1"}}`` (the stock tap: ``{"from": "s", "index": null, "to":
        null}``), or ``{"hint": {"verdict": "unwinnable" | "unknown" | "stale"}}``.

        The search runs in the solver process without the lock, so every other call answers
        meanwhile; ``stale``: the game changed while it ran. Games with hidden cards are
        searched on what the player sees only (hints.py)."""
        job: dict[str, Any] = {}
        try:
            self._args(a)
        except BadArgument:  # answered before the solver is imported
            return self._call(lambda: self._args(a) and None)
        from .hints import service as hinting  # outside the lock (warmed in the background)

        def prepare() -> dict[str, Any]:
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
        from .hints import service as hinting

        out, used = hinting.answer(self._game, found)
        return {"hint": out, "_changed": used and self._session.hint_used()}

    def settings(self, a: Any = None) -> dict[str, Any]:
        """Read (``{}``) or change settings (APP-06); remembered between runs."""
        def run() -> dict[str, Any]:
            args = self._args(a, **PAGE_SETTINGS)
            return {"settings": self._session.change_settings(args), "_changed": bool(args)}
        return self._call(run)

    def statistics(self, a: Any = None) -> dict[str, Any]:
        """The Statistics page: ``{"statistics": {key: figures}, "history": [last finished
        attempts, newest first], "daily_won": {key: [ISO dates]}, "today": ISO date,
        "daily_from": the first ISO date whose deal the calendar offers}``.
        ``{"reset": true}`` sets everything back to zero; with ``"key": "<game>/<variant>"`` only
        that game and variant (its figures, history rows and won days)."""
        def run() -> dict[str, Any]:
            args = self._args(a, reset=bool, key=str)
            reset = bool(args.get("reset"))
            return {**self._session.statistics(reset, args.get("key")), "_changed": reset}
        return self._call(run)

    def read_code(self, a: Any = None) -> dict[str, Any]:
        """Read a deal code out of ``{"text": …}`` (a paste) and change nothing: ``{"code":
        "SH1-C2-AAAAAJ2"}``, or the ``invalid-code`` error of ``new_game``. A bare number
        means a deal of ``game``/``variant`` when given, else of the game being played."""
        def run() -> dict[str, Any]:
            args = self._args(a, text=str, game=str, variant=str)
            if "text" not in args:
                raise BadArgument("missing 'text'")
            return {"code": self._session.read_code(paste(args["text"]), args.get("game"),
                                                    args.get("variant"))}
        return self._call(run)

    def clock(self, a: Any = None) -> dict[str, Any]:
        """The page's game clock: ``{"elapsed_ms": n}`` (active time, paused while hidden).
        With ``"state": false`` an accepted report is answered without the view model (the
        page reports every second shown and draws nothing from the answer: issue 18)."""
        def run() -> dict[str, Any]:
            args = self._args(a, elapsed_ms=int, state=bool)
            if args.get("elapsed_ms", 0) < 0:
                raise BadArgument("elapsed_ms must be >= 0")
            return {"_changed": self._session.report_clock(args.get("elapsed_ms"))}
        return self._call(run, with_state=not (isinstance(a, dict) and a.get("state") is False))

    # ---- the Examples page (APP-04, APP-05): a sandbox, never saved over the player's game
    def examples(self, a: Any = None) -> dict[str, Any]:
        """The examples: ``{"examples": [{"name", "code", "total"}]}``."""
        return self._act(a, lambda: {"examples": self._session.examples()})

    def open_example(self, a: Any = None) -> dict[str, Any]:
        """Start an example (``{"name"}``, a name ``examples`` lists) at its deal; the player's
        game waits aside until ``leave_example``. ``example_step`` plays the recorded moves."""
        return self._call(lambda: self._session.open_example(self._args(a, name=str).get("name")))

    def example_step(self, a: Any = None) -> dict[str, Any]:
        """Play the next recorded move of the open example."""
        return self._act(a, self._session.example_step)

    def leave_example(self, a: Any = None) -> dict[str, Any]:
        """Back to the player's game as it was before the example opened."""
        return self._act(a, self._session.leave_example)

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
            self._session.set_window(geometry)
            if self._saver is not None:
                self._saver.submit(self._session.document())

    def _close_hints(self) -> None:
        """Stop the solver process (when the app quits); a later hint starts a new one."""
        if self._hints is not None:
            self._hints[0].close()
