"""English reminders for the command line only (APP-13: the app builds its own texts
from the rule id and params in the player's language). Each game's lines are its own
(``Game.refusals``); the rule id's prefix is the game's tag."""

from __future__ import annotations

from typing import Any

from .registry import games

_SHARED = {"APP-14": "{reason}"}
_REASONS = {"won": "the game is won: only undo is possible", "nothing-to-undo": "nothing to undo",
            "nothing-to-redo": "nothing to redo",
            "empty": "the stock and the waste are both empty",
            "no-redeal": "the stock is empty and no redeal is left"}


def _text(rule: str) -> str:
    for g in games():
        if rule.startswith(g.tag + "-"):
            return g.refusals.get(rule, "refused")
    return _SHARED.get(rule, "refused")


def describe(rule: str, params: dict[str, Any]) -> str:
    """One English line for a refusal: ``"<TAG>-05: …"``; a
    tap on a stock that does nothing says why (its ``reason``)."""
    p = {k: _REASONS.get(v, v) if k == "reason" else v for k, v in params.items()}
    if params.get("reason") in ("empty", "no-redeal") and "{reason}" not in _text(rule):
        return f"{rule}: {_REASONS[params['reason']]}"
    try:
        text = _text(rule).format(**p)
    except (KeyError, IndexError):
        text = _text(rule)
    return f"{rule}: {text}"
