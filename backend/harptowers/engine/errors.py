"""The only errors the engine raises at a player (all are ValueError)."""

from __future__ import annotations

from typing import Any


class IllegalMove(ValueError):
    """A move the rules refuse. ``rule`` is the refusing rule id (``"<TAG>-05"``), ``params``
    what a reminder needs (APP-13). ``str()`` is the English of the command line."""

    def __init__(self, rule: str, **params: Any) -> None:
        self.rule = rule
        self.params = params
        from .messages import describe

        super().__init__(describe(rule, params))


class InvalidMove(ValueError):
    """A move that cannot even be read or applied to this position: malformed text, a pile
    the game lacks, an index outside the pile, a face-down or missing card."""


class InvalidCode(ValueError):
    """A deal code that cannot be read; the message names the wrong part, quoted with !r.

    ``reason`` (for translated messages): ``no-code``, ``needs-game``, ``unknown-game``,
    ``unknown-version``, ``bad-variant``, ``bad-char``, ``bad-length``, ``out-of-range``;
    ``part`` is the text of the wrong part."""

    def __init__(self, message: str, reason: str = "no-code", part: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.part = part
