"""English reminders for the command line only (APP-13: the app builds its own texts
from the rule id and params in the player's language)."""

from __future__ import annotations

from typing import Any

_TEXTS = {
    "EH-04": "{card} does not fit on {onto}: a column takes the opposite colour, one rank lower",
    "EH-05": "only one card moves at a time: take the run of {count} apart, top card first",
    "EH-06": "an empty column takes only a King (or a King-led run), and a King-led run goes "
             "only into an empty column",
    "EH-07": "only the top card of the waste plays",
    "EH-09": "{card} does not go on that foundation",
    "EH-11": "the stock and the waste only feed each other",
    "EH-14": "no foundation takes {card}",
    "EH-15": "{card} has nowhere to go",
    "EH-17": "a card taken back from a foundation goes onto a column",
    "EH-18": "{reason}",
    "SH-03": "only the top card of a column, or a run at the top of it, moves",
    "SH-04": "{card} does not fit on {onto}: same suit, one rank lower",
    "SH-05": "a cell holds one card",
    "SH-06": "{card} does not go on that foundation",
    "SH-07": "an empty column takes only a King, alone or with its run",
    "SH-08": "this run of {count} is too long: {limit} can move with {free_cells} free cells "
             "and {empty_columns} empty columns",
    "SH-11": "no foundation takes {card}",
    "SH-12": "{card} has nowhere to go",
    "SH-13": "a card taken back from a foundation goes onto a column or into a cell",
    "SH-14": "{reason}",
    "APP-14": "{reason}",
}
_REASONS = {"won": "the game is won: only undo is possible", "nothing-to-undo": "nothing to undo",
            "nothing-to-redo": "nothing to redo",
            "empty": "the stock and the waste are both empty"}


def describe(rule: str, params: dict[str, Any]) -> str:
    """One English line for a refusal: ``"EH-05: only one card moves at a time: …"``."""
    p = {k: _REASONS.get(v, v) if k == "reason" else v for k, v in params.items()}
    if rule in ("EH-11",) and params.get("reason") == "empty":
        return f"{rule}: {_REASONS['empty']}"
    try:
        text = _TEXTS.get(rule, "refused").format(**p)
    except (KeyError, IndexError):
        text = _TEXTS.get(rule, "refused")
    return f"{rule}: {text}"
