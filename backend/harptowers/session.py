"""The player's session: the game in progress, the Examples sandbox with the player's game
waiting aside, a deal code waiting for the player's answer, settings, statistics and the
window geometry. Every method runs under the bridge lock (api.py) and raises the engine's
errors or ``BadArgument``; none of them knows about JSON transport.
"""

from __future__ import annotations

import copy
import secrets
from datetime import date, timedelta
from typing import Any, Callable

from . import storage
from .engine import examples
from .engine import DealCode, parse_code, parse_moves
from .engine.errors import quoted
from .engine.codes import deal_of_the_day
from .engine.registry import VARIANTS
from .engine.game import Action, Game
from .engine.notation import STOCK, STOCK_TAP, Move, PileRef
from .engine import difficulty
from .engine.published import winnable_deals
from .storage import GameRecord
from .view import action_view, page_settings
from .view_types import PageSettings
from .storage.stats import DAILY_MONTHS


# a deal of the day won after its day still marks its day: any day the calendar shows can be
# played (issue 42), so the days of its whole range are looked through
DAILY_LOOKBACK = DAILY_MONTHS * 31


class BadArgument(ValueError):
    """A malformed bridge call: the page sent something no player action can produce."""


class Session:
    """``code``: the deal to open (when a started game was saved, it waits as ``pending`` for
    the player to confirm). ``loaded``: what ``storage.load`` found (None: defaults)."""

    def __init__(self, code: str | None, loaded: storage.Loaded | None,
                 today: Callable[[], date]) -> None:
        self.today = today
        self.settings = dict(loaded.settings if loaded else storage.DEFAULT_SETTINGS)
        self.stats = loaded.stats if loaded else storage.default_stats()
        self.window = dict(loaded.window) if loaded else {}
        self.notice = {"problem": loaded.problem, "text": loaded.notice,
                       **getattr(loaded, "details", {})} if loaded and loaded.notice else None
        self.example: dict[str, Any] | None = None  # the sandbox of the Examples page
        self.stash: GameRecord | None = None  # the player's game meanwhile
        self.pending: str | None = None
        saved = loaded.game if loaded else None
        wanted = parse_code(code) if code else None
        if saved is not None and (wanted is None or saved.started):
            self.rec = saved
            self.pending = str(wanted) if wanted and wanted != saved.game.code else None
        else:
            self.rec = GameRecord.start(wanted or DealCode(
                self.settings["game"], self.settings["variant"], secrets.randbelow(999_999) + 1))

    @property
    def game(self) -> Game:
        return self.rec.game

    @property
    def saved(self) -> GameRecord:
        """The player's game: the one in progress, or the one waiting beside an example."""
        if self.example is not None and self.stash is not None:
            return self.stash
        return self.rec

    def document(self) -> dict[str, Any]:
        """What goes to disk: the player's game, never an example (it is a sandbox)."""
        return storage.document(self.settings, self.saved, self.stats, self.window)

    # ---- actions on the table -------------------------------------------------------
    def play(self, move: Move) -> dict[str, Any]:
        return self._count(self.rec.play(move))

    def tap(self, ref: PileRef, index: int) -> dict[str, Any]:
        return self.play(STOCK_TAP if ref == STOCK else self.game.tap(ref, index))

    def double_tap(self, ref: PileRef, index: int) -> dict[str, Any]:
        if ref == STOCK:
            return self.play(STOCK_TAP)
        return self.play(self.game.double_tap(ref, index, self.settings["double_click"]))

    def undo(self) -> dict[str, Any]:
        g = self.game
        last = g.history[-1] if g.history else None
        move = self.rec.undo()
        return {"action": action_view(g, move, undo=True, recycled=bool(last and last.recycled),
                                      drawn=last.drawn if last else 1), "_changed": True}

    def redo(self) -> dict[str, Any]:
        return self._count(self.rec.redo())

    def _count(self, act: Action) -> dict[str, Any]:
        """Statistics after an accepted action (never for an example)."""
        rec, g = self.rec, self.game
        if self.example is None:
            level = self.level()
            self.stats = storage.record_start(self.stats, rec.key, rec.id, level=level)
            if g.won:
                self.stats = storage.record_win(
                    self.stats, rec.key, rec.id, score=g.score, moves=g.moves,
                    seconds=rec.seconds, hints=rec.hints, code=str(g.code),
                    day=self.today().isoformat(), daily_day=self._daily_day(), level=level)
        last = g.history[-1]
        return {"action": action_view(g, act.move, points=act.points, turned=act.turned,
                                      recycled=last.recycled, drawn=last.drawn),
                "_changed": True}

    def level(self) -> str | None:
        """The difficulty of the game in progress' deal (engine/difficulty.py), or None."""
        code = self.game.code
        return difficulty.level(code.game, code.variant, code.number)

    def _daily_day(self) -> str | None:
        """The date whose deal of the day the game in progress is (it may have been dealt a
        few days before the win), or None."""
        if not self.rec.daily:
            return None
        code, today = self.game.code, self.today()
        for back in range(DAILY_LOOKBACK):
            day = today - timedelta(days=back)
            if deal_of_the_day(code.game, code.variant, day) == code:
                return day.isoformat()
        return None

    # ---- deals ----------------------------------------------------------------------
    def new_game(self, args: dict[str, Any]) -> dict[str, Any]:
        g = self.game
        if "code" in args and "difficulty" in args:
            raise BadArgument("difficulty: a deal code is its own deal, it takes none")
        if "code" in args:  # a bare number: the game and variant chosen beside it, or this one's
            game = args.get("game", g.code.game)
            if game not in VARIANTS:
                raise BadArgument(f"unknown game {quoted(game)}")
            variant = args.get("variant", g.code.variant if game == g.code.game else None)
            if variant is not None and variant not in VARIANTS[game]:
                raise BadArgument(f"unknown variant {quoted(variant)} for {game}")
            code, daily = parse_code(args["code"], game, variant), False
        else:
            game = args.get("game", g.code.game)
            if game not in VARIANTS:
                raise BadArgument(f"unknown game {quoted(game)}")
            variant = args.get("variant", g.code.variant if game == g.code.game
                               else VARIANTS[game][0])
            if variant not in VARIANTS[game]:
                raise BadArgument(f"unknown variant {quoted(variant)} for {quoted(game)}")
            mode = args.get("mode", "new")
            level = args.get("difficulty")
            if level is not None and (level not in difficulty.LEVELS or mode != "new"
                                      or not args.get("winnable")):
                raise BadArgument(f"difficulty {quoted(level)}: one of "
                                  f"{', '.join(difficulty.LEVELS)}, for a new winnable deal")
            if mode == "new":
                pool = winnable_deals(game, variant) if args.get("winnable") else ()
                if level is not None:  # the measured deals of that level (all winnable)
                    pool = difficulty.deals(game, variant, level)
                    if not pool:
                        raise BadArgument(f"no {level} deal of {game} {variant} is measured")
                number = pool[secrets.randbelow(len(pool))] if pool \
                    else secrets.randbelow(999_999) + 1
                code, daily = DealCode(game, variant, number), False
            elif mode == "daily":
                code, daily = deal_of_the_day(game, variant, self._day(args.get("day"))), True
            elif mode == "same":
                code, daily = DealCode(game, variant, g.code.number), self.rec.daily
            else:
                raise BadArgument(f"unknown mode {quoted(mode)} (new, daily, same)")
        self._replace(code, daily)
        return {"_changed": True}

    def daily_from(self) -> str:
        """The first day (ISO) whose deal of the day the calendar offers."""
        return (self.today() - timedelta(days=DAILY_LOOKBACK)).isoformat()

    def _day(self, text: str | None) -> date:
        """Today, or the ISO date ``text`` of a day the calendar shows (from today back over
        its months); a later, older or malformed date is a BadArgument."""
        today = self.today()
        if text is None:
            return today
        try:
            day = date.fromisoformat(text)
        except ValueError:
            raise BadArgument(f"day {text!r} is not a date (YYYY-MM-DD)") from None
        if not today - timedelta(days=DAILY_LOOKBACK) <= day <= today:
            raise BadArgument(f"day {text!r} is not a day the calendar offers")
        return day

    def _replace(self, code: DealCode, daily: bool) -> None:
        """A new game in place of the current one; leaving a started game counts as a loss."""
        if self.example is not None:
            self.rec, self.example, self.stash = self.saved, None, None
        rec = self.rec
        self.stats = storage.record_abandon(
            self.stats, rec.id, score=rec.game.score, seconds=rec.seconds,
            moves=rec.game.moves, code=str(rec.game.code), day=self.today().isoformat(),
            stuck=not rec.game.legal_moves(), daily=rec.daily, level=self.level())
        self.rec = GameRecord.start(code, daily=daily)
        self.settings.update(game=code.game, variant=code.variant)
        self.pending = None

    def hand_over(self, text: str) -> None:
        """A second launch handed over ``text`` (a deal code, or "" to show the window)."""
        self.pending = str(parse_code(text)) if text.strip() else self.pending

    def dismiss(self) -> None:
        """The player answered the pending-code question with "keep my game", or read the
        notice: both are cleared."""
        self.pending = self.notice = None

    def take_save_news(self, saver: Any) -> None:
        """After every call: a save failed, or works again (the saver's news, once)."""
        self.notice = storage.save_notice(saver, self.notice)

    def read_code(self, text: str, game: str | None, variant: str | None) -> str:
        """The deal code in a pasted ``text``; a bare number is a deal of ``game``/``variant``
        when given, else of the game being played. Raises InvalidCode or BadArgument."""
        g = self.game.code
        game = g.game if game is None else game
        if game not in VARIANTS:
            raise BadArgument(f"unknown game {quoted(game)}")
        if variant is None and game == g.game:
            variant = g.variant
        if variant is not None and variant not in VARIANTS[game]:
            raise BadArgument(f"unknown variant {quoted(variant)} for {game}")
        return str(parse_code(text, game, variant))

    def hint_used(self) -> bool:
        """A hint was given: counted in the game's record (not for an example). Changed?"""
        self.rec.hints += 1
        return self.example is None

    def report_clock(self, elapsed_ms: int | None) -> bool:
        """The page's clock of the game (active time). Changed (to be saved)?"""
        if elapsed_ms is not None:
            self.rec.seconds = elapsed_ms / 1000
        return self.example is None

    def set_window(self, geometry: dict[str, Any]) -> None:
        self.window = dict(geometry)

    # ---- settings and statistics (APP-06) ---------------------------------------------
    def change_settings(self, args: dict[str, Any]) -> PageSettings:
        """Change the settings named in ``args`` (types already checked); the page's view
        of all of them. Raises BadArgument for a value no setting takes (nothing changes)."""
        if "language" in args and not 0 < len(args["language"]) <= 35:
            raise BadArgument("language must be a short language tag or 'auto'")
        for name in storage.LOOKS:
            if name in args and (problem := storage.look_problem(name, args[name])):
                raise BadArgument(problem)
        if "winnable_only" in args:
            unknown = set(args["winnable_only"]) - set(storage.STATS_KEYS)
            if unknown:
                raise BadArgument(f"winnable_only: unknown key {quoted(min(unknown))}")
            try:  # a partial change: the other games keep theirs
                args["winnable_only"] = storage.winnable_only_shape(
                    args["winnable_only"], self.settings["winnable_only"])
            except ValueError as e:
                raise BadArgument(str(e)) from None
        self.settings.update(args)
        return page_settings(self.settings)

    def statistics(self, reset: bool, key: str | None) -> dict[str, Any]:
        """The Statistics page (after a reset of ``key``, or of all, when ``reset``)."""
        if key is not None and key not in storage.STATS_KEYS:
            raise BadArgument(f"unknown statistics key {quoted(key)}")
        if reset:
            self.stats = storage.reset_stats(self.stats, key)
        return {"statistics": storage.stats_view(self.stats),
                "history": copy.deepcopy(self.stats["history"]),
                "daily_won": storage.daily_days(self.stats),
                "today": self.today().isoformat(), "daily_from": self.daily_from()}

    # ---- the Examples page (APP-04, APP-05): a sandbox, never saved over the player's game
    def examples(self) -> list[dict[str, Any]]:
        return [{"name": k, "code": v["code"], "total": len(v["moves"].split())}
                for k, v in examples.load_plain().items()]

    def open_example(self, name: Any) -> None:
        data = examples.load_plain()
        if name not in data:
            raise BadArgument(f"unknown example {quoted(name)}")
        if self.stash is None:
            self.stash = self.rec
        self.rec = GameRecord.start(data[name]["code"])
        self.example = {"name": name, "moves": parse_moves(data[name]["moves"]), "step": 0}

    def example_step(self) -> dict[str, Any]:
        ex = self.example
        if ex is None or ex["step"] >= len(ex["moves"]):
            raise BadArgument("no example move left to play")
        answer = self.play(ex["moves"][ex["step"]])
        ex["step"] += 1
        answer["_changed"] = False
        return answer

    def leave_example(self) -> None:
        if self.stash is not None:
            self.rec = self.stash
        self.stash = self.example = None

