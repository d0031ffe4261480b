"""Deal codes (APP-07) and the deal of the day (APP-12).

A code is ``<GAME><VERSION>-<VARIANT>-<NUMBER>``: ``EH1-N-AAAAAAF`` is Easy Harp deal 5,
``SH1-C4-AAAAAJ2`` Seahaven Towers deal 314 with 4 cells. NUMBER is 7 characters of the
RFC 4648 base-32 alphabet, most significant first.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from datetime import date

from .errors import InvalidCode
from .registry import NAMES as GAMES
from .registry import TAGS, VARIANTS, game_class
from .shuffle import SplitMix64

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
MAX_DEAL = 999_999
VERSION = "1"

_DASHES = "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63"


def _plain_dashes(text: str) -> str:
    """Any dash as "-" (chat apps turn - into – or —); str.replace per dash, which is far
    quicker than str.translate on long texts."""
    for d in _DASHES:
        if d in text:
            text = text.replace(d, "-")
    return text


# Every quantifier is possessive and no two neighbouring parts can take the same character
# (a run of separators is one part; "a run holding a dash" is spaces, a dash, then anything),
# so no search ever backtracks into a run: the time is linear in the text's length whatever
# it holds (issue 14: runs of spaces and dashes took cubic time, digits quadratic). Each
# pattern starts with its first character class and looks behind afterwards, which lets the
# regex engine skip quickly to the places where a code can start.
_SEP = r"[\s\-]*+"
# Any two-letter tag: the registry says which are games (a game added later reads the same).
_CODE = re.compile(
    rf"([A-Z])(?<![A-Z0-9][A-Z]){_SEP}([A-Z]){_SEP}(1){_SEP}([A-Z](?:{_SEP}[0-9])?+){_SEP}"
    rf"((?:[A-Z0-9]{_SEP}){{6}}[A-Z0-9])(?![A-Z0-9])"
)
# Looser shape used only to say which part of a near-code is wrong.
_LOOSE = re.compile(rf"([A-Z]{{2}})(?<![A-Z0-9][A-Z][A-Z]){_SEP}(\d++){_SEP}([A-Z][A-Z0-9]?+)"
                    rf"\s*+-{_SEP}([A-Z0-9]++)")
_BARE = re.compile(r"\s*+#?\s*+(\d++(?:\s++\d++)*+)\s*+")
_SHOWN = 40  # at most this many characters of the player's text go into a message


def _short(text: str) -> str:
    """``text`` cut to ``_SHOWN`` characters for a message (a paste may be megabytes)."""
    return text if len(text) <= _SHOWN else text[:_SHOWN - 3] + "…"


@dataclass(frozen=True, slots=True)
class DealCode:
    """A deal: game (a registered name, ``Game.name``), one of its variants
    (``"N"``, ``"C4"`` …) and deal number (1 … 999 999)."""

    game: str
    variant: str
    number: int

    def __post_init__(self) -> None:
        if self.game not in VARIANTS:
            raise InvalidCode(f"unknown game {self.game!r} ({' or '.join(VARIANTS)})",
                              "unknown-game", self.game)
        if self.variant not in VARIANTS[self.game]:
            allowed = ", ".join(VARIANTS[self.game])
            raise InvalidCode(f"variant {self.variant!r} is not one of {allowed} for {self.game}",
                              "bad-variant", self.variant)
        if not 1 <= self.number <= MAX_DEAL:
            raise InvalidCode(f"deal number {self.number!r} is outside 1 … {MAX_DEAL}",
                              "out-of-range", str(self.number))

    def __str__(self) -> str:
        return format_code(self.game, self.variant, self.number)


def encode_number(number: int) -> str:
    """Deal number → 7 base-32 characters (``5`` → ``"AAAAAAF"``)."""
    chars = []
    for _ in range(7):
        number, r = divmod(number, 32)
        chars.append(ALPHABET[r])
    return "".join(reversed(chars))


def format_code(game: str, variant: str, number: int) -> str:
    """The canonical code, e.g. ``format_code(name, "N", 5)`` → ``"<TAG>1-N-AAAAAAF"``."""
    DealCode(game, variant, number)  # validates
    return f"{TAGS[game]}{VERSION}-{variant}-{encode_number(number)}"


def _decode_number(text: str) -> int:
    bad = [c for c in text if c not in ALPHABET]
    if bad:
        raise InvalidCode(
            f"{bad[0]!r} in the deal number {text!r} is not in the code alphabet (A–Z, 2–7)",
            "bad-char", bad[0])
    n = 0
    for c in text:
        n = n * 32 + ALPHABET.index(c)
    if not 1 <= n <= MAX_DEAL:
        raise InvalidCode(f"deal number {text!r} is {n}, outside 1 … {MAX_DEAL}", "out-of-range", text)
    return n


def parse_code(text: str, game: str | None = None, variant: str | None = None) -> DealCode:
    """Read a deal code from any text: a chat message, a paste, the command line (APP-07).

    Case, spaces, newlines and dashes do not matter. A bare deal number means that number in
    ``game``/``variant`` (the game being played). Raises InvalidCode naming the wrong part.
    """
    if not isinstance(text, str):
        raise InvalidCode(f"a deal code must be text, not {type(text).__name__}")
    # full-width letters and digits as plain ones; any dash (chat apps turn - into – or —)
    upper = _plain_dashes(unicodedata.normalize("NFKC", text)).upper()
    m = next((m for m in _CODE.finditer(upper) if m.group(1) + m.group(2) in GAMES), None)
    if m:
        t1, t2, _version, var, num = (re.sub(r"[\s\-]", "", g) for g in m.groups())
        g = GAMES[t1 + t2]
        if var not in VARIANTS[g]:
            allowed = ", ".join(VARIANTS[g])
            raise InvalidCode(f"variant {var!r} is not one of {allowed} for {g}", "bad-variant", var)
        return DealCode(g, var, _decode_number(num))
    bare = _BARE.fullmatch(upper)
    if bare:
        digits = _short(re.sub(r"\s", "", bare.group(1)))
        if game is None:
            raise InvalidCode(f"the bare deal number {digits!r} needs a game ({' or '.join(GAMES)})",
                              "needs-game", digits)
        # no int() of a long digit string (Python refuses over 4 300 digits, and it is slow)
        significant = re.sub(r"\s", "", bare.group(1)).lstrip("0")
        n = int(significant or "0") if len(significant) <= len(str(MAX_DEAL)) else MAX_DEAL + 1
        if not 1 <= n <= MAX_DEAL:
            raise InvalidCode(f"deal number {digits!r} is outside 1 … {MAX_DEAL}",
                              "out-of-range", digits)
        return DealCode(game, variant or VARIANTS[game][0], n)
    loose = _LOOSE.search(upper)
    if loose:
        tag, version, var, num = loose.groups()
        near = _short(loose.group(0))
        if tag not in GAMES:
            raise InvalidCode(f"unknown game {tag!r} in {near!r} ({' or '.join(GAMES)})",
                              "unknown-game", tag)
        if version != VERSION:
            raise InvalidCode(f"unknown code version {_short(version)!r} in {near!r} (1)",
                              "unknown-version", _short(version))
        g = GAMES[tag]
        if var not in VARIANTS[g]:
            allowed = ", ".join(VARIANTS[g])
            raise InvalidCode(f"variant {var!r} is not one of {allowed} for {g}", "bad-variant", var)
        if len(num) != 7:
            raise InvalidCode(f"the deal number {_short(num)!r} must have 7 characters, "
                              f"not {len(num)}", "bad-length", _short(num))
        _decode_number(num)
    snippet = _short(text.strip())
    raise InvalidCode(f"no deal code found in {snippet!r} (a code looks like EH1-N-AAAAAAF)",
                      "no-code", snippet)


# Deal of the day (APP-12): a formula on the date alone, one stream per game and variant.
def daily_number(game: str, variant: str, day: date) -> int:
    """The formula deal number for a calendar date: first SplitMix64 output seeded with
    ``day.toordinal() << 8 | stream``, mod 999 999, + 1; each game class numbers the streams
    of its variants (``daily_streams``: 1 EH, 2 SH C4, 3 SH C2, 4 SH C1)."""
    tag = game_class(game).daily_streams[variant]
    return SplitMix64(day.toordinal() << 8 | tag).next() % MAX_DEAL + 1


def deal_of_the_day(game: str, variant: str, day: date) -> DealCode:
    """The deal of the day for a local calendar date (APP-12, EH-19).

    The date is the player's local date, found by the caller; this step maps it to a deal:
    the published, append-only mapping ``data/daily/<game>-<variant>.v1.txt`` when it lists
    the date (a proven-winnable deal, picked by tools/daily_mapping.py from the formula),
    else the formula ``daily_number`` itself (docs/deals.md §6).
    """
    from .published import daily_mapping

    number = daily_mapping(game, variant).get(day)
    if number is None:
        number = daily_number(game, variant, day)
    return DealCode(game, variant, number)
