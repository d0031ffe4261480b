"""The saved game: a game plus every action applied to it (docs/storage.md)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from ..engine import DealCode, IllegalMove, InvalidCode, InvalidMove, new_game, parse_code
from ..engine.game import Action, Game
from ..engine.notation import Move, parse_move
from .schema import REDO, UNDO, game_shape
from .stats import stats_key

def new_game_id() -> str:
    """A fresh random id for one attempt at a deal (statistics count each id once)."""
    return secrets.token_hex(8)


@dataclass(eq=False)
class GameRecord:
    """A game in progress and every action applied to it, in order.

    ``actions``: engine notation of each accepted move as applied (``"t3-t1"``, ``"s"``,
    ``"w-f3"``), ``"undo"`` or ``"redo"``. ``seconds``: active time played (the caller adds to it).
    ``daily``: the deal of the day. ``id``: this attempt (a restart of the same deal is a new
    attempt with a new id). ``hints``: hints given in this attempt (issue 9). Use
    ``play``/``undo`` instead of the Game's own so that the list stays complete.
    """

    game: Game
    actions: list[str] = field(default_factory=list)
    seconds: float = 0.0
    daily: bool = False
    id: str = field(default_factory=new_game_id)
    hints: int = 0

    @classmethod
    def start(cls, code: DealCode | str, *, daily: bool = False) -> GameRecord:
        """A fresh game of ``code`` with a new id. Raises InvalidCode."""
        return cls(new_game(code), daily=daily)

    @property
    def started(self) -> bool:
        """True from the first move on (a game counts in the statistics from there)."""
        return bool(self.actions)

    @property
    def key(self) -> str:
        """The statistics key, ``"<game>/<variant>"``."""
        return stats_key(self.game.code)

    def play(self, move: Move) -> Action:
        """``game.play(move)`` and record it. Raises what ``Game.play`` raises (then nothing
        is recorded)."""
        act = self.game.play(move)
        self.actions.append(str(act.move))
        return act

    def undo(self) -> Move:
        """``game.undo()`` and record it. Raises IllegalMove when there is nothing to undo."""
        m = self.game.undo()
        self.actions.append(UNDO)
        return m

    def redo(self) -> Action:
        """``game.redo()`` and record it. Raises IllegalMove when there is nothing to redo."""
        act = self.game.redo()
        self.actions.append(REDO)
        return act

    def to_json(self) -> dict[str, Any]:
        """``{"code", "actions", "seconds", "daily", "id", "hints", "score", "moves"}``;
        ``score`` and ``moves`` are a check that the replay reached the same place."""
        return {"code": str(self.game.code), "actions": list(self.actions),
                "seconds": self.seconds, "daily": self.daily, "id": self.id,
                "hints": self.hints, "score": self.game.score, "moves": self.game.moves}

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """Rebuild by replaying the actions on the checked path. Raises ValueError saying
        what is wrong (shape, a bad code, an action the rules refuse, a different result)."""
        d = game_shape(data)
        try:
            game = new_game(parse_code(d["code"]))
        except InvalidCode as e:
            raise ValueError(f"bad deal code: {e}") from None
        for i, text in enumerate(d["actions"]):
            try:
                if text == UNDO:
                    game.undo()
                elif text == REDO:
                    game.redo()
                else:
                    game.play(parse_move(text))
            except (IllegalMove, InvalidMove) as e:
                raise ValueError(f"action {i} ({text!r}) cannot be replayed: {e}") from None
        if (game.score, game.moves) != (d["score"], d["moves"]):
            raise ValueError(f"the actions replay to score {game.score} and {game.moves} moves, "
                             f"not the saved {d['score']} and {d['moves']}")
        return cls(game, list(d["actions"]), float(d["seconds"]), d["daily"], d["id"],
                   d["hints"])

