"""English reminders for the command line only (APP-13: the app builds its own texts
from the rule id and params in the player's language). Each game's lines are its own
(``Game.refusals``, gathered here as each game class is made)."""

from __future__ import annotations

from typing import Any

TEXTS = {"APP-14": "{reason}"}   # rule id → text; each game adds its own (Game.__init_subclass__)
_REASONS = {"won": "the game is won: only undo is possible", "nothing-to-undo": "nothing to undo",
            "nothing-to-redo": "nothing to redo",
            "empty": "the stock and the waste are both empty",
            "no-redeal": "the stock is empty and no redeal is left"}


def _text(rule: str) -> str:
    return TEXTS.get(rule, "refused")


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
