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
    ``unknown-version``, ``bad-variant``, ``bad-char``, ``bad-length``, ``out-of-range``,
    ``too-long`` (the bridge: a paste too long to read);
    ``part`` is the text of the wrong part."""

    def __init__(self, message: str, reason: str = "no-code", part: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.part = part


SHOWN = 100  # the most characters of a bad value an error message quotes (issue 41)


def quoted(value: Any, limit: int = SHOWN) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters with an ellipsis (a bad
    value from the page may be megabytes). The cut is made before the whole repr is built
    for a long text or a container, so quoting costs little whatever the value."""
    if isinstance(value, str) and len(value) > limit:
        return repr(value[:limit])[:limit - 1] + "…"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 300:
        return "an integer of about %d digits" % int(value.bit_length() * 0.30103)
    if isinstance(value, (dict, list, tuple, set)) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value) if not isinstance(value, (dict, list, tuple, set)) \
            else _short_repr(value, limit)
    except (ValueError, RecursionError):
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _short_repr(value: Any, limit: int) -> str:
    """The repr of a container whose members are quoted short first (no megabyte repr)."""
    if isinstance(value, dict):
        inner = ", ".join(f"{quoted(k, limit)}: {quoted(v, limit)}" for k, v in value.items())
        return "{" + inner + "}"
    inner = ", ".join(quoted(v, limit) for v in value)
    shapes: dict[type, str] = {list: "[%s]", tuple: "(%s)", set: "{%s}"}
    return shapes.get(type(value), type(value).__name__ + "([%s])") % inner
