"""Reading JSON so that one bad value costs its part only (issue 14, item 9).

``json.loads`` gives up on the whole text for a number of more than 4 300 digits (Python's
limit on int conversion), for ``NaN``/``Infinity`` (not JSON) and for nesting deeper than
about 1 000. Here such a number or constant becomes an ``Unusable`` value, which no part's
check accepts; and when the nesting is too deep, the top-level object is split into its
members without recursion and each is read on its own, a member too deep becoming
``Unusable``. So a bad window position costs the window position only.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DIGITS = 4_000
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*+"|[{}\[\],:]')


class Unusable:
    """A value read from the file that no check accepts; says what it was."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return self.what


def _int(text: str) -> Any:
    if len(text.lstrip("-")) > MAX_DIGITS:
        return Unusable(f"a number of {len(text)} digits")
    return int(text)


def _constant(name: str) -> Any:
    return Unusable(f"{name} (not a number)")


def loads_line(text: str) -> Any:
    """``json.loads`` with unusable numbers and constants as ``Unusable``."""
    return json.loads(text, parse_int=_int, parse_constant=_constant)


def loads(text: str) -> Any:
    """Like ``loads_line``; a top-level object nested too deep somewhere is read member by
    member. Raises ValueError when the text is not JSON."""
    try:
        return loads_line(text)
    except RecursionError:
        return _by_member(text)


def _member(text: str) -> Any:
    try:
        return loads_line(text)
    except RecursionError:
        return Unusable("nesting too deep")
    except ValueError as e:
        return Unusable(f"not JSON ({e})")


def _by_member(text: str) -> dict[str, Any]:
    s = text.strip()
    if not s.startswith("{"):
        raise ValueError("nesting too deep and not an object")
    out: dict[str, Any] = {}
    depth = 0
    key: str | None = None
    start: int | None = None
    for m in _TOKEN.finditer(s):
        tok = m.group()
        c = tok[0]
        if c == '"':
            if depth == 1 and key is None and start is None:
                key = json.loads(tok)
        elif c in "{[":
            depth += 1
        elif c == ":":
            if depth == 1 and key is not None and start is None:
                start = m.end()
        elif c in ",}]":
            if depth == 1 and c != "]":
                if key is None or start is None:
                    if c == "}" and not out and key is None:  # {}
                        depth -= 1
                        break
                    raise ValueError("not JSON")
                out[key] = _member(s[start:m.start()])
                key = start = None
            if c != ",":
                depth -= 1
                if depth == 0:
                    if s[m.end():].strip():
                        raise ValueError("not JSON: text after the object")
                    return out
    raise ValueError("not JSON: the object does not end")
